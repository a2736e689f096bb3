//! Property tests over generated boards of both kinds: draughts boards W x H with
//! W, H in 1..=16, and hexagons of side 1..=8, written as TOML and loaded.

use std::collections::BTreeSet;

use bushka_geometry::{Cell, Dir, Geometry};
use bushka_tests::*;
use proptest::prelude::*;

#[derive(Debug, Clone, Copy)]
enum Board {
    Draughts(usize, usize),
    Hexagon(usize),
}

impl Board {
    fn toml(self) -> String {
        match self {
            Board::Draughts(w, h) => draughts_toml(w, h),
            Board::Hexagon(s) => hexagon_toml(s),
        }
    }

    /// The cells expected, from the independent model in `support`.
    fn coords(self) -> Vec<(usize, usize)> {
        match self {
            Board::Draughts(w, h) => draughts_coords(w, h),
            Board::Hexagon(s) => hexagon_coords(s),
        }
    }

    fn load(self) -> Geometry {
        load(&self.toml())
    }
}

fn board() -> impl Strategy<Value = Board> {
    prop_oneof![
        (1..=16usize, 1..=16usize).prop_map(|(w, h)| Board::Draughts(w, h)),
        (1..=8usize).prop_map(Board::Hexagon),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The loaded board has exactly the cells of the model, with names that round-trip.
    #[test]
    fn cells_and_names_round_trip(b in board()) {
        let g = b.load();
        let expected: BTreeSet<(usize, usize)> = b.coords().into_iter().collect();
        let got: BTreeSet<(usize, usize)> = g.cells().map(|c| g.coords(c)).collect();
        prop_assert_eq!(got, expected);
        for c in g.cells() {
            prop_assert_eq!(g.cell(g.name(c)), Some(c));
            let (l, n) = g.coords(c);
            prop_assert_eq!(g.cell_at(l, n), Some(c));
            prop_assert_eq!(g.name(c), default_name(l, n));
        }
        check_names(&g);
    }

    /// Every line is straight and maximal, and each cell lies on exactly one line per
    /// direction pair.
    #[test]
    fn lines_are_straight_maximal_and_partition_the_cells(b in board()) {
        let g = b.load();
        for line in g.lines() {
            let d = line.direction;
            let first = line.cells[0];
            let last = *line.cells.last().unwrap_or(&first);
            prop_assert_eq!(g.neighbour(first, g.opposite(d)), None);
            prop_assert_eq!(g.neighbour(last, d), None);
            for w in line.cells.windows(2) {
                prop_assert_eq!(g.neighbour(w[0], d), Some(w[1]));
            }
            prop_assert_eq!(&line.cells[1..], g.ray(first, d));
        }
        check_lines(&g);
        // Square boards have 2 axes, hexagons 3.
        let axes = match b { Board::Draughts(..) => 2, Board::Hexagon(_) => 3 };
        let listed: BTreeSet<Dir> = g.lines().iter().map(|l| l.direction).collect();
        prop_assert_eq!(listed.len(), axes);
    }

    /// A step followed by its opposite returns home; links follow the lattice vectors.
    #[test]
    fn steps_are_mutual_and_follow_the_vectors(b in board()) {
        let g = b.load();
        let cells: BTreeSet<(usize, usize)> = b.coords().into_iter().collect();
        for c in g.cells() {
            let (l, n) = g.coords(c);
            for d in g.dirs() {
                let (dl, dn) = g.direction(d).vector.unwrap_or((0, 0));
                let target = (l as i64 + dl as i64, n as i64 + dn as i64);
                let exists = target.0 >= 0
                    && target.1 >= 0
                    && cells.contains(&(target.0 as usize, target.1 as usize));
                match g.neighbour(c, d) {
                    Some(to) => {
                        prop_assert!(exists);
                        prop_assert_eq!(g.coords(to), (target.0 as usize, target.1 as usize));
                        prop_assert_eq!(g.neighbour(to, g.opposite(d)), Some(c));
                    }
                    None => prop_assert!(!exists),
                }
            }
        }
        check_links(&g);
        check_rays(&g);
    }

    /// The bit embedding: distinct indices below the span, shifts that match every link.
    #[test]
    fn embedding_is_consistent(b in board()) {
        let g = b.load();
        check_embedding(&g);
        // Plain lattices always embed with shifts only.
        prop_assert!(g.embedding().steps.iter().all(|s| matches!(s, bushka_geometry::Step::Shift(_))));
    }

    /// Draughts boards are drawn square by square; hexagons with a1 at the bottom.
    #[test]
    fn display_matches_the_generator(b in board()) {
        let g = b.load();
        let shown: BTreeSet<(i32, i32)> = g.cells().map(|c| g.display(c)).collect();
        prop_assert_eq!(shown.len(), g.cell_count());
        // The generator's screen vectors: letter + 1 and number + 1 move by these.
        let (letter, number) = match b {
            Board::Draughts(..) => ((1, -1), (1, 1)),
            Board::Hexagon(_) => ((-1, 1), (1, 1)),
        };
        let raw: Vec<(i32, i32)> = g
            .cells()
            .map(|c| {
                let (l, n) = g.coords(c);
                let (l, n) = (l as i32, n as i32);
                (letter.0 * l + number.0 * n, letter.1 * l + number.1 * n)
            })
            .collect();
        let min_x = raw.iter().map(|p| p.0).min().unwrap_or(0);
        let min_y = raw.iter().map(|p| p.1).min().unwrap_or(0);
        for c in g.cells() {
            prop_assert_eq!(g.display(c), (raw[c.index()].0 - min_x, raw[c.index()].1 - min_y));
        }
        match b {
            Board::Draughts(w, h) => {
                for c in g.cells() {
                    let (x, y) = g.display(c);
                    prop_assert!(x >= 0 && (x as usize) < w && y >= 0 && (y as usize) < h);
                    prop_assert_eq!((x + y) % 2, 0);
                }
                prop_assert_eq!(g.cell_count(), (w * h).div_ceil(2));
                // The bottom-left square is a cell.
                prop_assert!(g.cells().any(|c| g.display(c) == (0, 0)));
            }
            Board::Hexagon(s) => {
                prop_assert_eq!(g.cell_count(), 3 * s * (s - 1) + 1);
                prop_assert_eq!(g.display(cell(&g, "a1")), (s as i32 - 1, 0));
            }
        }
    }
}

/// The smallest boards: a single cell has no links and one line per axis.
#[test]
fn single_cell_boards() {
    for text in [draughts_toml(1, 1), hexagon_toml(1)] {
        let g = load(&text);
        assert_eq!(g.cell_count(), 1);
        let only = Cell::new(0);
        assert_eq!(g.name(only), "a1");
        assert!(g.dirs().all(|d| g.neighbour(only, d).is_none()));
        assert_eq!(g.lines().len(), g.direction_count() / 2);
        check_all(&g);
    }
}
