//! The web server's storage: every game, its moves, seats, clocks and result, in one
//! SQLite file written as things happen (write-ahead log), so that a restarted server
//! finds every game where it was and keeps the finished ones as an archive.
//!
//! The store holds plain data: the web crate turns it into sessions and back. A
//! database is opened only if it is bushka's ([`schema`]): a damaged or foreign file is
//! refused, never overwritten; an older schema is migrated at start.
//!
//! ```
//! use bushka_store::{Access, GameRow, Store, VariantSource};
//! use bushka_geometry::{ByColour, Colour};
//!
//! let store = Store::in_memory().unwrap();
//! let game = GameRow {
//!     id: "c0ffee".into(),
//!     created_ms: 0,
//!     variant: VariantSource::Builtin("bushka".into()),
//!     start: None,
//!     players: ByColour::new("human".into(), "human".into()),
//!     tags: vec![("Variant".into(), "bushka".into())],
//!     seed: 7,
//!     clock: None,
//! };
//! store.insert(&game, &[("a-secret-key".into(), Access::Seat(Colour::White))]).unwrap();
//! assert_eq!(store.lookup("a-secret-key").unwrap(), Some(("c0ffee".into(), Access::Seat(Colour::White))));
//! assert_eq!(store.lookup("c0ffee").unwrap(), Some(("c0ffee".into(), Access::Watch)));
//! ```

#![forbid(unsafe_code)]

mod games;
pub mod schema;

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use bushka_geometry::{ByColour, Colour};
use rusqlite::Connection;

pub use games::Finished;

/// The database file's name inside the data directory.
pub const FILE_NAME: &str = "bushka.sqlite3";

/// Why the store cannot be opened or written.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The data directory cannot be made or written.
    #[error("cannot use the data directory {path}: {source}")]
    Directory {
        /// The directory.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file is not a bushka database (another program's, or not SQLite at all).
    #[error(
        "{path} is not a bushka database ({reason}); it was left untouched: move it away or choose another data directory"
    )]
    Foreign {
        /// The file.
        path: PathBuf,
        /// What gave it away.
        reason: String,
    },
    /// The file is a bushka database that SQLite finds damaged.
    #[error(
        "{path} is damaged ({detail}); it was left untouched: restore a backup or choose another data directory"
    )]
    Damaged {
        /// The file.
        path: PathBuf,
        /// SQLite's words.
        detail: String,
    },
    /// The file was written by a newer bushka.
    #[error(
        "{path} was written by a newer bushka (schema version {found}; this one knows up to {known}); it was left untouched"
    )]
    Newer {
        /// The file.
        path: PathBuf,
        /// Its schema version.
        found: i64,
        /// The newest this build knows.
        known: i64,
    },
    /// A read or write failed.
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// A stored value does not read back (a hand-edited file).
    #[error("stored game {game}: {detail}")]
    Corrupt {
        /// The game's id.
        game: String,
        /// What does not read.
        detail: String,
    },
}

/// What a key lets its holder do in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Every person's side, on one screen (a game against the computer, or two
    /// people at one board).
    Table,
    /// One side only (two people on two devices).
    Seat(Colour),
    /// Nothing but watching (the game's public id).
    Watch,
}

impl Access {
    /// The word stored and shown: `table`, `white`, `black` or `watch`.
    pub fn name(self) -> &'static str {
        match self {
            Access::Table => "table",
            Access::Seat(Colour::White) => "white",
            Access::Seat(Colour::Black) => "black",
            Access::Watch => "watch",
        }
    }

    /// The access a stored word names.
    pub fn parse(word: &str) -> Option<Access> {
        match word {
            "table" => Some(Access::Table),
            "white" => Some(Access::Seat(Colour::White)),
            "black" => Some(Access::Seat(Colour::Black)),
            "watch" => Some(Access::Watch),
            _ => None,
        }
    }
}

/// Which board a game is played on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VariantSource {
    /// A built-in variant, by name.
    Builtin(String),
    /// A variant file's text.
    File(String),
}

/// A clock's time control: the time each side starts with and what each move adds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeControl {
    /// Each side's time at the start, in milliseconds.
    pub initial_ms: u64,
    /// Added to a side's time after each of its moves, in milliseconds.
    pub increment_ms: u64,
}

/// How the clocks stand: each side's time left (at the last change), and since when
/// (wall-clock milliseconds since 1970) the side to move's clock runs, if it does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockState {
    /// Time left, in milliseconds, when the running clock last started.
    pub remaining_ms: ByColour<i64>,
    /// When the running clock started; `None` while no clock runs.
    pub running_since_ms: Option<i64>,
}

/// A stored game, besides its moves and end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRow {
    /// The public id (the watch link; the archive's id).
    pub id: String,
    /// When it was created, in milliseconds since 1970.
    pub created_ms: i64,
    /// Its board.
    pub variant: VariantSource,
    /// The position it started from; `None`: the variant's start.
    pub start: Option<String>,
    /// White's and Black's player specs.
    pub players: ByColour<String>,
    /// The record's tags (Variant, White, Black, Date...).
    pub tags: Vec<(String, String)>,
    /// The seed its computer players vary with.
    pub seed: u64,
    /// Its clocks, if it has any.
    pub clock: Option<(TimeControl, ClockState)>,
}

/// A move as stored: its notation and when it was played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredMove {
    /// Notation, unique among the legal moves of its position.
    pub text: String,
    /// When it was played, in milliseconds since 1970.
    pub at_ms: i64,
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ending {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// In words: `White wins: Black ran out of time`.
    pub text: String,
    /// The side whose clock ran out, when that ended it (the moves cannot tell).
    pub flagged: Option<Colour>,
    /// The game record (PDN), as downloaded and exported.
    pub record: String,
    /// When it ended, in milliseconds since 1970.
    pub at_ms: i64,
}

/// A game read back: what [`Store::insert`] and [`Store::change`] wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredGame {
    /// The game.
    pub game: GameRow,
    /// Its moves' notations, in order.
    pub moves: Vec<String>,
    /// Its end, once over.
    pub end: Option<Ending>,
    /// How many changes it has had (the live updates' event id).
    pub version: u64,
}

/// One change to a stored game, written in one transaction: moves taken back or
/// played, the end, the clocks.
#[derive(Debug, Clone)]
pub struct Change<'a> {
    /// Moves kept; the stored moves after them are deleted (an undo).
    pub keep: usize,
    /// Moves played after those kept.
    pub moves: &'a [StoredMove],
    /// The end, or `None` while the game goes on.
    pub end: Option<&'a Ending>,
    /// The clocks, for a game that has them.
    pub clock: Option<ClockState>,
    /// The game's version after the change.
    pub version: u64,
    /// When the change happened, in milliseconds since 1970.
    pub at_ms: i64,
}

/// The store: one SQLite connection, shared.
pub struct Store {
    connection: Mutex<Connection>,
    path: Option<PathBuf>,
}

impl Store {
    /// Opens (or creates) the database in `dir`, creating the directory if needed;
    /// refuses a file that is not a bushka database, damaged, or newer than this build.
    pub fn open(dir: &Path) -> Result<Store, StoreError> {
        let (connection, path) = schema::open_file(dir)?;
        Ok(Store {
            connection: Mutex::new(connection),
            path: Some(path),
        })
    }

    /// A store in memory, gone when the server stops (`bushka serve --memory`).
    pub fn in_memory() -> Result<Store, StoreError> {
        let connection = Connection::open_in_memory()?;
        schema::prepare(&connection, Path::new(":memory:"))?;
        Ok(Store {
            connection: Mutex::new(connection),
            path: None,
        })
    }

    /// The database file, unless the store is in memory.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    fn connection(&self) -> MutexGuard<'_, Connection> {
        // Every use is a statement or a transaction: a panic between them leaves the
        // connection whole (an open transaction rolls back when dropped).
        self.connection.lock().unwrap_or_else(|e| e.into_inner())
    }
}
