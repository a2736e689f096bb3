//! Capture styles. Each style generates the captures of a position; the generator
//! falls back to the shared quiet moves when a style finds none. Bushka's contact
//! capture and draughts' jump capture are the two styles.

use crate::bits::Bits;
use crate::board::Sq;
use crate::moves::{Move, MoveList};

pub(crate) mod contact;
pub(crate) mod jump;

/// Single captures from a cell with some pieces already taken: calls the visitor with
/// (landing cell, piece taken) for each.
pub(crate) type NextCaptures<'a, B> = &'a dyn Fn(Sq, B, &mut dyn FnMut(Sq, Sq));

/// Every route (cells visited, origin first) of the capture `mv`, by depth-first search
/// over the single captures `next` that take only pieces of `mv`'s captured set.
pub(crate) fn routes_of<B: Bits>(mv: &Move<B>, next: NextCaptures<'_, B>) -> Vec<Vec<Sq>> {
    let mut found = Vec::new();
    let mut route = vec![mv.from];
    walk(mv, next, B::EMPTY, &mut route, &mut found);
    found
}

fn walk<B: Bits>(
    mv: &Move<B>,
    next: NextCaptures<'_, B>,
    captured: B,
    route: &mut Vec<Sq>,
    found: &mut Vec<Vec<Sq>>,
) {
    let at = *route.last().unwrap_or(&mv.from);
    if captured == mv.captured {
        if at == mv.to {
            found.push(route.clone());
        }
        return;
    }
    let mut steps = Vec::new();
    next(at, captured, &mut |land, target| steps.push((land, target)));
    for (land, target) in steps {
        route.push(land);
        walk(mv, next, captured | B::bit(target as usize), route, found);
        route.pop();
    }
}

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
