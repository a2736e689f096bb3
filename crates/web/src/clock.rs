//! The clocks of a game between people, kept by the server: a time and an increment,
//! each side's clock running from the first move while that side is to move. Times are
//! wall-clock milliseconds since 1970 (stored as they are, so that a restarted server
//! knows where the clocks stood).

use bushka_geometry::{ByColour, Colour};
use bushka_store::{ClockState, TimeControl};
use serde::{Deserialize, Serialize};

use crate::error::ApiError;
use crate::view::player_name;

/// Longest time a side may start with: three hours.
pub const MAX_INITIAL_MS: u64 = 3 * 60 * 60 * 1000;
/// Shortest time a side may start with: ten seconds.
pub const MIN_INITIAL_MS: u64 = 10 * 1000;
/// Largest increment: a minute a move.
pub const MAX_INCREMENT_MS: u64 = 60 * 1000;

/// A time control as a request gives it.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockRequest {
    /// Each side's time, in milliseconds.
    pub initial_ms: u64,
    /// Added after each move, in milliseconds (default 0).
    #[serde(default)]
    pub increment_ms: u64,
}

impl ClockRequest {
    /// The time control, if within the server's bounds.
    pub fn control(self) -> Result<TimeControl, ApiError> {
        if !(MIN_INITIAL_MS..=MAX_INITIAL_MS).contains(&self.initial_ms) {
            return Err(ApiError::BadRequest(format!(
                "clock: initial_ms must be from {MIN_INITIAL_MS} to {MAX_INITIAL_MS} (10 s to 3 h)"
            )));
        }
        if self.increment_ms > MAX_INCREMENT_MS {
            return Err(ApiError::BadRequest(format!(
                "clock: increment_ms must be at most {MAX_INCREMENT_MS} (a minute)"
            )));
        }
        Ok(TimeControl {
            initial_ms: self.initial_ms,
            increment_ms: self.increment_ms,
        })
    }
}

/// A game's clocks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clock {
    /// The time control.
    pub control: TimeControl,
    /// Where the clocks stood at the last change.
    pub state: ClockState,
}

/// The clocks as the browser shows them.
#[derive(Debug, Clone, Serialize)]
pub struct ClockView {
    /// White's time left now, in milliseconds (never below 0).
    pub white_ms: i64,
    /// Black's time left now.
    pub black_ms: i64,
    /// The side whose clock runs, if one does.
    pub running: Option<&'static str>,
    /// Each side's time at the start.
    pub initial_ms: u64,
    /// Added after each move.
    pub increment_ms: u64,
}

impl Clock {
    /// Fresh clocks: both sides at the full time, neither running.
    pub fn new(control: TimeControl) -> Clock {
        let full = control.initial_ms as i64;
        Clock {
            control,
            state: ClockState {
                remaining_ms: ByColour::new(full, full),
                running_since_ms: None,
            },
        }
    }

    /// `side`'s time left at `now`, when `side` is to move (its clock runs if any does).
    pub fn left(&self, side: Colour, to_move: Colour, now: i64) -> i64 {
        let base = self.state.remaining_ms[side];
        match self.state.running_since_ms {
            Some(since) if side == to_move => base - (now - since).max(0),
            _ => base,
        }
    }

    /// When the clock of `to_move` runs out, if it runs.
    pub fn deadline(&self, to_move: Colour) -> Option<i64> {
        let since = self.state.running_since_ms?;
        Some(since + self.state.remaining_ms[to_move])
    }

    /// Charges the running clock (of `to_move`) with the time up to `now`; its new
    /// start is `now`.
    pub fn settle(&mut self, to_move: Colour, now: i64) {
        if let Some(since) = self.state.running_since_ms {
            self.state.remaining_ms[to_move] -= (now - since).max(0);
            self.state.running_since_ms = Some(now);
        }
    }

    /// Whether `to_move`'s time has run out (after [`Clock::settle`]).
    pub fn flagged(&self, to_move: Colour) -> bool {
        self.state.running_since_ms.is_some() && self.state.remaining_ms[to_move] <= 0
    }

    /// After a change settled at `now`: `mover`, if it just moved, gets the increment;
    /// then the clock of the side to move runs when the game goes on past its first
    /// move, and none runs otherwise.
    pub fn restart(&mut self, mover: Option<Colour>, running: bool, now: i64) {
        if let Some(side) = mover
            && self.state.running_since_ms.is_some()
        {
            self.state.remaining_ms[side] += self.control.increment_ms as i64;
        }
        self.state.running_since_ms = running.then_some(now);
    }

    /// After a restart: the server was last alive at `alive` (its heartbeat), and
    /// comes back at `now`. The running clock is charged up to `alive` only: time
    /// while the server was down is charged to nobody.
    pub fn resume(&mut self, to_move: Colour, alive: Option<i64>, now: i64) {
        if let Some(since) = self.state.running_since_ms {
            let up_to = alive.unwrap_or(since).clamp(since, now.max(since));
            self.state.remaining_ms[to_move] -= up_to - since;
            self.state.running_since_ms = Some(now);
        }
    }

    /// The view at `now`.
    pub fn view(&self, to_move: Colour, over: bool, now: i64) -> ClockView {
        let left = |side| self.left(side, to_move, now).max(0);
        ClockView {
            white_ms: left(Colour::White),
            black_ms: left(Colour::Black),
            running: (!over && self.state.running_since_ms.is_some()).then(|| player_name(to_move)),
            initial_ms: self.control.initial_ms,
            increment_ms: self.control.increment_ms,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const W: Colour = Colour::White;
    const B: Colour = Colour::Black;

    fn clock() -> Clock {
        Clock::new(TimeControl {
            initial_ms: 60_000,
            increment_ms: 2_000,
        })
    }

    #[test]
    fn the_clock_starts_with_the_first_move_and_adds_the_increment() {
        let mut c = clock();
        assert_eq!(c.deadline(W), None, "nothing runs before the first move");
        // White's first move at t=5 s: untimed, Black's clock starts.
        c.settle(W, 5_000);
        c.restart(Some(W), true, 5_000);
        assert_eq!(c.left(W, B, 9_000), 60_000);
        assert_eq!(c.left(B, B, 9_000), 56_000);
        assert_eq!(c.deadline(B), Some(65_000));
        // Black replies at t=15 s: 10 s spent, 2 s added.
        c.settle(B, 15_000);
        c.restart(Some(B), true, 15_000);
        assert_eq!(c.state.remaining_ms[B], 52_000);
        assert_eq!(c.deadline(W), Some(75_000));
    }

    #[test]
    fn a_flag_falls_when_the_time_is_spent() {
        let mut c = clock();
        c.restart(Some(W), true, 0);
        c.settle(B, 59_999);
        assert!(!c.flagged(B));
        c.settle(B, 60_000);
        assert!(c.flagged(B));
        assert_eq!(c.view(B, false, 61_000).black_ms, 0, "never shown below 0");
    }

    #[test]
    fn downtime_is_charged_to_nobody() {
        let mut c = clock();
        c.restart(Some(W), true, 10_000);
        // Last heartbeat at 30 s, back at 500 s: Black is charged 20 s.
        c.resume(B, Some(30_000), 500_000);
        assert_eq!(c.state.remaining_ms[B], 40_000);
        assert_eq!(c.state.running_since_ms, Some(500_000));
        // A heartbeat before the clock started charges nothing.
        let mut c = clock();
        c.restart(Some(W), true, 10_000);
        c.resume(B, Some(5_000), 20_000);
        assert_eq!(c.state.remaining_ms[B], 60_000);
    }

    #[test]
    fn time_controls_are_bounded() {
        let ok = ClockRequest {
            initial_ms: 300_000,
            increment_ms: 3_000,
        };
        assert!(ok.control().is_ok());
        for bad in [
            (0, 0),
            (MAX_INITIAL_MS + 1, 0),
            (60_000, MAX_INCREMENT_MS + 1),
        ] {
            let request = ClockRequest {
                initial_ms: bad.0,
                increment_ms: bad.1,
            };
            assert!(request.control().is_err(), "{bad:?}");
        }
    }
}
