//! A game the server holds: its [`Session`], its drawing, and the flag that stops its
//! computer player's search.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bushka_geometry::{ByColour, Cell, Colour};
use bushka_session::Session;
use serde::Serialize;

use crate::layout::Layout;
use crate::view::{PositionView, player_name, position_view};

/// A held game.
pub struct GameEntry {
    /// The session, locked by one request at a time (a computer move lets go of it
    /// while it thinks, on a search thread).
    pub session: Arc<tokio::sync::Mutex<Session>>,
    /// The board's drawing, worked out once.
    pub layout: Layout,
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
    /// A held game around a session.
    pub fn new(session: Session) -> GameEntry {
        let layout = Layout::of(session.geometry());
        GameEntry {
            session: Arc::new(tokio::sync::Mutex::new(session)),
            layout,
            stop: std::sync::Mutex::default(),
        }
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

/// Who plays a side.
#[derive(Debug, Clone, Serialize)]
pub struct PlayerView {
    /// The player spec (`human`, `random:seed=0`, `engine:movetime=1000`).
    pub spec: String,
    /// The name shown (a person's name from a loaded record, or the spec).
    pub label: String,
    /// Whether a person plays it.
    pub human: bool,
}

/// A move of the game, for the move list and the board's last-move marks.
#[derive(Debug, Clone, Serialize)]
pub struct PlyView {
    /// Full-move number.
    pub number: usize,
    /// `white` or `black`.
    pub side: &'static str,
    /// Notation.
    pub text: String,
    /// Origin cell.
    pub from: usize,
    /// Destination cell.
    pub to: usize,
    /// The route taken, origin first.
    pub route: Vec<usize>,
    /// The cells of the pieces taken.
    pub captured: Vec<usize>,
}

/// How the game ended.
#[derive(Debug, Clone, Serialize)]
pub struct OutcomeView {
    /// `1-0`, `0-1`, `1/2-1/2`.
    pub result: &'static str,
    /// `White wins: Black has no legal move`.
    pub text: String,
}

/// A game as the browser shows it.
#[derive(Debug, Clone, Serialize)]
pub struct GameView {
    /// The game's id.
    pub id: String,
    /// The board's drawing.
    pub layout: Layout,
    /// White's player.
    pub white: PlayerView,
    /// Black's player.
    pub black: PlayerView,
    /// The moves so far.
    pub moves: Vec<PlyView>,
    /// The position now, with the legal moves (none once the game is over).
    pub current: PositionView,
    /// The end, once the game is over.
    pub outcome: Option<OutcomeView>,
    /// `human` or `computer` while the game goes on.
    pub to_move: Option<&'static str>,
    /// The side whose draw offer waits for the other person's answer.
    pub draw_offer: Option<&'static str>,
    /// Whether undo has something to take back (the session's own check).
    pub can_undo: bool,
    /// Whether the side to move is a person who may offer a draw.
    pub can_offer_draw: bool,
    /// Whether a person may resign now.
    pub can_resign: bool,
    /// What the last request did, in words (an undo, a draw answer).
    pub message: Option<String>,
}

fn player_view(session: &Session, side: Colour, labels: &ByColour<String>) -> PlayerView {
    PlayerView {
        spec: session.spec(side).to_string(),
        label: labels[side].clone(),
        human: session.is_human(side),
    }
}

/// The moves of the game as the move list shows them.
pub fn ply_views(session: &Session) -> Vec<PlyView> {
    session
        .history()
        .into_iter()
        .map(|ply| {
            let mv = ply.mv;
            let cells = |cells: Vec<Cell>| cells.into_iter().map(Cell::index).collect();
            PlyView {
                number: ply.number.full,
                side: player_name(ply.side),
                text: mv.text,
                from: mv.from.index(),
                to: mv.to.index(),
                route: cells(
                    mv.routes
                        .into_iter()
                        .next()
                        .unwrap_or_else(|| vec![mv.from, mv.to]),
                ),
                captured: cells(mv.captured),
            }
        })
        .collect()
}

/// The view of a session.
pub fn game_view(
    id: &str,
    layout: &Layout,
    session: &Session,
    message: Option<String>,
) -> GameView {
    let labels = labels(session);
    let end = session.end();
    let actions = session.actions();
    GameView {
        id: id.to_string(),
        layout: layout.clone(),
        white: player_view(session, Colour::White, &labels),
        black: player_view(session, Colour::Black, &labels),
        moves: ply_views(session),
        current: position_view(&session.position(), &session.legal_moves()),
        outcome: end.as_ref().map(|end| OutcomeView {
            result: end.result_text(),
            text: end.to_string(),
        }),
        to_move: end.is_none().then(|| {
            if session.computer_to_move() {
                "computer"
            } else {
                "human"
            }
        }),
        draw_offer: session.draw_offer().map(player_name),
        can_undo: actions.undo,
        can_offer_draw: actions.offer_draw,
        can_resign: actions.resign,
        message,
    }
}

/// The players' names as the record's `White` and `Black` tags give them.
fn labels(session: &Session) -> ByColour<String> {
    ByColour::from_fn(|side| {
        session
            .tags()
            .iter()
            .find(|(key, _)| key == side.name())
            .map_or_else(|| session.spec(side).to_string(), |(_, v)| v.clone())
    })
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
