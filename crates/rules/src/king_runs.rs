//! The history a position carries for `rules.max_same_king_moves` (Frisian draughts,
//! crates/rules/RULES.md 7.6): per colour, the king that made its side's last quiet
//! moves and how many it made in a row.
//!
//! A side's run grows by one with each quiet move of the same king, starts at 1 with a
//! quiet move of another king, and ends with any other move of that side (a man's
//! move, any capture). A run ends too when its king is captured, and when its side
//! has no men left (the limit lapses then). The opponent's moves leave it alone.

use bushka_geometry::{ByColour, Colour, Piece, Role};

use crate::bits::{Bits, Sq};
use crate::board::Board;
use crate::moves::Move;
use crate::position::Position;

/// Bits of a run's square (bit indices are below 1024).
const SQ_BITS: u32 = 12;
/// Each colour's half of the packed runs.
const HALF: u32 = 16;

/// Both colours' runs, packed in one word (so that positions stay as small as before):
/// per colour the run's length (0: none) above its king's bit index.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub(crate) struct KingRuns(u32);

impl KingRuns {
    /// `colour`'s run: the king's bit and the quiet moves it made in a row.
    #[inline]
    pub(crate) fn get(self, colour: Colour) -> Option<(Sq, u8)> {
        let half = self.0 >> (HALF * colour.index() as u32) & 0xFFFF;
        let count = (half >> SQ_BITS) as u8;
        (count > 0).then(|| (Sq::new((half & ((1 << SQ_BITS) - 1)) as usize), count))
    }

    /// Sets (or with `None` ends) `colour`'s run; a count is 1 to 15.
    #[inline]
    pub(crate) fn set(&mut self, colour: Colour, run: Option<(Sq, u8)>) {
        let shift = HALF * colour.index() as u32;
        let half = run.map_or(0, |(sq, count)| {
            debug_assert!((1..16).contains(&count));
            u32::from(count) << SQ_BITS | sq.index() as u32
        });
        self.0 = self.0 & !(0xFFFF << shift) | half << shift;
    }
}

impl<B: Bits> Board<B> {
    /// The hash key of a run.
    #[inline]
    fn run_key(&self, colour: Colour, (sq, count): (Sq, u8)) -> u64 {
        // The king's own key, turned by the count: distinct from every placement key.
        self.key(sq, Piece::new(colour, Role::King))
            .rotate_left(7 * u32::from(count) + 1)
            ^ RUN_SALT
    }

    /// The hash keys of all counted runs.
    #[inline]
    pub(crate) fn runs_key(&self, runs: KingRuns) -> u64 {
        let mut key = 0;
        for colour in Colour::BOTH {
            if let Some(run) = runs.get(colour) {
                key ^= self.run_key(colour, run);
            }
        }
        key
    }

    /// The runs after `mv` by the side to move in `pos`, `men_left` saying per colour
    /// whether men remain after it (out of line: only boards that count runs call it).
    #[inline(never)]
    pub(crate) fn runs_after(
        &self,
        pos: &Position<B>,
        mv: &Move<B>,
        men_left: ByColour<bool>,
    ) -> KingRuns {
        let (me, them) = (pos.side, pos.side.opponent());
        let mut runs = pos.runs;
        if let Some((sq, _)) = runs.get(them)
            && (mv.captured.has(sq) || !men_left[them])
        {
            runs.set(them, None);
        }
        let quiet_king = pos.kings[me].has(mv.from) && mv.captured.is_empty();
        let run = match runs.get(me) {
            _ if !quiet_king || !men_left[me] => None,
            Some((sq, count)) if sq == mv.from => Some((mv.to, count.saturating_add(1).min(15))),
            _ => Some((mv.to, 1)),
        };
        runs.set(me, run);
        runs
    }

    /// The king of the side to move that may not make another quiet move: the one whose
    /// run has reached `rules.max_same_king_moves` while its side has men.
    #[inline]
    pub(crate) fn barred_king(&self, pos: &Position<B>) -> B {
        let me = pos.side;
        match pos.runs.get(me) {
            Some((sq, count))
                if count >= self.rules.max_same_king_moves && !pos.men[me].is_empty() =>
            {
                B::bit(sq)
            }
            _ => B::EMPTY,
        }
    }
}

/// Keeps run keys apart from placement keys (a fixed, arbitrary odd constant).
const RUN_SALT: u64 = 0x9E37_79B9_7F4A_7C15;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_pack_and_unpack_per_colour() {
        let mut runs = KingRuns::default();
        assert_eq!(runs.get(Colour::White), None);
        runs.set(Colour::Black, Some((Sq::new(1023), 15)));
        runs.set(Colour::White, Some((Sq::new(7), 2)));
        assert_eq!(runs.get(Colour::White), Some((Sq::new(7), 2)));
        assert_eq!(runs.get(Colour::Black), Some((Sq::new(1023), 15)));
        runs.set(Colour::White, None);
        assert_eq!(runs.get(Colour::White), None);
        assert_eq!(runs.get(Colour::Black), Some((Sq::new(1023), 15)));
    }
}
