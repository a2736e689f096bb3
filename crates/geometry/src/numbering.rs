//! PDN square numbers: with `board.notation = "numeric"`, cells are numbered 1..n in
//! reading order as White sees the drawn board (top row first, left to right), and the
//! numbers become the cells' names. The lattice names stay as aliases, so variant files
//! and position strings may use either.

use std::collections::HashMap;

use crate::error::{ErrorKind, VariantError};
use crate::file::VariantFile;
use crate::geometry::Notation;
use crate::index::Cell;
use crate::source::Source;

/// Reads `board.notation`; for numeric notation renames the cells to their square
/// numbers (keeping the old names as aliases in `by_name`).
pub(crate) fn number_cells(
    source: &Source,
    file: &VariantFile,
    names: &mut [String],
    by_name: &mut HashMap<String, Cell>,
    display: &[(i32, i32)],
) -> Result<Notation, VariantError> {
    let Some(spec) = &file.board.notation else {
        return Ok(Notation::MindSports);
    };
    match spec.get_ref().as_str() {
        "mindsports" => Ok(Notation::MindSports),
        "numeric" => {
            for (number, cell) in reading_order(display).into_iter().enumerate() {
                let name = (number + 1).to_string();
                by_name.insert(name.clone(), cell);
                names[cell.index()] = name;
            }
            Ok(Notation::Numeric)
        }
        _ => Err(source.err(
            Some(&spec.span()),
            ErrorKind::BadValue {
                key: "board.notation".into(),
                why: "expected \"mindsports\" or \"numeric\"".into(),
            },
        )),
    }
}

/// Cells sorted top row first (largest y), then left to right.
fn reading_order(display: &[(i32, i32)]) -> Vec<Cell> {
    let mut cells: Vec<Cell> = (0..display.len()).map(Cell::new).collect();
    cells.sort_by_key(|&c| (-display[c.index()].1, display[c.index()].0));
    cells
}

#[cfg(test)]
mod tests {
    use super::reading_order;

    #[test]
    fn reading_order_is_rows_from_the_top() {
        let display = [(0, 0), (2, 0), (1, 1), (3, 1)];
        let order: Vec<usize> = reading_order(&display).iter().map(|c| c.index()).collect();
        assert_eq!(order, [2, 3, 0, 1]);
    }
}
