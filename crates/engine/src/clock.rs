//! Time in games played on a clock: a time control (`40/60+0.5`), the two players'
//! running clocks, and what a player is told about its own when it is asked to move.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use bushka_geometry::{ByColour, Colour};

/// A time control: `time` for every `moves` moves (or for the whole game), plus
/// `increment` after each move. Written `[MOVES/]SECONDS[+INCREMENT]`: `75/60` is 60
/// seconds for each 75 moves, `60+0.5` is 60 seconds for the game plus half a second
/// a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeControl {
    /// Moves of each period; `None`: one period for the whole game.
    pub moves: Option<u32>,
    /// Time for each period.
    pub time: Duration,
    /// Added to a player's clock after each of its moves.
    pub increment: Duration,
}

/// A malformed time control.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "bad time control `{text}`: {why} (expected [MOVES/]SECONDS[+INCREMENT], e.g. 75/60, 60+0.5 or 40/120+1)"
)]
pub struct TimeControlError {
    /// The text.
    pub text: String,
    /// What is wrong.
    pub why: String,
}

/// The longest time a control may give, in seconds (a day).
const MAX_SECONDS: f64 = 86_400.0;

/// Seconds as a duration: a finite number from 0 to a day.
pub fn seconds(text: &str) -> Result<Duration, String> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if !(0.0..=MAX_SECONDS).contains(&value) {
        return Err(format!(
            "`{text}` seconds is not between 0 and {MAX_SECONDS}"
        ));
    }
    Ok(Duration::from_secs_f64(value))
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let err = |why: String| TimeControlError {
            text: text.to_string(),
            why,
        };
        let (moves, rest) = match text.split_once('/') {
            Some((moves, rest)) => {
                let moves: u32 = moves
                    .trim()
                    .parse()
                    .ok()
                    .filter(|&m| (1..=1000).contains(&m))
                    .ok_or_else(|| err(format!("`{moves}` is not a move count from 1 to 1000")))?;
                (Some(moves), rest)
            }
            None => (None, text),
        };
        let (time, increment) = match rest.split_once('+') {
            Some((time, inc)) => (seconds(time).map_err(err)?, seconds(inc).map_err(err)?),
            None => (seconds(rest).map_err(err)?, Duration::ZERO),
        };
        if time.is_zero() && increment.is_zero() {
            return Err(err("a clock needs some time".into()));
        }
        Ok(TimeControl {
            moves,
            time,
            increment,
        })
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(moves) = self.moves {
            write!(f, "{moves}/")?;
        }
        write!(f, "{}", self.time.as_secs_f64())?;
        if !self.increment.is_zero() {
            write!(f, "+{}", self.increment.as_secs_f64())?;
        }
        Ok(())
    }
}

/// How a game is timed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Timing {
    /// Each move within a fixed time.
    PerMove(Duration),
    /// Each player on a clock.
    Control(TimeControl),
}

/// `75/60` (a clock, as [`TimeControl`] writes it) or `0.5 s a move`.
impl fmt::Display for Timing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Timing::PerMove(time) => write!(f, "{} s a move", time.as_secs_f64()),
            Timing::Control(control) => write!(f, "{control}"),
        }
    }
}

/// A player's clock as it is asked to move: what its search may plan with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clock {
    /// Time left on its clock now (the increment of this move not yet added).
    pub left: Duration,
    /// Added after each of its moves.
    pub increment: Duration,
    /// Moves to play before time is added again (`None`: the clock is for the game).
    pub moves_to_go: Option<u32>,
    /// The opponent's time left (some protocols send both clocks).
    pub opponent_left: Duration,
}

/// What a player is told about time when it is asked to move.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Turn {
    /// Its clock, when the game is played on one.
    pub clock: Option<Clock>,
    /// The time this move may take, when moves are timed one by one.
    pub movetime: Option<Duration>,
}

impl Turn {
    /// The longest this move may take before the player loses on time (not counting
    /// the match's margin); `None` when time is not limited.
    pub fn allowed(&self) -> Option<Duration> {
        match (self.clock, self.movetime) {
            (Some(clock), Some(t)) => Some(t.min(clock.left)),
            (Some(clock), None) => Some(clock.left),
            (None, t) => t,
        }
    }
}

/// Both players' clocks in a game played under a [`Timing`].
#[derive(Debug, Clone)]
pub struct Clocks {
    timing: Timing,
    left: ByColour<Duration>,
    moves: ByColour<u32>,
}

/// A player who used more time than it had.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Flagged {
    /// The time the move took.
    pub used: Duration,
    /// The time it was allowed.
    pub allowed: Duration,
}

impl Clocks {
    /// Both clocks at the start of a game under `timing`.
    pub fn new(timing: Timing) -> Clocks {
        let start = match timing {
            Timing::PerMove(_) => Duration::ZERO,
            Timing::Control(tc) => tc.time,
        };
        Clocks {
            timing,
            left: ByColour::new(start, start),
            moves: ByColour::default(),
        }
    }

    /// What `side` is told as it is asked to move.
    pub fn turn(&self, side: Colour) -> Turn {
        match self.timing {
            Timing::PerMove(t) => Turn {
                clock: None,
                movetime: Some(t),
            },
            Timing::Control(tc) => Turn {
                clock: Some(Clock {
                    left: self.left[side],
                    increment: tc.increment,
                    moves_to_go: tc.moves.map(|m| m - self.moves[side] % m),
                    opponent_left: self.left[side.opponent()],
                }),
                movetime: None,
            },
        }
    }

    /// Charges `side` for a move that took `used`; fails when that is more than
    /// its turn allowed plus `margin`. A clock then gains its increment, and the
    /// period's time when the period's moves are made.
    pub fn charge(
        &mut self,
        side: Colour,
        used: Duration,
        margin: Duration,
    ) -> Result<(), Flagged> {
        let allowed = self.turn(side).allowed().unwrap_or(Duration::MAX);
        if used > allowed.saturating_add(margin) {
            return Err(Flagged { used, allowed });
        }
        if let Timing::Control(tc) = self.timing {
            let left = self.left[side].saturating_sub(used) + tc.increment;
            self.moves[side] += 1;
            let period_over = tc.moves.is_some_and(|m| self.moves[side].is_multiple_of(m));
            self.left[side] = if period_over { left + tc.time } else { left };
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn time_controls_read_and_write() {
        let tc: TimeControl = "75/60".parse().expect("valid");
        assert_eq!(tc.moves, Some(75));
        assert_eq!(tc.time, Duration::from_secs(60));
        assert_eq!(tc.to_string(), "75/60");
        let tc: TimeControl = "60+0.5".parse().expect("valid");
        assert_eq!((tc.moves, tc.increment), (None, ms(500)));
        assert_eq!(tc.to_string(), "60+0.5");
        for bad in [
            "", "0", "x/60", "0/60", "75/", "60+", "-1", "1e9", "NaN", "60+-1",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }

    #[test]
    fn clocks_count_down_add_increments_and_periods() {
        let tc: TimeControl = "2/10+1".parse().expect("valid");
        let mut clocks = Clocks::new(Timing::Control(tc));
        let turn = clocks.turn(Colour::White);
        let clock = turn.clock.expect("a clock");
        assert_eq!(
            (clock.left, clock.moves_to_go),
            (Duration::from_secs(10), Some(2))
        );
        clocks
            .charge(Colour::White, ms(3000), ms(0))
            .expect("in time");
        let clock = clocks.turn(Colour::White).clock.expect("a clock");
        assert_eq!((clock.left, clock.moves_to_go), (ms(8000), Some(1)));
        assert_eq!(
            clocks
                .turn(Colour::Black)
                .clock
                .expect("a clock")
                .opponent_left,
            ms(8000)
        );
        clocks
            .charge(Colour::White, ms(1000), ms(0))
            .expect("in time");
        // The period's two moves are made: 10 s more.
        let clock = clocks.turn(Colour::White).clock.expect("a clock");
        assert_eq!((clock.left, clock.moves_to_go), (ms(18000), Some(2)));
        let late = clocks.charge(Colour::White, ms(18_200), ms(100));
        assert_eq!(
            late,
            Err(Flagged {
                used: ms(18_200),
                allowed: ms(18_000)
            })
        );
        assert!(clocks.charge(Colour::White, ms(18_050), ms(100)).is_ok());
    }

    #[test]
    fn moves_timed_one_by_one() {
        let mut clocks = Clocks::new(Timing::PerMove(ms(500)));
        assert_eq!(clocks.turn(Colour::Black).allowed(), Some(ms(500)));
        assert!(clocks.charge(Colour::Black, ms(550), ms(100)).is_ok());
        assert!(clocks.charge(Colour::Black, ms(650), ms(100)).is_err());
    }
}
