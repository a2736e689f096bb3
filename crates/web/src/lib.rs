//! The bushka web app behind `bushka serve`: play, analyse and author variants in a
//! browser.
//!
//! An axum server on tokio. Every page and script is embedded in the binary
//! ([`assets`]); the browser draws boards as SVG from [`layout::Layout`], which is
//! worked out from a geometry's display coordinates alone. Engine searches run on
//! blocking threads, at most [`state::Limits::max_searches`] at a time. Every game,
//! move, seat and result is written to a [`Store`] as it happens (a SQLite file, or
//! memory); a restarted server brings the unfinished games back. The JSON API is
//! documented in the README.

#![forbid(unsafe_code)]

mod assets;
pub mod clock;
pub mod error;
mod export;
mod flag;
pub mod game_view;
mod games;
pub mod layout;
mod live;
pub mod programs;
mod routes;
mod saved;
pub mod state;
mod variant;
pub mod view;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpListener;

pub use bushka_store::{Store, StoreError};
pub use export::{ExportError, export};
pub use programs::Programs;
pub use routes::router;
pub use state::{AppState, Limits};

/// How often a server notes in its store that it is alive: time while it is down,
/// which clocks are not charged with, is counted from the last note.
pub const HEARTBEAT: Duration = Duration::from_secs(5);

/// Largest request body accepted, in bytes (variant files and game records are far
/// smaller).
pub const BODY_LIMIT: usize = 256 * 1024;

/// Serves the app on `listener` with its games in memory until the future ends (it
/// ends on Ctrl-C when `until_ctrl_c` is set; otherwise it runs until the runtime
/// stops).
pub async fn serve(
    listener: TcpListener,
    limits: Limits,
    until_ctrl_c: bool,
) -> std::io::Result<()> {
    let store = Store::in_memory().map_err(std::io::Error::other)?;
    let state = start(limits, store).await?;
    serve_state(listener, state, until_ctrl_c).await
}

/// A server's state over `store`, with its unfinished games brought back, its idle
/// games swept and its heartbeat written.
pub async fn start(limits: Limits, store: Store) -> std::io::Result<Arc<AppState>> {
    let state = Arc::new(AppState::new(limits, store));
    state
        .restore_unfinished()
        .await
        .map_err(|e| std::io::Error::other(e.to_string()))?;
    let sweeper = Arc::clone(&state);
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(sweeper.limits.sweep);
        loop {
            tick.tick().await;
            let state = Arc::clone(&sweeper);
            let _ = tokio::task::spawn_blocking(move || state.expire_idle()).await;
        }
    });
    let beating = Arc::clone(&state);
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(HEARTBEAT);
        loop {
            tick.tick().await;
            let store = Arc::clone(&beating.store);
            let beat = tokio::task::spawn_blocking(move || store.heartbeat(live::now_ms())).await;
            if let Ok(Err(e)) = beat {
                eprintln!("bushka serve: the heartbeat was not stored: {e}");
            }
        }
    });
    Ok(state)
}

/// Serves `state`'s app on `listener` (until Ctrl-C when `until_ctrl_c` is set).
pub async fn serve_state(
    listener: TcpListener,
    state: Arc<AppState>,
    until_ctrl_c: bool,
) -> std::io::Result<()> {
    let app = router(Arc::clone(&state));
    let server = axum::serve(listener, app);
    if until_ctrl_c {
        server
            .with_graceful_shutdown(async {
                // If the signal cannot be installed the server simply runs on.
                if tokio::signal::ctrl_c().await.is_err() {
                    std::future::pending::<()>().await;
                }
            })
            .await?;
        // Stopped in order: the time from now until the next start is downtime.
        state
            .store
            .heartbeat(live::now_ms())
            .map_err(std::io::Error::other)
    } else {
        server.await
    }
}

/// Opens `store`, binds `addr`, calls `ready` with the address actually bound (port 0
/// picks one) and the number of unfinished games brought back, then serves until
/// Ctrl-C. Builds its own multi-threaded runtime.
pub fn run(
    addr: SocketAddr,
    limits: Limits,
    store: Store,
    ready: impl FnOnce(SocketAddr, usize),
) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let listener = TcpListener::bind(addr).await?;
        let state = start(limits, store).await?;
        ready(listener.local_addr()?, state.game_count());
        serve_state(listener, state, true).await
    })
}
