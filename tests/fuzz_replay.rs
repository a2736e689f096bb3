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

fn inputs(kind: &str, target: &str) -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz")
        .join(kind)
        .join(target);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
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

fn replay(kind: &str) -> usize {
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
    replay("regressions");
}

#[test]
fn the_seed_corpora_pass() {
    let count = replay("seeds");
    assert!(count >= 100, "only {count} seed inputs found");
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
