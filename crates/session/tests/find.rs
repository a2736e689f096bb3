//! Reading a typed move: every accepted form, and the messages for the rest.

mod common;

use common::bushka;

#[test]
fn every_form_of_a_quiet_move_is_found() {
    let pos = bushka().start();
    let want = pos.find_move("f45").expect("f45 is legal at the start");
    assert_eq!(want.text, "f45");
    for text in ["f45", "f4-f5", "f4 f5", "f4  f5", "F4 F5", "f4 - f5"] {
        let mv = pos
            .find_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(mv, want, "{text}");
    }
}

#[test]
fn two_cells_find_a_piece_capture_with_a_longer_route() {
    let pos = bushka()
        .position("W:Wd6,g5,Ke1:Bf7,Kd8")
        .expect("a valid position");
    let mv = pos.find_move("d6-e7").expect("the capture d6-d7-e7x");
    assert_eq!(mv.route_text, "d6-d7-e7x");
    let mv = pos.find_move("d6 e7").expect("the capture d6-d7-e7x");
    assert!(mv.is_capture());
}

#[test]
fn bad_moves_get_close_matches() {
    let pos = bushka().start();
    let message = |text: &str| {
        pos.find_move(text)
            .map(|_| panic!("{text} is not legal"))
            .unwrap_or_else(|e| e)
    };
    assert!(
        message("f4 f7")
            .message
            .contains("Legal moves from f4: f45")
    );
    assert!(message("c4 c5").message.contains("There is no piece on c4"));
    assert!(
        message("a5 a4")
            .message
            .contains("a5 holds a Black man, and it is White's turn")
    );
    let garbled = message("xyzzy");
    assert!(!garbled.names_a_cell);
    assert!(garbled.message.contains("`xyzzy` is not a move."));
    let capitals = message("F4 F7");
    assert!(capitals.names_a_cell);
    assert!(
        capitals
            .message
            .contains("`f4 f7` is not a legal move here")
    );
    assert!(message("f4x5x").message.contains("more than one `x`"));
}

#[test]
fn many_legal_moves_are_counted_and_the_message_names_no_command() {
    let variant = bushka();
    let pos = variant.start();
    let e = pos.find_move("f5 f7").expect_err("no piece on f5");
    assert!(e.unlisted, "24 legal moves are too many to list");
    assert!(
        e.message.ends_with("There are 24 legal moves."),
        "{}",
        e.message
    );
    // Few legal moves are listed in full.
    let few = variant
        .position("W:Wd6,g5,Ke1:Bf7,Kd8")
        .expect("a valid position");
    let e = few.find_move("e1 e2").expect_err("a capture is compulsory");
    assert!(!e.unlisted);
    assert!(
        e.message.contains("A capture is compulsory (2 pieces): "),
        "{}",
        e.message
    );
    for e in [
        pos.find_move("xyzzy"),
        pos.find_move("f5 f7"),
        few.find_move("e1 e2"),
    ]
    .map(|r| r.expect_err("not legal"))
    {
        assert!(!e.message.contains("`moves`"), "{}", e.message);
        assert!(!e.message.contains("`help`"), "{}", e.message);
    }
}

#[test]
fn a_cell_that_does_not_exist_is_named() {
    let pos = bushka().start();
    for (text, missing) in [
        ("a6 a7", "there is no cell a7 on this board"),
        ("a6-a7x", "there is no cell a7 on this board"),
        ("a67", "there is no cell a7 on this board"),
        ("f4-f9-f10", "there is no cell f10 on this board"),
        ("a8 a9", "there is no cell a8 and no cell a9 on this board"),
    ] {
        let e = pos.find_move(text).expect_err("no such cell");
        assert!(e.names_a_cell, "{text}");
        assert!(
            e.message
                .starts_with(&format!("`{text}` is not a move: {missing}.")),
            "{text}: {e}"
        );
    }
    let e = pos.find_move("f4 f6").expect_err("not legal");
    assert!(!e.message.contains("no cell"), "{e}");
}

#[test]
fn a_line_is_named_by_any_of_its_men_and_the_front_cell() {
    let pos = bushka().position("W:Wg3,g4:Bg6").expect("a valid position");
    for text in ["g4 g5", "g3 g5", "g4-g5", "g3-g4-g5x", "g3x5"] {
        let mv = pos
            .find_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(mv.route_text, "g3-g5x", "{text}");
    }
}

#[test]
fn a_compulsory_capture_is_explained() {
    let pos = bushka()
        .position("W:Wd6,g5,Ke1:Bf7,Kd8")
        .expect("a valid position");
    let e = pos.find_move("g56").expect_err("capture is compulsory");
    assert!(
        e.message
            .contains("A capture is compulsory (2 pieces): d6e7x"),
        "{e}"
    );
    let e = pos.find_move("g5 g6").expect_err("capture is compulsory");
    assert!(
        e.message
            .contains("The White man on g5 has no legal move (a capture is compulsory"),
        "{e}"
    );
}
