//! The sentences the terminal prints about a game: the legal moves, the status line
//! under the board, a move played, how the game ended, and the help.

use bushka_engine::End;
use bushka_geometry::Geometry;
use bushka_rules::{DrawReason, Outcome};
use bushka_session::{DescribedMove, Ply, Session};

use super::input::COMMANDS;

/// The legal moves: compact notation; captures one a line with route and prey.
pub fn moves_text(geometry: &Geometry, legal: &[DescribedMove]) -> String {
    match legal.first() {
        None => "There is no legal move.".into(),
        Some(first) if first.is_capture() => {
            let count = first.capture_count();
            let mut out = format!(
                "Legal moves ({}); a capture of {count} piece{} is compulsory:",
                legal.len(),
                plural(count)
            );
            for line in capture_lines(geometry, legal) {
                out.push_str(&format!("\n  {line}"));
            }
            out
        }
        Some(_) => {
            let mut out = format!("Legal moves ({}):", legal.len());
            let mut line = String::new();
            for mv in legal {
                let text = &mv.text;
                if !line.is_empty() && line.len() + text.len() + 1 > 76 {
                    out.push_str(&format!("\n  {line}"));
                    line.clear();
                }
                if !line.is_empty() {
                    line.push(' ');
                }
                line.push_str(text);
            }
            out.push_str(&format!("\n  {line}"));
            out
        }
    }
}

/// One line per capture: its notation, full route and prey (`d6e7x  d6-d7-e7x, takes
/// e7 d8`), the notations aligned.
fn capture_lines(geometry: &Geometry, captures: &[DescribedMove]) -> Vec<String> {
    let width = captures.iter().map(|mv| mv.text.len()).max().unwrap_or(0);
    captures
        .iter()
        .map(|mv| {
            format!(
                "{:<width$}  {}, takes {}",
                mv.text,
                mv.route_text,
                prey(geometry, mv)
            )
        })
        .collect()
}

/// The names of the cells a move takes, space separated.
fn prey(geometry: &Geometry, mv: &DescribedMove) -> String {
    let names: Vec<&str> = mv.captured.iter().map(|&c| geometry.name(c)).collect();
    names.join(" ")
}

/// `s` after a count other than one.
fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// The side to move, and whether it must capture (how many pieces, and the captures
/// it may choose from).
pub fn status(session: &Session) -> String {
    let side = session.side_to_move().name();
    let legal = session.legal_moves();
    match legal.first() {
        None if !session.has_legal_move() => format!("{side} to move, and has no legal move."),
        None => format!("{side} to move."),
        Some(mv) if mv.is_capture() => {
            let n = mv.capture_count();
            let mut out = format!(
                "{side} to move; a capture is compulsory ({n} piece{}).",
                plural(n)
            );
            for line in capture_lines(session.geometry(), &legal) {
                out.push_str(&format!("\n  {line}"));
            }
            out
        }
        Some(_) => format!("{side} to move."),
    }
}

/// "12. White (human) plays f45, taking e6, and crowns a king".
pub fn played(geometry: &Geometry, ply: &Ply, who: &str) -> String {
    let mut line = format!("{} {who} plays {}", ply.number, ply.mv.text);
    if !ply.mv.captured.is_empty() {
        line.push_str(&format!(", taking {}", prey(geometry, &ply.mv)));
    }
    if ply.mv.promotes {
        line.push_str(", and crowns a king");
    }
    line
}

/// "Game over: ... Result 1-0." for the end of a game of `plies` moves.
pub fn game_over(end: End, plies: usize) -> String {
    match end {
        End::Forfeit { .. } => format!("Game over: {end}. Result {}.", end.result_text()),
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
            reason: DrawReason::KingMoves | DrawReason::LoneKing,
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
    use bushka_engine::PlayerSpec;
    use bushka_geometry::ByColour;
    use bushka_session::{Opening, Setup, Variant};

    #[test]
    fn the_compulsory_captures_are_listed_under_the_board() {
        let variant = match bushka_geometry::builtin("bushka") {
            Some(Ok(g)) => Variant::new(g),
            _ => panic!("bushka is built in"),
        };
        let session = |opening| {
            let setup = Setup::new(ByColour::new(PlayerSpec::Human, PlayerSpec::Human));
            Session::start(&variant, opening, setup).expect("a game starts")
        };
        assert_eq!(
            status(&session(Opening::Position("W:Wd6,g5,Ke1:Bf7,Kd8"))),
            "White to move; a capture is compulsory (2 pieces).\n  d6e7x  d6-d7-e7x, takes f7 d8"
        );
        assert_eq!(status(&session(Opening::Start)), "White to move.");
    }
}
