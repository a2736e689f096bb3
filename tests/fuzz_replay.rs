//! Replays the committed fuzz inputs through the fuzz harnesses on stable Rust, so CI
//! checks on every change what the fuzzers once found: for each target of
//! [`bushka_tests::harness::TARGETS`], every file in `tests/fuzz/regressions/TARGET/`
//! (inputs that once crashed or hung) and `tests/fuzz/seeds/TARGET/` (the seed corpus
//! and a sample of what fuzzing grew from it).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use bushka_tests::harness::TARGETS;

/// The slowest a single input may take (in the optimised test profile) before the
/// replay counts it as a hang.
const HANG: Duration = Duration::from_secs(10);

/// Regression inputs committed today: the replay fails below this many, so that a
/// moved or emptied folder cannot pass unnoticed.
const MIN_REGRESSIONS: usize = 11;

/// Seed inputs committed today (at least), for the same reason.
const MIN_SEEDS: usize = 100;

/// `tests/fuzz/KIND`, which must exist.
fn kind_dir(kind: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz")
        .join(kind);
    assert!(dir.is_dir(), "{} is missing", dir.display());
    dir
}

/// The inputs of `target` in `tests/fuzz/KIND/TARGET/`, sorted; none when the target
/// has no folder there (a target no fuzzer ever broke has no regressions).
fn inputs(kind: &str, target: &str) -> Vec<PathBuf> {
    let dir = kind_dir(kind).join(target);
    let entries = match std::fs::read_dir(&dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Vec::new(),
        Err(e) => panic!("reading {}: {e}", dir.display()),
    };
    let mut files: Vec<PathBuf> = entries
        .map(|e| {
            e.unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
                .path()
        })
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

/// Replays every input of `tests/fuzz/KIND/` through its target's harness and returns
/// how many there were; a folder there that names no target fails (its inputs would
/// never be replayed).
fn replay(kind: &str) -> usize {
    let root = kind_dir(kind);
    for entry in
        std::fs::read_dir(&root).unwrap_or_else(|e| panic!("reading {}: {e}", root.display()))
    {
        let path = entry
            .unwrap_or_else(|e| panic!("reading {}: {e}", root.display()))
            .path();
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        assert!(
            TARGETS
                .iter()
                .any(|(target, _)| name.as_deref() == Some(*target)),
            "{} is not the folder of a fuzz target",
            path.display()
        );
    }
    let mut total = 0;
    for (target, harness) in TARGETS {
        for path in inputs(kind, target) {
            let data =
                std::fs::read(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
            let started = Instant::now();
            if std::panic::catch_unwind(|| harness(&data)).is_err() {
                panic!("fuzz target `{target}` fails on {}", path.display());
            }
            assert!(
                started.elapsed() < HANG,
                "{target}: {} took {:?}",
                path.display(),
                started.elapsed()
            );
            total += 1;
        }
    }
    total
}

#[test]
fn every_regression_input_passes() {
    let count = replay("regressions");
    assert!(
        count >= MIN_REGRESSIONS,
        "only {count} regression inputs found (at least {MIN_REGRESSIONS} are committed)"
    );
}

#[test]
fn the_seed_corpora_pass() {
    let count = replay("seeds");
    assert!(
        count >= MIN_SEEDS,
        "only {count} seed inputs found (at least {MIN_SEEDS} are committed)"
    );
}

#[test]
fn every_target_has_seeds() {
    for (target, _) in TARGETS {
        assert!(
            !inputs("seeds", target).is_empty(),
            "no seeds for fuzz target `{target}`"
        );
    }
}
