//! A program that speaks UGI, playing as a bushka player: introduced (`ugi`,
//! `setoption`, `isready`), then asked for moves with `position` and `go`. Positions
//! and moves are bushka's own position strings and notation.

use std::sync::Arc;
use std::time::{Duration, Instant};

use bushka_engine::{Answer, Chooser, ExternalSpec, Fault, FaultKind, Turn};
use bushka_geometry::Colour;
use bushka_rules::{Bits, Board, Game};

use crate::client::process::Program;
use crate::client::{Bounds, Limited, launch, resolve};
use crate::hub::dialect::Dialect;

/// A UGI program as a player.
pub struct UgiPlayer<B: Bits> {
    program: Program,
    label: String,
    board: Arc<Board<B>>,
    bounds: Bounds,
    limited: Limited,
    /// Whether the next search begins a new game.
    new_game: bool,
}

/// Waits for a line that is exactly `answer` (others are ignored).
fn await_line(program: &mut Program, answer: &str, deadline: Instant) -> Result<(), Fault> {
    while program.receive(deadline)?.trim() != answer {}
    Ok(())
}

/// The `variant` option a program declares (`option name variant type combo default X
/// var A var B`, or `type string`): the values it offers, or `None` for any string.
#[derive(Debug, Clone, PartialEq, Eq)]
struct VariantOption {
    values: Option<Vec<String>>,
}

impl VariantOption {
    /// The option an `option` line declares, when it is `variant`.
    fn read(line: &str) -> Option<VariantOption> {
        let rest = line.trim().strip_prefix("option name ")?;
        let (name, rest) = rest.split_once(" type ")?;
        if !name.trim().eq_ignore_ascii_case("variant") {
            return None;
        }
        let mut words = rest.split_whitespace();
        let values = match words.next()? {
            "combo" => {
                let mut values = Vec::new();
                while let Some(word) = words.next() {
                    if word == "var" {
                        values.extend(words.next().map(str::to_string));
                    }
                }
                Some(values)
            }
            _ => None,
        };
        Some(VariantOption { values })
    }

    /// Whether the program takes `id` as its variant.
    fn offers(&self, id: &str) -> bool {
        self.values
            .as_ref()
            .is_none_or(|values| values.iter().any(|v| v == id))
    }
}

/// Reads the program's introduction up to `ugiok`: the `variant` option it declares.
fn introduction(program: &mut Program, deadline: Instant) -> Result<Option<VariantOption>, Fault> {
    let mut variant = None;
    loop {
        let line = program.receive(deadline)?;
        if line.trim() == "ugiok" {
            return Ok(variant);
        }
        if let Some(option) = VariantOption::read(&line) {
            variant = Some(option);
        }
    }
}

impl<B: Bits> UgiPlayer<B> {
    /// Starts the program of `spec`, sets its variant to the board's (when it declares
    /// a `variant` option and the spec sets none) and its options (the spec's
    /// parameters), and waits until it is ready. A program whose `variant` option
    /// does not offer the board's variant cannot play.
    pub fn start(spec: &ExternalSpec, board: &Arc<Board<B>>) -> Result<UgiPlayer<B>, Fault> {
        let (mut program, bounds, deadline) = launch(spec)?;
        program.send("ugi")?;
        let declared = introduction(&mut program, deadline)?;
        let id = &board.geometry().meta().id;
        let user_variant = spec
            .parameters()
            .any(|(name, _)| name.eq_ignore_ascii_case("variant"));
        match declared {
            Some(option) if !user_variant => {
                if !option.offers(id) {
                    return Err(Fault::new(
                        FaultKind::Unavailable,
                        format!("`{}` does not offer the variant `{id}`", spec.label()),
                    ));
                }
                program.send(&format!("setoption name variant value {id}"))?;
            }
            _ => {}
        }
        for (name, value) in spec.parameters() {
            program.send(&format!("setoption name {name} value {value}"))?;
        }
        program.send("isready")?;
        await_line(&mut program, "readyok", deadline)?;
        Ok(UgiPlayer {
            program,
            label: spec.label(),
            board: Arc::clone(board),
            bounds,
            limited: Limited::of(spec),
            new_game: true,
        })
    }

    /// The `position` command of `game`: its start and every move since.
    fn position_line(&self, game: &Game<B>) -> String {
        let board = &self.board;
        let mut line = if *game.start() == board.start_position() {
            "position startpos".to_string()
        } else {
            format!("position fen {}", board.position_string(game.start()))
        };
        if !game.moves().is_empty() {
            line.push_str(" moves");
            for (mv, pos) in game.moves().iter().zip(game.positions()) {
                line.push(' ');
                line.push_str(&board.move_text(pos, mv, board.moves(pos).as_slice()));
            }
        }
        line
    }

    /// The `go` command of a move asked under `turn` for `side`.
    fn go_line(&self, turn: &Turn, side: Colour) -> String {
        let ms = |d: Duration| d.as_millis();
        let mut line = "go".to_string();
        if let Some(clock) = turn.clock {
            let (mine, theirs) = match side {
                Colour::White => ("p1", "p2"),
                Colour::Black => ("p2", "p1"),
            };
            line.push_str(&format!(
                " {mine}time {} {theirs}time {} {mine}inc {} {theirs}inc {}",
                ms(clock.left),
                ms(clock.opponent_left),
                ms(clock.increment),
                ms(clock.increment)
            ));
            if let Some(moves) = clock.moves_to_go {
                line.push_str(&format!(" movestogo {moves}"));
            }
        }
        if let Some(t) = self.limited.movetime(turn) {
            line.push_str(&format!(" movetime {}", ms(t)));
        }
        if let Some(depth) = self.limited.depth {
            line.push_str(&format!(" depth {depth}"));
        }
        if let Some(nodes) = self.limited.nodes {
            line.push_str(&format!(" nodes {nodes}"));
        }
        line
    }
}

impl<B: Bits> Chooser<B> for UgiPlayer<B> {
    fn name(&self) -> String {
        self.label.clone()
    }

    fn choose(&mut self, game: &Game<B>, turn: &Turn) -> Result<Answer<B>, Fault> {
        if std::mem::take(&mut self.new_game) {
            self.program.send("uginewgame")?;
        }
        let position = self.position_line(game);
        self.program.send(&position)?;
        let go = self.go_line(turn, game.position().side());
        self.program.send(&go)?;
        let mut deadline = Instant::now() + self.bounds.answer(turn, &self.limited);
        let mut stopped = false;
        loop {
            let line = match self.program.receive(deadline) {
                Err(fault) if fault.kind == FaultKind::NoAnswer && !stopped => {
                    deadline = self.program.send("stop")? + self.bounds.stop;
                    stopped = true;
                    continue;
                }
                other => other?,
            };
            let mut words = line.split_whitespace();
            if words.next() != Some("bestmove") {
                continue;
            }
            let text = words
                .next()
                .ok_or_else(|| Fault::new(FaultKind::Garbage, format!("`{line}` names no move")))?;
            return resolve(&Dialect::Bushka, game, text, None).map(Answer::Move);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_variant_option_is_read_with_its_values() {
        let combo = "option name variant type combo default a var a var b-c";
        assert_eq!(
            VariantOption::read(combo),
            Some(VariantOption {
                values: Some(vec!["a".into(), "b-c".into()])
            })
        );
        let option = VariantOption::read(combo).expect("an option");
        assert!(option.offers("b-c") && !option.offers("draughts"));
        let string = VariantOption::read("option name Variant type string default bushka")
            .expect("an option");
        assert!(string.offers("draughts"));
        assert_eq!(
            VariantOption::read("option name hash type spin default 64"),
            None
        );
        assert_eq!(VariantOption::read("option name variant"), None);
        assert_eq!(VariantOption::read("id name x"), None);
    }
}
