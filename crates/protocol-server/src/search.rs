//! A server's search on a thread of its own, so that the server goes on reading its
//! input (`stop`, `ping`, `ponder-hit`) while the engine thinks. The searcher goes to
//! the thread and comes back when the search is over: what it learnt serves the
//! game's next search.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread::{self, JoinHandle};

use bushka_engine::Limits;
use bushka_session::{Analysis, AnalysisResult, IterationReport, Searcher};

/// A search to run.
pub struct Search {
    /// The position, with its game's history.
    pub analysis: Analysis,
    /// Its limits (while pondering, only the depth and node count: no time).
    pub limits: Limits,
    /// Whether it answers only once released (by `stop` or a ponder hit): an
    /// infinite search, or pondering.
    pub held: bool,
    /// While pondering: the limits of the search after a ponder hit, their time
    /// counted from the hit.
    pub after_hit: Option<Limits>,
}

/// Whether a held search may answer, with the condition that wakes it.
type Release = (Mutex<bool>, Condvar);

/// A search running on its thread.
pub struct Running {
    stop: Arc<AtomicBool>,
    release: Arc<Release>,
    thread: JoinHandle<Searcher>,
    after_hit: Option<Limits>,
}

/// Starts `search` with `searcher` on a thread: `on_iteration` sees each completed
/// iteration, and `on_done` the result and the last iteration when the search is over
/// and released.
pub fn start(
    mut searcher: Searcher,
    search: Search,
    mut on_iteration: impl FnMut(&IterationReport) + Send + 'static,
    on_done: impl FnOnce(AnalysisResult, Option<IterationReport>) + Send + 'static,
) -> Running {
    let stop = Arc::new(AtomicBool::new(false));
    let release: Arc<Release> = Arc::new((Mutex::new(!search.held), Condvar::new()));
    let (stop_flag, released) = (Arc::clone(&stop), Arc::clone(&release));
    let Search {
        analysis,
        limits,
        after_hit,
        ..
    } = search;
    let thread = thread::spawn(move || {
        let mut last = None;
        let result = searcher
            .search(&analysis, &limits, stop_flag, |it| {
                on_iteration(it);
                last = Some(it.clone());
            })
            .unwrap_or(AnalysisResult {
                best: None,
                nodes: 0,
                unlisted: None,
            });
        let (lock, wake) = &*released;
        let mut free = lock.lock().unwrap_or_else(PoisonError::into_inner);
        while !*free {
            free = wake.wait(free).unwrap_or_else(PoisonError::into_inner);
        }
        drop(free);
        on_done(result, last);
        searcher
    });
    Running {
        stop,
        release,
        thread,
        after_hit,
    }
}

impl Running {
    /// Lets a held search answer when it ends.
    fn release(&self) {
        let (lock, wake) = &*self.release;
        *lock.lock().unwrap_or_else(PoisonError::into_inner) = true;
        wake.notify_all();
    }

    /// Ends the search now (it answers with what it has) and takes the searcher back.
    pub fn stop(self) -> Searcher {
        self.stop.store(true, Ordering::Relaxed);
        self.release();
        self.wait()
    }

    /// Waits for the search to end and answer, and takes the searcher back.
    pub fn wait(self) -> Searcher {
        match self.thread.join() {
            Ok(searcher) => searcher,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    }

    /// The move pondered on was played: the search goes on as a normal one, its time
    /// counted from now. Outside pondering, nothing.
    pub fn ponder_hit(&mut self) {
        let Some(limits) = self.after_hit.take() else {
            return;
        };
        if let Some(budget) = limits.time_budget() {
            let stop = Arc::clone(&self.stop);
            thread::spawn(move || {
                thread::sleep(budget);
                stop.store(true, Ordering::Relaxed);
            });
        }
        self.release();
    }
}

/// The engine of a conversation: its searcher, lent to the search that runs.
pub struct Thinker {
    /// The searcher, when no search has it.
    searcher: Option<Searcher>,
    running: Option<Running>,
}

impl Thinker {
    /// An engine with `searcher`, not searching.
    pub fn new(searcher: Searcher) -> Thinker {
        Thinker {
            searcher: Some(searcher),
            running: None,
        }
    }

    /// Ends a running search (it answers) and takes its searcher back.
    pub fn halt(&mut self) {
        if let Some(running) = self.running.take() {
            self.searcher = Some(running.stop());
        }
    }

    /// A new searcher (another variant or table size), the search first halted.
    pub fn replace(&mut self, searcher: Searcher) {
        self.halt();
        self.searcher = Some(searcher);
    }

    /// Forgets what the searcher learnt (a new game), the search first halted.
    pub fn clear(&mut self) {
        self.halt();
        if let Some(searcher) = self.searcher.as_mut() {
            searcher.clear();
        }
    }

    /// A ponder hit for the running search, if any.
    pub fn ponder_hit(&mut self) {
        if let Some(running) = self.running.as_mut() {
            running.ponder_hit();
        }
    }

    /// Starts `search` (a running one halted first), as [`start`] does.
    pub fn think(
        &mut self,
        search: Search,
        on_iteration: impl FnMut(&IterationReport) + Send + 'static,
        on_done: impl FnOnce(AnalysisResult, Option<IterationReport>) + Send + 'static,
    ) {
        self.halt();
        if let Some(searcher) = self.searcher.take() {
            self.running = Some(start(searcher, search, on_iteration, on_done));
        }
    }
}
