//! `bushka perft`: leaf counts of the legal-move tree, to check the move generator.

use std::time::Instant;

use bushka_rules::{Budget, MAX_GENERATION_STEPS};

use crate::commands::common::PositionArgs;
use crate::error::CliError;
use crate::output;

/// Count the leaves of the legal-move tree at depths 1 to D: one line per depth,
/// `depth nodes time nps`. With --divide, first the count below each legal move. A
/// position whose captures take too long to list stops the count with an error.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    position: PositionArgs,
    /// Deepest depth counted.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=30))]
    depth: u32,
    /// Also list the count below each first move at the deepest depth.
    #[arg(long)]
    divide: bool,
}

/// Runs `perft`.
pub fn run(args: Args) -> Result<(), CliError> {
    let pos = args.position.position(&args.position.variant()?)?;
    let budget = Budget::steps(MAX_GENERATION_STEPS);
    if args.divide {
        let children = pos.children(&budget)?;
        let mut total = 0;
        for (text, child) in &children {
            let nodes = child.perft(args.depth - 1, &budget)?;
            total += nodes;
            output::println(&format!("{text} {nodes}"))?;
        }
        output::println(&format!("moves {} nodes {total}\n", children.len()))?;
    }
    for depth in 1..=args.depth {
        let start = Instant::now();
        let nodes = pos.perft(depth, &budget)?;
        let seconds = start.elapsed().as_secs_f64();
        let nps = if seconds > 0.0 {
            nodes as f64 / seconds
        } else {
            0.0
        };
        output::println(&format!("{depth} {nodes} {seconds:.3}s {nps:.0} nps"))?;
    }
    Ok(())
}
