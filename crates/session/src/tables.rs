//! Endgame tables on a variant of any width: solving them, and reading a position's
//! value and best line.

use bushka_rules::with_board;
use bushka_tablebase::{Material, Progress, SolveError, Table, Tablebases, Value, solve};

use crate::described::{DescribedMove, describe_line};
use crate::position::{Placed, Position};
use crate::variant::Variant;
use crate::width::on_width;

impl Variant {
    /// Solves the table of `material` (and, first, those its captures and promotions
    /// reach) into `tables`, reporting to `progress`.
    pub fn solve(
        &self,
        tables: &mut Tablebases,
        material: Material,
        progress: &dyn Progress,
    ) -> Result<(), SolveError> {
        with_board!(self.board(), b => solve(b, tables, material, progress))
    }

    /// The position of `table` at `index`, if the index names a legal one.
    pub fn table_position(&self, table: &Table, index: u64) -> Option<Position> {
        with_board!(self.board(), b => {
            let pos = table.indexer().unrank(b, index)?;
            Some(Placed::new(b, pos).into())
        })
    }
}

impl Position {
    /// The position's value for the side to move, when `tables` cover it.
    pub fn probe(&self, tables: &Tablebases) -> Option<Value> {
        on_width!(&self.0, p => tables.probe(&p.board, &p.pos))
    }

    /// The tables' best line from this position, at most `max_plies` moves, described
    /// (empty when the tables do not cover it).
    pub fn table_line(&self, tables: &Tablebases, max_plies: usize) -> Vec<DescribedMove> {
        on_width!(&self.0, p => {
            let line = tables.best_line(&p.board, &p.pos, max_plies);
            describe_line(&p.board, &p.pos, &line)
        })
    }
}
