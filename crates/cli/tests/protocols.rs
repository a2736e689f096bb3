//! Other engines as players: bushka against itself over Hub, UGI and DXP (its own
//! `hub`, `ugi` and `dxp` commands as the other program) to the end of the game with
//! the right result, and broken programs (a crash, a hang, garbage, an illegal move)
//! that lose their games with the reason, in bounded time.

use std::io::{BufRead, BufReader};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

mod common;

use common::{bushka, command, game_lines, played_out, stderr, stdout, succeeds as run_match};

/// The `bushka` binary, for the specs of other programs.
const BUSHKA: &str = env!("CARGO_BIN_EXE_bushka");

/// Checks that every game ended by a rule of the game, with a result.
fn ended_by_the_rules(out: &str, games: usize) {
    played_out(out, games);
    for line in game_lines(out) {
        assert!(
            line.contains(": 1-0, ") || line.contains(": 0-1, ") || line.contains(": 1/2-1/2, "),
            "{line}"
        );
    }
}

/// Bushka has no move limit: two equal engines may manoeuvre past the match's ply
/// limit without a threefold repetition (their play depends on the machine's speed).
/// Such a game still carried every one of its plies through both protocols; every
/// other game ended by a rule with its result, and most games do.
#[test]
fn bushka_plays_itself_over_hub_and_ugi_on_every_official_board() {
    let mut by_the_rules = 0;
    for variant in ["draughts", "bushka", "bushka-9x11", "hexbushka"] {
        let hub = format!("hub:{BUSHKA} hub --variant {variant}");
        // The UGI client sets the program's `variant` option to the match's variant.
        let ugi = format!("ugi:{BUSHKA} ugi");
        let out = run_match(&[
            "match",
            "--variant",
            variant,
            "--white",
            &hub,
            "--black",
            &ugi,
            "--games",
            "2",
            "--movetime",
            "0.02",
            // A loaded machine may answer late: these games test the protocols, not
            // the clock (a late answer's forfeit has its own test below).
            "--time-margin",
            "10000",
            "--max-plies",
            "2000",
            "--each",
        ]);
        let lines = game_lines(&out);
        assert_eq!(lines.len(), 2, "{out}");
        for line in lines {
            assert!(!line.contains("forfeit"), "{line}");
            if line.contains("ply limit") {
                assert!(line.ends_with(" 2000 plies"), "{line}");
            } else {
                assert!(
                    line.contains(": 1-0, ")
                        || line.contains(": 0-1, ")
                        || line.contains(": 1/2-1/2, "),
                    "{line}"
                );
                by_the_rules += 1;
            }
        }
    }
    assert!(
        by_the_rules >= 4,
        "only {by_the_rules} of 8 games ended by a rule"
    );
}

#[test]
fn the_hub_extension_names_bushka_s_variants_through_the_variant_parameter() {
    // The program starts on International; the client sets its `variant` parameter.
    let hub = format!("hub:{BUSHKA} hub");
    let out = run_match(&[
        "match",
        "--variant",
        "hexbushka-4",
        "--white",
        &hub,
        "--black",
        "greedy",
        "--games",
        "2",
        "--movetime",
        "0.02",
        "--time-margin",
        "10000",
        "--each",
    ]);
    ended_by_the_rules(&out, 2);
}

/// `bushka dxp --listen 127.0.0.1:0` started, with the port it listens on.
fn dxp_follower() -> (Child, String) {
    let mut child = command()
        .args(["dxp", "--listen", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bushka dxp starts");
    let mut first = String::new();
    BufReader::new(child.stderr.take().expect("stderr"))
        .read_line(&mut first)
        .expect("a line");
    let address = first
        .trim()
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("{first:?}"))
        .to_string();
    (child, address)
}

/// Waits for `child` to end by itself, for at most `patience`.
fn ends_within(child: &mut Child, patience: Duration) -> std::process::ExitStatus {
    let until = Instant::now() + patience;
    while Instant::now() < until {
        if let Some(status) = child.try_wait().expect("waits") {
            return status;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let _ = child.kill();
    panic!("did not end in time");
}

#[test]
fn bushka_plays_itself_over_dxp_as_follower_and_as_initiator() {
    // bushka's DXP client (the match) against `bushka dxp` as the follower, to the end.
    let (mut follower, address) = dxp_follower();
    let spec = format!("dxp,time=1:{address}");
    let out = run_match(&[
        "match",
        "--variant",
        "draughts",
        "--white",
        &spec,
        "--black",
        "engine:movetime=20",
        "--games",
        "1",
        "--max-plies",
        "2000",
        "--each",
    ]);
    ended_by_the_rules(&out, 1);
    assert!(ends_within(&mut follower, Duration::from_secs(60)).success());
    let mut log = String::new();
    std::io::Read::read_to_string(&mut follower.stdout.take().expect("stdout"), &mut log)
        .expect("its log");
    let result = game_lines(&out)[0]
        .split(": ")
        .nth(2)
        .and_then(|r| r.split(',').next())
        .unwrap_or_default()
        .to_string();
    let theirs: Vec<&str> = log.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(theirs.len(), 1, "{log}");
    assert!(
        theirs[0].contains(&format!("bushka White, {result} ")),
        "{out}\n{log}"
    );

    // `bushka dxp --initiator` against `bushka dxp` as the follower: a game of at most
    // 10 moves each way, ended by the initiator at the move limit.
    let (mut follower, address) = dxp_follower();
    let out = run_match(&[
        "dxp",
        "--connect",
        &address,
        "--initiator",
        "--time",
        "1",
        "--moves",
        "10",
        "--games",
        "2",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "game 1: bushka White, * (10 moves played, unfinished) after 20 plies",
            "game 2: bushka Black, * (the peer ended it (E0)) after 20 plies",
        ],
        "{out}"
    );
    assert!(ends_within(&mut follower, Duration::from_secs(60)).success());
}

/// A Hub program written in `sh`: it introduces itself, gets ready, and answers each
/// `go` with `answer` (a shell command).
fn fake_hub(answer: &str) -> String {
    format!(
        "hub:sh -c 'while read -r line; do case \"$line\" in \
         hub) echo id name=fake; echo wait;; \
         init) echo ready;; \
         go*) {answer};; \
         quit) exit 0;; \
         esac; done'"
    )
}

#[test]
fn broken_programs_lose_their_games_with_the_reason_in_bounded_time() {
    for (spec, reason) in [
        ("hub:sh -c 'exit 3'".to_string(), "cannot start"),
        (fake_hub("exit 3"), "crashed"),
        (
            fake_hub("sleep 10"),
            "no answer: none within 1.0 s of `stop`",
        ),
        // A line after `stop` does not shorten the wait the message tells.
        (
            fake_hub("sleep 2.7; echo info depth=1; sleep 10"),
            "no answer: none within 1.0 s of `stop`",
        ),
        (fake_hub("sleep 1; echo done move=32-28"), "out of time"),
        (fake_hub("echo done move=banana"), "garbage"),
        (fake_hub("echo done move=11-15"), "illegal move"),
        (fake_hub("echo done move=32-28 ponder=19-23"), ""),
    ] {
        let started = Instant::now();
        let output = bushka(&[
            "match",
            "--variant",
            "draughts",
            "--white",
            &spec,
            "--black",
            "random",
            "--games",
            "1",
            "--movetime",
            "0.2",
            "--max-plies",
            "4",
            "--random-opening",
            "0",
            "--each",
        ]);
        let waited = started.elapsed();
        assert!(waited < Duration::from_secs(60), "{spec}: {waited:?}");
        if reason == "cannot start" {
            // A program that dies before it is ready fails the match before its first
            // game, with the spec and what happened.
            assert_eq!(output.status.code(), Some(1), "{spec}");
            let err = stderr(&output);
            assert!(
                err.contains("player `hub:sh -c 'exit 3'`: crashed"),
                "{err}"
            );
            continue;
        }
        let out = stdout(&output);
        assert!(output.status.success(), "{spec}: {}", stderr(&output));
        let line = game_lines(&out)
            .first()
            .copied()
            .unwrap_or_default()
            .to_string();
        if reason.is_empty() {
            // The fake knows one answer, 32-28: legal first, illegal when repeated.
            assert!(line.contains("forfeit by White: illegal move"), "{line}");
        } else {
            assert!(line.contains(": 0-1, "), "{spec}: {line}");
            assert!(
                line.contains(&format!("forfeit by White: {reason}")),
                "{spec}: {line}"
            );
        }
    }
}
