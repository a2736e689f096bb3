//! Game records: PDN-style tag lines, then numbered moves in MindSports notation.
//!
//! ```text
//! [Variant "bushka"]
//! [White "Alice"]
//! [Black "engine"]
//! [Result "1-0"]
//! 1. f45 d87 2. gf5 ...  1-0
//! ```
//! Move numbers (`1.`, `1...`, `1`), annotations (`!`, `?`, `!?`, `??`), `{...}`
//! comments (clock annotations such as `{[%clock w0:09:57 B0:09:58]}` among them) and
//! `( ... )` variations (nested, spanning lines, holding comments) are skipped, while a `(`
//! that follows a move with no space between is the move's captured-cells suffix
//! (`g38x(b4)`, `28x10(19,24)`) and part of it; a result token (`1-0`, `0-1`, `1/2-1/2`, the draughts `2-0`, `1-1`, `0-2`,
//! or `*`) ends the moves. Numbered boards write PDN numeric moves (`32-28`, `28x19`).

use std::sync::Arc;

use crate::bits::Bits;
use crate::board::Board;
use crate::budget::MAX_GENERATION_STEPS;
use crate::error::RecordError;
use crate::game::{Game, GameError};

/// One move as written in a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordMove {
    /// The move text, annotations included.
    pub text: String,
    /// 1-based line in the record.
    pub line: usize,
}

/// A parsed game record (moves not yet checked against the rules).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Record {
    /// Tag pairs in order of appearance.
    pub tags: Vec<(String, String)>,
    /// The moves.
    pub moves: Vec<RecordMove>,
    /// The result token, if present.
    pub result: Option<String>,
}

/// Largest game record read from a file or standard input, in bytes (a game of
/// thousands of moves takes tens of kilobytes).
pub const MAX_RECORD_BYTES: usize = 1 << 20;

/// Result tokens: PGN scoring and the draughts scoring (`2-0`, `1-1`, `0-2`).
const RESULTS: [&str; 7] = ["1-0", "0-1", "1/2-1/2", "2-0", "1-1", "0-2", "*"];

impl Record {
    /// Parses a record's text.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let mut record = Record::default();
        let mut reader = MoveText::default();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            if reader.before_moves() && raw.trim().starts_with('[') {
                record.tags.push(parse_tag(raw.trim(), line)?);
                continue;
            }
            reader.read_line(raw, line, &mut record)?;
        }
        reader.finish(text.lines().count())?;
        Ok(record)
    }

    /// The value of tag `key` (case-insensitive key).
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v)| v.as_str())
    }

    /// Plays the record through from its `FEN` tag (or the start position), every
    /// move listing within [`MAX_GENERATION_STEPS`] capture-search steps.
    pub fn replay<B: Bits>(&self, board: Arc<Board<B>>) -> Result<Game<B>, RecordError> {
        self.replay_within(board, MAX_GENERATION_STEPS)
    }

    /// [`Record::replay`] with every move listing within `steps` capture-search steps:
    /// a position of the game that needs more is an error naming it.
    pub fn replay_within<B: Bits>(
        &self,
        board: Arc<Board<B>>,
        steps: u64,
    ) -> Result<Game<B>, RecordError> {
        let start = match self.tag("FEN") {
            Some(fen) => board.parse_position(fen)?,
            None => board.start_position(),
        };
        // Move numbers count from the first player's move (`players.first`).
        let second_first = start.side() != board.rules().first;
        let mut game = Game::from_position_within(board.clone(), start, steps)
            .map_err(|e| game_error(e, "the start position".into(), 1))?;
        let moves = self.expanded_moves(board.geometry());
        for (i, rm) in moves.iter().enumerate() {
            let ply = i + usize::from(second_first);
            let number = ply / 2 + 1;
            if let Some(outcome) = game.outcome() {
                return Err(RecordError::AfterEnd {
                    number,
                    text: rm.text.clone(),
                    line: rm.line,
                    outcome: outcome.to_string(),
                });
            }
            let pos = *game.position();
            let mv = board
                .parse_move(&pos, &rm.text)
                .map_err(|error| RecordError::Move {
                    number,
                    first: ply % 2 == 0,
                    text: rm.text.clone(),
                    line: rm.line,
                    error,
                })?;
            game.play(&mv).map_err(|e| {
                let dots = if ply % 2 == 0 { "." } else { "..." };
                let place = format!(
                    "the position after move {number}{dots} {} (line {})",
                    rm.text, rm.line
                );
                game_error(e, place, rm.line)
            })?;
        }
        Ok(game)
    }

    /// The moves with MindSports move pairs split: in `3.gd3-de2` the dash separates
    /// White's move from Black's, while in a full route (`d6-e6-e5x`) every part is a
    /// cell. A dashed token whose parts are not all cells is read as a pair.
    fn expanded_moves(&self, geometry: &bushka_geometry::Geometry) -> Vec<RecordMove> {
        let mut out = Vec::with_capacity(self.moves.len());
        for rm in &self.moves {
            let parts: Vec<&str> = rm.text.split('-').collect();
            let route = parts
                .iter()
                .all(|p| geometry.cell(p.strip_suffix('x').unwrap_or(p)).is_some());
            if parts.len() == 2 && !route {
                out.extend(parts.iter().map(|p| RecordMove {
                    text: p.to_string(),
                    line: rm.line,
                }));
            } else {
                out.push(rm.clone());
            }
        }
        out
    }

    /// Writes a finished or running game as a record with the given tags (a `FEN` tag
    /// is added when the game did not start from the start position, a PDN `GameType`
    /// for variants that have one, and `Result` from the outcome).
    pub fn write<B: Bits>(game: &Game<B>, tags: &[(String, String)]) -> String {
        let board = game.board();
        let mut out = String::new();
        let result = game.outcome().map_or("*", |o| o.result_text());
        let mut all: Vec<(String, String)> = tags
            .iter()
            .filter(|(k, _)| !k.eq_ignore_ascii_case("FEN") && !k.eq_ignore_ascii_case("Result"))
            .cloned()
            .collect();
        if let Some(number) = board.geometry().meta().pdn_gametype
            && !all.iter().any(|(k, _)| k.eq_ignore_ascii_case("GameType"))
        {
            all.push(("GameType".into(), number.to_string()));
        }
        if *game.start() != board.start_position() {
            all.push(("FEN".into(), board.position_string(game.start())));
        }
        all.push(("Result".into(), result.into()));
        for (k, v) in &all {
            out.push_str(&format!(
                "[{k} \"{}\"]\n",
                v.replace('\\', "\\\\").replace('"', "\\\"")
            ));
        }
        out.push('\n');
        let second_first = game.start().side() != board.rules().first;
        let mut line = String::new();
        for (i, (mv, pos)) in game.moves().iter().zip(game.positions()).enumerate() {
            let ply = i + usize::from(second_first);
            let legal = board.moves(pos);
            let text = board.move_text(pos, mv, legal.as_slice());
            let token = if ply % 2 == 0 {
                format!("{}. {text}", ply / 2 + 1)
            } else if i == 0 {
                format!("{}... {text}", ply / 2 + 1)
            } else {
                text
            };
            if line.len() + token.len() + 1 > 78 {
                out.push_str(line.trim_end());
                out.push('\n');
                line.clear();
            }
            line.push_str(&token);
            line.push(' ');
        }
        line.push_str(result);
        out.push_str(&line);
        out.push('\n');
        out
    }
}

/// A game error met while playing a record through, at `place` (the start, or the
/// position after a move of line `line`): a position whose moves cannot be listed, or
/// (never for a move parsed against the legal moves) a move the game refuses.
fn game_error(error: GameError, place: String, line: usize) -> RecordError {
    match error {
        GameError::Unlisted { limit, .. } => RecordError::Unlisted { place, limit },
        other => RecordError::Syntax {
            line,
            why: other.to_string(),
        },
    }
}

/// The reader of a record's move text, line by line: what is still open from the
/// lines before (a `{` comment, `(` variations) and whether moves have begun.
#[derive(Debug, Default)]
struct MoveText {
    in_comment: bool,
    /// Variations open, each with the line of its `(`.
    variations: Vec<usize>,
    in_moves: bool,
}

impl MoveText {
    /// Whether a line may still be a tag: no move, comment or variation began yet.
    fn before_moves(&self) -> bool {
        !self.in_moves && !self.in_comment && self.variations.is_empty()
    }

    /// Reads one line of move text into `record`: comments and variations (which may
    /// nest, hold comments and span lines) are skipped, the rest split into tokens.
    fn read_line(
        &mut self,
        raw: &str,
        line: usize,
        record: &mut Record,
    ) -> Result<(), RecordError> {
        let mut token_start = None;
        // Inside a move's captured-cells suffix: a `(` glued to the move's text (it
        // never spans lines).
        let mut in_suffix = false;
        for (at, c) in raw.char_indices().chain([(raw.len(), ' ')]) {
            if self.in_comment {
                self.in_comment = c != '}';
                continue;
            }
            if in_suffix {
                in_suffix = c != ')';
                if at == raw.len() {
                    return Err(RecordError::Syntax {
                        line,
                        why: "a move's `(` captured cells are never closed".into(),
                    });
                }
                continue;
            }
            if c == '(' && token_start.is_some() {
                in_suffix = true;
                continue;
            }
            let ends_token = c.is_whitespace() || matches!(c, '{' | '(' | ')');
            if !ends_token {
                token_start.get_or_insert(at);
                continue;
            }
            if let Some(start) = token_start.take() {
                self.in_moves = true;
                if self.variations.is_empty() {
                    take_token(&raw[start..at], line, record)?;
                }
            }
            match c {
                '{' => self.in_comment = true,
                '(' => self.variations.push(line),
                ')' if self.variations.pop().is_none() => {
                    return Err(RecordError::Syntax {
                        line,
                        why: "a `)` closes no variation".into(),
                    });
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Checks that nothing is left open at the end of the text (`lines` long).
    fn finish(&self, lines: usize) -> Result<(), RecordError> {
        if self.in_comment {
            return Err(RecordError::Syntax {
                line: lines,
                why: "a `{` comment is never closed".into(),
            });
        }
        match self.variations.last() {
            Some(&line) => Err(RecordError::Syntax {
                line,
                why: "a `(` variation is never closed".into(),
            }),
            None => Ok(()),
        }
    }
}

/// Adds one token of the main line to `record`: a result, or a move once its number
/// and annotations are taken off.
fn take_token(token: &str, line: usize, record: &mut Record) -> Result<(), RecordError> {
    if record.result.is_some() {
        return Err(RecordError::Syntax {
            line,
            why: format!("`{token}` after the result"),
        });
    }
    if RESULTS.contains(&token) {
        record.result = Some(token.to_string());
        return Ok(());
    }
    let body = without_move_number(token).trim_end_matches(['!', '?']);
    if !body.is_empty() {
        record.moves.push(RecordMove {
            text: body.to_string(),
            line,
        });
    }
    Ok(())
}

/// The token without its move number (`12.`, `12...`, or a bare `12` before a
/// MindSports move such as `12f45`). Numeric moves (`32-28`, `28x19`) keep their digits.
fn without_move_number(token: &str) -> &str {
    let rest = token.trim_start_matches(|c: char| c.is_ascii_digit());
    if rest.len() == token.len() {
        return token;
    }
    if rest.starts_with('.') {
        return rest.trim_start_matches('.');
    }
    let numeric_move = rest.starts_with(['-', 'x', 'X', ':'])
        && rest[1..].starts_with(|c: char| c.is_ascii_digit());
    if numeric_move { token } else { rest }
}

fn parse_tag(text: &str, line: usize) -> Result<(String, String), RecordError> {
    let bad = |why: &str| RecordError::Syntax {
        line,
        why: format!("bad tag `{text}`: {why}"),
    };
    let inner = text
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .ok_or_else(|| bad("expected [Name \"value\"]"))?
        .trim();
    let (key, value) = inner
        .split_once(char::is_whitespace)
        .ok_or_else(|| bad("expected a name and a quoted value"))?;
    let value = value.trim();
    let value = value
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .ok_or_else(|| bad("the value must be in double quotes"))?;
    if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(bad("the tag name must be letters, digits or `_`"));
    }
    Ok((
        key.to_string(),
        value.replace("\\\"", "\"").replace("\\\\", "\\"),
    ))
}
