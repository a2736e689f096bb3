//! Learned evaluations for any variant (`bushka train`): self-play games from random
//! openings between shallow searches ([`selfplay`]), their quiet positions labelled
//! with the games' results, and a logistic fit of the engine's generic features
//! ([`bushka_engine::Features`]) to those results ([`fit`], Texel tuning). The result
//! is a weights file ([`EvalWeights`]) that a variant file names as
//! `[evaluation] weights`.
//!
//! Everything is reproducible from the options: game `k` is seeded from the seed and
//! `k` alone, and games are gathered in their order whatever the threads.

#![forbid(unsafe_code)]

pub mod fit;
pub mod selfplay;

use std::sync::Arc;

use bushka_engine::{Features, Searcher};
use bushka_geometry::{EvalWeights, FeatureLayout, Geometry, Trained};
use bushka_rules::{AnyBoard, Bits, Board, with_board};
use rayon::prelude::*;

use crate::fit::FitOptions;
use crate::selfplay::{Samples, Score, play_game};

/// How a training runs.
#[derive(Debug, Clone, PartialEq)]
pub struct TrainOptions {
    /// Self-play games.
    pub games: u32,
    /// Nodes each search of the self-play may visit.
    pub nodes: u64,
    /// Random moves that open each game (both sides).
    pub random_plies: u32,
    /// A game still going after this many plies counts as drawn.
    pub max_plies: u32,
    /// Seed of the random openings.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
    /// Passes of the fit over the positions.
    pub epochs: u32,
    /// L2 penalties per weight to try: the fit runs once with each and keeps the
    /// weights whose held-out loss is lowest (the first on a tie, or when nothing is
    /// held out).
    pub l2: Vec<f64>,
    /// Transposition table of each self-play search, in MiB.
    pub hash_mib: usize,
    /// How much a position's target is its game's result (the rest is the search's
    /// score of it): 1 fits results alone.
    pub lambda: f64,
    /// Whether the self-play engine scores positions with the variant's learned
    /// evaluation (an earlier training's, [`Geometry::weights`]) rather than the
    /// hand-written one: a second round of training, its games and the search's scores
    /// of them from the stronger player.
    pub learned_player: bool,
}

/// The L2 penalty a training uses unless told otherwise.
pub const DEFAULT_L2: f64 = 1e-6;

/// Most L2 penalties one training tries (each is a whole fit).
pub const MAX_PENALTIES: usize = 16;

impl Default for TrainOptions {
    fn default() -> TrainOptions {
        TrainOptions {
            games: 2000,
            nodes: 3000,
            random_plies: 6,
            max_plies: 300,
            seed: 1,
            threads: 1,
            epochs: 300,
            l2: vec![DEFAULT_L2],
            hash_mib: 8,
            lambda: 0.3,
            learned_player: false,
        }
    }
}

/// What the training reports as it goes.
pub struct Progress<'a> {
    /// After each game.
    pub game: &'a (dyn Fn() + Sync),
    /// After each pass of the fit, with the passes done (of `epochs` for each
    /// penalty, every penalty's fit counted).
    pub epoch: &'a (dyn Fn(u32) + Sync),
}

/// A training's result.
#[derive(Debug, Clone)]
pub struct Report {
    /// The weights, ready to write.
    pub weights: EvalWeights,
    /// The board's feature layout.
    pub layout: FeatureLayout,
    /// Games White won, drawn, Black won.
    pub results: [u32; 3],
    /// Positions fitted (and held out).
    pub positions: (usize, usize),
    /// Mean cross-entropy on the fitted positions.
    pub train_loss: f64,
    /// Mean cross-entropy on the held-out positions (every tenth game's).
    pub held_loss: f64,
    /// The held-out loss of the best constant guess (the mean target), for scale.
    pub constant_loss: f64,
    /// Each L2 penalty tried, with its fit's held-out loss, in the order given.
    pub penalties: Vec<(f64, f64)>,
    /// The penalty whose weights were kept.
    pub l2: f64,
}

/// A training that cannot run.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TrainError {
    /// The options ask for nothing.
    #[error("`{0}` must be at least 1")]
    Zero(&'static str),
    /// A result weight outside 0 to 1.
    #[error("`--lambda {0}`: the weight of the games' results must be between 0 and 1")]
    Lambda(f64),
    /// An L2 penalty that is negative, not a number, or above 1.
    #[error("`--l2 {0}`: an L2 penalty must be a number from 0 to 1")]
    L2(f64),
    /// No L2 penalty, or more than a training tries.
    #[error("`--l2`: give from 1 to {MAX_PENALTIES} penalties, not {0}")]
    Penalties(usize),
    /// The self-play gave too few positions.
    #[error(
        "the self-play gave {0} quiet positions, too few to fit (play more games, or fewer random opening plies)"
    )]
    TooFew(usize),
    /// The self-play should use a learned evaluation the variant does not have.
    #[error("the self-play is to use the variant's learned evaluation, and it names none")]
    NoLearnedPlayer,
    /// The thread pool could not start.
    #[error("cannot start {threads} worker threads: {why}")]
    Threads {
        /// Threads asked for.
        threads: usize,
        /// Why.
        why: String,
    },
}

/// Fewest positions a fit needs.
const MIN_POSITIONS: usize = 100;

/// Trains a learned evaluation for `geometry`; `command` is recorded in the file.
pub fn train(
    geometry: &Geometry,
    options: &TrainOptions,
    command: &str,
    progress: &Progress,
) -> Result<Report, TrainError> {
    for (value, name) in [
        (u64::from(options.games), "--games"),
        (options.nodes, "--nodes"),
        (u64::from(options.epochs), "--epochs"),
        (options.threads as u64, "--threads"),
    ] {
        if value == 0 {
            return Err(TrainError::Zero(name));
        }
    }
    if !(0.0..=1.0).contains(&options.lambda) {
        return Err(TrainError::Lambda(options.lambda));
    }
    if options.l2.is_empty() || options.l2.len() > MAX_PENALTIES {
        return Err(TrainError::Penalties(options.l2.len()));
    }
    if let Some(&bad) = options.l2.iter().find(|l2| !(0.0..=1.0).contains(*l2)) {
        return Err(TrainError::L2(bad));
    }
    if options.learned_player && geometry.weights().is_none() {
        return Err(TrainError::NoLearnedPlayer);
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .build()
        .map_err(|e| TrainError::Threads {
            threads: options.threads,
            why: e.to_string(),
        })?;
    let any = AnyBoard::new(geometry.clone());
    pool.install(|| with_board!(&any, b => train_on(b, options, command, progress)))
}

fn train_on<B: Bits>(
    board: &Arc<Board<B>>,
    options: &TrainOptions,
    command: &str,
    progress: &Progress,
) -> Result<Report, TrainError> {
    let features = Features::new(board);
    let layout = features.layout().clone();
    // Each game has a searcher of its own (a fresh table, killers and history), so
    // that it plays the same whichever thread plays it after whichever game.
    let games: Vec<(Samples, Score)> = (0..options.games)
        .into_par_iter()
        .map(|number| {
            let mut searcher = Searcher::new(Arc::clone(board), options.hash_mib);
            // The hand-written evaluation plays unless a learned one is asked for: a
            // training does not depend on the weights the variant names already.
            if !options.learned_player {
                searcher.use_classic_evaluation();
            }
            let played = play_game(board, &features, &mut searcher, options, number);
            (progress.game)();
            played
        })
        .collect();
    let mut results = [0; 3];
    let mut samples = Samples::default();
    for (game, score) in games {
        results[match score {
            Score::White => 0,
            Score::Draw => 1,
            Score::Black => 2,
        }] += 1;
        samples.extend(game);
    }
    if samples.len() < MIN_POSITIONS {
        return Err(TrainError::TooFew(samples.len()));
    }
    let (held, fitted): (Vec<usize>, Vec<usize>) =
        (0..samples.len()).partition(|&i| samples.game[i] % 10 == 9);
    let mut start = vec![0.0; layout.len()];
    start[layout.offset("material")] = 1.0;
    let mut penalties = Vec::with_capacity(options.l2.len());
    let mut best: Option<(f64, fit::Fit)> = None;
    for (round, &l2) in (0u32..).zip(&options.l2) {
        let done = round * options.epochs;
        let fit = fit::fit(
            &samples,
            &fitted,
            &held,
            start.clone(),
            FitOptions {
                epochs: options.epochs,
                rate: 0.02,
                l2,
            },
            &|epoch| (progress.epoch)(done + epoch),
        );
        penalties.push((l2, fit.held_loss));
        if best
            .as_ref()
            .is_none_or(|(_, kept)| fit.held_loss < kept.held_loss)
        {
            best = Some((l2, fit));
        }
    }
    let Some((l2, fit)) = best else {
        return Err(TrainError::Penalties(0));
    };
    let mean = fitted
        .iter()
        .map(|&i| f64::from(samples.target[i]))
        .sum::<f64>()
        / fitted.len().max(1) as f64;
    let constant = mean.clamp(1e-6, 1.0 - 1e-6);
    let constant_loss = held
        .iter()
        .map(|&i| {
            let y = f64::from(samples.target[i]);
            -(y * constant.ln() + (1.0 - y) * (1.0 - constant).ln())
        })
        .sum::<f64>()
        / held.len().max(1) as f64;
    let man = fit.weights[layout.offset("material")];
    let scale = f64::from(board.geometry().values().man) / man.abs().max(0.05);
    let weights = EvalWeights {
        trained: Trained {
            variant: board.geometry().meta().id.clone(),
            command: command.to_string(),
            seed: options.seed,
            games: u64::from(options.games),
            positions: fitted.len() as u64,
            loss: fit.held_loss,
        },
        scale,
        weights: fit.weights,
        origin: String::new(),
    };
    Ok(Report {
        weights,
        layout,
        results,
        positions: (fitted.len(), held.len()),
        train_loss: fit.train_loss,
        held_loss: fit.held_loss,
        constant_loss,
        penalties,
        l2,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A second round asks for the variant's learned evaluation: a variant without one
    /// is refused before any game is played.
    #[test]
    fn a_learned_player_needs_a_learned_evaluation() {
        let text = include_str!("../../../tests/data/draughts-6x6.toml");
        let geometry = bushka_geometry::load_str(text, "draughts-6x6.toml").expect("loads");
        assert!(geometry.weights().is_none());
        let options = TrainOptions {
            learned_player: true,
            ..TrainOptions::default()
        };
        let progress = Progress {
            game: &|| panic!("no game is played"),
            epoch: &|_| panic!("no fit runs"),
        };
        let refused = train(&geometry, &options, "", &progress).expect_err("refused");
        assert_eq!(refused, TrainError::NoLearnedPlayer);
    }

    /// No penalty, too many, or one outside 0 to 1: refused before any game.
    #[test]
    fn bad_penalties_are_refused_before_any_game() {
        let text = include_str!("../../../tests/data/draughts-6x6.toml");
        let geometry = bushka_geometry::load_str(text, "draughts-6x6.toml").expect("loads");
        let progress = Progress {
            game: &|| panic!("no game is played"),
            epoch: &|_| panic!("no fit runs"),
        };
        for (l2, expected) in [
            (vec![], TrainError::Penalties(0)),
            (vec![0.0; MAX_PENALTIES + 1], TrainError::Penalties(17)),
            (vec![1e-6, -1e-3], TrainError::L2(-1e-3)),
            (vec![1.5], TrainError::L2(1.5)),
        ] {
            let options = TrainOptions {
                l2,
                ..TrainOptions::default()
            };
            let refused = train(&geometry, &options, "", &progress).expect_err("refused");
            assert_eq!(refused, expected);
        }
    }
}
