//! The Bushka computer opponent, generic over every variant: a static evaluation
//! computed from the compiled board tables ([`Evaluator`]), an alpha-beta search
//! ([`Searcher`]), and the players that the command line names ([`PlayerSpec`]).

#![forbid(unsafe_code)]

mod eval;
mod player;
mod playout;
mod search;
mod table_dirs;
mod tables;
mod tt;

pub use eval::{Evaluator, MAX_EVAL, WEIGHTS, Weights};
pub use player::{
    Chooser, DEFAULT_HASH_MIB, DEFAULT_LEVEL, DEPTH_RANGE, Engine, Greedy, HASH_MIB_RANGE, LEVELS,
    PlayerSpec, Random, SpecError, range_text,
};
pub use playout::{End, play_out};
pub use search::{
    Iteration, Limits, MATE, MATE_BOUND, MAX_PLY, STEPS_PER_NODE, SearchResult, Searcher,
    score_text,
};
pub use table_dirs::{TablesDir, TablesError};
pub use tables::table_score;
