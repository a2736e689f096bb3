//! Searching a position for front ends: each completed iteration with its principal
//! variation written out, and the best move.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use bushka_engine::{Limits, Searcher};
use bushka_rules::{Bits, Game, GenerationLimit, Outcome, Wide};
use bushka_tablebase::Tablebases;

use crate::described::{DescribedMove, describe_found, describe_line};
use crate::position::{Placed, Position};
use crate::width::{Width, erase_from, on_width};

/// What an analysis searches from.
#[derive(Debug, Clone)]
pub(crate) enum Root<B: Bits> {
    /// The position a game has reached, its history known (for repetitions).
    Game(Box<Game<B>>),
    /// A position with no history.
    Position(Placed<B>),
}

/// A position to search, with its game's history when it has one; made by
/// [`Position::analysis`] or [`Session::analysis_at`](crate::Session::analysis_at), and
/// run on any thread.
#[derive(Debug, Clone)]
pub struct Analysis(pub(crate) Width<Root<u64>, Root<u128>, Root<Wide>>);

erase_from!(Analysis, Root);

/// How an analysis searches.
#[derive(Debug, Clone)]
pub struct SearchSettings {
    /// How long.
    pub limits: Limits,
    /// Transposition table size in MiB.
    pub hash_mib: usize,
    /// Threads the search uses ([`bushka_engine::Searcher::set_threads`]).
    pub threads: usize,
    /// Endgame tables: covered positions are scored exactly.
    pub tables: Option<Arc<Tablebases>>,
    /// Raised from another thread, stops the search (it answers with what it has).
    pub stop: Option<Arc<AtomicBool>>,
}

/// One completed iteration of an analysis.
#[derive(Debug, Clone)]
pub struct IterationReport {
    /// The iteration's depth.
    pub depth: u32,
    /// The score for the side to move, in centi-men or a mate score (see
    /// [`bushka_engine::score_text`]).
    pub score: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search began.
    pub elapsed: Duration,
    /// The principal variation (never empty), its first move the best.
    pub pv: Vec<DescribedMove>,
}

/// How an analysis ended.
#[derive(Debug, Clone)]
pub struct AnalysisResult {
    /// The best move; none when the side to move has no legal move, or when its moves
    /// could not even be listed ([`AnalysisResult::unlisted`]).
    pub best: Option<DescribedMove>,
    /// Nodes searched.
    pub nodes: u64,
    /// The limit that stopped the listing of the root's moves.
    pub unlisted: Option<GenerationLimit>,
}

impl Position {
    /// This position to search, with no game history.
    pub fn analysis(&self) -> Analysis {
        on_width!(&self.0, p => Root::Position(p.clone()).into())
    }
}

impl<B: Bits> Root<B> {
    pub(crate) fn placed(&self) -> Placed<B> {
        match self {
            Root::Game(game) => Placed::new(game.board(), *game.position()),
            Root::Position(placed) => placed.clone(),
        }
    }

    /// Searches with `searcher` (which must be of this root's board) within `limits`.
    pub(crate) fn run_on(
        &self,
        searcher: &mut Searcher<B>,
        limits: &Limits,
        mut on_iteration: impl FnMut(&IterationReport),
    ) -> AnalysisResult {
        let Placed { board, pos } = self.placed();
        let report = |it: &bushka_engine::Iteration<B>| IterationReport {
            depth: it.depth,
            score: it.score,
            nodes: it.nodes,
            elapsed: it.elapsed,
            pv: describe_line(&board, &pos, &it.pv),
        };
        let result = match self {
            Root::Game(game) => searcher.search_game(game, limits, |it| on_iteration(&report(it))),
            Root::Position(_) => searcher.search(&pos, limits, |it| on_iteration(&report(it))),
        };
        AnalysisResult {
            best: result.best.map(|mv| describe_found(&board, &pos, &mv)),
            nodes: result.nodes,
            unlisted: result.unlisted,
        }
    }

    fn run(
        &self,
        settings: &SearchSettings,
        on_iteration: impl FnMut(&IterationReport),
    ) -> AnalysisResult {
        let mut searcher = Searcher::new(Arc::clone(&self.placed().board), settings.hash_mib);
        searcher.set_threads(settings.threads);
        if let Some(stop) = &settings.stop {
            searcher.set_stop_flag(Arc::clone(stop));
        }
        if let Some(tables) = &settings.tables {
            searcher.set_tablebases(Arc::clone(tables));
        }
        self.run_on(&mut searcher, &settings.limits, on_iteration)
    }
}

impl Analysis {
    /// The position searched.
    pub fn position(&self) -> Position {
        on_width!(&self.0, root => root.placed().into())
    }

    /// How the game ended, when the position searched ends it.
    pub fn outcome(&self) -> Option<Outcome> {
        on_width!(&self.0, root => match root {
            Root::Game(game) => game.outcome(),
            Root::Position(_) => None,
        })
    }

    /// Searches (blocking), calling `on_iteration` as each iteration completes.
    pub fn run(
        &self,
        settings: &SearchSettings,
        on_iteration: impl FnMut(&IterationReport),
    ) -> AnalysisResult {
        on_width!(&self.0, root => root.run(settings, on_iteration))
    }
}
