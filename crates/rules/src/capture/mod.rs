//! Capture styles. Each style generates the captures of a position; the generator
//! falls back to the shared quiet moves when a style finds none. Bushka's contact
//! capture and draughts' jump capture are the two styles. Both record sequence ends
//! through [`record`] (majority, one move per end) and replay a move's routes through
//! [`routes_of`] and [`find_route`].

use crate::bits::{Bits, Sq};
use crate::moves::{Move, States};

pub(crate) mod contact;
pub(crate) mod jump;

/// Single captures from a cell with some pieces already taken: calls the visitor with
/// (landing cell, piece taken) for each.
pub(crate) type NextCaptures<'a, B> = &'a dyn Fn(Sq, B, &mut dyn FnMut(Sq, Sq));

/// Every route (cells visited, origin first) of the capture `mv`, by depth-first search
/// over the single captures `next` that take only pieces of `mv`'s captured set. (There
/// may be exponentially many: for one route, see [`find_route`].)
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
        walk(mv, next, captured | B::bit(target), route, found);
        route.pop();
    }
}

/// One route of the capture `mv` over the single captures `next` (the first in search
/// order), or with `along` the route `along` itself if it is one; found without listing
/// them all: a state (cell, captured set) that cannot finish the move is tried once.
pub(crate) fn find_route<B: Bits>(
    mv: &Move<B>,
    next: NextCaptures<'_, B>,
    along: Option<&[Sq]>,
) -> Option<Vec<Sq>> {
    if along.is_some_and(|r| r.first() != Some(&mv.from)) {
        return None;
    }
    let mut route = vec![mv.from];
    let mut failed = States::default();
    finish(mv, next, B::EMPTY, &mut route, along, &mut failed).then_some(route)
}

/// Extends `route` to a route of `mv` (following `along` when given); true when done.
fn finish<B: Bits>(
    mv: &Move<B>,
    next: NextCaptures<'_, B>,
    captured: B,
    route: &mut Vec<Sq>,
    along: Option<&[Sq]>,
    failed: &mut States<B>,
) -> bool {
    let at = *route.last().unwrap_or(&mv.from);
    if captured == mv.captured {
        return at == mv.to && along.is_none_or(|r| r.len() == route.len());
    }
    let next_cell = along.map(|r| r.get(route.len()).copied());
    if next_cell == Some(None) || !failed.insert((at, captured)) {
        return false;
    }
    let mut steps = Vec::new();
    next(at, captured, &mut |land, target| {
        if next_cell.is_none_or(|c| c == Some(land)) {
            steps.push((land, target));
        }
    });
    for (land, target) in steps {
        route.push(land);
        if finish(mv, next, captured | B::bit(target), route, along, failed) {
            return true;
        }
        route.pop();
    }
    false
}

/// Keeps the majority: drops smaller captures and refuses smaller ones.
pub(crate) struct Majority {
    pub(crate) enforce: bool,
    pub(crate) best: u32,
}

impl Majority {
    /// The majority rule as the variant sets it, nothing found yet.
    pub(crate) fn new(enforce: bool) -> Majority {
        Majority { enforce, best: 0 }
    }

    /// Whether a capture of `n` pieces may be listed; clears `out` when it beats it.
    #[inline]
    pub(crate) fn admit<B: Bits>(&mut self, n: u32, out: &mut Vec<Move<B>>) -> bool {
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

    /// Whether a sequence state with `captured` taken, and `capturable` pieces still
    /// open to it, cannot reach the majority even by taking every one of them.
    #[inline]
    pub(crate) fn hopeless<B: Bits>(&self, captured: B, capturable: B) -> bool {
        self.enforce && captured.count() + (capturable & !captured).count() < self.best
    }
}

/// Lists the capture `mv` ending a sequence from one origin, unless the majority
/// refuses it or that end (destination, captured set) is already listed: `ends` (a
/// hashed set once it grows, cleared per origin) keeps recording linear in the moves.
#[inline]
pub(crate) fn record<B: Bits>(
    out: &mut Vec<Move<B>>,
    ends: &mut States<B>,
    majority: &mut Majority,
    mv: Move<B>,
) {
    if majority.admit(mv.captured.count(), out) && ends.insert((mv.to, mv.captured)) {
        out.push(mv);
    }
}
