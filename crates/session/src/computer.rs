//! The computer's part in a session: its players (which a stop flag can interrupt),
//! and the searcher that gives hints and judges draw offers.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use bushka_engine::{Chooser, Engine, Limits, PlayerSpec, Searcher};
use bushka_geometry::Colour;
use bushka_rules::{Bits, Board, Game, Move};

/// How long a hint searches, and a random or greedy player judges a draw offer.
pub const HINT_TIME: Duration = Duration::from_secs(1);

/// Transposition table size for hints and draw offers, in MiB.
const ANALYST_MIB: usize = 32;

/// A computer player of one side.
pub(crate) enum Computer<B: Bits> {
    /// The searching engine, which a stop flag can interrupt (boxed: it is large).
    Engine(Box<Engine<B>>),
    /// A player that answers at once (random, greedy).
    Instant(Box<dyn Chooser<B>>),
}

impl<B: Bits> Computer<B> {
    /// The computer player of `spec`; `None` for a human. A spec without a seed of its
    /// own (`seed` 0) takes `session_seed`, so that sessions differ; a spec that names
    /// a seed plays the same way every time.
    pub(crate) fn build(
        spec: PlayerSpec,
        board: &Arc<Board<B>>,
        session_seed: u64,
    ) -> Option<Computer<B>> {
        let own_seed = match spec {
            PlayerSpec::Random { seed } | PlayerSpec::Greedy { seed } => seed,
            PlayerSpec::Engine { seed, .. } => seed,
            PlayerSpec::Human => 0,
        };
        let offset = if own_seed == 0 { session_seed } else { 0 };
        match spec {
            PlayerSpec::Human => None,
            PlayerSpec::Engine { seed, .. } => spec
                .engine_for(board, seed.wrapping_add(offset))
                .map(|e| Computer::Engine(Box::new(e))),
            _ => spec.build(board, offset).map(Computer::Instant),
        }
    }

    /// The move it chooses for the side to move of `game`; an engine search ends
    /// early, with the best move found so far, when `stop` is raised.
    pub(crate) fn choose(&mut self, game: &Game<B>, stop: Arc<AtomicBool>) -> Option<Move<B>> {
        match self {
            Computer::Engine(engine) => {
                engine.searcher().set_stop_flag(stop);
                engine.choose(game)
            }
            Computer::Instant(player) => player.choose(game),
        }
    }
}

/// A computer player taken out of its session to choose a move away from it (on
/// another thread, say), so that the session stays free to answer questions, take a
/// resignation or an undo meanwhile. Made by [`Session::start_thinking`](crate::Session::start_thinking),
/// given back with [`Session::finish_thinking`](crate::Session::finish_thinking).
pub struct Thinking<B: Bits> {
    pub(crate) side: Colour,
    pub(crate) game: Game<B>,
    pub(crate) computer: Computer<B>,
}

impl<B: Bits> Thinking<B> {
    /// The side the computer plays.
    pub fn side(&self) -> Colour {
        self.side
    }

    /// Chooses the move (blocking for as long as the player searches; raising `stop`
    /// ends an engine's search early with the best move found so far).
    pub fn choose(&mut self, stop: Arc<AtomicBool>) -> Option<Move<B>> {
        self.computer.choose(&self.game, stop)
    }
}

/// A suggested move.
#[derive(Debug, Clone)]
pub struct Hint<B: Bits> {
    /// The move.
    pub mv: Move<B>,
    /// Its notation.
    pub text: String,
    /// The depth of the last completed iteration.
    pub depth: u32,
    /// The score for the side to move, in centi-men or a mate score (see
    /// [`bushka_engine::score_text`]).
    pub score: i32,
}

/// The searcher behind hints and draw judgements, made when first needed.
pub(crate) struct Analyst<B: Bits> {
    searcher: Option<Searcher<B>>,
}

impl<B: Bits> Analyst<B> {
    /// An analyst with no searcher yet.
    pub(crate) fn new() -> Analyst<B> {
        Analyst { searcher: None }
    }

    fn searcher(&mut self, board: &Arc<Board<B>>) -> &mut Searcher<B> {
        self.searcher
            .get_or_insert_with(|| Searcher::new(Arc::clone(board), ANALYST_MIB))
    }

    /// The best move of `game`'s side to move within `limits`.
    pub(crate) fn hint(
        &mut self,
        game: &Game<B>,
        limits: &Limits,
        stop: Arc<AtomicBool>,
    ) -> Option<Hint<B>> {
        let searcher = self.searcher(game.board());
        searcher.set_stop_flag(stop);
        let result = searcher.search_game(game, limits, |_| {});
        let (mv, last) = (result.best?, result.last?);
        let board = game.board();
        Some(Hint {
            text: board.move_text(game.position(), &mv, game.legal_moves()),
            mv,
            depth: last.depth,
            score: last.score,
        })
    }

    /// How the opponent of `game`'s side to move judges the position, from its own
    /// view, and whether it counts as even (within a quarter of a man).
    pub(crate) fn judge(
        &mut self,
        game: &Game<B>,
        limits: &Limits,
        stop: Arc<AtomicBool>,
    ) -> (i32, bool) {
        let searcher = self.searcher(game.board());
        searcher.set_stop_flag(stop);
        let even = searcher.evaluator().man_value() / 4;
        let result = searcher.search_game(game, limits, |_| {});
        // The score is from the side to move's view; the opponent sees its negation.
        let theirs = result.last.map_or(0, |it| -it.score);
        (theirs, theirs.abs() <= even)
    }
}

/// The limits a computer of `spec` judges a draw offer with.
pub(crate) fn judging_limits(spec: PlayerSpec) -> Limits {
    match spec {
        PlayerSpec::Engine { limits, .. } => limits,
        _ => Limits::movetime(HINT_TIME),
    }
}
