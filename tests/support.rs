//! Helpers shared by the integration tests.
//!
//! The `check_*` functions assert invariants that every valid geometry must satisfy;
//! they panic with a message naming the offending cell and direction, so they work
//! both in plain tests and inside proptest cases (which catch panics).

#![forbid(unsafe_code)]

pub mod families;
pub mod harness;
pub mod lockstep;
pub mod naive_fanorona;
pub mod naive_jump;

use std::collections::{BTreeSet, HashSet};
use std::path::PathBuf;

use bushka_geometry::{Cell, Dir, ErrorKind, Geometry, Line, Step, VariantError};

/// The three official boards: built-in name, cells, promotion-zone size, men per side.
pub const OFFICIAL: [(&str, usize, usize, usize); 3] = [
    ("bushka", 50, 5, 15),
    ("bushka-9x11", 50, 6, 17),
    ("hexbushka", 61, 9, 16),
];

/// Every built-in variant name: the contact-capture ones, then the draughts ones, then
/// the approach-withdrawal ones.
pub const ALL_BUILTINS: [&str; 23] = {
    let mut all = [""; 23];
    let mut i = 0;
    while i < CONTACT_BUILTINS.len() {
        all[i] = CONTACT_BUILTINS[i];
        i += 1;
    }
    let mut j = 0;
    while j < JUMP_BUILTINS.len() {
        all[CONTACT_BUILTINS.len() + j] = JUMP_BUILTINS[j];
        j += 1;
    }
    let mut k = 0;
    while k < APPROACH_BUILTINS.len() {
        all[CONTACT_BUILTINS.len() + JUMP_BUILTINS.len() + k] = APPROACH_BUILTINS[k];
        k += 1;
    }
    all
};

/// International draughts' published start-position perft, depths 1 to 10 (also
/// Killer's and Antidraughts', and Breakthrough's to depth 11).
pub const INTERNATIONAL_PERFT: [u64; 10] = [
    9,
    81,
    658,
    4_265,
    27_117,
    167_140,
    1_049_442,
    6_483_961,
    41_022_423,
    258_895_763,
];

/// The built-in variants with Bushka's contact capture.
pub const CONTACT_BUILTINS: [&str; 5] = [
    "bushka",
    "bushka-9x11",
    "hexbushka",
    "hexbushka-4",
    "bushka-cylinder",
];

/// The built-in draughts variants (jump capture).
pub const JUMP_BUILTINS: [&str; 17] = [
    "draughts",
    "brazilian",
    "hexdame",
    "checkers",
    "russian",
    "pool",
    "canadian",
    "frisian",
    "frysk",
    "italian",
    "spanish",
    "czech",
    "thai",
    "turkish",
    "killer",
    "antidraughts",
    "breakthrough",
];

/// The built-in variants with Fanorona's approach-withdrawal capture.
pub const APPROACH_BUILTINS: [&str; 1] = ["fanorona"];

/// Draughts positions (variant, position, perft depth the tests check), used by the
/// jump-capture tests and the fuzz harnesses. Capture-heavy: men interleaved so that most moves capture, with long sequences and
/// majority choices; king-heavy: several flying kings of both colours among men.
pub const JUMP_POSITIONS: [(&str, &str, u32); 8] = [
    ("brazilian", "W:W13,14,21,22,23,30:B6,7,9,10,17,18,25,26", 5),
    ("brazilian", "B:W18,19,26,27,28:B5,10,11,14,15,22", 5),
    ("brazilian", "W:WK29,K32,17,22:BK1,K4,6,10,15", 4),
    ("brazilian", "B:WK9,K25,K28:BK3,K16,12,19,20", 4),
    ("hexdame", "W:Wc3,d3,d4,e3,e5:Bd5,e4,e6,f5,f6,g7", 4),
    ("hexdame", "B:Wc4,d4,e5,f4:Bd5,e6,f6,g6,g7", 4),
    ("hexdame", "W:WKa1,Ke5,c3,f4:BKi9,Kg5,f6,h7,e7", 3),
    ("draughts", "W:WK46,K3,28,32,33:BK50,K1,19,22,23,24,17", 3),
];

/// Loads a built-in variant, panicking with the error if it does not load.
pub fn builtin(name: &str) -> Geometry {
    match bushka_geometry::builtin(name) {
        Some(Ok(g)) => g,
        Some(Err(e)) => panic!("built-in `{name}` does not load: {e}"),
        None => panic!("no built-in called `{name}`"),
    }
}

/// Loads a variant from a string, panicking with the error if it does not load.
pub fn load(text: &str) -> Geometry {
    bushka_geometry::load_str(text, "test.toml")
        .unwrap_or_else(|e| panic!("{e}\n--- file ---\n{text}"))
}

/// Loads a variant from a string that must fail, returning the error.
pub fn load_err(text: &str) -> VariantError {
    match bushka_geometry::load_str(text, "test.toml") {
        Ok(_) => panic!("expected an error, but the file loaded:\n{text}"),
        Err(e) => e,
    }
}

/// Asserts the error's kind, and that it is reported on the line of `text` holding
/// `needle` (or without a location when `needle` is `None`).
pub fn expect(text: &str, kind: ErrorKind, needle: Option<&str>) -> VariantError {
    expect_case("the file", text, kind, needle)
}

/// [`expect`] for one case of a table: every failure message starts with `case`.
pub fn expect_case(case: &str, text: &str, kind: ErrorKind, needle: Option<&str>) -> VariantError {
    let e = match bushka_geometry::load_str(text, "test.toml") {
        Ok(_) => panic!("{case}: expected an error, but the file loaded:\n{text}"),
        Err(e) => e,
    };
    assert_eq!(without_nearby(&e.kind), kind, "{case}: {e}");
    assert_eq!(e.origin, "test.toml", "{case}");
    match needle {
        Some(needle) => {
            let line = line_of(text, needle);
            assert_eq!(e.location.map(|l| l.line), Some(line), "{case}: {e}");
        }
        None => assert_eq!(e.location, None, "{case}: {e}"),
    }
    e
}

/// An unknown-cell error without suggestions of nearby cells.
pub fn unknown_cell(key: &str, cell: &str) -> ErrorKind {
    ErrorKind::UnknownCell {
        key: key.into(),
        cell: cell.into(),
        nearby: Vec::new(),
    }
}

/// `kind` with an unknown cell's suggestions dropped.
pub fn without_nearby(kind: &ErrorKind) -> ErrorKind {
    match kind {
        ErrorKind::UnknownCell { key, cell, .. } => unknown_cell(key, cell),
        other => other.clone(),
    }
}

/// Path of a file under `tests/data/`.
pub fn data_path(file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join(file)
}

/// The 1-based number of the only line of `text` containing `needle`.
pub fn line_of(text: &str, needle: &str) -> usize {
    let hits: Vec<usize> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.contains(needle))
        .map(|(i, _)| i + 1)
        .collect();
    assert_eq!(
        hits.len(),
        1,
        "`{needle}` should occur on exactly one line, found on {hits:?}"
    );
    hits[0]
}

/// The cell called `name`, panicking if there is none.
pub fn cell(g: &Geometry, name: &str) -> Cell {
    g.cell(name)
        .unwrap_or_else(|| panic!("no cell `{name}` on `{}`", g.meta().id))
}

/// The direction called `name`, panicking if there is none.
pub fn dir(g: &Geometry, name: &str) -> Dir {
    g.direction_by_name(name)
        .unwrap_or_else(|| panic!("no direction `{name}` on `{}`", g.meta().id))
}

/// The name of the neighbour of cell `from` in direction `direction`, if any.
pub fn step(g: &Geometry, from: &str, direction: &str) -> Option<String> {
    g.neighbour(cell(g, from), dir(g, direction))
        .map(|c| g.name(c).to_string())
}

/// Names of `cells`, sorted.
pub fn sorted_names(g: &Geometry, cells: &[Cell]) -> Vec<String> {
    let mut v: Vec<String> = cells.iter().map(|&c| g.name(c).to_string()).collect();
    v.sort();
    v
}

/// `names`, sorted and owned.
pub fn sorted(names: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = names.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Names of the direction indices `dirs`, sorted.
pub fn dir_names(g: &Geometry, dirs: &[Dir]) -> Vec<String> {
    let mut v: Vec<String> = dirs.iter().map(|&d| g.direction(d).name.clone()).collect();
    v.sort();
    v
}

/// The lines of `g` listed along direction `d`.
pub fn lines_along(g: &Geometry, d: Dir) -> Vec<Line> {
    g.lines().into_iter().filter(|l| l.direction == d).collect()
}

/// Opposites are an involution without fixed points, and every link is mutual:
/// `neighbour(neighbour(c, d), opposite(d)) == c`. The graph holds the same links.
pub fn check_links(g: &Geometry) {
    let mut edges = 0;
    for d in g.dirs() {
        let o = g.opposite(d);
        assert_ne!(o, d, "direction {d:?} is its own opposite");
        assert_eq!(g.opposite(o), d, "opposite of opposite of {d:?}");
    }
    for c in g.cells() {
        for d in g.dirs() {
            if let Some(to) = g.neighbour(c, d) {
                edges += 1;
                assert_ne!(to, c, "{} links to itself", g.name(c));
                assert_eq!(
                    g.neighbour(to, g.opposite(d)),
                    Some(c),
                    "link {} -> {} ({}) is not mutual",
                    g.name(c),
                    g.name(to),
                    g.direction(d).name
                );
            }
        }
    }
    assert_eq!(g.graph().node_count(), g.cell_count());
    assert_eq!(g.graph().edge_count(), edges);
}

/// Rays follow neighbours, never repeat a cell, never contain their start, and stop
/// at the edge or just before coming home on a ring.
pub fn check_rays(g: &Geometry) {
    for c in g.cells() {
        for d in g.dirs() {
            let ray = g.ray(c, d);
            assert!(ray.len() < g.cell_count());
            let mut at = c;
            for &next in ray {
                assert_eq!(
                    g.neighbour(at, d),
                    Some(next),
                    "ray from {} breaks",
                    g.name(c)
                );
                at = next;
            }
            let distinct: HashSet<Cell> = ray.iter().copied().collect();
            assert_eq!(
                distinct.len(),
                ray.len(),
                "ray from {} repeats a cell",
                g.name(c)
            );
            assert!(
                !distinct.contains(&c),
                "ray from {} contains its start",
                g.name(c)
            );
            let end = g.neighbour(at, d);
            assert!(
                end.is_none() || end == Some(c),
                "ray from {} stops early",
                g.name(c)
            );
        }
    }
}

/// Every line is straight and maximal, and every cell lies on exactly one line of
/// each direction pair. Lines are listed along the lower-numbered direction of a pair.
pub fn check_lines(g: &Geometry) {
    let lines = g.lines();
    let lower = || g.dirs().filter(|&d| d < g.opposite(d));
    for line in &lines {
        let d = line.direction;
        assert!(
            d < g.opposite(d),
            "line listed along the higher direction {d:?}"
        );
        assert!(!line.cells.is_empty());
        for w in line.cells.windows(2) {
            assert_eq!(
                g.neighbour(w[0], d),
                Some(w[1]),
                "line is not straight at {}",
                g.name(w[0])
            );
        }
        let first = line.cells[0];
        let last = line.cells[line.cells.len() - 1];
        let ring = g.neighbour(last, d) == Some(first);
        if !ring {
            assert_eq!(
                g.neighbour(first, g.opposite(d)),
                None,
                "line not maximal at {}",
                g.name(first)
            );
            assert_eq!(
                g.neighbour(last, d),
                None,
                "line not maximal at {}",
                g.name(last)
            );
        }
    }
    for d in lower() {
        let mut count = vec![0usize; g.cell_count()];
        for line in lines.iter().filter(|l| l.direction == d) {
            for &c in &line.cells {
                count[c.index()] += 1;
            }
        }
        for c in g.cells() {
            assert_eq!(
                count[c.index()],
                1,
                "{} lies on {} lines along direction {d:?}",
                g.name(c),
                count[c.index()]
            );
        }
    }
    assert_eq!(
        lines.iter().map(|l| l.direction).collect::<BTreeSet<_>>(),
        lower().collect::<BTreeSet<_>>(),
        "lines are listed for every direction pair"
    );
}

/// Bit indices are distinct and below the span, and every direction stepped by
/// `Step::Shift(s)` adds exactly `s` to the index along each of its links.
pub fn check_embedding(g: &Geometry) {
    let e = g.embedding();
    assert_eq!(e.index.len(), g.cell_count());
    assert_eq!(e.steps.len(), g.direction_count());
    assert!(e.span >= g.cell_count());
    let distinct: HashSet<u32> = e.index.iter().copied().collect();
    assert_eq!(
        distinct.len(),
        g.cell_count(),
        "bit indices are not distinct"
    );
    assert!(
        e.index.iter().all(|&i| (i as usize) < e.span),
        "bit index beyond span"
    );
    for (d, step) in g.dirs().zip(&e.steps) {
        let amounts: &[i32] = match step {
            Step::Shift(s) => &[*s],
            Step::Shifts(a, b) => {
                assert!(a < b, "two shifts {a}, {b} of direction {d:?} not in order");
                &[*a, *b]
            }
            Step::Table => continue,
        };
        let mut used = BTreeSet::new();
        for c in g.cells() {
            if let Some(to) = g.neighbour(c, d) {
                let delta = e.index[to.index()] as i32 - e.index[c.index()] as i32;
                assert!(
                    amounts.contains(&delta),
                    "{step:?} of direction {d:?} wrong on {} -> {} (adds {delta})",
                    g.name(c),
                    g.name(to)
                );
                used.insert(delta);
            }
        }
        if amounts.len() == 2 {
            assert_eq!(
                used.len(),
                2,
                "{step:?} of direction {d:?}: one amount unused"
            );
        }
    }
}

/// Names round-trip through `cell`, `coords` and `cell_at`; with numeric notation the
/// name is the square number and the line name an alias of the same cell.
pub fn check_names(g: &Geometry) {
    for c in g.cells() {
        assert_eq!(g.cell(g.name(c)), Some(c));
        let (l, n) = g.coords(c);
        assert_eq!(g.cell_at(l, n), Some(c));
        let line_name = format!("{}{}", g.letter_labels()[l], g.number_labels()[n]);
        if g.notation() == bushka_geometry::Notation::Numeric {
            assert_eq!(g.cell(&line_name), Some(c), "the line name is an alias");
        } else {
            assert_eq!(g.name(c), line_name, "name is letter label + number label");
        }
    }
}

/// All of the above.
pub fn check_all(g: &Geometry) {
    check_links(g);
    check_rays(g);
    check_lines(g);
    check_embedding(g);
    check_names(g);
}

/// The four diagonal directions of a square board, as TOML.
pub const SQUARE_DIRECTIONS: &str = r#"
[[board.directions]]
name = "up-right"
vector = [0, 1]

[[board.directions]]
name = "up-left"
vector = [-1, 0]

[[board.directions]]
name = "down-left"
vector = [0, -1]

[[board.directions]]
name = "down-right"
vector = [1, 0]
"#;

/// The six directions of a hexagonal board, as TOML.
pub const HEX_DIRECTIONS: &str = r#"
[[board.directions]]
name = "up-right"
vector = [0, 1]

[[board.directions]]
name = "up-left"
vector = [1, 0]

[[board.directions]]
name = "up"
vector = [1, 1]

[[board.directions]]
name = "down-left"
vector = [0, -1]

[[board.directions]]
name = "down-right"
vector = [-1, 0]

[[board.directions]]
name = "down"
vector = [-1, -1]
"#;

/// Lattice coordinates (letter, number) of the dark cells of a `width` x `height`
/// draughts board, computed independently of the geometry crate: row `r` and column
/// `c` with `r + c` even; number `(r + c) / 2`, letter `(c - r) / 2` shifted so the
/// smallest is 0.
pub fn draughts_coords(width: usize, height: usize) -> Vec<(usize, usize)> {
    let raw: Vec<(i64, i64)> = (0..height as i64)
        .flat_map(|r| (0..width as i64).map(move |c| (r, c)))
        .filter(|(r, c)| (r + c) % 2 == 0)
        .map(|(r, c)| ((c - r) / 2, (r + c) / 2))
        .collect();
    let min = raw.iter().map(|p| p.0).min().unwrap_or(0);
    raw.into_iter()
        .map(|(l, n)| ((l - min) as usize, n as usize))
        .collect()
}

/// Lattice coordinates of a hexagon of side `side`: |L - N| < side.
pub fn hexagon_coords(side: usize) -> Vec<(usize, usize)> {
    let size = 2 * side - 1;
    (0..size)
        .flat_map(|l| (0..size).map(move |n| (l, n)))
        .filter(|&(l, n)| l.abs_diff(n) < side)
        .collect()
}

/// The default label of number index `number`: `1`..`9`, `0` for 10, then `11`, `12`...
pub fn default_number(number: usize) -> String {
    if number == 9 {
        "0".to_string()
    } else {
        (number + 1).to_string()
    }
}

/// A cell name with the default labels (`a`..`z`, and the default numbers).
pub fn default_name(letter: usize, number: usize) -> String {
    format!(
        "{}{}",
        char::from(b'a' + letter as u8),
        default_number(number)
    )
}

/// A minimal variant file around a generator line and a set of directions; both
/// players promote on `promotion` (a cell name) and start with no men.
pub fn variant_toml(
    generate: &str,
    directions: &str,
    forward: [&str; 2],
    promotion: &str,
) -> String {
    format!(
        r#"[variant]
id = "generated"
name = "Generated"

[board]
generate = {generate}
{directions}
[players.white]
forward = ["{}"]
promotion = ["{promotion}"]

[players.black]
forward = ["{}"]
promotion = ["{promotion}"]
"#,
        forward[0], forward[1]
    )
}

/// A variant file for the dark cells of a `width` x `height` draughts board
/// (default labels; `width`, `height` at most 26 so the letters suffice).
pub fn draughts_toml(width: usize, height: usize) -> String {
    let (l, n) = draughts_coords(width, height)[0];
    variant_toml(
        &format!("{{ draughts = {{ width = {width}, height = {height} }} }}"),
        SQUARE_DIRECTIONS,
        ["up-right", "down-left"],
        &default_name(l, n),
    )
}

/// [`draughts_toml`] with the left and right edges glued into a cylinder, as
/// `bushka-cylinder` glues Bushka's board: a step off one side (`width` even) comes
/// back on the other, one row up or down, through explicit links.
pub fn draughts_cylinder_toml(width: usize, height: usize) -> String {
    let mut text = draughts_toml(width, height);
    let g = load(&text);
    let at: std::collections::HashMap<(i32, i32), Cell> =
        g.cells().map(|c| (g.display(c), c)).collect();
    // The screen step of each of SQUARE_DIRECTIONS' directions.
    let screen = [
        ("up-right", (1, 1)),
        ("up-left", (-1, 1)),
        ("down-left", (-1, -1)),
        ("down-right", (1, -1)),
    ];
    for c in g.cells() {
        let (x, y) = g.display(c);
        for (name, (dx, dy)) in screen {
            if g.neighbour(c, dir(&g, name)).is_some() {
                continue;
            }
            let wrapped = ((x + dx).rem_euclid(width as i32), y + dy);
            if let Some(&to) = at.get(&wrapped) {
                text.push_str(&format!(
                    "\n[[board.links]]\nfrom = \"{}\"\nto = \"{}\"\ndirection = \"{name}\"\n",
                    g.name(c),
                    g.name(to)
                ));
            }
        }
    }
    text
}

/// The board of [`draughts_cylinder_toml`] for a `size` x `size` board, compiled to the
/// bitset width it needs (10: `u64`, 14: `u128`, 20: [`bushka_rules::Wide`]).
pub fn draughts_cylinder(size: usize) -> bushka_rules::AnyBoard {
    bushka_rules::AnyBoard::new(load(&draughts_cylinder_toml(size, size)))
}

/// A variant file for a hexagon of side `side` (default labels; `side` at most 13).
pub fn hexagon_toml(side: usize) -> String {
    variant_toml(
        &format!("{{ hexagon = {{ side = {side} }} }}"),
        HEX_DIRECTIONS,
        ["up", "down"],
        "a1",
    )
}

/// A seeded random stream for reproducible playouts (ChaCha8).
pub struct Rng(rand_chacha::ChaCha8Rng);

impl Rng {
    /// A stream from `seed`.
    pub fn new(seed: u64) -> Rng {
        use rand::SeedableRng;
        Rng(rand_chacha::ChaCha8Rng::seed_from_u64(seed))
    }

    /// A uniform index below `n` (which must be positive).
    pub fn below(&mut self, n: usize) -> usize {
        rand::Rng::random_range(&mut self.0, 0..n)
    }
}
