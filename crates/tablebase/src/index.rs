//! Dense indexing: a placement of a material signature ranks to a number below the
//! table size and back, by the combinatorial number system.
//!
//! The four groups (White kings, White men, Black kings, Black men) are ranked one
//! after the other, each as a combination of the cells the earlier groups left free,
//! so every index names a distinct placement and no two placements share an index.
//! The lowest bit of an index is the side to move.

use std::sync::Arc;

use bushka_geometry::{ByColour, Cell, Colour, Geometry, Piece, Role};
use bushka_rules::{Bits, Board, Position};

use crate::material::{MAX_PIECES, Material};
use crate::symmetry::symmetries;

/// Largest table this crate builds, in positions (two bytes each while solving).
pub const MAX_POSITIONS: u64 = 1 << 31;

/// Largest number of placements of the lead group folded by symmetry (the lookup
/// holds five bytes per placement).
const MAX_FOLDED: u64 = 1 << 23;

/// Groups in ranking order: the pieces of each kind.
const GROUPS: [Piece; 4] = [
    Piece::new(Colour::White, Role::King),
    Piece::new(Colour::White, Role::Man),
    Piece::new(Colour::Black, Role::King),
    Piece::new(Colour::Black, Role::Man),
];

/// Cells of each group, sorted within a group.
type Groups = [[usize; MAX_PIECES as usize]; 4];

/// The ranking of one signature on one board.
#[derive(Debug, Clone)]
pub struct Indexer {
    counts: [usize; 4],
    /// Combinations of each group over the cells its predecessors leave (for the
    /// folded lead group: its classes).
    radix: [u64; 4],
    /// `binom[n * (MAX_PIECES + 1) + k]`.
    binom: Vec<u64>,
    size: u64,
    fold: Option<Arc<Fold>>,
}

/// The lead group's placements folded by the board's symmetries: each class of
/// placements related by a symmetry is ranked once, by its smallest member.
#[derive(Debug)]
struct Fold {
    /// The first group with pieces.
    lead: usize,
    /// Product of the radices of the groups after the lead.
    below: u64,
    /// Cell permutations; the identity first.
    maps: Vec<Vec<usize>>,
    /// By combination rank of a lead placement: its class and the symmetry that
    /// takes it to the class's representative.
    lookup: Vec<(u32, u8)>,
    /// Combination rank of each class's representative.
    reps: Vec<u64>,
    /// Placements in each class.
    weights: Vec<u16>,
    /// Per class, the range of `stabilisers` listing the symmetries other than the
    /// identity that keep its representative in place (usually none).
    stabiliser_ranges: Vec<(u32, u8)>,
    /// Symmetries keeping a representative in place; the rest of a position is then
    /// ranked at its smallest image under them, so a position has one index.
    stabilisers: Vec<u8>,
}

/// A table too large to build.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{material} on {cells} cells has {positions} positions; the limit is {MAX_POSITIONS}")]
pub struct TooLarge {
    /// The signature.
    pub material: String,
    /// Cells of the board.
    pub cells: usize,
    /// Positions it would have (saturated).
    pub positions: u64,
}

const K: usize = MAX_PIECES as usize + 1;

impl Indexer {
    /// The ranking of `material` on `geometry`, folded by the board's symmetries
    /// that keep the signature's rules (see the crate's `symmetry` module).
    pub fn new(material: Material, geometry: &Geometry) -> Result<Indexer, TooLarge> {
        let cells = geometry.cell_count();
        let mut binom = vec![0u64; (cells + 1) * K];
        for n in 0..=cells {
            binom[n * K] = 1;
            for k in 1..K.min(n + 1) {
                let above = binom[(n - 1) * K + k - 1];
                let left = if k < n { binom[(n - 1) * K + k] } else { 0 };
                binom[n * K + k] = above.saturating_add(left);
            }
        }
        let counts = GROUPS.map(|piece| {
            usize::from(match piece.role {
                Role::King => material.kings[piece.colour],
                Role::Man => material.men[piece.colour],
            })
        });
        let mut radix = [1u64; 4];
        let mut free = cells;
        for g in 0..4 {
            let k = counts[g];
            radix[g] = if k > free { 0 } else { binom[free * K + k] };
            free = free.saturating_sub(k);
        }
        let mut indexer = Indexer {
            counts,
            radix,
            binom,
            size: 0,
            fold: None,
        };
        if let Some(lead) = counts.iter().position(|&k| k > 0)
            && radix[lead] <= MAX_FOLDED
        {
            let maps: Vec<Vec<usize>> = symmetries(geometry, material)
                .into_iter()
                .map(|map| map.into_iter().map(Cell::index).collect())
                .collect();
            if maps.len() > 1 && maps.len() <= usize::from(u8::MAX) {
                let fold = indexer.fold(lead, maps);
                indexer.radix[lead] = fold.reps.len() as u64;
                indexer.fold = Some(Arc::new(fold));
            }
        }
        let size = indexer.radix.iter().fold(2u64, |s, &r| s.saturating_mul(r));
        if size > MAX_POSITIONS {
            return Err(TooLarge {
                material: material.to_string(),
                cells,
                positions: size,
            });
        }
        indexer.size = size;
        Ok(indexer)
    }

    /// Classes of the lead group's placements under `maps`.
    fn fold(&self, lead: usize, maps: Vec<Vec<usize>>) -> Fold {
        let k = self.counts[lead];
        let total = self.radix[lead];
        let mut lookup = vec![(0u32, 0u8); total as usize];
        let mut reps = Vec::new();
        let mut weights = Vec::new();
        let mut cells = [0usize; MAX_PIECES as usize];
        let mut mapped = [0usize; MAX_PIECES as usize];
        let mut images = Vec::with_capacity(maps.len());
        let mut stabiliser_ranges = Vec::new();
        let mut stabilisers = Vec::new();
        for s in 0..total {
            self.combination(s, &mut cells[..k]);
            images.clear();
            let mut best = (s, 0);
            for (m, map) in maps.iter().enumerate() {
                for (to, &from) in mapped.iter_mut().zip(&cells[..k]) {
                    *to = map[from];
                }
                mapped[..k].sort_unstable();
                let r = self.combination_rank(&mapped[..k]);
                if r < best.0 {
                    best = (r, m);
                }
                if r == s && m != 0 {
                    stabilisers.push(m as u8);
                }
                if !images.contains(&r) {
                    images.push(r);
                }
            }
            lookup[s as usize] = if best.0 == s {
                reps.push(s);
                weights.push(images.len() as u16);
                let start = stabiliser_ranges
                    .last()
                    .map_or(0, |&(at, len): &(u32, u8)| at + u32::from(len));
                stabiliser_ranges.push((start, (stabilisers.len() as u32 - start) as u8));
                ((reps.len() - 1) as u32, 0)
            } else {
                stabilisers.truncate(
                    stabiliser_ranges
                        .last()
                        .map_or(0, |&(at, len)| (at + u32::from(len)) as usize),
                );
                (lookup[best.0 as usize].0, best.1 as u8)
            };
        }
        Fold {
            lead,
            below: self.radix[lead + 1..].iter().product(),
            maps,
            lookup,
            reps,
            weights,
            stabiliser_ranges,
            stabilisers,
        }
    }

    /// Number of indices (placements times two sides to move, symmetric placements
    /// of the lead group counted once).
    pub fn size(&self) -> u64 {
        self.size
    }

    /// How many positions the index stands for: the size of its position's class
    /// under the board's symmetries (1 without symmetry; 0 for an index that no
    /// position ranks to).
    pub fn weight(&self, index: u64) -> u64 {
        let Some(fold) = &self.fold else {
            return 1;
        };
        let groups = self.cells_of(index);
        let class = self.lead_class(index, fold);
        let own = self.index_of(&groups, index & 1);
        // The images under the lead's stabiliser, over the ones that keep the position.
        let stabilisers = fold.stabilisers_of(class);
        let mut fixed = 1;
        for &m in stabilisers {
            let mut twin = groups;
            self.apply(&mut twin, &fold.maps[usize::from(m)]);
            let at = self.index_of(&twin, index & 1);
            if at < own {
                return 0;
            }
            fixed += u64::from(at == own);
        }
        u64::from(fold.weights[class]) * (stabilisers.len() as u64 + 1) / fixed
    }

    fn lead_class(&self, index: u64, fold: &Fold) -> usize {
        ((index / 2 / fold.below) % self.radix[fold.lead]) as usize
    }

    #[inline]
    fn c(&self, n: usize, k: usize) -> u64 {
        self.binom[n * K + k]
    }

    /// The rank of sorted cells among all combinations of their size.
    #[inline]
    fn combination_rank(&self, cells: &[usize]) -> u64 {
        cells
            .iter()
            .enumerate()
            .map(|(i, &cell)| self.c(cell, i + 1))
            .sum()
    }

    /// The sorted cells of the combination of rank `rank` (as many as `out` holds).
    fn combination(&self, mut rank: u64, out: &mut [usize]) {
        let mut upper = self.binom.len() / K - 1;
        for i in (1..=out.len()).rev() {
            // The largest c up to `upper` with C(c, i) <= rank.
            let (mut lo, mut hi) = (i - 1, upper);
            while lo < hi {
                let mid = (lo + hi).div_ceil(2);
                if self.c(mid, i) <= rank {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            rank -= self.c(lo, i);
            out[i - 1] = lo;
            upper = lo.saturating_sub(1);
        }
    }

    /// Maps every group's cells through a cell permutation (kept sorted).
    fn apply(&self, groups: &mut Groups, map: &[usize]) {
        for (g, cells) in groups.iter_mut().enumerate() {
            let cells = &mut cells[..self.counts[g]];
            cells.iter_mut().for_each(|c| *c = map[*c]);
            cells.sort_unstable();
        }
    }

    /// The index of a placement (already mapped so that a folded lead group is its
    /// class's representative), with `side` 0 for White to move, 1 for Black.
    fn index_of(&self, groups: &Groups, side: u64) -> u64 {
        let mut taken = [0usize; MAX_PIECES as usize];
        let mut n_taken = 0;
        let mut r: u64 = 0;
        for (g, cells) in groups.iter().enumerate() {
            let cells = &cells[..self.counts[g]];
            let group_rank = match &self.fold {
                Some(fold) if fold.lead == g => {
                    u64::from(fold.lookup[self.combination_rank(cells) as usize].0)
                }
                _ => {
                    let mut group_rank = 0;
                    for (i, &cell) in cells.iter().enumerate() {
                        let below = taken[..n_taken].iter().filter(|&&t| t < cell).count();
                        group_rank += self.c(cell - below, i + 1);
                    }
                    group_rank
                }
            };
            taken[n_taken..n_taken + cells.len()].copy_from_slice(cells);
            n_taken += cells.len();
            r = r * self.radix[g] + group_rank;
        }
        r * 2 + side
    }

    /// The cells of each group at an index.
    fn cells_of(&self, index: u64) -> Groups {
        let mut r = index / 2;
        let mut group_ranks = [0u64; 4];
        for g in (0..4).rev() {
            group_ranks[g] = r % self.radix[g];
            r /= self.radix[g];
        }
        if let Some(fold) = &self.fold {
            group_ranks[fold.lead] = fold.reps[group_ranks[fold.lead] as usize];
        }
        let mut groups: Groups = [[0; MAX_PIECES as usize]; 4];
        let mut taken = [0usize; MAX_PIECES as usize];
        let mut n_taken = 0;
        for g in 0..4 {
            let k = self.counts[g];
            let mut relabelled = [0usize; MAX_PIECES as usize];
            self.combination(group_ranks[g], &mut relabelled[..k]);
            let mut sorted_taken = taken;
            sorted_taken[..n_taken].sort_unstable();
            for (slot, &x) in groups[g].iter_mut().zip(&relabelled[..k]) {
                let mut cell = x;
                for &t in &sorted_taken[..n_taken] {
                    if t <= cell {
                        cell += 1;
                    }
                }
                *slot = cell;
            }
            taken[n_taken..n_taken + k].copy_from_slice(&groups[g][..k]);
            n_taken += k;
        }
        groups
    }

    /// The index of a position of this signature (the caller checks the material).
    /// A position and its images under the board's symmetries share one index.
    pub fn rank<B: Bits>(&self, board: &Board<B>, pos: &Position<B>) -> u64 {
        let mut groups: Groups = [[0; MAX_PIECES as usize]; 4];
        for (g, piece) in GROUPS.into_iter().enumerate() {
            let set = match piece.role {
                Role::King => pos.kings(piece.colour),
                Role::Man => pos.men(piece.colour),
            };
            for (slot, sq) in groups[g].iter_mut().zip(set.iter()) {
                *slot = board.cell(sq).index();
            }
            groups[g][..self.counts[g]].sort_unstable();
        }
        let side = u64::from(pos.side() == Colour::Black);
        let Some(fold) = &self.fold else {
            return self.index_of(&groups, side);
        };
        let lead = &groups[fold.lead][..self.counts[fold.lead]];
        let (class, sym) = fold.lookup[self.combination_rank(lead) as usize];
        if sym != 0 {
            self.apply(&mut groups, &fold.maps[usize::from(sym)]);
        }
        let mut best = self.index_of(&groups, side);
        for &m in fold.stabilisers_of(class as usize) {
            let mut twin = groups;
            self.apply(&mut twin, &fold.maps[usize::from(m)]);
            best = best.min(self.index_of(&twin, side));
        }
        best
    }

    /// The position of an index; `None` when it puts a man on its promotion zone, or
    /// when the index is not the one its position ranks to (a symmetric twin).
    pub fn unrank<B: Bits>(&self, board: &Board<B>, index: u64) -> Option<Position<B>> {
        let side = if index & 1 == 1 {
            Colour::Black
        } else {
            Colour::White
        };
        let groups = self.cells_of(index);
        if let Some(fold) = &self.fold
            && !fold.stabilisers_of(self.lead_class(index, fold)).is_empty()
            && self.weight(index) == 0
        {
            return None;
        }
        let mut men = ByColour::new(B::EMPTY, B::EMPTY);
        let mut kings = ByColour::new(B::EMPTY, B::EMPTY);
        for (g, piece) in GROUPS.into_iter().enumerate() {
            let set = groups[g][..self.counts[g]]
                .iter()
                .fold(B::EMPTY, |set, &cell| {
                    set | B::bit(board.sq(Cell::new(cell)))
                });
            match piece.role {
                Role::King => kings[piece.colour] = set,
                Role::Man => men[piece.colour] = set,
            }
        }
        board.position_from_sets(men, kings, side)
    }
}

impl Fold {
    /// The symmetries other than the identity that keep class `class`'s
    /// representative in place.
    #[inline]
    fn stabilisers_of(&self, class: usize) -> &[u8] {
        let (start, len) = self.stabiliser_ranges[class];
        &self.stabilisers[start as usize..start as usize + usize::from(len)]
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    fn board(name: &str) -> Board<u64> {
        let geometry = bushka_geometry::builtin(name)
            .expect("builtin")
            .expect("valid");
        Board::<u64>::new(Arc::new(geometry)).expect("fits")
    }

    /// The image of `pos` under the cell permutation `map`.
    fn image(board: &Board<u64>, pos: &Position<u64>, map: &[Cell]) -> Position<u64> {
        let moved = |set: u64| {
            set.iter()
                .map(|sq| u64::bit(board.sq(map[board.cell(sq).index()])))
                .fold(0, |a, b| a | b)
        };
        board
            .position_from_sets(
                ByColour::from_fn(|colour| moved(pos.men(colour))),
                ByColour::from_fn(|colour| moved(pos.kings(colour))),
                pos.side(),
            )
            .expect("a symmetry keeps positions legal")
    }

    #[test]
    fn every_index_round_trips_and_symmetric_positions_share_it() {
        let board = board("hexbushka-4");
        let cells = board.geometry().cell_count() as u64;
        for text in ["2K v 1K", "1K1M v 1M", "1M v 2M", "2K v 0", "0 v 3K"] {
            let material: Material = text.parse().expect("valid");
            let maps = symmetries(board.geometry(), material);
            let indexer = Indexer::new(material, board.geometry()).expect("small");
            let mut legal = 0;
            let mut weighted = 0;
            let mut covered = HashSet::new();
            for index in 0..indexer.size() {
                if let Some(pos) = indexer.unrank(&board, index) {
                    legal += 1;
                    weighted += indexer.weight(index);
                    assert_eq!(indexer.rank(&board, &pos), index, "{text} {index}");
                    assert_eq!(pos.occupied().count(), material.total());
                    let orbit: Vec<Position<u64>> =
                        maps.iter().map(|map| image(&board, &pos, map)).collect();
                    for twin in &orbit {
                        assert_eq!(indexer.rank(&board, twin), index, "{text} {index}");
                        covered.insert(*twin);
                    }
                }
            }
            assert!(legal > indexer.size() / 3, "{text}");
            // The weights count every position exactly once.
            assert_eq!(weighted, covered.len() as u64, "{text}");
            if material.kings_only() {
                let placements: u64 = match text {
                    "2K v 1K" => cells * (cells - 1) / 2 * (cells - 2),
                    "2K v 0" => cells * (cells - 1) / 2,
                    _ => cells * (cells - 1) * (cells - 2) / 6,
                };
                assert_eq!(weighted, 2 * placements, "{text}");
                assert_eq!(maps.len(), 12, "the hexagon's symmetries");
                assert!(indexer.size() * 6 < 2 * placements, "{text} is folded");
            }
        }
    }
}
