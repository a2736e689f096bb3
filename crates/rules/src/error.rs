//! Typed errors for positions, moves and game records.

/// A position string or setup that cannot be a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The string does not have the `W:W...:B...` shape.
    #[error("bad position string `{input}`: {why}")]
    Syntax {
        /// The input.
        input: String,
        /// What is wrong.
        why: String,
    },
    /// A cell name that is not on the board.
    #[error("unknown cell `{0}` in the position")]
    UnknownCell(String),
    /// A cell given twice.
    #[error("cell `{0}` is given twice in the position")]
    Duplicate(String),
    /// A man standing on its own promotion zone.
    #[error("{player}'s man on `{cell}` stands on its own promotion zone")]
    ManOnPromotion {
        /// `White` or `Black`.
        player: &'static str,
        /// The cell.
        cell: String,
    },
    /// A king run (`R` field) that cannot be: see crates/rules/RULES.md 7.6.
    #[error("king run `{run}`: {why}")]
    BadKingRun {
        /// The run as written (`W45/2`).
        run: String,
        /// What is wrong.
        why: String,
    },
}

/// A move text that does not name exactly one legal move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Not move notation at all.
    #[error("`{input}` is not a move: {why}")]
    Syntax {
        /// The input.
        input: String,
        /// What is wrong.
        why: String,
    },
    /// Well-formed but not legal here.
    #[error("`{input}` is not legal here; legal moves: {}", legal.join(" "))]
    Illegal {
        /// The input.
        input: String,
        /// Every legal move, in notation.
        legal: Vec<String>,
    },
    /// A compact form that fits several legal moves.
    #[error("`{input}` is ambiguous; it could be: {}", candidates.join(", "))]
    Ambiguous {
        /// The input.
        input: String,
        /// The candidates, in full route form.
        candidates: Vec<String>,
    },
}

/// A game record that cannot be read or played through.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A malformed tag line or move text.
    #[error("line {line}: {why}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// What is wrong.
        why: String,
    },
    /// The FEN tag does not hold a valid position.
    #[error("FEN tag: {0}")]
    Position(#[from] PositionError),
    /// A move that is illegal or ambiguous.
    #[error("move {number}{dots} {text} (line {line}): {error}", dots = if *first { "." } else { "..." })]
    Move {
        /// Full-move number.
        number: usize,
        /// Whether it is the first player's move of its number (`12.`), not the
        /// second's (`12...`).
        first: bool,
        /// The text.
        text: String,
        /// 1-based line.
        line: usize,
        /// Why it cannot be played.
        error: MoveError,
    },
    /// A position of the game whose legal moves take more work to list than a game
    /// allows (a hostile board): the record cannot be played through.
    #[error("{place}: {limit}")]
    Unlisted {
        /// The position at fault: `the start position`, or `the position after move
        /// 12. f45 (line 3)`.
        place: String,
        /// The limit the generation ran into.
        limit: crate::GenerationLimit,
    },
    /// A move after the game has ended.
    #[error("move {number} {text} (line {line}) comes after the game ended ({outcome})")]
    AfterEnd {
        /// Full-move number.
        number: usize,
        /// The text.
        text: String,
        /// 1-based line.
        line: usize,
        /// How the game ended.
        outcome: String,
    },
}
