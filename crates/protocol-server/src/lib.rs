//! The engine's side of the draughts world's engine protocols: front ends that read a
//! protocol's messages, translate them to the session API (a game set up by the GUI,
//! a searcher kept for the game) and write the answers. No rules here: positions,
//! moves and searches are the session's.
//!
//! - [`hub`]: `bushka hub`, Hub 2 (Scan 3.1) over standard input and output;
//! - [`ugi`]: `bushka ugi`, UGI (cutegames) over standard input and output;
//! - [`dxp`]: `bushka dxp`, DXP (DamExchange) over a TCP connection.

#![forbid(unsafe_code)]

pub mod dxp;
mod game;
pub mod hub;
mod io;
mod options;
mod search;
pub mod ugi;

pub use dxp::serve_dxp;
pub use hub::serve_hub;
pub use ugi::serve_ugi;
