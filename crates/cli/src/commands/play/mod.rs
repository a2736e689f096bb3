//! `bushka play`: an interactive game in the terminal, between people, computer
//! players, or both; games are saved and loaded as game records.
//!
//! `mod.rs` reads the arguments and sets the game up (a new game, or a loaded record);
//! the flow of the game is a [`bushka_session::Session`]; [`terminal`] runs it at the
//! terminal, [`lines`] reads the lines the player types (with a line editor at a
//! terminal), [`input`] reads commands in them and [`text`] words what it prints.

mod input;
mod lines;
mod terminal;
mod text;

use std::str::FromStr;

use bushka_engine::{PlayerSpec, spec_tables};
use bushka_geometry::ByColour;
use bushka_session::{Opening, Session, Setup, StartError, Variant, choose_player, record_tags};

pub use terminal::run_game;

use crate::commands::common::at_least_one;
use crate::commands::record_file::{game_variant, read_record};
use crate::error::CliError;

/// Play a game in the terminal: Bushka 10x10 by default, you as White against the
/// engine as Black.
///
/// The board is drawn after every move, White at the bottom (w/W White man/king,
/// b/B Black man/king, [x] the last move's cells). Type moves in MindSports notation
/// (f45, gf5, e4f5, hxe4, e8h6x, or the full route d6-e6-e5x) or as origin and
/// destination cells (`f4 f5` or `f4-f5`). Commands: moves, undo, hint, draw, resign,
/// save FILE, flip, names, position, help, quit.
///
/// Players (--white, --black): human, random[:seed=S], greedy[:seed=S],
/// engine[:movetime=MS][:depth=D][:nodes=N][:hash=MIB][:threads=T] (engine alone searches 1 second
/// a move). Two computer players play the game through, printing each move.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// A built-in variant (see `bushka variants`) or a path to a variant file; by
    /// default the loaded record's `[Variant]` tag, else bushka.
    #[arg(long, value_name = "VARIANT")]
    variant: Option<String>,
    /// Who plays White [default: human; with --load, the record's `[White]` tag when it
    /// names a player].
    #[arg(long, value_name = "SPEC")]
    white: Option<String>,
    /// Who plays Black [default: engine (1 second a move); with --load, the record's
    /// `[Black]` tag when it names a player].
    #[arg(long, value_name = "SPEC")]
    black: Option<String>,
    /// Start from this position string (`W:We1,f2,Kg3:Bc6,Kd9`) instead of the start
    /// position.
    #[arg(long, value_name = "POS", conflicts_with = "load")]
    position: Option<String>,
    /// Continue the game saved in this record (written by `save`, or any record that
    /// `bushka replay` reads).
    #[arg(long, value_name = "FILE")]
    load: Option<String>,
    /// Stop after this many plies in all (counting a loaded game's moves) and
    /// adjudicate the game a draw (for computer games that might otherwise run long).
    #[arg(long, value_name = "N", value_parser = at_least_one)]
    max_plies: Option<u64>,
}

/// The end of `bushka play --help`.
const AFTER_HELP: &str = "\
Players (SPEC): human, random[:seed=S], greedy[:seed=S],
  engine[:movetime=MS][:depth=D][:nodes=N][:hash=MIB][:threads=T] (engine alone: 1 second a move).
  Two computer players play the game through, printing each move.

Moves: MindSports notation (f45, gf5, e4f5, hxe4, g3x5, e8h6x, f6x), a full route
  (d6-e6-e5x), or origin and destination cells (f4 f5, f4-f5).
Commands: moves, undo, hint, draw, resign, save FILE, flip, names, position, help,
  quit (end of input quits too). Type `help` during a game for details.

Examples:
  bushka play                                    you (White) against the engine
  bushka play --variant hexbushka --black greedy
  bushka play --white engine --black human       you play Black
  bushka play --load game.pdn                    continue a saved game";

/// Runs `play`.
pub fn run(args: Args) -> Result<(), CliError> {
    let record = match &args.load {
        Some(file) if file == "-" => {
            return Err(CliError::Usage(
                "--load needs a file: standard input carries the moves you type".into(),
            ));
        }
        Some(file) => Some(read_record(file)?),
        None => None,
    };
    let file = args.load.as_deref().unwrap_or("-");
    let (geometry, variant_tag) = game_variant(args.variant.as_deref(), record.as_ref(), file)?;
    let tag = |key: &str| record.as_ref().and_then(|r| r.tag(key));
    let (white, white_name) =
        choose_player(args.white.as_deref(), tag("White"), PlayerSpec::Human)?;
    let (black, black_name) = choose_player(
        args.black.as_deref(),
        tag("Black"),
        PlayerSpec::from_str("engine")?,
    )?;
    let tables = spec_tables(&[&white, &black], &geometry)?;
    let variant = Variant::new(geometry);
    let mut setup = Setup::new(ByColour::new(white, black));
    setup.tables = ByColour::from_fn(|side| tables[side.index()].clone());
    setup.tags = record_tags(&variant_tag, &white_name, &black_name, record.as_ref());
    setup.max_plies = args
        .max_plies
        .map(|n| usize::try_from(n).unwrap_or(usize::MAX));
    setup.seed = rand::random();
    let opening = match (&record, &args.position) {
        (Some(record), _) => Opening::Record(record),
        (None, Some(text)) => Opening::Position(text),
        (None, None) => Opening::Start,
    };
    let session = Session::start(&variant, opening, setup).map_err(|error| match error {
        StartError::Position(e) => CliError::Position(e),
        StartError::Game(e) => CliError::Game(e),
        StartError::Record(e) => CliError::Record {
            file: args.load.clone().unwrap_or_default(),
            error: Box::new(e),
        },
        StartError::Player(e) => CliError::Usage(e),
    })?;
    let tables = tables.into_iter().flatten().next();
    terminal::run_at_terminal(session, args.load.clone(), tables)
}
