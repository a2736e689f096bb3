//! The built-in variants, and any position's legal moves.

use axum::Json;
use axum::extract::{Path, State};
use bushka_geometry::BUILTIN;
use bushka_session::Variant;
use serde::{Deserialize, Serialize};

use crate::error::ApiError;
use crate::layout::Layout;
use crate::routes::ApiJson;
use crate::state::{SharedState, run_blocking};
use crate::variant::VariantChoice;
use crate::view::{PositionView, position_view};

/// One entry of `GET /api/variants`.
#[derive(Debug, Serialize)]
pub struct VariantSummary {
    /// The name to pass as `variant`.
    name: &'static str,
    /// The human name.
    title: String,
    /// One line.
    description: String,
}

/// `GET /api/variants`: the built-in variants.
pub async fn list(State(state): State<SharedState>) -> Json<Vec<VariantSummary>> {
    let list = BUILTIN
        .iter()
        .filter_map(|b| {
            let variant = state.builtin(b.name).ok()?;
            let meta = variant.geometry().meta().clone();
            Some(VariantSummary {
                name: b.name,
                title: meta.name,
                description: meta.description,
            })
        })
        .collect();
    Json(list)
}

/// A board with its drawing and start position.
#[derive(Debug, Serialize)]
pub struct BoardView {
    /// How to draw it.
    pub layout: Layout,
    /// The start position (or the position asked for) and its legal moves.
    pub position: PositionView,
}

/// The layout and a position of a board (the start when `position` is `None`); a
/// position whose moves take more than `steps` capture-search steps to list is
/// refused.
pub fn board_view(
    variant: &Variant,
    position: Option<&str>,
    steps: u64,
) -> Result<BoardView, ApiError> {
    let pos = variant
        .position_or_start(position)
        .map_err(|e| ApiError::rejected(e.to_string()))?;
    let legal = pos
        .legal_moves(steps)
        .map_err(|limit| ApiError::rejected(format!("the position's moves: {limit}")))?;
    Ok(BoardView {
        layout: Layout::of(variant.geometry()),
        position: position_view(&pos, &legal),
    })
}

/// `GET /api/variants/{name}`: a built-in variant's file, drawing and start position.
pub async fn show(
    State(state): State<SharedState>,
    Path(name): Path<String>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let variant = state.builtin(&name)?;
    let text = BUILTIN
        .iter()
        .find(|b| b.name == name)
        .map_or("", |b| b.text);
    let view = board_view(&variant, None, state.limits.generation_steps)?;
    Ok(Json(serde_json::json!({
        "name": name,
        "text": text,
        "layout": view.layout,
        "position": view.position,
    })))
}

/// Body of `POST /api/position`.
#[derive(Debug, Deserialize)]
pub struct PositionRequest {
    #[serde(flatten)]
    variant: VariantChoice,
    /// A position string; the start position when absent.
    position: Option<String>,
}

/// `POST /api/position`: any position's pieces and legal moves, with the board drawing.
pub async fn position(
    State(state): State<SharedState>,
    ApiJson(req): ApiJson<PositionRequest>,
) -> Result<Json<BoardView>, ApiError> {
    let variant = req.variant.variant(&state.builtins)?;
    let steps = state.limits.generation_steps;
    let view = run_blocking(move || board_view(&variant, req.position.as_deref(), steps)).await??;
    Ok(Json(view))
}
