//! `bushka dxp`: the engine's side of DXP (DamExchange, version 01) for International
//! draughts, over one connection: as the follower it answers game requests, as the
//! initiator it sends them; it plays each game on the request's clock (minutes for
//! the game, re-given every `moves` moves), and ends a game as DXP asks, on its turn:
//! `E1` when it has no move, `E2` on a draw by the rules, `E0` when the game reaches
//! the request's number of moves. A back request is refused (`K1`); chat is ignored.
//! A peer that sends garbage or an illegal move, or closes the connection, ends the
//! game (and the session) with the reason reported.

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use bushka_engine::{Clock, Limits};
use bushka_geometry::Colour;
use bushka_protocol::dxp::link::{Link, LinkError};
use bushka_protocol::dxp::message::DxpMessage;
use bushka_protocol::hub::dialect::Dialect;
use bushka_protocol::squares::{DXP_LETTERS, Squares};
use bushka_session::{DescribedMove, Searcher, Variant};

use crate::game::GuiGame;

/// The name bushka gives in its requests and acceptances.
pub const NAME: &str = "bushka";

/// How long a follower waits for the next game request, and either side for an
/// answer that no clock bounds (an acceptance, the acknowledgement of an end).
pub const IDLE_WAIT: Duration = Duration::from_secs(600);

/// How long past its clock the peer's move is still awaited.
pub const PEER_GRACE: Duration = Duration::from_secs(30);

/// The games to ask for, as the initiator.
#[derive(Debug, Clone, Copy)]
pub struct Initiation {
    /// Minutes per player for each game.
    pub minutes: u16,
    /// Moves in each game (0: no limit).
    pub moves: u16,
    /// Games to play; colours alternate, bushka White in the first.
    pub games: usize,
}

/// How one game ended, for the report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    /// The colour bushka played.
    pub colour: Colour,
    /// The result from White's view (`1-0`, `0-1`, `1/2-1/2`), or `*` when the game
    /// was cut short with no result.
    pub result: String,
    /// How it ended.
    pub reason: String,
    /// Plies played.
    pub plies: usize,
}

/// A session over one connection.
struct Dxp<'a> {
    link: &'a mut Link,
    variant: Variant,
    squares: Squares,
    searcher: Searcher,
    log: &'a mut dyn Write,
}

/// What a game's end asks of the session.
enum After {
    /// Another game may follow.
    Next,
    /// The peer wants no more games, or the connection is gone.
    Stop,
}

/// Serves DXP on `link` for International draughts, searching with `searcher` (its
/// variant), until the peer stops or the games of `initiation` are played, writing a
/// line per game to `log`; returns the games.
pub fn serve_dxp(
    searcher: Searcher,
    link: &mut Link,
    initiation: Option<Initiation>,
    log: &mut dyn Write,
) -> io::Result<Vec<Played>> {
    let variant = searcher.variant().clone();
    let squares = match Dialect::of(variant.geometry()) {
        Dialect::Native(squares) if squares.count() == 50 => squares,
        _ => {
            return Err(io::Error::other(format!(
                "DXP plays International draughts, not `{}`",
                variant.geometry().meta().id
            )));
        }
    };
    let mut dxp = Dxp {
        link,
        variant,
        squares,
        searcher,
        log,
    };
    let mut played = Vec::new();
    loop {
        let request = match initiation {
            Some(init) if played.len() >= init.games => break,
            Some(init) => {
                let ours = if played.len() % 2 == 0 {
                    Colour::White
                } else {
                    Colour::Black
                };
                match dxp.request(init, ours)? {
                    Some(game) => game,
                    None => break,
                }
            }
            None => match dxp.await_request()? {
                Some(game) => game,
                None => break,
            },
        };
        let (game, after) = dxp.play(request)?;
        writeln!(
            dxp.log,
            "game {}: bushka {}, {} ({}) after {} plies",
            played.len() + 1,
            game.colour.name(),
            game.result,
            game.reason,
            game.plies
        )?;
        played.push(game);
        if matches!(after, After::Stop) {
            break;
        }
    }
    if initiation.is_some() {
        // The last game's end asked for more; say there will be none.
        let _ = dxp.link.send(&DxpMessage::Chat("no more games".into()));
    }
    Ok(played)
}

/// A game about to start: bushka's colour, the position (a bushka position string;
/// `None` for the start), the clock.
struct Request {
    ours: Colour,
    position: Option<String>,
    minutes: u16,
    moves: u16,
}

impl Dxp<'_> {
    fn note(&mut self, text: &str) -> io::Result<()> {
        writeln!(self.log, "{text}")
    }

    fn send(&mut self, message: &DxpMessage) -> Result<(), LinkError> {
        self.link.send(message)
    }

    /// As the initiator: asks for a game with bushka playing `ours`; `None` when the
    /// follower refuses or goes away.
    fn request(&mut self, init: Initiation, ours: Colour) -> io::Result<Option<Request>> {
        let asked = self.send(&DxpMessage::GameRequest {
            version: 1,
            name: NAME.into(),
            follower: ours.opponent(),
            minutes: init.minutes,
            moves: init.moves,
            position: None,
        });
        if let Err(e) = asked {
            self.note(&format!("cannot ask for a game: {e}"))?;
            return Ok(None);
        }
        let deadline = Instant::now() + IDLE_WAIT;
        loop {
            match self.link.receive(deadline) {
                Ok(DxpMessage::GameAccept { code: 0, .. }) => {
                    return Ok(Some(Request {
                        ours,
                        position: None,
                        minutes: init.minutes,
                        moves: init.moves,
                    }));
                }
                Ok(DxpMessage::GameAccept { code, .. }) => {
                    self.note(&format!("the follower refused the game (code {code})"))?;
                    return Ok(None);
                }
                Ok(DxpMessage::Chat(_)) => {}
                Ok(other) => {
                    self.note(&format!("`{other}` where an acceptance was due"))?;
                    return Ok(None);
                }
                Err(e) => {
                    self.note(&format!("no acceptance: {e}"))?;
                    return Ok(None);
                }
            }
        }
    }

    /// As the follower: the next game request it accepts; `None` when the initiator
    /// goes away or wants no more games.
    fn await_request(&mut self) -> io::Result<Option<Request>> {
        loop {
            let message = match self.link.receive(Instant::now() + IDLE_WAIT) {
                Ok(message) => message,
                Err(LinkError::Garbage(why)) => {
                    self.note(&format!("garbage ignored: {why}"))?;
                    continue;
                }
                Err(e) => {
                    self.note(&format!("no more requests: {e}"))?;
                    return Ok(None);
                }
            };
            match message {
                DxpMessage::GameRequest {
                    version,
                    follower,
                    minutes,
                    moves,
                    position,
                    ..
                } => {
                    let code = if version != 1 {
                        1
                    } else {
                        match self.start_position(position.as_ref()) {
                            Ok(position) => {
                                self.accept(0)?;
                                return Ok(Some(Request {
                                    ours: follower,
                                    position,
                                    minutes,
                                    moves,
                                }));
                            }
                            Err(why) => {
                                self.note(&format!("refused a game: {why}"))?;
                                2
                            }
                        }
                    };
                    self.accept(code)?;
                }
                DxpMessage::GameEnd { stop, .. } => {
                    let _ = self.send(&DxpMessage::GameEnd { reason: 0, stop });
                    if stop {
                        return Ok(None);
                    }
                }
                DxpMessage::BackRequest { .. } => {
                    let _ = self.send(&DxpMessage::BackAccept { code: 1 });
                }
                _ => {}
            }
        }
    }

    fn accept(&mut self, code: u8) -> io::Result<()> {
        self.send(&DxpMessage::GameAccept {
            name: NAME.into(),
            code,
        })
        .map_err(io::Error::other)
    }

    /// The position of a request as a bushka position string, checked.
    fn start_position(
        &self,
        position: Option<&(Colour, String)>,
    ) -> Result<Option<String>, String> {
        let Some((side, letters)) = position else {
            return Ok(None);
        };
        let setup = DXP_LETTERS.read_squares(&self.squares, *side, letters)?;
        let text = setup.to_string(self.variant.geometry());
        self.variant.position(&text).map_err(|e| e.to_string())?;
        Ok(Some(text))
    }

    /// Plays the game of `request` to its end.
    fn play(&mut self, request: Request) -> io::Result<(Played, After)> {
        let mut game = GuiGame::new(&self.variant, Dialect::Native(self.squares.clone()))
            .map_err(io::Error::other)?;
        game.set(request.position.as_deref(), &[])
            .map_err(io::Error::other)?;
        self.searcher.clear();
        let period = Duration::from_secs(u64::from(request.minutes) * 60);
        let mut left = period;
        let peer_wait = period + PEER_GRACE;
        let ended = |game: &GuiGame, result: &str, reason: String| Played {
            colour: request.ours,
            result: result.to_string(),
            reason,
            plies: game.session().plies(),
        };
        loop {
            let session = game.session();
            let ours = session.side_to_move() == request.ours;
            let full_moves = session.plies() / 2;
            if ours {
                if let Some(end) = session.end() {
                    let reason = match end.winner() {
                        Some(winner) if winner == request.ours => 3,
                        Some(_) => 1,
                        None => 2,
                    };
                    let played = ended(&game, end.result_text(), "by the rules".into());
                    return Ok((played, self.end_game(reason)?));
                }
                if request.moves > 0 && full_moves >= usize::from(request.moves) {
                    let played = ended(
                        &game,
                        "*",
                        format!("{} moves played, unfinished", request.moves),
                    );
                    return Ok((played, self.end_game(0)?));
                }
                let started = Instant::now();
                let moves_to_go = (request.moves > 0).then(|| {
                    u32::from(request.moves) - (full_moves as u32 % u32::from(request.moves))
                });
                let best = self.think(&game, left, moves_to_go);
                let Some(best) = best else {
                    let played = ended(&game, "*", "bushka found no move".into());
                    return Ok((played, self.end_game(0)?));
                };
                let used = started.elapsed();
                left = left.saturating_sub(used);
                if moves_to_go == Some(1) {
                    left += period;
                }
                let message = move_message(&self.squares, &best, used);
                let text = message_move_text(&message);
                if self.send(&message).is_err() {
                    return Ok((ended(&game, "*", "connection lost".into()), After::Stop));
                }
                game.play(&text).map_err(io::Error::other)?;
                continue;
            }
            let message = match self.link.receive(Instant::now() + peer_wait) {
                Ok(message) => message,
                Err(e) => {
                    let played = ended(&game, win_text(request.ours), format!("the peer: {e}"));
                    return Ok((played, After::Stop));
                }
            };
            match message {
                DxpMessage::Move { .. } => {
                    let text = message_move_text(&message);
                    if let Err(why) = game.play(&text) {
                        let played =
                            ended(&game, win_text(request.ours), format!("the peer: {why}"));
                        return Ok((played, self.end_game(0)?));
                    }
                }
                DxpMessage::GameEnd { reason, stop } => {
                    let _ = self.send(&DxpMessage::GameEnd { reason: 0, stop });
                    let result = match reason {
                        1 => win_text(request.ours),
                        3 => win_text(request.ours.opponent()),
                        2 => "1/2-1/2",
                        _ => "*",
                    };
                    let played = ended(&game, result, format!("the peer ended it (E{reason})"));
                    return Ok((played, if stop { After::Stop } else { After::Next }));
                }
                DxpMessage::BackRequest { .. } => {
                    let _ = self.send(&DxpMessage::BackAccept { code: 1 });
                }
                _ => {}
            }
        }
    }

    /// bushka's move in `game`, on a clock with `left` for `moves_to_go` moves.
    fn think(
        &mut self,
        game: &GuiGame,
        left: Duration,
        moves_to_go: Option<u32>,
    ) -> Option<DescribedMove> {
        let limits = Limits {
            clock: Some(Clock {
                left,
                increment: Duration::ZERO,
                moves_to_go,
                opponent_left: Duration::ZERO,
            }),
            ..Limits::default()
        };
        let stop = Arc::new(AtomicBool::new(false));
        self.searcher
            .search(&game.analysis(), &limits, stop, |_| {})
            .ok()
            .and_then(|result| result.best)
    }

    /// Ends the game on bushka's turn with `reason`, willing to play on, and awaits
    /// the acknowledgement.
    fn end_game(&mut self, reason: u8) -> io::Result<After> {
        if self
            .send(&DxpMessage::GameEnd {
                reason,
                stop: false,
            })
            .is_err()
        {
            return Ok(After::Stop);
        }
        let deadline = Instant::now() + IDLE_WAIT;
        loop {
            match self.link.receive(deadline) {
                Ok(DxpMessage::GameEnd { stop, .. }) => {
                    return Ok(if stop { After::Stop } else { After::Next });
                }
                Ok(_) => {}
                Err(e) => {
                    self.note(&format!("no acknowledgement of the end: {e}"))?;
                    return Ok(After::Stop);
                }
            }
        }
    }
}

/// The result of a win for `winner`, from White's view.
fn win_text(winner: Colour) -> &'static str {
    match winner {
        Colour::White => "1-0",
        Colour::Black => "0-1",
    }
}

/// The DXP move of `mv`, which took `used`.
fn move_message(squares: &Squares, mv: &DescribedMove, used: Duration) -> DxpMessage {
    let number = |cell| squares.number(cell) as u8;
    let mut captured: Vec<u8> = mv.captured.iter().map(|&c| number(c)).collect();
    captured.sort_unstable();
    DxpMessage::Move {
        seconds: u16::try_from(used.as_secs()).unwrap_or(9999).min(9999),
        from: number(mv.from),
        to: number(mv.to),
        captured,
    }
}

/// A DXP move in Hub's notation (`32-28`, `28x19x23`), which the game reads; empty
/// for any other message.
fn message_move_text(message: &DxpMessage) -> String {
    match message {
        DxpMessage::Move {
            from, to, captured, ..
        } if captured.is_empty() => format!("{from}-{to}"),
        DxpMessage::Move {
            from, to, captured, ..
        } => {
            let mut text = format!("{from}x{to}");
            for c in captured {
                text.push_str(&format!("x{c}"));
            }
            text
        }
        _ => String::new(),
    }
}
