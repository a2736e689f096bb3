//! Variant files that ask for huge or overflowing sizes: each is refused at once with
//! an error naming the key, before anything large is built (issue 9, findings 3-4).

use bushka_geometry::{ErrorKind, MAX_CELLS, MAX_COORDINATE};
use bushka_tests::*;

fn draughts(width: u64, height: u64) -> String {
    variant_toml(
        &format!("{{ draughts = {{ width = {width}, height = {height} }} }}"),
        SQUARE_DIRECTIONS,
        ["up-right", "down-left"],
        "a1",
    )
}

fn hexagon(side: u64) -> String {
    variant_toml(
        &format!("{{ hexagon = {{ side = {side} }} }}"),
        HEX_DIRECTIONS,
        ["up", "down"],
        "a1",
    )
}

fn too_large(shape: &str, count: u128) -> ErrorKind {
    ErrorKind::GeneratorTooLarge {
        key: "board.generate".into(),
        shape: shape.into(),
        count,
        max: MAX_CELLS,
    }
}

#[test]
fn huge_generators_are_refused_before_building() {
    for (width, height, count) in [
        (20_000, 20_000, 200_000_000),
        (60_000, 60_000, 1_800_000_000),
        (2_147_483_647, 1, 1_073_741_824),
        (2_147_483_647, 2_147_483_647, 2_305_843_007_066_210_305),
        (4_294_967_295, 4_294_967_295, 9_223_372_032_559_808_513),
        (2049, 1, 1025),
    ] {
        let text = draughts(width, height);
        let e = expect(
            &text,
            too_large(&format!("a {width} x {height} draughts board"), count),
            Some("generate ="),
        );
        assert!(e.to_string().contains("too many cells"), "{e}");
    }
    for (side, count) in [
        (30_000, 2_699_910_001),
        (19, 1027),
        (2_147_483_648, 13_835_058_048_839_712_769),
        (4_294_967_295, 55_340_232_182_473_949_191),
    ] {
        let text = hexagon(side);
        expect(
            &text,
            too_large(&format!("a hexagon of side {side}"), count),
            Some("generate ="),
        );
    }
}

#[test]
fn the_largest_generated_boards_still_load() {
    // 2048 x 1: a single row of 1024 dark squares (too few letters for the default
    // labels, which proves the size check passed and the cells were built).
    let e = load_err(&draughts(2048, 1));
    assert!(
        matches!(*e.kind, ErrorKind::TooFewLabels { what: "letter", .. }),
        "{e}"
    );
    let e = load_err(&hexagon(18));
    assert!(matches!(*e.kind, ErrorKind::TooFewLabels { .. }), "{e}");
    assert_eq!(load(&hexagon_toml(13)).cell_count(), 469);
    assert_eq!(load(&draughts_toml(26, 26)).cell_count(), 338);
}

#[test]
fn sizes_beyond_the_file_format_are_toml_errors() {
    let e = load_err(&draughts(4_294_967_296, 1));
    assert!(matches!(*e.kind, ErrorKind::Toml(_)), "{e}");
    let e = load_err(&hexagon(u64::MAX));
    assert!(matches!(*e.kind, ErrorKind::Toml(_)), "{e}");
}

/// A 2 x 1 board of cells `a1`, `b1`, directions `right` and `left` with the given
/// vectors, drawn by `display` (a `[board.display]` body).
fn drawn(display: &str, right: &str, left: &str) -> String {
    format!(
        r#"[variant]
id = "d"
name = "D"

[board]
cells = ["a1", "b1"]

[[board.directions]]
name = "right"
vector = {right}

[[board.directions]]
name = "left"
vector = {left}

[board.display]
{display}

[players.white]
forward = ["right"]
promotion = ["b1"]

[players.black]
forward = ["left"]
promotion = ["a1"]
"#
    )
}

fn bad_value(key: &str, why: &str) -> ErrorKind {
    ErrorKind::BadValue {
        key: key.into(),
        why: why.into(),
    }
}

const RANGE: &str = "each component must lie between -65536 and 65536";

#[test]
fn direction_vectors_are_range_checked() {
    assert_eq!(MAX_COORDINATE, 65_536);
    let text = drawn("", "[0, -2147483648]", "[0, 2147483647]");
    expect(
        &text,
        bad_value("board.directions.vector of `right`", RANGE),
        Some("name = \"right\""),
    );
    let text = drawn("", "[65537, 0]", "[-65537, 0]");
    expect(
        &text,
        bad_value("board.directions.vector of `right`", RANGE),
        Some("name = \"right\""),
    );
    // The extreme allowed vectors load (they link nothing here).
    let g = load(&drawn("", "[65536, -65536]", "[-65536, 65536]"));
    assert_eq!(step(&g, "a1", "right"), None);
}

#[test]
fn display_steps_and_positions_are_range_checked() {
    let text = drawn("letter = [2147483647, 0]", "[1, 0]", "[-1, 0]");
    expect(&text, bad_value("board.display.letter", RANGE), None);
    let text = drawn("number = [0, -65537]", "[1, 0]", "[-1, 0]");
    expect(&text, bad_value("board.display.number", RANGE), None);
    let text = drawn("cells = { a1 = [0, 100000000] }", "[1, 0]", "[-1, 0]");
    expect(
        &text,
        bad_value("board.display.cells.a1", RANGE),
        Some("cells = { a1"),
    );
    let text = drawn(
        "cells = { a1 = [-65536, 0], b1 = [65536, 0] }",
        "[1, 0]",
        "[-1, 0]",
    );
    expect(
        &text,
        bad_value(
            "board.display",
            "the drawing spans 131073 x 1 units; at most 65536 either way",
        ),
        None,
    );
    // The widest drawing allowed loads, its positions shifted to start at 0.
    let g = load(&drawn(
        "cells = { a1 = [-100, 7], b1 = [65435, 7] }",
        "[1, 0]",
        "[-1, 0]",
    ));
    assert_eq!(g.display(cell(&g, "a1")), (0, 0));
    assert_eq!(g.display(cell(&g, "b1")), (65_535, 0));
}

#[test]
fn display_steps_times_far_labels_are_range_checked() {
    // Steps within range, but cells 25 letters apart: 25 * 65536 columns.
    let text = drawn("letter = [65536, 0]", "[25, 0]", "[-25, 0]").replace("\"b1\"", "\"z1\"");
    expect(
        &text,
        bad_value(
            "board.display",
            "the drawing spans 1638401 x 1 units; at most 65536 either way",
        ),
        None,
    );
    let g = load(&drawn("letter = [2621, 0]", "[25, 0]", "[-25, 0]").replace("\"b1\"", "\"z1\""));
    assert_eq!(g.display(cell(&g, "z1")), (65_525, 0));
}
