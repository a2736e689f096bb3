//! The server's shared state: the built-in boards, the games in progress (each with its
//! own id, dropped after a while idle) and the bounded pool of search slots.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use bushka_engine::TablesDir;
use bushka_geometry::BUILTIN;
use bushka_rules::MAX_GENERATION_STEPS;
use bushka_session::Variant;
use rand::Rng;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::ApiError;
use crate::games::GameEntry;

/// Limits of a server.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Games held at once; creating one more is answered "busy".
    pub max_games: usize,
    /// Searches (engine moves, analyses, perft, playtests) running at once.
    pub max_searches: usize,
    /// How long a request waits for a search slot before it is answered "busy".
    pub search_wait: Duration,
    /// A game untouched for this long is dropped.
    pub idle: Duration,
    /// How often idle games are looked for.
    pub sweep: Duration,
    /// Endgame tables analyses probe (`bushka serve --tablebases DIR`), opened once.
    pub tablebases: Option<Arc<TablesDir>>,
    /// Capture-search steps one listing of a position's legal moves may take (a game's,
    /// a shown position's, a lab perft's): a position of a hostile board that needs
    /// more is refused (422) instead of holding a thread for minutes.
    pub generation_steps: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_games: 10_000,
            max_searches: std::thread::available_parallelism().map_or(2, |n| n.get()),
            search_wait: Duration::from_secs(30),
            idle: Duration::from_secs(2 * 60 * 60),
            sweep: Duration::from_secs(60),
            tablebases: None,
            generation_steps: MAX_GENERATION_STEPS,
        }
    }
}

/// One held game and when it was last used.
struct Slot {
    entry: Arc<GameEntry>,
    used: Instant,
}

/// Everything the handlers share, behind one `Arc`.
pub struct AppState {
    /// The limits this server runs with.
    pub limits: Limits,
    builtins: Vec<(&'static str, Variant)>,
    games: std::sync::Mutex<HashMap<String, Slot>>,
    searches: Arc<Semaphore>,
}

/// The handle the router passes to handlers.
pub type SharedState = Arc<AppState>;

impl AppState {
    /// A state with the built-in boards compiled.
    pub fn new(limits: Limits) -> AppState {
        let builtins = BUILTIN
            .iter()
            .filter_map(|b| {
                let geometry = bushka_geometry::builtin(b.name)?.ok()?;
                Some((b.name, Variant::new(geometry)))
            })
            .collect();
        AppState {
            searches: Arc::new(Semaphore::new(limits.max_searches.max(1))),
            limits,
            builtins,
            games: std::sync::Mutex::new(HashMap::new()),
        }
    }

    /// The compiled built-in variant called `name`.
    pub fn builtin(&self, name: &str) -> Result<Variant, ApiError> {
        self.builtins
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, b)| b.clone())
            .ok_or_else(|| ApiError::UnknownVariant {
                name: name.to_string(),
                builtins: BUILTIN
                    .iter()
                    .map(|b| b.name)
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }

    fn games(&self) -> std::sync::MutexGuard<'_, HashMap<String, Slot>> {
        // A handler that panicked while holding the map left it consistent (every
        // operation on it is a single insert, lookup or retain).
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Stores a new game and returns its id.
    pub fn insert_game(&self, entry: GameEntry) -> Result<String, ApiError> {
        let mut games = self.games();
        if games.len() >= self.limits.max_games {
            return Err(ApiError::TooManyGames(self.limits.max_games));
        }
        let id = loop {
            let id = format!("{:016x}", rand::rng().random::<u64>());
            if !games.contains_key(&id) {
                break id;
            }
        };
        games.insert(
            id.clone(),
            Slot {
                entry: Arc::new(entry),
                used: Instant::now(),
            },
        );
        Ok(id)
    }

    /// The game with this id, marked as used now.
    pub fn game(&self, id: &str) -> Result<Arc<GameEntry>, ApiError> {
        let mut games = self.games();
        let slot = games
            .get_mut(id)
            .ok_or_else(|| ApiError::UnknownGame(id.to_string()))?;
        slot.used = Instant::now();
        Ok(Arc::clone(&slot.entry))
    }

    /// Drops a game; whether it was held.
    pub fn remove_game(&self, id: &str) -> bool {
        self.games().remove(id).is_some()
    }

    /// Number of games held.
    pub fn game_count(&self) -> usize {
        self.games().len()
    }

    /// Drops every game idle for longer than the limit; returns how many went.
    pub fn expire_idle(&self) -> usize {
        let idle = self.limits.idle;
        let mut games = self.games();
        let before = games.len();
        games.retain(|_, slot| slot.used.elapsed() <= idle);
        before - games.len()
    }

    /// A search slot, waiting at most the configured time for one to free up.
    pub async fn search_permit(&self) -> Result<OwnedSemaphorePermit, ApiError> {
        let acquire = Arc::clone(&self.searches).acquire_owned();
        match tokio::time::timeout(self.limits.search_wait, acquire).await {
            Ok(Ok(permit)) => Ok(permit),
            Ok(Err(_)) => Err(ApiError::Internal("the search pool is closed".into())),
            Err(_) => Err(ApiError::Busy(self.limits.max_searches)),
        }
    }
}

/// Runs `work` on a blocking thread (work that may take seconds, such as listing the
/// moves of a position sent by a client, must not hold up the server's event loop).
pub async fn run_blocking<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| ApiError::Internal(format!("a worker thread failed: {e}")))
}

/// Runs `work` on a blocking thread while holding a search slot.
pub async fn run_search<T: Send + 'static>(
    state: &AppState,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    let permit = state.search_permit().await?;
    run_blocking(move || {
        let out = work();
        drop(permit);
        out
    })
    .await
}
