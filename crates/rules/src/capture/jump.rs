//! Draughts' jump capture (crates/rules/RULES.md sections 6.1 and 7).
//!
//! A man jumps an adjacent opposing piece onto the vacant cell beyond it (in the
//! directions `rules.men_capture` gives); a long king jumps the first piece along an
//! open line and lands on a vacant cell beyond it, a short king only an adjacent piece.
//! Sequences continue while a jump remains; a king lands only where it can go on, if
//! it can anywhere. Unless the rules say otherwise, jumped pieces stay on the board
//! (blocking, never jumped twice) until the move ends, the origin is vacant once left,
//! a man promotes only when its whole move ends on its promotion zone, and the
//! majority rule decides among captures.
//!
//! The clauses that depart from that (captured pieces leaving at once, kings landing
//! directly behind a piece, no turning back, crowning in the middle of a capture, men
//! that may not take kings, precedence beyond the piece count) are compiled into
//! [`JumpClauses`]; a rule set without them runs the search with the [`Majority`]
//! judge, whose instance compiles every clause check away.

use bushka_geometry::{
    ByColour, Colour, Dir, KingLanding, KingRange, MAX_DIRS, PromotionDuringCapture, Removal,
    RuleSet,
};

use super::precedence::{Judge, Majority, Ranking, order_bit};
use super::{Hop, NextCaptures};
use crate::bits::{Bits, Sq};
use crate::board::Board;
use crate::budget::Budget;
use crate::moves::{Move, MoveKind, MoveList, States};
use crate::position::Position;

/// The jump-capture clauses of a rule set, compiled once per board.
#[derive(Debug, Clone, Copy)]
pub(crate) struct JumpClauses<B> {
    /// Whether International rules hold but for directions and majority (the fast path).
    plain: bool,
    /// Whether men whose every jump ends the move may be told by set arithmetic (a
    /// lattice board, captured pieces staying until the end).
    singles: bool,
    /// Captured pieces leave at once.
    immediate: bool,
    /// A capturing piece may turn straight back between two captures.
    turn_back: bool,
    /// Long kings land directly behind the piece they take.
    next_only: bool,
    /// A long king whose last piece taken is a king ends directly behind it.
    halt_behind_kings: bool,
    /// What a man reaching its promotion zone mid-capture does.
    crowning: PromotionDuringCapture,
    /// Whether men may take kings.
    men_take_kings: bool,
    /// Per colour, the cells where a man's single jump may go on as a king's capture.
    crown_and_go_on: ByColour<B>,
}

impl<B: Bits> JumpClauses<B> {
    /// Whether International rules hold but for directions and majority.
    pub(crate) fn is_plain(&self) -> bool {
        self.plain
    }

    /// The clauses of `rules`, on a board whose promotion zones are `promotion`.
    pub(crate) fn new(rules: &RuleSet, promotion: ByColour<B>, lattice: bool) -> JumpClauses<B> {
        let immediate = rules.removal == Removal::Immediate;
        let crowning = rules.promotion_during_capture;
        let plain = !immediate
            && rules.king_landing == KingLanding::Any
            && crowning == PromotionDuringCapture::ContinueAsMan
            && rules.men_capture_kings
            && (rules.precedence.is_free() || rules.precedence.is_most_pieces());
        JumpClauses {
            plain,
            singles: lattice && !immediate,
            immediate,
            turn_back: rules.capture_turn_back,
            next_only: rules.king_landing == KingLanding::Next,
            halt_behind_kings: rules.king_landing == KingLanding::NextAfterKing,
            crowning,
            men_take_kings: rules.men_capture_kings,
            crown_and_go_on: promotion.map(|zone| {
                if crowning == PromotionDuringCapture::ContinueAsKing {
                    zone
                } else {
                    B::EMPTY
                }
            }),
        }
    }
}

/// Generates the jump captures of `pos` into `out` (which must be empty); returns
/// whether there are any.
pub(crate) fn generate<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    out: &mut MoveList<B>,
) -> bool {
    let found = if board.rotates() {
        captures::<B, false, true>(board, pos, out, false)
    } else {
        captures::<B, false, false>(board, pos, out, false)
    };
    found > 0
}

/// The number of jump captures in `pos`, with `out` as scratch (see [`captures`]);
/// `PLAIN` when the board is plain ([`Board::plain`]), `ROTATES` when it rotates
/// ([`Board::rotates`]).
#[inline(always)]
pub(crate) fn count<B: Bits, const PLAIN: bool, const ROTATES: bool>(
    board: &Board<B>,
    pos: &Position<B>,
    out: &mut MoveList<B>,
) -> u64 {
    captures::<B, PLAIN, ROTATES>(board, pos, out, true)
}

/// Generates the jump captures of `pos` into `out` (which must be empty), judged by
/// the majority rule on the fast path (known taken when `PLAIN`) and by the ranking of
/// every clause otherwise; `ROTATES` as for [`count`].
#[inline(always)]
fn captures<B: Bits, const PLAIN: bool, const ROTATES: bool>(
    board: &Board<B>,
    pos: &Position<B>,
    out: &mut MoveList<B>,
    counting: bool,
) -> u64 {
    if PLAIN || board.jumps.plain {
        let mut judge = Majority::new(board.majority);
        judged::<B, _, ROTATES>(board, pos, out, counting, &mut judge)
    } else {
        ranked::<B, ROTATES>(board, pos, out, counting)
    }
}

/// [`captures`] under every clause, judged by the precedence criteria: kept out of
/// line so that the fast path stays small.
#[inline(never)]
fn ranked<B: Bits, const ROTATES: bool>(
    board: &Board<B>,
    pos: &Position<B>,
    out: &mut MoveList<B>,
    counting: bool,
) -> u64 {
    let their_kings = pos.kings(pos.side().opponent());
    let mut judge = Ranking::new(board.rules.precedence, their_kings);
    judged::<B, _, ROTATES>(board, pos, out, counting, &mut judge)
}

/// Generates the jump captures of `pos` into `out` (which must be empty). With
/// `counting`, the men's single jumps that end the move (see [`going_on`]) are
/// counted instead of listed where the judge allows. Returns the number of captures.
/// `ROTATES` as for [`count`].
#[inline(always)]
fn judged<B: Bits, J: Judge<B>, const ROTATES: bool>(
    board: &Board<B>,
    pos: &Position<B>,
    out: &mut MoveList<B>,
    counting: bool,
    judge: &mut J,
) -> u64 {
    let clauses = &board.jumps;
    let me = pos.side();
    let theirs = pos.pieces(me.opponent());
    let men_targets = if J::RANKED && !clauses.men_take_kings {
        pos.men(me.opponent())
    } else {
        theirs
    };
    let occupied = pos.occupied();
    let empty = board.all & !occupied;
    let men_dirs = board.men_capture_dirs(me);
    // Per direction, the cells from which a man jumps that way at once: an opposing
    // neighbour it may take, with a vacant cell beyond.
    let mut jumps_from = [B::EMPTY; MAX_DIRS];
    let mut can_jump = B::EMPTY;
    for &d in men_dirs {
        let from =
            board.step_back_as::<ROTATES>(men_targets & board.step_back_as::<ROTATES>(empty, d), d);
        jumps_from[d.index()] = from;
        can_jump |= from;
    }
    let men = pos.men(me) & can_jump;
    let kings = pos.kings(me);
    if men.is_empty() && kings.is_empty() {
        return 0;
    }
    let searched = if clauses.singles {
        let go_on = can_jump | clauses.crown_and_go_on[me];
        going_on::<B, ROTATES>(board, men_dirs, men, &jumps_from, go_on)
    } else {
        men
    };
    let single = men & !searched;
    let mut singles = 0;
    let (moves, ends, budget) = out.budgeted_scratch();
    if counting && judge.counts_singles() {
        for &d in men_dirs {
            singles += u64::from((single & jumps_from[d.index()]).count());
        }
        if searched.is_empty() && kings.is_empty() {
            return singles;
        }
    } else if !single.is_empty() {
        let their_kings = pos.kings(me.opponent());
        list_single_jumps(board, me, single, &jumps_from, their_kings, judge, moves);
    }
    let tracks_order = J::RANKED && judge.tracks_order();
    let mut search = Sequences {
        board,
        clauses,
        out: moves,
        ends,
        judge,
        budget: &mut *budget,
        origin: Sq::NONE,
        vacant: empty,
        mover: Mover {
            dirs: men_dirs,
            long: false,
            targets: men_targets,
            promotion: board.promotion(me),
            crowned: false,
        },
        theirs,
        started_king: false,
        their_kings: pos.kings(me.opponent()),
        tracks_order,
    };
    for sq in searched.iter() {
        search.start::<ROTATES>(sq, empty);
    }
    if !kings.is_empty() {
        search.mover = Mover::king(board, theirs, false);
        search.started_king = true;
        for sq in kings.iter() {
            search.start::<ROTATES>(sq, empty);
        }
    }
    if budget.exhausted().is_some() {
        moves.clear();
        return 0;
    }
    let listed = moves.len() as u64;
    // Counted single jumps stand beside the listed captures unless these beat them.
    if judge.keeps_counted() {
        listed + singles
    } else {
        listed
    }
}

/// The men of `men` (each with a jump) that may go on capturing after a first jump,
/// on a lattice board where captured pieces stay until the move ends: those with a
/// landing cell in `go_on` (the cells with a jump, and where a man crowned mid-capture
/// goes on as a king). The others' jumps each end the move. On a lattice a man's
/// first jump goes on only from such a cell: a second jump could neither take the
/// first piece again nor land on the origin (both would need the opposite direction
/// over the same piece), so the first jump's vacated and jumped cells change nothing.
#[inline(always)]
fn going_on<B: Bits, const ROTATES: bool>(
    board: &Board<B>,
    dirs: &[Dir],
    men: B,
    jumps_from: &[B; MAX_DIRS],
    go_on: B,
) -> B {
    let mut on = B::EMPTY;
    for &d in dirs {
        let back = board.step_back_as::<ROTATES>(board.step_back_as::<ROTATES>(go_on, d), d);
        on |= men & jumps_from[d.index()] & back;
    }
    on
}

/// Lists the single jumps of `single`, men whose every jump ends the move (see
/// [`going_on`]), straight from the per-direction sets `jumps_from`.
fn list_single_jumps<B: Bits, J: Judge<B>>(
    board: &Board<B>,
    me: Colour,
    single: B,
    jumps_from: &[B; MAX_DIRS],
    their_kings: B,
    judge: &mut J,
    out: &mut Vec<Move<B>>,
) {
    let promotion = board.promotion(me);
    for &d in board.men_capture_dirs(me) {
        for from in (single & jumps_from[d.index()]).iter() {
            let target = board.neighbour(from, d);
            let to = board.neighbour(target, d);
            let mv = Move {
                kind: MoveKind::PieceCapture,
                from,
                to,
                captured: B::bit(target),
                promotes: promotion.has(to),
            };
            let order = if J::RANKED && judge.tracks_order() && their_kings.has(target) {
                B::bit(Sq::new(0))
            } else {
                B::EMPTY
            };
            judge.record_single(out, mv, order);
        }
    }
}

/// How the capturing piece jumps.
#[derive(Debug, Clone, Copy)]
struct Mover<'a, B> {
    /// Directions it captures in.
    dirs: &'a [Dir],
    /// Whether it is a long king.
    long: bool,
    /// The opposing pieces it may take.
    targets: B,
    /// Its promotion zone (empty for a king).
    promotion: B,
    /// Whether it is a man crowned during this capture.
    crowned: bool,
}

impl<'a, B: Bits> Mover<'a, B> {
    /// A king taking any of `theirs`; `crowned` during this capture or not.
    fn king(board: &'a Board<B>, theirs: B, crowned: bool) -> Mover<'a, B> {
        Mover {
            dirs: board.king_capture_dirs(),
            long: board.rules.king_range == KingRange::Long,
            targets: theirs,
            promotion: B::EMPTY,
            crowned,
        }
    }
}

/// The single jump from `at` in direction `d` over one of the `open` pieces (opposing
/// pieces not yet jumped) for `mover`, the cells in `vacant` being free to cross and
/// land on: the piece jumped and the first landing cell.
#[inline(always)]
fn along<B: Bits>(
    board: &Board<B>,
    mover: &Mover<'_, B>,
    at: Sq,
    d: Dir,
    open: B,
    vacant: B,
) -> Option<(Sq, Sq)> {
    let mut target = board.neighbour(at, d);
    if mover.long {
        while target != Sq::NONE && target != at && vacant.has(target) {
            target = board.neighbour(target, d);
        }
    }
    if target == Sq::NONE || !open.has(target) {
        return None;
    }
    let land = board.neighbour(target, d);
    if land == Sq::NONE || land == at || !vacant.has(land) {
        return None;
    }
    Some((target, land))
}

/// The landing cell after `land` along `d` for a long king that may land further
/// (`further`), if open; `from` is where the jump started.
#[inline(always)]
fn beyond<B: Bits>(
    board: &Board<B>,
    further: bool,
    land: Sq,
    d: Dir,
    from: Sq,
    vacant: B,
) -> Option<Sq> {
    if !further {
        return None;
    }
    let next = board.neighbour(land, d);
    (next != Sq::NONE && next != from && vacant.has(next)).then_some(next)
}

/// Depth-first search of the capture sequences of one piece.
struct Sequences<'a, B: Bits, J> {
    board: &'a Board<B>,
    clauses: &'a JumpClauses<B>,
    out: &'a mut Vec<Move<B>>,
    /// Ends (cell, captured set) already recorded from this origin.
    ends: &'a mut States<B>,
    judge: &'a mut J,
    /// One step per state visited; the search unwinds when it runs out.
    budget: &'a mut Budget,
    origin: Sq,
    /// Cells the piece may pass and land on: vacant cells and its own origin.
    vacant: B,
    /// How the piece jumps now.
    mover: Mover<'a, B>,
    /// The opposing pieces (a man crowned mid-capture jumps on as a king taking them).
    theirs: B,
    /// Whether the piece started the move as a king.
    started_king: bool,
    /// The opponent's kings.
    their_kings: B,
    /// Whether routes carry the places of the kings they take (for "earliest-king").
    tracks_order: bool,
}

impl<B: Bits, J: Judge<B>> Sequences<'_, B, J> {
    /// Searches the sequences of the piece on `origin`, which leaves its cell vacant;
    /// `ROTATES` as for [`count`].
    #[inline]
    fn start<const ROTATES: bool>(&mut self, origin: Sq, empty: B) {
        self.ends.clear();
        self.origin = origin;
        self.vacant = empty | B::bit(origin);
        if !J::RANKED && self.judge.keeps_longest_only() {
            if ROTATES && !self.mover.long {
                self.search_longest_short::<ROTATES>(origin, B::EMPTY);
            } else {
                self.search_longest(origin, B::EMPTY);
            }
        } else {
            self.search(origin, B::EMPTY, B::EMPTY, None);
        }
    }

    /// The fast path's search (International's clauses, the majority enforced): every
    /// landing cell is searched on, and a sequence is recorded where it can go no
    /// further. A landing that stops where another goes on records a shorter capture,
    /// which the majority drops, so the two need not be told apart here.
    fn search_longest(&mut self, at: Sq, captured: B) {
        if !self.budget.spend() {
            return;
        }
        let board = self.board;
        let open = self.mover.targets & !captured;
        let mut any = false;
        for &d in self.mover.dirs {
            let Some((target, first)) = along(board, &self.mover, at, d, open, self.vacant) else {
                continue;
            };
            any = true;
            let taken = captured | B::bit(target);
            let mut land = Some(first);
            while let Some(here) = land {
                self.search_longest(here, taken);
                land = beyond(board, self.mover.long, here, d, at, self.vacant);
            }
        }
        if !any && !captured.is_empty() {
            self.record(at, captured, B::EMPTY);
        }
    }

    /// [`Sequences::search_longest`] for a piece that jumps only adjacent pieces (a
    /// man, a short king), each jump told by two steps of bitsets (`ROTATES` as for
    /// [`count`]) rather than by walking the neighbour table.
    fn search_longest_short<const ROTATES: bool>(&mut self, at: Sq, captured: B) {
        if !self.budget.spend() {
            return;
        }
        let board = self.board;
        let open = self.mover.targets & !captured;
        let here = B::bit(at);
        // A jump may not land where it starts (a wrap-around back to `at`).
        let vacant = self.vacant & !here;
        let mut any = false;
        for &d in self.mover.dirs {
            let target = board.step_as::<ROTATES>(here, d) & open;
            let land = board.step_as::<ROTATES>(target, d) & vacant;
            if land.is_empty() {
                continue;
            }
            any = true;
            self.search_longest_short::<ROTATES>(land.lowest(), captured | target);
        }
        if !any && !captured.is_empty() {
            self.record(at, captured, B::EMPTY);
        }
    }

    /// Searches on from `at` with `captured` taken (`order`: which captures took kings;
    /// `came`: the direction of the last jump). Records the ends of the jumps from
    /// `at`; returns whether there is any (or the budget ran out).
    fn search(&mut self, at: Sq, captured: B, order: B, came: Option<Dir>) -> bool {
        if !self.budget.spend() {
            return true;
        }
        let board = self.board;
        let vacant = if J::RANKED && self.clauses.immediate {
            self.vacant | captured
        } else {
            self.vacant
        };
        let further = self.mover.long && !(J::RANKED && self.clauses.next_only);
        // Every jumped piece is an opposing one, so the majority cannot prune here: a
        // sequence may still take all the others.
        let open = self.mover.targets & !captured;
        let mut any = false;
        for &d in self.mover.dirs {
            if J::RANKED && !self.clauses.turn_back && came == Some(board.opposite(d)) {
                continue;
            }
            let Some((target, first)) = along(board, &self.mover, at, d, open, vacant) else {
                continue;
            };
            any = true;
            let taken = captured | B::bit(target);
            let order = if J::RANKED && self.tracks_order && self.their_kings.has(target) {
                order | order_bit(captured)
            } else {
                order
            };
            let mut went_on = false;
            let mut land = Some(first);
            while let Some(here) = land {
                went_on |= self.land(here, taken, order, d);
                land = beyond(board, further, here, d, at, vacant);
            }
            if went_on {
                continue;
            }
            // No landing cell goes on: each ends the move (Killer: only the cell
            // directly behind a king taken last).
            let halt = J::RANKED && self.clauses.halt_behind_kings && self.their_kings.has(target);
            let mut land = Some(first);
            while let Some(here) = land {
                self.record(here, taken, order);
                land = beyond(board, further && !halt, here, d, at, vacant);
            }
        }
        any
    }

    /// Lands on `here` after a jump along `d` and goes on from there, crowned first
    /// where the rules say; returns whether the move went on (or ended there already).
    #[inline(always)]
    fn land(&mut self, here: Sq, taken: B, order: B, d: Dir) -> bool {
        if J::RANKED && self.mover.promotion.has(here) {
            match self.clauses.crowning {
                PromotionDuringCapture::ContinueAsMan => {}
                PromotionDuringCapture::EndMove => {
                    self.record(here, taken, order);
                    return true;
                }
                PromotionDuringCapture::ContinueAsKing => {
                    let crowned = Mover::king(self.board, self.theirs, true);
                    let man = std::mem::replace(&mut self.mover, crowned);
                    let went_on = self.search(here, taken, order, Some(d));
                    self.mover = man;
                    return went_on;
                }
            }
        }
        self.search(here, taken, order, Some(d))
    }

    fn record(&mut self, to: Sq, captured: B, order: B) {
        // Two routes with the same origin, destination and captured set are one move.
        let mv = Move {
            kind: MoveKind::PieceCapture,
            from: self.origin,
            to,
            captured,
            promotes: self.mover.crowned || self.mover.promotion.has(to),
        };
        self.judge
            .record(self.out, self.ends, mv, self.started_king, order);
    }
}

/// Runs `f` over the single jumps that replay the capture `mv` of the side to move in
/// `pos`, made by a piece that started as a king or not (only its captured pieces may
/// be jumped), under every clause that shapes a single jump.
pub(crate) fn replaying<B: Bits, R>(
    board: &Board<B>,
    pos: &Position<B>,
    mv: &Move<B>,
    king: bool,
    f: impl FnOnce(NextCaptures<'_, B>) -> R,
) -> R {
    let me = pos.side();
    let clauses = &board.jumps;
    let theirs = pos.pieces(me.opponent()) & mv.captured;
    let man = Mover {
        dirs: board.men_capture_dirs(me),
        long: false,
        targets: if clauses.men_take_kings {
            theirs
        } else {
            pos.men(me.opponent()) & mv.captured
        },
        promotion: board.promotion(me),
        crowned: false,
    };
    let kings = [
        Mover::king(board, theirs, false),
        Mover::king(board, theirs, true),
    ];
    let base = (board.all & !pos.occupied()) | B::bit(mv.from);
    f(&|hop: &Hop<B>, visit| {
        if hop.ended {
            return;
        }
        let mover = if hop.king {
            kings[usize::from(!king)]
        } else {
            man
        };
        let vacant = if clauses.immediate {
            base | hop.captured
        } else {
            base
        };
        let further = mover.long && !clauses.next_only;
        for &d in mover.dirs {
            if !clauses.turn_back && hop.came == Some(board.opposite(d)) {
                continue;
            }
            let open = mover.targets & !hop.captured;
            let Some((target, first)) = along(board, &mover, hop.at, d, open, vacant) else {
                continue;
            };
            let mut land = Some(first);
            while let Some(here) = land {
                // A king's promotion zone is empty.
                let crowning = mover.promotion.has(here);
                visit(Hop {
                    at: here,
                    captured: hop.captured | B::bit(target),
                    king: hop.king
                        || crowning && clauses.crowning == PromotionDuringCapture::ContinueAsKing,
                    came: Some(d),
                    ended: crowning && clauses.crowning == PromotionDuringCapture::EndMove,
                    visited: hop.visited | B::bit(here),
                });
                land = beyond(board, further, here, d, hop.at, vacant);
            }
        }
    })
}
