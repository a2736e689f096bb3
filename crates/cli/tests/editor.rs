//! `bushka play` at a real terminal: line editing and history. The binary runs under
//! `script` (util-linux), which gives it a pseudo-terminal for input and output.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

mod common;

use common::root;

/// Runs `bushka play ARGS` on a pseudo-terminal, typing `keys` one piece at a time
/// (with a pause before each, so the line editor reads them as typed); returns what
/// the terminal showed.
fn at_a_terminal(args: &str, keys: &[&str]) -> String {
    let program = env!("CARGO_BIN_EXE_bushka");
    let mut child = Command::new("script")
        .args(["-qec", &format!("{program} play {args}"), "/dev/null"])
        .current_dir(root())
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("`script` (util-linux) runs");
    let mut stdin = child.stdin.take().expect("piped stdin");
    for key in keys {
        std::thread::sleep(Duration::from_millis(400));
        stdin.write_all(key.as_bytes()).expect("typing");
        stdin.flush().expect("typing");
    }
    std::thread::sleep(Duration::from_millis(400));
    drop(stdin);
    let output = child.wait_with_output().expect("script finishes");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn the_up_arrow_recalls_the_last_line_and_backspace_mends_a_typo() {
    let shown = at_a_terminal(
        "--black human",
        // `moves`; the up arrow brings it back; a typo mended with backspace.
        &["moves\r", "\x1b[A\r", "f4 f6\x7f5\r", "quit\r"],
    );
    assert_eq!(
        shown.matches("Legal moves (24)").count(),
        2,
        "the recalled line ran again:\n{shown}"
    );
    assert!(
        shown.contains("1. White plays f45"),
        "backspace mended the move:\n{shown}"
    );
    assert!(!shown.contains("?[A"), "no raw escape sequence:\n{shown}");
    assert!(shown.contains("Leaving the game unfinished."), "{shown}");
}
