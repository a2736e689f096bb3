//! The draughts family's start positions against the published perft counts, one
//! duplicate-free row per variant file (a move is its origin, destination and captured
//! set: crates/rules/RULES.md section 4).
//!
//! Sources: rhalbersma/dctl `test/src/algo/traversal/initial/board_{08x08,10x10,large}.cpp`
//! (the `drop_duplicates_gen` rows) for Russian, Pool, Checkers, Czech, Spanish, Italian,
//! Killer, Frisian and Canadian; dctl's former "ThaiNative" table (`test/walk/Root.cpp`
//! before b10d89b6) for the real Thai start of 8 men a side; Aart Bik's checkers table,
//! which keeps duplicates and first differs at depth 12 (388,623,673 with duplicates,
//! 388,617,999 without); International's row for Antidraughts (the move tree is the same)
//! and Breakthrough (the same until a king is made, which ends the game: from depth 12);
//! for Turkish, kish (PyPI) move lists collapsed to identities at every node; for Frysk!,
//! dctl's Frisian rules from lidraughts' start.
//!
//! The depths that run in CI take a few seconds each; the deeper rows are ignored tests
//! (`cargo test --release -p bushka-tests --test family_perft -- --ignored`).

use bushka_rules::{AnyBoard, perft, with_board};
use bushka_tests::{INTERNATIONAL_PERFT, builtin};

/// Each file's published counts from depth 1, and how deep CI checks them.
const TABLES: &[(&str, usize, &[u64])] = &[
    (
        "checkers",
        9,
        &[
            7,
            49,
            302,
            1_469,
            7_361,
            36_768,
            179_740,
            845_931,
            3_963_680,
            18_391_564,
            85_242_128,
            388_617_999,
        ],
    ),
    (
        "russian",
        9,
        &[
            7,
            49,
            302,
            1_469,
            7_482,
            37_986,
            190_146,
            929_899,
            4_570_586,
            22_444_032,
            110_917_189,
            544_770_444,
        ],
    ),
    (
        "pool",
        9,
        &[
            7,
            49,
            302,
            1_469,
            7_482,
            37_986,
            190_146,
            929_896,
            4_570_534,
            22_435_955,
            110_833_952,
        ],
    ),
    (
        "canadian",
        6,
        &[
            11,
            121,
            1_222,
            10_053,
            79_049,
            584_100,
            4_369_366,
            31_839_056,
            237_209_258,
        ],
    ),
    (
        "frisian",
        7,
        &[
            9, 81, 658, 3_874, 21_265, 102_431, 540_126, 2_825_779, 15_605_069, 85_817_725,
        ],
    ),
    (
        "frysk",
        6,
        &[
            9,
            81,
            657,
            5_329,
            41_829,
            328_329,
            2_572_197,
            20_147_712,
            157_945_922,
        ],
    ),
    (
        "italian",
        9,
        &[
            7,
            49,
            302,
            1_469,
            7_361,
            36_473,
            177_532,
            828_783,
            3_860_875,
            17_761_384,
            81_647_058,
            367_911_475,
        ],
    ),
    (
        "spanish",
        9,
        &[
            7,
            49,
            302,
            1_469,
            7_361,
            36_473,
            177_532,
            828_783,
            3_860_866,
            17_743_464,
            81_383_200,
            365_728_331,
        ],
    ),
    (
        "czech",
        9,
        &[
            7,
            49,
            302,
            1_469,
            7_361,
            36_768,
            179_740,
            845_931,
            3_963_671,
            18_368_918,
            84_967_210,
            386_262_109,
        ],
    ),
    (
        "thai",
        7,
        &[
            7,
            49,
            392,
            3_136,
            26_592,
            218_695,
            1_820_189,
            14_533_014,
            114_530_830,
            861_842_812,
        ],
    ),
    (
        "turkish",
        6,
        &[
            8,
            64,
            708,
            7_538,
            85_090,
            931_312,
            10_782_308,
            123_285_642,
            1_454_012_156,
        ],
    ),
    ("killer", 7, &INTERNATIONAL_PERFT),
    ("antidraughts", 6, &INTERNATIONAL_PERFT),
    ("breakthrough", 6, &INTERNATIONAL_PERFT),
];

/// The start-position perft of the built-in `name` at `depth`.
fn start_perft(name: &str, depth: u32) -> u64 {
    let board = AnyBoard::new(builtin(name));
    with_board!(&board, b => perft(b, &b.start_position(), depth))
}

/// Checks every table from `depth(ci, len)` ... up to its end or CI depth.
fn check(depths: impl Fn(usize, usize) -> std::ops::RangeInclusive<usize>) {
    for &(name, ci, counts) in TABLES {
        for depth in depths(ci, counts.len()) {
            assert_eq!(
                start_perft(name, depth as u32),
                counts[depth - 1],
                "{name} perft({depth})"
            );
        }
    }
}

#[test]
fn every_file_matches_its_published_counts_to_the_ci_depth() {
    check(|ci, _| 1..=ci);
}

/// Minutes in a release build: run with
/// `cargo test --release -p bushka-tests --test family_perft -- --ignored`.
#[test]
#[ignore = "minutes: the deeper rows of every table"]
fn every_file_matches_its_published_counts_to_the_end_of_its_table() {
    check(|ci, len| ci + 1..=len);
}
