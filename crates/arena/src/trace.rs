//! Per-ply measurements of one self-play game, the raw material of the metrics.
//!
//! A [`GameTrace`] holds, for every position a move was played from, the number of
//! legal moves, the pieces on the board and the engine's static evaluation from
//! White's view, plus what the clarity metrics need from the evaluations of every
//! legal move there. It serialises to JSON without loss (shards of a comparison are
//! written as traces and merged later).

use std::collections::HashSet;

use bushka_engine::{Evaluator, WEIGHTS, Weights};
use bushka_geometry::Colour;
use bushka_rules::{Bits, Board, Game, Position};
use serde::{Deserialize, Serialize};

use crate::play::GameStats;

/// One game's measurements, ply by ply.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameTrace {
    /// Result, length, captures... (what matches measure too).
    pub stats: GameStats,
    /// Legal moves in each position a move was played from (one entry per ply).
    pub branching: Vec<u32>,
    /// Pieces on the board, both sides, in each position a move was played from.
    pub pieces: Vec<u32>,
    /// The static evaluation of each position a move was played from, from White's
    /// view, squashed into -1..1 by [`normalise`].
    pub evaluation: Vec<f64>,
    /// Per ply, the share of legal moves whose evaluation is above the mean plus
    /// three quarters of the way to the best ([`narrowness`]); averaged over the plies.
    pub clarity_narrowness: f64,
    /// Per ply, the variance of the legal moves' evaluations; averaged over the plies.
    pub clarity_variance: f64,
    /// Cells occupied by some piece at some point of the game (its end included).
    pub cells_visited: usize,
    /// Distinct positions (placement and side to move) among the start and the
    /// position after each ply.
    pub distinct_positions: usize,
}

/// The evaluation weights of the state-evaluation metrics: the engine's, less the
/// tempo bonus (it flips sign every ply and would make an even position look like a
/// lead change at every move).
const NEUTRAL: Weights = Weights {
    tempo: 0,
    ..WEIGHTS
};

/// Squashes an evaluation in centi-men into -1..1: `tanh(eval / (2 man))`, so a man
/// up reads about 0.46, two men 0.76, four men 0.96.
pub fn normalise(eval: i32, man_value: i32) -> f64 {
    (f64::from(eval) / (2.0 * f64::from(man_value.max(1)))).tanh()
}

/// Share of `values` strictly above `mean + 0.75 (max - mean)` (Ludii's clarity
/// narrowness of one turn); 0 for no values.
pub fn narrowness(values: &[f64]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let max = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let threshold = mean + 0.75 * (max - mean);
    values.iter().filter(|&&v| v > threshold).count() as f64 / n
}

/// Population variance of `values` (0 for none).
pub fn variance(values: &[f64]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    values.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / n
}

/// Static evaluation and its scale, compiled once per board.
pub(crate) struct StateEvaluator<B: Bits> {
    evaluator: Evaluator<B>,
    man: i32,
}

impl<B: Bits> StateEvaluator<B> {
    pub(crate) fn new(board: &Board<B>) -> StateEvaluator<B> {
        let evaluator = Evaluator::with_weights(board, NEUTRAL);
        let man = evaluator.man_value();
        StateEvaluator { evaluator, man }
    }

    /// The normalised evaluation of `pos` from `view`'s side.
    fn value(&self, board: &Board<B>, pos: &Position<B>, view: Colour) -> f64 {
        let own = self.evaluator.evaluate(board, pos);
        let signed = if pos.side() == view { own } else { -own };
        normalise(signed, self.man)
    }
}

impl GameTrace {
    /// Measures a played game ply by ply.
    pub(crate) fn measure<B: Bits>(
        stats: GameStats,
        game: &Game<B>,
        eval: &StateEvaluator<B>,
    ) -> GameTrace {
        let board = game.board();
        let plies = game.moves().len();
        let before = &game.positions()[..plies];
        let mut trace = GameTrace {
            stats,
            branching: Vec::with_capacity(plies),
            pieces: Vec::with_capacity(plies),
            evaluation: Vec::with_capacity(plies),
            clarity_narrowness: 0.0,
            clarity_variance: 0.0,
            cells_visited: 0,
            distinct_positions: 0,
        };
        let mut move_values = Vec::new();
        let (mut narrow_sum, mut variance_sum) = (0.0, 0.0);
        for pos in before {
            let legal = board.moves(pos);
            trace.branching.push(legal.len() as u32);
            trace.pieces.push(pos.occupied().count());
            trace.evaluation.push(eval.value(board, pos, Colour::White));
            move_values.clear();
            move_values.extend(
                legal
                    .iter()
                    .map(|mv| eval.value(board, &pos.play(board, mv), pos.side())),
            );
            narrow_sum += narrowness(&move_values);
            variance_sum += variance(&move_values);
        }
        if plies > 0 {
            trace.clarity_narrowness = narrow_sum / plies as f64;
            trace.clarity_variance = variance_sum / plies as f64;
        }
        let mut visited = B::EMPTY;
        for pos in game.positions() {
            visited |= pos.occupied();
        }
        trace.cells_visited = visited.count() as usize;
        let distinct: HashSet<u64> = game.positions().iter().map(Position::hash).collect();
        trace.distinct_positions = distinct.len();
        trace
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn narrowness_counts_moves_near_the_best() {
        // mean 0.25, max 1: threshold 0.8125; only the 1 is above it.
        assert_eq!(narrowness(&[0.0, 0.0, 0.0, 1.0]), 0.25);
        // All equal: nothing is strictly above the best.
        assert_eq!(narrowness(&[0.5, 0.5]), 0.0);
        assert_eq!(narrowness(&[]), 0.0);
    }

    #[test]
    fn variance_is_the_population_variance() {
        assert_eq!(variance(&[1.0, -1.0]), 1.0);
        assert_eq!(variance(&[0.3]), 0.0);
    }

    #[test]
    fn normalise_is_odd_and_bounded() {
        assert_eq!(normalise(0, 100), 0.0);
        assert_eq!(normalise(200, 100), -normalise(-200, 100));
        assert!((normalise(200, 100) - 1.0_f64.tanh()).abs() < 1e-15);
        assert!(normalise(i32::MAX, 100) <= 1.0);
    }
}
