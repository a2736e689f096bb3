//! Drawing a board in the terminal, generically, from display coordinates only.
//!
//! Every cell is drawn at text column `x * k` and text row `max_y - y`, where `(x, y)`
//! is the cell's [`Geometry::display`] position (x right, y up) and `k` is the smallest
//! horizontal scale that keeps the widest cell content (plus room for the highlight
//! brackets and a space) apart from its neighbours on the same row. Nothing here knows
//! which board it is drawing: the square boards come out as the familiar offset rows of
//! dark squares and the hexagonal board as a hexagon because that is what their display
//! coordinates say.
//!
//! On a board of points and lines (links along the rows and along the diagonals between
//! neighbouring display positions, where only some points have diagonals, as
//! Fanorona's) the links themselves are drawn: `-` along a row, and between two rows
//! `|`, `\`, `/` (or `X` where two diagonals cross). Other boards need none: their
//! offset rows and hexagons already show which cells are neighbours.
//!
//! The caller decides what each cell shows through a closure `Fn(Cell) -> String`
//! (a piece letter, a cell name, anything); the content may carry ANSI colour codes,
//! which do not count towards its width.

use std::collections::{BTreeMap, HashSet};
use std::io::IsTerminal;

use bushka_geometry::{Cell, Colour, Geometry, Piece, Role};

/// Resets every ANSI attribute.
const RESET: &str = "\x1b[0m";
/// Reverse video, used for highlighted cells when colour is on.
const REVERSE: &str = "\x1b[7m";

/// Whether to colour standard output: it is a terminal and `NO_COLOR` is unset (or empty,
/// as <https://no-color.org> specifies).
pub fn color_enabled() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && std::io::stdout().is_terminal()
}

/// How to draw a board.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Cells to mark (the last move): drawn as `[x]`, and in reverse video with colour.
    pub highlight: HashSet<Cell>,
    /// Whether ANSI colour may be used.
    pub color: bool,
    /// Whether to write, right of each row, the names of its first and last cell.
    pub row_labels: bool,
    /// Whether to turn the board half round (Black at the bottom).
    pub flipped: bool,
}

/// `w` white man, `W` white king, `b` black man, `B` black king.
pub fn piece_letter(piece: Piece) -> char {
    match (piece.colour, piece.role) {
        (Colour::White, Role::Man) => 'w',
        (Colour::White, Role::King) => 'W',
        (Colour::Black, Role::Man) => 'b',
        (Colour::Black, Role::King) => 'B',
    }
}

/// The text of a cell holding `piece` (`.` when empty), coloured when `color` is set.
/// The letters alone tell the pieces apart; colour only helps.
pub fn piece_text(piece: Option<Piece>, color: bool) -> String {
    let letter = piece.map_or('.', piece_letter);
    if !color {
        return letter.to_string();
    }
    let style = match piece.map(|p| p.colour) {
        None => "2",                   // dim
        Some(Colour::White) => "1;36", // bold cyan
        Some(Colour::Black) => "1;31", // bold red
    };
    format!("\x1b[{style}m{letter}{RESET}")
}

/// The legend for [`piece_text`].
pub fn piece_legend() -> &'static str {
    "w = White man, W = White king, b = Black man, B = Black king, . = empty"
}

/// Width of `text` on the terminal: characters, not counting ANSI escape sequences.
pub fn visible_width(text: &str) -> usize {
    let mut width = 0;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            // CSI: ESC [ parameters... final byte in '@'..='~'.
            if chars.next() == Some('[') {
                for c in chars.by_ref() {
                    if ('@'..='~').contains(&c) {
                        break;
                    }
                }
            }
        } else {
            width += 1;
        }
    }
    width
}

/// Draws the board: one text line per display row, from the top (largest y) down,
/// every line ending in a newline. `content` gives each cell's text.
pub fn render(geometry: &Geometry, content: impl Fn(Cell) -> String, options: &Options) -> String {
    let texts: Vec<String> = geometry.cells().map(&content).collect();
    let width = texts
        .iter()
        .map(|t| visible_width(t))
        .max()
        .unwrap_or(1)
        .max(1);

    // Cells by row (display y), each row sorted by x; a flipped board is turned half
    // round about its centre.
    let max_x = geometry
        .cells()
        .map(|c| geometry.display(c).0)
        .max()
        .unwrap_or(0);
    let max_y = geometry
        .cells()
        .map(|c| geometry.display(c).1)
        .max()
        .unwrap_or(0);
    let place = |cell: Cell| {
        let (x, y) = geometry.display(cell);
        if options.flipped {
            (max_x - x, max_y - y)
        } else {
            (x, y)
        }
    };
    let mut rows: BTreeMap<i32, Vec<(i32, Cell)>> = BTreeMap::new();
    for cell in geometry.cells() {
        let (x, y) = place(cell);
        rows.entry(y).or_default().push((x, cell));
    }
    for row in rows.values_mut() {
        row.sort_unstable();
    }

    // Horizontal scale: the closest two cells of a row must leave room for the content,
    // a bracket on each side and one space.
    let columns = Squeeze::new(rows.values().flatten().map(|&(x, _)| x));
    let closest = rows
        .values()
        .flat_map(|row| {
            row.windows(2)
                .map(|w| columns.offset(w[1].0) - columns.offset(w[0].0))
        })
        .filter(|&d| d > 0)
        .min();
    let scale = match closest {
        Some(d) => (width + 3).div_ceil(d).max(1),
        None => 1,
    };
    // One column for the opening bracket of a highlighted cell, after a one-space indent.
    let margin = 2;
    let label_column = margin + columns.last() * scale + width + 3;
    let lines = Squeeze::new(rows.keys().copied());

    let start_of = |x: i32| margin + columns.offset(x) * scale;
    let links = drawn_links(geometry, place);
    // The column a link leaves a cell from: the middle of the cell's text room.
    let centre = |cell: Cell| start_of(place(cell).0) + (width - 1) / 2;

    let mut out = String::new();
    let mut previous: Option<(i32, &Vec<(i32, Cell)>)> = None;
    for (&y, cells) in rows.iter().rev() {
        if let Some((above, upper)) = previous {
            let blank = lines.offset(above) - lines.offset(y) - 1;
            if blank == 0 && !links.is_empty() {
                out.push_str(&link_line(upper, cells, &links, centre));
            } else {
                out.push_str(&"\n".repeat(blank));
            }
        }
        previous = Some((y, cells));
        let mut line = String::new();
        let mut column = 0;
        let mut before: Option<Cell> = None;
        for &(x, cell) in cells {
            let start = start_of(x);
            let marked = options.highlight.contains(&cell);
            let text = &texts[cell.index()];
            if column > 0 && column + usize::from(marked) > start {
                // Display positions too close for the scale (cannot happen with distinct
                // positions): keep the texts apart at least.
                line.push(' ');
                column += 1;
            }
            if before.is_some_and(|b| links.contains(&(b, cell))) {
                let to = start - usize::from(marked);
                while column < to {
                    line.push('-');
                    column += 1;
                }
            }
            before = Some(cell);
            if marked {
                pad_to(&mut line, &mut column, start - 1);
                line.push('[');
                column += 1;
            }
            pad_to(&mut line, &mut column, start);
            if marked && options.color {
                line.push_str(REVERSE);
                line.push_str(&text.replace(RESET, &format!("{RESET}{REVERSE}")));
                line.push_str(RESET);
            } else {
                line.push_str(text);
            }
            column += visible_width(text);
            if marked {
                line.push(']');
                column += 1;
            }
        }
        let ends = (cells.first(), cells.last());
        if let (true, Some(first), Some(last)) = (options.row_labels, ends.0, ends.1) {
            pad_to(&mut line, &mut column, label_column);
            line.push_str(geometry.name(first.1));
            if last.1 != first.1 {
                line.push_str(" .. ");
                line.push_str(geometry.name(last.1));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The links to draw, each as (its left or upper cell, the other) in drawing
/// coordinates: every link between neighbouring display positions when the board has
/// both orthogonal and diagonal ones (a board of points and lines), none otherwise.
fn drawn_links(geometry: &Geometry, place: impl Fn(Cell) -> (i32, i32)) -> HashSet<(Cell, Cell)> {
    let mut links = HashSet::new();
    let (mut orthogonal, mut diagonal) = (false, false);
    for cell in geometry.cells() {
        let (x, y) = place(cell);
        for d in geometry.dirs() {
            let Some(to) = geometry.neighbour(cell, d) else {
                continue;
            };
            let (tx, ty) = place(to);
            let (dx, dy) = (tx - x, ty - y);
            if dx.abs() > 1 || dy.abs() > 1 || (dx, dy) == (0, 0) {
                continue;
            }
            orthogonal |= dx == 0 || dy == 0;
            diagonal |= dx != 0 && dy != 0;
            // Left to right along a row, top to bottom between rows.
            if dy < 0 || (dy == 0 && dx > 0) {
                links.insert((cell, to));
            }
        }
    }
    if orthogonal && diagonal {
        links
    } else {
        HashSet::new()
    }
}

/// The text line between two neighbouring rows of a board of points and lines: `|`
/// under a cell linked straight down, `\` or `/` halfway along a diagonal link, `X`
/// where two diagonals cross. Ends in a newline.
fn link_line(
    upper: &[(i32, Cell)],
    lower: &[(i32, Cell)],
    links: &HashSet<(Cell, Cell)>,
    centre: impl Fn(Cell) -> usize,
) -> String {
    let mut marks: BTreeMap<usize, char> = BTreeMap::new();
    for &(_, from) in upper {
        for &(_, to) in lower {
            if !links.contains(&(from, to)) {
                continue;
            }
            let (a, b) = (centre(from), centre(to));
            let (column, mark) = match a.cmp(&b) {
                std::cmp::Ordering::Equal => (a, '|'),
                std::cmp::Ordering::Less => ((a + b) / 2, '\\'),
                std::cmp::Ordering::Greater => ((a + b) / 2, '/'),
            };
            marks
                .entry(column)
                .and_modify(|m| *m = if *m == mark { mark } else { 'X' })
                .or_insert(mark);
        }
    }
    let mut line = String::new();
    let mut column = 0;
    for (at, mark) in marks {
        pad_to(&mut line, &mut column, at);
        line.push(mark);
        column += 1;
    }
    line.push('\n');
    line
}

/// Display coordinates along one axis, with every gap between neighbouring values cut
/// to at most [`Squeeze::MAX_GAP`]: the true shape of any real board (whose gaps are one
/// or two units) is kept, and a drawing takes at most a few text columns or lines per
/// cell however far apart a variant file puts its cells.
struct Squeeze {
    /// The distinct values in order, each with its squeezed offset from the first.
    offsets: BTreeMap<i32, usize>,
}

impl Squeeze {
    /// The widest gap kept, in display units.
    const MAX_GAP: i64 = 4;

    fn new(values: impl Iterator<Item = i32>) -> Squeeze {
        let mut offsets: BTreeMap<i32, usize> = values.map(|v| (v, 0)).collect();
        let mut previous: Option<(i32, usize)> = None;
        for (&value, offset) in offsets.iter_mut() {
            if let Some((before, at)) = previous {
                let gap = (i64::from(value) - i64::from(before)).min(Squeeze::MAX_GAP);
                *offset = at + gap as usize;
            }
            previous = Some((value, *offset));
        }
        Squeeze { offsets }
    }

    /// The squeezed offset of the largest value.
    fn last(&self) -> usize {
        self.offsets.values().next_back().copied().unwrap_or(0)
    }

    /// The squeezed offset of `value` (which must be one of the values; 0 otherwise).
    fn offset(&self, value: i32) -> usize {
        self.offsets.get(&value).copied().unwrap_or(0)
    }
}

/// Pads `line` with spaces until its visible width `column` reaches `target`.
fn pad_to(line: &mut String, column: &mut usize, target: usize) {
    while *column < target {
        line.push(' ');
        *column += 1;
    }
}

/// Puts two drawings next to each other, `gap` spaces apart. The closing bracket of a
/// highlighted cell at the end of a row takes one space of the gap, so that the right
/// drawing stands in the same column whatever is highlighted.
pub fn side_by_side(left: &str, right: &str, gap: usize) -> String {
    let left_lines: Vec<&str> = left.lines().collect();
    let right_lines: Vec<&str> = right.lines().collect();
    let width = left_lines
        .iter()
        .map(|l| visible_width(l.strip_suffix(']').unwrap_or(l)))
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for i in 0..left_lines.len().max(right_lines.len()) {
        let l = left_lines.get(i).copied().unwrap_or("");
        let r = right_lines.get(i).copied().unwrap_or("");
        let mut line = l.to_string();
        if !r.is_empty() {
            let column = (width + gap).max(visible_width(l) + 1);
            line.push_str(&" ".repeat(column - visible_width(l)));
            line.push_str(r);
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn official(name: &str) -> Geometry {
        match bushka_geometry::builtin(name) {
            Some(Ok(g)) => g,
            other => panic!("built-in {name} did not load: {other:?}"),
        }
    }

    fn names(geometry: &Geometry) -> String {
        render(
            geometry,
            |c| geometry.name(c).to_string(),
            &Options::default(),
        )
    }

    /// The picture from crates/rules/RULES.md, without the trailing comments.
    fn picture(text: &str) -> String {
        text.lines()
            .map(|l| l.split("<-").next().unwrap_or("").trim_end())
            .map(|l| format!("{l}\n"))
            .collect()
    }

    #[test]
    fn bushka_names_match_the_rules_picture() {
        let expected = picture(
            "     a6    b7    c8    d9    e0          <- Black's back rank
  a5    b6    c7    d8    e9
     b5    c6    d7    e8    f9
  b4    c5    d6    e7    f8
     c4    d5    e6    f7    g8
  c3    d4    e5    f6    g7
     d3    e4    f5    g6    h7
  d2    e3    f4    g5    h6
     e2    f3    g4    h5    i6
  e1    f2    g3    h4    i5             <- White's back rank",
        );
        assert_eq!(names(&official("bushka")), expected);
    }

    #[test]
    fn bushka_9x11_names_match_the_rules_picture() {
        let expected = picture(
            "  a5    b6    c7    d8    e9    f0
     b5    c6    d7    e8    f9
  b4    c5    d6    e7    f8    g9
     c4    d5    e6    f7    g8
  c3    d4    e5    f6    g7    h8
     d3    e4    f5    g6    h7
  d2    e3    f4    g5    h6    i7
     e2    f3    g4    h5    i6
  e1    f2    g3    h4    i5    j6",
        );
        assert_eq!(names(&official("bushka-9x11")), expected);
    }

    #[test]
    fn hexbushka_names_match_the_rules_picture() {
        let expected = picture(
            "              i9                          <- Black's corner
           i8    h9
        i7    h8    g9
     i6    h7    g8    f9
  i5    h6    g7    f8    e9
     h5    g6    f7    e8
  h4    g5    f6    e7    d8
     g4    f5    e6    d7
  g3    f4    e5    d6    c7
     f3    e4    d5    c6
  f2    e3    d4    c5    b6
     e2    d3    c4    b5
  e1    d2    c3    b4    a5
     d1    c2    b3    a4
        c1    b2    a3
           b1    a2
              a1                          <- White's corner",
        );
        assert_eq!(names(&official("hexbushka")), expected);
    }

    #[test]
    fn pieces_are_drawn_compactly_and_highlighted_with_brackets() {
        let g = official("bushka");
        let f4 = g.cell("f4").expect("f4");
        let f5 = g.cell("f5").expect("f5");
        let options = Options {
            highlight: [f4, f5].into_iter().collect(),
            ..Options::default()
        };
        let text = render(
            &g,
            |c| if c == f5 { "w".into() } else { ".".into() },
            &options,
        );
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 10);
        assert_eq!(lines[0], "    .   .   .   .   .");
        assert_eq!(lines[6], "    .   .  [w]  .   .");
        assert_eq!(lines[7], "  .   .  [.]  .   .");
        assert!(!text.contains('\x1b'));
    }

    #[test]
    fn colour_does_not_change_the_layout() {
        let g = official("hexbushka");
        let plain = render(&g, |_| piece_text(None, false), &Options::default());
        let coloured = render(
            &g,
            |c| {
                piece_text(
                    (c.index() % 2 == 0).then_some(Piece::new(Colour::Black, Role::Man)),
                    true,
                )
            },
            &Options {
                color: true,
                highlight: [Cell::new(0)].into_iter().collect(),
                ..Options::default()
            },
        );
        assert!(coloured.contains('\x1b'));
        let widths = |s: &str| s.lines().map(visible_width).collect::<Vec<_>>();
        let mut expected = widths(&plain);
        let last = expected.len() - 1;
        expected[last] += 1; // the closing bracket of highlighted a1
        assert_eq!(widths(&coloured), expected);
    }

    #[test]
    fn row_labels_name_the_ends_of_each_row() {
        let g = official("bushka");
        let options = Options {
            row_labels: true,
            ..Options::default()
        };
        let text = render(&g, |_| ".".into(), &options);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].ends_with("a6 .. e0"), "{}", lines[0]);
        assert!(lines[9].ends_with("e1 .. i5"), "{}", lines[9]);
        let column = |l: &str| l.find(|c: char| c.is_ascii_alphanumeric());
        assert_eq!(column(lines[0]), column(lines[9]));
    }

    #[test]
    fn visible_width_skips_escape_sequences() {
        assert_eq!(visible_width("\x1b[1;31mb\x1b[0m"), 1);
        assert_eq!(visible_width("e10"), 3);
        assert_eq!(visible_width(""), 0);
    }

    #[test]
    fn the_names_stay_in_their_column_when_a_row_ends_with_a_highlight() {
        let g = official("bushka");
        let names = names(&g);
        let panel = |highlight: &[&str]| {
            let options = Options {
                highlight: highlight.iter().filter_map(|n| g.cell(n)).collect(),
                ..Options::default()
            };
            let board = render(&g, |_| ".".into(), &options);
            let text = side_by_side(&board, &names, 4);
            text.lines()
                .map(|l| l.find(|c: char| c.is_ascii_alphanumeric()))
                .collect::<Vec<_>>()
        };
        let plain = panel(&[]);
        // e0 ends the widest row, i5 the last; a6 begins the first.
        assert_eq!(panel(&["e0", "i5"]), plain);
        assert_eq!(panel(&["a6", "e1"]), plain);
    }

    /// The start position of `g` drawn as the terminal draws it (no colour), its
    /// lines, and per line the column of its first cell.
    fn start(g: &Geometry, flipped: bool) -> Vec<(usize, String)> {
        let piece = |c: Cell| {
            Colour::BOTH
                .into_iter()
                .find(|&p| g.side(p).men.contains(&c))
                .map(|p| Piece::new(p, Role::Man))
        };
        let options = Options {
            flipped,
            ..Options::default()
        };
        render(g, |c| piece_text(piece(c), false), &options)
            .lines()
            .map(|l| (l.len() - l.trim_start().len(), l.trim().to_string()))
            .collect()
    }

    #[test]
    fn every_draughts_file_is_drawn_with_its_rows_orientation_and_corner() {
        // (file, rows, cells per row, men per side, bottom row indented: the board
        // turned so that White's left corner is a light square).
        let files = [
            ("draughts", 10, 5, 20, false),
            ("brazilian", 8, 4, 12, false),
            ("checkers", 8, 4, 12, false),
            ("russian", 8, 4, 12, false),
            ("pool", 8, 4, 12, false),
            ("canadian", 12, 6, 30, false),
            ("frisian", 10, 5, 20, false),
            ("frysk", 10, 5, 5, false),
            ("italian", 8, 4, 12, true),
            ("spanish", 8, 4, 12, true),
            ("czech", 8, 4, 12, false),
            ("thai", 8, 4, 8, false),
            ("turkish", 8, 8, 16, false),
            ("killer", 10, 5, 20, false),
            ("antidraughts", 10, 5, 20, false),
            ("breakthrough", 10, 5, 20, false),
        ];
        for (name, rows, per_row, men, turned) in files {
            let g = official(name);
            let lines = start(&g, false);
            assert_eq!(lines.len(), rows, "{name}");
            for (_, line) in &lines {
                assert_eq!(line.split_whitespace().count(), per_row, "{name}: {line}");
            }
            let count = |c: char| {
                lines
                    .iter()
                    .map(|(_, l)| l.matches(c).count())
                    .sum::<usize>()
            };
            assert_eq!((count('w'), count('b')), (men, men), "{name}");
            assert_eq!(count('.'), g.cell_count() - 2 * men, "{name}");
            // Black's men above White's: no White man above any Black man.
            let top_white = lines.iter().position(|(_, l)| l.contains('w'));
            let bottom_black = lines.iter().rposition(|(_, l)| l.contains('b'));
            assert!(top_white > bottom_black, "{name}");
            // Dark-square boards alternate their rows' first column; Turkish does not.
            let (top, bottom) = (lines[0].0, lines[rows - 1].0);
            if per_row == 8 {
                assert!(lines.iter().all(|(c, _)| *c == top), "{name}");
            } else {
                assert_eq!(bottom > top, turned, "{name}: the double corner");
                assert!(lines.windows(2).all(|w| w[0].0 != w[1].0), "{name}");
            }
            // Turned half round, White's men are on top.
            let flipped = start(&g, true);
            assert!(
                flipped[0].1.contains('w') || flipped[1].1.contains('w'),
                "{name}"
            );
            assert!(!flipped[rows - 1].1.contains('w'), "{name}");
        }
    }

    #[test]
    fn a_board_of_points_is_drawn_with_its_lines() {
        let g = official("fanorona");
        let drawn: Vec<String> = start(&g, false).into_iter().map(|(_, l)| l).collect();
        // Diagonals only through the strong points (a1, c1, b2, ...): the weak points
        // between them have four lines.
        let expected = [
            "b---b---b---b---b---b---b---b---b",
            r"| \ | / | \ | / | \ | / | \ | / |",
            "b---b---b---b---b---b---b---b---b",
            r"| / | \ | / | \ | / | \ | / | \ |",
            "b---w---b---w---.---b---w---b---w",
            r"| \ | / | \ | / | \ | / | \ | / |",
            "w---w---w---w---w---w---w---w---w",
            r"| / | \ | / | \ | / | \ | / | \ |",
            "w---w---w---w---w---w---w---w---w",
        ];
        assert_eq!(drawn, expected);
        // A highlighted point keeps its lines, and crossing diagonals meet in an X.
        let mut options = Options::default();
        options.highlight.insert(g.cell("e3").expect("e3"));
        let text = render(&g, |c| g.name(c).to_string(), &options);
        assert!(text.contains("d3--[e3]--f3"), "{text}");
        let file = include_str!("../../../variants/fanorona-dimy.toml")
            .replace("diagonals = \"alternating\"", "diagonals = \"all\"");
        let every = bushka_geometry::load_str(&file, "every diagonal").expect("loads");
        let text = render(&every, |_| ".".to_string(), &Options::default());
        assert_eq!(text.lines().nth(1), Some(r"  | X | X | X | X |"), "{text}");
    }

    #[test]
    fn other_boards_are_drawn_without_lines() {
        for name in ["bushka", "hexbushka", "draughts", "frisian", "turkish"] {
            let text: String = start(&official(name), false)
                .into_iter()
                .map(|(_, l)| l)
                .collect();
            assert!(!text.contains('-') && !text.contains('|'), "{name}: {text}");
        }
    }

    #[test]
    fn side_by_side_aligns_the_right_drawing() {
        let text = side_by_side("a\nlong\n", "x\ny\nz\n", 2);
        assert_eq!(text, "a     x\nlong  y\n      z\n");
    }
}
