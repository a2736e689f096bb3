//! The Bushka computer opponent, generic over every variant: a static evaluation
//! computed from the compiled board tables ([`Evaluator`]), an alpha-beta search
//! ([`Searcher`]), the move choosers ([`Chooser`]) that the command line names
//! ([`PlayerSpec`]), and the loop that plays a game out between two ([`play_out`]).

#![forbid(unsafe_code)]

mod eval;
mod limits;
mod player;
mod playout;
mod score;
mod search;
mod table_dirs;
mod tables;
mod tt;

pub use eval::{Evaluator, MAX_EVAL, WEIGHTS, Weights};
pub use limits::{Limits, STEPS_PER_NODE};
pub use player::{
    Chooser, DEFAULT_HASH_MIB, DEFAULT_LEVEL, DEPTH_RANGE, Engine, Greedy, HASH_MIB_RANGE, LEVELS,
    PlayerSpec, Random, SpecError, range_text, spec_tables,
};
pub use playout::{End, play_out};
pub use score::{MATE, MATE_BOUND, score_text, table_score};
pub use search::{Iteration, MAX_PLY, SearchResult, Searcher};
pub use table_dirs::{TablesDir, TablesError};
