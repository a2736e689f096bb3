//! `bushka ugi`: the engine's side of UGI (cutegames' `ugi.md`, UCI for any game), for
//! every variant, positions and moves in bushka's own position strings and notation.
//!
//! Unknown commands and unknown words of `go` are ignored, as in UCI. UGI has no error
//! message: a malformed command, a bad position or an illegal move is answered with
//! `info string error: …` and changes nothing (a bad move keeps the moves before it).
//! `isready` is answered during a search; `stop` and `ponderhit` act on it; any other
//! command ends it first (it answers `bestmove`).

use std::io::{self, BufRead, Write};
use std::time::Duration;

use bushka_engine::{Clock, End, Limits, MATE, MATE_BOUND};
use bushka_geometry::Colour;
use bushka_protocol::hub::dialect::Dialect;
use bushka_protocol::ugi::{Go, UgiCommand};
use bushka_session::{IterationReport, Searcher, Variant};

use crate::game::{GuiGame, move_text};
use crate::io::{Input, Output, read_line};
use crate::options::{HASH, Spin, THREADS};
use crate::search::{Search, Thinker};

/// The engine's state between lines.
struct Ugi {
    out: Output,
    variant: Variant,
    hash_mib: usize,
    threads: usize,
    /// Options set since the last `isready`, applied by it.
    pending: Pending,
    game: GuiGame,
    engine: Thinker,
}

/// Options that take effect at the next `isready` (or `uginewgame`).
#[derive(Debug, Default)]
struct Pending {
    variant: Option<Variant>,
    hash_mib: Option<usize>,
    threads: Option<usize>,
}

impl Pending {
    /// The whole-number option `name` (lower case) and where its value waits.
    fn spin_mut(&mut self, name: &str) -> Option<(Spin, &mut Option<usize>)> {
        match name {
            "hash" => Some((HASH, &mut self.hash_mib)),
            "threads" => Some((THREADS, &mut self.threads)),
            _ => None,
        }
    }
}

/// The limits of a `go` for `side`, and whether it answers only once released (an
/// infinite search, or pondering).
fn limits(go: &Go, side: Colour) -> (Limits, bool) {
    let ms = Duration::from_millis;
    let clock = go.clock(side).map(|(left, inc)| Clock {
        left: ms(left),
        increment: ms(inc),
        moves_to_go: go
            .moves_to_go
            .and_then(|m| u32::try_from(m).ok())
            .filter(|&m| m > 0),
        opponent_left: go
            .clock(side.opponent())
            .map_or(Duration::ZERO, |(t, _)| ms(t)),
    });
    let limits = Limits {
        depth: go.depth.map(|d| u32::try_from(d).unwrap_or(u32::MAX)),
        nodes: go.nodes,
        movetime: go.movetime.map(ms),
        clock,
    };
    let held = go.infinite || go.ponder || limits == Limits::default();
    (limits, held)
}

/// A score as UCI writes it: `cp N`, or `mate N` in moves (negative when losing).
fn ugi_score(score: i32) -> String {
    if score.abs() > MATE_BOUND {
        let moves = (MATE - score.abs() + 1) / 2;
        format!("mate {}", if score < 0 { -moves } else { moves })
    } else {
        format!("cp {score}")
    }
}

/// The `info` line of a completed iteration.
fn info_line(it: &IterationReport) -> String {
    let millis = it.elapsed.as_millis();
    let nps = u128::from(it.nodes) * 1000 / millis.max(1);
    let pv: Vec<String> = it
        .pv
        .iter()
        .map(|mv| move_text(&Dialect::Bushka, mv))
        .collect();
    format!(
        "info depth {} score {} nodes {} time {millis} nps {nps} pv {}",
        it.depth,
        ugi_score(it.score),
        it.nodes,
        pv.join(" ")
    )
}

/// Serves UGI on `input` and `output` for `variant` until `quit` or the end of the
/// input.
pub fn serve_ugi(
    variant: &Variant,
    input: &mut dyn BufRead,
    output: impl Write + Send + 'static,
) -> io::Result<()> {
    let mut ugi = Ugi {
        out: Output::new(output),
        variant: variant.clone(),
        hash_mib: HASH.default,
        threads: THREADS.default,
        pending: Pending::default(),
        game: GuiGame::new(variant, Dialect::Bushka).map_err(io::Error::other)?,
        engine: Thinker::new(Searcher::new(variant, HASH.default)),
    };
    loop {
        let text = match read_line(input) {
            Input::Line(text) => text,
            Input::Bad(why) => {
                ugi.error(&why)?;
                continue;
            }
            Input::End => break,
        };
        match UgiCommand::parse(&text) {
            Ok(Some(UgiCommand::Quit)) => break,
            Ok(Some(command)) => ugi.handle(command)?,
            Ok(None) => {}
            Err(why) => ugi.error(&why)?,
        }
    }
    ugi.engine.halt();
    Ok(())
}

impl Ugi {
    /// `info string error: …`, on one line.
    fn error(&self, message: &str) -> io::Result<()> {
        let one_line: Vec<&str> = message.lines().map(str::trim).collect();
        self.out
            .line(&format!("info string error: {}", one_line.join(" ")))
    }

    /// Carries out one command.
    fn handle(&mut self, command: UgiCommand) -> io::Result<()> {
        match command {
            UgiCommand::IsReady => {
                let pending = &self.pending;
                if pending.variant.is_some()
                    || pending.hash_mib.is_some()
                    || pending.threads.is_some()
                {
                    self.apply()?;
                }
                return self.out.line("readyok");
            }
            UgiCommand::Stop => {
                self.engine.halt();
                return Ok(());
            }
            UgiCommand::PonderHit => {
                self.engine.ponder_hit();
                return Ok(());
            }
            _ => self.engine.halt(),
        }
        match command {
            UgiCommand::Ugi => self.introduce(),
            UgiCommand::SetOption { name, value } => self.set_option(&name, &value),
            UgiCommand::NewGame => {
                self.apply()?;
                self.engine.clear();
                Ok(())
            }
            UgiCommand::Position { fen, moves } => {
                let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
                match self.game.set(fen.as_deref(), &moves) {
                    Ok(()) => Ok(()),
                    Err(why) => self.error(&why),
                }
            }
            UgiCommand::Go(go) => self.go(&go),
            UgiCommand::Query(what) => self.query(&what),
            UgiCommand::Unknown(_)
            | UgiCommand::Quit
            | UgiCommand::IsReady
            | UgiCommand::Stop
            | UgiCommand::PonderHit => Ok(()),
        }
    }

    /// Answers `ugi`: who it is, its options, `ugiok`.
    fn introduce(&self) -> io::Result<()> {
        self.out.line("id name bushka")?;
        self.out.line("id author the bushka authors")?;
        for spin in [HASH, THREADS] {
            self.out.line(&format!(
                "option name {} type spin default {} min {} max {}",
                spin.name,
                spin.default,
                spin.min(),
                spin.max()
            ))?;
        }
        self.out.line(&format!(
            "option name variant type string default {}",
            self.variant.geometry().meta().id
        ))?;
        self.out.line("ugiok")
    }

    /// `setoption name N value V`: `hash` (MiB), `threads` and `variant` (a built-in or
    /// a variant file), taking effect at the next `isready` or `uginewgame`.
    fn set_option(&mut self, name: &str, value: &str) -> io::Result<()> {
        let name = name.to_ascii_lowercase();
        if let Some((spin, slot)) = self.pending.spin_mut(&name) {
            return match spin.parse(value) {
                Ok(n) => {
                    *slot = Some(n);
                    Ok(())
                }
                Err(why) => self.error(&format!("option {why}")),
            };
        }
        if name != "variant" {
            return Ok(());
        }
        match bushka_geometry::resolve(value) {
            Ok(geometry) => {
                self.pending.variant = Some(Variant::new(geometry));
                Ok(())
            }
            Err(e) => self.error(&format!("option variant: {e}")),
        }
    }

    /// Applies the options set: a new searcher, and for a new variant a new game.
    fn apply(&mut self) -> io::Result<()> {
        let pending = std::mem::take(&mut self.pending);
        if let Some(mib) = pending.hash_mib {
            self.hash_mib = mib;
        }
        if let Some(threads) = pending.threads {
            self.threads = threads;
        }
        if let Some(variant) = pending.variant {
            match GuiGame::new(&variant, Dialect::Bushka) {
                Ok(game) => {
                    self.game = game;
                    self.variant = variant;
                }
                Err(why) => self.error(&why)?,
            }
        }
        self.engine
            .replace(Searcher::new(&self.variant, self.hash_mib).with_threads(self.threads));
        Ok(())
    }

    /// `query gameover|p1turn|result`, answered `response …`.
    fn query(&self, what: &str) -> io::Result<()> {
        let session = self.game.session();
        let end = session.end();
        let answer = match what {
            "gameover" => end.is_some().to_string(),
            "p1turn" => (session.side_to_move() == Colour::White).to_string(),
            "result" => match end.as_ref().map(End::winner) {
                None => "none".to_string(),
                Some(Some(Colour::White)) => "p1win".to_string(),
                Some(Some(Colour::Black)) => "p2win".to_string(),
                Some(None) => "draw".to_string(),
            },
            other => return self.error(&format!("no query `{other}` (gameover, p1turn, result)")),
        };
        self.out.line(&format!("response {answer}"))
    }

    /// `go`: a search on its thread, answered with `bestmove`.
    fn go(&mut self, go: &Go) -> io::Result<()> {
        if self.game.session().end().is_some() {
            return self.out.line("bestmove 0000");
        }
        let (limits, held) = limits(go, self.game.session().side_to_move());
        let search = Search {
            analysis: self.game.analysis(),
            limits: if go.ponder { limits.untimed() } else { limits },
            held,
            after_hit: go.ponder.then_some(limits),
        };
        let (info_out, done_out) = (self.out.clone(), self.out.clone());
        self.engine.think(
            search,
            move |it| {
                let _ = info_out.line(&info_line(it));
            },
            move |result, last| {
                let Some(best) = result.best else {
                    let _ = done_out.line("bestmove 0000");
                    return;
                };
                let mut line = format!("bestmove {}", move_text(&Dialect::Bushka, &best));
                let ponder = last
                    .filter(|it| it.pv.first().is_some_and(|first| first.text == best.text))
                    .and_then(|it| it.pv.get(1).cloned());
                if let Some(reply) = ponder {
                    line.push_str(&format!(" ponder {}", move_text(&Dialect::Bushka, &reply)));
                }
                let _ = done_out.line(&line);
            },
        );
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_centipawns_or_mates_in_moves() {
        assert_eq!(ugi_score(-35), "cp -35");
        assert_eq!(ugi_score(MATE - 1), "mate 1");
        assert_eq!(ugi_score(MATE - 4), "mate 2");
        assert_eq!(ugi_score(-(MATE - 2)), "mate -1");
    }

    #[test]
    fn the_clock_of_the_side_to_move_limits_its_search() {
        let go = Go {
            time: [Some(1000), Some(2000)],
            inc: [None, Some(50)],
            ..Go::default()
        };
        let (black, held) = limits(&go, Colour::Black);
        let clock = black.clock.expect("a clock");
        assert_eq!(clock.left, Duration::from_millis(2000));
        assert_eq!(clock.increment, Duration::from_millis(50));
        assert_eq!(clock.opponent_left, Duration::from_millis(1000));
        assert!(!held);
        assert!(
            limits(&Go::default(), Colour::White).1,
            "no limit: until stop"
        );
    }
}
