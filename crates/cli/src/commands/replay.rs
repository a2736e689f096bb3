//! `bushka replay`: play a game record through and show where it ends.

use bushka_session::Variant;

use crate::commands::common::draw;
use crate::commands::record_file::{game_variant, read_record};
use crate::error::CliError;
use crate::output;

/// Play a game record through: print the final board, the result if the game is
/// over, and as the last line the final position string. An illegal or ambiguous
/// move stops with its move number and the legal alternatives.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The variant; by default the record's `[Variant "..."]` tag (a built-in variant
    /// or a variant file next to the record), else the built-in variant of its PDN
    /// `[GameType "..."]` (20: draughts), else bushka.
    #[arg(long, value_name = "VARIANT")]
    variant: Option<String>,
    /// The game record (`-` reads standard input).
    file: String,
}

/// Runs `replay`.
pub fn run(args: Args) -> Result<(), CliError> {
    let record = read_record(&args.file)?;
    let (geometry, _) = game_variant(args.variant.as_deref(), Some(&record), &args.file)?;
    let game = Variant::new(geometry)
        .replay(&record)
        .map_err(|error| CliError::Record {
            file: args.file.clone(),
            error: Box::new(error),
        })?;
    let mut text = draw(&game.position, game.last_move, false)?;
    text.push_str(&format!("{} moves played.\n", game.plies));
    if let Some(outcome) = game.outcome {
        text.push_str(&format!("Result: {} ({outcome}).\n", outcome.result_text()));
    }
    text.push_str(&game.position.text());
    text.push('\n');
    output::print(&text)
}
