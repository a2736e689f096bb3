//! Solving a signature: every placement with either side to move, by retrograde
//! analysis over the variant's own legal moves.
//!
//! The solver never builds moves itself: it asks the rules crate's generic move
//! generator for each position's legal moves (so every capture style, majority rule
//! and promotion rule applies as in play) and works backwards from the end in rounds.
//! Round `n` decides the positions whose distance to the end is exactly `n` plies:
//! on odd rounds the wins (a move reaches a position lost in `n - 1`), on even rounds
//! the losses (every move reaches a position the opponent wins in at most `n - 1`).
//! So the winner's distance is the shortest and the loser's the longest. Captures and
//! promotions lead into other signatures, solved first and read from their tables;
//! what no round decides is a draw.

use std::sync::Arc;
use std::sync::atomic::{AtomicU16, AtomicU64, Ordering};

use bushka_geometry::Player;
use bushka_rules::{Bits, Board, MoveList, Position};
use rayon::prelude::*;

use crate::index::{Indexer, TooLarge};
use crate::material::Material;
use crate::probe::{Tablebases, material_of};
use crate::table::{DRAW, ILLEGAL, Raw, Table, Value, decode, encode};

/// Receives progress while tables are solved (the command line draws a bar).
pub trait Progress: Sync {
    /// A round over `positions` indices of `material` begins (round 0 sets up).
    fn round(&self, material: Material, round: u16, positions: u64) {
        let _ = (material, round, positions);
    }
    /// `positions` more indices of the current round are done.
    fn advance(&self, positions: u64) {
        let _ = positions;
    }
}

/// Reports nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct Silent;

impl Progress for Silent {}

/// Indices handled per task.
const CHUNK: u64 = 1 << 13;

/// The signatures one move can lead to from `material` other than itself: the mover
/// may capture any of the opponent's pieces and may promote one man.
pub fn successors(material: Material) -> Vec<Material> {
    let mut out = Vec::new();
    for mover in Player::BOTH {
        let (m, o) = (mover.index(), mover.opponent().index());
        if material.pieces(mover) == 0 {
            continue;
        }
        for promote in 0..=u8::from(material.men[m] > 0) {
            for kings in 0..=material.kings[o] {
                for men in 0..=material.men[o] {
                    let captured = kings < material.kings[o] || men < material.men[o];
                    if promote == 0 && !captured {
                        continue;
                    }
                    let mut next = material;
                    next.men[m] -= promote;
                    next.kings[m] += promote;
                    next.kings[o] = kings;
                    next.men[o] = men;
                    if !out.contains(&next) {
                        out.push(next);
                    }
                }
            }
        }
    }
    out
}

/// Solves `material` and every signature it leads to that `tables` does not cover
/// yet, adding them all to `tables`.
pub fn solve<B: Bits>(
    board: &Board<B>,
    tables: &mut Tablebases,
    material: Material,
    progress: &dyn Progress,
) -> Result<(), TooLarge> {
    if tables.covers(&material) {
        return Ok(());
    }
    for next in successors(material) {
        solve(board, tables, next, progress)?;
    }
    let table = solve_one(board, tables, material, progress)?;
    tables.insert(Arc::new(table));
    Ok(())
}

/// One solver round's view of the values decided so far.
struct Round<'a, B: Bits> {
    board: &'a Board<B>,
    tables: &'a Tablebases,
    material: Material,
    indexer: &'a Indexer,
    values: &'a [AtomicU16],
}

impl<B: Bits> Round<'_, B> {
    /// The value of a position reached by a move (undecided ones read as draws).
    #[inline]
    fn child(&self, child: &Position<B>) -> Value {
        if material_of(child) == Some(self.material) {
            let raw = self.values[self.indexer.rank(self.board, child) as usize].load(Ordering::Relaxed);
            decode(raw).unwrap_or(Value::Draw)
        } else {
            // The solver solved every successor signature first.
            self.tables
                .probe(self.board, child)
                .unwrap_or(Value::Draw)
        }
    }

    /// Whether the position at `pos` is decided in round `n` (see the module notes).
    fn decided(&self, pos: &Position<B>, list: &mut MoveList<B>, n: u16) -> bool {
        self.board.legal_moves(pos, list);
        let mut children = list.iter().map(|mv| self.child(&pos.play(self.board, mv)));
        if n % 2 == 1 {
            children.any(|v| v == Value::Loss(n - 1))
        } else {
            children.all(|v| matches!(v, Value::Win(d) if d < n))
        }
    }
}

fn solve_one<B: Bits>(
    board: &Board<B>,
    tables: &Tablebases,
    material: Material,
    progress: &dyn Progress,
) -> Result<Table, TooLarge> {
    let indexer = Indexer::new(material, board.geometry().cell_count())?;
    let size = indexer.size();
    let values: Vec<AtomicU16> = (0..size).map(|_| AtomicU16::new(DRAW)).collect();
    let chunks = size.div_ceil(CHUNK);
    let range = |c: u64| c * CHUNK..((c + 1) * CHUNK).min(size);

    progress.round(material, 0, size);
    (0..chunks).into_par_iter().for_each_init(MoveList::new, |list, c| {
        for index in range(c) {
            let raw: Raw = match indexer.unrank(board, index) {
                None => ILLEGAL,
                Some(pos) => {
                    board.legal_moves(&pos, list);
                    if list.is_empty() { encode(0) } else { DRAW }
                }
            };
            values[index as usize].store(raw, Ordering::Relaxed);
        }
        progress.advance(range(c).end - range(c).start);
    });

    let deepest_exit = successors(material)
        .iter()
        .filter_map(|m| tables.table(m).or_else(|| tables.table(&m.swapped())))
        .map(|t| t.max_distance())
        .max()
        .unwrap_or(0);
    let round = Round {
        board,
        tables,
        material,
        indexer: &indexer,
        values: &values,
    };
    let mut idle_rounds = 0;
    let mut n: u16 = 1;
    while n < u16::MAX - 2 {
        progress.round(material, n, size);
        let found = AtomicU64::new(0);
        (0..chunks).into_par_iter().for_each_init(MoveList::new, |list, c| {
            let mut here = 0;
            for index in range(c) {
                if values[index as usize].load(Ordering::Relaxed) != DRAW {
                    continue;
                }
                let Some(pos) = indexer.unrank(board, index) else {
                    continue;
                };
                if round.decided(&pos, list, n) {
                    values[index as usize].store(encode(n), Ordering::Relaxed);
                    here += 1;
                }
            }
            found.fetch_add(here, Ordering::Relaxed);
            progress.advance(range(c).end - range(c).start);
        });
        idle_rounds = if found.into_inner() == 0 { idle_rounds + 1 } else { 0 };
        // Two idle rounds in a row past every exit's distance: nothing more can change.
        if idle_rounds >= 2 && n > deepest_exit + 1 {
            break;
        }
        n += 1;
    }
    let raw = values.into_iter().map(AtomicU16::into_inner).collect();
    Ok(Table::from_raw(material, indexer, raw))
}
