//! The errors a subcommand reports: one clear line on standard error, exit code 1.

use bushka_engine::SpecError;
use bushka_geometry::VariantError;
use bushka_rules::{GameError, GenerationLimit, MoveError, PositionError, RecordError};

/// What went wrong, worded for the user (the `Display` is the message printed).
///
/// New subcommands add the variants they need (an unreadable game record, a bad move...).
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// A variant file that does not load (its message names the file, line and column).
    /// Boxed: `VariantError` is large and every `Result` would carry its size.
    #[error("{0}")]
    Variant(Box<VariantError>),
    /// `--variant NAME` that is neither a built-in variant nor a file.
    #[error(
        "unknown variant `{name}`: not a built-in variant nor a variant file{} (built-in: {builtins})",
        suggestion.as_ref().map(|s| format!("; did you mean `{s}`?")).unwrap_or_default()
    )]
    UnknownVariant {
        /// What was asked for.
        name: String,
        /// The built-in names, comma separated.
        builtins: String,
        /// The built-in name closest to it, if one is close.
        suggestion: Option<String>,
    },
    /// `check` found invalid files (each was reported already).
    #[error("{invalid} of {total} variant files are invalid")]
    InvalidFiles {
        /// How many failed.
        invalid: usize,
        /// How many were checked.
        total: usize,
    },
    /// A `--position` string that is not a position of the variant.
    #[error("{0}")]
    Position(#[from] PositionError),
    /// A move that is not legal or not notation.
    #[error("{0}")]
    Move(#[from] MoveError),
    /// A position whose legal moves take more work to list than the limit allows.
    #[error("{0}")]
    Generation(#[from] GenerationLimit),
    /// A game that cannot start or go on: a position (named) whose legal moves take more
    /// work to list than a game allows.
    #[error("{0}")]
    Game(#[from] GameError),
    /// A game record that cannot be read or replayed; names the file.
    #[error("{file}: {error}")]
    Record {
        /// The record's path (`-` for standard input).
        file: String,
        /// What is wrong (boxed: it is large, and every `Result` would carry its size).
        error: Box<RecordError>,
    },
    /// A record whose `[Variant]` tag names a board it may not load.
    #[error("{file}: [Variant \"{tag}\"]: {why}")]
    RecordVariant {
        /// The record's path (`-` for standard input).
        file: String,
        /// The tag's value.
        tag: String,
        /// Why it is refused.
        why: String,
    },
    /// A file that cannot be read or written.
    #[error("{path}: {error}")]
    File {
        /// The path.
        path: String,
        /// The system's message.
        error: std::io::Error,
    },
    /// A player spec that does not parse.
    #[error("{0}")]
    Spec(#[from] SpecError),
    /// A match or comparison that cannot run (a human player, a thread pool...).
    #[error("{0}")]
    Arena(#[from] bushka_arena::ArenaError),
    /// A material signature that does not parse.
    #[error("{0}")]
    Material(#[from] bushka_tablebase::MaterialError),
    /// A table too large to build, or one whose rules need history it cannot hold.
    #[error("{0}")]
    Solve(#[from] bushka_tablebase::SolveError),
    /// A table file that cannot be written or read, or belongs to another board.
    #[error("{0}")]
    Tablebase(#[from] bushka_tablebase::FileError),
    /// A player spec's `tablebases=DIR` that cannot serve the variant.
    #[error("{0}")]
    Tables(#[from] bushka_engine::TablesError),
    /// `--expect`: some metrics fell outside their expected ranges (each was reported
    /// already).
    #[error("{failed} of {total} expectations of {file} failed")]
    Expectations {
        /// How many failed.
        failed: usize,
        /// How many were checked.
        total: usize,
        /// The expectations file.
        file: String,
    },
    /// A training that cannot run (`train`).
    #[error("{0}")]
    Train(#[from] bushka_train::TrainError),
    /// An argument combination that cannot work (named in the message).
    #[error("{0}")]
    Usage(String),
    /// The web server could not start or stopped with an error (a port in use...).
    #[error("cannot serve on {addr}: {error}")]
    Serve {
        /// The address asked for.
        addr: String,
        /// The system's message.
        error: std::io::Error,
    },
    /// The web server's games database cannot be used (`serve`): damaged, another
    /// program's, newer, or its directory unwritable.
    #[error("{0}")]
    Store(#[from] bushka_web::StoreError),
    /// The finished games could not all be written (`serve --export`).
    #[error("{0}")]
    Export(#[from] bushka_web::ExportError),
    /// Reading standard input failed (`play`).
    #[error("cannot read standard input: {0}")]
    Input(std::io::Error),
    /// Writing to standard output failed (other than the reader going away).
    #[error("cannot write to standard output: {0}")]
    Output(std::io::Error),
    /// Standard output was closed by its reader (`bushka ... | head`): stop quietly.
    #[error("standard output closed")]
    BrokenPipe,
}

impl From<VariantError> for CliError {
    fn from(e: VariantError) -> Self {
        CliError::Variant(Box::new(e))
    }
}
