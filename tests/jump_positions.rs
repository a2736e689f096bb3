//! Hand-built positions with their exact legal moves, one per clause of crates/rules/RULES.md
//! section 6 (International draughts, square numbers 1-50), the draw by king moves,
//! numeric notation and PDN records.
//!
//! The board as White sees it: row 1 is 1-5 (top), row 10 is 46-50 (bottom). On rows
//! 1, 3, 5, 7, 9 a square s has up-left s-5, up-right s-4, down-left s+5, down-right
//! s+6; on rows 2, 4, 6, 8, 10 up-left s-6, up-right s-5, down-left s+4, down-right s+5.

use std::sync::Arc;

use bushka_rules::{DrawReason, Game, MoveKind, Outcome, Record};
use bushka_tests::{builtin, data_path};

type Board = bushka_rules::Board<u64>;

fn international() -> Arc<Board> {
    Arc::new(Board::new(Arc::new(builtin("draughts"))).expect("50 squares fit 64 bits"))
}

/// The legal moves of `position` in notation, sorted.
fn moves(board: &Board, position: &str) -> Vec<String> {
    let pos = board
        .parse_position(position)
        .unwrap_or_else(|e| panic!("{position}: {e}"));
    let mut texts = board.legal_texts(&pos);
    texts.sort();
    texts
}

/// The position string after playing `text` in `position`.
fn after(board: &Board, position: &str, text: &str) -> String {
    let pos = board.parse_position(position).expect("position");
    let mv = board
        .parse_move(&pos, text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    board.position_string(&pos.play(board, &mv))
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

#[test]
fn a_man_captures_backwards() {
    let b = international();
    // 28's down-right neighbour is 33, and 39 lies beyond it.
    assert_eq!(moves(&b, "W:W28:B33"), sorted(&["28x39"]));
}

#[test]
fn majority_counts_pieces_and_a_king_counts_one() {
    let b = international();
    // Taking the king on 27 (one piece) or the men on 28 and 19 (two): two is compulsory.
    assert_eq!(moves(&b, "W:W32:BK27,28,19"), sorted(&["32x14"]));
    // Two kings outweigh one man.
    assert_eq!(moves(&b, "W:W32:B27,K28,K19"), sorted(&["32x14"]));
}

#[test]
fn a_flying_king_chooses_its_landing_square() {
    let b = international();
    // The long diagonal 46-41-37-32-28-23-19-14-10-5: every square beyond 32.
    assert_eq!(
        moves(&b, "W:WK46:B32"),
        sorted(&["46x28", "46x23", "46x19", "46x14", "46x10", "46x5"])
    );
}

#[test]
fn majority_forces_the_landing_square_that_captures_on() {
    let b = international();
    // Only landing on 19 lets the king go on over 24 (to 30 or 35).
    assert_eq!(moves(&b, "W:WK46:B32,24"), sorted(&["46x30", "46x35"]));
}

#[test]
fn a_king_cannot_turn_back_over_the_piece_it_took() {
    let b = international();
    // After taking 32 the king may not jump it again on the way back to 37, 41 or 46.
    assert_eq!(
        moves(&b, "W:WK41:B32"),
        sorted(&["41x28", "41x23", "41x19", "41x14", "41x10", "41x5"])
    );
}

#[test]
fn passing_the_promotion_row_does_not_promote() {
    let b = international();
    // 13 over 9 lands on 4 (White's promotion row), then over 10 to 15: still a man.
    assert_eq!(moves(&b, "W:W13:B9,10"), sorted(&["13x15"]));
    assert_eq!(after(&b, "W:W13:B9,10", "13x15"), "B:W15:B");
}

#[test]
fn ending_on_the_promotion_row_promotes() {
    let b = international();
    assert_eq!(moves(&b, "W:W13:B9"), sorted(&["13x4"]));
    assert_eq!(after(&b, "W:W13:B9", "13x4"), "B:WK4:B");
    // A quiet move onto the row promotes too.
    assert_eq!(after(&b, "W:W6:B45", "6-1"), "B:WK1:B45");
}

#[test]
fn a_man_may_return_to_its_origin_and_two_routes_are_one_move() {
    let b = international();
    // 32 over 28 to 23, over 18 to 12, over 17 to 21, over 27 back to 32 - or the
    // same loop the other way round: one move by identity.
    let position = "W:W32:B28,18,17,27";
    assert_eq!(moves(&b, position), sorted(&["32x32"]));
    let pos = b.parse_position(position).expect("position");
    let mv = b.moves(&pos).as_slice()[0];
    assert_eq!(mv.capture_count(), 4);
    assert_eq!(
        b.routes(&pos, &mv).len(),
        2,
        "both directions round the loop"
    );
    assert_eq!(after(&b, position, "32x32"), "B:W32:B");
}

#[test]
fn every_move_text_parses_back_to_its_move_alone() {
    let b = international();
    let text = std::fs::read_to_string(data_path("lidraughts-001NahOY.pdn")).expect("file");
    let game = Record::parse(&text)
        .expect("record")
        .replay(b.clone())
        .expect("replays");
    for pos in game.positions() {
        let legal = b.moves(pos);
        for mv in legal.iter() {
            let text = b.move_text(pos, mv, legal.as_slice());
            let back = b
                .parse_move(pos, &text)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            assert!(back.same(mv), "{text}");
        }
    }
}

/// Plays king moves that neither repeat a position nor allow a capture.
fn play_quiet_king_move(game: &mut Game<u64>) {
    let b = game.board().clone();
    let now = *game.position();
    let chosen = game.legal_moves().iter().copied().find(|mv| {
        let next = now.play(&b, mv);
        mv.kind == MoveKind::King
            && !game.positions().contains(&next)
            && b.moves(&next).iter().all(|m| !m.kind.is_capture())
    });
    let chosen = chosen.unwrap_or_else(|| {
        panic!(
            "no fresh king move from {} after {} plies",
            b.position_string(&now),
            game.moves().len()
        )
    });
    game.play(&chosen).expect("legal");
}

#[test]
fn fifty_plies_of_king_moves_draw() {
    let b = international();
    assert_eq!(b.geometry().rules().king_move_draw, 50);
    // Two kings a side: no lone king, so only the king-move count draws.
    let start = b.parse_position("W:WK46,K50:BK3,K1").expect("position");
    let mut game = Game::from_position(b, start).expect("a game starts");
    for ply in 0..49 {
        play_quiet_king_move(&mut game);
        assert_eq!(game.outcome(), None, "after ply {ply}");
    }
    play_quiet_king_move(&mut game);
    assert_eq!(game.king_moves(), 50);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::KingMoves
        })
    );
}

/// FMJD 6.3 and 6.4: a lone king against three pieces (one a king) holds out for 16
/// moves each, against two pieces or a king for 5.
#[test]
fn a_lone_king_draws_after_sixteen_or_five_moves_each() {
    let b = international();
    for (position, plies) in [
        ("W:WK46,K48,K50:BK3", 32),
        ("W:WK46,48,49:BK3", 32),
        ("W:WK46,K50:BK3", 10),
        ("W:WK46,49:BK3", 10),
        ("B:WK46:BK3", 10),
    ] {
        let start = b.parse_position(position).expect("position");
        let mut game = Game::from_position(b.clone(), start).expect("a game starts");
        for ply in 1..plies {
            play_quiet_king_move(&mut game);
            assert_eq!(game.outcome(), None, "{position}: after ply {ply}");
        }
        play_quiet_king_move(&mut game);
        assert_eq!(
            game.outcome(),
            Some(Outcome::Draw {
                reason: DrawReason::LoneKing
            }),
            "{position}"
        );
    }
    // Three men and no king against a lone king: no count.
    let start = b.parse_position("W:W35,40,45:BK1").expect("position");
    let game = Game::from_position(b.clone(), start).expect("a game starts");
    assert_eq!(game.lone_king_draw(), None);
}

/// The count starts when the endgame arises: the moves of the game before it do not
/// count, and a capture that leaves fewer pieces starts the shorter count afresh.
#[test]
fn a_lone_king_s_count_starts_when_its_endgame_arises() {
    let b = international();
    // Black's king takes the man on 14: two kings are left against it.
    let start = b.parse_position("B:WK46,K48,14:BK3").expect("position");
    let mut game = Game::from_position(b.clone(), start).expect("a game starts");
    let take = game.legal_moves()[0];
    assert!(take.kind.is_capture());
    game.play(&take).expect("legal");
    for ply in 1..10 {
        play_quiet_king_move(&mut game);
        assert_eq!(game.outcome(), None, "after ply {ply} of two against one");
    }
    play_quiet_king_move(&mut game);
    assert_eq!(game.lone_king_draw(), Some((2, 10)));
}

#[test]
fn a_man_move_restarts_the_king_move_count() {
    let b = international();
    let start = b.parse_position("W:WK50,36:BK1,15").expect("position");
    let mut game = Game::from_position(b.clone(), start).expect("a game starts");
    for (text, count) in [("50-44", 1), ("1-7", 2), ("36-31", 0), ("7-2", 1)] {
        let mv = b.parse_move(game.position(), text).expect("legal");
        game.play(&mv).expect("legal");
        assert_eq!(game.king_moves(), count, "after {text}");
    }
}

#[test]
fn numeric_notation_errors_name_the_problem() {
    let b = international();
    let pos = b.start_position();
    for bad in ["32", "32-28-23", "51-46", "32x28", "e1-f2x"] {
        assert!(b.parse_move(&pos, bad).is_err(), "{bad}");
    }
    assert!(b.parse_move(&pos, "32-28").is_ok());
    // Squares keep their lattice names as aliases: 46 is Bushka's e1.
    assert_eq!(b.name(b.sq_named("e1").expect("alias")), "46");
}

/// A complete published game: White "Anonymous" against "lidraughts AI level 3",
/// casual rapid game of 2020-04-07, https://lidraughts.org/001NahOY, published in the
/// lidraughts source tree (github.com/RoepStoep/lidraughts, PdnIOPerfTest.scala) as
/// exported by lidraughts: GameType 20, clock comments, `2-0` result. Black resigned
/// after 151. 8-2, facing five white kings with one.
#[test]
fn a_published_international_game_replays_to_its_final_position() {
    let text = std::fs::read_to_string(data_path("lidraughts-001NahOY.pdn")).expect("file");
    let record = Record::parse(&text).expect("record");
    assert_eq!(record.result.as_deref(), Some("2-0"));
    assert_eq!(record.moves.len(), 301);
    let b = international();
    let game = record.replay(b.clone()).expect("every move legal");
    assert_eq!(game.moves().len(), 301);
    assert_eq!(
        b.position_string(game.position()),
        "B:WK16,K2,K5,K35,K50:BK1"
    );
    // Written back as a PDN record, it replays to the same position.
    let written = Record::write(
        &game,
        &[("Site".into(), "https://lidraughts.org/001NahOY".into())],
    );
    assert!(written.contains("[GameType \"20\"]"), "{written}");
    assert!(written.contains("1. 31-26 18-22 2. 34-30"), "{written}");
    let again = Record::parse(&written)
        .expect("own record")
        .replay(b)
        .expect("replays");
    assert_eq!(again.position(), game.position());
}

/// PDN square ranges in position strings: `31-50` stands for squares 31 to 50, `K`
/// before a range makes them all kings, ranges mix with single squares; a range that is
/// not two numbers, runs backwards or leaves the board is refused with the reason.
#[test]
fn position_strings_take_pdn_square_ranges() {
    let b = international();
    let start = b.position_string(&b.start_position());
    let ranged = b
        .parse_position("W:W31-50:B1-20")
        .expect("the start by ranges");
    assert_eq!(b.position_string(&ranged), start);
    let mixed = b
        .parse_position("B:W10,K46-48:BK1-2,3,15-16")
        .expect("kings and men by ranges");
    let listed = b
        .parse_position("B:W10,K46,K47,K48:BK1,K2,3,15,16")
        .expect("the same squares one by one");
    assert_eq!(mixed, listed);
    for (text, why) in [
        ("W:W31-x:B1", "a square range joins two square numbers"),
        ("W:W50-31:B1", "runs from the lower number to the higher"),
        ("W:W-:B1", "a square range joins two square numbers"),
    ] {
        let error = b.parse_position(text).expect_err(text).to_string();
        assert!(error.contains(why), "{text}: {error}");
    }
    let error = b
        .parse_position("W:W45-51:B1")
        .expect_err("51 is off the board");
    assert_eq!(error.to_string(), "unknown cell `51` in the position");
    let error = b.parse_position("W:W31-35,33:B1").expect_err("33 twice");
    assert_eq!(
        error.to_string(),
        "cell `33` is given twice in the position"
    );
    // A FEN tag with ranges sets up a record's start.
    let record =
        Record::parse("[GameType \"20\"]\n[FEN \"W:W31-50:B1-20\"]\n1. 32-28 *").expect("record");
    let game = record.replay(b.clone()).expect("replays");
    assert_eq!(*game.start(), b.start_position());
}

/// PDN variations are skipped when a record is read: `( ... )` after a move holds
/// alternative moves, may nest, span lines and hold comments (whose brackets do not
/// count); the main line replays. A `)` without its `(`, or a `(` never closed, is an
/// error naming the line.
#[test]
fn records_skip_pdn_variations() {
    let b = international();
    let text = "[GameType \"20\"]\n1. 32-28 (1. 31-27 (1. 33-29) 18-22 {a (comment)}\n2. 37-31) 18-23\n2. 38-32 (2. 28x19? 14x23) 12-18 *\n";
    let record = Record::parse(text).expect("record");
    let moves: Vec<&str> = record.moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(moves, ["32-28", "18-23", "38-32", "12-18"]);
    assert_eq!(record.moves[1].line, 3);
    assert_eq!(record.result.as_deref(), Some("*"));
    let game = record.replay(b.clone()).expect("the main line replays");
    assert_eq!(game.moves().len(), 4);
    for (text, line, why) in [
        ("1. 32-28 ) 18-23 *", 1, "a `)` closes no variation"),
        (
            "1. 32-28\n(1. 31-27\n18-23 *",
            2,
            "a `(` variation is never closed",
        ),
    ] {
        let error = Record::parse(text).expect_err(text).to_string();
        assert!(
            error.contains(why) && error.contains(&format!("line {line}")),
            "{text}: {error}"
        );
    }
}

#[test]
fn perft_bulk_count_agrees_when_single_jumps_and_longer_captures_mix() {
    let b = international();
    for (position, legal) in [
        // Two men with single jumps that end the move: counted without listing.
        ("W:W31,47:B27,41", &["31x22", "47x36"][..]),
        // 47's single jump beside 32's double: the majority leaves the double.
        ("W:W32,47:B28,19,41", &["32x14"][..]),
        // Two doubles (44 goes on from 33) beside 49's single jump over 43.
        ("W:W32,44,49:B28,19,39,43", &["32x14", "44x22"][..]),
    ] {
        assert_eq!(moves(&b, position), sorted(legal), "{position}");
        let pos = b.parse_position(position).expect("position");
        let counted = b.count_legal(&pos, &mut bushka_rules::MoveList::new());
        assert_eq!(counted, legal.len() as u64, "{position}");
    }
}
