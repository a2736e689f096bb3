//! Moves as front ends show them: notation, route and cells, and move numbers. The one
//! place that writes moves and lines of moves (principal variations, table lines) as
//! text.

use std::fmt;

use bushka_geometry::{Cell, Colour};
use bushka_rules::{Bits, Board, Budget, Move, MoveKind, Position, Sq};

/// A move described for people and front ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DescribedMove {
    /// Its notation, unique among the legal moves (what a person types back).
    pub text: String,
    /// Its full route form (`d6-e6-e5x`).
    pub route_text: String,
    /// What kind of move it is.
    pub kind: MoveKind,
    /// Origin cell (the tail man of a line).
    pub from: Cell,
    /// Destination cell.
    pub to: Cell,
    /// Every route the move can take, origin first (one for most moves; none when a
    /// capture cannot be replayed).
    pub routes: Vec<Vec<Cell>>,
    /// The cells of the pieces it takes.
    pub captured: Vec<Cell>,
    /// Whether the moving man becomes a king.
    pub promotes: bool,
}

impl DescribedMove {
    /// Whether it captures.
    pub fn is_capture(&self) -> bool {
        self.kind.is_capture()
    }

    /// How many pieces it takes.
    pub fn capture_count(&self) -> usize {
        self.captured.len()
    }
}

/// `mv` of `pos` described, with `text` its notation.
pub(crate) fn describe<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    mv: &Move<B>,
    text: String,
) -> DescribedMove {
    let cells = |sqs: &[Sq]| sqs.iter().map(|&s| board.cell(s)).collect();
    DescribedMove {
        text,
        route_text: board.route_text(pos, mv),
        kind: mv.kind,
        from: board.cell(mv.from),
        to: board.cell(mv.to),
        routes: board.routes(pos, mv).iter().map(|r| cells(r)).collect(),
        captured: mv.captured.iter().map(|s| board.cell(s as Sq)).collect(),
        promotes: mv.promotes,
    }
}

/// Every move of `legal` (the legal moves of `pos`) described, in order.
pub(crate) fn describe_all<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    legal: &[Move<B>],
) -> Vec<DescribedMove> {
    let texts = board.move_texts(pos, legal);
    legal
        .iter()
        .zip(texts)
        .map(|(mv, text)| describe(board, pos, mv, text))
        .collect()
}

/// Capture-search steps spent listing a position's moves to write one move of a line
/// compactly (a few milliseconds), so that writing a line stays quick on any board.
pub(crate) const NOTATION_STEPS: u64 = 1 << 20;

/// `mv` of `pos` described with its notation among the legal moves when they can be
/// listed within [`NOTATION_STEPS`], else with its full route (always unambiguous):
/// for moves that come from a search or a table rather than from a listing.
pub(crate) fn describe_found<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    mv: &Move<B>,
) -> DescribedMove {
    let text = match board.moves_within(pos, Budget::steps(NOTATION_STEPS)) {
        Ok(legal) => board.move_text(pos, mv, legal.as_slice()),
        Err(_) => board.route_text(pos, mv),
    };
    describe(board, pos, mv, text)
}

/// The moves of `line`, played one after the other from `pos`, described as
/// [`describe_found`] does.
pub(crate) fn describe_line<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    line: &[Move<B>],
) -> Vec<DescribedMove> {
    let mut at = *pos;
    line.iter()
        .map(|mv| {
            let described = describe_found(board, &at, mv);
            at = at.play(board, mv);
            described
        })
        .collect()
}

/// The notation of a line of moves, space separated.
pub fn line_text(line: &[DescribedMove]) -> String {
    let texts: Vec<&str> = line.iter().map(|mv| mv.text.as_str()).collect();
    texts.join(" ")
}

/// A move's number as records write it: `12.` before the first player's move (White's
/// in most variants, Black's in Checkers), `12...` before the second player's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveNumber {
    /// The full-move number (1 for the first).
    pub full: usize,
    /// The side that plays the move.
    pub side: Colour,
    /// Whether the move opens its number (the first player's move).
    pub opens: bool,
}

impl MoveNumber {
    /// The number of ply `ply` (counted from the game's start, 0 first) of a game that
    /// started with `start` to move, in a variant whose first player is `first`.
    pub(crate) fn of_ply(ply: usize, start: Colour, first: Colour) -> MoveNumber {
        let ply = ply + usize::from(start != first);
        let opens = ply.is_multiple_of(2);
        MoveNumber {
            full: ply / 2 + 1,
            side: if opens { first } else { first.opponent() },
            opens,
        }
    }
}

impl fmt::Display for MoveNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.opens {
            write!(f, "{}.", self.full)
        } else {
            write!(f, "{}...", self.full)
        }
    }
}
