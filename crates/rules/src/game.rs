//! A game in progress: history, result, repetition, agreement, undo.

use std::fmt;
use std::sync::Arc;

use bushka_geometry::{Colour, Goal};

use crate::bits::Bits;
use crate::board::Board;
use crate::budget::{Budget, GenerationLimit, MAX_GENERATION_STEPS};
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::Position;

/// Why a game was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WinReason {
    /// The loser had no legal move (no pieces, or all blocked).
    NoLegalMove,
    /// The winner had no legal move (no pieces, or all blocked): the reversed goal
    /// (`goal = "no-moves-wins"`, Antidraughts).
    RanOutOfMoves,
    /// The winner crowned the first king (`goal = "first-king-wins"`, Breakthrough).
    FirstKing,
    /// The loser resigned.
    Resignation,
    /// The loser's clock ran out (a front end that keeps clocks says so).
    Time,
}

/// Why a game was drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DrawReason {
    /// The same position with the same player to move occurred the set number of times.
    Repetition,
    /// The players agreed.
    Agreement,
    /// A lone king held out against a few pieces for the plies the variant's
    /// `lone_king_draw` gives.
    LoneKing,
    /// The variant's count of consecutive king moves without capture was reached
    /// (`rules.king_move_draw`; 50 plies in International draughts).
    KingMoves,
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// One player won.
    Win {
        /// The winner.
        winner: Colour,
        /// Why.
        reason: WinReason,
    },
    /// Nobody won.
    Draw {
        /// Why.
        reason: DrawReason,
    },
}

impl Outcome {
    /// The PDN result: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_text(&self) -> &'static str {
        match self {
            Outcome::Win {
                winner: Colour::White,
                ..
            } => "1-0",
            Outcome::Win {
                winner: Colour::Black,
                ..
            } => "0-1",
            Outcome::Draw { .. } => "1/2-1/2",
        }
    }

    /// The winner, if any.
    pub fn winner(&self) -> Option<Colour> {
        match self {
            Outcome::Win { winner, .. } => Some(*winner),
            Outcome::Draw { .. } => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win {
                winner,
                reason: WinReason::NoLegalMove,
            } => write!(
                f,
                "{} wins: {} has no legal move",
                winner.name(),
                winner.opponent().name()
            ),
            Outcome::Win {
                winner,
                reason: WinReason::RanOutOfMoves,
            } => write!(
                f,
                "{} wins: {0} has no legal move, and that wins here",
                winner.name()
            ),
            Outcome::Win {
                winner,
                reason: WinReason::FirstKing,
            } => write!(f, "{} wins: {0} crowned the first king", winner.name()),
            Outcome::Win {
                winner,
                reason: WinReason::Resignation,
            } => write!(
                f,
                "{} wins: {} resigned",
                winner.name(),
                winner.opponent().name()
            ),
            Outcome::Win {
                winner,
                reason: WinReason::Time,
            } => write!(
                f,
                "{} wins: {} ran out of time",
                winner.name(),
                winner.opponent().name()
            ),
            Outcome::Draw {
                reason: DrawReason::Repetition,
            } => write!(f, "draw by repetition"),
            Outcome::Draw {
                reason: DrawReason::Agreement,
            } => write!(f, "draw by agreement"),
            Outcome::Draw {
                reason: DrawReason::KingMoves,
            } => write!(f, "draw: only king moves without capture for too long"),
            Outcome::Draw {
                reason: DrawReason::LoneKing,
            } => write!(
                f,
                "draw: a lone king held out for as long as the rules allow"
            ),
        }
    }
}

/// A game that cannot start, or a move it cannot take.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The move is not legal in the current position.
    #[error("illegal move")]
    Illegal,
    /// The game is already over.
    #[error("the game is over: {0}")]
    Over(Outcome),
    /// Listing the legal moves of the position reached after `ply` plies (0: the
    /// start) took more work than the game's budget allows: the game cannot go there.
    #[error("{}: {limit}", if *ply == 0 { "the start position".to_string() } else { format!("the position after ply {ply}") })]
    Unlisted {
        /// Plies from the start to the position at fault.
        ply: usize,
        /// The limit the generation ran into.
        limit: GenerationLimit,
    },
}

/// A game: the start position, the moves played, and how it ended.
///
/// Every move listing of a game is bounded by a number of capture-search steps
/// ([`MAX_GENERATION_STEPS`] unless given): a game cannot start from, nor move to, a
/// position whose moves take more to list ([`GameError::Unlisted`]), so no caller
/// hangs on a hostile board and no position is taken as lost for want of a list. The
/// budget counts steps only, so a position listed once is listed again within it
/// (on [`Game::undo`]).
#[derive(Debug, Clone)]
pub struct Game<B: Bits> {
    board: Arc<Board<B>>,
    positions: Vec<Position<B>>,
    moves: Vec<Move<B>>,
    legal: MoveList<B>,
    /// Where the next position's moves are listed before the game moves there.
    next: MoveList<B>,
    declared: Option<Outcome>,
}

impl<B: Bits> Board<B> {
    /// The result of `pos`, which has no legal move, by the variant's goal: the side
    /// to move loses (`goal = "no-moves-loses"`), wins (`"no-moves-wins"`), or, when a
    /// king stands on the board (`"first-king-wins"`), the player who crowned it wins.
    pub fn out_of_moves(&self, pos: &Position<B>) -> Outcome {
        let side = pos.side();
        match self.rules.goal {
            Goal::NoMovesWins => Outcome::Win {
                winner: side,
                reason: WinReason::RanOutOfMoves,
            },
            Goal::FirstKingWins if self.is_over(pos) => Outcome::Win {
                // The player who just moved crowned it (only a set-up position gives
                // the side to move a king as well).
                winner: if pos.kings(side.opponent()).is_empty() {
                    side
                } else {
                    side.opponent()
                },
                reason: WinReason::FirstKing,
            },
            Goal::NoMovesLoses | Goal::FirstKingWins => Outcome::Win {
                winner: side.opponent(),
                reason: WinReason::NoLegalMove,
            },
        }
    }
}

impl<B: Bits> Game<B> {
    /// A game from the variant's start position.
    pub fn new(board: Arc<Board<B>>) -> Result<Game<B>, GameError> {
        let start = board.start_position();
        Game::from_position(board, start)
    }

    /// A game from a given position.
    pub fn from_position(board: Arc<Board<B>>, start: Position<B>) -> Result<Game<B>, GameError> {
        Game::from_position_within(board, start, MAX_GENERATION_STEPS)
    }

    /// A game from a given position whose every move listing may take at most
    /// `steps` capture-search steps.
    pub fn from_position_within(
        board: Arc<Board<B>>,
        start: Position<B>,
        steps: u64,
    ) -> Result<Game<B>, GameError> {
        let mut legal = MoveList::with_budget(Budget::steps(steps));
        board.legal_moves(&start, &mut legal);
        if let Some(limit) = legal.exhausted() {
            return Err(GameError::Unlisted { ply: 0, limit });
        }
        Ok(Game {
            next: MoveList::with_budget(Budget::steps(steps)),
            board,
            positions: vec![start],
            moves: Vec::new(),
            legal,
            declared: None,
        })
    }

    /// The board.
    pub fn board(&self) -> &Arc<Board<B>> {
        &self.board
    }

    /// The position now.
    pub fn position(&self) -> &Position<B> {
        self.positions
            .last()
            .unwrap_or_else(|| unreachable!("a game always has its start"))
    }

    /// The start position.
    pub fn start(&self) -> &Position<B> {
        &self.positions[0]
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move<B>] {
        &self.moves
    }

    /// Every position so far, the start first.
    pub fn positions(&self) -> &[Position<B>] {
        &self.positions
    }

    /// The legal moves now (empty when the game is over).
    pub fn legal_moves(&self) -> &[Move<B>] {
        if self.outcome().is_some() {
            &[]
        } else {
            self.legal.as_slice()
        }
    }

    /// How many times the current position (placement and side) has occurred.
    pub fn repetitions(&self) -> usize {
        let now = self.position();
        self.positions.iter().filter(|p| *p == now).count()
    }

    /// The result, if the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(outcome) = self.declared {
            return Some(outcome);
        }
        if self.legal.is_empty() {
            return Some(self.board.out_of_moves(self.position()));
        }
        if self.repetitions() >= self.board.rules.repetition {
            return Some(Outcome::Draw {
                reason: DrawReason::Repetition,
            });
        }
        let limit = self.board.rules.king_move_draw;
        if limit > 0 && self.king_moves() >= limit {
            return Some(Outcome::Draw {
                reason: DrawReason::KingMoves,
            });
        }
        self.lone_king_draw().map(|_| Outcome::Draw {
            reason: DrawReason::LoneKing,
        })
    }

    /// The entry of the variant's `lone_king_draw` that has drawn the game: its lone
    /// king against at most that many pieces (one a king) for that many plies.
    pub fn lone_king_draw(&self) -> Option<(u8, u16)> {
        let draws = self.board.rules.lone_king_draw;
        if draws.is_empty() {
            return None;
        }
        draws.drawn(|| self.positions.iter().rev().map(Position::against_lone_king))
    }

    /// Consecutive plies, ending with the last, that were king moves without capture.
    pub fn king_moves(&self) -> usize {
        self.moves
            .iter()
            .rev()
            .take_while(|m| m.kind == MoveKind::King)
            .count()
    }

    /// Plays a move (compared by identity with the legal moves). When the moves of
    /// the position it leads to cannot be listed within the game's budget, the move
    /// is refused ([`GameError::Unlisted`]) and the game stays as it was.
    pub fn play(&mut self, mv: &Move<B>) -> Result<(), GameError> {
        if let Some(outcome) = self.outcome() {
            return Err(GameError::Over(outcome));
        }
        let legal = *self
            .legal
            .iter()
            .find(|m| m.same(mv))
            .ok_or(GameError::Illegal)?;
        let next = self.position().play(&self.board, &legal);
        self.board.legal_moves(&next, &mut self.next);
        if let Some(limit) = self.next.exhausted() {
            return Err(GameError::Unlisted {
                ply: self.moves.len() + 1,
                limit,
            });
        }
        std::mem::swap(&mut self.legal, &mut self.next);
        self.positions.push(next);
        self.moves.push(legal);
        Ok(())
    }

    /// Takes back the last move; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Move<B>> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.declared = None;
        let now = *self.position();
        // Listed within the same step budget when the game reached it.
        self.board.legal_moves(&now, &mut self.legal);
        debug_assert!(self.legal.exhausted().is_none());
        Some(mv)
    }

    /// Takes back a resignation or an agreed draw (the game goes on from the same
    /// position); returns it, or `None` when there was none.
    pub fn withdraw(&mut self) -> Option<Outcome> {
        self.declared.take()
    }

    /// Ends the game drawn by agreement (an accepted offer).
    pub fn agree_draw(&mut self) {
        if self.outcome().is_none() {
            self.declared = Some(Outcome::Draw {
                reason: DrawReason::Agreement,
            });
        }
    }

    /// Ends the game by `player` resigning.
    pub fn resign(&mut self, player: Colour) {
        self.declare_loss(player, WinReason::Resignation);
    }

    /// Ends the game by `player`'s clock running out.
    pub fn lose_on_time(&mut self, player: Colour) {
        self.declare_loss(player, WinReason::Time);
    }

    fn declare_loss(&mut self, player: Colour, reason: WinReason) {
        if self.outcome().is_none() {
            self.declared = Some(Outcome::Win {
                winner: player.opponent(),
                reason,
            });
        }
    }
}
