//! The search's hook into endgame tables: a covered position's exact value as a
//! search score.

use bushka_rules::{Bits, Board, Move, Position};
use bushka_tablebase::Tablebases;

use crate::score::table_score;

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
