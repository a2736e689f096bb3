//! Hand-analysed positions: one rule clause of `crates/rules/RULES.md` per test, each with its exact
//! legal move list (compared as sorted sets of MindSports notation strings).
//!
//! Every expected list below was worked out by hand from crates/rules/RULES.md sections 2-5 before the
//! engine was run; the comments give the reasoning. Position strings are
//! `side:W<cells>:B<cells>` with kings prefixed `K`.
//!
//! Geometry reminders (crates/rules/RULES.md section 2). Square boards: the lettered line of a cell runs
//! up-right (number +1), the numbered line up-left (letter -1); White's forward directions
//! are those two, Black's the opposite two. Hexbushka: up-right is number +1, up-left is
//! letter +1, straight up is both +1; White's forward directions are those three.
//!
//! Every helper that checks a list also parses each expected text back and checks that it
//! names the same move (crates/rules/RULES.md section 5: compact form, or the full route when the
//! compact form is ambiguous).

use std::collections::BTreeSet;

use bushka_geometry::{Colour, Geometry};
use bushka_rules::{
    AnyBoard, DrawReason, Game, MoveError, MoveKind, Outcome, Record, RecordError, WinReason,
    with_board,
};

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

fn geometry(variant: &str) -> Geometry {
    match bushka_geometry::builtin(variant) {
        Some(Ok(geometry)) => geometry,
        Some(Err(e)) => panic!("built-in variant `{variant}` does not load: {e}"),
        None => panic!("no built-in variant `{variant}`"),
    }
}

/// Official 10x10 Bushka with `majority = false`: an authored variant that separates
/// "the sequence is mandatory to its end" (crates/rules/RULES.md 3.4) from the majority rule (3.1).
fn no_majority_board() -> AnyBoard {
    let text = include_str!("../variants/bushka.toml");
    assert!(
        text.contains("majority = true"),
        "bushka.toml no longer sets `majority = true`"
    );
    let text = text.replace("majority = true", "majority = false");
    let geometry = bushka_geometry::load_str(&text, "bushka without majority")
        .expect("the edited variant loads");
    AnyBoard::new(geometry)
}

/// The legal moves of `fen` on the board, in notation, sorted.
fn legal_on(board: &AnyBoard, fen: &str) -> Vec<String> {
    with_board!(board, b => {
        let pos = b.parse_position(fen).unwrap_or_else(|e| panic!("bad position `{fen}`: {e}"));
        let mut texts = b.legal_texts(&pos);
        texts.sort();
        texts
    })
}

/// The legal moves of `fen` on the built-in `variant`, in notation, sorted.
fn legal(variant: &str, fen: &str) -> Vec<String> {
    legal_on(&AnyBoard::new(geometry(variant)), fen)
}

/// Asserts the exact legal move list, and that every text parses back to a distinct legal
/// move whose notation is that same text.
fn check_on(board: &AnyBoard, fen: &str, expected: &[&str]) {
    let mut want: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    want.sort();
    let got = legal_on(board, fen);
    assert_eq!(got, want, "legal moves of `{fen}`");
    assert_eq!(
        want.iter().collect::<BTreeSet<_>>().len(),
        want.len(),
        "the expected list of `{fen}` repeats a move"
    );
    with_board!(board, b => {
        let pos = b.parse_position(fen).expect("valid position");
        let moves = b.moves(&pos);
        assert_eq!(moves.len(), want.len(), "number of legal moves of `{fen}`");
        for text in &want {
            let mv = b
                .parse_move(&pos, text)
                .unwrap_or_else(|e| panic!("`{text}` in `{fen}` does not parse: {e}"));
            assert_eq!(&b.move_text(&pos, &mv, moves.as_slice()), text, "`{text}` parses to another move");
        }
    });
}

fn check(variant: &str, fen: &str, expected: &[&str]) {
    check_on(&AnyBoard::new(geometry(variant)), fen, expected);
}

/// Plays `text` in `fen` and asserts the position that results (compared as positions,
/// so the order of cells in `after` does not matter).
fn play_on(board: &AnyBoard, fen: &str, text: &str, after: &str) {
    with_board!(board, b => {
        let pos = b.parse_position(fen).expect("valid position");
        let mv = b
            .parse_move(&pos, text)
            .unwrap_or_else(|e| panic!("`{text}` in `{fen}` does not parse: {e}"));
        let next = pos.play(b, &mv);
        let want = b.parse_position(after).expect("valid expected position");
        assert_eq!(
            next,
            want,
            "`{text}` from `{fen}` gives `{}`, expected `{after}`",
            b.position_string(&next)
        );
    });
}

fn play(variant: &str, fen: &str, text: &str, after: &str) {
    play_on(&AnyBoard::new(geometry(variant)), fen, text, after);
}

/// The error of parsing `text` in `fen`.
fn parse_error(variant: &str, fen: &str, text: &str) -> MoveError {
    let board = AnyBoard::new(geometry(variant));
    with_board!(&board, b => {
        let pos = b.parse_position(fen).expect("valid position");
        match b.parse_move(&pos, text) {
            Ok(mv) => panic!("`{text}` in `{fen}` parsed as {}", b.route_text(&pos, &mv)),
            Err(e) => e,
        }
    })
}

/// The outcome of a game started from `fen`, before any move.
fn outcome(variant: &str, fen: &str) -> Option<Outcome> {
    let board = AnyBoard::new(geometry(variant));
    with_board!(&board, b => {
        let pos = b.parse_position(fen).expect("valid position");
        Game::from_position(b.clone(), pos).expect("a game starts").outcome()
    })
}

// ---------------------------------------------------------------------------------------
// Bushka 10x10: quiet moves (crates/rules/RULES.md 3.2)
// ---------------------------------------------------------------------------------------

/// Men move one cell forward only: up-right (number +1) or up-left (letter -1).
/// f4: f45, fe4. e1: e12 only (the 1-line holds e1 alone, so no d1). i5: i56, ih5.
/// No backward moves (f43, gf4 ...). Black's man on b7 is out of every man's reach, so
/// there is no capture.
#[test]
fn quiet_white_men_move_forward_only() {
    check(
        "bushka",
        "W:We1,f4,i5:Bb7",
        &["e12", "f45", "fe4", "i56", "ih5"],
    );
}

/// Black's forward directions are down-left (number -1) and down-right (letter +1).
/// b7: b76, bc7. i6: down-left to i5 (Black's promotion zone, so it promotes); no
/// down-right neighbour (j6 is not on the 10x10 board); the i-line holds i5 and i6 only.
#[test]
fn quiet_black_men_move_forward_and_promote() {
    check("bushka", "B:We1:Bb7,i6", &["b76", "bc7", "i65"]);
    // crates/rules/RULES.md 3.2: a man arriving on its promotion zone becomes a king.
    play("bushka", "B:We1:Bb7,i6", "i65", "W:We1:Bb7,Ki5");
}

/// A line of three men f3-f4-f5 on the f-line, f6 vacant: the head's own move f56 plus the
/// line moves with every tail, f46 (tail f4) and f36 (tail f3) (crates/rules/RULES.md 3.2: k men give
/// k-1 line moves). Each man also steps up-left: fe3, fe4, fe5. Lines never move backward,
/// so no f52 etc.; no other lines.
#[test]
fn quiet_three_man_line_moves_with_every_tail() {
    check(
        "bushka",
        "W:Wf3,f4,f5:Bb7",
        &["f36", "f46", "f56", "fe3", "fe4", "fe5"],
    );
    // The tail man is lifted onto f6: f3 empties, f4 f5 stay.
    play("bushka", "W:Wf3,f4,f5:Bb7", "f36", "B:Wf4,f5,f6:Bb7");
}

/// A line of four men e4-f4-g4-h4 along the 4-line, moving up-left onto d4: tails f4, g4,
/// h4 give fd4, gd4, hd4, plus the head's own ed4. Each man also steps up-right (e45, f45,
/// g45, h45). The line cannot move down-right (h4's down-right cell does not exist, and
/// lines never move backward anyway). c4 is vacant, so there is no linear capture.
#[test]
fn quiet_four_man_line_along_a_numbered_line() {
    check(
        "bushka",
        "W:We4,f4,g4,h4:Bb7",
        &["e45", "ed4", "f45", "fd4", "g45", "gd4", "h45", "hd4"],
    );
}

/// A king moves any distance along a line in every direction over vacant cells only.
/// From f5: up-right f6 (f7 is White's own man), up-left e5 d5 c5 b5 a5, down-left f4 f3
/// f2, down-right nothing (g5 is Black's man, adjacent: with no vacant cell before it
/// there is no approach capture, and the king cannot jump). The man f7 adds f78, fe7.
#[test]
fn quiet_king_moves_any_distance() {
    check(
        "bushka",
        "W:WKf5,f7:Bg5",
        &[
            "f52", "f53", "f54", "f56", "fa5", "fb5", "fc5", "fd5", "fe5", "f78", "fe7",
        ],
    );
}

// ---------------------------------------------------------------------------------------
// Bushka 10x10: linear capture (crates/rules/RULES.md 3.3)
// ---------------------------------------------------------------------------------------

/// Line e3-e4 moving up-right: e5 vacant, e6 Black's man. The man touched goes with the
/// unbroken run of men behind it (e6, e7); the gap on e8 ends the run, so e9 stays.
/// One tail (e3), notation `e3x5`.
#[test]
fn linear_capture_takes_the_run_up_to_a_gap() {
    check("bushka", "W:We3,e4:Be6,e7,e9", &["e3x5"]);
    play("bushka", "W:We3,e4:Be6,e7,e9", "e3x5", "B:We4,e5:Be9");
}

/// With no gap and no king the run goes to the edge of the board: e6 e7 e8 e9 e0 all go.
#[test]
fn linear_capture_run_to_the_edge() {
    check("bushka", "W:We3,e4:Be6,e7,e8,e9,e0", &["e3x5"]);
    play("bushka", "W:We3,e4:Be6,e7,e8,e9,e0", "e3x5", "B:We4,e5:B");
}

/// A line captures in either direction (crates/rules/RULES.md 3.3): e4-e5 moving up-right (head e5,
/// e6 vacant) touches e7, tail e4: e4x6; moving down-left (head e4, e3 vacant) touches
/// e2, tail e5: e5x3. One piece each (e8 and e1 are vacant): both legal.
#[test]
fn linear_capture_in_both_directions() {
    check("bushka", "W:We4,e5:Be2,e7", &["e4x6", "e5x3"]);
    play("bushka", "W:We4,e5:Be2,e7", "e5x3", "B:We3,e4:Be7");
}

/// Line e3-e4 again (e5 vacant, e6 e7 Black's men), but the run e6 e7 is followed by a
/// king on e8: a king ends the run and is not taken; neither is the man e9 behind it.
#[test]
fn linear_capture_run_stops_at_a_king() {
    check("bushka", "W:We3,e4:Be6,e7,Ke8,e9", &["e3x5"]);
    play(
        "bushka",
        "W:We3,e4:Be6,e7,Ke8,e9",
        "e3x5",
        "B:We4,e5:BKe8,e9",
    );
}

/// The line e3-e4 touches a king on e6: a king touched is captured alone, the men e7 e8
/// standing behind it stay.
#[test]
fn linear_capture_of_a_king_takes_it_alone() {
    check("bushka", "W:We3,e4:BKe6,e7,e8", &["e3x5"]);
    play("bushka", "W:We3,e4:BKe6,e7,e8", "e3x5", "B:We4,e5:Be7,e8");
}

/// Backward linear capture by a three-man line f5-f6-f7: moving down-left (backward for
/// White) the head is f5, f4 is vacant and f3 holds Black's man (alone: f2 is vacant).
/// Either tail may move: f6x4 and f7x4. Moving up-right (head f7) f8 and f9 are vacant:
/// nothing. Black's b7 is not touched by any line.
#[test]
fn backward_linear_capture_with_every_tail() {
    check("bushka", "W:Wf5,f6,f7:Bf3,b7", &["f6x4", "f7x4"]);
    play("bushka", "W:Wf5,f6,f7:Bf3,b7", "f7x4", "B:Wf4,f5,f6:Bb7");
    play("bushka", "W:Wf5,f6,f7:Bf3,b7", "f6x4", "B:Wf4,f5,f7:Bb7");
}

/// A four-man line e5-f5-g5-h5 moving up-left along the 5-line: d5 vacant, c5 Black's man
/// (b5 vacant, so c5 alone). Three tails: fxd5, gxd5, hxd5 (crates/rules/RULES.md 3.3: any tail of two
/// or more men). Moving down-right, the head h5 has i5 in front and nothing beyond.
#[test]
fn linear_capture_by_a_four_man_line_gives_three_tails() {
    check("bushka", "W:We5,f5,g5,h5:Bc5,b7", &["fxd5", "gxd5", "hxd5"]);
    play(
        "bushka",
        "W:We5,f5,g5,h5:Bc5,b7",
        "hxd5",
        "B:Wd5,e5,f5,g5:Bb7",
    );
}

/// Black's linear capture: the line d7-d6 moves down-left (forward for Black), d5 vacant,
/// touching White's d4 with d3 behind it (d2 vacant): both go. d7x5. Moving up-right the
/// head d7 has d8 d9 vacant: nothing. White is left without pieces and loses (crates/rules/RULES.md 3).
#[test]
fn black_linear_capture_leaves_white_without_pieces() {
    check("bushka", "B:Wd3,d4:Bd6,d7", &["d7x5"]);
    play("bushka", "B:Wd3,d4:Bd6,d7", "d7x5", "W:W:Bd5,d6");
    assert_eq!(
        outcome("bushka", "W:W:Bd5,d6"),
        Some(Outcome::Win {
            winner: Colour::Black,
            reason: WinReason::NoLegalMove
        })
    );
}

/// Linear capture precedes piece capture even when the piece capture takes more
/// (crates/rules/RULES.md 3.1). The line e3-e4 takes e6 alone (e7 vacant). The man h5 could take two:
/// up-right to h6 (x h7), then up-left to g6 (x f6). Only e3x5 is legal.
#[test]
fn linear_capture_beats_a_larger_piece_capture() {
    check("bushka", "W:We3,e4,h5:Be6,f6,h7", &["e3x5"]);
    // Without the tail man e3 there is no line: e4 alone captures e6 (1 piece, by
    // approach: e4 -> e5) and h5 captures two, so majority keeps h5-h6-g6 only.
    check("bushka", "W:We4,h5:Be6,f6,h7", &["h5g6x"]);
}

/// Majority among linear captures (crates/rules/RULES.md 3.1): e3-e4 would take e6 (1; e7 vacant),
/// g3-g4 takes the run g6 g7 (2; g8 vacant). Only g3x5.
#[test]
fn majority_among_linear_captures() {
    check("bushka", "W:We3,e4,g3,g4:Be6,g6,g7", &["g3x5"]);
    // A king counts as one piece: the king on e6 (1) loses to the run g6 g7 (2) ...
    check("bushka", "W:We3,e4,g3,g4:BKe6,g6,g7", &["g3x5"]);
    // ... and ties with the single man g6 (g7 vacant): the player chooses.
    check("bushka", "W:We3,e4,g3,g4:BKe6,g6", &["e3x5", "g3x5"]);
}

/// A king is never part of a line of men (crates/rules/RULES.md 1): man e3 and king e4 make no line,
/// so there is no linear capture of e6. Instead the king captures by approach: up-right
/// over e5 to the piece e6, landing on e5, its only landing cell. From e5 nothing more
/// (the man e3 blocks the way back down). e45x.
#[test]
fn a_king_is_not_part_of_a_line() {
    check("bushka", "W:We3,Ke4:Be6,b7", &["e45x"]);
}

// ---------------------------------------------------------------------------------------
// Bushka 10x10: piece capture (crates/rules/RULES.md 3.4)
// ---------------------------------------------------------------------------------------

/// Majority among piece captures. g4 takes one: g4 -> g5 (x g6), then nothing from g5.
/// d4 takes two: up-left to c4 (x b4), then up-right to c5 (x c6), then nothing.
/// Only d4c5x.
#[test]
fn majority_among_piece_captures() {
    check("bushka", "W:Wd4,g4:Bb4,c6,g6", &["d4c5x"]);
    play("bushka", "W:Wd4,g4:Bb4,c6,g6", "d4c5x", "B:Wc5,g4:Bg6");
}

/// The sequence is mandatory to its end (crates/rules/RULES.md 3.4), shown without majority: on an
/// authored 10x10 board with `majority = false` the same position allows both g45x (one
/// piece) and d4c5x (two), but never d4 stopping on c4 after its first capture (dc4x).
#[test]
fn sequence_is_mandatory_to_its_end_without_majority() {
    let board = no_majority_board();
    check_on(&board, "W:Wd4,g4:Bb4,c6,g6", &["d4c5x", "g45x"]);
    with_board!(&board, b => {
        let pos = b.parse_position("W:Wd4,g4:Bb4,c6,g6").expect("valid position");
        assert!(matches!(b.parse_move(&pos, "dc4x"), Err(MoveError::Illegal { .. })));
    });
}

/// A man's 180-degree turn: e5 goes up-right to e6 (x e7), then turns back down-left
/// over its vacated start e5 to capture e4, landing on e5. At the start e4 is adjacent
/// (no vacant cell before it), so e4 cannot be taken first. From e5 at the end: e7 was
/// already captured, d5 c5, f5 g5 are vacant. The sequence ends on its start: `e5x`.
#[test]
fn man_turns_180_degrees_and_ends_on_its_start() {
    check("bushka", "W:We5:Be4,e7,b7", &["e5x"]);
    play("bushka", "W:We5:Be4,e7,b7", "e5x", "B:We5:Bb7");
}

/// A revisited cell but no second capture (crates/rules/RULES.md 3.4). e5 goes round a diamond:
/// up-right to e6 (x e7), down-right to f6 (x g6), down-left to f5 (x f4), up-left to e5
/// (x d5). Back on e5, e6 is vacant and e7 lies beyond it, but e7 has been captured
/// already (it still stands and blocks, and a piece is captured only once): the sequence
/// ends. Every step was forced, so there is one move, taking four.
#[test]
fn revisited_cell_without_a_second_capture() {
    check("bushka", "W:We5:Bd5,e7,f4,g6,b7", &["e5x"]);
    play("bushka", "W:We5:Bd5,e7,f4,g6,b7", "e5x", "B:We5:Bb7");
    assert!(matches!(
        parse_error("bushka", "W:We5:Bd5,e7,f4,g6,b7", "e5-e6-e5x"),
        MoveError::Illegal { .. }
    ));
}

/// Move identity (crates/rules/RULES.md section 4): two routes with the same origin, destination and
/// captured set are one move. e5 can go up-right to e6 (x e7), back to e5 (x e4), up-left
/// to d5 (x c5), back to e5 (x f5); or first d5 (x c5), e5 (x f5), then e6 (x e7), e5
/// (x e4). Same four pieces, same start and end: one move `e5x`; both full routes parse
/// to it.
#[test]
fn two_routes_with_the_same_capture_are_one_move() {
    let fen = "W:We5:Bc5,e4,e7,f5,b7";
    check("bushka", fen, &["e5x"]);
    let board = AnyBoard::new(geometry("bushka"));
    with_board!(&board, b => {
        let pos = b.parse_position(fen).expect("valid position");
        let compact = b.parse_move(&pos, "e5x").expect("e5x is legal");
        let one = b.parse_move(&pos, "e5-e6-e5-d5-e5x").expect("first route");
        let two = b.parse_move(&pos, "e5-d5-e5-e6-e5x").expect("second route");
        assert!(compact.same(&one) && compact.same(&two));
        assert_eq!(compact.capture_count(), 4);
        let mut routes: Vec<String> = b
            .routes(&pos, &compact)
            .iter()
            .map(|r| r.iter().map(|&sq| b.name(sq)).collect::<Vec<_>>().join("-"))
            .collect();
        routes.sort();
        assert_eq!(routes, ["e5-d5-e5-e6-e5", "e5-e6-e5-d5-e5"]);
    });
    play("bushka", fen, "e5x", "B:We5:Bb7");
}

/// An ambiguous compact form is printed in full route form (crates/rules/RULES.md section 5). d6 can
/// go down-right to e6 (x f6) then down-left to e5 (x e4); or down-left to d5 (x d4) then
/// down-right to e5 (x f5). Both end on e5 with two pieces, but different pieces: two
/// moves, both `d6e5x` in compact form, so both are written as routes. At the end of
/// each, the other pair's last piece is adjacent to e5 and cannot be approached.
#[test]
fn ambiguous_piece_captures_print_full_routes() {
    let fen = "W:Wd6:Bd4,e4,f5,f6,b7";
    check("bushka", fen, &["d6-d5-e5x", "d6-e6-e5x"]);
    match parse_error("bushka", fen, "d6e5x") {
        MoveError::Ambiguous { candidates, .. } => {
            let mut candidates = candidates;
            candidates.sort();
            assert_eq!(candidates, ["d6-d5-e5x", "d6-e6-e5x"]);
        }
        other => panic!("expected an ambiguity, got {other:?}"),
    }
    play("bushka", fen, "d6-e6-e5x", "B:We5:Bd4,f5,b7");
    play("bushka", fen, "d6-d5-e5x", "B:We5:Be4,f6,b7");
}

/// A king's long approach (crates/rules/RULES.md 3.4): from e1 it looks up-right over e2 e3 e4 e5 to
/// Black's e6 and must land on e5, the last vacant cell before it (not e2-e4, not beyond
/// e6). It continues from e5: up-left over d5 c5 to b5, landing on c5. From c5 nothing
/// more: one move e1c5x. Stopping after the first capture (e15x) is illegal.
#[test]
fn king_long_approach_and_continuation() {
    let fen = "W:WKe1:Bb5,e6";
    check("bushka", fen, &["e1c5x"]);
    play("bushka", fen, "e1c5x", "B:WKc5:B");
    assert!(matches!(
        parse_error("bushka", fen, "e15x"),
        MoveError::Illegal { .. }
    ));
}

/// The start cell is vacant once left (crates/rules/RULES.md 3.4). King e5 has two first captures on
/// the e-line: up-right over e6 to e7 (landing e6), or down-left over e4 e3 to e2
/// (landing e3). After e7, it looks back down over e5 (its own vacated start) e4 e3 to e2
/// and lands on e3: e53x. After e2, it looks up over e4 e5 e6 to e7 and lands on e6:
/// e56x. The other lines through e5, e6 and e3 are empty; two pieces each, both legal.
#[test]
fn king_passes_over_its_vacated_start() {
    check("bushka", "W:WKe5:Be2,e7,b7", &["e53x", "e56x"]);
    play("bushka", "W:WKe5:Be2,e7,b7", "e53x", "B:WKe3:Bb7");
}

/// Black's king captures by long approach too: from e7 down-left over e6 e5 e4 to White's
/// e3, landing on e4; nothing more from e4 (the e-line up is empty to the edge). e74x.
#[test]
fn black_king_long_approach() {
    check("bushka", "B:We3:BKe7", &["e74x"]);
}

/// Captured pieces block sight until the sequence ends (crates/rules/RULES.md 3.4). King e2: up-right
/// to e4 (x e5); down-right to f4 (x g4); up-right to f5 (x f6). From f5 looking up-left,
/// the captured e5 still stands next to it, so Black's c5 behind it cannot be seen or
/// taken (with e5 removed the king would land on d5 and take c5). Every other line from
/// each landing cell is empty or blocked. One move: e2f5x, c5 survives.
#[test]
fn captured_piece_blocks_a_kings_view() {
    let fen = "W:WKe2:Bc5,e5,f6,g4";
    check("bushka", fen, &["e2f5x"]);
    play("bushka", fen, "e2f5x", "B:WKf5:Bc5");
}

// ---------------------------------------------------------------------------------------
// Bushka 10x10: promotion (crates/rules/RULES.md 3.2)
// ---------------------------------------------------------------------------------------

/// Line c6-c7 with c8 (Black's back rank) in front: the line move c68 lifts the tail c6
/// onto c8, where it is crowned; the head's own c78 and the up-left step cb7 also crown;
/// cb6 does not. No capture: Black's h6 is far away.
#[test]
fn line_move_crowns_its_front_man() {
    let fen = "W:Wc6,c7:Bh6";
    check("bushka", fen, &["c68", "c78", "cb6", "cb7"]);
    play("bushka", fen, "c68", "B:Wc7,Kc8:Bh6");
    play("bushka", fen, "cb7", "B:Wc6,Kb7:Bh6");
}

/// Promotion ends the move: d8 steps to d9 and becomes a king, and it is Black's turn
/// although the new king would see d5 down the d-line. Before the move the man has no
/// capture (d7 and d6 are vacant; a man approaches only from the adjacent cell).
#[test]
fn promotion_ends_the_move() {
    let fen = "W:Wd8:Bd5";
    check("bushka", fen, &["d89", "dc8"]);
    play("bushka", fen, "d89", "B:WKd9:Bd5");
    // Black moves next: d54, de5. No capture: a man approaches only a piece two cells
    // away, and the king on d9 is four cells up the d-line.
    check("bushka", "B:WKd9:Bd5", &["d54", "de5"]);
}

// ---------------------------------------------------------------------------------------
// Bushka 10x10: end of the game (crates/rules/RULES.md 3 and 3.5)
// ---------------------------------------------------------------------------------------

/// A player with no pieces has no legal move and loses.
#[test]
fn no_pieces_loses() {
    assert_eq!(
        outcome("bushka", "W:W:Bb7"),
        Some(Outcome::Win {
            winner: Colour::Black,
            reason: WinReason::NoLegalMove
        })
    );
    assert_eq!(
        outcome("bushka", "B:We1:B"),
        Some(Outcome::Win {
            winner: Colour::White,
            reason: WinReason::NoLegalMove
        })
    );
}

/// A player completely blocked loses. e1's only neighbour is e2, f2's are e2 and f3
/// (f1, g2 do not exist); all hold Black's men, adjacent, so nothing can be approached.
#[test]
fn completely_blocked_loses() {
    let fen = "W:We1,f2:Be2,f3";
    check("bushka", fen, &[]);
    assert_eq!(
        outcome("bushka", fen),
        Some(Outcome::Win {
            winner: Colour::Black,
            reason: WinReason::NoLegalMove
        })
    );
}

/// Threefold repetition (crates/rules/RULES.md 3.5). The kings on e1 (e-line, 1-line) and a6 (a-line,
/// 6-line) never share a line as they shuffle e1-e2 and a6-a5, so nothing is captured.
/// The start placement with White to move recurs after 4 and 8 plies: the game is drawn
/// exactly at the third occurrence.
#[test]
fn threefold_repetition_draws() {
    let board = AnyBoard::new(geometry("bushka"));
    with_board!(&board, b => {
        let start = b.parse_position("W:WKe1:BKa6").expect("valid position");
        let mut game = Game::from_position(b.clone(), start).expect("a game starts");
        let cycle = ["e12", "a65", "e21", "a56"];
        for ply in 0..8 {
            assert_eq!(game.outcome(), None, "game over too early, before ply {ply}");
            let text = cycle[ply % 4];
            let mv = b.parse_move(game.position(), text).expect("legal king move");
            assert_eq!(mv.kind, MoveKind::King);
            game.play(&mv).expect("playable");
        }
        assert_eq!(game.repetitions(), 3);
        assert_eq!(
            game.outcome(),
            Some(Outcome::Draw {
                reason: DrawReason::Repetition
            })
        );
        // One ply back the start placement had occurred only twice.
        game.undo();
        assert_eq!(game.outcome(), None);
    });
}

// ---------------------------------------------------------------------------------------
// Hexbushka (crates/rules/RULES.md section 2, three forward directions, six capture directions)
// ---------------------------------------------------------------------------------------

/// White's men on the hex board step up (both +1), up-right (number +1) or up-left
/// (letter +1). e4: e45, ef4 (f5 is its own man). f5: f56, fg5, f5g6. The vertical line
/// e4-f5 with g6 vacant moves too: tail e4 to g6, written in full, e4g6.
#[test]
fn hex_quiet_men_and_vertical_line() {
    check(
        "hexbushka",
        "W:We4,f5:Bi9",
        &["e45", "e4g6", "ef4", "f56", "f5g6", "fg5"],
    );
    play("hexbushka", "W:We4,f5:Bi9", "e4g6", "B:Wf5,g6:Bi9");
}

/// Black's men go down (both -1), down-left (number -1), down-right (letter -1):
/// e54, e5d4, ed5. White's a1 is not adjacent to anything.
#[test]
fn hex_quiet_black_man() {
    check("hexbushka", "B:Wa1:Be5", &["e54", "e5d4", "ed5"]);
}

/// A single man's vertical move is written in full: e4f5 (crates/rules/RULES.md section 5).
#[test]
fn hex_vertical_man_move_notation() {
    check("hexbushka", "W:We4:Bi9", &["e45", "e4f5", "ef4"]);
}

/// A hex king on e5 moves along six directions; straight up it is blocked at once by
/// Black's adjacent f6 (no vacant cell before it: no capture). The other five rays run to
/// the edge, four cells each: 20 moves. Vertical ones are written in full (e5d4 ...).
#[test]
fn hex_king_quiet_moves_in_six_directions() {
    check(
        "hexbushka",
        "W:WKe5:Bf6",
        &[
            "e56", "e57", "e58", "e59", "ef5", "eg5", "eh5", "ei5", "e54", "e53", "e52", "e51",
            "ed5", "ec5", "eb5", "ea5", "e5d4", "e5c3", "e5b2", "e5a1",
        ],
    );
}

/// Vertical linear capture: line d3-e4 moving up, f5 vacant, g6 Black's man with h7
/// behind it (i8 vacant): both go. The tail d3 is put on f5: d3xf5. Moving down, the head
/// d3 has c2 vacant and b1 vacant: nothing.
#[test]
fn hex_vertical_linear_capture() {
    check("hexbushka", "W:Wd3,e4:Bg6,h7,i9", &["d3xf5"]);
    play("hexbushka", "W:Wd3,e4:Bg6,h7,i9", "d3xf5", "B:We4,f5:Bi9");
}

/// Vertical piece capture by a man: e4 up over f5 to g6, landing on f5 (e4f5x); from f5
/// every other line is vacant for two cells. When Black also has d3, the man turns 180
/// degrees from f5 down to e4 and takes d3 (d3 is adjacent to e4 at the start, so it
/// cannot be taken first): e4x.
#[test]
fn hex_vertical_piece_capture() {
    check("hexbushka", "W:We4:Bg6,i9", &["e4f5x"]);
    check("hexbushka", "W:We4:Bd3,g6,i9", &["e4x"]);
    play("hexbushka", "W:We4:Bd3,g6,i9", "e4x", "B:We4:Bi9");
}

/// Hex king long approach: from the corner a1 up the central vertical over b2 c3 d4 to
/// e5 (landing d4), then up-left over e4 f4 to g4 (landing f4). No further capture: one
/// move a1f4x.
#[test]
fn hex_king_long_approach() {
    check("hexbushka", "W:WKa1:Be5,g4,i9", &["a1f4x"]);
    play("hexbushka", "W:WKa1:Be5,g4,i9", "a1f4x", "B:WKf4:Bi9");
}

// ---------------------------------------------------------------------------------------
// Bushka 9x11: edge cells (the a-, j-, 1- and 0-lines hold one cell each)
// ---------------------------------------------------------------------------------------

/// White's man on j6 (the j-line has no other cell): no up-right neighbour, only ji6.
#[test]
fn nine_by_eleven_white_man_on_j6() {
    check("bushka-9x11", "W:Wj6:Ba5", &["ji6"]);
}

/// Black's man on a5 (the a-line has no other cell): no down-left neighbour, only ab5.
#[test]
fn nine_by_eleven_black_man_on_a5() {
    check("bushka-9x11", "B:Wj6:Ba5", &["ab5"]);
}

/// Linear captures into both single-cell corners, one piece each, so both are legal
/// (ties leave the choice): line c5-d5 up-left onto b5 touches a5 (dxb5); line g6-h6
/// down-right (backward) onto i6 touches the king on j6 (gxi6).
#[test]
fn nine_by_eleven_linear_captures_into_the_corners() {
    let fen = "W:Wc5,d5,g6,h6:Ba5,Kj6";
    check("bushka-9x11", fen, &["dxb5", "gxi6"]);
    play("bushka-9x11", fen, "gxi6", "B:Wc5,d5,h6,i6:Ba5");
}

/// The 9x11 start (crates/rules/RULES.md section 2). The armies are three rows apart, so nothing can
/// be captured. Up-right: the 3-man lines on the e-, f-, g- and h-lines each give the
/// head's move and two tail moves (12); the i-line (i5 i6 i7) ends at i7; d2 steps to d3.
/// Up-left: the 3-man lines on the 3-, 4-, 5- and 6-lines give 12 more; i7 steps to h7;
/// e1 (the 1-line) and d2 (head of the 2-line d2 e2 f2) have no up-left cell. 26 moves.
#[test]
fn nine_by_eleven_start_position() {
    check(
        "bushka-9x11",
        "W:We1,f2,g3,h4,i5,j6,e2,f3,g4,h5,i6,d2,e3,f4,g5,h6,i7:Ba5,b6,c7,d8,e9,f0,b5,c6,d7,e8,f9,b4,c5,d6,e7,f8,g9",
        &[
            "d23", "e14", "e24", "e34", "f25", "f35", "f45", "g36", "g46", "g56", "h47", "h57",
            "h67", "ed3", "fd3", "gd3", "fe4", "ge4", "he4", "gf5", "hf5", "if5", "hg6", "ig6",
            "jg6", "ih7",
        ],
    );
    let board = AnyBoard::new(geometry("bushka-9x11"));
    with_board!(&board, b => {
        let text = b.position_string(&b.start_position());
        assert_eq!(legal_on(&board, &text).len(), 26);
    });
}

/// The Hexbushka start (crates/rules/RULES.md section 2), counted by hand: 17 single-man moves
/// (a5 1, b2 1, b3 2, b4 2, b5 3, c2 2, d2 2, e1 1, e2 3) and 21 line moves (7 in each of
/// the three forward directions), 38 in all. crates/rules/RULES.md's check of the setup: after
/// White's first move Black can capture exactly when a man has arrived on f3 or c6.
#[test]
fn hexbushka_start_position() {
    let start = "W:Wa1,a2,a3,a4,a5,b1,b2,b3,b4,b5,c1,c2,d1,d2,e1,e2:Bi5,i6,i7,i8,i9,h5,h6,h7,h8,h9,g8,g9,f8,f9,e8,e9";
    let moves = legal("hexbushka", start);
    assert_eq!(moves.len(), 38, "{moves:?}");
    let board = AnyBoard::new(geometry("hexbushka"));
    with_board!(&board, b => {
        let pos = b.parse_position(start).expect("valid position");
        assert_eq!(pos, b.start_position());
        let lines = b.moves(&pos).iter().filter(|m| m.kind == MoveKind::Line).count();
        assert_eq!(lines, 21);
        for mv in b.moves(&pos).iter() {
            let next = pos.play(b, mv);
            let black_captures = b.moves(&next).iter().any(|m| m.kind.is_capture());
            let to = b.name(mv.to);
            assert_eq!(black_captures, to == "f3" || to == "c6", "after {}", b.move_text(&pos, mv, &[]));
        }
    });
}

// ---------------------------------------------------------------------------------------
// Authored boards
// ---------------------------------------------------------------------------------------

/// Bushka cylinder: a5's up-left link goes to e0, its down-left link to f9 (then down the
/// f-line to f2), up-right is a6, down-right the 5-line to i5 (no link from i5).
/// The rays reach 1 + 1 + 8 + 8 = 18 cells, but f5 is reached twice (down the f-line
/// after the wrap, and along the 5-line): by move identity (crates/rules/RULES.md section 4: kind,
/// origin, destination, captured set) that is one move, written `af5`. 17 moves.
#[test]
fn cylinder_king_wraps_around() {
    check(
        "bushka-cylinder",
        "W:WKa5:Bc8",
        &[
            "a56", "a5e0", "a5f9", "a5f8", "a5f7", "a5f6", "a5f4", "a5f3", "a5f2", "ab5", "ac5",
            "ad5", "ae5", "af5", "ag5", "ah5", "ai5",
        ],
    );
}

/// Bushka cylinder: king f7 looks up-right over f8 f9 and, through the link, a5 to
/// Black's a6, landing on a5. From a5 nothing more (the f-line back down is empty, e0 is
/// the end of its line, the 5-line is empty). Down-right from f7 the line runs g7 h7 and
/// wraps to d2 e2 f2: empty. f7a5x.
#[test]
fn cylinder_king_captures_across_the_seam() {
    check("bushka-cylinder", "W:WKf7:Ba6,c3", &["f7a5x"]);
    play("bushka-cylinder", "W:WKf7:Ba6,c3", "f7a5x", "B:WKa5:Bc3");
}

/// Hexbushka 37: vertical line a1-b2, c3 vacant, d4 e5 Black's men, f6 vacant: the run
/// ends at the gap, so g7 stays. a1xc3.
#[test]
fn hex37_linear_capture_run_ends_at_a_gap() {
    check("hexbushka-4", "W:Wa1,b2:Bd4,e5,g7", &["a1xc3"]);
    play("hexbushka-4", "W:Wa1,b2:Bd4,e5,g7", "a1xc3", "B:Wb2,c3:Bg7");
}

// ---------------------------------------------------------------------------------------
// Notation parsing (crates/rules/RULES.md section 5)
// ---------------------------------------------------------------------------------------

/// `MoveError::Illegal` for well-formed texts that name no legal move (it lists the legal
/// moves), `MoveError::Syntax` for texts that are not move notation; annotations and
/// surrounding white space are ignored.
#[test]
fn illegal_and_garbage_moves() {
    let fen = "W:We1,f4,i5:Bb7";
    // Well-formed but not legal: two cells forward, backward, a capture that is not there.
    for text in ["f46", "f43", "gf4", "f45x", "e3x5"] {
        match parse_error("bushka", fen, text) {
            MoveError::Illegal { legal, .. } => {
                let mut legal = legal;
                legal.sort();
                assert_eq!(legal, ["e12", "f45", "fe4", "i56", "ih5"], "{text}");
            }
            other => panic!("`{text}`: expected Illegal, got {other:?}"),
        }
    }
    // Not move notation at all.
    for text in ["", "zz", "q9", "f4xx5", "e4-q9x", "f", "45", "f4-"] {
        assert!(
            matches!(parse_error("bushka", fen, text), MoveError::Syntax { .. }),
            "`{text}` should be a syntax error"
        );
    }
    // Annotations are ignored by the move parser too.
    let board = AnyBoard::new(geometry("bushka"));
    with_board!(&board, b => {
        let pos = b.parse_position(fen).expect("valid position");
        let plain = b.parse_move(&pos, "f45").expect("legal");
        for text in ["f45!", "f45?", "f45!?", "f45??", " f45 "] {
            assert!(b.parse_move(&pos, text).expect("legal").same(&plain), "{text}");
        }
    });
}

/// `Record::parse` skips move numbers (`1.`, `2`, `4...`), annotations (`!`, `??`, `!?`)
/// and `{...}` comments (even across lines); the result token ends the moves. The game
/// (the king shuffle of `threefold_repetition_draws`) replays from its FEN tag to a draw.
#[test]
fn record_move_numbers_annotations_and_comments() {
    let text = "[Variant \"bushka\"]\n[FEN \"W:WKe1:BKa6\"]\n\n1. e12! a65?? 2 e21 a56!?\n3.e12? {a comment\nover two lines} a65! 4... e21 a56 1/2-1/2\n";
    let record = Record::parse(text).expect("record parses");
    assert_eq!(record.tag("fen"), Some("W:WKe1:BKa6"));
    assert_eq!(record.result.as_deref(), Some("1/2-1/2"));
    let moves: Vec<&str> = record.moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(
        moves,
        ["e12", "a65", "e21", "a56", "e12", "a65", "e21", "a56"]
    );
    assert_eq!(record.moves[6].line, 6);
    let board = AnyBoard::new(geometry("bushka"));
    with_board!(&board, b => {
        let game = record.replay(b.clone()).expect("replays");
        assert_eq!(game.moves().len(), 8);
        assert_eq!(
            game.outcome(),
            Some(Outcome::Draw {
                reason: DrawReason::Repetition
            })
        );
    });
}

/// MindSports writes a full move as a pair joined by a dash: `1.gf5-d87` is White's gf5
/// and Black's d87. From the FEN tag: g5 -> f5, d8 -> d7, f5 -> f6, d7 -> d6.
#[test]
fn record_move_pairs_and_fen() {
    let text = "[FEN \"W:Wg5:Bd8\"]\n1.gf5-d87 2.f56-d76 *";
    let record = Record::parse(text).expect("record parses");
    let board = AnyBoard::new(geometry("bushka"));
    with_board!(&board, b => {
        let game = record.replay(b.clone()).expect("replays");
        assert_eq!(game.moves().len(), 4);
        assert_eq!(*game.start(), b.parse_position("W:Wg5:Bd8").expect("valid"));
        assert_eq!(*game.position(), b.parse_position("W:Wf6:Bd6").expect("valid"));
        assert_eq!(game.outcome(), None);
    });
}

/// A full capture route in a record is not split as a move pair.
#[test]
fn record_with_a_full_route() {
    let text = "[FEN \"W:Wd6:Bd4,e4,f5,f6,b7\"]\n1. d6-e6-e5x *";
    let record = Record::parse(text).expect("record parses");
    let board = AnyBoard::new(geometry("bushka"));
    with_board!(&board, b => {
        let game = record.replay(b.clone()).expect("replays");
        assert_eq!(*game.position(), b.parse_position("B:We5:Bd4,f5,b7").expect("valid"));
    });
}

/// Replay errors name the full-move number and side (`move 2.` for White, `move 1...` for
/// Black), the text and the line; a move after the end of the game is refused too.
#[test]
fn replay_errors_name_the_move() {
    let board = AnyBoard::new(geometry("bushka"));
    with_board!(&board, b => {
        // White's second move f57 is two cells.
        let record = Record::parse("[FEN \"W:Wg5:Bd8\"]\n1. gf5 d87\n2. f57 d76").expect("parses");
        let err = record.replay(b.clone()).expect_err("illegal move");
        match &err {
            RecordError::Move {
                number,
                first,
                text,
                line,
                error,
            } => {
                assert_eq!((*number, *first, text.as_str(), *line), (2, true, "f57", 3));
                assert!(matches!(error, MoveError::Illegal { .. }));
            }
            other => panic!("expected a move error, got {other:?}"),
        }
        assert!(err.to_string().contains("move 2. f57"), "{err}");
        // Black's first move d89 goes backward.
        let record = Record::parse("[FEN \"W:Wg5:Bd8\"]\n1. gf5 d89").expect("parses");
        let err = record.replay(b.clone()).expect_err("illegal move");
        assert!(
            matches!(&err, RecordError::Move { number: 1, first: false, .. }),
            "{err:?}"
        );
        assert!(err.to_string().contains("move 1... d89"), "{err}");
        // An ambiguous compact capture in a record.
        let record = Record::parse("[FEN \"W:Wd6:Bd4,e4,f5,f6,b7\"]\n1. d6e5x").expect("parses");
        let err = record.replay(b.clone()).expect_err("ambiguous");
        assert!(
            matches!(
                &err,
                RecordError::Move {
                    number: 1,
                    error: MoveError::Ambiguous { .. },
                    ..
                }
            ),
            "{err:?}"
        );
        // A move after the draw by repetition.
        let record = Record::parse("[FEN \"W:WKe1:BKa6\"]\n1. e12 a65 2. e21 a56 3. e12 a65 4. e21 a56 5. e12")
            .expect("parses");
        let err = record.replay(b.clone()).expect_err("game over");
        assert!(matches!(&err, RecordError::AfterEnd { number: 5, .. }), "{err:?}");
    });
}

/// The helper itself, on the 10x10 start position: crates/rules/RULES.md section 4 gives 24 moves.
#[test]
fn start_position_has_24_moves() {
    let start = "W:We1,f2,g3,h4,i5,e2,f3,g4,h5,i6,d2,e3,f4,g5,h6:Ba6,b7,c8,d9,e0,a5,b6,c7,d8,e9,b5,c6,d7,e8,f9";
    assert_eq!(legal("bushka", start).len(), 24);
    let board = AnyBoard::new(geometry("bushka"));
    with_board!(&board, b => {
        assert_eq!(b.parse_position(start).expect("valid position"), b.start_position());
    });
}

/// Issue 9, finding 1: a long king among men on every cell with l + 2n = 0 (mod 5) of a
/// 12x12 lattice, majority off. 1854 distinct captures (the count before the search
/// was changed, when it tried every order); each is listed once and its notation reads
/// back to it alone.
#[test]
fn king_among_men_without_majority_lists_each_capture_once() {
    let letters: Vec<String> = ('a'..='l').map(|c| format!("\"{c}\"")).collect();
    let numbers: Vec<String> = (1..=12).map(|n| format!("\"{n}\"")).collect();
    let name = |l: usize, n: usize| format!("{}{}", (b'a' + l as u8) as char, n + 1);
    let mut cells = Vec::new();
    let mut men = Vec::new();
    for l in 0..12 {
        for n in 0..12 {
            cells.push(format!("\"{}\"", name(l, n)));
            if (l + 2 * n) % 5 == 0 && (l, n) != (0, 0) {
                men.push(name(l, n));
            }
        }
    }
    let text = format!(
        "[variant]\nid = \"lattice\"\nname = \"Lattice\"\n[board]\nletters = [{}]\nnumbers = [{}]\ncells = [{}]\n\
         [[board.directions]]\nname = \"up\"\nvector = [0, 1]\n[[board.directions]]\nname = \"left\"\nvector = [-1, 0]\n\
         [[board.directions]]\nname = \"down\"\nvector = [0, -1]\n[[board.directions]]\nname = \"right\"\nvector = [1, 0]\n\
         [players.white]\nforward = [\"up\", \"left\"]\npromotion = [\"l12\"]\nmen = []\nkings = [\"a12\"]\n\
         [players.black]\nforward = [\"down\", \"right\"]\npromotion = [\"a1\"]\nmen = []\nkings = [\"l1\"]\n\
         [rules]\nmajority = false\n",
        letters.join(","),
        numbers.join(","),
        cells.join(",")
    );
    let board = AnyBoard::new(bushka_tests::load(&text));
    with_board!(&board, b => {
        let pos = b
            .parse_position(&format!("W:WKf7:B{}", men.join(",")))
            .unwrap_or_else(|e| panic!("{e}"));
        let legal = b.moves(&pos);
        assert_eq!(legal.len(), 1854);
        let ids: std::collections::HashSet<_> = legal.iter().map(|m| m.identity()).collect();
        assert_eq!(ids.len(), legal.len(), "a capture listed twice");
        let texts = b.move_texts(&pos, legal.as_slice());
        for (mv, text) in legal.iter().zip(&texts).step_by(37) {
            let parsed = b.parse_move(&pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert!(parsed.same(mv), "{text} reads as another move");
        }
    });
}

/// A link joins a1 to a3: the man on a1 steps there, and the line a1-a2 lifts its
/// tail a1 onto a3 too. The two moves join the same cells but print apart (the line
/// move by its line), each text and each full route parses back to its own move, and
/// the shared compact form `a13` is refused as ambiguous.
#[test]
fn a_man_move_and_a_line_move_joining_the_same_cells_print_apart() {
    let text = include_str!("data/man-and-line.toml");
    let board = AnyBoard::new(
        bushka_geometry::load_str(text, "man-and-line.toml").expect("the test board loads"),
    );
    let fen = "W:Wa1,a2:Bd3";
    check_on(&board, fen, &["a1-a3", "a1-a2-a3", "a23", "ab1", "ab2"]);
    with_board!(&board, b => {
        let pos = b.parse_position(fen).expect("valid position");
        let line = b.parse_move(&pos, "a1-a2-a3").expect("the line move");
        let man = b.parse_move(&pos, "a1-a3").expect("the man move");
        assert_eq!((line.kind, man.kind), (MoveKind::Line, MoveKind::Man));
        assert_eq!((line.from, line.to), (man.from, man.to));
        for mv in [line, man] {
            let route = b.route_text(&pos, &mv);
            assert!(b.parse_move(&pos, &route).expect("its route parses").same(&mv), "{route}");
        }
        assert!(matches!(b.parse_move(&pos, "a13"), Err(MoveError::Ambiguous { .. })));
    });
}
