//! The archive: finished games, the latest first, each opening in the analysis board
//! (through its public id) and downloadable as a record.

use axum::Json;
use axum::extract::State;
use bushka_geometry::Colour;
use bushka_session::civil_date;
use serde::{Deserialize, Serialize};

use crate::error::ApiError;
use crate::routes::ApiQuery;
use crate::state::{SharedState, run_blocking};

/// Most games one page of the archive lists.
pub const MAX_PAGE: usize = 200;

/// Query of `GET /api/archive`.
#[derive(Debug, Deserialize)]
pub struct ArchiveQuery {
    /// Games to skip (default 0).
    offset: Option<usize>,
    /// Games to list (default and at most 200).
    limit: Option<usize>,
}

/// A finished game in the list.
#[derive(Debug, Serialize)]
pub struct ArchivedGame {
    /// Its public id: `/#game=ID` shows it, `/api/games/ID/record` is its record.
    id: String,
    /// The variant.
    variant: String,
    /// White's name.
    white: String,
    /// Black's name.
    black: String,
    /// `1-0`, `0-1` or `1/2-1/2`.
    result: String,
    /// The end in words.
    text: String,
    /// When it ended (UTC): `2025.03.14`.
    date: String,
    /// Moves played.
    plies: usize,
}

/// A page of the archive.
#[derive(Debug, Serialize)]
pub struct ArchivePage {
    /// Finished games in all.
    total: usize,
    /// This page's games.
    games: Vec<ArchivedGame>,
}

/// `GET /api/archive?offset=N&limit=M`.
pub async fn list(
    State(state): State<SharedState>,
    ApiQuery(q): ApiQuery<ArchiveQuery>,
) -> Result<Json<ArchivePage>, ApiError> {
    let offset = q.offset.unwrap_or(0);
    let limit = q.limit.unwrap_or(MAX_PAGE).min(MAX_PAGE);
    let store = std::sync::Arc::clone(&state.store);
    let (games, total) = run_blocking(move || store.finished(offset, limit)).await??;
    let games = games
        .into_iter()
        .map(|g| ArchivedGame {
            date: civil_date(g.ended_ms / 1000),
            white: g.players[Colour::White].clone(),
            black: g.players[Colour::Black].clone(),
            id: g.id,
            variant: g.variant,
            result: g.result,
            text: g.text,
            plies: g.plies,
        })
        .collect();
    Ok(Json(ArchivePage { total, games }))
}
