//! Fast tests of the search and the players.

mod common;

use std::sync::Arc;
use std::time::Duration;

use bushka_engine::{Answer, Evaluator, Limits, MATE, MATE_BOUND, PlayerSpec, Searcher, Turn};
use bushka_rules::{AnyBoard, Board, Game, with_board};

fn board64(name: &str) -> Arc<Board<u64>> {
    match AnyBoard::new(common::geometry(name)) {
        AnyBoard::Narrow(b) => b,
        _ => panic!("{name} should fit 64 bits"),
    }
}

#[test]
fn finds_a_forced_win_and_reports_mate_distance() {
    // White king f4 against a lone Black man d8 that cannot escape: White to move.
    // Any search deep enough sees the win; the score must be a mate score.
    let board = board64("bushka");
    let pos = board
        .parse_position("W:WKe1,Kf2,Kg3:BKa6")
        .expect("position");
    let mut searcher = Searcher::new(Arc::clone(&board), 4);
    let result = searcher.search(&pos, &Limits::depth(9), |_| {});
    let last = result.last.expect("an iteration");
    assert!(
        last.score > MATE_BOUND,
        "three kings against one should be a found win here, got {}",
        last.score
    );
    assert!(result.best.is_some());
}

#[test]
fn takes_the_only_capture() {
    // Black man f5 stands in front of White's f4 with g... White's single piece capture
    // is compulsory; the search must return it (it is the only legal move).
    let board = board64("bushka");
    let pos = board.parse_position("W:Wf3:Bf5,a6").expect("position");
    let legal = board.moves(&pos);
    assert_eq!(legal.len(), 1, "{:?}", board.legal_texts(&pos));
    let mut searcher = Searcher::new(Arc::clone(&board), 1);
    let best = searcher
        .search(&pos, &Limits::depth(3), |_| {})
        .best
        .expect("a move");
    assert!(best.same(&legal.as_slice()[0]));
}

#[test]
fn no_legal_move_gives_no_best_move() {
    let board = board64("bushka");
    let pos = board.parse_position("W:W:Bf5").expect("position");
    let mut searcher = Searcher::new(Arc::clone(&board), 1);
    let result = searcher.search(&pos, &Limits::depth(3), |_| {});
    assert!(result.best.is_none());
    assert!(result.last.is_none());
}

#[test]
fn node_limited_search_is_reproducible() {
    for name in ["bushka", "bushka-9x11", "hexbushka"] {
        let any = AnyBoard::new(common::geometry(name));
        with_board!(&any, b => {
            let pos = b.start_position();
            let run = || {
                let mut s = Searcher::new(Arc::clone(b), 8);
                let r = s.search(&pos, &Limits::nodes(20_000), |_| {});
                (r.best, r.last.map(|it| (it.depth, it.score, it.pv)))
            };
            assert_eq!(run(), run(), "{name}");
        });
    }
}

#[test]
fn iterations_deepen_and_principal_variations_are_legal() {
    let board = board64("bushka");
    let pos = board.start_position();
    let mut searcher = Searcher::new(Arc::clone(&board), 8);
    let mut depths = Vec::new();
    searcher.search(&pos, &Limits::depth(6), |it| {
        depths.push(it.depth);
        let mut at = pos;
        for mv in &it.pv {
            let legal = board.moves(&at);
            assert!(
                legal.iter().any(|m| m.same(mv)),
                "illegal pv move at depth {}",
                it.depth
            );
            at = at.play(&board, mv);
        }
    });
    assert_eq!(depths, vec![1, 2, 3, 4, 5, 6]);
}

#[test]
fn evaluation_is_colour_symmetric() {
    // Mirroring the board and swapping colours must give the same evaluation.
    for name in ["bushka", "bushka-9x11", "hexbushka"] {
        let any = AnyBoard::new(common::geometry(name));
        with_board!(&any, b => {
            let geometry = b.geometry();
            let mirror = geometry.mirror().expect("official boards have a mirror").to_vec();
            let eval = Evaluator::new(b);
            let game = common::random_opening(b, 12, 5);
            let pos = *game.position();
            let mut setup = bushka_rules::Setup::of(b, &pos);
            let reflect = |cells: Vec<bushka_geometry::Cell>| cells.into_iter().map(|c| mirror[c.index()]).collect();
            setup.men = setup.men.swapped().map(reflect);
            setup.kings = setup.kings.swapped().map(reflect);
            setup.black_to_move = !setup.black_to_move;
            let mirrored = setup.validate(b).expect("mirrored position is valid");
            assert_eq!(eval.evaluate(b, &pos), eval.evaluate(b, &mirrored), "{name}");
        });
    }
}

#[test]
fn player_specs_parse_and_reject() {
    for ok in [
        "human",
        "random",
        "random:seed=7",
        "greedy",
        "engine",
        "engine:movetime=50",
        "engine:depth=3:nodes=1000",
        "engine:level=1",
        "engine:level=max",
        "engine:level=easy:seed=4",
        "engine:level=3:margin=0",
        "engine:depth=2:margin=30:seed=9",
    ] {
        let spec: PlayerSpec = ok.parse().unwrap_or_else(|e| panic!("{ok}: {e}"));
        let again: PlayerSpec = spec.to_string().parse().expect("display round-trips");
        assert_eq!(spec, again);
    }
    for bad in [
        "",
        "robot",
        "engine:depth",
        "engine:depth=x",
        "random:depth=3",
        "engine:depth=0",
        "engine:speed=9",
        "engine:level=9",
        "engine:level=0",
        "engine:level=hardest",
        "random:level=2",
    ] {
        assert!(
            bad.parse::<PlayerSpec>().is_err(),
            "{bad} should be rejected"
        );
    }
}

#[test]
fn levels_and_names_agree() {
    let parse = |s: &str| s.parse::<PlayerSpec>().expect("spec");
    for (name, level) in [("easy", 2), ("medium", 4), ("hard", 6), ("max", 8)] {
        assert_eq!(
            parse(&format!("engine:level={name}")),
            parse(&format!("engine:level={level}"))
        );
    }
    assert_eq!(
        parse("engine"),
        PlayerSpec::level(bushka_engine::DEFAULT_LEVEL)
    );
    assert_eq!(parse("engine:level=8").to_string(), "engine:level=8");
    // Levels grow: more nodes and a smaller margin, none at the strongest.
    let levels = bushka_engine::LEVELS;
    assert!(
        levels
            .windows(2)
            .all(|w| w[0].0 < w[1].0 && w[0].1 >= w[1].1)
    );
    assert_eq!(levels[7].1, 0);
}

/// The first `plies` moves an engine spec plays against itself from the start.
fn self_play(spec: &str, seed: u64, plies: usize) -> Vec<String> {
    let board = board64("bushka");
    let spec: PlayerSpec = spec.parse().expect("spec");
    let mut player = spec.build(&board, seed, None).expect("engine");
    let mut game = Game::new(Arc::clone(&board)).expect("a game starts");
    let mut moves = Vec::new();
    for _ in 0..plies {
        let Ok(Answer::Move(mv)) = player.choose(&game, &Turn::default()) else {
            break;
        };
        moves.push(board.move_text(game.position(), &mv, game.legal_moves()));
        game.play(&mv).expect("legal");
    }
    moves
}

#[test]
fn a_margin_varies_the_games_and_a_seed_repeats_them() {
    let openings: std::collections::HashSet<Vec<String>> = (0..6)
        .map(|seed| self_play("engine:depth=2:margin=40", seed, 6))
        .collect();
    assert!(openings.len() > 1, "a margin of 40 gives different games");
    assert_eq!(
        self_play("engine:depth=2:margin=40", 3, 6),
        self_play("engine:depth=2:margin=40", 3, 6)
    );
    let strict: std::collections::HashSet<Vec<String>> = (0..3)
        .map(|seed| self_play("engine:depth=2", seed, 6))
        .collect();
    assert_eq!(strict.len(), 1, "no margin, no variety");
}

/// The choice among near-best moves searches within the limits it is given: with
/// none it confirms every move within the margin; with a few nodes it stops there and
/// keeps only moves it confirmed.
#[test]
fn the_choice_among_near_best_moves_keeps_to_its_limits() {
    let board = board64("bushka");
    let game = Game::new(Arc::clone(&board)).expect("a game starts");
    let mut searcher = Searcher::new(Arc::clone(&board), 4);
    let result = searcher.search_game(&game, &Limits::depth(5), |_| {});
    let last = result.last.expect("an iteration");
    let floor = last.score - 30;
    let few = searcher.root_moves_at_least(&game, last.depth, floor, &Limits::nodes(20));
    assert!(searcher.nodes() <= 20, "{} nodes", searcher.nodes());
    let all = searcher.root_moves_at_least(&game, last.depth, floor, &Limits::default());
    let unbounded = searcher.nodes();
    assert!(
        all.len() > 1,
        "several moves within 30 of the best: {all:?}"
    );
    assert!(unbounded > 20, "confirming them takes {unbounded} nodes");
    assert!(
        few.len() < all.len(),
        "{few:?} within 20 nodes, {all:?} without"
    );
    assert!(
        few.iter().all(|m| all.contains(m)),
        "{few:?} within {all:?}"
    );
    assert_eq!(
        Limits::nodes(1_000_000).share(4),
        Limits::nodes(250_000),
        "a quarter of the nodes"
    );
}

#[test]
fn greedy_takes_the_most_material() {
    // Black's only captures: the majority rule already forces the larger one, so test
    // Greedy where it has a choice between quiet moves and nothing else: it must still
    // return a legal move; and with a capture available, it returns a capture.
    let board = board64("bushka");
    let pos = board.parse_position("W:Wf3,h4:Bf5,a6").expect("position");
    let game = Game::from_position(Arc::clone(&board), pos).expect("a game starts");
    let spec: PlayerSpec = "greedy:seed=3".parse().expect("spec");
    let mut greedy = spec.build(&board, 0, None).expect("not human");
    let Ok(Answer::Move(mv)) = greedy.choose(&game, &Turn::default()) else {
        panic!("greedy moves");
    };
    assert!(mv.kind.is_capture());
}

#[test]
fn engine_beats_random_on_a_small_board() {
    let any = AnyBoard::new(common::geometry("hexbushka-4"));
    with_board!(&any, b => {
        let engine: PlayerSpec = "engine:depth=2".parse().expect("spec");
        let random: PlayerSpec = "random:seed=11".parse().expect("spec");
        let score = common::duel(b, &engine, &random, 4, 0, 300);
        assert_eq!(score.wins, 4, "{score:?}");
    });
}

#[test]
fn node_limit_holds_inside_the_first_iteration() {
    // A capture fight deep enough that depth 1 alone (quiescence over forced captures)
    // needs more than a handful of nodes: the limit must hold there too.
    let board = board64("bushka");
    let pos = board.start_position();
    for limit in [1u64, 2, 5, 17] {
        let mut searcher = Searcher::new(Arc::clone(&board), 1);
        let result = searcher.search(&pos, &Limits::nodes(limit), |_| {});
        assert!(
            result.nodes <= limit,
            "{} nodes for a limit of {limit}",
            result.nodes
        );
        let best = result.best.expect("a move even when stopped at once");
        assert!(board.moves(&pos).iter().any(|m| m.same(&best)));
    }
}

#[test]
fn raised_stop_flag_answers_with_a_legal_move_at_once() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let board = board64("bushka");
    let pos = board.start_position();
    let flag = Arc::new(AtomicBool::new(true));
    let mut searcher = Searcher::new(Arc::clone(&board), 1);
    searcher.set_stop_flag(Arc::clone(&flag));
    let mut iterations = 0;
    let result = searcher.search(&pos, &Limits::depth(20), |_| iterations += 1);
    assert_eq!(iterations, 0, "no iteration completes under a raised flag");
    assert_eq!(result.nodes, 1, "nodes after the flag was up");
    let best = result.best.expect("the first legal move");
    assert!(best.same(&board.moves(&pos).as_slice()[0]));
    assert_eq!(result.last.map(|it| it.depth), Some(0));
    flag.store(false, Ordering::Relaxed);
}

#[test]
fn large_piece_values_never_read_as_a_forced_win() {
    // The largest values a variant file allows, and a board full of White kings: the
    // static score saturates at MAX_EVAL, far below the mate scores.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../variants/bushka.toml"
    ))
    .expect("variants/bushka.toml");
    // The hand-written evaluation, at the largest material values.
    let text = text.replace(
        "weights = \"weights/bushka.toml\"",
        "man = 10000\nking = 10000",
    );
    let geometry = bushka_geometry::load_str(&text, "big-values.toml").expect("loads");
    let AnyBoard::Narrow(board) = AnyBoard::new(geometry) else {
        panic!("bushka fits 64 bits");
    };
    let kings: Vec<String> = [
        "e1", "f2", "g3", "h4", "i5", "e2", "f3", "g4", "h5", "i6", "d2", "e3", "f4", "g5", "h6",
        "d3", "e4", "f5", "g6", "h7", "c3", "d4", "e5", "f6", "g7", "c4", "d5", "e6", "f7", "g8",
        "b4", "c5", "d6", "e7", "f8", "b5", "c6", "d7", "e8", "f9", "a5", "b6", "c7", "d8", "e9",
        "a6", "b7", "c8",
    ]
    .iter()
    .map(|c| format!("K{c}"))
    .collect();
    let pos = board
        .parse_position(&format!("W:W{}:Be0", kings.join(",")))
        .expect("position");
    let searcher = Searcher::new(Arc::clone(&board), 1);
    let eval = searcher.evaluate(&pos);
    assert_eq!(eval, bushka_engine::MAX_EVAL, "48 kings of 10000 saturate");
    let black = pos.with_side(&board, bushka_geometry::Colour::Black);
    assert_eq!(searcher.evaluate(&black), -bushka_engine::MAX_EVAL);
}

/// International draughts with its draw counts replaced: `king_move_draw` and the
/// `lone_king_draw` entries as given.
fn draughts_counting(king_moves: u32, lone: &str) -> Arc<Board<u64>> {
    let builtin = bushka_geometry::BUILTIN
        .iter()
        .find(|b| b.name == "draughts")
        .expect("built in");
    let text: String = builtin
        .text
        .lines()
        .map(|line| {
            if line.starts_with("king_move_draw") {
                format!("king_move_draw = {king_moves}")
            } else if line.starts_with("lone_king_draw") {
                format!("lone_king_draw = [{lone}]")
            } else {
                line.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let geometry = bushka_geometry::load_str(&text, "draughts (counts changed)").expect("loads");
    match AnyBoard::new(geometry) {
        AnyBoard::Narrow(b) => b,
        _ => panic!("draughts should fit 64 bits"),
    }
}

/// The search's score of `position` on `board` within `limits`.
fn score_of(board: &Arc<Board<u64>>, position: &str, limits: &Limits) -> i32 {
    let pos = board.parse_position(position).expect("position");
    let mut searcher = Searcher::new(Arc::clone(board), 4);
    searcher
        .search(&pos, limits, |_| {})
        .last
        .expect("an iteration")
        .score
}

/// The search scores a line that a draw count ends as a draw: two kings against one
/// hold for 5 moves each in International draughts (10 plies), so a search that sees
/// that far finds no more than a draw where the kings' material alone says +2; a
/// king-move count of 2 plies draws from the first reply.
#[test]
fn the_draw_counts_end_the_lines_the_search_sees() {
    let two_kings = "W:WK46,K50:BK3";
    let depth = Limits::depth(12);
    let international = board64("draughts");
    assert_eq!(score_of(&international, two_kings, &depth), 0);
    let uncounted = draughts_counting(0, "");
    let free = score_of(&uncounted, two_kings, &depth);
    assert!((100..MATE_BOUND).contains(&free), "{free}");
    let king_moves = draughts_counting(2, "");
    assert_eq!(score_of(&king_moves, two_kings, &Limits::depth(6)), 0);
}

/// The proof search and the tree claim a win only within the count: three kings
/// take the lone king in 3 plies, which a count of 4 plies allows and one of 2 does
/// not (the lone king then holds).
#[test]
fn a_win_is_claimed_only_within_the_lone_king_count() {
    let hunt = "W:WK28,K33,K39:BK5";
    let limits = Limits::nodes(200_000);
    let room = draughts_counting(0, "{ pieces = 3, plies = 4 }");
    let won = score_of(&room, hunt, &limits);
    assert_eq!(won, bushka_engine::MATE - 3);
    let short = draughts_counting(0, "{ pieces = 3, plies = 2 }");
    let held = score_of(&short, hunt, &limits);
    assert!(held < MATE_BOUND, "{held}");
}

/// A count reached by a move that leaves the other side without a move does not save
/// it: the side without a move has lost, as the game rules it (6-50 shuts in the man
/// on 45 with the count of one king move reached).
#[test]
fn a_side_left_without_a_move_loses_even_as_a_count_ends() {
    let one_king_move = draughts_counting(1, "");
    let shut_in = "W:WK6:B45";
    assert_eq!(
        score_of(&one_king_move, shut_in, &Limits::depth(3)),
        bushka_engine::MATE - 1
    );
    assert_eq!(
        score_of(&one_king_move, shut_in, &Limits::nodes(10_000)),
        bushka_engine::MATE - 1
    );
}

#[test]
fn a_proof_does_not_put_off_a_shorter_win_the_table_holds() {
    // Hexbushka, three kings hunting one: the proof search proves a win in 13 plies,
    // the alpha-beta search finds the win in 7 (`ic6 c5a3 cb6 a3c5 b6a5 c5x ed5x`).
    let any = AnyBoard::new(common::geometry("hexbushka"));
    with_board!(&any, b => {
        let pos = b.parse_position("W:WKd5,Ke5,Ki6:BKc5").expect("position");
        let limits = Limits::nodes(300_000);
        let win_in = |searcher: &mut Searcher<_>, limits: &Limits| {
            let mut reported = Vec::new();
            let result = searcher.search(&pos, limits, |it| reported.push(it.nodes));
            assert!(reported.is_sorted(), "nodes reported out of order: {reported:?}");
            let last = result.last.expect("an iteration");
            assert!(last.nodes <= result.nodes);
            MATE - last.score
        };
        // A fresh searcher plays the proof.
        assert_eq!(win_in(&mut Searcher::new(Arc::clone(b), 8), &limits), 13);
        // One whose table holds the win in 7 (an alpha-beta search to depth 7, which
        // runs no proof search) plays that win, not the proof.
        let mut searcher = Searcher::new(Arc::clone(b), 8);
        assert_eq!(win_in(&mut searcher, &Limits::depth(7)), 7);
        assert_eq!(win_in(&mut searcher, &limits), 7);
    });
}

#[test]
fn a_line_cut_short_by_the_table_goes_on_with_the_table_s_moves() {
    // A searcher whose table holds a deeper search of the position: the shallower
    // search takes exact scores from it one ply below the root, and the line it
    // reports still goes on (the reply an engine ponders on is its second move), each
    // move legal where it is played.
    let board = board64("bushka");
    let start = board.start_position();
    let mut searcher = Searcher::new(Arc::clone(&board), 4);
    searcher.search(&start, &Limits::depth(6), |_| {});
    let mut lines = Vec::new();
    searcher.search(&start, &Limits::depth(4), |it| {
        lines.push((it.depth, it.pv.clone()))
    });
    assert_eq!(lines.len(), 4);
    for (depth, pv) in lines {
        assert!(pv.len() >= depth as usize, "depth {depth}: {pv:?}");
        assert_legal_line(&board, &start, &pv);
    }
    // A won ending: the lines of a searcher that already knows the win are legal and
    // no longer than the win they score.
    let pos = board
        .parse_position("W:WKe1,Kf2,Kg3:BKa6")
        .expect("position");
    let mut searcher = Searcher::new(Arc::clone(&board), 4);
    for depth in [9, 5, 9] {
        let mut lines = Vec::new();
        searcher.search(&pos, &Limits::depth(depth), |it| {
            lines.push((it.score, it.pv.clone()))
        });
        for (score, pv) in lines {
            if score > MATE_BOUND {
                assert!(pv.len() <= (MATE - score) as usize, "{score}: {pv:?}");
            }
            assert_legal_line(&board, &pos, &pv);
        }
    }
}

/// Asserts that every move of `line` is legal where it is played from `start`.
fn assert_legal_line(
    board: &Board<u64>,
    start: &bushka_rules::Position<u64>,
    line: &[bushka_rules::Move<u64>],
) {
    let mut pos = *start;
    for mv in line {
        assert!(board.moves(&pos).iter().any(|m| m.same(mv)), "{line:?}");
        pos = pos.play(board, mv);
    }
}

#[test]
fn a_search_on_several_threads_finds_the_win_and_answers_legally() {
    let board = board64("bushka");
    let pos = board
        .parse_position("W:WKe1,Kf2,Kg3:BKa6")
        .expect("position");
    let mut searcher = Searcher::new(Arc::clone(&board), 4);
    searcher.set_threads(3);
    let mut depths = Vec::new();
    let result = searcher.search(&pos, &Limits::depth(9), |it| depths.push(it.depth));
    let last = result.last.expect("an iteration");
    assert!(last.score > MATE_BOUND, "got {}", last.score);
    // The iterations reported deepen (the last may be a helper's, deeper still).
    assert!(depths.windows(2).all(|w| w[1] > w[0]), "{depths:?}");
    let best = result.best.expect("a move");
    assert!(board.moves(&pos).iter().any(|m| m.same(&best)));
    // From the start, every search of a game answers with a legal move.
    let start = board.start_position();
    for depth in 1..=5 {
        let best = searcher
            .search(&start, &Limits::depth(depth), |_| {})
            .best
            .expect("a move");
        assert!(board.moves(&start).iter().any(|m| m.same(&best)));
    }
}

#[test]
fn threads_share_a_node_limit() {
    let board = board64("bushka");
    let pos = board.start_position();
    for (threads, limit) in [(2, 1u64), (2, 3), (4, 7), (2, 20_000), (3, 50_000)] {
        let mut searcher = Searcher::new(Arc::clone(&board), 4);
        searcher.set_threads(threads);
        let result = searcher.search(&pos, &Limits::nodes(limit), |_| {});
        assert!(
            result.nodes <= limit,
            "{} nodes on {threads} threads for a limit of {limit}",
            result.nodes
        );
        // However the machine schedules the threads, they search (nearly) the whole
        // limit: the main thread waits for the helpers to spend their shares.
        assert!(
            limit < 1000 || result.nodes > limit * 9 / 10,
            "the threads together search nearly all of the {limit} nodes, not {}",
            result.nodes
        );
        let best = result.best.expect("a move");
        assert!(board.moves(&pos).iter().any(|m| m.same(&best)));
    }
}

#[test]
fn a_stop_flag_ends_a_search_on_several_threads() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let board = board64("bushka");
    let pos = board.start_position();
    let flag = Arc::new(AtomicBool::new(false));
    let mut searcher = Searcher::new(Arc::clone(&board), 4);
    searcher.set_threads(2);
    searcher.set_stop_flag(Arc::clone(&flag));
    let raiser = {
        let flag = Arc::clone(&flag);
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(200));
            flag.store(true, Ordering::Relaxed);
        })
    };
    // No limit: only the flag ends it (the test would hang otherwise).
    let result = searcher.search(&pos, &Limits::default(), |_| {});
    raiser.join().expect("the raiser ends");
    let best = result.best.expect("a move");
    assert!(board.moves(&pos).iter().any(|m| m.same(&best)));
    // The helpers stopped too: the searcher searches again at once.
    flag.store(false, Ordering::Relaxed);
    let again = searcher.search(&pos, &Limits::depth(3), |_| {});
    assert_eq!(again.last.map(|it| it.depth), Some(3));
    // The deadline ends the helpers too (the test would hang otherwise).
    let timed = searcher.search(&pos, &Limits::movetime(Duration::from_millis(100)), |_| {});
    assert!(timed.best.is_some() && timed.nodes > 0);
}
