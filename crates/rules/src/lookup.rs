//! Finding legal moves by the cells they join: what a player means by "from here to
//! there", typed as two cell names or given by clicking two cells.

use bushka_geometry::Cell;

use crate::bits::{Bits, Sq};
use crate::board::Board;
use crate::moves::{Move, MoveKind};
use crate::position::Position;

/// Why two cells do not name exactly one legal move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CellsError {
    /// No legal move goes from the one cell to the other.
    #[error("no legal move goes from {from} to {to}")]
    NoMove {
        /// The first cell's name.
        from: String,
        /// The second cell's name.
        to: String,
    },
    /// Several legal moves do (piece captures by different routes).
    #[error(
        "more than one legal move goes from {from} to {to}; type one of these full routes: {}",
        routes.join(", ")
    )]
    Ambiguous {
        /// The first cell's name.
        from: String,
        /// The second cell's name.
        to: String,
        /// Each candidate's full route.
        routes: Vec<String>,
    },
}

impl<B: Bits> Board<B> {
    /// The legal moves of `pos` from cell `from` to cell `to`, in generation order; when
    /// there are none, the line moves and linear captures whose moving line holds
    /// `from` and which end on `to` (a line is named by any of its men and the front
    /// cell: `g4 g5` for the capture `g3x5` of the line g3, g4).
    pub fn moves_joining(&self, pos: &Position<B>, from: Cell, to: Cell) -> Vec<Move<B>> {
        let legal = self.moves(pos);
        let (from, to) = (self.sq(from), self.sq(to));
        let exact: Vec<Move<B>> = legal
            .iter()
            .filter(|mv| mv.from == from && mv.to == to)
            .copied()
            .collect();
        if !exact.is_empty() {
            return exact;
        }
        legal
            .iter()
            .filter(|mv| {
                mv.to == to && self.line_cells(mv).is_some_and(|line| line.contains(&from))
            })
            .copied()
            .collect()
    }

    /// For a line move or a linear capture, every cell from the tail man to the
    /// destination in front of the line (`g3, g4, g5` for `g3x5`); `None` for other
    /// moves.
    pub fn line_cells(&self, mv: &Move<B>) -> Option<Vec<Sq>> {
        if !matches!(mv.kind, MoveKind::Line | MoveKind::LinearCapture) {
            return None;
        }
        self.dirs().find_map(|d| {
            let mut line = vec![mv.from];
            let mut sq = mv.from;
            while sq != mv.to {
                sq = self.neighbour(sq, d);
                // Off the board, or round a closed loop of links without meeting `to`.
                if sq == Sq::NONE || line.len() > self.geometry().cell_count() {
                    return None;
                }
                line.push(sq);
            }
            Some(line)
        })
    }

    /// The one legal move of `pos` from cell `from` to cell `to`.
    pub fn move_joining(
        &self,
        pos: &Position<B>,
        from: Cell,
        to: Cell,
    ) -> Result<Move<B>, CellsError> {
        let names = || {
            let geometry = self.geometry();
            (
                geometry.name(from).to_string(),
                geometry.name(to).to_string(),
            )
        };
        match self.moves_joining(pos, from, to).as_slice() {
            [mv] => Ok(*mv),
            [] => {
                let (from, to) = names();
                Err(CellsError::NoMove { from, to })
            }
            several => {
                let (from, to) = names();
                let routes = several.iter().map(|mv| self.route_text(pos, mv)).collect();
                Err(CellsError::Ambiguous { from, to, routes })
            }
        }
    }

    /// The legal moves of `pos` that start on cell `from` (close candidates for a move
    /// that names its origin).
    pub fn moves_from(&self, pos: &Position<B>, from: Cell) -> Vec<Move<B>> {
        self.moves(pos)
            .iter()
            .filter(|mv| self.cell(mv.from) == from)
            .copied()
            .collect()
    }

    /// The legal moves of `pos` that end on cell `to`.
    pub fn moves_to(&self, pos: &Position<B>, to: Cell) -> Vec<Move<B>> {
        self.moves(pos)
            .iter()
            .filter(|mv| self.cell(mv.to) == to)
            .copied()
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::AnyBoard;
    use std::sync::Arc;

    fn bushka() -> Arc<Board<u64>> {
        let geometry = match bushka_geometry::builtin("bushka") {
            Some(Ok(g)) => g,
            _ => panic!("bushka is built in"),
        };
        match AnyBoard::new(geometry) {
            AnyBoard::Narrow(b) => b,
            _ => panic!("bushka fits 64 bits"),
        }
    }

    fn cell(board: &Board<u64>, name: &str) -> Cell {
        board
            .geometry()
            .cell(name)
            .unwrap_or_else(|| panic!("{name}"))
    }

    #[test]
    fn two_cells_name_a_quiet_move() {
        let board = bushka();
        let pos = board.start_position();
        let mv = board
            .move_joining(&pos, cell(&board, "f4"), cell(&board, "f5"))
            .expect("f45");
        assert_eq!(board.route_text(&pos, &mv), "f4-f5");
        let error = board
            .move_joining(&pos, cell(&board, "f4"), cell(&board, "f7"))
            .expect_err("no move");
        assert_eq!(error.to_string(), "no legal move goes from f4 to f7");
        let from_f4 = board.moves_from(&pos, cell(&board, "f4"));
        assert!(from_f4.iter().any(|m| m.same(&mv)));
        assert!(
            from_f4
                .iter()
                .all(|m| board.cell(m.from) == cell(&board, "f4"))
        );
        assert!(board.moves_from(&pos, cell(&board, "c4")).is_empty());
        let to_f5 = board.moves_to(&pos, cell(&board, "f5"));
        assert!(to_f5.iter().any(|m| m.same(&mv)));
        assert!(to_f5.iter().all(|m| board.cell(m.to) == cell(&board, "f5")));
    }

    #[test]
    fn any_man_of_a_capturing_line_and_the_front_cell_name_the_capture() {
        let board = bushka();
        let pos = board
            .parse_position("W:Wg3,g4:Bg6")
            .expect("a valid position");
        let want = board.parse_move(&pos, "g3x5").expect("the linear capture");
        let line: Vec<&str> = board
            .line_cells(&want)
            .expect("a line")
            .into_iter()
            .map(|sq| board.name(sq))
            .collect();
        assert_eq!(line, ["g3", "g4", "g5"]);
        for text in ["g3-g4-g5x", "g3-g5x", "g3x5"] {
            let mv = board
                .parse_move(&pos, text)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            assert!(mv.same(&want), "{text}");
        }
        assert!(board.parse_move(&pos, "g4-g5x").is_err());
        for from in ["g3", "g4"] {
            let mv = board
                .move_joining(&pos, cell(&board, from), cell(&board, "g5"))
                .unwrap_or_else(|e| panic!("{from}: {e}"));
            assert!(mv.same(&want), "{from}");
        }
        assert!(
            board
                .move_joining(&pos, cell(&board, "g4"), cell(&board, "g6"))
                .is_err()
        );
        // A man that could step there itself is named by the step, not the line.
        let pos = board
            .parse_position("W:Wg3,g4:Ba6")
            .expect("a valid position");
        let mv = board
            .move_joining(&pos, cell(&board, "g4"), cell(&board, "g5"))
            .expect("a move");
        assert_eq!(mv.kind, MoveKind::Man);
    }

    #[test]
    fn two_cells_find_a_capture_with_a_longer_route() {
        let board = bushka();
        let pos = board
            .parse_position("W:Wd6,g5,Ke1:Bf7,Kd8")
            .expect("a valid position");
        let mv = board
            .move_joining(&pos, cell(&board, "d6"), cell(&board, "e7"))
            .expect("d6-d7-e7x");
        assert_eq!(board.route_text(&pos, &mv), "d6-d7-e7x");
        assert!(board.moves_from(&pos, cell(&board, "g5")).is_empty());
    }
}
