//! Playing games between players: the loop shared by `play`, `match` and `compare`.

use std::time::{Duration, Instant};

use bushka_geometry::Colour;
use bushka_rules::{Bits, Game, GameError, Move};

use crate::clock::{Clocks, Timing, Turn};
use crate::end::{End, Fault, FaultKind};
use crate::player::{Answer, Chooser};

/// How the players' time is kept: the timing, and how far past its time an answer
/// may come (the time a message takes between programs) before it loses on time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timed {
    /// Clocks or a time per move.
    pub timing: Timing,
    /// The grace past a player's time.
    pub margin: Duration,
}

/// Plays `game` on until it ends or `max_plies` plies have been played in total,
/// asking `white` and `black` for moves, on clocks when `timed` says so;
/// `on_move` sees each move before it is played. A player that resigns loses; one
/// that fails or answers past its time loses by forfeit. Both players are told the
/// end. Fails when a move leads to a position whose moves the game cannot list
/// ([`GameError::Unlisted`]: a hostile board); the game then stands before that move.
pub fn play_out<B: Bits>(
    game: &mut Game<B>,
    white: &mut dyn Chooser<B>,
    black: &mut dyn Chooser<B>,
    max_plies: usize,
    timed: Option<&Timed>,
    mut on_move: impl FnMut(&Game<B>, &Move<B>),
) -> Result<End, GameError> {
    let mut clocks = timed.map(|t| Clocks::new(t.timing));
    let end = loop {
        if let Some(outcome) = game.outcome() {
            break End::Rule(outcome);
        }
        if game.moves().len() >= max_plies {
            break End::PlyLimit;
        }
        let side = game.position().side();
        let chooser: &mut dyn Chooser<B> = match side {
            Colour::White => &mut *white,
            Colour::Black => &mut *black,
        };
        let turn = clocks.as_ref().map_or(Turn::default(), |c| c.turn(side));
        let asked = Instant::now();
        let answer = chooser.choose(game, &turn);
        let used = asked.elapsed();
        let mv = match answer {
            Err(fault) => break End::Forfeit { loser: side, fault },
            Ok(Answer::Resign) => {
                game.resign(side);
                continue;
            }
            Ok(Answer::EndDrawn) => {
                game.agree_draw();
                continue;
            }
            Ok(Answer::Move(mv)) => mv,
        };
        if let (Some(clocks), Some(timed)) = (&mut clocks, timed)
            && let Err(flagged) = clocks.charge(side, used, timed.margin)
        {
            let fault = Fault::new(
                FaultKind::Time,
                format!(
                    "took {:.3} s, {:.3} s allowed",
                    flagged.used.as_secs_f64(),
                    flagged.allowed.as_secs_f64()
                ),
            );
            break End::Forfeit { loser: side, fault };
        }
        on_move(game, &mv);
        game.play(&mv)?;
    };
    white.game_over(game, &end);
    black.game_over(game, &end);
    Ok(end)
}
