//! A game in progress at the terminal: reads what the players type, hands it to the
//! [`Session`] (which holds the flow of the game), and prints boards and answers.

use std::io::{BufRead, IsTerminal, Write};
use std::sync::Arc;

use bushka_engine::{Limits, PlayerSpec, score_text};
use bushka_geometry::Colour;
use bushka_rules::Outcome;
use bushka_session::{DrawOffer, HINT_TIME, Ply, Session, SessionError, Undone};
use bushka_tablebase::Tablebases;

use rustyline::DefaultEditor;

use super::input::{self, Input};
use super::lines::Lines;
use super::text;
use crate::error::CliError;
use crate::output::output_error;
use crate::render::{self, Options};

/// What the main loop does after a turn or a command.
enum Flow {
    /// Go round again (a move was played, or the game changed).
    Next,
    /// Stay on this turn and read another line.
    Stay,
    /// Leave the game.
    Quit,
}

/// Plays `session` over plain lines: reads lines from `input`, writes to `out`, until
/// the game ends (with nobody left to type) or the player quits or the input ends.
/// `loaded` names the record the game came from; `echo` repeats each line read after
/// its prompt (for input that is not a terminal, so a transcript reads as a dialogue).
pub fn run_game<R: BufRead, W: Write>(
    session: Session,
    loaded: Option<String>,
    input: R,
    out: W,
    echo: bool,
) -> Result<(), CliError> {
    Terminal::new(session, loaded, Lines::Plain { input, echo }, out, None).run()
}

/// Plays `session` on standard input and output: with a line editor and history when
/// both are a terminal, else over plain lines (echoed when the input is not a
/// terminal). A position `tables` cover shows its value under the board.
pub fn run_at_terminal(
    session: Session,
    loaded: Option<String>,
    tables: Option<Arc<Tablebases>>,
) -> Result<(), CliError> {
    let stdin = std::io::stdin();
    let interactive = stdin.is_terminal() && std::io::stdout().is_terminal();
    let lines = match interactive.then(DefaultEditor::new) {
        Some(Ok(editor)) => Lines::Editor(Box::new(editor)),
        _ => Lines::Plain {
            input: stdin.lock(),
            echo: !stdin.is_terminal(),
        },
    };
    Terminal::new(session, loaded, lines, std::io::stdout(), tables).run()
}

/// The session and how the terminal shows it.
struct Terminal<R: BufRead, W: Write> {
    session: Session,
    loaded: Option<String>,
    flipped: bool,
    show_names: bool,
    lines: Lines<R>,
    out: W,
    /// Tables an engine spec names (`engine:tablebases=DIR`): covered positions say
    /// `tablebase: win in N` for the side to move.
    tables: Option<Arc<Tablebases>>,
}

impl<R: BufRead, W: Write> Terminal<R, W> {
    fn new(
        session: Session,
        loaded: Option<String>,
        lines: Lines<R>,
        out: W,
        tables: Option<Arc<Tablebases>>,
    ) -> Self {
        // Alone against the computer as Black, you see the board from your side.
        let flipped = !session.is_human(Colour::White) && session.is_human(Colour::Black);
        Terminal {
            session,
            loaded,
            flipped,
            show_names: true,
            lines,
            out,
            tables,
        }
    }

    fn run(mut self) -> Result<(), CliError> {
        self.intro()?;
        loop {
            if let Some(end) = self.session.end() {
                let plies = self.session.plies();
                self.say(&format!("\n{}", text::game_over(end, plies)))?;
                if !self.session.has_human() {
                    return Ok(());
                }
                match self.after_game()? {
                    Flow::Quit => return Ok(()),
                    Flow::Next | Flow::Stay => continue,
                }
            }
            let side = self.session.side_to_move();
            let flow = if self.session.is_human(side) {
                self.human_turn(side)?
            } else {
                self.computer_move(side)?
            };
            if let Flow::Quit = flow {
                return Ok(());
            }
        }
    }

    // ---- output ----

    fn say(&mut self, text: &str) -> Result<(), CliError> {
        self.out
            .write_all(text.as_bytes())
            .and_then(|()| self.out.write_all(b"\n"))
            .and_then(|()| self.out.flush())
            .map_err(output_error)
    }

    /// Reads one line after `prompt`; `None` at the end of the input.
    fn read_line(&mut self, prompt: &str) -> Result<Option<String>, CliError> {
        self.lines.read(prompt, &mut self.out)
    }

    /// "White" with two people playing, else "White (human)", "Black (engine)".
    fn who(&self, side: Colour) -> String {
        if self.session.is_human(side) && self.session.is_human(side.opponent()) {
            side.name().to_string()
        } else {
            format!("{} ({})", side.name(), self.session.spec(side))
        }
    }

    fn intro(&mut self) -> Result<(), CliError> {
        let meta = self.session.geometry().meta();
        let mut text = format!(
            "{} ({}): White is {}, Black is {}.\n",
            meta.name,
            meta.id,
            self.session.spec(Colour::White),
            self.session.spec(Colour::Black)
        );
        if let Some(file) = &self.loaded {
            let n = self.session.plies();
            text.push_str(&format!(
                "Loaded {file}: {n} {} played.\n",
                if n == 1 { "move" } else { "moves" }
            ));
        }
        text.push_str(&format!(
            "{}.\n[ ] marks the last move's cells.\n",
            render::piece_legend()
        ));
        if self.session.has_human() {
            text.push_str(
                "Type a move (f45, or two cells: f4 f5), `moves` to list them, or `help`.\n",
            );
        }
        text.push_str(&self.drawing());
        self.say(text.trim_end())
    }

    /// The board, with the last move marked, then the side to move and whether it must
    /// capture.
    fn drawing(&self) -> String {
        let pos = self.session.position();
        let geometry = self.session.geometry();
        let color = render::color_enabled();
        let cells = pos.pieces();
        let mut options = Options {
            color,
            row_labels: !self.show_names,
            flipped: self.flipped,
            ..Options::default()
        };
        if let Some(ply) = self.session.last_ply() {
            options.highlight.insert(ply.mv.from);
            options.highlight.insert(ply.mv.to);
        }
        let drawn = render::render(
            geometry,
            |cell| render::piece_text(cells[cell.index()], color),
            &options,
        );
        let mut out = String::from("\n");
        if self.show_names {
            let names = render::render(
                geometry,
                |cell| geometry.name(cell).to_string(),
                &Options {
                    flipped: self.flipped,
                    ..Options::default()
                },
            );
            out.push_str(&render::side_by_side(&drawn, &names, 4));
        } else {
            out.push_str(&drawn);
        }
        out.push('\n');
        out.push_str(&text::status(&self.session));
        out.push('\n');
        if let Some(value) = self.tables.as_ref().and_then(|t| pos.probe(t)) {
            out.push_str(&format!("tablebase: {}\n", value.text()));
        }
        out
    }

    fn show_board(&mut self) -> Result<(), CliError> {
        let text = self.drawing();
        self.say(text.trim_end())
    }

    /// Announces a move played, then shows the board.
    fn show_played(&mut self, ply: &Ply) -> Result<(), CliError> {
        let geometry = self.session.geometry();
        let line = text::played(geometry, ply, &self.who(ply.side));
        self.say(&format!("\n{line}"))?;
        self.show_board()
    }

    // ---- playing ----

    fn computer_move(&mut self, side: Colour) -> Result<Flow, CliError> {
        if matches!(
            self.session.spec(side),
            PlayerSpec::Engine { .. } | PlayerSpec::External(_)
        ) {
            let line = format!("{} is thinking...", self.who(side));
            self.say(&line)?;
        }
        match self.session.computer_move(Arc::default()) {
            Ok(Some(ply)) => self.show_played(&ply)?,
            // A player that found no move has resigned; the loop announces it.
            Ok(None) => {}
            // The computer would choose the same move again: the game cannot go on.
            Err(SessionError::Unlisted(error)) => return Err(CliError::Game(error)),
            Err(error) => self.say(&format!("The computer cannot move: {error}."))?,
        }
        Ok(Flow::Next)
    }

    fn human_turn(&mut self, side: Colour) -> Result<Flow, CliError> {
        loop {
            let number = self.session.move_number(self.session.plies());
            let prompt = format!("{number} {}> ", side.name());
            let Some(line) = self.read_line(&prompt)? else {
                self.say("End of input: leaving the game unfinished.")?;
                return Ok(Flow::Quit);
            };
            let flow = match input::parse(&line) {
                Input::Empty => Flow::Stay,
                Input::Moves => {
                    let listing =
                        text::moves_text(self.session.geometry(), &self.session.legal_moves());
                    self.say(&listing)?;
                    Flow::Stay
                }
                Input::Undo => self.undo()?,
                Input::Hint => {
                    self.hint()?;
                    Flow::Stay
                }
                Input::Draw => self.offer_draw(side)?,
                Input::Resign => {
                    if let Err(error) = self.session.resign(side) {
                        self.say(&format!("Cannot resign: {error}."))?;
                        Flow::Stay
                    } else {
                        self.say(&format!("{} resigns.", side.name()))?;
                        Flow::Next
                    }
                }
                Input::Move(typed) => match self.session.play_text(&typed) {
                    Ok(ply) => {
                        self.show_played(&ply)?;
                        Flow::Next
                    }
                    Err(error) => {
                        self.say(&input::refusal(&typed, &error))?;
                        Flow::Stay
                    }
                },
                other => self.common_command(other)?,
            };
            match flow {
                Flow::Stay => continue,
                other => return Ok(other),
            }
        }
    }

    /// The commands that work during and after the game alike.
    fn common_command(&mut self, input: Input) -> Result<Flow, CliError> {
        match input {
            Input::Save(file) => self.save(&file)?,
            Input::Flip => {
                self.flipped = !self.flipped;
                self.show_board()?;
            }
            Input::Names => {
                self.show_names = !self.show_names;
                self.show_board()?;
            }
            Input::Position => {
                let text = self.session.position().text();
                self.say(&text)?;
            }
            Input::Help => self.say(&text::help_text())?,
            Input::Quit => {
                self.say("Leaving the game unfinished.")?;
                return Ok(Flow::Quit);
            }
            Input::BadCommand(message) => self.say(&message)?,
            Input::Empty
            | Input::Moves
            | Input::Undo
            | Input::Hint
            | Input::Draw
            | Input::Resign
            | Input::Move(_) => self
                .say("The game is over: `save FILE` keeps it, `undo` takes back, `quit` leaves.")?,
        }
        Ok(Flow::Stay)
    }

    /// After the end: save, look, take back, or leave.
    fn after_game(&mut self) -> Result<Flow, CliError> {
        self.say("Type `save FILE` to keep the game, `undo` to take back, or `quit`.")?;
        loop {
            let Some(line) = self.read_line("game over> ")? else {
                return Ok(Flow::Quit);
            };
            match input::parse(&line) {
                Input::Empty => {}
                Input::Undo => {
                    if let Flow::Next = self.undo()? {
                        return Ok(Flow::Next);
                    }
                }
                // Quitting a finished game needs no warning.
                Input::Quit => return Ok(Flow::Quit),
                other => {
                    self.common_command(other)?;
                }
            }
        }
    }

    // ---- commands ----

    /// Takes back what the session's undo takes back, and says what it was.
    fn undo(&mut self) -> Result<Flow, CliError> {
        let message = match self.session.undo() {
            Ok(Undone::Declaration(Outcome::Draw { .. })) => "Took back the agreed draw.".into(),
            Ok(Undone::Declaration(Outcome::Win { .. })) => "Took back the resignation.".into(),
            Ok(Undone::Moves(taken)) => {
                let texts: Vec<String> = taken
                    .iter()
                    .map(|ply| format!("{} {}", ply.number, ply.mv.text))
                    .collect();
                format!("Took back {}.", texts.join(", "))
            }
            Err(SessionError::NothingToUndo) => {
                self.say("Nothing to take back.")?;
                return Ok(Flow::Stay);
            }
            Err(error) => {
                self.say(&format!("Cannot take back: {error}."))?;
                return Ok(Flow::Stay);
            }
        };
        self.say(&message)?;
        self.show_board()?;
        Ok(Flow::Next)
    }

    fn hint(&mut self) -> Result<(), CliError> {
        let side = self.session.side_to_move();
        let text = match self
            .session
            .hint(&Limits::movetime(HINT_TIME), Arc::default())
        {
            Some(hint) => format!(
                "Hint: {} (a {} second search to depth {}; {} for {}).",
                hint.text,
                HINT_TIME.as_secs(),
                hint.depth,
                score_text(hint.score),
                side.name()
            ),
            None => "There is no legal move to suggest.".into(),
        };
        self.say(&text)
    }

    /// `side` offers a draw: a person is asked; a computer judges the position.
    fn offer_draw(&mut self, side: Colour) -> Result<Flow, CliError> {
        let other = side.opponent();
        let answer = match self.session.offer_draw(side, Arc::default()) {
            Ok(DrawOffer::Decided(answer)) => answer,
            Ok(DrawOffer::Pending { to }) => {
                let prompt = format!(
                    "{} offers a draw. {}, do you accept? (yes/no)> ",
                    side.name(),
                    to.name()
                );
                let Some(line) = self.read_line(&prompt)? else {
                    self.say("End of input: leaving the game unfinished.")?;
                    return Ok(Flow::Quit);
                };
                let line = line.trim().to_ascii_lowercase();
                match self.session.answer_draw(to, line == "y" || line == "yes") {
                    Ok(answer) => answer,
                    Err(error) => {
                        self.say(&format!("Cannot answer the offer: {error}."))?;
                        return Ok(Flow::Stay);
                    }
                }
            }
            Err(error) => {
                self.say(&format!("Cannot offer a draw: {error}."))?;
                return Ok(Flow::Stay);
            }
        };
        let who = self.who(other);
        let message = match (answer.accepted, answer.judgement) {
            (true, None) => format!("{} accepts the draw.", other.name()),
            (false, None) => format!(
                "{} declines the draw. {} to move.",
                other.name(),
                side.name()
            ),
            (true, Some(score)) => format!(
                "{who} accepts the draw (it judges the position even: {}).",
                score_text(score)
            ),
            (false, Some(score)) => format!(
                "{who} declines the draw (it judges the position {} for itself, not even).",
                score_text(score)
            ),
        };
        self.say(&message)?;
        Ok(if answer.accepted {
            Flow::Next
        } else {
            Flow::Stay
        })
    }

    fn save(&mut self, file: &str) -> Result<(), CliError> {
        let record = self.session.record_text();
        let n = self.session.plies();
        let message = match std::fs::write(file, record) {
            Ok(()) => format!(
                "Saved the game ({n} {}) to {file}.",
                if n == 1 { "move" } else { "moves" }
            ),
            Err(e) => format!("Cannot save to {file}: {e}."),
        };
        self.say(&message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bushka_geometry::ByColour;
    use bushka_session::{Opening, Position, Setup, Variant};

    fn variant(name: &str) -> Variant {
        match bushka_geometry::builtin(name) {
            Some(Ok(g)) => Variant::new(g),
            _ => panic!("{name} is built in"),
        }
    }

    fn session_output(specs: [&str; 2], position: Option<&str>, input: &str) -> (String, Position) {
        let variant = variant("bushka");
        let start = variant
            .position_or_start(position)
            .expect("a valid position");
        let mut out = Vec::new();
        let [white, black] = specs.map(|s| s.parse().expect("a valid spec"));
        let mut setup = Setup::new(ByColour::new(white, black));
        setup.tags = vec![("Variant".into(), "bushka".into())];
        setup.max_plies = Some(400);
        let opening = position.map_or(Opening::Start, Opening::Position);
        let session = Session::start(&variant, opening, setup).expect("a game starts");
        run_game(session, None, input.as_bytes(), &mut out, true).expect("the session runs");
        let text = String::from_utf8(out).expect("UTF-8");
        // The last position string printed (by `position`), else the start.
        let last = text
            .lines()
            .rev()
            .find(|l| l.starts_with("W:") || l.starts_with("B:"))
            .map_or(start, |line| {
                variant.position(line.trim()).expect("a position string")
            });
        (text, last)
    }

    #[test]
    fn two_people_play_undo_and_agree_a_draw() {
        let (text, pos) = session_output(
            ["human", "human"],
            None,
            "f45\nd7 d6\nundo\nposition\ndraw\nno\ndraw\nyes\n",
        );
        assert!(text.contains("1. White plays f45"), "{text}");
        assert!(text.contains("1... Black plays d76"), "{text}");
        assert!(text.contains("Took back 1... d76."), "{text}");
        assert!(
            text.contains("Black offers a draw. White, do you accept?"),
            "{text}"
        );
        assert!(
            text.contains("White declines the draw. Black to move."),
            "{text}"
        );
        assert!(
            text.contains("Game over: drawn by agreement. Result 1/2-1/2."),
            "{text}"
        );
        assert_eq!(pos.side(), Colour::Black);
    }

    #[test]
    fn undo_against_the_computer_takes_back_a_full_move() {
        let (text, pos) = session_output(
            ["human", "random:seed=1"],
            None,
            "f45\nundo\nposition\nquit\n",
        );
        assert!(text.contains("Took back 1. f45, 1... "), "{text}");
        assert!(text.contains("Leaving the game unfinished."), "{text}");
        assert_eq!(pos.text(), variant("bushka").start().text());
    }

    #[test]
    fn resigning_ends_the_game_and_undo_takes_it_back() {
        let (text, _) = session_output(["human", "human"], None, "resign\nundo\nquit\n");
        assert!(text.contains("White resigns."), "{text}");
        assert!(
            text.contains("Game over: Black wins: White resigned. Result 0-1."),
            "{text}"
        );
        assert!(text.contains("Took back the resignation."), "{text}");
    }

    #[test]
    fn the_engine_judges_draw_offers() {
        let (text, _) = session_output(
            ["human", "engine:depth=3"],
            Some("W:Wd2,e3,f4,g5,h6,e2,f3,g4,h5,i6:Bc6"),
            "draw\nquit\n",
        );
        assert!(text.contains("declines the draw"), "{text}");
        let (text, _) = session_output(
            ["human", "engine:depth=3"],
            Some("W:Wf4,g5:Bd7,c7"),
            "draw\n",
        );
        assert!(text.contains("accepts the draw"), "{text}");
    }

    #[test]
    fn a_computer_game_ends_by_a_rule() {
        let (text, _) = session_output(["random:seed=5", "greedy:seed=6"], None, "");
        assert!(text.contains("Game over: "), "{text}");
        assert!(!text.contains("> "), "no prompt without a human: {text}");
    }
}
