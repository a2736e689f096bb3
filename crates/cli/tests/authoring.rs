//! Integration tests of the authoring helpers: `new`, `cells`, `show --names` on an
//! unfinished file, `check`'s play-test and warnings, and the error messages.

use std::path::{Path, PathBuf};

mod common;

use common::{bushka, stderr, stdout};

/// A temporary directory, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!(
            "bushka-authoring-test-{}-{name}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }

    fn file(&self, name: &str, text: &str) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, text).expect("temp file");
        path.to_string_lossy().into_owned()
    }

    fn path(&self, name: &str) -> String {
        self.0.join(name).to_string_lossy().into_owned()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A variant file whose board is fine and whose players section is unfinished.
const UNFINISHED: &str = r#"[variant]
id = "draft"
name = "Draft"

[board]
generate = { draughts = { width = 6, height = 6 } }

[[board.directions]]
name = "up-right"
vector = [0, 1]

[[board.directions]]
name = "down-left"
vector = [0, -1]

[players.white]
forward = ["up-right"]
promotion = ["z9"]

[players.black]
forward = []
promotion = []
"#;

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(path)).expect("readable")
}

#[test]
fn new_writes_files_that_check_accepts_for_a_range_of_sizes() {
    let dir = TempDir::new("sizes");
    let mut boards: Vec<String> = Vec::new();
    for w in (4..=16).step_by(3) {
        for h in (4..=16).step_by(4) {
            boards.push(format!("draughts:{w}x{h}"));
        }
    }
    boards.extend((2..=9).map(|s| format!("hexagon:{s}")));
    let mut files = Vec::new();
    for board in &boards {
        let mut rows = 1;
        loop {
            let path = dir.path(&format!("{}-{rows}.toml", board.replace(':', "-")));
            let out = bushka(&[
                "new",
                "--board",
                board,
                "--rows",
                &rows.to_string(),
                "--out",
                &path,
            ]);
            if !out.status.success() {
                let err = stderr(&out);
                assert!(
                    err.contains("do not fit on this board"),
                    "{board} {rows}: {err}"
                );
                assert!(rows > 1, "{board}: one row always fits");
                break;
            }
            assert!(stdout(&out).contains("bushka check"), "names the next step");
            files.push(path);
            rows += 1;
        }
    }
    assert!(files.len() > boards.len(), "several row counts per board");
    let mut args = vec!["check", "--games", "4"];
    args.extend(files.iter().map(String::as_str));
    let out = bushka(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).matches(": ok: ").count(), files.len());
}

#[test]
fn new_draughts_12x12_with_four_rows() {
    let out = bushka(&["new", "--board", "draughts:12x12", "--rows", "4"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    for needle in [
        "generate = { draughts = { width = 12, height = 12 } }",
        "men = { rows = 4 }",
        "promotion = [\"a7\", \"b8\", \"c9\", \"d0\", \"e11\", \"f12\"]",
        "# Where White's men promote",
    ] {
        assert!(text.contains(needle), "{needle}: {text}");
    }
    let dir = TempDir::new("twelve");
    let path = dir.file("d12.toml", &text);
    let check = bushka(&["check", "--games", "10", &path]);
    assert!(
        stdout(&check).contains("72 cells, 4 directions, 23 lines, back ranks 6/6, men 24/24"),
        "{}",
        stdout(&check)
    );
    // --out never overwrites.
    let again = bushka(&["new", "--board", "hexagon:6", "--out", &path]);
    assert_eq!(again.status.code(), Some(1));
    assert_eq!(read(&path), text);
    for bad in [
        "draughts:12",
        "draughts:3x10",
        "hexagon:x",
        "square:5",
        "hexagon:40",
    ] {
        let out = bushka(&["new", "--board", bad]);
        assert_eq!(out.status.code(), Some(1), "{bad}");
        assert!(
            stderr(&out).contains("bad --board"),
            "{bad}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn cells_and_show_names_work_while_the_players_are_unfinished() {
    let dir = TempDir::new("unfinished");
    let path = dir.file("draft.toml", UNFINISHED);
    let out = bushka(&["cells", &path]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("18 cells, 2 directions; lettered lines a to e, numbered lines 1 to 6."),
        "{text}"
    );
    for name in ["c1", "a4", "e3", "c6"] {
        assert!(text.split_whitespace().any(|t| t == name), "{name}: {text}");
    }
    let shown = bushka(&["show", "--variant", &path, "--names"]);
    assert!(shown.status.success());
    assert_eq!(stdout(&shown), text, "the same drawing");
    assert!(
        stderr(&shown).contains("unknown cell `z9`"),
        "{}",
        stderr(&shown)
    );
    // Without --names there is nothing to draw: the error, exit 1.
    let plain = bushka(&["show", "--variant", &path]);
    assert_eq!(plain.status.code(), Some(1));
    assert!(
        stderr(&plain).contains("`bushka cells` on this file"),
        "{}",
        stderr(&plain)
    );
    // Built-in variants too.
    let builtin = stdout(&bushka(&["cells", "hexbushka"]));
    assert!(
        builtin.contains("61 cells, 6 directions; lettered lines a to i, numbered lines 1 to 9.")
    );
}

#[test]
fn a_mistyped_variant_name_gets_a_suggestion() {
    let out = bushka(&["show", "--variant", "hexbuska"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("did you mean `hexbushka`?"),
        "{}",
        stderr(&out)
    );
    let out = bushka(&["moves", "--variant", "bushka-9x10"]);
    assert!(
        stderr(&out).contains("did you mean `bushka-9x11`?"),
        "{}",
        stderr(&out)
    );
    let out = bushka(&["moves", "--variant", "chess"]);
    assert!(!stderr(&out).contains("did you mean"), "{}", stderr(&out));
}

#[test]
fn check_warns_about_a_start_that_forces_a_capture() {
    let dir = TempDir::new("forced");
    let text = common::variant_text("hexbushka-4")
        .replace("id = \"hexbushka-4\"", "id = \"forced\"")
        .replace(
            r#""b3", "c1", "c2", "d1"]"#,
            r#""b3", "b4", "c1", "c2", "d1", "d2"]"#,
        )
        .replace(r#"men = ["g4", "g5""#, r#"men = ["f4", "d6", "g4", "g5""#);
    let path = dir.file("forced.toml", &text);
    let out = bushka(&["check", "--games", "20", &path]);
    assert!(out.status.success(), "a warning is not an error");
    assert!(
        stderr(&out).contains("warning: the start position forces a capture"),
        "{}",
        stderr(&out)
    );
    assert!(
        stdout(&out).contains("played 20 random games"),
        "{}",
        stdout(&out)
    );
    let strict = bushka(&["check", "--strict", "--games", "20", &path]);
    assert_eq!(strict.status.code(), Some(1));
    // The shipped variants have no warning.
    let shipped = bushka(&[
        "check",
        "--strict",
        "--games",
        "50",
        "variants/bushka.toml",
        "variants/hexbushka.toml",
        "variants/hexbushka-4.toml",
    ]);
    assert!(shipped.status.success(), "{}", stderr(&shipped));
}

#[test]
fn check_warns_about_a_side_that_cannot_move_or_promote() {
    let dir = TempDir::new("stuck");
    // White's men face an edge they can never leave: "down-left" from the bottom row.
    let text = common::variant_text("bushka")
        .replace(
            "forward = [\"up-right\", \"up-left\"]",
            "forward = [\"down-left\"]",
        )
        .replace("id = \"bushka\"", "id = \"stuck\"");
    let path = dir.file("stuck.toml", &text);
    let out = bushka(&["check", "--games", "20", &path]);
    let err = stderr(&out);
    assert!(
        err.contains("warning: White has no legal move in the start position"),
        "{err}"
    );
    assert!(
        err.contains("warning: White's men can never reach its promotion zone"),
        "{err}"
    );
    assert!(
        err.contains("warning: Black won every one of the 20 random games"),
        "{err}"
    );
}

#[test]
fn two_variants_with_one_id_are_an_error() {
    let out = bushka(&[
        "check",
        "--games",
        "0",
        "variants/bushka.toml",
        "variants/bushka.toml",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("the id `bushka` is already used by variants/bushka.toml"),
        "{}",
        stderr(&out)
    );
    let out = bushka(&[
        "compare",
        "--variant",
        "bushka",
        "--variant",
        "variants/bushka.toml",
        "--games",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("have the same id `bushka`"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn variant_file_errors_are_in_plain_words() {
    let dir = TempDir::new("words");
    let text = common::variant_text("bushka").replace("min_line = 2 ", "min_line = \"two\" ");
    let path = dir.file("words.toml", &text);
    let out = bushka(&["check", &path]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("expected a whole number, found the text \"two\""),
        "{}",
        stderr(&out)
    );
}
