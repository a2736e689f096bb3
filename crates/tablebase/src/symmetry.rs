//! Board symmetries a table may fold together, found generically from the compiled
//! geometry (no board is named here).
//!
//! A symmetry is a permutation `π` of the cells with a permutation `σ` of the
//! directions such that the neighbour of `π(c)` in direction `σ(d)` is `π` of the
//! neighbour of `c` in direction `d`, for every cell and direction (and `σ` keeps
//! opposite directions opposite). Such a map carries every legal move of kings to a
//! legal move, so kings-only positions related by it have the same value. Men also
//! read their player's forward directions and promotion zone: when a player has men,
//! only the symmetries that map that player's forward directions onto themselves and
//! its promotion zone onto itself are kept.

use bushka_geometry::{Cell, Colour, Dir, Geometry};

use crate::material::Material;

/// Boards with more directions than this are solved without symmetry (the search
/// tries every permutation of the directions).
const MAX_DIRECTIONS: usize = 8;

/// A symmetry of the board: where each cell goes and where each direction goes.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Automorphism {
    cells: Vec<Cell>,
    dirs: Vec<Dir>,
}

/// The cell permutations that keep the rules of `material` intact on `geometry`,
/// the identity first.
pub(crate) fn symmetries(geometry: &Geometry, material: Material) -> Vec<Vec<Cell>> {
    let identity: Vec<Cell> = geometry.cells().collect();
    let mut out = vec![identity.clone()];
    for auto in automorphisms(geometry) {
        let keeps_men = Colour::BOTH
            .into_iter()
            .all(|colour| material.men[colour] == 0 || keeps_side(geometry, colour, &auto));
        if keeps_men && auto.cells != identity && !out.contains(&auto.cells) {
            out.push(auto.cells);
        }
    }
    out
}

/// Whether `auto` maps the forward directions and promotion zone of `colour`'s men
/// onto themselves.
fn keeps_side(geometry: &Geometry, colour: Colour, auto: &Automorphism) -> bool {
    let forward = &geometry.side(colour).forward;
    forward
        .iter()
        .all(|&d| forward.contains(&auto.dirs[d.index()]))
        && geometry.cells().all(|c| {
            geometry.promotes(colour, c) == geometry.promotes(colour, auto.cells[c.index()])
        })
}

/// Every symmetry of the board's links (the identity included when the board is
/// connected).
fn automorphisms(geometry: &Geometry) -> Vec<Automorphism> {
    let dirs: Vec<Dir> = geometry.dirs().collect();
    if geometry.cell_count() == 0 || dirs.len() > MAX_DIRECTIONS {
        return Vec::new();
    }
    let image = |sigma: &[Dir], d: Dir| sigma[d.index()];
    let sigmas: Vec<Vec<Dir>> = permutations(&dirs)
        .into_iter()
        .filter(|s| {
            dirs.iter()
                .all(|&d| image(s, geometry.opposite(d)) == geometry.opposite(image(s, d)))
        })
        .collect();
    let mut out = Vec::new();
    for target in geometry.cells() {
        for sigma in &sigmas {
            if let Some(cells) = extend(geometry, target, sigma) {
                out.push(Automorphism {
                    cells,
                    dirs: sigma.clone(),
                });
            }
        }
    }
    out
}

/// The cell map sending the first cell to `target` and following the links with
/// `sigma`, when it is a bijection that keeps every link and every edge.
fn extend(geometry: &Geometry, target: Cell, sigma: &[Dir]) -> Option<Vec<Cell>> {
    let n = geometry.cell_count();
    let mut map: Vec<Option<Cell>> = vec![None; n];
    let mut used = vec![false; n];
    let first = Cell::new(0);
    map[first.index()] = Some(target);
    used[target.index()] = true;
    let mut stack = vec![(first, target)];
    while let Some((c, image)) = stack.pop() {
        for (d, &s) in geometry.dirs().zip(sigma) {
            match (geometry.neighbour(c, d), geometry.neighbour(image, s)) {
                (None, None) => {}
                (Some(a), Some(b)) if map[a.index()].is_none() => {
                    if used[b.index()] {
                        return None;
                    }
                    map[a.index()] = Some(b);
                    used[b.index()] = true;
                    stack.push((a, b));
                }
                (Some(a), Some(b)) if map[a.index()] == Some(b) => {}
                _ => return None,
            }
        }
    }
    map.into_iter().collect()
}

/// Every ordering of `items`.
fn permutations<T: Copy>(items: &[T]) -> Vec<Vec<T>> {
    let mut out = Vec::new();
    let mut current = items.to_vec();
    heap_permute(items.len(), &mut current, &mut out);
    out
}

/// Heap's algorithm.
fn heap_permute<T: Copy>(k: usize, items: &mut [T], out: &mut Vec<Vec<T>>) {
    if k <= 1 {
        out.push(items.to_vec());
        return;
    }
    for i in 0..k - 1 {
        heap_permute(k - 1, items, out);
        if k.is_multiple_of(2) {
            items.swap(i, k - 1);
        } else {
            items.swap(0, k - 1);
        }
    }
    heap_permute(k - 1, items, out);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn geometry(name: &str) -> Geometry {
        bushka_geometry::builtin(name)
            .expect("builtin")
            .expect("valid")
    }

    fn count(name: &str, material: &str) -> usize {
        symmetries(&geometry(name), material.parse().expect("signature")).len()
    }

    #[test]
    fn permutations_are_all_distinct() {
        let p = permutations(&[0, 1, 2, 3]);
        assert_eq!(p.len(), 24);
        for (i, a) in p.iter().enumerate() {
            assert!(!p[i + 1..].contains(a));
        }
    }

    #[test]
    fn official_boards_have_the_expected_symmetries() {
        // The hexagon has the 12 symmetries of a regular hexagon for kings; men keep
        // only the reflection that exchanges their two side directions.
        assert_eq!(count("hexbushka", "3K v 1K"), 12);
        assert_eq!(count("hexbushka", "2K1M v 1K"), 2);
        // The 10x10 board's playing cells: a half turn and the two diagonal
        // reflections; a man's forward directions survive none of them.
        assert_eq!(count("bushka", "3K v 1K"), 4);
        assert_eq!(count("bushka", "2K1M v 1K"), 1);
    }

    #[test]
    fn every_symmetry_keeps_every_link() {
        for name in ["bushka", "bushka-9x11", "hexbushka", "draughts"] {
            let g = geometry(name);
            for map in symmetries(&g, "1K v 1K".parse().expect("signature")) {
                let mut links: Vec<(Cell, Cell)> = Vec::new();
                let mut mapped: Vec<(Cell, Cell)> = Vec::new();
                for c in g.cells() {
                    for d in g.dirs() {
                        if let Some(n) = g.neighbour(c, d) {
                            links.push((c, n));
                            mapped.push((map[c.index()], map[n.index()]));
                        }
                    }
                }
                links.sort_unstable();
                mapped.sort_unstable();
                assert_eq!(links, mapped, "{name}");
            }
        }
    }
}
