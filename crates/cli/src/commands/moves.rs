//! `bushka moves`: the legal moves of a position.

use bushka_rules::MAX_GENERATION_STEPS;

use crate::commands::common::PositionArgs;
use crate::error::CliError;
use crate::output;

/// List the legal moves of a position, one per line, in MindSports notation (a
/// position whose captures take too long to list is refused with an error).
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    position: PositionArgs,
    /// Also show each move's full route and captured cells.
    #[arg(long)]
    verbose: bool,
}

/// Runs `moves`.
pub fn run(args: Args) -> Result<(), CliError> {
    let variant = args.position.variant()?;
    let pos = args.position.position(&variant)?;
    let geometry = variant.geometry();
    let mut text = String::new();
    for mv in pos.legal_moves(MAX_GENERATION_STEPS)? {
        text.push_str(&mv.text);
        if args.verbose {
            let captured: Vec<&str> = mv.captured.iter().map(|&c| geometry.name(c)).collect();
            text.push_str(&format!(
                "  {:?} {} captures [{}]{}",
                mv.kind,
                mv.route_text,
                captured.join(" "),
                if mv.promotes { " promotes" } else { "" }
            ));
        }
        text.push('\n');
    }
    output::print(&text)
}
