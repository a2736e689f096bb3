//! Solving a signature: every placement with either side to move, by retrograde
//! analysis over the variant's own legal moves.
//!
//! The solver never builds moves itself: it asks the rules crate's generic move
//! generator for each position's legal moves (so every capture style, majority rule
//! and promotion rule applies as in play) and works backwards from the end in rounds.
//! Round `n` decides the positions whose distance to the end is exactly `n` plies:
//! on odd rounds the wins (a move reaches a position lost in `n - 1`), on even rounds
//! the losses (every move reaches a position the opponent wins in at most `n - 1`).
//! So the winner's distance is the shortest and the loser's the longest. A round
//! looks only at the possible predecessors of the previous round's decisions, and
//! at the positions whose captures or promotions can decide them in that round
//! (found once, when the round-0 pass reads their values from the smaller tables),
//! each checked with the move generator. Captures and
//! promotions lead into other signatures, solved first and read from their tables;
//! what no round decides is a draw.
//!
//! The variant's goal decides the positions without a move ([`Board::out_of_moves`]):
//! lost for the side to move (distance 0), or won when the goal is reversed
//! (Antidraughts) or the side to move already crowned the first king (Breakthrough).
//! A win without a move counts one ply, the turn it cannot play, so that wins keep
//! odd distances and losses even ones: it is decided in round 1.
//!
//! Rules with history are refused where the history matters: with
//! `rules.max_same_king_moves` (Frisian's limit on one king's moves in a row) the moves
//! of a side with kings and men depend on the moves before, which a placement does not
//! hold, so no signature reached may give a colour both ([`SolveError::History`]).
//! Kings-only and men-only colours are exact (the limit lapses without men). The draw
//! by king moves (`rules.king_move_draw`) and repetitions are not counted: tables
//! give the value under unlimited play, as published tables do.

use std::sync::Arc;
use std::sync::atomic::{AtomicU16, AtomicU64, Ordering};

use bushka_geometry::{ByColour, Colour, KingRange};
use bushka_rules::Outcome;
use bushka_rules::{Bits, Board, MoveList, Position, Sq};
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
/// may capture any of the opponent's pieces and may promote one man where `promotes`
/// says its men can (a colour without a promotion zone, as in Fanorona, never makes a
/// king, so no table with its kings is needed).
pub fn successors(material: Material, promotes: ByColour<bool>) -> Vec<Material> {
    let mut out = Vec::new();
    for mover in Colour::BOTH {
        let (m, o) = (mover, mover.opponent());
        if material.pieces(mover) == 0 {
            continue;
        }
        for promote in 0..=u8::from(material.men[m] > 0 && promotes[m]) {
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

/// Whether each colour's men can promote on `board`: it has a promotion zone.
fn promoting<B: Bits>(board: &Board<B>) -> ByColour<bool> {
    let zone = |colour| !board.promotion(colour).is_empty();
    ByColour::new(zone(Colour::White), zone(Colour::Black))
}

/// A signature that cannot be solved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// A table too large to build.
    #[error(transparent)]
    TooLarge(#[from] TooLarge),
    /// The rules make the value of positions the signature reaches depend on history
    /// that a placement does not hold.
    #[error(
        "cannot solve {material}: it reaches {reached}, where a colour has kings and men, \
         and `rules.max_same_king_moves` ({limit}) then limits a king's moves by the moves \
         before, which tables do not hold; solve signatures in which each colour has only \
         kings or a single man (e.g. `2K v 1K`, `1K v 1M`)"
    )]
    History {
        /// The signature asked for.
        material: Material,
        /// The signature it reaches where the history matters.
        reached: Material,
        /// The limit in the variant file.
        limit: u8,
    },
}

/// Solves `material` and every signature it leads to that `tables` does not cover
/// yet, adding them all to `tables`.
pub fn solve<B: Bits>(
    board: &Board<B>,
    tables: &mut Tablebases,
    material: Material,
    progress: &dyn Progress,
) -> Result<(), SolveError> {
    check_history(board, material, material)?;
    solve_checked(board, tables, material, progress)
}

/// Refuses `material` when it or a signature it leads to gives a colour kings and men
/// under a limit on one king's moves in a row; `asked` is the signature asked for.
fn check_history<B: Bits>(
    board: &Board<B>,
    asked: Material,
    material: Material,
) -> Result<(), SolveError> {
    let limit = board.geometry().rules().max_same_king_moves;
    if limit == 0 {
        return Ok(());
    }
    if Colour::BOTH
        .iter()
        .any(|&c| material.kings[c] > 0 && material.men[c] > 0)
    {
        return Err(SolveError::History {
            material: asked,
            reached: material,
            limit,
        });
    }
    successors(material, promoting(board))
        .into_iter()
        .try_for_each(|next| check_history(board, asked, next))
}

fn solve_checked<B: Bits>(
    board: &Board<B>,
    tables: &mut Tablebases,
    material: Material,
    progress: &dyn Progress,
) -> Result<(), SolveError> {
    if tables.covers(&material) {
        return Ok(());
    }
    for next in successors(material, promoting(board)) {
        solve_checked(board, tables, next, progress)?;
    }
    let table = solve_one(board, tables, material, progress)?;
    tables.insert(Arc::new(table));
    Ok(())
}

/// A set of indices shared by the solver's threads.
struct IndexSet(Vec<AtomicU64>);

impl IndexSet {
    fn new(size: u64) -> IndexSet {
        IndexSet((0..size.div_ceil(64)).map(|_| AtomicU64::new(0)).collect())
    }

    #[inline]
    fn insert(&self, index: u64) {
        self.0[(index / 64) as usize].fetch_or(1 << (index % 64), Ordering::Relaxed);
    }

    #[inline]
    fn word(&self, w: usize) -> u64 {
        self.0[w].load(Ordering::Relaxed)
    }

    fn clear(&self) {
        self.0.iter().for_each(|w| w.store(0, Ordering::Relaxed));
    }

    fn is_empty(&self) -> bool {
        self.0.iter().all(|w| w.load(Ordering::Relaxed) == 0)
    }
}

/// The solver's view of one signature: its values so far and the tables its
/// captures and promotions lead to.
struct Solver<'a, B: Bits> {
    board: &'a Board<B>,
    tables: &'a Tablebases,
    material: Material,
    indexer: Indexer,
    values: Vec<AtomicU16>,
    short_kings: bool,
}

impl<B: Bits> Solver<'_, B> {
    /// The value of a position reached by a move (undecided ones read as draws).
    #[inline]
    fn child(&self, child: &Position<B>) -> Value {
        if material_of(child) == Some(self.material) {
            let index = self.indexer.rank(self.board, child) as usize;
            decode(self.values[index].load(Ordering::Relaxed)).unwrap_or(Value::Draw)
        } else {
            // The solver solved every successor signature first.
            self.tables.probe(self.board, child).unwrap_or(Value::Draw)
        }
    }

    /// Whether the side to move in `pos`, which has no legal move, wins by the goal.
    fn wins_without_moves(&self, pos: &Position<B>) -> bool {
        matches!(self.board.out_of_moves(pos), Outcome::Win { winner, .. } if winner == pos.side())
    }

    /// Whether `pos` is decided in round `n` (see the module notes).
    fn decided(&self, pos: &Position<B>, list: &mut MoveList<B>, n: u16) -> bool {
        self.board.legal_moves(pos, list);
        if list.is_empty() {
            // Only a win without a move is left undecided by round 0.
            return n == 1 && self.wins_without_moves(pos);
        }
        let mut children = list.iter().map(|mv| self.child(&pos.play(self.board, mv)));
        if n % 2 == 1 {
            children.any(|v| v == Value::Loss(n - 1))
        } else {
            children.all(|v| matches!(v, Value::Win(d) if d < n))
        }
    }

    /// Adds to `set` every position of this table from which a quiet move may lead to
    /// `pos` (a superset: the round checks each with the real move generator). A quiet
    /// move relocates one piece of the mover without changing its kind: a king along
    /// a line over empty cells; a man one step forward, or as the tail of a line of
    /// men put in front of its head, so it came from the first empty cell behind the
    /// run of its own men that ends on it, in a forward direction.
    fn mark_predecessors(&self, pos: &Position<B>, set: &IndexSet) {
        let board = self.board;
        let mover = pos.side().opponent();
        let m = mover;
        let empty = board.all() & !pos.occupied();
        let mark = |men: ByColour<B>, kings: ByColour<B>| {
            if let Some(p) = board.position_from_sets(men, kings, mover) {
                set.insert(self.indexer.rank(board, &p));
            }
        };
        let men = ByColour::from_fn(|colour| pos.men(colour));
        let kings = ByColour::from_fn(|colour| pos.kings(colour));
        for b in pos.kings(mover).iter() {
            for d in board.dirs() {
                let mut a = b;
                loop {
                    a = board.neighbour(a, d);
                    if a == Sq::NONE || !empty.has(a) {
                        break;
                    }
                    let mut k = kings;
                    k[m] = k[m] ^ B::bit(b) ^ B::bit(a);
                    mark(men, k);
                    if self.short_kings {
                        break;
                    }
                }
            }
        }
        for b in pos.men(mover).iter() {
            for &d in board.forward(mover) {
                let back = board.opposite(d);
                let mut a = board.neighbour(b, back);
                while a != Sq::NONE && men[m].has(a) {
                    a = board.neighbour(a, back);
                }
                if a != Sq::NONE && empty.has(a) {
                    let mut n = men;
                    n[m] = n[m] ^ B::bit(b) ^ B::bit(a);
                    mark(n, kings);
                }
            }
        }
    }
}

/// The round in which a position's exits (captures and promotions, whose values the
/// smaller tables give) can decide it: one more than its fastest exit into a loss for
/// the opponent (a win), or else, when every exit is a win for the opponent, one more
/// than the slowest (a loss, once the quiet moves are decided too). [`NO_ROUND`] when
/// an exit draws or there is none.
fn exit_round<B: Bits>(solver: &Solver<B>, pos: &Position<B>, list: &MoveList<B>) -> u16 {
    let mut fastest_loss = None;
    let mut slowest_win = Some(0);
    for mv in list.iter().filter(|mv| mv.kind.is_capture() || mv.promotes) {
        match solver.child(&pos.play(solver.board, mv)) {
            Value::Loss(d) => fastest_loss = Some(fastest_loss.map_or(d, |f: u16| f.min(d))),
            Value::Win(d) => slowest_win = slowest_win.map(|s: u16| s.max(d)),
            Value::Draw => slowest_win = None,
        }
    }
    match (fastest_loss, slowest_win) {
        (Some(d), _) => d + 1,
        (None, Some(d)) if d > 0 => d + 1,
        _ => NO_ROUND,
    }
}

/// No exit round.
const NO_ROUND: u16 = u16::MAX;

fn solve_one<B: Bits>(
    board: &Board<B>,
    tables: &Tablebases,
    material: Material,
    progress: &dyn Progress,
) -> Result<Table, SolveError> {
    let indexer = Indexer::new(material, board.geometry())?;
    let size = indexer.size();
    let solver = Solver {
        board,
        tables,
        material,
        values: (0..size).map(|_| AtomicU16::new(DRAW)).collect(),
        indexer,
        short_kings: board.geometry().rules().king_range == KingRange::Short,
    };
    let chunks = size.div_ceil(CHUNK);
    let range = |c: u64| c * CHUNK..((c + 1) * CHUNK).min(size);
    // Positions to look at next round: predecessors of the last round's decisions.
    let mut dirty = IndexSet::new(size);
    let mut next = IndexSet::new(size);
    // The round in which each position's exits may decide it.
    let exit_rounds: Vec<AtomicU16> = (0..size).map(|_| AtomicU16::new(NO_ROUND)).collect();
    let last_exit_round = AtomicU16::new(0);

    progress.round(material, 0, size);
    (0..chunks)
        .into_par_iter()
        .for_each_init(MoveList::new, |list, c| {
            for index in range(c) {
                let raw: Raw = match solver.indexer.unrank(board, index) {
                    None => ILLEGAL,
                    Some(pos) => {
                        board.legal_moves(&pos, list);
                        let round = exit_round(&solver, &pos, list);
                        if round != NO_ROUND {
                            exit_rounds[index as usize].store(round, Ordering::Relaxed);
                            last_exit_round.fetch_max(round, Ordering::Relaxed);
                        }
                        if list.is_empty() && solver.wins_without_moves(&pos) {
                            // A win in 1, decided in round 1.
                            dirty.insert(index);
                            DRAW
                        } else if list.is_empty() {
                            solver.mark_predecessors(&pos, &dirty);
                            encode(0)
                        } else {
                            DRAW
                        }
                    }
                };
                solver.values[index as usize].store(raw, Ordering::Relaxed);
            }
            progress.advance(range(c).end - range(c).start);
        });

    let last_exit_round = last_exit_round.into_inner();
    let mut n: u16 = 1;
    while n < NO_ROUND - 2 {
        let exits_live = n <= last_exit_round;
        if dirty.is_empty() && !exits_live {
            break;
        }
        progress.round(material, n, size);
        (0..chunks)
            .into_par_iter()
            .for_each_init(MoveList::new, |list, c| {
                let range = range(c);
                let words = range.start / 64..range.end.div_ceil(64);
                for w in words {
                    let w = w as usize;
                    let mut bits = dirty.word(w);
                    if exits_live {
                        for (bit, round) in exit_rounds[w * 64..(w * 64 + 64).min(size as usize)]
                            .iter()
                            .enumerate()
                        {
                            if round.load(Ordering::Relaxed) == n {
                                bits |= 1 << bit;
                            }
                        }
                    }
                    while bits != 0 {
                        let index = w as u64 * 64 + u64::from(bits.trailing_zeros());
                        bits &= bits - 1;
                        if solver.values[index as usize].load(Ordering::Relaxed) != DRAW {
                            continue;
                        }
                        let Some(pos) = solver.indexer.unrank(board, index) else {
                            continue;
                        };
                        if solver.decided(&pos, list, n) {
                            solver.values[index as usize].store(encode(n), Ordering::Relaxed);
                            solver.mark_predecessors(&pos, &next);
                        }
                    }
                }
                progress.advance(range.end - range.start);
            });
        std::mem::swap(&mut dirty, &mut next);
        next.clear();
        n += 1;
    }
    let raw = solver
        .values
        .into_iter()
        .map(AtomicU16::into_inner)
        .collect();
    Ok(Table::from_raw(material, solver.indexer, raw))
}
