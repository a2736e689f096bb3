//! Board symmetries, found generically from the compiled links (no board is named
//! here): the tablebases fold positions by them and the learned evaluation ties the
//! weights of cells they exchange.
//!
//! A symmetry is a permutation `π` of the cells with a permutation `σ` of the
//! directions such that the neighbour of `π(c)` in direction `σ(d)` is `π` of the
//! neighbour of `c` in direction `d`, for every cell and direction (and `σ` keeps
//! opposite directions opposite). Such a map carries every legal move of kings to a
//! legal move. Men also read their player's forward directions and promotion zone:
//! a symmetry keeps a player's men when it maps those onto themselves.

use crate::colour::{ByColour, Colour};
use crate::geometry::Geometry;
use crate::index::{Cell, Dir};

/// Boards with more directions than this are treated as having no symmetry (the
/// search tries every permutation of the directions).
const MAX_DIRECTIONS: usize = 8;

/// A symmetry of the board: where each cell goes and where each direction goes.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Automorphism {
    cells: Vec<Cell>,
    dirs: Vec<Dir>,
}

impl Geometry {
    /// The cell permutations that keep every link and, for each colour whose `men`
    /// flag is set, that colour's forward directions and promotion zone: the
    /// identity first, each listed once.
    pub fn symmetries(&self, men: ByColour<bool>) -> Vec<Vec<Cell>> {
        let identity: Vec<Cell> = self.cells().collect();
        let mut out = vec![identity.clone()];
        for auto in automorphisms(self) {
            let keeps_men = Colour::BOTH
                .into_iter()
                .all(|colour| !men[colour] || keeps_side(self, colour, &auto));
            if keeps_men && auto.cells != identity && !out.contains(&auto.cells) {
                out.push(auto.cells);
            }
        }
        out
    }

    /// The classes of cells that the symmetries keeping `colour`'s men exchange:
    /// per cell, the number of its class (classes numbered from 0 in the order of
    /// their first cell), and the number of classes.
    pub fn cell_classes(&self, colour: Colour) -> (Vec<u32>, usize) {
        let mut men = ByColour::new(false, false);
        men[colour] = true;
        let maps = self.symmetries(men);
        let mut class: Vec<Option<u32>> = vec![None; self.cell_count()];
        let mut count = 0;
        for c in self.cells() {
            if class[c.index()].is_some() {
                continue;
            }
            for map in &maps {
                class[map[c.index()].index()] = Some(count);
            }
            count += 1;
        }
        let class = class.into_iter().map(|k| k.unwrap_or(0)).collect();
        (class, count as usize)
    }
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
        crate::builtin(name).expect("builtin").expect("valid")
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
    fn cell_classes_follow_the_men_s_symmetries() {
        // Hexbushka's men keep the reflection that exchanges their two side
        // directions: the 9 cells on its axis stay alone, the other 52 pair up.
        let (class, count) = geometry("hexbushka").cell_classes(Colour::White);
        assert_eq!(count, 9 + 52 / 2);
        assert_eq!(class.len(), 61);
        for k in 0..count as u32 {
            let members = class.iter().filter(|&&c| c == k).count();
            assert!(members == 1 || members == 2, "class {k}: {members} cells");
        }
        // International's men survive no symmetry: every cell is its own class.
        let (class, count) = geometry("draughts").cell_classes(Colour::Black);
        assert_eq!(count, 50);
        assert_eq!(class, (0..50).collect::<Vec<u32>>());
    }
}
