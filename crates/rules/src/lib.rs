//! The generic Bushka rules engine.
//!
//! One engine plays every variant file: positions are bitsets over the board's bit
//! embedding ([`Board`]), moves are generated from the compiled direction tables and
//! the variant's rule switches only. No code here names a board, a cell or a variant.
//!
//! ```
//! use bushka_rules::{AnyBoard, with_board, perft};
//! let geometry = bushka_geometry::builtin("bushka").unwrap().unwrap();
//! let board = AnyBoard::new(geometry);
//! let nodes = with_board!(&board, b => perft(b, &b.start_position(), 3));
//! assert_eq!(nodes, 13_920);
//! ```

// The one `unsafe` of the workspace (perft's popcnt path) is allowed where it stands.
#![deny(unsafe_code)]

mod any;
mod bits;
mod board;
mod budget;
mod capture;
mod error;
mod game;
mod king_runs;
mod lookup;
mod movegen;
mod moves;
mod notation;
mod numeric;
mod perft;
mod position;
mod record;
mod setup;
mod written;

pub use any::AnyBoard;
pub use bits::{BitIter, Bits, Sq, WIDE_WORDS, Wide};
pub use board::Board;
pub use budget::{Budget, GenerationLimit, MAX_GENERATION_STEPS, POLL_STEPS};
pub use error::{MoveError, PositionError, RecordError};
pub use game::{DrawReason, Game, GameError, Outcome, WinReason};
pub use lookup::CellsError;
pub use moves::{Move, MoveKind, MoveList};
pub use perft::{divide, perft, perft_within};
pub use position::Position;
pub use record::{MAX_RECORD_BYTES, Record, RecordMove};
pub use setup::Setup;
