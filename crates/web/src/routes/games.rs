//! Games: create, load, move, let the computer move, undo, draw, resign, record.

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use bushka_engine::{DEFAULT_HASH_MIB, DEFAULT_LEVEL, LEVELS, PlayerSpec};
use bushka_geometry::{ByColour, Colour};
use bushka_rules::Record;
use bushka_session::{
    DrawOffer, Memory, Opening, Session, SessionError, Setup, StartError, Undone, Variant,
    choose_player, record_tags,
};
use serde::Deserialize;

use crate::error::ApiError;
use crate::games::{GameEntry, GameView, StopOnDrop, game_view};
use crate::routes::{ApiJson, ApiQuery};
use crate::state::{AppState, SharedState, run_blocking};
use crate::variant::VariantChoice;
use crate::view::{PositionView, position_view};

/// Longest engine think a web player may ask for, in milliseconds.
pub const MAX_MOVETIME_MS: u64 = 60_000;
/// Deepest fixed-depth engine a web player may ask for.
pub const MAX_DEPTH: u32 = 16;
/// Largest node budget a web player may ask for: the strongest level's.
pub const MAX_NODES: u64 = LEVELS[LEVELS.len() - 1].0;

impl From<SessionError> for ApiError {
    fn from(e: SessionError) -> Self {
        ApiError::rejected(e.to_string())
    }
}

/// Parses a player spec and keeps its cost within what a shared server allows: an
/// engine needs a time, depth or node limit (a level gives one), each within its cap,
/// and searches with a transposition table of at most the default size.
fn player(text: &str) -> Result<PlayerSpec, ApiError> {
    if text.to_ascii_lowercase().contains("tablebases") {
        return Err(ApiError::BadRequest(format!(
            "player `{text}`: table directories are the server's (`bushka serve --tablebases DIR`)"
        )));
    }
    let spec = PlayerSpec::from_str(text).map_err(|e| ApiError::BadRequest(e.to_string()))?;
    if let PlayerSpec::Engine {
        limits, hash_mib, ..
    } = spec
    {
        if hash_mib > DEFAULT_HASH_MIB {
            return Err(ApiError::BadRequest(format!(
                "player `{text}`: the web app's engines search with a table of at most \
                 {DEFAULT_HASH_MIB} MiB (hash={DEFAULT_HASH_MIB})"
            )));
        }
        let within = [
            limits
                .movetime
                .map(|t| t.as_millis() <= u128::from(MAX_MOVETIME_MS)),
            limits.depth.map(|d| d <= MAX_DEPTH),
            limits.nodes.map(|n| n <= MAX_NODES),
        ];
        let bounded = within.iter().any(Option::is_some);
        if !bounded || within.contains(&Some(false)) {
            return Err(ApiError::BadRequest(format!(
                "player `{text}`: the web app's engines play a level (1 to 8) or think at most \
                 {MAX_MOVETIME_MS} ms a move, search at most depth {MAX_DEPTH} or at most \
                 {MAX_NODES} nodes"
            )));
        }
    }
    Ok(spec)
}

/// A session on `variant` from `opening` with these players and tags, whose every move
/// listing may take at most `steps` capture-search steps. Its engines hold their
/// search memory only while they search (a server holds many games), and each game is
/// seeded afresh.
fn start_session(
    variant: &Variant,
    opening: Opening<'_>,
    (specs, tags): (ByColour<PlayerSpec>, Vec<(String, String)>),
    steps: u64,
) -> Result<Session, ApiError> {
    let mut setup = Setup::new(specs);
    setup.tags = tags;
    setup.steps = steps;
    setup.memory = Memory::Search;
    setup.seed = rand::random();
    Session::start(variant, opening, setup).map_err(|error| match error {
        StartError::Position(e) => ApiError::rejected(e.to_string()),
        StartError::Game(e) => ApiError::rejected(format!("cannot start the game: {e}")),
        StartError::Record(e) => ApiError::rejected(format!("game record: {e}")),
        StartError::Player(e) => ApiError::rejected(e),
    })
}

/// Body of `POST /api/games`.
#[derive(Debug, Deserialize)]
pub struct NewGame {
    #[serde(flatten)]
    variant: VariantChoice,
    /// White's player spec (default `human`).
    white: Option<String>,
    /// Black's player spec (default: the engine at the default level, as `bushka play`).
    black: Option<String>,
    /// A position string to start from.
    position: Option<String>,
}

async fn store(
    state: &AppState,
    entry: GameEntry,
    message: Option<String>,
) -> Result<Json<GameView>, ApiError> {
    let layout = entry.layout.clone();
    let session = Arc::clone(&entry.session);
    let id = state.insert_game(entry)?;
    let guard = session.lock().await;
    Ok(Json(game_view(&id, &layout, &guard, message)))
}

/// `POST /api/games`: a new game.
pub async fn create(
    State(state): State<SharedState>,
    ApiJson(req): ApiJson<NewGame>,
) -> Result<Json<GameView>, ApiError> {
    let variant = req.variant.variant(&state)?;
    let white = player(req.white.as_deref().unwrap_or("human"))?;
    let black = match req.black.as_deref() {
        Some(text) => player(text)?,
        None => PlayerSpec::level(DEFAULT_LEVEL),
    };
    let tags = record_tags(
        &variant_tag(&req.variant, &variant),
        &white.to_string(),
        &black.to_string(),
        None,
    );
    let steps = state.limits.generation_steps;
    let session = run_blocking(move || {
        let opening = req
            .position
            .as_deref()
            .map_or(Opening::Start, Opening::Position);
        start_session(
            &variant,
            opening,
            (ByColour::new(white, black), tags),
            steps,
        )
    })
    .await??;
    store(&state, GameEntry::new(session), None).await
}

/// The `Variant` tag of a record: the built-in's name, or the pasted file's id.
fn variant_tag(choice: &VariantChoice, variant: &Variant) -> String {
    match &choice.variant {
        Some(name) if choice.variant_text.is_none() => name.clone(),
        _ => variant.geometry().meta().id.clone(),
    }
}

/// Body of `POST /api/games/load`.
#[derive(Debug, Deserialize)]
pub struct LoadGame {
    #[serde(flatten)]
    variant: VariantChoice,
    /// The game record (the format `bushka replay` reads).
    record: String,
    /// White's player (default: the record's `White` tag when it names a player, else a person).
    white: Option<String>,
    /// Black's player (likewise).
    black: Option<String>,
}

/// `POST /api/games/load`: a game continued from its record.
pub async fn load(
    State(state): State<SharedState>,
    ApiJson(req): ApiJson<LoadGame>,
) -> Result<Json<GameView>, ApiError> {
    let record =
        Record::parse(&req.record).map_err(|e| ApiError::rejected(format!("game record: {e}")))?;
    let mut choice = req.variant.clone();
    if choice.variant.is_none() && choice.variant_text.is_none() {
        choice.variant = record.tag("Variant").map(str::to_string);
    }
    let variant = choice.variant(&state)?;
    let pick = |arg: Option<&String>, key: &str| {
        let arg = arg.map(|a| player(a).map(|_| a.as_str())).transpose()?;
        choose_player(arg, record.tag(key), PlayerSpec::Human)
            .map_err(|e| ApiError::BadRequest(e.to_string()))
    };
    let (white, white_name) = pick(req.white.as_ref(), "White")?;
    let (black, black_name) = pick(req.black.as_ref(), "Black")?;
    player(&white.to_string())?;
    player(&black.to_string())?;
    let tags = record_tags(
        &variant_tag(&choice, &variant),
        &white_name,
        &black_name,
        Some(&record),
    );
    let moves = record.moves.len();
    let steps = state.limits.generation_steps;
    let session = run_blocking(move || {
        let opening = Opening::Record(&record);
        start_session(
            &variant,
            opening,
            (ByColour::new(white, black), tags),
            steps,
        )
    })
    .await??;
    let entry = GameEntry::new(session);
    store(
        &state,
        entry,
        Some(format!("Loaded the game record ({moves} moves).")),
    )
    .await
}

/// Runs `change` on a game's session and answers with the game.
async fn change(
    state: &AppState,
    id: &str,
    change: impl FnOnce(&mut Session) -> Result<Option<String>, ApiError> + Send + 'static,
) -> Result<Json<GameView>, ApiError> {
    let entry = state.game(id)?;
    let mut guard = Arc::clone(&entry.session).lock_owned().await;
    let (id, layout) = (id.to_string(), entry.layout.clone());
    // A move lists the moves of the position it leads to, which may take seconds on a
    // hostile board: off the event loop, like every other listing.
    run_blocking(move || {
        let message = change(&mut guard)?;
        Ok(Json(game_view(&id, &layout, &guard, message)))
    })
    .await?
}

/// `GET /api/games/{id}`.
pub async fn show(
    State(state): State<SharedState>,
    Path(id): Path<String>,
) -> Result<Json<GameView>, ApiError> {
    change(&state, &id, |_| Ok(None)).await
}

/// `DELETE /api/games/{id}`.
pub async fn delete(
    State(state): State<SharedState>,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    if let Ok(entry) = state.game(&id) {
        entry.stop();
    }
    if state.remove_game(&id) {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::UnknownGame(id))
    }
}

/// Body of `POST /api/games/{id}/move`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// MindSports notation, a full route, or two cells (`f4 f5`).
    #[serde(rename = "move")]
    text: String,
}

/// `POST /api/games/{id}/move`: a person's move.
pub async fn play(
    State(state): State<SharedState>,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<MoveRequest>,
) -> Result<Json<GameView>, ApiError> {
    change(&state, &id, move |s| match s.play_text(&req.text) {
        Ok(_) => Ok(None),
        Err(SessionError::Unresolved(e)) => Err(ApiError::Rejected {
            message: e.message,
            legal: s.legal_moves().into_iter().map(|m| m.text).collect(),
        }),
        Err(e) => Err(e.into()),
    })
    .await
}

/// `POST /api/games/{id}/computer`: the computer player to move chooses and plays its
/// move. It thinks on a search thread away from the session, so the game still answers
/// meanwhile (a person may resign or undo; `POST .../stop` ends an engine's think
/// early with the best move so far).
pub async fn computer(
    State(state): State<SharedState>,
    Path(id): Path<String>,
) -> Result<Json<GameView>, ApiError> {
    let entry = state.game(&id)?;
    // The search slot first: once the computer player is taken out of its session it
    // must reach a search thread, which gives it back. Taken before a slot was free, a
    // "busy" answer would drop it, and its side could never think again.
    let permit = state.search_permit().await?;
    let (thinking, moves) = {
        let mut session = entry.session.lock().await;
        (session.start_thinking()?, session.plies())
    };
    let flag = entry.new_stop_flag(moves);
    let _abandoned = StopOnDrop(Arc::clone(&flag));
    let session = Arc::clone(&entry.session);
    let layout = entry.layout.clone();
    // The thread gives the computer player back to the session even when the request
    // is abandoned, so that the side can think again.
    run_blocking(move || {
        let chosen = thinking.choose(flag);
        drop(permit);
        let mut guard = session.blocking_lock();
        let message = match guard.finish_thinking(chosen)? {
            Some(_) => None,
            None => Some("The computer found no move and resigned.".to_string()),
        };
        Ok(Json(game_view(&id, &layout, &guard, message)))
    })
    .await?
}

/// How long a stop waits for the game's lock to learn the position it stops (a draw
/// judgement holds the lock while it searches; that search is then simply stopped).
const STOP_LOCK_WAIT: Duration = Duration::from_millis(200);

/// `POST /api/games/{id}/stop`: stops the computer's think on the current position
/// (it plays the best move found so far): the one under way, or the one about to
/// begin when the stop overtook the request that starts it.
pub async fn stop(
    State(state): State<SharedState>,
    Path(id): Path<String>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let entry = state.game(&id)?;
    match tokio::time::timeout(STOP_LOCK_WAIT, entry.session.lock()).await {
        Ok(guard) => entry.stop_at(guard.plies()),
        Err(_) => entry.stop(),
    }
    Ok(Json(serde_json::json!({ "stopped": true })))
}

/// `POST /api/games/{id}/undo`: takes back the last person's move and the replies
/// after it (or a resignation or agreed draw).
pub async fn undo(
    State(state): State<SharedState>,
    Path(id): Path<String>,
) -> Result<Json<GameView>, ApiError> {
    change(&state, &id, |s| {
        Ok(Some(match s.undo()? {
            Undone::Declaration(outcome) => format!("Took back the end of the game ({outcome})."),
            Undone::Moves(plies) => {
                let texts: Vec<&str> = plies.iter().map(|p| p.mv.text.as_str()).collect();
                format!("Took back {}.", texts.join(" "))
            }
        }))
    })
    .await
}

/// `POST /api/games/{id}/resign`: the person to move (or the only person) resigns.
pub async fn resign(
    State(state): State<SharedState>,
    Path(id): Path<String>,
) -> Result<Json<GameView>, ApiError> {
    change(&state, &id, |s| {
        let side = s
            .acting_person()
            .ok_or_else(|| ApiError::rejected("no person plays in this game"))?;
        let outcome = s.resign(side)?;
        Ok(Some(format!("{} resigned: {outcome}.", side.name())))
    })
    .await
}

/// `POST /api/games/{id}/draw`: the person to move offers a draw. A computer opponent
/// answers at once (after a search); a person opponent is asked (`draw/answer`).
pub async fn offer_draw(
    State(state): State<SharedState>,
    Path(id): Path<String>,
) -> Result<Json<GameView>, ApiError> {
    let entry = state.game(&id)?;
    // A search slot before the game's lock, as every search takes them.
    let permit = state.search_permit().await?;
    let mut guard = Arc::clone(&entry.session).lock_owned().await;
    let flag = entry.new_stop_flag(guard.plies());
    let _abandoned = StopOnDrop(Arc::clone(&flag));
    let layout = entry.layout.clone();
    run_blocking(move || {
        let _permit = permit;
        let side = guard.side_to_move();
        let message = match guard.offer_draw(side, flag)? {
            DrawOffer::Pending { to } => {
                format!("{} offers a draw; {} to answer.", side.name(), to.name())
            }
            DrawOffer::Decided(answer) if answer.accepted => {
                format!("{} accepts the draw.", answer.by.name())
            }
            DrawOffer::Decided(answer) => format!("{} declines the draw.", answer.by.name()),
        };
        Ok(Json(game_view(&id, &layout, &guard, Some(message))))
    })
    .await?
}

/// Body of `POST /api/games/{id}/draw/answer`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DrawReply {
    /// Whether the person asked accepts.
    accept: bool,
}

/// `POST /api/games/{id}/draw/answer`: the person offered a draw answers.
pub async fn answer_draw(
    State(state): State<SharedState>,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<DrawReply>,
) -> Result<Json<GameView>, ApiError> {
    change(&state, &id, move |s| {
        let side = s
            .draw_offer()
            .map(Colour::opponent)
            .ok_or_else(|| ApiError::rejected("no draw offer waits for an answer"))?;
        let answer = s.answer_draw(side, req.accept)?;
        let verb = if answer.accepted {
            "accepts"
        } else {
            "declines"
        };
        Ok(Some(format!("{} {verb} the draw.", side.name())))
    })
    .await
}

/// `GET /api/games/{id}/record`: the game record, as `bushka replay` reads it.
pub async fn record(
    State(state): State<SharedState>,
    Path(id): Path<String>,
) -> Result<impl IntoResponse, ApiError> {
    let entry = state.game(&id)?;
    let guard = entry.session.lock().await;
    let text = guard.record_text();
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text))
}

/// Query of `GET /api/games/{id}/position`.
#[derive(Debug, Deserialize)]
pub struct PlyQuery {
    /// Plies from the start (0 is the start position).
    ply: usize,
}

/// `GET /api/games/{id}/position?ply=N`: the position after N plies.
pub async fn position(
    State(state): State<SharedState>,
    Path(id): Path<String>,
    ApiQuery(q): ApiQuery<PlyQuery>,
) -> Result<Json<PositionView>, ApiError> {
    let entry = state.game(&id)?;
    let guard = entry.session.lock().await;
    let pos = guard.position_at(q.ply).ok_or_else(|| {
        ApiError::BadRequest(format!(
            "ply {} is past the game's end (it has {} moves)",
            q.ply,
            guard.plies()
        ))
    })?;
    Ok(Json(position_view(&pos, &[])))
}
