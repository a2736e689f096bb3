//! Fanorona's approach-withdrawal capture (crates/rules/RULES.md section 9): a
//! hand-built position for every clause with its exact legal moves, the start
//! position's perft (depths 1-5 here, 6 ignored: 5, 39, 724, 18026, 431830, 9204447),
//! an independent naive generator (tests/naive_fanorona.rs) checking the engine node by
//! node from the starts and along random games on every approach-withdrawal file, and
//! notation round trips.

use std::collections::BTreeSet;
use std::path::PathBuf;

use bushka_geometry::{Colour, Geometry};
use bushka_rules::{AnyBoard, Bits, Outcome, perft, with_board};
use bushka_tests::lockstep::{self, Pos, random_game};
use bushka_tests::{APPROACH_BUILTINS, builtin, naive_fanorona};
use proptest::prelude::*;

/// The start position's perft, depths 1 to 6 (crates/rules/RULES.md 9.5).
const START_PERFT: [u64; 6] = [5, 39, 724, 18_026, 431_830, 9_204_447];

/// Fanoron-Dimy's start perft, depths 1 to 6.
const DIMY_PERFT: [u64; 6] = [5, 21, 202, 3_469, 34_608, 306_817];

/// A variant file of the repository's `variants/` folder.
fn file(name: &str) -> Geometry {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../variants")
        .join(name);
    bushka_geometry::load_path(&path).unwrap_or_else(|e| panic!("{e}"))
}

/// Every approach-withdrawal variant: the built-ins and the two files beside them.
fn every_file() -> Vec<Geometry> {
    let mut all: Vec<Geometry> = APPROACH_BUILTINS.iter().map(|n| builtin(n)).collect();
    all.push(file("fanorona-dimy.toml"));
    all.push(file("fanorona-hex.toml"));
    all
}

/// The legal moves of `position` on Fanorona, in notation, sorted.
fn legal(position: &str) -> Vec<String> {
    let board = AnyBoard::new(builtin("fanorona"));
    with_board!(&board, b => {
        let pos = b
            .parse_position(position)
            .unwrap_or_else(|e| panic!("{position}: {e}"));
        let mut texts = b.legal_texts(&pos);
        texts.sort();
        texts
    })
}

/// The captured cells of the legal move written `text` in `position`, sorted.
fn captured(position: &str, text: &str) -> Vec<String> {
    let board = AnyBoard::new(builtin("fanorona"));
    with_board!(&board, b => {
        let pos = b.parse_position(position).unwrap_or_else(|e| panic!("{e}"));
        let mv = b.parse_move(&pos, text).unwrap_or_else(|e| panic!("{e}"));
        let mut cells: Vec<String> = mv.captured.iter().map(|sq| b.name(sq).to_string()).collect();
        cells.sort();
        cells
    })
}

fn check(position: &str, expected: &[&str]) {
    let mut expected: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    expected.sort();
    assert_eq!(legal(position), expected, "{position}");
}

// ---------------------------------------------------------------------------------
// Each clause, by hand.

#[test]
fn the_five_opening_moves() {
    let start = "W:Wa1,b1,c1,d1,e1,f1,g1,h1,i1,a2,b2,c2,d2,e2,f2,g2,h2,i2,b3,d3,g3,i3\
                 :Ba5,b5,c5,d5,e5,f5,g5,h5,i5,a4,b4,c4,d4,e4,f4,g4,h4,i4,a3,c3,f3,h3";
    check(start, &["d2xe3", "e2xe3", "f2xe3", "d3-e3A", "d3-e3W"]);
    assert_eq!(captured(start, "d2xe3"), ["f4", "g5"]);
    assert_eq!(captured(start, "e2xe3"), ["e4", "e5"]);
    assert_eq!(captured(start, "f2xe3"), ["c5", "d4"]);
    assert_eq!(captured(start, "d3-e3A"), ["f3"]);
    assert_eq!(captured(start, "d3-e3W"), ["c3"]);
}

#[test]
fn approach_takes_the_whole_line_up_to_a_gap() {
    // a3 steps right to b3, approaching c3: c3, d3 and e3 go; g3 stays behind the gap.
    let p = "W:Wa3:Bc3,d3,e3,g3";
    check(p, &["a3xb3"]);
    assert_eq!(captured(p, "a3xb3"), ["c3", "d3", "e3"]);
}

#[test]
fn withdrawal_takes_the_line_left_behind() {
    // e3 steps right to f3, away from d3: d3 and c3 go.
    let p = "W:We3:Bc3,d3";
    check(p, &["e3xf3"]);
    assert_eq!(captured(p, "e3xf3"), ["c3", "d3"]);
}

#[test]
fn approach_or_withdrawal_on_one_step_are_two_moves() {
    let p = "W:Wd3:Bc3,f3";
    check(p, &["d3-e3A", "d3-e3W"]);
    assert_eq!(captured(p, "d3-e3A"), ["f3"]);
    assert_eq!(captured(p, "d3-e3W"), ["c3"]);
}

#[test]
fn never_twice_in_a_row_the_same_direction() {
    // c2-d2 withdraws from b2; d2-e2 would approach f2, but that is right again.
    let p = "W:Wc2:Bb2,f2";
    check(p, &["c2xd2"]);
    assert_eq!(captured(p, "c2xd2"), ["b2"]);
}

#[test]
fn a_direction_may_come_back_after_another() {
    // a1-b1 approaches c1 (right), b1-b2 withdraws from... nothing: instead a1-b1
    // right, b1-b2 up approaching b3, b2-c2 right again approaching d2.
    let p = "W:Wa1:Bc1,b3,d2";
    check(p, &["a1xb1", "a1xb2", "a1xc2"]);
    assert_eq!(captured(p, "a1xc2"), ["b3", "c1", "d2"]);
    assert_eq!(captured(p, "a1xb2"), ["b3", "c1"]);
}

#[test]
fn never_onto_a_point_stood_on_and_stopping_is_free() {
    // Six moves: each chain may stop after any capture. c3-d4-d3 could go on to c3,
    // approaching b3, but c3 is where the stone started.
    let p = "W:Wc3:Bb3,d2,e5";
    check(
        p,
        &[
            "c3-d3W",
            "c3-d3W-d4W",
            "c3-d4A",
            "c3-d4A-d3A",
            "c3xb4",
            "c3xb5",
        ],
    );
    assert_eq!(captured(p, "c3-d4A-d3A"), ["d2", "e5"]);
    assert_eq!(captured(p, "c3xb5"), ["b3", "d2"]);
}

#[test]
fn a_weak_point_has_no_diagonal_lines() {
    // c2 (weak) steps only along its four lines; e4 stands on the diagonal that does
    // not pass through c2, so there is no capture. c3 (strong) has eight.
    check("W:Wc2:Be4", &["c2-b2", "c2-c1", "c2-c3", "c2-d2"]);
    assert_eq!(legal("W:Wc3:Bi5").len(), 8);
}

#[test]
fn a_capture_anywhere_forbids_every_non_capturing_step() {
    // d1 must capture by approach; i1 may not step.
    check("W:Wd1,i1:Bd3", &["d1xd2"]);
}

#[test]
fn no_stones_or_no_move_loses() {
    let board = AnyBoard::new(builtin("fanorona"));
    with_board!(&board, b => {
        for (position, loser) in [
            // White takes Black's last stone.
            ("W:Wa3:Bc3", Colour::Black),
            // White has a stone but no move.
            ("W:Wa1:Ba2,b1,b2,a3,c1,c3", Colour::White),
        ] {
            let pos = b.parse_position(position).unwrap_or_else(|e| panic!("{e}"));
            let compiled = bushka_rules::Board::new(b.geometry().clone()).expect("fits");
            let mut game = bushka_rules::Game::from_position(std::sync::Arc::new(compiled), pos)
                .expect("a game");
            if loser == Colour::Black {
                let mv = game.legal_moves()[0];
                game.play(&mv).expect("legal");
            }
            match game.outcome() {
                Some(Outcome::Win { winner, .. }) => assert_eq!(winner, loser.opponent(), "{position}"),
                other => panic!("{position}: {other:?}"),
            }
        }
    });
}

// ---------------------------------------------------------------------------------
// Perft and the naive generator.

fn start_perft(g: Geometry, depth: u32) -> u64 {
    let board = AnyBoard::new(g);
    with_board!(&board, b => perft(b, &b.start_position(), depth))
}

#[test]
fn start_perft_depths_1_to_5() {
    for depth in 1..=5 {
        assert_eq!(
            start_perft(builtin("fanorona"), depth),
            START_PERFT[depth as usize - 1],
            "perft({depth})"
        );
    }
    for depth in 1..=5 {
        assert_eq!(
            start_perft(file("fanorona-dimy.toml"), depth),
            DIMY_PERFT[depth as usize - 1],
            "Dimy perft({depth})"
        );
    }
}

/// A second or so in a release build: `cargo test --release -p bushka-tests --test
/// fanorona -- --ignored`.
#[test]
#[ignore = "slow in debug builds: perft(6) has 9,204,447 leaves"]
fn start_perft_depth_6() {
    assert_eq!(start_perft(builtin("fanorona"), 6), START_PERFT[5]);
    assert_eq!(start_perft(file("fanorona-dimy.toml"), 6), DIMY_PERFT[5]);
}

/// Cross-checks the tree below `position` (or the start) to `depth` node by node.
fn cross_check(g: Geometry, position: Option<&str>, depth: u32) -> u64 {
    let board = AnyBoard::new(g);
    with_board!(&board, b => {
        let pos = match position {
            None => b.start_position(),
            Some(p) => b.parse_position(p).unwrap_or_else(|e| panic!("{p}: {e}")),
        };
        let context = format!("{} {position:?}", b.geometry().meta().id);
        let npos = Pos::of(b, &pos);
        let leaves = lockstep::lockstep(b, &pos, &npos, depth, naive_fanorona::legal, &context);
        assert_eq!(perft(b, &pos, depth), leaves, "{context} perft({depth})");
        leaves
    })
}

#[test]
fn the_naive_generator_agrees_from_the_starts() {
    assert_eq!(cross_check(builtin("fanorona"), None, 4), START_PERFT[3]);
    assert_eq!(
        cross_check(file("fanorona-dimy.toml"), None, 5),
        DIMY_PERFT[4]
    );
    cross_check(file("fanorona-hex.toml"), None, 3);
}

#[test]
fn the_naive_generator_agrees_in_the_clause_positions() {
    for p in [
        "W:Wc3:Bb3,d2,e5",
        "W:Wa1:Bc1,b3,d2",
        "W:Wd3,e2,c1:Bc3,f3,e4,b2,g3",
        "B:Wd3,e2,c1,f2,g2:Bc3,f3,e4,b2,g3,d4",
    ] {
        cross_check(builtin("fanorona"), Some(p), 3);
    }
}

/// Random games on every approach-withdrawal file, both generators compared at every
/// position: reaches long chains, endgames and stalemates the starts miss.
#[test]
fn random_games_agree_with_the_naive_generator() {
    for (i, g) in every_file().into_iter().enumerate() {
        let name = g.meta().id.clone();
        let board = AnyBoard::new(g);
        with_board!(&board, b => {
            for game in 0..40u64 {
                let seed = game * 37 + i as u64;
                let context = format!("{name} game {game}");
                random_game(b, b.start_position(), naive_fanorona::legal, (seed, 300), &context, |_, _| {});
            }
        });
    }
}

// ---------------------------------------------------------------------------------
// Notation.

/// Every legal move along a random game prints uniquely and parses back to itself.
fn notation_round_trip(g: Geometry, seed: u64) {
    let board = AnyBoard::new(g);
    with_board!(&board, b => {
        random_game(b, b.start_position(), naive_fanorona::legal, (seed, 120), "notation", |pos, pairs| {
            let legal: Vec<_> = pairs.iter().map(|(_, m)| *m).collect();
            let texts = b.move_texts(pos, &legal);
            let unique: BTreeSet<&String> = texts.iter().collect();
            assert_eq!(unique.len(), texts.len(), "{}: {texts:?}", b.position_string(pos));
            for (mv, text) in legal.iter().zip(&texts) {
                let parsed = b.parse_move(pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
                assert!(parsed.same(mv), "{text}");
                let again = b.parse_position(&b.position_string(pos)).expect("round trip");
                assert_eq!(again.hash(), pos.hash());
            }
        });
    });
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn notation_and_positions_round_trip(seed in any::<u64>(), which in 0usize..3) {
        let g = every_file().swap_remove(which);
        notation_round_trip(g, seed);
    }
}

#[test]
fn a_move_written_by_steps_must_mark_each_step() {
    let board = AnyBoard::new(builtin("fanorona"));
    with_board!(&board, b => {
        let pos = b.parse_position("W:Wd3:Bc3,f3").expect("position");
        let err = b.parse_move(&pos, "d3-e3A-f3").expect_err("unmarked step").to_string();
        assert!(err.contains("mark each capture step"), "{err}");
        let err = b.parse_move(&pos, "d3xe3").expect_err("ambiguous").to_string();
        assert!(err.contains("d3-e3A") && err.contains("d3-e3W"), "{err}");
        let err = b.parse_move(&pos, "d3-e3A-f3A").expect_err("illegal").to_string();
        assert!(err.contains("not legal"), "{err}");
    });
}
