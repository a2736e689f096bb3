//! Moves and move lists.

use crate::bits::Bits;
use crate::board::Sq;

/// What kind of move it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    /// A man steps forward.
    Man,
    /// A line of men advances (the tail man is lifted and put in front).
    Line,
    /// A king moves along a line.
    King,
    /// A line of men captures by approach along its line.
    LinearCapture,
    /// A man or king captures by approach, one piece at a time, in a sequence.
    PieceCapture,
}

impl MoveKind {
    /// Whether the move captures.
    pub fn is_capture(self) -> bool {
        matches!(self, MoveKind::LinearCapture | MoveKind::PieceCapture)
    }
}

/// A move, identified (crates/rules/RULES.md section 4) by its kind, origin, destination and
/// captured set. For line moves and linear captures the origin is the lifted tail man.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move<B: Bits> {
    /// Kind.
    pub kind: MoveKind,
    /// Origin square (the tail man for lines).
    pub from: Sq,
    /// Destination square.
    pub to: Sq,
    /// Captured pieces.
    pub captured: B,
    /// Whether the piece arriving on `to` becomes a king.
    pub promotes: bool,
}

impl<B: Bits> Move<B> {
    /// Number of pieces captured.
    pub fn capture_count(&self) -> u32 {
        self.captured.count()
    }

    /// Whether two moves are the same move by identity.
    pub fn same(&self, other: &Move<B>) -> bool {
        self.kind == other.kind
            && self.from == other.from
            && self.to == other.to
            && self.captured == other.captured
    }
}

/// A reusable list of moves: generating into a cleared list allocates only while the
/// list grows past its largest size so far.
#[derive(Debug, Clone, Default)]
pub struct MoveList<B: Bits> {
    moves: Vec<Move<B>>,
}

impl<B: Bits> MoveList<B> {
    /// An empty list.
    pub fn new() -> MoveList<B> {
        MoveList {
            moves: Vec::with_capacity(64),
        }
    }

    /// Removes every move, keeping the storage.
    #[inline]
    pub fn clear(&mut self) {
        self.moves.clear();
    }

    /// Adds a move.
    #[inline]
    pub fn push(&mut self, mv: Move<B>) {
        self.moves.push(mv);
    }

    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The moves.
    #[inline]
    pub fn as_slice(&self) -> &[Move<B>] {
        &self.moves
    }

    /// Mutable access for sorting and filtering.
    #[inline]
    pub fn as_mut_vec(&mut self) -> &mut Vec<Move<B>> {
        &mut self.moves
    }

    /// Iterates the moves.
    pub fn iter(&self) -> std::slice::Iter<'_, Move<B>> {
        self.moves.iter()
    }
}

impl<'a, B: Bits> IntoIterator for &'a MoveList<B> {
    type Item = &'a Move<B>;
    type IntoIter = std::slice::Iter<'a, Move<B>>;
    fn into_iter(self) -> Self::IntoIter {
        self.moves.iter()
    }
}
