//! The store on real files: what is written reads back after reopening, keys are kept
//! only as hashes, and a damaged, foreign or newer file or an unwritable directory is
//! refused with a clear error and left untouched.

use bushka_geometry::{ByColour, Colour};
use bushka_store::{
    Access, Change, ClockState, Ending, FILE_NAME, GameRow, Store, StoreError, StoredMove,
    TimeControl, VariantSource,
};

fn game(id: &str) -> GameRow {
    GameRow {
        id: id.into(),
        created_ms: 1_000,
        variant: VariantSource::Builtin("bushka".into()),
        start: None,
        players: ByColour::new("human".into(), "human".into()),
        tags: vec![
            ("Variant".into(), "bushka".into()),
            ("White".into(), "Ann".into()),
            ("Black".into(), "Bob".into()),
        ],
        seed: u64::MAX,
        clock: Some((
            TimeControl {
                initial_ms: 300_000,
                increment_ms: 2_000,
            },
            ClockState {
                remaining_ms: ByColour::new(300_000, 300_000),
                running_since_ms: None,
            },
        )),
    }
}

fn moves(texts: &[&str]) -> Vec<StoredMove> {
    texts
        .iter()
        .map(|t| StoredMove {
            text: t.to_string(),
            at_ms: 2_000,
        })
        .collect()
}

fn change<'a>(keep: usize, moves: &'a [StoredMove], version: u64) -> Change<'a> {
    Change {
        keep,
        moves,
        end: None,
        clock: None,
        version,
        at_ms: 3_000,
    }
}

#[test]
fn a_game_reads_back_after_reopening_with_its_moves_undos_and_end() {
    let dir = tempfile::tempdir().expect("a directory");
    let key = "0123456789abcdef0123456789abcdef";
    {
        let store = Store::open(dir.path()).expect("a new store");
        store
            .insert(&game("g1"), &[(key.into(), Access::Seat(Colour::Black))])
            .expect("stored");
        store
            .change("g1", &change(0, &moves(&["f45", "d76", "e45"]), 1))
            .expect("three moves");
        // An undo of one move, then another move in its place.
        store.change("g1", &change(2, &[], 2)).expect("undone");
        assert_eq!(store.unfinished(3_000).expect("read"), ["g1"]);
        assert!(
            store.unfinished(3_001).expect("read").is_empty(),
            "no clock runs"
        );
        let clock = ClockState {
            remaining_ms: ByColour::new(280_000, 0),
            running_since_ms: Some(9_000),
        };
        let end = Ending {
            result: "1-0".into(),
            text: "White wins: Black ran out of time".into(),
            flagged: Some(Colour::Black),
            record: "[Result \"1-0\"]\n1. f45 d76 1-0\n".into(),
            at_ms: 9_000,
        };
        let last = moves(&["g45"]);
        store
            .change(
                "g1",
                &Change {
                    end: Some(&end),
                    clock: Some(clock),
                    ..change(2, &last, 3)
                },
            )
            .expect("the end");
    }
    let store = Store::open(dir.path()).expect("reopened");
    assert_eq!(
        store.lookup(key).expect("read"),
        Some(("g1".into(), Access::Seat(Colour::Black)))
    );
    assert_eq!(store.lookup("nothing").expect("read"), None);
    let stored = store.load("g1").expect("read").expect("there");
    assert_eq!(stored.moves, ["f45", "d76", "g45"]);
    assert_eq!(stored.version, 3);
    let end = stored.end.expect("over");
    assert_eq!(
        (end.result.as_str(), end.flagged),
        ("1-0", Some(Colour::Black))
    );
    let (control, clock) = stored.game.clock.expect("a clock");
    assert_eq!(control.increment_ms, 2_000);
    assert_eq!(clock.remaining_ms[Colour::White], 280_000);
    assert_eq!(clock.running_since_ms, Some(9_000));
    assert_eq!(stored.game.seed, u64::MAX);
    assert_eq!(stored.game.tags, game("g1").tags);
    assert!(store.unfinished(0).expect("read").is_empty());
    let (finished, total) = store.finished(0, 10).expect("read");
    assert_eq!(total, 1);
    assert_eq!(finished[0].players[Colour::White], "Ann");
    assert_eq!(finished[0].plies, 3);
    let mut records = Vec::new();
    store
        .for_each_record(|id, _, record| {
            records.push((id.to_string(), record.to_string()));
            Ok::<(), StoreError>(())
        })
        .expect("read");
    assert_eq!(records.len(), 1);
    assert!(store.delete("g1").expect("deleted"));
    assert_eq!(
        store.lookup(key).expect("read"),
        None,
        "its keys went with it"
    );
    drop(store);
    let bytes = std::fs::read(dir.path().join(FILE_NAME)).expect("the file");
    let text = String::from_utf8_lossy(&bytes);
    assert!(!text.contains(key), "a key is never written as it is");
}

#[test]
fn a_file_that_is_not_a_database_is_refused_and_left_alone() {
    let dir = tempfile::tempdir().expect("a directory");
    let path = dir.path().join(FILE_NAME);
    let junk = b"these are somebody's notes, not a database\n".repeat(200);
    std::fs::write(&path, &junk).expect("written");
    let error = Store::open(dir.path()).err().expect("refused");
    assert!(matches!(error, StoreError::Foreign { .. }), "{error}");
    let message = error.to_string();
    assert!(message.contains("not a bushka database"), "{message}");
    assert!(message.contains("left untouched"), "{message}");
    assert_eq!(std::fs::read(&path).expect("still there"), junk);
}

#[test]
fn a_damaged_database_is_refused_and_left_alone() {
    let dir = tempfile::tempdir().expect("a directory");
    {
        let store = Store::open(dir.path()).expect("a new store");
        for i in 0..200 {
            store
                .insert(&game(&format!("game-{i:04}")), &[])
                .expect("stored");
        }
    }
    // Scribble over the pages after the header (as a disk fault would).
    let path = dir.path().join(FILE_NAME);
    let mut bytes = std::fs::read(&path).expect("the file");
    assert!(bytes.len() > 8192, "{} bytes", bytes.len());
    for b in &mut bytes[4096..] {
        *b = 0x5a;
    }
    std::fs::write(&path, &bytes).expect("damaged");
    let error = Store::open(dir.path()).err().expect("refused");
    let message = error.to_string();
    assert!(
        matches!(error, StoreError::Damaged { .. }),
        "a damaged file is called damaged: {message}"
    );
    assert!(message.contains(FILE_NAME), "{message}");
    assert_eq!(std::fs::read(&path).expect("still there"), bytes);
}

#[test]
fn another_programs_database_is_refused() {
    let dir = tempfile::tempdir().expect("a directory");
    let path = dir.path().join(FILE_NAME);
    foreign_database(&path);
    let before = std::fs::read(&path).expect("the file");
    let error = Store::open(dir.path()).err().expect("refused");
    assert!(matches!(error, StoreError::Foreign { .. }), "{error}");
    assert!(error.to_string().contains("application id"), "{error}");
    assert_eq!(std::fs::read(&path).expect("still there"), before);
}

/// Writes at `path` a SQLite database with tables that is not bushka's: a bushka
/// store's file with its header's application id (bytes 68..72) and schema version
/// (bytes 60..64) cleared, as another program's file would have them.
fn foreign_database(path: &std::path::Path) {
    let scratch = tempfile::tempdir().expect("a directory");
    drop(Store::open(scratch.path()).expect("a store"));
    let mut bytes = std::fs::read(scratch.path().join(FILE_NAME)).expect("the file");
    bytes[60..64].copy_from_slice(&[0; 4]);
    bytes[68..72].copy_from_slice(&[0; 4]);
    std::fs::write(path, &bytes).expect("written");
}

#[test]
fn a_newer_schema_is_refused() {
    let dir = tempfile::tempdir().expect("a directory");
    drop(Store::open(dir.path()).expect("a store"));
    let path = dir.path().join(FILE_NAME);
    let mut bytes = std::fs::read(&path).expect("the file");
    // user_version: bytes 60..64 of the header, big-endian.
    bytes[60..64].copy_from_slice(&99u32.to_be_bytes());
    std::fs::write(&path, &bytes).expect("written");
    let error = Store::open(dir.path()).err().expect("refused");
    assert!(
        matches!(error, StoreError::Newer { found: 99, .. }),
        "{error}"
    );
    assert!(error.to_string().contains("newer bushka"), "{error}");
}

#[test]
fn an_unwritable_data_directory_is_a_clear_error() {
    let dir = tempfile::tempdir().expect("a directory");
    // A directory that cannot be made: its parent is a file (root is refused this too).
    let file = dir.path().join("a-file");
    std::fs::write(&file, b"x").expect("written");
    let error = Store::open(&file.join("data")).err().expect("refused");
    assert!(matches!(error, StoreError::Directory { .. }), "{error}");
    assert!(
        error
            .to_string()
            .starts_with("cannot use the data directory"),
        "{error}"
    );
    // A directory without write permission (not for root, whom permissions do not stop).
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let locked = dir.path().join("locked");
        std::fs::create_dir(&locked).expect("made");
        std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o555)).expect("chmod");
        if std::fs::write(locked.join("probe"), b"").is_err() {
            let error = Store::open(&locked).err().expect("refused");
            assert!(matches!(error, StoreError::Directory { .. }), "{error}");
            assert!(error.to_string().contains("ermission denied"), "{error}");
        }
        std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
}
