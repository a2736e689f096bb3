//! A compiled variant, whatever the bitset width its board needs: where positions,
//! sessions, analyses and endgame tables start from.

use std::sync::Arc;

use bushka_geometry::{Cell, Geometry};
use bushka_rules::{AnyBoard, Outcome, PositionError, Record, RecordError, with_board};

use crate::position::{Placed, Position};

/// A variant compiled for play: its geometry and rules on a board of the narrowest
/// bitset width that holds it. Cheap to clone (the board is shared).
#[derive(Debug, Clone)]
pub struct Variant {
    board: AnyBoard,
}

impl From<AnyBoard> for Variant {
    /// The variant of a board already compiled.
    fn from(board: AnyBoard) -> Variant {
        Variant { board }
    }
}

impl AsRef<AnyBoard> for Variant {
    fn as_ref(&self) -> &AnyBoard {
        &self.board
    }
}

/// A game record played through ([`Variant::replay`]).
#[derive(Debug, Clone)]
pub struct Replayed {
    /// Where the game stands.
    pub position: Position,
    /// The origin and destination cells of its last move.
    pub last_move: Option<(Cell, Cell)>,
    /// Moves played.
    pub plies: usize,
    /// How it ended, when its moves end it by a rule.
    pub outcome: Option<Outcome>,
}

impl Variant {
    /// Compiles `geometry`.
    pub fn new(geometry: Geometry) -> Variant {
        Variant {
            board: AnyBoard::new(geometry),
        }
    }

    /// The geometry: cells, names, directions, sides, rules.
    pub fn geometry(&self) -> &Arc<Geometry> {
        self.board.geometry()
    }

    /// The compiled board, for the libraries that play on it (matches, comparisons).
    pub fn board(&self) -> &AnyBoard {
        &self.board
    }

    /// The start position.
    pub fn start(&self) -> Position {
        with_board!(&self.board, b => Placed::new(b, b.start_position()).into())
    }

    /// The position a position string describes (`W:We1,f2,Kg3:Bc6,Kd9`).
    pub fn position(&self, text: &str) -> Result<Position, PositionError> {
        with_board!(&self.board, b => Ok(Placed::new(b, b.parse_position(text)?).into()))
    }

    /// The position a position string describes, or the start position.
    pub fn position_or_start(&self, text: Option<&str>) -> Result<Position, PositionError> {
        text.map_or_else(|| Ok(self.start()), |text| self.position(text))
    }

    /// `record` played through its moves, every listing within the games' step limit;
    /// its result tag is not read (see [`Session::start`](crate::Session::start) for a
    /// game to go on with).
    pub fn replay(&self, record: &Record) -> Result<Replayed, RecordError> {
        with_board!(&self.board, b => {
            let game = record.replay(Arc::clone(b))?;
            Ok(Replayed {
                position: Placed::new(b, *game.position()).into(),
                last_move: game.moves().last().map(|mv| (b.cell(mv.from), b.cell(mv.to))),
                plies: game.moves().len(),
                outcome: game.outcome(),
            })
        })
    }
}
