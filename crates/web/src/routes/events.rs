//! Live updates of a game, as server-sent events: a `game` event with the whole game
//! (as the key's holder sees it, without the board's drawing) on connecting and after
//! every change, its id the game's version. A browser that loses the stream
//! reconnects by itself and gets the game as it is then: no move is lost.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Path, State};
use axum::response::sse::{Event, KeepAlive, Sse};
use tokio_stream::wrappers::WatchStream;
use tokio_stream::{Stream, StreamExt};

use crate::error::ApiError;
use crate::game_view::game_view;
use crate::state::{SharedState, run_blocking};

/// How long a browser waits before reconnecting a dropped stream.
const RETRY: Duration = Duration::from_secs(1);

/// `GET /api/games/{id}/events`.
pub async fn stream(
    State(state): State<SharedState>,
    Path(key): Path<String>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let place = state.stream_place()?;
    let (entry, access) = state.game(&key).await?;
    // The stream holds the game weakly: a game let go of (idle) ends its streams, and
    // their browsers reconnect to it as loaded again.
    let game = Arc::downgrade(&entry);
    let versions = WatchStream::new(entry.events());
    drop(entry);
    let events = versions
        .then(move |_| {
            let game = game.upgrade();
            let key = key.clone();
            // The stream's place is given back when the stream ends.
            let _place = &place;
            async move {
                let entry = game?;
                let guard = Arc::clone(&entry.live).lock_owned().await;
                let view =
                    run_blocking(move || game_view((&key, access), &entry.id, None, &guard, None))
                        .await
                        .ok()?;
                Event::default()
                    .id(view.version.to_string())
                    .event("game")
                    .retry(RETRY)
                    .json_data(&view)
                    .ok()
            }
        })
        .map_while(|event| event.map(Ok));
    Ok(Sse::new(events).keep_alive(KeepAlive::default()))
}
