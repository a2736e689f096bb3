//! Board geometry for the Bushka family of games.
//!
//! A board is data: a TOML variant file ([`file::VariantFile`]) describes cells named
//! by a lettered and a numbered line, directions (lattice vectors or explicit links),
//! each player's forward directions, promotion zone and start, and the rule switches.
//! [`load_str`] / [`load_path`] validate it into a [`Geometry`]: a `petgraph` graph
//! plus the dense tables the engine reads (neighbours, rays, promotion masks, the
//! bit embedding that turns each direction into a shift).

#![forbid(unsafe_code)]

mod assemble;
mod board_only;
mod builtin;
mod cells;
mod colour;
mod display;
mod embed;
mod error;
mod feature_layout;
pub mod file;
mod generate;
mod geometry;
mod index;
mod limits;
mod links;
mod message;
mod neighbours;
mod numbering;
mod rows;
mod rule_set;
mod rules;
mod sides;
mod source;
mod symmetry;
mod weights;

pub use assemble::{load_path, load_str};
pub use board_only::{load_board_path, load_board_str};
pub use builtin::{BUILTIN, Builtin, builtin, resolve};
pub use colour::{ByColour, Colour, Piece, Role};
pub use embed::{Embedding, Step};
pub use error::{ErrorKind, Location, VariantError};
pub use generate::LatticeDirection;
pub use geometry::{Direction, Geometry, Line, MAX_COORDINATE, Meta, Notation, Side, Values};
pub use index::{Cell, Dir, DirSet, MAX_CELLS, MAX_DIRS};
pub use limits::{MAX_NESTING, MAX_VARIANT_BYTES, MAX_WEIGHTS_BYTES, read_text_file};
pub use rules::{
    CaptureStyle, Criterion, Goal, KingLanding, KingRange, LoneKingDraws, MAX_LONE_KING_DRAWS,
    MenCapture, Precedence, PromotionDuringCapture, Removal, RuleSet,
};
pub use weights::{
    BACK_STATES, EvalWeights, FRONT_STATES, FeatureLayout, MAX_SLOTS, TERMS, Trained,
};
