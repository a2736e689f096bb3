//! Bushka's contact capture (RULES.md 3.1, 3.3, 3.4).
//!
//! 1. Linear captures: a line of men steps one cell along its line (either way) so that
//!    its head touches an opposing piece; a king touched goes alone, a man goes with the
//!    unbroken run of opposing men behind it. Majority among linear captures.
//! 2. Only when there is none, piece captures: men by one-step approach, kings by long
//!    approach, continued in any direction until no capture remains; captured pieces
//!    stay (blocking) until the end and are taken once. Majority over whole sequences.

use bushka_geometry::{KingRange, MAX_DIRS, Player};

use crate::bits::Bits;
use crate::board::{Board, NO_SQ, Sq};
use crate::moves::{Move, MoveKind, MoveList, Seen};
use crate::position::Position;

/// Generates the contact captures of `pos` into `out` (which must be empty); returns
/// whether there are any.
pub(crate) fn generate<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    out: &mut MoveList<B>,
) -> bool {
    linear(board, pos, out);
    if out.is_empty() {
        pieces(board, pos, out);
    }
    !out.is_empty()
}

/// Keeps the majority: drops smaller captures and refuses smaller ones.
struct Majority {
    enforce: bool,
    best: u32,
}

impl Majority {
    /// Whether a capture of `n` pieces may be listed; clears `out` when it beats it.
    #[inline]
    fn admit<B: Bits>(&mut self, n: u32, out: &mut Vec<Move<B>>) -> bool {
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

fn linear<B: Bits>(board: &Board<B>, pos: &Position<B>, out: &mut MoveList<B>) {
    let me = pos.side();
    let them = me.opponent();
    let men = pos.men(me);
    let (their_men, their_kings) = (pos.men(them), pos.kings(them));
    let theirs = their_men | their_kings;
    let empty = board.all & !pos.occupied();
    let promotion = board.promotion(me);
    let mut majority = Majority {
        enforce: board.rules.majority,
        best: 0,
    };
    for d in 0..board.dirs {
        let heads = men
            & board.step(men, d)
            & board.step_back(empty, d)
            & board.step_back(board.step_back(theirs, d), d);
        for head in heads.iter() {
            let head = head as Sq;
            let front = board.neighbour(head, d);
            let touched = board.neighbour(front, d);
            let mut tails = 0;
            board.for_each_tail(men, head, d, |_| tails += 1);
            if tails == 0 {
                continue;
            }
            let captured = if their_kings.has(touched as usize) {
                B::bit(touched as usize)
            } else {
                let mut run = B::EMPTY;
                let mut at = touched;
                while at != NO_SQ && their_men.has(at as usize) && !run.has(at as usize) {
                    run |= B::bit(at as usize);
                    at = board.neighbour(at, d);
                }
                run
            };
            if !majority.admit(captured.count(), out.as_mut_vec()) {
                continue;
            }
            let promotes = promotion.has(front as usize);
            board.for_each_tail(men, head, d, |tail| {
                out.push(Move {
                    kind: MoveKind::LinearCapture,
                    from: tail,
                    to: front,
                    captured,
                    promotes,
                })
            });
        }
    }
}

/// Depth-first search of piece-capture sequences from one origin.
///
/// A sequence's end (cell, captured set) is recorded once (`ends`, a hashed set once it
/// grows, so recording many moves stays linear). Under the majority rule a state is cut
/// when it cannot reach the largest count found so far. States are not remembered: on
/// the dense adversarial boards of issue 9 distinct states are as many as orders, and
/// remembering them made the search slower (see the issue notes).
struct Sequences<'a, B: Bits> {
    board: &'a Board<B>,
    out: &'a mut Vec<Move<B>>,
    /// States that cannot finish a given move (route finding only).
    seen: &'a mut Seen<(Sq, B)>,
    /// Ends (cell, captured set) already recorded from this origin.
    ends: &'a mut Seen<(Sq, B)>,
    majority: &'a mut Majority,
    origin: Sq,
    /// Pieces that block: everything but the moving piece's origin.
    blocking: B,
    /// Opposing pieces.
    theirs: B,
    /// The mover's men (for the isolation rule at the first step).
    men: B,
    promotion: B,
    king: bool,
    long: bool,
}

impl<B: Bits> Sequences<'_, B> {
    fn record(&mut self, to: Sq, captured: B) {
        if !self.majority.admit(captured.count(), self.out) || !self.ends.insert((to, captured)) {
            return;
        }
        self.out.push(Move {
            kind: MoveKind::PieceCapture,
            from: self.origin,
            to,
            captured,
            promotes: !self.king && self.promotion.has(to as usize),
        });
    }

    /// Whether no sequence through a state with `captured` taken can reach the
    /// majority, even by taking every opposing piece left.
    fn hopeless(&self, captured: B) -> bool {
        let best = self.majority.best;
        self.majority.enforce
            && best > 0
            && captured.count() + (self.theirs & !captured).count() < best
    }

    /// Whether the man on `sq` heads a line of men in direction `d`.
    fn heads_line(&self, sq: Sq, d: usize) -> bool {
        let mut heads = false;
        self.board.for_each_tail(self.men, sq, d, |_| heads = true);
        heads
    }

    /// The single captures from `at`: (landing cell, captured piece) pairs.
    #[inline]
    fn steps(&self, at: Sq, captured: B, first: bool) -> ([(Sq, Sq); MAX_DIRS], usize) {
        let board = self.board;
        let capturable = self.theirs & !captured;
        let mut found = [(NO_SQ, NO_SQ); MAX_DIRS];
        let mut n = 0;
        for d in 0..board.dirs {
            let mut land = board.neighbour(at, d);
            if land == NO_SQ || land == at || self.blocking.has(land as usize) {
                continue;
            }
            let mut target = board.neighbour(land, d);
            if self.long {
                while target != NO_SQ && target != at && !self.blocking.has(target as usize) {
                    land = target;
                    target = board.neighbour(target, d);
                }
            }
            if target == NO_SQ || !capturable.has(target as usize) {
                continue;
            }
            if first && !self.king && self.heads_line(at, d) {
                continue;
            }
            found[n] = (land, target);
            n += 1;
        }
        (found, n)
    }

    fn search(&mut self, at: Sq, captured: B) {
        if self.hopeless(captured) {
            return;
        }
        let (next, n) = self.steps(at, captured, captured.is_empty());
        for &(land, target) in &next[..n] {
            self.search(land, captured | B::bit(target as usize));
        }
        if n == 0 && !captured.is_empty() {
            self.record(at, captured);
        }
    }
}

fn pieces<B: Bits>(board: &Board<B>, pos: &Position<B>, out: &mut MoveList<B>) {
    let me: Player = pos.side();
    let theirs = pos.pieces(me.opponent());
    let occupied = pos.occupied();
    let empty = board.all & !occupied;
    let mut majority = Majority {
        enforce: board.rules.majority,
        best: 0,
    };
    let mut men_that_can = B::EMPTY;
    for d in 0..board.dirs {
        men_that_can |= board.step_back(empty, d) & board.step_back(board.step_back(theirs, d), d);
    }
    let long_kings = board.rules.king_range == KingRange::Long;
    let movers = (pos.men(me) & men_that_can).iter().map(|sq| (sq, false));
    let kings = pos.kings(me).iter().map(|sq| (sq, true));
    let (moves, seen, ends) = out.scratch();
    for (sq, king) in movers.chain(kings) {
        seen.clear();
        ends.clear();
        let mut search = Sequences {
            board,
            out: &mut *moves,
            seen: &mut *seen,
            ends: &mut *ends,
            majority: &mut majority,
            origin: sq as Sq,
            blocking: occupied & !B::bit(sq),
            theirs,
            men: pos.men(me),
            promotion: board.promotion(me),
            king,
            long: king && long_kings,
        };
        search.search(sq as Sq, B::EMPTY);
    }
}

/// The search that replays the piece capture `mv` in `pos` (only its captured pieces
/// may be taken), using `scratch`; none if `mv` is not a piece capture of the side to
/// move there.
fn replay<'a, B: Bits>(
    board: &'a Board<B>,
    pos: &Position<B>,
    mv: &Move<B>,
    scratch: &'a mut MoveList<B>,
    majority: &'a mut Majority,
) -> Option<Sequences<'a, B>> {
    let me = pos.side();
    let (owner, king) = pos.piece_at(mv.from)?;
    if mv.kind != MoveKind::PieceCapture || owner != me {
        return None;
    }
    let (out, seen, ends) = scratch.scratch();
    Some(Sequences {
        board,
        out,
        seen,
        ends,
        majority,
        origin: mv.from,
        blocking: pos.occupied() & !B::bit(mv.from as usize),
        theirs: pos.pieces(me.opponent()) & mv.captured,
        men: pos.men(me),
        promotion: board.promotion(me),
        king,
        long: king && board.rules.king_range == KingRange::Long,
    })
}

const NO_MAJORITY: Majority = Majority {
    enforce: false,
    best: 0,
};

/// Every route (list of cells visited, origin first) by which the piece capture `mv`
/// can be made in `pos`; empty if `mv` is not a piece capture there. (There may be
/// exponentially many: for one route, see [`first_route`].)
pub(crate) fn routes<B: Bits>(board: &Board<B>, pos: &Position<B>, mv: &Move<B>) -> Vec<Vec<Sq>> {
    let (mut scratch, mut majority) = (MoveList::new(), NO_MAJORITY);
    let Some(search) = replay(board, pos, mv, &mut scratch, &mut majority) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    let mut route = vec![mv.from];
    collect_routes(&search, mv, B::EMPTY, &mut route, &mut found);
    found
}

fn collect_routes<B: Bits>(
    search: &Sequences<'_, B>,
    mv: &Move<B>,
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
    let (next, n) = search.steps(at, captured, captured.is_empty());
    for &(land, target) in &next[..n] {
        route.push(land);
        collect_routes(search, mv, captured | B::bit(target as usize), route, found);
        route.pop();
    }
}

/// One route of the piece capture `mv` in `pos` (the first in search order), found
/// without listing them all: a state that cannot finish the move is tried once.
pub(crate) fn first_route<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    mv: &Move<B>,
) -> Option<Vec<Sq>> {
    let (mut scratch, mut majority) = (MoveList::new(), NO_MAJORITY);
    let mut search = replay(board, pos, mv, &mut scratch, &mut majority)?;
    let mut route = vec![mv.from];
    finish(&mut search, mv, B::EMPTY, &mut route, None).then_some(route)
}

/// Whether `route` (cells visited, origin first) is a route of the piece capture `mv`.
pub(crate) fn has_route<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    mv: &Move<B>,
    route: &[Sq],
) -> bool {
    let (mut scratch, mut majority) = (MoveList::new(), NO_MAJORITY);
    let Some(mut search) = replay(board, pos, mv, &mut scratch, &mut majority) else {
        return false;
    };
    let mut walked = vec![mv.from];
    route.first() == Some(&mv.from) && finish(&mut search, mv, B::EMPTY, &mut walked, Some(route))
}

/// Extends `route` to a route of `mv` (following `along` when given); true when done.
/// States that failed are remembered in the search's `seen` set.
fn finish<B: Bits>(
    search: &mut Sequences<'_, B>,
    mv: &Move<B>,
    captured: B,
    route: &mut Vec<Sq>,
    along: Option<&[Sq]>,
) -> bool {
    let at = *route.last().unwrap_or(&mv.from);
    if captured == mv.captured {
        return at == mv.to && along.is_none_or(|r| r.len() == route.len());
    }
    let next_cell = along.map(|r| r.get(route.len()).copied());
    if next_cell == Some(None) || !search.seen.insert((at, captured)) {
        return false;
    }
    let (next, n) = search.steps(at, captured, captured.is_empty());
    for &(land, target) in &next[..n] {
        if next_cell.is_some_and(|c| c != Some(land)) {
            continue;
        }
        route.push(land);
        if finish(search, mv, captured | B::bit(target as usize), route, along) {
            return true;
        }
        route.pop();
    }
    false
}
