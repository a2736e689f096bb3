//! What the players do in a game: move, let the computer move or stop its think,
//! undo (or ask the other person to), offer and answer draws, resign. A key acts only
//! for what it opens: a seat for its side, a table for every person's side, a watcher
//! for nothing.

use std::sync::Arc;
use std::time::Duration;

use axum::Json;
use axum::extract::{Path, State};
use bushka_geometry::Colour;
use bushka_session::{DrawOffer, Session, SessionError, UndoRequest, Undone};
use bushka_store::Access;
use serde::Deserialize;

use crate::error::ApiError;
use crate::game_view::{GameView, game_view};
use crate::games::StopOnDrop;
use crate::routes::ApiJson;
use crate::routes::games::change;
use crate::state::{SharedState, run_blocking};

impl From<SessionError> for ApiError {
    fn from(e: SessionError) -> Self {
        ApiError::rejected(e.to_string())
    }
}

/// The side a seat's key plays (`None` for a table's), or a watcher refused.
fn seat(access: Access) -> Result<Option<Colour>, ApiError> {
    match access {
        Access::Table => Ok(None),
        Access::Seat(side) => Ok(Some(side)),
        Access::Watch => Err(ApiError::Forbidden(
            "this link only watches the game".into(),
        )),
    }
}

/// The side that acts: the seat's, or at a table the side `table` names (`None`: no
/// person may act now).
fn acting(
    access: Access,
    table: impl FnOnce() -> Option<Colour>,
    nobody: &str,
) -> Result<Colour, ApiError> {
    match seat(access)? {
        Some(side) => Ok(side),
        None => table().ok_or_else(|| ApiError::rejected(nobody)),
    }
}

/// What an undo took back, in words.
fn undone_text(undone: &Undone) -> String {
    match undone {
        Undone::Declaration(outcome) => format!("Took back the end of the game ({outcome})."),
        Undone::Moves(plies) => {
            let texts: Vec<&str> = plies.iter().map(|p| p.mv.text.as_str()).collect();
            format!("Took back {}.", texts.join(" "))
        }
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
    change(&state, &id, move |s, access| {
        if let Some(side) = seat(access)?
            && s.end().is_none()
            && s.side_to_move() != side
        {
            return Err(ApiError::Forbidden(format!(
                "it is {}'s move; this link plays {}",
                side.opponent().name(),
                side.name()
            )));
        }
        match s.play_text(&req.text) {
            Ok(_) => Ok(None),
            Err(SessionError::Unresolved(e)) => Err(ApiError::Rejected {
                message: e.message,
                legal: s.legal_moves().into_iter().map(|m| m.text).collect(),
            }),
            Err(e) => Err(e.into()),
        }
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
    let (entry, access) = state.game(&id).await?;
    seat(access)?;
    // The search slot first: once the computer player is taken out of its session it
    // must reach a search thread, which gives it back. Taken before a slot was free, a
    // "busy" answer would drop it, and its side could never think again.
    let permit = state.search_permit().await?;
    let (thinking, moves) = {
        let mut live = entry.live.lock().await;
        (live.session.start_thinking()?, live.session.plies())
    };
    let flag = entry.new_stop_flag(moves);
    let _abandoned = StopOnDrop(Arc::clone(&flag));
    // The thread gives the computer player back to the session even when the request
    // is abandoned, so that the side can think again.
    run_blocking(move || {
        let chosen = thinking.choose(flag);
        drop(permit);
        let mut guard = entry.live.blocking_lock();
        let played = guard.act(|s| Ok(s.finish_thinking(chosen)?))?;
        let message = played
            .is_none()
            .then(|| "The computer found no move and resigned.".to_string());
        let view = game_view(
            (&id, access),
            &entry.id,
            Some(&entry.layout),
            &guard,
            message,
        );
        Ok(Json(view))
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
    let (entry, access) = state.game(&id).await?;
    seat(access)?;
    match tokio::time::timeout(STOP_LOCK_WAIT, entry.live.lock()).await {
        Ok(guard) => entry.stop_at(guard.session.plies()),
        Err(_) => entry.stop(),
    }
    Ok(Json(serde_json::json!({ "stopped": true })))
}

/// `POST /api/games/{id}/undo`: at a table, takes back the last person's move and the
/// replies after it (or a resignation or agreed draw); at a seat, asks the other
/// person to let that seat take back its last move (`undo/answer`).
pub async fn undo(
    State(state): State<SharedState>,
    Path(id): Path<String>,
) -> Result<Json<GameView>, ApiError> {
    change(&state, &id, |s, access| {
        let message = match seat(access)? {
            None => undone_text(&s.undo()?),
            Some(side) => match s.ask_undo(side)? {
                UndoRequest::Pending { to } => format!(
                    "{} asks to take back their last move; {} to answer.",
                    side.name(),
                    to.name()
                ),
                UndoRequest::Done(undone) => undone_text(&undone),
            },
        };
        Ok(Some(message))
    })
    .await
}

/// Body of `POST /api/games/{id}/draw/answer` and `.../undo/answer`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reply {
    /// Whether the person asked accepts.
    accept: bool,
}

/// `POST /api/games/{id}/undo/answer`: the person asked lets the other take back a
/// move, or not.
pub async fn answer_undo(
    State(state): State<SharedState>,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<Reply>,
) -> Result<Json<GameView>, ApiError> {
    change(&state, &id, move |s, access| {
        let side = acting(
            access,
            || s.undo_request().map(Colour::opponent),
            "no one has asked to take back a move",
        )?;
        Ok(Some(match s.answer_undo(side, req.accept)? {
            Some(undone) => format!("{} agrees. {}", side.name(), undone_text(&undone)),
            None => format!("{} declines to take back the move.", side.name()),
        }))
    })
    .await
}

/// `POST /api/games/{id}/resign`: the seat's side, or at a table the person to move
/// (or the only person), resigns.
pub async fn resign(
    State(state): State<SharedState>,
    Path(id): Path<String>,
) -> Result<Json<GameView>, ApiError> {
    change(&state, &id, |s, access| {
        let side = acting(access, || s.acting_person(), "no person plays in this game")?;
        let outcome = s.resign(side)?;
        Ok(Some(format!("{} resigned: {outcome}.", side.name())))
    })
    .await
}

/// `POST /api/games/{id}/draw`: the seat's side, or at a table the side to move,
/// offers a draw. A computer opponent answers at once (after a search); a person
/// opponent is asked (`draw/answer`).
pub async fn offer_draw(
    State(state): State<SharedState>,
    Path(id): Path<String>,
) -> Result<Json<GameView>, ApiError> {
    let (entry, access) = state.game(&id).await?;
    seat(access)?;
    // A search slot before the game's lock, as every search takes them.
    let permit = state.search_permit().await?;
    let mut guard = Arc::clone(&entry.live).lock_owned().await;
    let flag = entry.new_stop_flag(guard.session.plies());
    let _abandoned = StopOnDrop(Arc::clone(&flag));
    run_blocking(move || {
        let _permit = permit;
        let message = guard.act(|s: &mut Session| {
            let side = acting(access, || Some(s.side_to_move()), "")?;
            Ok(match s.offer_draw(side, flag)? {
                DrawOffer::Pending { to } => {
                    format!("{} offers a draw; {} to answer.", side.name(), to.name())
                }
                DrawOffer::Decided(answer) if answer.accepted => {
                    format!("{} accepts the draw.", answer.by.name())
                }
                DrawOffer::Decided(answer) => {
                    format!("{} declines the draw.", answer.by.name())
                }
            })
        })?;
        let view = game_view(
            (&id, access),
            &entry.id,
            Some(&entry.layout),
            &guard,
            Some(message),
        );
        Ok(Json(view))
    })
    .await?
}

/// `POST /api/games/{id}/draw/answer`: the person offered a draw answers.
pub async fn answer_draw(
    State(state): State<SharedState>,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<Reply>,
) -> Result<Json<GameView>, ApiError> {
    change(&state, &id, move |s, access| {
        let side = acting(
            access,
            || s.draw_offer().map(Colour::opponent),
            "no draw offer waits for an answer",
        )?;
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
