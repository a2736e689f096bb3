//! A proof-number search for forced wins: the side to move tries to prove a win,
//! depth first with thresholds (df-pn, Nagai's form of Allis's proof-number search),
//! its proof and disproof numbers kept in a table keyed by position, so that the many
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

use super::repeats;
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
    /// Hashes of the game and the current line, with whether each move into them
    /// could be undone (a repetition is no win).
    path: Vec<(u64, bool)>,
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
        path: &[(u64, bool)],
        limits: ProofLimits,
    ) -> Prover<'a, B> {
        Prover {
            board,
            eval,
            table,
            path: path.to_vec(),
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
        while line.len() < PROOF_PLIES {
            self.board.legal_moves(&pos, &mut list);
            let attacker = line.len().is_multiple_of(2);
            let next = list
                .iter()
                .filter_map(|mv| {
                    let child = pos.play(self.board, mv);
                    let known = self.known(&child, root.side())?;
                    (known.pn == 0).then_some((known.plies, *mv, child))
                })
                .reduce(|a, b| {
                    let better = if attacker { b.0 < a.0 } else { b.0 > a.0 };
                    if better { b } else { a }
                });
            let Some((_, mv, child)) = next else {
                break;
            };
            line.push(mv);
            pos = child;
        }
        line
    }

    /// What the table knows of `child`, or that the game ends there with `winner`
    /// the winner.
    fn known(&mut self, child: &Position<B>, winner: Colour) -> Option<Known> {
        if let Some(known) = self.table.entries.get(&child.hash()) {
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
    /// holds only on this line (it rests on a repetition or the ply limit): such a
    /// disproof is kept by the caller for this visit, never in the table.
    fn search(&mut self, pos: &Position<B>, ply: usize, max_pn: u32, max_dn: u32) -> (Known, bool) {
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
                    self.table.entries.insert(pos.hash(), known);
                }
                break (known, local);
            }
            let (child_pn, child_dn) = if or {
                (max_pn.min(second.saturating_add(1)), max_dn - dn + b.dn)
            } else {
                (max_pn - pn + b.pn, max_dn.min(second.saturating_add(1)))
            };
            let (mv, child) = children[i];
            self.path.push((child.hash(), mv.kind == MoveKind::King));
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
    /// this line only: a repetition or the ply limit (no win, here), else the
    /// table's entry, the game's end, or first numbers from its moves.
    fn child(&mut self, child: &Position<B>, mv: &Move<B>, ply: usize) -> (Known, bool) {
        let hash = child.hash();
        if ply >= PROOF_PLIES || (mv.kind == MoveKind::King && self.repeats(hash)) {
            return (DISPROVED, true);
        }
        if let Some(known) = self.table.entries.get(&hash) {
            return (*known, false);
        }
        self.arm(ply);
        let mut list = std::mem::take(&mut self.lists[ply]);
        self.board.legal_moves(child, &mut list);
        self.spend(&list);
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

    /// Whether `hash`, reached by a reversible move, repeats a position earlier on
    /// the line.
    fn repeats(&mut self, hash: u64) -> bool {
        self.path.push((hash, true));
        let repeated = repeats(&self.path);
        self.path.pop();
        repeated
    }
}
