//! Matches between players and self-play statistics that compare Bushka variants.
//!
//! - [`run_match`] plays N games between two player specs on one board, alternating
//!   colours, on all cores (`rayon`), and returns a [`MatchReport`]: the first spec's
//!   score with a 95% interval and Elo difference, and the games by how they ended;
//!   under a [`Sprt`] it stops as soon as its pairs of games decide the test; the
//!   games an interrupted run kept ([`SavedGame`]) are read back, not played again.
//! - [`compare`] plays N self-play games per variant and returns one [`VariantReport`]
//!   each (game length, decisiveness, White's score, captures, promotions...);
//!   [`table`] prints them side by side (the `bushka-charts` crate draws them).
//!   Each report carries Ludii-style [`metrics`] with 95% intervals and per-ply
//!   [`series`]; [`Expectations`] check them against ranges a designer states.
//! - [`play_variants`] plays one [`Shard`] of a comparison; [`ShardFile`] holds its raw
//!   games and [`merge`] turns the shards back into the reports of the whole run.
//!
//! Everything is reproducible for a seed whatever the number of threads: each game's
//! seeds (its random opening and its players' seeds) are derived from the seed and
//! the game's index only, and results are gathered in index order. Players whose
//! moves depend on the clock (`engine:movetime=...`, the engine's default) are the
//! one exception.
//!
//! ```
//! use bushka_arena::{CompareConfig, compare};
//! use bushka_rules::AnyBoard;
//! let board = AnyBoard::new(bushka_geometry::builtin("bushka").unwrap().unwrap());
//! let config = CompareConfig {
//!     games: 4,
//!     player: "random".parse().unwrap(),
//!     max_plies: 60,
//!     ..CompareConfig::default()
//! };
//! let reports = compare(&[board], &config).unwrap();
//! assert_eq!(reports[0].branching_start, 24);
//! assert_eq!(reports[0].white_wins + reports[0].draws + reports[0].black_wins, 4);
//! ```

#![forbid(unsafe_code)]

mod ballot;
mod compare;
mod error;
mod expect;
mod matches;
pub mod metrics;
mod play;
mod resume;
mod score;
pub mod series;
mod shard;
mod shard_file;
mod sprt;
mod table;
mod trace;

pub use ballot::{Ballot, read_ballots};
pub use compare::{
    CompareConfig, DEFAULT_COMPARE_OPENING, DEFAULT_COMPARE_PLAYER, DEFAULT_MAX_PLIES,
    VariantGames, VariantInfo, VariantReport, compare, compare_with, play_variants,
};
pub use error::ArenaError;
pub use expect::{Expectation, Expectations, Failure};
pub use matches::{GameResult, MatchConfig, MatchGame, MatchReport, Tally, run_match};
pub use metrics::{Estimate, METRICS, MetricValue};
pub use play::{GameStats, Termination, derive_seed, threads_in_use};
pub use resume::SavedGame;
pub use score::{Score, elo};
pub use shard::{Shard, ShardError};
pub use shard_file::{RunSettings, ShardFile, merge};
pub use sprt::{DEFAULT_ERROR_RATE, MIN_PAIRS, Pentanomial, Sprt, SprtStatus, Verdict};
pub use table::{estimate_text, table};
pub use trace::GameTrace;
