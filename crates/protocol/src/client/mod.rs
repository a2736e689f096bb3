//! Clients: programs that speak Hub, UGI or DXP, playing as bushka players
//! ([`Chooser`](bushka_engine::Chooser)s). Every wait for an answer has a deadline,
//! so a program that hangs loses its game in bounded time; one that crashes, writes
//! garbage or an illegal move loses it with the reason.

pub mod dxp;
pub mod hub;
mod process;
pub mod ugi;

use std::time::{Duration, Instant};

use bushka_engine::{ExternalSpec, Fault, FaultKind, Turn};
use bushka_rules::{Bits, Game, Move};

use crate::hub::dialect::{Dialect, Unread};

pub use process::MAX_LINE;

/// How long a program may take to answer when nothing else bounds it (a search to a
/// depth, a node count), unless its spec says `timeout=SECONDS`.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(300);

/// How long a program may take to start and get ready, unless its spec says
/// `timeout=SECONDS`.
pub const START_TIMEOUT: Duration = Duration::from_secs(30);

/// How long past its time a program's answer is still awaited (the match judges
/// whether it came in time): longer than any margin a match gives.
pub const ANSWER_GRACE: Duration = Duration::from_secs(2);

/// The time a program asked to move is given when neither the game's timing nor its
/// spec limits the move.
pub const DEFAULT_MOVETIME: Duration = Duration::from_secs(1);

/// How long a client waits for a program.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Bounds {
    /// To start and get ready.
    pub(crate) start: Duration,
    /// For an answer nothing else bounds.
    pub(crate) timeout: Duration,
    /// For the answer to `stop`, after a search ran out of time.
    pub(crate) stop: Duration,
}

impl Bounds {
    /// The bounds of `spec` (its `timeout` option, in seconds).
    pub(crate) fn of(spec: &ExternalSpec) -> Bounds {
        let timeout = spec.number("timeout").map(Duration::from_secs);
        Bounds {
            start: timeout.unwrap_or(START_TIMEOUT),
            timeout: timeout.unwrap_or(DEFAULT_TIMEOUT),
            stop: Duration::from_secs(1),
        }
    }

    /// How long to wait for a move asked under `turn` with `limited`'s limits.
    pub(crate) fn answer(&self, turn: &Turn, limited: &Limited) -> Duration {
        match turn.allowed().or_else(|| limited.movetime(turn)) {
            Some(time) => time + ANSWER_GRACE,
            None => self.timeout,
        }
    }
}

/// Starts the program of `spec` (in its `dir`): the program, the bounds of its spec,
/// and the deadline by which it must be ready.
pub(crate) fn launch(spec: &ExternalSpec) -> Result<(process::Program, Bounds, Instant), Fault> {
    let bounds = Bounds::of(spec);
    let command = spec
        .command()
        .map_err(|e| Fault::new(FaultKind::Unavailable, e))?;
    let program = process::Program::start(&command, spec.option("dir").map(std::path::Path::new))?;
    Ok((program, bounds, Instant::now() + bounds.start))
}

/// The limits of each move that a spec sets (`movetime`, `depth`, `nodes`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Limited {
    /// Time for each move.
    pub(crate) movetime: Option<Duration>,
    /// Depth of each search.
    pub(crate) depth: Option<u64>,
    /// Nodes of each search.
    pub(crate) nodes: Option<u64>,
}

impl Limited {
    /// The limits `spec` sets.
    pub(crate) fn of(spec: &ExternalSpec) -> Limited {
        Limited {
            movetime: spec.number("movetime").map(Duration::from_millis),
            depth: spec.number("depth"),
            nodes: spec.number("nodes"),
        }
    }

    /// The time a move asked under `turn` may take by itself: the shorter of the
    /// turn's and the spec's, or [`DEFAULT_MOVETIME`] when nothing limits the move.
    pub(crate) fn movetime(&self, turn: &Turn) -> Option<Duration> {
        match (turn.movetime, self.movetime) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (None, None)
                if turn.clock.is_none() && self.depth.is_none() && self.nodes.is_none() =>
            {
                Some(DEFAULT_MOVETIME)
            }
            (a, b) => a.or(b),
        }
    }
}

/// The legal move of `game` that a program's answer `text` names; `error` is the last
/// error the program wrote (it may say why the move is wrong).
pub(crate) fn resolve<B: Bits>(
    dialect: &Dialect,
    game: &Game<B>,
    text: &str,
    error: Option<String>,
) -> Result<Move<B>, Fault> {
    let board = game.board();
    dialect
        .read_move(board, game.position(), game.legal_moves(), text)
        .map_err(|unread| {
            let after = error.map_or_else(String::new, |e| format!(" (it wrote `error {e}`)"));
            match unread {
                Unread::Syntax(why) => Fault::new(FaultKind::Garbage, format!("{why}{after}")),
                Unread::Illegal(why) => Fault::new(FaultKind::IllegalMove, format!("{why}{after}")),
            }
        })
}
