//! Game records lose nothing: writing a game with `Record::write` and reading it back
//! with `Record::parse` and `replay` gives the same tags, start position, moves,
//! positions and result, over random games (seeded random players) on the three
//! official boards, from the start and from other positions (Black to move too).

use std::sync::Arc;

use bushka_engine::{Answer, Chooser, Random, Turn};
use bushka_geometry::Colour;
use bushka_rules::{AnyBoard, Bits, Board, Game, Outcome, Record, with_board};
use bushka_tests::{OFFICIAL, builtin};
use proptest::prelude::*;

/// How the random game is finished off.
#[derive(Debug, Clone, Copy)]
enum Ending {
    /// As it stands (over by a rule, or still running).
    AsPlayed,
    /// The side to move resigns.
    Resign,
    /// The players agree a draw.
    Agree,
}

#[derive(Debug, Clone)]
struct Case {
    variant: &'static str,
    seed: u64,
    /// Random plies from the start to reach the position the game starts from
    /// (0: the start position itself, no FEN tag).
    prefix: usize,
    /// Plies of the game itself.
    plies: usize,
    ending: Ending,
    white: String,
    black: String,
}

fn case() -> impl Strategy<Value = Case> {
    (
        0..OFFICIAL.len(),
        any::<u64>(),
        prop_oneof![Just(0usize), 1usize..40],
        0usize..160,
        prop_oneof![
            3 => Just(Ending::AsPlayed),
            1 => Just(Ending::Resign),
            1 => Just(Ending::Agree)
        ],
        "[ -~]{0,12}",
        "[ -~]{0,12}",
    )
        .prop_map(|(v, seed, prefix, plies, ending, white, black)| Case {
            variant: OFFICIAL[v].0,
            seed,
            prefix,
            plies,
            ending,
            white,
            black,
        })
}

/// Plays up to `plies` random plies (fewer if the game ends).
fn play_random<B: Bits>(game: &mut Game<B>, seed: u64, plies: usize) {
    let mut players = [Random::new(seed), Random::new(seed ^ 0x5EED)];
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        let side = game.position().side().index();
        let Ok(Answer::Move(mv)) = Chooser::<B>::choose(&mut players[side], game, &Turn::default())
        else {
            break;
        };
        game.play(&mv).expect("a random player picks a legal move");
    }
}

fn check<B: Bits>(board: &Arc<Board<B>>, case: &Case) -> Result<(), TestCaseError> {
    // The game's start: the start position, or where some random plies lead.
    let mut opening = Game::new(Arc::clone(board)).expect("a game starts");
    play_random(&mut opening, case.seed.rotate_left(17), case.prefix);
    let start = *opening.position();
    let mut game = Game::from_position(Arc::clone(board), start).expect("a game starts");
    play_random(&mut game, case.seed, case.plies);
    match case.ending {
        Ending::AsPlayed => {}
        Ending::Resign => game.resign(game.position().side()),
        Ending::Agree => game.agree_draw(),
    }

    let tags: Vec<(String, String)> = vec![
        ("Variant".into(), case.variant.into()),
        ("White".into(), case.white.clone()),
        ("Black".into(), case.black.clone()),
        ("Date".into(), "2025.01.31".into()),
    ];
    let text = Record::write(&game, &tags);
    let record = Record::parse(&text)
        .map_err(|e| TestCaseError::fail(format!("{e}\n--- record ---\n{text}")))?;

    for (key, value) in &tags {
        prop_assert_eq!(
            record.tag(key),
            Some(value.as_str()),
            "tag {}\n{}",
            key,
            text
        );
    }
    let from_start = start == board.start_position();
    prop_assert_eq!(record.tag("FEN").is_none(), from_start, "{}", text);
    if let Some(fen) = record.tag("FEN") {
        prop_assert_eq!(board.parse_position(fen).ok(), Some(start));
    }
    let result = game.outcome().map_or("*", |o| o.result_text());
    prop_assert_eq!(record.tag("Result"), Some(result));
    prop_assert_eq!(record.result.as_deref(), Some(result));
    prop_assert_eq!(record.moves.len(), game.moves().len(), "{}", text);

    let mut replayed = record
        .replay(Arc::clone(board))
        .map_err(|e| TestCaseError::fail(format!("{e}\n--- record ---\n{text}")))?;
    prop_assert_eq!(replayed.start(), game.start());
    prop_assert_eq!(replayed.positions(), game.positions());
    prop_assert_eq!(replayed.moves().len(), game.moves().len());
    for (a, b) in replayed.moves().iter().zip(game.moves()) {
        prop_assert!(a.same(b), "{:?} != {:?}\n{}", a, b, text);
    }
    // Resignations and agreements live in the result only; the moves explain the rest.
    match (game.outcome(), replayed.outcome()) {
        (Some(o), None) => {
            prop_assert!(
                matches!(
                    o,
                    Outcome::Win {
                        reason: bushka_rules::WinReason::Resignation,
                        ..
                    } | Outcome::Draw {
                        reason: bushka_rules::DrawReason::Agreement
                    }
                ),
                "{:?} lost\n{}",
                o,
                text
            );
            match o.winner() {
                Some(winner) => replayed.resign(winner.opponent()),
                None => replayed.agree_draw(),
            }
        }
        (a, b) => prop_assert_eq!(a, b),
    }
    prop_assert_eq!(replayed.outcome(), game.outcome());
    // And writing the game read back gives the same text.
    prop_assert_eq!(Record::write(&replayed, &tags), text);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(192))]

    #[test]
    fn writing_then_reading_a_record_loses_nothing(case in case()) {
        let board = AnyBoard::new(builtin(case.variant));
        with_board!(&board, b => check(b, &case))?;
    }
}

/// Each official board, from the start and from a position with Black to move, by
/// hand (so that every combination runs whatever proptest draws).
#[test]
fn every_board_round_trips_from_the_start_and_with_black_to_move() {
    for (variant, ..) in OFFICIAL {
        let board = AnyBoard::new(builtin(variant));
        for prefix in [0, 1, 7] {
            let case = Case {
                variant,
                seed: 42 + prefix as u64,
                prefix,
                plies: 1000,
                ending: Ending::AsPlayed,
                white: "human".into(),
                black: "random:seed=3".into(),
            };
            let black_to_move = with_board!(&board, b => {
                let mut g = Game::new(Arc::clone(b)).expect("a game starts");
                play_random(&mut g, case.seed.rotate_left(17), prefix);
                g.position().side() == Colour::Black
            });
            assert_eq!(
                black_to_move,
                prefix % 2 == 1,
                "{variant} after {prefix} plies"
            );
            with_board!(&board, b => check(b, &case))
                .unwrap_or_else(|e| panic!("{variant}, prefix {prefix}: {e}"));
        }
    }
}

/// On a wrapped board two captures can share a route and are written with their
/// captured cells glued on (`g38x(f8)`): the reader keeps that `(` as part of the move,
/// while a `(` after a space still opens a variation, and a suffix left open is an error
/// naming its line.
#[test]
fn a_move_named_by_its_captured_cells_survives_a_record() {
    let geometry = builtin("bushka-cylinder");
    let board = AnyBoard::new(geometry);
    with_board!(&board, b => {
        let start = b.parse_position("B:Wb4,f8:BKg3").expect("position");
        for taken in ["b4", "f8"] {
            let mut game = Game::from_position(Arc::clone(b), start).expect("a game starts");
            let legal = b.moves(&start);
            let mv = legal
                .iter()
                .find(|m| m.captured.iter().map(|sq| b.name(sq)).eq([taken]))
                .expect("the capture");
            game.play(mv).expect("legal");
            let text = Record::write(&game, &[("Variant".into(), "bushka-cylinder".into())]);
            assert!(text.contains(&format!("g38x({taken})")), "{text}");
            let record = Record::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            let replayed = record.replay(Arc::clone(b)).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(replayed.positions(), game.positions(), "{text}");
        }
        let text = "[FEN \"B:Wb4,f8:BKg3\"]\n1... g38x(b4) (1... g38x(f8) {or (this)}) *\n";
        let record = Record::parse(text).expect("record");
        let moves: Vec<&str> = record.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(moves, ["g38x(b4)"]);
        let game = record.replay(Arc::clone(b)).expect("replays");
        let taken: Vec<&str> = game.moves()[0].captured.iter().map(|sq| b.name(sq)).collect();
        assert_eq!(taken, ["b4"]);
        let error = Record::parse("[FEN \"B:Wb4,f8:BKg3\"]\n1... g38x(b4 *\n")
            .expect_err("open suffix")
            .to_string();
        assert!(error.contains("never closed") && error.contains("line 2"), "{error}");
    });
}
