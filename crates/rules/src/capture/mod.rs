//! Capture styles. Each style generates the captures of a position; the generator
//! falls back to the shared quiet moves when a style finds none. Bushka's contact
//! capture, draughts' jump capture and Fanorona's approach-withdrawal capture are the
//! three styles. Both record sequence ends
//! through a [`precedence::Judge`] (one move per end, the best by the rule set's
//! precedence) and replay a move's routes through [`routes_of`] and [`find_route`].

use crate::bits::{Bits, Sq};
use crate::moves::{Move, Seen};

use bushka_geometry::Dir;

pub(crate) mod approach;
pub(crate) mod contact;
pub(crate) mod jump;
pub(crate) mod precedence;

/// A state of a capture sequence being replayed: where the piece stands, what it has
/// taken, whether it moves as a king now, the direction of its last jump or step,
/// whether the move has ended (a man crowned under `promotion_during_capture =
/// "end-move"`), and the cells it has stood on (read by approach-withdrawal capture).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Hop<B> {
    pub(crate) at: Sq,
    pub(crate) captured: B,
    pub(crate) king: bool,
    pub(crate) came: Option<Dir>,
    pub(crate) ended: bool,
    pub(crate) visited: B,
}

impl<B: Bits> Hop<B> {
    /// The start of the capture `mv`, made by a king or not.
    pub(crate) fn start(mv: &Move<B>, king: bool) -> Hop<B> {
        Hop {
            at: mv.from,
            captured: B::EMPTY,
            king,
            came: None,
            ended: false,
            visited: B::bit(mv.from),
        }
    }
}

/// Single captures from a sequence state: calls the visitor with each state one
/// capture further.
pub(crate) type NextCaptures<'a, B> = &'a dyn Fn(&Hop<B>, &mut dyn FnMut(Hop<B>));

/// Every route (cells visited, origin first) of the capture `mv`, made by a king or
/// not, by depth-first search over the single captures `next` that take only pieces of
/// `mv`'s captured set. (There may be exponentially many: for one route, see
/// [`find_route`].)
pub(crate) fn routes_of<B: Bits>(
    mv: &Move<B>,
    king: bool,
    next: NextCaptures<'_, B>,
) -> Vec<Vec<Sq>> {
    let mut found = Vec::new();
    let mut route = vec![mv.from];
    walk(mv, next, Hop::start(mv, king), &mut route, &mut found);
    found
}

fn walk<B: Bits>(
    mv: &Move<B>,
    next: NextCaptures<'_, B>,
    hop: Hop<B>,
    route: &mut Vec<Sq>,
    found: &mut Vec<Vec<Sq>>,
) {
    if hop.captured == mv.captured {
        if hop.at == mv.to {
            found.push(route.clone());
        }
        return;
    }
    let mut steps = Vec::new();
    next(&hop, &mut |step| steps.push(step));
    for step in steps {
        route.push(step.at);
        walk(mv, next, step, route, found);
        route.pop();
    }
}

/// One route of the capture `mv` over the single captures `next` (the first in search
/// order), or with `along` the route `along` itself if it is one; found without listing
/// them all: a state (cell, captured set) that cannot finish the move is tried once.
pub(crate) fn find_route<B: Bits>(
    mv: &Move<B>,
    king: bool,
    next: NextCaptures<'_, B>,
    along: Option<&[Sq]>,
) -> Option<Vec<Sq>> {
    if along.is_some_and(|r| r.first() != Some(&mv.from)) {
        return None;
    }
    let mut route = vec![mv.from];
    let mut failed = Seen::default();
    finish(
        mv,
        next,
        Hop::start(mv, king),
        &mut route,
        along,
        &mut failed,
    )
    .then_some(route)
}

/// Extends `route` to a route of `mv` (following `along` when given); true when done.
fn finish<B: Bits>(
    mv: &Move<B>,
    next: NextCaptures<'_, B>,
    hop: Hop<B>,
    route: &mut Vec<Sq>,
    along: Option<&[Sq]>,
    failed: &mut Seen<Hop<B>>,
) -> bool {
    if hop.captured == mv.captured {
        return hop.at == mv.to && along.is_none_or(|r| r.len() == route.len());
    }
    let next_cell = along.map(|r| r.get(route.len()).copied());
    if next_cell == Some(None) || !failed.insert(hop) {
        return false;
    }
    let mut steps = Vec::new();
    next(&hop, &mut |step| {
        if next_cell.is_none_or(|c| c == Some(step.at)) {
            steps.push(step);
        }
    });
    for step in steps {
        route.push(step.at);
        if finish(mv, next, step, route, along, failed) {
            return true;
        }
        route.pop();
    }
    false
}
