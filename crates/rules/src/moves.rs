//! Moves and move lists.

use std::hash::Hash;

use foldhash::{HashSet, HashSetExt};

use crate::bits::{Bits, Sq};
use crate::budget::{Budget, GenerationLimit};

/// What kind of move it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    /// A man steps forward.
    Man,
    /// A line of men advances (the tail man is lifted and put in front).
    Line,
    /// A king moves along a line.
    King,
    /// A line of men captures by approach along its line.
    LinearCapture,
    /// A man or king captures by approach, one piece at a time, in a sequence.
    PieceCapture,
}

impl MoveKind {
    /// Whether the move captures.
    pub fn is_capture(self) -> bool {
        matches!(self, MoveKind::LinearCapture | MoveKind::PieceCapture)
    }
}

/// A move, identified (crates/rules/RULES.md section 4) by its kind, origin, destination and
/// captured set. For line moves and linear captures the origin is the lifted tail man.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move<B: Bits> {
    /// Kind.
    pub kind: MoveKind,
    /// Origin square (the tail man for lines).
    pub from: Sq,
    /// Destination square.
    pub to: Sq,
    /// Captured pieces.
    pub captured: B,
    /// Whether the piece arriving on `to` becomes a king.
    pub promotes: bool,
}

impl<B: Bits> Move<B> {
    /// Number of pieces captured.
    pub fn capture_count(&self) -> u32 {
        self.captured.count()
    }

    /// Whether two moves are the same move by identity.
    pub fn same(&self, other: &Move<B>) -> bool {
        self.identity() == other.identity()
    }

    /// What identifies the move (RULES.md section 4): kind, origin, destination and
    /// captured set.
    pub fn identity(&self) -> (MoveKind, Sq, Sq, B) {
        (self.kind, self.from, self.to, self.captured)
    }
}

/// Capture-search states: (cell, captured set).
pub(crate) type States<B> = Seen<(Sq, B)>;

/// Below this many entries a [`Seen`] set is searched linearly (no hashing).
const LINEAR_SEEN: usize = 32;

/// A set that remembers what was seen: a short list scanned linearly, spilling into a
/// hash set when it grows. Both keep their storage when cleared, so a reused set stops
/// allocating once it has reached its largest size.
#[derive(Debug, Clone)]
pub(crate) struct Seen<K> {
    few: Vec<K>,
    many: HashSet<K>,
}

impl<K> Default for Seen<K> {
    fn default() -> Self {
        Seen {
            few: Vec::new(),
            many: HashSet::new(),
        }
    }
}

impl<K: Copy + Eq + Hash> Seen<K> {
    /// Adds `key`; true if it was not there yet.
    #[inline]
    pub(crate) fn insert(&mut self, key: K) -> bool {
        if self.few.len() < LINEAR_SEEN {
            if self.few.contains(&key) {
                return false;
            }
            self.few.push(key);
            return true;
        }
        if self.many.is_empty() {
            self.many.extend(self.few.iter().copied());
        }
        self.many.insert(key)
    }

    /// Forgets everything, keeping the storage.
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.few.clear();
        if !self.many.is_empty() {
            self.many.clear();
        }
    }
}

/// A reusable list of moves: generating into a cleared list allocates only while the
/// list grows past its largest size so far.
#[derive(Debug, Clone, Default)]
pub struct MoveList<B: Bits> {
    moves: Vec<Move<B>>,
    /// Scratch for the capture search: sequence ends (cell, captured set) recorded
    /// from one origin.
    ends: States<B>,
    /// Scratch for removing repeated moves.
    identities: Seen<(MoveKind, Sq, Sq, B)>,
    /// The work one generation into this list may take.
    budget: Budget,
}

impl<B: Bits> MoveList<B> {
    /// An empty list.
    pub fn new() -> MoveList<B> {
        MoveList {
            moves: Vec::with_capacity(64),
            ends: Seen::default(),
            identities: Seen::default(),
            budget: Budget::default(),
        }
    }

    /// An empty list whose generations stop at the limits of `budget`.
    pub fn with_budget(budget: Budget) -> MoveList<B> {
        let mut list = MoveList::new();
        list.set_budget(budget);
        list
    }

    /// Sets the limits of later generations into this list.
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// Sets the capture-search steps each later generation into this list may take.
    #[inline]
    pub fn set_step_limit(&mut self, steps: u64) {
        self.budget.set_steps(steps);
    }

    /// The capture-search steps the last generation into this list took.
    #[inline]
    pub fn steps_spent(&self) -> u64 {
        self.budget.spent()
    }

    /// The limit that stopped the last generation into this list (which is then
    /// empty), if one did.
    pub fn exhausted(&self) -> Option<GenerationLimit> {
        self.budget.exhausted()
    }

    /// The moves, the capture-search scratch and the work budget, borrowed together by
    /// the capture styles.
    pub(crate) fn budgeted_scratch(&mut self) -> (&mut Vec<Move<B>>, &mut States<B>, &mut Budget) {
        (&mut self.moves, &mut self.ends, &mut self.budget)
    }

    /// Removes later repeats of a move (by identity), keeping the order.
    pub(crate) fn dedup_by_identity(&mut self) {
        let seen = &mut self.identities;
        seen.clear();
        self.moves.retain(|mv| seen.insert(mv.identity()));
    }

    /// Removes every move, keeping the storage, and restarts the work budget.
    #[inline]
    pub fn clear(&mut self) {
        self.moves.clear();
        self.budget.restart();
    }

    /// Adds a move.
    #[inline]
    pub fn push(&mut self, mv: Move<B>) {
        self.moves.push(mv);
    }

    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The moves.
    #[inline]
    pub fn as_slice(&self) -> &[Move<B>] {
        &self.moves
    }

    /// Mutable access for sorting and filtering.
    #[inline]
    pub fn as_mut_vec(&mut self) -> &mut Vec<Move<B>> {
        &mut self.moves
    }

    /// Iterates the moves.
    pub fn iter(&self) -> std::slice::Iter<'_, Move<B>> {
        self.moves.iter()
    }
}

impl<'a, B: Bits> IntoIterator for &'a MoveList<B> {
    type Item = &'a Move<B>;
    type IntoIter = std::slice::Iter<'a, Move<B>>;
    fn into_iter(self) -> Self::IntoIter {
        self.moves.iter()
    }
}
