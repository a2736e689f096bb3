//! Players that choose moves for a game in progress: what every player answers
//! ([`Chooser`]), how a player can fail ([`Fault`]), and the built-in players.

use std::sync::Arc;

use bushka_rules::{Bits, Board, Game, Move};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::clock::Turn;
use crate::end::{End, Fault};
use crate::limits::Limits;
use crate::score::MATE_BOUND;
use crate::search::Searcher;

/// Something that picks a move for the side to move of a game.
pub trait Chooser<B: Bits>: Send {
    /// A short name for records and reports.
    fn name(&self) -> String;

    /// The answer for the side to move of `game` (a game going on), within the time
    /// `turn` gives: a legal move, or the end of the game. A player in another program
    /// fails with a [`Fault`] (it crashed, answered nothing in time, wrote garbage or
    /// an illegal move), and then loses the game.
    fn choose(&mut self, game: &Game<B>, turn: &Turn) -> Result<Answer<B>, Fault>;

    /// The game ended: a player in another program is told so (one connected for
    /// several games ends this one); the built-in players have nothing to do.
    fn game_over(&mut self, game: &Game<B>, end: &End) {
        let _ = (game, end);
    }
}

/// What a player answers when asked to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer<B: Bits> {
    /// A legal move.
    Move(Move<B>),
    /// It resigns (or found no move).
    Resign,
    /// It ends the game without a result the rules give (a DXP program's game end
    /// other than giving up, as at the move limit of its time control): scored as a
    /// draw by agreement.
    EndDrawn,
}

impl<B: Bits> Answer<B> {
    /// A move, or a resignation when there is none.
    pub fn from_move(mv: Option<Move<B>>) -> Answer<B> {
        mv.map_or(Answer::Resign, Answer::Move)
    }
}

/// Plays uniformly random legal moves from a seeded generator.
#[derive(Debug, Clone)]
pub struct Random {
    rng: ChaCha8Rng,
    seed: u64,
}

impl Random {
    /// A random player with a seed.
    pub fn new(seed: u64) -> Random {
        Random {
            rng: ChaCha8Rng::seed_from_u64(seed),
            seed,
        }
    }
}

impl<B: Bits> Chooser<B> for Random {
    fn name(&self) -> String {
        format!("random:seed={}", self.seed)
    }

    fn choose(&mut self, game: &Game<B>, _: &Turn) -> Result<Answer<B>, Fault> {
        let moves = game.legal_moves();
        Ok(Answer::from_move(
            (!moves.is_empty()).then(|| moves[self.rng.random_range(0..moves.len())]),
        ))
    }
}

/// Takes the most material it can right now; random among equals.
#[derive(Debug, Clone)]
pub struct Greedy {
    rng: ChaCha8Rng,
}

impl Greedy {
    /// A greedy player with a seed for its tie-breaks.
    pub fn new(seed: u64) -> Greedy {
        Greedy {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl<B: Bits> Chooser<B> for Greedy {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose(&mut self, game: &Game<B>, _: &Turn) -> Result<Answer<B>, Fault> {
        let pos = game.position();
        let them = pos.side().opponent();
        let values = game.board().geometry().values();
        let gain = |mv: &Move<B>| {
            let kings = (mv.captured & pos.kings(them)).count() as i32;
            let men = mv.captured.count() as i32 - kings;
            men * values.man
                + kings * values.king
                + if mv.promotes {
                    values.king - values.man
                } else {
                    0
                }
        };
        let moves = game.legal_moves();
        let Some(best) = moves.iter().map(gain).max() else {
            return Ok(Answer::Resign);
        };
        let top: Vec<&Move<B>> = moves.iter().filter(|m| gain(m) == best).collect();
        Ok(Answer::Move(*top[self.rng.random_range(0..top.len())]))
    }
}

/// The searching engine with its limits and its variety: after the search, it plays
/// a seeded random choice among the moves that score within `margin` of the best.
#[derive(Debug)]
pub struct Engine<B: Bits> {
    searcher: Searcher<B>,
    limits: Limits,
    margin: i32,
    rng: ChaCha8Rng,
    label: String,
}

impl<B: Bits> Engine<B> {
    /// An engine for `board` with search limits and a table of `tt_mib` MiB that always
    /// plays its best move.
    pub fn new(board: Arc<Board<B>>, limits: Limits, tt_mib: usize, label: String) -> Engine<B> {
        Engine {
            searcher: Searcher::new(board, tt_mib),
            limits,
            margin: 0,
            rng: ChaCha8Rng::seed_from_u64(0),
            label,
        }
    }

    /// Plays a random move (from `seed`) among those within `margin` centi-men of the
    /// best, so that games differ; a margin of 0 always plays the best move.
    pub fn with_variety(mut self, margin: i32, seed: u64) -> Engine<B> {
        self.margin = margin.max(0);
        self.rng = ChaCha8Rng::seed_from_u64(seed);
        self
    }

    /// Its move for `game` within `limits`: the best, or with a margin a random one
    /// among the near-best.
    fn best_move(&mut self, game: &Game<B>, limits: &Limits) -> Option<Move<B>> {
        let result = self.searcher.search_game(game, limits, |_| {});
        let best = result.best?;
        let Some(last) = result
            .last
            .filter(|it| self.margin > 0 && it.score.abs() < MATE_BOUND)
        else {
            return Some(best);
        };
        let near = self.searcher.root_moves_at_least(
            game,
            last.depth,
            last.score - self.margin,
            &limits.share(VARIETY_SHARE),
        );
        if near.is_empty() {
            return Some(best);
        }
        Some(near[self.rng.random_range(0..near.len())])
    }

    /// The searcher (for hints and evaluations).
    pub fn searcher(&mut self) -> &mut Searcher<B> {
        &mut self.searcher
    }
}

impl<B: Bits> Chooser<B> for Engine<B> {
    fn name(&self) -> String {
        self.label.clone()
    }

    fn choose(&mut self, game: &Game<B>, turn: &Turn) -> Result<Answer<B>, Fault> {
        let limits = self.limits.for_turn(turn);
        Ok(Answer::from_move(self.best_move(game, &limits)))
    }
}

/// The choice among near-best moves may search for at most this fraction (one in
/// `VARIETY_SHARE`) of the move's limits on top of them, so an engine with a margin
/// keeps within 1.25 times its node and time limits.
const VARIETY_SHARE: u32 = 4;
