//! Positions: occupancy bitsets, side to move, an incremental Zobrist hash.

use bushka_geometry::{ByColour, Colour, Piece, Role};

use crate::bits::{Bits, Sq};
use crate::board::Board;
use crate::king_runs::KingRuns;
use crate::moves::Move;

/// A position: men and kings of each player, the side to move, and (on boards with
/// `rules.max_same_king_moves`) each side's run of quiet moves by one king.
///
/// Built only by [`Board::start_position`], [`crate::Setup::validate`] or by playing
/// legal moves, so it always satisfies the board's invariants.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position<B: Bits> {
    pub(crate) men: ByColour<B>,
    pub(crate) kings: ByColour<B>,
    pub(crate) side: Colour,
    /// Always empty on boards without the king-move limit (it fits in the padding
    /// after `side`, so positions are no larger for it).
    pub(crate) runs: KingRuns,
    pub(crate) hash: u64,
}

impl<B: Bits> Position<B> {
    /// Builds a position and its hash from raw sets (no validation).
    pub(crate) fn from_parts(
        board: &Board<B>,
        men: ByColour<B>,
        kings: ByColour<B>,
        side: Colour,
    ) -> Position<B> {
        let mut hash = if side == Colour::Black {
            board.black_key
        } else {
            0
        };
        for colour in Colour::BOTH {
            for sq in men[colour].iter() {
                hash ^= board.key(sq, Piece::new(colour, Role::Man));
            }
            for sq in kings[colour].iter() {
                hash ^= board.key(sq, Piece::new(colour, Role::King));
            }
        }
        Position {
            men,
            kings,
            side,
            runs: KingRuns::default(),
            hash,
        }
    }

    /// The player to move.
    #[inline]
    pub fn side(&self) -> Colour {
        self.side
    }

    /// The men of `colour`.
    #[inline]
    pub fn men(&self, colour: Colour) -> B {
        self.men[colour]
    }

    /// The kings of `colour`.
    #[inline]
    pub fn kings(&self, colour: Colour) -> B {
        self.kings[colour]
    }

    /// The pieces of `colour`.
    #[inline]
    pub fn pieces(&self, colour: Colour) -> B {
        self.men[colour] | self.kings[colour]
    }

    /// Every piece on the board.
    #[inline]
    pub fn occupied(&self) -> B {
        self.pieces(Colour::White) | self.pieces(Colour::Black)
    }

    /// Whether any king stands on the board.
    #[inline]
    pub fn has_kings(&self) -> bool {
        !(self.kings[Colour::White] | self.kings[Colour::Black]).is_empty()
    }

    /// `colour`'s run of quiet moves by one king (`rules.max_same_king_moves`): the
    /// king's square and how many quiet moves it made in a row; `None` when no run is
    /// counted (always, on boards without the limit).
    #[inline]
    pub fn king_run(&self, colour: Colour) -> Option<(Sq, u8)> {
        self.runs.get(colour)
    }

    /// Zobrist hash of placement, side to move and king runs.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The endgame of a lone king, as the draw counts read it (`lone_king_draw`): when
    /// one side has one king and nothing else and the other has a king among its
    /// pieces, how many pieces the other has.
    pub fn against_lone_king(&self) -> Option<u32> {
        let lone = |side: Colour| self.men(side).is_empty() && self.kings(side).count() == 1;
        let side = Colour::BOTH.into_iter().find(|&side| lone(side))?;
        let other = side.opponent();
        (!self.kings(other).is_empty()).then(|| self.pieces(other).count())
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Sq) -> Option<Piece> {
        Colour::BOTH.into_iter().find_map(|colour| {
            if self.men[colour].has(sq) {
                Some(Piece::new(colour, Role::Man))
            } else if self.kings[colour].has(sq) {
                Some(Piece::new(colour, Role::King))
            } else {
                None
            }
        })
    }

    /// The position after `mv` (which must be legal here).
    #[inline]
    pub fn play(&self, board: &Board<B>, mv: &Move<B>) -> Position<B> {
        let mut next = self.placement_after::<false>(board, mv);
        let (me, them) = (self.side, self.side.opponent());
        let was_king = self.kings[me].has(mv.from);
        let mut hash = self.hash
            ^ board.key(mv.from, Piece::new(me, Role::of_king(was_king)))
            ^ board.key(
                mv.to,
                Piece::new(me, Role::of_king(was_king || mv.promotes)),
            );
        for sq in mv.captured.iter() {
            let role = Role::of_king(self.kings[them].has(sq));
            hash ^= board.key(sq, Piece::new(them, role));
        }
        if board.counts_king_runs {
            hash ^= board.runs_key(self.runs) ^ board.runs_key(next.runs);
        }
        next.hash = hash ^ board.black_key;
        next
    }

    /// The placement, side to move and king runs after `mv`, with this position's hash
    /// left as it is: for perft, which never reads hashes. `PLAIN` when the board is
    /// plain ([`Board::plain`]), which keeps no king runs.
    #[inline(always)]
    pub(crate) fn placement_after<const PLAIN: bool>(
        &self,
        board: &Board<B>,
        mv: &Move<B>,
    ) -> Position<B> {
        let (m, t) = (self.side, self.side.opponent());
        let (from, to) = (B::bit(mv.from), B::bit(mv.to));
        let (mut men, mut kings) = (self.men, self.kings);
        let was_king = !(kings[m] & from).is_empty();
        if was_king {
            kings[m] ^= from;
        } else {
            men[m] ^= from;
        }
        if was_king || mv.promotes {
            kings[m] |= to;
        } else {
            men[m] |= to;
        }
        men[t] &= !mv.captured;
        kings[t] &= !mv.captured;
        let runs = if !PLAIN && board.counts_king_runs {
            // By value: a reference to a new position would keep it out of registers
            // in the hot path of every board.
            board.runs_after(self, mv, men.map(|men| !men.is_empty()))
        } else {
            self.runs
        };
        Position {
            men,
            kings,
            side: t,
            runs,
            hash: self.hash,
        }
    }

    /// The same placement with the other player to move.
    pub fn with_side(&self, board: &Board<B>, side: Colour) -> Position<B> {
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
    /// Builds a position from raw sets of men and kings, for programs that enumerate
    /// placements (tablebases). `None` when the sets overlap, leave the board, or put
    /// a man on its own promotion zone.
    pub fn position_from_sets(
        &self,
        men: ByColour<B>,
        kings: ByColour<B>,
        side: Colour,
    ) -> Option<Position<B>> {
        let sets = [men, kings]
            .into_iter()
            .flat_map(|set| Colour::BOTH.map(|c| set[c]));
        let mut seen = B::EMPTY;
        for set in sets {
            if !(set & seen).is_empty() || !(set & !self.all).is_empty() {
                return None;
            }
            seen |= set;
        }
        let on_zone = Colour::BOTH
            .into_iter()
            .any(|colour| !(men[colour] & self.promotion(colour)).is_empty());
        (!on_zone).then(|| Position::from_parts(self, men, kings, side))
    }

    /// The variant's start position, the first player (`players.first`) to move.
    pub fn start_position(&self) -> Position<B> {
        let geometry = self.geometry();
        let mut men = ByColour::new(B::EMPTY, B::EMPTY);
        let mut kings = ByColour::new(B::EMPTY, B::EMPTY);
        for colour in Colour::BOTH {
            let side = geometry.side(colour);
            for &c in &side.men {
                men[colour] |= B::bit(self.sq(c));
            }
            for &c in &side.kings {
                kings[colour] |= B::bit(self.sq(c));
            }
        }
        Position::from_parts(self, men, kings, self.rules.first)
    }
}
