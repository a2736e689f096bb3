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
use crate::bits::{Bits, Sq};
use crate::board::Board;
use crate::budget::Budget;
use crate::moves::{Move, MoveKind, MoveList, States};
use crate::position::Position;

/// Generates the jump captures of `pos` into `out` (which must be empty); returns
/// whether there are any.
pub(crate) fn generate<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    out: &mut MoveList<B>,
) -> bool {
    captures(board, pos, out, false) > 0
}

/// The number of jump captures in `pos`, with `out` as scratch (see [`captures`]).
#[inline(always)]
pub(crate) fn count<B: Bits>(board: &Board<B>, pos: &Position<B>, out: &mut MoveList<B>) -> u64 {
    captures(board, pos, out, true)
}

/// Generates the jump captures of `pos` into `out` (which must be empty). With
/// `counting`, the men's single jumps that end the move (see [`going_on`]) are
/// counted instead of listed. Returns the number of captures.
#[inline(always)]
fn captures<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    out: &mut MoveList<B>,
    counting: bool,
) -> u64 {
    let me = pos.side();
    let theirs = pos.pieces(me.opponent());
    let occupied = pos.occupied();
    let empty = board.all & !occupied;
    let men_dirs = men_directions(board, me);
    // Per direction, the cells from which a man jumps that way at once: an opposing
    // neighbour with a vacant cell beyond.
    let mut jumps_from = [B::EMPTY; MAX_DIRS];
    let mut can_jump = B::EMPTY;
    for &d in men_dirs {
        jumps_from[d.index()] = board.step_back(theirs & board.step_back(empty, d), d);
        can_jump |= jumps_from[d.index()];
    }
    let men = pos.men(me) & can_jump;
    let kings = pos.kings(me);
    if men.is_empty() && kings.is_empty() {
        return 0;
    }
    let searched = if board.lattice {
        going_on(board, men_dirs, men, &jumps_from, can_jump)
    } else {
        men
    };
    let single = men & !searched;
    let mut singles = 0;
    let mut majority = Majority::new(board.rules.majority);
    let (moves, ends, budget) = out.budgeted_scratch();
    if counting {
        for &d in men_dirs {
            singles += u64::from((single & jumps_from[d.index()]).count());
        }
        if searched.is_empty() && kings.is_empty() {
            return singles;
        }
    } else if !single.is_empty() {
        list_single_jumps(board, me, single, &jumps_from, &mut majority, moves);
    }
    let mut search = Sequences {
        jumps: Jumps {
            board,
            theirs,
            vacant: empty,
            dirs: men_dirs,
            long: false,
        },
        out: moves,
        ends,
        majority: &mut majority,
        budget: &mut *budget,
        origin: Sq::NONE,
        promotion: board.promotion(me),
    };
    for sq in searched.iter() {
        search.start(sq, empty);
    }
    if !kings.is_empty() {
        search.jumps.dirs = board.dir_slice();
        search.jumps.long = board.rules.king_range == KingRange::Long;
        search.promotion = B::EMPTY;
        for sq in kings.iter() {
            search.start(sq, empty);
        }
    }
    if budget.exhausted().is_some() {
        moves.clear();
        return 0;
    }
    let listed = moves.len() as u64;
    // Counted single jumps stand beside the listed captures unless these take more.
    if !majority.enforce || majority.best <= 1 {
        listed + singles
    } else {
        listed
    }
}

/// The men of `men` (each with a jump) that may go on capturing after a first jump,
/// on a lattice board: those with a landing cell in `can_jump`. The others' jumps
/// each end the move. On a lattice a man's first jump goes on only from a cell of
/// `can_jump`: a second jump could neither take the first piece again nor land on the
/// origin (both would need the opposite direction over the same piece), so the first
/// jump's vacated and jumped cells change nothing there.
#[inline(always)]
fn going_on<B: Bits>(
    board: &Board<B>,
    dirs: &[Dir],
    men: B,
    jumps_from: &[B; MAX_DIRS],
    can_jump: B,
) -> B {
    let mut on = B::EMPTY;
    for &d in dirs {
        on |= men & jumps_from[d.index()] & board.step_back(board.step_back(can_jump, d), d);
    }
    on
}

/// Lists the single jumps of `single`, men whose every jump ends the move (see
/// [`going_on`]), straight from the per-direction sets `jumps_from`.
fn list_single_jumps<B: Bits>(
    board: &Board<B>,
    me: bushka_geometry::Colour,
    single: B,
    jumps_from: &[B; MAX_DIRS],
    majority: &mut Majority,
    out: &mut Vec<Move<B>>,
) {
    let promotion = board.promotion(me);
    for &d in men_directions(board, me) {
        for from in (single & jumps_from[d.index()]).iter() {
            let target = board.neighbour(from, d);
            let to = board.neighbour(target, d);
            if majority.admit(1, out) {
                out.push(Move {
                    kind: MoveKind::PieceCapture,
                    from,
                    to,
                    captured: B::bit(target),
                    promotes: promotion.has(to),
                });
            }
        }
    }
}

/// The directions in which the mover's men capture.
fn men_directions<B: Bits>(board: &Board<B>, me: bushka_geometry::Colour) -> &[Dir] {
    match board.rules.men_capture {
        MenCapture::All => board.dir_slice(),
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
    /// The jump from `at` in direction `d` over one of the `open` pieces (opposing
    /// pieces not yet jumped): the piece jumped and the first landing cell. Returns
    /// values, not a list, so the search recurses without copying arrays around.
    #[inline(always)]
    fn along(&self, at: Sq, d: Dir, open: B) -> Option<(Sq, Sq)> {
        let board = self.board;
        let mut target = board.neighbour(at, d);
        if self.long {
            while target != Sq::NONE && target != at && self.vacant.has(target) {
                target = board.neighbour(target, d);
            }
        }
        if target == Sq::NONE || !open.has(target) {
            return None;
        }
        let land = board.neighbour(target, d);
        if land == Sq::NONE || land == at || !self.vacant.has(land) {
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
        (next != Sq::NONE && next != from && self.vacant.has(next)).then_some(next)
    }
}

/// Depth-first search of the capture sequences of one piece.
struct Sequences<'a, B: Bits> {
    jumps: Jumps<'a, B>,
    out: &'a mut Vec<Move<B>>,
    /// Ends (cell, captured set) already recorded from this origin.
    ends: &'a mut States<B>,
    majority: &'a mut Majority,
    /// One step per state visited; the search unwinds when it runs out.
    budget: &'a mut Budget,
    origin: Sq,
    /// The mover's promotion zone, empty for a king.
    promotion: B,
}

impl<B: Bits> Sequences<'_, B> {
    /// Searches the sequences of the piece on `origin`, which leaves its cell vacant.
    #[inline]
    fn start(&mut self, origin: Sq, empty: B) {
        self.ends.clear();
        self.origin = origin;
        self.jumps.vacant = empty | B::bit(origin);
        self.search(origin, B::EMPTY);
    }

    fn search(&mut self, at: Sq, captured: B) {
        if !self.budget.spend() {
            return;
        }
        // Every jumped piece is an opposing one, so the majority cannot prune here: a
        // sequence may still take all the others.
        let open = self.jumps.theirs & !captured;
        let mut any = false;
        for &d in self.jumps.dirs {
            let Some((target, first)) = self.jumps.along(at, d, open) else {
                continue;
            };
            any = true;
            let taken = captured | B::bit(target);
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
            promotes: self.promotion.has(to),
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
        vacant: (board.all & !pos.occupied()) | B::bit(mv.from),
        dirs: if king {
            board.dir_slice()
        } else {
            men_directions(board, me)
        },
        long: king && board.rules.king_range == KingRange::Long,
    };
    f(&|at, captured, visit| {
        for &d in jumps.dirs {
            let Some((target, first)) = jumps.along(at, d, jumps.theirs & !captured) else {
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
