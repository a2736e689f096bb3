//! A game in progress at the terminal: whose turn it is, reading and answering the
//! human players, asking the computer players, and announcing the end.

use std::io::{BufRead, IsTerminal, Write};
use std::sync::Arc;
use std::time::Duration;

use bushka_engine::{End, Limits, Player, PlayerSpec, Searcher, score_text};
use bushka_geometry::Player as Colour;
use bushka_rules::{Bits, Board, DrawReason, Game, Move, Outcome, Position, Record, WinReason};

use super::input::{self, COMMANDS, Input};
use crate::commands::common::pieces;
use crate::error::CliError;
use crate::render::{self, Options};

/// How long `hint` (and a random or greedy player judging a draw offer) searches.
const HINT_TIME: Duration = Duration::from_secs(1);

/// Transposition table size for `hint` and draw offers, in MiB.
const ANALYST_MIB: usize = 32;

/// Everything a session starts from.
pub struct Setup<B: Bits> {
    /// The board.
    pub board: Arc<Board<B>>,
    /// The game so far (new, from a position, or loaded).
    pub game: Game<B>,
    /// White's and Black's players.
    pub specs: [PlayerSpec; 2],
    /// The record's tags other than FEN and Result (Variant, White, Black, Date...).
    pub tags: Vec<(String, String)>,
    /// Plies after which the game is adjudicated a draw.
    pub max_plies: Option<usize>,
    /// The record file the game was loaded from.
    pub loaded: Option<String>,
}

/// What the main loop does after a turn or a command.
enum Flow {
    /// Go round again (a move was played, or the game changed).
    Next,
    /// Stay on this turn and read another line.
    Stay,
    /// Leave the game.
    Quit,
}

/// An interactive game.
pub struct Session<B: Bits, R: BufRead, W: Write> {
    board: Arc<Board<B>>,
    game: Game<B>,
    specs: [PlayerSpec; 2],
    players: [Option<Box<dyn Player<B>>>; 2],
    tags: Vec<(String, String)>,
    max_plies: Option<usize>,
    loaded: Option<String>,
    flipped: bool,
    show_names: bool,
    analyst: Option<Searcher<B>>,
    input: R,
    out: W,
    /// Whether to repeat each input line after its prompt (when the input is not a
    /// terminal, so that a transcript reads as a dialogue).
    echo: bool,
}

impl<B: Bits> Session<B, std::io::StdinLock<'static>, std::io::Stdout> {
    /// A session on standard input and output.
    pub fn new(setup: Setup<B>) -> Self {
        let echo = !std::io::stdin().is_terminal();
        Session::with_io(setup, std::io::stdin().lock(), std::io::stdout(), echo)
    }
}

impl<B: Bits, R: BufRead, W: Write> Session<B, R, W> {
    /// A session reading `input` and writing `out`.
    pub fn with_io(setup: Setup<B>, input: R, out: W, echo: bool) -> Self {
        let players = [0, 1].map(|i| setup.specs[i].build(&setup.board, 0));
        // Alone against the computer as Black, you see the board from your side.
        let flipped = setup.specs[0] != PlayerSpec::Human && setup.specs[1] == PlayerSpec::Human;
        Session {
            board: setup.board,
            game: setup.game,
            specs: setup.specs,
            players,
            tags: setup.tags,
            max_plies: setup.max_plies,
            loaded: setup.loaded,
            flipped,
            show_names: true,
            analyst: None,
            input,
            out,
            echo,
        }
    }

    /// Plays the game to its end, or until the player quits or the input ends.
    pub fn run(mut self) -> Result<(), CliError> {
        self.intro()?;
        loop {
            if let Some(end) = self.ended() {
                self.announce(end)?;
                if !self.has_human() {
                    return Ok(());
                }
                match self.after_game()? {
                    Flow::Quit => return Ok(()),
                    Flow::Next | Flow::Stay => continue,
                }
            }
            let side = self.game.position().side();
            let flow = if self.players[side.index()].is_some() {
                self.computer_move(side)?
            } else {
                self.human_turn(side)?
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

    fn prompt(&mut self, text: &str) -> Result<(), CliError> {
        self.out
            .write_all(text.as_bytes())
            .and_then(|()| self.out.flush())
            .map_err(output_error)
    }

    /// Reads one line after `prompt`; `None` at the end of the input.
    fn read_line(&mut self, prompt: &str) -> Result<Option<String>, CliError> {
        self.prompt(prompt)?;
        let mut bytes = Vec::new();
        let n = self
            .input
            .read_until(b'\n', &mut bytes)
            .map_err(CliError::Input)?;
        if n == 0 {
            self.say("")?;
            return Ok(None);
        }
        // Control characters (arrow keys' escape sequences...) are shown as `?`, never
        // sent back to the terminal.
        let line: String = String::from_utf8_lossy(&bytes)
            .trim_end()
            .chars()
            .map(|c| match c {
                '\t' => ' ',
                c if c.is_control() => '?',
                c => c,
            })
            .collect();
        if self.echo {
            self.say(&line)?;
        }
        Ok(Some(line))
    }

    fn has_human(&self) -> bool {
        self.specs.contains(&PlayerSpec::Human)
    }

    /// "White" with two people playing, else "White (human)", "Black (engine)".
    fn who(&self, side: Colour) -> String {
        let spec = self.specs[side.index()];
        if self.specs.iter().all(|s| *s == PlayerSpec::Human) {
            side.name().to_string()
        } else {
            format!("{} ({spec})", side.name())
        }
    }

    fn intro(&mut self) -> Result<(), CliError> {
        let meta = self.board.geometry().meta();
        let mut text = format!(
            "{} ({}): White is {}, Black is {}.\n",
            meta.name, meta.id, self.specs[0], self.specs[1]
        );
        if let Some(file) = &self.loaded {
            let n = self.game.moves().len();
            text.push_str(&format!(
                "Loaded {file}: {n} {} played.\n",
                if n == 1 { "move" } else { "moves" }
            ));
        }
        text.push_str(&format!(
            "{}.\n[ ] marks the last move's cells.\n",
            render::piece_legend()
        ));
        if self.has_human() {
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
        let board = &self.board;
        let pos = self.game.position();
        let geometry = board.geometry();
        let color = render::color_enabled();
        let cells = pieces(board, pos);
        let mut options = Options {
            color,
            row_labels: !self.show_names,
            flipped: self.flipped,
            ..Options::default()
        };
        if let Some(mv) = self.game.moves().last() {
            options.highlight.insert(board.cell(mv.from));
            options.highlight.insert(board.cell(mv.to));
        }
        let drawn = render::render(
            geometry,
            |cell| render::piece_text(cells[cell], color),
            &options,
        );
        let mut text = String::from("\n");
        if self.show_names {
            let names = render::render(
                geometry,
                |cell| geometry.name(cell).to_string(),
                &Options {
                    flipped: self.flipped,
                    ..Options::default()
                },
            );
            text.push_str(&render::side_by_side(&drawn, &names, 4));
        } else {
            text.push_str(&drawn);
        }
        text.push('\n');
        text.push_str(&status(board, pos, self.game.legal_moves()));
        text.push('\n');
        text
    }

    fn show_board(&mut self) -> Result<(), CliError> {
        let text = self.drawing();
        self.say(text.trim_end())
    }

    /// `12.` before White's move and `12...` before Black's, for the move about to be
    /// played (`ply` counted from the game's start).
    fn number(&self, ply: usize) -> String {
        let black_first = self.game.start().side() == Colour::Black;
        let ply = ply + usize::from(black_first);
        if ply.is_multiple_of(2) {
            format!("{}.", ply / 2 + 1)
        } else {
            format!("{}...", ply / 2 + 1)
        }
    }

    // ---- playing ----

    /// Plays a legal move and shows it.
    fn play(&mut self, mv: &Move<B>) -> Result<(), CliError> {
        let pos = *self.game.position();
        let side = pos.side();
        let text = self.board.move_text(&pos, mv, self.game.legal_moves());
        let number = self.number(self.game.moves().len());
        if self.game.play(mv).is_err() {
            // Moves come from the legal list; nothing to play otherwise.
            return self.say(&format!("{text} cannot be played here."));
        }
        let mut line = format!("\n{number} {} plays {text}", self.who(side));
        if mv.kind.is_capture() {
            let prey: Vec<&str> = mv
                .captured
                .iter()
                .map(|sq| self.board.name(sq as bushka_rules::Sq))
                .collect();
            line.push_str(&format!(", taking {}", prey.join(" ")));
        }
        if mv.promotes {
            line.push_str(", and crowns a king");
        }
        self.say(&line)?;
        self.show_board()
    }

    fn computer_move(&mut self, side: Colour) -> Result<Flow, CliError> {
        if matches!(self.specs[side.index()], PlayerSpec::Engine { .. }) {
            let line = format!("{} is thinking...", self.who(side));
            self.say(&line)?;
        }
        let choice = self.players[side.index()]
            .as_mut()
            .and_then(|player| player.choose(&self.game));
        match choice {
            Some(mv) => self.play(&mv)?,
            // A game that is not over always has a legal move; should a player still
            // find none, it gives up rather than loop.
            None => self.game.resign(side),
        }
        Ok(Flow::Next)
    }

    fn human_turn(&mut self, side: Colour) -> Result<Flow, CliError> {
        loop {
            let prompt = format!("{} {}> ", self.number(self.game.moves().len()), side.name());
            let Some(line) = self.read_line(&prompt)? else {
                self.say("End of input: leaving the game unfinished.")?;
                return Ok(Flow::Quit);
            };
            let flow = match input::parse(&line) {
                Input::Empty => Flow::Stay,
                Input::Moves => {
                    let text = self.moves_text();
                    self.say(&text)?;
                    Flow::Stay
                }
                Input::Undo => self.undo()?,
                Input::Hint => {
                    self.hint()?;
                    Flow::Stay
                }
                Input::Draw => self.offer_draw(side)?,
                Input::Resign => {
                    self.game.resign(side);
                    self.say(&format!("{} resigns.", side.name()))?;
                    Flow::Next
                }
                Input::Save(file) => {
                    self.save(&file)?;
                    Flow::Stay
                }
                Input::Flip => {
                    self.flipped = !self.flipped;
                    self.show_board()?;
                    Flow::Stay
                }
                Input::Names => {
                    self.show_names = !self.show_names;
                    self.show_board()?;
                    Flow::Stay
                }
                Input::Position => {
                    let text = self.board.position_string(self.game.position());
                    self.say(&text)?;
                    Flow::Stay
                }
                Input::Help => {
                    self.say(&help_text())?;
                    Flow::Stay
                }
                Input::Quit => {
                    self.say("Leaving the game unfinished.")?;
                    Flow::Quit
                }
                Input::BadCommand(message) => {
                    self.say(&message)?;
                    Flow::Stay
                }
                Input::Move(text) => {
                    let pos = *self.game.position();
                    match input::resolve(&self.board, &pos, &text) {
                        Ok(mv) => {
                            self.play(&mv)?;
                            Flow::Next
                        }
                        Err(message) => {
                            self.say(&message)?;
                            Flow::Stay
                        }
                    }
                }
            };
            match flow {
                Flow::Stay => continue,
                other => return Ok(other),
            }
        }
    }

    /// The game's end, by a rule or by the ply limit.
    fn ended(&self) -> Option<End> {
        if let Some(outcome) = self.game.outcome() {
            return Some(End::Rule(outcome));
        }
        match self.max_plies {
            Some(n) if self.game.moves().len() >= n => Some(End::PlyLimit),
            _ => None,
        }
    }

    fn announce(&mut self, end: End) -> Result<(), CliError> {
        let text = match end {
            End::Rule(outcome) => format!(
                "\nGame over: {}. Result {}.",
                sentence(outcome),
                outcome.result_text()
            ),
            End::PlyLimit => format!(
                "\nGame over: stopped after {} plies (--max-plies) and adjudicated a draw. \
                 Result 1/2-1/2.",
                self.game.moves().len()
            ),
        };
        self.say(&text)
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
                Input::Save(file) => self.save(&file)?,
                Input::Undo => {
                    if let Flow::Next = self.undo()? {
                        return Ok(Flow::Next);
                    }
                }
                Input::Flip => {
                    self.flipped = !self.flipped;
                    self.show_board()?;
                }
                Input::Names => {
                    self.show_names = !self.show_names;
                    self.show_board()?;
                }
                Input::Position => {
                    let text = self.board.position_string(self.game.position());
                    self.say(&text)?;
                }
                Input::Help => self.say(&help_text())?,
                Input::Quit => return Ok(Flow::Quit),
                Input::BadCommand(message) => self.say(&message)?,
                Input::Moves | Input::Hint | Input::Draw | Input::Resign | Input::Move(_) => self
                    .say(
                    "The game is over: `save FILE` keeps it, `undo` takes back, `quit` leaves.",
                )?,
            }
        }
    }

    // ---- commands ----

    /// The legal moves: compact notation; captures one a line with route and prey.
    fn moves_text(&self) -> String {
        let pos = self.game.position();
        let legal = self.game.legal_moves();
        let texts: Vec<String> = legal
            .iter()
            .map(|mv| self.board.move_text(pos, mv, legal))
            .collect();
        match legal.first() {
            None => "There is no legal move.".into(),
            Some(first) if first.kind.is_capture() => {
                let count = first.capture_count();
                let mut out = format!(
                    "Legal moves ({}); a capture of {count} piece{} is compulsory:",
                    legal.len(),
                    if count == 1 { "" } else { "s" }
                );
                let width = texts.iter().map(String::len).max().unwrap_or(0);
                for (mv, text) in legal.iter().zip(&texts) {
                    let prey: Vec<&str> = mv
                        .captured
                        .iter()
                        .map(|sq| self.board.name(sq as bushka_rules::Sq))
                        .collect();
                    out.push_str(&format!(
                        "\n  {text:<width$}  {}, takes {}",
                        self.board.route_text(pos, mv),
                        prey.join(" ")
                    ));
                }
                out
            }
            Some(_) => {
                let mut out = format!("Legal moves ({}):", legal.len());
                let mut line = String::new();
                for text in &texts {
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

    /// Takes back the last move of a human player and every move after it (against a
    /// computer: its reply and your move; between people: one move). After a
    /// resignation or an agreed draw, takes back only that.
    fn undo(&mut self) -> Result<Flow, CliError> {
        let moves = self.game.moves().len();
        if let Some(
            Outcome::Win {
                reason: WinReason::Resignation,
                ..
            }
            | Outcome::Draw {
                reason: DrawReason::Agreement,
            },
        ) = self.game.outcome()
        {
            let what = match self.game.outcome() {
                Some(Outcome::Draw { .. }) => "the agreed draw",
                _ => "the resignation",
            };
            self.rebuild(moves);
            self.say(&format!("Took back {what}."))?;
            self.show_board()?;
            return Ok(Flow::Next);
        }
        let human = |i: usize| {
            let side = self.game.positions()[i].side();
            self.specs[side.index()] == PlayerSpec::Human
        };
        let Some(keep) = (0..moves).rev().find(|&i| human(i)) else {
            self.say("Nothing to take back.")?;
            return Ok(Flow::Stay);
        };
        let taken: Vec<String> = (keep..moves)
            .map(|i| {
                let pos = &self.game.positions()[i];
                let legal = self.board.moves(pos);
                format!(
                    "{} {}",
                    self.number(i),
                    self.board
                        .move_text(pos, &self.game.moves()[i], legal.as_slice())
                )
            })
            .collect();
        self.rebuild(keep);
        self.say(&format!("Took back {}.", taken.join(", ")))?;
        self.show_board()?;
        Ok(Flow::Next)
    }

    /// The game with only its first `keep` moves (and no resignation or agreement).
    fn rebuild(&mut self, keep: usize) {
        let mut game = Game::from_position(Arc::clone(&self.board), *self.game.start());
        for mv in &self.game.moves()[..keep] {
            if game.play(mv).is_err() {
                break;
            }
        }
        self.game = game;
    }

    fn analyst(&mut self) -> &mut Searcher<B> {
        let board = &self.board;
        self.analyst
            .get_or_insert_with(|| Searcher::new(Arc::clone(board), ANALYST_MIB))
    }

    fn hint(&mut self) -> Result<(), CliError> {
        let game = self.game.clone();
        let result = self
            .analyst()
            .search_game(&game, &Limits::movetime(HINT_TIME), |_| {});
        let pos = game.position();
        let text = match (result.best, result.last) {
            (Some(mv), Some(it)) => format!(
                "Hint: {} (a {} second search to depth {}; {} for {}).",
                self.board.move_text(pos, &mv, game.legal_moves()),
                HINT_TIME.as_secs(),
                it.depth,
                score_text(it.score),
                pos.side().name()
            ),
            _ => "There is no legal move to suggest.".into(),
        };
        self.say(&text)
    }

    /// `side` offers a draw: a person is asked; a computer accepts when its search
    /// says the position is even (within a quarter of a man).
    fn offer_draw(&mut self, side: Colour) -> Result<Flow, CliError> {
        let other = side.opponent();
        let spec = self.specs[other.index()];
        if spec == PlayerSpec::Human {
            let prompt = format!(
                "{} offers a draw. {}, do you accept? (yes/no)> ",
                side.name(),
                other.name()
            );
            let Some(answer) = self.read_line(&prompt)? else {
                self.say("End of input: leaving the game unfinished.")?;
                return Ok(Flow::Quit);
            };
            let answer = answer.trim().to_ascii_lowercase();
            if answer == "y" || answer == "yes" {
                self.game.agree_draw();
                self.say(&format!("{} accepts the draw.", other.name()))?;
                return Ok(Flow::Next);
            }
            self.say(&format!(
                "{} declines the draw. {} to move.",
                other.name(),
                side.name()
            ))?;
            return Ok(Flow::Stay);
        }
        let limits = match spec {
            PlayerSpec::Engine { limits, .. } => limits,
            _ => Limits::movetime(HINT_TIME),
        };
        let game = self.game.clone();
        let searcher = self.analyst();
        let even = searcher.evaluator().man_value() / 4;
        let result = searcher.search_game(&game, &limits, |_| {});
        // The score is from the offering side's view; the computer sees its negation.
        let theirs = result.last.map_or(0, |it| -it.score);
        let who = self.who(other);
        if theirs.abs() <= even {
            self.game.agree_draw();
            self.say(&format!(
                "{who} accepts the draw (it judges the position even: {}).",
                score_text(theirs)
            ))?;
            Ok(Flow::Next)
        } else {
            self.say(&format!(
                "{who} declines the draw (it judges the position {} for itself, not even).",
                score_text(theirs)
            ))?;
            Ok(Flow::Stay)
        }
    }

    fn save(&mut self, file: &str) -> Result<(), CliError> {
        let text = Record::write(&self.game, &self.tags);
        let n = self.game.moves().len();
        let message = match std::fs::write(file, text) {
            Ok(()) => format!(
                "Saved the game ({n} {}) to {file}.",
                if n == 1 { "move" } else { "moves" }
            ),
            Err(e) => format!("Cannot save to {file}: {e}."),
        };
        self.say(&message)
    }
}

fn output_error(e: std::io::Error) -> CliError {
    match e.kind() {
        std::io::ErrorKind::BrokenPipe => CliError::BrokenPipe,
        _ => CliError::Output(e),
    }
}

/// The side to move, and whether it must capture (and how many pieces).
fn status<B: Bits>(board: &Board<B>, pos: &Position<B>, legal: &[Move<B>]) -> String {
    let side = pos.side().name();
    match legal.first() {
        None if board.moves(pos).is_empty() => format!("{side} to move, and has no legal move."),
        None => format!("{side} to move."),
        Some(mv) if mv.kind.is_capture() => {
            let n = mv.capture_count();
            format!(
                "{side} to move; a capture is compulsory ({n} piece{}).",
                if n == 1 { "" } else { "s" }
            )
        }
        Some(_) => format!("{side} to move."),
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
fn help_text() -> String {
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
    text.push_str("End of input (Ctrl-D) also leaves the game.");
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use bushka_rules::AnyBoard;

    fn board(name: &str) -> Arc<Board<u64>> {
        let geometry = match bushka_geometry::builtin(name) {
            Some(Ok(g)) => g,
            _ => panic!("{name} is built in"),
        };
        match AnyBoard::new(geometry) {
            AnyBoard::Narrow(b) => b,
            _ => panic!("{name} fits 64 bits"),
        }
    }

    fn session_output(
        specs: [&str; 2],
        position: Option<&str>,
        input: &str,
    ) -> (String, Position<u64>) {
        let board = board("bushka");
        let start = position.map_or_else(
            || board.start_position(),
            |p| board.parse_position(p).expect("a valid position"),
        );
        let mut out = Vec::new();
        let session = Session::with_io(
            Setup {
                board: Arc::clone(&board),
                game: Game::from_position(Arc::clone(&board), start),
                specs: specs.map(|s| s.parse().expect("a valid spec")),
                tags: vec![("Variant".into(), "bushka".into())],
                max_plies: Some(400),
                loaded: None,
            },
            input.as_bytes(),
            &mut out,
            true,
        );
        session.run().expect("the session runs");
        let text = String::from_utf8(out).expect("UTF-8");
        // The last position string printed (by `position`), else the start.
        let last = text
            .lines()
            .rev()
            .find(|l| l.starts_with("W:") || l.starts_with("B:"))
            .map_or(start, |line| {
                board
                    .parse_position(line.trim())
                    .expect("a position string")
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
        assert_eq!(pos, board("bushka").start_position());
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
