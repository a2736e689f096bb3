//! The engine protocols of the draughts world, for bushka:
//!
//! - **Hub** 2 (Scan 3.1): text lines over standard input and output ([`hub`]);
//! - **DXP** (DamExchange) 01: fixed-width messages over TCP ([`dxp`]);
//! - **UGI** (cutegames): UCI for any game ([`ugi`]).
//!
//! This crate holds their codecs (messages, and the Hub and DXP formats of
//! International draughts positions and moves, [`squares`]) and the [`client`]s that
//! let another program play as a bushka player: [`Roster`] builds the players of a
//! run from their specs (`hub:COMMAND`, `ugi:COMMAND`, `dxp:HOST:PORT`). The
//! engine's side of the protocols (the `bushka hub`, `dxp` and `ugi` commands) is in
//! `bushka-protocol-server`, above the session.

#![forbid(unsafe_code)]

pub mod client;
pub mod dxp;
pub mod hub;
mod roster;
pub mod squares;
pub mod ugi;

pub use roster::{Roster, RosterError};
