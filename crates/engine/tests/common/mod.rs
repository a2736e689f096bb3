//! Shared helpers for the engine tests: loading boards and playing matches.

#![allow(dead_code)]

use std::sync::Arc;

use bushka_engine::{End, PlayerSpec, play_out};
use bushka_geometry::Colour;
use bushka_rules::{Bits, Board, Game};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Loads a built-in variant.
pub fn geometry(name: &str) -> bushka_geometry::Geometry {
    match bushka_geometry::builtin(name) {
        Some(Ok(g)) => g,
        other => panic!("built-in {name} does not load: {other:?}"),
    }
}

/// A game after `plies` random legal moves from the start (seeded); retries other
/// seeds until the opening leaves the game running.
pub fn random_opening<B: Bits>(board: &Arc<Board<B>>, plies: usize, seed: u64) -> Game<B> {
    for attempt in 0.. {
        let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_mul(1000).wrapping_add(attempt));
        let mut game = Game::new(Arc::clone(board)).expect("a game starts");
        for _ in 0..plies {
            let moves = game.legal_moves().to_vec();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            if game.play(&mv).is_err() {
                break;
            }
        }
        if game.outcome().is_none() {
            return game;
        }
    }
    unreachable!()
}

/// Result of a match for the first spec: wins, draws (rule or ply limit), losses.
#[derive(Debug, Default, Clone, Copy)]
pub struct Score {
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
}

impl Score {
    /// Points per game for the first spec.
    pub fn ratio(&self) -> f64 {
        let games = (self.wins + self.draws + self.losses).max(1) as f64;
        (self.wins as f64 + 0.5 * self.draws as f64) / games
    }
}

/// Plays `games` games (pairs alternate colours over the same opening of
/// `opening` random plies; opening 0 starts from the start position).
pub fn duel<B: Bits>(
    board: &Arc<Board<B>>,
    first: &PlayerSpec,
    second: &PlayerSpec,
    games: usize,
    opening: usize,
    max_plies: usize,
) -> Score {
    let mut score = Score::default();
    for g in 0..games {
        let pair = (g / 2) as u64;
        let mut game = random_opening(board, opening, pair);
        let mut a = first.build(board, 2 * g as u64, None).expect("not human");
        let mut b = second
            .build(board, 2 * g as u64 + 1, None)
            .expect("not human");
        let first_is_white = g % 2 == 0;
        let end = if first_is_white {
            play_out(
                &mut game,
                a.as_mut(),
                b.as_mut(),
                max_plies,
                None,
                |_, _| {},
            )
        } else {
            play_out(
                &mut game,
                b.as_mut(),
                a.as_mut(),
                max_plies,
                None,
                |_, _| {},
            )
        }
        .expect("every position lists its moves");
        let first_colour = if first_is_white {
            Colour::White
        } else {
            Colour::Black
        };
        match end {
            End::Rule(o) if o.winner() == Some(first_colour) => score.wins += 1,
            End::Rule(o) if o.winner().is_some() => score.losses += 1,
            _ => score.draws += 1,
        }
    }
    score
}
