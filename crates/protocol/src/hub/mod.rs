//! Hub, version 2 (Scan 3.1's `protocol.txt`): its lines, and how it writes positions
//! and moves for each variant.

pub mod dialect;
pub mod line;
