//! `engine:tablebases=DIR`: an engine spec names a table directory, which whoever
//! builds the players opens and reads once per variant, shared by the specs naming
//! it; a missing, empty or mismatched directory is refused with a clear error; the
//! engine plays the tables' moves.

use std::fs;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;

use bushka_engine::{Answer, Chooser, PlayerSpec, TablesDir, TablesError, Turn, spec_tables};
use bushka_geometry::Geometry;
use bushka_rules::{Board, Game};
use bushka_tablebase::{FileError, Material, Silent, Tablebases, Value, save, solve};
use bushka_tests::data_path;

fn hexagon() -> Geometry {
    bushka_geometry::load_path(&data_path("hexagon-3.toml")).expect("loads")
}

/// Tables of `signature` on the small hexagon, saved in a fresh directory.
fn saved(name: &str, signature: &str) -> (PathBuf, Arc<Board<u64>>, Tablebases) {
    let board = Arc::new(Board::<u64>::new(Arc::new(hexagon())).expect("fits"));
    let mut tables = Tablebases::new(board.geometry());
    let material: Material = signature.parse().expect("signature");
    solve(&board, &mut tables, material, &Silent).expect("small");
    let dir = std::env::temp_dir().join(format!("bushka-tbp-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    save(&tables, &dir).expect("saves");
    (dir, board, tables)
}

fn spec(dir: &Path) -> PlayerSpec {
    PlayerSpec::from_str(&format!("engine:depth=1:tablebases={}", dir.display())).expect("parses")
}

#[test]
fn a_missing_directory_is_refused_when_the_spec_is_read() {
    let err =
        PlayerSpec::from_str("engine:tablebases=/no/such/bushka/tables").expect_err("refused");
    assert!(err.to_string().contains("is not a directory"), "{err}");
    let err = PlayerSpec::from_str("random:tablebases=/tmp").expect_err("refused");
    assert!(err.to_string().contains("not a whole number"), "{err}");
}

#[test]
fn a_directory_without_tables_of_the_variant_is_refused() {
    let (dir, ..) = saved("empty", "1K v 1K");
    let other = bushka_geometry::load_path(&data_path("draughts-6x6.toml")).expect("loads");
    let err = spec_tables(&[&spec(&dir)], &other).expect_err("refused");
    assert!(matches!(err, TablesError::Empty { .. }), "{err}");
    assert!(
        err.to_string()
            .contains("no table file of variant `draughts-6x6`"),
        "{err}"
    );
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn a_mismatched_directory_is_refused() {
    let (dir, ..) = saved("mismatch", "1K v 1K");
    let text = fs::read_to_string(data_path("hexagon-3.toml")).expect("reads");
    let changed = format!("{text}\n[rules]\nking_range = \"short\"\n");
    let geometry = bushka_geometry::load_str(&changed, "changed.toml").expect("loads");
    let err = spec_tables(&[&spec(&dir)], &geometry).expect_err("refused");
    assert!(
        matches!(err, TablesError::File(FileError::Mismatch { .. })),
        "{err}"
    );
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn the_engine_of_a_spec_with_tables_plays_the_fastest_win() {
    let (dir, board, tables) = saved("plays", "2K1M v 1K");
    let spec = spec(&dir);
    // The spec prints its directory and reads back to the same spec.
    assert!(
        spec.to_string()
            .ends_with(&format!(":tablebases={}", dir.display()))
    );
    assert_eq!(
        PlayerSpec::from_str(&spec.to_string()).expect("parses"),
        spec
    );
    // An opened directory reads the tables once and shares them, and so do specs
    // naming the same directory.
    let opened = TablesDir::open(&dir).expect("a directory");
    let first = opened.load(board.geometry()).expect("loads");
    let again = opened.load(board.geometry()).expect("loads");
    assert!(Arc::ptr_eq(&first, &again));
    let both = spec_tables(&[&spec, &PlayerSpec::Human, &spec], board.geometry()).expect("loads");
    match both.as_slice() {
        [Some(a), None, Some(b)] => assert!(Arc::ptr_eq(a, b)),
        other => panic!("{other:?}"),
    }
    assert!(TablesDir::open(&dir.join("nothing")).is_err());

    let material: Material = "2K1M v 1K".parse().expect("signature");
    let table = tables.table(&material).expect("solved");
    let (plies, index) = table.summary().longest_win.expect("a win");
    assert!(plies > 3, "a long win makes a real test");
    let start = table.indexer().unrank(&board, index).expect("legal");
    let mut engine = spec.engine_for(&board, 0, Some(first)).expect("an engine");
    let game = Game::from_position(Arc::clone(&board), start).expect("a game starts");
    let mv = match engine.choose(&game, &Turn::default()).expect("an answer") {
        Answer::Move(mv) => mv,
        other => panic!("a move, not {other:?}"),
    };
    assert_eq!(
        tables.probe(&board, &start.play(&board, &mv)),
        Some(Value::Loss(plies - 1)),
        "depth 1 finds the fastest win only through the tables"
    );
    let _ = fs::remove_dir_all(dir);
}
