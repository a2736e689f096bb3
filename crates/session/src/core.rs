//! A game in progress on a board of one bitset width: whose turn it is and who plays
//! it, moves, undo, draw offers, resignation, the end, and the record.
//! [`Session`](crate::Session) erases the width; the rules of the game in progress are
//! all here.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use bushka_engine::{Answer, End, Limits, PlayerSpec};
use bushka_geometry::{ByColour, Colour};
use bushka_rules::{Bits, Board, DrawReason, Game, GameError, Move, Outcome, Record, WinReason};

use crate::analysis::{Analysis, Root};
use crate::computer::{Analyst, Chosen, Computer, Hint, Memory, Thinking, judging_limits};
use crate::described::{DescribedMove, MoveNumber, describe, describe_all};
use crate::find::find_move;
use crate::position::{Placed, Position};
use crate::replies::{Actions, DrawAnswer, DrawOffer, Ply, SessionError, UndoRequest, Undone};
use crate::setup::{Setup, StartError};

/// A game in progress between people, computer players, or both, on a board of
/// bitset width `B`.
pub(crate) struct Core<B: Bits> {
    board: Arc<Board<B>>,
    game: Game<B>,
    specs: ByColour<PlayerSpec>,
    computers: ByColour<Option<Computer<B>>>,
    tags: Vec<(String, String)>,
    max_plies: Option<usize>,
    memory: Memory,
    analyst: Analyst<B>,
    /// The side whose draw offer waits for a person's answer.
    draw_offer: Option<Colour>,
    /// The side whose request to take back its move waits for a person's answer.
    undo_request: Option<Colour>,
}

/// What [`Core::undo`] would take back.
enum UndoPlan {
    /// A resignation or an agreed draw.
    Declaration(Outcome),
    /// The moves from this index on.
    From(usize),
}

impl<B: Erase> Core<B> {
    /// A session on `game` as `setup` says.
    pub(crate) fn new(game: Game<B>, setup: Setup) -> Result<Core<B>, StartError> {
        let board = Arc::clone(game.board());
        let Setup {
            specs,
            tables,
            tags,
            max_plies,
            memory,
            seed,
            ..
        } = setup;
        let [white, black] = Colour::BOTH
            .map(|side| Computer::build(&specs[side], &board, seed, tables[side].clone()));
        let computers = ByColour::new(
            white.map_err(StartError::Player)?,
            black.map_err(StartError::Player)?,
        );
        Ok(Core {
            board,
            game,
            specs,
            computers,
            tags,
            max_plies,
            memory,
            analyst: Analyst::new(memory),
            draw_offer: None,
            undo_request: None,
        })
    }

    // ---- questions ----

    pub(crate) fn game(&self) -> &Game<B> {
        &self.game
    }

    pub(crate) fn position(&self) -> Position {
        B::position(Placed::new(&self.board, *self.game.position()))
    }

    pub(crate) fn position_at(&self, ply: usize) -> Option<Position> {
        let pos = self.game.positions().get(ply)?;
        Some(B::position(Placed::new(&self.board, *pos)))
    }

    pub(crate) fn legal_moves(&self) -> Vec<DescribedMove> {
        describe_all(&self.board, self.game.position(), self.game.legal_moves())
    }

    pub(crate) fn has_legal_move(&self) -> bool {
        !matches!(
            self.game.outcome(),
            Some(Outcome::Win {
                reason: WinReason::NoLegalMove | WinReason::RanOutOfMoves | WinReason::FirstKing,
                ..
            })
        )
    }

    pub(crate) fn side_to_move(&self) -> Colour {
        self.game.position().side()
    }

    pub(crate) fn spec(&self, side: Colour) -> &PlayerSpec {
        &self.specs[side]
    }

    pub(crate) fn is_human(&self, side: Colour) -> bool {
        *self.spec(side) == PlayerSpec::Human
    }

    pub(crate) fn end(&self) -> Option<End> {
        if let Some(outcome) = self.game.outcome() {
            return Some(End::Rule(outcome));
        }
        match self.max_plies {
            Some(n) if self.game.moves().len() >= n => Some(End::PlyLimit),
            _ => None,
        }
    }

    pub(crate) fn draw_offer(&self) -> Option<Colour> {
        self.draw_offer
    }

    pub(crate) fn undo_request(&self) -> Option<Colour> {
        self.undo_request
    }

    pub(crate) fn move_number(&self, ply: usize) -> MoveNumber {
        MoveNumber::of_ply(ply, self.game.start().side(), self.board.rules().first)
    }

    /// Move `index` of the game, described.
    fn ply(&self, index: usize) -> Ply {
        let pos = &self.game.positions()[index];
        let mv = self.game.moves()[index];
        let legal = self.board.moves(pos);
        let text = self.board.move_text(pos, &mv, legal.as_slice());
        Ply {
            index,
            number: self.move_number(index),
            side: pos.side(),
            mv: describe(&self.board, pos, &mv, text),
        }
    }

    pub(crate) fn history(&self) -> Vec<Ply> {
        (0..self.game.moves().len()).map(|i| self.ply(i)).collect()
    }

    pub(crate) fn last_ply(&self) -> Option<Ply> {
        self.game.moves().len().checked_sub(1).map(|i| self.ply(i))
    }

    pub(crate) fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    pub(crate) fn record_text(&self) -> String {
        Record::write(&self.game, &self.tags)
    }

    pub(crate) fn analysis_at(&self, ply: usize) -> Option<Analysis> {
        let moves = self.game.moves().len();
        if ply > moves {
            return None;
        }
        let mut at = self.game.clone();
        for _ in ply..moves {
            at.undo();
        }
        Some(B::analysis(Root::Game(Box::new(at))))
    }

    // ---- what a person may do ----

    /// The person who resigns or offers a draw now: the side to move if a person plays
    /// it, otherwise the only person in the game.
    pub(crate) fn acting_person(&self) -> Option<Colour> {
        let side = self.side_to_move();
        [side, side.opponent()]
            .into_iter()
            .find(|&s| self.is_human(s))
    }

    pub(crate) fn actions(&self) -> Actions {
        let person = self.acting_person();
        Actions {
            undo: self.undo_plan(None).is_ok(),
            offer_draw: person.is_some_and(|side| self.check_offer(side).is_ok()),
            resign: person.is_some_and(|side| self.check_resign(side).is_ok()),
        }
    }

    pub(crate) fn actions_of(&self, side: Colour) -> Actions {
        Actions {
            undo: self.check_ask_undo(side).is_ok(),
            offer_draw: self.check_offer(side).is_ok(),
            resign: self.check_resign(side).is_ok(),
        }
    }

    /// Refuses when the game is over or a draw offer waits for its answer.
    fn check_going_on(&self) -> Result<(), SessionError> {
        if self.end().is_some() {
            return Err(SessionError::Over);
        }
        match self.draw_offer {
            Some(side) => Err(SessionError::DrawOffered(side)),
            None => Ok(()),
        }
    }

    /// Whether `side` may offer a draw now: a person to move in a game going on.
    fn check_offer(&self, side: Colour) -> Result<(), SessionError> {
        self.check_going_on()?;
        if !self.is_human(side) {
            return Err(SessionError::NotHuman(side));
        }
        if side != self.side_to_move() {
            return Err(SessionError::NotYourTurn(side));
        }
        Ok(())
    }

    /// Whether `side` may resign now: a person, in a game going on.
    fn check_resign(&self, side: Colour) -> Result<(), SessionError> {
        if self.end().is_some() {
            return Err(SessionError::Over);
        }
        if !self.is_human(side) {
            return Err(SessionError::NotHuman(side));
        }
        Ok(())
    }

    /// Whether `side` may ask to take back its last move now: a person with a move (or
    /// a declared end) to take back, and no request of its own waiting.
    fn check_ask_undo(&self, side: Colour) -> Result<UndoPlan, SessionError> {
        if !self.is_human(side) {
            return Err(SessionError::NotHuman(side));
        }
        if self.undo_request == Some(side) {
            return Err(SessionError::UndoRequested(side));
        }
        self.undo_plan(Some(side))
    }

    /// What undo takes back now: a resignation or an agreed draw, else the last move
    /// of `by` (of any person when `None`) and every move after it. A loss on time is
    /// final.
    fn undo_plan(&self, by: Option<Colour>) -> Result<UndoPlan, SessionError> {
        if let Some(Outcome::Win {
            reason: WinReason::Time,
            ..
        }) = self.game.outcome()
        {
            return Err(SessionError::Over);
        }
        if let Some(
            outcome @ (Outcome::Win {
                reason: WinReason::Resignation,
                ..
            }
            | Outcome::Draw {
                reason: DrawReason::Agreement,
            }),
        ) = self.game.outcome()
        {
            return Ok(UndoPlan::Declaration(outcome));
        }
        (0..self.game.moves().len())
            .rev()
            .find(|&i| {
                let mover = self.game.positions()[i].side();
                by.map_or(self.is_human(mover), |side| side == mover)
            })
            .map(UndoPlan::From)
            .ok_or(SessionError::NothingToUndo)
    }

    // ---- commands ----

    pub(crate) fn play_text(&mut self, text: &str) -> Result<Ply, SessionError> {
        self.check_going_on()?;
        let mv = find_move(&self.board, self.game.position(), text)?;
        let side = self.side_to_move();
        if !self.is_human(side) {
            return Err(SessionError::ComputerToMove(side));
        }
        self.play(&mv)
    }

    fn play(&mut self, mv: &Move<B>) -> Result<Ply, SessionError> {
        self.game.play(mv).map_err(|e| match e {
            GameError::Unlisted { .. } => SessionError::Unlisted(e),
            GameError::Illegal | GameError::Over(_) => SessionError::Illegal,
        })?;
        // A move answers a request to take one back: the request lapses.
        self.undo_request = None;
        Ok(self.ply(self.game.moves().len() - 1))
    }

    pub(crate) fn start_thinking(&mut self) -> Result<Thinking<B>, SessionError> {
        self.check_going_on()?;
        let side = self.side_to_move();
        if self.is_human(side) {
            return Err(SessionError::HumanToMove(side));
        }
        let computer = self.computers[side]
            .take()
            .ok_or(SessionError::Thinking(side))?;
        Ok(Thinking {
            side,
            game: self.game.clone(),
            computer,
            memory: self.memory,
        })
    }

    pub(crate) fn finish_thinking(
        &mut self,
        chosen: Chosen<B>,
    ) -> Result<Option<Ply>, SessionError> {
        let Chosen {
            thinking:
                Thinking {
                    side,
                    game,
                    computer,
                    ..
                },
            choice,
        } = chosen;
        self.computers[side] = Some(computer);
        if game.positions() != self.game.positions() || self.end().is_some() {
            return Err(SessionError::Stale);
        }
        match choice {
            Ok(Answer::Move(mv)) => self.play(&mv).map(Some),
            Ok(Answer::Resign) => {
                self.game.resign(side);
                Ok(None)
            }
            Ok(Answer::EndDrawn) => {
                self.game.agree_draw();
                Ok(None)
            }
            Err(fault) => {
                // A program that failed loses: it is taken as resigning.
                self.game.resign(side);
                Err(SessionError::PlayerFailed {
                    side,
                    fault: fault.to_string(),
                })
            }
        }
    }

    pub(crate) fn hint(&mut self, limits: &Limits, stop: Arc<AtomicBool>) -> Option<Hint> {
        if self.end().is_some() {
            return None;
        }
        self.analyst.hint(&self.game, limits, stop)
    }

    pub(crate) fn resign(&mut self, side: Colour) -> Result<Outcome, SessionError> {
        self.check_resign(side)?;
        self.game.resign(side);
        self.declared()
    }

    pub(crate) fn lose_on_time(&mut self, side: Colour) -> Result<Outcome, SessionError> {
        if self.end().is_some() {
            return Err(SessionError::Over);
        }
        self.game.lose_on_time(side);
        self.declared()
    }

    /// The end just declared, with the offers that waited withdrawn.
    fn declared(&mut self) -> Result<Outcome, SessionError> {
        self.draw_offer = None;
        self.undo_request = None;
        self.game.outcome().ok_or(SessionError::Over)
    }

    pub(crate) fn offer_draw(
        &mut self,
        side: Colour,
        stop: Arc<AtomicBool>,
    ) -> Result<DrawOffer, SessionError> {
        self.check_offer(side)?;
        let other = side.opponent();
        if self.is_human(other) {
            self.draw_offer = Some(side);
            return Ok(DrawOffer::Pending { to: other });
        }
        let limits = judging_limits(self.spec(other));
        let (judgement, even) = self.analyst.judge(&self.game, &limits, stop);
        if even {
            self.game.agree_draw();
        }
        Ok(DrawOffer::Decided(DrawAnswer {
            by: other,
            accepted: even,
            judgement: Some(judgement),
        }))
    }

    pub(crate) fn answer_draw(
        &mut self,
        side: Colour,
        accept: bool,
    ) -> Result<DrawAnswer, SessionError> {
        if self.draw_offer != Some(side.opponent()) {
            return Err(SessionError::NoDrawOffer(side));
        }
        self.draw_offer = None;
        if accept {
            self.game.agree_draw();
        }
        Ok(DrawAnswer {
            by: side,
            accepted: accept,
            judgement: None,
        })
    }

    pub(crate) fn undo(&mut self) -> Result<Undone, SessionError> {
        let plan = self.undo_plan(None)?;
        Ok(self.take_back(plan))
    }

    pub(crate) fn ask_undo(&mut self, side: Colour) -> Result<UndoRequest, SessionError> {
        let plan = self.check_ask_undo(side)?;
        let other = side.opponent();
        if self.is_human(other) {
            self.undo_request = Some(side);
            return Ok(UndoRequest::Pending { to: other });
        }
        Ok(UndoRequest::Done(self.take_back(plan)))
    }

    pub(crate) fn answer_undo(
        &mut self,
        side: Colour,
        accept: bool,
    ) -> Result<Option<Undone>, SessionError> {
        let asker = side.opponent();
        if self.undo_request != Some(asker) {
            return Err(SessionError::NoUndoRequest(side));
        }
        self.undo_request = None;
        if !accept {
            return Ok(None);
        }
        let plan = self.undo_plan(Some(asker))?;
        Ok(Some(self.take_back(plan)))
    }

    /// Carries out `plan`, withdrawing the offers that waited.
    fn take_back(&mut self, plan: UndoPlan) -> Undone {
        self.draw_offer = None;
        self.undo_request = None;
        let moves = self.game.moves().len();
        match plan {
            UndoPlan::Declaration(outcome) => {
                self.rebuild(moves);
                Undone::Declaration(outcome)
            }
            UndoPlan::From(keep) => {
                let taken = (keep..moves).map(|i| self.ply(i)).collect();
                self.rebuild(keep);
                Undone::Moves(taken)
            }
        }
    }

    /// The game with only its first `keep` moves (and no resignation or agreement).
    fn rebuild(&mut self, keep: usize) {
        self.game.withdraw();
        while self.game.moves().len() > keep {
            self.game.undo();
        }
    }
}

/// The bitset widths, with how the code here, generic over them, erases what it
/// builds.
pub(crate) trait Erase: bushka_rules::Bits {
    /// A position on a board of this width, erased.
    fn position(placed: Placed<Self>) -> Position;
    /// An analysis on a board of this width, erased.
    fn analysis(root: Root<Self>) -> Analysis;
}

/// [`Erase`] for one width, through the `From` conversions of
/// [`erase_from!`](crate::width::erase_from).
macro_rules! erase_width {
    ($($bits:ty),*) => {$(
        impl Erase for $bits {
            fn position(placed: Placed<Self>) -> Position {
                placed.into()
            }
            fn analysis(root: Root<Self>) -> Analysis {
                root.into()
            }
        }
    )*};
}

erase_width!(u64, u128, bushka_rules::Wide);
