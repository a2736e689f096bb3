//! A game between two people seen from each seat: requests to take back a move asked
//! of the other person, what each seat may do, and a loss on time.

use std::sync::Arc;

use bushka_engine::PlayerSpec;
use bushka_geometry::{ByColour, Colour};
use bushka_rules::{Outcome, WinReason};
use bushka_session::{Opening, Session, SessionError, Setup, UndoRequest, Undone};

mod common;

use common::bushka;

fn session(white: PlayerSpec, black: PlayerSpec) -> Session {
    Session::start(
        &bushka(),
        Opening::Start,
        Setup::new(ByColour::new(white, black)),
    )
    .expect("a game starts")
}

fn people() -> Session {
    session(PlayerSpec::Human, PlayerSpec::Human)
}

fn moves(session: &Session) -> Vec<String> {
    session.history().into_iter().map(|p| p.mv.text).collect()
}

fn taken(undone: Undone) -> Vec<String> {
    match undone {
        Undone::Moves(plies) => plies.into_iter().map(|p| p.mv.text).collect(),
        Undone::Declaration(o) => panic!("took back {o}"),
    }
}

#[test]
fn a_request_to_take_back_is_asked_of_the_other_person() {
    let mut s = people();
    s.play_text("f45").expect("legal");
    s.play_text("d76").expect("legal");
    // White, to move again, asks for its move back: Black's reply goes with it.
    match s
        .ask_undo(Colour::White)
        .expect("White has a move to take back")
    {
        UndoRequest::Pending { to } => assert_eq!(to, Colour::Black),
        UndoRequest::Done(_) => panic!("taken back without asking Black"),
    }
    assert_eq!(s.undo_request(), Some(Colour::White));
    assert_eq!(
        s.ask_undo(Colour::White).err(),
        Some(SessionError::UndoRequested(Colour::White))
    );
    assert!(!s.actions_of(Colour::White).undo, "one request at a time");
    // Only the person asked answers.
    assert_eq!(
        s.answer_undo(Colour::White, true).err(),
        Some(SessionError::NoUndoRequest(Colour::White))
    );
    let undone = s.answer_undo(Colour::Black, true).expect("asked of Black");
    assert_eq!(taken(undone.expect("accepted")), ["f45", "d76"]);
    assert!(moves(&s).is_empty());
    assert_eq!(s.undo_request(), None);
}

#[test]
fn a_declined_or_overtaken_request_takes_nothing_back() {
    let mut s = people();
    s.play_text("f45").expect("legal");
    s.ask_undo(Colour::White).expect("asked");
    assert!(
        s.answer_undo(Colour::Black, false)
            .expect("answered")
            .is_none()
    );
    assert_eq!(moves(&s), ["f45"]);
    // Black moves instead of answering: the request lapses.
    s.ask_undo(Colour::White).expect("asked again");
    s.play_text("d76").expect("legal");
    assert_eq!(s.undo_request(), None);
    assert_eq!(
        s.answer_undo(Colour::Black, true).err(),
        Some(SessionError::NoUndoRequest(Colour::Black))
    );
    assert_eq!(moves(&s), ["f45", "d76"]);
}

#[test]
fn each_seat_may_do_what_its_commands_do() {
    let mut s = people();
    for side in Colour::BOTH {
        let actions = s.actions_of(side);
        assert!(!actions.undo, "{side:?} has no move to take back");
        assert!(actions.resign);
        assert_eq!(
            actions.offer_draw,
            side == Colour::White,
            "only on its turn"
        );
    }
    s.play_text("f45").expect("legal");
    assert!(s.actions_of(Colour::White).undo);
    assert!(!s.actions_of(Colour::Black).undo);
    assert_eq!(
        s.ask_undo(Colour::Black).err(),
        Some(SessionError::NothingToUndo)
    );
    // A computer's seat may do nothing a person does.
    let computer = session(PlayerSpec::Human, PlayerSpec::Random { seed: 1 });
    assert_eq!(computer.actions_of(Colour::Black), Default::default());
}

#[test]
fn against_the_computer_a_request_is_granted_at_once() {
    let mut s = session(PlayerSpec::Human, PlayerSpec::Random { seed: 1 });
    s.play_text("f45").expect("legal");
    s.computer_move(Arc::default()).expect("a reply");
    match s.ask_undo(Colour::White).expect("a move to take back") {
        UndoRequest::Done(undone) => assert_eq!(taken(undone).len(), 2),
        UndoRequest::Pending { .. } => panic!("the computer was asked"),
    }
    assert_eq!(s.plies(), 0);
}

#[test]
fn a_loss_on_time_ends_the_game_for_good() {
    let mut s = people();
    s.play_text("f45").expect("legal");
    s.ask_undo(Colour::White).expect("asked");
    let outcome = s.lose_on_time(Colour::Black).expect("the game went on");
    assert_eq!(
        outcome,
        Outcome::Win {
            winner: Colour::White,
            reason: WinReason::Time
        }
    );
    assert_eq!(outcome.to_string(), "White wins: Black ran out of time");
    assert_eq!(s.undo_request(), None, "the request lapsed");
    assert_eq!(s.undo().err(), Some(SessionError::Over));
    assert_eq!(s.ask_undo(Colour::White).err(), Some(SessionError::Over));
    assert_eq!(
        s.lose_on_time(Colour::White).err(),
        Some(SessionError::Over)
    );
    assert!(s.record_text().contains("1-0"));
}
