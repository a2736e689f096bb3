//! The computer's part in a session: its players (which a stop flag can interrupt),
//! the searcher that gives hints and judges draw offers, and how long they keep their
//! search memory.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use bushka_engine::{Answer, Chooser, Engine, Fault, Limits, PlayerSpec, Searcher, Turn};
use bushka_geometry::Colour;
use bushka_protocol::Roster;
use bushka_rules::{Bits, Board, Game};
use bushka_tablebase::Tablebases;

/// How long a hint searches, and a random or greedy player judges a draw offer.
pub const HINT_TIME: Duration = Duration::from_secs(1);

/// Transposition table size for hints and draw offers, in MiB.
const ANALYST_MIB: usize = 32;

/// How long a session's engines keep their search memory (the transposition table,
/// move ordering): what they learn in one search, later searches of the game use.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Memory {
    /// For the whole game: each search starts from what the game's earlier searches
    /// learnt, as engines play in `bushka match`. For a program that plays one game at
    /// a time (the terminal, an engine protocol).
    #[default]
    Game,
    /// For one search: every search starts afresh and gives its memory back when it
    /// ends, so a game waiting for a person holds none. For a server that holds many
    /// games: memory then grows with the searches running at once, not with the games.
    Search,
}

/// A computer player of one side.
pub(crate) enum Computer<B: Bits> {
    /// The searching engine, which a stop flag can interrupt (boxed: it is large).
    Engine(Box<Engine<B>>),
    /// A player that answers at once (random, greedy), or a program that speaks an
    /// engine protocol.
    Instant(Box<dyn Chooser<B>>),
}

impl<B: Bits> Computer<B> {
    /// The computer player of `spec`, probing `tables`; `None` for a human. A spec
    /// without a seed of its own (`seed` 0) takes `session_seed`, so that sessions
    /// differ; a spec that names a seed plays the same way every time. A program
    /// (`hub:`, `ugi:`, `dxp:`) is started now, and may fail to.
    pub(crate) fn build(
        spec: &PlayerSpec,
        board: &Arc<Board<B>>,
        session_seed: u64,
        tables: Option<Arc<Tablebases>>,
    ) -> Result<Option<Computer<B>>, String> {
        let own_seed = match *spec {
            PlayerSpec::Random { seed } | PlayerSpec::Greedy { seed } => seed,
            PlayerSpec::Engine { seed, .. } => seed,
            PlayerSpec::Human | PlayerSpec::External(_) => 0,
        };
        let offset = if own_seed == 0 { session_seed } else { 0 };
        Ok(match *spec {
            PlayerSpec::Human => None,
            PlayerSpec::Engine { seed, .. } => spec
                .engine_for(board, seed.wrapping_add(offset), tables)
                .map(|e| Computer::Engine(Box::new(e))),
            PlayerSpec::External(_) => {
                let roster = Roster::new(&[spec], None).map_err(|e| e.to_string())?;
                roster
                    .player(0, board, offset, None)
                    .map_err(|fault| format!("player `{spec}`: {fault}"))?
                    .map(Computer::Instant)
            }
            _ => spec.build(board, offset, None).map(Computer::Instant),
        })
    }

    /// The move it chooses for the side to move of `game`; an engine search ends
    /// early, with the best move found so far, when `stop` is raised, and keeps its
    /// memory as `memory` says.
    pub(crate) fn choose(
        &mut self,
        game: &Game<B>,
        stop: Arc<AtomicBool>,
        memory: Memory,
    ) -> Result<Answer<B>, Fault> {
        let turn = Turn::default();
        match self {
            Computer::Engine(engine) => {
                engine.searcher().set_stop_flag(stop);
                let choice = engine.choose(game, &turn);
                if memory == Memory::Search {
                    engine.searcher().free_memory();
                }
                choice
            }
            Computer::Instant(player) => player.choose(game, &turn),
        }
    }
}

/// A computer player taken out of its session with a copy of the game, to choose its
/// move away from the session.
pub(crate) struct Thinking<B: Bits> {
    pub(crate) side: Colour,
    pub(crate) game: Game<B>,
    pub(crate) computer: Computer<B>,
    pub(crate) memory: Memory,
}

impl<B: Bits> Thinking<B> {
    /// Chooses the move (blocking for as long as the player searches; raising `stop`
    /// ends an engine's search early with the best move found so far).
    pub(crate) fn choose(mut self, stop: Arc<AtomicBool>) -> Chosen<B> {
        let choice = self.computer.choose(&self.game, stop, self.memory);
        Chosen {
            thinking: self,
            choice,
        }
    }
}

/// A computer player that has chosen its move, resigned, ended the game, or failed
/// (a program that crashed, hung, or wrote garbage or an illegal move).
pub(crate) struct Chosen<B: Bits> {
    pub(crate) thinking: Thinking<B>,
    pub(crate) choice: Result<Answer<B>, Fault>,
}

/// A suggested move.
#[derive(Debug, Clone)]
pub struct Hint {
    /// Its notation.
    pub text: String,
    /// The depth of the last completed iteration.
    pub depth: u32,
    /// The score for the side to move, in centi-men or a mate score (see
    /// [`bushka_engine::score_text`]).
    pub score: i32,
}

/// The searcher behind hints and draw judgements, made when first needed; it keeps
/// its memory between searches as `memory` says.
pub(crate) struct Analyst<B: Bits> {
    searcher: Option<Searcher<B>>,
    memory: Memory,
}

impl<B: Bits> Analyst<B> {
    /// An analyst with no searcher yet.
    pub(crate) fn new(memory: Memory) -> Analyst<B> {
        Analyst {
            searcher: None,
            memory,
        }
    }

    fn searcher(&mut self, board: &Arc<Board<B>>) -> &mut Searcher<B> {
        self.searcher
            .get_or_insert_with(|| Searcher::new(Arc::clone(board), ANALYST_MIB))
    }

    /// Gives the searcher's memory back unless it is kept for the game.
    fn done(&mut self) {
        if let (Memory::Search, Some(searcher)) = (self.memory, &mut self.searcher) {
            searcher.free_memory();
        }
    }

    /// The best move of `game`'s side to move within `limits`.
    pub(crate) fn hint(
        &mut self,
        game: &Game<B>,
        limits: &Limits,
        stop: Arc<AtomicBool>,
    ) -> Option<Hint> {
        let searcher = self.searcher(game.board());
        searcher.set_stop_flag(stop);
        let result = searcher.search_game(game, limits, |_| {});
        self.done();
        let (mv, last) = (result.best?, result.last?);
        Some(Hint {
            text: game
                .board()
                .move_text(game.position(), &mv, game.legal_moves()),
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
        self.done();
        // The score is from the side to move's view; the opponent sees its negation.
        let theirs = result.last.map_or(0, |it| -it.score);
        (theirs, theirs.abs() <= even)
    }
}

/// The limits a computer of `spec` judges a draw offer with.
pub(crate) fn judging_limits(spec: &PlayerSpec) -> Limits {
    match *spec {
        PlayerSpec::Engine { limits, .. } => limits,
        _ => Limits::movetime(HINT_TIME),
    }
}
