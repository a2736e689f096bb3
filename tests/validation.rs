//! One test per validation error (a table of named cases where an error has several
//! causes): a small malformed variant file, the exact `ErrorKind` (with the offending
//! name) and the line it is reported on.

use bushka_geometry::{BUILTIN, Cell, Colour, ErrorKind, Location, MAX_CELLS, load_path, load_str};
use bushka_tests::*;

/// A valid 6-cell board: two columns of three cells, one axis.
const BASE: &str = r#"[variant]
id = "test"
name = "Test"

[board]
letters = "abc"
numbers = "123"
cells = ["a1", "a2", "a3", "b1", "b2", "b3"]

[[board.directions]]
name = "up"
vector = [0, 1]

[[board.directions]]
name = "down"
vector = [0, -1]

[players.white]
forward = ["up"]
promotion = ["a3", "b3"]
men = ["a1", "b1"]

[players.black]
forward = ["down"]
promotion = ["a1", "b1"]
men = ["a3", "b3"]
"#;

/// `text` with the only occurrence of `from` replaced by `to`.
fn with(text: &str, from: &str, to: &str) -> String {
    assert_eq!(text.matches(from).count(), 1, "`{from}` should occur once");
    text.replacen(from, to, 1)
}

/// `BASE` with edits applied in order.
fn base_with(edits: &[(&str, &str)]) -> String {
    edits
        .iter()
        .fold(BASE.to_string(), |t, (from, to)| with(&t, from, to))
}

/// `BASE` with `extra` inserted before `[players.white]` (more board tables).
fn base_plus_board(extra: &str) -> String {
    with(
        BASE,
        "[players.white]",
        &format!("{extra}\n[players.white]"),
    )
}

/// Like `expect_case`, for kinds that carry the parser's message: checks the variant,
/// that the message mentions `mentions`, and the line of `needle`.
fn expect_message(
    case: &str,
    text: &str,
    variant: fn(&ErrorKind) -> Option<&String>,
    mentions: &str,
    needle: &str,
) {
    let e = load_err(text);
    let message = variant(&e.kind).unwrap_or_else(|| panic!("{case}: wrong kind: {:?}", e.kind));
    assert!(
        message.contains(mentions),
        "{case}: `{message}` should mention `{mentions}`"
    );
    assert_eq!(
        e.location.map(|l| l.line),
        Some(line_of(text, needle)),
        "{case}: {e}"
    );
}

fn toml_kind(k: &ErrorKind) -> Option<&String> {
    match k {
        ErrorKind::Toml(m) => Some(m),
        _ => None,
    }
}

fn unknown_key_kind(k: &ErrorKind) -> Option<&String> {
    match k {
        ErrorKind::UnknownKey(m) => Some(m),
        _ => None,
    }
}

fn missing_key_kind(k: &ErrorKind) -> Option<&String> {
    match k {
        ErrorKind::MissingKey(m) => Some(m),
        _ => None,
    }
}

/// An unknown-cell error with no suggestions (`expect` compares without them).

#[test]
fn an_unknown_cell_names_the_cells_near_it() {
    let nearby = |text: &str| match *load_err(text).kind {
        ErrorKind::UnknownCell { nearby, .. } => nearby,
        other => panic!("expected an unknown cell, got {other:?}"),
    };
    // c1 has labels (letter c, number 1) but no cell: the nearest cells by place.
    let text = base_with(&[(r#"men = ["a3", "b3"]"#, r#"men = ["c1"]"#)]);
    assert_eq!(nearby(&text), ["b1", "a1", "b2", "a2"]);
    // b4 is off the top edge, but 4 is not a number label: by spelling.
    let text = base_with(&[(r#"men = ["a3", "b3"]"#, r#"men = ["b4"]"#)]);
    assert_eq!(
        nearby(&text),
        ["b1", "b2", "b3"],
        "there is no number label 4"
    );
    // No such labels: by spelling, only close ones.
    let text = base_with(&[(r#"men = ["a3", "b3"]"#, r#"men = ["bb3"]"#)]);
    assert_eq!(nearby(&text), ["b3"]);
    let text = base_with(&[(r#"men = ["a3", "b3"]"#, r#"men = ["zz99"]"#)]);
    assert!(nearby(&text).is_empty());
    let message = load_err(&base_with(&[(r#"men = ["a3", "b3"]"#, r#"men = ["c1"]"#)])).to_string();
    assert!(
        message.contains("(cells near it: b1, a1, b2, a2); `bushka cells`"),
        "{message}"
    );
}

fn unknown_direction(key: &str, direction: &str) -> ErrorKind {
    ErrorKind::UnknownDirection {
        key: key.into(),
        direction: direction.into(),
    }
}

fn bad_value(text: &str, key: &str, needle: &str) {
    let e = load_err(text);
    match &*e.kind {
        ErrorKind::BadValue { key: k, why } => {
            assert_eq!(k, key, "{needle}");
            assert!(!why.is_empty(), "{needle}");
        }
        other => panic!("{needle}: expected BadValue for {key}, got {other:?}"),
    }
    assert_eq!(
        e.location.map(|l| l.line),
        Some(line_of(text, needle)),
        "{needle}: {e}"
    );
}

#[test]
fn the_base_board_loads() {
    let g = load(BASE);
    assert_eq!(g.cell_count(), 6);
    assert_eq!(step(&g, "a1", "up").as_deref(), Some("a2"));
    assert_eq!(step(&g, "a1", "down"), None);
    assert_eq!(g.lines().len(), 2);
    check_all(&g);
}

// ---- syntax and keys ----------------------------------------------------------------

#[test]
fn toml_syntax_error() {
    for (case, from, to) in [
        ("an unclosed string", r#"name = "Test""#, r#"name = "Test"#),
        (
            "an unclosed table header",
            "[players.black]",
            "[players.black",
        ),
        (
            "a list without a comma",
            r#"men = ["a3", "b3"]"#,
            r#"men = ["a3" "b3"]"#,
        ),
    ] {
        expect_message(case, &with(BASE, from, to), toml_kind, "", to);
    }
}

#[test]
fn value_of_the_wrong_type() {
    let cases = [
        (
            "a text for a vector",
            with(BASE, "vector = [0, 1]", r#"vector = "up""#),
            "",
            r#"vector = "up""#,
        ),
        (
            "a number for labels",
            with(BASE, r#"numbers = "123""#, "numbers = 123"),
            "",
            "numbers = 123",
        ),
        (
            "a vector of one number",
            with(BASE, "vector = [0, -1]", "vector = [0]"),
            "a list of 2 numbers",
            "vector = [0]",
        ),
        // In the author's words, not Rust's.
        (
            "a text for a count",
            format!("{BASE}\n[rules]\nmin_line = \"two\"\n"),
            "expected a whole number, found the text \"two\"",
            "min_line",
        ),
        (
            "a number for a switch",
            format!("{BASE}\n[rules]\nmajority = 1\n"),
            "expected true or false, found the number 1",
            "majority",
        ),
    ];
    for (case, text, mentions, needle) in cases {
        expect_message(case, &text, toml_kind, mentions, needle);
    }
}

#[test]
fn pairs_hold_exactly_two_numbers() {
    // serde reads `[i32; 2]` from a longer array by dropping the rest; the format
    // must not ignore the extra number.
    let text = with(BASE, "vector = [0, -1]", "vector = [0, -1, 2]");
    expect_message(
        "a vector of three numbers",
        &text,
        toml_kind,
        "a list of 3",
        "vector = [0, -1, 2]",
    );
    let text = base_plus_board(
        "[board.display]
letter = [1, 0]
number = [0, 1, 0]
",
    );
    expect_message(
        "a display step of three numbers",
        &text,
        toml_kind,
        "a list of 3",
        "number = [0, 1, 0]",
    );
    let text = base_plus_board(
        "[board.display.cells]
a1 = [0, 0]
b1 = [3, 0, 1]
",
    );
    let e = load_err(&text);
    let message = toml_kind(&e.kind).unwrap_or_else(|| panic!("wrong kind: {e}"));
    assert!(message.contains("a list of 3"), "{message}");
    // Two numbers are fine everywhere.
    let g = load(&base_plus_board(
        "[board.display]
letter = [2, 0]
number = [0, 3]

[board.display.cells]
b3 = [7, 7]
",
    ));
    assert_eq!(g.display(cell(&g, "a1")), (0, 0));
    assert_eq!(g.display(cell(&g, "b2")), (2, 3));
    assert_eq!(g.display(cell(&g, "b3")), (7, 7));
}

#[test]
fn unknown_key() {
    // A typo is never ignored.
    let cases = [
        (
            "`letter` for `letters`",
            with(BASE, r#"letters = "abc""#, r#"letter = "abc""#),
            "letter",
            r#"letter = "abc""#,
        ),
        (
            "`man` for `men`",
            with(BASE, r#"men = ["a1", "b1"]"#, r#"man = ["a1", "b1"]"#),
            "man",
            r#"man = ["a1", "b1"]"#,
        ),
        (
            "`king-range` for `king_range`",
            format!("{BASE}\n[rules]\nking-range = \"long\"\n"),
            "king-range",
            "king-range",
        ),
        (
            "a key the format does not have",
            with(BASE, "[variant]", "[variant]\nauthor = \"me\""),
            "author",
            "author",
        ),
        (
            "`vectr` for `vector`",
            with(BASE, "name = \"up\"", "name = \"up\"\nvectr = [0, 1]"),
            "vectr",
            "vectr",
        ),
        (
            "a generator that does not exist",
            with(
                BASE,
                r#"cells = ["a1", "a2", "a3", "b1", "b2", "b3"]"#,
                "generate = { triangle = { side = 3 } }",
            ),
            "triangle",
            "triangle",
        ),
    ];
    for (case, text, mentions, needle) in cases {
        expect_message(case, &text, unknown_key_kind, mentions, needle);
    }
}

#[test]
fn missing_key() {
    let text = with(BASE, "forward = [\"down\"]\n", "");
    let e = load_err(&text);
    let m = missing_key_kind(&e.kind).unwrap_or_else(|| panic!("wrong kind: {e}"));
    assert!(m.contains("forward"), "{m}");
    let text = with(BASE, "[variant]\nid = \"test\"\n", "[variant]\n");
    let e = load_err(&text);
    let m = missing_key_kind(&e.kind).unwrap_or_else(|| panic!("wrong kind: {e}"));
    assert!(m.contains("id"), "{m}");
}

#[test]
fn empty_file() {
    for text in [
        "",
        "\n\n",
        "   \n\t\n",
        "# nothing but comments\n\n   # indented comment\n#\n",
    ] {
        expect(text, ErrorKind::Empty, None);
    }
    // A file of only a table header is not empty: it fails on the missing keys.
    assert!(matches!(
        *load_err("[variant]\n").kind,
        ErrorKind::MissingKey(_)
    ));
}

#[test]
fn unreadable_file() {
    let path = data_path("no-such-file.toml");
    let e = load_path(&path).expect_err("a missing file does not load");
    assert!(matches!(*e.kind, ErrorKind::Io(_)), "{e}");
    assert_eq!(e.origin, path.display().to_string());
    assert_eq!(e.location, None);
}

// ---- cells and labels -------------------------------------------------------------

#[test]
fn unknown_cell_in_men() {
    let text = base_with(&[(r#"men = ["a1", "b1"]"#, r#"men = ["a1", "z9"]"#)]);
    let e = expect(
        &text,
        unknown_cell("players.white.men", "z9"),
        Some(r#""z9""#),
    );
    // The column points at the name itself.
    let line = text
        .lines()
        .nth(e.location.map_or(0, |l| l.line) - 1)
        .unwrap_or("");
    let column = line.find(r#""z9""#).map(|i| i + 1);
    assert_eq!(e.location.map(|l| l.column), column);
}

#[test]
fn unknown_cells_are_named_with_their_key() {
    let cases = [
        (
            // A well-formed name, but the board has no cell there.
            "a Black man off the board",
            base_with(&[(r#"men = ["a3", "b3"]"#, r#"men = ["a3", "c1"]"#)]),
            "players.black.men",
            "c1",
            r#""c1""#,
        ),
        (
            "a White king off the board",
            base_with(&[(r#"men = ["a1", "b1"]"#, "men = [\"a1\"]\nkings = [\"c3\"]")]),
            "players.white.kings",
            "c3",
            r#""c3""#,
        ),
        (
            "a promotion cell off the board",
            base_with(&[(r#"promotion = ["a1", "b1"]"#, r#"promotion = ["a1", "b0"]"#)]),
            "players.black.promotion",
            "b0",
            r#""b0""#,
        ),
        (
            "a link to no cell",
            base_plus_board(&link("b3", "c1", "up")),
            "board.links",
            "c1",
            r#""c1""#,
        ),
        (
            "a removed link from no cell",
            base_plus_board(
                "\n[[board.remove_links]]\nfrom = \"a4\"\nto = \"a1\"\ndirection = \"up\"\n",
            ),
            "board.remove_links",
            "a4",
            r#""a4""#,
        ),
        (
            "removing a cell that is not there",
            with(
                BASE,
                "numbers = \"123\"\n",
                "numbers = \"123\"\nremove_cells = [\"a2\", \"c2\"]\n",
            ),
            "board.remove_cells",
            "c2",
            "remove_cells",
        ),
        (
            // The second time it is no longer there.
            "removing a cell twice",
            with(
                BASE,
                "numbers = \"123\"\n",
                "numbers = \"123\"\nremove_cells = [\"a2\",\n  \"a2\"]\n",
            ),
            "board.remove_cells",
            "a2",
            r#"  "a2"]"#,
        ),
        (
            "drawing a cell that is not there",
            base_plus_board("[board.display.cells]\nc3 = [5, 5]\n"),
            "board.display.cells",
            "c3",
            "c3 = [5, 5]",
        ),
    ];
    for (case, text, key, cell, needle) in cases {
        expect_case(case, &text, unknown_cell(key, cell), Some(needle));
    }
}

#[test]
fn duplicate_cell() {
    let text = with(
        BASE,
        r#"cells = ["a1", "a2", "a3", "b1", "b2", "b3"]"#,
        "cells = [\"a1\", \"a2\", \"a3\", \"b1\", \"b2\", \"b3\",\n         \"a2\"]",
    );
    expect(
        &text,
        ErrorKind::DuplicateCell("a2".into()),
        Some(r#"         "a2"]"#),
    );
    // A listed cell that the generator already made.
    let text = with(
        BASE,
        r#"cells = ["a1", "a2", "a3", "b1", "b2", "b3"]"#,
        "generate = { hexagon = { side = 2 } }\ncells = [\"b2\"]",
    );
    expect(
        &text,
        ErrorKind::DuplicateCell("b2".into()),
        Some(r#"cells = ["b2"]"#),
    );
}

#[test]
fn bad_cell_name() {
    for bad in ["x1", "a4", "1a", "a", "A1", "a01"] {
        let text = with(
            BASE,
            r#"cells = ["a1", "a2", "a3", "b1", "b2", "b3"]"#,
            &format!("cells = [\"a1\", \"a2\", \"a3\", \"b1\", \"b2\", \"b3\",\n  \"{bad}\"]"),
        );
        expect(
            &text,
            ErrorKind::BadCellName(bad.into()),
            Some(&format!("  \"{bad}\"]")),
        );
    }
}

#[test]
fn too_few_labels() {
    let text = with(
        BASE,
        r#"cells = ["a1", "a2", "a3", "b1", "b2", "b3"]"#,
        "generate = { draughts = { width = 10, height = 10 } }",
    );
    expect(
        &text,
        ErrorKind::TooFewLabels {
            what: "letter",
            needed: 9,
            given: 3,
        },
        None,
    );
    let text = with(&text, r#"letters = "abc""#, r#"letters = "abcdefghi""#);
    expect(
        &text,
        ErrorKind::TooFewLabels {
            what: "number",
            needed: 10,
            given: 3,
        },
        None,
    );
}

#[test]
fn bad_label() {
    let text = with(BASE, r#"letters = "abc""#, r#"letters = "aBc""#);
    let e = load_err(&text);
    assert!(
        matches!(&*e.kind, ErrorKind::BadLabel { what: "letter", label, .. } if label == "B"),
        "{e}"
    );
    let text = with(BASE, r#"numbers = "123""#, r#"numbers = "121""#);
    let e = load_err(&text);
    assert!(
        matches!(&*e.kind, ErrorKind::BadLabel { what: "number", label, why: "defined twice" } if label == "1"),
        "{e}"
    );
    let text = with(BASE, r#"numbers = "123""#, r#"numbers = ["1", "", "3"]"#);
    let e = load_err(&text);
    assert!(
        matches!(&*e.kind, ErrorKind::BadLabel { what: "number", label, .. } if label.is_empty()),
        "{e}"
    );
}

#[test]
fn label_lists_name_cells() {
    // Multi-character labels given as lists.
    let text = base_with(&[
        (r#"letters = "abc""#, r#"letters = ["x", "yy"]"#),
        (r#"numbers = "123""#, r#"numbers = ["1", "22", "333"]"#),
        (
            r#"cells = ["a1", "a2", "a3", "b1", "b2", "b3"]"#,
            r#"cells = ["x1", "x22", "x333", "yy1", "yy22", "yy333"]"#,
        ),
        (
            r#"promotion = ["a3", "b3"]"#,
            r#"promotion = ["x333", "yy333"]"#,
        ),
        (r#"men = ["a1", "b1"]"#, r#"men = ["x1", "yy1"]"#),
        (
            r#"promotion = ["a1", "b1"]"#,
            r#"promotion = ["x1", "yy1"]"#,
        ),
        (r#"men = ["a3", "b3"]"#, r#"men = ["x333", "yy333"]"#),
    ]);
    let g = load(&text);
    assert_eq!(step(&g, "yy1", "up").as_deref(), Some("yy22"));
    assert_eq!(g.coords(cell(&g, "yy333")), (1, 2));
    check_all(&g);
}

#[test]
fn no_cells() {
    let listed = "cells = [\"a1\", \"a2\", \"a3\", \"b1\", \"b2\", \"b3\"]\n";
    let cases = [
        (
            "every cell removed",
            with(
                BASE,
                "numbers = \"123\"\n",
                "numbers = \"123\"\nremove_cells = [\"a1\", \"a2\", \"a3\", \"b1\", \"b2\", \"b3\"]\n",
            ),
        ),
        ("an empty list", with(BASE, listed, "cells = []\n")),
        ("no list and no generator", with(BASE, listed, "")),
        (
            "a draughts board of width 0",
            with(
                BASE,
                listed,
                "generate = { draughts = { width = 0, height = 5 } }\n",
            ),
        ),
        (
            "a hexagon of side 0",
            with(BASE, listed, "generate = { hexagon = { side = 0 } }\n"),
        ),
    ];
    for (case, text) in cases {
        expect_case(case, &text, ErrorKind::NoCells, None);
    }
}

// ---- directions -------------------------------------------------------------------

const DOWN: &str = "\n[[board.directions]]\nname = \"down\"\nvector = [0, -1]\n";

#[test]
fn direction_without_opposite() {
    let cases = [
        (
            "no direction has the negated vector",
            with(BASE, DOWN, ""),
            "up",
        ),
        (
            "a direction without a vector must name its opposite",
            with(
                BASE,
                DOWN,
                &format!("{DOWN}\n[[board.directions]]\nname = \"warp\"\n"),
            ),
            "warp",
        ),
        (
            "a direction cannot be its own opposite",
            with(
                BASE,
                DOWN,
                &format!("{DOWN}\n[[board.directions]]\nname = \"warp\"\nopposite = \"warp\"\n"),
            ),
            "warp",
        ),
    ];
    for (case, text, direction) in cases {
        let needle = format!("name = \"{direction}\"");
        let kind = ErrorKind::NoOpposite(direction.into());
        expect_case(case, &text, kind, Some(&needle));
    }
}

#[test]
fn opposite_mismatch() {
    // `up` names `down`, but `down` names `side`.
    let text = with(
        BASE,
        DOWN,
        "\n[[board.directions]]\nname = \"down\"\nvector = [0, -1]\nopposite = \"side\"\n\n[[board.directions]]\nname = \"side\"\nopposite = \"down\"\n",
    );
    expect(
        &text,
        ErrorKind::OppositeMismatch {
            direction: "up".into(),
            opposite: "down".into(),
        },
        Some(r#"name = "up""#),
    );
    // Declared opposites whose vectors are not negations of each other.
    let text = base_with(&[
        ("vector = [0, 1]", "vector = [0, 1]\nopposite = \"down\""),
        ("vector = [0, -1]", "vector = [1, 0]\nopposite = \"up\""),
    ]);
    expect(
        &text,
        ErrorKind::OppositeMismatch {
            direction: "up".into(),
            opposite: "down".into(),
        },
        Some(r#"name = "up""#),
    );
}

#[test]
fn unknown_opposite() {
    let text = with(
        BASE,
        "vector = [0, 1]",
        "vector = [0, 1]\nopposite = \"dwn\"",
    );
    expect(
        &text,
        unknown_direction("board.directions.opposite", "dwn"),
        Some(r#"opposite = "dwn""#),
    );
}

#[test]
fn duplicate_direction() {
    let text = with(
        BASE,
        DOWN,
        &format!("{DOWN}\n[[board.directions]]\nname = \"up\"\nvector = [1, 0]\n"),
    );
    let e = load_err(&text);
    assert_eq!(*e.kind, ErrorKind::DuplicateDirection("up".into()));
    // Reported at the second declaration.
    let second = text
        .lines()
        .enumerate()
        .filter(|(_, l)| *l == r#"name = "up""#)
        .nth(1)
        .map(|(i, _)| i + 1);
    assert_eq!(e.location.map(|l| l.line), second);
}

#[test]
fn zero_vector() {
    let text = with(BASE, "vector = [0, 1]", "vector = [0, 0]");
    expect(
        &text,
        ErrorKind::ZeroVector("up".into()),
        Some(r#"name = "up""#),
    );
}

#[test]
fn too_many_directions() {
    let mut extra = String::new();
    for i in 0..8 {
        extra.push_str(&format!(
            "\n[[board.directions]]\nname = \"p{i}\"\nvector = [1, {i}]\n\n[[board.directions]]\nname = \"m{i}\"\nvector = [-1, -{i}]\n"
        ));
    }
    // 2 + 16 = 18 directions; at most 16 are allowed.
    let text = with(BASE, DOWN, &format!("{DOWN}{extra}"));
    let e = load_err(&text);
    assert!(
        matches!(&*e.kind, ErrorKind::BadValue { key, .. } if key == "board.directions"),
        "{e}"
    );
    // Exactly 16 is fine.
    let mut extra = String::new();
    for i in 0..7 {
        extra.push_str(&format!(
            "\n[[board.directions]]\nname = \"p{i}\"\nvector = [1, {i}]\n\n[[board.directions]]\nname = \"m{i}\"\nvector = [-1, -{i}]\n"
        ));
    }
    let g = load(&with(BASE, DOWN, &format!("{DOWN}{extra}")));
    assert_eq!(g.direction_count(), 16);
    check_all(&g);
}

// ---- links --------------------------------------------------------------------------

/// Two vectorless directions for explicit links.
const WARP: &str = "\n[[board.directions]]\nname = \"warp\"\nopposite = \"back\"\n\n[[board.directions]]\nname = \"back\"\nopposite = \"warp\"\n";

fn link(from: &str, to: &str, direction: &str) -> String {
    format!("\n[[board.links]]\nfrom = \"{from}\"\nto = \"{to}\"\ndirection = \"{direction}\"\n")
}

#[test]
fn explicit_links_load() {
    let text = with(
        &base_plus_board(&format!(
            "{}{}",
            link("a3", "b1", "warp"),
            link("b1", "a3", "back")
        )),
        DOWN,
        &format!("{DOWN}{WARP}"),
    );
    let g = load(&text);
    assert_eq!(step(&g, "a3", "warp").as_deref(), Some("b1"));
    assert_eq!(step(&g, "b1", "back").as_deref(), Some("a3"));
    assert_eq!(step(&g, "a1", "warp"), None);
    check_all(&g);
}

#[test]
fn link_not_mutual() {
    let with_warp = |links: String| with(&base_plus_board(&links), DOWN, &format!("{DOWN}{WARP}"));
    let cases = [
        (
            "a warp without its way back",
            with_warp(link("a3", "b1", "warp")),
            "warp",
            "back",
        ),
        (
            "an explicit link along a lattice direction without its way back",
            base_plus_board(&link("a3", "b1", "up")),
            "up",
            "down",
        ),
        (
            "a way back that leads elsewhere",
            with_warp(format!(
                "{}{}",
                link("a3", "b1", "warp"),
                link("b1", "a1", "back")
            )),
            "warp",
            "back",
        ),
    ];
    for (case, text, direction, opposite) in cases {
        let kind = ErrorKind::LinkNotMutual {
            from: "a3".into(),
            to: "b1".into(),
            direction: direction.into(),
            opposite: opposite.into(),
        };
        expect_case(case, &text, kind, Some(r#"from = "a3""#));
    }
}

#[test]
fn lattice_links_must_be_mutual_too() {
    // `up` has a vector but its declared opposite `down` has none: the lattice gives
    // a1 -> a2 up, and nothing gives a2 -> a1 down. With one explicit pair this used to
    // make a ray that never ends (a1 up: a2 a3 a2 a3 ...).
    let text = base_plus_board(&format!(
        "{}{}",
        link("a3", "a2", "up"),
        link("a2", "a3", "down")
    ));
    let text = base_with_text(
        &text,
        &[
            ("vector = [0, 1]", "vector = [0, 1]\nopposite = \"down\""),
            ("vector = [0, -1]\n", "opposite = \"up\"\n"),
        ],
    );
    let e = load_err(&text);
    assert!(
        matches!(&*e.kind, ErrorKind::LinkNotMutual { direction, opposite, .. } if direction == "up" && opposite == "down"),
        "{e}"
    );
    assert!(e.location.is_some(), "{e}");
}

fn base_with_text(text: &str, edits: &[(&str, &str)]) -> String {
    edits
        .iter()
        .fold(text.to_string(), |t, (from, to)| with(&t, from, to))
}

#[test]
fn conflicting_link() {
    // The lattice already gives a1 -> a2 up.
    let text = base_plus_board(&link("a1", "a3", "up"));
    expect(
        &text,
        ErrorKind::ConflictingLink {
            cell: "a1".into(),
            direction: "up".into(),
            first: "a2".into(),
            second: "a3".into(),
        },
        Some(r#"from = "a1""#),
    );
}

#[test]
fn unknown_direction_in_links() {
    let text = base_plus_board(&link("a3", "b1", "sideways"));
    expect(
        &text,
        unknown_direction("board.links", "sideways"),
        Some(r#""sideways""#),
    );
}

#[test]
fn no_such_link_to_remove() {
    let text = base_plus_board(
        "\n[[board.remove_links]]\nfrom = \"a1\"\nto = \"b1\"\ndirection = \"up\"\n",
    );
    expect(
        &text,
        ErrorKind::NoSuchLink {
            from: "a1".into(),
            to: "b1".into(),
            direction: "up".into(),
        },
        Some(r#"from = "a1""#),
    );
}

#[test]
fn removed_links_go_both_ways() {
    let text = base_plus_board(
        "\n[[board.remove_links]]\nfrom = \"a1\"\nto = \"a2\"\ndirection = \"up\"\n",
    );
    let g = load(&text);
    assert_eq!(step(&g, "a1", "up"), None);
    assert_eq!(step(&g, "a2", "down"), None);
    assert_eq!(step(&g, "a2", "up").as_deref(), Some("a3"));
    assert_eq!(g.lines().len(), 3);
    check_all(&g);
}

// ---- players ------------------------------------------------------------------------

#[test]
fn forward_direction_not_declared() {
    let text = with(BASE, r#"forward = ["up"]"#, r#"forward = ["up", "upward"]"#);
    expect(
        &text,
        unknown_direction("players.white.forward", "upward"),
        Some(r#""upward""#),
    );
}

#[test]
fn no_forward_direction() {
    let text = with(BASE, r#"forward = ["down"]"#, "forward = []");
    expect(&text, ErrorKind::NoForward("Black".into()), None);
}

#[test]
fn empty_promotion_zone() {
    let text = with(BASE, r#"promotion = ["a1", "b1"]"#, "promotion = []");
    expect(
        &text,
        ErrorKind::EmptyPromotion("Black".into()),
        Some("promotion = []"),
    );
    let text = with(
        BASE,
        r#"promotion = ["a3", "b3"]"#,
        "promotion = [ # none\n]",
    );
    expect(
        &text,
        ErrorKind::EmptyPromotion("White".into()),
        Some("# none"),
    );
}

#[test]
fn start_claimed_twice() {
    let cases = [
        (
            "by both players",
            vec![
                (r#"men = ["a1", "b1"]"#, r#"men = ["a1", "b1", "a2"]"#),
                (r#"men = ["a3", "b3"]"#, r#"men = ["a3", "b3", "a2"]"#),
            ],
            "a2",
            r#"men = ["a3", "b3", "a2"]"#,
        ),
        (
            "by one player twice",
            vec![(r#"men = ["a1", "b1"]"#, r#"men = ["a1", "b1", "a1"]"#)],
            "a1",
            r#"men = ["a1", "b1", "a1"]"#,
        ),
        (
            "by a man and a king",
            vec![(
                r#"men = ["a3", "b3"]"#,
                "men = [\"a3\", \"b3\"]\nkings = [\"b3\"]",
            )],
            "b3",
            r#"kings = ["b3"]"#,
        ),
    ];
    for (case, edits, cell, needle) in cases {
        let kind = ErrorKind::StartClaimedTwice(cell.into());
        expect_case(case, &base_with(&edits), kind, Some(needle));
    }
}

#[test]
fn man_on_its_own_promotion_zone() {
    let text = base_with(&[
        (r#"men = ["a1", "b1"]"#, r#"men = ["a1", "b2"]"#),
        (r#"men = ["a3", "b3"]"#, r#"men = ["a3", "b1"]"#),
    ]);
    expect(
        &text,
        ErrorKind::ManOnPromotion {
            player: "Black".into(),
            cell: "b1".into(),
        },
        Some(r#"men = ["a3", "b1"]"#),
    );
    // A king may start there, and a man on the opponent's zone is fine (BASE does it).
    let text = base_with(&[
        (r#"men = ["a3", "b3"]"#, "men = [\"a3\"]\nkings = [\"b1\"]"),
        (r#"men = ["a1", "b1"]"#, r#"men = ["a1"]"#),
    ]);
    let g = load(&text);
    assert_eq!(
        sorted_names(&g, &g.side(bushka_geometry::Colour::Black).kings),
        ["b1"]
    );
}

// ---- rules --------------------------------------------------------------------------

#[test]
fn bad_rule_values() {
    let rules = |body: &str| format!("{BASE}\n[rules]\n{body}\n");
    for (body, key, needle) in [
        ("min_line = 1", "rules.min_line", "min_line = 1"),
        ("min_line = 65", "rules.min_line", "min_line = 65"),
        (r#"king_range = "medium""#, "rules.king_range", "king_range"),
        (r#"capture = "leap""#, "rules.capture", "capture"),
        (
            r#"men_capture = "sideways""#,
            "rules.men_capture",
            "men_capture",
        ),
        (
            "king_move_draw = -1",
            "rules.king_move_draw",
            "king_move_draw",
        ),
        ("repetition = 1", "rules.repetition", "repetition"),
        (
            "lone_king_draw = [{ pieces = 0, plies = 10 }]",
            "rules.lone_king_draw",
            "lone_king_draw",
        ),
        (
            "lone_king_draw = [{ pieces = 2, plies = 70000 }]",
            "rules.lone_king_draw",
            "lone_king_draw",
        ),
        (
            "lone_king_draw = [{ pieces = 2, plies = 10 }, { pieces = 2, plies = 4 }]",
            "rules.lone_king_draw",
            "lone_king_draw",
        ),
    ] {
        bad_value(&rules(body), key, needle);
    }
    bad_value(
        &BASE.replacen("[board]\n", "[board]\nnotation = \"roman\"\n", 1),
        "board.notation",
        "notation",
    );
    let evaluation = format!("{BASE}\n[evaluation]\nman = 0\n");
    bad_value(&evaluation, "evaluation.man", "man = 0");
    // Values past 10000 would saturate the engine's static score (finding 6 of issue 9).
    let evaluation = format!("{BASE}\n[evaluation]\nking = 100000\n");
    bad_value(&evaluation, "evaluation.king", "king = 100000");
    assert!(
        load_err(&evaluation)
            .to_string()
            .contains("expected 1 to 10000")
    );
    load(&format!(
        "{BASE}\n[evaluation]\nman = 10000\nking = 10000\n"
    ));
    // A value of the wrong type is a TOML error.
    for (body, needle) in [
        (r#"min_line = "two""#, "min_line"),
        (r#"majority = "yes""#, "majority"),
    ] {
        expect_message(body, &rules(body), toml_kind, "", needle);
    }
}

#[test]
fn rule_values_are_read() {
    let g = load(&format!(
        "{BASE}\n[rules]\nmin_line = 3\nmajority = false\nking_range = \"short\"\nrepetition = 2\n\n[evaluation]\nman = 90\nking = 250\n"
    ));
    let r = g.rules();
    assert_eq!(r.min_line, 3);
    assert!(!r.majority());
    assert_eq!(r.king_range, bushka_geometry::KingRange::Short);
    assert_eq!(r.repetition, 2);
    assert_eq!((g.values().man, g.values().king), (90, 250));
    let d = load(BASE);
    assert_eq!((d.rules().min_line, d.rules().repetition), (2, 3));
    assert_eq!((d.values().man, d.values().king), (100, 300));
    assert_eq!(d.rules().capture, bushka_geometry::CaptureStyle::Contact);
    let j = load(&format!(
        "{BASE}\n[rules]\ncapture = \"jump\"\nmen_capture = \"forward\"\nline_moves = false\nking_move_draw = 30\n"
    ));
    let r = j.rules();
    assert_eq!(r.capture, bushka_geometry::CaptureStyle::Jump);
    assert_eq!(r.men_capture, bushka_geometry::MenCapture::Forward);
    assert!(!r.line_moves);
    assert_eq!(r.king_move_draw, 30);
    assert!(r.lone_king_draw.is_empty());
    let fmjd = load(&format!(
        "{BASE}\n[rules]\ncapture = \"jump\"\nlone_king_draw = [{{ pieces = 3, plies = 32 }}, {{ pieces = 2, plies = 10 }}]\n"
    ));
    assert_eq!(fmjd.rules().lone_king_draw.entries(), &[(2, 10), (3, 32)]);
}

#[test]
fn numeric_notation_numbers_cells_in_reading_order() {
    let g = load(&BASE.replacen("[board]\n", "[board]\nnotation = \"numeric\"\n", 1));
    assert_eq!(g.notation(), bushka_geometry::Notation::Numeric);
    let names: Vec<&str> = g.cells().map(|c| g.name(c)).collect();
    let mut sorted: Vec<usize> = names.iter().map(|n| n.parse().expect("a number")).collect();
    sorted.sort_unstable();
    assert_eq!(sorted, (1..=g.cell_count()).collect::<Vec<_>>());
    // Square 1 is drawn highest (then leftmost); the line names stay as aliases.
    let one = g.cell("1").expect("square 1");
    assert!(g.cells().all(|c| g.display(c).1 <= g.display(one).1));
    let (l, n) = g.coords(one);
    let alias = format!("{}{}", g.letter_labels()[l], g.number_labels()[n]);
    assert_eq!(g.cell(&alias), Some(one));
}

// ---- size -----------------------------------------------------------------------------

/// Two-letter labels `aa`, `ab`, ... for boards wider than the alphabet.
fn many_letters(count: usize) -> Vec<String> {
    (0..count)
        .map(|i| {
            let a = char::from(b'a' + (i / 26) as u8);
            let b = char::from(b'a' + (i % 26) as u8);
            format!("{a}{b}")
        })
        .collect()
}

/// A draughts board of any size, with enough two-letter labels. Both players promote
/// on the bottom-left cell.
fn big_draughts(width: usize, height: usize) -> String {
    let coords = draughts_coords(width, height);
    let letters = many_letters(coords.iter().map(|c| c.0).max().unwrap_or(0) + 1);
    let (l, n) = coords[0];
    let corner = format!("{}{}", letters[l], default_number(n));
    let list: Vec<String> = letters.iter().map(|s| format!("\"{s}\"")).collect();
    let text = variant_toml(
        &format!("{{ draughts = {{ width = {width}, height = {height} }} }}"),
        SQUARE_DIRECTIONS,
        ["up-right", "down-left"],
        &corner,
    );
    with(
        &text,
        "[board]\n",
        &format!("[board]\nletters = [{}]\n", list.join(", ")),
    )
}

#[test]
fn too_many_cells() {
    let text = big_draughts(50, 50);
    expect(
        &text,
        ErrorKind::GeneratorTooLarge {
            key: "board.generate".into(),
            shape: "a 50 x 50 draughts board".into(),
            count: 1250,
            max: MAX_CELLS,
        },
        Some("generate ="),
    );
    // Listed cells count too: 1024 generated plus one listed.
    let text = with(
        &big_draughts(64, 32),
        "[board]\n",
        "[board]\ncells = [\"aa1\"]\n",
    );
    let e = load_err(&text);
    assert_eq!(
        *e.kind,
        ErrorKind::TooManyCells {
            count: 1025,
            max: MAX_CELLS
        },
        "{e}"
    );
}

#[test]
fn the_largest_board_loads() {
    assert_eq!(MAX_CELLS, 1024);
    let g = load(&big_draughts(64, 32));
    assert_eq!(g.cell_count(), 1024);
    check_all(&g);
    assert!(g.embedding().span <= MAX_CELLS);
}

#[test]
fn boards_wider_than_128_bits_load() {
    let g = load(&draughts_toml(20, 20));
    assert_eq!(g.cell_count(), 200);
    check_all(&g);
    let e = g.embedding();
    assert!(e.span > 128 && e.span <= MAX_CELLS, "span {}", e.span);
    let g = load(&hexagon_toml(8));
    assert_eq!(g.cell_count(), 169);
    check_all(&g);
}

#[test]
fn location_display() {
    let text = with(BASE, r#"letters = "abc""#, r#"letter = "abc""#);
    let e = load_err(&text);
    let line = line_of(&text, r#"letter = "abc""#);
    assert_eq!(e.location, Some(Location { line, column: 1 }));
    let shown = e.to_string();
    assert!(
        shown.starts_with(&format!("test.toml: line {line}, column 1: ")),
        "{shown}"
    );
    assert!(load_str(BASE, "x").is_ok());
}

// ---- men by rows ----------------------------------------------------------------------

#[test]
fn men_by_rows_count_from_the_own_back_rank() {
    // Row 1 is White's back rank (Black's promotion zone a1, b1), row 2 the cells one
    // forward step beyond it.
    let g = load(&base_with(&[
        (r#"men = ["a1", "b1"]"#, "men = { rows = 1 }"),
        (r#"men = ["a3", "b3"]"#, "men = []"),
        (r#"promotion = ["a3", "b3"]"#, r#"promotion = ["a3"]"#),
    ]));
    let names =
        |cells: &[Cell]| -> Vec<String> { cells.iter().map(|&c| g.name(c).to_string()).collect() };
    assert_eq!(names(&g.side(Colour::White).men), ["a1", "b1"]);
    let g = load(&base_with(&[
        (r#"men = ["a1", "b1"]"#, "men = { rows = 2 }"),
        (r#"men = ["a3", "b3"]"#, "men = []"),
    ]));
    assert_eq!(g.side(Colour::White).men.len(), 4);
    // Every official start is its rows: Bushka's three rows.
    let official = builtin("bushka");
    let text = BUILTIN
        .iter()
        .find(|b| b.name == "bushka")
        .expect("built in")
        .text;
    let by_rows = regex_free_replace_men(text, "men = { rows = 3 }");
    let g = load(&by_rows);
    for p in Colour::BOTH {
        assert_eq!(g.side(p).men, official.side(p).men, "{p:?}");
    }
}

/// `text` with each `men = [...]` list (possibly over several lines) replaced.
fn regex_free_replace_men(text: &str, by: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("\nmen = [") {
        out.push_str(&rest[..=start]);
        out.push_str(by);
        let after = &rest[start + 1..];
        let end = after.find(']').expect("a closing bracket") + 1;
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

#[test]
fn men_by_rows_reject_bad_counts_and_keys() {
    for rows in ["0", "65", "-1"] {
        let text = base_with(&[(
            r#"men = ["a1", "b1"]"#,
            &format!("men = {{ rows = {rows} }}"),
        )]);
        bad_value(&text, "players.white.men.rows", "rows");
    }
    let text = base_with(&[(r#"men = ["a1", "b1"]"#, "men = { row = 2 }")]);
    expect_message(
        "`row` for `rows`",
        &text,
        unknown_key_kind,
        "row",
        "row = 2",
    );
    // Two rows from each side overlap on a three-row board.
    let text = base_with(&[
        (r#"men = ["a1", "b1"]"#, "men = { rows = 2 }"),
        (r#"men = ["a3", "b3"]"#, "men = { rows = 3 }"),
    ]);
    expect(
        &text,
        ErrorKind::StartClaimedTwice("a1".into()),
        Some("men = { rows = 3 }"),
    );
}
