//! A program that speaks DXP, playing as a bushka player: bushka connects to it and
//! is the initiator, asking for each game with a game request that carries the
//! position the program joins at and the time control. A program serves one
//! connection, so a DXP spec names one address per game played at once; the
//! connections ([`DxpSeats`]) are kept between games.

use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

use bushka_engine::{Answer, Chooser, End, ExternalSpec, Fault, FaultKind, Timed, Timing, Turn};
use bushka_geometry::Colour;
use bushka_rules::{Bits, Board, Game, Move, Setup};

use crate::client::{Bounds, Limited};
use crate::dxp::link::{Link, LinkError};
use crate::dxp::message::DxpMessage;
use crate::hub::dialect::numbered;
use crate::squares::{DXP_LETTERS, NumberedMove, Squares};

/// The name bushka gives in its game requests.
pub const DXP_NAME: &str = "bushka";

/// How long the end of a game waits for the program's acknowledgement.
const END_WAIT: Duration = Duration::from_secs(10);

/// The time control of a game request: minutes per player for the game, and the
/// game's length in moves (0: no limit).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DxpTime {
    /// Minutes per player.
    pub minutes: u16,
    /// Moves in the game (0: no limit).
    pub moves: u16,
}

impl DxpTime {
    /// The game request's time control for games timed by `timed`: a clock of whole
    /// minutes without increment (its move count is the game's length, as DXP reads
    /// it), else the spec's `time` (minutes, default 10) and `moves` (default 0).
    pub fn of(spec: &ExternalSpec, timed: Option<&Timed>) -> Result<DxpTime, String> {
        let number = |key: &str, default: u64| {
            let n = spec.number(key).unwrap_or(default);
            u16::try_from(n)
                .ok()
                .filter(|&n| n <= 999)
                .ok_or_else(|| format!("`{key}={n}` is more than DXP's 999"))
        };
        match timed.map(|t| t.timing) {
            Some(Timing::Control(tc)) => {
                let seconds = tc.time.as_secs();
                if !tc.increment.is_zero()
                    || tc.time.subsec_nanos() != 0
                    || !seconds.is_multiple_of(60)
                    || !(60..=999 * 60).contains(&seconds)
                {
                    return Err(format!(
                        "DXP's time control is whole minutes with no increment, not `{tc}`"
                    ));
                }
                Ok(DxpTime {
                    minutes: (seconds / 60) as u16,
                    moves: tc.moves.map_or(Ok(0), |m| {
                        u16::try_from(m)
                            .ok()
                            .filter(|&m| m <= 999)
                            .ok_or_else(|| format!("{m} moves is more than DXP's 999"))
                    })?,
                })
            }
            _ => Ok(DxpTime {
                minutes: number("time", 10)?,
                moves: number("moves", 0)?,
            }),
        }
    }
}

/// One address of a DXP spec, with its connection when one is open.
#[derive(Debug)]
struct Seat {
    address: String,
    link: Option<Link>,
    busy: bool,
}

/// The connections to the programs of one DXP spec, one game at a time on each.
#[derive(Debug)]
pub struct DxpSeats {
    spec: ExternalSpec,
    time: DxpTime,
    seats: Mutex<Vec<Seat>>,
    freed: Condvar,
}

impl DxpSeats {
    /// The seats of `spec` for games timed by `timed`.
    pub fn new(spec: &ExternalSpec, timed: Option<&Timed>) -> Result<DxpSeats, String> {
        let time = DxpTime::of(spec, timed)?;
        let seats = spec
            .addresses()?
            .into_iter()
            .map(|address| Seat {
                address,
                link: None,
                busy: false,
            })
            .collect();
        Ok(DxpSeats {
            spec: spec.clone(),
            time,
            seats: Mutex::new(seats),
            freed: Condvar::new(),
        })
    }

    /// The spec.
    pub fn spec(&self) -> &ExternalSpec {
        &self.spec
    }

    /// Connects every seat that has no connection yet.
    pub fn connect_all(&self) -> Result<(), Fault> {
        let start = Bounds::of(&self.spec).start;
        let mut seats = self.seats.lock().unwrap_or_else(PoisonError::into_inner);
        for seat in seats.iter_mut().filter(|s| s.link.is_none()) {
            seat.link = Some(Link::connect(&seat.address, start).map_err(unavailable)?);
        }
        Ok(())
    }

    /// Takes a free seat, waiting for one, and its connection (opened if needed).
    fn take(self: &Arc<DxpSeats>) -> Result<(usize, Link), Fault> {
        let start = Bounds::of(&self.spec).start;
        let mut seats = self.seats.lock().unwrap_or_else(PoisonError::into_inner);
        let index = loop {
            if let Some(i) = seats.iter().position(|s| !s.busy) {
                break i;
            }
            seats = self
                .freed
                .wait(seats)
                .unwrap_or_else(PoisonError::into_inner);
        };
        seats[index].busy = true;
        let link = match seats[index].link.take() {
            Some(link) => Ok(link),
            None => Link::connect(&seats[index].address, start).map_err(unavailable),
        };
        if link.is_err() {
            seats[index].busy = false;
            self.freed.notify_one();
        }
        link.map(|link| (index, link))
    }

    /// Gives seat `index` back, with its connection when it can serve another game.
    fn give_back(&self, index: usize, link: Option<Link>) {
        let mut seats = self.seats.lock().unwrap_or_else(PoisonError::into_inner);
        seats[index].link = link;
        seats[index].busy = false;
        self.freed.notify_one();
    }
}

fn unavailable(error: LinkError) -> Fault {
    Fault::new(FaultKind::Unavailable, error.to_string())
}

/// The fault of a link that gave no message.
fn link_fault(error: LinkError) -> Fault {
    match error {
        LinkError::Closed | LinkError::Io(_) => Fault::new(FaultKind::Crashed, error.to_string()),
        LinkError::Timeout(_) => Fault::new(FaultKind::NoAnswer, error.to_string()),
        LinkError::Garbage(_) => Fault::new(FaultKind::Garbage, error.to_string()),
    }
}

/// A DXP program as the player of one game.
pub struct DxpPlayer<B: Bits> {
    seats: Arc<DxpSeats>,
    seat: usize,
    /// The connection; `None` once it cannot serve another game.
    link: Option<Link>,
    board: Arc<Board<B>>,
    squares: Squares,
    bounds: Bounds,
    limited: Limited,
    label: String,
    /// The side it plays, once its game request is accepted.
    side: Option<Colour>,
    /// The plies of the game it knows (its position is the game's after them).
    known: usize,
    /// Whether its game has ended on the connection.
    ended: bool,
}

impl<B: Bits> DxpPlayer<B> {
    /// A player on a free seat of `seats` (waiting for one) for a game on `board`,
    /// which must be International draughts' (numbered squares 1-50).
    pub fn start(seats: &Arc<DxpSeats>, board: &Arc<Board<B>>) -> Result<DxpPlayer<B>, Fault> {
        let squares = Squares::of(board.geometry())
            .filter(|s| s.count() == crate::dxp::message::DXP_SQUARES)
            .ok_or_else(|| {
                Fault::new(
                    FaultKind::Unavailable,
                    format!(
                        "DXP plays International draughts only, not `{}`",
                        board.geometry().meta().id
                    ),
                )
            })?;
        let (seat, link) = seats.take()?;
        Ok(DxpPlayer {
            seats: Arc::clone(seats),
            seat,
            link: Some(link),
            board: Arc::clone(board),
            squares,
            bounds: Bounds::of(&seats.spec),
            limited: Limited::of(&seats.spec),
            label: seats.spec.label(),
            side: None,
            known: 0,
            ended: false,
        })
    }

    fn link(&mut self) -> Result<&mut Link, Fault> {
        self.link
            .as_mut()
            .ok_or_else(|| Fault::new(FaultKind::Crashed, "the connection is closed"))
    }

    fn send(&mut self, message: &DxpMessage) -> Result<(), Fault> {
        let sent = self.link()?.send(message).map_err(link_fault);
        if sent.is_err() {
            self.link = None;
        }
        sent
    }

    fn receive(&mut self, deadline: Instant) -> Result<DxpMessage, Fault> {
        let received = self.link()?.receive(deadline).map_err(link_fault);
        if received.is_err() {
            self.link = None;
        }
        received
    }

    /// Asks for the game from `game`'s position, the program to move.
    fn request(&mut self, game: &Game<B>) -> Result<(), Fault> {
        let pos = game.position();
        let side = pos.side();
        let position = (*pos != self.board.start_position()).then(|| {
            let setup = Setup::of(&self.board, pos);
            (side, DXP_LETTERS.write_squares(&self.squares, &setup))
        });
        let time = self.seats.time;
        self.send(&DxpMessage::GameRequest {
            version: 1,
            name: DXP_NAME.into(),
            follower: side,
            minutes: time.minutes,
            moves: time.moves,
            position,
        })?;
        let deadline = Instant::now() + self.bounds.start;
        loop {
            // Left over from an earlier game: acknowledgements, chat.
            match self.receive(deadline)? {
                DxpMessage::GameAccept { code: 0, .. } => break,
                DxpMessage::GameAccept { code, .. } => {
                    return Err(Fault::new(
                        FaultKind::Unavailable,
                        format!("refused the game (acceptance code {code})"),
                    ));
                }
                _ => {}
            }
        }
        self.side = Some(side);
        self.known = game.moves().len();
        Ok(())
    }

    /// Sends the moves of `game` the program does not know yet.
    fn send_moves(&mut self, game: &Game<B>) -> Result<(), Fault> {
        for i in self.known..game.moves().len() {
            let mv = numbered(&self.squares, &self.board, &game.moves()[i]);
            let message = self.move_message(&mv);
            self.send(&message)?;
        }
        self.known = game.moves().len();
        Ok(())
    }

    fn move_message(&self, mv: &NumberedMove) -> DxpMessage {
        let square = |cell| self.squares.number(cell) as u8;
        DxpMessage::Move {
            seconds: 0,
            from: square(mv.from),
            to: square(mv.to),
            captured: mv.captured.iter().map(|&c| square(c)).collect(),
        }
    }

    /// The legal move of `game` a MOVE message names.
    fn read_move(
        &self,
        game: &Game<B>,
        from: u8,
        to: u8,
        captured: &[u8],
    ) -> Result<Move<B>, Fault> {
        let cell = |n: u8| {
            self.squares.cell(usize::from(n)).ok_or_else(|| {
                Fault::new(
                    FaultKind::Garbage,
                    format!("square {n} is not on the board"),
                )
            })
        };
        let captured = captured
            .iter()
            .map(|&n| cell(n))
            .collect::<Result<Vec<_>, _>>()?;
        let named = NumberedMove::new(
            &self.squares,
            !captured.is_empty(),
            (cell(from)?, cell(to)?),
            &captured,
        );
        let legal: Vec<(NumberedMove, &Move<B>)> = game
            .legal_moves()
            .iter()
            .map(|mv| (numbered(&self.squares, &self.board, mv), mv))
            .collect();
        // A MOVE lists every captured square, so it names one move at most.
        named
            .resolve(&self.squares, legal.iter().map(|(m, mv)| (m, *mv)))
            .copied()
            .map_err(|why| Fault::new(FaultKind::IllegalMove, why))
    }

    /// Acknowledges the program's end of the game.
    fn acknowledge(&mut self, stop: bool) -> Result<(), Fault> {
        self.ended = true;
        self.send(&DxpMessage::GameEnd { reason: 0, stop })?;
        if stop {
            // It wants no more games on this connection.
            self.link = None;
        }
        Ok(())
    }
}

impl<B: Bits> Chooser<B> for DxpPlayer<B> {
    fn name(&self) -> String {
        self.label.clone()
    }

    fn choose(&mut self, game: &Game<B>, turn: &Turn) -> Result<Answer<B>, Fault> {
        if self.side.is_none() {
            self.request(game)?;
        } else {
            self.send_moves(game)?;
        }
        let deadline = Instant::now() + self.bounds.answer(turn, &self.limited);
        loop {
            match self.receive(deadline)? {
                DxpMessage::Move {
                    from, to, captured, ..
                } => {
                    let mv = self.read_move(game, from, to, &captured)?;
                    self.known = game.moves().len() + 1;
                    return Ok(Answer::Move(mv));
                }
                DxpMessage::GameEnd { reason, stop } => {
                    self.acknowledge(stop)?;
                    return Ok(if reason == 1 {
                        Answer::Resign
                    } else {
                        Answer::EndDrawn
                    });
                }
                DxpMessage::BackRequest { .. } => {
                    // A match goes forward only.
                    self.send(&DxpMessage::BackAccept { code: 1 })?;
                }
                DxpMessage::Chat(_) | DxpMessage::BackAccept { .. } => {}
                message @ (DxpMessage::GameRequest { .. } | DxpMessage::GameAccept { .. }) => {
                    return Err(Fault::new(
                        FaultKind::Garbage,
                        format!("`{message}` in the middle of a game"),
                    ));
                }
            }
        }
    }

    fn game_over(&mut self, game: &Game<B>, end: &End) {
        let Some(side) = self.side else {
            return;
        };
        if self.ended || self.link.is_none() {
            return;
        }
        // The final position first, when a rule ended the game; then our end of it,
        // from our side: 1 we lose, 2 a draw, 3 we win, 0 no result (a match's limit).
        if matches!(end, End::Rule(_)) && self.send_moves(game).is_err() {
            return;
        }
        let reason = match (end, end.winner()) {
            (End::PlyLimit, _) => 0,
            (_, Some(winner)) if winner == side => 1,
            (_, Some(_)) => 3,
            (_, None) => 2,
        };
        self.ended = true;
        if self
            .send(&DxpMessage::GameEnd {
                reason,
                stop: false,
            })
            .is_err()
        {
            return;
        }
        let deadline = Instant::now() + END_WAIT;
        loop {
            match self.receive(deadline) {
                Ok(DxpMessage::GameEnd { stop, .. }) => {
                    if stop {
                        self.link = None;
                    }
                    return;
                }
                Ok(_) => {}
                Err(_) => return,
            }
        }
    }
}

impl<B: Bits> Drop for DxpPlayer<B> {
    fn drop(&mut self) {
        // A connection whose game did not end cleanly is closed, not reused.
        let reusable = self.ended || self.side.is_none();
        let link = self.link.take().filter(|_| reusable);
        self.seats.give_back(self.seat, link);
    }
}
