//! Search scores: centi-men from the side to move's view, mate scores beyond
//! [`MATE_BOUND`], endgame-table values as scores, and scores in words.

use bushka_tablebase::Value;

/// Score of a win (minus the plies to reach it).
pub const MATE: i32 = 1_000_000;
/// Scores beyond this are mate scores.
pub const MATE_BOUND: i32 = MATE - 10_000;
// Static scores stay far below mate scores.
const _: () = assert!(crate::eval::MAX_EVAL < MATE_BOUND / 2);

/// The search score of a table value found `ply` plies below the root: a win in `n`
/// plies scores like a found mate `ply + n` plies from the root.
pub fn table_score(value: Value, ply: usize) -> i32 {
    match value {
        Value::Win(n) => MATE - ply as i32 - i32::from(n),
        Value::Loss(n) => -MATE + ply as i32 + i32::from(n),
        Value::Draw => 0,
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
