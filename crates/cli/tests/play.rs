//! Integration tests of `bushka play`, driving the binary through standard input.
//!
//! Two ways: a whole script written at once (`play_script`), or a conversation
//! (`Conversation`) that waits for each prompt (output ending in `> `) before typing
//! the next line, so the test can answer what the program printed.

use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Output, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

mod common;

use common::{command, stderr, stdout};

const OFFICIAL: [&str; 3] = ["bushka", "bushka-9x11", "hexbushka"];

/// The start position strings of the official boards.
const BUSHKA_START: &str =
    "W:Wd2,e1,e2,e3,f2,f3,f4,g3,g4,g5,h4,h5,h6,i5,i6:Ba5,a6,b5,b6,b7,c6,c7,c8,d7,d8,d9,e8,e9,e0,f9";

/// Runs `bushka play ARGS` with `input` on standard input (then end of input).
fn play_script(args: &[&str], input: &[u8]) -> Output {
    let mut child = command()
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the bushka binary runs");
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.to_vec();
    // Written from a thread: the output may fill its pipe before the input is read.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("bushka finishes");
    writer.join().expect("the writer thread");
    output
}

/// Asserts a clean exit (code 0, nothing on standard error) and returns the output.
fn ok(output: &Output) -> String {
    let text = stdout(output);
    assert_eq!(output.status.code(), Some(0), "{text}\n{}", stderr(output));
    assert_eq!(stderr(output), "", "{text}");
    text
}

/// The position strings printed by the `position` command, in order.
fn positions(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|l| l.rsplit("> ").next())
        .filter(|l| (l.starts_with("W:") || l.starts_with("B:")) && l.contains(":B"))
        .collect()
}

/// `bushka play` in conversation.
struct Conversation {
    child: Child,
    stdin: Option<ChildStdin>,
    chunks: Receiver<Vec<u8>>,
    /// Everything printed so far.
    text: String,
    /// Where the text not yet returned by `until_prompt` starts.
    mark: usize,
}

impl Conversation {
    fn start(args: &[&str]) -> Conversation {
        let mut child = command()
            .arg("play")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the bushka binary runs");
        let stdin = child.stdin.take();
        let mut out = child.stdout.take().expect("piped stdout");
        let (tx, chunks) = channel();
        std::thread::spawn(move || {
            let mut buffer = [0u8; 8192];
            while let Ok(n) = out.read(&mut buffer) {
                if n == 0 || tx.send(buffer[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Conversation {
            child,
            stdin,
            chunks,
            text: String::new(),
            mark: 0,
        }
    }

    /// The output up to the next prompt (or to the end of the output).
    fn until_prompt(&mut self) -> String {
        loop {
            if self.text[self.mark..].ends_with("> ") {
                break;
            }
            match self.chunks.recv_timeout(Duration::from_secs(60)) {
                Ok(chunk) => self.text.push_str(&String::from_utf8_lossy(&chunk)),
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
                Err(e) => panic!("no prompt ({e}); output so far:\n{}", self.text),
            }
        }
        let new = self.text[self.mark..].to_string();
        self.mark = self.text.len();
        new
    }

    /// Types a line, and returns the output up to the next prompt.
    fn say(&mut self, line: &str) -> String {
        let stdin = self.stdin.as_mut().expect("input still open");
        writeln!(stdin, "{line}").expect("bushka reads its input");
        stdin.flush().expect("flush");
        self.until_prompt()
    }

    /// Closes the input and waits for the end; returns the rest and the exit code.
    fn finish(mut self) -> (String, Option<i32>) {
        drop(self.stdin.take());
        let rest = self.until_prompt();
        let status = self.child.wait().expect("bushka finishes");
        (rest, status.code())
    }
}

/// The first legal move in a `moves` listing.
fn first_move(listing: &str) -> String {
    let mut lines = listing
        .lines()
        .skip_while(|l| !l.starts_with("Legal moves ("));
    let header = lines
        .next()
        .unwrap_or_else(|| panic!("no listing in:\n{listing}"));
    assert!(header.ends_with(':'), "{header}");
    let line = lines
        .next()
        .unwrap_or_else(|| panic!("no moves in:\n{listing}"));
    line.split_whitespace()
        .next()
        .unwrap_or_else(|| panic!("empty line in:\n{listing}"))
        .to_string()
}

#[test]
fn a_whole_game_against_random_on_each_official_board() {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    for variant in OFFICIAL {
        let file = tmp.path().join(format!("whole-{variant}.pdn"));
        let mut play = Conversation::start(&["--variant", variant, "--black", "random:seed=3"]);
        let mut text = play.until_prompt();
        assert!(
            text.contains("White is human, Black is random:seed=3"),
            "{text}"
        );
        let mut plies = 0;
        while !text.contains("Game over:") {
            assert!(plies < 2000, "{variant}: the game does not end:\n{text}");
            let listing = play.say("moves");
            let mv = first_move(&listing);
            text = play.say(&mv);
            assert!(
                text.contains(&format!(" White (human) plays {mv}")),
                "{variant}: {mv}:\n{text}"
            );
            plies += 2;
        }
        assert!(
            text.contains("White wins: Black has no legal move")
                || text.contains("Black wins: White has no legal move")
                || text.contains("drawn by threefold repetition"),
            "{variant}:\n{text}"
        );
        assert!(text.ends_with("game over> "), "{text}");
        let saved = play.say(&format!("save {}", file.display()));
        assert!(saved.contains("Saved the game"), "{saved}");
        let rest = play.say("quit");
        let (_, code) = play.finish();
        assert_eq!(code, Some(0), "{rest}");

        // The saved record replays to the same end.
        let replay = command()
            .args(["replay"])
            .arg(&file)
            .output()
            .expect("replay runs");
        let replayed = ok(&replay);
        let result = ["1-0", "0-1", "1/2-1/2"]
            .into_iter()
            .find(|r| text.contains(&format!("Result {r}.")))
            .expect("a result");
        assert!(
            replayed.contains(&format!("Result: {result}")),
            "{replayed}"
        );
    }
}

#[test]
fn undo_against_the_computer_takes_back_a_full_move() {
    let out = play_script(
        &["--black", "random:seed=3"],
        b"f45\nundo\nposition\nundo\nquit\n",
    );
    let text = ok(&out);
    assert!(text.contains("1. White (human) plays f45"), "{text}");
    assert!(text.contains("Took back 1. f45, 1... "), "{text}");
    assert_eq!(positions(&text), [BUSHKA_START], "{text}");
    assert!(text.contains("Nothing to take back."), "{text}");
    assert!(text.contains("Leaving the game unfinished."), "{text}");
}

#[test]
fn undo_between_two_people_takes_back_one_move() {
    let out = play_script(
        &["--white", "human", "--black", "human"],
        b"f45\nundo\nposition\n",
    );
    let text = ok(&out);
    assert!(text.contains("1. White plays f45"), "{text}");
    assert!(text.contains("Took back 1. f45."), "{text}");
    assert_eq!(positions(&text), [BUSHKA_START], "{text}");
}

#[test]
fn illegal_and_garbled_input_is_explained_and_the_game_goes_on() {
    let mut input = b"xyzzy\nmvoes\nf4 f9\nc4 c5\na5 a4\nq9 z1\nf4x5x\nundo now\nsave\n".to_vec();
    input.extend_from_slice(
        b"\xff\xfe\x1b[A\n\n   \nsave /nonexistent-dir/x.pdn\nf4-f5\nposition\n",
    );
    let out = play_script(&["--black", "random:seed=3"], &input);
    let text = ok(&out);
    for expected in [
        "`xyzzy` is not a move.",
        "Did you mean `moves`?",
        "`f4 f9` is not a legal move here.",
        "Legal moves from f4: f45",
        "There is no piece on c4.",
        "a5 holds a Black man, and it is White's turn.",
        "`q9 z1` is not a move: there is no cell q9 and no cell z1 on this board.",
        "more than one `x`",
        "`undo` takes no argument",
        "`save` needs a file name",
        "There are 24 legal moves. Type `moves` to list them, `help` for help.",
        "Cannot save to /nonexistent-dir/x.pdn: ",
        "1. White (human) plays f45",
        "End of input: leaving the game unfinished.",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in:\n{text}");
    }
    assert_eq!(positions(&text).len(), 1, "{text}");
}

#[test]
fn a_move_can_be_typed_as_two_cells_on_each_board() {
    for (variant, typed, notation) in [
        ("bushka", "f4 f5", "f45"),
        ("bushka", "f4-f5", "f45"),
        ("bushka", "g5 f5", "gf5"),
        ("bushka-9x11", "f4 f5", "f45"),
        ("hexbushka", "e2 f3", "e2f3"),
        ("hexbushka", "E2-F3", "e2f3"),
    ] {
        let out = play_script(
            &["--variant", variant, "--white", "human", "--black", "human"],
            format!("{typed}\n").as_bytes(),
        );
        let text = ok(&out);
        assert!(
            text.contains(&format!("1. White plays {notation}")),
            "{variant} {typed}:\n{text}"
        );
    }
    // A piece capture whose route passes other cells, named by its two ends.
    let out = play_script(
        &["--position", "W:Wd6,g5,Ke1:Bf7,Kd8", "--black", "human"],
        b"d6 e7\n",
    );
    let text = ok(&out);
    assert!(
        text.contains("White to move; a capture is compulsory (2 pieces)."),
        "{text}"
    );
    assert!(
        text.contains("1. White plays d6e7x, taking f7 d8"),
        "{text}"
    );
}

#[test]
fn save_and_load_continue_the_game() {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    for variant in OFFICIAL {
        let file = tmp.path().join(format!("saved-{variant}.pdn"));
        let script = format!("moves\nhint\nsave {}\nposition\nquit\n", file.display());
        // Play a few moves first, chosen from the listing.
        let mut play = Conversation::start(&["--variant", variant, "--black", "random:seed=7"]);
        play.until_prompt();
        for _ in 0..3 {
            let listing = play.say("moves");
            let mv = first_move(&listing);
            play.say(&mv);
        }
        let mut before = String::new();
        for line in script.lines() {
            before.push_str(&play.say(line));
        }
        let (_, code) = play.finish();
        assert_eq!(code, Some(0));
        assert!(before.contains("Hint: "), "{before}");
        assert!(before.contains("Saved the game (6 moves)"), "{before}");
        let record = std::fs::read_to_string(&file).expect("the record was written");
        assert!(
            record.contains(&format!("[Variant \"{variant}\"]")),
            "{record}"
        );
        assert!(record.contains("[White \"human\"]"), "{record}");
        assert!(record.contains("[Black \"random:seed=7\"]"), "{record}");
        assert!(record.contains("[Result \"*\"]"), "{record}");
        assert!(record.contains("[Date \""), "{record}");
        assert!(record.contains("1. ") && record.contains("3. "), "{record}");

        // Loading takes the variant and the players from the record.
        let out = play_script(
            &["--load", &file.display().to_string()],
            b"position\nquit\n",
        );
        let after = ok(&out);
        assert!(after.contains("6 moves played."), "{after}");
        assert!(after.contains("Black is random:seed=7"), "{after}");
        assert!(after.contains("4. White> "), "{after}");
        assert_eq!(
            positions(&before),
            positions(&after),
            "{before}\n---\n{after}"
        );
    }
}

#[test]
fn a_game_from_a_position_with_black_to_move_saves_its_fen() {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let file = tmp.path().join("fen.pdn");
    let position = "B:Wa1,b1,c1,e2:Be8,g9,h9,i9";
    let out = play_script(
        &[
            "--variant",
            "hexbushka",
            "--position",
            position,
            "--white",
            "human",
            "--black",
            "human",
        ],
        format!("moves\nsave {}\nposition\n", file.display()).as_bytes(),
    );
    let text = ok(&out);
    assert!(text.contains("1... Black> "), "{text}");
    let record = std::fs::read_to_string(&file).expect("saved");
    assert!(
        record.contains(&format!("[FEN \"{position}\"]")),
        "{record}"
    );
    let out = play_script(&["--load", &file.display().to_string()], b"position\n");
    let loaded = ok(&out);
    assert!(loaded.contains("Hexbushka"), "{loaded}");
    assert_eq!(positions(&loaded), [position], "{loaded}");
}

#[test]
fn a_finished_game_loads_as_finished() {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let file = tmp.path().join("resigned.pdn");
    let out = play_script(
        &["--white", "human", "--black", "human"],
        format!("f45\nresign\nsave {}\nquit\n", file.display()).as_bytes(),
    );
    let text = ok(&out);
    assert!(text.contains("Black resigns."), "{text}");
    assert!(
        text.contains("Game over: White wins: Black resigned. Result 1-0."),
        "{text}"
    );
    let out = play_script(
        &["--load", &file.display().to_string()],
        b"undo\nposition\nquit\n",
    );
    let text = ok(&out);
    assert!(
        text.contains("Game over: White wins: Black resigned. Result 1-0."),
        "{text}"
    );
    assert!(text.contains("Took back the resignation."), "{text}");
    assert!(text.contains("1... Black> "), "{text}");
}

#[test]
fn bad_arguments_and_files_exit_1() {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let cases: [(&[&str], &str); 6] = [
        (&["--white", "robot"], "bad player `robot`"),
        (&["--black", "engine:depth=x"], "not a whole number"),
        (&["--load", "no/such/file.pdn"], "no/such/file.pdn"),
        (&["--load", "-"], "--load needs a file"),
        (&["--variant", "chess"], "unknown variant `chess`"),
        (&["--position", "W:Wz9:Ba5"], "unknown cell `z9`"),
    ];
    for (args, message) in cases {
        let out = play_script(args, b"");
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stdout(&out));
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
    }
    let bad = tmp.path().join("bad.pdn");
    std::fs::write(&bad, "[Variant \"bushka\"]\n1. f45 f45 *\n").expect("write");
    let out = play_script(&["--load", &bad.display().to_string()], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("move 1... f45"), "{}", stderr(&out));
}

#[test]
fn end_of_input_in_the_middle_of_a_game_quits_cleanly() {
    for variant in OFFICIAL {
        let out = play_script(
            &["--variant", variant, "--black", "random:seed=1"],
            b"moves\n",
        );
        let text = ok(&out);
        assert!(
            text.trim_end()
                .ends_with("End of input: leaving the game unfinished."),
            "{text}"
        );
    }
    // Even with nothing typed at all, and while a draw offer waits for its answer.
    let text = ok(&play_script(&[], b""));
    assert!(text.contains("End of input"), "{text}");
    let text = ok(&play_script(&["--black", "human"], b"draw\n"));
    assert!(
        text.contains("White offers a draw. Black, do you accept?"),
        "{text}"
    );
    assert!(text.contains("End of input"), "{text}");
}

#[test]
fn random_against_random_plays_to_the_end_on_each_board() {
    for variant in OFFICIAL {
        let out = play_script(
            &[
                "--variant",
                variant,
                "--white",
                "random",
                "--black",
                "random:seed=9",
            ],
            b"",
        );
        let text = ok(&out);
        assert!(text.contains("1. White (random:seed=0) plays "), "{text}");
        assert!(text.contains("1... Black (random:seed=9) plays "), "{text}");
        let end = text
            .lines()
            .find(|l| l.starts_with("Game over: "))
            .unwrap_or_else(|| panic!("{variant}: no end:\n{text}"));
        assert!(
            end.contains("has no legal move") || end.contains("repetition"),
            "{end}"
        );
        assert!(!text.contains("> "), "no prompt without a human:\n{text}");
    }
}

#[test]
fn engines_play_each_other_and_the_ply_limit_adjudicates() {
    let out = play_script(
        &[
            "--white",
            "engine:depth=2",
            "--black",
            "engine:depth=2",
            "--max-plies",
            "4",
        ],
        b"",
    );
    let text = ok(&out);
    assert!(
        text.contains("White (engine:depth=2) is thinking..."),
        "{text}"
    );
    assert!(
        text.contains("2... Black (engine:depth=2) plays "),
        "{text}"
    );
    assert!(
        text.contains("Game over: stopped after 4 plies (--max-plies) and adjudicated a draw."),
        "{text}"
    );
}

#[test]
fn draw_offers_resignation_and_the_other_commands() {
    // The engine accepts a draw in the even start position...
    let text = ok(&play_script(&["--black", "engine:depth=3"], b"draw\n"));
    assert!(
        text.contains("Black (engine:depth=3) accepts the draw"),
        "{text}"
    );
    assert!(
        text.contains("Game over: drawn by agreement. Result 1/2-1/2."),
        "{text}"
    );
    // ...and declines when a side is far ahead.
    let text = ok(&play_script(
        &[
            "--black",
            "engine:depth=3",
            "--position",
            "W:Wd2,e3,f4,g5,h6,e2:Bc6",
        ],
        b"draw\nresign\n",
    ));
    assert!(
        text.contains("Black (engine:depth=3) declines the draw"),
        "{text}"
    );
    assert!(
        text.contains("Game over: Black wins: White resigned. Result 0-1."),
        "{text}"
    );
    // Between people the other is asked.
    let text = ok(&play_script(&["--black", "human"], b"draw\nno\ndraw\ny\n"));
    assert!(
        text.contains("Black declines the draw. White to move."),
        "{text}"
    );
    assert!(text.contains("Black accepts the draw."), "{text}");

    let text = ok(&play_script(&["--black", "human"], b"help\nflip\nnames\n"));
    for command in [
        "moves",
        "undo",
        "hint",
        "draw",
        "resign",
        "save FILE",
        "flip",
        "help",
        "quit",
    ] {
        assert!(
            text.contains(&format!("  {command} ")),
            "{command}:\n{text}"
        );
    }
    assert!(
        text.contains("i5    h4    g3    f2    e1"),
        "flipped names:\n{text}"
    );
    assert!(
        text.contains("    w   w   w   w   w   i5 .. e1"),
        "names hidden:\n{text}"
    );
}

#[test]
fn playing_black_against_the_computer_shows_the_board_from_black() {
    let text = ok(&play_script(
        &["--white", "random:seed=1", "--black", "human"],
        b"quit\n",
    ));
    assert!(text.contains("1. White (random:seed=1) plays "), "{text}");
    assert!(text.contains("1... Black> "), "{text}");
    let first_row = text
        .lines()
        .find(|l| l.contains("i5") || l.contains("e0"))
        .expect("a board");
    assert!(
        first_row.contains("i5"),
        "White's corner at the top:\n{text}"
    );
}
