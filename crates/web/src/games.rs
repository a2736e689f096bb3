//! A game the server holds: its [`Live`] session, its drawing, and the flag that stops
//! its computer player's search.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use tokio::sync::watch;

use crate::layout::Layout;
use crate::live::Live;

/// A held game.
pub struct GameEntry {
    /// The game's public id.
    pub id: String,
    /// The game, locked by one request at a time (a computer move lets go of it while
    /// it thinks, on a search thread).
    pub live: Arc<tokio::sync::Mutex<Live>>,
    /// The board's drawing, worked out once.
    pub layout: Layout,
    /// The game's versions, for its live updates.
    events: watch::Receiver<u64>,
    /// What stops the search under way (a computer move or draw judgement).
    stop: std::sync::Mutex<StopState>,
}

/// The stop flag of a game's latest search, and a stop that came before its search.
#[derive(Default)]
struct StopState {
    /// The flag of the latest search.
    flag: Arc<AtomicBool>,
    /// The game's length (moves played) when that search began.
    moves: Option<usize>,
    /// A stop asked for at this game length before any search on it began: a person's
    /// *Stop* can overtake the request that starts the think (they travel apart).
    early: Option<usize>,
}

impl GameEntry {
    /// A held game with this public id.
    pub fn new(id: String, live: Live) -> GameEntry {
        let layout = Layout::of(live.session.geometry());
        GameEntry {
            id,
            events: live.subscribe(),
            live: Arc::new(tokio::sync::Mutex::new(live)),
            layout,
            stop: std::sync::Mutex::default(),
        }
    }

    /// A receiver of the game's versions (see [`Live::subscribe`]).
    pub fn events(&self) -> watch::Receiver<u64> {
        self.events.clone()
    }

    fn stop_state(&self) -> std::sync::MutexGuard<'_, StopState> {
        // Every change to the state is a plain assignment: a panic leaves it whole.
        self.stop.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A fresh stop flag for the search about to start on the game after `moves`
    /// moves; already raised if a stop for that position came first.
    pub fn new_stop_flag(&self, moves: usize) -> Arc<AtomicBool> {
        self.stop_state().begin(moves)
    }

    /// Stops the search on the game after `moves` moves: the one under way, or, when
    /// none has begun on that position yet, the next to begin on it.
    pub fn stop_at(&self, moves: usize) {
        self.stop_state().stop_at(moves);
    }

    /// Stops the latest search, whatever its position (the game is going away).
    pub fn stop(&self) {
        self.stop_state().flag.store(true, Ordering::Relaxed);
    }
}

impl StopState {
    fn begin(&mut self, moves: usize) -> Arc<AtomicBool> {
        let flag = Arc::new(AtomicBool::new(self.early == Some(moves)));
        *self = StopState {
            flag: Arc::clone(&flag),
            moves: Some(moves),
            early: None,
        };
        flag
    }

    fn stop_at(&mut self, moves: usize) {
        if self.moves == Some(moves) {
            self.flag.store(true, Ordering::Relaxed);
        } else {
            self.early = Some(moves);
        }
    }
}

/// Raises a stop flag when dropped: a request that is abandoned (the browser went
/// away, the request timed out) stops its search.
pub struct StopOnDrop(pub Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raised(flag: &AtomicBool) -> bool {
        flag.load(Ordering::Relaxed)
    }

    #[test]
    fn a_stop_reaches_the_search_on_its_position_whichever_comes_first() {
        let mut state = StopState::default();
        // The search began, then the stop came.
        let first = state.begin(3);
        assert!(!raised(&first));
        state.stop_at(3);
        assert!(raised(&first));
        // The stop overtook the request that starts the search on move 5.
        state.stop_at(5);
        assert!(raised(&state.begin(5)), "a stop that came first is kept");
        assert!(!raised(&state.begin(5)), "and used once");
    }

    #[test]
    fn a_stop_for_another_position_leaves_a_search_alone() {
        let mut state = StopState::default();
        let running = state.begin(4);
        // A late stop, meant for the think before this one.
        state.stop_at(3);
        assert!(!raised(&running));
        // A stop clicked after the reply came (a person is to move) does not carry
        // over to the computer's next think, on a later position.
        state.stop_at(6);
        assert!(!raised(&state.begin(7)));
    }
}
