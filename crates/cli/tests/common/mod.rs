//! Running the `bushka` binary from the integration tests.

#![allow(dead_code)] // each test file uses its own subset

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The workspace root (where `variants/` lives).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A fresh, empty directory for one test (`name` keeps tests apart); the test removes
/// it when done.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bushka-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// The `bushka` binary to run from the workspace root with colour off, its arguments
/// still to add.
pub fn command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_bushka"));
    command.current_dir(root()).env("NO_COLOR", "1");
    command
}

/// Runs `bushka` with `args` from the workspace root, with colour off.
pub fn bushka(args: &[&str]) -> Output {
    command()
        .args(args)
        .output()
        .expect("the bushka binary runs")
}

/// Standard output as text.
pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

/// Standard error as text.
pub fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("stderr is UTF-8")
}

/// Runs `bushka` with `args` from the workspace root, colour off, `input` on its
/// standard input.
pub fn bushka_input(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = command()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the bushka binary runs");
    if let Some(mut stdin) = child.stdin.take() {
        // The program may stop reading early (an error); that is its answer.
        let _ = stdin.write_all(input);
    }
    child
        .wait_with_output()
        .expect("the bushka binary finishes")
}

/// Runs `bushka` with `args`, which must succeed, and returns its standard output.
pub fn succeeds(args: &[&str]) -> String {
    let output = bushka(args);
    assert!(
        output.status.success(),
        "bushka {args:?} failed: {}",
        stderr(&output)
    );
    stdout(&output)
}

/// The lines `match --each` writes for its games (`game N: ...`).
pub fn game_lines(out: &str) -> Vec<&str> {
    out.lines().filter(|l| l.starts_with("game ")).collect()
}

/// Asserts that a match's output (with `--each`) has `games` games, none lost by a
/// forfeit nor stopped at the ply limit.
pub fn played_out(out: &str, games: usize) {
    let lines = game_lines(out);
    assert_eq!(lines.len(), games, "{out}");
    for line in lines {
        assert!(!line.contains("forfeit"), "{line}");
        assert!(!line.contains("ply limit"), "played to the end: {line}");
    }
}

/// The text of `variants/NAME.toml` without its learned evaluation's `weights` line: a
/// copy written elsewhere has no weights file beside it.
pub fn variant_text(name: &str) -> String {
    std::fs::read_to_string(root().join(format!("variants/{name}.toml")))
        .expect("a variant file")
        .replace(&format!("weights = \"weights/{name}.toml\"\n"), "")
}
