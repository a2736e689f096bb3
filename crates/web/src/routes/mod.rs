//! The HTTP routes: handlers only translate between HTTP and the libraries.

pub mod actions;
pub mod analysis;
pub mod archive;
pub mod events;
pub mod games;
pub mod lab;
pub mod variants;

use std::time::Duration;

use axum::Router;
use axum::extract::{DefaultBodyLimit, FromRequest, FromRequestParts};
use axum::routing::{get, post};
use tower_http::compression::CompressionLayer;
use tower_http::timeout::TimeoutLayer;

use crate::assets;
use crate::error::ApiError;
use crate::state::SharedState;

/// A JSON body whose rejections (malformed JSON, a wrong field, too large) answer with
/// the API's JSON error.
#[derive(Debug, FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct ApiJson<T>(pub T);

/// A query string whose rejections answer with the API's JSON error.
#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct ApiQuery<T>(pub T);

/// Longest time a request may take before its response starts (a search waits for a
/// slot and thinks within this; an analysis stream is bounded separately).
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(120);

async fn not_found() -> ApiError {
    ApiError::NotFound("no such page or API endpoint".into())
}

/// The whole application.
pub fn router(state: SharedState) -> Router {
    Router::new()
        .route("/", get(assets::index))
        .route("/assets/{name}", get(assets::file))
        .route("/api/variants", get(variants::list))
        .route("/api/variants/{name}", get(variants::show))
        .route("/api/position", post(variants::position))
        .route("/api/lab/check", post(lab::check))
        .route("/api/lab/perft", post(lab::perft_counts))
        .route("/api/lab/playtest", post(lab::playtest))
        .route("/api/programs", get(games::programs))
        .route("/api/games", post(games::create))
        .route("/api/games/load", post(games::load))
        .route("/api/games/{id}", get(games::show).delete(games::delete))
        .route("/api/games/{id}/move", post(actions::play))
        .route("/api/games/{id}/computer", post(actions::computer))
        .route("/api/games/{id}/stop", post(actions::stop))
        .route("/api/games/{id}/undo", post(actions::undo))
        .route("/api/games/{id}/undo/answer", post(actions::answer_undo))
        .route("/api/games/{id}/resign", post(actions::resign))
        .route("/api/games/{id}/draw", post(actions::offer_draw))
        .route("/api/games/{id}/draw/answer", post(actions::answer_draw))
        .route("/api/games/{id}/events", get(events::stream))
        .route("/api/archive", get(archive::list))
        .route("/api/games/{id}/record", get(games::record))
        .route("/api/games/{id}/position", get(games::position))
        .route("/api/games/{id}/analysis", get(analysis::stream))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(crate::BODY_LIMIT))
        .layer(CompressionLayer::new())
        .layer(TimeoutLayer::with_status_code(
            axum::http::StatusCode::REQUEST_TIMEOUT,
            REQUEST_TIMEOUT,
        ))
        .with_state(state)
}
