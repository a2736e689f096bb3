//! The transposition table: one entry per slot, keyed by the position hash.

use bushka_rules::{Bits, Move, MoveKind, Sq};

/// What a stored score means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The exact score.
    Exact,
    /// At least this score (a beta cut-off).
    Lower,
    /// At most this score (no move raised alpha).
    Upper,
}

/// A move remembered compactly: enough to find it again among the legal moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveKey {
    from: Sq,
    to: Sq,
    /// Kind and a fingerprint of the captured set.
    tag: u32,
}

impl MoveKey {
    /// The key of a move.
    pub fn of<B: Bits>(mv: &Move<B>) -> MoveKey {
        let mut fingerprint: u32 = 0x9E37_79B9;
        for sq in mv.captured.iter() {
            fingerprint = (fingerprint ^ sq.index() as u32).wrapping_mul(0x0100_0193);
        }
        MoveKey {
            from: mv.from,
            to: mv.to,
            tag: (fingerprint << 3) | kind_code(mv.kind),
        }
    }
}

fn kind_code(kind: MoveKind) -> u32 {
    match kind {
        MoveKind::Man => 1,
        MoveKind::Line => 2,
        MoveKind::King => 3,
        MoveKind::LinearCapture => 4,
        MoveKind::PieceCapture => 5,
    }
}

/// One slot.
#[derive(Debug, Clone, Copy)]
pub struct Entry {
    /// Full hash of the position.
    pub key: u64,
    /// Best or refuting move.
    pub best: Option<MoveKey>,
    /// Score (mate scores relative to this node).
    pub score: i32,
    /// Remaining depth searched.
    pub depth: i16,
    /// Meaning of the score.
    pub bound: Bound,
}

/// A fixed-size hash table of search results.
#[derive(Debug)]
pub struct Table {
    slots: Vec<Option<Entry>>,
}

impl Table {
    /// A table of about `mib` mebibytes (at least one slot).
    pub fn new(mib: usize) -> Table {
        let size = (mib * 1024 * 1024 / std::mem::size_of::<Option<Entry>>()).max(1);
        Table {
            slots: vec![None; size],
        }
    }

    fn index(&self, key: u64) -> usize {
        ((key as u128 * self.slots.len() as u128) >> 64) as usize
    }

    /// The entry for `key`, if stored.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.slots[self.index(key)].filter(|e| e.key == key)
    }

    /// Stores an entry, preferring deeper results for the same position.
    pub fn store(&mut self, entry: Entry) {
        let i = self.index(entry.key);
        let keep = matches!(self.slots[i], Some(old) if old.key == entry.key && old.depth > entry.depth && entry.bound != Bound::Exact);
        if !keep {
            self.slots[i] = Some(entry);
        }
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }
}
