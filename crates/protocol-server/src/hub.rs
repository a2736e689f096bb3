//! `bushka hub`: the engine's side of Hub 2 (Scan 3.1's `protocol.txt`), read from a
//! GUI's lines and answered on its output.
//!
//! Unknown commands and arguments are ignored, as the protocol asks; a malformed line
//! or argument is answered with `error message="…"` and changes nothing. As in Scan,
//! `ping` (answered `pong`), `ponder-hit` and `stop` act on a running search, and any
//! other line ends it first (it answers `done`) and is then carried out.
//!
//! The `variant` parameter takes Hub's names of the rule sets bushka plays (positions
//! and moves then in Hub's formats) and bushka's other built-in variants; the
//! `variant-file` parameter names a variant file. Positions and moves of a variant Hub
//! does not name are written in bushka's own position strings and notation.

use std::io::{self, BufRead, Write};

use bushka_engine::{Clock, Limits, MATE, MATE_BOUND, seconds};
use bushka_geometry::BUILTIN;
use bushka_protocol::hub::dialect::{Dialect, HUB_VARIANTS};
use bushka_protocol::hub::line::HubLine;
use bushka_session::{IterationReport, Searcher, Variant};

use crate::game::{GuiGame, move_text};
use crate::io::{Input, Output, read_line};
use crate::options::{HASH, Spin, THREADS};
use crate::search::{Search, Thinker};

/// The name of a variant in the `variant` parameter: Hub's for the rule sets Hub
/// names, the built-in's id otherwise.
fn param_name(id: &str) -> &str {
    HUB_VARIANTS
        .iter()
        .find(|(_, builtin)| *builtin == id)
        .map_or(id, |(name, _)| name)
}

/// The built-in variant a `variant` value names: Hub's names map to the built-ins that
/// play them.
fn builtin_of(name: &str) -> Result<&'static str, String> {
    if let Some((_, builtin)) = HUB_VARIANTS.iter().find(|(hub, _)| *hub == name) {
        return Ok(builtin);
    }
    BUILTIN
        .iter()
        .find(|b| b.name == name && param_name(b.name) == b.name)
        .map(|b| b.name)
        .ok_or_else(|| format!("no variant `{name}`"))
}

/// The values the `variant` parameter offers.
fn variant_values() -> Vec<&'static str> {
    BUILTIN.iter().map(|b| param_name(b.name)).collect()
}

/// The parameters a GUI sets before `init`.
#[derive(Debug, Clone)]
struct Params {
    variant: String,
    variant_file: String,
    hash_mib: usize,
    threads: usize,
}

impl Params {
    /// The whole-number option `name` and where its value is kept.
    fn spin_mut(&mut self, name: &str) -> Option<(Spin, &mut usize)> {
        match name {
            "hash" => Some((HASH, &mut self.hash_mib)),
            "threads" => Some((THREADS, &mut self.threads)),
            _ => None,
        }
    }
}

/// The limits a `level` line sets; the error names the bad argument.
fn read_level(line: &HubLine) -> Result<Limits, String> {
    let number = |name: &str| -> Result<Option<u64>, String> {
        line.get(name)
            .map(|v| {
                v.parse::<u64>()
                    .map_err(|_| format!("`{name}={v}` is not a whole number"))
            })
            .transpose()
    };
    let time = |name: &str| -> Result<Option<std::time::Duration>, String> {
        line.get(name)
            .map(|v| seconds(v).map_err(|why| format!("`{name}`: {why}")))
            .transpose()
    };
    let depth = number("depth")?
        .map(|d| u32::try_from(d).map_err(|_| format!("`depth={d}` is too deep")))
        .transpose()?;
    let moves = number("moves")?
        .map(|m| u32::try_from(m).map_err(|_| format!("`moves={m}` is too many")))
        .transpose()?;
    let (left, increment) = (time("time")?, time("inc")?);
    let clock = match (left, increment) {
        (None, None) => None,
        (left, increment) => Some(Clock {
            left: left.unwrap_or_default(),
            increment: increment.unwrap_or_default(),
            moves_to_go: moves.filter(|&m| m > 0),
            opponent_left: std::time::Duration::ZERO,
        }),
    };
    Ok(Limits {
        depth,
        nodes: number("nodes")?,
        movetime: time("move-time")?,
        clock,
    })
}

/// A score in Hub's units: men, from the side to move's view; a win in `n` plies is
/// written `99.(99-n)` men, as Scan writes its wins.
fn hub_score(score: i32) -> String {
    if score.abs() > MATE_BOUND {
        let plies = (MATE - score.abs()).min(99);
        let sign = if score < 0 { "-" } else { "" };
        format!("{sign}{:.2}", f64::from(9999 - plies) / 100.0)
    } else {
        format!("{:.2}", f64::from(score) / 100.0)
    }
}

/// The `info` line of a completed iteration.
fn info_line(dialect: &Dialect, it: &IterationReport) -> HubLine {
    let seconds = it.elapsed.as_secs_f64();
    let nps = if seconds > 0.0 {
        it.nodes as f64 / seconds / 1e6
    } else {
        0.0
    };
    let pv: Vec<String> = it.pv.iter().map(|mv| move_text(dialect, mv)).collect();
    HubLine::new("info")
        .arg("depth", it.depth)
        .arg("score", hub_score(it.score))
        .arg("nodes", it.nodes)
        .arg("time", format!("{seconds:.3}"))
        .arg("nps", format!("{nps:.1}"))
        .arg("pv", pv.join(" "))
}

/// The engine's state between lines.
struct Hub {
    out: Output,
    params: Params,
    game: GuiGame,
    engine: Thinker,
    level: Limits,
}

/// Serves Hub on `input` and `output` until `quit` or the end of the input, playing
/// `default_variant` (a built-in id or a variant file) until a GUI sets another.
pub fn serve_hub(
    default_variant: &Variant,
    input: &mut dyn BufRead,
    output: impl Write + Send + 'static,
) -> io::Result<()> {
    let id = default_variant.geometry().meta().id.clone();
    let known = BUILTIN.iter().any(|b| b.name == id);
    let params = Params {
        variant: if known {
            param_name(&id).to_string()
        } else {
            "normal".to_string()
        },
        variant_file: String::new(),
        hash_mib: HASH.default,
        threads: THREADS.default,
    };
    let mut hub = Hub {
        out: Output::new(output),
        game: GuiGame::new(default_variant, Dialect::of(default_variant.geometry()))
            .map_err(io::Error::other)?,
        engine: Thinker::new(Searcher::new(default_variant, params.hash_mib)),
        params,
        level: Limits::default(),
    };
    loop {
        let text = match read_line(input) {
            Input::Line(text) => text,
            Input::Bad(why) => {
                hub.error(&why)?;
                continue;
            }
            Input::End => break,
        };
        if text.trim().is_empty() {
            continue;
        }
        let line = match HubLine::parse(&text) {
            Ok(line) => line,
            Err(why) => {
                hub.error(&format!("bad line: {why}"))?;
                continue;
            }
        };
        if !hub.handle(&line)? {
            break;
        }
    }
    hub.engine.halt();
    Ok(())
}

impl Hub {
    fn error(&self, message: &str) -> io::Result<()> {
        self.out
            .line(&HubLine::new("error").arg("message", message).to_string())
    }

    /// Carries out one line; `false` to quit.
    fn handle(&mut self, line: &HubLine) -> io::Result<bool> {
        match line.command.as_str() {
            "ping" => self.out.line("pong")?,
            "ponder-hit" => self.engine.ponder_hit(),
            "stop" => self.engine.halt(),
            command => {
                self.engine.halt();
                match command {
                    "hub" => self.introduce()?,
                    "set-param" => self.set_param(line)?,
                    "init" => self.init()?,
                    "new-game" => self.engine.clear(),
                    "pos" => self.pos(line)?,
                    "level" => match read_level(line) {
                        Ok(level) => self.level = level,
                        Err(why) => self.error(&format!("bad level: {why}"))?,
                    },
                    "go" => self.go(line)?,
                    "quit" => return Ok(false),
                    _ => {}
                }
            }
        }
        Ok(true)
    }

    /// Answers `hub`: who it is, its parameters, `wait`.
    fn introduce(&self) -> io::Result<()> {
        self.out.line(
            &HubLine::new("id")
                .arg("name", "bushka")
                .arg("version", env!("CARGO_PKG_VERSION"))
                .to_string(),
        )?;
        self.out.line(
            &HubLine::new("param")
                .arg("name", "variant")
                .arg("value", &self.params.variant)
                .arg("type", "enum")
                .arg("values", variant_values().join(" "))
                .to_string(),
        )?;
        self.out.line(
            &HubLine::new("param")
                .arg("name", "variant-file")
                .arg("value", &self.params.variant_file)
                .arg("type", "string")
                .to_string(),
        )?;
        for (spin, value) in [(HASH, self.params.hash_mib), (THREADS, self.params.threads)] {
            self.out.line(
                &HubLine::new("param")
                    .arg("name", spin.name)
                    .arg("value", value)
                    .arg("type", "int")
                    .arg("min", spin.min())
                    .arg("max", spin.max())
                    .to_string(),
            )?;
        }
        self.out.line("wait")
    }

    /// `set-param name=N value=V`: takes effect at the next `init`.
    fn set_param(&mut self, line: &HubLine) -> io::Result<()> {
        let Some(name) = line.get("name") else {
            return self.error("set-param: missing name");
        };
        let value = line.get("value").unwrap_or_default();
        if let Some((spin, slot)) = self.params.spin_mut(name) {
            return match spin.parse(value) {
                Ok(n) => {
                    *slot = n;
                    Ok(())
                }
                Err(why) => self.error(&format!("set-param {why}")),
            };
        }
        match name {
            "variant" => match builtin_of(value) {
                Ok(_) => self.params.variant = value.to_string(),
                Err(why) => return self.error(&format!("set-param variant: {why}")),
            },
            "variant-file" => self.params.variant_file = value.to_string(),
            _ => {}
        }
        Ok(())
    }

    /// `init`: the variant and table the parameters name, a new game, then `ready`;
    /// a variant that cannot be loaded is answered with `error` and the previous one
    /// stays.
    fn init(&mut self) -> io::Result<()> {
        let spec = if self.params.variant_file.is_empty() {
            builtin_of(&self.params.variant).map(str::to_string)
        } else {
            Ok(self.params.variant_file.clone())
        };
        let loaded = spec.and_then(|spec| {
            let geometry = bushka_geometry::resolve(&spec).map_err(|e| e.to_string())?;
            let variant = Variant::new(geometry);
            let game = GuiGame::new(&variant, Dialect::of(variant.geometry()))?;
            Ok((variant, game))
        });
        match loaded {
            Ok((variant, game)) => {
                self.engine.replace(
                    Searcher::new(&variant, self.params.hash_mib).with_threads(self.params.threads),
                );
                self.game = game;
            }
            Err(why) => self.error(&format!("init: {why}"))?,
        }
        self.out.line("ready")
    }

    /// `pos [pos=P | start] [moves="M M …"]`; the level goes back to no limit.
    fn pos(&mut self, line: &HubLine) -> io::Result<()> {
        self.level = Limits::default();
        let position = line.get("pos").filter(|_| !line.has("start"));
        let moves: Vec<&str> = line
            .get("moves")
            .map(|m| m.split_whitespace().collect())
            .unwrap_or_default();
        match self.game.set(position, &moves) {
            Ok(()) => Ok(()),
            Err(why) => self.error(&why),
        }
    }

    /// `go think|ponder|analyze`: a search on its thread, answered with `done`. A
    /// search with no limit, and pondering, answer only once stopped (pondering goes on
    /// under the level's limits after `ponder-hit`).
    fn go(&mut self, line: &HubLine) -> io::Result<()> {
        let level = std::mem::take(&mut self.level);
        let dialect = self.game.dialect().clone();
        if self.game.session().end().is_some() {
            return self.out.line("done");
        }
        let pondering = line.has("ponder");
        let unlimited = level == Limits::default();
        let search = Search {
            analysis: self.game.analysis(),
            limits: if pondering { level.untimed() } else { level },
            held: pondering || unlimited,
            after_hit: pondering.then_some(level),
        };
        let (info_out, done_out) = (self.out.clone(), self.out.clone());
        let info_dialect = dialect.clone();
        self.engine.think(
            search,
            move |it| {
                let _ = info_out.line(&info_line(&info_dialect, it).to_string());
            },
            move |result, last| {
                let mut done = HubLine::new("done");
                if let Some(best) = &result.best {
                    done = done.arg("move", move_text(&dialect, best));
                    let ponder = last
                        .filter(|it| it.pv.first().is_some_and(|first| first.text == best.text))
                        .and_then(|it| it.pv.get(1).cloned());
                    if let Some(reply) = ponder {
                        done = done.arg("ponder", move_text(&dialect, &reply));
                    }
                }
                let _ = done_out.line(&done.to_string());
            },
        );
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_written_in_men_and_wins_as_scan_writes_them() {
        assert_eq!(hub_score(108), "1.08");
        assert_eq!(hub_score(-4), "-0.04");
        assert_eq!(hub_score(MATE - 3), "99.96");
        assert_eq!(hub_score(-(MATE - 2)), "-99.97");
    }

    #[test]
    fn levels_read_every_limit_and_refuse_bad_numbers() {
        let level = |text: &str| read_level(&HubLine::parse(text).expect("a line"));
        let limits = level("level depth=6 nodes=1000 move-time=0.5").expect("valid");
        assert_eq!(limits.depth, Some(6));
        assert_eq!(limits.nodes, Some(1000));
        assert_eq!(limits.movetime, Some(std::time::Duration::from_millis(500)));
        let clock = level("level moves=75 time=60 inc=1")
            .expect("valid")
            .clock
            .expect("a clock");
        assert_eq!(clock.moves_to_go, Some(75));
        assert_eq!(clock.left, std::time::Duration::from_secs(60));
        assert_eq!(clock.increment, std::time::Duration::from_secs(1));
        assert_eq!(level("level infinite frob=3"), Ok(Limits::default()));
        for bad in [
            "level depth=x",
            "level time=-1",
            "level moves=1.5",
            "level nodes=1e9",
        ] {
            assert!(level(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn variant_names_map_hub_s_to_the_built_ins() {
        assert_eq!(builtin_of("normal"), Ok("draughts"));
        assert_eq!(builtin_of("bushka"), Ok("bushka"));
        assert!(builtin_of("draughts").is_err(), "International is `normal`");
        assert!(builtin_of("nothing").is_err());
        let values = variant_values();
        assert!(values.contains(&"normal") && !values.contains(&"draughts"));
    }
}
