//! How long a search may go on: depth, nodes, time per move or a clock, and the
//! capture-search steps a node limit allows each move generation.

use std::time::Duration;

use bushka_rules::MAX_GENERATION_STEPS;

use crate::clock::{Clock, Turn};

/// Capture-search steps that count as one node in a search with a node limit: each
/// generation may take at most this many steps per node left, and every this many
/// steps it takes count as a node, so `nodes` bounds the whole search's work even on
/// a board whose captures take millions of steps to list. (An ordinary generation
/// takes far fewer steps: its node counts are unchanged.)
pub const STEPS_PER_NODE: u64 = 1024;

/// The capture-search steps one generation may take with `nodes_left` nodes to go
/// (`None`: no node limit).
pub(crate) fn step_cap(nodes_left: Option<u64>) -> u64 {
    nodes_left.map_or(MAX_GENERATION_STEPS, |n| {
        n.saturating_mul(STEPS_PER_NODE).min(MAX_GENERATION_STEPS)
    })
}

/// The moves a clock's time is spread over at most, when the period is longer.
pub const PLANNED_MOVES: u32 = 25;

/// How long to search.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Most nodes.
    pub nodes: Option<u64>,
    /// Time for this move.
    pub movetime: Option<Duration>,
    /// The player's clock, when it plays on one.
    pub clock: Option<Clock>,
}

impl Limits {
    /// Searches to a fixed depth.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Searches for a fixed time.
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }

    /// Searches a fixed number of nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// A `1/divisor` share of these limits: of the node count and of the time this move
    /// may take (the depth stays). A share of no limit is no limit.
    pub fn share(&self, divisor: u32) -> Limits {
        let divisor = divisor.max(1);
        Limits {
            depth: self.depth,
            nodes: self.nodes.map(|n| (n / u64::from(divisor)).max(1)),
            movetime: self.time_budget().map(|t| t / divisor),
            clock: None,
        }
    }

    /// These limits without time: the depth and node count a search may reach while
    /// it ponders (its time starts when the move pondered on is played).
    pub fn untimed(&self) -> Limits {
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            ..Limits::default()
        }
    }

    /// These limits for a move asked under `turn`: its clock, and a time for the move
    /// no longer than either's.
    pub fn for_turn(&self, turn: &Turn) -> Limits {
        Limits {
            movetime: match (self.movetime, turn.movetime) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
            clock: turn.clock.or(self.clock),
            ..*self
        }
    }

    /// The time this move may take, from `movetime` and the clock (the smaller). A
    /// clock's share is its time over the moves still to make in its period (at most
    /// [`PLANNED_MOVES`], plus one in reserve), with most of the increment, never more
    /// than half of what is left.
    pub fn time_budget(&self) -> Option<Duration> {
        let from_clock = self.clock.map(|clock| {
            let moves = clock
                .moves_to_go
                .unwrap_or(PLANNED_MOVES)
                .min(PLANNED_MOVES)
                + 1;
            let share = clock.left / moves + clock.increment * 3 / 4;
            share.min(clock.left / 2).max(Duration::from_millis(5))
        });
        match (self.movetime, from_clock) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}
