//! `bushka compare`: self-play statistics of variants side by side.

use std::path::PathBuf;

use bushka_arena::{
    CompareConfig, DEFAULT_COMPARE_OPENING, DEFAULT_COMPARE_PLAYER, Shard, ShardFile, compare_with,
    play_variants,
};
use bushka_session::Variant;

use crate::commands::arena_common::{automated_spec, progress};
use crate::commands::load_variant;
use crate::commands::report::{ReportArgs, write_report};
use crate::error::CliError;
use crate::output;

/// Self-play statistics per variant, one column each, reproducible for a seed: board
/// size, legal moves at the start and on average, game length, decisive and drawn
/// games, White's score, captures (linear against piece), pieces per capture, the
/// largest capture, the first promotion, threefold draws and ply-limit adjudications,
/// then Ludii-style metrics with 95% intervals (balance, completion, drawishness,
/// branching and decision factors, board coverage, repetition, lead changes, drama,
/// stability, decisiveness, clarity...).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A variant to compare (a built-in name or a variant file); repeat for more.
    #[arg(long, value_name = "VARIANT", required = true)]
    variant: Vec<String>,
    /// Self-play games per variant.
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    games: u64,
    /// The player of both sides: random[:seed=S], greedy[:seed=S] or
    /// engine[:movetime=MS][:depth=D][:nodes=N][:hash=MIB].
    #[arg(long, value_name = "SPEC", default_value = DEFAULT_COMPARE_PLAYER)]
    player: String,
    /// Seed of the random openings and of the random players' choices.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Stop a game after this many plies (the opening included) and score it a draw.
    #[arg(long, value_name = "M", default_value_t = 400, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    max_plies: u64,
    /// Open each game with K uniformly random plies, so that a deterministic player
    /// plays different games.
    #[arg(long, value_name = "K", default_value_t = DEFAULT_COMPARE_OPENING as u64, value_parser = clap::value_parser!(u64).range(0..=1000))]
    random_opening: u64,
    /// Worker threads (default: all cores).
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// Play only shard I of N (1 <= I <= N): the I-th slice of each variant's games,
    /// with the seeds the whole run gives them. Writes the games' raw results as JSON
    /// (to --output, or standard output) for `bushka merge` instead of a report.
    #[arg(long, value_name = "I/N")]
    shard: Option<Shard>,
    /// The file a shard's JSON goes to (with --shard).
    #[arg(long, value_name = "FILE", requires = "shard")]
    output: Option<PathBuf>,
    #[command(flatten)]
    report: ReportArgs,
}

/// Runs `compare`.
pub fn run(args: Args) -> Result<(), CliError> {
    let player = automated_spec(&args.player)?;
    let boards = args
        .variant
        .iter()
        .map(|v| load_variant(v).map(Variant::new))
        .collect::<Result<Vec<_>, _>>()?;
    for (i, board) in boards.iter().enumerate() {
        let id = &board.geometry().meta().id;
        if let Some(j) = boards[..i]
            .iter()
            .position(|other| &other.geometry().meta().id == id)
        {
            return Err(CliError::Usage(format!(
                "--variant {} and --variant {} have the same id `{id}`; each variant needs its own id",
                args.variant[j], args.variant[i]
            )));
        }
    }
    let config = CompareConfig {
        games: args.games as usize,
        player,
        seed: args.seed,
        max_plies: args.max_plies as usize,
        random_opening: args.random_opening as usize,
        threads: args.threads.map(|t| t as usize),
    };
    if let Some(shard) = args.shard {
        if args.report.is_set() {
            return Err(CliError::Usage(
                "--shard writes raw games, not a report: give --json, --svg, --series and \
                 --expect to `bushka merge`"
                    .to_string(),
            ));
        }
        let games = shard.range(config.games).len() * boards.len();
        let bar = progress(games, &format!("compare, shard {shard}"));
        let played = play_variants(&boards, &config, shard, &|_| bar.inc(1))?;
        bar.finish_and_clear();
        let json = ShardFile::new(&config, shard, played).to_json()?;
        return match &args.output {
            Some(path) => std::fs::write(path, json).map_err(|error| CliError::File {
                path: path.display().to_string(),
                error,
            }),
            None => output::print(&json),
        };
    }
    let bar = progress(config.games * boards.len(), "compare");
    let reports = compare_with(&boards, &config, &|_| bar.inc(1))?;
    bar.finish_and_clear();
    write_report(&reports, &config, &args.report)
}
