//! Shorthand cell generators: the dark cells of a draughts board and a hexagon.
//!
//! Both produce lattice coordinates (letter index, number index) in the MindSports
//! scheme and the screen vectors that draw them in their true shape. The cell count is
//! worked out first, with arithmetic that cannot overflow, so that a huge size is
//! refused before anything is built.

use crate::file::GeneratorSpec;

/// Cells produced by a generator.
pub struct Generated {
    /// Lattice coordinates (letter index, number index) of every cell.
    pub coords: Vec<(i32, i32)>,
}

/// The screen steps that draw a generator's cells in their true shape: the step for
/// letter + 1 and the step for number + 1.
pub fn display_steps(spec: &GeneratorSpec) -> ([i32; 2], [i32; 2]) {
    match spec {
        GeneratorSpec::Draughts { .. } => ([1, -1], [1, 1]),
        GeneratorSpec::Hexagon { .. } => ([-1, 1], [1, 1]),
    }
}

/// How many cells a generator makes (exact, for any size the file can hold).
pub fn cell_count(spec: &GeneratorSpec) -> u128 {
    match *spec {
        GeneratorSpec::Draughts { width, height } => {
            let (w, h) = (u128::from(width), u128::from(height));
            // Rows from the bottom alternate: even rows hold the even columns.
            h.div_ceil(2) * w.div_ceil(2) + (h / 2) * (w / 2)
        }
        GeneratorSpec::Hexagon { side: 0 } => 0,
        GeneratorSpec::Hexagon { side } => {
            let s = u128::from(side);
            3 * s * (s - 1) + 1
        }
    }
}

/// Runs a generator, or returns its cell count when that is above `max`.
pub fn generate(spec: &GeneratorSpec, max: usize) -> Result<Generated, u128> {
    let count = cell_count(spec);
    if count > max as u128 {
        return Err(count);
    }
    if count == 0 {
        return Ok(Generated { coords: Vec::new() });
    }
    // With at most `max` cells and none empty, every size is below 2 * max + 2,
    // far inside `i32`.
    let small = |v: u32| i32::try_from(v).map_err(|_| count);
    Ok(match *spec {
        GeneratorSpec::Draughts { width, height } => draughts(small(width)?, small(height)?),
        GeneratorSpec::Hexagon { side } => hexagon(small(side)?),
    })
}

/// Dark cells of a `width` x `height` board whose bottom-left square is dark.
///
/// Row `r` (from the bottom) and column `c` (from the left) with `r + c` even.
/// Lettered lines run up-right, numbered lines up-left: the number index is
/// `(r + c) / 2` and the letter index `(c - r) / 2` shifted so that the top-left
/// dark square has letter 0 (`a`). On 10x10 this puts `e1` in the bottom-left
/// corner and `a6` top-left, as in the MindSports diagrams.
fn draughts(width: i32, height: i32) -> Generated {
    let mut raw = Vec::new();
    for r in 0..height {
        for c in 0..width {
            if (r + c) % 2 == 0 {
                raw.push(((c - r) / 2, (r + c) / 2));
            }
        }
    }
    let min_letter = raw.iter().map(|&(l, _)| l).min().unwrap_or(0);
    Generated {
        coords: raw.into_iter().map(|(l, n)| (l - min_letter, n)).collect(),
    }
}

/// A hexagon of side `side`: cell (L, N) exists when |L - N| < side, with
/// 0 <= L, N < 2 * side - 1. The number-, letter- and both-increase directions are
/// the three line directions; (0, 0) is drawn at the bottom corner.
fn hexagon(side: i32) -> Generated {
    let size = 2 * side - 1;
    let mut coords = Vec::new();
    for l in 0..size.max(0) {
        for n in 0..size {
            if (l - n).abs() < side {
                coords.push((l, n));
            }
        }
    }
    Generated { coords }
}
