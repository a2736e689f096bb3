//! PDN numeric move notation for boards with `board.notation = "numeric"` (crates/rules/RULES.md
//! section 6.2): a quiet move is `32-28`, a capture `28x19`, or with every landing
//! square `28x19x10` where two captures share origin and destination (printed by
//! `notation.rs`, which adds the captured squares, `28x10(19,24)`, where even the
//! landing squares are shared). The full form is always accepted; a short capture that
//! fits several moves is an error listing them.

use crate::bits::{Bits, Sq};
use crate::board::Board;
use crate::error::MoveError;
use crate::moves::Move;
use crate::position::Position;

impl<B: Bits> Board<B> {
    /// The short numeric text: `from-to` or `fromxto`.
    pub(crate) fn numeric_short(&self, mv: &Move<B>) -> String {
        let sep = if mv.kind.is_capture() { 'x' } else { '-' };
        format!("{}{sep}{}", self.name(mv.from), self.name(mv.to))
    }

    /// Parses numeric move text (`32-28`, `28x19`, `28x19x10`) against `legal`.
    pub(crate) fn parse_numeric(
        &self,
        pos: &Position<B>,
        input: &str,
        legal: &[Move<B>],
    ) -> Result<Vec<Move<B>>, MoveError> {
        let syntax = |why: String| MoveError::Syntax {
            input: input.to_string(),
            why,
        };
        let capture = input.contains(['x', 'X', ':']);
        let quiet = input.contains('-');
        if capture == quiet {
            return Err(syntax(
                "expected a move like 32-28 (quiet), 28x19 or 28x19x10 (capture)".into(),
            ));
        }
        let mut squares: Vec<Sq> = Vec::new();
        for part in input.split(['x', 'X', ':', '-']) {
            let cell = self
                .geometry()
                .cell(part.trim())
                .ok_or_else(|| syntax(format!("`{part}` is not a square of this board")))?;
            squares.push(self.sq(cell));
        }
        let (Some(&from), Some(&to)) = (squares.first(), squares.last()) else {
            return Err(syntax("empty move".into()));
        };
        if squares.len() < 2 || (quiet && squares.len() > 2) {
            return Err(syntax("a quiet move names two squares: from-to".into()));
        }
        let found = legal.iter().filter(|mv| {
            mv.kind.is_capture() == capture
                && mv.from == from
                && mv.to == to
                && (squares.len() == 2 || self.has_route(pos, mv, &squares))
        });
        Ok(found.copied().collect())
    }
}
