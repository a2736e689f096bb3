//! How cells are written: with `board.notation = "numeric"`, cells are numbered 1..n
//! along the rows from the corner `board.square_one` (as White sees the drawn board;
//! reading order from the top left by default), and the numbers become the cells'
//! names. The lattice names stay as aliases, so variant files and position strings may
//! use either. `"algebraic"` keeps the names and writes moves from-to.

use std::collections::HashMap;

use crate::error::{ErrorKind, VariantError};
use crate::file::VariantFile;
use crate::geometry::Notation;
use crate::index::Cell;
use crate::source::Source;

/// The corner of square 1, as White sees the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Corner {
    top: bool,
    left: bool,
}

impl Corner {
    const NAMES: [(&'static str, Corner); 4] = [
        ("top-left", Corner::new(true, true)),
        ("top-right", Corner::new(true, false)),
        ("bottom-left", Corner::new(false, true)),
        ("bottom-right", Corner::new(false, false)),
    ];

    const fn new(top: bool, left: bool) -> Corner {
        Corner { top, left }
    }
}

/// Reads `board.notation` and `board.square_one`; for numeric notation renames the
/// cells to their square numbers (keeping the old names as aliases in `by_name`).
pub(crate) fn number_cells(
    source: &Source,
    file: &VariantFile,
    names: &mut [String],
    by_name: &mut HashMap<String, Cell>,
    display: &[(i32, i32)],
) -> Result<Notation, VariantError> {
    let bad = |span, key: &str, why: &str| {
        source.err(
            Some(&span),
            ErrorKind::BadValue {
                key: key.into(),
                why: why.into(),
            },
        )
    };
    let notation = match &file.board.notation {
        None => Notation::MindSports,
        Some(spec) => match spec.get_ref().as_str() {
            "mindsports" => Notation::MindSports,
            "numeric" => Notation::Numeric,
            "algebraic" => Notation::Algebraic,
            _ => {
                return Err(bad(
                    spec.span(),
                    "board.notation",
                    "expected \"mindsports\", \"numeric\" or \"algebraic\"",
                ));
            }
        },
    };
    let corner = match &file.board.square_one {
        None => Corner::new(true, true),
        Some(spec) if notation != Notation::Numeric => {
            return Err(bad(
                spec.span(),
                "board.square_one",
                "square numbers exist only with notation = \"numeric\"",
            ));
        }
        Some(spec) => Corner::NAMES
            .iter()
            .find(|(name, _)| name == spec.get_ref())
            .map(|&(_, corner)| corner)
            .ok_or_else(|| {
                bad(
                    spec.span(),
                    "board.square_one",
                    "expected \"top-left\", \"top-right\", \"bottom-left\" or \"bottom-right\"",
                )
            })?,
    };
    if notation == Notation::Numeric {
        for (number, cell) in numbered(display, corner).into_iter().enumerate() {
            let name = (number + 1).to_string();
            by_name.insert(name.clone(), cell);
            names[cell.index()] = name;
        }
    }
    Ok(notation)
}

/// Cells in the order of their square numbers: rows (by drawn height) from the
/// corner's row, each row from the corner's side.
fn numbered(display: &[(i32, i32)], corner: Corner) -> Vec<Cell> {
    let mut cells: Vec<Cell> = (0..display.len()).map(Cell::new).collect();
    let sign = |first_is_low: bool| if first_is_low { 1 } else { -1 };
    cells.sort_by_key(|&c| {
        let (x, y) = display[c.index()];
        (sign(!corner.top) * y, sign(corner.left) * x)
    });
    cells
}

#[cfg(test)]
mod tests {
    use super::{Corner, numbered};

    #[test]
    fn squares_run_along_the_rows_from_the_corner() {
        let display = [(0, 0), (2, 0), (1, 1), (3, 1)];
        let order = |top, left| -> Vec<usize> {
            numbered(&display, Corner::new(top, left))
                .iter()
                .map(|c| c.index())
                .collect()
        };
        assert_eq!(order(true, true), [2, 3, 0, 1]);
        assert_eq!(order(false, false), [1, 0, 3, 2]);
        assert_eq!(order(true, false), [3, 2, 1, 0]);
        assert_eq!(order(false, true), [0, 1, 2, 3]);
    }
}
