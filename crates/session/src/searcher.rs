//! The engine's searcher kept between the searches of one game, whatever the board's
//! width: for programs that search one game move after move (the engine protocols),
//! where what one search learns (the transposition table, move ordering) serves the
//! next.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use bushka_engine::Limits;
use bushka_rules::{Wide, with_board};
use bushka_tablebase::Tablebases;

use crate::analysis::{Analysis, AnalysisResult, IterationReport};
use crate::variant::Variant;
use crate::width::{Width, erase_from, on_width};

type EngineSearcher<B> = bushka_engine::Searcher<B>;

/// The engine's searcher at the board's width.
#[derive(Debug)]
struct Inner(Width<EngineSearcher<u64>, EngineSearcher<u128>, EngineSearcher<Wide>>);

erase_from!(Inner, EngineSearcher);

/// A searcher for one variant that keeps what it learns between searches until it is
/// cleared. Its table is taken by the first search.
#[derive(Debug)]
pub struct Searcher {
    variant: Variant,
    inner: Inner,
}

/// An analysis of another variant than the searcher's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the position is not of the searcher's variant")]
pub struct OtherVariant;

impl Searcher {
    /// A searcher for `variant`'s board with a transposition table of `hash_mib` MiB.
    pub fn new(variant: &Variant, hash_mib: usize) -> Searcher {
        let inner = with_board!(variant.board(), b => {
            Inner::from(EngineSearcher::new(Arc::clone(b), hash_mib))
        });
        Searcher {
            variant: variant.clone(),
            inner,
        }
    }

    /// The variant it searches.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// Scores positions the tables cover exactly.
    pub fn set_tablebases(&mut self, tables: Arc<Tablebases>) {
        on_width!(&mut self.inner.0, s => s.set_tablebases(tables));
    }

    /// The same searcher searching on `threads` threads
    /// ([`bushka_engine::Searcher::set_threads`]).
    pub fn with_threads(mut self, threads: usize) -> Searcher {
        on_width!(&mut self.inner.0, s => s.set_threads(threads));
        self
    }

    /// Forgets what it learnt (a new game).
    pub fn clear(&mut self) {
        on_width!(&mut self.inner.0, s => s.clear());
    }

    /// Searches `analysis` (blocking) within `limits`, calling `on_iteration` as each
    /// iteration completes; raising `stop` ends the search with what it has found.
    pub fn search(
        &mut self,
        analysis: &Analysis,
        limits: &Limits,
        stop: Arc<AtomicBool>,
        on_iteration: impl FnMut(&IterationReport),
    ) -> Result<AnalysisResult, OtherVariant> {
        match self.inner.0.as_mut().zip(analysis.0.as_ref()) {
            Some(pair) => on_width!(pair, (searcher, root) => {
                if !Arc::ptr_eq(searcher.board(), &root.placed().board) {
                    return Err(OtherVariant);
                }
                searcher.set_stop_flag(stop);
                Ok(root.run_on(searcher, limits, on_iteration))
            }),
            None => Err(OtherVariant),
        }
    }
}
