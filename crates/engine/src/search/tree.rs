//! The walk of the tree below the root: negamax with principal variation search, late
//! move reductions and ProbCut, the transposition table's cut-offs, move ordering (the
//! table's move, captures, killers, history), repetitions, endgame-table scores, and
//! the checks that stop a search at its limits.

use std::cmp::Reverse;

use bushka_rules::{Bits, Move, MoveKind, MoveList, Position};

use super::line::{Step, counted_out, repeats};
use super::{MAX_PLY, Searcher};
use crate::limits::{STEPS_PER_NODE, step_cap};
use crate::score::{MATE, MATE_BOUND, terminal_score};
use crate::tables;
use crate::tt::{Bound, Entry, MoveKey};

/// The shallowest node where ProbCut tries its shallow search.
const PROBCUT_DEPTH: i32 = 5;

/// How much shallower ProbCut's search is.
const PROBCUT_REDUCTION: i32 = 4;

impl<B: Bits> Searcher<B> {
    /// Stops the search at the node limit, the deadline or the stop flag, at any depth
    /// (the clock is read every few nodes: a node of a huge board can be slow).
    fn check_stop(&mut self) {
        if self.nodes >= self.node_limit {
            self.stopped = true;
        } else if self.nodes % 64 == 1 {
            self.stopped = self.halted();
        }
    }

    pub(super) fn negamax(
        &mut self,
        pos: &Position<B>,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.pv[ply].clear();
        if self.stopped {
            // A search already stopped (a re-search after a stopped one) visits nothing.
            return 0;
        }
        self.nodes += 1;
        self.check_stop();
        if self.stopped {
            return 0;
        }
        if ply > 0 && repeats(&self.path) {
            return 0;
        }
        if ply > 0
            && let Some(score) = tables::probe(self.tables.as_deref(), &self.board, pos, ply)
        {
            return score;
        }
        if depth > 0 {
            // The node probes the table once its moves are generated (a quiescence
            // node only when it must capture, so it is not asked for there).
            self.tt.prefetch(pos.hash());
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
        let node_limited = self.node_limit != u64::MAX;
        if node_limited {
            list.set_step_limit(step_cap(Some(self.node_limit.saturating_sub(self.nodes))));
        }
        // At the horizon a position without a capture is scored, not searched: its
        // quiet moves are only looked for, not listed.
        let mobile = if depth > 0 {
            self.board.legal_moves(pos, &mut list);
            !list.is_empty()
        } else {
            self.board.captures_or_mobility(pos, &mut list)
        };
        if node_limited {
            self.nodes += list.steps_spent() / STEPS_PER_NODE;
            // The generation's steps may have spent the last of the nodes.
            self.stopped = self.nodes >= self.node_limit;
        }
        if list.exhausted().is_some() || self.stopped {
            // One generation ran into the deadline, the stop flag or the step cap, or
            // spent the nodes left.
            self.cut = list.exhausted();
            self.stopped = true;
            self.lists[ply] = list;
            return 0;
        }
        let result = self.node(pos, (&list, mobile), depth, &mut alpha, beta, ply);
        self.lists[ply] = list;
        result
    }

    /// The node of `pos` once its moves are known: `list` and whether `pos` has a
    /// legal move (at the horizon, `list` holds only captures).
    fn node(
        &mut self,
        pos: &Position<B>,
        (list, mobile): (&MoveList<B>, bool),
        depth: i32,
        alpha: &mut i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if !mobile {
            return terminal_score(&self.board, pos, ply);
        }
        if ply > 0 && counted_out(&self.path, self.board.rules()) {
            return 0;
        }
        let moves = list.as_slice();
        let forced_capture = moves.first().is_some_and(|mv| mv.kind.is_capture());
        if (depth <= 0 && !forced_capture) || depth <= -self.capture_horizon || ply >= MAX_PLY {
            let (eval, board) = (&self.eval, &self.board);
            return self
                .evaluated
                .score(pos.hash(), || eval.evaluate(board, pos));
        }
        let original_alpha = *alpha;
        let entry = self.tt.probe(pos.hash());
        if let Some(e) = entry
            && ply > 0
            && e.depth as i32 >= depth
        {
            let score = from_tt(e.score, ply);
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= *alpha,
            };
            if cut {
                return score;
            }
        }
        if let Some(score) = self.probcut(pos, list, depth, (*alpha, beta), ply, entry) {
            return score;
        }
        let tt_move = entry.and_then(|e| e.best);
        self.order_moves(moves, tt_move, ply);
        let extend = moves.len() == 1 && depth > 0 && ply < MAX_PLY / 2;
        let child_depth = if extend { depth } else { depth - 1 };
        let mut best_score = -MATE - 1;
        let mut best_move = None;
        let mut order = std::mem::take(&mut self.order[ply]);
        for i in 0..order.len() {
            next_best(&mut order, i);
            let mv = &moves[order[i].1];
            let child = pos.play(&self.board, mv);
            self.path
                .push(Step::of(&self.board, &child, mv.kind == MoveKind::King));
            let score = if i == 0 {
                -self.negamax(&child, child_depth, -beta, -*alpha, ply + 1)
            } else {
                // Late quiet moves are searched shallower first (late move reduction);
                // a move that beats alpha is searched again at full depth.
                let reduction = if depth >= 3 && i >= 3 && !mv.kind.is_capture() && !mv.promotes {
                    1 + i32::from(i >= 8 && depth >= 5)
                } else {
                    0
                };
                let mut probe = -self.negamax(
                    &child,
                    child_depth - reduction,
                    -*alpha - 1,
                    -*alpha,
                    ply + 1,
                );
                if reduction > 0 && probe > *alpha {
                    probe = -self.negamax(&child, child_depth, -*alpha - 1, -*alpha, ply + 1);
                }
                if probe > *alpha && probe < beta {
                    -self.negamax(&child, child_depth, -beta, -*alpha, ply + 1)
                } else {
                    probe
                }
            };
            self.path.pop();
            if self.stopped {
                self.order[ply] = order;
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(*mv);
                if score > *alpha {
                    *alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(*mv);
                    head[ply].extend_from_slice(&tail[0]);
                    if score >= beta {
                        if !mv.kind.is_capture() {
                            self.reward(mv, depth, ply);
                        }
                        break;
                    }
                }
            }
        }
        order.clear();
        self.order[ply] = order;
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(Entry {
            key: pos.hash(),
            best: best_move.as_ref().map(MoveKey::of),
            score: to_tt(best_score, ply),
            depth: depth.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            bound,
        });
        best_score
    }

    /// ProbCut: at a deep enough node off the principal variation, a search
    /// [`PROBCUT_REDUCTION`] plies shallower that beats beta by a margin (half a man)
    /// predicts that the full search fails high too, and its score is taken. Skipped
    /// when the table already says the shallow search would not reach the margin, and
    /// where lone kings are run down ([`crate::Evaluator::run_down`]): there the winning lines
    /// give a king to take the last one a few plies later, which a shallower search
    /// does not see, so it would cut the sacrifice before the full search finds the
    /// mate (three kings against one on Bushka, `W:WKe1,Kf2,Kg3:BKa6`, mated in 7
    /// through `g36 df6x`, was missed at depth 9 in about one search in twelve on
    /// three threads, whose shared table changes the tree).
    fn probcut(
        &mut self,
        pos: &Position<B>,
        list: &MoveList<B>,
        depth: i32,
        (alpha, beta): (i32, i32),
        ply: usize,
        entry: Option<Entry>,
    ) -> Option<i32> {
        let high = beta.saturating_add((self.eval.man_value() / 2).max(1));
        // Near a mate score a shallow search proves nothing about the full one.
        let decisive = beta.abs() >= MATE_BOUND || high >= MATE_BOUND;
        if ply == 0
            || depth < PROBCUT_DEPTH
            || beta - alpha != 1
            || decisive
            || self.eval.run_down(pos).is_some()
        {
            return None;
        }
        let shallow = depth - PROBCUT_REDUCTION;
        if let Some(e) = entry
            && e.depth as i32 >= shallow
            && e.bound != Bound::Lower
            && from_tt(e.score, ply) < high
        {
            return None;
        }
        let mut low = high - 1;
        let score = self.node(pos, (list, true), shallow, &mut low, high, ply);
        self.pv[ply].clear();
        (!self.stopped && score >= high).then_some(score)
    }

    /// Fills `self.order[ply]` with (priority, index) pairs, in the list's order: the
    /// search brings them forward best first ([`next_best`]).
    fn order_moves(&mut self, moves: &[Move<B>], tt_move: Option<MoveKey>, ply: usize) {
        let killers = self.killers[ply];
        let order = &mut self.order[ply];
        order.clear();
        for (i, mv) in moves.iter().enumerate() {
            let key = MoveKey::of(mv);
            let priority: i64 = if tt_move == Some(key) {
                1 << 40
            } else if mv.kind.is_capture() {
                (1 << 30) + mv.captured.count() as i64 * 1000
            } else if killers[0] == Some(key) {
                1 << 29
            } else if killers[1] == Some(key) {
                (1 << 29) - 1
            } else {
                let promotes = if mv.promotes { 1 << 28 } else { 0 };
                promotes + self.history[mv.from.index() * self.span + mv.to.index()] as i64
            };
            order.push((priority, i));
        }
    }

    fn reward(&mut self, mv: &Move<B>, depth: i32, ply: usize) {
        let key = MoveKey::of(mv);
        let killers = &mut self.killers[ply];
        if killers[0] != Some(key) {
            killers[1] = killers[0];
            killers[0] = Some(key);
        }
        let h = &mut self.history[mv.from.index() * self.span + mv.to.index()];
        *h = (*h + depth.max(1) * depth.max(1)).min(1 << 20);
    }
}

/// Puts the best of the moves `order[i..]` at `i` (higher priority first, then the
/// list's order: a total order, so the moves are tried exactly as a full sort would
/// have them). The first is found alone, since a cut-off often comes before a second
/// move is wanted; the rest are sorted when the second is.
fn next_best(order: &mut [(i64, usize)], i: usize) {
    let rank = |&(priority, index): &(i64, usize)| (priority, Reverse(index));
    match i {
        0 => {
            if let Some(best) = (0..order.len()).max_by_key(|&j| rank(&order[j])) {
                order.swap(0, best);
            }
        }
        1 => order[1..].sort_unstable_by_key(|pair| Reverse(rank(pair))),
        _ => {}
    }
}

/// `score` at `ply` as the table keeps it: a mate counted from this node, not the root.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A table's `score` as seen at `ply`: a mate counted from the root again.
pub(super) fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::next_best;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Moves brought forward one at a time come in the order a full sort gives: by
    /// priority, ties in the list's order.
    #[test]
    fn next_best_gives_the_sorted_order() {
        let mut rng = ChaCha8Rng::seed_from_u64(23);
        for _ in 0..2000 {
            let len = rng.random_range(0..40);
            // Few priorities, so that ties are common.
            let listed: Vec<(i64, usize)> =
                (0..len).map(|i| (rng.random_range(-3..4), i)).collect();
            let mut sorted = listed.clone();
            sorted.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
            let mut order = listed;
            for i in 0..order.len() {
                next_best(&mut order, i);
            }
            assert_eq!(order, sorted);
        }
    }
}
