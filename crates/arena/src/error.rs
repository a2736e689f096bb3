//! What can go wrong when running matches and comparisons.

/// An error from a match or a comparison.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ArenaError {
    /// A player that needs a person at the terminal was asked to play automatically.
    #[error(
        "`{0}` cannot play in an automated match: choose random, greedy, engine or a program (hub:, ugi:, dxp:)"
    )]
    Human(String),
    /// A program that cannot play in this run (the message names its spec and why).
    #[error("{0}")]
    Player(String),
    /// An opening ballot that is no position or line of legal moves of the variant.
    #[error("ballot on line {line}: {why}")]
    Ballot {
        /// The line of the ballot file (from 1).
        line: usize,
        /// What is wrong.
        why: String,
    },
    /// The thread pool could not be built.
    #[error("cannot start {threads} threads: {why}")]
    Threads {
        /// Threads asked for.
        threads: usize,
        /// The system's message.
        why: String,
    },
    /// A player's table directory cannot serve the variant (the message names the
    /// directory).
    #[error("{0}")]
    Tables(String),
    /// Nothing to compare.
    #[error("no variant to compare")]
    NoVariant,
    /// Shard files that cannot be read or merged (the message names the file).
    #[error("{0}")]
    Shard(String),
    /// An expectation file that cannot be read (the message names the file, line and key).
    #[error("{0}")]
    Expectations(String),
    /// A kept game of an earlier run that is not a game of this match.
    #[error("{name}: not game {game} of this match: {why}")]
    Saved {
        /// Where it was kept.
        name: String,
        /// The game's number (1 for the first).
        game: usize,
        /// What differs.
        why: String,
    },
    /// A game reached a position whose legal moves take more work to list than a game
    /// allows (a hostile board): the run stops there.
    #[error("{variant}, game {game}: {error}")]
    Unlisted {
        /// The variant's id.
        variant: String,
        /// The game's number (1 for the first).
        game: usize,
        /// The position at fault and the limit.
        error: bushka_rules::GameError,
    },
}
