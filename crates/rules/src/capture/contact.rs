//! Bushka's contact capture (crates/rules/RULES.md 3.1, 3.3, 3.4).
//!
//! 1. Linear captures: a line of men steps one cell along its line (either way) so that
//!    its head touches an opposing piece; a king touched goes alone, a man goes with the
//!    unbroken run of opposing men behind it. Majority among linear captures.
//! 2. Only when there is none, piece captures: men by one-step approach, kings by long
//!    approach, continued in any direction until no capture remains; captured pieces
//!    stay (blocking) until the end and are taken once. Majority over whole sequences.
//!    Each sequence state spends one step of the list's work budget (crate::budget).

use bushka_geometry::{Colour, Dir, KingRange, MAX_DIRS};

use super::precedence::{Majority, record};
use super::{Hop, NextCaptures};
use crate::bits::{Bits, Sq};
use crate::board::Board;
use crate::budget::Budget;
use crate::moves::{Move, MoveKind, MoveList, States};
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

fn linear<B: Bits>(board: &Board<B>, pos: &Position<B>, out: &mut MoveList<B>) {
    let me = pos.side();
    let them = me.opponent();
    let men = pos.men(me);
    let (their_men, their_kings) = (pos.men(them), pos.kings(them));
    let theirs = their_men | their_kings;
    let empty = board.all & !pos.occupied();
    let promotion = board.promotion(me);
    let mut majority = Majority::new(board.majority);
    for d in board.dirs() {
        let heads = men
            & board.step(men, d)
            & board.step_back(empty, d)
            & board.step_back(board.step_back(theirs, d), d);
        for head in heads.iter() {
            let front = board.neighbour(head, d);
            let touched = board.neighbour(front, d);
            let mut tails = 0;
            board.for_each_tail(men, head, d, |_| tails += 1);
            if tails == 0 {
                continue;
            }
            let captured = if their_kings.has(touched) {
                B::bit(touched)
            } else {
                let mut run = B::EMPTY;
                let mut at = touched;
                while at != Sq::NONE && their_men.has(at) && !run.has(at) {
                    run |= B::bit(at);
                    at = board.neighbour(at, d);
                }
                run
            };
            if !majority.admit(captured.count(), out.as_mut_vec()) {
                continue;
            }
            let promotes = promotion.has(front);
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
    /// Ends (cell, captured set) already recorded from this origin.
    ends: &'a mut States<B>,
    majority: &'a mut Majority,
    /// One step per state visited; the search unwinds when it runs out.
    budget: &'a mut Budget,
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
        let mv = Move {
            kind: MoveKind::PieceCapture,
            from: self.origin,
            to,
            captured,
            promotes: !self.king && self.promotion.has(to),
        };
        record(self.out, self.ends, self.majority, mv);
    }

    /// Whether the man on `sq` heads a line of men in direction `d`.
    fn heads_line(&self, sq: Sq, d: Dir) -> bool {
        let mut heads = false;
        self.board.for_each_tail(self.men, sq, d, |_| heads = true);
        heads
    }

    /// The single captures from `at`: (landing cell, captured piece) pairs.
    #[inline]
    fn steps(&self, at: Sq, captured: B, first: bool) -> ([(Sq, Sq); MAX_DIRS], usize) {
        let board = self.board;
        let capturable = self.theirs & !captured;
        let mut found = [(Sq::NONE, Sq::NONE); MAX_DIRS];
        let mut n = 0;
        for d in board.dirs() {
            let mut land = board.neighbour(at, d);
            if land == Sq::NONE || land == at || self.blocking.has(land) {
                continue;
            }
            let mut target = board.neighbour(land, d);
            if self.long {
                while target != Sq::NONE && target != at && !self.blocking.has(target) {
                    land = target;
                    target = board.neighbour(target, d);
                }
            }
            if target == Sq::NONE || !capturable.has(target) {
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
        if !self.budget.spend() || self.majority.hopeless(captured, self.theirs) {
            return;
        }
        let (next, n) = self.steps(at, captured, captured.is_empty());
        for &(land, target) in &next[..n] {
            self.search(land, captured | B::bit(target));
        }
        if n == 0 && !captured.is_empty() {
            self.record(at, captured);
        }
    }
}

fn pieces<B: Bits>(board: &Board<B>, pos: &Position<B>, out: &mut MoveList<B>) {
    let me: Colour = pos.side();
    let theirs = pos.pieces(me.opponent());
    let occupied = pos.occupied();
    let empty = board.all & !occupied;
    let mut majority = Majority::new(board.majority);
    let mut men_that_can = B::EMPTY;
    for d in board.dirs() {
        men_that_can |= board.step_back(empty, d) & board.step_back(board.step_back(theirs, d), d);
    }
    let long_kings = board.rules.king_range == KingRange::Long;
    let movers = (pos.men(me) & men_that_can).iter().map(|sq| (sq, false));
    let kings = pos.kings(me).iter().map(|sq| (sq, true));
    let (moves, ends, budget) = out.budgeted_scratch();
    for (sq, king) in movers.chain(kings) {
        ends.clear();
        let mut search = Sequences {
            board,
            out: &mut *moves,
            ends: &mut *ends,
            majority: &mut majority,
            budget: &mut *budget,
            origin: sq,
            blocking: occupied & !B::bit(sq),
            theirs,
            men: pos.men(me),
            promotion: board.promotion(me),
            king,
            long: king && long_kings,
        };
        search.search(sq, B::EMPTY);
        if budget.exhausted().is_some() {
            moves.clear();
            return;
        }
    }
}

/// Runs `f` over the single captures that replay the piece capture `mv` of the side to
/// move in `pos`, made by a king or not (only its captured pieces may be taken).
pub(crate) fn replaying<B: Bits, R>(
    board: &Board<B>,
    pos: &Position<B>,
    mv: &Move<B>,
    king: bool,
    f: impl FnOnce(NextCaptures<'_, B>) -> R,
) -> R {
    let me = pos.side();
    let (mut scratch, mut majority) = (MoveList::new(), Majority::new(false));
    let (out, ends, budget) = scratch.budgeted_scratch();
    let search = Sequences {
        board,
        out,
        ends,
        majority: &mut majority,
        budget,
        origin: mv.from,
        blocking: pos.occupied() & !B::bit(mv.from),
        theirs: pos.pieces(me.opponent()) & mv.captured,
        men: pos.men(me),
        promotion: board.promotion(me),
        king,
        long: king && board.rules.king_range == KingRange::Long,
    };
    f(&|hop: &Hop<B>, visit| {
        let (next, n) = search.steps(hop.at, hop.captured, hop.captured.is_empty());
        for &(land, target) in &next[..n] {
            visit(Hop {
                at: land,
                captured: hop.captured | B::bit(target),
                ..*hop
            });
        }
    })
}
