//! What a session answers: the moves it plays and takes back, draw offers and their
//! answers, what a person may do now, and the requests it refuses.

use bushka_geometry::Colour;
use bushka_rules::{GameError, Outcome};

use crate::described::{DescribedMove, MoveNumber};
use crate::find::Unresolved;

/// A request the session refuses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    /// The game has ended.
    #[error("the game is over")]
    Over,
    /// The side to move is played by the computer.
    #[error("{} is played by the computer", .0.name())]
    ComputerToMove(Colour),
    /// The side to move is played by a person.
    #[error("{} is played by a person", .0.name())]
    HumanToMove(Colour),
    /// The side named is played by the computer, not a person.
    #[error("{} is not played by a person", .0.name())]
    NotHuman(Colour),
    /// It is not this side's turn.
    #[error("it is not {}'s turn", .0.name())]
    NotYourTurn(Colour),
    /// A draw offer by this side waits for its answer.
    #[error("{} has offered a draw; it must be answered first", .0.name())]
    DrawOffered(Colour),
    /// No draw offer waits for this side's answer.
    #[error("no draw has been offered to {}", .0.name())]
    NoDrawOffer(Colour),
    /// This side's request to take back its move waits for an answer.
    #[error("{} has already asked to take back a move", .0.name())]
    UndoRequested(Colour),
    /// No request to take back a move waits for this side's answer.
    #[error("no one has asked {} to take back a move", .0.name())]
    NoUndoRequest(Colour),
    /// The computer player of this side is out thinking.
    #[error("{} is already thinking", .0.name())]
    Thinking(Colour),
    /// The game changed while the computer was thinking; its move was not played.
    #[error("the game changed while the computer was thinking")]
    Stale,
    /// Undo found no move of a person's to take back.
    #[error("nothing to take back")]
    NothingToUndo,
    /// The move is not legal here.
    #[error("that move is not legal here")]
    Illegal,
    /// The move leads to a position whose legal moves take more work to list than a
    /// game allows (a hostile board); it was not played.
    #[error("that move cannot be played: {0}")]
    Unlisted(GameError),
    /// Text that names no legal move.
    #[error(transparent)]
    Unresolved(#[from] Unresolved),
    /// The program that plays `side` failed (it crashed, hung, or wrote garbage or
    /// an illegal move): it loses the game.
    #[error("{}'s program failed ({fault}) and loses the game", .side.name())]
    PlayerFailed {
        /// The side it played.
        side: Colour,
        /// What went wrong.
        fault: String,
    },
}

/// A move of the game, described.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ply {
    /// Its index among the game's moves (0 for the first).
    pub index: usize,
    /// Its number: `12.` before a White move, `12...` before a Black one.
    pub number: MoveNumber,
    /// The side that played it.
    pub side: Colour,
    /// The move: notation, route, cells.
    pub mv: DescribedMove,
}

/// What [`Session::undo`] took back.
#[derive(Debug, Clone)]
pub enum Undone {
    /// A resignation or an agreed draw (the game goes on from the same position).
    Declaration(Outcome),
    /// These moves, the earliest first.
    Moves(Vec<Ply>),
}

/// How a request to take back a move stands after [`Session::ask_undo`].
#[derive(Debug, Clone)]
pub enum UndoRequest {
    /// The person playing `to` is asked; see [`Session::answer_undo`].
    Pending {
        /// The side asked.
        to: Colour,
    },
    /// The opponent is the computer: taken back at once.
    Done(Undone),
}

/// How a draw offer stands after [`Session::offer_draw`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DrawOffer {
    /// The person playing `to` is asked; see [`Session::answer_draw`].
    Pending {
        /// The side asked.
        to: Colour,
    },
    /// The computer answered at once.
    Decided(DrawAnswer),
}

/// The answer to a draw offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DrawAnswer {
    /// The side that answered.
    pub by: Colour,
    /// Whether it accepted (the game is then drawn by agreement).
    pub accepted: bool,
    /// A computer's judgement of the position from its own view, in centi-men.
    pub judgement: Option<i32>,
}

/// What the person acting now ([`Session::acting_person`]) may do, or what the person
/// playing a side may do ([`Session::actions_of`]): each is true exactly when the
/// command would be carried out.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Actions {
    /// [`Session::undo`] has something to take back (for a side: [`Session::ask_undo`]
    /// may ask to take back its move).
    pub undo: bool,
    /// The person may offer a draw ([`Session::offer_draw`]): it is their move.
    pub offer_draw: bool,
    /// The person may resign ([`Session::resign`]).
    pub resign: bool,
}
