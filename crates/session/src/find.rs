//! Reading a move a person typed: MindSports notation, or two cells, with a message
//! naming the close legal matches for anything that is not a legal move.

use bushka_geometry::{Cell, Piece};
use bushka_rules::{Bits, Board, CellsError, Move, MoveError, Position};

/// How many legal moves a message lists in full before it points to the full list.
const FEW: usize = 12;

/// Text that is not a legal move, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Unresolved {
    /// Whether the text names any cell at all (if not, it may be a mistyped command).
    pub names_a_cell: bool,
    /// What is wrong, with the close legal matches; possibly several lines. It names
    /// no command of any front end, so every front end can show it as it is.
    pub message: String,
    /// Whether the message leaves legal moves out (too many to list, it gives their
    /// number): a front end may add how to see them all.
    pub unlisted: bool,
}

/// The legal move of `pos` that `text` names: MindSports notation (compact or full
/// route) first, then origin and destination cells separated by white space or a dash
/// (`d6 e5`, `d6-e5`) when exactly one legal move joins them. Capitals are forgiven.
pub(crate) fn find_move<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    text: &str,
) -> Result<Move<B>, Unresolved> {
    match find_exact(board, pos, text) {
        Ok(mv) => Ok(mv),
        Err(first) => {
            // Cell names are lower case on the official boards.
            let lower = text.to_ascii_lowercase();
            if lower == text {
                return Err(first);
            }
            find_exact(board, pos, &lower).map_err(|lowered| {
                // Explain in terms of the cells the lower-case reading found, if any.
                if lowered.names_a_cell { lowered } else { first }
            })
        }
    }
}

fn find_exact<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    text: &str,
) -> Result<Move<B>, Unresolved> {
    let text = text.trim();
    let error = match board.parse_move(pos, text) {
        Ok(mv) => return Ok(mv),
        Err(error) => error,
    };
    if let MoveError::Ambiguous { candidates, .. } = &error {
        return Err(Unresolved {
            names_a_cell: true,
            message: format!(
                "`{text}` fits more than one legal move; type one of these full routes instead: {}",
                candidates.join(", ")
            ),
            unlisted: false,
        });
    }
    let pair = cell_pair(board, text);
    if let Some((from, to)) = pair {
        match board.move_joining(pos, from, to) {
            Ok(mv) => return Ok(mv),
            Err(ambiguous @ CellsError::Ambiguous { .. }) => {
                return Err(Unresolved {
                    names_a_cell: true,
                    message: ambiguous.to_string(),
                    unlisted: false,
                });
            }
            Err(CellsError::NoMove { .. }) => {}
        }
    }
    Err(explain(board, pos, text, &error, pair))
}

/// Reads `d6 e5`, `d6-e5` (or `d6 e5x`) as two cells.
fn cell_pair<B: Bits>(board: &Board<B>, text: &str) -> Option<(Cell, Cell)> {
    let text = text.trim_end_matches(['!', '?']);
    let parts: Vec<&str> = if text.contains(char::is_whitespace) {
        text.split(|c: char| c.is_whitespace() || c == '-')
            .filter(|p| !p.is_empty())
            .collect()
    } else {
        text.split('-').collect()
    };
    let geometry = board.geometry();
    match parts.as_slice() {
        [a, b] => {
            let b = b.strip_suffix('x').unwrap_or(b);
            Some((geometry.cell(a)?, geometry.cell(b)?))
        }
        _ => None,
    }
}

/// The names in `text` that look like cell names (letters then digits) but name no
/// cell of the board: each cell of a two-cell or route form (`a8 a9`, `f4-f9-f10`), or
/// the destination of a compact move along a letter's line (`a89`).
fn missing_cells<B: Bits>(board: &Board<B>, text: &str) -> Vec<String> {
    let geometry = board.geometry();
    let looks_like_cell = |name: &str| {
        let digits = name.trim_start_matches(|c: char| c.is_ascii_alphabetic());
        digits.len() < name.len()
            && !digits.is_empty()
            && digits.chars().all(|c| c.is_ascii_digit())
    };
    let text = text.trim_end_matches(['!', '?']);
    let text = text.strip_suffix('x').unwrap_or(text);
    if text.contains(|c: char| c.is_whitespace() || c == '-') {
        return text
            .split(|c: char| c.is_whitespace() || c == '-')
            .map(|part| part.strip_suffix('x').unwrap_or(part))
            .filter(|part| looks_like_cell(part) && geometry.cell(part).is_none())
            .map(str::to_string)
            .collect();
    }
    if !looks_like_cell(text) {
        return Vec::new();
    }
    let digits_at = text.len()
        - text
            .trim_start_matches(|c: char| c.is_ascii_alphabetic())
            .len();
    let (letters, digits) = text.split_at(digits_at);
    let splits: Vec<(String, String)> = (1..digits.len())
        .map(|k| {
            (
                format!("{letters}{}", &digits[..k]),
                format!("{letters}{}", &digits[k..]),
            )
        })
        .collect();
    if splits
        .iter()
        .any(|(a, b)| geometry.cell(a).is_some() && geometry.cell(b).is_some())
    {
        return Vec::new();
    }
    splits
        .into_iter()
        .find(|(a, _)| geometry.cell(a).is_some())
        .map(|(_, b)| vec![b])
        .unwrap_or_default()
}

/// The cell `text` starts with (the longest prefix that names a cell), or for the
/// compact forms that begin with two letters (`gf5`, `hxe4`) the first letter with the
/// first number.
fn origin_guess<B: Bits>(board: &Board<B>, text: &str) -> Option<Cell> {
    let geometry = board.geometry();
    let longest = (1..=text.len())
        .rev()
        .filter(|&n| text.is_char_boundary(n))
        .find_map(|n| geometry.cell(&text[..n]));
    if longest.is_some() {
        return longest;
    }
    let letter: String = text
        .chars()
        .take_while(char::is_ascii_alphabetic)
        .take(1)
        .collect();
    let digits: String = text
        .chars()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(char::is_ascii_digit)
        .collect();
    (1..=digits.len())
        .rev()
        .find_map(|n| geometry.cell(&format!("{letter}{}", &digits[..n])))
}

/// Notation of `moves` (a subset of the legal moves of `pos`), space separated.
fn texts<B: Bits>(board: &Board<B>, pos: &Position<B>, moves: &[Move<B>]) -> String {
    let legal = board.moves(pos);
    moves
        .iter()
        .map(|mv| board.move_text(pos, mv, legal.as_slice()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// "a White man" and the like.
fn piece_name(piece: Piece) -> String {
    format!("a {} {}", piece.colour.name(), piece.role.name())
}

/// Why `text` is not a legal move, and the legal moves close to it.
fn explain<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    text: &str,
    error: &MoveError,
    pair: Option<(Cell, Cell)>,
) -> Unresolved {
    let legal = board.moves(pos);
    let legal = legal.as_slice();
    let origin = pair
        .map(|(from, _)| from)
        .or_else(|| origin_guess(board, text));
    let mut lines = Vec::new();
    let missing = missing_cells(board, text);
    if !missing.is_empty() {
        let names: Vec<String> = missing
            .iter()
            .map(|name| format!("no cell {name}"))
            .collect();
        lines.push(format!(
            "`{text}` is not a move: there is {} on this board.",
            names.join(" and ")
        ));
    } else if origin.is_none() {
        lines.push(format!("`{text}` is not a move."));
        lines.push(
            "Moves are typed in MindSports notation (f45, gf5, e4f5, hxe4, e8h6x, d6-e6-e5x) \
             or as two cells (f4 f5)."
                .to_string(),
        );
    } else {
        match error {
            MoveError::Syntax { why, .. } if pair.is_none() => {
                lines.push(format!("`{text}` is not a move: {why}."));
            }
            _ => lines.push(format!("`{text}` is not a legal move here.")),
        }
    }
    let mut listed = false;
    if let Some(from) = origin {
        let (line, all) = origin_line(board, pos, from);
        lines.push(line);
        listed = all;
    }
    if let Some((from, to)) = pair {
        let to_here = board.moves_to(pos, to);
        if !to_here.is_empty() && pos.piece_at(board.sq(from)).is_none() {
            lines.push(format!(
                "Legal moves to {}: {}",
                board.geometry().name(to),
                texts(board, pos, &to_here)
            ));
        }
    }
    let mut unlisted = false;
    if !listed {
        let line;
        (line, unlisted) = all_moves_line(board, pos, legal);
        lines.push(line);
    }
    Unresolved {
        names_a_cell: origin.is_some() || !missing.is_empty(),
        message: lines.join("\n"),
        unlisted,
    }
}

/// What stands on `from` and where it may go; and whether that lists every legal move.
fn origin_line<B: Bits>(board: &Board<B>, pos: &Position<B>, from: Cell) -> (String, bool) {
    let name = board.geometry().name(from);
    let side = pos.side();
    match pos.piece_at(board.sq(from)) {
        None => (format!("There is no piece on {name}."), false),
        Some(piece) if piece.colour != side => (
            format!(
                "{name} holds {}, and it is {}'s turn.",
                piece_name(piece),
                side.name()
            ),
            false,
        ),
        Some(piece) => {
            let from_here = board.moves_from(pos, from);
            if from_here.is_empty() {
                let mut line = format!("{} on {name} has no legal move", piece_name(piece));
                line.replace_range(0..1, "The");
                let compulsory = board
                    .moves(pos)
                    .as_slice()
                    .first()
                    .is_some_and(|m| m.kind.is_capture());
                if compulsory {
                    line.push_str(" (a capture is compulsory and it cannot capture)");
                }
                line.push('.');
                (line, false)
            } else {
                let all = from_here.len() == board.moves(pos).len();
                let line = format!("Legal moves from {name}: {}", texts(board, pos, &from_here));
                (line, all)
            }
        }
    }
}

/// The legal moves in one line, or only their number when there are many (then
/// `true`: the line leaves them out).
fn all_moves_line<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    legal: &[Move<B>],
) -> (String, bool) {
    let many = legal.len() > FEW;
    let line = match legal.first() {
        Some(first) if first.kind.is_capture() => {
            let count = first.capture_count();
            let what = format!(
                "A capture is compulsory ({count} piece{})",
                if count == 1 { "" } else { "s" }
            );
            if many {
                format!("{what}: {} captures to choose from.", legal.len())
            } else {
                format!("{what}: {}", texts(board, pos, legal))
            }
        }
        _ if many => format!("There are {} legal moves.", legal.len()),
        _ => format!("Legal moves: {}", texts(board, pos, legal)),
    };
    (line, many)
}
