//! The database file: how it is recognised as bushka's, checked, and migrated.
//!
//! A bushka database carries [`APPLICATION_ID`] in its header and its schema version
//! in `user_version`. An empty file (or none) becomes a new database; one of an older
//! version is migrated in one transaction; anything else is refused with a message
//! and left as it is.

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags};

use crate::{FILE_NAME, StoreError};

/// The header's application id: "bska".
pub const APPLICATION_ID: i64 = 0x6273_6b61;

/// The migrations, in order: `MIGRATIONS[n]` takes a database from version `n` to
/// `n + 1`. The schema version this build writes is their count.
pub const MIGRATIONS: &[&str] = &[
    // 1: games, their moves, the keys to their seats, the server's heartbeat.
    "CREATE TABLE games (
        id TEXT PRIMARY KEY NOT NULL,
        created_ms INTEGER NOT NULL,
        updated_ms INTEGER NOT NULL,
        variant TEXT,
        variant_text TEXT,
        start TEXT,
        white TEXT NOT NULL,
        black TEXT NOT NULL,
        tags TEXT NOT NULL,
        seed INTEGER NOT NULL,
        clock_initial_ms INTEGER,
        clock_increment_ms INTEGER,
        white_ms INTEGER,
        black_ms INTEGER,
        running_since_ms INTEGER,
        version INTEGER NOT NULL,
        result TEXT,
        ending TEXT,
        flagged TEXT,
        record TEXT,
        ended_ms INTEGER
    );
    CREATE INDEX games_unfinished ON games (id) WHERE result IS NULL;
    CREATE INDEX games_finished ON games (ended_ms) WHERE result IS NOT NULL;
    CREATE TABLE moves (
        game TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        ply INTEGER NOT NULL,
        text TEXT NOT NULL,
        at_ms INTEGER NOT NULL,
        PRIMARY KEY (game, ply)
    ) WITHOUT ROWID;
    CREATE TABLE keys (
        hash TEXT PRIMARY KEY NOT NULL,
        game TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        access TEXT NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX keys_game ON keys (game);
    CREATE TABLE heartbeat (
        one INTEGER PRIMARY KEY CHECK (one = 1),
        at_ms INTEGER NOT NULL
    );",
];

/// The schema version this build writes.
pub fn version() -> i64 {
    MIGRATIONS.len() as i64
}

/// Opens the database file in `dir` (made if missing), checked and migrated.
pub(crate) fn open_file(dir: &Path) -> Result<(Connection, PathBuf), StoreError> {
    let directory = |source| StoreError::Directory {
        path: dir.to_path_buf(),
        source,
    };
    std::fs::create_dir_all(dir).map_err(directory)?;
    let path = dir.join(FILE_NAME);
    if path.exists() {
        check_header(&path)?;
    } else {
        // SQLite would say only "unable to open database file": ask the system why.
        probe_writable(dir).map_err(directory)?;
    }
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
        | OpenFlags::SQLITE_OPEN_CREATE
        | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let connection = Connection::open_with_flags(&path, flags).map_err(|e| opening(&path, e))?;
    prepare(&connection, &path)?;
    Ok((connection, path))
}

/// Writes and removes a file in `dir`: an unwritable directory fails here with the
/// system's reason.
fn probe_writable(dir: &Path) -> std::io::Result<()> {
    let probe = dir.join(".bushka-write-test");
    std::fs::write(&probe, b"")?;
    std::fs::remove_file(&probe)
}

/// Refuses a file that is not a SQLite database at all before SQLite touches it.
fn check_header(path: &Path) -> Result<(), StoreError> {
    use std::io::Read;
    let mut header = Vec::with_capacity(16);
    std::fs::File::open(path)
        .and_then(|f| f.take(16).read_to_end(&mut header))
        .map_err(|source| StoreError::Directory {
            path: path.to_path_buf(),
            source,
        })?;
    if header.is_empty() || header == b"SQLite format 3\0" {
        return Ok(());
    }
    Err(StoreError::Foreign {
        path: path.to_path_buf(),
        reason: "it is not a SQLite database".into(),
    })
}

/// An error from SQLite while opening or checking `path`, in the store's words.
fn opening(path: &Path, error: rusqlite::Error) -> StoreError {
    match error.sqlite_error_code() {
        Some(rusqlite::ErrorCode::NotADatabase) => StoreError::Foreign {
            path: path.to_path_buf(),
            reason: "SQLite does not recognise it".into(),
        },
        Some(rusqlite::ErrorCode::DatabaseCorrupt) => StoreError::Damaged {
            path: path.to_path_buf(),
            detail: error.to_string(),
        },
        Some(rusqlite::ErrorCode::CannotOpen | rusqlite::ErrorCode::ReadOnly) => {
            StoreError::Directory {
                path: path.to_path_buf(),
                source: std::io::Error::other(error.to_string()),
            }
        }
        _ => StoreError::Sqlite(error),
    }
}

/// Checks a freshly opened connection's database and brings it to this build's
/// schema: a new database is created, an older one migrated.
pub(crate) fn prepare(connection: &Connection, path: &Path) -> Result<(), StoreError> {
    let pragma = |name: &str| -> Result<i64, StoreError> {
        connection
            .pragma_query_value(None, name, |row| row.get(0))
            .map_err(|e| opening(path, e))
    };
    let (application, found) = (pragma("application_id")?, pragma("user_version")?);
    let tables: i64 = connection
        .query_row("SELECT count(*) FROM sqlite_master", [], |row| row.get(0))
        .map_err(|e| opening(path, e))?;
    if application != APPLICATION_ID && (application != 0 || found != 0 || tables != 0) {
        return Err(StoreError::Foreign {
            path: path.to_path_buf(),
            reason: format!("its application id is {application:#x}, not bushka's"),
        });
    }
    if found > version() {
        return Err(StoreError::Newer {
            path: path.to_path_buf(),
            found,
            known: version(),
        });
    }
    if tables != 0 {
        let check: String = connection
            .query_row("PRAGMA quick_check", [], |row| row.get(0))
            .map_err(|e| opening(path, e))?;
        if check != "ok" {
            return Err(StoreError::Damaged {
                path: path.to_path_buf(),
                detail: check,
            });
        }
    }
    // Write-ahead log: a write is one append, readers never wait, and a killed
    // server loses nothing it had committed. NORMAL syncs at checkpoints: a power
    // cut may lose the last moves, never the file.
    connection
        .pragma_update_and_check(None, "journal_mode", "WAL", |_| Ok(()))
        .map_err(|e| opening(path, e))?;
    connection.pragma_update(None, "synchronous", "NORMAL")?;
    connection.pragma_update(None, "foreign_keys", true)?;
    connection.busy_timeout(std::time::Duration::from_secs(5))?;
    migrate(connection, found, MIGRATIONS)
}

/// Applies `migrations[from..]` in one transaction and records the new version.
pub(crate) fn migrate(
    connection: &Connection,
    from: i64,
    migrations: &[&str],
) -> Result<(), StoreError> {
    let from = usize::try_from(from).unwrap_or(0);
    if from >= migrations.len() {
        return Ok(());
    }
    let transaction = connection.unchecked_transaction()?;
    for step in &migrations[from..] {
        transaction.execute_batch(step)?;
    }
    transaction.pragma_update(None, "application_id", APPLICATION_ID)?;
    transaction.pragma_update(None, "user_version", migrations.len() as i64)?;
    transaction.commit()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user_version(c: &Connection) -> i64 {
        c.pragma_query_value(None, "user_version", |r| r.get(0))
            .expect("a version")
    }

    #[test]
    fn migrations_run_from_the_version_found_and_only_once() {
        let c = Connection::open_in_memory().expect("sqlite");
        let steps = [
            "CREATE TABLE a (x INTEGER)",
            "ALTER TABLE a ADD COLUMN y INTEGER",
        ];
        migrate(&c, 0, &steps[..1]).expect("to 1");
        c.execute("INSERT INTO a (x) VALUES (1)", [])
            .expect("a row");
        assert_eq!(user_version(&c), 1);
        // A later build adds a step: only that one runs, and the row stays.
        migrate(&c, 1, &steps).expect("to 2");
        assert_eq!(user_version(&c), 2);
        let (x, y): (i64, Option<i64>) = c
            .query_row("SELECT x, y FROM a", [], |r| Ok((r.get(0)?, r.get(1)?)))
            .expect("the row");
        assert_eq!((x, y), (1, None));
        migrate(&c, 2, &steps).expect("nothing to do");
        assert_eq!(user_version(&c), 2);
    }

    #[test]
    fn a_failing_step_leaves_the_database_as_it_was() {
        let c = Connection::open_in_memory().expect("sqlite");
        let steps = ["CREATE TABLE a (x INTEGER)", "CREATE TABLE a (x INTEGER)"];
        assert!(migrate(&c, 0, &steps).is_err());
        assert_eq!(user_version(&c), 0);
        let tables: i64 = c
            .query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0))
            .expect("count");
        assert_eq!(tables, 0);
    }
}
