//! A work budget for move generation.
//!
//! Piece-capture search can take exponential time on hostile boards (issue 9: a long
//! king among men spaced so that it can take them in countless orders). A [`Budget`]
//! travels with a [`MoveList`](crate::MoveList): the capture search spends one step per
//! sequence state it visits and, every [`POLL_STEPS`] steps, reads the clock and the
//! stop flag. When a limit is hit the generation gives up: the list is emptied and
//! [`MoveList::exhausted`](crate::MoveList::exhausted) names the limit. A list made by
//! [`MoveList::new`](crate::MoveList::new) has no limit; the budget costs one
//! decrement per search state either way (no allocation, no clock read).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Capture-search steps the programs allow one move generation (`moves`, `perft`,
/// the engine, the web app): some seconds of work on the most hostile boards, far
/// more than any real game position needs.
pub const MAX_GENERATION_STEPS: u64 = 50_000_000;

/// Steps between two readings of the clock and the stop flag.
pub const POLL_STEPS: u64 = 4096;

/// The limit that stopped a move generation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum GenerationLimit {
    /// More capture-search steps than the budget allows for one generation.
    #[error(
        "move generation stopped after {0} capture-search steps (the limit for one position): the position has too many capture sequences to list"
    )]
    Steps(u64),
    /// The deadline passed during the generation.
    #[error("move generation stopped at the time limit")]
    Deadline,
    /// The stop flag was raised during the generation.
    #[error("move generation stopped on request")]
    Stopped,
}

/// Limits on the work of one move generation: capture-search steps, a deadline, a
/// stop flag. The default has none.
#[derive(Debug, Clone)]
pub struct Budget {
    /// Steps one generation may take.
    steps: u64,
    deadline: Option<Instant>,
    stop: Option<Arc<AtomicBool>>,
    /// Steps left before the next poll.
    until_poll: u64,
    /// Steps left in this generation after the current poll interval.
    left: u64,
    exhausted: Option<GenerationLimit>,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::steps(u64::MAX)
    }
}

impl Budget {
    /// A budget of `steps` capture-search steps per generation.
    pub fn steps(steps: u64) -> Budget {
        let mut budget = Budget {
            steps,
            deadline: None,
            stop: None,
            until_poll: 0,
            left: 0,
            exhausted: None,
        };
        budget.restart();
        budget
    }

    /// Also stops a generation at `deadline`.
    pub fn with_deadline(mut self, deadline: Option<Instant>) -> Budget {
        self.deadline = deadline;
        self
    }

    /// Also stops a generation when `flag` is raised.
    pub fn with_stop(mut self, flag: Option<Arc<AtomicBool>>) -> Budget {
        self.stop = flag;
        self
    }

    /// The limit that stopped the last generation, if one did.
    pub fn exhausted(&self) -> Option<GenerationLimit> {
        self.exhausted
    }

    /// Sets the steps each later generation may take (the deadline and the stop flag
    /// stay).
    pub fn set_steps(&mut self, steps: u64) {
        self.steps = steps;
    }

    /// The steps the last generation took (all of them when it ran out of steps).
    pub fn spent(&self) -> u64 {
        self.steps - self.left - self.until_poll
    }

    /// Starts a new generation: the full step allowance, nothing exhausted.
    #[inline]
    pub(crate) fn restart(&mut self) {
        self.until_poll = self.steps.min(POLL_STEPS);
        self.left = self.steps - self.until_poll;
        self.exhausted = None;
    }

    /// Spends one step; false when the generation must give up.
    #[inline]
    pub(crate) fn spend(&mut self) -> bool {
        if self.until_poll > 0 {
            self.until_poll -= 1;
            return true;
        }
        self.poll()
    }

    #[cold]
    fn poll(&mut self) -> bool {
        if self.exhausted.is_some() {
            return false;
        }
        let limit = if self.left == 0 {
            Some(GenerationLimit::Steps(self.steps))
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(GenerationLimit::Deadline)
        } else if self
            .stop
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
        {
            Some(GenerationLimit::Stopped)
        } else {
            None
        };
        if limit.is_some() {
            self.exhausted = limit;
            return false;
        }
        // This call spends the first step of the new interval.
        self.until_poll = self.left.min(POLL_STEPS) - 1;
        self.left -= self.until_poll + 1;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_budget_allows_exactly_its_steps() {
        for steps in [
            0,
            1,
            5,
            POLL_STEPS - 1,
            POLL_STEPS,
            POLL_STEPS + 1,
            3 * POLL_STEPS + 7,
        ] {
            let mut budget = Budget::steps(steps);
            let spent = (0..4 * POLL_STEPS + 100)
                .take_while(|_| budget.spend())
                .count();
            assert_eq!(spent as u64, steps);
            assert_eq!(budget.spent(), steps);
            assert_eq!(budget.exhausted(), Some(GenerationLimit::Steps(steps)));
            assert!(!budget.spend(), "an exhausted budget stays exhausted");
            budget.restart();
            assert_eq!(budget.exhausted(), None);
            assert_eq!(
                (0..4 * POLL_STEPS + 100)
                    .take_while(|_| budget.spend())
                    .count() as u64,
                steps
            );
        }
    }

    #[test]
    fn a_past_deadline_and_a_raised_flag_stop_at_the_next_poll() {
        let mut budget = Budget::default().with_deadline(Some(Instant::now()));
        let spent = (0..10 * POLL_STEPS).take_while(|_| budget.spend()).count();
        assert_eq!(spent as u64, POLL_STEPS);
        assert_eq!(budget.exhausted(), Some(GenerationLimit::Deadline));
        let flag = Arc::new(AtomicBool::new(false));
        let mut budget = Budget::default().with_stop(Some(flag.clone()));
        assert!((0..3 * POLL_STEPS).all(|_| budget.spend()));
        flag.store(true, Ordering::Relaxed);
        assert!((0..2 * POLL_STEPS).any(|_| !budget.spend()));
        assert_eq!(budget.exhausted(), Some(GenerationLimit::Stopped));
    }

    #[test]
    fn spent_counts_the_steps_of_the_last_generation() {
        let mut budget = Budget::steps(3 * POLL_STEPS);
        assert_eq!(budget.spent(), 0);
        for steps in [
            1,
            POLL_STEPS - 1,
            POLL_STEPS,
            POLL_STEPS + 5,
            2 * POLL_STEPS + 1,
        ] {
            budget.restart();
            assert!((0..steps).all(|_| budget.spend()));
            assert_eq!(budget.spent(), steps);
        }
        budget.set_steps(10);
        budget.restart();
        assert_eq!((0..20).take_while(|_| budget.spend()).count(), 10);
        assert_eq!(budget.spent(), 10);
        assert_eq!(budget.exhausted(), Some(GenerationLimit::Steps(10)));
    }

    #[test]
    fn no_limit_never_stops() {
        let mut budget = Budget::default();
        assert!((0..10 * POLL_STEPS).all(|_| budget.spend()));
        assert_eq!(budget.exhausted(), None);
    }
}
