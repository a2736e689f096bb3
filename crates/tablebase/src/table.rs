//! One solved signature: a value per index, and what the values say.

use bushka_geometry::{ByColour, Colour};
use bushka_rules::{Bits, Board, Position};

use crate::index::Indexer;
use crate::material::Material;

/// The game-theoretic value of a position for the side to move, with the distance to
/// the end in plies under perfect play (the winner hurries, the loser delays).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins; the opponent is left without a move after this many plies
    /// (a win by having no move oneself, under a reversed goal, counts one ply more:
    /// wins have odd distances).
    Win(u16),
    /// The side to move loses after this many plies (0: it has no move now).
    Loss(u16),
    /// Neither side can force a win.
    Draw,
}

/// Stored form of a value: 0 draw, `d + 1` for distance `d` (wins are odd distances,
/// losses even), [`ILLEGAL`] for an index that is no position.
pub(crate) type Raw = u16;

/// Raw value of an index that is no legal placement.
pub(crate) const ILLEGAL: Raw = Raw::MAX;
/// Raw value of a draw (and of a position not yet decided while solving).
pub(crate) const DRAW: Raw = 0;

/// The raw value of a decided distance.
#[inline]
pub(crate) fn encode(distance: u16) -> Raw {
    distance + 1
}

/// The value of a raw entry; `None` for [`ILLEGAL`].
#[inline]
pub(crate) fn decode(raw: Raw) -> Option<Value> {
    match raw {
        ILLEGAL => None,
        DRAW => Some(Value::Draw),
        r if (r - 1) % 2 == 1 => Some(Value::Win(r - 1)),
        r => Some(Value::Loss(r - 1)),
    }
}

impl Value {
    /// The value one ply earlier, for the player who moved into this position.
    pub fn before(self) -> Value {
        match self {
            Value::Win(n) => Value::Loss(n + 1),
            Value::Loss(n) => Value::Win(n + 1),
            Value::Draw => Value::Draw,
        }
    }

    /// `win in 7`, `loss in 4`, `draw`.
    pub fn text(self) -> String {
        match self {
            Value::Win(n) => format!("win in {n}"),
            Value::Loss(n) => format!("loss in {n}"),
            Value::Draw => "draw".into(),
        }
    }
}

/// Wins, draws and losses for one side to move.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Positions the side to move wins.
    pub wins: u64,
    /// Drawn positions.
    pub draws: u64,
    /// Positions the side to move loses.
    pub losses: u64,
}

/// What a table holds, per side to move.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Summary {
    /// Counts by the colour to move.
    pub counts: ByColour<Counts>,
    /// The longest win in plies, and one index where it occurs.
    pub longest_win: Option<(u16, u64)>,
}

impl Summary {
    /// Legal positions.
    pub fn positions(&self) -> u64 {
        self.counts
            .iter()
            .map(|(_, c)| c.wins + c.draws + c.losses)
            .sum()
    }
}

/// Raw values kept in memory: one byte each while every distance fits (255 then
/// stands for [`ILLEGAL`]), else two.
#[derive(Debug, Clone)]
enum Values {
    Narrow(Vec<u8>),
    Wide(Vec<Raw>),
}

/// The narrow form of `ILLEGAL`.
const NARROW_ILLEGAL: u8 = u8::MAX;

impl Values {
    fn new(raw: Vec<Raw>) -> Values {
        if raw
            .iter()
            .all(|&r| r == ILLEGAL || r < Raw::from(NARROW_ILLEGAL))
        {
            Values::Narrow(
                raw.into_iter()
                    .map(|r| {
                        if r == ILLEGAL {
                            NARROW_ILLEGAL
                        } else {
                            r as u8
                        }
                    })
                    .collect(),
            )
        } else {
            Values::Wide(raw)
        }
    }

    fn len(&self) -> usize {
        match self {
            Values::Narrow(v) => v.len(),
            Values::Wide(v) => v.len(),
        }
    }

    #[inline]
    fn get(&self, index: usize) -> Option<Raw> {
        match self {
            Values::Narrow(v) => v.get(index).map(|&b| {
                if b == NARROW_ILLEGAL {
                    ILLEGAL
                } else {
                    Raw::from(b)
                }
            }),
            Values::Wide(v) => v.get(index).copied(),
        }
    }

    fn iter(&self) -> impl Iterator<Item = Raw> + '_ {
        (0..self.len()).filter_map(|i| self.get(i))
    }
}

/// A solved signature on one board.
#[derive(Debug, Clone)]
pub struct Table {
    material: Material,
    indexer: Indexer,
    values: Values,
}

impl Table {
    /// A table from its raw values (length must be the indexer's size).
    pub(crate) fn from_raw(material: Material, indexer: Indexer, values: Vec<Raw>) -> Table {
        debug_assert_eq!(values.len() as u64, indexer.size());
        Table {
            material,
            indexer,
            values: Values::new(values),
        }
    }

    /// The signature.
    pub fn material(&self) -> Material {
        self.material
    }

    /// The ranking.
    pub fn indexer(&self) -> &Indexer {
        &self.indexer
    }

    /// Raw values by index.
    pub(crate) fn raw(&self) -> impl Iterator<Item = Raw> + '_ {
        self.values.iter()
    }

    /// Whether every value fits one byte.
    pub(crate) fn narrow(&self) -> bool {
        matches!(self.values, Values::Narrow(_))
    }

    /// The value at an index (`None` when the index is no position).
    pub fn value_at(&self, index: u64) -> Option<Value> {
        self.values.get(index as usize).and_then(decode)
    }

    /// The value of a position of this table's material.
    pub fn value<B: Bits>(&self, board: &Board<B>, pos: &Position<B>) -> Option<Value> {
        self.value_at(self.indexer.rank(board, pos))
    }

    /// The longest distance of any decided position.
    pub fn max_distance(&self) -> u16 {
        self.values
            .iter()
            .filter(|&r| r != ILLEGAL && r != DRAW)
            .map(|r| r - 1)
            .max()
            .unwrap_or(0)
    }

    /// Wins, draws and losses per side to move (every position counted, also those
    /// the board's symmetries fold into one index), and the longest win.
    pub fn summary(&self) -> Summary {
        let mut summary = Summary::default();
        for (index, raw) in self.values.iter().enumerate() {
            let counts = &mut summary.counts[Table::side_at(index as u64)];
            let Some(value) = decode(raw) else {
                continue;
            };
            let weight = self.indexer.weight(index as u64);
            match value {
                Value::Draw => counts.draws += weight,
                Value::Loss(_) => counts.losses += weight,
                Value::Win(n) => {
                    counts.wins += weight;
                    if summary.longest_win.is_none_or(|(m, _)| n > m) {
                        summary.longest_win = Some((n, index as u64));
                    }
                }
            }
        }
        summary
    }

    /// The side to move at an index.
    pub fn side_at(index: u64) -> Colour {
        if index & 1 == 1 {
            Colour::Black
        } else {
            Colour::White
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_values_round_trip() {
        assert_eq!(decode(encode(0)), Some(Value::Loss(0)));
        assert_eq!(decode(encode(7)), Some(Value::Win(7)));
        assert_eq!(decode(DRAW), Some(Value::Draw));
        assert_eq!(decode(ILLEGAL), None);
        assert_eq!(Value::Loss(6).before(), Value::Win(7));
    }
}
