//! Hand-built positions with their exact legal moves, one or more per clause of the
//! draughts family (crates/rules/RULES.md section 7), each also checked two plies deep
//! against the naive generator (tests/naive_jump.rs); the goals, the first mover, the
//! history that Frisian positions carry, and each file's notation.
//!
//! The 8x8 files number the dark squares in reading order as White sees the board
//! (1 = b8, 4 = h8, 29 = a1, 32 = g1), but for the turned boards: Italian 1 = a8,
//! 32 = h1; Spanish 1 = h1 counting right to left, 32 = a8. The 10x10 files number as
//! International (1-50). Turkish names cells a1-h8.

use bushka_geometry::Colour;
use bushka_rules::{AnyBoard, Game, Outcome, WinReason, with_board};
use bushka_tests::lockstep::{self, Pos};
use bushka_tests::{builtin, naive_jump};

/// The legal moves of `position` in `variant`, in notation and sorted; the tree two
/// plies below it is checked against the naive generator on the way.
fn moves(variant: &str, position: &str) -> Vec<String> {
    let board = AnyBoard::new(builtin(variant));
    with_board!(&board, b => {
        let pos = b
            .parse_position(position)
            .unwrap_or_else(|e| panic!("{variant} {position}: {e}"));
        let context = format!("{variant} {position}");
        lockstep::lockstep(b, &pos, &Pos::of(b, &pos), 2, naive_jump::legal, &context);
        let mut texts = b.legal_texts(&pos);
        texts.sort();
        texts
    })
}

/// The position string after playing `text` in `position`.
fn after(variant: &str, position: &str, text: &str) -> String {
    let board = AnyBoard::new(builtin(variant));
    with_board!(&board, b => {
        let pos = b.parse_position(position).expect("position");
        let mv = b
            .parse_move(&pos, text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        b.position_string(&pos.play(b, &mv))
    })
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

#[test]
fn free_choice_keeps_the_smaller_capture() {
    // precedence = []: 21 may take two men (21x14x5) or 27 the king on 23 alone.
    assert_eq!(
        moves("checkers", "W:W21,27:B17,9,K23"),
        sorted(&["21x5", "27x18"])
    );
}

#[test]
fn men_capture_forward_only() {
    // men_capture = "forward": the man on 18 may not take 22 behind it.
    assert_eq!(moves("checkers", "W:W18:B14,22"), sorted(&["18x9"]));
    // In Russian draughts men capture backward too.
    assert_eq!(moves("russian", "W:W18:B14,22"), sorted(&["18x9", "18x25"]));
}

#[test]
fn promotion_in_the_middle_of_a_capture() {
    // The man on 11 takes 7 and reaches 2 on the far row, from where 6 lies next to it.
    // Checkers: crowned, and the move ends there.
    assert_eq!(moves("checkers", "W:W11:B7,6"), sorted(&["11x2"]));
    // Pool: it goes on as a man (backward, over 6 to 9) and is not crowned.
    assert_eq!(moves("pool", "W:W11:B7,6"), sorted(&["11x9"]));
    assert_eq!(after("pool", "W:W11:B7,6", "11x9"), "B:W9:B");
    // Russian: crowned at once, it goes on as a flying king and may land on 9 or 13.
    assert_eq!(moves("russian", "W:W11:B7,6"), sorted(&["11x9", "11x13"]));
    assert_eq!(after("russian", "W:W11:B7,6", "11x13"), "B:WK13:B");
    // A king's flight that no man could make: over 9 from 2 two squares away.
    assert_eq!(moves("russian", "W:W11:B7,9"), sorted(&["11x13"]));
    assert_eq!(moves("pool", "W:W11:B7,9"), sorted(&["11x2"]));
}

#[test]
fn most_value_counts_a_king_between_one_man_and_two() {
    // Frisian: the king on 23 (28x19) outweighs the man on 38 or 39 (43x32, 43x34).
    assert_eq!(moves("frisian", "W:W28,43:BK23,38,39"), sorted(&["28x19"]));
    // Two men (45x25x5, along a file) outweigh the king.
    assert_eq!(moves("frisian", "W:W28,45:BK23,35,15"), sorted(&["45x5"]));
}

#[test]
fn with_king_prefers_the_capture_made_by_a_king() {
    // Frisian, at equal value: the king on 46 takes 28 or 26; the man on 33 may not
    // take 28.
    assert_eq!(
        moves("frisian", "W:WK46,33:B28,26"),
        sorted(&["46x23", "46x19", "46x14", "46x10", "46x5", "46x16", "46x6"])
    );
    // Czech: a king's capture is compulsory whatever the count.
    assert_eq!(
        moves("czech", "W:WK32,21:B18,17"),
        sorted(&["32x14", "32x9", "32x5"])
    );
}

#[test]
fn frisian_men_and_kings_capture_along_rows_and_files() {
    assert_eq!(moves("frisian", "W:W33:B32"), sorted(&["33x31"]));
    assert_eq!(moves("frisian", "W:W33:B23"), sorted(&["33x13"]));
    assert_eq!(moves("draughts", "W:W33:B32"), sorted(&["33-28", "33-29"]));
}

#[test]
fn most_kings_and_men_that_may_not_take_kings() {
    // Spanish: one piece either way; the king (11x18) must be taken.
    assert_eq!(moves("spanish", "W:W11:B15,K14"), sorted(&["11x18"]));
    assert_eq!(
        moves("spanish", "W:W11:B15,14"),
        sorted(&["11x18", "11x20"])
    );
    // Italian: a man may not take a king, so the man on 22 just moves.
    assert_eq!(moves("italian", "W:W22:BK18"), sorted(&["22-19"]));
}

#[test]
fn the_king_taken_earliest_decides_in_italian() {
    // The king on 22 takes two pieces, one of them a king, either way: 22x13x6 takes
    // the king on 18 first, 22x15x8 takes the man on 19 first. Italian: the first.
    assert_eq!(moves("italian", "W:WK22:BK18,10,19,K12"), sorted(&["22x6"]));
}

#[test]
fn removed_at_once_pieces_may_be_crossed() {
    // Turkish: the king takes f4, c6, e7 and f2, crossing f4's cell on the last leg.
    assert_eq!(moves("turkish", "W:WKh4:Bf4,c6,e7,f2"), sorted(&["h4xf1"]));
}

#[test]
fn a_king_may_not_turn_straight_back() {
    // Turkish: after taking a6 the king may not come back down over a2 (which would
    // take two); each capture takes one.
    assert_eq!(
        moves("turkish", "W:WKa4:Ba6,a2"),
        sorted(&["a4xa7", "a4xa8", "a4xa1"])
    );
}

#[test]
fn turkish_men_move_and_capture_forward_and_sideways() {
    assert_eq!(
        moves("turkish", "W:Wd4:Bd5,c4,e4,d3"),
        sorted(&["d4xd6", "d4xb4", "d4xf4"])
    );
    assert_eq!(
        moves("turkish", "W:Wd4:Bh8"),
        sorted(&["d4-d5", "d4-c4", "d4-e4"])
    );
}

#[test]
fn thai_kings_land_directly_behind_each_piece() {
    // The king on 1 takes 6, 15 and 23, landing on 10, 19 and 26.
    assert_eq!(moves("thai", "B:BK1:W6,15,23"), sorted(&["1x26"]));
}

#[test]
fn killer_kings_stop_behind_a_king_taken_last() {
    // The king takes 37 then the king on 19: it must stop on 14.
    assert_eq!(moves("killer", "W:WK46:B37,K19"), sorted(&["46x14"]));
    // A king taken earlier does not bind the landing.
    assert_eq!(
        moves("killer", "W:WK46:BK37,19"),
        sorted(&["46x14", "46x10", "46x5"])
    );
    assert_eq!(
        moves("draughts", "W:WK46:B37,K19"),
        sorted(&["46x14", "46x10", "46x5"])
    );
}

#[test]
fn frisian_kings_move_only_diagonally() {
    let quiet = moves("frisian", "W:WK28:B5");
    assert!(quiet.contains(&"28-23".to_string()), "{quiet:?}");
    assert!(!quiet.contains(&"28-27".to_string()), "{quiet:?}");
    assert!(!quiet.contains(&"28-18".to_string()), "{quiet:?}");
}

#[test]
fn frisian_king_runs_bar_a_fourth_quiet_move_and_strings_carry_them() {
    // White's king on 28 made three quiet moves in a row: only the man may move.
    assert_eq!(moves("frisian", "W:WK28,45:B5:RW28/3"), sorted(&["45-40"]));
    // With two, it may move once more, and the string counts it.
    assert_eq!(
        after("frisian", "W:WK28,45:B5:RW28/2", "28-23"),
        "B:WK23,45:B5:RW23/3"
    );
    // A man's move ends the run; another king's quiet move starts its own at 1.
    assert_eq!(
        after("frisian", "W:WK28,45:B5:RW28/2", "45-40"),
        "B:WK28,40:B5"
    );
    assert_eq!(
        after("frisian", "W:WK28,K50,45:B5:RW28/3", "50-44"),
        "B:WK28,K44,45:B5:RW44/1"
    );
    // A capture by the king ends it too; the limit lapses without men.
    assert_eq!(
        moves("frisian", "W:WK28,45:B23:RW28/3"),
        sorted(&["28x19", "28x14", "28x10", "28x5"])
    );
    let board = AnyBoard::new(builtin("frisian"));
    with_board!(&board, b => {
        for bad in ["W:WK28:B5:RW28/1", "W:W28,45:B5:RW28/1", "W:WK28,45:B5:RW28/4"] {
            assert!(b.parse_position(bad).is_err(), "{bad}");
        }
    });
    // Other files refuse the field.
    let board = AnyBoard::new(builtin("draughts"));
    with_board!(&board, b => assert!(b.parse_position("W:WK28,45:B5:RW28/1").is_err()));
}

/// The outcome of `position` in `variant`, which must have no legal move.
fn outcome(variant: &str, position: &str) -> Outcome {
    let board = AnyBoard::new(builtin(variant));
    match board {
        AnyBoard::Narrow(b) => {
            let pos = b.parse_position(position).expect("position");
            let game = Game::from_position(b, pos).expect("game");
            game.outcome().expect("the game is over")
        }
        _ => panic!("{variant} fits 64 bits"),
    }
}

#[test]
fn the_goal_decides_who_wins_without_moves() {
    let win = |winner, reason| Outcome::Win { winner, reason };
    // Blocked White: loses in International draughts, wins in Antidraughts.
    assert_eq!(
        outcome("draughts", "W:W46:B41,37"),
        win(Colour::Black, WinReason::NoLegalMove)
    );
    assert_eq!(
        outcome("antidraughts", "W:W46:B41,37"),
        win(Colour::White, WinReason::RanOutOfMoves)
    );
    // Breakthrough: a king on the board ends the game, won by its owner.
    assert_eq!(
        outcome("breakthrough", "B:WK3,40:B20"),
        win(Colour::White, WinReason::FirstKing)
    );
    assert!(moves("breakthrough", "B:WK3,40:B20").is_empty());
}

#[test]
fn the_first_mover_is_the_files() {
    for (variant, first) in [
        ("checkers", Colour::Black),
        ("pool", Colour::Black),
        ("thai", Colour::Black),
        ("russian", Colour::White),
        ("turkish", Colour::White),
        ("italian", Colour::White),
    ] {
        let board = AnyBoard::new(builtin(variant));
        with_board!(&board, b => assert_eq!(b.start_position().side(), first, "{variant}"));
    }
}

#[test]
fn each_file_writes_its_start_in_its_own_notation() {
    for (variant, start) in [
        ("checkers", "B:W21-32:B1-12"),
        ("spanish", "W:W1-12:B21-32"),
        ("canadian", "W:W43-72:B1-30"),
        ("frysk", "W:W46-50:B1-5"),
    ] {
        let board = AnyBoard::new(builtin(variant));
        with_board!(&board, b => {
            let pos = b.parse_position(start).expect("start");
            assert_eq!(pos, b.start_position(), "{variant}");
        });
    }
    let board = AnyBoard::new(builtin("turkish"));
    with_board!(&board, b => {
        let start = b.start_position();
        let text = b.position_string(&start);
        assert!(text.starts_with("W:W"), "{text}");
        assert!(text.contains("a2") && text.contains("h7"), "{text}");
        let mut texts = b.legal_texts(&start);
        texts.sort();
        assert_eq!(
            texts,
            sorted(&["a3-a4", "b3-b4", "c3-c4", "d3-d4", "e3-e4", "f3-f4", "g3-g4", "h3-h4"])
        );
    });
}
