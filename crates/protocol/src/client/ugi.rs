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

impl<B: Bits> UgiPlayer<B> {
    /// Starts the program of `spec`, sets its options (the spec's parameters), and
    /// waits until it is ready.
    pub fn start(spec: &ExternalSpec, board: &Arc<Board<B>>) -> Result<UgiPlayer<B>, Fault> {
        let (mut program, bounds, deadline) = launch(spec)?;
        program.send("ugi")?;
        await_line(&mut program, "ugiok", deadline)?;
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
                    self.program.send("stop")?;
                    stopped = true;
                    deadline += self.bounds.stop;
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
