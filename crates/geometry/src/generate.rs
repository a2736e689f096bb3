//! Shorthand cell generators: the dark cells of a draughts board and a hexagon.
//!
//! Both produce lattice coordinates (letter index, number index) in the MindSports
//! scheme and the screen vectors that draw them in their true shape. The cell count is
//! worked out first, with arithmetic that cannot overflow, so that a huge size is
//! refused before anything is built. Each shape also knows its lattice directions, the
//! directions each side moves forward in, and where each side promotes: what
//! `bushka new` writes into a new variant file.

use crate::colour::Colour;
use crate::file::{CornerColour, Diagonals, GeneratorSpec};

/// A line direction of a generated board's lattice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LatticeDirection {
    /// Its name in a variant file.
    pub name: &'static str,
    /// Its step over (letter index, number index).
    pub vector: [i32; 2],
    /// The line it runs along, with an example step (empty for the opposites).
    pub along: &'static str,
}

impl LatticeDirection {
    const fn new(name: &'static str, vector: [i32; 2], along: &'static str) -> LatticeDirection {
        LatticeDirection {
            name,
            vector,
            along,
        }
    }
}

/// The directions of the dark squares of a draughts board: lettered lines run
/// up-right, numbered lines up-left.
const DRAUGHTS_DIRECTIONS: [LatticeDirection; 4] = [
    LatticeDirection::new("up-right", [0, 1], "along a lettered line: f4 -> f5"),
    LatticeDirection::new("up-left", [-1, 0], "along a numbered line: g5 -> f5"),
    LatticeDirection::new("down-left", [0, -1], ""),
    LatticeDirection::new("down-right", [1, 0], ""),
];

/// The directions of a board of squares: files run up, ranks to the right.
const SQUARE_DIRECTIONS: [LatticeDirection; 4] = [
    LatticeDirection::new("up", [0, 1], "along a file: a1 -> a2"),
    LatticeDirection::new("right", [1, 0], "along a rank: a1 -> b1"),
    LatticeDirection::new("down", [0, -1], ""),
    LatticeDirection::new("left", [-1, 0], ""),
];

/// The directions of a hexagon: its three line directions and their opposites.
const HEXAGON_DIRECTIONS: [LatticeDirection; 6] = [
    LatticeDirection::new("up-right", [0, 1], "along a lettered line: f4 -> f5"),
    LatticeDirection::new("up-left", [1, 0], "along a numbered line: f5 -> g5"),
    LatticeDirection::new("up", [1, 1], "along a vertical line: e4 -> f5"),
    LatticeDirection::new("down-left", [0, -1], ""),
    LatticeDirection::new("down-right", [-1, 0], ""),
    LatticeDirection::new("down", [-1, -1], ""),
];

impl GeneratorSpec {
    /// The lattice directions, each side's forward ones first.
    pub fn directions(&self) -> &'static [LatticeDirection] {
        match self {
            GeneratorSpec::Draughts { .. } => &DRAUGHTS_DIRECTIONS,
            GeneratorSpec::Square { .. } => &SQUARE_DIRECTIONS,
            GeneratorSpec::Hexagon { .. } => &HEXAGON_DIRECTIONS,
        }
    }

    /// The directions `player`'s men move in: towards the far side (White up, Black
    /// down), and on a hexagon, where each side faces a corner, straight at it too.
    pub fn forward(&self, player: Colour) -> &'static [&'static str] {
        match (self, player) {
            (GeneratorSpec::Draughts { .. }, Colour::White) => &["up-right", "up-left"],
            (GeneratorSpec::Draughts { .. }, Colour::Black) => &["down-left", "down-right"],
            (GeneratorSpec::Square { .. }, Colour::White) => &["up"],
            (GeneratorSpec::Square { .. }, Colour::Black) => &["down"],
            (GeneratorSpec::Hexagon { .. }, Colour::White) => &["up", "up-right", "up-left"],
            (GeneratorSpec::Hexagon { .. }, Colour::Black) => &["down", "down-left", "down-right"],
        }
    }

    /// Where each side's men promote, in words: the far row of a draughts board, the two
    /// far edges of a hexagon.
    pub fn promotion_zone(&self) -> &'static str {
        match self {
            GeneratorSpec::Draughts { .. } | GeneratorSpec::Square { .. } => "the far row",
            GeneratorSpec::Hexagon { .. } => "the two far edges",
        }
    }

    /// Whether the cell at lattice coordinates `(letter, number)` is in `player`'s
    /// promotion zone (the other side's back rank).
    pub fn promotes(&self, player: Colour, (letter, number): (usize, usize)) -> bool {
        match *self {
            GeneratorSpec::Draughts {
                width,
                height,
                bottom_left,
            } => {
                // Row r from the bottom: the number index less the letter index, the
                // letters shifted as `draughts` shifts them.
                let row = (number
                    + draughts_shift(width, height, bottom_left)
                    + usize::from(bottom_left == CornerColour::Light))
                .checked_sub(letter);
                match player {
                    Colour::White => row == Some(height as usize - 1),
                    Colour::Black => row == Some(0),
                }
            }
            GeneratorSpec::Square { height, .. } => match player {
                Colour::White => number + 1 == height as usize,
                Colour::Black => number == 0,
            },
            GeneratorSpec::Hexagon { side } => {
                let far = 2 * side as usize - 2;
                match player {
                    Colour::White => letter == far || number == far,
                    Colour::Black => letter == 0 || number == 0,
                }
            }
        }
    }
}

impl GeneratorSpec {
    /// Whether a link from lattice coordinates `from` to `to` may exist: always, but
    /// on a square board with `diagonals = "alternating"` a diagonal link (both steps
    /// non-zero) joins two strong points (letter + number index even) only.
    pub fn allows_link(&self, from: (usize, usize), to: (usize, usize)) -> bool {
        let strong = |(l, n): (usize, usize)| (l + n) % 2 == 0;
        let diagonal = from.0 != to.0 && from.1 != to.1;
        match self {
            GeneratorSpec::Square {
                diagonals: Diagonals::Alternating,
                ..
            } => !diagonal || (strong(from) && strong(to)),
            _ => true,
        }
    }
}

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
        GeneratorSpec::Square { .. } => ([1, 0], [0, 1]),
        GeneratorSpec::Hexagon { .. } => ([-1, 1], [1, 1]),
    }
}

/// How many cells a generator makes (exact, for any size the file can hold).
pub fn cell_count(spec: &GeneratorSpec) -> u128 {
    match *spec {
        GeneratorSpec::Draughts {
            width,
            height,
            bottom_left,
        } => {
            let (w, h) = (u128::from(width), u128::from(height));
            // Rows from the bottom alternate: even rows hold the even columns (the odd
            // ones when the bottom-left square is light).
            match bottom_left {
                CornerColour::Dark => h.div_ceil(2) * w.div_ceil(2) + (h / 2) * (w / 2),
                CornerColour::Light => h.div_ceil(2) * (w / 2) + (h / 2) * w.div_ceil(2),
            }
        }
        GeneratorSpec::Square { width, height, .. } => u128::from(width) * u128::from(height),
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
        GeneratorSpec::Draughts {
            width,
            height,
            bottom_left,
        } => draughts(small(width)?, small(height)?, bottom_left),
        GeneratorSpec::Square { width, height, .. } => square(small(width)?, small(height)?),
        GeneratorSpec::Hexagon { side } => hexagon(small(side)?),
    })
}

/// Dark cells of a `width` x `height` board whose bottom-left square is `bottom_left`.
///
/// Row `r` (from the bottom) and column `c` (from the left) with `r + c` even (odd
/// when the bottom-left square is light; then `c` is counted from the column left of
/// the board, so that the formulas below stay whole). Lettered lines run up-right,
/// numbered lines up-left: the number index is `(r + c) / 2` and the letter index
/// `(c - r) / 2` shifted so that the top-left dark square has letter 0 (`a`), and the
/// numbers shifted to start at 0 (`1`). On 10x10 this puts `e1` in the bottom-left
/// corner and `a6` top-left, as in the MindSports diagrams.
fn draughts(width: i32, height: i32, bottom_left: CornerColour) -> Generated {
    let offset = i32::from(bottom_left == CornerColour::Light);
    let mut raw = Vec::new();
    for r in 0..height {
        for c in offset..width + offset {
            if (r + c) % 2 == 0 {
                raw.push(((c - r).div_euclid(2), (r + c) / 2));
            }
        }
    }
    let min_letter = raw.iter().map(|&(l, _)| l).min().unwrap_or(0);
    let min_number = raw.iter().map(|&(_, n)| n).min().unwrap_or(0);
    Generated {
        coords: raw
            .into_iter()
            .map(|(l, n)| (l - min_letter, n - min_number))
            .collect(),
    }
}

/// How far `draughts` shifts the letter indices: minus the least `(c - r) / 2` of
/// its cells (0 for an empty board).
fn draughts_shift(width: u32, height: u32, bottom_left: CornerColour) -> usize {
    let offset = u32::from(bottom_left == CornerColour::Light);
    (0..height)
        .filter_map(|r| {
            let c = (offset..width + offset).find(|c| (r + c) % 2 == 0)?;
            // At most (height - 1) / 2: `r - c` is even and below `height`.
            Some((i64::from(r) - i64::from(c)) / 2)
        })
        .max()
        .map_or(0, |shift| shift.max(0) as usize)
}

/// Every square of a `width` x `height` board: letter index = column, number index =
/// row, both from the bottom-left corner (`a1`, as in chess).
fn square(width: i32, height: i32) -> Generated {
    Generated {
        coords: (0..width)
            .flat_map(|c| (0..height).map(move |r| (c, r)))
            .collect(),
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

#[cfg(test)]
mod tests {
    use super::*;

    const SHAPES: [GeneratorSpec; 7] = [
        GeneratorSpec::Draughts {
            width: 10,
            height: 10,
            bottom_left: CornerColour::Dark,
        },
        GeneratorSpec::Draughts {
            width: 9,
            height: 11,
            bottom_left: CornerColour::Dark,
        },
        GeneratorSpec::Draughts {
            width: 8,
            height: 8,
            bottom_left: CornerColour::Light,
        },
        GeneratorSpec::Draughts {
            width: 9,
            height: 7,
            bottom_left: CornerColour::Light,
        },
        GeneratorSpec::Square {
            width: 8,
            height: 8,
            diagonals: crate::file::Diagonals::All,
        },
        GeneratorSpec::Hexagon { side: 5 },
        GeneratorSpec::Hexagon { side: 2 },
    ];

    #[test]
    fn each_side_moves_along_lattice_directions_opposite_to_the_other() {
        for shape in SHAPES {
            let directions = shape.directions();
            let vector = |name: &str| {
                directions
                    .iter()
                    .find(|d| d.name == name)
                    .map(|d| d.vector)
                    .unwrap_or_else(|| panic!("{shape:?}: no direction {name}"))
            };
            for d in directions {
                let [l, n] = d.vector;
                assert!(
                    directions.iter().any(|o| o.vector == [-l, -n]),
                    "{shape:?}: {} has no opposite",
                    d.name
                );
            }
            let white: Vec<[i32; 2]> = shape
                .forward(Colour::White)
                .iter()
                .map(|n| vector(n))
                .collect();
            let black: Vec<[i32; 2]> = shape
                .forward(Colour::Black)
                .iter()
                .map(|n| vector(n))
                .collect();
            let opposites: Vec<[i32; 2]> = white.iter().map(|[l, n]| [-l, -n]).collect();
            assert_eq!(black, opposites, "{shape:?}");
        }
    }

    #[test]
    fn each_side_promotes_on_the_other_side_s_back_rank() {
        for (shape, zone) in SHAPES.into_iter().zip([5, 5, 4, 4, 8, 9, 3]) {
            let Ok(generated) = generate(&shape, 10_000) else {
                panic!("{shape:?} is small");
            };
            let cells = |player| {
                generated
                    .coords
                    .iter()
                    .map(|&(l, n)| (l as usize, n as usize))
                    .filter(|&c| shape.promotes(player, c))
                    .collect::<Vec<_>>()
            };
            let (white, black) = (cells(Colour::White), cells(Colour::Black));
            assert_eq!((white.len(), black.len()), (zone, zone), "{shape:?}");
            assert!(white.iter().all(|c| !black.contains(c)), "{shape:?}");
        }
    }
}
