//! Notation of approach-withdrawal captures (crates/rules/RULES.md 9.3): a capture is
//! written in the board's short form (`d3xe3` on algebraic boards, `c56x` in MindSports
//! notation) when no other legal capture goes from its origin to its destination, else by its steps, each landing point followed by `A` (approach) or
//! `W` (withdrawal): `d3-e3A`, `d3-e3W`, `c2-c3A-b4W-c5W`. Steps and their kinds fix
//! the captured set, so the written steps name one move alone.

use crate::bits::{Bits, Sq};
use crate::board::Board;
use crate::capture::approach::{self, Written};
use crate::error::MoveError;
use crate::moves::Move;
use crate::position::Position;

impl<B: Bits> Board<B> {
    /// The notation of the approach-withdrawal capture `mv` when `shared` says whether
    /// another legal capture has its origin and destination.
    pub(crate) fn written_text(&self, pos: &Position<B>, mv: &Move<B>, shared: bool) -> String {
        let route = if shared {
            approach::written_route(self, pos, mv)
        } else {
            None
        };
        let Some(route) = route else {
            return self.short_text(mv);
        };
        let mut text = self.name(mv.from).to_string();
        for step in route {
            text.push('-');
            text.push_str(self.name(step.to));
            text.push(if step.approach { 'A' } else { 'W' });
        }
        text
    }

    /// Whether `input` is written by steps (`d3-e3A`): a step after the first `-`
    /// ends in `A` or `W`.
    pub(crate) fn is_written_by_steps(input: &str) -> bool {
        input
            .split('-')
            .skip(1)
            .any(|step| step.trim().ends_with(['A', 'W']))
    }

    /// The legal moves of `legal` that the steps `input` (`c2-c3A-b4W`) make.
    pub(crate) fn parse_written(
        &self,
        pos: &Position<B>,
        input: &str,
        legal: &[Move<B>],
    ) -> Result<Vec<Move<B>>, MoveError> {
        let syntax = |why: String| MoveError::Syntax {
            input: input.to_string(),
            why,
        };
        let mut parts = input.split('-');
        let from = parts.next().unwrap_or_default().trim();
        let from = self
            .sq_named(from)
            .ok_or_else(|| syntax(format!("`{from}` is not a point of this board")))?;
        let mut steps = Vec::new();
        for part in parts {
            let part = part.trim();
            let (cell, approach) = if let Some(cell) = part.strip_suffix('A') {
                (cell, true)
            } else if let Some(cell) = part.strip_suffix('W') {
                (cell, false)
            } else {
                return Err(syntax(format!(
                    "`{part}`: mark each capture step A (approach) or W (withdrawal), as in d3-e3A"
                )));
            };
            let to: Sq = self
                .sq_named(cell)
                .ok_or_else(|| syntax(format!("`{cell}` is not a point of this board")))?;
            steps.push(Written { to, approach });
        }
        let end = approach::follow(self, pos, from, &steps);
        Ok(legal
            .iter()
            .filter(|mv| {
                mv.kind.is_capture()
                    && mv.from == from
                    && end.is_some_and(|(to, captured)| mv.to == to && mv.captured == captured)
            })
            .copied()
            .collect())
    }
}
