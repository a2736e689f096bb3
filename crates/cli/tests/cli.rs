//! Integration tests of the `bushka` binary.

use std::path::PathBuf;

use tempfile::TempDir;

mod common;

use common::{bushka, root, stderr, stdout};

/// A file in the test's temporary directory `dir` (removed when the test ends).
fn temp_file(dir: &TempDir, name: &str, text: &str) -> PathBuf {
    let path = dir.path().join(name);
    std::fs::write(&path, text).expect("temp file");
    path
}

/// `variants/*.toml`, relative to the root, sorted.
fn variant_files() -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(root().join("variants"))
        .expect("variants/ exists")
        .map(|e| {
            e.expect("dir entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| name.ends_with(".toml"))
        .map(|name| format!("variants/{name}"))
        .collect();
    files.sort();
    files
}

/// What `show` drew: the board lines (between the header's blank line and the next
/// blank line), counted as cells, White men and Black men.
struct Drawing {
    lines: Vec<String>,
    cells: usize,
    white: usize,
    black: usize,
}

fn drawing(text: &str) -> Drawing {
    let lines: Vec<String> = text
        .lines()
        .skip_while(|l| !l.is_empty())
        .skip(1)
        .take_while(|l| !l.is_empty())
        .map(str::to_string)
        .collect();
    let tokens: Vec<&str> = lines.iter().flat_map(|l| l.split_whitespace()).collect();
    let count = |t: &str| tokens.iter().filter(|&&x| x == t).count();
    Drawing {
        cells: [".", "w", "W", "b", "B"].iter().map(|t| count(t)).sum(),
        white: count("w"),
        black: count("b"),
        lines,
    }
}

#[test]
fn check_accepts_every_shipped_variant() {
    let files = variant_files();
    assert!(files.len() >= 3, "{files:?}");
    let mut args = vec!["check", "--games", "0"];
    args.extend(files.iter().map(String::as_str));
    let output = bushka(&args);
    assert!(output.status.success(), "{}", stderr(&output));
    let out = stdout(&output);
    // A file with a learned evaluation says so on a second line.
    let learned = "variants/draughts.toml: learned evaluation from variants/weights/draughts.toml";
    assert!(out.contains(learned), "{out}");
    let lines: Vec<&str> = out
        .lines()
        .filter(|l| !l.contains(": learned evaluation from "))
        .collect();
    assert_eq!(lines.len(), files.len(), "{out}");
    for (line, file) in lines.iter().zip(&files) {
        assert!(line.starts_with(&format!("{file}: ok: ")), "{line}");
    }
    assert!(lines.contains(
        &"variants/bushka.toml: ok: Bushka (bushka): 50 cells, 4 directions, 19 lines, back ranks 5/5, men 15/15"
    ), "{out}");
    assert!(lines.contains(
        &"variants/bushka-9x11.toml: ok: Bushka 9x11 (bushka-9x11): 50 cells, 4 directions, 20 lines, back ranks 6/6, men 17/17"
    ), "{out}");
    assert!(lines.contains(
        &"variants/hexbushka.toml: ok: Hexbushka (hexbushka): 61 cells, 6 directions, 27 lines, back ranks 9/9, men 16/16"
    ), "{out}");
    assert!(stderr(&output).is_empty());
}

#[test]
fn check_reports_a_malformed_file_with_its_line() {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let bad = temp_file(
        &tmp,
        "unknown-key.toml",
        "[variant]\nid = \"x\"\nname = \"X\"\ncolour = \"red\"\n",
    );
    let bad = bad.to_str().expect("UTF-8 path");
    let output = bushka(&["check", "variants/bushka.toml", bad]);
    assert_eq!(output.status.code(), Some(1));
    let err = stderr(&output);
    assert!(err.contains(&format!("{bad}: line 4, column 1: ")), "{err}");
    assert!(err.contains("colour"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    // The valid file is still summarised.
    assert!(stdout(&output).starts_with("variants/bushka.toml: ok: "));
}

#[test]
fn check_reports_semantic_errors_and_missing_files() {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let text = common::variant_text("bushka").replace("promotion = [\"a6\"", "promotion = [\"z9\"");
    let bad = temp_file(&tmp, "unknown-cell.toml", &text);
    let bad = bad.to_str().expect("UTF-8 path");
    let line = text
        .lines()
        .position(|l| l.contains("\"z9\""))
        .expect("edited line")
        + 1;
    let missing = temp_file(&tmp, "x", "").with_file_name("does-not-exist.toml");
    let missing = missing.to_str().expect("UTF-8 path");
    let output = bushka(&["check", bad, missing]);
    assert_eq!(output.status.code(), Some(1));
    let err = stderr(&output);
    assert!(
        err.contains(&format!("{bad}: line {line}, column")),
        "{err}"
    );
    assert!(err.contains("z9"), "{err}");
    assert!(
        err.contains(&format!("{missing}: cannot read the file")),
        "{err}"
    );
    assert!(stdout(&output).is_empty());
}

#[test]
fn variants_lists_the_official_boards() {
    let output = bushka(&["variants"]);
    assert!(output.status.success());
    let out = stdout(&output);
    let names: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    for name in ["bushka", "bushka-9x11", "hexbushka"] {
        assert!(names.contains(&name), "{out}");
    }
    assert!(
        out.lines().all(|l| l.split_whitespace().count() > 1),
        "{out}"
    );
}

#[test]
fn show_draws_each_official_start_position() {
    for (variant, cells, men, rows) in [
        ("bushka", 50, 15, 10),
        ("bushka-9x11", 50, 17, 9),
        ("hexbushka", 61, 16, 17),
    ] {
        let output = bushka(&["show", "--variant", variant]);
        assert!(output.status.success(), "{variant}: {}", stderr(&output));
        let out = stdout(&output);
        let d = drawing(&out);
        assert_eq!(d.cells, cells, "{variant}:\n{out}");
        assert_eq!(d.white, men, "{variant}:\n{out}");
        assert_eq!(d.black, men, "{variant}:\n{out}");
        assert_eq!(d.lines.len(), rows, "{variant}:\n{out}");
        // White at the bottom, Black at the top.
        let last = d.lines.last().expect("rows");
        assert!(
            last.contains('w') && !last.contains(" b "),
            "{variant}:\n{out}"
        );
        assert!(
            d.lines[0].contains('b') && !d.lines[0].contains(" w "),
            "{variant}:\n{out}"
        );
        assert!(!out.contains('\x1b'), "no colour when NO_COLOR is set");
    }
}

#[test]
fn show_defaults_to_bushka_with_offset_rows() {
    let output = bushka(&["show"]);
    assert!(output.status.success());
    let out = stdout(&output);
    assert!(out.starts_with("Bushka (bushka): "), "{out}");
    let d = drawing(&out);
    let indent = |l: &str| l.len() - l.trim_start().len();
    assert_ne!(indent(&d.lines[0]), indent(&d.lines[1]), "{out}");
    assert_eq!(indent(&d.lines[0]), indent(&d.lines[2]), "{out}");
}

#[test]
fn show_names_draws_the_names_beside_the_pieces() {
    let output = bushka(&["show", "--variant", "hexbushka", "--names"]);
    assert!(output.status.success());
    let out = stdout(&output);
    let d = drawing(&out);
    assert_eq!(d.lines.len(), 17);
    assert!(d.lines[0].trim_end().ends_with("i9"), "{out}");
    assert!(d.lines[16].trim_end().ends_with("a1"), "{out}");
    assert!(d.lines[8].contains("g3    f4    e5    d6    c7"), "{out}");
    assert_eq!(d.white, 16);
    assert_eq!(d.black, 16);
}

#[test]
fn show_rejects_an_unknown_variant_clearly() {
    let output = bushka(&["show", "--variant", "does-not-exist"]);
    assert_eq!(output.status.code(), Some(1));
    let err = stderr(&output);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("does-not-exist"), "{err}");
    assert!(
        err.contains("hexbushka"),
        "lists the built-in variants: {err}"
    );
    assert!(
        !err.contains("panicked") && !err.contains("Error {"),
        "{err}"
    );
    assert!(stdout(&output).is_empty());
}

#[test]
fn show_takes_a_variant_file_path() {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let output = bushka(&["show", "--variant", "variants/hexbushka-4.toml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let d = drawing(&stdout(&output));
    assert_eq!((d.cells, d.white, d.black), (37, 10, 10));

    let absolute = root().join("variants/bushka-9x11.toml");
    let output = bushka(&["show", "--variant", absolute.to_str().expect("UTF-8 path")]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).starts_with("Bushka 9x11 (bushka-9x11)"));

    let bad = temp_file(&tmp, "bad-type.toml", "[variant]\nid = 1\n");
    let bad = bad.to_str().expect("UTF-8 path");
    let output = bushka(&["show", "--variant", bad]);
    assert_eq!(output.status.code(), Some(1));
    let err = stderr(&output);
    assert!(err.contains(&format!("{bad}: line 2, column 6: ")), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn usage_errors_exit_1_and_help_exits_0() {
    for args in [&["frobnicate"][..], &["check"], &["show", "--bogus"], &[]] {
        let output = bushka(args);
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        assert!(!stderr(&output).is_empty(), "{args:?}");
    }
    for args in [&["--help"][..], &["--version"], &["show", "--help"]] {
        let output = bushka(args);
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert!(!stdout(&output).is_empty(), "{args:?}");
    }
}

#[test]
fn readme_variant_example_is_bushka() {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let start = readme
        .find("```toml\n")
        .expect("a ```toml block in the README")
        + 8;
    let len = readme[start..].find("```").expect("the block ends");
    let example = &readme[start..start + len];
    for key in [
        "letters",
        "numbers",
        "generate",
        "cells",
        "remove_cells",
        "links",
        "remove_links",
        "forward",
        "promotion",
        "men",
        "kings",
        "capture",
        "min_line",
        "majority",
        "king_range",
        "repetition",
        "men_capture",
        "line_moves",
        "king_move_draw",
        "notation",
        "man",
        "king",
    ] {
        assert!(
            example.contains(&format!("\n{key} = ")),
            "README example lacks `{key}`"
        );
    }
    let loaded = bushka_geometry::load_str(example, "README.md").expect("the example loads");
    // The example leaves the learned evaluation's `weights` commented out.
    let official = bushka_geometry::load_str(&common::variant_text("bushka"), "bushka.toml")
        .expect("bushka loads");
    assert!(
        loaded == official,
        "the README example differs from variants/bushka.toml (apart from its weights)"
    );

    // And `check` agrees.
    let file = temp_file(&tmp, "readme-example.toml", example);
    let output = bushka(&["check", "--games", "0", file.to_str().expect("UTF-8 path")]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).ends_with(
        "ok: Bushka (bushka): 50 cells, 4 directions, 19 lines, back ranks 5/5, men 15/15\n"
    ));
}
