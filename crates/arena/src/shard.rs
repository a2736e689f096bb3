//! Running a comparison in pieces: a shard plays one slice of every variant's games
//! (with the seeds the whole run gives them); [`crate::ShardFile`] holds what it
//! played and [`crate::merge`] puts the shards back together.

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Shard `index` of `count` (1-based): games `(index-1)·G/count .. index·G/count` of
/// each variant's `G` games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// Which shard, from 1.
    pub index: usize,
    /// How many shards.
    pub count: usize,
}

impl Shard {
    /// The whole run as a single shard.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Shard `index` of `count`, if `1 <= index <= count`.
    pub fn new(index: usize, count: usize) -> Option<Shard> {
        (index >= 1 && index <= count).then_some(Shard { index, count })
    }

    /// The game indices of this shard out of `games`.
    pub fn range(self, games: usize) -> Range<usize> {
        let at = |i: usize| (i as u128 * games as u128 / self.count as u128) as usize;
        at(self.index - 1)..at(self.index)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Why a `--shard` argument is not a shard.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("shard `{0}` is not I/N with 1 <= I <= N (for example 2/8)")]
pub struct ShardError(String);

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let bad = || ShardError(text.to_string());
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let (i, n) = (
            i.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        Shard::new(i, n).ok_or_else(bad)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_cover_every_game_once() {
        for games in [0, 1, 7, 20, 101] {
            for count in 1..=9 {
                let mut next = 0;
                for index in 1..=count {
                    let range = Shard { index, count }.range(games);
                    assert_eq!(range.start, next);
                    next = range.end;
                }
                assert_eq!(next, games);
            }
        }
    }

    #[test]
    fn shard_arguments_parse() {
        assert_eq!("2/8".parse(), Ok(Shard { index: 2, count: 8 }));
        assert_eq!(Shard { index: 2, count: 8 }.to_string(), "2/8");
        for bad in ["0/4", "5/4", "1", "a/b", "1/0", "/3", "-1/3"] {
            let err = bad.parse::<Shard>().expect_err(bad);
            assert!(err.to_string().contains(bad), "{err}");
        }
    }
}
