//! Capture styles. Each style generates the captures of a position; the generator
//! falls back to the shared quiet moves when a style finds none. Bushka's contact
//! capture and draughts' jump capture are the two styles.

use crate::bits::Bits;
use crate::moves::MoveList;

pub(crate) mod contact;
pub(crate) mod jump;

/// Keeps the majority: drops smaller captures and refuses smaller ones.
pub(crate) struct Majority {
    pub(crate) enforce: bool,
    pub(crate) best: u32,
}

impl Majority {
    /// Whether a capture of `n` pieces may be listed; clears `out` when it beats it.
    #[inline]
    pub(crate) fn admit<B: Bits>(&mut self, n: u32, out: &mut MoveList<B>) -> bool {
        if !self.enforce {
            return true;
        }
        if n < self.best {
            return false;
        }
        if n > self.best {
            out.clear();
            self.best = n;
        }
        true
    }
}
