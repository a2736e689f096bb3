//! A proof-number search for forced wins: the side to move tries to prove a win,
//! depth first with thresholds (df-pn, Nagai's form of Allis's proof-number search),
//! its proof and disproof numbers kept in a table keyed by position (and, where the
//! variant counts moves to a draw, by the plies its counts leave), so that the many
//! orders of the same king moves are proved once. The defender's proof numbers start
//! from its moves that land out of the attackers' reach.
//!
//! The alpha-beta search must search every reply of the defender to the same depth
//! before it sees a long forced win; this search grows the narrow lines, where the
//! defender has few safe moves, first: what a lone king run down by kings looks like.
//! The table outlives the search, so the proof found for one move proves the next
//! one at once, a ply shorter for each side: a proved win is played out to its end.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use bushka_geometry::Colour;
use bushka_rules::{Bits, Board, Budget, Move, MoveKind, MoveList, Position};

use super::line::{Step, counted_out, counts_left, repeats};
use crate::eval::Evaluator;

/// Proof and disproof numbers saturate here (a proved or disproved node).
const INFINITE: u32 = u32::MAX / 4;

/// Deepest ply a proof may reach below its root.
const PROOF_PLIES: usize = 64;

/// Bytes one table entry takes, with the map's own share.
const ENTRY_BYTES: usize = 48;

/// What the table knows of a position: its numbers, and for a proved one the plies
/// its proof takes at most.
#[derive(Debug, Clone, Copy)]
struct Known {
    pn: u32,
    dn: u32,
    plies: u32,
}

/// A disproved position.
const DISPROVED: Known = Known {
    pn: INFINITE,
    dn: 0,
    plies: 0,
};

/// A proved position whose proof takes `plies` plies.
const fn proved(plies: u32) -> Known {
    Known {
        pn: 0,
        dn: INFINITE,
        plies,
    }
}

/// The prover's table: what is known of each position searched, kept from one
/// search to the next of the same game, within a memory bound.
#[derive(Debug, Default)]
pub(crate) struct ProofTable {
    entries: HashMap<u64, Known>,
    capacity: usize,
}

impl ProofTable {
    /// A table of at most `mib` mebibytes.
    pub(crate) fn new(mib: usize) -> ProofTable {
        ProofTable {
            entries: HashMap::new(),
            capacity: (mib << 20) / ENTRY_BYTES,
        }
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        self.entries.clear();
    }

    /// Forgets everything and gives back the memory.
    pub(crate) fn free(&mut self) {
        self.entries = HashMap::new();
    }
}

/// A proven win: its line (the defender answering with its longest resistance
/// along the proof) and the plies to the end of the win along the proof.
#[derive(Debug, Clone)]
pub(crate) struct Proof<B: Bits> {
    pub(crate) line: Vec<Move<B>>,
    pub(crate) plies: u32,
}

/// What a proof search may spend.
#[derive(Debug, Clone)]
pub(crate) struct ProofLimits {
    /// Move generations.
    pub(crate) nodes: u64,
    /// When to give up.
    pub(crate) deadline: Option<Instant>,
    /// Gives up when set.
    pub(crate) stop: Option<Arc<AtomicBool>>,
    /// The limits of each move generation.
    pub(crate) generation: Budget,
}

/// One proof search: the board, the table, the line searched and the limits.
pub(crate) struct Prover<'a, B: Bits> {
    board: &'a Board<B>,
    eval: &'a Evaluator<B>,
    table: &'a mut ProofTable,
    /// The game's positions and the current line, as the draw rules read them (a
    /// position they draw is no win).
    path: Vec<Step>,
    /// Whether the variant counts moves to a draw: the table's keys then carry the
    /// plies the counts leave (see [`line::counts_left`](super::line::counts_left)).
    counted: bool,
    /// Per ply: the move list, the children and what this visit alone knows of them.
    lists: Vec<MoveList<B>>,
    children: Vec<Vec<(Move<B>, Position<B>)>>,
    on_line: Vec<Vec<Option<Known>>>,
    /// Scratch for the replies to a capture.
    reply: MoveList<B>,
    spent: u64,
    limits: ProofLimits,
    halted: bool,
}

impl<'a, B: Bits> Prover<'a, B> {
    /// A prover over `table` for the game line `path` (its last entry the root).
    pub(crate) fn new(
        board: &'a Board<B>,
        eval: &'a Evaluator<B>,
        table: &'a mut ProofTable,
        path: &[Step],
        limits: ProofLimits,
    ) -> Prover<'a, B> {
        let rules = board.rules();
        Prover {
            board,
            eval,
            table,
            path: path.to_vec(),
            counted: rules.king_move_draw > 0 || !rules.lone_king_draw.is_empty(),
            lists: Vec::new(),
            children: Vec::new(),
            on_line: Vec::new(),
            reply: MoveList::with_budget(limits.generation.clone()),
            spent: 0,
            limits,
            halted: false,
        }
    }

    /// Move generations spent so far.
    pub(crate) fn spent(&self) -> u64 {
        self.spent
    }

    /// Proves a win for the side to move at `root`, or gives up at the limits (or
    /// when the win is disproved).
    pub(crate) fn prove(&mut self, root: &Position<B>) -> Option<Proof<B>> {
        if self.table.entries.len() >= self.table.capacity {
            self.table.clear();
        }
        let (known, _) = self.search(root, 0, INFINITE, INFINITE);
        if known.pn != 0 {
            return None;
        }
        Some(Proof {
            line: self.line(root),
            plies: known.plies,
        })
    }

    /// The proof's line from `root`: the attacker's shortest proved move, the
    /// defender's longest-resisting reply.
    fn line(&mut self, root: &Position<B>) -> Vec<Move<B>> {
        let mut line = Vec::new();
        let mut pos = *root;
        let mut list = MoveList::new();
        let depth = self.path.len();
        while line.len() < PROOF_PLIES {
            self.board.legal_moves(&pos, &mut list);
            let attacker = line.len().is_multiple_of(2);
            let mut next: Option<(u32, Move<B>, Position<B>)> = None;
            for mv in list.iter() {
                let child = pos.play(self.board, mv);
                self.path.push(self.step(&child, mv));
                let known = self.known(&child, root.side());
                self.path.pop();
                let Some(known) = known.filter(|k| k.pn == 0) else {
                    continue;
                };
                let better = next.is_none_or(|(plies, _, _)| {
                    if attacker {
                        known.plies < plies
                    } else {
                        known.plies > plies
                    }
                });
                if better {
                    next = Some((known.plies, *mv, child));
                }
            }
            let Some((_, mv, child)) = next else {
                break;
            };
            self.path.push(self.step(&child, &mv));
            line.push(mv);
            pos = child;
        }
        self.path.truncate(depth);
        line
    }

    /// The step of the line into `child` by `mv`.
    fn step(&self, child: &Position<B>, mv: &Move<B>) -> Step {
        Step::of(self.board, child, mv.kind == MoveKind::King)
    }

    /// The table's key of `pos`, the last position of the line: its hash, and where
    /// the variant counts moves to a draw, the plies the counts leave it.
    fn key(&self, pos: &Position<B>) -> u64 {
        if !self.counted {
            return pos.hash();
        }
        let (king, lone) = counts_left(&self.path, self.board.rules(), PROOF_PLIES);
        let mix = (king as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ (lone as u64 + 1).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        pos.hash() ^ mix.rotate_left(29)
    }

    /// What the table knows of `child`, or that the game ends there with `winner`
    /// the winner.
    fn known(&mut self, child: &Position<B>, winner: Colour) -> Option<Known> {
        if let Some(known) = self.table.entries.get(&self.key(child)) {
            return Some(*known);
        }
        self.board.legal_moves(child, &mut self.reply);
        (self.reply.is_empty() && self.board.out_of_moves(child).winner() == Some(winner))
            .then_some(proved(0))
    }

    /// Whether the node at `ply` is the attacker's turn (an OR node).
    fn attacker(ply: usize) -> bool {
        ply.is_multiple_of(2)
    }

    /// Counts one move generation; halts at the limits.
    fn spend(&mut self, list: &MoveList<B>) {
        self.spent += 1;
        let timed_out = self.spent.is_multiple_of(64)
            && (self.limits.deadline.is_some_and(|d| Instant::now() >= d)
                || self
                    .limits
                    .stop
                    .as_ref()
                    .is_some_and(|f| f.load(Ordering::Relaxed)));
        if self.spent >= self.limits.nodes
            || timed_out
            || list.exhausted().is_some()
            || self.table.entries.len() >= self.table.capacity
        {
            self.halted = true;
        }
    }

    /// The scratch of `ply`, grown on first use.
    fn arm(&mut self, ply: usize) {
        while self.lists.len() <= ply {
            self.lists
                .push(MoveList::with_budget(self.limits.generation.clone()));
            self.children.push(Vec::new());
            self.on_line.push(Vec::new());
        }
    }

    /// The depth-first search of `pos` at `ply` until its proof number reaches
    /// `max_pn` or its disproof number `max_dn`. Also says whether a disproof found
    /// holds only on this line (it rests on a draw by the rules or the ply limit): such a
    /// disproof is kept by the caller for this visit, never in the table.
    fn search(&mut self, pos: &Position<B>, ply: usize, max_pn: u32, max_dn: u32) -> (Known, bool) {
        let key = self.key(pos);
        self.arm(ply);
        let mut list = std::mem::take(&mut self.lists[ply]);
        self.board.legal_moves(pos, &mut list);
        self.spend(&list);
        let mut children = std::mem::take(&mut self.children[ply]);
        children.clear();
        children.extend(list.iter().map(|mv| (*mv, pos.play(self.board, mv))));
        self.lists[ply] = list;
        let mut on_line = std::mem::take(&mut self.on_line[ply]);
        on_line.clear();
        on_line.resize(children.len(), None);
        let or = Self::attacker(ply);
        let result = loop {
            let mut best: Option<(usize, Known)> = None;
            let mut second = INFINITE;
            let (mut pn, mut dn) = if or { (INFINITE, 0) } else { (0, INFINITE) };
            let mut plies = if or { u32::MAX } else { 0 };
            // Whether the node's disproof holds on every line: an AND node's needs
            // one such child's, an OR node's every child's.
            let mut lasting = or;
            for (i, (mv, child)) in children.iter().enumerate() {
                let (known, local) = match on_line[i] {
                    Some(known) => (known, true),
                    None => self.child(child, mv, ply + 1),
                };
                if local {
                    on_line[i] = Some(known);
                }
                let key = if or { known.pn } else { known.dn };
                if or {
                    pn = pn.min(known.pn);
                    dn = dn.saturating_add(known.dn);
                    if known.pn == 0 {
                        plies = plies.min(known.plies + 1);
                    }
                    lasting &= !local;
                } else {
                    pn = pn.saturating_add(known.pn);
                    dn = dn.min(known.dn);
                    plies = plies.max(known.plies + 1);
                    lasting |= known.dn == 0 && !local;
                }
                match best {
                    Some((_, b)) if key >= if or { b.pn } else { b.dn } => {
                        second = second.min(key);
                    }
                    Some((_, b)) => {
                        second = if or { b.pn } else { b.dn };
                        best = Some((i, known));
                    }
                    None => best = Some((i, known)),
                }
            }
            // A sum saturates short of a solved number: only a child's proof or
            // disproof solves the node.
            if or && pn != 0 {
                dn = dn.min(INFINITE - 1);
            } else if !or && dn != 0 {
                pn = pn.min(INFINITE - 1);
            }
            let known = Known {
                pn,
                dn,
                plies: if pn == 0 { plies } else { 0 },
            };
            let local = dn == 0 && !lasting;
            let Some((i, b)) = best else {
                break (known, local);
            };
            if pn >= max_pn || dn >= max_dn || pn == 0 || dn == 0 || self.halted {
                if !local {
                    self.table.entries.insert(key, known);
                }
                break (known, local);
            }
            let (child_pn, child_dn) = if or {
                (max_pn.min(second.saturating_add(1)), max_dn - dn + b.dn)
            } else {
                (max_pn - pn + b.pn, max_dn.min(second.saturating_add(1)))
            };
            let (mv, child) = children[i];
            self.path.push(self.step(&child, &mv));
            let (found, found_local) = self.search(&child, ply + 1, child_pn, child_dn);
            self.path.pop();
            if found_local {
                on_line[i] = Some(found);
            }
        };
        self.children[ply] = children;
        self.on_line[ply] = on_line;
        result
    }

    /// What is known of `child` (reached by `mv`, at `ply`), and whether it holds on
    /// this line only: a draw by the rules (a repetition, a count) or the ply limit
    /// (no win, here), else the table's entry, the game's end, or first numbers from
    /// its moves.
    fn child(&mut self, child: &Position<B>, mv: &Move<B>, ply: usize) -> (Known, bool) {
        if ply >= PROOF_PLIES {
            return (DISPROVED, true);
        }
        self.path.push(self.step(child, mv));
        let repeated = repeats(&self.path);
        let counted = counted_out(&self.path, self.board.rules());
        let hash = self.key(child);
        self.path.pop();
        if repeated {
            return (DISPROVED, true);
        }
        if let Some(known) = self.table.entries.get(&hash).filter(|_| !counted) {
            return (*known, false);
        }
        self.arm(ply);
        let mut list = std::mem::take(&mut self.lists[ply]);
        self.board.legal_moves(child, &mut list);
        self.spend(&list);
        if counted && !list.is_empty() {
            self.lists[ply] = list;
            return (DISPROVED, true);
        }
        let or = Self::attacker(ply);
        let known = if list.is_empty() {
            let mover_wins = self.board.out_of_moves(child).winner() == Some(child.side());
            if mover_wins == or {
                proved(u32::from(mover_wins))
            } else {
                DISPROVED
            }
        } else if or && list.as_slice()[0].kind.is_capture() && self.wins_at_once(child, &list) {
            proved(1)
        } else if or {
            Known {
                pn: 1,
                dn: list.len() as u32,
                plies: 0,
            }
        } else {
            // The defender's moves out of the attackers' reach, where it is run down.
            let safe = match self.eval.lone_room(self.board, child) {
                Some((weak, room)) if weak == child.side() => {
                    list.iter().filter(|m| room.has(m.to)).count() as u32
                }
                _ => list.len() as u32,
            };
            Known {
                pn: safe.max(1),
                dn: 1,
                plies: 0,
            }
        };
        self.lists[ply] = list;
        self.table.entries.insert(hash, known);
        (known, false)
    }

    /// Whether one of `captures` (the moves of `pos`) ends the game with the side to
    /// move the winner.
    fn wins_at_once(&mut self, pos: &Position<B>, captures: &MoveList<B>) -> bool {
        let mut reply = std::mem::take(&mut self.reply);
        let won = captures.iter().any(|mv| {
            let next = pos.play(self.board, mv);
            self.board.legal_moves(&next, &mut reply);
            self.spent += 1;
            reply.is_empty() && self.board.out_of_moves(&next).winner() == Some(pos.side())
        });
        self.reply = reply;
        won
    }
}
