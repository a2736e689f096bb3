//! Self-play statistics per variant.

use std::collections::HashSet;
use std::ops::Range;
use std::sync::Arc;

use bushka_engine::PlayerSpec;
use bushka_geometry::Colour;
use bushka_rules::{AnyBoard, Bits, Board, Game, with_board};
use bushka_tablebase::Tablebases;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::error::ArenaError;
use crate::metrics::{self, Estimate, Games, MetricValue};
use crate::play::{
    self, FIRST, GameStats, OPENING, Opening, SECOND, Seat, Termination, derive_seed,
};
use crate::series::Series;
use crate::shard::Shard;
use crate::trace::{GameTrace, StateEvaluator};

/// The player of `compare` unless told otherwise: a shallow engine search (depth 4),
/// fast enough for a few dozen games a second, and deterministic (no clock).
pub const DEFAULT_COMPARE_PLAYER: &str = "engine:depth=4:hash=4";

/// Random plies that open each self-play game unless told otherwise: a deterministic
/// player would otherwise play the same game every time.
pub const DEFAULT_COMPARE_OPENING: usize = 4;

/// The default ply limit of matches and comparisons.
pub const DEFAULT_MAX_PLIES: usize = 400;

/// How to compare.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompareConfig {
    /// Self-play games per variant.
    pub games: usize,
    /// The player of both sides.
    pub player: PlayerSpec,
    /// The seed every game's seeds derive from.
    pub seed: u64,
    /// Plies after which a game stops and is scored as a draw (the opening included).
    pub max_plies: usize,
    /// Uniformly random plies that open each game.
    pub random_opening: usize,
    /// Threads; `None` for all cores.
    pub threads: Option<usize>,
}

impl Default for CompareConfig {
    fn default() -> CompareConfig {
        CompareConfig {
            games: 20,
            player: PlayerSpec::engine(bushka_engine::Limits::depth(4), 4),
            seed: 0,
            max_plies: DEFAULT_MAX_PLIES,
            random_opening: DEFAULT_COMPARE_OPENING,
            threads: None,
        }
    }
}

/// What a report says about a variant's board, read before any game is played (a
/// shard file carries it, so that merging shards needs no variant file).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VariantInfo {
    /// The variant's id.
    pub variant: String,
    /// The variant's name.
    pub name: String,
    /// Cells of the board.
    pub cells: usize,
    /// Men per side at the start (White's; equal on every built-in board).
    pub men_per_side: usize,
    /// Legal moves in the start position.
    pub branching_start: usize,
}

impl VariantInfo {
    /// The facts of the board of `start`, a game at the variant's start position.
    pub fn of<B: Bits>(start: &Game<B>) -> VariantInfo {
        let geometry = start.board().geometry();
        VariantInfo {
            variant: geometry.meta().id.clone(),
            name: geometry.meta().name.clone(),
            cells: geometry.cell_count(),
            men_per_side: geometry.side(Colour::White).men.len(),
            branching_start: start.legal_moves().len(),
        }
    }
}

/// The games of one variant played by a run (all of them, or a shard's slice), in
/// index order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VariantGames {
    /// The variant.
    pub info: VariantInfo,
    /// Its games' traces.
    pub games: Vec<GameTrace>,
}

/// Self-play statistics of one variant. Rates and shares are fractions (0 to 1);
/// counts of wins and draws are from White's point of view.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct VariantReport {
    /// The variant's id.
    pub variant: String,
    /// The variant's name.
    pub name: String,
    /// The player of both sides.
    pub player: String,
    /// The seed.
    pub seed: u64,
    /// The ply limit.
    pub max_plies: usize,
    /// Random opening plies per game.
    pub random_opening: usize,
    /// Cells of the board.
    pub cells: usize,
    /// Men per side at the start (White's; equal on every built-in board).
    pub men_per_side: usize,
    /// Legal moves in the start position.
    pub branching_start: usize,
    /// Mean number of legal moves over every position a move was played from.
    pub branching_mean: f64,
    /// Games played.
    pub games: usize,
    /// Distinct games among them (by their sequence of positions).
    pub distinct_games: usize,
    /// Mean game length in plies.
    pub mean_plies: f64,
    /// Median game length in plies.
    pub median_plies: f64,
    /// Shortest game.
    pub shortest_plies: usize,
    /// Longest game.
    pub longest_plies: usize,
    /// Games White won.
    pub white_wins: usize,
    /// Games drawn (ply-limit adjudications included).
    pub draws: usize,
    /// Games Black won.
    pub black_wins: usize,
    /// Share of games won by either side.
    pub decisive_rate: f64,
    /// Share of games drawn (ply-limit adjudications included).
    pub draw_rate: f64,
    /// White's points per game (a draw 1/2).
    pub white_score: f64,
    /// Games won because the loser had no legal move.
    pub no_legal_move_wins: usize,
    /// Games won by resignation.
    pub resignations: usize,
    /// Games drawn by repetition.
    pub threefold_draws: usize,
    /// Games drawn by agreement.
    pub agreement_draws: usize,
    /// Games drawn by the run of king moves without capture (draughts).
    pub king_move_draws: usize,
    /// Games stopped at the ply limit.
    pub ply_limit_adjudications: usize,
    /// Capturing moves per game.
    pub captures_per_game: f64,
    /// Share of capturing moves that were linear captures.
    pub linear_capture_share: f64,
    /// Share of capturing moves that were piece captures.
    pub piece_capture_share: f64,
    /// Pieces taken per capturing move.
    pub mean_pieces_per_capture: f64,
    /// Most pieces taken by one move in any game.
    pub largest_capture: usize,
    /// Mean 1-based ply of the first promotion, over the games that had one.
    pub mean_first_promotion_ply: Option<f64>,
    /// Games with at least one promotion.
    pub games_with_promotion: usize,
    /// The Ludii-style metrics, in [`metrics::METRICS`] order, each with its 95%
    /// interval.
    pub metrics: Vec<MetricValue>,
    /// Per-ply averages over the games (not in the JSON; drawn by `--series`).
    #[serde(skip)]
    pub series: Series,
    /// Every game's measurements, in index order (not in the JSON).
    #[serde(skip)]
    pub game_stats: Vec<GameStats>,
}

fn ratio(a: f64, b: f64) -> f64 {
    if b == 0.0 { 0.0 } else { a / b }
}

impl VariantReport {
    /// Sums up the games of one variant (in index order).
    pub fn from_games(
        info: &VariantInfo,
        config: &CompareConfig,
        traces: Vec<GameTrace>,
    ) -> VariantReport {
        let metrics = metrics::measure(&Games {
            traces: &traces,
            cells: info.cells,
        });
        let series = Series::of(&traces);
        let game_stats: Vec<GameStats> = traces.into_iter().map(|t| t.stats).collect();
        let games = game_stats.len();
        let n = games as f64;
        let count = |t: Termination| game_stats.iter().filter(|g| g.termination == t).count();
        let wins = |c: Colour| game_stats.iter().filter(|g| g.winner == Some(c)).count();
        let (white_wins, black_wins) = (wins(Colour::White), wins(Colour::Black));
        let draws = games - white_wins - black_wins;
        let sum = |f: fn(&GameStats) -> usize| game_stats.iter().map(f).sum::<usize>() as f64;
        let plies = sum(|g| g.plies);
        let mut lengths: Vec<usize> = game_stats.iter().map(|g| g.plies).collect();
        lengths.sort_unstable();
        let median_plies = match lengths.len() {
            0 => 0.0,
            len if len % 2 == 1 => lengths[len / 2] as f64,
            len => (lengths[len / 2 - 1] + lengths[len / 2]) as f64 / 2.0,
        };
        let captures = sum(GameStats::captures);
        let promotions: Vec<usize> = game_stats
            .iter()
            .filter_map(|g| g.first_promotion_ply)
            .collect();
        let distinct: HashSet<u64> = game_stats.iter().map(|g| g.fingerprint).collect();
        VariantReport {
            variant: info.variant.clone(),
            name: info.name.clone(),
            player: config.player.to_string(),
            seed: config.seed,
            max_plies: config.max_plies,
            random_opening: config.random_opening,
            cells: info.cells,
            men_per_side: info.men_per_side,
            branching_start: info.branching_start,
            branching_mean: ratio(sum(|g| g.legal_moves_total), plies),
            games,
            distinct_games: distinct.len(),
            mean_plies: ratio(plies, n),
            median_plies,
            shortest_plies: lengths.first().copied().unwrap_or(0),
            longest_plies: lengths.last().copied().unwrap_or(0),
            white_wins,
            draws,
            black_wins,
            decisive_rate: ratio((white_wins + black_wins) as f64, n),
            draw_rate: ratio(draws as f64, n),
            white_score: ratio(white_wins as f64 + draws as f64 / 2.0, n),
            no_legal_move_wins: count(Termination::NoLegalMove),
            resignations: count(Termination::Resignation),
            threefold_draws: count(Termination::Repetition),
            agreement_draws: count(Termination::Agreement),
            king_move_draws: count(Termination::KingMoves),
            ply_limit_adjudications: count(Termination::PlyLimit),
            captures_per_game: ratio(captures, n),
            linear_capture_share: ratio(sum(|g| g.linear_captures), captures),
            piece_capture_share: ratio(sum(|g| g.piece_captures), captures),
            mean_pieces_per_capture: ratio(sum(|g| g.pieces_captured), captures),
            largest_capture: game_stats
                .iter()
                .map(|g| g.largest_capture)
                .max()
                .unwrap_or(0),
            mean_first_promotion_ply: (!promotions.is_empty())
                .then(|| promotions.iter().sum::<usize>() as f64 / promotions.len() as f64),
            games_with_promotion: promotions.len(),
            metrics,
            series,
            game_stats,
        }
    }

    /// The estimate of the metric `key` (`None` if unknown or not measured).
    pub fn metric(&self, key: &str) -> Option<Estimate> {
        self.metrics
            .iter()
            .find(|m| m.key == key)
            .and_then(|m| m.estimate)
    }
}

/// Plays `config.games` self-play games on each board and reports each variant.
pub fn compare(
    variants: &[impl AsRef<AnyBoard> + Sync],
    config: &CompareConfig,
) -> Result<Vec<VariantReport>, ArenaError> {
    compare_with(variants, config, &|_| {})
}

/// [`compare`], calling `on_game` (from the worker threads) as each game finishes.
pub fn compare_with(
    variants: &[impl AsRef<AnyBoard> + Sync],
    config: &CompareConfig,
    on_game: &(dyn Fn(&GameStats) + Sync),
) -> Result<Vec<VariantReport>, ArenaError> {
    let played = play_variants(variants, config, Shard::WHOLE, on_game)?;
    Ok(played
        .into_iter()
        .map(|v| VariantReport::from_games(&v.info, config, v.games))
        .collect())
}

/// Plays the games of `shard` (its slice of each variant's `config.games` games, with
/// the seeds the whole run gives them) and returns their traces, per variant.
pub fn play_variants(
    variants: &[impl AsRef<AnyBoard> + Sync],
    config: &CompareConfig,
    shard: Shard,
    on_game: &(dyn Fn(&GameStats) + Sync),
) -> Result<Vec<VariantGames>, ArenaError> {
    play::automated(&config.player)?;
    if let PlayerSpec::External(spec) = &config.player
        && spec.protocol == bushka_engine::Protocol::Dxp
    {
        return Err(ArenaError::Player(format!(
            "player `{spec}`: a DXP program plays one side of a game, and compare plays a player against itself"
        )));
    }
    if variants.is_empty() {
        return Err(ArenaError::NoVariant);
    }
    let range = shard.range(config.games);
    let tables = variants
        .iter()
        .map(|board| play::open_tables(&[&config.player], board.as_ref().geometry()))
        .collect::<Result<Vec<_>, _>>()?;
    play::in_pool(config.threads, || {
        variants
            .iter()
            .zip(&tables)
            .map(|(board, tables)| {
                let player = (config, tables[0].as_ref());
                with_board!(board.as_ref(), b => play_one(b, player, range.clone(), on_game))
            })
            .collect()
    })?
}

fn play_one<B: Bits>(
    board: &Arc<Board<B>>,
    (config, tables): (&CompareConfig, Option<&Arc<Tablebases>>),
    range: Range<usize>,
    on_game: &(dyn Fn(&GameStats) + Sync),
) -> Result<VariantGames, ArenaError> {
    let start = play::start_game(board)?;
    let roster = play::roster(&[&config.player], board, None)?;
    let eval = StateEvaluator::new(board);
    let games = range
        .into_par_iter()
        .map(|index| {
            let i = index as u64;
            let seat = |stream: u64| Seat {
                roster: &roster,
                spec: 0,
                seed: derive_seed(config.seed, i, stream),
                tables,
            };
            let opening = Opening {
                start: &start,
                random: config.random_opening,
                seed: derive_seed(config.seed, i, OPENING),
            };
            let (game, end, opening) = play::play_game(
                index,
                opening,
                (seat(FIRST), seat(SECOND)),
                config.max_plies,
                None,
            )?;
            let stats = GameStats::measure(index, &game, &end, opening);
            on_game(&stats);
            Ok(GameTrace::measure(stats, &game, &eval))
        })
        .collect::<Result<_, ArenaError>>()?;
    Ok(VariantGames {
        info: VariantInfo::of(&start),
        games,
    })
}
