//! A game in play on the server: its session and clocks, written to the store as each
//! change happens, and announced to every browser watching it.

use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use bushka_engine::End;
use bushka_geometry::Colour;
use bushka_rules::{Outcome, WinReason};
use bushka_session::Session;
use bushka_store::{Change, Ending, Store, StoredMove};
use tokio::sync::watch;

use crate::clock::Clock;
use crate::error::ApiError;

/// Wall-clock milliseconds since 1970 (what clocks and the store count in).
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// A game's session and clocks, with what of it the store holds.
pub struct Live {
    /// The game.
    pub session: Session,
    /// Its clocks (games between people may have them).
    pub clock: Option<Clock>,
    /// The game's public id (its row in the store).
    id: String,
    store: Arc<Store>,
    /// Moves the store holds.
    stored: usize,
    /// Whether a write failed, so that the next one rewrites every move.
    dirty: bool,
    /// Changes so far: the id of the live updates' events.
    version: u64,
    events: watch::Sender<u64>,
}

/// What a change is told by: a move played or taken back, an end, an offer.
#[derive(Debug, PartialEq, Eq)]
struct Mark {
    plies: usize,
    end: Option<End>,
    draw_offer: Option<Colour>,
    undo_request: Option<Colour>,
}

impl Live {
    /// A live game whose store row (with `stored` moves, at `version`) is written.
    pub fn new(
        session: Session,
        clock: Option<Clock>,
        (id, store): (String, Arc<Store>),
        stored: usize,
        version: u64,
    ) -> Live {
        Live {
            session,
            clock,
            id,
            store,
            stored,
            dirty: false,
            version,
            events: watch::Sender::new(version),
        }
    }

    /// A receiver of the game's versions: it sees every change (the latest, when
    /// changes come faster than it reads).
    pub fn subscribe(&self) -> watch::Receiver<u64> {
        self.events.subscribe()
    }

    /// The number of changes so far.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// Whether a clock runs (the game may end on time while nobody looks).
    pub fn ticking(&self) -> bool {
        self.session.end().is_none()
            && self
                .clock
                .is_some_and(|c| c.state.running_since_ms.is_some())
    }

    /// When the side to move's clock runs out, if it runs.
    pub fn deadline(&self) -> Option<i64> {
        if self.session.end().is_some() {
            return None;
        }
        self.clock?.deadline(self.session.side_to_move())
    }

    fn mark(&self) -> Mark {
        Mark {
            plies: self.session.plies(),
            end: self.session.end(),
            draw_offer: self.session.draw_offer(),
            undo_request: self.session.undo_request(),
        }
    }

    /// Runs `change` on the session, with the clocks settled first (a flag that has
    /// fallen ends the game instead, and the change is refused); stores and announces
    /// whatever changed.
    pub fn act<T>(
        &mut self,
        change: impl FnOnce(&mut Session) -> Result<T, ApiError>,
    ) -> Result<T, ApiError> {
        let now = now_ms();
        let before = self.mark();
        let out = match self.tick(now) {
            Ok(()) => change(&mut self.session),
            Err(flagged) => Err(flagged),
        };
        self.after(&before, now);
        out
    }

    /// Charges the running clock up to `now`; a spent clock loses the game.
    fn tick(&mut self, now: i64) -> Result<(), ApiError> {
        let Some(clock) = &mut self.clock else {
            return Ok(());
        };
        if self.session.end().is_some() {
            return Ok(());
        }
        let side = self.session.side_to_move();
        clock.settle(side, now);
        if !clock.flagged(side) {
            return Ok(());
        }
        let outcome = self.session.lose_on_time(side)?;
        Err(ApiError::rejected(format!("{outcome}.")))
    }

    fn after(&mut self, before: &Mark, now: i64) {
        let after = self.mark();
        if after == *before {
            return;
        }
        if let Some(clock) = &mut self.clock {
            let mover = (after.plies == before.plies + 1)
                .then(|| self.session.last_ply().map(|p| p.side))
                .flatten();
            let running = after.end.is_none() && after.plies > 0;
            clock.restart(mover, running, now);
        }
        self.commit(now);
    }

    /// After a restart: charges the running clock up to the server's last heartbeat
    /// and restarts it now (time while the server was down is charged to nobody), and
    /// stores that.
    pub fn resume_clock(&mut self, alive: Option<i64>) {
        let side = self.session.side_to_move();
        if let Some(clock) = &mut self.clock
            && self.session.end().is_none()
            && clock.state.running_since_ms.is_some()
        {
            let now = now_ms();
            clock.resume(side, alive, now);
            self.commit(now);
        }
    }

    /// Writes what the store does not hold yet (a new game's moves) and announces it.
    pub fn save(&mut self) {
        self.commit(now_ms());
    }

    /// Writes the change to the store (every move again, after a failed write) and
    /// announces it. A failed write is reported on the server's standard error and the
    /// game goes on; the next change rewrites it.
    fn commit(&mut self, now: i64) {
        let plies = self.session.plies();
        let (keep, moves) = if self.dirty || plies > self.stored + 1 {
            let keep = if self.dirty { 0 } else { self.stored };
            let history = self.session.history();
            (
                keep,
                history.into_iter().skip(keep).map(|p| p.mv.text).collect(),
            )
        } else if plies == self.stored + 1 {
            let last = self.session.last_ply().map(|p| p.mv.text);
            (self.stored, last.into_iter().collect())
        } else {
            (plies, Vec::new())
        };
        let moves: Vec<StoredMove> = moves
            .into_iter()
            .map(|text| StoredMove { text, at_ms: now })
            .collect();
        let end = self
            .session
            .end()
            .map(|end| ending(&self.session, end, now));
        self.version += 1;
        let change = Change {
            keep,
            moves: &moves,
            end: end.as_ref(),
            clock: self.clock.map(|c| c.state),
            version: self.version,
            at_ms: now,
        };
        match self.store.change(&self.id, &change) {
            Ok(()) => {
                self.stored = plies;
                self.dirty = false;
            }
            Err(e) => {
                eprintln!(
                    "bushka serve: game {}: a change was not stored: {e}",
                    self.id
                );
                self.dirty = true;
            }
        }
        self.events.send_replace(self.version);
    }
}

/// How `session` ended, as stored.
fn ending(session: &Session, end: End, now: i64) -> Ending {
    let flagged = match &end {
        End::Rule(Outcome::Win {
            winner,
            reason: WinReason::Time,
        }) => Some(winner.opponent()),
        _ => None,
    };
    let (result, text) = (end.result_text(), end.to_string());
    Ending {
        result: result.to_string(),
        text,
        flagged,
        record: session.record_text(),
        at_ms: now,
    }
}
