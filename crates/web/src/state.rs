//! The server's shared state: the built-in boards, the store, the games held in
//! memory (loaded from the store when a key to them comes, let go after a while idle)
//! and the bounded pool of search slots.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use bushka_engine::TablesDir;
use bushka_rules::MAX_GENERATION_STEPS;
use bushka_session::Variant;
use bushka_store::{Access, GameRow, Store, StoreError};
use rand::TryRngCore;
use rand::rngs::OsRng;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::ApiError;
use crate::games::GameEntry;
use crate::live::{Live, now_ms};
use crate::programs::Programs;
use crate::saved::restore;
use crate::variant::Builtins;

/// Limits of a server.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Games held at once; creating one more is answered "busy".
    pub max_games: usize,
    /// Searches (engine moves, analyses, perft, playtests) running at once.
    pub max_searches: usize,
    /// Live-update streams open at once (each browser on a game holds one); one more is
    /// answered "busy" and its browser tries again.
    pub max_streams: usize,
    /// How long a request waits for a search slot before it is answered "busy".
    pub search_wait: Duration,
    /// A game untouched for this long leaves memory (and the store too, when it has no
    /// move or the store is in memory); a running clock keeps it.
    pub idle: Duration,
    /// How often idle games are looked for.
    pub sweep: Duration,
    /// Endgame tables analyses probe (`bushka serve --tablebases DIR`), opened once.
    pub tablebases: Option<Arc<TablesDir>>,
    /// Capture-search steps one listing of a position's legal moves may take (a game's,
    /// a shown position's, a lab perft's): a position of a hostile board that needs
    /// more is refused (422) instead of holding a thread for minutes.
    pub generation_steps: u64,
    /// The programs players may choose by name (`bushka serve --program NAME=SPEC`).
    pub programs: Programs,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_games: 10_000,
            max_searches: std::thread::available_parallelism().map_or(2, |n| n.get()),
            max_streams: 4_096,
            search_wait: Duration::from_secs(30),
            idle: Duration::from_secs(2 * 60 * 60),
            sweep: Duration::from_secs(60),
            tablebases: None,
            generation_steps: MAX_GENERATION_STEPS,
            programs: Programs::default(),
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
    /// The built-in boards, compiled.
    pub(crate) builtins: Builtins,
    /// Every game, its keys and its changes.
    pub store: Arc<Store>,
    /// Games held, by public id.
    games: std::sync::Mutex<HashMap<String, Slot>>,
    searches: Arc<Semaphore>,
    streams: Arc<Semaphore>,
}

/// The handle the router passes to handlers.
pub type SharedState = Arc<AppState>;

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        ApiError::Internal(format!("storage: {e}"))
    }
}

/// A new key: 128 bits from the operating system's random source, in hex.
pub fn new_key() -> Result<String, ApiError> {
    let mut bytes = [0u8; 16];
    OsRng
        .try_fill_bytes(&mut bytes)
        .map_err(|e| ApiError::Internal(format!("no random numbers from the system: {e}")))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

impl AppState {
    /// A state with the built-in boards compiled, over `store`.
    pub fn new(limits: Limits, store: Store) -> AppState {
        AppState {
            searches: Arc::new(Semaphore::new(limits.max_searches.max(1))),
            streams: Arc::new(Semaphore::new(limits.max_streams)),
            limits,
            builtins: Builtins::compile(),
            store: Arc::new(store),
            games: std::sync::Mutex::new(HashMap::new()),
        }
    }

    /// The compiled built-in variant called `name`.
    pub fn builtin(&self, name: &str) -> Result<Variant, ApiError> {
        self.builtins.get(name)
    }

    fn games(&self) -> std::sync::MutexGuard<'_, HashMap<String, Slot>> {
        // A handler that panicked while holding the map left it consistent (every
        // operation on it is a single insert, lookup or retain).
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A place for one more live-update stream, held as long as the stream is open.
    pub fn stream_place(&self) -> Result<OwnedSemaphorePermit, ApiError> {
        Arc::clone(&self.streams)
            .try_acquire_owned()
            .map_err(|_| ApiError::TooManyStreams(self.limits.max_streams))
    }

    /// Whether one more game may be held.
    pub fn check_room(&self) -> Result<(), ApiError> {
        if self.games().len() >= self.limits.max_games {
            return Err(ApiError::TooManyGames(self.limits.max_games));
        }
        Ok(())
    }

    /// Stores a new game (its row, then its moves as a first change) with its keys,
    /// and holds it.
    pub fn insert_game(
        self: &Arc<Self>,
        row: &GameRow,
        mut live: Live,
        keys: &[(String, Access)],
    ) -> Result<Arc<GameEntry>, ApiError> {
        self.check_room()?;
        self.store.insert(row, keys)?;
        live.save();
        Ok(self.hold(GameEntry::new(row.id.clone(), live)))
    }

    /// Holds `entry` (or the entry already held under its id: a game is held once)
    /// and watches its clock.
    fn hold(self: &Arc<Self>, entry: GameEntry) -> Arc<GameEntry> {
        let mut games = self.games();
        if let Some(slot) = games.get_mut(&entry.id) {
            slot.used = Instant::now();
            return Arc::clone(&slot.entry);
        }
        let entry = Arc::new(entry);
        games.insert(
            entry.id.clone(),
            Slot {
                entry: Arc::clone(&entry),
                used: Instant::now(),
            },
        );
        crate::flag::watch(&entry);
        entry
    }

    /// The game a key opens and what it lets its holder do; a game not held is loaded
    /// from the store.
    pub async fn game(self: &Arc<Self>, key: &str) -> Result<(Arc<GameEntry>, Access), ApiError> {
        let unknown = || ApiError::UnknownGame(key.to_string());
        if key.is_empty() || key.len() > 64 || !key.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(unknown());
        }
        let store = Arc::clone(&self.store);
        let owned = key.to_string();
        let (id, access) = run_blocking(move || store.lookup(&owned))
            .await??
            .ok_or_else(unknown)?;
        if let Some(slot) = self.games().get_mut(&id) {
            slot.used = Instant::now();
            return Ok((Arc::clone(&slot.entry), access));
        }
        self.check_room()?;
        let state = Arc::clone(self);
        let live = run_blocking(move || state.load(&id)).await??;
        let entry = self.hold(live);
        Ok((entry, access))
    }

    /// Game `id` from the store, where it was.
    fn load(&self, id: &str) -> Result<GameEntry, ApiError> {
        let stored = self
            .store
            .load(id)?
            .ok_or_else(|| ApiError::UnknownGame(id.to_string()))?;
        let (session, clock) = restore(
            (&self.builtins, &self.limits.programs),
            self.limits.generation_steps,
            &stored,
        )?;
        let mut live = Live::new(
            session,
            clock,
            (id.to_string(), Arc::clone(&self.store)),
            stored.moves.len(),
            stored.version,
        );
        live.resume_clock(self.store.last_heartbeat()?);
        Ok(GameEntry::new(id.to_string(), live))
    }

    /// Brings back into memory every unfinished game that changed within the idle
    /// time or whose clock runs (the others load when a key to them comes). Returns
    /// how many came back; a game that cannot is reported on standard error.
    pub async fn restore_unfinished(self: &Arc<Self>) -> Result<usize, ApiError> {
        let since = now_ms() - self.limits.idle.as_millis() as i64;
        let state = Arc::clone(self);
        let entries = run_blocking(move || -> Result<Vec<GameEntry>, ApiError> {
            let ids = state.store.unfinished(since)?;
            Ok(ids
                .iter()
                .filter_map(|id| {
                    state
                        .load(id)
                        .map_err(|e| eprintln!("bushka serve: game {id} was not restored: {e}"))
                        .ok()
                })
                .collect())
        })
        .await??;
        let count = entries.len();
        for entry in entries {
            self.hold(entry);
        }
        Ok(count)
    }

    /// Drops a game from memory and the store; whether there was one.
    pub fn remove_game(&self, id: &str) -> Result<bool, ApiError> {
        let held = self.games().remove(id);
        if let Some(slot) = &held {
            slot.entry.stop();
        }
        Ok(self.store.delete(id)? || held.is_some())
    }

    /// Number of games held in memory.
    pub fn game_count(&self) -> usize {
        self.games().len()
    }

    /// Lets go of every game idle for longer than the limit (a running clock keeps a
    /// game); one with no move, or every one when the store is in memory, leaves the
    /// store too. Returns how many went.
    pub fn expire_idle(&self) -> usize {
        let idle = self.limits.idle;
        let gone: Vec<(String, bool)> = {
            let mut games = self.games();
            let expired: Vec<(String, bool)> = games
                .iter()
                .filter(|(_, slot)| slot.used.elapsed() > idle)
                .filter_map(|(id, slot)| {
                    // A game in use is not idle.
                    let live = slot.entry.live.try_lock().ok()?;
                    (!live.ticking()).then(|| (id.clone(), live.session.plies() == 0))
                })
                .collect();
            for (id, _) in &expired {
                if let Some(slot) = games.remove(id) {
                    slot.entry.stop();
                }
            }
            expired
        };
        let forget = self.store.path().is_none();
        for (id, empty) in &gone {
            if (forget || *empty)
                && let Err(e) = self.store.delete(id)
            {
                eprintln!("bushka serve: game {id}: not deleted: {e}");
            }
        }
        gone.len()
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
