//! `bushka moves`: the legal moves of a position.

use bushka_rules::{Bits, Board, Budget, MAX_GENERATION_STEPS, with_board};

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
    let board = args.position.board()?;
    with_board!(&board, b => run_on(b, &args))
}

fn run_on<B: Bits>(board: &Board<B>, args: &Args) -> Result<(), CliError> {
    let pos = args.position.position(board)?;
    let legal = board.moves_within(&pos, Budget::steps(MAX_GENERATION_STEPS))?;
    let mut text = String::new();
    let texts = board.move_texts(&pos, legal.as_slice());
    for (mv, notation) in legal.iter().zip(texts) {
        text.push_str(&notation);
        if args.verbose {
            let captured: Vec<&str> = mv.captured.iter().map(|sq| board.name(sq)).collect();
            text.push_str(&format!(
                "  {:?} {} captures [{}]{}",
                mv.kind,
                board.route_text(&pos, mv),
                captured.join(" "),
                if mv.promotes { " promotes" } else { "" }
            ));
        }
        text.push('\n');
    }
    output::print(&text)
}
