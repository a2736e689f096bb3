//! Positions: occupancy bitsets, side to move, an incremental Zobrist hash.

use bushka_geometry::Player;

use crate::bits::Bits;
use crate::board::{Board, Sq};
use crate::moves::Move;

/// A position: men and kings of each player and the side to move.
///
/// Built only by [`Board::start_position`], [`crate::Setup::validate`] or by playing
/// legal moves, so it always satisfies the board's invariants.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position<B: Bits> {
    pub(crate) men: [B; 2],
    pub(crate) kings: [B; 2],
    pub(crate) side: Player,
    pub(crate) hash: u64,
}

impl<B: Bits> Position<B> {
    /// Builds a position and its hash from raw sets (no validation).
    pub(crate) fn from_parts(
        board: &Board<B>,
        men: [B; 2],
        kings: [B; 2],
        side: Player,
    ) -> Position<B> {
        let mut hash = if side == Player::Black {
            board.black_key
        } else {
            0
        };
        for p in Player::BOTH {
            for sq in men[p.index()].iter() {
                hash ^= board.key(sq, p, false);
            }
            for sq in kings[p.index()].iter() {
                hash ^= board.key(sq, p, true);
            }
        }
        Position {
            men,
            kings,
            side,
            hash,
        }
    }

    /// The player to move.
    #[inline]
    pub fn side(&self) -> Player {
        self.side
    }

    /// Player `p`'s men.
    #[inline]
    pub fn men(&self, p: Player) -> B {
        self.men[p.index()]
    }

    /// Player `p`'s kings.
    #[inline]
    pub fn kings(&self, p: Player) -> B {
        self.kings[p.index()]
    }

    /// Player `p`'s pieces.
    #[inline]
    pub fn pieces(&self, p: Player) -> B {
        self.men[p.index()] | self.kings[p.index()]
    }

    /// Every piece on the board.
    #[inline]
    pub fn occupied(&self) -> B {
        self.pieces(Player::White) | self.pieces(Player::Black)
    }

    /// Zobrist hash of placement and side to move.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The piece on `sq`: its owner and whether it is a king.
    pub fn piece_at(&self, sq: Sq) -> Option<(Player, bool)> {
        let sq = sq as usize;
        Player::BOTH.into_iter().find_map(|p| {
            if self.men[p.index()].has(sq) {
                Some((p, false))
            } else if self.kings[p.index()].has(sq) {
                Some((p, true))
            } else {
                None
            }
        })
    }

    /// The position after `mv` (which must be legal here).
    #[inline]
    pub fn play(&self, board: &Board<B>, mv: &Move<B>) -> Position<B> {
        let mut next = self.placement_after(mv);
        let (me, them) = (self.side, self.side.opponent());
        let was_king = self.kings[me.index()].has(mv.from as usize);
        let mut hash = self.hash
            ^ board.key(mv.from as usize, me, was_king)
            ^ board.key(mv.to as usize, me, was_king || mv.promotes);
        for sq in mv.captured.iter() {
            hash ^= board.key(sq, them, self.kings[them.index()].has(sq));
        }
        next.hash = hash ^ board.black_key;
        next
    }

    /// The placement and side to move after `mv`, with this position's hash left as
    /// it is: for perft, which never reads hashes.
    #[inline(always)]
    pub(crate) fn placement_after(&self, mv: &Move<B>) -> Position<B> {
        let mut next = *self;
        let (m, t) = (self.side.index(), self.side.opponent().index());
        let (from, to) = (B::bit(mv.from as usize), B::bit(mv.to as usize));
        let was_king = !(self.kings[m] & from).is_empty();
        if was_king {
            next.kings[m] ^= from;
        } else {
            next.men[m] ^= from;
        }
        if was_king || mv.promotes {
            next.kings[m] |= to;
        } else {
            next.men[m] |= to;
        }
        next.men[t] &= !mv.captured;
        next.kings[t] &= !mv.captured;
        next.side = self.side.opponent();
        next
    }

    /// The same placement with the other player to move.
    pub fn with_side(&self, board: &Board<B>, side: Player) -> Position<B> {
        if side == self.side {
            return *self;
        }
        Position {
            side,
            hash: self.hash ^ board.black_key,
            ..*self
        }
    }
}

impl<B: Bits> Board<B> {
    /// Builds a position from raw sets of men and kings (index 0 White, 1 Black), for
    /// programs that enumerate placements (tablebases). `None` when the sets overlap,
    /// leave the board, or put a man on its own promotion zone.
    pub fn position_from_sets(
        &self,
        men: [B; 2],
        kings: [B; 2],
        side: Player,
    ) -> Option<Position<B>> {
        let sets = [men[0], men[1], kings[0], kings[1]];
        let mut seen = B::EMPTY;
        for set in sets {
            if !(set & seen).is_empty() || !(set & !self.all).is_empty() {
                return None;
            }
            seen |= set;
        }
        let on_zone = Player::BOTH
            .into_iter()
            .any(|p| !(men[p.index()] & self.promotion(p)).is_empty());
        (!on_zone).then(|| Position::from_parts(self, men, kings, side))
    }

    /// The variant's start position, White to move.
    pub fn start_position(&self) -> Position<B> {
        let geometry = self.geometry();
        let mut men = [B::EMPTY; 2];
        let mut kings = [B::EMPTY; 2];
        for p in Player::BOTH {
            let side = geometry.side(p);
            for &c in &side.men {
                men[p.index()] |= B::bit(self.sq(c) as usize);
            }
            for &c in &side.kings {
                kings[p.index()] |= B::bit(self.sq(c) as usize);
            }
        }
        Position::from_parts(self, men, kings, Player::White)
    }
}
