//! The pages, scripts and styles, embedded in the binary at build time.

use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

/// An embedded file: its name under `/assets/`, content type and bytes.
struct Asset {
    name: &'static str,
    mime: &'static str,
    body: &'static str,
}

macro_rules! asset {
    ($name:literal, $mime:expr) => {
        Asset {
            name: $name,
            mime: $mime,
            body: include_str!(concat!("../assets/", $name)),
        }
    };
}

const JS: &str = "text/javascript; charset=utf-8";

/// Every embedded file.
const ASSETS: &[Asset] = &[
    asset!("index.html", "text/html; charset=utf-8"),
    asset!("style.css", "text/css; charset=utf-8"),
    asset!("favicon.svg", "image/svg+xml"),
    asset!("api.js", JS),
    asset!("app.js", JS),
    asset!("board.js", JS),
    asset!("play.js", JS),
    asset!("analysis.js", JS),
    asset!("lab.js", JS),
    asset!("live.js", JS),
    asset!("archive.js", JS),
];

fn respond(asset: &Asset) -> Response {
    (
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, asset.mime),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        asset.body,
    )
        .into_response()
}

/// `GET /`: the single page.
pub async fn index() -> Response {
    respond(&ASSETS[0])
}

/// `GET /assets/{name}`.
pub async fn file(Path(name): Path<String>) -> Result<Response, ApiError> {
    ASSETS
        .iter()
        .find(|a| a.name == name)
        .map(respond)
        .ok_or_else(|| ApiError::NotFound(format!("no asset `{name}`")))
}
