//! Reading what the player types: commands, and moves in every accepted form, with
//! helpful messages (close legal matches) for anything that is not a legal move.

use bushka_rules::{Bits, Board, Move, MoveError, Position};

/// The commands, with a one-line description each (the `help` text and the
/// "did you mean" suggestions come from here).
pub const COMMANDS: [(&str, &str); 12] = [
    ("moves", "list the legal moves"),
    (
        "undo",
        "take back your last move (and the computer's reply)",
    ),
    ("hint", "ask the engine for a move (a 1 second search)"),
    ("draw", "offer a draw"),
    ("resign", "give up the game"),
    ("save FILE", "write the game record to FILE"),
    ("flip", "turn the board half round"),
    ("names", "show or hide the cell names beside the board"),
    ("position", "print the position string (for --position)"),
    ("help", "show this help"),
    ("quit", "leave the game (`save` it first to keep it)"),
    ("exit", "the same as quit"),
];

/// One line of input, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A blank line.
    Empty,
    /// `moves`.
    Moves,
    /// `undo`.
    Undo,
    /// `hint`.
    Hint,
    /// `draw`.
    Draw,
    /// `resign`.
    Resign,
    /// `save FILE`.
    Save(String),
    /// `flip`.
    Flip,
    /// `names`.
    Names,
    /// `position`.
    Position,
    /// `help` or `?`.
    Help,
    /// `quit` or `exit`.
    Quit,
    /// A command used wrongly; the message says how to use it.
    BadCommand(String),
    /// Anything else: a move, or something that is not understood.
    Move(String),
}

/// Reads one line of input.
pub fn parse(line: &str) -> Input {
    let text = line.trim();
    if text.is_empty() {
        return Input::Empty;
    }
    let (word, rest) = match text.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (text, ""),
    };
    let word = word.to_ascii_lowercase();
    let simple = match word.as_str() {
        "moves" => Some(Input::Moves),
        "undo" => Some(Input::Undo),
        "hint" => Some(Input::Hint),
        "draw" => Some(Input::Draw),
        "resign" => Some(Input::Resign),
        "flip" => Some(Input::Flip),
        "names" => Some(Input::Names),
        "position" => Some(Input::Position),
        "help" | "?" => Some(Input::Help),
        "quit" | "exit" => Some(Input::Quit),
        _ => None,
    };
    if let Some(input) = simple {
        return if rest.is_empty() {
            input
        } else {
            Input::BadCommand(format!("`{word}` takes no argument (got `{rest}`)."))
        };
    }
    if word == "save" {
        return if rest.is_empty() {
            Input::BadCommand("`save` needs a file name: save FILE".into())
        } else {
            Input::Save(rest.to_string())
        };
    }
    Input::Move(text.to_string())
}

/// The command closest to `word` (a typo of one), if any is close.
pub fn suggest_command(word: &str) -> Option<&'static str> {
    let word = word.to_ascii_lowercase();
    if word.len() < 2 {
        return None;
    }
    COMMANDS
        .iter()
        .map(|(usage, _)| usage.split(' ').next().unwrap_or(usage))
        .map(|name| (edit_distance(&word, name), name))
        .filter(|&(d, name)| d <= 1 + name.len() / 4 || name.starts_with(&word))
        .min_by_key(|&(d, _)| d)
        .map(|(_, name)| name)
}

/// Levenshtein distance.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

/// The end of the message for a text that names no cell and no command.
const NOT_UNDERSTOOD: &str = " is not a move or a command.";

/// How many legal moves an error message lists in full before it suggests `moves`.
const FEW: usize = 12;

/// The legal move that `text` names: MindSports notation (compact or full route) first,
/// then origin and destination cells separated by white space or a dash (`d6 e5`,
/// `d6-e5`) when exactly one legal move goes from the one to the other. Otherwise a
/// message (possibly several lines) saying why, with the close legal matches.
pub fn resolve<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    text: &str,
) -> Result<Move<B>, String> {
    match resolve_exact(board, pos, text) {
        Ok(mv) => Ok(mv),
        Err(message) => {
            // Cell names are lower case on the official boards: forgive capitals.
            let lower = text.to_ascii_lowercase();
            if lower == text {
                return Err(message);
            }
            resolve_exact(board, pos, &lower).map_err(|lowered| {
                // Explain in terms of the cells the lower-case reading found, if the
                // text as typed named none.
                if message.contains(NOT_UNDERSTOOD) && !lowered.contains(NOT_UNDERSTOOD) {
                    lowered
                } else {
                    message
                }
            })
        }
    }
}

fn resolve_exact<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    text: &str,
) -> Result<Move<B>, String> {
    let text = text.trim();
    let notation = board.parse_move(pos, text);
    let error = match notation {
        Ok(mv) => return Ok(mv),
        Err(error) => error,
    };
    if let MoveError::Ambiguous { candidates, .. } = &error {
        return Err(format!(
            "`{text}` fits more than one legal move; type one of these full routes instead: {}",
            candidates.join(", ")
        ));
    }
    let pair = cell_pair(board, text);
    if let Some((from, to)) = pair {
        let moves = board.moves(pos);
        let matches: Vec<&Move<B>> = moves
            .iter()
            .filter(|mv| board.cell(mv.from) == from && board.cell(mv.to) == to)
            .collect();
        match matches.as_slice() {
            [mv] => return Ok(**mv),
            [] => {}
            several => {
                let routes: Vec<String> =
                    several.iter().map(|mv| board.route_text(pos, mv)).collect();
                return Err(format!(
                    "more than one legal move goes from {} to {}; type one of these full routes: {}",
                    board.geometry().name(from),
                    board.geometry().name(to),
                    routes.join(", ")
                ));
            }
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
fn piece_name(player: bushka_geometry::Player, king: bool) -> String {
    format!("a {} {}", player.name(), if king { "king" } else { "man" })
}

/// Why `text` is not a legal move, and the legal moves close to it.
fn explain<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    text: &str,
    error: &MoveError,
    pair: Option<(usize, usize)>,
) -> String {
    let geometry = board.geometry();
    let legal = board.moves(pos);
    let legal = legal.as_slice();
    let origin = pair
        .map(|(from, _)| from)
        .or_else(|| origin_guess(board, text));
    let destination = pair.map(|(_, to)| to);
    let mut lines = Vec::new();

    if origin.is_none() {
        // Nothing in it names a cell: a garbled line or a mistyped command.
        let word = text.split_whitespace().next().unwrap_or(text);
        let mut line = format!("`{text}`{NOT_UNDERSTOOD}");
        if let Some(command) = suggest_command(word) {
            line.push_str(&format!(" Did you mean `{command}`?"));
        }
        lines.push(line);
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

    let side = pos.side();
    let compulsory = legal.first().is_some_and(|mv| mv.kind.is_capture());
    let mut listed = false;
    if let Some(from) = origin {
        let name = geometry.name(from);
        match pos.piece_at(board.sq(from)) {
            None => lines.push(format!("There is no piece on {name}.")),
            Some((owner, king)) if owner != side => lines.push(format!(
                "{name} holds {}, and it is {}'s turn.",
                piece_name(owner, king),
                side.name()
            )),
            Some((owner, king)) => {
                let from_here: Vec<Move<B>> = legal
                    .iter()
                    .filter(|mv| board.cell(mv.from) == from)
                    .copied()
                    .collect();
                if from_here.is_empty() {
                    let mut line =
                        format!("{} on {name} has no legal move", piece_name(owner, king));
                    line.replace_range(0..1, "The");
                    if compulsory {
                        line.push_str(" (a capture is compulsory and it cannot capture)");
                    }
                    line.push('.');
                    lines.push(line);
                } else {
                    lines.push(format!(
                        "Legal moves from {name}: {}",
                        texts(board, pos, &from_here)
                    ));
                    listed = from_here.len() == legal.len();
                }
            }
        }
    }
    if let Some(to) = destination {
        let to_here: Vec<Move<B>> = legal
            .iter()
            .filter(|mv| board.cell(mv.to) == to)
            .copied()
            .collect();
        if !to_here.is_empty() && origin.is_none_or(|from| pos.piece_at(board.sq(from)).is_none()) {
            lines.push(format!(
                "Legal moves to {}: {}",
                geometry.name(to),
                texts(board, pos, &to_here)
            ));
        }
    }
    if !listed {
        if compulsory {
            let count = legal.first().map_or(0, Move::capture_count);
            let what = format!(
                "A capture is compulsory ({count} piece{})",
                if count == 1 { "" } else { "s" }
            );
            if legal.len() <= FEW {
                lines.push(format!("{what}: {}", texts(board, pos, legal)));
            } else {
                lines.push(format!(
                    "{what}: type `moves` to list the {} captures.",
                    legal.len()
                ));
            }
        } else if legal.len() <= FEW {
            lines.push(format!("Legal moves: {}", texts(board, pos, legal)));
        } else {
            lines.push(format!(
                "Type `moves` to list the {} legal moves, `help` for help.",
                legal.len()
            ));
        }
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use bushka_rules::AnyBoard;
    use std::sync::Arc;

    fn bushka() -> Arc<Board<u64>> {
        let geometry = match bushka_geometry::builtin("bushka") {
            Some(Ok(g)) => g,
            _ => panic!("bushka is built in"),
        };
        match AnyBoard::new(geometry) {
            AnyBoard::Narrow(b) => b,
            _ => panic!("bushka fits 64 bits"),
        }
    }

    #[test]
    fn commands_parse() {
        assert_eq!(parse("  "), Input::Empty);
        assert_eq!(parse("MOVES"), Input::Moves);
        assert_eq!(parse("save my game.pdn"), Input::Save("my game.pdn".into()));
        assert!(matches!(parse("save"), Input::BadCommand(_)));
        assert!(matches!(parse("undo 2"), Input::BadCommand(_)));
        assert_eq!(parse("?"), Input::Help);
        assert_eq!(parse("exit"), Input::Quit);
        assert_eq!(parse("f45"), Input::Move("f45".into()));
        assert_eq!(parse(" f4 f5 "), Input::Move("f4 f5".into()));
    }

    #[test]
    fn typos_of_commands_are_suggested() {
        assert_eq!(suggest_command("mvoes"), Some("moves"));
        assert_eq!(suggest_command("hnit"), Some("hint"));
        assert_eq!(suggest_command("qui"), Some("quit"));
        assert_eq!(suggest_command("xyzzy"), None);
    }

    #[test]
    fn every_form_of_a_quiet_move_resolves() {
        let board = bushka();
        let pos = board.start_position();
        let want = board
            .parse_move(&pos, "f45")
            .expect("f45 is legal at the start");
        for text in ["f45", "f4-f5", "f4 f5", "f4  f5", "F4 F5", "f4 - f5"] {
            let mv = resolve(&board, &pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert!(mv.same(&want), "{text}");
        }
    }

    #[test]
    fn a_cell_pair_finds_a_piece_capture_with_a_longer_route() {
        let board = bushka();
        let pos = board
            .parse_position("W:Wd6,g5,Ke1:Bf7,Kd8")
            .expect("a valid position");
        let mv = resolve(&board, &pos, "d6-e7").expect("the capture d6-d7-e7x");
        assert_eq!(board.route_text(&pos, &mv), "d6-d7-e7x");
        let mv = resolve(&board, &pos, "d6 e7").expect("the capture d6-d7-e7x");
        assert!(mv.kind.is_capture());
    }

    #[test]
    fn bad_moves_get_close_matches() {
        let board = bushka();
        let pos = board.start_position();
        let e = resolve(&board, &pos, "f4 f7").expect_err("not legal");
        assert!(e.contains("Legal moves from f4: f45"), "{e}");
        let e = resolve(&board, &pos, "c4 c5").expect_err("no piece");
        assert!(e.contains("There is no piece on c4"), "{e}");
        let e = resolve(&board, &pos, "a5 a4").expect_err("Black's man");
        assert!(
            e.contains("a5 holds a Black man, and it is White's turn"),
            "{e}"
        );
        let e = resolve(&board, &pos, "xyzzy").expect_err("garbled");
        assert!(e.contains("not a move or a command"), "{e}");
        let e = resolve(&board, &pos, "mvoes").expect_err("typo");
        assert!(e.contains("Did you mean `moves`?"), "{e}");
        let e = resolve(&board, &pos, "F4 F7").expect_err("not legal");
        assert!(e.contains("`f4 f7` is not a legal move here"), "{e}");
        let e = resolve(&board, &pos, "f4x5x").expect_err("two x");
        assert!(e.contains("more than one `x`"), "{e}");
    }

    #[test]
    fn a_compulsory_capture_is_explained() {
        let board = bushka();
        let pos = board
            .parse_position("W:Wd6,g5,Ke1:Bf7,Kd8")
            .expect("a valid position");
        let e = resolve(&board, &pos, "g56").expect_err("capture is compulsory");
        assert!(
            e.contains("A capture is compulsory (2 pieces): d6e7x"),
            "{e}"
        );
        let e = resolve(&board, &pos, "g5 g6").expect_err("capture is compulsory");
        assert!(
            e.contains("The White man on g5 has no legal move (a capture is compulsory"),
            "{e}"
        );
    }
}
