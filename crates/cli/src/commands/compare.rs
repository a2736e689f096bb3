//! `bushka compare`: self-play statistics of variants side by side.

use std::path::PathBuf;

use bushka_arena::{
    CompareConfig, DEFAULT_COMPARE_OPENING, DEFAULT_COMPARE_PLAYER, VariantReport, chart,
    compare_with, table,
};
use bushka_rules::AnyBoard;

use crate::commands::arena_common::{automated_spec, progress};
use crate::commands::load_variant;
use crate::error::CliError;
use crate::output;

/// Self-play statistics per variant, one column each, reproducible for a seed: board
/// size, legal moves at the start and on average, game length, decisive and drawn
/// games, White's score, captures (linear against piece), pieces per capture, the
/// largest capture, the first promotion, threefold draws and ply-limit adjudications.
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
    /// Print the reports as JSON (an array, one object per variant) instead of a table.
    #[arg(long)]
    json: bool,
    /// Write an SVG chart of the main figures to FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

/// Runs `compare`.
pub fn run(args: Args) -> Result<(), CliError> {
    let player = automated_spec(&args.player)?;
    let boards = args
        .variant
        .iter()
        .map(|v| load_variant(v).map(AnyBoard::new))
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
    let bar = progress(config.games * boards.len(), "compare");
    let reports = compare_with(&boards, &config, &|_| bar.inc(1))?;
    bar.finish_and_clear();
    if let Some(path) = &args.svg {
        chart::write_svg(&reports, path).map_err(|error| CliError::File {
            path: path.display().to_string(),
            error,
        })?;
    }
    if args.json {
        let json = serde_json::to_string_pretty(&reports)
            .map_err(|e| CliError::Output(std::io::Error::other(e)))?;
        output::println(&json)
    } else {
        output::print(&text(&reports, &config))
    }
}

fn text(reports: &[VariantReport], config: &CompareConfig) -> String {
    format!(
        "Self-play: {} games per variant by {}, seed {}, max {} plies, random opening {} plies\n\n{}",
        config.games,
        config.player,
        config.seed,
        config.max_plies,
        config.random_opening,
        table(reports)
    )
}
