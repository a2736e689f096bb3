//! Games: create, load, show, delete, record, and the positions of their past.

use std::collections::BTreeMap;
use std::str::FromStr;
use std::sync::Arc;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use bushka_engine::{DEFAULT_HASH_MIB, DEFAULT_LEVEL, LEVELS, PlayerSpec};
use bushka_geometry::{ByColour, Colour};
use bushka_rules::Record;
use bushka_session::{Opening, Session, choose_player, record_tags};
use bushka_store::{Access, VariantSource};
use serde::Deserialize;

use crate::clock::{Clock, ClockRequest};
use crate::error::ApiError;
use crate::game_view::{GameView, game_view};
use crate::live::Live;
use crate::programs::Programs;
use crate::routes::{ApiJson, ApiQuery};
use crate::saved::{Start, game_row, start_session};
use crate::state::{SharedState, new_key, run_blocking};
use crate::variant::VariantChoice;
use crate::view::{PositionView, position_view};

/// Longest engine think a web player may ask for, in milliseconds.
pub const MAX_MOVETIME_MS: u64 = 60_000;
/// Deepest fixed-depth engine a web player may ask for.
pub const MAX_DEPTH: u32 = 16;
/// Largest node budget a web player may ask for: the strongest level's.
pub const MAX_NODES: u64 = LEVELS[LEVELS.len() - 1].0;

/// Parses a player spec and keeps its cost within what a shared server allows: an
/// engine needs a time, depth or node limit (a level gives one), each within its cap,
/// and searches with a transposition table of at most the default size; a program is
/// one of the server's, named `program:NAME` (a browser never names a command).
fn player(programs: &Programs, text: &str) -> Result<PlayerSpec, ApiError> {
    if let Some(program) = programs.named(text) {
        return program.map_err(ApiError::BadRequest);
    }
    if text.to_ascii_lowercase().contains("tablebases") {
        return Err(ApiError::BadRequest(format!(
            "player `{text}`: table directories are the server's (`bushka serve --tablebases DIR`)"
        )));
    }
    let spec = PlayerSpec::from_str(text).map_err(|e| ApiError::BadRequest(e.to_string()))?;
    if spec.is_external() {
        return Err(ApiError::BadRequest(format!(
            "player `{text}`: the web app plays only the programs its server names, as \
             `program:NAME` (`bushka serve --program NAME=SPEC`)"
        )));
    }
    if let PlayerSpec::Engine {
        limits,
        hash_mib,
        threads,
        ..
    } = spec
    {
        if hash_mib > DEFAULT_HASH_MIB {
            return Err(ApiError::BadRequest(format!(
                "player `{text}`: the web app's engines search with a table of at most \
                 {DEFAULT_HASH_MIB} MiB (hash={DEFAULT_HASH_MIB})"
            )));
        }
        if threads > 1 {
            return Err(ApiError::BadRequest(format!(
                "player `{text}`: the web app's engines search on one thread each (threads=1)"
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

/// `GET /api/programs`: the names of the programs players may choose, as
/// `program:NAME` (`bushka serve --program NAME=SPEC`).
pub async fn programs(State(state): State<SharedState>) -> Json<Vec<String>> {
    Json(state.limits.programs.names().map(str::to_string).collect())
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
    /// Two people on two devices: the creator's seat (`white` or `black`); the answer
    /// gives a link to each seat. Without it, the creator's key plays every person's
    /// side on one screen.
    seat: Option<String>,
    /// Clocks, for a game between two people.
    clock: Option<ClockRequest>,
}

/// How a new game is made: its board, its session, its clocks, and who gets a key.
struct Founding {
    variant: VariantSource,
    session: Session,
    seed: u64,
    clock: Option<Clock>,
    seat: Option<Colour>,
    message: Option<String>,
}

/// Stores and holds a new game, and answers with it as its creator sees it, with the
/// keys to it.
async fn found(state: &SharedState, founding: Founding) -> Result<Json<GameView>, ApiError> {
    let id = new_key()?;
    let mut keys = Vec::new();
    let mut links = BTreeMap::new();
    let accesses = match founding.seat {
        Some(_) => vec![Access::Seat(Colour::White), Access::Seat(Colour::Black)],
        None => vec![Access::Table],
    };
    for access in accesses {
        let key = new_key()?;
        links.insert(access.name(), key.clone());
        keys.push((key, access));
    }
    links.insert(Access::Watch.name(), id.clone());
    let mine = founding.seat.map_or(Access::Table, Access::Seat);
    let key = links[mine.name()].clone();
    let row = game_row(
        &id,
        founding.variant,
        &founding.session,
        founding.seed,
        founding.clock.as_ref(),
        &state.limits.programs,
    );
    let live = Live::new(
        founding.session,
        founding.clock,
        (id.clone(), Arc::clone(&state.store)),
        0,
        0,
    );
    let held = Arc::clone(state);
    let entry = run_blocking(move || held.insert_game(&row, live, &keys)).await??;
    let guard = entry.live.lock().await;
    let mut view = game_view(
        (&key, mine),
        &entry.id,
        Some(&entry.layout),
        &guard,
        founding.message,
    );
    view.links = Some(links);
    Ok(Json(view))
}

/// Where a game's board comes from, as stored.
fn variant_source(choice: &VariantChoice) -> VariantSource {
    match (&choice.variant, &choice.variant_text) {
        (_, Some(text)) => VariantSource::File(text.clone()),
        (Some(name), None) => VariantSource::Builtin(name.clone()),
        (None, None) => VariantSource::Builtin("bushka".into()),
    }
}

/// The seat and clocks asked for, which only a game between two people may have.
fn between_people(
    specs: &ByColour<PlayerSpec>,
    seat: Option<&str>,
    clock: Option<ClockRequest>,
) -> Result<(Option<Colour>, Option<Clock>), ApiError> {
    let people = Colour::BOTH.iter().all(|&s| specs[s] == PlayerSpec::Human);
    let seat = match seat {
        None => None,
        Some("white") => Some(Colour::White),
        Some("black") => Some(Colour::Black),
        Some(other) => {
            return Err(ApiError::BadRequest(format!(
                "seat `{other}`: give `white` or `black`"
            )));
        }
    };
    if (seat.is_some() || clock.is_some()) && !people {
        return Err(ApiError::BadRequest(
            "seat links and clocks are for games between two people (white and black `human`)"
                .into(),
        ));
    }
    let clock = clock
        .map(ClockRequest::control)
        .transpose()?
        .map(Clock::new);
    Ok((seat, clock))
}

/// `POST /api/games`: a new game.
pub async fn create(
    State(state): State<SharedState>,
    ApiJson(req): ApiJson<NewGame>,
) -> Result<Json<GameView>, ApiError> {
    state.check_room()?;
    let variant = req.variant.variant(&state.builtins)?;
    let programs = &state.limits.programs;
    let white = player(programs, req.white.as_deref().unwrap_or("human"))?;
    let black = match req.black.as_deref() {
        Some(text) => player(programs, text)?,
        None => PlayerSpec::level(DEFAULT_LEVEL),
    };
    let specs = ByColour::new(white, black);
    let (seat, clock) = between_people(&specs, req.seat.as_deref(), req.clock)?;
    let tags = record_tags(
        &variant_tag(&req.variant, &variant),
        &programs.text(&specs[Colour::White]),
        &programs.text(&specs[Colour::Black]),
        None,
    );
    let seed = rand::random();
    let steps = state.limits.generation_steps;
    let position = req.position.clone();
    let session = run_blocking(move || {
        let opening = position
            .as_deref()
            .map_or(Opening::Start, Opening::Position);
        let start = Start {
            specs,
            tags,
            steps,
            seed,
        };
        start_session(&variant, opening, start)
    })
    .await??;
    let founding = Founding {
        variant: variant_source(&req.variant),
        session,
        seed,
        clock,
        seat,
        message: None,
    };
    found(&state, founding).await
}

/// The `Variant` tag of a record: the built-in's name, or the pasted file's id.
fn variant_tag(choice: &VariantChoice, variant: &bushka_session::Variant) -> String {
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
    state.check_room()?;
    let record =
        Record::parse(&req.record).map_err(|e| ApiError::rejected(format!("game record: {e}")))?;
    let mut choice = req.variant.clone();
    if choice.variant.is_none() && choice.variant_text.is_none() {
        choice.variant = record.tag("Variant").map(str::to_string);
    }
    let variant = choice.variant(&state.builtins)?;
    let programs = &state.limits.programs;
    let pick = |arg: Option<&String>, key: &str| match arg {
        Some(text) => player(programs, text).map(|spec| {
            let name = programs.text(&spec);
            (spec, name)
        }),
        // A player the record's tag names is held to the same limits.
        None => choose_player(None, record.tag(key), PlayerSpec::Human)
            .map_err(|e| ApiError::BadRequest(e.to_string()))
            .and_then(|(spec, name)| player(programs, &spec.to_string()).map(|_| (spec, name))),
    };
    let (white, white_name) = pick(req.white.as_ref(), "White")?;
    let (black, black_name) = pick(req.black.as_ref(), "Black")?;
    let tags = record_tags(
        &variant_tag(&choice, &variant),
        &white_name,
        &black_name,
        Some(&record),
    );
    let moves = record.moves.len();
    let seed = rand::random();
    let steps = state.limits.generation_steps;
    let session = run_blocking(move || {
        let start = Start {
            specs: ByColour::new(white, black),
            tags,
            steps,
            seed,
        };
        start_session(&variant, Opening::Record(&record), start)
    })
    .await??;
    let founding = Founding {
        variant: variant_source(&choice),
        session,
        seed,
        clock: None,
        seat: None,
        message: Some(format!("Loaded the game record ({moves} moves).")),
    };
    found(&state, founding).await
}

/// Runs `change` on the session of the game `key` opens, told what the key lets its
/// holder do, and answers with the game as the key's holder sees it.
pub async fn change(
    state: &SharedState,
    key: &str,
    change: impl FnOnce(&mut Session, Access) -> Result<Option<String>, ApiError> + Send + 'static,
) -> Result<Json<GameView>, ApiError> {
    let (entry, access) = state.game(key).await?;
    let mut guard = Arc::clone(&entry.live).lock_owned().await;
    let key = key.to_string();
    // A move lists the moves of the position it leads to, which may take seconds on a
    // hostile board: off the event loop, like every other listing.
    run_blocking(move || {
        let message = guard.act(|session| change(session, access))?;
        let view = game_view(
            (&key, access),
            &entry.id,
            Some(&entry.layout),
            &guard,
            message,
        );
        Ok(Json(view))
    })
    .await?
}

/// `GET /api/games/{id}`.
pub async fn show(
    State(state): State<SharedState>,
    Path(id): Path<String>,
) -> Result<Json<GameView>, ApiError> {
    change(&state, &id, |_, _| Ok(None)).await
}

/// `DELETE /api/games/{id}`: only the key of a game's one screen deletes it (not a
/// seat of two people, not a watcher).
pub async fn delete(
    State(state): State<SharedState>,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    let (entry, access) = state.game(&id).await?;
    if access != Access::Table {
        return Err(ApiError::Forbidden(format!(
            "a {} link cannot delete the game",
            access.name()
        )));
    }
    let held = Arc::clone(&state);
    if run_blocking(move || held.remove_game(&entry.id)).await?? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::UnknownGame(id))
    }
}

/// `GET /api/games/{id}/record`: the game record, as `bushka replay` reads it.
pub async fn record(
    State(state): State<SharedState>,
    Path(id): Path<String>,
) -> Result<impl IntoResponse, ApiError> {
    let (entry, _) = state.game(&id).await?;
    let live = entry.live.lock().await;
    let text = live.session.record_text();
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
    let (entry, _) = state.game(&id).await?;
    let live = entry.live.lock().await;
    let session = &live.session;
    let pos = session.position_at(q.ply).ok_or_else(|| {
        ApiError::BadRequest(format!(
            "ply {} is past the game's end (it has {} moves)",
            q.ply,
            session.plies()
        ))
    })?;
    Ok(Json(position_view(&pos, &[])))
}
