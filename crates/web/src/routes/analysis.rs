//! Analysis of any position of a game, streamed as server-sent events: one `iteration`
//! event per completed search depth, then `done` (or `failure`).

use std::convert::Infallible;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use axum::extract::{Path, State};
use axum::response::sse::{Event, KeepAlive, Sse};
use bushka_engine::{Limits, TablesDir, score_text};
use bushka_session::{Analysis, IterationReport, SearchSettings};
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;
use tokio_stream::Stream;
use tokio_stream::wrappers::ReceiverStream;

use crate::error::ApiError;
use crate::routes::ApiQuery;
use crate::state::SharedState;
use crate::view::{MoveView, move_view};

/// Default think time of an analysis, in milliseconds.
const DEFAULT_MOVETIME_MS: u64 = 3_000;
/// Longest analysis, in milliseconds.
pub const MAX_ANALYSIS_MS: u64 = 60_000;
/// Transposition table of an analysis, in MiB.
const ANALYSIS_MIB: usize = 32;

/// Query of the analysis stream.
#[derive(Debug, Deserialize)]
pub struct AnalysisQuery {
    /// Plies from the start; the current position when absent.
    ply: Option<usize>,
    /// Think time in milliseconds (1 to 60000, default 3000).
    movetime: Option<u64>,
}

/// One completed iteration.
#[derive(Debug, Serialize)]
struct IterationView {
    depth: u32,
    /// Centi-men for the side to move, or a mate score.
    score: i32,
    /// `+0.12`, `mate in 3`...
    score_text: String,
    nodes: u64,
    time_ms: u64,
    /// The principal variation in notation.
    pv: Vec<String>,
    /// The best move (the first of the variation).
    best: Option<MoveView>,
    /// The endgame tables' verdict when they cover the position: `tablebase: win in
    /// 7`, `tablebase: loss in 4`, `tablebase: draw`.
    tablebase: Option<String>,
}

fn iteration_view(it: &IterationReport, tablebase: Option<&String>) -> IterationView {
    IterationView {
        depth: it.depth,
        score: it.score,
        score_text: score_text(it.score),
        nodes: it.nodes,
        time_ms: it.elapsed.as_millis() as u64,
        pv: it.pv.iter().map(|mv| mv.text.clone()).collect(),
        best: it.pv.first().map(move_view),
        tablebase: tablebase.cloned(),
    }
}

fn event(name: &str, data: &impl Serialize) -> Event {
    Event::default()
        .event(name)
        .json_data(data)
        .unwrap_or_else(|_| {
            Event::default()
                .event("failure")
                .data("{\"error\":\"unencodable event\"}")
        })
}

/// Runs `analysis` and sends its iterations; stops early when the receiver has gone
/// (the browser closed the stream).
fn analyse(
    analysis: &Analysis,
    limits: Limits,
    tables: Option<Arc<TablesDir>>,
    tx: &mpsc::Sender<Event>,
) {
    let stop = Arc::new(AtomicBool::new(false));
    let position = analysis.position();
    // A directory without tables of this variant covers nothing here.
    let tables = tables.and_then(|dir| dir.load(position.geometry()).ok());
    let verdict = tables.as_ref().and_then(|t| {
        let value = position.probe(t)?;
        Some(format!("tablebase: {}", value.text()))
    });
    let settings = SearchSettings {
        limits,
        hash_mib: ANALYSIS_MIB,
        // A server shares its cores among its users: one thread an analysis.
        threads: 1,
        tables,
        stop: Some(Arc::clone(&stop)),
    };
    let result = analysis.run(&settings, |it| {
        if tx
            .blocking_send(event("iteration", &iteration_view(it, verdict.as_ref())))
            .is_err()
        {
            stop.store(true, Ordering::Relaxed);
        }
    });
    let message = match (&result.best, analysis.outcome()) {
        (_, Some(outcome)) => Some(format!("the game is over: {outcome}")),
        (None, None) => Some("the side to move has no legal move".to_string()),
        _ => None,
    };
    let _ = tx.blocking_send(event(
        "done",
        &serde_json::json!({ "nodes": result.nodes, "message": message }),
    ));
}

/// `GET /api/games/{id}/analysis?ply=N&movetime=MS`: server-sent events.
pub async fn stream(
    State(state): State<SharedState>,
    Path(id): Path<String>,
    ApiQuery(q): ApiQuery<AnalysisQuery>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let movetime = q.movetime.unwrap_or(DEFAULT_MOVETIME_MS);
    if !(1..=MAX_ANALYSIS_MS).contains(&movetime) {
        return Err(ApiError::BadRequest(format!(
            "movetime {movetime} is out of range (1 to {MAX_ANALYSIS_MS} ms)"
        )));
    }
    let limits = Limits::movetime(Duration::from_millis(movetime));
    let (entry, _) = state.game(&id).await?;
    let tables = state.limits.tablebases.clone();
    let permit = state.search_permit().await?;
    let (tx, rx) = mpsc::channel(16);
    let analysis = {
        let live = entry.live.lock().await;
        let session = &live.session;
        let ply = q.ply.unwrap_or(session.plies());
        session.analysis_at(ply).ok_or_else(|| {
            ApiError::BadRequest(format!(
                "ply {ply} is past the game's end (it has {} moves)",
                session.plies()
            ))
        })?
    };
    tokio::task::spawn_blocking(move || {
        analyse(&analysis, limits, tables, &tx);
        drop(permit);
    });
    Ok(
        Sse::new(tokio_stream::StreamExt::map(ReceiverStream::new(rx), Ok))
            .keep_alive(KeepAlive::default()),
    )
}
