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

/// One slot of the table, packed into four words so that an empty slot is all zero
/// bits: a new table is then memory the system hands out untouched, and only the
/// slots a search writes take room. Word 0 is the key; word 1 the score (bits 0-31),
/// depth (32-47), bound (48-55: 0 for an empty slot) and whether a best move follows
/// (56); word 2 the best move's origin (0-15), destination (16-31) and tag (32-63);
/// word 3 is unused.
type Slot = [u64; 4];

// The slot keeps the size an `Option<Entry>` had, so that a table of a given size
// holds as many slots as before and a search finds what it always found there.
const _: () = assert!(std::mem::size_of::<Slot>() == 32);

fn bound_code(bound: Bound) -> u64 {
    match bound {
        Bound::Exact => 1,
        Bound::Lower => 2,
        Bound::Upper => 3,
    }
}

/// The entry a slot holds; `None` for an empty slot.
fn unpack(slot: &Slot) -> Option<Entry> {
    let [key, meta, best, _] = *slot;
    let bound = match (meta >> 48) & 0xff {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    Some(Entry {
        key,
        best: ((meta >> 56) & 1 == 1).then_some(MoveKey {
            from: Sq::new(usize::from(best as u16)),
            to: Sq::new(usize::from((best >> 16) as u16)),
            tag: (best >> 32) as u32,
        }),
        score: meta as u32 as i32,
        depth: (meta >> 32) as u16 as i16,
        bound,
    })
}

fn pack(entry: &Entry) -> Slot {
    let meta = u64::from(entry.score as u32)
        | u64::from(entry.depth as u16) << 32
        | bound_code(entry.bound) << 48
        | u64::from(entry.best.is_some()) << 56;
    let best = entry.best.map_or(0, |b| {
        b.from.index() as u64 | (b.to.index() as u64) << 16 | u64::from(b.tag) << 32
    });
    [entry.key, meta, best, 0]
}

/// A fixed-size hash table of search results. Its memory is taken when a search
/// first needs it ([`Table::allocate`]) and can be given back between searches
/// ([`Table::free`]): an engine waiting for its turn need hold none.
#[derive(Debug)]
pub struct Table {
    slots: Vec<Slot>,
    /// Slots when allocated: about the size asked for, at least one.
    size: usize,
}

impl Table {
    /// A table of about `mib` mebibytes (at least one slot), not yet allocated.
    pub fn new(mib: usize) -> Table {
        Table {
            slots: Vec::new(),
            size: (mib * 1024 * 1024 / std::mem::size_of::<Slot>()).max(1),
        }
    }

    /// Takes the table's memory, empty, unless it holds it already. The slots are
    /// zero bits, which the system gives without touching them.
    pub fn allocate(&mut self) {
        if self.slots.is_empty() {
            self.slots = vec![[0; 4]; self.size];
        }
    }

    /// Gives the table's memory back, forgetting every entry.
    pub fn free(&mut self) {
        self.slots = Vec::new();
    }

    fn index(&self, key: u64) -> usize {
        ((key as u128 * self.slots.len() as u128) >> 64) as usize
    }

    /// The entry for `key`, if stored (the table is allocated).
    pub fn probe(&self, key: u64) -> Option<Entry> {
        unpack(&self.slots[self.index(key)]).filter(|e| e.key == key)
    }

    /// Stores an entry, preferring deeper results for the same position (the table is
    /// allocated).
    pub fn store(&mut self, entry: Entry) {
        let i = self.index(entry.key);
        let keep = matches!(unpack(&self.slots[i]), Some(old) if old.key == entry.key && old.depth > entry.depth && entry.bound != Bound::Exact);
        if !keep {
            self.slots[i] = pack(&entry);
        }
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.slots.fill([0; 4]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slot_gives_back_what_was_stored() {
        let best = MoveKey {
            from: Sq::new(513),
            to: Sq::new(7),
            tag: 0xdead_beef,
        };
        for entry in [
            Entry {
                key: 0,
                best: None,
                score: -999_999,
                depth: -3,
                bound: Bound::Upper,
            },
            Entry {
                key: u64::MAX,
                best: Some(best),
                score: i32::MAX,
                depth: i16::MAX,
                bound: Bound::Exact,
            },
            Entry {
                key: 42,
                best: Some(MoveKey {
                    from: Sq::new(0),
                    to: Sq::new(0),
                    tag: 0,
                }),
                score: 0,
                depth: i16::MIN,
                bound: Bound::Lower,
            },
        ] {
            let slot = pack(&entry);
            let back = unpack(&slot).expect("a stored slot is not empty");
            assert_eq!(
                (back.key, back.best, back.score, back.depth, back.bound),
                (entry.key, entry.best, entry.score, entry.depth, entry.bound)
            );
        }
        assert!(unpack(&[0; 4]).is_none(), "zero bits are an empty slot");
    }

    #[test]
    fn a_table_finds_its_entries_and_prefers_deeper_ones() {
        let mut table = Table::new(1);
        table.allocate();
        let entry = |depth, bound| Entry {
            key: 77,
            best: None,
            score: 5,
            depth,
            bound,
        };
        assert!(table.probe(77).is_none());
        table.store(entry(6, Bound::Lower));
        table.store(entry(2, Bound::Upper));
        assert_eq!(
            table.probe(77).map(|e| e.depth),
            Some(6),
            "the deeper result stays"
        );
        table.store(entry(1, Bound::Exact));
        assert_eq!(
            table.probe(77).map(|e| e.depth),
            Some(1),
            "an exact one replaces it"
        );
        assert!(table.probe(78).is_none());
        table.clear();
        assert!(table.probe(77).is_none());
    }
}
