//! Recent static evaluations of one thread's search, by position hash.

use crate::score::MAX_EVAL;

/// Bits of a position's hash that pick its entry: 2^13 entries of 8 bytes (64 KiB).
const INDEX_BITS: u32 = 13;
/// Bits of an entry that hold the score (plus [`MAX_EVAL`]); the others hold the
/// hash's high bits.
const SCORE_BITS: u32 = 20;
const SCORE_MASK: u64 = (1 << SCORE_BITS) - 1;
/// An entry no position matches: its score field is above any score's.
const EMPTY: u64 = u64::MAX;
const _: () = assert!(2 * MAX_EVAL as u64 + 1 < SCORE_MASK);

/// A direct-mapped cache of static evaluations: a leaf the search reaches again by
/// another order of moves is scored from here instead of being evaluated again. The
/// evaluation depends on the position alone (its pieces and the side to move, which its
/// hash covers), so a hit changes no result. A new entry replaces the old one at its
/// place.
#[derive(Debug, Default)]
pub(super) struct EvalCache {
    entries: Vec<u64>,
}

impl EvalCache {
    /// Takes the cache's memory, empty, unless it holds it already.
    pub(super) fn allocate(&mut self) {
        if self.entries.is_empty() {
            self.entries = vec![EMPTY; 1 << INDEX_BITS];
        }
    }

    /// Gives the memory back.
    pub(super) fn free(&mut self) {
        self.entries = Vec::new();
    }

    /// Forgets every entry (the evaluation changed).
    pub(super) fn clear(&mut self) {
        self.entries.fill(EMPTY);
    }

    /// The score of the position whose hash is `hash`: the one cached, or
    /// `evaluate()`'s, then cached (the cache is allocated).
    #[inline]
    pub(super) fn score(&mut self, hash: u64, evaluate: impl FnOnce() -> i32) -> i32 {
        let slot = &mut self.entries[(hash & ((1 << INDEX_BITS) - 1)) as usize];
        let check = hash & !SCORE_MASK;
        let entry = *slot;
        if entry != EMPTY && entry & !SCORE_MASK == check {
            return (entry & SCORE_MASK) as i32 - MAX_EVAL;
        }
        let score = evaluate();
        debug_assert!(score.abs() <= MAX_EVAL, "an evaluation is within MAX_EVAL");
        *slot = check | (score + MAX_EVAL) as u64;
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gives_back_what_it_cached_and_evaluates_the_rest() {
        let mut cache = EvalCache::default();
        cache.allocate();
        let mut calls = 0;
        let mut score = |cache: &mut EvalCache, hash: u64, value: i32| {
            cache.score(hash, || {
                calls += 1;
                value
            })
        };
        assert_eq!(
            score(&mut cache, 0x1234_5678_9abc_def0, -MAX_EVAL),
            -MAX_EVAL
        );
        assert_eq!(
            score(&mut cache, 0x1234_5678_9abc_def0, 7),
            -MAX_EVAL,
            "cached"
        );
        // The same place, another position: evaluated, and it takes the place.
        assert_eq!(score(&mut cache, 0x4321_5678_9abc_def0, MAX_EVAL), MAX_EVAL);
        assert_eq!(score(&mut cache, 0x1234_5678_9abc_def0, 5), 5);
        // A hash of all ones (the empty entry's pattern) is cached like any other.
        assert_eq!(score(&mut cache, u64::MAX, 0), 0);
        assert_eq!(score(&mut cache, u64::MAX, 9), 0);
        cache.clear();
        assert_eq!(score(&mut cache, u64::MAX, 9), 9);
        assert_eq!(calls, 5);
    }
}
