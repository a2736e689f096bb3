//! A game as the browser shows it, seen through one key: the board, the players, the
//! moves, the clocks, and what that key's holder may do now.

use std::collections::BTreeMap;

use bushka_geometry::{ByColour, Cell, Colour};
use bushka_session::{Actions, Session};
use bushka_store::Access;
use serde::Serialize;

use crate::clock::ClockView;
use crate::layout::Layout;
use crate::live::{Live, now_ms};
use crate::view::{PositionView, player_name, position_view};

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
    /// The key the game was asked for with (what later requests name).
    pub id: String,
    /// The game's public id: its watch link, and its place in the archive.
    pub watch: String,
    /// What the key lets its holder do: `table` (every person's side, on one screen),
    /// `white` or `black` (one seat), `watch`.
    pub access: &'static str,
    /// The game's number of changes so far (the live updates' event id).
    pub version: u64,
    /// The board's drawing (left out of live updates: it never changes).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub layout: Option<Layout>,
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
    /// The side whose request to take back its move waits for the other's answer.
    pub undo_request: Option<&'static str>,
    /// Whether this key's holder may undo (at a table) or ask to (at a seat) now.
    pub can_undo: bool,
    /// Whether this key's holder may offer a draw now (on their move).
    pub can_offer_draw: bool,
    /// Whether this key's holder may resign now.
    pub can_resign: bool,
    /// The clocks, in a game that has them.
    pub clock: Option<ClockView>,
    /// What the last request did, in words (an undo, a draw answer).
    pub message: Option<String>,
    /// The keys to the game by access (`table`, `white`, `black`, `watch`): given
    /// once, to whoever created it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub links: Option<BTreeMap<&'static str, String>>,
}

/// A side's player as a browser sees it: a program by the name its server gives it
/// (the record's tag), never by its command.
fn player_view(session: &Session, side: Colour, labels: &ByColour<String>) -> PlayerView {
    let spec = session.spec(side);
    PlayerView {
        spec: if spec.is_external() {
            labels[side].clone()
        } else {
            spec.to_string()
        },
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

/// What the holder of a key with `access` may do now.
fn actions(session: &Session, access: Access) -> Actions {
    match access {
        Access::Table => session.actions(),
        Access::Seat(side) => session.actions_of(side),
        Access::Watch => Actions::default(),
    }
}

/// The view of a live game through `key`, which gives `access`; with the board's
/// drawing when `layout` is given.
pub fn game_view(
    (key, access): (&str, Access),
    watch: &str,
    layout: Option<&Layout>,
    live: &Live,
    message: Option<String>,
) -> GameView {
    let session = &live.session;
    let labels = labels(session);
    let end = session.end();
    let actions = actions(session, access);
    GameView {
        id: key.to_string(),
        watch: watch.to_string(),
        access: access.name(),
        version: live.version(),
        layout: layout.cloned(),
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
        undo_request: session.undo_request().map(player_name),
        can_undo: actions.undo,
        can_offer_draw: actions.offer_draw,
        can_resign: actions.resign,
        clock: live
            .clock
            .map(|c| c.view(session.side_to_move(), end.is_some(), now_ms())),
        message,
        links: None,
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
