//! Finding legal moves by the cells they join: what a player means by "from here to
//! there", typed as two cell names or given by clicking two cells.

use crate::bits::Bits;
use crate::board::Board;
use crate::moves::Move;
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
    /// The legal moves of `pos` from cell `from` to cell `to`, in generation order.
    pub fn moves_joining(&self, pos: &Position<B>, from: usize, to: usize) -> Vec<Move<B>> {
        self.moves(pos)
            .iter()
            .filter(|mv| self.cell(mv.from) == from && self.cell(mv.to) == to)
            .copied()
            .collect()
    }

    /// The one legal move of `pos` from cell `from` to cell `to`.
    pub fn move_joining(
        &self,
        pos: &Position<B>,
        from: usize,
        to: usize,
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
    pub fn moves_from(&self, pos: &Position<B>, from: usize) -> Vec<Move<B>> {
        self.moves(pos)
            .iter()
            .filter(|mv| self.cell(mv.from) == from)
            .copied()
            .collect()
    }

    /// The legal moves of `pos` that end on cell `to`.
    pub fn moves_to(&self, pos: &Position<B>, to: usize) -> Vec<Move<B>> {
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

    fn cell(board: &Board<u64>, name: &str) -> usize {
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
