//! Dense indexing: a placement of a material signature ranks to a number below the
//! table size and back, by the combinatorial number system.
//!
//! The four groups (White kings, White men, Black kings, Black men) are ranked one
//! after the other, each as a combination of the cells the earlier groups left free,
//! so every index names a distinct placement and no two placements share an index.
//! The lowest bit of an index is the side to move.

use bushka_geometry::Player;
use bushka_rules::{Bits, Board, Position};

use crate::material::{MAX_PIECES, Material};

/// Largest table this crate builds, in positions (two bytes each while solving).
pub const MAX_POSITIONS: u64 = 1 << 31;

/// Groups in ranking order: (player, is_king).
const GROUPS: [(Player, bool); 4] = [
    (Player::White, true),
    (Player::White, false),
    (Player::Black, true),
    (Player::Black, false),
];

/// The ranking of one signature on one board.
#[derive(Debug, Clone)]
pub struct Indexer {
    counts: [usize; 4],
    /// Combinations of each group over the cells its predecessors leave.
    radix: [u64; 4],
    /// `binom[n * (MAX_PIECES + 1) + k]`.
    binom: Vec<u64>,
    size: u64,
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
    /// The ranking of `material` on a board of `cells` cells.
    pub fn new(material: Material, cells: usize) -> Result<Indexer, TooLarge> {
        let mut binom = vec![0u64; (cells + 1) * K];
        for n in 0..=cells {
            binom[n * K] = 1;
            for k in 1..K.min(n + 1) {
                let above = binom[(n - 1) * K + k - 1];
                let left = if k < n { binom[(n - 1) * K + k] } else { 0 };
                binom[n * K + k] = above.saturating_add(left);
            }
        }
        let counts = GROUPS.map(|(p, king)| {
            usize::from(if king {
                material.kings[p.index()]
            } else {
                material.men[p.index()]
            })
        });
        let mut radix = [1u64; 4];
        let mut free = cells;
        let mut size: u64 = 2;
        for g in 0..4 {
            let k = counts[g];
            radix[g] = if k > free { 0 } else { binom[free * K + k] };
            free = free.saturating_sub(k);
            size = size.saturating_mul(radix[g]);
        }
        if size > MAX_POSITIONS {
            return Err(TooLarge {
                material: material.to_string(),
                cells,
                positions: size,
            });
        }
        Ok(Indexer {
            counts,
            radix,
            binom,
            size,
        })
    }

    /// Number of indices (placements times two sides to move).
    pub fn size(&self) -> u64 {
        self.size
    }

    #[inline]
    fn c(&self, n: usize, k: usize) -> u64 {
        self.binom[n * K + k]
    }

    /// The index of a position of this signature (the caller checks the material).
    pub fn rank<B: Bits>(&self, board: &Board<B>, pos: &Position<B>) -> u64 {
        let mut taken = [0usize; MAX_PIECES as usize];
        let mut n_taken = 0;
        let mut r: u64 = 0;
        for (g, (player, king)) in GROUPS.into_iter().enumerate() {
            let set = if king {
                pos.kings(player)
            } else {
                pos.men(player)
            };
            let mut cells = [0usize; MAX_PIECES as usize];
            let k = self.counts[g];
            for (slot, sq) in cells.iter_mut().zip(set.iter()) {
                *slot = board.cell(sq as u16);
            }
            cells[..k].sort_unstable();
            let mut group_rank = 0;
            for (i, &cell) in cells[..k].iter().enumerate() {
                let below = taken[..n_taken].iter().filter(|&&t| t < cell).count();
                group_rank += self.c(cell - below, i + 1);
            }
            taken[n_taken..n_taken + k].copy_from_slice(&cells[..k]);
            n_taken += k;
            r = r * self.radix[g] + group_rank;
        }
        r * 2 + u64::from(pos.side() == Player::Black)
    }

    /// The position of an index; `None` when it puts a man on its promotion zone.
    pub fn unrank<B: Bits>(&self, board: &Board<B>, index: u64) -> Option<Position<B>> {
        let side = if index & 1 == 1 {
            Player::Black
        } else {
            Player::White
        };
        let mut r = index / 2;
        let mut group_ranks = [0u64; 4];
        for g in (0..4).rev() {
            group_ranks[g] = r % self.radix[g];
            r /= self.radix[g];
        }
        let mut taken = [0usize; MAX_PIECES as usize];
        let mut n_taken = 0;
        let mut men = [B::EMPTY; 2];
        let mut kings = [B::EMPTY; 2];
        for (g, (player, king)) in GROUPS.into_iter().enumerate() {
            let k = self.counts[g];
            let mut rest = group_ranks[g];
            let mut upper = usize::MAX;
            let mut relabelled = [0usize; MAX_PIECES as usize];
            for i in (1..=k).rev() {
                // The largest c below `upper` with C(c, i) <= rest.
                let (mut lo, mut hi) = (i - 1, upper.min(self.binom.len() / K - 1));
                while lo < hi {
                    let mid = (lo + hi).div_ceil(2);
                    if self.c(mid, i) <= rest {
                        lo = mid;
                    } else {
                        hi = mid - 1;
                    }
                }
                rest -= self.c(lo, i);
                relabelled[i - 1] = lo;
                upper = lo.saturating_sub(1);
            }
            let before = n_taken;
            let mut sorted_taken = taken;
            sorted_taken[..before].sort_unstable();
            let mut set = B::EMPTY;
            for &x in &relabelled[..k] {
                let mut cell = x;
                for &t in &sorted_taken[..before] {
                    if t <= cell {
                        cell += 1;
                    }
                }
                set |= B::bit(board.sq(cell) as usize);
                taken[n_taken] = cell;
                n_taken += 1;
            }
            if king {
                kings[player.index()] = set;
            } else {
                men[player.index()] = set;
            }
        }
        board.position_from_sets(men, kings, side)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;

    #[test]
    fn every_index_round_trips() {
        let geometry = bushka_geometry::builtin("hexbushka-4")
            .expect("builtin")
            .expect("valid");
        let board = Board::<u64>::new(Arc::new(geometry)).expect("fits");
        let cells = board.geometry().cell_count();
        for text in ["2K v 1K", "1K1M v 1M", "1M v 2M", "2K v 0"] {
            let material: Material = text.parse().expect("valid");
            let indexer = Indexer::new(material, cells).expect("small");
            let mut legal = 0;
            for index in 0..indexer.size() {
                if let Some(pos) = indexer.unrank(&board, index) {
                    legal += 1;
                    assert_eq!(indexer.rank(&board, &pos), index, "{text} {index}");
                    assert_eq!(pos.occupied().count(), material.total());
                }
            }
            assert!(legal > indexer.size() / 2, "{text}");
        }
    }
}
