//! Legal move generation: captures come from the variant's capture style (contact,
//! jump or approach-withdrawal, behind `capture/`), quiet moves are shared by every style.

use bushka_geometry::{CaptureStyle, Dir, KingRange};

use crate::bits::{Bits, Sq};
use crate::board::Board;
use crate::budget::{Budget, GenerationLimit};
use crate::capture;
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::Position;

impl<B: Bits> Board<B> {
    /// Fills `out` with every legal move in `pos` (captures take priority); when the
    /// list's work budget runs out, `out` is left empty and
    /// [`MoveList::exhausted`] names the limit.
    pub fn legal_moves(&self, pos: &Position<B>, out: &mut MoveList<B>) {
        if self.captures_first(pos, out) {
            self.quiet_moves(pos, out);
            self.dedup(out);
        }
    }

    /// What a search needs of `pos` at its horizon, where a position without a
    /// capture is scored rather than searched: when `pos` must capture, `out` holds the
    /// captures (its legal moves, as [`Board::legal_moves`] lists them); otherwise
    /// `out` is left empty and the quiet moves are only looked for, with set
    /// arithmetic, not listed. True when `pos` has a legal move. When the list's work
    /// budget runs out, `out` is left empty, the answer is false and
    /// [`MoveList::exhausted`] names the limit.
    pub fn captures_or_mobility(&self, pos: &Position<B>, out: &mut MoveList<B>) -> bool {
        if self.captures_first(pos, out) {
            self.has_quiet_move(pos)
        } else {
            !out.is_empty()
        }
    }

    /// Clears `out` and fills it with the captures of `pos`, if it has any; true when
    /// its moves are the quiet ones (no capture, the game not over, the budget not
    /// spent).
    #[inline(always)]
    fn captures_first(&self, pos: &Position<B>, out: &mut MoveList<B>) -> bool {
        out.clear();
        if self.is_over(pos) {
            return false;
        }
        if self.captures(pos, out) {
            self.dedup(out);
            return false;
        }
        out.exhausted().is_none()
    }

    /// Merges the moves of `out` that are one move by identity.
    #[inline(always)]
    fn dedup(&self, out: &mut MoveList<B>) {
        if !self.lattice {
            // Explicit links (a wrap-around, a warp) can lead two straight walks from
            // one cell to one destination: by identity that is one move.
            out.dedup_by_identity();
        }
    }

    /// The legal moves, as a new list (convenience; the hot path reuses lists).
    pub fn moves(&self, pos: &Position<B>) -> MoveList<B> {
        let mut list = MoveList::new();
        self.legal_moves(pos, &mut list);
        list
    }

    /// The legal moves, unless listing them takes more work than `budget` allows.
    pub fn moves_within(
        &self,
        pos: &Position<B>,
        budget: Budget,
    ) -> Result<MoveList<B>, GenerationLimit> {
        let mut list = MoveList::with_budget(budget);
        self.legal_moves(pos, &mut list);
        match list.exhausted() {
            Some(limit) => Err(limit),
            None => Ok(list),
        }
    }

    /// Whether the game is over in `pos` by the variant's goal, whatever the moves
    /// (`goal = "first-king-wins"`: a king stands on the board): it has no legal move.
    #[inline(always)]
    pub fn is_over(&self, pos: &Position<B>) -> bool {
        self.ends_at_first_king && pos.has_kings()
    }

    /// Number of legal moves; quiet positions on lattice boards are counted with bitset
    /// arithmetic without listing the moves. `scratch` is used for captures.
    #[inline(always)]
    pub fn count_legal(&self, pos: &Position<B>, scratch: &mut MoveList<B>) -> u64 {
        match (self.plain, self.rotates()) {
            (true, true) => self.count_legal_as::<true, true>(pos, scratch),
            (true, false) => self.count_legal_as::<true, false>(pos, scratch),
            (false, true) => self.count_legal_as::<false, true>(pos, scratch),
            (false, false) => self.count_legal_as::<false, false>(pos, scratch),
        }
    }

    /// [`Board::count_legal`], `PLAIN` when the board is plain ([`Board::plain`]): the
    /// clauses' checks are then compiled away; `ROTATES` when it rotates
    /// ([`Board::rotates`]): every step is then one rotation.
    #[inline(always)]
    pub(crate) fn count_legal_as<const PLAIN: bool, const ROTATES: bool>(
        &self,
        pos: &Position<B>,
        scratch: &mut MoveList<B>,
    ) -> u64 {
        if !PLAIN && self.is_over(pos) {
            scratch.clear();
            return 0;
        }
        if !self.lattice {
            self.legal_moves(pos, scratch);
            return scratch.len() as u64;
        }
        scratch.clear();
        let captures = match self.rules.capture {
            CaptureStyle::Contact => {
                capture::contact::generate(self, pos, scratch);
                scratch.len() as u64
            }
            CaptureStyle::Jump => capture::jump::count::<B, PLAIN, ROTATES>(self, pos, scratch),
            CaptureStyle::ApproachWithdrawal => {
                capture::approach::generate(self, pos, scratch);
                scratch.len() as u64
            }
        };
        if captures > 0 || scratch.exhausted().is_some() {
            captures
        } else {
            self.count_quiet::<PLAIN, ROTATES>(pos)
        }
    }

    /// Generates the captures of the variant's capture style; true if there are any.
    fn captures(&self, pos: &Position<B>, out: &mut MoveList<B>) -> bool {
        match self.rules.capture {
            CaptureStyle::Contact => capture::contact::generate(self, pos, out),
            CaptureStyle::Jump => capture::jump::generate(self, pos, out),
            CaptureStyle::ApproachWithdrawal => capture::approach::generate(self, pos, out),
        }
    }

    /// The tails of the line of men whose head is `head`, looking back against `d`,
    /// that make a line of at least the minimum length: calls `f(tail)` for each.
    #[inline]
    pub(crate) fn for_each_tail(&self, men: B, head: Sq, d: Dir, mut f: impl FnMut(Sq)) {
        let back = self.opposite(d);
        let mut tail = head;
        let mut len = 1;
        loop {
            tail = self.neighbour(tail, back);
            if tail == Sq::NONE || !men.has(tail) {
                return;
            }
            len += 1;
            if len >= self.rules.min_line {
                f(tail);
            }
        }
    }

    fn quiet_moves(&self, pos: &Position<B>, out: &mut MoveList<B>) {
        let me = pos.side();
        let men = pos.men(me);
        let empty = self.all & !pos.occupied();
        let promotion = self.promotion(me);
        for &d in self.forward(me) {
            let movers = men & self.step_back(empty, d);
            for sq in movers.iter() {
                let to = self.neighbour(sq, d);
                out.push(Move {
                    kind: MoveKind::Man,
                    from: sq,
                    to,
                    captured: B::EMPTY,
                    promotes: promotion.has(to),
                });
            }
            if !self.rules.line_moves {
                continue;
            }
            let heads = movers & self.step(men, d);
            for head in heads.iter() {
                let to = self.neighbour(head, d);
                let promotes = promotion.has(to);
                self.for_each_tail(men, head, d, |tail| {
                    out.push(Move {
                        kind: MoveKind::Line,
                        from: tail,
                        to,
                        captured: B::EMPTY,
                        promotes,
                    })
                });
            }
        }
        let short = self.rules.king_range == KingRange::Short;
        for king in self.free_kings(pos).iter() {
            for &d in self.king_move_dirs() {
                let mut at = king;
                loop {
                    at = self.neighbour(at, d);
                    if at == Sq::NONE || !empty.has(at) {
                        break;
                    }
                    out.push(Move {
                        kind: MoveKind::King,
                        from: king,
                        to: at,
                        captured: B::EMPTY,
                        promotes: false,
                    });
                    if short {
                        break;
                    }
                }
            }
        }
    }

    /// Whether the side to move has a quiet move (the moves of `quiet_moves`, found
    /// with set arithmetic: a line of men moves only if its head can step, and a king
    /// moves only if it can take its first step).
    #[inline]
    fn has_quiet_move(&self, pos: &Position<B>) -> bool {
        let me = pos.side();
        let men = pos.men(me);
        let empty = self.all & !pos.occupied();
        if self
            .forward(me)
            .iter()
            .any(|&d| !(men & self.step_back(empty, d)).is_empty())
        {
            return true;
        }
        let kings = self.free_kings(pos);
        !kings.is_empty()
            && self
                .king_move_dirs()
                .iter()
                .any(|&d| !(self.step(kings, d) & empty).is_empty())
    }

    /// The kings of the side to move that may make quiet moves: all but one whose run
    /// of quiet moves has reached `rules.max_same_king_moves`.
    #[inline(always)]
    fn free_kings(&self, pos: &Position<B>) -> B {
        let kings = pos.kings(pos.side());
        if self.counts_king_runs {
            kings & !self.barred_king(pos)
        } else {
            kings
        }
    }

    /// Counts the quiet moves with set arithmetic (same count as `quiet_moves`).
    #[inline(always)]
    fn count_quiet<const PLAIN: bool, const ROTATES: bool>(&self, pos: &Position<B>) -> u64 {
        let me = pos.side();
        let men = pos.men(me);
        let empty = self.all & !pos.occupied();
        let min_back = self.rules.min_line - 1;
        let mut n = 0u64;
        for &d in self.forward(me) {
            let movers = men & self.step_back_as::<ROTATES>(empty, d);
            n += movers.count() as u64;
            if !self.rules.line_moves {
                continue;
            }
            // Men k cells behind a head that can advance are tails of (k+1)-man lines.
            let mut behind = movers;
            let mut k = 0;
            loop {
                behind = men & self.step_back_as::<ROTATES>(behind, d);
                if behind.is_empty() {
                    break;
                }
                k += 1;
                if k >= min_back {
                    n += behind.count() as u64;
                }
            }
        }
        let kings = if PLAIN {
            pos.kings(me)
        } else {
            self.free_kings(pos)
        };
        if !kings.is_empty() {
            let short = self.rules.king_range == KingRange::Short;
            let dirs = if PLAIN {
                &Dir::ALL[..self.dirs]
            } else {
                self.king_move_dirs()
            };
            for &d in dirs {
                let mut reach = kings;
                loop {
                    reach = self.step_as::<ROTATES>(reach, d) & empty;
                    if reach.is_empty() {
                        break;
                    }
                    n += reach.count() as u64;
                    if short {
                        break;
                    }
                }
            }
        }
        n
    }
}
