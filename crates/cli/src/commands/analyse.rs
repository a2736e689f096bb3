//! `bushka analyse`: search a position and report each iteration.

use std::sync::Arc;
use std::time::Duration;

use bushka_engine::{DEFAULT_HASH_MIB, HASH_MIB_RANGE, Limits, THREADS_RANGE, score_text};
use bushka_session::{SearchSettings, line_text};

use crate::commands::common::{PositionArgs, at_least_one};
use crate::error::CliError;
use crate::output;

/// Search a position with the engine: one line per completed iteration (depth,
/// score, nodes, nps, principal variation), then `bestmove <move>`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    position: PositionArgs,
    /// Search to this depth.
    #[arg(long, conflicts_with_all = ["movetime", "nodes"], value_parser = clap::value_parser!(u32).range(1..=100))]
    depth: Option<u32>,
    /// Search for this many milliseconds (default 3000 when no limit is given).
    #[arg(long, value_name = "MS", conflicts_with = "nodes", value_parser = at_least_one)]
    movetime: Option<u64>,
    /// Search this many nodes.
    #[arg(long, value_parser = at_least_one)]
    nodes: Option<u64>,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = DEFAULT_HASH_MIB as u64, value_parser = clap::value_parser!(u64).range(HASH_MIB_RANGE))]
    hash: u64,
    /// Search threads: the others search beside the main one and share its table
    /// (searches on several threads do not repeat exactly).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(THREADS_RANGE))]
    threads: u64,
    /// Directory of endgame tables (from `bushka solve --save DIR`): covered positions
    /// are scored exactly.
    #[arg(long, value_name = "DIR")]
    tablebases: Option<std::path::PathBuf>,
}

/// Most plies of a table's line printed for a drawn position.
const TABLE_LINE_PLIES: usize = 40;

/// Runs `analyse`.
pub fn run(args: Args) -> Result<(), CliError> {
    let variant = args.position.variant()?;
    let pos = args.position.position(&variant)?;
    let mut limits = Limits {
        depth: args.depth,
        nodes: args.nodes,
        movetime: args.movetime.map(Duration::from_millis),
        clock: None,
    };
    if limits == Limits::default() {
        limits.movetime = Some(Duration::from_secs(3));
    }
    let mut settings = SearchSettings {
        limits,
        hash_mib: args.hash as usize,
        threads: args.threads as usize,
        tables: None,
        stop: None,
    };
    if let Some(dir) = &args.tablebases {
        let tables = bushka_tablebase::load_dir(dir, variant.geometry())?;
        if let Some(value) = pos.probe(&tables) {
            let line = pos.table_line(&tables, TABLE_LINE_PLIES);
            output::println(&format!(
                "tablebase: {} ({})",
                value.text(),
                line_text(&line)
            ))?;
        }
        settings.tables = Some(Arc::new(tables));
    }
    let mut failure = None;
    let result = pos.analysis().run(&settings, |it| {
        let seconds = it.elapsed.as_secs_f64();
        let nps = if seconds > 0.0 {
            it.nodes as f64 / seconds
        } else {
            0.0
        };
        let line = format!(
            "depth {} score {} nodes {} nps {:.0} time {:.3}s pv {}",
            it.depth,
            score_text(it.score),
            it.nodes,
            nps,
            seconds,
            line_text(&it.pv)
        );
        if failure.is_none() {
            failure = output::println(&line).err();
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    if let Some(limit) = result.unlisted {
        return Err(limit.into());
    }
    match result.best {
        Some(mv) => output::println(&format!("bestmove {}", mv.text)),
        None => output::println("bestmove (none): the side to move has no legal move and has lost"),
    }
}
