//! Iterative-deepening negamax with alpha-beta, principal variation search, aspiration
//! windows, late move reductions, ProbCut, a transposition table, killer and history move
//! ordering, and a quiescence search over captures (captures are compulsory, so a
//! position where the side to move must capture is not evaluated statically; under
//! Fanorona's capture, where some capture is almost always there, they are followed
//! for two plies past the horizon).
//!
//! Where the side to move hunts lone kings, a proof-number search tries to prove the
//! win first (`prover`).
//!
//! Both score a position that the variant's draw rules draw (a repetition, the
//! king-move count, the lone-king counts, read along the game and the line: `line`)
//! as a draw.
//!
//! This module holds the searcher, its memory and the iterations at the root; the
//! walk of the tree below the root is in `tree`, the proof search in `prover`, the
//! line and its draw rules in `line`.

mod eval_cache;
mod line;
mod prover;
mod tree;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use bushka_geometry::CaptureStyle;
use bushka_rules::{
    Bits, Board, Budget, Game, GenerationLimit, MAX_GENERATION_STEPS, Move, MoveKind, MoveList,
    Position,
};
use bushka_tablebase::Tablebases;

use crate::eval::{Evaluator, WEIGHTS};
use crate::limits::{Limits, step_cap};
use crate::score::{MATE, MATE_BOUND};
use crate::tables;
use crate::tt::{Bound, MoveKey, Table};
use eval_cache::EvalCache;
use line::{Step, counted_out, game_path, repeats};
use prover::{ProofLimits, ProofTable, Prover};

/// Deepest ply the search reaches (quiescence included).
pub const MAX_PLY: usize = 200;

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
    /// The principal variation (where the tree's line ends at a score it took from
    /// the transposition table, it goes on with the table's moves).
    pub pv: Vec<Move<B>>,
}

/// The result of a search.
#[derive(Debug, Clone)]
pub struct SearchResult<B: Bits> {
    /// The best move (none when there is no legal move).
    pub best: Option<Move<B>>,
    /// The last completed iteration (none when there is no legal move); depth 0 when
    /// the search was stopped inside the first iteration (its move is then the best
    /// root move found so far, or the first legal move). Where a proof is played after
    /// the alpha-beta search found no win as short, it is the proof, reported last.
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
    /// This thread's recent evaluations.
    evaluated: EvalCache,
    tt: Table,
    killers: Vec<[Option<MoveKey>; 2]>,
    history: Vec<i32>,
    span: usize,
    lists: Vec<MoveList<B>>,
    order: Vec<Vec<(i64, usize)>>,
    pv: Vec<Vec<Move<B>>>,
    /// The game's positions and the current line, as the draw rules read them.
    path: Vec<Step>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stopped: bool,
    /// The limit that stopped a generation of the current search, if one did.
    cut: Option<GenerationLimit>,
    stop: Option<Arc<AtomicBool>>,
    /// Endgame tables: covered positions are scored exactly.
    tables: Option<Arc<Tablebases>>,
    /// What the proof search knows, kept for the game's next moves.
    proofs: ProofTable,
    /// How many plies past the horizon forced captures are followed before a
    /// position is evaluated even though its side to move must capture.
    capture_horizon: i32,
    /// Threads a search uses: this one and `threads - 1` helpers.
    threads: usize,
    /// The helpers of a search on several threads: searchers of their own (move
    /// ordering, lists, line) sharing this one's table, kept between searches.
    helpers: Vec<Searcher<B>>,
}

/// How many plies past the horizon the search follows forced captures under `style`.
/// Jump and contact captures take material that does not come back, so a run of
/// forced captures dies out and is followed to its end (a position where a capture
/// is forced is never evaluated). In Fanorona some capture is available in almost
/// every position, so following them to the end is a full-width search without
/// bound: two plies of them are followed, then the position is evaluated.
fn capture_horizon(style: CaptureStyle) -> i32 {
    match style {
        CaptureStyle::Contact | CaptureStyle::Jump => MAX_PLY as i32,
        CaptureStyle::ApproachWithdrawal => 2,
    }
}

impl<B: Bits> Searcher<B> {
    /// A searcher with a transposition table of `tt_mib` mebibytes. Its memory (the
    /// table, move ordering, move lists) is taken by the first search, and kept until
    /// [`Searcher::free_memory`].
    pub fn new(board: Arc<Board<B>>, tt_mib: usize) -> Searcher<B> {
        let eval = Evaluator::new(&board);
        let span = board.geometry().embedding().span;
        let capture_horizon = capture_horizon(board.geometry().rules().capture);
        Searcher {
            capture_horizon,
            eval,
            evaluated: EvalCache::default(),
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
            proofs: ProofTable::new(tt_mib),
            board,
            threads: 1,
            helpers: Vec::new(),
        }
    }

    /// Searches on `threads` threads (at least one; one when not set): the others
    /// search the same root with the same limits, each its own way through the tree
    /// (every other one an iteration deeper), and share the transposition table, so
    /// this one finds more of the tree already searched (the lazy SMP of chess
    /// engines). The answer is the deepest iteration any thread completed (this
    /// thread's on a tie); with a node limit, the threads share it. Searches on several
    /// threads do not repeat exactly.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
        self.helpers.truncate(self.threads - 1);
    }

    /// A helper of a search on several threads: this searcher's board, evaluation
    /// and tables, the rest its own.
    fn helper(&self) -> Searcher<B> {
        let mut helper = Searcher::new(Arc::clone(&self.board), 0);
        helper.eval = self.eval.clone();
        helper.tables = self.tables.clone();
        helper
    }

    /// The board it searches.
    pub fn board(&self) -> &Arc<Board<B>> {
        &self.board
    }

    /// The evaluator in use.
    pub fn evaluator(&self) -> &Evaluator<B> {
        &self.eval
    }

    /// Scores positions with the hand-written terms even where the variant names a
    /// learned evaluation.
    pub fn use_classic_evaluation(&mut self) {
        self.eval = Evaluator::with_weights(&self.board, WEIGHTS);
        self.evaluated.clear();
        self.tt.clear();
        self.helpers.clear();
    }

    /// Sets a flag that stops the search when raised (from another thread).
    pub fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.stop = Some(flag);
    }

    /// Scores positions the tables cover exactly (distance to the end in plies).
    pub fn set_tablebases(&mut self, tables: Arc<Tablebases>) {
        self.tables = Some(tables);
        self.helpers.clear();
    }

    /// Gives back the search's memory (transposition table, move ordering, move
    /// lists), forgetting what it learnt: the next search starts as a new searcher's
    /// first would. For a player that waits long between its moves (a game on a
    /// server) and must hold no memory meanwhile.
    pub fn free_memory(&mut self) {
        self.tt.free();
        self.evaluated.free();
        self.proofs.free();
        self.killers = Vec::new();
        self.history = Vec::new();
        self.lists = Vec::new();
        self.order = Vec::new();
        self.pv = Vec::new();
        self.helpers = Vec::new();
    }

    /// Takes the search's memory, unless it holds it already.
    fn allocate(&mut self) {
        self.tt.allocate();
        self.evaluated.allocate();
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
        self.proofs.clear();
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history.iter_mut().for_each(|h| *h = 0);
        self.helpers.clear();
    }

    /// Nodes searched by the last search (on every thread) or
    /// [`Searcher::root_moves_at_least`].
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
                self.run(
                    start,
                    root,
                    // No move led to the root.
                    vec![Step::of(&self.board, pos, false)],
                    limits,
                    on_iteration,
                )
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
        path: Vec<Step>,
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
        // A search to a set depth is an alpha-beta search of that depth and no more.
        let proved = if limits.depth.is_none() && max_depth > 1 {
            self.prove(start, &root)
        } else {
            None
        };
        let last = match proved {
            Some(proved) if !self.holds_shorter_win(&root, proved.score) => {
                on_iteration(&proved);
                Some(proved)
            }
            proved => {
                let searched = if self.threads > 1 && max_depth > 1 && legal.len() > 1 {
                    self.iterate_with_helpers(start, (root, legal), max_depth, &mut on_iteration)
                } else {
                    self.iterate(start, (root, legal), max_depth, 0, &mut on_iteration)
                };
                match proved {
                    Some(mut proved)
                        if searched.as_ref().is_none_or(|it| it.score < proved.score) =>
                    {
                        // Reported after the alpha-beta's iterations, with the nodes and
                        // time of the whole search.
                        proved.nodes = self.nodes;
                        proved.elapsed = start.elapsed();
                        on_iteration(&proved);
                        Some(proved)
                    }
                    _ => searched,
                }
            }
        };
        SearchResult {
            best: last.as_ref().and_then(|it| it.pv.first().copied()),
            last,
            nodes: self.nodes,
            unlisted: None,
            cut: self.cut,
        }
    }

    /// Whether the table holds a shorter win for `root` than one scored `score` (from
    /// an earlier search of the same searcher whose tree went through `root`, as when
    /// it claimed a win the move before): the alpha-beta search then looks for that
    /// win again before a longer proof is played.
    fn holds_shorter_win(&self, root: &Position<B>, score: i32) -> bool {
        self.tt
            .probe(root.hash())
            .is_some_and(|e| e.bound != Bound::Upper && tree::from_tt(e.score, 0) > score)
    }

    /// Iterative deepening of `root` (a position and its legal moves) up to
    /// `max_depth`, each iteration `deeper` plies deeper than its number (a helper's
    /// way through the tree), the limits counted from `start`: the last iteration
    /// completed, or the best move found by a stopped first one.
    fn iterate(
        &mut self,
        start: Instant,
        (root, legal): (Position<B>, &[Move<B>]),
        max_depth: u32,
        deeper: u32,
        mut on_iteration: impl FnMut(&Iteration<B>),
    ) -> Option<Iteration<B>> {
        let mut last: Option<Iteration<B>> = None;
        for depth in 1..=max_depth {
            let depth = (depth + deeper).min(max_depth);
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
            self.extend_from_table(&root, &mut pv, depth as usize, score);
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
        last
    }

    /// Extends `pv`, a line from `root` scored `score`, up to `depth` moves (and no
    /// further than a mate it scores) with the best moves the table holds for the
    /// positions along it, as long as each entry is exact and scores the line as the
    /// root does, and no draw rule ends the line first. The line the tree hands up may
    /// end where a node took its exact score from the table (written by an earlier
    /// search or by another thread): the table then still knows how the line goes on,
    /// and the reply an engine ponders on is the line's second move.
    fn extend_from_table(
        &mut self,
        root: &Position<B>,
        pv: &mut Vec<Move<B>>,
        depth: usize,
        score: i32,
    ) {
        let length = if score.abs() > MATE_BOUND {
            depth.min((MATE - score.abs()) as usize)
        } else {
            depth
        };
        if pv.len() >= length {
            return;
        }
        let mut path = self.path.clone();
        let mut pos = *root;
        for mv in pv.iter() {
            pos = pos.play(&self.board, mv);
            path.push(Step::of(&self.board, &pos, mv.kind == MoveKind::King));
        }
        let mut list = std::mem::take(&mut self.lists[0]);
        while pv.len() < length && !repeats(&path) && !counted_out(&path, self.board.rules()) {
            let ply = pv.len();
            let expected = if ply.is_multiple_of(2) { score } else { -score };
            let Some(key) = self
                .tt
                .probe(pos.hash())
                .filter(|e| e.bound == Bound::Exact && tree::from_tt(e.score, ply) == expected)
                .and_then(|e| e.best)
            else {
                break;
            };
            self.board.legal_moves(&pos, &mut list);
            if list.exhausted().is_some() {
                break;
            }
            let Some(&mv) = list.as_slice().iter().find(|mv| MoveKey::of(mv) == key) else {
                break;
            };
            pv.push(mv);
            pos = pos.play(&self.board, &mv);
            path.push(Step::of(&self.board, &pos, mv.kind == MoveKind::King));
        }
        self.lists[0] = list;
    }

    /// [`Searcher::iterate`] on this thread while the helpers search the same root
    /// on theirs (see [`Searcher::set_threads`]) until this one ends: the deepest
    /// iteration completed (reported too when a helper's). A node limit is shared
    /// among the threads, each stopping at its share; this one, its own spent, waits
    /// for the helpers to spend theirs.
    fn iterate_with_helpers(
        &mut self,
        start: Instant,
        root: (Position<B>, &[Move<B>]),
        max_depth: u32,
        on_iteration: impl FnMut(&Iteration<B>),
    ) -> Option<Iteration<B>> {
        let threads = self.threads as u64;
        // A node limit is shared: each helper takes an equal share of the nodes left,
        // this thread the rest; too few to share, and this thread searches alone.
        let share = (self.node_limit != u64::MAX)
            .then(|| self.node_limit.saturating_sub(self.nodes) / threads);
        if share == Some(0) {
            return self.iterate(start, root, max_depth, 0, on_iteration);
        }
        if let Some(share) = share {
            self.node_limit -= share * (threads - 1);
        }
        while self.helpers.len() < self.threads - 1 {
            let helper = self.helper();
            self.helpers.push(helper);
        }
        let mut helpers = std::mem::take(&mut self.helpers);
        // The helpers stop at their share of a node limit, or when this thread ends
        // its search (which a raised stop flag or the deadline ends).
        let done = Arc::new(AtomicBool::new(false));
        for helper in &mut helpers {
            helper.tt = self.tt.share();
            helper.stop = Some(Arc::clone(&done));
            helper.begin(start, self.path.clone(), &Limits::default());
            helper.deadline = self.deadline;
            helper.node_limit = share.unwrap_or(u64::MAX);
            helper.arm_lists();
        }
        let mut on_iteration = on_iteration;
        let (mut last, deepest) = std::thread::scope(|scope| {
            let running: Vec<_> = helpers
                .iter_mut()
                .enumerate()
                .map(|(k, helper)| {
                    let deeper = u32::from(k % 2 == 0);
                    scope.spawn(move || helper.iterate(start, root, max_depth, deeper, |_| {}))
                })
                .collect();
            // Raised however this thread's search ends, a panic included.
            let raise = RaiseOnDrop(&done);
            let last = self.iterate(start, root, max_depth, 0, &mut on_iteration);
            // Its own share spent, this thread waits for the helpers to spend theirs
            // (each stops at its share), so that the threads search the whole limit
            // however the machine schedules them; the caller's stop flag and the
            // deadline still end the search.
            if self.nodes >= self.node_limit {
                while !running.iter().all(|h| h.is_finished()) && !self.halted() {
                    std::thread::sleep(Duration::from_millis(1));
                }
            }
            drop(raise);
            // A helper's iteration deeper than this thread's last is the answer.
            let deepest = running
                .into_iter()
                .filter_map(|h| {
                    h.join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .max_by_key(|it| it.depth);
            (last, deepest)
        });
        for helper in &mut helpers {
            self.nodes += helper.nodes;
            // The table's memory is this searcher's alone between searches.
            helper.tt = Table::new(0);
        }
        if let Some(mut deeper) =
            deepest.filter(|it| last.as_ref().is_none_or(|l| it.depth > l.depth))
        {
            // Reported as the whole search's: every thread's nodes, the time so far.
            deeper.nodes = self.nodes;
            deeper.elapsed = start.elapsed();
            on_iteration(&deeper);
            last = Some(deeper);
        }
        self.helpers = helpers;
        last
    }

    /// Where the side to move runs down the other's lone kings, first tries to prove
    /// the win by proof-number search ([`prover`]) with half the nodes and half the
    /// time: a proved win is played along its proof (an iteration as deep as the
    /// proof, scored as the win it proves), unless the table still holds a shorter
    /// one ([`Searcher::holds_shorter_win`]): a proof need not be the shortest win,
    /// and a win claimed the move before is then not put off by a longer proof.
    fn prove(&mut self, start: Instant, root: &Position<B>) -> Option<Iteration<B>> {
        let weak = self.eval.run_down(root)?;
        if weak == root.side() {
            return None;
        }
        let generation = self.arm_lists();
        let limits = ProofLimits {
            nodes: self.node_limit.saturating_sub(self.nodes) / 2,
            deadline: self
                .deadline
                .map(|d| start + d.saturating_duration_since(start) / 2),
            stop: self.stop.clone(),
            generation,
        };
        let mut prover = Prover::new(
            &self.board,
            &self.eval,
            &mut self.proofs,
            &self.path,
            limits,
        );
        let proof = prover.prove(root);
        self.nodes += prover.spent();
        let proof = proof?;
        Some(Iteration {
            depth: proof.plies,
            score: MATE - proof.plies as i32,
            nodes: self.nodes,
            elapsed: start.elapsed(),
            pv: proof.line,
        })
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
    fn begin(&mut self, start: Instant, path: Vec<Step>, limits: &Limits) {
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

    /// Whether the deadline has passed or the caller's stop flag is raised.
    fn halted(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
            || self
                .stop
                .as_ref()
                .is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// Whether the soft limits say no new iteration should start.
    fn out_of_budget(&self) -> bool {
        self.nodes >= self.node_limit
            || self.deadline.is_some_and(|d| {
                let now = Instant::now();
                now >= d
            })
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
            self.path
                .push(Step::of(&self.board, &child, mv.kind == MoveKind::King));
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

/// Raises its flag when dropped: the helpers' stop, however the main thread's search
/// ends.
struct RaiseOnDrop<'a>(&'a AtomicBool);

impl Drop for RaiseOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}
