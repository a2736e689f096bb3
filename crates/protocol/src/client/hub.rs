//! A program that speaks Hub, playing as a bushka player: started, introduced and
//! initialised once, then asked for moves with `pos`, `level` and `go think`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use bushka_engine::{Answer, Chooser, ExternalSpec, Fault, FaultKind, Turn};
use bushka_rules::{Bits, Board, Game};

use crate::client::process::Program;
use crate::client::{Bounds, Limited, launch, resolve};
use crate::hub::dialect::{Dialect, hub_name};
use crate::hub::line::HubLine;

/// A parameter a Hub program declares.
#[derive(Debug, Clone)]
struct Param {
    name: String,
    value: String,
    /// The values of an `enum`.
    values: Vec<String>,
}

/// A Hub program as a player.
pub struct HubPlayer<B: Bits> {
    program: Program,
    label: String,
    dialect: Dialect,
    board: Arc<Board<B>>,
    bounds: Bounds,
    limited: Limited,
    /// Whether the next search begins a new game.
    new_game: bool,
}

impl<B: Bits> HubPlayer<B> {
    /// Starts the program of `spec`, sets it up for `board`'s variant and the spec's
    /// parameters, and waits until it is ready.
    pub fn start(spec: &ExternalSpec, board: &Arc<Board<B>>) -> Result<HubPlayer<B>, Fault> {
        let (mut program, bounds, deadline) = launch(spec)?;
        program.send("hub")?;
        let mut params = Vec::new();
        loop {
            let line = read(&mut program, deadline)?;
            match line.command.as_str() {
                "wait" => break,
                "param" => params.push(Param {
                    name: line.get("name").unwrap_or_default().to_string(),
                    value: line.get("value").unwrap_or_default().to_string(),
                    values: line
                        .get("values")
                        .unwrap_or_default()
                        .split_whitespace()
                        .map(str::to_string)
                        .collect(),
                }),
                _ => {}
            }
        }
        let geometry = board.geometry();
        let id = geometry.meta().id.as_str();
        let mut settings: Vec<(String, String)> = Vec::new();
        let user_variant =
            spec.option("variant").is_some() || spec.option("variant-file").is_some();
        let declared = params.iter().find(|p| p.name == "variant");
        let wanted = hub_name(id).unwrap_or(id);
        match declared {
            _ if user_variant => {}
            Some(p) if p.value == wanted => {}
            Some(p) if p.values.iter().any(|v| v == wanted) => {
                settings.push(("variant".into(), wanted.into()));
            }
            None if wanted == "normal" => {}
            _ => {
                return Err(Fault::new(
                    FaultKind::Unavailable,
                    format!("`{}` does not offer the variant `{id}`", spec.label()),
                ));
            }
        }
        settings.extend(
            spec.parameters()
                .map(|(k, v)| (k.to_string(), v.to_string())),
        );
        for (name, value) in &settings {
            program.send(
                &HubLine::new("set-param")
                    .arg("name", name)
                    .arg("value", value)
                    .to_string(),
            )?;
        }
        program.send("init")?;
        loop {
            let line = read(&mut program, deadline)?;
            match line.command.as_str() {
                "ready" => break,
                "error" => {
                    return Err(Fault::new(
                        FaultKind::Unavailable,
                        format!(
                            "refused its setup: {}",
                            line.get("message").unwrap_or_default()
                        ),
                    ));
                }
                _ => {}
            }
        }
        Ok(HubPlayer {
            program,
            label: spec.label(),
            dialect: Dialect::of(geometry),
            board: Arc::clone(board),
            bounds,
            limited: Limited::of(spec),
            new_game: true,
        })
    }

    /// The `pos` line of `game`: its start and every move since.
    fn pos_line(&self, game: &Game<B>) -> String {
        let board = &self.board;
        let moves: Vec<String> = game
            .moves()
            .iter()
            .zip(game.positions())
            .map(|(mv, pos)| {
                let legal = board.moves(pos);
                self.dialect.move_text(board, pos, mv, legal.as_slice())
            })
            .collect();
        let mut line = HubLine::new("pos").arg("pos", self.dialect.position(board, game.start()));
        if !moves.is_empty() {
            line = line.arg("moves", moves.join(" "));
        }
        line.to_string()
    }

    /// The `level` line of a move asked under `turn`.
    fn level_line(&self, turn: &Turn) -> String {
        let mut line = HubLine::new("level");
        let secs = |d: Duration| format!("{:.3}", d.as_secs_f64());
        if let Some(clock) = turn.clock {
            if let Some(moves) = clock.moves_to_go {
                line = line.arg("moves", moves);
            }
            line = line.arg("time", secs(clock.left));
            if !clock.increment.is_zero() {
                line = line.arg("inc", secs(clock.increment));
            }
        }
        if let Some(t) = self.limited.movetime(turn) {
            line = line.arg("move-time", secs(t));
        }
        if let Some(depth) = self.limited.depth {
            line = line.arg("depth", depth);
        }
        if let Some(nodes) = self.limited.nodes {
            line = line.arg("nodes", nodes);
        }
        line.to_string()
    }

    /// Waits for `done` until `deadline` (then asks it to stop, and waits a little
    /// more from then); returns its `move` (none when it found no move to play), and the last
    /// `error` the program wrote.
    fn await_done(
        &mut self,
        mut deadline: Instant,
    ) -> Result<(Option<String>, Option<String>), Fault> {
        let mut error = None;
        let mut stopped = false;
        loop {
            let line = match read(&mut self.program, deadline) {
                Err(fault) if fault.kind == FaultKind::NoAnswer && !stopped => {
                    deadline = self.program.send("stop")? + self.bounds.stop;
                    stopped = true;
                    continue;
                }
                other => other?,
            };
            match line.command.as_str() {
                "done" => {
                    let mv = line.get("move").filter(|m| !m.is_empty());
                    return Ok((mv.map(str::to_string), error));
                }
                "error" => error = Some(line.get("message").unwrap_or_default().to_string()),
                _ => {}
            }
        }
    }
}

/// The next line of `program` read as Hub; a malformed one is garbage.
fn read(program: &mut Program, deadline: Instant) -> Result<HubLine, Fault> {
    loop {
        let text = program.receive(deadline)?;
        if text.trim().is_empty() {
            continue;
        }
        return HubLine::parse(&text)
            .map_err(|why| Fault::new(FaultKind::Garbage, format!("`{text}`: {why}")));
    }
}

impl<B: Bits> Chooser<B> for HubPlayer<B> {
    fn name(&self) -> String {
        self.label.clone()
    }

    fn choose(&mut self, game: &Game<B>, turn: &Turn) -> Result<Answer<B>, Fault> {
        if std::mem::take(&mut self.new_game) {
            self.program.send("new-game")?;
        }
        let pos = self.pos_line(game);
        self.program.send(&pos)?;
        let level = self.level_line(turn);
        self.program.send(&level)?;
        self.program.send("go think")?;
        let deadline = Instant::now() + self.bounds.answer(turn, &self.limited);
        // A `done` with no move: the program sees no move to play, and gives up.
        match self.await_done(deadline)? {
            (Some(text), error) => resolve(&self.dialect, game, &text, error).map(Answer::Move),
            (None, _) => Ok(Answer::Resign),
        }
    }
}
