//! The players of a run (a match, a comparison, a game in a session) built from their
//! specs: the built-in players, and clients for the programs that speak a protocol.
//! Connections to DXP programs are kept between the run's games.

use std::sync::Arc;

use bushka_engine::{Chooser, Fault, PlayerSpec, Protocol, Timed};
use bushka_rules::{Bits, Board};
use bushka_tablebase::Tablebases;

use crate::client::dxp::{DxpPlayer, DxpSeats};
use crate::client::hub::HubPlayer;
use crate::client::ugi::UgiPlayer;

/// How one spec's players are made.
#[derive(Debug)]
enum Entry {
    /// A built-in player (or a person).
    BuiltIn(PlayerSpec),
    /// A program started for each game.
    Program(bushka_engine::ExternalSpec),
    /// A DXP program, reached over the connections of its seats.
    Dxp(Arc<DxpSeats>),
}

/// A spec that cannot play in this run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("player `{spec}`: {why}")]
pub struct RosterError {
    /// The spec.
    pub spec: String,
    /// Why.
    pub why: String,
}

/// The players of a run, each made afresh for each game from its spec.
#[derive(Debug)]
pub struct Roster {
    entries: Vec<Entry>,
}

impl Roster {
    /// The players of `specs` for games timed by `timed`; fails on a DXP spec whose
    /// time control DXP cannot carry.
    pub fn new(specs: &[&PlayerSpec], timed: Option<&Timed>) -> Result<Roster, RosterError> {
        let entries = specs
            .iter()
            .map(|&spec| match spec {
                PlayerSpec::External(ext) if ext.protocol == Protocol::Dxp => {
                    DxpSeats::new(ext, timed)
                        .map(|seats| Entry::Dxp(Arc::new(seats)))
                        .map_err(|why| RosterError {
                            spec: spec.to_string(),
                            why,
                        })
                }
                PlayerSpec::External(ext) => Ok(Entry::Program(ext.clone())),
                _ => Ok(Entry::BuiltIn(spec.clone())),
            })
            .collect::<Result<_, _>>()?;
        Ok(Roster { entries })
    }

    /// Starts each program once for a game on `board`, and opens the connections to
    /// DXP programs (kept for the games): a program that cannot play fails the run
    /// before its first game, with its spec.
    pub fn check<B: Bits>(&self, board: &Arc<Board<B>>) -> Result<(), RosterError> {
        for entry in &self.entries {
            let (spec, checked) = match entry {
                Entry::BuiltIn(_) => continue,
                Entry::Program(ext) => (ext.to_string(), start(ext, board).map(drop)),
                Entry::Dxp(seats) => (seats.spec().to_string(), seats.connect_all()),
            };
            checked.map_err(|fault| RosterError {
                spec,
                why: fault.to_string(),
            })?;
        }
        Ok(())
    }

    /// The player of spec `index` for a game on `board`: `None` for a person; a
    /// built-in player varied by `seed_offset` and probing `tables`; or a client of
    /// its program, which may fail to start.
    pub fn player<B: Bits>(
        &self,
        index: usize,
        board: &Arc<Board<B>>,
        seed_offset: u64,
        tables: Option<Arc<Tablebases>>,
    ) -> Result<Option<Box<dyn Chooser<B>>>, Fault> {
        match &self.entries[index] {
            Entry::BuiltIn(spec) => Ok(spec.build(board, seed_offset, tables)),
            Entry::Program(ext) => start(ext, board).map(Some),
            Entry::Dxp(seats) => {
                DxpPlayer::start(seats, board).map(|p| Some(Box::new(p) as Box<dyn Chooser<B>>))
            }
        }
    }
}

/// Starts the Hub or UGI program of `spec` for `board`.
fn start<B: Bits>(
    spec: &bushka_engine::ExternalSpec,
    board: &Arc<Board<B>>,
) -> Result<Box<dyn Chooser<B>>, Fault> {
    Ok(match spec.protocol {
        Protocol::Hub => Box::new(HubPlayer::start(spec, board)?),
        Protocol::Ugi => Box::new(UgiPlayer::start(spec, board)?),
        Protocol::Dxp => {
            return Err(Fault::new(
                bushka_engine::FaultKind::Unavailable,
                "a DXP program is reached over its connection, not started",
            ));
        }
    })
}
