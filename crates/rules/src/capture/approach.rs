//! Fanorona's approach and withdrawal capture (crates/rules/RULES.md section 9).
//!
//! A piece steps to a neighbouring empty cell. By approach it takes the opposing piece
//! on the next cell beyond its destination, along the step; by withdrawal the opposing
//! piece on the cell behind its origin, against the step; either way with the unbroken
//! run of opposing pieces beyond that one on the same line. Where one step could do
//! both, they are two moves. Captured pieces leave at once. The same piece may go on
//! capturing, never in the direction of the step just made and never onto a cell it
//! has stood on this turn (its origin included); it may stop after any capture, so
//! every capture of a chain ends a move of its own. A move is recorded once per end
//! (destination, captured set) from one origin; each sequence state spends one step
//! of the list's work budget (crate::budget).

use bushka_geometry::Dir;

use super::precedence::{Majority, record};
use super::{Hop, NextCaptures};
use crate::bits::{Bits, Sq};
use crate::board::Board;
use crate::budget::Budget;
use crate::moves::{Move, MoveKind, MoveList, States};
use crate::position::Position;

/// Generates the approach and withdrawal captures of `pos` into `out` (which must be
/// empty); returns whether there are any.
pub(crate) fn generate<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    out: &mut MoveList<B>,
) -> bool {
    let me = pos.side();
    let mine = pos.pieces(me);
    let theirs = pos.pieces(me.opponent());
    let empty = board.all & !pos.occupied();
    let mut can = B::EMPTY;
    for d in board.dirs() {
        let steps = board.step_back(empty, d);
        let approach = board.step_back(board.step_back(theirs, d), d);
        let withdrawal = board.step(theirs, d);
        can |= steps & (approach | withdrawal);
    }
    can &= mine;
    let mut majority = Majority::new(board.majority);
    let promotion = board.promotion(me);
    let (moves, ends, budget) = out.budgeted_scratch();
    for origin in can.iter() {
        ends.clear();
        let mut chains = Chains {
            board,
            out: &mut *moves,
            ends: &mut *ends,
            majority: &mut majority,
            budget: &mut *budget,
            origin,
            mine: mine & !B::bit(origin),
            promotes: if pos.kings(me).has(origin) {
                B::EMPTY
            } else {
                promotion
            },
        };
        chains.search(origin, None, B::bit(origin), theirs, B::EMPTY);
        if budget.exhausted().is_some() {
            moves.clear();
            return false;
        }
    }
    !moves.is_empty()
}

/// The unbroken run of `theirs` from `first` (one of them) along `d`.
#[inline]
fn run<B: Bits>(board: &Board<B>, first: Sq, d: Dir, theirs: B) -> B {
    let mut taken = B::EMPTY;
    let mut at = first;
    while at != Sq::NONE && theirs.has(at) && !taken.has(at) {
        taken |= B::bit(at);
        at = board.neighbour(at, d);
    }
    taken
}

/// One capture step from `at`: the direction, the landing cell, the run taken and
/// whether it is taken by approach (else by withdrawal).
#[derive(Clone, Copy)]
struct Step<B> {
    dir: Dir,
    to: Sq,
    taken: B,
    approach: bool,
}

/// Calls `f` with every capture step of the piece on `at`, which came by direction
/// `came`, may land only on `open` cells, and takes pieces of `theirs`: per direction
/// the approach first, then the withdrawal.
#[inline]
fn for_each_step<B: Bits>(
    board: &Board<B>,
    at: Sq,
    came: Option<Dir>,
    open: B,
    theirs: B,
    mut f: impl FnMut(Step<B>),
) {
    for d in board.dirs() {
        if came == Some(d) {
            continue;
        }
        let to = board.neighbour(at, d);
        if to == Sq::NONE || !open.has(to) {
            continue;
        }
        let back = board.opposite(d);
        // By approach: the line from beyond `to`, along d; by withdrawal: the line
        // from behind `at`, against d.
        for (first, way, approach) in [
            (board.neighbour(to, d), d, true),
            (board.neighbour(at, back), back, false),
        ] {
            if first != Sq::NONE && theirs.has(first) {
                f(Step {
                    dir: d,
                    to,
                    taken: run(board, first, way, theirs),
                    approach,
                });
            }
        }
    }
}

/// Depth-first search of the capture chains of one piece.
struct Chains<'a, B: Bits> {
    board: &'a Board<B>,
    out: &'a mut Vec<Move<B>>,
    /// Ends (cell, captured set) already recorded from this origin.
    ends: &'a mut States<B>,
    majority: &'a mut Majority,
    /// One step per state visited; the search unwinds when it runs out.
    budget: &'a mut Budget,
    origin: Sq,
    /// The mover's other pieces.
    mine: B,
    /// Where the piece would be crowned on stopping (empty for a king).
    promotes: B,
}

impl<B: Bits> Chains<'_, B> {
    /// Explores the chain state: the piece on `at` having come by `came`, stood on
    /// `visited`, with `theirs` left on the board and `captured` taken.
    fn search(&mut self, at: Sq, came: Option<Dir>, visited: B, theirs: B, captured: B) {
        if !self.budget.spend() {
            return;
        }
        let board = self.board;
        let open = board.all & !(self.mine | theirs | visited);
        let mut steps = [None; 2 * bushka_geometry::MAX_DIRS];
        let mut n = 0;
        for_each_step(board, at, came, open, theirs, |step| {
            steps[n] = Some(step);
            n += 1;
        });
        for step in steps[..n].iter().flatten() {
            let taken = captured | step.taken;
            let mv = Move {
                kind: MoveKind::PieceCapture,
                from: self.origin,
                to: step.to,
                captured: taken,
                promotes: self.promotes.has(step.to),
            };
            record(self.out, self.ends, self.majority, mv);
            self.search(
                step.to,
                Some(step.dir),
                visited | B::bit(step.to),
                theirs & !step.taken,
                taken,
            );
            if self.budget.exhausted().is_some() {
                return;
            }
        }
    }
}

/// Runs `f` over the capture steps that replay the capture `mv` of the side to move in
/// `pos` (only steps whose runs lie inside `mv`'s captured set).
pub(crate) fn replaying<B: Bits, R>(
    board: &Board<B>,
    pos: &Position<B>,
    mv: &Move<B>,
    f: impl FnOnce(NextCaptures<'_, B>) -> R,
) -> R {
    let replay = Replay::new(board, pos, mv);
    f(&|hop: &Hop<B>, visit| replay.for_each(hop, |_, next| visit(next)))
}

/// The capture steps that replay one capture: only steps whose runs lie inside its
/// captured set.
struct Replay<'a, B: Bits> {
    board: &'a Board<B>,
    mv: &'a Move<B>,
    /// The mover's other pieces.
    mine: B,
    /// The opposing pieces before the move.
    theirs: B,
}

impl<'a, B: Bits> Replay<'a, B> {
    fn new(board: &'a Board<B>, pos: &Position<B>, mv: &'a Move<B>) -> Replay<'a, B> {
        let me = pos.side();
        Replay {
            board,
            mv,
            mine: pos.pieces(me) & !B::bit(mv.from),
            theirs: pos.pieces(me.opponent()),
        }
    }

    /// Calls `f` with each replaying step from `hop` and the state it leads to.
    fn for_each(&self, hop: &Hop<B>, mut f: impl FnMut(Step<B>, Hop<B>)) {
        let left = self.theirs & !hop.captured;
        let open = self.board.all & !(self.mine | left | hop.visited);
        for_each_step(self.board, hop.at, hop.came, open, left, |step| {
            if step.taken & !self.mv.captured == B::EMPTY {
                let next = Hop {
                    at: step.to,
                    captured: hop.captured | step.taken,
                    came: Some(step.dir),
                    visited: hop.visited | B::bit(step.to),
                    ..*hop
                };
                f(step, next);
            }
        });
    }

    /// Extends `route` to the written steps of the move (following the first way
    /// found); true when done.
    fn finish(
        &self,
        hop: Hop<B>,
        route: &mut Vec<Written>,
        failed: &mut crate::moves::Seen<Hop<B>>,
    ) -> bool {
        if hop.captured == self.mv.captured {
            return hop.at == self.mv.to;
        }
        if !failed.insert(hop) {
            return false;
        }
        let mut steps = [None; 2 * bushka_geometry::MAX_DIRS];
        let mut n = 0;
        self.for_each(&hop, |step, next| {
            steps[n] = Some((step, next));
            n += 1;
        });
        for (step, next) in steps[..n].iter().flatten() {
            route.push(Written {
                to: step.to,
                approach: step.approach,
            });
            if self.finish(*next, route, failed) {
                return true;
            }
            route.pop();
        }
        false
    }
}

/// One step of a capture as written: the landing cell and whether the step takes by
/// approach (`A`) or by withdrawal (`W`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Written {
    pub(crate) to: Sq,
    pub(crate) approach: bool,
}

/// Follows the written steps from `from` (a piece of the side to move in `pos`) under
/// the rules of a chain; the end (destination, captured set), or `None` when a step is
/// not a legal capture step there.
pub(crate) fn follow<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    from: Sq,
    steps: &[Written],
) -> Option<(Sq, B)> {
    let me = pos.side();
    if !pos.pieces(me).has(from) || steps.is_empty() {
        return None;
    }
    let mine = pos.pieces(me) & !B::bit(from);
    let mut theirs = pos.pieces(me.opponent());
    let (mut at, mut came, mut visited, mut captured) = (from, None, B::bit(from), B::EMPTY);
    for written in steps {
        let open = board.all & !(mine | theirs | visited);
        let mut next = None;
        for_each_step(board, at, came, open, theirs, |step| {
            if step.to == written.to && step.approach == written.approach {
                next = Some(step);
            }
        });
        let step = next?;
        (at, came) = (step.to, Some(step.dir));
        visited |= B::bit(step.to);
        theirs &= !step.taken;
        captured |= step.taken;
    }
    Some((at, captured))
}

/// The steps of one way to make the capture `mv` of the side to move in `pos` (the
/// first found), or `None` if it is not such a capture. A state (cell, direction,
/// cells stood on, captured set) that cannot finish the move is tried once.
pub(crate) fn written_route<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    mv: &Move<B>,
) -> Option<Vec<Written>> {
    if !pos.pieces(pos.side()).has(mv.from) {
        return None;
    }
    let mut route = Vec::new();
    let mut failed = crate::moves::Seen::default();
    Replay::new(board, pos, mv)
        .finish(Hop::start(mv, false), &mut route, &mut failed)
        .then_some(route)
}
