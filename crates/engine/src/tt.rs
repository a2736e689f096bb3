//! The transposition table: one entry per slot, keyed by the position hash.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

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
/// slots a search writes take room. Word 1 is the score (bits 0-31), depth (32-47),
/// bound (48-55: 0 for an empty slot) and whether a best move follows (56); word 2 the
/// best move's origin (0-15), destination (16-31) and tag (32-63); word 0 is the key
/// XOR words 1 and 2, so that a slot two threads wrote at once (one's key, the other's
/// data) reads as another position's and is not used; word 3 is unused.
type Slot = [AtomicU64; 4];

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

/// The entry a slot's words hold; `None` for an empty slot.
fn unpack([check, meta, best]: [u64; 3]) -> Option<Entry> {
    let bound = match (meta >> 48) & 0xff {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    Some(Entry {
        key: check ^ meta ^ best,
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

fn pack(entry: &Entry) -> [u64; 3] {
    let meta = u64::from(entry.score as u32)
        | u64::from(entry.depth as u16) << 32
        | bound_code(entry.bound) << 48
        | u64::from(entry.best.is_some()) << 56;
    let best = entry.best.map_or(0, |b| {
        b.from.index() as u64 | (b.to.index() as u64) << 16 | u64::from(b.tag) << 32
    });
    [entry.key ^ meta ^ best, meta, best]
}

/// A fixed-size hash table of search results, which the threads of one search share
/// ([`Table::share`]) without locks: each slot's key is checked against its data, so a
/// slot torn by two writers is a miss, never a wrong entry. Its memory is taken when a
/// search first needs it ([`Table::allocate`]) and can be given back between searches
/// ([`Table::free`]): an engine waiting for its turn need hold none.
#[derive(Debug)]
pub struct Table {
    slots: Arc<Box<[Slot]>>,
    /// Slots when allocated: about the size asked for, at least one.
    size: usize,
}

impl Table {
    /// A table of about `mib` mebibytes (at least one slot), not yet allocated.
    pub fn new(mib: usize) -> Table {
        Table {
            slots: Arc::default(),
            size: (mib * 1024 * 1024 / std::mem::size_of::<Slot>()).max(1),
        }
    }

    /// Takes the table's memory, empty, unless it holds it already. The slots are
    /// zero bits, which the system gives without touching them.
    pub fn allocate(&mut self) {
        if self.slots.is_empty() {
            let slots = bytemuck::allocation::zeroed_slice_box(self.size);
            advise_huge_pages(&slots);
            self.slots = Arc::new(slots);
        }
    }

    /// Gives the table's memory back, forgetting every entry (once every
    /// [`Table::share`] of it is dropped too).
    pub fn free(&mut self) {
        self.slots = Arc::default();
    }

    /// The same slots, for another thread of the same search.
    pub fn share(&self) -> Table {
        Table {
            slots: Arc::clone(&self.slots),
            size: self.size,
        }
    }

    fn slot(&self, key: u64) -> &Slot {
        &self.slots[((key as u128 * self.slots.len() as u128) >> 64) as usize]
    }

    /// Asks the processor to bring `key`'s slot into its cache, so that a probe a
    /// little later (after the node's moves are generated) does not wait for memory.
    /// A hint only: it changes no result.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        if !self.slots.is_empty() {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let slot: *const Slot = self.slot(key);
            // SAFETY: a prefetch never faults and reads nothing into the program (the
            // address is one of the table's slots in any case); SSE, which it needs,
            // is part of every x86-64 processor.
            #[allow(unsafe_code)]
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(slot.cast());
            }
        }
    }

    /// The entry for `key`, if stored (the table is allocated).
    pub fn probe(&self, key: u64) -> Option<Entry> {
        unpack(read(self.slot(key))).filter(|e| e.key == key)
    }

    /// Stores an entry, preferring deeper results for the same position (the table is
    /// allocated).
    pub fn store(&self, entry: Entry) {
        let slot = self.slot(entry.key);
        let keep = matches!(unpack(read(slot)), Some(old) if old.key == entry.key && old.depth > entry.depth && entry.bound != Bound::Exact);
        if !keep {
            for (word, value) in slot.iter().zip(pack(&entry)) {
                word.store(value, Ordering::Relaxed);
            }
        }
    }

    /// Empties the table.
    pub fn clear(&self) {
        for slot in self.slots.iter() {
            for word in slot {
                word.store(0, Ordering::Relaxed);
            }
        }
    }
}

/// Asks the system to back the table with huge pages where it can (Linux's
/// transparent huge pages, 2 MiB each): a probe lands anywhere in the table, and with
/// small pages nearly every one also misses the processor's cache of page
/// translations. Called before the table is touched; a hint only, which changes no
/// result (the system may decline it, and other systems are not asked).
fn advise_huge_pages(slots: &[Slot]) {
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 4096;
        let start = slots.as_ptr() as usize;
        let end = start + std::mem::size_of_val(slots);
        let from = start.next_multiple_of(PAGE);
        if end > from {
            // SAFETY: madvise reads and writes no memory of the program; the range is
            // whole pages inside the table's own allocation, and MADV_HUGEPAGE only
            // changes how the system backs them, never their contents.
            #[allow(unsafe_code)]
            unsafe {
                libc::madvise(from as *mut libc::c_void, end - from, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = slots;
}

/// The words of a slot that hold an entry.
fn read(slot: &Slot) -> [u64; 3] {
    [0, 1, 2].map(|i| slot[i].load(Ordering::Relaxed))
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
            let back = unpack(pack(&entry)).expect("a stored slot is not empty");
            assert_eq!(
                (back.key, back.best, back.score, back.depth, back.bound),
                (entry.key, entry.best, entry.score, entry.depth, entry.bound)
            );
        }
        assert!(unpack([0; 3]).is_none(), "zero bits are an empty slot");
    }

    #[test]
    fn a_table_finds_its_entries_and_prefers_deeper_ones() {
        let mut table = Table::new(1);
        table.allocate();
        let shared = table.share();
        let entry = |depth, bound| Entry {
            key: 77,
            best: None,
            score: 5,
            depth,
            bound,
        };
        assert!(table.probe(77).is_none());
        shared.store(entry(6, Bound::Lower));
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
        assert!(shared.probe(77).is_none(), "a share sees the table cleared");
    }

    /// Threads writing different positions into one slot while another reads it: a
    /// hit always gives back the entry stored for that key, never a mix of two.
    #[test]
    fn a_slot_written_by_several_threads_never_mixes_their_entries() {
        let mut table = Table::new(0);
        table.allocate();
        let entry = |key: u64| Entry {
            key,
            best: Some(MoveKey {
                from: Sq::new((key % 50) as usize),
                to: Sq::new((key % 7) as usize),
                tag: (key as u32).wrapping_mul(0x9E37_79B9),
            }),
            score: (key % 1000) as i32 - 500,
            depth: (key % 30) as i16,
            bound: Bound::Exact,
        };
        let keys: Vec<u64> = (1..=8).map(|k| k * 0x0123_4567_89AB_CDEF).collect();
        let hits = std::thread::scope(|s| {
            for &key in &keys {
                let writer = table.share();
                s.spawn(move || {
                    for _ in 0..20_000 {
                        writer.store(entry(key));
                    }
                });
            }
            let reader = table.share();
            let keys = &keys;
            s.spawn(move || {
                let mut hits = 0;
                for i in 0..200_000 {
                    let key = keys[i % keys.len()];
                    if let Some(e) = reader.probe(key) {
                        let want = entry(key);
                        assert_eq!(
                            (e.best, e.score, e.depth, e.bound),
                            (want.best, want.score, want.depth, want.bound)
                        );
                        hits += 1;
                    }
                }
                hits
            })
            .join()
            .expect("the reader does not panic")
        });
        assert!(hits > 0, "the reader found entries");
    }
}
