//! The engine plays every goal (`rules.goal`): a position without a move is scored by
//! the variant's goal, the evaluation turns with it, and on every file of the draughts
//! family (every built-in with jump capture) the engine at level 4 beats the random
//! player.
//!
//! The larger figure (20 games a file) is measured with
//! `bushka match --variant V --white engine:level=4 --black random --games 20 --seed 1`.

mod common;

use std::sync::Arc;

use bushka_engine::{Evaluator, Limits, PlayerSpec, Searcher, score_text};
use bushka_geometry::{BUILTIN, ByColour, CaptureStyle, Colour};
use bushka_rules::{AnyBoard, Bits, Board, with_board};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn board64(name: &str) -> Arc<Board<u64>> {
    match AnyBoard::new(common::geometry(name)) {
        AnyBoard::Narrow(b) => b,
        _ => panic!("{name} should fit 64 bits"),
    }
}

/// The best move and the score in words of a depth-`depth` search of `position`.
fn best(variant: &str, position: &str, depth: u32) -> (String, String) {
    let board = board64(variant);
    let pos = board.parse_position(position).expect("position");
    let mut searcher = Searcher::new(Arc::clone(&board), 1);
    let result = searcher.search(&pos, &Limits::depth(depth), |_| {});
    let mv = result.best.expect("a move");
    let legal = board.moves(&pos);
    let text = board.move_text(&pos, &mv, legal.as_slice());
    (text, score_text(result.last.expect("an iteration").score))
}

#[test]
fn the_same_capture_wins_loses_or_wins_by_the_goal() {
    // White's man on 28 must take Black's last piece on 22: Black is then left
    // without a move, which loses in International draughts and wins in
    // Antidraughts (a win without a move counts one ply: "loss in 2").
    let won = best("draughts", "W:W28:B22", 4);
    assert_eq!(won, ("28x17".to_string(), "win in 1".to_string()));
    let lost = best("antidraughts", "W:W28:B22", 4);
    assert_eq!(lost, ("28x17".to_string(), "loss in 2".to_string()));
    // Breakthrough: the capture is compulsory, and Black's man on 44 then crowns.
    let lost = best("breakthrough", "W:W7,28:B22,44", 4);
    assert_eq!(lost, ("28x17".to_string(), "loss in 2".to_string()));
}

#[test]
fn antidraughts_gives_its_last_man_away() {
    // 28-22 offers the man to 17x28; White is then without pieces and wins.
    // In International draughts the engine keeps it (28-23).
    assert_eq!(best("draughts", "W:W28:B17", 6).0, "28-23");
    assert_eq!(
        best("antidraughts", "W:W28:B17", 6),
        ("28-22".to_string(), "win in 3".to_string())
    );
}

#[test]
fn breakthrough_crowns_at_once() {
    // Both men could run; the one on 7 crowns now, which ends the game.
    let (mv, score) = best("breakthrough", "W:W7,40:B45", 6);
    assert!(mv == "7-1" || mv == "7-2", "{mv}");
    assert_eq!(score, "win in 1");
}

#[test]
fn every_draughts_and_fanorona_file_beats_the_random_player_at_level_4() {
    // Four games a file (two pairs of colours over two-ply random openings): all
    // deterministic, each must score at least 90% (here: every game won).
    let engine: PlayerSpec = "engine:level=4".parse().expect("spec");
    let random: PlayerSpec = "random".parse().expect("spec");
    for builtin in BUILTIN {
        let (name, geometry) = (builtin.name, common::geometry(builtin.name));
        if geometry.rules().capture == CaptureStyle::Contact {
            continue;
        }
        let any = AnyBoard::new(geometry);
        with_board!(&any, b => {
            let score = common::duel(b, &engine, &random, 4, 2, 400);
            assert!(score.ratio() >= 0.9, "{name}: {score:?}");
        });
    }
}

/// The cornering bonus of `position` on `variant` (see `Evaluator::cornering`).
fn cornering(variant: &str, position: &str) -> i32 {
    let board = board64(variant);
    let pos = board.parse_position(position).expect("position");
    Evaluator::new(&board).cornering(&board, &pos)
}

#[test]
fn hunting_kings_score_the_room_they_take_from_a_lone_king() {
    // Bushka: the lone king boxed in the a6 corner with the hunters beside it, and
    // the lone king free in the middle with the hunters far off.
    let boxed = cornering("bushka", "W:WKb5,Kc6,Kc7:BKa6");
    let free = cornering("bushka", "W:WKe1,Ke2,Kf2:BKd7");
    assert!(boxed > free && free > 0, "boxed {boxed}, free {free}");
    // The same placement with the lone king to move: the bonus is the hunters'.
    assert_eq!(cornering("bushka", "B:WKb5,Kc6,Kc7:BKa6"), -boxed);
    // Only a side of kings alone, two kings or more behind, is hunted.
    assert_eq!(cornering("bushka", "W:WKb5,Kc6:BKa6"), 0);
    assert_eq!(cornering("bushka", "W:WKb5,Kc6,Kc7:BKa6,e9"), 0);
    // The same ending in International draughts is hunted; in Antidraughts, where
    // the side without a move wins, it is not.
    assert!(cornering("draughts", "W:WK1,K2,K3:BK46") > 0);
    assert_eq!(cornering("antidraughts", "W:WK1,K2,K3:BK46"), 0);
}

/// Checks [`Evaluator::lone_room`] on `count` random placements of three White kings
/// against a lone Black king to move with no capture: the room is exactly the cells of
/// the lone king's moves after which White has no capture.
fn check_lone_room<B: Bits>(board: &Board<B>, rng: &mut impl Rng, count: usize) {
    let eval = Evaluator::new(board);
    let cells: Vec<B> = board.all().iter().map(B::bit).collect();
    let mut checked = 0;
    while checked < count {
        let picks: Vec<B> = (0..4)
            .map(|_| cells[rng.random_range(0..cells.len())])
            .collect();
        let hunters = picks[0] | picks[1] | picks[2];
        let kings = ByColour::new(hunters, picks[3]);
        let Some(pos) = board
            .position_from_sets(ByColour::new(B::EMPTY, B::EMPTY), kings, Colour::Black)
            .filter(|_| hunters.count() == 3)
        else {
            continue;
        };
        let moves = board.moves(&pos);
        if moves.as_slice().iter().any(|mv| mv.kind.is_capture()) {
            continue;
        }
        checked += 1;
        let safe = moves
            .as_slice()
            .iter()
            .filter(|mv| {
                let child = pos.play(board, mv);
                !board
                    .moves(&child)
                    .as_slice()
                    .iter()
                    .any(|reply| reply.kind.is_capture())
            })
            .fold(B::EMPTY, |set, mv| set | B::bit(mv.to));
        let at = board.position_string(&pos);
        assert!(
            eval.lone_room(board, &pos) == Some((Colour::Black, safe)),
            "{at}"
        );
    }
}

#[test]
fn the_lone_kings_room_is_where_no_hunting_king_takes_them() {
    // On each official board: a king stepping away along the line of an adjacent
    // hunter is taken (the cell it leaves opens the line), one stepping next to a
    // hunter is not.
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for name in ["bushka", "bushka-9x11", "hexbushka"] {
        let any = AnyBoard::new(common::geometry(name));
        with_board!(&any, b => check_lone_room(b, &mut rng, 300));
    }
}
