//! Search scores: centi-men from the side to move's view, mate scores beyond
//! [`MATE_BOUND`], endgame-table values as scores, and scores in words.

use bushka_rules::{Bits, Board, Position};
use bushka_tablebase::Value;

/// Score of a win (minus the plies to reach it).
pub const MATE: i32 = 1_000_000;
/// Scores beyond this are mate scores.
pub const MATE_BOUND: i32 = MATE - 10_000;

/// Largest static score (4000 men), far below the search's mate scores, so that no
/// material count (a thousand kings of the largest value a variant file allows) can
/// read as a forced win.
pub const MAX_EVAL: i32 = 400_000;
// Static scores stay far below mate scores.
const _: () = assert!(MAX_EVAL < MATE_BOUND / 2);

/// The search score of a table value found `ply` plies below the root: a win in `n`
/// plies scores like a found mate `ply + n` plies from the root.
pub fn table_score(value: Value, ply: usize) -> i32 {
    match value {
        Value::Win(n) => MATE - ply as i32 - i32::from(n),
        Value::Loss(n) => -MATE + ply as i32 + i32::from(n),
        Value::Draw => 0,
    }
}

/// The score of `pos`, which has no legal move, `ply` plies below the root, by the
/// variant's goal. A win without a move (the reversed goal, or a set-up position whose
/// side to move already crowned the first king) counts one ply, the turn it cannot
/// play, as the tables count it.
pub(crate) fn terminal_score<B: Bits>(board: &Board<B>, pos: &Position<B>, ply: usize) -> i32 {
    if board.out_of_moves(pos).winner() == Some(pos.side()) {
        MATE - ply as i32 - 1
    } else {
        -MATE + ply as i32
    }
}

/// Describes a score for people: `+1.25` (men) or `mate 7` / `mated 4` (plies).
pub fn score_text(score: i32) -> String {
    if score > MATE_BOUND {
        format!("win in {}", MATE - score)
    } else if score < -MATE_BOUND {
        format!("loss in {}", MATE + score)
    } else {
        format!("{:+.2}", score as f64 / 100.0)
    }
}
