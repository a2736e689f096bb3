//! The sentences the terminal prints about a game: the legal moves, the status line
//! under the board, a move played, how the game ended, and the help.

use bushka_engine::End;
use bushka_rules::{Bits, Board, DrawReason, Move, Outcome, Position};
use bushka_session::Ply;

use super::input::COMMANDS;

/// The legal moves: compact notation; captures one a line with route and prey.
pub fn moves_text<B: Bits>(board: &Board<B>, pos: &Position<B>, legal: &[Move<B>]) -> String {
    match legal.first() {
        None => "There is no legal move.".into(),
        Some(first) if first.kind.is_capture() => {
            let count = first.capture_count();
            let mut out = format!(
                "Legal moves ({}); a capture of {count} piece{} is compulsory:",
                legal.len(),
                plural(count)
            );
            for line in capture_lines(board, pos, legal) {
                out.push_str(&format!("\n  {line}"));
            }
            out
        }
        Some(_) => {
            let mut out = format!("Legal moves ({}):", legal.len());
            let mut line = String::new();
            for mv in legal {
                let text = board.move_text(pos, mv, legal);
                if !line.is_empty() && line.len() + text.len() + 1 > 76 {
                    out.push_str(&format!("\n  {line}"));
                    line.clear();
                }
                if !line.is_empty() {
                    line.push(' ');
                }
                line.push_str(&text);
            }
            out.push_str(&format!("\n  {line}"));
            out
        }
    }
}

/// One line per capture: its notation, full route and prey (`d6e7x  d6-d7-e7x, takes
/// e7 d8`), the notations aligned.
fn capture_lines<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    captures: &[Move<B>],
) -> Vec<String> {
    let texts: Vec<String> = captures
        .iter()
        .map(|mv| board.move_text(pos, mv, captures))
        .collect();
    let width = texts.iter().map(String::len).max().unwrap_or(0);
    captures
        .iter()
        .zip(&texts)
        .map(|(mv, text)| {
            let prey: Vec<&str> = mv.captured.iter().map(|sq| board.name(sq)).collect();
            format!(
                "{text:<width$}  {}, takes {}",
                board.route_text(pos, mv),
                prey.join(" ")
            )
        })
        .collect()
}

/// `s` after a count other than one.
fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// The side to move, and whether it must capture (how many pieces, and the captures
/// it may choose from).
pub fn status<B: Bits>(board: &Board<B>, pos: &Position<B>, legal: &[Move<B>]) -> String {
    let side = pos.side().name();
    match legal.first() {
        None if board.moves(pos).is_empty() => format!("{side} to move, and has no legal move."),
        None => format!("{side} to move."),
        Some(mv) if mv.kind.is_capture() => {
            let n = mv.capture_count();
            let mut out = format!(
                "{side} to move; a capture is compulsory ({n} piece{}).",
                plural(n)
            );
            for line in capture_lines(board, pos, legal) {
                out.push_str(&format!("\n  {line}"));
            }
            out
        }
        Some(_) => format!("{side} to move."),
    }
}

/// "12. White (human) plays f45, taking e6, and crowns a king".
pub fn played<B: Bits>(ply: &Ply<B>, who: &str) -> String {
    let mut line = format!("{} {who} plays {}", ply.number, ply.text);
    if !ply.captured.is_empty() {
        line.push_str(&format!(", taking {}", ply.captured.join(" ")));
    }
    if ply.promotes {
        line.push_str(", and crowns a king");
    }
    line
}

/// "Game over: ... Result 1-0." for the end of a game of `plies` moves.
pub fn game_over(end: End, plies: usize) -> String {
    match end {
        End::Rule(outcome) => format!(
            "Game over: {}. Result {}.",
            sentence(outcome),
            outcome.result_text()
        ),
        End::PlyLimit => format!(
            "Game over: stopped after {plies} plies (--max-plies) and adjudicated a draw. \
             Result 1/2-1/2."
        ),
    }
}

/// How a game ended, as a sentence: "White wins: Black has no legal move".
fn sentence(outcome: Outcome) -> String {
    match outcome {
        Outcome::Draw {
            reason: DrawReason::Repetition,
        } => "drawn by threefold repetition (the same position with the same side to move)".into(),
        Outcome::Draw {
            reason: DrawReason::Agreement,
        } => "drawn by agreement".into(),
        Outcome::Draw {
            reason: DrawReason::KingMoves,
        }
        | Outcome::Win { .. } => outcome.to_string(),
    }
}

/// The `help` text.
pub fn help_text() -> String {
    let mut text = String::from(
        "Moves, in MindSports notation (`moves` lists them):\n\
         \x20 f45      a man (or a line of men) on the f-line from f4 to f5\n\
         \x20 gf5      along the 5-line from g5 to f5;  e4f5  any other step (Hexbushka)\n\
         \x20 hxe4     linear capture: a line of men advances from h4 to e4 and captures\n\
         \x20 e8h6x    piece capture from e8 ending on h6 (f6x: ending where it began)\n\
         \x20 d6-e6-e5x  a full route, needed when a short form fits two moves\n\
         or two cells, origin then destination: `f4 f5` or `f4-f5`.\n\
         Captures are compulsory: the linear captures taking the most first, else the\n\
         piece captures taking the most.\n\
         Commands:\n",
    );
    for (usage, what) in COMMANDS {
        text.push_str(&format!("  {usage:<10} {what}\n"));
    }
    text.push_str(
        "At a terminal the arrow keys edit the line and recall earlier ones (Ctrl-R \
         searches them).\nEnd of input (Ctrl-D) also leaves the game.",
    );
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use bushka_rules::AnyBoard;

    #[test]
    fn the_compulsory_captures_are_listed_under_the_board() {
        let geometry = match bushka_geometry::builtin("bushka") {
            Some(Ok(g)) => g,
            _ => panic!("bushka is built in"),
        };
        let AnyBoard::Narrow(board) = AnyBoard::new(geometry) else {
            panic!("bushka fits 64 bits")
        };
        let pos = board
            .parse_position("W:Wd6,g5,Ke1:Bf7,Kd8")
            .expect("a valid position");
        let legal = board.moves(&pos);
        assert_eq!(
            status(&board, &pos, legal.as_slice()),
            "White to move; a capture is compulsory (2 pieces).\n  d6e7x  d6-d7-e7x, takes f7 d8"
        );
        let pos = board.start_position();
        let legal = board.moves(&pos);
        assert_eq!(status(&board, &pos, legal.as_slice()), "White to move.");
    }
}
