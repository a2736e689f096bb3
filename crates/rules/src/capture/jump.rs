//! Draughts' jump capture (RULES.md section 6.1).
//!
//! A man jumps an adjacent opposing piece onto the vacant cell beyond it (in every
//! direction, or forward only when `rules.men_capture = "forward"`); a long king jumps
//! the first piece along an open line and lands on any vacant cell beyond it, a short
//! king only an adjacent piece. Sequences continue while a jump remains; jumped pieces
//! stay on the board (blocking, never jumped twice) until the move ends, and the origin
//! is vacant once left. With majority on, only the sequences taking the most pieces
//! are legal. A man promotes only when its whole move ends on its promotion zone.

use bushka_geometry::{Dir, KingRange, MAX_DIRS, MenCapture};

use super::Majority;
use crate::bits::Bits;
use crate::board::{Board, NO_SQ, Sq};
use crate::moves::{Move, MoveKind, MoveList};
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
    let mut majority = Majority {
        enforce: board.rules.majority,
        best: 0,
    };
    let all_dirs = &ALL_DIRS[..board.dirs];
    let long_kings = board.rules.king_range == KingRange::Long;
    let pieces = men.iter().map(|sq| (sq, false));
    for (sq, king) in pieces.chain(kings.iter().map(|sq| (sq, true))) {
        let mut search = Sequences {
            jumps: Jumps {
                board,
                theirs,
                vacant: empty | B::bit(sq),
                dirs: if king { all_dirs } else { men_dirs },
                long: king && long_kings,
            },
            out: &mut *out,
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

/// One jump: its direction, the piece jumped and the first landing cell.
#[derive(Clone, Copy)]
struct Jump {
    dir: Dir,
    target: Sq,
    land: Sq,
}

impl<B: Bits> Jumps<'_, B> {
    /// The jumps from `at` with `captured` already taken (at most one per direction).
    #[inline]
    fn from(&self, at: Sq, captured: B) -> ([Jump; MAX_DIRS], usize) {
        let board = self.board;
        let capturable = self.theirs & !captured;
        let none = Jump {
            dir: 0,
            target: NO_SQ,
            land: NO_SQ,
        };
        let mut found = [none; MAX_DIRS];
        let mut n = 0;
        for &d in self.dirs {
            let mut target = board.neighbour(at, d);
            if self.long {
                while target != NO_SQ && target != at && self.vacant.has(target as usize) {
                    target = board.neighbour(target, d);
                }
            }
            if target == NO_SQ || !capturable.has(target as usize) {
                continue;
            }
            let land = board.neighbour(target, d);
            if land == NO_SQ || land == at || !self.vacant.has(land as usize) {
                continue;
            }
            found[n] = Jump {
                dir: d,
                target,
                land,
            };
            n += 1;
        }
        (found, n)
    }

    /// Calls `f` on every landing cell of `jump` (a long king lands anywhere beyond).
    #[inline]
    fn landings(&self, jump: &Jump, from: Sq, mut f: impl FnMut(Sq)) {
        let mut land = jump.land;
        loop {
            f(land);
            if !self.long {
                return;
            }
            land = self.board.neighbour(land, jump.dir);
            if land == NO_SQ || land == from || !self.vacant.has(land as usize) {
                return;
            }
        }
    }
}

/// Depth-first search of the capture sequences of one piece.
struct Sequences<'a, B: Bits> {
    jumps: Jumps<'a, B>,
    out: &'a mut MoveList<B>,
    majority: &'a mut Majority,
    origin: Sq,
    /// The mover's promotion zone, empty for a king.
    promotion: B,
}

impl<B: Bits> Sequences<'_, B> {
    fn search(&mut self, at: Sq, captured: B) {
        let (next, n) = self.jumps.from(at, captured);
        if n == 0 {
            if !captured.is_empty() {
                self.record(at, captured);
            }
            return;
        }
        for jump in &next[..n] {
            let taken = captured | B::bit(jump.target as usize);
            if !self.jumps.long {
                self.search(jump.land, taken);
                continue;
            }
            let mut land = jump.land;
            loop {
                self.search(land, taken);
                land = self.jumps.board.neighbour(land, jump.dir);
                if land == NO_SQ || land == at || !self.jumps.vacant.has(land as usize) {
                    break;
                }
            }
        }
    }

    fn record(&mut self, to: Sq, captured: B) {
        if !self.majority.admit(captured.count(), self.out) {
            return;
        }
        let origin = self.origin;
        // Two routes with the same origin, destination and captured set are one move.
        let known = self
            .out
            .iter()
            .any(|m| m.to == to && m.from == origin && m.captured == captured);
        if !known {
            self.out.push(Move {
                kind: MoveKind::PieceCapture,
                from: origin,
                to,
                captured,
                promotes: self.promotion.has(to as usize),
            });
        }
    }
}

/// Every route (cells visited, origin first) by which the jump capture `mv` can be made
/// in `pos`; empty if `mv` is not a capture there.
pub(crate) fn routes<B: Bits>(board: &Board<B>, pos: &Position<B>, mv: &Move<B>) -> Vec<Vec<Sq>> {
    let me = pos.side();
    let Some((owner, king)) = pos.piece_at(mv.from) else {
        return Vec::new();
    };
    if owner != me || mv.kind != MoveKind::PieceCapture {
        return Vec::new();
    }
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
    let mut found = Vec::new();
    let mut route = vec![mv.from];
    collect_routes(&jumps, mv, B::EMPTY, &mut route, &mut found);
    found
}

fn collect_routes<B: Bits>(
    jumps: &Jumps<'_, B>,
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
    let (next, n) = jumps.from(at, captured);
    for jump in &next[..n] {
        let taken = captured | B::bit(jump.target as usize);
        jumps.landings(jump, at, |land| {
            route.push(land);
            collect_routes(jumps, mv, taken, route, found);
            route.pop();
        });
    }
}
