//! The Bushka computer opponent, generic over every variant: a static evaluation
//! computed from the compiled board tables ([`Evaluator`]; a learned one, [`Learned`],
//! where the variant names weights fitted by self-play), an alpha-beta search
//! ([`Searcher`]), the move choosers ([`Chooser`]) that the command line names
//! ([`PlayerSpec`]), clocks ([`Clocks`]), and the loop that plays a game out between
//! two ([`play_out`]).

// One hint to the processor, `tt::Table::prefetch`, is the only unsafe code.
#![deny(unsafe_code)]

mod clock;
mod end;
mod eval;
mod external;
mod learned;
mod limits;
mod player;
mod playout;
mod score;
mod search;
mod spec;
mod table_dirs;
mod tables;
mod terms;
mod tt;

pub use clock::{Clock, Clocks, Flagged, TimeControl, TimeControlError, Timing, Turn, seconds};
pub use end::{End, Fault, FaultKind};
pub use eval::{
    CLOSING, CLOSING_STEPS, CORNERING, CORNERING_CELLS, Evaluator, PROMOTES_NOW, RACE, WEIGHTS,
    Weights,
};
pub use external::{ExternalSpec, Protocol};
pub use learned::{Features, Learned, Term};
pub use limits::{Limits, PLANNED_MOVES, STEPS_PER_NODE};
pub use player::{Answer, Chooser, Engine, Greedy, Random};
pub use playout::{Timed, play_out};
pub use score::{MATE, MATE_BOUND, MAX_EVAL, score_text, table_score};
pub use search::{Iteration, MAX_PLY, SearchResult, Searcher};
pub use spec::{
    DEFAULT_HASH_MIB, DEFAULT_LEVEL, DEPTH_RANGE, HASH_MIB_RANGE, LEVELS, PlayerSpec, SpecError,
    THREADS_RANGE, range_text, spec_tables,
};
pub use table_dirs::{TablesDir, TablesError};
