//! MindSports notation (crates/rules/RULES.md section 5): printing and parsing.
//!
//! Quiet moves and linear captures keep to one line, so only the changing index is
//! written twice (`f45`, `gf5`, `hxe4`, `g3x5`); other pairs are written in full
//! (`e4f5`, `e4xf5`). Piece captures give origin and destination compressed the same
//! way, then `x` (`e8h6x`, `ef8x`, `c54x`, `f6x`). The full route (`d6-e6-e5x`) is
//! printed when the compact form is ambiguous and is always accepted. Where another
//! legal move has that route too (a wrap-around board), the compact form is followed by
//! the captured cells in parentheses (`g38x(b4)`), which names a move by its identity;
//! any form may carry that suffix. Boards with numeric notation use PDN square numbers
//! instead (`numeric.rs`), with the same fallbacks: every landing square (`28x19x10`),
//! then the captured squares (`28x10(19,24)`).

use std::collections::HashMap;

use bushka_geometry::{CaptureStyle, Cell, Geometry, Notation};

use crate::bits::{Bits, Sq};
use crate::board::Board;
use crate::capture::{self, NextCaptures, approach, contact, jump};
use crate::error::MoveError;
use crate::moves::{Move, MoveKind};
use crate::position::Position;

/// Beyond this many legal moves with one compact text and as many captured pieces, a
/// move is named by its captured cells rather than by its route.
const MAX_ROUTE_RIVALS: usize = 8;

/// The three families of move text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Family {
    /// No `x`: man, line and king moves.
    Quiet,
    /// `x` between the indices.
    Linear,
    /// `x` at the end.
    Piece,
}

fn family(kind: MoveKind) -> Family {
    match kind {
        MoveKind::Man | MoveKind::Line | MoveKind::King => Family::Quiet,
        MoveKind::LinearCapture => Family::Linear,
        MoveKind::PieceCapture => Family::Piece,
    }
}

/// The compact text of a move from `from` to `to` of the given family.
fn compact(geometry: &Geometry, family: Family, from: Cell, to: Cell) -> String {
    let (l1, n1) = geometry.coords(from);
    let (l2, n2) = geometry.coords(to);
    let letters = geometry.letter_labels();
    let numbers = geometry.number_labels();
    let (a, b) = (&letters[l1], &numbers[n1]);
    let (c, d) = (&letters[l2], &numbers[n2]);
    match family {
        Family::Quiet if l1 == l2 => format!("{a}{b}{d}"),
        Family::Quiet if n1 == n2 => format!("{a}{c}{b}"),
        Family::Quiet => format!("{a}{b}{c}{d}"),
        Family::Linear if l1 == l2 => format!("{a}{b}x{d}"),
        Family::Linear if n1 == n2 => format!("{a}x{c}{b}"),
        Family::Linear => format!("{a}{b}x{c}{d}"),
        Family::Piece if from == to => format!("{a}{b}x"),
        Family::Piece if l1 == l2 => format!("{a}{b}{d}x"),
        Family::Piece if n1 == n2 => format!("{a}{c}{b}x"),
        Family::Piece => format!("{a}{b}{c}{d}x"),
    }
}

/// The index of the label spelled exactly `run` (labels are unique).
fn label(run: &str, labels: &[String]) -> Option<usize> {
    labels.iter().position(|l| l == run)
}

/// Every way to cut `run` into two non-empty parts.
fn cuts(run: &str) -> impl Iterator<Item = (&str, &str)> {
    run.char_indices()
        .skip(1)
        .map(move |(i, _)| run.split_at(i))
}

/// The pair of cells on letter line `letter` with numbers `from` and `to` (`f45`).
fn same_letter(geometry: &Geometry, letter: &str, from: &str, to: &str) -> Option<(Cell, Cell)> {
    let l = label(letter, geometry.letter_labels())?;
    let numbers = geometry.number_labels();
    let (a, b) = (label(from, numbers)?, label(to, numbers)?);
    geometry.cell_at(l, a).zip(geometry.cell_at(l, b))
}

/// The pair of cells on number line `number` with letters `from` and `to` (`gf5`).
fn same_number(geometry: &Geometry, from: &str, to: &str, number: &str) -> Option<(Cell, Cell)> {
    let n = label(number, geometry.number_labels())?;
    let letters = geometry.letter_labels();
    let (a, b) = (label(from, letters)?, label(to, letters)?);
    geometry.cell_at(a, n).zip(geometry.cell_at(b, n))
}

/// Splits text into alternating runs of letters and digits.
fn runs(text: &str) -> Vec<(bool, &str)> {
    let mut out: Vec<(bool, &str)> = Vec::new();
    let mut start = 0;
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    for (k, &(i, c)) in chars.iter().enumerate() {
        let alpha = c.is_ascii_alphabetic();
        let next_differs = chars
            .get(k + 1)
            .is_none_or(|&(_, n)| n.is_ascii_alphabetic() != alpha);
        if next_differs {
            out.push((alpha, &text[start..i + c.len_utf8()]));
            start = i + c.len_utf8();
        }
    }
    out
}

/// Readings of a text without `x` as (from, to) cells: `f45`, `gf5`, `e4f5`, or a
/// single cell `f6` (from = to) when `single` is allowed.
fn read_pair(geometry: &Geometry, text: &str, single: bool) -> Vec<(Cell, Cell)> {
    let mut out = Vec::new();
    match runs(text).as_slice() {
        [(true, a), (false, d)] => {
            out.extend(cuts(d).filter_map(|(n1, n2)| same_letter(geometry, a, n1, n2)));
            out.extend(cuts(a).filter_map(|(l1, l2)| same_number(geometry, l1, l2, d)));
            if single {
                out.extend(geometry.cell(text).map(|c| (c, c)));
            }
        }
        [(true, a), (false, b), (true, c), (false, d)] => {
            out.extend(
                geometry
                    .cell(&format!("{a}{b}"))
                    .zip(geometry.cell(&format!("{c}{d}"))),
            );
        }
        _ => {}
    }
    out
}

/// Readings of a linear capture's two sides: `h` `e4`, `g3` `5`, `e4` `f5`.
fn read_linear(geometry: &Geometry, pre: &str, post: &str) -> Vec<(Cell, Cell)> {
    let mut out = Vec::new();
    match (runs(pre).as_slice(), runs(post).as_slice()) {
        ([(true, a)], [(true, c), (false, n)]) => out.extend(same_number(geometry, a, c, n)),
        ([(true, a), (false, n1)], [(false, n2)]) => out.extend(same_letter(geometry, a, n1, n2)),
        ([(true, _), (false, _)], [(true, _), (false, _)]) => {
            out.extend(geometry.cell(pre).zip(geometry.cell(post)));
        }
        _ => {}
    }
    out
}

/// Strips move-text decorations: annotations (`!`, `?`, `!?`, `??`) and white space.
fn clean(text: &str) -> &str {
    text.trim().trim_end_matches(['!', '?'])
}

impl<B: Bits> Board<B> {
    /// Every route of a move, origin first (one route for non-capturing moves and
    /// linear captures: origin and destination). There may be exponentially many; the
    /// notation uses one ([`Board::route_text`]).
    pub fn routes(&self, pos: &Position<B>, mv: &Move<B>) -> Vec<Vec<Sq>> {
        match mv.kind {
            MoveKind::PieceCapture => self
                .replaying(pos, mv, |next, king| capture::routes_of(mv, king, next))
                .unwrap_or_default(),
            _ => vec![vec![mv.from, mv.to]],
        }
    }

    /// Runs `f` over the single captures that replay the piece capture `mv` in `pos`
    /// under the variant's capture style; none for other moves and for moves not of
    /// the side to move.
    fn replaying<R>(
        &self,
        pos: &Position<B>,
        mv: &Move<B>,
        f: impl FnOnce(NextCaptures<'_, B>, bool) -> R,
    ) -> Option<R> {
        let piece = pos.piece_at(mv.from)?;
        if mv.kind != MoveKind::PieceCapture || piece.colour != pos.side() {
            return None;
        }
        let king = piece.is_king();
        let f = |next: NextCaptures<'_, B>| f(next, king);
        Some(match self.rules.capture {
            CaptureStyle::Contact => contact::replaying(self, pos, mv, king, f),
            CaptureStyle::Jump => jump::replaying(self, pos, mv, king, f),
            CaptureStyle::ApproachWithdrawal => approach::replaying(self, pos, mv, f),
        })
    }

    /// One route of a move (the first found), origin first. A line move or linear
    /// capture whose two cells are also neighbours (joined by a link) is routed along
    /// its line, so that it does not read like a one-step move between them.
    fn route(&self, pos: &Position<B>, mv: &Move<B>) -> Vec<Sq> {
        if self.line_like_a_step(mv)
            && let Some(line) = self.line_cells(mv)
        {
            return line;
        }
        self.replaying(pos, mv, |next, king| {
            capture::find_route(mv, king, next, None)
        })
        .flatten()
        .unwrap_or_else(|| vec![mv.from, mv.to])
    }

    /// Whether `mv` is a line move or linear capture between neighbouring cells.
    fn line_like_a_step(&self, mv: &Move<B>) -> bool {
        matches!(mv.kind, MoveKind::Line | MoveKind::LinearCapture)
            && self.dirs().any(|d| self.neighbour(mv.from, d) == mv.to)
    }

    /// Whether `route` is a route of `mv` (for a line move or a linear capture, also
    /// the line's full list of cells, and only that when its cells are neighbours).
    pub(crate) fn has_route(&self, pos: &Position<B>, mv: &Move<B>, route: &[Sq]) -> bool {
        match mv.kind {
            MoveKind::PieceCapture => self
                .replaying(pos, mv, |next, king| {
                    capture::find_route(mv, king, next, Some(route)).is_some()
                })
                .unwrap_or(false),
            _ => {
                (route == [mv.from, mv.to] && !self.line_like_a_step(mv))
                    || self.line_cells(mv).is_some_and(|line| line == route)
            }
        }
    }

    /// The full form of `mv` along `route`: the cells joined by `-`, then `x` for
    /// captures; on numeric boards the squares joined by `x` (captures) or `-`.
    fn route_string(&self, mv: &Move<B>, route: &[Sq]) -> String {
        let cells: Vec<&str> = route.iter().map(|&sq| self.name(sq)).collect();
        let capture = mv.kind.is_capture();
        match self.geometry().notation() {
            Notation::Numeric | Notation::Algebraic if capture => cells.join("x"),
            Notation::Numeric | Notation::Algebraic => cells.join("-"),
            _ if capture => format!("{}x", cells.join("-")),
            _ => cells.join("-"),
        }
    }

    /// The full route form: every cell visited joined by `-`, then `x` for captures
    /// (numeric boards: joined by `x`, or `from-to` for quiet moves).
    pub fn route_text(&self, pos: &Position<B>, mv: &Move<B>) -> String {
        self.route_string(mv, &self.route(pos, mv))
    }

    /// Whether `mv` is an approach-withdrawal capture, written by [`Board::written_text`].
    fn writes_steps(&self, mv: &Move<B>) -> bool {
        self.rules.capture == CaptureStyle::ApproachWithdrawal && mv.kind.is_capture()
    }

    /// The short form: the compact text, or on numeric and algebraic boards `from-to`
    /// / `fromxto`.
    pub(crate) fn short_text(&self, mv: &Move<B>) -> String {
        if self.writes_from_to() {
            return self.numeric_short(mv);
        }
        self.compact_text(mv)
    }

    /// Whether moves are written from-to (`32-28`, `a3-a4`) rather than compacted.
    fn writes_from_to(&self) -> bool {
        matches!(
            self.geometry().notation(),
            Notation::Numeric | Notation::Algebraic
        )
    }

    fn compact_text(&self, mv: &Move<B>) -> String {
        compact(
            self.geometry(),
            family(mv.kind),
            self.cell(mv.from),
            self.cell(mv.to),
        )
    }

    /// The short form followed by the captured cells in parentheses, `g38x(b4)`:
    /// names a capture by its identity when even its route is shared.
    fn captured_text(&self, mv: &Move<B>) -> String {
        let captured: Vec<&str> = mv.captured.iter().map(|sq| self.name(sq)).collect();
        format!("{}({})", self.short_text(mv), captured.join(","))
    }

    /// The notation of `mv` when `rivals` (other legal moves) share its compact text:
    /// the compact form if there are none, else its full route if no rival has that
    /// route, else the compact form with the captured cells.
    fn text_among(
        &self,
        pos: &Position<B>,
        mv: &Move<B>,
        compact: String,
        rivals: &[Move<B>],
    ) -> String {
        if rivals.is_empty() {
            return compact;
        }
        // A route is as long as the captured set is large: only moves taking as many
        // pieces can share it. Among many such moves, routes are not worth comparing.
        let mut alike = rivals
            .iter()
            .filter(|other| other.capture_count() == mv.capture_count());
        if alike.clone().count() > MAX_ROUTE_RIVALS {
            return self.captured_text(mv);
        }
        let route = self.route(pos, mv);
        if alike.any(|other| self.has_route(pos, other, &route)) {
            self.captured_text(mv)
        } else {
            self.route_string(mv, &route)
        }
    }

    /// The notation of `mv` among the legal moves `legal`: the compact form, or the
    /// full route where the compact form would fit another legal move too, or, where
    /// another move has that route too, the compact form with the captured cells.
    pub fn move_text(&self, pos: &Position<B>, mv: &Move<B>, legal: &[Move<B>]) -> String {
        if self.writes_steps(mv) {
            let shared = legal
                .iter()
                .any(|o| !o.same(mv) && o.kind.is_capture() && (o.from, o.to) == (mv.from, mv.to));
            return self.written_text(pos, mv, shared);
        }
        let text = self.short_text(mv);
        let rivals: Vec<Move<B>> = legal
            .iter()
            .filter(|other| !other.same(mv) && self.short_text(other) == text)
            .copied()
            .collect();
        self.text_among(pos, mv, text, &rivals)
    }

    /// The notation of every move of `legal` (legal moves of `pos`), in order; linear
    /// in the number of moves, unlike calling [`Board::move_text`] for each.
    pub fn move_texts(&self, pos: &Position<B>, legal: &[Move<B>]) -> Vec<String> {
        if self.rules.capture == CaptureStyle::ApproachWithdrawal {
            let mut ends: HashMap<(Sq, Sq), usize> = HashMap::new();
            for mv in legal.iter().filter(|mv| mv.kind.is_capture()) {
                *ends.entry((mv.from, mv.to)).or_default() += 1;
            }
            return legal
                .iter()
                .map(|mv| match ends.get(&(mv.from, mv.to)) {
                    Some(&n) if mv.kind.is_capture() => self.written_text(pos, mv, n > 1),
                    _ => self.short_text(mv),
                })
                .collect();
        }
        let compacts: Vec<String> = legal.iter().map(|mv| self.short_text(mv)).collect();
        let mut groups: HashMap<&str, Vec<Move<B>>> = HashMap::new();
        for (mv, text) in legal.iter().zip(&compacts) {
            groups.entry(text.as_str()).or_default().push(*mv);
        }
        legal
            .iter()
            .zip(&compacts)
            .map(|(mv, text)| {
                let rivals: Vec<Move<B>> = groups[text.as_str()]
                    .iter()
                    .filter(|other| !other.same(mv))
                    .copied()
                    .collect();
                self.text_among(pos, mv, text.clone(), &rivals)
            })
            .collect()
    }

    /// All legal moves of `pos` in notation, in generation order.
    pub fn legal_texts(&self, pos: &Position<B>) -> Vec<String> {
        self.move_texts(pos, self.moves(pos).as_slice())
    }

    /// Parses a move in MindSports notation (compact or full route) against the legal
    /// moves of `pos`.
    pub fn parse_move(&self, pos: &Position<B>, text: &str) -> Result<Move<B>, MoveError> {
        let input = clean(text);
        let written = input;
        let legal = self.moves(pos);
        let geometry = self.geometry();
        let syntax = |why: &str| MoveError::Syntax {
            input: input.to_string(),
            why: why.to_string(),
        };
        if input.is_empty() {
            return Err(syntax("empty move"));
        }
        let (input, captured) = match input.strip_suffix(')').and_then(|t| t.split_once('(')) {
            Some((body, cells)) => {
                let mut set = B::EMPTY;
                for name in cells.split(',') {
                    let cell = geometry
                        .cell(name.trim())
                        .ok_or_else(|| syntax(&format!("`{name}` is not a cell of this board")))?;
                    set |= B::bit(self.sq(cell));
                }
                (body, Some(set))
            }
            None => (input, None),
        };
        let candidates: Vec<Move<B>> = if self.rules.capture == CaptureStyle::ApproachWithdrawal
            && Self::is_written_by_steps(input)
        {
            self.parse_written(pos, input, legal.as_slice())?
        } else if self.writes_from_to() {
            self.parse_numeric(pos, input, legal.as_slice())?
        } else if input.contains('-') {
            let body = input.strip_suffix('x').unwrap_or(input);
            let mut route = Vec::new();
            for name in body.split('-') {
                let cell = geometry
                    .cell(name.trim())
                    .ok_or_else(|| syntax(&format!("`{name}` is not a cell of this board")))?;
                route.push(self.sq(cell));
            }
            if route.len() < 2 {
                return Err(syntax("a route names at least two cells"));
            }
            legal
                .iter()
                .filter(|mv| self.has_route(pos, mv, &route))
                .copied()
                .collect()
        } else {
            let (fam, readings) = match input.matches('x').count() {
                0 => (Family::Quiet, read_pair(geometry, input, false)),
                1 if input.ends_with('x') => (
                    Family::Piece,
                    read_pair(geometry, &input[..input.len() - 1], true),
                ),
                1 => {
                    let (pre, post) = input.split_once('x').unwrap_or((input, ""));
                    (Family::Linear, read_linear(geometry, pre, post))
                }
                _ => return Err(syntax("more than one `x`")),
            };
            if readings.is_empty() {
                return Err(syntax(
                    "expected a move like f45, gf5, e4f5, hxe4, g3x5, e8h6x, f6x or d6-e6-e5x",
                ));
            }
            legal
                .iter()
                .filter(|mv| {
                    family(mv.kind) == fam
                        && readings.contains(&(self.cell(mv.from), self.cell(mv.to)))
                })
                .copied()
                .collect()
        };
        let candidates: Vec<Move<B>> = candidates
            .into_iter()
            .filter(|mv| captured.is_none_or(|set| mv.captured == set))
            .collect();
        match candidates.as_slice() {
            [mv] => Ok(*mv),
            [] => Err(MoveError::Illegal {
                input: written.to_string(),
                legal: self.legal_texts(pos),
            }),
            _ => Err(MoveError::Ambiguous {
                input: written.to_string(),
                candidates: {
                    let texts = self.move_texts(pos, legal.as_slice());
                    legal
                        .iter()
                        .zip(texts)
                        .filter(|(mv, _)| candidates.iter().any(|c| c.same(mv)))
                        .map(|(_, text)| text)
                        .collect()
                },
            }),
        }
    }
}
