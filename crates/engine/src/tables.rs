//! The search's hook into endgame tables: a covered position's exact value as a
//! search score.

use bushka_rules::{Bits, Board, Move, Position};
use bushka_tablebase::{Tablebases, Value};

use crate::search::MATE;

/// The search score of a table value found `ply` plies below the root: a win in `n`
/// plies scores like a found mate `ply + n` plies from the root.
pub fn table_score(value: Value, ply: usize) -> i32 {
    match value {
        Value::Win(n) => MATE - ply as i32 - i32::from(n),
        Value::Loss(n) => -MATE + ply as i32 + i32::from(n),
        Value::Draw => 0,
    }
}

/// The exact score of `pos` when `tables` cover it.
#[inline]
pub(crate) fn probe<B: Bits>(
    tables: Option<&Tablebases>,
    board: &Board<B>,
    pos: &Position<B>,
    ply: usize,
) -> Option<i32> {
    let value = tables?.probe(board, pos)?;
    Some(table_score(value, ply))
}

/// Whether `tables` score every position `moves` lead to from `pos`.
pub(crate) fn covers_children<B: Bits>(
    tables: Option<&Tablebases>,
    board: &Board<B>,
    pos: &Position<B>,
    moves: &[Move<B>],
) -> bool {
    tables.is_some_and(|t| {
        moves
            .iter()
            .all(|mv| t.probe(board, &pos.play(board, mv)).is_some())
    })
}
