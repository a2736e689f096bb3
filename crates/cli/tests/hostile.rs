//! Hostile input to the `bushka` binary (issue 9): files that are not regular or too
//! large, records that name files elsewhere or size the allocator, far-flung drawings,
//! and the wording of usage errors. Each must end with one clear line and exit code 1
//! (or a bounded drawing), never a hang, an abort or a huge allocation.

mod common;

use common::{bushka, bushka_input, root, stderr, stdout, temp_dir};

/// A fresh directory under the temporary directory, unique to this test.
fn path_text(path: &std::path::Path) -> &str {
    path.to_str().expect("UTF-8 path")
}

fn bushka_toml() -> String {
    common::variant_text("bushka")
}

/// The error: exit code 1 and exactly one line on standard error, returned.
fn one_line_error(output: &std::process::Output) -> String {
    assert_eq!(output.status.code(), Some(1), "{}", stdout(output));
    let err = stderr(output);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

#[test]
fn non_regular_files_are_refused_without_reading() {
    let output = bushka(&["show", "--variant", "/dev/zero"]);
    let err = one_line_error(&output);
    assert!(
        err.contains("/dev/zero: cannot read the file: not a regular file"),
        "{err}"
    );
    let output = bushka(&["check", "/dev/zero"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("not a regular file"));
    let output = bushka(&["replay", "/dev/zero"]);
    assert!(one_line_error(&output).contains("not a regular file"));
    let dir = temp_dir("fifo");
    let fifo = dir.join("pipe.toml");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let output = bushka(&["show", "--variant", path_text(&fifo)]);
    assert!(one_line_error(&output).contains("not a regular file"));
    let output = bushka(&["show", "--variant", path_text(&dir)]);
    assert!(one_line_error(&output).contains("a directory"));
}

#[test]
fn a_symlink_loop_is_named_as_such() {
    let dir = temp_dir("loop");
    let link = dir.join("loop");
    std::os::unix::fs::symlink(&link, &link).expect("symlink");
    for name in ["loop", "loop.toml"] {
        let path = dir.join(name);
        if name != "loop" {
            std::os::unix::fs::symlink(&path, &path).expect("symlink");
        }
        let output = bushka(&["show", "--variant", path_text(&path)]);
        let err = one_line_error(&output);
        assert!(err.contains("a loop of symbolic links"), "{err}");
    }
}

#[test]
fn oversized_files_are_refused() {
    let dir = temp_dir("large");
    let big = dir.join("big.toml");
    let text = format!("{}\n{}", bushka_toml(), "# padding\n".repeat(120_000));
    std::fs::write(&big, text).expect("write");
    let output = bushka(&["check", path_text(&big)]);
    assert_eq!(output.status.code(), Some(1));
    let err = stderr(&output);
    assert!(err.contains("bytes; at most 1048576 are read"), "{err}");
    let record = dir.join("big.pdn");
    std::fs::write(
        &record,
        format!(
            "[Variant \"bushka\"]\n\n{}",
            "{ comment }\n".repeat(100_000)
        ),
    )
    .expect("write");
    let output = bushka(&["replay", path_text(&record)]);
    assert!(one_line_error(&output).contains("at most 1048576 are read"));
    let output = bushka_input(&["replay", "-"], "{}\n".repeat(600_000).as_bytes());
    assert!(one_line_error(&output).contains("at most 1048576 are read"));
}

#[test]
fn deeply_nested_toml_is_refused_before_parsing() {
    let dir = temp_dir("nested");
    let file = dir.join("nested.toml");
    let nested = format!("x = {}1{}\n", "{a = ".repeat(50_000), "}".repeat(50_000));
    std::fs::write(&file, format!("{nested}{}", bushka_toml())).expect("write");
    let output = bushka(&["check", path_text(&file)]);
    assert_eq!(output.status.code(), Some(1));
    let err = stderr(&output);
    assert!(
        err.contains("line 1, column 85: brackets and braces nest more than 16 deep"),
        "{err}"
    );
}

#[test]
fn huge_generators_fail_at_once_naming_the_key() {
    let dir = temp_dir("generators");
    for (generate, count) in [
        (
            "{ draughts = { width = 20000, height = 20000 } }",
            "200000000",
        ),
        (
            "{ draughts = { width = 2147483647, height = 1 } }",
            "1073741824",
        ),
        (
            "{ hexagon = { side = 2147483648 } }",
            "13835058048839712769",
        ),
    ] {
        let file = dir.join("huge.toml");
        let text = bushka_toml().replace("{ draughts = { width = 10, height = 10 } }", generate);
        std::fs::write(&file, text).expect("write");
        let output = bushka(&["show", "--variant", path_text(&file)]);
        let err = one_line_error(&output);
        assert!(
            err.contains("too many cells: `board.generate` (")
                && err.contains(&format!(") makes {count} cells; at most 1024")),
            "{err}"
        );
    }
}

#[test]
fn far_flung_display_coordinates_draw_a_small_board() {
    let dir = temp_dir("display");
    let file = dir.join("far.toml");
    let text = bushka_toml().replace(
        "[players.white]",
        "[board.display]\ncells = { a6 = [0, 60000], e0 = [60000, 0], i5 = [-5000, -5000] }\n\n[players.white]",
    );
    std::fs::write(&file, text).expect("write");
    let output = bushka(&["show", "--variant", path_text(&file)]);
    assert!(output.status.success(), "{}", stderr(&output));
    let out = stdout(&output);
    assert!(out.lines().count() < 40, "{out}");
    assert!(out.len() < 8_000, "{} bytes", out.len());
    // Out of range: one clear line.
    let text = bushka_toml().replace(
        "[players.white]",
        "[board.display]\nletter = [2147483647, 0]\n\n[players.white]",
    );
    std::fs::write(&file, text).expect("write");
    let output = bushka(&["show", "--variant", path_text(&file)]);
    let err = one_line_error(&output);
    assert!(
        err.contains(
            "bad value for `board.display.letter`: each component must lie between -65536 and 65536"
        ),
        "{err}"
    );
}

#[test]
fn a_record_names_only_builtins_or_files_beside_it() {
    let dir = temp_dir("record-variant");
    let record = |tag: &str| {
        let path = dir.join("game.pdn");
        std::fs::write(&path, format!("[Variant \"{tag}\"]\n\n1. f45 *\n")).expect("write");
        path
    };
    for tag in [
        "/dev/zero",
        "../variants/bushka.toml",
        "/etc/passwd",
        "sub/x.toml",
        "notes.txt",
    ] {
        let output = bushka(&["replay", path_text(&record(tag))]);
        let err = one_line_error(&output);
        assert!(
            err.contains(&format!("[Variant \"{tag}\"]: a record may name only a built-in variant or a variant file (*.toml) next to it; give --variant")),
            "{err}"
        );
    }
    // A variant file next to the record loads; a missing one is named.
    std::fs::write(dir.join("mine.toml"), bushka_toml()).expect("write");
    let output = bushka(&["replay", path_text(&record("mine.toml"))]);
    assert!(output.status.success(), "{}", stderr(&output));
    let output = bushka(&["replay", path_text(&record("other.toml"))]);
    assert!(one_line_error(&output).contains("no built-in variant or file"));
    // Standard input has no directory: built-in variants only.
    let output = bushka_input(&["replay", "-"], b"[Variant \"mine.toml\"]\n\n1. f45 *\n");
    assert!(
        one_line_error(&output)
            .contains("a record read from standard input may name only a built-in variant")
    );
    // --variant overrides the tag.
    let output = bushka(&[
        "replay",
        "--variant",
        "bushka",
        path_text(&record("/dev/zero")),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
}

#[test]
fn a_record_cannot_size_the_hash_table_nor_start_threads() {
    let dir = temp_dir("record-hash");
    let path = dir.join("game.pdn");
    std::fs::write(
        &path,
        "[Variant \"bushka\"]\n[White \"human\"]\n[Black \"engine:hash=4096:threads=64\"]\n\n*\n",
    )
    .expect("write");
    let saved = dir.join("saved.pdn");
    let script = format!("save {}\nquit\n", path_text(&saved));
    let output = bushka_input(&["play", "--load", path_text(&path)], script.as_bytes());
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).contains("Black is engine:level=6."),
        "{}",
        stdout(&output)
    );
    let text = std::fs::read_to_string(&saved).expect("saved record");
    assert!(text.contains("[Black \"engine:level=6\"]"), "{text}");
}

#[test]
fn player_specs_are_checked_like_the_options() {
    for (spec, why) in [
        ("engine:hash=0", "`hash=0` must be between 1 and 4096"),
        ("engine:hash=4097", "`hash=4097` must be between 1 and 4096"),
        ("engine:threads=0", "`threads=0` must be between 1 and 64"),
        ("engine:threads=65", "`threads=65` must be between 1 and 64"),
        ("engine:depth=0", "`depth=0` must be between 1 and 100"),
        (
            "engine:depth=4294967297",
            "`depth=4294967297` must be between 1 and 100",
        ),
        ("engine:movetime=0", "`movetime=0` must be at least 1"),
        ("random:seed=1:seed=2", "`seed` is given twice"),
        ("engine:depth=3:hash=8:depth=4", "`depth` is given twice"),
    ] {
        let output = bushka_input(&["play", "--black", spec], b"quit\n");
        let err = one_line_error(&output);
        assert!(
            err.contains(&format!("bad player `{spec}`: {why}")),
            "{err}"
        );
    }
}

#[test]
fn usage_errors_are_one_line() {
    for (args, says) in [
        (
            &["show", "--bogus"][..],
            "error: unexpected argument '--bogus' found; see --help",
        ),
        (
            &["analyse", "--movetime", "0"][..],
            "error: invalid value '0' for '--movetime <MS>': must be at least 1; see --help",
        ),
        (
            &["analyse", "--nodes", "0"][..],
            "error: invalid value '0' for '--nodes <NODES>': must be at least 1; see --help",
        ),
        (
            &["analyse", "--threads", "65"][..],
            "error: invalid value '65' for '--threads <THREADS>': 65 is not in 1..=64",
        ),
        (
            &["dxp", "--listen", "127.0.0.1:0", "--threads", "0"][..],
            "error: invalid value '0' for '--threads <THREADS>': 0 is not in 1..=64",
        ),
        (
            &["play", "--max-plies", "0"][..],
            "error: invalid value '0' for '--max-plies <N>': must be at least 1; see --help",
        ),
        (
            &["perft"][..],
            "error: the following required arguments were not provided: --depth <DEPTH>; see --help",
        ),
        (
            &["frobnicate"][..],
            "error: unrecognized subcommand 'frobnicate'",
        ),
    ] {
        let output = bushka(args);
        let err = one_line_error(&output);
        assert!(err.starts_with(says), "{args:?}: {err}");
    }
    let output = bushka(&["--help"]);
    assert!(output.status.success());
    assert!(stdout(&output).contains("Usage:"));
}

/// The 30x30 king among men (tests/data/families, made by tests/families.rs): listing
/// the position's captures takes far longer than 200 ms, so `analyse` gives up at its
/// time limit with one line naming it instead of running on.
#[test]
fn analyse_stops_at_its_time_limit_inside_a_huge_capture() {
    let position =
        std::fs::read_to_string(root().join("tests/data/families/king-among-men-30.position"))
            .expect("the family position");
    let output = bushka(&[
        "analyse",
        "--movetime",
        "200",
        "--variant",
        "tests/data/families/king-among-men-30.toml",
        "--position",
        position.trim(),
    ]);
    let err = one_line_error(&output);
    assert!(err.contains("stopped at the time limit"), "{err}");
}

/// The start of a game whose moves take more than the programs' step limit to list (the
/// 30x30 king among men as a position; the 1,024-cell board's start): every command
/// that plays a game says so in one line naming the position and exits 1, after a
/// few seconds' listing instead of minutes.
const UNLISTED: &str = "the start position: move generation stopped after 50000000 capture-search steps (the limit for one position)";

#[test]
fn play_and_replay_refuse_a_start_they_cannot_list() {
    let position =
        std::fs::read_to_string(root().join("tests/data/families/king-among-men-30.position"))
            .expect("the family position");
    let variant = "tests/data/families/king-among-men-30.toml";
    let output = bushka_input(
        &["play", "--variant", variant, "--position", position.trim()],
        b"",
    );
    let err = one_line_error(&output);
    assert!(err.starts_with(&format!("error: {UNLISTED}")), "{err}");
    let dir = temp_dir("unlisted");
    let record = dir.join("hostile.pdn");
    std::fs::write(&record, format!("[FEN \"{}\"]\n\n*\n", position.trim())).expect("write");
    let output = bushka(&["replay", "--variant", variant, path_text(&record)]);
    let err = one_line_error(&output);
    assert!(
        err.starts_with(&format!("error: {}: {UNLISTED}", path_text(&record))),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).expect("remove the directory");
}

#[test]
fn match_and_compare_refuse_a_start_they_cannot_list() {
    let variant = "tests/data/families/kings-1024.toml";
    let random = ["random", "--games", "2", "--variant", variant];
    for args in [
        [&["match", "--white", "random", "--black"][..], &random[..]].concat(),
        [&["compare", "--player"][..], &random[..]].concat(),
    ] {
        let err = one_line_error(&bushka(&args));
        assert!(
            err.starts_with(&format!("error: kings-1024, game 1: {UNLISTED}")),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn check_names_a_variant_whose_start_it_cannot_list() {
    let output = bushka(&["check", "tests/data/families/kings-1024.toml"]);
    assert_eq!(output.status.code(), Some(1));
    let out = stdout(&output);
    assert!(out.contains("kings-1024.toml: ok:"), "{out}");
    let err = stderr(&output);
    assert!(
        err.contains(&format!("tests/data/families/kings-1024.toml: {UNLISTED}")),
        "{err}"
    );
    assert!(err.contains("1 of 1 variant files are invalid"), "{err}");
}
