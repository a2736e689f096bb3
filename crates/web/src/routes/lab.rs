//! The variant lab: validate a file as `bushka check` does, count perft, playtest.

use axum::Json;
use axum::extract::State;
use bushka_arena::{CompareConfig, VariantReport, compare};
use bushka_engine::PlayerSpec;
use bushka_rules::{Budget, GenerationLimit};
use serde::{Deserialize, Serialize};

use crate::error::ApiError;
use crate::layout::Layout;
use crate::routes::ApiJson;
use crate::routes::variants::{BoardView, board_view};
use crate::state::{SharedState, run_blocking, run_search};
use crate::variant::compile;

/// Deepest perft the lab runs (the board's size is bounded by the loader).
pub const MAX_LAB_PERFT: u32 = 3;
/// Most games of each kind a playtest plays.
pub const MAX_PLAYTEST_GAMES: usize = 20;
/// The ply limit of playtest games.
const PLAYTEST_MAX_PLIES: usize = 300;

/// Body of the lab requests: the variant file's text.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LabRequest {
    /// The variant file.
    text: String,
    /// Perft depth (1 to 3, default 3).
    depth: Option<u32>,
    /// Playtest games of each kind (1 to 20, default 6).
    games: Option<usize>,
}

/// Answer of `POST /api/lab/check`.
#[derive(Debug, Serialize)]
pub struct CheckView {
    /// The `bushka check` summary line.
    summary: String,
    /// The board drawing.
    layout: Layout,
    /// The start position.
    position: crate::view::PositionView,
}

/// `POST /api/lab/check`: validates a variant file; 422 with `line` and `column` when
/// it is invalid.
pub async fn check(
    State(state): State<SharedState>,
    ApiJson(req): ApiJson<LabRequest>,
) -> Result<Json<CheckView>, ApiError> {
    let variant = compile(&req.text)?;
    let summary = variant.geometry().summary();
    let steps = state.limits.generation_steps;
    let BoardView { layout, position } =
        run_blocking(move || board_view(&variant, None, steps)).await??;
    Ok(Json(CheckView {
        summary,
        layout,
        position,
    }))
}

/// `value` if it lies in 1 to `max`, else a 400 naming `what`.
fn within<T: PartialOrd + From<u8> + std::fmt::Display>(
    what: &str,
    value: T,
    max: T,
) -> Result<T, ApiError> {
    if value >= T::from(1) && value <= max {
        Ok(value)
    } else {
        Err(ApiError::BadRequest(format!(
            "{what} {value} is out of range (1 to {max})"
        )))
    }
}

/// One depth of a perft count.
#[derive(Debug, Serialize)]
pub struct PerftRow {
    depth: u32,
    nodes: u64,
}

/// `POST /api/lab/perft`: leaf counts from the start position for depths 1 to `depth`.
pub async fn perft_counts(
    State(state): State<SharedState>,
    ApiJson(req): ApiJson<LabRequest>,
) -> Result<Json<Vec<PerftRow>>, ApiError> {
    let depth = within(
        "perft depth",
        req.depth.unwrap_or(MAX_LAB_PERFT),
        MAX_LAB_PERFT,
    )?;
    let start = compile(&req.text)?.start();
    let budget = Budget::steps(state.limits.generation_steps);
    let rows = run_search(&state, move || {
        (1..=depth)
            .map(|d| {
                Ok(PerftRow {
                    depth: d,
                    nodes: start.perft(d, &budget)?,
                })
            })
            .collect::<Result<Vec<_>, GenerationLimit>>()
    })
    .await?
    .map_err(|limit| ApiError::rejected(format!("perft: {limit}")))?;
    Ok(Json(rows))
}

/// Answer of `POST /api/lab/playtest`: the `bushka compare` figures for random play and
/// for a shallow engine.
#[derive(Debug, Serialize)]
pub struct PlaytestView {
    random: VariantReport,
    engine: VariantReport,
}

/// `POST /api/lab/playtest`: a handful of random games and of shallow engine games.
pub async fn playtest(
    State(state): State<SharedState>,
    ApiJson(req): ApiJson<LabRequest>,
) -> Result<Json<PlaytestView>, ApiError> {
    let games = within("playtest games", req.games.unwrap_or(6), MAX_PLAYTEST_GAMES)?;
    let variant = compile(&req.text)?;
    let config = |player: PlayerSpec| CompareConfig {
        games,
        player,
        max_plies: PLAYTEST_MAX_PLIES,
        threads: Some(1),
        ..CompareConfig::default()
    };
    let random = config(PlayerSpec::Random { seed: 0 });
    let engine = config(PlayerSpec::engine(bushka_engine::Limits::depth(2), 4));
    let reports = run_search(&state, move || {
        let variants = [variant];
        let random = compare(&variants, &random)?;
        let engine = compare(&variants, &engine)?;
        Ok::<_, bushka_arena::ArenaError>((random, engine))
    })
    .await?
    .map_err(|e| match e {
        bushka_arena::ArenaError::Unlisted { .. } => ApiError::rejected(e.to_string()),
        _ => ApiError::Internal(e.to_string()),
    })?;
    let (mut random, mut engine) = reports;
    match (random.pop(), engine.pop()) {
        (Some(random), Some(engine)) => Ok(Json(PlaytestView { random, engine })),
        _ => Err(ApiError::Internal("the playtest returned no report".into())),
    }
}
