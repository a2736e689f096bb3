//! The generic Bushka rules engine.
//!
//! One engine plays every variant file: positions are bitsets over the board's bit
//! embedding ([`Board`]), moves are generated from the compiled direction tables and
//! the variant's rule switches only. No code here names a board, a cell or a variant.

mod bits;
mod board;
mod capture;
mod movegen;
mod moves;
mod perft;
mod position;

pub use bits::{BitIter, Bits, WIDE_WORDS, Wide};
pub use board::{Board, NO_SQ, Sq};
pub use moves::{Move, MoveKind, MoveList};
pub use perft::{divide, perft};
pub use position::Position;
