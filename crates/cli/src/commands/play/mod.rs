//! `bushka play`: an interactive game in the terminal, between people, computer
//! players, or both; games are saved and loaded as game records.
//!
//! `mod.rs` reads the arguments and sets the game up (a new game, or a loaded record);
//! [`session`] runs it; [`input`] reads what the player types.

mod input;
mod session;

use std::str::FromStr;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use bushka_engine::{DEFAULT_HASH_MIB, PlayerSpec};
use bushka_geometry::Player as Colour;
use bushka_rules::{AnyBoard, Bits, Board, Game, Record, with_board};

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
/// engine[:movetime=MS][:depth=D][:nodes=N][:hash=MIB] (engine alone searches 1 second
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
  engine[:movetime=MS][:depth=D][:nodes=N][:hash=MIB] (engine alone: 1 second a move).
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
    let (geometry, variant) = game_variant(args.variant.as_deref(), record.as_ref(), file)?;
    let tag = |key: &str| record.as_ref().and_then(|r| r.tag(key));
    let (white, white_name) = player(args.white.as_deref(), tag("White"), "human")?;
    let (black, black_name) = player(args.black.as_deref(), tag("Black"), "engine")?;
    let board = AnyBoard::new(geometry);
    let mut tags = vec![
        ("Variant".to_string(), variant),
        ("White".to_string(), white_name),
        ("Black".to_string(), black_name),
    ];
    // Keep the loaded record's other tags (its Date among them); FEN and Result are
    // written from the game.
    let kept = ["Variant", "White", "Black", "FEN", "Result"];
    if let Some(r) = &record {
        tags.extend(
            r.tags
                .iter()
                .filter(|(k, _)| !kept.iter().any(|x| x.eq_ignore_ascii_case(k)))
                .cloned(),
        );
    }
    if !tags.iter().any(|(k, _)| k.eq_ignore_ascii_case("Date")) {
        tags.insert(3, ("Date".to_string(), today()));
    }
    with_board!(&board, b => {
        let game = start_game(b, &args, record.as_ref())?;
        session::Session::new(session::Setup {
            board: Arc::clone(b),
            game,
            specs: [white, black],
            tags,
            max_plies: args.max_plies.map(|n| usize::try_from(n).unwrap_or(usize::MAX)),
            loaded: args.load.clone(),
        })
        .run()
    })
}

/// The player of `--white`/`--black` (`arg`), else the loaded record's tag when it is a
/// player spec, else `default`; with the name to write in the record's tag.
fn player(
    arg: Option<&str>,
    tag: Option<&str>,
    default: &str,
) -> Result<(PlayerSpec, String), CliError> {
    if let Some(text) = arg {
        let spec = PlayerSpec::from_str(text)?;
        return Ok((spec, spec.to_string()));
    }
    let fallback = PlayerSpec::from_str(default)?;
    match tag.map(|t| (t, PlayerSpec::from_str(t))) {
        // A record is shared data: its tag may not size the allocator beyond the default.
        Some((_, Ok(spec))) => {
            let spec = spec.with_hash_at_most(DEFAULT_HASH_MIB);
            Ok((spec, spec.to_string()))
        }
        // A record from elsewhere names people ("Alice"): keep the name for a human.
        Some((name, Err(_))) if fallback == PlayerSpec::Human && !name.trim().is_empty() => {
            Ok((fallback, name.to_string()))
        }
        _ => Ok((fallback, fallback.to_string())),
    }
}

/// The game to play: the loaded record played through, or a new game from
/// `--position` or the start.
fn start_game<B: Bits>(
    board: &Arc<Board<B>>,
    args: &Args,
    record: Option<&Record>,
) -> Result<Game<B>, CliError> {
    let Some(record) = record else {
        let start = match &args.position {
            Some(text) => board.parse_position(text)?,
            None => board.start_position(),
        };
        return Ok(Game::from_position(Arc::clone(board), start));
    };
    let file = args.load.clone().unwrap_or_default();
    let mut game = record
        .replay(Arc::clone(board))
        .map_err(|error| CliError::Record {
            file,
            error: Box::new(error),
        })?;
    // A result the moves do not explain was a resignation or an agreed draw.
    if game.outcome().is_none() {
        match record.result.as_deref() {
            Some("1-0") => game.resign(Colour::Black),
            Some("0-1") => game.resign(Colour::White),
            Some("1/2-1/2") => game.agree_draw(),
            _ => {}
        }
    }
    Ok(game)
}

/// Today's date (UTC) as PDN writes dates: `2025.03.14`.
fn today() -> String {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((seconds / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's
/// `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(11_017), (2000, 3, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
        let date = today();
        assert_eq!(date.len(), 10, "{date}");
        assert!(date.as_str() >= "2024.01.01", "{date}");
    }

    #[test]
    fn players_come_from_arguments_then_tags() {
        let (spec, name) = player(Some("random:seed=3"), Some("human"), "human").expect("ok");
        assert_eq!(
            (spec, name.as_str()),
            (PlayerSpec::Random { seed: 3 }, "random:seed=3")
        );
        let (spec, name) = player(None, Some("greedy:seed=2"), "engine").expect("ok");
        assert_eq!(
            (spec, name.as_str()),
            (PlayerSpec::Greedy { seed: 2 }, "greedy:seed=2")
        );
        let (spec, name) = player(None, Some("Alice"), "human").expect("ok");
        assert_eq!((spec, name.as_str()), (PlayerSpec::Human, "Alice"));
        let (spec, _) = player(None, Some("Bob"), "engine").expect("ok");
        assert!(matches!(spec, PlayerSpec::Engine { .. }));
        assert!(player(Some("robot"), None, "human").is_err());
    }
}
