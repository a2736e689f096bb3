//! Self-play: games from random openings between two shallow searches (with the
//! hand-written evaluation, or an earlier training's learned one), and the quiet positions they pass through, each with its
//! features and its target: the game's result blended with the search's own score of
//! the position.

use std::sync::Arc;

use bushka_engine::{Features, Limits, MATE_BOUND, Searcher};
use bushka_geometry::Colour;
use bushka_rules::{Bits, Board, Game, Outcome, Position};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::TrainOptions;

/// The positions of games, their features stored one after another.
#[derive(Debug, Default, Clone)]
pub struct Samples {
    /// Feature indices of every position, in order.
    pub index: Vec<u32>,
    /// Their values.
    pub value: Vec<f32>,
    /// Where each position's features end in `index` and `value`.
    pub end: Vec<usize>,
    /// Each position's target, White's expected score: `lambda` times the game's
    /// result (1 won, 0.5 drawn, 0 lost) plus `1 - lambda` times the search's score
    /// as a probability (one man a logit).
    pub target: Vec<f32>,
    /// The game each position comes from.
    pub game: Vec<u32>,
}

impl Samples {
    /// Number of positions.
    pub fn len(&self) -> usize {
        self.end.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.end.is_empty()
    }

    /// The features of position `i`.
    pub fn features(&self, i: usize) -> (&[u32], &[f32]) {
        let start = if i == 0 { 0 } else { self.end[i - 1] };
        let end = self.end[i];
        (&self.index[start..end], &self.value[start..end])
    }

    /// Appends `other`'s positions.
    pub fn extend(&mut self, other: Samples) {
        let base = self.index.len();
        self.index.extend(other.index);
        self.value.extend(other.value);
        self.end.extend(other.end.into_iter().map(|e| e + base));
        self.target.extend(other.target);
        self.game.extend(other.game);
    }
}

/// How one game ended, from White's view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// White won.
    White,
    /// Drawn (by the rules, or at the ply cap).
    Draw,
    /// Black won.
    Black,
}

impl Score {
    fn of(outcome: Option<Outcome>) -> Score {
        match outcome.and_then(|o| o.winner()) {
            Some(Colour::White) => Score::White,
            Some(Colour::Black) => Score::Black,
            None => Score::Draw,
        }
    }

    fn value(self) -> f64 {
        match self {
            Score::White => 1.0,
            Score::Draw => 0.5,
            Score::Black => 0.0,
        }
    }
}

/// Plays game `number` of the self-play (its seed drawn from the options' seed and the
/// number) and returns its quiet positions and how it ended.
pub fn play_game<B: Bits>(
    board: &Arc<Board<B>>,
    features: &Features<B>,
    searcher: &mut Searcher<B>,
    options: &TrainOptions,
    number: u32,
) -> (Samples, Score) {
    let mut rng = ChaCha8Rng::seed_from_u64(
        options.seed ^ u64::from(number).wrapping_mul(0x9E37_79B9_7F4A_7C15),
    );
    let mut samples = Samples::default();
    let Ok(mut game) = Game::new(Arc::clone(board)) else {
        return (samples, Score::Draw);
    };
    let limits = Limits::nodes(options.nodes);
    let man = f64::from(board.geometry().values().man);
    let mut positions = Vec::new();
    let mut ply = 0;
    while game.outcome().is_none() && ply < options.max_plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let quiet = !moves[0].kind.is_capture();
        let mv = if ply < options.random_plies {
            moves[rng.random_range(0..moves.len())]
        } else {
            let searched = searcher.search_game(&game, &limits, |_| {});
            if let (true, Some(it)) = (quiet, &searched.last) {
                let white = if game.position().side() == Colour::White {
                    it.score
                } else {
                    -it.score
                };
                let logit = if white.abs() >= MATE_BOUND {
                    f64::from(white.signum()) * MAX_LOGIT
                } else {
                    (f64::from(white) / man).clamp(-MAX_LOGIT, MAX_LOGIT)
                };
                positions.push((*game.position(), 1.0 / (1.0 + (-logit).exp())));
            }
            match searched.best {
                Some(mv) => mv,
                None => break,
            }
        };
        if game.play(&mv).is_err() {
            break;
        }
        ply += 1;
    }
    let score = Score::of(game.outcome());
    record(
        board,
        features,
        &positions,
        (score, options.lambda),
        number,
        &mut samples,
    );
    (samples, score)
}

/// The search's score as a logit is held within this many men either way (a mate
/// counts as this many).
const MAX_LOGIT: f64 = 8.0;

/// Adds the features of `positions` (each with the search's expected score) with
/// their targets: the game's result `score` weighed `lambda`, the search's the rest.
fn record<B: Bits>(
    board: &Board<B>,
    features: &Features<B>,
    positions: &[(Position<B>, f64)],
    (score, lambda): (Score, f64),
    number: u32,
    samples: &mut Samples,
) {
    let mut listed = Vec::new();
    for (pos, searched) in positions {
        features.features(board, pos, &mut listed);
        for &(i, v) in &listed {
            samples.index.push(i);
            samples.value.push(v as f32);
        }
        samples.end.push(samples.index.len());
        let target = lambda * score.value() + (1.0 - lambda) * searched;
        samples.target.push(target as f32);
        samples.game.push(number);
    }
}
