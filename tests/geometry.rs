//! Geometry of the official boards and the authored built-ins, checked against the
//! facts in crates/rules/RULES.md section 2.

use bushka_geometry::{Cell, Colour, Geometry, Step, load_path};
use bushka_tests::*;

/// (label, length) of each line along `direction`, keyed by the lattice index that is
/// constant along it (`letter` true: the letter index, else the number index), in
/// label order. Asserts that the key really is constant along each line.
fn line_lengths(g: &Geometry, direction: &str, letter: bool) -> Vec<(String, usize)> {
    let mut out: Vec<(usize, usize)> = lines_along(g, dir(g, direction))
        .iter()
        .map(|line| {
            let key = |c| {
                let (l, n) = g.coords(c);
                if letter { l } else { n }
            };
            let k = key(line.cells[0]);
            assert!(
                line.cells.iter().all(|&c| key(c) == k),
                "line along {direction} changes its label"
            );
            (k, line.cells.len())
        })
        .collect();
    out.sort();
    out.into_iter()
        .map(|(k, len)| {
            let label = if letter {
                &g.letter_labels()[k]
            } else {
                &g.number_labels()[k]
            };
            (label.clone(), len)
        })
        .collect()
}

/// The names of a line's cells, in the order `lines()` lists them.
fn line_names(g: &Geometry, direction: &str, containing: &str) -> Vec<String> {
    let c = cell(g, containing);
    let lines = lines_along(g, dir(g, direction));
    let line = lines
        .iter()
        .find(|l| l.cells.contains(&c))
        .unwrap_or_else(|| panic!("no line along {direction} through {containing}"));
    line.cells.iter().map(|&c| g.name(c).to_string()).collect()
}

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

#[test]
fn builtin_names_and_unknown_builtin() {
    let names: Vec<&str> = bushka_geometry::BUILTIN.iter().map(|b| b.name).collect();
    assert_eq!(names, ALL_BUILTINS);
    assert!(bushka_geometry::builtin("bushka-11x11").is_none());
    for name in ALL_BUILTINS {
        assert_eq!(builtin(name).meta().id, name, "the id is the file stem");
    }
}

#[test]
fn official_boards_have_the_right_sizes() {
    for (name, cells, zone, men) in OFFICIAL {
        let g = builtin(name);
        assert_eq!(g.cell_count(), cells, "{name}: cells");
        for p in Colour::BOTH {
            let side = g.side(p);
            assert_eq!(side.promotion.len(), zone, "{name}: {p:?} promotion zone");
            assert_eq!(side.men.len(), men, "{name}: {p:?} men");
            assert!(side.kings.is_empty(), "{name}: {p:?} starts without kings");
            let marked = g.cells().filter(|&c| g.promotes(p, c)).count();
            assert_eq!(marked, zone, "{name}: {p:?} promotion mask");
        }
    }
}

#[test]
fn every_builtin_satisfies_the_invariants() {
    for name in ALL_BUILTINS {
        check_all(&builtin(name));
    }
}

#[test]
fn official_rules_are_the_defaults() {
    for (name, ..) in OFFICIAL {
        let g = builtin(name);
        let r = g.rules();
        assert_eq!(r.capture, bushka_geometry::CaptureStyle::Contact, "{name}");
        assert_eq!(r.min_line, 2, "{name}");
        assert!(r.majority(), "{name}");
        assert_eq!(r.king_range, bushka_geometry::KingRange::Long, "{name}");
        assert_eq!(r.repetition, 3, "{name}");
    }
}

// ---- lines ----------------------------------------------------------------------

#[test]
fn directions_and_lines_of_the_official_boards() {
    for (name, directions, lines) in [
        ("bushka", 4, 9 + 10),
        ("bushka-9x11", 4, 10 + 10),
        ("hexbushka", 6, 27),
    ] {
        let g = builtin(name);
        assert_eq!(g.direction_count(), directions, "{name}: directions");
        assert_eq!(g.lines().len(), lines, "{name}: lines");
    }
}

/// The lengths of the lines along a direction, by the label of the lattice index that
/// is constant along them (a letter, else a number).
#[test]
fn line_lengths_by_label() {
    let cases = [
        (
            "bushka",
            "up-right",
            true,
            "abcdefghi",
            vec![2, 4, 6, 8, 10, 8, 6, 4, 2],
        ),
        (
            "bushka",
            "up-left",
            false,
            "1234567890",
            vec![1, 3, 5, 7, 9, 9, 7, 5, 3, 1],
        ),
        (
            "bushka-9x11",
            "up-right",
            true,
            "abcdefghij",
            vec![1, 3, 5, 7, 9, 9, 7, 5, 3, 1],
        ),
        (
            "bushka-9x11",
            "up-left",
            false,
            "1234567890",
            vec![1, 3, 5, 7, 9, 9, 7, 5, 3, 1],
        ),
        (
            "hexbushka",
            "up-right",
            true,
            "abcdefghi",
            vec![5, 6, 7, 8, 9, 8, 7, 6, 5],
        ),
        (
            "hexbushka",
            "up-left",
            false,
            "123456789",
            vec![5, 6, 7, 8, 9, 8, 7, 6, 5],
        ),
    ];
    for (name, direction, by_letter, labels, lengths) in cases {
        let expected: Vec<(String, usize)> =
            labels.chars().map(String::from).zip(lengths).collect();
        assert_eq!(
            line_lengths(&builtin(name), direction, by_letter),
            expected,
            "{name}: the lines along {direction}"
        );
    }
}

/// The cells of the line along a direction through a cell, in the order listed.
#[test]
fn lines_through_cells() {
    let cases: [(&str, &str, &str, &[&str]); 14] = [
        // The e-line is the long diagonal from White's corner to Black's.
        (
            "bushka",
            "up-right",
            "e5",
            &["e1", "e2", "e3", "e4", "e5", "e6", "e7", "e8", "e9", "e0"],
        ),
        (
            "bushka",
            "up-left",
            "e5",
            &["i5", "h5", "g5", "f5", "e5", "d5", "c5", "b5", "a5"],
        ),
        ("bushka", "up-left", "e1", &["e1"]),
        ("bushka", "up-left", "e0", &["e0"]),
        ("bushka", "up-right", "a6", &["a5", "a6"]),
        ("bushka-9x11", "up-right", "a5", &["a5"]),
        ("bushka-9x11", "up-right", "j6", &["j6"]),
        ("bushka-9x11", "up-left", "e1", &["e1"]),
        ("bushka-9x11", "up-left", "f0", &["f0"]),
        (
            "bushka-9x11",
            "up-right",
            "f5",
            &["f2", "f3", "f4", "f5", "f6", "f7", "f8", "f9", "f0"],
        ),
        (
            "hexbushka",
            "up",
            "e5",
            &["a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8", "i9"],
        ),
        ("hexbushka", "up", "e1", &["e1", "f2", "g3", "h4", "i5"]),
        (
            "hexbushka",
            "up-right",
            "a1",
            &["a1", "a2", "a3", "a4", "a5"],
        ),
        (
            "hexbushka",
            "up-left",
            "a1",
            &["a1", "b1", "c1", "d1", "e1"],
        ),
    ];
    let mut boards = std::collections::BTreeMap::new();
    for (name, direction, through, cells) in cases {
        let g = boards.entry(name).or_insert_with(|| builtin(name));
        assert_eq!(
            line_names(g, direction, through),
            names(cells),
            "{name}: the line along {direction} through {through}"
        );
    }
}

#[test]
fn hexbushka_vertical_lines() {
    let g = builtin("hexbushka");
    let lengths = [5, 6, 7, 8, 9, 8, 7, 6, 5];
    // Vertical lines: letter - number is constant; order them by it.
    let mut vertical: Vec<(i64, usize)> = lines_along(&g, dir(&g, "up"))
        .iter()
        .map(|line| {
            let key = |c| {
                let (l, n) = g.coords(c);
                l as i64 - n as i64
            };
            let k = key(line.cells[0]);
            assert!(line.cells.iter().all(|&c| key(c) == k));
            (k, line.cells.len())
        })
        .collect();
    vertical.sort();
    assert_eq!(vertical, (-4..=4).zip(lengths).collect::<Vec<_>>());
}

// ---- names and display ----------------------------------------------------------

fn assert_display(g: &Geometry, expected: &[(&str, (i32, i32))]) {
    for &(name, xy) in expected {
        assert_eq!(
            g.display(cell(g, name)),
            xy,
            "{}: display of {name}",
            g.meta().id
        );
    }
    let min_x = g.cells().map(|c| g.display(c).0).min();
    let min_y = g.cells().map(|c| g.display(c).1).min();
    assert_eq!(
        (min_x, min_y),
        (Some(0), Some(0)),
        "{}: display minimum",
        g.meta().id
    );
    let distinct: std::collections::HashSet<(i32, i32)> = g.cells().map(|c| g.display(c)).collect();
    assert_eq!(
        distinct.len(),
        g.cell_count(),
        "{}: cells drawn on one spot",
        g.meta().id
    );
}

#[test]
fn bushka_10x10_display() {
    let g = builtin("bushka");
    // x right, y up: the square's column and row.
    assert_display(
        &g,
        &[
            ("e1", (0, 0)),
            ("i5", (8, 0)),
            ("e2", (1, 1)),
            ("a5", (0, 8)),
            ("a6", (1, 9)),
            ("e0", (9, 9)),
            ("i6", (9, 1)),
            ("f4", (4, 2)),
        ],
    );
    // Every cell is a dark square: column + row even, inside 10x10.
    for c in g.cells() {
        let (x, y) = g.display(c);
        assert!((0..10).contains(&x) && (0..10).contains(&y) && (x + y) % 2 == 0);
    }
    // The top row is Black's back rank, the bottom row White's.
    let top: Vec<_> = g.cells().filter(|&c| g.display(c).1 == 9).collect();
    assert_eq!(
        sorted_names(&g, &top),
        sorted(&["a6", "b7", "c8", "d9", "e0"])
    );
    let bottom: Vec<_> = g.cells().filter(|&c| g.display(c).1 == 0).collect();
    assert_eq!(
        sorted_names(&g, &bottom),
        sorted(&["e1", "f2", "g3", "h4", "i5"])
    );
}

#[test]
fn bushka_9x11_display() {
    let g = builtin("bushka-9x11");
    assert_display(
        &g,
        &[
            ("e1", (0, 0)),
            ("j6", (10, 0)),
            ("a5", (0, 8)),
            ("f0", (10, 8)),
            ("b5", (1, 7)),
        ],
    );
    for c in g.cells() {
        let (x, y) = g.display(c);
        assert!((0..11).contains(&x) && (0..9).contains(&y) && (x + y) % 2 == 0);
    }
}

#[test]
fn hexbushka_display() {
    let g = builtin("hexbushka");
    assert_display(
        &g,
        &[
            ("a1", (4, 0)),
            ("e5", (4, 8)),
            ("i9", (4, 16)),
            ("e1", (0, 4)),
            ("a5", (8, 4)),
            ("i5", (0, 12)),
            ("e9", (8, 12)),
        ],
    );
    let bottom = g.cells().min_by_key(|&c| g.display(c).1).map(|c| g.name(c));
    let top = g.cells().max_by_key(|&c| g.display(c).1).map(|c| g.name(c));
    assert_eq!((bottom, top), (Some("a1"), Some("i9")));
}

#[test]
fn cell_names_and_coordinates() {
    let g = builtin("bushka");
    assert_eq!(g.coords(cell(&g, "e1")), (4, 0));
    assert_eq!(g.coords(cell(&g, "e0")), (4, 9));
    assert_eq!(g.coords(cell(&g, "a6")), (0, 5));
    assert_eq!(g.cell_at(4, 9).map(|c| g.name(c)), Some("e0"));
    assert_eq!(g.cell_at(0, 0), None, "a1 is not a dark square");
    assert_eq!(g.cell_at(9, 0), None, "there is no j-line");
    for missing in ["a1", "e10", "j5", "", "e", "5"] {
        assert_eq!(g.cell(missing), None, "`{missing}` is no cell");
    }
    assert_eq!(g.letter_labels().join(""), "abcdefghi");
    assert_eq!(g.number_labels().join(""), "1234567890");
    // Cells are indexed by letter, then number.
    let order: Vec<(usize, usize)> = g.cells().map(|c| g.coords(c)).collect();
    let mut by_coords = order.clone();
    by_coords.sort();
    assert_eq!(order, by_coords);

    let h = builtin("hexbushka");
    assert_eq!(h.coords(cell(&h, "a1")), (0, 0));
    assert_eq!(h.coords(cell(&h, "i9")), (8, 8));
    assert_eq!(h.cell("a6"), None, "|L - N| > 4");
    assert_eq!(h.cell("i4"), None, "|L - N| > 4");
}

// ---- neighbours -----------------------------------------------------------------

fn assert_steps(g: &Geometry, expected: &[(&str, &str, Option<&str>)]) {
    for &(from, direction, to) in expected {
        assert_eq!(
            step(g, from, direction).as_deref(),
            to,
            "{}: {from} {direction}",
            g.meta().id
        );
    }
}

#[test]
fn bushka_10x10_neighbours() {
    let g = builtin("bushka");
    assert_steps(
        &g,
        &[
            ("f4", "up-right", Some("f5")),
            ("g5", "up-left", Some("f5")),
            ("f5", "down-left", Some("f4")),
            ("f5", "down-right", Some("g5")),
            ("f5", "up-right", Some("f6")),
            ("f5", "up-left", Some("e5")),
            ("e1", "down-left", None),
            ("e1", "down-right", None),
            ("e1", "up-left", None),
            ("e1", "up-right", Some("e2")),
            ("a6", "up-right", None),
            ("a6", "up-left", None),
            ("a6", "down-left", Some("a5")),
            ("a6", "down-right", Some("b6")),
            ("a5", "up-left", None),
            ("a5", "down-left", None),
            ("i5", "down-right", None),
            ("i5", "up-left", Some("h5")),
            ("i5", "up-right", Some("i6")),
            ("i6", "up-right", None),
            ("e0", "up-right", None),
            ("e0", "down-right", None),
            ("e0", "down-left", Some("e9")),
            ("e0", "up-left", None),
        ],
    );
    // Interior cells have four neighbours, edge cells fewer; 2 * 81 links in all.
    let degree = |name: &str| {
        let c = cell(&g, name);
        g.dirs().filter(|&d| g.neighbour(c, d).is_some()).count()
    };
    assert_eq!(degree("f5"), 4);
    assert_eq!(degree("e1"), 1);
    assert_eq!(degree("a5"), 2);
    assert_eq!(g.graph().edge_count(), 2 * 81);
    // Rays run to the edge.
    let ray: Vec<&str> = g
        .ray(cell(&g, "e1"), dir(&g, "up-right"))
        .iter()
        .map(|&c| g.name(c))
        .collect();
    assert_eq!(ray, ["e2", "e3", "e4", "e5", "e6", "e7", "e8", "e9", "e0"]);
    assert!(g.ray(cell(&g, "e1"), dir(&g, "down-left")).is_empty());
}

#[test]
fn bushka_9x11_neighbours() {
    let g = builtin("bushka-9x11");
    assert_steps(
        &g,
        &[
            ("f4", "up-right", Some("f5")),
            ("g5", "up-left", Some("f5")),
            ("e1", "up-right", Some("e2")),
            ("e1", "up-left", None),
            ("j6", "up-left", Some("i6")),
            ("j6", "up-right", None),
            ("j6", "down-left", None),
            ("a5", "down-right", Some("b5")),
            ("a5", "up-right", None),
            ("f0", "down-left", Some("f9")),
            ("f0", "down-right", None),
        ],
    );
}

#[test]
fn hexbushka_neighbours() {
    let g = builtin("hexbushka");
    assert_steps(
        &g,
        &[
            ("e4", "up", Some("f5")),
            ("f4", "up-right", Some("f5")),
            ("f5", "up-left", Some("g5")),
            ("e5", "up", Some("f6")),
            ("e5", "up-right", Some("e6")),
            ("e5", "up-left", Some("f5")),
            ("e5", "down", Some("d4")),
            ("e5", "down-left", Some("e4")),
            ("e5", "down-right", Some("d5")),
            ("a1", "up", Some("b2")),
            ("a1", "up-right", Some("a2")),
            ("a1", "up-left", Some("b1")),
            ("a1", "down", None),
            ("a1", "down-left", None),
            ("a1", "down-right", None),
            ("i9", "down", Some("h8")),
            ("i9", "up", None),
            ("i9", "up-right", None),
            ("a5", "up-right", None),
            ("a5", "up", Some("b6")),
            ("e1", "up-left", None),
            ("e1", "up", Some("f2")),
        ],
    );
    // 61 cells with 6 directions: 3 axes x (61 - 9) links, each stored both ways.
    assert_eq!(g.graph().edge_count(), 2 * 3 * (61 - 9));
}

// ---- players ----------------------------------------------------------------------

struct Expected<'a> {
    forward: [&'a [&'a str]; 2],
    promotion: [&'a [&'a str]; 2],
    men: [&'a [&'a str]; 2],
}

fn assert_players(g: &Geometry, e: &Expected) {
    for p in Colour::BOTH {
        let i = p.index();
        let side = g.side(p);
        assert_eq!(
            dir_names(g, &side.forward),
            sorted(e.forward[i]),
            "{p:?} forward"
        );
        assert_eq!(
            sorted_names(g, &side.promotion),
            sorted(e.promotion[i]),
            "{p:?} promotion"
        );
        assert_eq!(sorted_names(g, &side.men), sorted(e.men[i]), "{p:?} men");
        for c in g.cells() {
            assert_eq!(
                g.promotes(p, c),
                e.promotion[i].contains(&g.name(c)),
                "{p:?} promotes on {}",
                g.name(c)
            );
        }
    }
}

#[test]
fn bushka_10x10_players() {
    let g = builtin("bushka");
    assert_players(
        &g,
        &Expected {
            forward: [&["up-right", "up-left"], &["down-left", "down-right"]],
            promotion: [
                &["a6", "b7", "c8", "d9", "e0"],
                &["e1", "f2", "g3", "h4", "i5"],
            ],
            men: [
                &[
                    "e1", "f2", "g3", "h4", "i5", "e2", "f3", "g4", "h5", "i6", "d2", "e3", "f4",
                    "g5", "h6",
                ],
                &[
                    "a6", "b7", "c8", "d9", "e0", "a5", "b6", "c7", "d8", "e9", "b5", "c6", "d7",
                    "e8", "f9",
                ],
            ],
        },
    );
    // Forward along a lettered line is number + 1, along a numbered line letter - 1.
    let fwd: Vec<_> = g
        .side(Colour::White)
        .forward
        .iter()
        .map(|&d| g.direction(d).vector)
        .collect();
    assert!(fwd.contains(&Some((0, 1))) && fwd.contains(&Some((-1, 0))));
}

#[test]
fn bushka_9x11_players() {
    let g = builtin("bushka-9x11");
    assert_players(
        &g,
        &Expected {
            forward: [&["up-right", "up-left"], &["down-left", "down-right"]],
            promotion: [
                &["a5", "b6", "c7", "d8", "e9", "f0"],
                &["e1", "f2", "g3", "h4", "i5", "j6"],
            ],
            men: [
                &[
                    "e1", "f2", "g3", "h4", "i5", "j6", "e2", "f3", "g4", "h5", "i6", "d2", "e3",
                    "f4", "g5", "h6", "i7",
                ],
                &[
                    "a5", "b6", "c7", "d8", "e9", "f0", "b5", "c6", "d7", "e8", "f9", "b4", "c5",
                    "d6", "e7", "f8", "g9",
                ],
            ],
        },
    );
}

#[test]
fn hexbushka_players() {
    let g = builtin("hexbushka");
    assert_players(
        &g,
        &Expected {
            forward: [
                &["up", "up-right", "up-left"],
                &["down", "down-left", "down-right"],
            ],
            promotion: [
                &["i5", "i6", "i7", "i8", "i9", "h9", "g9", "f9", "e9"],
                &["a1", "a2", "a3", "a4", "a5", "b1", "c1", "d1", "e1"],
            ],
            men: [
                &[
                    "a1", "a2", "a3", "a4", "a5", "b1", "b2", "b3", "b4", "b5", "c1", "c2", "d1",
                    "d2", "e1", "e2",
                ],
                &[
                    "i5", "i6", "i7", "i8", "i9", "h5", "h6", "h7", "h8", "h9", "g8", "g9", "f8",
                    "f9", "e8", "e9",
                ],
            ],
        },
    );
    let fwd: Vec<_> = g
        .side(Colour::White)
        .forward
        .iter()
        .map(|&d| g.direction(d).vector)
        .collect();
    for v in [(1, 1), (0, 1), (1, 0)] {
        assert!(fwd.contains(&Some(v)), "White moves forward by {v:?}");
    }
}

#[test]
fn mirror_swaps_the_players_on_official_boards() {
    for (name, pairs) in [
        (
            "bushka",
            &[("e1", "e0"), ("a6", "i5"), ("a5", "i6"), ("f5", "d6")][..],
        ),
        (
            "bushka-9x11",
            &[("e1", "f0"), ("a5", "j6"), ("e5", "f6")][..],
        ),
        (
            "hexbushka",
            &[("a1", "i9"), ("e5", "e5"), ("a5", "i5"), ("e1", "e9")][..],
        ),
    ] {
        let g = builtin(name);
        let mirror = g.mirror().unwrap_or_else(|| panic!("{name} has no mirror"));
        assert_eq!(mirror.len(), g.cell_count());
        let m = |c: Cell| mirror[c.index()];
        for &(a, b) in pairs {
            assert_eq!(g.name(m(cell(&g, a))), b, "{name}: mirror of {a}");
            assert_eq!(g.name(m(cell(&g, b))), a, "{name}: mirror of {b}");
        }
        for c in g.cells() {
            assert_eq!(m(m(c)), c, "{name}: the mirror is an involution");
            for d in g.dirs() {
                assert_eq!(g.neighbour(c, d).map(m), g.neighbour(m(c), g.opposite(d)));
            }
        }
        let (w, b) = (g.side(Colour::White), g.side(Colour::Black));
        let image = |cells: &[Cell]| {
            let mut v: Vec<Cell> = cells.iter().map(|&c| m(c)).collect();
            v.sort();
            v
        };
        assert_eq!(
            image(&w.men),
            b.men,
            "{name}: mirrored White men are Black's"
        );
        assert_eq!(
            image(&w.promotion),
            b.promotion,
            "{name}: mirrored White zone is Black's"
        );
    }
}

// ---- authored built-ins -----------------------------------------------------------

#[test]
fn hexbushka_4_loads() {
    let g = builtin("hexbushka-4");
    assert_eq!(g.cell_count(), 37);
    assert_eq!(g.direction_count(), 6);
    for p in Colour::BOTH {
        assert_eq!(g.side(p).men.len(), 10);
        assert_eq!(g.side(p).promotion.len(), 7);
    }
    assert_eq!(g.lines().len(), 3 * 7);
    let m = g.mirror().expect("hexbushka-4 is symmetric");
    assert_eq!(g.name(m[cell(&g, "a1").index()]), "g7");
}

/// A cylinder's wrap-around links add another amount to the bit index than the
/// lattice's, so each of its directions is stepped by two masked shifts, never by the
/// neighbour table, on `bushka-cylinder` and on generated cylinders of every bitset
/// width (10x10: 50 cells, 14x14: 98, 20x20: 200); flat boards keep one shift.
#[test]
fn cylinders_step_by_two_shifts() {
    let two_shifts = |g: &Geometry| {
        g.embedding()
            .steps
            .iter()
            .all(|s| matches!(s, Step::Shifts(..)))
    };
    assert!(two_shifts(&builtin("bushka-cylinder")));
    for size in [10, 14, 20] {
        let g = load(&draughts_cylinder_toml(size, size));
        check_all(&g);
        assert!(two_shifts(&g), "{size}x{size}: {:?}", g.embedding().steps);
        // Each side's wrap: every row but the top one has one cell going up off it.
        let ul = dir(&g, "up-left");
        let wrapped = g
            .cells()
            .filter(|&c| g.display(c).0 == 0 && g.neighbour(c, ul).is_some())
            .count();
        assert_eq!(
            wrapped,
            size / 2,
            "{size}x{size}: left-edge cells wrapping up-left"
        );
    }
    for name in ["bushka", "bushka-9x11", "draughts", "hexbushka"] {
        let g = builtin(name);
        let steps = &g.embedding().steps;
        assert!(
            steps.iter().all(|s| matches!(s, Step::Shift(_))),
            "{name}: {steps:?}"
        );
    }
}

#[test]
fn bushka_cylinder_wraps() {
    let g = builtin("bushka-cylinder");
    let flat = builtin("bushka");
    assert_eq!(g.cell_count(), 50);
    assert!(
        g.cells()
            .all(|c| g.name(c) == flat.name(c) && g.display(c) == flat.display(c))
    );
    let max_x = g.cells().map(|c| g.display(c).0).max();
    assert_eq!(max_x, Some(9));
    // A right-edge cell whose up-right neighbour is on the left edge, and back.
    let (ur, dl) = (dir(&g, "up-right"), dir(&g, "down-left"));
    let wraps: Vec<(String, String)> = g
        .cells()
        .filter(|&c| g.display(c).0 == 9)
        .filter_map(|c| {
            let to = g.neighbour(c, ur)?;
            (g.display(to).0 == 0).then(|| (g.name(c).to_string(), g.name(to).to_string()))
        })
        .collect();
    assert_eq!(
        wraps,
        [("f9", "a5"), ("g8", "b4"), ("h7", "c3"), ("i6", "d2")]
            .map(|(a, b)| (a.to_string(), b.to_string()))
    );
    for (a, b) in &wraps {
        assert_eq!(step(&g, b, "down-left").as_deref(), Some(a.as_str()));
    }
    assert_steps(
        &g,
        &[
            ("e1", "up-left", Some("i6")),
            ("i6", "down-right", Some("e1")),
            ("a5", "up-left", Some("e0")),
            ("e0", "down-right", Some("a5")),
            ("e0", "up-right", None),
            ("e1", "down-left", None),
        ],
    );
    // Lines cross the seam: the a-line continues from f9 (right edge) through a5.
    assert_eq!(
        g.ray(cell(&g, "f2"), ur)
            .iter()
            .map(|&c| g.name(c))
            .collect::<Vec<_>>(),
        ["f3", "f4", "f5", "f6", "f7", "f8", "f9", "a5", "a6"]
    );
    assert_eq!(
        g.neighbour(cell(&g, "f9"), dl).map(|c| g.name(c)),
        Some("f8")
    );
    // No ring here (every line climbs), so every line has two ends; fewer, longer
    // lines than on the flat board.
    check_lines(&g);
    check_rays(&g);
    assert!(g.lines().len() < flat.lines().len());
    assert_eq!(
        g.lines().iter().map(|l| l.cells.len()).sum::<usize>(),
        2 * 50
    );
}

/// A ring: four cells on one line whose ends are joined.
const RING: &str = r#"
[variant]
id = "ring"
name = "Ring"

[board]
letters = "ab"
numbers = "1234"
cells = ["a1", "a2", "a3", "a4", "b1"]

[[board.directions]]
name = "up"
vector = [0, 1]

[[board.directions]]
name = "down"
vector = [0, -1]

[[board.links]]
from = "a4"
to = "a1"
direction = "up"

[[board.links]]
from = "a1"
to = "a4"
direction = "down"

[players.white]
forward = ["up"]
promotion = ["a4"]
men = ["a1"]

[players.black]
forward = ["down"]
promotion = ["a1"]
men = ["a4"]
"#;

#[test]
fn rays_on_a_ring_stop_before_home() {
    let g = load(RING);
    check_all(&g);
    let (up, down) = (dir(&g, "up"), dir(&g, "down"));
    let ray = |from: &str, d| -> Vec<&str> {
        g.ray(cell(&g, from), d)
            .iter()
            .map(|&c| g.name(c))
            .collect()
    };
    assert_eq!(ray("a2", up), ["a3", "a4", "a1"]);
    assert_eq!(ray("a2", down), ["a1", "a4", "a3"]);
    assert_eq!(ray("a4", up), ["a1", "a2", "a3"]);
    assert!(ray("b1", up).is_empty());
    let lines = g.lines();
    assert_eq!(lines.len(), 2, "the ring once, and b1 alone");
    let ring: Vec<&str> = lines
        .iter()
        .find(|l| l.cells.len() == 4)
        .map(|l| l.cells.iter().map(|&c| g.name(c)).collect())
        .unwrap_or_default();
    assert_eq!(
        ring,
        ["a1", "a2", "a3", "a4"],
        "a ring is listed from its lowest cell"
    );
}

// ---- embedding ------------------------------------------------------------------

#[test]
fn embedding_shifts_match_every_link() {
    for name in ALL_BUILTINS {
        let g = builtin(name);
        check_embedding(&g);
    }
    for (name, ..) in OFFICIAL {
        let g = builtin(name);
        let e = g.embedding();
        for (d, s) in g.dirs().zip(&e.steps) {
            assert!(
                matches!(s, Step::Shift(s) if *s != 0),
                "{name}: direction {} should be a non-zero shift, is {s:?}",
                g.direction(d).name
            );
        }
        // Opposite directions shift by opposite amounts.
        for d in g.dirs() {
            let (Step::Shift(a), Step::Shift(b)) =
                (e.steps[d.index()], e.steps[g.opposite(d).index()])
            else {
                unreachable!()
            };
            assert_eq!(a, -b, "{name}: shifts of opposite directions");
        }
    }
    assert!(
        builtin("bushka").embedding().span <= 64,
        "10x10 fits one u64"
    );
    assert!(
        builtin("bushka-9x11").embedding().span <= 64,
        "9x11 fits one u64"
    );
    assert!(
        builtin("hexbushka").embedding().span <= 128,
        "hexbushka fits one u128"
    );
}

// ---- generated equals listed ------------------------------------------------------

#[test]
fn generated_boards_equal_their_listed_files() {
    for (name, listed, cells) in [
        ("bushka", "bushka-listed.toml", 50),
        ("hexbushka", "hexbushka-listed.toml", 61),
    ] {
        let listed_board = load_path(&data_path(listed)).unwrap_or_else(|e| panic!("{e}"));
        // The listed files describe the board and rules, not the learned evaluation.
        let text = bushka_geometry::BUILTIN
            .iter()
            .find(|b| b.name == name)
            .expect("a built-in")
            .text
            .replace(&format!("weights = \"weights/{name}.toml\""), "");
        let generated = bushka_geometry::load_str(&text, name).expect("loads");
        assert_eq!(listed_board.cell_count(), cells, "{listed}");
        assert!(
            listed_board == generated,
            "{listed} differs from the generated {name}"
        );
        assert_eq!(listed_board.lines(), generated.lines(), "{listed}");
    }
}

#[test]
fn geometries_of_different_boards_differ() {
    assert!(builtin("bushka") != builtin("bushka-cylinder"));
    assert!(builtin("bushka") != builtin("bushka-9x11"));
    assert!(builtin("hexbushka") == builtin("hexbushka"));
}
