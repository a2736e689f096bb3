//! Jump capture (draughts): the published International perft counts, and an
//! independent, deliberately naive generator written from crates/rules/RULES.md section 6 alone that
//! cross-checks the engine at every node on Brazilian draughts and HexDame (from the
//! start, from capture-heavy and king-heavy positions, and along random playouts).

use bushka_rules::{AnyBoard, perft, with_board};
use bushka_tests::lockstep::{self, Pos, random_game};
use bushka_tests::{INTERNATIONAL_PERFT, JUMP_BUILTINS, JUMP_POSITIONS, builtin, naive_jump};

fn board_named(name: &str) -> AnyBoard {
    AnyBoard::new(builtin(name))
}

/// Cross-checks the tree below `position` (a position string, or `start`) to `depth`,
/// and the engine's own perft against the reference's leaf count.
fn cross_check(variant: &str, position: &str, depth: u32) -> u64 {
    let board = board_named(variant);
    with_board!(&board, b => {
        let pos = if position == "start" {
            b.start_position()
        } else {
            b.parse_position(position)
                .unwrap_or_else(|e| panic!("{variant}: {position}: {e}"))
        };
        let context = format!("{variant} {position}");
        let npos = Pos::of(b, &pos);
        let leaves = lockstep::lockstep(b, &pos, &npos, depth, naive_jump::legal, &context);
        assert_eq!(perft(b, &pos, depth), leaves, "{variant} {position} perft({depth})");
        leaves
    })
}

// ---------------------------------------------------------------------------------
// International draughts: the published counts (crates/rules/RULES.md 6.2).

fn international_perft(depth: u32) -> u64 {
    let board = board_named("draughts");
    with_board!(&board, b => perft(b, &b.start_position(), depth))
}

#[test]
fn international_perft_depths_1_to_9() {
    for depth in 1..=9 {
        assert_eq!(
            international_perft(depth),
            INTERNATIONAL_PERFT[depth as usize - 1],
            "perft({depth})"
        );
    }
}

/// About two seconds of CPU in a release build; run with
/// `cargo test --release -p bushka-tests --test jump -- --ignored`.
#[test]
#[ignore = "slow in debug builds: perft(10) has 258,895,763 leaves"]
fn international_perft_depth_10() {
    assert_eq!(international_perft(10), INTERNATIONAL_PERFT[9]);
}

#[test]
fn reference_agrees_with_the_published_international_counts() {
    for depth in 1..=4 {
        assert_eq!(
            cross_check("draughts", "start", depth),
            INTERNATIONAL_PERFT[depth as usize - 1]
        );
    }
}

// ---------------------------------------------------------------------------------
// Brazilian draughts and HexDame against the reference.

#[test]
fn brazilian_from_the_start() {
    cross_check("brazilian", "start", 6);
}

#[test]
fn hexdame_from_the_start() {
    cross_check("hexdame", "start", 4);
}

#[test]
fn capture_heavy_and_king_heavy_positions() {
    for (variant, position, depth) in JUMP_POSITIONS {
        cross_check(variant, position, depth);
    }
}

/// Random playouts on every draughts board, checked at every position: reaches kings,
/// long sequences and endgames that hand-built positions miss.
#[test]
fn random_playouts_agree_with_the_reference() {
    for (i, name) in JUMP_BUILTINS.iter().enumerate() {
        let board = board_named(name);
        with_board!(&board, b => {
            for game in 0..60u64 {
                let seed = game * 31 + i as u64;
                let context = format!("{name} game {game}");
                random_game(b, b.start_position(), naive_jump::legal, (seed, 200), &context, |_, _| {});
            }
        });
    }
}

/// Every file of the draughts family from its start, node by node against the
/// reference (which reads every clause from the rule set).
#[test]
fn every_family_file_from_the_start() {
    for (name, depth) in [
        ("checkers", 6),
        ("russian", 6),
        ("pool", 6),
        ("canadian", 4),
        ("frisian", 5),
        ("frysk", 5),
        ("italian", 6),
        ("spanish", 6),
        ("czech", 6),
        ("thai", 5),
        ("turkish", 4),
        ("killer", 4),
        ("antidraughts", 4),
        ("breakthrough", 4),
    ] {
        cross_check(name, "start", depth);
    }
}
