//! Table files: saved tables load back identical; damaged, truncated and mismatched
//! files are refused with a clear error.

use std::fs;
use std::path::PathBuf;
use std::sync::Arc;

use bushka_rules::Board;
use bushka_tablebase::{FileError, Material, Silent, Tablebases, load_dir, save, solve};
use bushka_tests::data_path;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bushka-tb-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    dir
}

fn saved_hexagon(name: &str) -> (PathBuf, Tablebases, bushka_geometry::Geometry) {
    let geometry = bushka_geometry::load_path(&data_path("hexagon-3.toml")).expect("loads");
    let board = Board::<u64>::new(Arc::new(geometry.clone())).expect("fits");
    let mut tables = Tablebases::new(&geometry);
    let material: Material = "2K1M v 1K".parse().expect("signature");
    solve(&board, &mut tables, material, &Silent).expect("small");
    let dir = scratch(name);
    let paths = save(&tables, &dir).expect("saves");
    assert_eq!(paths.len(), tables.tables().len());
    (dir, tables, geometry)
}

fn table_file(dir: &std::path::Path) -> PathBuf {
    dir.join("hexagon-3_2K1Mv1K.bktb")
}

#[test]
fn saved_tables_load_back_identical() {
    let (dir, tables, geometry) = saved_hexagon("roundtrip");
    let loaded = load_dir(&dir, &geometry).expect("loads");
    assert_eq!(loaded.tables().len(), tables.tables().len());
    for table in tables.tables() {
        let other = loaded.table(&table.material()).expect("loaded");
        let size = table.indexer().size();
        assert_eq!(other.indexer().size(), size);
        assert!((0..size).all(|i| table.value_at(i) == other.value_at(i)));
    }
    // Tables of another variant in the same directory are ignored.
    let other = bushka_geometry::load_path(&data_path("draughts-6x6.toml")).expect("loads");
    assert!(load_dir(&dir, &other).expect("skips").is_empty());
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn a_damaged_file_is_refused() {
    let (dir, _, geometry) = saved_hexagon("damaged");
    let path = table_file(&dir);
    let mut bytes = fs::read(&path).expect("reads");
    let last = bytes.len() - 10;
    bytes[last] ^= 0x40;
    fs::write(&path, &bytes).expect("writes");
    let err = load_dir(&dir, &geometry).expect_err("refused");
    assert!(matches!(err, FileError::Corrupt { .. }), "{err}");
    assert!(err.to_string().contains("checksum"), "{err}");
    assert!(err.to_string().contains("2K1Mv1K"), "{err}");

    fs::write(&path, &bytes[..bytes.len() / 2]).expect("writes");
    let err = load_dir(&dir, &geometry).expect_err("refused");
    assert!(err.to_string().contains("ends early"), "{err}");

    fs::write(&path, b"not a table at all").expect("writes");
    let err = load_dir(&dir, &geometry).expect_err("refused");
    assert!(err.to_string().contains("BUSHKATB"), "{err}");
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn a_table_of_another_definition_of_the_variant_is_refused() {
    let (dir, _, _) = saved_hexagon("mismatch");
    // Same id, other rules: short kings.
    let text = fs::read_to_string(data_path("hexagon-3.toml")).expect("reads");
    let changed = format!("{text}\n[rules]\nking_range = \"short\"\n");
    let geometry = bushka_geometry::load_str(&changed, "changed.toml").expect("loads");
    let err = load_dir(&dir, &geometry).expect_err("refused");
    assert!(matches!(err, FileError::Mismatch { .. }), "{err}");
    assert!(err.to_string().contains("different `hexagon-3`"), "{err}");
    let _ = fs::remove_dir_all(dir);
}
