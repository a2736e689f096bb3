//! The flow of a game in progress, through the public API of `Session`.

use std::sync::Arc;

use bushka_engine::{End, PlayerSpec};
use bushka_geometry::Colour;
use bushka_rules::{DrawReason, Game, MAX_GENERATION_STEPS, Outcome, Record, WinReason};
use bushka_session::{
    DrawOffer, Session, SessionError, Setup, Undone, game_from_record, record_tags,
};

mod common;

use common::bushka;

fn session(specs: [&str; 2], position: Option<&str>) -> Session<u64> {
    let board = bushka();
    let start = position.map_or_else(
        || board.start_position(),
        |p| board.parse_position(p).expect("a valid position"),
    );
    Session::new(Setup {
        game: Game::from_position(Arc::clone(&board), start).expect("a game starts"),
        specs: specs.map(|s| s.parse::<PlayerSpec>().expect("a valid spec")),
        tags: vec![("Variant".into(), "bushka".into())],
        max_plies: None,
    })
}

fn moves(session: &Session<u64>) -> Vec<String> {
    session.history().into_iter().map(|p| p.text).collect()
}

#[test]
fn a_session_can_move_between_threads() {
    fn send<T: Send>(_: &T) {}
    send(&session(["human", "engine"], None));
}

#[test]
fn between_people_undo_takes_back_one_move() {
    let mut s = session(["human", "human"], None);
    assert_eq!(s.play_text("f45").expect("legal").number, "1.");
    let ply = s.play_text("d7 d6").expect("legal");
    assert_eq!((ply.number.as_str(), ply.text.as_str()), ("1...", "d76"));
    assert_eq!(ply.side, Colour::Black);
    match s.undo().expect("a move to take back") {
        Undone::Moves(taken) => {
            let texts: Vec<&str> = taken.iter().map(|p| p.text.as_str()).collect();
            assert_eq!(texts, ["d76"]);
        }
        Undone::Declaration(o) => panic!("took back {o}"),
    }
    assert_eq!(moves(&s), ["f45"]);
    assert_eq!(s.side_to_move(), Colour::Black);
    s.undo().expect("f45");
    assert_eq!(s.undo().err(), Some(SessionError::NothingToUndo));
}

#[test]
fn against_the_computer_undo_takes_back_your_move_and_its_reply() {
    let mut s = session(["human", "random:seed=1"], None);
    s.play_text("f45").expect("legal");
    assert!(s.computer_to_move());
    assert!(matches!(
        s.play_text("d76"),
        Err(SessionError::ComputerToMove(Colour::Black))
    ));
    let reply = s
        .computer_move(Arc::default())
        .expect("the computer is to move")
        .expect("it finds a move");
    assert_eq!(reply.side, Colour::Black);
    assert!(matches!(
        s.computer_move(Arc::default()),
        Err(SessionError::HumanToMove(Colour::White))
    ));
    match s.undo().expect("a move to take back") {
        Undone::Moves(taken) => assert_eq!(taken.len(), 2),
        Undone::Declaration(o) => panic!("took back {o}"),
    }
    assert_eq!(*s.position(), bushka().start_position());
}

#[test]
fn undo_with_the_computer_moving_first_keeps_its_opening_move() {
    let mut s = session(["random:seed=2", "human"], None);
    s.computer_move(Arc::default()).expect("White's move");
    assert_eq!(s.undo().err(), Some(SessionError::NothingToUndo));
    let first = moves(&s);
    let text = s.legal_moves().first().map(|mv| {
        s.board()
            .move_text(s.position(), mv, s.game().legal_moves())
    });
    s.play_text(&text.expect("Black has moves")).expect("legal");
    s.computer_move(Arc::default()).expect("White's reply");
    s.undo().expect("Black's move and White's reply");
    assert_eq!(moves(&s), first);
}

#[test]
fn a_draw_offer_between_people_waits_for_the_answer() {
    let mut s = session(["human", "human"], None);
    assert_eq!(
        s.offer_draw(Colour::Black, Arc::default()).err(),
        Some(SessionError::NotYourTurn(Colour::Black))
    );
    let offer = s
        .offer_draw(Colour::White, Arc::default())
        .expect("offered");
    assert_eq!(offer, DrawOffer::Pending { to: Colour::Black });
    assert_eq!(s.draw_offer(), Some(Colour::White));
    assert!(matches!(
        s.play_text("f45"),
        Err(SessionError::DrawOffered(Colour::White))
    ));
    assert_eq!(
        s.answer_draw(Colour::White, true).err(),
        Some(SessionError::NoDrawOffer(Colour::White))
    );
    let answer = s.answer_draw(Colour::Black, false).expect("declined");
    assert!(!answer.accepted);
    assert_eq!(s.end(), None);
    s.offer_draw(Colour::White, Arc::default())
        .expect("offered");
    assert!(
        s.answer_draw(Colour::Black, true)
            .expect("accepted")
            .accepted
    );
    let agreed = Outcome::Draw {
        reason: DrawReason::Agreement,
    };
    assert_eq!(s.end(), Some(End::Rule(agreed)));
    assert!(s.legal_moves().is_empty());
    assert!(matches!(s.undo(), Ok(Undone::Declaration(o)) if o == agreed));
    assert_eq!(s.end(), None);
}

#[test]
fn the_engine_judges_draw_offers() {
    let mut s = session(
        ["human", "engine:depth=3"],
        Some("W:Wd2,e3,f4,g5,h6,e2,f3,g4,h5,i6:Bc6"),
    );
    match s.offer_draw(Colour::White, Arc::default()).expect("judged") {
        DrawOffer::Decided(answer) => {
            assert!(!answer.accepted);
            assert_eq!(answer.by, Colour::Black);
            assert!(answer.judgement.is_some_and(|j| j < 0), "{answer:?}");
        }
        pending => panic!("{pending:?}"),
    }
    assert_eq!(s.end(), None);
    let mut s = session(["human", "engine:depth=3"], Some("W:Wf4,g5:Bd7,c7"));
    match s.offer_draw(Colour::White, Arc::default()).expect("judged") {
        DrawOffer::Decided(answer) => assert!(answer.accepted),
        pending => panic!("{pending:?}"),
    }
    assert!(s.end().is_some());
}

#[test]
fn resigning_ends_the_game_and_undo_takes_it_back() {
    let mut s = session(["human", "engine:depth=1"], None);
    assert_eq!(
        s.resign(Colour::Black).err(),
        Some(SessionError::NotHuman(Colour::Black))
    );
    let outcome = s.resign(Colour::White).expect("resigned");
    assert_eq!(
        outcome,
        Outcome::Win {
            winner: Colour::Black,
            reason: WinReason::Resignation
        }
    );
    assert_eq!(outcome.result_text(), "0-1");
    assert!(s.record_text().contains("0-1"));
    assert_eq!(s.resign(Colour::White).err(), Some(SessionError::Over));
    assert_eq!(s.play_text("f45").err(), Some(SessionError::Over));
    assert!(matches!(s.undo(), Ok(Undone::Declaration(_))));
    assert!(s.play_text("f45").is_ok());
}

#[test]
fn the_game_ends_by_a_rule_or_the_ply_limit() {
    // White takes Black's last man: Black has no legal move.
    let mut s = session(["human", "human"], Some("W:Wd6,Ke1:Bd8"));
    let ply = s.play_text("d67x").expect("the capture");
    assert_eq!(ply.captured, ["d8"]);
    assert!(matches!(
        s.end(),
        Some(End::Rule(Outcome::Win {
            winner: Colour::White,
            reason: WinReason::NoLegalMove
        }))
    ));
    let mut s = Session::new(Setup {
        game: Game::new(bushka()).expect("a game starts"),
        specs: [
            PlayerSpec::Random { seed: 3 },
            PlayerSpec::Random { seed: 4 },
        ],
        tags: Vec::new(),
        max_plies: Some(3),
    });
    while s.computer_to_move() {
        s.computer_move(Arc::default()).expect("a move");
    }
    assert_eq!(s.end(), Some(End::PlyLimit));
    assert_eq!(s.history().len(), 3);
}

#[test]
fn two_cells_name_the_one_move_that_joins_them_or_list_candidates() {
    let s = session(["human", "human"], Some("W:Wd6,g5,Ke1:Bf7,Kd8"));
    let mv = s.find_move("d6 e7").expect("d6-d7-e7x");
    assert_eq!(s.board().route_text(s.position(), &mv), "d6-d7-e7x");
    let error = s.find_move("g5 g6").expect_err("a capture is compulsory");
    assert!(error.names_a_cell);
    assert!(
        error
            .message
            .contains("A capture is compulsory (2 pieces): d6e7x"),
        "{error}"
    );
    let error = s.find_move("nonsense").expect_err("no cell");
    assert!(!error.names_a_cell);
}

#[test]
fn the_computer_thinks_away_from_the_session() {
    let mut s = session(["random:seed=7", "human"], None);
    let mut thinking = s.start_thinking().expect("White is the computer");
    assert_eq!(thinking.side(), Colour::White);
    assert_eq!(
        s.start_thinking().err(),
        Some(SessionError::Thinking(Colour::White))
    );
    let choice = std::thread::spawn(move || {
        let choice = thinking.choose(Arc::default());
        (thinking, choice)
    });
    assert_eq!(s.legal_moves().len(), s.game().legal_moves().len());
    let (thinking, choice) = choice.join().expect("the thinker");
    let ply = s
        .finish_thinking(thinking, choice)
        .expect("the game has not changed")
        .expect("a move");
    assert_eq!(ply.side, Colour::White);
    assert_eq!(s.side_to_move(), Colour::Black);

    // A move chosen for a game that changed meanwhile is not played.
    let mut s = session(["human", "random:seed=8"], None);
    s.play_text("f45").expect("legal");
    let mut thinking = s.start_thinking().expect("Black is the computer");
    let choice = thinking.choose(Arc::default());
    s.resign(Colour::White).expect("resigns");
    s.undo().expect("takes back the resignation");
    s.undo().expect("takes back f45");
    assert_eq!(
        s.finish_thinking(thinking, choice).err(),
        Some(SessionError::Stale)
    );
    assert!(s.game().moves().is_empty());
    s.play_text("f45").expect("legal");
    assert!(
        s.computer_move(Arc::default())
            .expect("Black's player is back")
            .is_some()
    );
}

#[test]
fn a_result_the_moves_do_not_explain_is_a_declaration() {
    let board = bushka();
    let record =
        Record::parse("[Variant \"bushka\"]\n[Result \"0-1\"]\n1. f45 0-1\n").expect("a record");
    let game = game_from_record(board, &record, MAX_GENERATION_STEPS).expect("replays");
    assert_eq!(game.moves().len(), 1);
    assert_eq!(
        game.outcome().map(|o| o.result_text()),
        Some("0-1"),
        "White resigned"
    );
    let tags = record_tags("bushka", "human", "engine", Some(&record));
    let keys: Vec<&str> = tags.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(keys, ["Variant", "White", "Black", "Date"]);
}

/// The first moves of a game between two computer players, the session reseeded by
/// `seed`.
fn opening(specs: [&str; 2], seed: u64) -> Vec<String> {
    let mut s = session(specs, None).vary(seed);
    for _ in 0..6 {
        s.computer_move(Arc::default()).expect("a computer move");
    }
    moves(&s)
}

#[test]
fn reseeded_sessions_differ_unless_a_spec_names_its_seed() {
    // Players without a seed of their own take the session's: over a few seeds the
    // games differ, and the same seed repeats the same game.
    let unseeded = ["random", "engine:depth=1:margin=100"];
    let games: Vec<Vec<String>> = (1..=4).map(|seed| opening(unseeded, seed)).collect();
    assert!(games.iter().any(|g| *g != games[0]), "{games:?}");
    assert_eq!(opening(unseeded, 3), games[2]);
    // Players that name their seed play the same game whatever the session's seed.
    let seeded = ["random:seed=7", "engine:depth=1:margin=100:seed=5"];
    let first = opening(seeded, 1);
    for seed in 2..=4 {
        assert_eq!(opening(seeded, seed), first);
    }
}

/// A move into a position whose moves the game cannot list within its step budget is
/// refused with that reason (not as illegal), and the session stays where it was; a
/// record that reaches such a position is refused naming the move.
#[test]
fn a_move_into_an_unlistable_position_is_refused() {
    use bushka_rules::{GameError, GenerationLimit};
    // Black has no capture (no search step); after c75 White must capture (two steps).
    let quiet =
        "B:Wd2,e5,e6,f2,f3,f4,g3,g5,g6,g7,h4,h5,h6,i5:Ba5,b4,b5,b6,c6,c7,c8,d6,d7,d9,e9,e0,f8,f9";
    let board = bushka();
    let start = board.parse_position(quiet).expect("a valid position");
    let mut s = Session::new(Setup {
        game: Game::from_position_within(Arc::clone(&board), start, 1).expect("listed"),
        specs: [PlayerSpec::Human, PlayerSpec::Human],
        tags: Vec::new(),
        max_plies: None,
    });
    let unlisted = GameError::Unlisted {
        ply: 1,
        limit: GenerationLimit::Steps(1),
    };
    assert_eq!(
        s.play_text("c75").err(),
        Some(SessionError::Unlisted(unlisted))
    );
    assert!(s.game().moves().is_empty() && s.end().is_none());
    assert_eq!(s.position(), &start);
    let record = Record::parse(&format!("[FEN \"{quiet}\"]\n\n1... c75 *\n")).expect("parses");
    let err = game_from_record(Arc::clone(&board), &record, 1).expect_err("refused");
    assert!(
        err.to_string()
            .starts_with("the position after move 1... c75 (line 3): "),
        "{err}"
    );
    let game = game_from_record(board, &record, 2).expect("listed within two steps");
    assert_eq!(game.moves().len(), 1);
}
