//! Playing games between players: the loop shared by `play`, `match` and `compare`.

use bushka_geometry::Colour;
use bushka_rules::{Bits, Game, GameError, Move, Outcome};

use crate::player::Chooser;

/// How a played-out game stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// By a rule of the game (no legal move, repetition, agreement, resignation).
    Rule(Outcome),
    /// The match's ply limit was reached (scored as a draw by the match).
    PlyLimit,
}

impl End {
    /// The winner, if any.
    pub fn winner(&self) -> Option<Colour> {
        match self {
            End::Rule(outcome) => outcome.winner(),
            End::PlyLimit => None,
        }
    }
}

/// Plays `game` on until it ends or `max_plies` plies have been played in total,
/// asking `white` and `black` for moves; `on_move` sees each move before it is played.
/// Fails when a move leads to a position whose moves the game cannot list
/// ([`GameError::Unlisted`]: a hostile board); the game then stands before that move.
pub fn play_out<B: Bits>(
    game: &mut Game<B>,
    white: &mut dyn Chooser<B>,
    black: &mut dyn Chooser<B>,
    max_plies: usize,
    mut on_move: impl FnMut(&Game<B>, &Move<B>),
) -> Result<End, GameError> {
    loop {
        if let Some(outcome) = game.outcome() {
            return Ok(End::Rule(outcome));
        }
        if game.moves().len() >= max_plies {
            return Ok(End::PlyLimit);
        }
        let chooser: &mut dyn Chooser<B> = match game.position().side() {
            Colour::White => white,
            Colour::Black => black,
        };
        let Some(mv) = chooser.choose(game) else {
            unreachable!("a game that is not over has a legal move")
        };
        on_move(game, &mv);
        game.play(&mv)?;
    }
}
