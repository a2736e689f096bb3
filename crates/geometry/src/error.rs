//! Typed errors for loading a variant file.

use std::fmt;
use std::ops::Range;

/// A place in the variant file (1-based line and column).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Location {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
}

impl Location {
    /// The location of byte `offset` in `text`.
    pub fn of_offset(text: &str, offset: usize) -> Location {
        let offset = offset.min(text.len());
        let before = text.get(..offset).unwrap_or(text);
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = before.get(line_start..).map_or(0, |s| s.chars().count()) + 1;
        Location { line, column }
    }

    /// The location of a span, or none for an empty (defaulted) span.
    pub fn of_span(text: &str, span: &Range<usize>) -> Option<Location> {
        (span.end > span.start).then(|| Location::of_offset(text, span.start))
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// What is wrong with a variant file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ErrorKind {
    /// The file could not be read.
    #[error("cannot read the file: {0}")]
    Io(String),
    /// The text is larger than the cap.
    #[error("the file is {bytes} bytes; at most {max} are supported")]
    TooLarge {
        /// Its size.
        bytes: u64,
        /// The cap.
        max: u64,
    },
    /// Brackets and braces nested deeper than any variant file needs.
    #[error("brackets and braces nest more than {max} deep")]
    TooDeep {
        /// The deepest nesting allowed.
        max: usize,
    },
    /// The file holds nothing but white space and comments.
    #[error("the file is empty")]
    Empty,
    /// TOML syntax error or a value of the wrong type.
    #[error("{0}")]
    Toml(String),
    /// A key that the format does not know (a typo is never ignored).
    #[error("{0}")]
    UnknownKey(String),
    /// A required key is missing.
    #[error("{0}")]
    MissingKey(String),
    /// A cell name that is not on the board.
    #[error(
        "unknown cell `{cell}` in `{key}`{}; `bushka cells` on this file draws every cell's name",
        nearby_text(nearby)
    )]
    UnknownCell {
        /// The key that names it.
        key: String,
        /// The name.
        cell: String,
        /// The board's cells nearest to it (by place, or by spelling), nearest first.
        nearby: Vec<String>,
    },
    /// A cell name that cannot be read as a letter label and a number label.
    #[error("cell name `{0}` is not a letter label followed by a number label")]
    BadCellName(String),
    /// A cell listed twice.
    #[error("cell `{0}` is listed twice")]
    DuplicateCell(String),
    /// The board needs more line labels than were given.
    #[error("the board needs {needed} {what} labels but only {given} are defined")]
    TooFewLabels {
        /// `letter` or `number`.
        what: &'static str,
        /// Labels needed.
        needed: usize,
        /// Labels available.
        given: usize,
    },
    /// A label defined twice or empty, or mixing letters and digits wrongly.
    #[error("bad {what} label `{label}`: {why}")]
    BadLabel {
        /// `letter` or `number`.
        what: &'static str,
        /// The label.
        label: String,
        /// Why.
        why: &'static str,
    },
    /// Two directions with one name.
    #[error("direction `{0}` is declared twice")]
    DuplicateDirection(String),
    /// A direction name that is not declared.
    #[error("unknown direction `{direction}` in `{key}`")]
    UnknownDirection {
        /// The key that names it.
        key: String,
        /// The name.
        direction: String,
    },
    /// A direction with no opposite.
    #[error(
        "direction `{0}` has no opposite (declare `opposite`, or a direction with the negated vector)"
    )]
    NoOpposite(String),
    /// Opposites that do not pair up.
    #[error(
        "direction `{direction}` names `{opposite}` as its opposite, but `{opposite}` does not name it back"
    )]
    OppositeMismatch {
        /// The direction.
        direction: String,
        /// Its declared opposite.
        opposite: String,
    },
    /// A direction vector of zero.
    #[error("direction `{0}` has a zero vector")]
    ZeroVector(String),
    /// A link whose mutual link is missing.
    #[error(
        "link {from} -> {to} ({direction}) is not mutual: {to} -> {from} ({opposite}) is missing"
    )]
    LinkNotMutual {
        /// Start cell.
        from: String,
        /// End cell.
        to: String,
        /// Direction.
        direction: String,
        /// The opposite direction.
        opposite: String,
    },
    /// A cell with two neighbours in one direction.
    #[error(
        "cell `{cell}` has two neighbours in direction `{direction}`: `{first}` and `{second}`"
    )]
    ConflictingLink {
        /// The cell.
        cell: String,
        /// The direction.
        direction: String,
        /// One neighbour.
        first: String,
        /// The other.
        second: String,
    },
    /// A link to be removed that does not exist.
    #[error("cannot remove link {from} -> {to} ({direction}): there is no such link")]
    NoSuchLink {
        /// Start cell.
        from: String,
        /// End cell.
        to: String,
        /// Direction.
        direction: String,
    },
    /// A player without forward directions.
    #[error("{0} has no forward direction")]
    NoForward(String),
    /// An empty promotion zone.
    #[error("{0}'s promotion zone is empty")]
    EmptyPromotion(String),
    /// A start cell given to both players (or twice).
    #[error("start cell `{0}` is claimed twice")]
    StartClaimedTwice(String),
    /// A man placed on its own promotion zone.
    #[error("{player}'s man on `{cell}` starts on its own promotion zone")]
    ManOnPromotion {
        /// White or Black.
        player: String,
        /// The cell.
        cell: String,
    },
    /// A board with no cells.
    #[error("the board has no cells")]
    NoCells,
    /// A board larger than supported.
    #[error("too many cells: the board has {count}; at most {max} are supported")]
    TooManyCells {
        /// Cells on the board.
        count: usize,
        /// The limit.
        max: usize,
    },
    /// A generator asked for more cells than supported (counted before anything is
    /// built, so any size is refused at once).
    #[error("too many cells: `{key}` ({shape}) makes {count} cells; at most {max} are supported")]
    GeneratorTooLarge {
        /// The key (`board.generate`).
        key: String,
        /// The shape asked for, e.g. `a 20000 x 20000 draughts board`.
        shape: String,
        /// Cells it would make.
        count: u128,
        /// The limit.
        max: usize,
    },
    /// A rule switch with a bad value.
    #[error("bad value for `{key}`: {why}")]
    BadValue {
        /// The key.
        key: String,
        /// Why.
        why: String,
    },
}

/// `, near it: a5, a6` (nothing when no cell is near).
fn nearby_text(nearby: &[String]) -> String {
    if nearby.is_empty() {
        String::new()
    } else {
        format!(" (cells near it: {})", nearby.join(", "))
    }
}

/// An error loading a variant file: where (file, line, column) and what.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct VariantError {
    /// The file's path or built-in name.
    pub origin: String,
    /// Line and column, where known.
    pub location: Option<Location>,
    /// What is wrong (boxed: errors travel in `Result`s on every loading path).
    pub kind: Box<ErrorKind>,
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.location {
            Some(loc) => write!(f, "{}: {}: {}", self.origin, loc, self.kind),
            None => write!(f, "{}: {}", self.origin, self.kind),
        }
    }
}
