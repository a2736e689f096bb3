//! A position on a compiled variant, whatever its bitset width: its pieces and text,
//! its legal moves described, perft counts, and the move a person's text names.

use std::sync::Arc;

use bushka_geometry::{Colour, Geometry, Piece};
use bushka_rules::{Bits, Board, Budget, GenerationLimit, Wide, perft_within};

use crate::described::{DescribedMove, describe, describe_all};
use crate::find::{Unresolved, find_move};
use crate::width::{Width, erase_from, on_width};

/// A position of a board of bitset width `B`, with its board.
#[derive(Debug, Clone)]
pub(crate) struct Placed<B: Bits> {
    pub(crate) board: Arc<Board<B>>,
    pub(crate) pos: bushka_rules::Position<B>,
}

impl<B: Bits> Placed<B> {
    /// `pos` on `board`.
    pub(crate) fn new(board: &Arc<Board<B>>, pos: bushka_rules::Position<B>) -> Placed<B> {
        Placed {
            board: Arc::clone(board),
            pos,
        }
    }

    /// `pos` on the same board.
    fn with(&self, pos: bushka_rules::Position<B>) -> Placed<B> {
        Placed::new(&self.board, pos)
    }
}

/// The width-erased form of [`Placed`].
pub(crate) type AnyPlaced = Width<Placed<u64>, Placed<u128>, Placed<Wide>>;

/// A position on a compiled [`Variant`](crate::Variant): the pieces, the side to move,
/// and the board they stand on.
#[derive(Debug, Clone)]
pub struct Position(pub(crate) AnyPlaced);

erase_from!(Position, Placed);

/// What the side to move must do, in short.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Obligation {
    /// How many legal moves it has.
    pub moves: usize,
    /// When capturing is compulsory, how many pieces each capture takes.
    pub capture: Option<usize>,
}

impl Position {
    /// The geometry of its board.
    pub fn geometry(&self) -> &Arc<Geometry> {
        on_width!(&self.0, p => p.board.geometry())
    }

    /// The position string (`W:We1,f2,Kg3:Bc6,Kd9`).
    pub fn text(&self) -> String {
        on_width!(&self.0, p => p.board.position_string(&p.pos))
    }

    /// The side to move.
    pub fn side(&self) -> Colour {
        on_width!(&self.0, p => p.pos.side())
    }

    /// The same pieces with `side` to move.
    pub fn with_side(&self, side: Colour) -> Position {
        on_width!(&self.0, p => p.with(p.pos.with_side(&p.board, side)).into())
    }

    /// The piece on each cell, in cell order.
    pub fn pieces(&self) -> Vec<Option<Piece>> {
        on_width!(&self.0, p => p
            .board
            .geometry()
            .cells()
            .map(|cell| p.pos.piece_at(p.board.sq(cell)))
            .collect())
    }

    /// `side`'s men and kings: how many of each.
    pub fn count(&self, side: Colour) -> (u32, u32) {
        on_width!(&self.0, p => (p.pos.men(side).count(), p.pos.kings(side).count()))
    }

    /// The legal moves, described, unless listing them takes more than `steps`
    /// capture-search steps.
    pub fn legal_moves(&self, steps: u64) -> Result<Vec<DescribedMove>, GenerationLimit> {
        on_width!(&self.0, p => {
            let legal = p.board.moves_within(&p.pos, Budget::steps(steps))?;
            Ok(describe_all(&p.board, &p.pos, legal.as_slice()))
        })
    }

    /// How many legal moves the side to move has, and whether it must capture, unless
    /// listing them takes more than `steps` capture-search steps.
    pub fn obligation(&self, steps: u64) -> Result<Obligation, GenerationLimit> {
        on_width!(&self.0, p => {
            let legal = p.board.moves_within(&p.pos, Budget::steps(steps))?;
            let first = legal.as_slice().first();
            Ok(Obligation {
                moves: legal.len(),
                capture: first
                    .filter(|mv| mv.kind.is_capture())
                    .map(|mv| mv.capture_count() as usize),
            })
        })
    }

    /// Each legal move's notation with the position it leads to, unless listing them
    /// takes more than `budget` allows.
    pub fn children(&self, budget: &Budget) -> Result<Vec<(String, Position)>, GenerationLimit> {
        on_width!(&self.0, p => {
            let legal = p.board.moves_within(&p.pos, budget.clone())?;
            let texts = p.board.move_texts(&p.pos, legal.as_slice());
            Ok(legal
                .iter()
                .zip(texts)
                .map(|(mv, text)| (text, p.with(p.pos.play(&p.board, mv)).into()))
                .collect())
        })
    }

    /// The leaves of the legal-move tree `depth` plies deep, every listing within
    /// `budget`.
    pub fn perft(&self, depth: u32, budget: &Budget) -> Result<u64, GenerationLimit> {
        on_width!(&self.0, p => perft_within(&p.board, &p.pos, depth, budget))
    }

    /// The legal move `text` names: MindSports notation (compact or full route), or
    /// origin and destination cells (`d6 e5`, `d6-e5`) when one legal move joins them;
    /// capitals are forgiven. Otherwise why not, with the close legal matches.
    pub fn find_move(&self, text: &str) -> Result<DescribedMove, Unresolved> {
        on_width!(&self.0, p => {
            let mv = find_move(&p.board, &p.pos, text)?;
            let legal = p.board.moves(&p.pos);
            let text = p.board.move_text(&p.pos, &mv, legal.as_slice());
            Ok(describe(&p.board, &p.pos, &mv, text))
        })
    }
}

impl PartialEq for Position {
    /// The same pieces and side to move on the same compiled board.
    fn eq(&self, other: &Position) -> bool {
        match self.0.clone().zip(other.0.clone()) {
            Some(pair) => {
                on_width!(pair, (a, b) => Arc::ptr_eq(&a.board, &b.board) && a.pos == b.pos)
            }
            None => false,
        }
    }
}
