//! A set of solved tables for one board, and looking positions up in it.

use std::collections::HashMap;
use std::sync::Arc;

use bushka_geometry::{ByColour, Geometry};
use bushka_rules::{Bits, Board, Move, MoveList, Position};

use crate::fingerprint::Fingerprint;
use crate::material::{MAX_PIECES, Material};
use crate::table::{Table, Value};

/// Solved tables of one variant, by signature.
#[derive(Debug, Clone)]
pub struct Tablebases {
    fingerprint: Fingerprint,
    tables: HashMap<Material, Arc<Table>>,
    max_pieces: u32,
}

/// The material of a position (`None` beyond [`MAX_PIECES`]).
pub fn material_of<B: Bits>(pos: &Position<B>) -> Option<Material> {
    if pos.occupied().count() > MAX_PIECES {
        return None;
    }
    let count = |set: B| set.count() as u8;
    Some(Material {
        kings: ByColour::from_fn(|colour| count(pos.kings(colour))),
        men: ByColour::from_fn(|colour| count(pos.men(colour))),
    })
}

/// The same placement with colours exchanged (and the other side to move); only
/// meaningful for kings, which move alike for both colours.
fn swap_colours<B: Bits>(board: &Board<B>, pos: &Position<B>) -> Option<Position<B>> {
    board.position_from_sets(
        ByColour::from_fn(|colour| pos.men(colour)).swapped(),
        ByColour::from_fn(|colour| pos.kings(colour)).swapped(),
        pos.side().opponent(),
    )
}

impl Tablebases {
    /// An empty set for `geometry`.
    pub fn new(geometry: &Geometry) -> Tablebases {
        Tablebases {
            fingerprint: Fingerprint::of(geometry),
            tables: HashMap::new(),
            max_pieces: 0,
        }
    }

    /// The variant's identity the tables belong to.
    pub fn fingerprint(&self) -> &Fingerprint {
        &self.fingerprint
    }

    /// Adds (or replaces) a table.
    pub fn insert(&mut self, table: Arc<Table>) {
        self.max_pieces = self.max_pieces.max(table.material().total());
        self.tables.insert(table.material(), table);
    }

    /// The table stored for exactly this signature.
    pub fn table(&self, material: &Material) -> Option<&Arc<Table>> {
        self.tables.get(material)
    }

    /// Whether positions of `material` can be looked up (directly, or with colours
    /// exchanged for kings-only signatures).
    pub fn covers(&self, material: &Material) -> bool {
        self.tables.contains_key(material)
            || (material.kings_only() && self.tables.contains_key(&material.swapped()))
    }

    /// Every table, in signature order.
    pub fn tables(&self) -> Vec<&Arc<Table>> {
        let mut all: Vec<&Arc<Table>> = self.tables.values().collect();
        all.sort_by_key(|t| (t.material().total(), t.material()));
        all
    }

    /// Most pieces of any table.
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// Whether no table is loaded.
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }

    /// The exact value of `pos`, when a table covers it. Positions with more pieces
    /// than any table cost one population count.
    #[inline]
    pub fn probe<B: Bits>(&self, board: &Board<B>, pos: &Position<B>) -> Option<Value> {
        if pos.occupied().count() > self.max_pieces {
            return None;
        }
        self.probe_covered(board, pos)
    }

    fn probe_covered<B: Bits>(&self, board: &Board<B>, pos: &Position<B>) -> Option<Value> {
        let material = material_of(pos)?;
        if let Some(table) = self.tables.get(&material) {
            return table.value(board, pos);
        }
        if material.kings_only() {
            let table = self.tables.get(&material.swapped())?;
            return table.value(board, &swap_colours(board, pos)?);
        }
        None
    }

    /// A move that keeps the table's value: the fastest win, the slowest loss, or a
    /// move that keeps the draw. `None` when the position is not covered or has no move.
    pub fn best_move<B: Bits>(&self, board: &Board<B>, pos: &Position<B>) -> Option<Move<B>> {
        let value = self.probe(board, pos)?;
        let mut list = MoveList::new();
        board.legal_moves(pos, &mut list);
        list.iter()
            .find(|mv| {
                let child = pos.play(board, mv);
                self.probe(board, &child).map(Value::before) == Some(value)
            })
            .copied()
    }

    /// The line of best play from `pos` to the end, at most `max_plies` moves (a drawn
    /// line never ends by itself).
    pub fn best_line<B: Bits>(
        &self,
        board: &Board<B>,
        pos: &Position<B>,
        max_plies: usize,
    ) -> Vec<Move<B>> {
        let mut line = Vec::new();
        let mut at = *pos;
        while line.len() < max_plies {
            let Some(mv) = self.best_move(board, &at) else {
                break;
            };
            line.push(mv);
            at = at.play(board, &mv);
        }
        line
    }
}
