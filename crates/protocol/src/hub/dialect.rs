//! How a Hub conversation writes positions and moves: in Hub's own formats for the
//! rule sets Hub names (its `variant` parameter), and in bushka's position strings and
//! move notation for every other variant (bushka's documented extension).

use bushka_geometry::Geometry;
use bushka_rules::{Bits, Board, Move, MoveError, Position, Setup};

use crate::squares::{HUB_LETTERS, NumberedMove, Squares};

/// Hub's names for its rule sets (the values of its `variant` parameter, Scan 3.1),
/// each with the id of the built-in variant that plays it, where bushka has one.
pub const HUB_VARIANTS: [(&str, &str); 5] = [
    ("normal", "draughts"),
    ("killer", "killer"),
    ("bt", "breakthrough"),
    ("frisian", "frisian"),
    ("losing", "antidraughts"),
];

/// Hub's name for the built-in variant `id`, when Hub names it.
pub fn hub_name(id: &str) -> Option<&'static str> {
    HUB_VARIANTS
        .iter()
        .find(|(_, builtin)| *builtin == id)
        .map(|(name, _)| *name)
}

/// The formats of one variant in Hub.
#[derive(Debug, Clone)]
pub enum Dialect {
    /// Hub's own: a position is the side to move and a letter per square
    /// (`Wbbb...www`), a move its squares (`32-28`, `28x19x23`).
    Native(Squares),
    /// bushka's: position strings (`W:W31-50:B1-20`) and move notation.
    Bushka,
}

impl Dialect {
    /// The dialect of `geometry`'s variant: Hub's own when Hub names it.
    pub fn of(geometry: &Geometry) -> Dialect {
        match hub_name(&geometry.meta().id).and_then(|_| Squares::of(geometry)) {
            Some(squares) => Dialect::Native(squares),
            None => Dialect::Bushka,
        }
    }

    /// `pos` written for Hub.
    pub fn position<B: Bits>(&self, board: &Board<B>, pos: &Position<B>) -> String {
        match self {
            Dialect::Native(squares) => HUB_LETTERS.write(squares, &Setup::of(board, pos)),
            Dialect::Bushka => board.position_string(pos),
        }
    }

    /// The legal move `mv` of `pos` (whose legal moves are `legal`) written for Hub.
    pub fn move_text<B: Bits>(
        &self,
        board: &Board<B>,
        pos: &Position<B>,
        mv: &Move<B>,
        legal: &[Move<B>],
    ) -> String {
        match self {
            Dialect::Native(squares) => numbered(squares, board, mv).text(squares),
            Dialect::Bushka => board.move_text(pos, mv, legal),
        }
    }

    /// The legal move of `pos` (whose legal moves are `legal`) that `text` names; the
    /// error says whether the text is no move at all (`Err(Syntax)`) or names no
    /// legal move.
    pub fn read_move<B: Bits>(
        &self,
        board: &Board<B>,
        pos: &Position<B>,
        legal: &[Move<B>],
        text: &str,
    ) -> Result<Move<B>, Unread> {
        match self {
            Dialect::Native(squares) => {
                let named = NumberedMove::parse(squares, text).map_err(Unread::Syntax)?;
                let full: Vec<(NumberedMove, &Move<B>)> = legal
                    .iter()
                    .map(|mv| (numbered(squares, board, mv), mv))
                    .collect();
                named
                    .resolve(squares, full.iter().map(|(n, mv)| (n, *mv)))
                    .copied()
                    .map_err(Unread::Illegal)
            }
            Dialect::Bushka => board.parse_move(pos, text).map_err(|e| match e {
                MoveError::Syntax { .. } => Unread::Syntax(e.to_string()),
                MoveError::Illegal { input, .. } => {
                    Unread::Illegal(format!("`{input}` is not a legal move"))
                }
                MoveError::Ambiguous { .. } => Unread::Illegal(e.to_string()),
            }),
        }
    }
}

/// Why a move text names no legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unread {
    /// It is not a move at all.
    Syntax(String),
    /// It is a move, but not a legal one (or fits several).
    Illegal(String),
}

/// The squares of `mv`.
pub fn numbered<B: Bits>(squares: &Squares, board: &Board<B>, mv: &Move<B>) -> NumberedMove {
    let captured: Vec<_> = mv.captured.iter().map(|sq| board.cell(sq)).collect();
    NumberedMove::new(
        squares,
        mv.kind.is_capture(),
        (board.cell(mv.from), board.cell(mv.to)),
        &captured,
    )
}
