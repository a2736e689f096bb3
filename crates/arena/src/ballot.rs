//! Opening ballots: positions or lines of moves that open the games of a match, each
//! played twice with colours swapped. A ballot file has one a line: a position string
//! (`W:W31-50:B1-20`), or moves from the start position in the variant's notation
//! (`32-28 19-23`); blank lines and lines starting with `#` are skipped.

use std::sync::Arc;

use bushka_rules::{Bits, Board, Game};

use crate::error::ArenaError;

/// One opening ballot, with the line of its file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ballot {
    /// The line of the file (from 1).
    pub line: usize,
    /// A position string, or moves from the start position.
    pub text: String,
}

/// The ballots of a ballot file's text.
pub fn read_ballots(text: &str) -> Vec<Ballot> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .map(|(line, text)| Ballot {
            line,
            text: text.to_string(),
        })
        .collect()
}

impl Ballot {
    /// The game this ballot opens on `board`; the error names the line and what is wrong (a bad position, an illegal move, a line that
    /// ends the game).
    pub(crate) fn game<B: Bits>(&self, board: &Arc<Board<B>>) -> Result<Game<B>, ArenaError> {
        let err = |why: String| ArenaError::Ballot {
            line: self.line,
            why,
        };
        let game = if self.text.contains(':') {
            let pos = board
                .parse_position(&self.text)
                .map_err(|e| err(e.to_string()))?;
            Game::from_position(Arc::clone(board), pos).map_err(|e| err(e.to_string()))?
        } else {
            let mut game = Game::new(Arc::clone(board)).map_err(|e| err(e.to_string()))?;
            for text in self.text.split_whitespace() {
                let mv = board
                    .parse_move(game.position(), text)
                    .map_err(|e| err(e.to_string()))?;
                game.play(&mv).map_err(|e| err(e.to_string()))?;
            }
            game
        };
        if let Some(outcome) = game.outcome() {
            return Err(err(format!(
                "the game is already over ({})",
                outcome.result_text()
            )));
        }
        Ok(game)
    }
}
