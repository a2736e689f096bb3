//! `bushka replay`: play a game record through and show where it ends.

use std::io::Read;
use std::sync::Arc;

use bushka_rules::{AnyBoard, Bits, Board, Record, with_board};

use crate::commands::common::draw;
use crate::commands::{DEFAULT_VARIANT, load_variant};
use crate::error::CliError;
use crate::output;

/// Play a game record through: print the final board, the result if the game is
/// over, and as the last line the final position string. An illegal or ambiguous
/// move stops with its move number and the legal alternatives.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The variant; by default the record's `[Variant "..."]` tag, else the built-in
    /// variant of its PDN `[GameType "..."]` (20: draughts), else bushka.
    #[arg(long, value_name = "VARIANT")]
    variant: Option<String>,
    /// The game record (`-` reads standard input).
    file: String,
}

/// Reads a record file, or standard input for `-`.
pub fn read_record(file: &str) -> Result<Record, CliError> {
    let mut text = String::new();
    let read = if file == "-" {
        std::io::stdin().read_to_string(&mut text).map(|_| ())
    } else {
        std::fs::read_to_string(file).map(|t| text = t)
    };
    read.map_err(|error| CliError::File {
        path: file.to_string(),
        error,
    })?;
    Record::parse(&text).map_err(|error| CliError::Record {
        file: file.to_string(),
        error: Box::new(error),
    })
}

/// Runs `replay`.
pub fn run(args: Args) -> Result<(), CliError> {
    let record = read_record(&args.file)?;
    let variant = args
        .variant
        .clone()
        .or_else(|| record.tag("Variant").map(str::to_string))
        .or_else(|| record.tag("GameType").and_then(variant_of_gametype))
        .unwrap_or_else(|| DEFAULT_VARIANT.to_string());
    let board = AnyBoard::new(load_variant(&variant)?);
    with_board!(&board, b => run_on(b, &record, &args.file))
}

/// The built-in variant whose PDN `GameType` is the tag's first field (`20` or
/// `20,W,10,10,N2,0`).
fn variant_of_gametype(tag: &str) -> Option<String> {
    let number: u32 = tag.split(',').next()?.trim().parse().ok()?;
    bushka_geometry::BUILTIN.iter().find_map(|b| {
        let geometry = bushka_geometry::builtin(b.name)?.ok()?;
        (geometry.meta().pdn_gametype == Some(number)).then(|| b.name.to_string())
    })
}

fn run_on<B: Bits>(board: &Arc<Board<B>>, record: &Record, file: &str) -> Result<(), CliError> {
    let game = record
        .replay(Arc::clone(board))
        .map_err(|error| CliError::Record {
            file: file.to_string(),
            error: Box::new(error),
        })?;
    let mut text = draw(board, game.position(), game.moves().last(), false);
    text.push_str(&format!("{} moves played.\n", game.moves().len()));
    if let Some(outcome) = game.outcome() {
        text.push_str(&format!("Result: {} ({outcome}).\n", outcome.result_text()));
    }
    text.push_str(&board.position_string(game.position()));
    text.push('\n');
    output::print(&text)
}
