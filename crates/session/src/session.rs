//! A game in progress on any variant, whatever shows it: the one door front ends use.
//! Each method answers for the board's bitset width through [`Core`], where the rules
//! of a game in progress live.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use bushka_engine::{End, Limits, PlayerSpec};
use bushka_geometry::{Colour, Geometry};
use bushka_rules::{Game, Outcome, Wide, with_board};

use crate::analysis::Analysis;
use crate::computer::{Chosen as ChosenOf, Hint, Thinking as ThinkingOf};
use crate::core::Core;
use crate::described::{DescribedMove, MoveNumber};
use crate::load::game_from_record;
use crate::position::Position;
use crate::replies::{Actions, DrawAnswer, DrawOffer, Ply, SessionError, UndoRequest, Undone};
use crate::setup::{Opening, Setup, StartError};
use crate::variant::Variant;
use crate::width::{Width, erase_from, on_width};

/// A computer player taken out of its session, with a copy of the game, to choose its
/// move away from it (on another thread, say), so that the session stays free to
/// answer questions, take a resignation or an undo meanwhile. Made by
/// [`Session::start_thinking`]; [`Thinking::choose`] gives what
/// [`Session::finish_thinking`] takes back.
pub struct Thinking(Width<ThinkingOf<u64>, ThinkingOf<u128>, ThinkingOf<Wide>>);

/// A computer player that has chosen its move, to give back to its session with
/// [`Session::finish_thinking`].
pub struct Chosen(Width<ChosenOf<u64>, ChosenOf<u128>, ChosenOf<Wide>>);

erase_from!(Thinking, ThinkingOf);
erase_from!(Chosen, ChosenOf);

impl Thinking {
    /// The side the computer plays.
    pub fn side(&self) -> Colour {
        on_width!(&self.0, t => t.side)
    }

    /// Chooses the move: blocks for as long as the player searches; raising `stop`
    /// ends an engine's search early with the best move found so far.
    pub fn choose(self, stop: Arc<AtomicBool>) -> Chosen {
        on_width!(self.0, t => t.choose(stop).into())
    }
}

/// The game in progress at whichever width its board needs.
struct Cores(Width<Core<u64>, Core<u128>, Core<Wide>>);

erase_from!(Cores, Core);

/// A game in progress between people, computer players, or both, on any variant:
/// whose turn it is and who plays it, what a person may do now, moves typed in
/// notation or as two cells, undo, draw offers, resignation, the end, hints, analyses,
/// and the record. Computer moves block, can be stopped, and can be chosen away from
/// the session ([`Session::start_thinking`]).
pub struct Session {
    variant: Variant,
    core: Cores,
}

impl Session {
    /// A session on `variant`'s game from `opening`, as `setup` says.
    pub fn start(
        variant: &Variant,
        opening: Opening<'_>,
        setup: Setup,
    ) -> Result<Session, StartError> {
        let steps = setup.steps;
        let core = with_board!(variant.board(), b => {
            let game = match opening {
                Opening::Start => Game::from_position_within(Arc::clone(b), b.start_position(), steps)?,
                Opening::Position(text) => {
                    let pos = b.parse_position(text)?;
                    Game::from_position_within(Arc::clone(b), pos, steps)?
                }
                Opening::Record(record) => game_from_record(Arc::clone(b), record, steps)?,
            };
            Cores::from(Core::new(game, setup)?)
        });
        Ok(Session {
            variant: variant.clone(),
            core,
        })
    }

    // ---- questions ----

    /// The variant played.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The variant's geometry.
    pub fn geometry(&self) -> &Arc<Geometry> {
        self.variant.geometry()
    }

    /// The position now.
    pub fn position(&self) -> Position {
        on_width!(&self.core.0, s => s.position())
    }

    /// The position after `ply` moves (0: the start), if the game has that many.
    pub fn position_at(&self, ply: usize) -> Option<Position> {
        on_width!(&self.core.0, s => s.position_at(ply))
    }

    /// The legal moves now, described: none once a rule has ended the game (a game
    /// stopped at the ply limit still lists them; see [`Session::end`]).
    pub fn legal_moves(&self) -> Vec<DescribedMove> {
        on_width!(&self.core.0, s => s.legal_moves())
    }

    /// Whether the side to move has a legal move (a game may be over with moves left:
    /// by repetition, agreement, resignation, the ply limit).
    pub fn has_legal_move(&self) -> bool {
        on_width!(&self.core.0, s => s.has_legal_move())
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Colour {
        on_width!(&self.core.0, s => s.side_to_move())
    }

    /// Who plays `side`.
    pub fn spec(&self, side: Colour) -> &PlayerSpec {
        on_width!(&self.core.0, s => s.spec(side))
    }

    /// Whether a person plays `side`.
    pub fn is_human(&self, side: Colour) -> bool {
        on_width!(&self.core.0, s => s.is_human(side))
    }

    /// Whether a person plays either side.
    pub fn has_human(&self) -> bool {
        Colour::BOTH.into_iter().any(|side| self.is_human(side))
    }

    /// Whether the game goes on and the computer is to move.
    pub fn computer_to_move(&self) -> bool {
        self.end().is_none() && !self.is_human(self.side_to_move())
    }

    /// The game's end, by a rule or by the ply limit.
    pub fn end(&self) -> Option<End> {
        on_width!(&self.core.0, s => s.end())
    }

    /// The side whose draw offer waits for an answer.
    pub fn draw_offer(&self) -> Option<Colour> {
        on_width!(&self.core.0, s => s.draw_offer())
    }

    /// The side whose request to take back its move waits for an answer.
    pub fn undo_request(&self) -> Option<Colour> {
        on_width!(&self.core.0, s => s.undo_request())
    }

    /// Moves played so far.
    pub fn plies(&self) -> usize {
        on_width!(&self.core.0, s => s.game().moves().len())
    }

    /// The number of move `ply` (counted from the game's start, 0 first): `12.` before
    /// White's move, `12...` before Black's.
    pub fn move_number(&self, ply: usize) -> MoveNumber {
        on_width!(&self.core.0, s => s.move_number(ply))
    }

    /// Every move so far, described.
    pub fn history(&self) -> Vec<Ply> {
        on_width!(&self.core.0, s => s.history())
    }

    /// The last move, described.
    pub fn last_ply(&self) -> Option<Ply> {
        on_width!(&self.core.0, s => s.last_ply())
    }

    /// The record's tags.
    pub fn tags(&self) -> &[(String, String)] {
        on_width!(&self.core.0, s => s.tags())
    }

    /// The game record (PDN) of the game so far.
    pub fn record_text(&self) -> String {
        on_width!(&self.core.0, s => s.record_text())
    }

    /// The position after `ply` moves, with the game's history up to it, to search;
    /// `None` past the game's end.
    pub fn analysis_at(&self, ply: usize) -> Option<Analysis> {
        on_width!(&self.core.0, s => s.analysis_at(ply))
    }

    /// The person who resigns or offers a draw now: the side to move if a person plays
    /// it, otherwise the only person in the game.
    pub fn acting_person(&self) -> Option<Colour> {
        on_width!(&self.core.0, s => s.acting_person())
    }

    /// What the acting person may do now; each answer is the command's own check.
    pub fn actions(&self) -> Actions {
        on_width!(&self.core.0, s => s.actions())
    }

    /// What the person playing `side` may do now (the game between two people seen
    /// from one seat): ask to take back their move, offer a draw, resign.
    pub fn actions_of(&self, side: Colour) -> Actions {
        on_width!(&self.core.0, s => s.actions_of(side))
    }

    // ---- commands ----

    /// Plays the move a person to move typed: notation or two cells (see
    /// [`Position::find_move`]).
    pub fn play_text(&mut self, text: &str) -> Result<Ply, SessionError> {
        on_width!(&mut self.core.0, s => s.play_text(text))
    }

    /// The computer chooses and plays the side to move's move. This blocks for as long
    /// as the player searches; raising `stop` ends an engine's search early with the
    /// best move found so far. A player that finds no move resigns (`Ok(None)`).
    pub fn computer_move(&mut self, stop: Arc<AtomicBool>) -> Result<Option<Ply>, SessionError> {
        let chosen = self.start_thinking()?.choose(stop);
        self.finish_thinking(chosen)
    }

    /// Takes out the computer player of the side to move, with a copy of the game, to
    /// choose its move away from the session (see [`Thinking`]); until it is given
    /// back, that side cannot think again.
    pub fn start_thinking(&mut self) -> Result<Thinking, SessionError> {
        on_width!(&mut self.core.0, s => s.start_thinking().map(Thinking::from))
    }

    /// Gives the computer player back and plays the move it chose, if the game is
    /// still where it was when it started thinking (else [`SessionError::Stale`]: an
    /// undo or a resignation came first). A player that found no move resigns
    /// (`Ok(None)`).
    pub fn finish_thinking(&mut self, chosen: Chosen) -> Result<Option<Ply>, SessionError> {
        match self.core.0.as_mut().zip(chosen.0) {
            Some(pair) => on_width!(pair, (s, c) => s.finish_thinking(c)),
            // A computer of another board: not this session's.
            None => Err(SessionError::Stale),
        }
    }

    /// A suggested move for the side to move, searched within `limits` (blocking;
    /// `stop` ends it early). `None` when the game is over.
    pub fn hint(&mut self, limits: &Limits, stop: Arc<AtomicBool>) -> Option<Hint> {
        on_width!(&mut self.core.0, s => s.hint(limits, stop))
    }

    /// `side` resigns (a person, at any moment of the game).
    pub fn resign(&mut self, side: Colour) -> Result<Outcome, SessionError> {
        on_width!(&mut self.core.0, s => s.resign(side))
    }

    /// `side` loses on time (its clock, which the front end keeps, ran out); the game
    /// must be going on.
    pub fn lose_on_time(&mut self, side: Colour) -> Result<Outcome, SessionError> {
        on_width!(&mut self.core.0, s => s.lose_on_time(side))
    }

    /// `side`, a person to move, offers a draw. A person opponent is asked (answer
    /// with [`Session::answer_draw`]); a computer answers at once, accepting when its
    /// search (with its own limits, blocking; `stop` ends it early) finds the position
    /// even within a quarter of a man.
    pub fn offer_draw(
        &mut self,
        side: Colour,
        stop: Arc<AtomicBool>,
    ) -> Result<DrawOffer, SessionError> {
        on_width!(&mut self.core.0, s => s.offer_draw(side, stop))
    }

    /// `side` answers the draw offered to it.
    pub fn answer_draw(&mut self, side: Colour, accept: bool) -> Result<DrawAnswer, SessionError> {
        on_width!(&mut self.core.0, s => s.answer_draw(side, accept))
    }

    /// Takes back the last move of a person and every move after it (against the
    /// computer: its reply and your move; between people: one move). After a
    /// resignation or an agreed draw, takes back only that. Withdraws a waiting draw
    /// offer.
    pub fn undo(&mut self) -> Result<Undone, SessionError> {
        on_width!(&mut self.core.0, s => s.undo())
    }

    /// The person playing `side` asks to take back their last move and every move
    /// after it (after a resignation or an agreed draw: that). A person opponent is
    /// asked (answer with [`Session::answer_undo`]); against the computer it is taken
    /// back at once. A loss on time is final.
    pub fn ask_undo(&mut self, side: Colour) -> Result<UndoRequest, SessionError> {
        on_width!(&mut self.core.0, s => s.ask_undo(side))
    }

    /// `side` answers the other person's request to take back a move: what was taken
    /// back when it accepts.
    pub fn answer_undo(
        &mut self,
        side: Colour,
        accept: bool,
    ) -> Result<Option<Undone>, SessionError> {
        on_width!(&mut self.core.0, s => s.answer_undo(side, accept))
    }
}
