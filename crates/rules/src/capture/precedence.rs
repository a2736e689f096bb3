//! Capture precedence (`rules.precedence`, crates/rules/RULES.md 7.1): which of the
//! captures a search finds stay legal.
//!
//! [`Majority`] keeps the captures taking the most pieces, or all of them: the rule of
//! International draughts and Bushka, and the fast path. [`Ranking`] ranks each capture
//! route by the ordered criteria (most pieces, most value, with a king, most kings, the
//! earliest king) and keeps the best; a move's rank is its best route's.

use std::cmp::Ordering;

use bushka_geometry::{Criterion, Precedence};

use crate::bits::{Bits, Sq};
use crate::moves::{Move, States};

/// Decides, as a capture search finds them, which captures stay listed.
pub(crate) trait Judge<B: Bits> {
    /// Whether captures are ranked beyond their piece count; the jump search then runs
    /// with every clause of the rule set (see `capture::jump`).
    const RANKED: bool;

    /// Lists the capture `mv` (made by a piece that started as a king when
    /// `with_king`; bit i of `order` set when its i-th capture took a king), unless a
    /// better capture is known or its end (destination, captured set) is already
    /// listed from this origin (`ends`).
    fn record(
        &mut self,
        out: &mut Vec<Move<B>>,
        ends: &mut States<B>,
        mv: Move<B>,
        with_king: bool,
        order: B,
    );

    /// Lists a man's single jump, which is unique by its origin and destination.
    fn record_single(&mut self, out: &mut Vec<Move<B>>, mv: Move<B>, order: B);

    /// Whether single jumps may be counted without listing them; the count then
    /// stands beside the listed captures when [`Judge::keeps_counted`] says so.
    fn counts_singles(&self) -> bool;

    /// After the search: whether counted single jumps are legal beside the listed ones.
    fn keeps_counted(&self) -> bool;

    /// Whether routes must carry the places of the kings they take ("earliest-king").
    fn tracks_order(&self) -> bool;

    /// Whether only the captures taking the most pieces stay listed, so that a shorter
    /// sequence found beside a longer one needs no care (see `jump::search_longest`).
    fn keeps_longest_only(&self) -> bool;
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

impl<B: Bits> Judge<B> for Majority {
    const RANKED: bool = false;

    #[inline]
    fn record(
        &mut self,
        out: &mut Vec<Move<B>>,
        ends: &mut States<B>,
        mv: Move<B>,
        _with_king: bool,
        _order: B,
    ) {
        record(out, ends, self, mv);
    }

    #[inline]
    fn record_single(&mut self, out: &mut Vec<Move<B>>, mv: Move<B>, _order: B) {
        if self.admit(1, out) {
            out.push(mv);
        }
    }

    #[inline]
    fn counts_singles(&self) -> bool {
        true
    }

    #[inline]
    fn keeps_counted(&self) -> bool {
        !self.enforce || self.best <= 1
    }

    #[inline]
    fn tracks_order(&self) -> bool {
        false
    }

    #[inline]
    fn keeps_longest_only(&self) -> bool {
        self.enforce
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

/// A capture route's rank: the criteria before `earliest-king` packed into `before`
/// (the first criterion in the highest bits), the kings' places in the sequence
/// (`order`), then the criteria after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Rank<B> {
    before: u64,
    order: B,
    after: u64,
}

impl<B: Bits> Rank<B> {
    fn cmp(&self, other: &Rank<B>) -> Ordering {
        self.before
            .cmp(&other.before)
            .then_with(|| {
                // The first capture at which the two differ decides: a king beats a man.
                let differ = self.order ^ other.order;
                if differ.is_empty() {
                    Ordering::Equal
                } else if self.order.has(differ.lowest()) {
                    Ordering::Greater
                } else {
                    Ordering::Less
                }
            })
            .then(self.after.cmp(&other.after))
    }
}

/// Bits for a count of pieces (at most 1,024 cells: 0 to 1,024).
const COUNT_BITS: u32 = 11;

/// Ranks captures by the rule set's ordered criteria and keeps the best.
pub(crate) struct Ranking<B> {
    precedence: Precedence,
    /// The opponent's kings (every captured king is one of them).
    their_kings: B,
    best: Option<Rank<B>>,
}

impl<B: Bits> Ranking<B> {
    /// The ranking of `precedence` among captures of `their_kings`' side.
    pub(crate) fn new(precedence: Precedence, their_kings: B) -> Ranking<B> {
        Ranking {
            precedence,
            their_kings,
            best: None,
        }
    }

    fn rank(&self, captured: B, with_king: bool, order: B) -> Rank<B> {
        let pieces = captured.count();
        let kings = (captured & self.their_kings).count();
        let men = pieces - kings;
        let mut rank = Rank {
            before: 0,
            order,
            after: 0,
        };
        let mut past_order = false;
        let mut push = |past_order: bool, bits: u32, value: u32| {
            let packed = if past_order {
                &mut rank.after
            } else {
                &mut rank.before
            };
            *packed = *packed << bits | u64::from(value);
        };
        for &criterion in self.precedence.criteria() {
            match criterion {
                Criterion::MostPieces => push(past_order, COUNT_BITS, pieces),
                Criterion::MostValue => {
                    // Men + 2 x kings, then fewer kings: a king is worth more than one
                    // man and less than two.
                    push(past_order, COUNT_BITS + 1, men + 2 * kings);
                    push(past_order, COUNT_BITS, (1 << COUNT_BITS) - 1 - kings);
                }
                Criterion::WithKing => push(past_order, 1, u32::from(with_king)),
                Criterion::MostKings => push(past_order, COUNT_BITS, kings),
                Criterion::EarliestKing => past_order = true,
            }
        }
        rank
    }

    /// Whether a capture of rank `rank` may be listed; clears `out` and `ends` when it
    /// beats every capture listed so far.
    #[inline]
    fn admit(&mut self, rank: Rank<B>, out: &mut Vec<Move<B>>, ends: &mut States<B>) -> bool {
        match self.best.map(|best| rank.cmp(&best)) {
            Some(Ordering::Less) => false,
            Some(Ordering::Equal) => true,
            None | Some(Ordering::Greater) => {
                out.clear();
                ends.clear();
                self.best = Some(rank);
                true
            }
        }
    }
}

impl<B: Bits> Judge<B> for Ranking<B> {
    const RANKED: bool = true;

    #[inline]
    fn record(
        &mut self,
        out: &mut Vec<Move<B>>,
        ends: &mut States<B>,
        mv: Move<B>,
        with_king: bool,
        order: B,
    ) {
        let rank = self.rank(mv.captured, with_king, order);
        // A listed end has the same pieces and piece: only the order of its kings may
        // differ, so a better route of a listed move cleared the list on its way in.
        if self.admit(rank, out, ends) && ends.insert((mv.to, mv.captured)) {
            out.push(mv);
        }
    }

    #[inline]
    fn record_single(&mut self, out: &mut Vec<Move<B>>, mv: Move<B>, order: B) {
        let rank = self.rank(mv.captured, false, order);
        let mut no_ends = States::default();
        if self.admit(rank, out, &mut no_ends) {
            out.push(mv);
        }
    }

    #[inline]
    fn counts_singles(&self) -> bool {
        self.precedence.is_free()
    }

    #[inline]
    fn keeps_counted(&self) -> bool {
        true
    }

    #[inline]
    fn tracks_order(&self) -> bool {
        self.precedence.has(Criterion::EarliestKing)
    }

    #[inline]
    fn keeps_longest_only(&self) -> bool {
        false
    }
}

/// The order bit of the capture that follows `captured` (its index in the sequence).
#[inline]
pub(crate) fn order_bit<B: Bits>(captured: B) -> B {
    B::bit(Sq::new(captured.count() as usize))
}
