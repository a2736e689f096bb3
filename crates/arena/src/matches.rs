//! Matches: N games between two player specs, alternating colours.

use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use bushka_engine::{End, Fault, PlayerSpec, Timed};
use bushka_geometry::Colour;
use bushka_rules::{AnyBoard, Bits, Board, Game, Record, with_board};
use bushka_tablebase::Tablebases;
use serde::Serialize;

use crate::ballot::Ballot;
use crate::compare::DEFAULT_MAX_PLIES;
use crate::error::ArenaError;
use crate::play::{
    self, FIRST, GameStats, OPENING, Opening, SECOND, Seat, Termination, derive_seed,
};
use crate::resume::{self, SavedGame};
use crate::score::Score;
use crate::sprt::{Pentanomial, Sprt, SprtStatus};

/// What to play.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchConfig {
    /// The first spec: White in even-numbered games (0, 2, ...), Black in odd ones.
    pub first: PlayerSpec,
    /// The second spec.
    pub second: PlayerSpec,
    /// Games to play (under an SPRT, the most games played).
    pub games: usize,
    /// Plies after which a game stops and is scored as a draw (the opening included).
    pub max_plies: usize,
    /// The seed every game's seeds derive from.
    pub seed: u64,
    /// Random plies that open each pair of games (the same for both colour orders),
    /// after the ballot's.
    pub random_opening: usize,
    /// Opening ballots: pair `i` of games (both colour orders) starts from ballot
    /// `i` (cycling through them); none: every game starts at the start position.
    pub ballots: Vec<Ballot>,
    /// Clocks, or a time per move, for every player; none: the players' own limits.
    pub timed: Option<Timed>,
    /// Threads; `None` for all cores.
    pub threads: Option<usize>,
    /// When set, every game is kept as a game record with these tags first (then
    /// `Round`, `White`, `Black`, `Termination`, `Opening` after an opening and
    /// `TimeControl` when timed).
    pub record_tags: Option<Vec<(String, String)>>,
    /// A sequential test that ends the match once its pairs of games decide it.
    pub sprt: Option<Sprt>,
}

impl MatchConfig {
    /// `games` games between `first` and `second`, with the default ply limit, seed 0,
    /// no random opening, all cores and no records.
    pub fn new(first: PlayerSpec, second: PlayerSpec, games: usize) -> MatchConfig {
        MatchConfig {
            first,
            second,
            games,
            max_plies: DEFAULT_MAX_PLIES,
            seed: 0,
            random_opening: 0,
            ballots: Vec::new(),
            timed: None,
            threads: None,
            record_tags: None,
            sprt: None,
        }
    }
}

/// A result from one player's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    /// Won.
    Win,
    /// Drawn (a ply-limit adjudication included).
    Draw,
    /// Lost.
    Loss,
}

/// One game of a match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchGame {
    /// Game index, from 0.
    pub index: usize,
    /// Whether the first spec had White.
    pub first_is_white: bool,
    /// What the game measured (ending, length, captures...).
    pub stats: GameStats,
    /// The game record, when the match keeps them.
    pub record: Option<String>,
    /// What the loser of a forfeit did wrong.
    pub fault: Option<Fault>,
}

impl MatchGame {
    /// The colour of the first spec.
    pub fn first_colour(&self) -> Colour {
        if self.first_is_white {
            Colour::White
        } else {
            Colour::Black
        }
    }

    /// How the game ended, in words: the termination, and for a forfeit the side at
    /// fault and what it did.
    pub fn reason(&self) -> String {
        match (&self.fault, self.stats.winner) {
            (Some(fault), Some(winner)) => {
                format!("forfeit by {}: {fault}", winner.opponent().name())
            }
            _ => self.stats.termination.describe().to_string(),
        }
    }

    /// The result for the first spec.
    pub fn first_result(&self) -> GameResult {
        match self.stats.winner {
            None => GameResult::Draw,
            Some(w) if w == self.first_colour() => GameResult::Win,
            Some(_) => GameResult::Loss,
        }
    }

    /// The first spec's points in half points: 2 for a win, 1 for a draw.
    fn first_half_points(&self) -> usize {
        match self.first_result() {
            GameResult::Win => 2,
            GameResult::Draw => 1,
            GameResult::Loss => 0,
        }
    }
}

/// The pentanomial tally of the pairs among `games` (in index order, from 0): games
/// `2k` and `2k + 1` share an opening; a last game without its pair is left out.
fn pairs_of(games: &[MatchGame]) -> Pentanomial {
    let mut pairs = Pentanomial::default();
    for pair in games.chunks_exact(2) {
        pairs.add(pair[0].first_half_points() + pair[1].first_half_points());
    }
    pairs
}

/// Wins, draws and losses.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// Wins.
    pub wins: usize,
    /// Draws (ply-limit adjudications included).
    pub draws: usize,
    /// Losses.
    pub losses: usize,
}

impl Tally {
    fn add(&mut self, result: GameResult) {
        match result {
            GameResult::Win => self.wins += 1,
            GameResult::Draw => self.draws += 1,
            GameResult::Loss => self.losses += 1,
        }
    }

    /// Games counted.
    pub fn games(&self) -> usize {
        self.wins + self.draws + self.losses
    }

    /// The score of the tally.
    pub fn score(&self) -> Score {
        Score::new(self.wins, self.draws, self.losses)
    }
}

/// The outcome of a match, from the first spec's point of view.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchReport {
    /// The variant's id.
    pub variant: String,
    /// The first spec, as text.
    pub first: String,
    /// The second spec, as text.
    pub second: String,
    /// The settings played with.
    pub config: MatchConfig,
    /// Every game, in index order.
    pub games: Vec<MatchGame>,
    /// The first spec's wins, draws and losses.
    pub total: Tally,
    /// ... in the games where it had White.
    pub as_white: Tally,
    /// ... in the games where it had Black.
    pub as_black: Tally,
    /// The first spec's wins by the opponent having no legal move.
    pub wins_no_legal_move: usize,
    /// The first spec's wins by resignation.
    pub wins_resignation: usize,
    /// The first spec's losses by having no legal move.
    pub losses_no_legal_move: usize,
    /// The first spec's losses by resignation.
    pub losses_resignation: usize,
    /// The first spec's wins by the other's forfeit.
    pub wins_forfeit: usize,
    /// The first spec's losses by forfeit.
    pub losses_forfeit: usize,
    /// Draws by repetition.
    pub draws_repetition: usize,
    /// Draws by agreement.
    pub draws_agreement: usize,
    /// Draws by the run of king moves without capture (draughts).
    pub draws_king_moves: usize,
    /// Draws by the count of moves in a lone king's endgame (draughts).
    pub draws_lone_king: usize,
    /// Games stopped at the ply limit (scored as draws).
    pub ply_limit_adjudications: usize,
    /// Games won by White, whoever had it.
    pub white_wins: usize,
    /// Games won by Black.
    pub black_wins: usize,
    /// The first spec's score.
    pub score: Score,
    /// The sequential test, where the match ran one: its pairs, ratio and verdict.
    pub sprt: Option<SprtStatus>,
}

impl MatchReport {
    /// The machine-readable last line: `score W-D-L` for the first spec.
    pub fn summary_line(&self) -> String {
        format!(
            "score {}-{}-{}",
            self.total.wins, self.total.draws, self.total.losses
        )
    }

    fn tally(variant: String, config: &MatchConfig, games: Vec<MatchGame>) -> MatchReport {
        let mut report = MatchReport {
            variant,
            first: config.first.to_string(),
            second: config.second.to_string(),
            config: config.clone(),
            games: Vec::new(),
            total: Tally::default(),
            as_white: Tally::default(),
            as_black: Tally::default(),
            wins_no_legal_move: 0,
            wins_resignation: 0,
            losses_no_legal_move: 0,
            losses_resignation: 0,
            wins_forfeit: 0,
            losses_forfeit: 0,
            draws_repetition: 0,
            draws_agreement: 0,
            draws_king_moves: 0,
            draws_lone_king: 0,
            ply_limit_adjudications: 0,
            white_wins: 0,
            black_wins: 0,
            score: Score::new(0, 0, 0),
            sprt: None,
        };
        for game in &games {
            let result = game.first_result();
            report.total.add(result);
            if game.first_is_white {
                report.as_white.add(result);
            } else {
                report.as_black.add(result);
            }
            match game.stats.winner {
                Some(Colour::White) => report.white_wins += 1,
                Some(Colour::Black) => report.black_wins += 1,
                None => {}
            }
            let counter = match (game.stats.termination, result) {
                (Termination::NoLegalMove, GameResult::Win) => &mut report.wins_no_legal_move,
                (Termination::Resignation, GameResult::Win) => &mut report.wins_resignation,
                (Termination::Forfeit, GameResult::Win) => &mut report.wins_forfeit,
                (Termination::NoLegalMove, _) => &mut report.losses_no_legal_move,
                (Termination::Resignation, _) => &mut report.losses_resignation,
                (Termination::Forfeit, _) => &mut report.losses_forfeit,
                (Termination::Repetition, _) => &mut report.draws_repetition,
                (Termination::Agreement, _) => &mut report.draws_agreement,
                (Termination::KingMoves, _) => &mut report.draws_king_moves,
                (Termination::LoneKing, _) => &mut report.draws_lone_king,
                (Termination::PlyLimit, _) => &mut report.ply_limit_adjudications,
            };
            *counter += 1;
        }
        report.score = report.total.score();
        report.sprt = config
            .sprt
            .map(|sprt| SprtStatus::of(sprt, pairs_of(&games)));
        report.games = games;
        report
    }
}

/// Plays a match on `board`. `saved` are games of this match kept by an earlier run
/// (their records, as it wrote them): each is checked to be the record this match
/// writes for its game, is taken instead of playing that game, and is reported like
/// a played one. `on_game` is called (from the worker threads) as each
/// game finishes, for progress reports (a game read back, before play starts);
/// under an SPRT, as each game is counted, in index order. The report is the same for the same board and config whatever the
/// number of threads, as long as the players do not play on the clock nor search on
/// several threads. Programs
/// (`hub:`, `ugi:`, `dxp:` specs) are started once before the first game, so that one
/// that cannot play fails the match at once; when every game is read back, none is
/// started.
pub fn run_match(
    board: &AnyBoard,
    config: &MatchConfig,
    saved: &[SavedGame],
    on_game: &(dyn Fn(&MatchGame) + Sync),
) -> Result<MatchReport, ArenaError> {
    play::automated(&config.first)?;
    play::automated(&config.second)?;
    let variant = board.geometry().meta().id.clone();
    let tables = play::open_tables(&[&config.first, &config.second], board.geometry())?;
    let games = play::in_pool(
        config.threads,
        || with_board!(board, b => play_all(b, (config, &tables), saved, on_game)),
    )??;
    Ok(MatchReport::tally(variant, config, games))
}

/// The first and second spec's endgame tables.
type SpecTables = [Option<Arc<Tablebases>>];

fn play_all<B: Bits>(
    board: &Arc<Board<B>>,
    (config, tables): (&MatchConfig, &SpecTables),
    saved: &[SavedGame],
    on_game: &(dyn Fn(&MatchGame) + Sync),
) -> Result<Vec<MatchGame>, ArenaError> {
    let starts = if config.ballots.is_empty() {
        vec![play::start_game(board)?]
    } else {
        config
            .ballots
            .iter()
            .map(|ballot| ballot.game(board))
            .collect::<Result<_, _>>()?
    };
    // A match read back whole plays no game, so its programs need not be there.
    let specs = [&config.first, &config.second];
    let every_game_saved =
        (0..config.games).all(|index| saved.iter().any(|game| game.index == index));
    let roster = if every_game_saved {
        play::unstarted_roster(&specs, config.timed.as_ref())?
    } else {
        play::roster(&specs, board, config.timed.as_ref())?
    };
    let context = Context {
        config,
        tables,
        roster: &roster,
        starts: &starts,
    };
    let resumed = saved
        .iter()
        .filter(|game| game.index < config.games)
        .map(|game| resume::read_back(&context, game))
        .collect::<Result<Vec<_>, _>>()?;
    play_in_order(&context, resumed, on_game)
}

/// Plays the games on the pool's threads, each taking the next game not yet begun,
/// and returns them in index order. Under an SPRT, the games are counted in index
/// order, a pair at a time; the first pair that decides the test ends the match, and
/// games begun after it are dropped, so the games kept do not depend on the threads.
fn play_in_order<B: Bits>(
    context: &Context<'_, B>,
    resumed: Vec<MatchGame>,
    on_game: &(dyn Fn(&MatchGame) + Sync),
) -> Result<Vec<MatchGame>, ArenaError> {
    let next = AtomicUsize::new(0);
    let ledger = Mutex::new(Ledger::new(context.config));
    let lock = || ledger.lock().unwrap_or_else(PoisonError::into_inner);
    let tested = context.config.sprt.is_some();
    let take = |game: MatchGame| {
        if !tested {
            on_game(&game);
        }
        lock().finish(game, on_game);
    };
    for game in resumed {
        take(game);
    }
    rayon::broadcast(|_| {
        loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            let (limit, kept) = {
                let ledger = lock();
                let kept = ledger.slots.get(index).is_some_and(Option::is_some);
                (ledger.limit, kept)
            };
            if index >= limit {
                break;
            }
            if kept {
                continue;
            }
            match catch_unwind(AssertUnwindSafe(|| play_one(context, index))) {
                Ok(Ok(game)) => take(game),
                Ok(Err(error)) => lock().fail(index, error),
                Err(panic) => {
                    // No game after it can be counted: the others stop at once.
                    lock().limit = 0;
                    resume_unwind(panic);
                }
            }
        }
    });
    ledger
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner)
        .into_games()
}

/// The games of a match as they finish, and where the match stops.
struct Ledger {
    /// Each game by index, once finished.
    slots: Vec<Option<MatchGame>>,
    /// The games before this one are finished (and counted, under a test).
    counted: usize,
    /// No game from this index on is begun or kept.
    limit: usize,
    /// The test, and the pairs it has counted.
    sprt: Option<(Sprt, Pentanomial)>,
    /// The first game that failed.
    error: Option<ArenaError>,
}

impl Ledger {
    fn new(config: &MatchConfig) -> Ledger {
        Ledger {
            slots: vec![None; config.games],
            counted: 0,
            limit: config.games,
            sprt: config.sprt.map(|sprt| (sprt, Pentanomial::default())),
            error: None,
        }
    }

    /// Takes a finished game. Under a test, it is reported (`on_game`) when it is
    /// counted, once the games before it have finished, and the test may end the
    /// match; without one, the caller has reported it already.
    fn finish(&mut self, game: MatchGame, on_game: &(dyn Fn(&MatchGame) + Sync)) {
        let index = game.index;
        self.slots[index] = Some(game);
        while self.counted < self.limit && self.slots[self.counted].is_some() {
            self.counted += 1;
            let Some((sprt, pairs)) = &mut self.sprt else {
                continue;
            };
            let done = &self.slots[..self.counted];
            if let Some(game) = done.last().and_then(Option::as_ref) {
                on_game(game);
            }
            if self.counted.is_multiple_of(2)
                && let [Some(a), Some(b)] = &done[self.counted - 2..]
            {
                pairs.add(a.first_half_points() + b.first_half_points());
                if sprt.verdict(pairs).is_some() {
                    self.limit = self.counted;
                }
            }
        }
    }

    /// Ends the match at game `index`, which could not be played, unless the match
    /// had already ended before it (a test decided by then).
    fn fail(&mut self, index: usize, error: ArenaError) {
        if index >= self.limit {
            return;
        }
        self.error.get_or_insert(error);
        self.limit = 0;
    }

    /// The games kept, in index order, or the first error.
    fn into_games(self) -> Result<Vec<MatchGame>, ArenaError> {
        if let Some(error) = self.error {
            return Err(error);
        }
        Ok(self.slots.into_iter().take(self.limit).flatten().collect())
    }
}

/// What every game of a match shares.
pub(crate) struct Context<'a, B: Bits> {
    pub(crate) config: &'a MatchConfig,
    tables: &'a SpecTables,
    roster: &'a bushka_protocol::Roster,
    /// The games' starts: the ballots' games, or the start position's.
    starts: &'a [Game<B>],
}

impl<B: Bits> Context<'_, B> {
    /// How game `index` opens: its pair's start and random plies.
    pub(crate) fn opening(&self, index: usize) -> Opening<'_, B> {
        let pair = index / 2;
        Opening {
            start: &self.starts[pair % self.starts.len()],
            random: self.config.random_opening,
            seed: derive_seed(self.config.seed, pair as u64, OPENING),
        }
    }

    /// The specs that have White and Black in game `index`, as text.
    pub(crate) fn names(&self, index: usize) -> (String, String) {
        let (first, second) = (
            self.config.first.to_string(),
            self.config.second.to_string(),
        );
        if index.is_multiple_of(2) {
            (first, second)
        } else {
            (second, first)
        }
    }

    /// The record the match keeps of `played`, game `game` as played, when it keeps
    /// records: the config's tags, then `Round`, `White`, `Black`, `Termination`, the
    /// `Opening`'s plies and the `TimeControl` when the match is timed.
    pub(crate) fn record(&self, game: &Game<B>, played: &MatchGame) -> Option<String> {
        let config = self.config;
        let mut tags = config.record_tags.clone()?;
        let (white, black) = self.names(played.index);
        tags.push(("Round".into(), (played.index + 1).to_string()));
        tags.push(("White".into(), white));
        tags.push(("Black".into(), black));
        tags.push(("Termination".into(), played.reason()));
        if let Some(opening) = opening_tag(played.stats.opening_plies) {
            tags.push(("Opening".into(), opening));
        }
        if let Some(timed) = &config.timed {
            tags.push(("TimeControl".into(), timed.timing.to_string()));
        }
        Some(record_with_result(game, &tags, played.stats.winner))
    }
}

fn play_one<B: Bits>(context: &Context<'_, B>, index: usize) -> Result<MatchGame, ArenaError> {
    let config = context.config;
    let first_is_white = index.is_multiple_of(2);
    let seat = |spec: usize, stream: u64| Seat {
        roster: context.roster,
        spec,
        seed: derive_seed(config.seed, index as u64, stream),
        tables: context.tables[spec].as_ref(),
    };
    let (first, second) = (seat(0, FIRST), seat(1, SECOND));
    let players = if first_is_white {
        (first, second)
    } else {
        (second, first)
    };
    let (game, end, opening) = play::play_game(
        index,
        context.opening(index),
        players,
        config.max_plies,
        config.timed.as_ref(),
    )?;
    Ok(MatchGame::of(context, index, &game, end, opening))
}

impl MatchGame {
    /// Game `index` of the match, played (or read back) as `game`, ended by `end`
    /// after `opening` plies of opening, with its record when the match keeps them.
    pub(crate) fn of<B: Bits>(
        context: &Context<'_, B>,
        index: usize,
        game: &Game<B>,
        end: End,
        opening: usize,
    ) -> MatchGame {
        let stats = GameStats::measure(index, game, &end, opening);
        let fault = match end {
            End::Forfeit { fault, .. } => Some(fault),
            _ => None,
        };
        let mut played = MatchGame {
            index,
            first_is_white: index.is_multiple_of(2),
            stats,
            record: None,
            fault,
        };
        played.record = context.record(game, &played);
        played
    }
}

/// The `Opening` tag of a game opened by `plies` plies before the players (none
/// without an opening).
pub(crate) fn opening_tag(plies: usize) -> Option<String> {
    (plies > 0).then(|| format!("{plies} plies before the players"))
}

/// The record of `game` with `tags`; a game won by forfeit gets its result tag.
fn record_with_result<B: Bits>(
    game: &Game<B>,
    tags: &[(String, String)],
    winner: Option<Colour>,
) -> String {
    let mut game = game.clone();
    if game.outcome().is_none()
        && let Some(winner) = winner
    {
        game.resign(winner.opponent());
    }
    Record::write(&game, tags)
}
