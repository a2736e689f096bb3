//! The one error type of the HTTP API: every failure becomes a status and a JSON body
//! `{"error": "...", ...}` naming what is wrong.

use axum::Json;
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use bushka_geometry::VariantError;
use serde_json::json;

/// What went wrong with a request, worded for the person or program that sent it.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// A body, query or path that does not parse (malformed JSON, a wrong field...).
    #[error("{0}")]
    BadRequest(String),
    /// A body larger than the server accepts.
    #[error("the request body is larger than the limit of {limit} bytes")]
    TooLarge {
        /// The limit in bytes.
        limit: usize,
    },
    /// A variant file that does not load; carries its line and column.
    #[error("{0}")]
    Variant(Box<VariantError>),
    /// A variant name that is not built in.
    #[error("unknown variant `{name}` (built-in: {builtins})")]
    UnknownVariant {
        /// What was asked for.
        name: String,
        /// The built-in names, comma separated.
        builtins: String,
    },
    /// A key that does not let its holder do what was asked (a watcher's move, a
    /// move from the wrong seat).
    #[error("{0}")]
    Forbidden(String),
    /// A path that names nothing.
    #[error("{0}")]
    NotFound(String),
    /// A game key that opens no game.
    #[error(
        "no game with id `{0}` (it may have expired: a game with no moves, or any game of a server without storage, goes after being idle)"
    )]
    UnknownGame(String),
    /// A move, position, record or request that the game cannot take.
    #[error("{message}")]
    Rejected {
        /// What is wrong.
        message: String,
        /// Legal alternatives, when the problem is a move.
        legal: Vec<String>,
    },
    /// Every search slot is taken.
    #[error("the server is busy: all {0} search slots are in use; try again shortly")]
    Busy(usize),
    /// The server holds as many games as it allows.
    #[error("the server already holds {0} games; try again later")]
    TooManyGames(usize),
    /// The server has as many live-update streams open as it allows.
    #[error("the server already has {0} live-update streams open; try again later")]
    TooManyStreams(usize),
    /// Something failed inside the server (a search thread died).
    #[error("internal error: {0}")]
    Internal(String),
}

impl ApiError {
    /// A request the game cannot take, with no alternatives to list.
    pub fn rejected(message: impl Into<String>) -> ApiError {
        ApiError::Rejected {
            message: message.into(),
            legal: Vec::new(),
        }
    }

    /// The HTTP status for the error.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::Variant(_) | ApiError::Rejected { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::UnknownVariant { .. } | ApiError::UnknownGame(_) | ApiError::NotFound(_) => {
                StatusCode::NOT_FOUND
            }
            ApiError::Busy(_) | ApiError::TooManyGames(_) | ApiError::TooManyStreams(_) => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl From<VariantError> for ApiError {
    fn from(e: VariantError) -> Self {
        ApiError::Variant(Box::new(e))
    }
}

impl From<JsonRejection> for ApiError {
    fn from(e: JsonRejection) -> Self {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            return ApiError::TooLarge {
                limit: crate::BODY_LIMIT,
            };
        }
        ApiError::BadRequest(e.body_text())
    }
}

impl From<QueryRejection> for ApiError {
    fn from(e: QueryRejection) -> Self {
        ApiError::BadRequest(e.body_text())
    }
}

impl From<PathRejection> for ApiError {
    fn from(e: PathRejection) -> Self {
        ApiError::BadRequest(e.body_text())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = json!({ "error": self.to_string() });
        match &self {
            ApiError::Variant(e) => {
                body["kind"] = json!("variant");
                body["message"] = json!(e.kind.to_string());
                if let Some(at) = e.location {
                    body["line"] = json!(at.line);
                    body["column"] = json!(at.column);
                }
            }
            ApiError::Rejected { legal, .. } if !legal.is_empty() => {
                body["legal"] = json!(legal);
            }
            _ => {}
        }
        (self.status(), Json(body)).into_response()
    }
}
