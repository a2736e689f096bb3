//! The Bushka computer opponent, generic over every variant: a static evaluation
//! computed from the compiled board tables ([`Evaluator`]), an alpha-beta search
//! ([`Searcher`]), and the players that the command line names ([`PlayerSpec`]).

#![forbid(unsafe_code)]

mod arena;
mod eval;
mod player;
mod search;
mod table_dirs;
mod tables;
mod tt;

pub use arena::{End, play_out};
pub use eval::{Evaluator, MAX_EVAL, WEIGHTS, Weights};
pub use player::{
    DEFAULT_HASH_MIB, DEFAULT_LEVEL, DEPTH_RANGE, Engine, Greedy, HASH_MIB_RANGE, LEVELS, Player,
    PlayerSpec, Random, SpecError, range_text,
};
pub use search::{
    Iteration, Limits, MATE, MATE_BOUND, MAX_PLY, STEPS_PER_NODE, SearchResult, Searcher,
    score_text,
};
pub use table_dirs::{TablesDir, TablesError};
pub use tables::table_score;
