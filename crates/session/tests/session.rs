//! The flow of a game in progress, through the public API of `Session`.

use std::sync::Arc;

use bushka_engine::{End, PlayerSpec};
use bushka_geometry::{ByColour, Colour};
use bushka_rules::{DrawReason, Outcome, Record, WinReason};
use bushka_session::{
    Actions, DrawOffer, Opening, Session, SessionError, Setup, StartError, Undone, record_tags,
};

mod common;

use common::bushka;

fn specs([white, black]: [&str; 2]) -> Setup {
    let spec = |s: &str| s.parse::<PlayerSpec>().expect("a valid spec");
    let mut setup = Setup::new(ByColour::new(spec(white), spec(black)));
    setup.tags = vec![("Variant".into(), "bushka".into())];
    setup
}

fn session(players: [&str; 2], position: Option<&str>) -> Session {
    let opening = position.map_or(Opening::Start, Opening::Position);
    Session::start(&bushka(), opening, specs(players)).expect("a game starts")
}

fn moves(session: &Session) -> Vec<String> {
    session.history().into_iter().map(|p| p.mv.text).collect()
}

#[test]
fn a_session_can_move_between_threads() {
    fn send<T: Send>(_: &T) {}
    send(&session(["human", "engine"], None));
}

#[test]
fn between_people_undo_takes_back_one_move() {
    let mut s = session(["human", "human"], None);
    assert_eq!(s.play_text("f45").expect("legal").number.to_string(), "1.");
    let ply = s.play_text("d7 d6").expect("legal");
    assert_eq!(
        (ply.number.to_string().as_str(), ply.mv.text.as_str()),
        ("1...", "d76")
    );
    assert_eq!(ply.side, Colour::Black);
    match s.undo().expect("a move to take back") {
        Undone::Moves(taken) => {
            let texts: Vec<&str> = taken.iter().map(|p| p.mv.text.as_str()).collect();
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
    assert_eq!(s.position().text(), bushka().start().text());
}

#[test]
fn undo_with_the_computer_moving_first_keeps_its_opening_move() {
    let mut s = session(["random:seed=2", "human"], None);
    assert!(!s.actions().undo, "nothing is played yet");
    s.computer_move(Arc::default()).expect("White's move");
    // The person playing Black has played nothing: undo is not offered, and refused.
    assert_eq!(
        s.actions(),
        Actions {
            undo: false,
            offer_draw: true,
            resign: true
        }
    );
    assert_eq!(s.undo().err(), Some(SessionError::NothingToUndo));
    let first = moves(&s);
    let text = s.legal_moves().first().map(|mv| mv.text.clone());
    s.play_text(&text.expect("Black has moves")).expect("legal");
    assert!(s.actions().undo, "Black's move can be taken back");
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
    let names: Vec<&str> = ply
        .mv
        .captured
        .iter()
        .map(|&c| s.geometry().name(c))
        .collect();
    assert_eq!(names, ["d8"]);
    assert!(matches!(
        s.end(),
        Some(End::Rule(Outcome::Win {
            winner: Colour::White,
            reason: WinReason::NoLegalMove
        }))
    ));
    let mut setup = Setup::new(ByColour::new(
        PlayerSpec::Random { seed: 3 },
        PlayerSpec::Random { seed: 4 },
    ));
    setup.max_plies = Some(3);
    let mut s = Session::start(&bushka(), Opening::Start, setup).expect("a game starts");
    while s.computer_to_move() {
        s.computer_move(Arc::default()).expect("a move");
    }
    assert_eq!(s.end(), Some(End::PlyLimit));
    assert_eq!(s.history().len(), 3);
}

#[test]
fn two_cells_name_the_one_move_that_joins_them_or_list_candidates() {
    let mut s = session(["human", "human"], Some("W:Wd6,g5,Ke1:Bf7,Kd8"));
    let unresolved = |result: Result<_, SessionError>| match result {
        Err(SessionError::Unresolved(e)) => e,
        other => panic!("{other:?}"),
    };
    let error = unresolved(s.play_text("g5 g6"));
    assert!(error.names_a_cell);
    assert!(
        error
            .message
            .contains("A capture is compulsory (2 pieces): d6e7x"),
        "{error}"
    );
    let error = unresolved(s.play_text("nonsense"));
    assert!(!error.names_a_cell);
    let ply = s.play_text("d6 e7").expect("d6-d7-e7x");
    assert_eq!(ply.mv.route_text, "d6-d7-e7x");
}

#[test]
fn the_computer_thinks_away_from_the_session() {
    let mut s = session(["random:seed=7", "human"], None);
    let thinking = s.start_thinking().expect("White is the computer");
    assert_eq!(thinking.side(), Colour::White);
    assert!(
        matches!(
            s.start_thinking(),
            Err(SessionError::Thinking(Colour::White))
        ),
        "one think at a time"
    );
    let chosen = std::thread::spawn(move || thinking.choose(Arc::default()));
    assert_eq!(s.legal_moves().len(), 24, "the session answers meanwhile");
    let chosen = chosen.join().expect("the thinker");
    let ply = s
        .finish_thinking(chosen)
        .expect("the game has not changed")
        .expect("a move");
    assert_eq!(ply.side, Colour::White);
    assert_eq!(s.side_to_move(), Colour::Black);

    // A move chosen for a game that changed meanwhile is not played.
    let mut s = session(["human", "random:seed=8"], None);
    s.play_text("f45").expect("legal");
    let thinking = s.start_thinking().expect("Black is the computer");
    let chosen = thinking.choose(Arc::default());
    s.resign(Colour::White).expect("resigns");
    s.undo().expect("takes back the resignation");
    s.undo().expect("takes back f45");
    assert_eq!(s.finish_thinking(chosen).err(), Some(SessionError::Stale));
    assert_eq!(s.plies(), 0);
    s.play_text("f45").expect("legal");
    assert!(
        s.computer_move(Arc::default())
            .expect("Black's player is back")
            .is_some()
    );
}

#[test]
fn a_result_the_moves_do_not_explain_is_a_declaration() {
    let record =
        Record::parse("[Variant \"bushka\"]\n[Result \"0-1\"]\n1. f45 0-1\n").expect("a record");
    let s = Session::start(
        &bushka(),
        Opening::Record(&record),
        specs(["human", "human"]),
    )
    .expect("replays");
    assert_eq!(s.plies(), 1);
    assert_eq!(
        s.end().map(|end| match end {
            End::Rule(o) => o.result_text(),
            End::PlyLimit => "ply limit",
            End::Forfeit { .. } => "forfeit",
        }),
        Some("0-1"),
        "White resigned"
    );
    let tags = record_tags("bushka", "human", "engine", Some(&record));
    let keys: Vec<&str> = tags.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(keys, ["Variant", "White", "Black", "Date"]);
}

/// The first moves of a game between two computer players, the session reseeded by
/// `seed`.
fn opening(players: [&str; 2], seed: u64) -> Vec<String> {
    let mut setup = specs(players);
    setup.seed = seed;
    let mut s = Session::start(&bushka(), Opening::Start, setup).expect("a game starts");
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
    let variant = bushka();
    let mut setup = specs(["human", "human"]);
    setup.steps = 1;
    let mut s = Session::start(&variant, Opening::Position(quiet), setup.clone()).expect("listed");
    let unlisted = GameError::Unlisted {
        ply: 1,
        limit: GenerationLimit::Steps(1),
    };
    assert_eq!(
        s.play_text("c75").err(),
        Some(SessionError::Unlisted(unlisted))
    );
    assert!(s.plies() == 0 && s.end().is_none());
    assert_eq!(s.position(), variant.position(quiet).expect("valid"));
    let record = Record::parse(&format!("[FEN \"{quiet}\"]\n\n1... c75 *\n")).expect("parses");
    let err = Session::start(&variant, Opening::Record(&record), setup.clone())
        .err()
        .expect("refused");
    assert!(matches!(err, StartError::Record(_)), "{err}");
    assert!(
        err.to_string()
            .starts_with("the position after move 1... c75 (line 3): "),
        "{err}"
    );
    setup.steps = 2;
    let s =
        Session::start(&variant, Opening::Record(&record), setup).expect("listed within two steps");
    assert_eq!(s.plies(), 1);
}

/// A session after `steps` turns of a game between `players` (a computer moves, a
/// person plays the first legal move).
fn after(players: [&str; 2], steps: usize) -> Session {
    let mut s = session(players, None);
    for _ in 0..steps {
        if s.computer_to_move() {
            s.computer_move(Arc::default()).expect("a computer move");
        } else {
            let text = s.legal_moves()[0].text.clone();
            s.play_text(&text).expect("a legal move");
        }
    }
    s
}

#[test]
fn what_a_person_may_do_is_what_the_commands_do() {
    // Engines at depth 1 judge draw offers at once.
    for players in [
        ["human", "engine:depth=1"],
        ["engine:depth=1", "human"],
        ["human", "human"],
    ] {
        for steps in 0..6 {
            let offered = after(players, steps).actions();
            let place = format!("{players:?} after {steps} turns: {offered:?}");
            let mut s = after(players, steps);
            assert_eq!(offered.undo, s.undo().is_ok(), "{place}");
            let mut s = after(players, steps);
            let person = s.acting_person().expect("a person plays");
            assert_eq!(
                offered.offer_draw,
                s.offer_draw(person, Arc::default()).is_ok(),
                "{place}"
            );
            let mut s = after(players, steps);
            assert_eq!(offered.resign, s.resign(person).is_ok(), "{place}");
        }
    }
}
