//! Iterative-deepening negamax with alpha-beta, principal variation search, aspiration
//! windows, late move reductions, a transposition table, killer and history move
//! ordering, and a quiescence
//! search over captures (captures are compulsory, so a position where the side to move
//! must capture is never evaluated statically).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use bushka_rules::{
    Bits, Board, Budget, Game, GenerationLimit, MAX_GENERATION_STEPS, Move, MoveKind, MoveList,
    Position,
};
use bushka_tablebase::Tablebases;

use crate::eval::Evaluator;
use crate::score::{MATE, MATE_BOUND};
use crate::tables;
use crate::tt::{Bound, Entry, MoveKey, Table};

/// Capture-search steps that count as one node in a search with a node limit: each
/// generation may take at most this many steps per node left, and every this many
/// steps it takes count as a node, so `nodes` bounds the whole search's work even on
/// a board whose captures take millions of steps to list. (An ordinary generation
/// takes far fewer steps: its node counts are unchanged.)
pub const STEPS_PER_NODE: u64 = 1024;

/// The capture-search steps one generation may take with `nodes_left` nodes to go
/// (`None`: no node limit).
fn step_cap(nodes_left: Option<u64>) -> u64 {
    nodes_left.map_or(MAX_GENERATION_STEPS, |n| {
        n.saturating_mul(STEPS_PER_NODE).min(MAX_GENERATION_STEPS)
    })
}

/// Deepest ply the search reaches (quiescence included).
pub const MAX_PLY: usize = 200;

/// How long to search.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Most nodes.
    pub nodes: Option<u64>,
    /// Time for this move.
    pub movetime: Option<Duration>,
    /// Time left on the clock and increment per move.
    pub clock: Option<(Duration, Duration)>,
}

impl Limits {
    /// Searches to a fixed depth.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Searches for a fixed time.
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }

    /// Searches a fixed number of nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// A `1/divisor` share of these limits: of the node count and of the time this move
    /// may take (the depth stays). A share of no limit is no limit.
    pub fn share(&self, divisor: u32) -> Limits {
        let divisor = divisor.max(1);
        Limits {
            depth: self.depth,
            nodes: self.nodes.map(|n| (n / u64::from(divisor)).max(1)),
            movetime: self.time_budget().map(|t| t / divisor),
            clock: None,
        }
    }

    fn time_budget(&self) -> Option<Duration> {
        let from_clock = self.clock.map(|(left, inc)| {
            let share = left / 25 + inc * 3 / 4;
            share.min(left / 2).max(Duration::from_millis(5))
        });
        match (self.movetime, from_clock) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}

/// One completed iteration of the search.
#[derive(Debug, Clone)]
pub struct Iteration<B: Bits> {
    /// Depth of the iteration.
    pub depth: u32,
    /// Score from the side to move's view, in centi-men (or a mate score).
    pub score: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The principal variation.
    pub pv: Vec<Move<B>>,
}

/// The result of a search.
#[derive(Debug, Clone)]
pub struct SearchResult<B: Bits> {
    /// The best move (none when there is no legal move).
    pub best: Option<Move<B>>,
    /// The last completed iteration (none when there is no legal move); depth 0 when
    /// the search was stopped inside the first iteration (its move is then the best
    /// root move found so far, or the first legal move).
    pub last: Option<Iteration<B>>,
    /// Nodes searched.
    pub nodes: u64,
    /// The limit that stopped the search before the root's legal moves were listed
    /// (then there is no best move although the side to move may have moves).
    pub unlisted: Option<GenerationLimit>,
    /// The limit that stopped a move generation inside the search (the deadline, the
    /// stop flag, or the capture-search steps the node limit leaves); the search then
    /// answered with what it had found.
    pub cut: Option<GenerationLimit>,
}

/// A reusable searcher for one board.
#[derive(Debug)]
pub struct Searcher<B: Bits> {
    board: Arc<Board<B>>,
    eval: Evaluator<B>,
    tt: Table,
    killers: Vec<[Option<MoveKey>; 2]>,
    history: Vec<i32>,
    span: usize,
    lists: Vec<MoveList<B>>,
    order: Vec<Vec<(i64, usize)>>,
    pv: Vec<Vec<Move<B>>>,
    /// Hashes of the game and the current line, with whether the move into each
    /// position could be undone (a king move) — repetition stops at the others.
    path: Vec<(u64, bool)>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stopped: bool,
    /// The limit that stopped a generation of the current search, if one did.
    cut: Option<GenerationLimit>,
    stop: Option<Arc<AtomicBool>>,
    /// Endgame tables: covered positions are scored exactly.
    tables: Option<Arc<Tablebases>>,
}

impl<B: Bits> Searcher<B> {
    /// A searcher with a transposition table of `tt_mib` mebibytes. Its memory (the
    /// table, move ordering, move lists) is taken by the first search, and kept until
    /// [`Searcher::free_memory`].
    pub fn new(board: Arc<Board<B>>, tt_mib: usize) -> Searcher<B> {
        let eval = Evaluator::new(&board);
        let span = board.geometry().embedding().span;
        Searcher {
            eval,
            tt: Table::new(tt_mib),
            killers: Vec::new(),
            history: Vec::new(),
            span,
            lists: Vec::new(),
            order: Vec::new(),
            pv: Vec::new(),
            path: Vec::new(),
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            stopped: false,
            cut: None,
            stop: None,
            tables: None,
            board,
        }
    }

    /// The evaluator in use.
    pub fn evaluator(&self) -> &Evaluator<B> {
        &self.eval
    }

    /// Sets a flag that stops the search when raised (from another thread).
    pub fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.stop = Some(flag);
    }

    /// Scores positions the tables cover exactly (distance to the end in plies).
    pub fn set_tablebases(&mut self, tables: Arc<Tablebases>) {
        self.tables = Some(tables);
    }

    /// Gives back the search's memory (transposition table, move ordering, move
    /// lists), forgetting what it learnt: the next search starts as a new searcher's
    /// first would. For a player that waits long between its moves (a game on a
    /// server) and must hold no memory meanwhile.
    pub fn free_memory(&mut self) {
        self.tt.free();
        self.killers = Vec::new();
        self.history = Vec::new();
        self.lists = Vec::new();
        self.order = Vec::new();
        self.pv = Vec::new();
    }

    /// Takes the search's memory, unless it holds it already.
    fn allocate(&mut self) {
        self.tt.allocate();
        if self.lists.is_empty() {
            self.killers = vec![[None; 2]; MAX_PLY + 1];
            self.history = vec![0; self.span * self.span];
            self.lists = (0..=MAX_PLY).map(|_| MoveList::new()).collect();
            self.order = vec![Vec::new(); MAX_PLY + 1];
            self.pv = vec![Vec::new(); MAX_PLY + 2];
        }
    }

    /// Forgets everything learnt (transposition table, killers, history).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history.iter_mut().for_each(|h| *h = 0);
    }

    /// Nodes searched by the last search or [`Searcher::root_moves_at_least`].
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Static evaluation from the side to move's view.
    pub fn evaluate(&self, pos: &Position<B>) -> i32 {
        self.eval.evaluate(&self.board, pos)
    }

    /// Searches the current position of `game`, knowing its history for repetitions.
    pub fn search_game(
        &mut self,
        game: &Game<B>,
        limits: &Limits,
        on_iteration: impl FnMut(&Iteration<B>),
    ) -> SearchResult<B> {
        let root = (*game.position(), game.legal_moves());
        self.run(Instant::now(), root, game_path(game), limits, on_iteration)
    }

    /// Searches `pos` with no game history.
    pub fn search(
        &mut self,
        pos: &Position<B>,
        limits: &Limits,
        on_iteration: impl FnMut(&Iteration<B>),
    ) -> SearchResult<B> {
        let start = Instant::now();
        let budget = Budget::steps(step_cap(limits.nodes))
            .with_deadline(limits.time_budget().map(|t| start + t))
            .with_stop(self.stop.clone());
        match self.board.moves_within(pos, budget) {
            Ok(legal) => {
                let root = (*pos, legal.as_slice());
                self.run(start, root, vec![(pos.hash(), false)], limits, on_iteration)
            }
            Err(limit) => SearchResult {
                best: None,
                last: None,
                nodes: 0,
                unlisted: Some(limit),
                cut: None,
            },
        }
    }

    /// Searches `root` (a position and its legal moves), the limits counted from `start`.
    fn run(
        &mut self,
        start: Instant,
        (root, legal): (Position<B>, &[Move<B>]),
        path: Vec<(u64, bool)>,
        limits: &Limits,
        mut on_iteration: impl FnMut(&Iteration<B>),
    ) -> SearchResult<B> {
        self.begin(start, path, limits);
        if legal.is_empty() {
            return SearchResult {
                best: None,
                last: None,
                nodes: 0,
                unlisted: None,
                cut: None,
            };
        }
        let mut max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 / 2)
            .clamp(1, MAX_PLY as u32 / 2);
        if tables::covers_children(self.tables.as_deref(), &self.board, &root, legal) {
            // Every move leads to a position the tables score exactly.
            max_depth = 1;
        }
        let mut last: Option<Iteration<B>> = None;
        for depth in 1..=max_depth {
            let score = match &last {
                Some(prev) if depth >= 4 && prev.score.abs() < MATE_BOUND => {
                    self.aspiration(&root, depth, prev.score)
                }
                _ => self.negamax(&root, depth as i32, -MATE, MATE, 0),
            };
            if self.stopped {
                // A stop inside the first iteration still answers: the best root move
                // found so far, else the first legal move.
                if last.is_none() {
                    let best = self.pv[0].first().copied().unwrap_or(legal[0]);
                    last = Some(Iteration {
                        depth: 0,
                        score: 0,
                        nodes: self.nodes,
                        elapsed: start.elapsed(),
                        pv: vec![best],
                    });
                }
                break;
            }
            let mut pv = self.pv[0].clone();
            if pv.is_empty() {
                pv.push(legal[0]);
            }
            let iteration = Iteration {
                depth,
                score,
                nodes: self.nodes,
                elapsed: start.elapsed(),
                pv,
            };
            on_iteration(&iteration);
            let decided = score.abs() > MATE_BOUND && (MATE - score.abs()) as u32 <= depth;
            last = Some(iteration);
            if decided || legal.len() == 1 || self.out_of_budget() {
                break;
            }
        }
        SearchResult {
            best: last.as_ref().and_then(|it| it.pv.first().copied()),
            last,
            nodes: self.nodes,
            unlisted: None,
            cut: self.cut,
        }
    }

    fn aspiration(&mut self, root: &Position<B>, depth: u32, guess: i32) -> i32 {
        let mut window = 40;
        loop {
            let (alpha, beta) = (guess - window, guess + window);
            let score = self.negamax(root, depth as i32, alpha, beta, 0);
            if self.stopped || (score > alpha && score < beta) {
                return score;
            }
            if window > 1000 {
                return self.negamax(root, depth as i32, -MATE, MATE, 0);
            }
            window *= 4;
        }
    }

    /// Starts a search from the game line `path` under `limits`, counted from `start`:
    /// its memory taken, no nodes yet, nothing stopped or cut, the move lists armed.
    fn begin(&mut self, start: Instant, path: Vec<(u64, bool)>, limits: &Limits) {
        self.allocate();
        self.path = path;
        self.nodes = 0;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.deadline = limits.time_budget().map(|t| start + t);
        self.stopped = false;
        self.cut = None;
        self.arm_lists();
    }

    /// Gives every move list the generation budget of this search (the step cap, the
    /// deadline, the stop flag) and returns it.
    fn arm_lists(&mut self) -> Budget {
        let budget = Budget::steps(MAX_GENERATION_STEPS)
            .with_deadline(self.deadline)
            .with_stop(self.stop.clone());
        for list in &mut self.lists {
            list.set_budget(budget.clone());
        }
        budget
    }

    /// Whether the soft limits say no new iteration should start.
    fn out_of_budget(&self) -> bool {
        self.nodes >= self.node_limit
            || self.deadline.is_some_and(|d| {
                let now = Instant::now();
                now >= d
            })
    }

    /// Stops the search at the node limit, the deadline or the stop flag, at any depth
    /// (the clock is read every few nodes: a node of a huge board can be slow).
    fn check_stop(&mut self) {
        if self.nodes >= self.node_limit {
            self.stopped = true;
        } else if self.nodes % 64 == 1 {
            let timed_out = self.deadline.is_some_and(|d| Instant::now() >= d);
            let flagged = self
                .stop
                .as_ref()
                .is_some_and(|f| f.load(Ordering::Relaxed));
            self.stopped = timed_out || flagged;
        }
    }

    /// Whether the position just reached repeats one earlier in the game or line.
    fn repeats(&self, hash: u64) -> bool {
        let n = self.path.len();
        // path[n - 1] is this position; walk back over reversible moves only.
        let mut i = n - 1;
        while i > 0 && self.path[i].1 {
            i -= 1;
            if self.path[i].0 == hash {
                return true;
            }
        }
        false
    }

    fn negamax(
        &mut self,
        pos: &Position<B>,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.nodes += 1;
        self.check_stop();
        self.pv[ply].clear();
        if self.stopped {
            return 0;
        }
        if ply > 0 && self.repeats(pos.hash()) {
            return 0;
        }
        if ply > 0
            && let Some(score) = tables::probe(self.tables.as_deref(), &self.board, pos, ply)
        {
            return score;
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
        let node_limited = self.node_limit != u64::MAX;
        if node_limited {
            list.set_step_limit(step_cap(Some(self.node_limit.saturating_sub(self.nodes))));
        }
        self.board.legal_moves(pos, &mut list);
        if node_limited {
            self.nodes += list.steps_spent() / STEPS_PER_NODE;
        }
        if list.exhausted().is_some() {
            // One generation ran into the deadline, the stop flag or the step cap.
            self.cut = list.exhausted();
            self.stopped = true;
            self.lists[ply] = list;
            return 0;
        }
        let result = self.node(pos, &list, depth, &mut alpha, beta, ply);
        self.lists[ply] = list;
        result
    }

    fn node(
        &mut self,
        pos: &Position<B>,
        list: &MoveList<B>,
        depth: i32,
        alpha: &mut i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let moves = list.as_slice();
        let Some(first) = moves.first() else {
            return -MATE + ply as i32;
        };
        let forced_capture = first.kind.is_capture();
        if (depth <= 0 && !forced_capture) || ply >= MAX_PLY {
            return self.evaluate(pos);
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
        let tt_move = entry.and_then(|e| e.best);
        self.order_moves(moves, tt_move, ply);
        let extend = moves.len() == 1 && depth > 0 && ply < MAX_PLY / 2;
        let child_depth = if extend { depth } else { depth - 1 };
        let mut best_score = -MATE - 1;
        let mut best_move = None;
        let mut order = std::mem::take(&mut self.order[ply]);
        for (i, &(_, index)) in order.iter().enumerate() {
            let mv = &moves[index];
            let child = pos.play(&self.board, mv);
            self.path.push((child.hash(), mv.kind == MoveKind::King));
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

    /// Fills `self.order[ply]` with (priority, index) pairs, best first.
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
        order.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
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

/// The root hook for the engine's choice among near-best moves ([`crate::Engine`]).
impl<B: Bits> Searcher<B> {
    /// The legal moves of `game` whose `depth`-ply score is at least `floor`, by one
    /// null-window search each (cheap after a search of that depth filled the table),
    /// within `limits`' nodes and time: when they run out, the moves confirmed so far.
    pub fn root_moves_at_least(
        &mut self,
        game: &Game<B>,
        depth: u32,
        floor: i32,
        limits: &Limits,
    ) -> Vec<Move<B>> {
        let root = *game.position();
        self.begin(Instant::now(), game_path(game), limits);
        let depth = depth.clamp(1, MAX_PLY as u32 / 2) as i32;
        let mut chosen = Vec::new();
        for mv in game.legal_moves() {
            let child = root.play(&self.board, mv);
            self.path.push((child.hash(), mv.kind == MoveKind::King));
            let score = -self.negamax(&child, depth - 1, -floor, -floor + 1, 1);
            self.path.pop();
            if self.stopped {
                break;
            }
            if score >= floor {
                chosen.push(*mv);
            }
        }
        chosen
    }
}

/// Hashes of the positions of `game`, with whether the move into each could be undone.
fn game_path<B: Bits>(game: &Game<B>) -> Vec<(u64, bool)> {
    let mut path = Vec::with_capacity(game.positions().len() + MAX_PLY);
    for (i, pos) in game.positions().iter().enumerate() {
        let reversible = i > 0 && game.moves()[i - 1].kind == MoveKind::King;
        path.push((pos.hash(), reversible));
    }
    path
}

fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
