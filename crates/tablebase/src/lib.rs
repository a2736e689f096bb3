//! Endgame tablebases for any variant of the Bushka family.
//!
//! For a board and a material signature (`3K v 1K`, `2K1M v 1K`), [`solve`] ranks
//! every placement densely ([`Indexer`]), decides each position with either side to
//! move by retrograde analysis under the variant's own rules ([`solve`] explains
//! how), and stores win, loss or draw with the distance to the end in plies
//! ([`Table`], [`Value`]). [`Tablebases`] holds the tables of one variant and answers
//! probes; [`save`] and [`load_dir`] keep them in versioned files ([`file`] documents
//! the format).
//!
//! The crate sits beside the engine: it needs only the geometry and rules crates.

#![forbid(unsafe_code)]

pub mod file;
mod fingerprint;
mod index;
mod material;
mod probe;
mod solve;
mod symmetry;
mod table;

pub use file::{FileError, load_dir, save};
pub use fingerprint::Fingerprint;
pub use index::{Indexer, MAX_POSITIONS, TooLarge};
pub use material::{MAX_PIECES, Material, MaterialError};
pub use probe::{Tablebases, material_of};
pub use solve::{Progress, Silent, SolveError, solve, successors};
pub use table::{Counts, Summary, Table, Value};
