//! Games to and from the store: a session started as the server starts them, the row
//! a new game is stored as, and a stored game brought back to where it was.

use std::str::FromStr;

use bushka_engine::PlayerSpec;
use bushka_geometry::{ByColour, Colour};
use bushka_rules::{Record, RecordMove};
use bushka_session::{Memory, Opening, Session, Setup, StartError, Variant};
use bushka_store::{GameRow, StoredGame, TimeControl, VariantSource};

use crate::clock::Clock;
use crate::error::ApiError;
use crate::live::now_ms;
use crate::programs::Programs;
use crate::variant::Builtins;

/// How a session is set up on the server: players, the record's tags, the step
/// limit of every move listing and the seed its computer players vary with.
pub struct Start {
    /// White's and Black's players.
    pub specs: ByColour<PlayerSpec>,
    /// The record's tags.
    pub tags: Vec<(String, String)>,
    /// Capture-search steps a move listing may take.
    pub steps: u64,
    /// The computer players' seed.
    pub seed: u64,
}

/// A session on `variant` from `opening`, set up as `start` says. Its engines hold
/// their search memory only while they search (a server holds many games).
pub fn start_session(
    variant: &Variant,
    opening: Opening<'_>,
    start: Start,
) -> Result<Session, ApiError> {
    let mut setup = Setup::new(start.specs);
    setup.tags = start.tags;
    setup.steps = start.steps;
    setup.memory = Memory::Search;
    setup.seed = start.seed;
    Session::start(variant, opening, setup).map_err(|error| match error {
        StartError::Position(e) => ApiError::rejected(e.to_string()),
        StartError::Game(e) => ApiError::rejected(format!("cannot start the game: {e}")),
        StartError::Record(e) => ApiError::rejected(format!("game record: {e}")),
        StartError::Player(e) => ApiError::rejected(e),
    })
}

/// The row a new game is stored as (its moves are written as changes).
pub fn game_row(
    id: &str,
    variant: VariantSource,
    session: &Session,
    seed: u64,
    clock: Option<&Clock>,
    programs: &Programs,
) -> GameRow {
    let start = session.position_at(0).map(|p| p.text());
    GameRow {
        id: id.to_string(),
        created_ms: now_ms(),
        variant,
        start,
        players: ByColour::from_fn(|side| programs.text(session.spec(side))),
        tags: session.tags().to_vec(),
        seed,
        clock: clock.map(|c| (c.control, c.state)),
    }
}

/// A stored game brought back: its session where it was (its moves replayed, its end
/// declared again) and its clocks.
/// Its players are read back as stored, a program by its name among `programs`.
pub fn restore(
    (builtins, programs): (&Builtins, &Programs),
    steps: u64,
    stored: &StoredGame,
) -> Result<(Session, Option<Clock>), ApiError> {
    let game = &stored.game;
    let variant = match &game.variant {
        VariantSource::Builtin(name) => builtins.get(name)?,
        VariantSource::File(text) => crate::variant::compile(text)?,
    };
    let spec = |side: Colour| {
        let text = &game.players[side];
        match programs.named(text) {
            Some(program) => program.map_err(|why| {
                ApiError::rejected(format!(
                    "{why}: this game was played against a program the server no longer names"
                ))
            }),
            None => PlayerSpec::from_str(text)
                .map_err(|e| ApiError::Internal(format!("stored player: {e}"))),
        }
    };
    let specs = ByColour::new(spec(Colour::White)?, spec(Colour::Black)?);
    let flagged = stored.end.as_ref().and_then(|e| e.flagged);
    let record = Record {
        tags: game
            .start
            .iter()
            .map(|fen| ("FEN".to_string(), fen.clone()))
            .collect(),
        moves: stored
            .moves
            .iter()
            .enumerate()
            .map(|(i, text)| RecordMove {
                text: text.clone(),
                line: i + 1,
            })
            .collect(),
        // A resignation or an agreed draw is declared again from the result; a loss
        // on time, below.
        result: stored
            .end
            .as_ref()
            .filter(|_| flagged.is_none())
            .map(|e| e.result.clone()),
    };
    let start = Start {
        specs,
        tags: game.tags.clone(),
        steps,
        seed: game.seed,
    };
    let mut session = start_session(&variant, Opening::Record(&record), start)?;
    if let Some(side) = flagged {
        session.lose_on_time(side)?;
    }
    let clock = game
        .clock
        .map(|(control, state): (TimeControl, _)| Clock { control, state });
    Ok((session, clock))
}
