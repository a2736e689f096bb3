//! Writing and reading games: one transaction per change, keys kept only as hashes.

use bushka_geometry::{ByColour, Colour};
use rusqlite::{OptionalExtension, Row, params};
use sha2::{Digest, Sha256};

use crate::{
    Access, Change, ClockState, Ending, GameRow, Store, StoreError, StoredGame, TimeControl,
    VariantSource,
};

/// A finished game as the archive lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finished {
    /// The game's public id.
    pub id: String,
    /// The record's `Variant` tag.
    pub variant: String,
    /// The record's `White` and `Black` tags.
    pub players: ByColour<String>,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// The end in words.
    pub text: String,
    /// When it ended, in milliseconds since 1970.
    pub ended_ms: i64,
    /// Moves played.
    pub plies: usize,
}

/// A key as stored: its SHA-256, so that the file (or a backup of it) holds no key
/// that opens a seat.
fn hash(key: &str) -> String {
    Sha256::digest(key.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn side_name(side: Colour) -> &'static str {
    match side {
        Colour::White => "white",
        Colour::Black => "black",
    }
}

fn side_named(word: &str) -> Option<Colour> {
    match word {
        "white" => Some(Colour::White),
        "black" => Some(Colour::Black),
        _ => None,
    }
}

fn tag<'a>(tags: &'a [(String, String)], key: &str) -> &'a str {
    tags.iter()
        .find(|(k, _)| k == key)
        .map_or("?", |(_, v)| v.as_str())
}

impl Store {
    /// Stores a new game with the keys to it (each key hashed).
    pub fn insert(&self, game: &GameRow, keys: &[(String, Access)]) -> Result<(), StoreError> {
        let mut connection = self.connection();
        let transaction = connection.transaction()?;
        let (variant, variant_text) = match &game.variant {
            VariantSource::Builtin(name) => (Some(name.as_str()), None),
            VariantSource::File(text) => (None, Some(text.as_str())),
        };
        let (control, clock) = game.clock.unzip();
        let tags = serde_json::to_string(&game.tags).map_err(|e| StoreError::Corrupt {
            game: game.id.clone(),
            detail: e.to_string(),
        })?;
        transaction.execute(
            "INSERT INTO games (id, created_ms, updated_ms, variant, variant_text, start, white,
                black, tags, seed, clock_initial_ms, clock_increment_ms, white_ms, black_ms,
                running_since_ms, version)
             VALUES (?1, ?2, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, 0)",
            params![
                game.id,
                game.created_ms,
                variant,
                variant_text,
                game.start,
                game.players[Colour::White],
                game.players[Colour::Black],
                tags,
                game.seed as i64,
                control.map(|c| c.initial_ms as i64),
                control.map(|c| c.increment_ms as i64),
                clock.map(|c| c.remaining_ms[Colour::White]),
                clock.map(|c| c.remaining_ms[Colour::Black]),
                clock.and_then(|c| c.running_since_ms),
            ],
        )?;
        for (key, access) in keys {
            transaction.execute(
                "INSERT INTO keys (hash, game, access) VALUES (?1, ?2, ?3)",
                params![hash(key), game.id, access.name()],
            )?;
        }
        transaction.commit()?;
        Ok(())
    }

    /// Writes one change of game `id` in one transaction.
    pub fn change(&self, id: &str, change: &Change<'_>) -> Result<(), StoreError> {
        let mut connection = self.connection();
        let transaction = connection.transaction()?;
        transaction.execute(
            "DELETE FROM moves WHERE game = ?1 AND ply >= ?2",
            params![id, change.keep as i64],
        )?;
        {
            let mut insert = transaction.prepare_cached(
                "INSERT INTO moves (game, ply, text, at_ms) VALUES (?1, ?2, ?3, ?4)",
            )?;
            for (i, mv) in change.moves.iter().enumerate() {
                insert.execute(params![id, (change.keep + i) as i64, mv.text, mv.at_ms])?;
            }
        }
        let end = change.end;
        transaction.execute(
            "UPDATE games SET updated_ms = ?2, version = ?3, result = ?4, ending = ?5,
                flagged = ?6, record = ?7, ended_ms = ?8, white_ms = ?9, black_ms = ?10,
                running_since_ms = ?11
             WHERE id = ?1",
            params![
                id,
                change.at_ms,
                change.version as i64,
                end.map(|e| &e.result),
                end.map(|e| &e.text),
                end.and_then(|e| e.flagged).map(side_name),
                end.map(|e| &e.record),
                end.map(|e| e.at_ms),
                change.clock.map(|c| c.remaining_ms[Colour::White]),
                change.clock.map(|c| c.remaining_ms[Colour::Black]),
                change.clock.and_then(|c| c.running_since_ms),
            ],
        )?;
        transaction.commit()?;
        Ok(())
    }

    /// The game and access a key opens: a seat's key, or a game's public id (which
    /// only watches).
    pub fn lookup(&self, key: &str) -> Result<Option<(String, Access)>, StoreError> {
        let connection = self.connection();
        let seat: Option<(String, String)> = connection
            .query_row(
                "SELECT game, access FROM keys WHERE hash = ?1",
                [hash(key)],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .optional()?;
        if let Some((game, access)) = seat {
            let access = Access::parse(&access).ok_or_else(|| StoreError::Corrupt {
                game: game.clone(),
                detail: format!("a key of unknown access `{access}`"),
            })?;
            return Ok(Some((game, access)));
        }
        let watched = connection
            .query_row("SELECT id FROM games WHERE id = ?1", [key], |row| {
                row.get::<_, String>(0)
            })
            .optional()?;
        Ok(watched.map(|id| (id, Access::Watch)))
    }

    /// Game `id` as stored, if there is one.
    pub fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let connection = self.connection();
        let Some(row) = connection
            .query_row(
                "SELECT id, created_ms, variant, variant_text, start, white, black, tags, seed,
                    clock_initial_ms, clock_increment_ms, white_ms, black_ms, running_since_ms,
                    version, result, ending, flagged, record, ended_ms
                 FROM games WHERE id = ?1",
                [id],
                read_game,
            )
            .optional()?
        else {
            return Ok(None);
        };
        let mut moves =
            connection.prepare_cached("SELECT text FROM moves WHERE game = ?1 ORDER BY ply")?;
        let moves = moves
            .query_map([id], |row| row.get(0))?
            .collect::<Result<Vec<String>, _>>()?;
        let mut game = row.map_err(|detail| StoreError::Corrupt {
            game: id.to_string(),
            detail,
        })?;
        game.moves = moves;
        Ok(Some(game))
    }

    /// The ids of the games not yet over that changed at `since_ms` or later or whose
    /// clock runs, oldest first.
    pub fn unfinished(&self, since_ms: i64) -> Result<Vec<String>, StoreError> {
        let connection = self.connection();
        let mut query = connection.prepare(
            "SELECT id FROM games WHERE result IS NULL
                AND (updated_ms >= ?1 OR running_since_ms IS NOT NULL)
             ORDER BY created_ms, id",
        )?;
        let ids = query
            .query_map([since_ms], |row| row.get(0))?
            .collect::<Result<Vec<String>, _>>()?;
        Ok(ids)
    }

    /// Finished games, the latest first: `limit` of them after skipping `offset`; and
    /// how many there are in all.
    pub fn finished(
        &self,
        offset: usize,
        limit: usize,
    ) -> Result<(Vec<Finished>, usize), StoreError> {
        let connection = self.connection();
        let total: i64 = connection.query_row(
            "SELECT count(*) FROM games WHERE result IS NOT NULL",
            [],
            |row| row.get(0),
        )?;
        let mut query = connection.prepare(
            "SELECT id, tags, result, ending, ended_ms,
                (SELECT count(*) FROM moves WHERE moves.game = games.id)
             FROM games WHERE result IS NOT NULL
             ORDER BY ended_ms DESC, id LIMIT ?1 OFFSET ?2",
        )?;
        let rows = query
            .query_map(params![limit as i64, offset as i64], |row| {
                Ok((
                    row.get::<_, String>(0)?,
                    row.get::<_, String>(1)?,
                    row.get::<_, String>(2)?,
                    row.get::<_, String>(3)?,
                    row.get::<_, i64>(4)?,
                    row.get::<_, i64>(5)?,
                ))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        let games = rows
            .into_iter()
            .map(|(id, tags, result, text, ended_ms, plies)| {
                let tags: Vec<(String, String)> =
                    serde_json::from_str(&tags).map_err(|e| StoreError::Corrupt {
                        game: id.clone(),
                        detail: format!("tags: {e}"),
                    })?;
                Ok(Finished {
                    variant: tag(&tags, "Variant").to_string(),
                    players: ByColour::from_fn(|side| tag(&tags, side.name()).to_string()),
                    id,
                    result,
                    text,
                    ended_ms,
                    plies: plies as usize,
                })
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        Ok((games, total as usize))
    }

    /// Calls `write` with the id, end time and record of every finished game, oldest
    /// first; stops at its first error.
    pub fn for_each_record<E: From<StoreError>>(
        &self,
        mut write: impl FnMut(&str, i64, &str) -> Result<(), E>,
    ) -> Result<usize, E> {
        let connection = self.connection();
        let mut query = connection
            .prepare("SELECT id, ended_ms, record FROM games WHERE result IS NOT NULL ORDER BY ended_ms, id")
            .map_err(StoreError::from)?;
        let mut rows = query.query([]).map_err(StoreError::from)?;
        let mut count = 0;
        while let Some(row) = rows.next().map_err(StoreError::from)? {
            let id: String = row.get(0).map_err(StoreError::from)?;
            let ended: i64 = row.get(1).map_err(StoreError::from)?;
            let record: String = row.get(2).map_err(StoreError::from)?;
            write(&id, ended, &record)?;
            count += 1;
        }
        Ok(count)
    }

    /// Deletes game `id` with its moves and keys; whether there was one.
    pub fn delete(&self, id: &str) -> Result<bool, StoreError> {
        let n = self
            .connection()
            .execute("DELETE FROM games WHERE id = ?1", [id])?;
        Ok(n > 0)
    }

    /// Games stored, finished or not.
    pub fn count(&self) -> Result<usize, StoreError> {
        let n: i64 = self
            .connection()
            .query_row("SELECT count(*) FROM games", [], |row| row.get(0))?;
        Ok(n as usize)
    }

    /// Notes that the server is alive at `at_ms` (clocks are not charged for the time
    /// after the last note, while the server was down).
    pub fn heartbeat(&self, at_ms: i64) -> Result<(), StoreError> {
        self.connection().execute(
            "INSERT INTO heartbeat (one, at_ms) VALUES (1, ?1)
             ON CONFLICT (one) DO UPDATE SET at_ms = excluded.at_ms",
            [at_ms],
        )?;
        Ok(())
    }

    /// The last heartbeat, if the server ever wrote one.
    pub fn last_heartbeat(&self) -> Result<Option<i64>, StoreError> {
        Ok(self
            .connection()
            .query_row("SELECT at_ms FROM heartbeat WHERE one = 1", [], |row| {
                row.get(0)
            })
            .optional()?)
    }
}

/// A `games` row, or what in it does not read back.
fn read_game(row: &Row<'_>) -> rusqlite::Result<Result<StoredGame, String>> {
    let id: String = row.get(0)?;
    let variant = match (
        row.get::<_, Option<String>>(2)?,
        row.get::<_, Option<String>>(3)?,
    ) {
        (Some(name), None) => VariantSource::Builtin(name),
        (None, Some(text)) => VariantSource::File(text),
        _ => return Ok(Err("it names no variant, or two".into())),
    };
    let tags: String = row.get(7)?;
    let tags = match serde_json::from_str(&tags) {
        Ok(tags) => tags,
        Err(e) => return Ok(Err(format!("tags: {e}"))),
    };
    let control = match (
        row.get::<_, Option<i64>>(9)?,
        row.get::<_, Option<i64>>(10)?,
    ) {
        (Some(initial), Some(increment)) => Some(TimeControl {
            initial_ms: initial.max(0) as u64,
            increment_ms: increment.max(0) as u64,
        }),
        _ => None,
    };
    let clock = control.map(|control| -> rusqlite::Result<_> {
        Ok((
            control,
            ClockState {
                remaining_ms: ByColour::new(
                    row.get::<_, Option<i64>>(11)?.unwrap_or(0),
                    row.get::<_, Option<i64>>(12)?.unwrap_or(0),
                ),
                running_since_ms: row.get(13)?,
            },
        ))
    });
    let clock = clock.transpose()?;
    let end = match row.get::<_, Option<String>>(15)? {
        Some(result) => {
            let flagged = row.get::<_, Option<String>>(17)?;
            let flagged = match flagged.as_deref().map(side_named) {
                Some(None) => return Ok(Err("a flag of no side".into())),
                other => other.flatten(),
            };
            Some(Ending {
                result,
                text: row.get::<_, Option<String>>(16)?.unwrap_or_default(),
                flagged,
                record: row.get::<_, Option<String>>(18)?.unwrap_or_default(),
                at_ms: row.get::<_, Option<i64>>(19)?.unwrap_or(0),
            })
        }
        None => None,
    };
    Ok(Ok(StoredGame {
        game: GameRow {
            id,
            created_ms: row.get(1)?,
            variant,
            start: row.get(4)?,
            players: ByColour::new(row.get(5)?, row.get(6)?),
            tags,
            seed: row.get::<_, i64>(8)? as u64,
            clock,
        },
        moves: Vec::new(),
        end,
        version: row.get::<_, i64>(14)?.max(0) as u64,
    }))
}
