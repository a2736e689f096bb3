//! The bushka web app behind `bushka serve`: play, analyse and author variants in a
//! browser.
//!
//! An axum server on tokio. Every page and script is embedded in the binary
//! ([`assets`]); the browser draws boards as SVG from [`layout::Layout`], which is
//! worked out from a geometry's display coordinates alone. Engine searches run on
//! blocking threads, at most [`state::Limits::max_searches`] at a time. The JSON API is
//! documented in the README.

#![forbid(unsafe_code)]

mod assets;
pub mod error;
mod games;
pub mod layout;
mod routes;
pub mod state;
mod variant;
pub mod view;

use std::net::SocketAddr;
use std::sync::Arc;

use tokio::net::TcpListener;

pub use routes::router;
pub use state::{AppState, Limits};

/// Largest request body accepted, in bytes (variant files and game records are far
/// smaller).
pub const BODY_LIMIT: usize = 256 * 1024;

/// Serves the app on `listener` until the future ends (it ends on Ctrl-C when
/// `until_ctrl_c` is set; otherwise it runs until the runtime stops).
pub async fn serve(
    listener: TcpListener,
    limits: Limits,
    until_ctrl_c: bool,
) -> std::io::Result<()> {
    let state = Arc::new(AppState::new(limits));
    let sweeper = Arc::clone(&state);
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(sweeper.limits.sweep);
        loop {
            tick.tick().await;
            sweeper.expire_idle();
        }
    });
    let app = router(state);
    let server = axum::serve(listener, app);
    if until_ctrl_c {
        server
            .with_graceful_shutdown(async {
                // If the signal cannot be installed the server simply runs on.
                if tokio::signal::ctrl_c().await.is_err() {
                    std::future::pending::<()>().await;
                }
            })
            .await
    } else {
        server.await
    }
}

/// Binds `addr`, calls `ready` with the address actually bound (port 0 picks one),
/// then serves until Ctrl-C. Builds its own multi-threaded runtime.
pub fn run(
    addr: SocketAddr,
    limits: Limits,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let listener = TcpListener::bind(addr).await?;
        ready(listener.local_addr()?);
        serve(listener, limits, true).await
    })
}
