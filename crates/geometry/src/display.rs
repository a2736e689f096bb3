//! Display coordinates: where each cell is drawn, from the file's `[board.display]`
//! table or the generator's default steps, range-checked so that every drawing is a
//! bounded size whatever the numbers in the file.

use crate::cells::Cells;
use crate::error::{ErrorKind, VariantError};
use crate::file::VariantFile;
use crate::generate::display_steps;
use crate::geometry::MAX_COORDINATE;
use crate::source::Source;

/// Whether both components lie within `-MAX_COORDINATE..=MAX_COORDINATE`.
pub(crate) fn within_coordinate_range(v: [i32; 2]) -> bool {
    v.iter()
        .all(|c| c.unsigned_abs() <= MAX_COORDINATE.unsigned_abs())
}

/// The range rule, for error messages.
pub(crate) fn coordinate_range_text() -> String {
    format!("each component must lie between -{MAX_COORDINATE} and {MAX_COORDINATE}")
}

/// Every cell's drawing position, shifted so that the smallest x and y are 0; each
/// axis spans at most [`MAX_COORDINATE`] units.
pub(crate) fn build_display(
    source: &Source,
    file: &VariantFile,
    cells: &Cells,
) -> Result<Vec<(i32, i32)>, VariantError> {
    let generated = file
        .board
        .generate
        .as_ref()
        .map(|g| display_steps(g.get_ref()));
    let spec = file.board.display.clone().unwrap_or_default();
    let letter = spec.letter.or(generated.map(|g| g.0)).unwrap_or([1, 0]);
    let number = spec.number.or(generated.map(|g| g.1)).unwrap_or([0, 1]);
    for (key, v) in [
        ("board.display.letter", letter),
        ("board.display.number", number),
    ] {
        if !within_coordinate_range(v) {
            return Err(source.err(
                None,
                ErrorKind::BadValue {
                    key: key.into(),
                    why: coordinate_range_text(),
                },
            ));
        }
    }
    let too_large = |width: String, height: String| {
        source.err(
            None,
            ErrorKind::BadValue {
                key: "board.display".into(),
                why: format!(
                    "the drawing spans {width} x {height} units; at most {MAX_COORDINATE} either way"
                ),
            },
        )
    };
    let at = |l: usize, n: usize, axis: usize| {
        let l = i64::try_from(l).ok()?;
        let n = i64::try_from(n).ok()?;
        i64::from(letter[axis])
            .checked_mul(l)?
            .checked_add(i64::from(number[axis]).checked_mul(n)?)
    };
    let mut display: Vec<(i64, i64)> = cells
        .coords
        .iter()
        .map(|&(l, n)| Some((at(l, n, 0)?, at(l, n, 1)?)))
        .collect::<Option<_>>()
        .ok_or_else(|| too_large("over 2^63".into(), "over 2^63".into()))?;
    for (name, xy) in &spec.cells {
        let cell = *cells.by_name.get(name).ok_or_else(|| {
            source.err(Some(&xy.span()), cells.unknown("board.display.cells", name))
        })?;
        if !within_coordinate_range(*xy.get_ref()) {
            return Err(source.err(
                Some(&xy.span()),
                ErrorKind::BadValue {
                    key: format!("board.display.cells.{name}"),
                    why: coordinate_range_text(),
                },
            ));
        }
        let [x, y] = *xy.get_ref();
        display[cell.index()] = (i64::from(x), i64::from(y));
    }
    let span = |axis: fn(&(i64, i64)) -> i64| {
        let min = display.iter().map(axis).min().unwrap_or(0);
        let max = display.iter().map(axis).max().unwrap_or(0);
        // Positions are below 2^63 in size, so the difference fits in i128.
        (
            min,
            i64::try_from(i128::from(max) - i128::from(min)).unwrap_or(i64::MAX),
        )
    };
    let ((min_x, width), (min_y, height)) = (span(|p| p.0), span(|p| p.1));
    if width.max(height) >= i64::from(MAX_COORDINATE) {
        return Err(too_large(
            width.saturating_add(1).to_string(),
            height.saturating_add(1).to_string(),
        ));
    }
    // Both spans fit in `i32` now.
    Ok(display
        .into_iter()
        .map(|(x, y)| ((x - min_x) as i32, (y - min_y) as i32))
        .collect())
}
