//! Starting a session: the game (new or from a record), who plays each side, and the
//! record's tags.

use std::str::FromStr;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use bushka_engine::{DEFAULT_HASH_MIB, PlayerSpec, SpecError};
use bushka_geometry::Colour;
use bushka_rules::{Bits, Board, Game, Record, RecordError};

/// The game a record holds, played through with every move listing within `steps`
/// capture-search steps ([`bushka_rules::MAX_GENERATION_STEPS`] in the programs); a
/// result the moves do not explain is taken as a resignation or an agreed draw.
pub(crate) fn game_from_record<B: Bits>(
    board: Arc<Board<B>>,
    record: &Record,
    steps: u64,
) -> Result<Game<B>, RecordError> {
    let mut game = record.replay_within(board, steps)?;
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

/// The player given as `arg` (a spec), else the record's `tag` when it is a spec,
/// else `default`; with the name to write in the record's tag. A record from elsewhere
/// names people ("Alice"): a human keeps that name. A spec from the tag gets a
/// transposition table of at most the default size and no endgame tables.
pub fn choose_player(
    arg: Option<&str>,
    tag: Option<&str>,
    default: PlayerSpec,
) -> Result<(PlayerSpec, String), SpecError> {
    if let Some(text) = arg {
        let spec = PlayerSpec::from_str(text)?;
        let name = spec.to_string();
        return Ok((spec, name));
    }
    // A record is shared data: its tag may not size the allocator beyond the default,
    // start threads, name a directory to read, nor a program to run (it is then only
    // a name).
    let from_tag = |t: &str| PlayerSpec::from_str(t).ok().filter(|s| !s.is_external());
    match tag.map(|t| (t, from_tag(t))) {
        Some((_, Some(spec))) => {
            let spec = spec
                .with_hash_at_most(DEFAULT_HASH_MIB)
                .single_threaded()
                .without_tablebases();
            let name = spec.to_string();
            Ok((spec, name))
        }
        Some((name, None)) if default == PlayerSpec::Human && !name.trim().is_empty() => {
            Ok((default, name.to_string()))
        }
        _ => {
            let name = default.to_string();
            Ok((default, name))
        }
    }
}

/// The tags of a session's record: Variant, White and Black as given, then the loaded
/// record's other tags (its Date among them), with today's Date when there is none.
/// FEN and Result are left out: they are written from the game.
pub fn record_tags(
    variant: &str,
    white: &str,
    black: &str,
    loaded: Option<&Record>,
) -> Vec<(String, String)> {
    let mut tags = vec![
        ("Variant".to_string(), variant.to_string()),
        ("White".to_string(), white.to_string()),
        ("Black".to_string(), black.to_string()),
    ];
    let written = ["Variant", "White", "Black", "FEN", "Result"];
    if let Some(record) = loaded {
        tags.extend(
            record
                .tags
                .iter()
                .filter(|(k, _)| !written.iter().any(|x| x.eq_ignore_ascii_case(k)))
                .cloned(),
        );
    }
    if !tags.iter().any(|(k, _)| k.eq_ignore_ascii_case("Date")) {
        tags.insert(3, ("Date".to_string(), today()));
    }
    tags
}

/// Today's date (UTC) as PDN writes dates: `2025.03.14`.
pub fn today() -> String {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    civil_date(seconds as i64)
}

/// The date (UTC) `seconds` after 1970 began, as PDN writes dates: `2025.03.14`.
pub fn civil_date(seconds: i64) -> String {
    let (y, m, d) = civil_from_days(seconds.div_euclid(86_400));
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
    fn a_record_tag_names_no_tables_and_no_large_hash() {
        let dir = std::env::temp_dir();
        let tag = format!("engine:depth=3:hash=4096:tablebases={}", dir.display());
        let (spec, name) = choose_player(None, Some(&tag), PlayerSpec::Human).expect("a spec");
        assert_eq!(name, spec.to_string());
        assert!(!name.contains("tablebases"), "{name}");
        assert_eq!(name, "engine:depth=3", "the default hash is not written");
        // Given on the command line, the same spec keeps its tables.
        let (spec, _) = choose_player(Some(&tag), None, PlayerSpec::Human).expect("a spec");
        assert!(spec.to_string().contains("tablebases"));
    }

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
        let human = PlayerSpec::Human;
        let (spec, name) =
            choose_player(Some("random:seed=3"), Some("human"), human.clone()).expect("ok");
        assert_eq!(
            (spec, name.as_str()),
            (PlayerSpec::Random { seed: 3 }, "random:seed=3")
        );
        let engine = PlayerSpec::from_str("engine").expect("a spec");
        let (spec, name) = choose_player(None, Some("greedy:seed=2"), engine.clone()).expect("ok");
        assert_eq!(
            (spec, name.as_str()),
            (PlayerSpec::Greedy { seed: 2 }, "greedy:seed=2")
        );
        let (spec, name) = choose_player(None, Some("Alice"), human.clone()).expect("ok");
        assert_eq!((spec, name.as_str()), (PlayerSpec::Human, "Alice"));
        let (spec, _) = choose_player(None, Some("Bob"), engine.clone()).expect("ok");
        assert_eq!(spec, engine);
        assert!(choose_player(Some("robot"), None, human).is_err());
    }
}
