//! Shorthand cell generators: the dark cells of a draughts board and a hexagon.
//!
//! Both produce lattice coordinates (letter index, number index) in the MindSports
//! scheme and the screen vectors that draw them in their true shape.

use crate::file::GeneratorSpec;

/// Cells and default display vectors produced by a generator.
pub struct Generated {
    /// Lattice coordinates (letter index, number index) of every cell.
    pub coords: Vec<(i32, i32)>,
    /// Screen step for letter + 1.
    pub letter_step: [i32; 2],
    /// Screen step for number + 1.
    pub number_step: [i32; 2],
}

/// Runs a generator.
pub fn generate(spec: &GeneratorSpec) -> Generated {
    match *spec {
        GeneratorSpec::Draughts { width, height } => draughts(width as i32, height as i32),
        GeneratorSpec::Hexagon { side } => hexagon(side as i32),
    }
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
        letter_step: [1, -1],
        number_step: [1, 1],
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
    Generated {
        coords,
        letter_step: [-1, 1],
        number_step: [1, 1],
    }
}
