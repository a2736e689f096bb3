//! How a board is drawn in the browser, worked out from the geometry's display
//! coordinates and links alone: no code here knows which variant it draws.
//!
//! The display step between linked cells decides the cell shape: diagonal steps are
//! the dark squares of a draughts board (drawn as squares, with the light squares
//! between them), orthogonal steps are squares, three pairs of steps of one length
//! (after stretching the vertical axis) are hexagons, and anything else gets circles,
//! joined by lines along the links (a board of points and lines, as Fanorona's).

use std::collections::{BTreeMap, BTreeSet};

use bushka_geometry::{Colour, Geometry};
use serde::Serialize;

/// The shape every cell is drawn with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Shape {
    /// Axis-aligned squares.
    Square,
    /// Regular hexagons with a flat top (neighbours straight above and below).
    HexFlat,
    /// Regular hexagons with a pointed top (neighbours straight left and right).
    HexPointy,
    /// Circles, for graphs with no regular lattice.
    Circle,
}

/// One cell on screen (SVG coordinates: x to the right, y down).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CellPlace {
    /// The cell's name (`e1`).
    pub name: String,
    /// Centre, x.
    pub x: f64,
    /// Centre, y.
    pub y: f64,
}

/// A player's marks for the variant lab.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SideMarks {
    /// Screen vectors (unit length) of the player's forward directions.
    pub forward: Vec<[f64; 2]>,
    /// Names of the forward directions, in the same order.
    pub forward_names: Vec<String>,
    /// Cells (indices) where the player's men promote.
    pub promotion: Vec<usize>,
}

/// Everything the browser needs to draw a board.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Layout {
    /// The variant's id.
    pub id: String,
    /// The variant's name.
    pub name: String,
    /// Cell shape.
    pub shape: Shape,
    /// Half the side of a square, or the radius of a hexagon or circle.
    pub radius: f64,
    /// Cells in index order.
    pub cells: Vec<CellPlace>,
    /// Light squares between the cells of a draughts board (centres).
    pub fill: Vec<[f64; 2]>,
    /// On a board of points (circles), the lines joining linked cells: one pair of
    /// cell indices per pair of neighbours (empty for other shapes).
    pub lines: Vec<[usize; 2]>,
    /// `[x, y, width, height]` that holds the whole board with a margin.
    pub view_box: [f64; 4],
    /// White's marks.
    pub white: SideMarks,
    /// Black's marks.
    pub black: SideMarks,
}

/// The display steps between linked cells, short ones only (a cylinder's glued edge
/// spans the board and says nothing about cell shape). Each step with how often it
/// occurs, and per direction the most common step.
/// A display step between two linked cells.
type Step = (i32, i32);

fn steps(geometry: &Geometry) -> (BTreeSet<Step>, Vec<Option<Step>>) {
    let mut all: Vec<(usize, (i32, i32))> = Vec::new();
    for cell in geometry.cells() {
        let (x, y) = geometry.display(cell);
        for d in geometry.dirs() {
            if let Some(n) = geometry.neighbour(cell, d) {
                let (nx, ny) = geometry.display(n);
                all.push((d.index(), (nx - x, ny - y)));
            }
        }
    }
    let len2 = |(dx, dy): (i32, i32)| i64::from(dx) * i64::from(dx) + i64::from(dy) * i64::from(dy);
    let shortest = all.iter().map(|&(_, s)| len2(s)).filter(|&l| l > 0).min();
    let Some(shortest) = shortest else {
        return (BTreeSet::new(), vec![None; geometry.direction_count()]);
    };
    let short: Vec<(usize, (i32, i32))> = all
        .into_iter()
        .filter(|&(_, s)| len2(s) > 0 && len2(s) <= 4 * shortest)
        .collect();
    let mut per_dir = vec![BTreeMap::<(i32, i32), usize>::new(); geometry.direction_count()];
    for &(d, s) in &short {
        *per_dir[d].entry(s).or_default() += 1;
    }
    let common = per_dir
        .iter()
        .map(|counts| counts.iter().max_by_key(|&(_, n)| *n).map(|(&s, _)| s))
        .collect();
    (short.into_iter().map(|(_, s)| s).collect(), common)
}

/// Whether the steps are the four diagonals of a draughts board's dark squares and
/// the four orthogonals between dark squares two squares apart (Frisian's lines).
fn dark_square_lines(steps: &BTreeSet<Step>) -> bool {
    let Some(&(a, _)) = steps
        .iter()
        .find(|&&(dx, dy)| dx.abs() == dy.abs() && dx != 0)
    else {
        return false;
    };
    let a = a.abs();
    let lines: BTreeSet<Step> = [
        (a, a),
        (a, -a),
        (-a, a),
        (-a, -a),
        (2 * a, 0),
        (-2 * a, 0),
        (0, 2 * a),
        (0, -2 * a),
    ]
    .into();
    *steps == lines
}

/// The vertical stretch that gives every step the same length, if one exists.
fn hex_stretch(steps: &BTreeSet<(i32, i32)>) -> Option<f64> {
    if steps.len() != 6 {
        return None;
    }
    let sq: Vec<(f64, f64)> = steps
        .iter()
        .map(|&(dx, dy)| (f64::from(dx * dx), f64::from(dy * dy)))
        .collect();
    let (a, b) = sq.iter().zip(sq.iter().skip(1)).find_map(|(&a, _)| {
        sq.iter()
            .find(|&&b| (b.1 - a.1).abs() > 1e-9)
            .map(|&b| (a, b))
    })?;
    let s2 = (b.0 - a.0) / (a.1 - b.1);
    if s2 <= 0.0 {
        return None;
    }
    let len = a.0 + s2 * a.1;
    sq.iter()
        .all(|&(x, y)| (x + s2 * y - len).abs() < 1e-6)
        .then(|| s2.sqrt())
}

impl Layout {
    /// The layout of a geometry.
    pub fn of(geometry: &Geometry) -> Layout {
        let (steps, dir_steps) = steps(geometry);
        let diagonal = !steps.is_empty()
            && (steps.iter().all(|&(dx, dy)| dx.abs() == dy.abs()) || dark_square_lines(&steps));
        let orthogonal = !steps.is_empty() && steps.iter().all(|&(dx, dy)| dx == 0 || dy == 0);
        let stretch = if diagonal || orthogonal {
            None
        } else {
            hex_stretch(&steps)
        };
        let y_scale = stretch.unwrap_or(1.0);
        let step_len = |&(dx, dy): &(i32, i32)| {
            (f64::from(dx).powi(2) + (f64::from(dy) * y_scale).powi(2)).sqrt()
        };
        let spacing = steps.iter().map(step_len).fold(f64::INFINITY, f64::min);
        let spacing = if spacing.is_finite() { spacing } else { 1.0 };
        // Screen units: neighbouring cells one unit apart (a diagonal neighbour of a
        // draughts square counts its side).
        let unit = if diagonal {
            spacing / std::f64::consts::SQRT_2
        } else {
            spacing
        };
        let (shape, radius) = if diagonal || orthogonal {
            (Shape::Square, 0.5)
        } else if stretch.is_some() {
            let vertical = steps.iter().any(|&(dx, _)| dx == 0);
            let shape = if vertical {
                Shape::HexFlat
            } else {
                Shape::HexPointy
            };
            (shape, 1.0 / 3f64.sqrt())
        } else {
            (Shape::Circle, 0.45)
        };
        let place = |(x, y): (i32, i32)| -> [f64; 2] {
            [f64::from(x) / unit, -f64::from(y) * y_scale / unit]
        };
        let cells: Vec<CellPlace> = geometry
            .cells()
            .map(|c| {
                let [x, y] = place(geometry.display(c));
                CellPlace {
                    name: geometry.name(c).to_string(),
                    x,
                    y,
                }
            })
            .collect();
        let fill = if diagonal {
            light_squares(&cells)
        } else {
            Vec::new()
        };
        let marks = |p: Colour| {
            let side = geometry.side(p);
            let (forward, forward_names) = side
                .forward
                .iter()
                .filter_map(|&d| {
                    let [x, y] = place(dir_steps[d.index()]?);
                    let len = (x * x + y * y).sqrt();
                    (len > 0.0).then(|| ([x / len, y / len], geometry.direction(d).name.clone()))
                })
                .unzip();
            SideMarks {
                forward,
                forward_names,
                promotion: side.promotion.iter().map(|c| c.index()).collect(),
            }
        };
        let view_box = bounds(&cells, &fill, radius);
        let lines = if shape == Shape::Circle {
            links(geometry)
        } else {
            Vec::new()
        };
        Layout {
            id: geometry.meta().id.clone(),
            name: geometry.meta().name.clone(),
            shape,
            radius,
            cells,
            fill,
            lines,
            view_box,
            white: marks(Colour::White),
            black: marks(Colour::Black),
        }
    }
}

/// Every pair of linked cells, once, lower index first.
fn links(geometry: &Geometry) -> Vec<[usize; 2]> {
    let mut pairs = BTreeSet::new();
    for c in geometry.cells() {
        for d in geometry.dirs() {
            if let Some(to) = geometry.neighbour(c, d) {
                let (a, b) = (c.index(), to.index());
                pairs.insert([a.min(b), a.max(b)]);
            }
        }
    }
    pairs.into_iter().collect()
}

/// The light squares beside the dark cells of a draughts board, inside its bounds.
fn light_squares(cells: &[CellPlace]) -> Vec<[f64; 2]> {
    let key = |x: f64, y: f64| ((x * 2.0).round() as i64, (y * 2.0).round() as i64);
    let dark: BTreeSet<(i64, i64)> = cells.iter().map(|c| key(c.x, c.y)).collect();
    let (mut x0, mut x1, mut y0, mut y1) = (
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::INFINITY,
        f64::NEG_INFINITY,
    );
    for c in cells {
        x0 = x0.min(c.x);
        x1 = x1.max(c.x);
        y0 = y0.min(c.y);
        y1 = y1.max(c.y);
    }
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for c in cells {
        for (dx, dy) in [(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)] {
            let (x, y) = (c.x + dx, c.y + dy);
            let inside = x >= x0 - 1e-9 && x <= x1 + 1e-9 && y >= y0 - 1e-9 && y <= y1 + 1e-9;
            if inside && !dark.contains(&key(x, y)) && seen.insert(key(x, y)) {
                out.push([x, y]);
            }
        }
    }
    out
}

/// The view box around every drawn centre, with room for the cells and a margin.
fn bounds(cells: &[CellPlace], fill: &[[f64; 2]], radius: f64) -> [f64; 4] {
    let points = cells.iter().map(|c| [c.x, c.y]).chain(fill.iter().copied());
    let (mut x0, mut x1, mut y0, mut y1) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
    for (i, [x, y]) in points.enumerate() {
        if i == 0 {
            (x0, x1, y0, y1) = (x, x, y, y);
        }
        x0 = x0.min(x);
        x1 = x1.max(x);
        y0 = y0.min(y);
        y1 = y1.max(y);
    }
    let margin = radius + 0.35;
    [
        x0 - margin,
        y0 - margin,
        x1 - x0 + 2.0 * margin,
        y1 - y0 + 2.0 * margin,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(name: &str) -> Layout {
        let geometry = bushka_geometry::builtin(name)
            .and_then(Result::ok)
            .unwrap_or_else(|| panic!("built-in {name}"));
        Layout::of(&geometry)
    }

    fn distance(l: &Layout, a: &str, b: &str) -> f64 {
        let find = |n: &str| l.cells.iter().find(|c| c.name == n).map(|c| (c.x, c.y));
        let ((ax, ay), (bx, by)) = (find(a).unwrap_or_default(), find(b).unwrap_or_default());
        ((ax - bx).powi(2) + (ay - by).powi(2)).sqrt()
    }

    #[test]
    fn square_boards_are_checkerboards_of_unit_squares() {
        for name in ["bushka", "bushka-9x11", "bushka-cylinder"] {
            let l = layout(name);
            assert_eq!(l.shape, Shape::Square, "{name}");
            assert_eq!(l.cells.len(), 50);
            // f4 and f5 are diagonal neighbours one square apart each way.
            assert!(
                (distance(&l, "f4", "f5") - 2f64.sqrt()).abs() < 1e-9,
                "{name}"
            );
            // 100 or 99 squares in all: the dark cells and the light ones between them.
            assert!(
                l.cells.len() + l.fill.len() >= 98,
                "{name}: {}",
                l.fill.len()
            );
        }
        assert_eq!(layout("bushka").fill.len(), 50);
    }

    #[test]
    fn frisians_orthogonal_lines_keep_the_draughts_board() {
        let l = layout("frisian");
        assert_eq!(l.shape, Shape::Square);
        assert_eq!(l.cells.len(), 50);
        assert_eq!(l.fill.len(), 50);
    }

    #[test]
    fn hexagon_boards_get_regular_hexagons() {
        for (name, cells) in [("hexbushka", 61), ("hexbushka-4", 37)] {
            let l = layout(name);
            assert_eq!(l.shape, Shape::HexFlat, "{name}");
            assert_eq!(l.cells.len(), cells);
            assert!(l.fill.is_empty());
            // All six neighbours of a middle cell at distance 1.
            for n in ["e6", "d5", "f6", "e4", "d4", "f5"] {
                assert!((distance(&l, "e5", n) - 1.0).abs() < 1e-9, "{name}: e5-{n}");
            }
        }
    }

    #[test]
    fn a_board_of_points_is_drawn_with_its_lines() {
        let l = layout("fanorona");
        assert_eq!(l.shape, Shape::Circle);
        assert_eq!(l.cells.len(), 45);
        // 8 links along each of the 5 rows, 4 up each of the 9 columns, and one
        // diagonal across each of the 4 x 8 squares (through its strong corners).
        assert_eq!(l.lines.len(), 5 * 8 + 9 * 4 + 4 * 8);
        assert!(layout("hexbushka").lines.is_empty());
    }

    #[test]
    fn white_faces_up_the_screen() {
        for name in ["bushka", "hexbushka"] {
            let l = layout(name);
            assert!(l.white.forward.iter().all(|[_, y]| *y < 0.0), "{name}");
            assert!(l.black.forward.iter().all(|[_, y]| *y > 0.0), "{name}");
            assert!(!l.white.promotion.is_empty());
        }
    }

    #[test]
    fn an_authored_graph_without_a_lattice_gets_circles() {
        let text = r#"
[variant]
id = "ring"
name = "Ring"
[board]
cells = ["a1", "b1", "c1", "a2", "b2", "c2"]
[[board.directions]]
name = "e"
vector = [1, 0]
[[board.directions]]
name = "w"
vector = [-1, 0]
[[board.directions]]
name = "n"
vector = [1, 1]
[[board.directions]]
name = "s"
vector = [-1, -1]
[players.white]
forward = ["n"]
promotion = ["b2", "c2"]
men = ["a1"]
[players.black]
forward = ["s"]
promotion = ["a1", "b1"]
men = ["c2"]
"#;
        let geometry = bushka_geometry::load_str(text, "ring.toml");
        let l = Layout::of(&geometry.unwrap_or_else(|e| panic!("{e}")));
        assert_eq!(l.shape, Shape::Circle);
        assert!(l.view_box[2] > 0.0 && l.view_box[3] > 0.0);
    }
}
