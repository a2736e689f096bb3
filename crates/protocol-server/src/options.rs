//! The whole-number options Hub and UGI both offer a GUI: the transposition table's
//! size and the search threads, within the ranges the engine's specs allow.

use std::ops::RangeInclusive;

use bushka_engine::{DEFAULT_HASH_MIB, HASH_MIB_RANGE, THREADS_RANGE};

/// A whole-number option: its name, the value it has until set, and its range.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Spin {
    /// Its name in both protocols.
    pub(crate) name: &'static str,
    /// Its value until a GUI sets it.
    pub(crate) default: usize,
    /// The values a GUI may set.
    range: (u64, u64),
}

impl Spin {
    const fn new(name: &'static str, default: usize, range: RangeInclusive<u64>) -> Spin {
        Spin {
            name,
            default,
            range: (*range.start(), *range.end()),
        }
    }

    /// The smallest value.
    pub(crate) fn min(self) -> u64 {
        self.range.0
    }

    /// The largest value.
    pub(crate) fn max(self) -> u64 {
        self.range.1
    }

    /// The value `text` sets, or why it sets none.
    pub(crate) fn parse(self, text: &str) -> Result<usize, String> {
        match text.parse::<u64>() {
            Ok(n) if (self.min()..=self.max()).contains(&n) => Ok(n as usize),
            _ => Err(format!(
                "{}: `{text}` is not a whole number from {} to {}",
                self.name,
                self.min(),
                self.max()
            )),
        }
    }
}

/// The table's size in MiB (`hash`).
pub(crate) const HASH: Spin = Spin::new("hash", DEFAULT_HASH_MIB, HASH_MIB_RANGE);

/// The search threads (`threads`).
pub(crate) const THREADS: Spin = Spin::new("threads", 1, THREADS_RANGE);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spin_takes_whole_numbers_in_its_range() {
        assert_eq!(THREADS.parse("1"), Ok(1));
        assert_eq!(THREADS.parse("64"), Ok(64));
        assert_eq!(HASH.parse("4096"), Ok(4096));
        for bad in ["0", "65", "-1", "two", "", "1.5"] {
            assert_eq!(
                THREADS.parse(bad),
                Err(format!(
                    "threads: `{bad}` is not a whole number from 1 to 64"
                ))
            );
        }
    }
}
