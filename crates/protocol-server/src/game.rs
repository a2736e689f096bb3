//! The game a GUI sets up (a position and the moves played from it) as a session
//! between two people, its moves read and written in the protocol's notation.

use bushka_engine::PlayerSpec;
use bushka_geometry::ByColour;
use bushka_protocol::hub::dialect::Dialect;
use bushka_protocol::squares::{HUB_LETTERS, NumberedMove, Squares};
use bushka_session::{Analysis, DescribedMove, Opening, Session, Setup, Variant};

/// A game set up by a GUI.
pub struct GuiGame {
    session: Session,
    dialect: Dialect,
}

/// The squares of a described move.
fn numbered(squares: &Squares, mv: &DescribedMove) -> NumberedMove {
    NumberedMove::new(squares, mv.is_capture(), (mv.from, mv.to), &mv.captured)
}

/// `mv` written in `dialect`.
pub fn move_text(dialect: &Dialect, mv: &DescribedMove) -> String {
    match dialect {
        Dialect::Native(squares) => numbered(squares, mv).text(squares),
        Dialect::Bushka => mv.text.clone(),
    }
}

impl GuiGame {
    /// The start position of `variant`, written in `dialect`; fails on a start whose
    /// moves cannot be listed (a hostile board).
    pub fn new(variant: &Variant, dialect: Dialect) -> Result<GuiGame, String> {
        Ok(GuiGame {
            session: start(variant, None)?,
            dialect,
        })
    }

    /// The game from `position` (written in the dialect, or as a bushka position
    /// string; `None`: the start position), then `moves` played one by one. A bad
    /// position leaves the game as it was; a bad move keeps the moves before it. The
    /// error says what is wrong.
    pub fn set(&mut self, position: Option<&str>, moves: &[&str]) -> Result<(), String> {
        let variant = self.session.variant().clone();
        let text = match (position, &self.dialect) {
            (Some(p), Dialect::Native(squares)) if !p.contains(':') => Some(
                HUB_LETTERS
                    .read(squares, p)
                    .map_err(|why| format!("bad position: {why}"))?
                    .to_string(variant.geometry()),
            ),
            (p, _) => p.map(str::to_string),
        };
        self.session = start(&variant, text.as_deref())?;
        for text in moves {
            self.play(text)?;
        }
        Ok(())
    }

    /// Plays the move `text` names (in the dialect); the error says why it cannot.
    pub fn play(&mut self, text: &str) -> Result<(), String> {
        let notation = match &self.dialect {
            Dialect::Native(squares) => {
                let named =
                    NumberedMove::parse(squares, text).map_err(|why| format!("bad move: {why}"))?;
                let legal: Vec<(NumberedMove, String)> = self
                    .session
                    .legal_moves()
                    .iter()
                    .map(|mv| (numbered(squares, mv), mv.text.clone()))
                    .collect();
                named
                    .resolve(squares, legal.iter().map(|(n, t)| (n, t.clone())))
                    .map_err(|why| format!("illegal move: {why}"))?
            }
            Dialect::Bushka => text.to_string(),
        };
        self.session
            .play_text(&notation)
            .map(drop)
            .map_err(|e| format!("illegal move `{text}`: {e}"))
    }

    /// The game's dialect.
    pub fn dialect(&self) -> &Dialect {
        &self.dialect
    }

    /// The session of the game.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The position now, to search, with the game's history.
    pub fn analysis(&self) -> Analysis {
        let plies = self.session.plies();
        self.session
            .analysis_at(plies)
            .unwrap_or_else(|| self.session.position().analysis())
    }
}

/// A session between two people on `variant` from `position` (a position string;
/// `None`: the start).
fn start(variant: &Variant, position: Option<&str>) -> Result<Session, String> {
    let setup = Setup::new(ByColour::new(PlayerSpec::Human, PlayerSpec::Human));
    let opening = position.map_or(Opening::Start, Opening::Position);
    Session::start(variant, opening, setup).map_err(|e| format!("bad position: {e}"))
}
