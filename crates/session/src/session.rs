//! A game in progress, whatever shows it: whose turn it is and who plays it, moves,
//! undo, draw offers, resignation, the end, and the record.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use bushka_engine::{End, Limits, PlayerSpec};
use bushka_geometry::Colour;
use bushka_rules::{
    Bits, Board, DrawReason, Game, GameError, Move, Outcome, Position, Record, WinReason,
};

use crate::computer::{Analyst, Computer, Hint, Thinking, judging_limits};
use crate::find::{Unresolved, find_move};

/// Everything a session starts from.
pub struct Setup<B: Bits> {
    /// The game so far (new, from a position, or loaded).
    pub game: Game<B>,
    /// White's and Black's players.
    pub specs: [PlayerSpec; 2],
    /// The record's tags other than FEN and Result (Variant, White, Black, Date...).
    pub tags: Vec<(String, String)>,
    /// Plies after which the game is adjudicated a draw.
    pub max_plies: Option<usize>,
}

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
}

/// A move of the game, described.
#[derive(Debug, Clone)]
pub struct Ply<B: Bits> {
    /// Its index among the game's moves (0 for the first).
    pub index: usize,
    /// `12.` before a White move, `12...` before a Black one.
    pub number: String,
    /// The side that played it.
    pub side: Colour,
    /// The move.
    pub mv: Move<B>,
    /// Its notation.
    pub text: String,
    /// Its full route (`d6-e6-e5x`).
    pub route: String,
    /// The cells of the pieces it took.
    pub captured: Vec<String>,
    /// Whether it crowned a king.
    pub promotes: bool,
}

/// What [`Session::undo`] took back.
#[derive(Debug, Clone)]
pub enum Undone<B: Bits> {
    /// A resignation or an agreed draw (the game goes on from the same position).
    Declaration(Outcome),
    /// These moves, the earliest first.
    Moves(Vec<Ply<B>>),
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

/// A game in progress between people, computer players, or both.
pub struct Session<B: Bits> {
    board: Arc<Board<B>>,
    game: Game<B>,
    specs: [PlayerSpec; 2],
    computers: [Option<Computer<B>>; 2],
    tags: Vec<(String, String)>,
    max_plies: Option<usize>,
    analyst: Analyst<B>,
    /// The side whose draw offer waits for a person's answer.
    draw_offer: Option<Colour>,
}

impl<B: Bits> Session<B> {
    /// A session on `setup`'s game.
    pub fn new(setup: Setup<B>) -> Session<B> {
        let board = Arc::clone(setup.game.board());
        let computers = setup.specs.map(|spec| Computer::build(spec, &board, 0));
        Session {
            board,
            game: setup.game,
            specs: setup.specs,
            computers,
            tags: setup.tags,
            max_plies: setup.max_plies,
            analyst: Analyst::new(),
            draw_offer: None,
        }
    }

    /// The same session with its computer players reseeded by `seed`: those whose
    /// spec names no seed of its own choose differently from one session to the next
    /// (an engine among its near-best moves, a random player among all). Front ends
    /// pass a fresh seed for each new game; without it a session repeats itself.
    pub fn vary(mut self, seed: u64) -> Session<B> {
        self.computers = self
            .specs
            .map(|spec| Computer::build(spec, &self.board, seed));
        self
    }

    // ---- questions ----

    /// The board.
    pub fn board(&self) -> &Arc<Board<B>> {
        &self.board
    }

    /// The game so far.
    pub fn game(&self) -> &Game<B> {
        &self.game
    }

    /// The position now.
    pub fn position(&self) -> &Position<B> {
        self.game.position()
    }

    /// The legal moves now (none once the game is over).
    pub fn legal_moves(&self) -> &[Move<B>] {
        if self.end().is_some() {
            &[]
        } else {
            self.game.legal_moves()
        }
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Colour {
        self.game.position().side()
    }

    /// Who plays `side`.
    pub fn spec(&self, side: Colour) -> PlayerSpec {
        self.specs[side.index()]
    }

    /// Whether a person plays `side`.
    pub fn is_human(&self, side: Colour) -> bool {
        self.spec(side) == PlayerSpec::Human
    }

    /// Whether a person plays either side.
    pub fn has_human(&self) -> bool {
        self.specs.contains(&PlayerSpec::Human)
    }

    /// Whether the game goes on and the computer is to move.
    pub fn computer_to_move(&self) -> bool {
        self.end().is_none() && !self.is_human(self.side_to_move())
    }

    /// The game's end, by a rule or by the ply limit.
    pub fn end(&self) -> Option<End> {
        if let Some(outcome) = self.game.outcome() {
            return Some(End::Rule(outcome));
        }
        match self.max_plies {
            Some(n) if self.game.moves().len() >= n => Some(End::PlyLimit),
            _ => None,
        }
    }

    /// The side whose draw offer waits for an answer.
    pub fn draw_offer(&self) -> Option<Colour> {
        self.draw_offer
    }

    /// `12.` before White's move and `12...` before Black's, for move `ply` (counted
    /// from the game's start, 0 first).
    pub fn move_number(&self, ply: usize) -> String {
        let black_first = self.game.start().side() == Colour::Black;
        let ply = ply + usize::from(black_first);
        if ply.is_multiple_of(2) {
            format!("{}.", ply / 2 + 1)
        } else {
            format!("{}...", ply / 2 + 1)
        }
    }

    /// Move `index` of the game, described.
    fn ply(&self, index: usize) -> Ply<B> {
        let pos = &self.game.positions()[index];
        let mv = self.game.moves()[index];
        let legal = self.board.moves(pos);
        Ply {
            index,
            number: self.move_number(index),
            side: pos.side(),
            mv,
            text: self.board.move_text(pos, &mv, legal.as_slice()),
            route: self.board.route_text(pos, &mv),
            captured: mv
                .captured
                .iter()
                .map(|sq| self.board.name(sq).to_string())
                .collect(),
            promotes: mv.promotes,
        }
    }

    /// Every move so far, described.
    pub fn history(&self) -> Vec<Ply<B>> {
        (0..self.game.moves().len()).map(|i| self.ply(i)).collect()
    }

    /// The record's tags.
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The game record (PDN) of the game so far.
    pub fn record_text(&self) -> String {
        Record::write(&self.game, &self.tags)
    }

    /// The legal move that `text` names (see [`find_move`]).
    pub fn find_move(&self, text: &str) -> Result<Move<B>, Unresolved> {
        find_move(&self.board, self.game.position(), text)
    }

    // ---- commands ----

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

    /// Plays a person's move.
    pub fn play_move(&mut self, mv: &Move<B>) -> Result<Ply<B>, SessionError> {
        self.check_going_on()?;
        let side = self.side_to_move();
        if !self.is_human(side) {
            return Err(SessionError::ComputerToMove(side));
        }
        self.play(mv)
    }

    /// Plays the person's move that `text` names.
    pub fn play_text(&mut self, text: &str) -> Result<Ply<B>, SessionError> {
        self.check_going_on()?;
        let mv = self.find_move(text)?;
        self.play_move(&mv)
    }

    fn play(&mut self, mv: &Move<B>) -> Result<Ply<B>, SessionError> {
        self.game.play(mv).map_err(|e| match e {
            GameError::Unlisted { .. } => SessionError::Unlisted(e),
            GameError::Illegal | GameError::Over(_) => SessionError::Illegal,
        })?;
        Ok(self.ply(self.game.moves().len() - 1))
    }

    /// The computer chooses and plays the side to move's move. This blocks for as
    /// long as the player searches; raising `stop` ends an engine's search early with
    /// the best move found so far. A player that finds no move resigns (`Ok(None)`).
    pub fn computer_move(&mut self, stop: Arc<AtomicBool>) -> Result<Option<Ply<B>>, SessionError> {
        let mut thinking = self.start_thinking()?;
        let choice = thinking.choose(stop);
        self.finish_thinking(thinking, choice)
    }

    /// Takes out the computer player of the side to move, with a copy of the game, to
    /// choose its move away from the session (see [`Thinking`]); until it is given
    /// back, that side cannot think again.
    pub fn start_thinking(&mut self) -> Result<Thinking<B>, SessionError> {
        self.check_going_on()?;
        let side = self.side_to_move();
        if self.is_human(side) {
            return Err(SessionError::HumanToMove(side));
        }
        let computer = self.computers[side.index()]
            .take()
            .ok_or(SessionError::Thinking(side))?;
        Ok(Thinking {
            side,
            game: self.game.clone(),
            computer,
        })
    }

    /// Gives the computer player back and plays the move it chose, if the game is
    /// still where it was when it started thinking (else [`SessionError::Stale`]: an
    /// undo or a resignation came first). A player that found no move resigns
    /// (`Ok(None)`).
    pub fn finish_thinking(
        &mut self,
        thinking: Thinking<B>,
        choice: Option<Move<B>>,
    ) -> Result<Option<Ply<B>>, SessionError> {
        let Thinking {
            side,
            game,
            computer,
        } = thinking;
        self.computers[side.index()] = Some(computer);
        if game.positions() != self.game.positions() || self.end().is_some() {
            return Err(SessionError::Stale);
        }
        match choice {
            Some(mv) => self.play(&mv).map(Some),
            None => {
                self.game.resign(side);
                Ok(None)
            }
        }
    }

    /// A suggested move for the side to move, searched within `limits` (blocking;
    /// `stop` ends it early). `None` when the game is over.
    pub fn hint(&mut self, limits: &Limits, stop: Arc<AtomicBool>) -> Option<Hint<B>> {
        if self.end().is_some() {
            return None;
        }
        self.analyst.hint(&self.game, limits, stop)
    }

    /// `side` resigns (a person, at any moment of the game).
    pub fn resign(&mut self, side: Colour) -> Result<Outcome, SessionError> {
        if self.end().is_some() {
            return Err(SessionError::Over);
        }
        if !self.is_human(side) {
            return Err(SessionError::NotHuman(side));
        }
        self.draw_offer = None;
        self.game.resign(side);
        self.game.outcome().ok_or(SessionError::Over)
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
        self.check_going_on()?;
        if !self.is_human(side) {
            return Err(SessionError::NotHuman(side));
        }
        if side != self.side_to_move() {
            return Err(SessionError::NotYourTurn(side));
        }
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

    /// `side` answers the draw offered to it.
    pub fn answer_draw(&mut self, side: Colour, accept: bool) -> Result<DrawAnswer, SessionError> {
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

    /// Takes back the last move of a person and every move after it (against the
    /// computer: its reply and your move; between people: one move). After a
    /// resignation or an agreed draw, takes back only that. Withdraws a waiting draw
    /// offer.
    pub fn undo(&mut self) -> Result<Undone<B>, SessionError> {
        self.draw_offer = None;
        let moves = self.game.moves().len();
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
            self.rebuild(moves);
            return Ok(Undone::Declaration(outcome));
        }
        let keep = (0..moves)
            .rev()
            .find(|&i| self.is_human(self.game.positions()[i].side()))
            .ok_or(SessionError::NothingToUndo)?;
        let taken = (keep..moves).map(|i| self.ply(i)).collect();
        self.rebuild(keep);
        Ok(Undone::Moves(taken))
    }

    /// The game with only its first `keep` moves (and no resignation or agreement).
    fn rebuild(&mut self, keep: usize) {
        self.game.withdraw();
        while self.game.moves().len() > keep {
            self.game.undo();
        }
    }
}
