//! Draughts' jump capture (crates/rules/RULES.md section 6.1).
//!
//! A man jumps an adjacent opposing piece onto the vacant cell beyond it (in every
//! direction, or forward only when `rules.men_capture = "forward"`); a long king jumps
//! the first piece along an open line and lands on any vacant cell beyond it, a short
//! king only an adjacent piece. Sequences continue while a jump remains; jumped pieces
//! stay on the board (blocking, never jumped twice) until the move ends, and the origin
//! is vacant once left. With majority on, only the sequences taking the most pieces
//! are legal. A man promotes only when its whole move ends on its promotion zone.

use bushka_geometry::{Dir, KingRange, MAX_DIRS, MenCapture};

use super::{Majority, NextCaptures};
use crate::bits::Bits;
use crate::board::{Board, NO_SQ, Sq};
use crate::moves::{Move, MoveKind, MoveList, States};
use crate::position::Position;

/// Generates the jump captures of `pos` into `out` (which must be empty); returns
/// whether there are any.
pub(crate) fn generate<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    out: &mut MoveList<B>,
) -> bool {
    let me = pos.side();
    let theirs = pos.pieces(me.opponent());
    let occupied = pos.occupied();
    let empty = board.all & !occupied;
    let men_dirs = men_directions(board, me);
    // Men with a jump at once: an opposing neighbour with a vacant cell beyond.
    let mut men_that_can = B::EMPTY;
    for &d in men_dirs {
        men_that_can |= board.step_back(theirs & board.step_back(empty, d), d);
    }
    let men = pos.men(me) & men_that_can;
    let kings = pos.kings(me);
    if men.is_empty() && kings.is_empty() {
        return false;
    }
    let mut majority = Majority::new(board.rules.majority);
    let all_dirs = &ALL_DIRS[..board.dirs];
    let long_kings = board.rules.king_range == KingRange::Long;
    let pieces = men.iter().map(|sq| (sq, false));
    let (moves, ends) = out.scratch();
    for (sq, king) in pieces.chain(kings.iter().map(|sq| (sq, true))) {
        ends.clear();
        let mut search = Sequences {
            jumps: Jumps {
                board,
                theirs,
                vacant: empty | B::bit(sq),
                dirs: if king { all_dirs } else { men_dirs },
                long: king && long_kings,
            },
            out: &mut *moves,
            ends: &mut *ends,
            majority: &mut majority,
            origin: sq as Sq,
            promotion: if king { B::EMPTY } else { board.promotion(me) },
        };
        search.search(sq as Sq, B::EMPTY);
    }
    !out.is_empty()
}

/// Every direction index, sliced to the board's direction count.
const ALL_DIRS: [Dir; MAX_DIRS] = {
    let mut dirs = [0; MAX_DIRS];
    let mut d = 0;
    while d < MAX_DIRS {
        dirs[d] = d;
        d += 1;
    }
    dirs
};

/// The directions in which the mover's men capture.
fn men_directions<B: Bits>(board: &Board<B>, me: bushka_geometry::Player) -> &[Dir] {
    match board.rules.men_capture {
        MenCapture::All => &ALL_DIRS[..board.dirs],
        MenCapture::Forward => board.forward(me),
    }
}

/// The single jumps available to one moving piece.
struct Jumps<'a, B: Bits> {
    board: &'a Board<B>,
    /// Opposing pieces (jumped ones are removed per call).
    theirs: B,
    /// Cells the piece may pass and land on: vacant cells and its own origin.
    vacant: B,
    /// Directions the piece captures in.
    dirs: &'a [Dir],
    /// Whether it is a long king.
    long: bool,
}

impl<B: Bits> Jumps<'_, B> {
    /// The jump from `at` in direction `d` with `captured` already taken: the piece
    /// jumped and the first landing cell. Returns values, not a list, so the search
    /// recurses without copying arrays around.
    #[inline(always)]
    fn along(&self, at: Sq, d: Dir, captured: B) -> Option<(Sq, Sq)> {
        let board = self.board;
        if !self.long {
            // Men and short kings: two bitset steps (shifts on lattice boards).
            let from = B::bit(at as usize);
            let target = board.step(from, d) & self.theirs & !captured;
            if target.is_empty() {
                return None;
            }
            let land = board.step(target, d) & self.vacant & !from;
            if land.is_empty() {
                return None;
            }
            return Some((target.lowest() as Sq, land.lowest() as Sq));
        }
        let mut target = board.neighbour(at, d);
        while target != NO_SQ && target != at && self.vacant.has(target as usize) {
            target = board.neighbour(target, d);
        }
        if target == NO_SQ || !(self.theirs & !captured).has(target as usize) {
            return None;
        }
        let land = board.neighbour(target, d);
        if land == NO_SQ || land == at || !self.vacant.has(land as usize) {
            return None;
        }
        Some((target, land))
    }

    /// The landing cell after `land` along `d` for a long king, if open.
    #[inline(always)]
    fn further(&self, land: Sq, d: Dir, from: Sq) -> Option<Sq> {
        if !self.long {
            return None;
        }
        let next = self.board.neighbour(land, d);
        (next != NO_SQ && next != from && self.vacant.has(next as usize)).then_some(next)
    }
}

/// Depth-first search of the capture sequences of one piece.
struct Sequences<'a, B: Bits> {
    jumps: Jumps<'a, B>,
    out: &'a mut Vec<Move<B>>,
    /// Ends (cell, captured set) already recorded from this origin.
    ends: &'a mut States<B>,
    majority: &'a mut Majority,
    origin: Sq,
    /// The mover's promotion zone, empty for a king.
    promotion: B,
}

impl<B: Bits> Sequences<'_, B> {
    fn search(&mut self, at: Sq, captured: B) {
        if self.majority.hopeless(captured, self.jumps.theirs) {
            return;
        }
        let mut any = false;
        for &d in self.jumps.dirs {
            let Some((target, first)) = self.jumps.along(at, d, captured) else {
                continue;
            };
            any = true;
            let taken = captured | B::bit(target as usize);
            let mut land = Some(first);
            while let Some(here) = land {
                self.search(here, taken);
                land = self.jumps.further(here, d, at);
            }
        }
        if !any && !captured.is_empty() {
            self.record(at, captured);
        }
    }

    fn record(&mut self, to: Sq, captured: B) {
        // Two routes with the same origin, destination and captured set are one move.
        let mv = Move {
            kind: MoveKind::PieceCapture,
            from: self.origin,
            to,
            captured,
            promotes: self.promotion.has(to as usize),
        };
        super::record(self.out, self.ends, self.majority, mv);
    }
}

/// Runs `f` over the single jumps that replay the capture `mv` of the side to move in
/// `pos`, made by a king or not (only its captured pieces may be jumped).
pub(crate) fn replaying<B: Bits, R>(
    board: &Board<B>,
    pos: &Position<B>,
    mv: &Move<B>,
    king: bool,
    f: impl FnOnce(NextCaptures<'_, B>) -> R,
) -> R {
    let me = pos.side();
    let jumps = Jumps {
        board,
        theirs: pos.pieces(me.opponent()) & mv.captured,
        vacant: (board.all & !pos.occupied()) | B::bit(mv.from as usize),
        dirs: if king {
            &ALL_DIRS[..board.dirs]
        } else {
            men_directions(board, me)
        },
        long: king && board.rules.king_range == KingRange::Long,
    };
    f(&|at, captured, visit| {
        for &d in jumps.dirs {
            let Some((target, first)) = jumps.along(at, d, captured) else {
                continue;
            };
            let mut land = Some(first);
            while let Some(here) = land {
                visit(here, target);
                land = jumps.further(here, d, at);
            }
        }
    })
}
