//! Reading a move a person typed: MindSports notation, or two cells, with a message
//! naming the close legal matches for anything that is not a legal move.

use bushka_geometry::Player as Colour;
use bushka_rules::{Bits, Board, CellsError, Move, MoveError, Position};

/// How many legal moves a message lists in full before it points to the full list.
const FEW: usize = 12;

/// Text that is not a legal move, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Unresolved {
    /// Whether the text names any cell at all (if not, it may be a mistyped command).
    pub names_a_cell: bool,
    /// What is wrong, with the close legal matches; possibly several lines.
    pub message: String,
}

/// The legal move of `pos` that `text` names: MindSports notation (compact or full
/// route) first, then origin and destination cells separated by white space or a dash
/// (`d6 e5`, `d6-e5`) when exactly one legal move joins them. Capitals are forgiven.
pub fn find_move<B: Bits>(
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
                // Explain in terms of the cells the lower-case reading found, if the
                // text as typed named none.
                if !first.names_a_cell && lowered.names_a_cell {
                    lowered
                } else {
                    first
                }
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
                });
            }
            Err(CellsError::NoMove { .. }) => {}
        }
    }
    Err(explain(board, pos, text, &error, pair))
}

/// Reads `d6 e5`, `d6-e5` (or `d6 e5x`) as two cells.
fn cell_pair<B: Bits>(board: &Board<B>, text: &str) -> Option<(usize, usize)> {
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

/// The cell `text` starts with (the longest prefix that names a cell), or for the
/// compact forms that begin with two letters (`gf5`, `hxe4`) the first letter with the
/// first number.
fn origin_guess<B: Bits>(board: &Board<B>, text: &str) -> Option<usize> {
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
fn piece_name(player: Colour, king: bool) -> String {
    format!("a {} {}", player.name(), if king { "king" } else { "man" })
}

/// Why `text` is not a legal move, and the legal moves close to it.
fn explain<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    text: &str,
    error: &MoveError,
    pair: Option<(usize, usize)>,
) -> Unresolved {
    let legal = board.moves(pos);
    let legal = legal.as_slice();
    let origin = pair
        .map(|(from, _)| from)
        .or_else(|| origin_guess(board, text));
    let mut lines = Vec::new();
    if origin.is_none() {
        lines.push(format!("`{text}` is not a move or a command."));
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
    if !listed {
        lines.push(all_moves_line(board, pos, legal));
    }
    Unresolved {
        names_a_cell: origin.is_some(),
        message: lines.join("\n"),
    }
}

/// What stands on `from` and where it may go; and whether that lists every legal move.
fn origin_line<B: Bits>(board: &Board<B>, pos: &Position<B>, from: usize) -> (String, bool) {
    let name = board.geometry().name(from);
    let side = pos.side();
    match pos.piece_at(board.sq(from)) {
        None => (format!("There is no piece on {name}."), false),
        Some((owner, king)) if owner != side => (
            format!(
                "{name} holds {}, and it is {}'s turn.",
                piece_name(owner, king),
                side.name()
            ),
            false,
        ),
        Some((owner, king)) => {
            let from_here = board.moves_from(pos, from);
            if from_here.is_empty() {
                let mut line = format!("{} on {name} has no legal move", piece_name(owner, king));
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

/// The legal moves in one line, or where to find them when there are many.
fn all_moves_line<B: Bits>(board: &Board<B>, pos: &Position<B>, legal: &[Move<B>]) -> String {
    match legal.first() {
        Some(first) if first.kind.is_capture() => {
            let count = first.capture_count();
            let what = format!(
                "A capture is compulsory ({count} piece{})",
                if count == 1 { "" } else { "s" }
            );
            if legal.len() <= FEW {
                format!("{what}: {}", texts(board, pos, legal))
            } else {
                format!("{what}: type `moves` to list the {} captures.", legal.len())
            }
        }
        _ if legal.len() <= FEW => format!("Legal moves: {}", texts(board, pos, legal)),
        _ => format!(
            "Type `moves` to list the {} legal moves, `help` for help.",
            legal.len()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::bushka;

    #[test]
    fn every_form_of_a_quiet_move_is_found() {
        let board = bushka();
        let pos = board.start_position();
        let want = board
            .parse_move(&pos, "f45")
            .expect("f45 is legal at the start");
        for text in ["f45", "f4-f5", "f4 f5", "f4  f5", "F4 F5", "f4 - f5"] {
            let mv = find_move(&board, &pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert!(mv.same(&want), "{text}");
        }
    }

    #[test]
    fn two_cells_find_a_piece_capture_with_a_longer_route() {
        let board = bushka();
        let pos = board
            .parse_position("W:Wd6,g5,Ke1:Bf7,Kd8")
            .expect("a valid position");
        let mv = find_move(&board, &pos, "d6-e7").expect("the capture d6-d7-e7x");
        assert_eq!(board.route_text(&pos, &mv), "d6-d7-e7x");
        let mv = find_move(&board, &pos, "d6 e7").expect("the capture d6-d7-e7x");
        assert!(mv.kind.is_capture());
    }

    #[test]
    fn bad_moves_get_close_matches() {
        let board = bushka();
        let pos = board.start_position();
        let message = |text: &str| {
            find_move(&board, &pos, text)
                .map(|_| panic!("{text} is not legal"))
                .unwrap_or_else(|e| e)
        };
        assert!(
            message("f4 f7")
                .message
                .contains("Legal moves from f4: f45")
        );
        assert!(message("c4 c5").message.contains("There is no piece on c4"));
        assert!(
            message("a5 a4")
                .message
                .contains("a5 holds a Black man, and it is White's turn")
        );
        let garbled = message("xyzzy");
        assert!(!garbled.names_a_cell);
        assert!(garbled.message.contains("not a move or a command"));
        let capitals = message("F4 F7");
        assert!(capitals.names_a_cell);
        assert!(
            capitals
                .message
                .contains("`f4 f7` is not a legal move here")
        );
        assert!(message("f4x5x").message.contains("more than one `x`"));
    }

    #[test]
    fn a_compulsory_capture_is_explained() {
        let board = bushka();
        let pos = board
            .parse_position("W:Wd6,g5,Ke1:Bf7,Kd8")
            .expect("a valid position");
        let e = find_move(&board, &pos, "g56").expect_err("capture is compulsory");
        assert!(
            e.message
                .contains("A capture is compulsory (2 pieces): d6e7x"),
            "{e}"
        );
        let e = find_move(&board, &pos, "g5 g6").expect_err("capture is compulsory");
        assert!(
            e.message
                .contains("The White man on g5 has no legal move (a capture is compulsory"),
            "{e}"
        );
    }
}
