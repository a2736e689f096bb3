//! `bushka hub` transcripts: every command of Hub 2, malformed lines and arguments,
//! `stop` during an infinite search, pondering, and bushka's variant extension.

mod support;

use std::time::Duration;

use bushka_protocol_server::serve_hub;
use bushka_session::Variant;
use support::Conversation;

const START: &str = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";

fn variant(name: &str) -> Variant {
    Variant::new(bushka_geometry::resolve(name).expect("a built-in"))
}

/// `bushka hub` for International, introduced and initialised.
fn ready() -> Conversation {
    let v = variant("draughts");
    let mut hub = Conversation::start(move |input, output| serve_hub(&v, input, output));
    hub.send("hub");
    assert_eq!(hub.expect("id"), "id name=bushka version=0.1.0");
    let param = hub.expect("param");
    assert!(param.starts_with("param name=variant value=normal type=enum values=\""));
    assert!(
        param.contains(" normal ") && param.contains("bushka"),
        "{param}"
    );
    assert_eq!(
        hub.expect("param"),
        "param name=variant-file value=\"\" type=string"
    );
    assert_eq!(
        hub.expect("param"),
        "param name=hash value=64 type=int min=1 max=4096"
    );
    assert_eq!(
        hub.expect("param"),
        "param name=threads value=1 type=int min=1 max=64"
    );
    hub.expect("wait");
    hub.send("set-param name=hash value=16");
    // Every search of these tests runs on two threads.
    hub.send("set-param name=threads value=2");
    hub.send("init");
    hub.expect("ready");
    hub
}

/// The value of `name=` in a protocol line of `name=value` words (unquoted values).
pub fn value<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    line.split_whitespace()
        .find_map(|w| w.strip_prefix(name).and_then(|r| r.strip_prefix('=')))
}

/// The move of a `done` line.
fn done_move(line: &str) -> String {
    value(line, "move").expect("a move").to_string()
}

#[test]
fn a_game_s_searches_answer_in_hub_s_formats() {
    let mut hub = ready();
    hub.send("ping");
    hub.expect("pong");
    hub.send("new-game");
    hub.send(&format!("pos pos={START}"));
    hub.send("level depth=3");
    hub.send("go think");
    let info = hub.expect("info");
    assert!(info.starts_with("info depth=1 score="), "{info}");
    for key in ["nodes=", "time=", "nps=", "pv="] {
        assert!(info.contains(key), "{info}");
    }
    let done = hub.expect_skipping("done", &["info"]);
    let first = done_move(&done);
    assert!(
        first.len() == 5 && first.as_bytes()[2] == b'-',
        "a quiet first move: {done}"
    );
    assert!(value(&done, "ponder").is_some(), "{done}");
    // The one legal capture, from the moves of the game.
    hub.send(&format!("pos pos={START} moves=\"32-28 19-23\""));
    hub.send("level nodes=500");
    hub.send("go think");
    let done = hub.expect_skipping("done", &["info"]);
    assert_eq!(done_move(&done), "28x19x23");
    // A clock: moves to go, time left, increment.
    hub.send("pos start moves=\"32-28 19-23 28x19x23 14x23x19\"");
    hub.send("level moves=75 time=5 inc=0.1");
    hub.send("go think");
    hub.expect_skipping("done", &["info"]);
    hub.send("level move-time=0.05");
    hub.send("pos start");
    hub.send("go think");
    // `pos` resets the level, as in Scan: this search has no limit and waits for `stop`.
    hub.only_for("info", Duration::from_millis(300));
    hub.send("stop");
    hub.expect_skipping("done", &["info"]);
    hub.send("quit");
    hub.ended();
}

#[test]
fn stop_ends_an_infinite_analysis_and_ping_is_answered_during_it() {
    let mut hub = ready();
    hub.send("pos start");
    hub.send("level infinite");
    hub.send("go analyze");
    hub.only_for("info", Duration::from_millis(500));
    hub.send("ping");
    hub.expect_skipping("pong", &["info"]);
    hub.only_for("info", Duration::from_millis(200));
    hub.send("stop");
    let done = hub.expect_skipping("done", &["info"]);
    assert!(value(&done, "move").is_some(), "{done}");
    // Nothing runs now: `stop` and `ponder-hit` are ignored.
    hub.send("stop");
    hub.send("ponder-hit");
    hub.send("ping");
    hub.expect("pong");
    hub.close();
}

#[test]
fn pondering_waits_for_the_hit_then_plays_within_the_level() {
    let mut hub = ready();
    hub.send("pos start moves=\"32-28\"");
    hub.send("level move-time=0.2");
    hub.send("go ponder");
    hub.only_for("info", Duration::from_millis(400));
    hub.send("ponder-hit");
    hub.expect_skipping("done", &["info"]);
    // Pondering on the wrong move: `stop`, and it still answers.
    hub.send("pos start moves=\"32-28 19-23\"");
    hub.send("level move-time=0.2");
    hub.send("go ponder");
    hub.send("stop");
    assert_eq!(
        done_move(&hub.expect_skipping("done", &["info"])),
        "28x19x23"
    );
    hub.close();
}

#[test]
fn pondering_at_a_depth_level_stops_at_that_depth_and_answers_on_the_hit() {
    let mut hub = ready();
    hub.send("pos start moves=\"32-28\"");
    hub.send("level depth=3");
    hub.send("go ponder");
    // The search reaches depth 3 and waits: it holds its answer, and reports no
    // deeper iteration however long the hit takes.
    while value(&hub.expect("info"), "depth") != Some("3") {}
    let later = hub.only_for("info", Duration::from_millis(500));
    assert!(
        later.iter().all(|l| value(l, "depth") == Some("3")),
        "{later:?}"
    );
    hub.send("ponder-hit");
    hub.expect_skipping("done", &["info"]);
    hub.close();
}

#[test]
fn another_line_during_a_search_ends_it_first_as_in_scan() {
    let mut hub = ready();
    hub.send("pos start");
    hub.send("go analyze");
    hub.send("quit");
    hub.expect_skipping("done", &["info"]);
    hub.ended();
}

#[test]
fn malformed_lines_get_errors_and_unknown_ones_are_ignored() {
    let mut hub = ready();
    for (line, message) in [
        ("pos pos=Xbad", "bad position"),
        ("pos start moves=\"32-29\"", "illegal move"),
        ("pos start moves=garbage", "bad move"),
        ("level depth=x", "bad level"),
        ("level time=-1", "bad level"),
        ("go think x=", "bad line"),
        ("pos moves=\"32-28", "bad line"),
        ("=x", "bad line"),
        ("set-param value=3", "missing name"),
        ("set-param name=hash value=0", "set-param hash"),
        ("set-param name=threads value=0", "set-param threads"),
        ("set-param name=threads value=65", "set-param threads"),
        (
            "set-param name=variant value=nothing",
            "no variant `nothing`",
        ),
    ] {
        hub.send(line);
        let error = hub.expect("error");
        assert!(error.starts_with("error message="), "{error}");
        assert!(error.contains(message), "{line}: {error}");
    }
    // Ignored: an unknown command, unknown arguments, a blank line.
    hub.send("frobnicate x=1");
    hub.send("level frob=3 depth=1");
    hub.send("");
    hub.send("ping");
    hub.expect("pong");
    // A bad move keeps the moves before it, as in Scan: here White's 32-28 was played,
    // so Black is to move and answers with a black move.
    hub.send("pos start moves=\"32-28 32-28\"");
    hub.expect("error");
    hub.send("level depth=1");
    hub.send("go think");
    let mv = done_move(&hub.expect_skipping("done", &["info"]));
    let from: u32 = mv[..2]
        .trim_end_matches(['-', 'x'])
        .parse()
        .expect("a square");
    assert!(from <= 20, "Black's man moves: {mv}");
    // A line too long to be a command is refused, and the server goes on.
    hub.send(&format!("pos pos={}", "w".repeat(2 << 20)));
    hub.expect("error");
    hub.send("ping");
    hub.expect("pong");
    // A position where the side to move has no move: `done` with no move.
    hub.send("pos pos=Wbbb");
    hub.expect("error");
    hub.send("pos pos=\"W:W46:B37,41\"");
    hub.send("level depth=2");
    hub.send("go think");
    assert_eq!(hub.expect_skipping("done", &["info"]), "done");
    hub.close();
}

/// Switches to Hub's rule set `name`.
fn rules(hub: &mut Conversation, name: &str) {
    hub.send(&format!("set-param name=variant value={name}"));
    hub.send("init");
    hub.expect("ready");
}

/// The move a depth-`depth` search chooses from `position` (a position string).
fn searched(hub: &mut Conversation, position: &str, depth: u32) -> String {
    hub.send(&format!("pos pos=\"{position}\""));
    hub.send(&format!("level depth={depth}"));
    hub.send("go think");
    done_move(&hub.expect_skipping("done", &["info"]))
}

#[test]
fn hub_s_rule_sets_play_by_their_own_rules() {
    let mut hub = ready();
    // Killer: a king that takes a king stops directly behind it.
    rules(&mut hub, "killer");
    hub.send("pos pos=\"W:WK46:BK37\" moves=\"46x28\"");
    assert!(hub.expect("error").contains("illegal move"));
    hub.send("pos pos=\"W:WK46:BK37\" moves=\"46x32\"");
    hub.send("ping");
    hub.expect("pong");
    // Frisian: men capture along the rows too; Hub's move names the captured square.
    rules(&mut hub, "frisian");
    assert_eq!(searched(&mut hub, "W:W36:B37,20", 2), "36x38x37");
    // Breakthrough: the first king wins, so the game is over and there is no move.
    rules(&mut hub, "bt");
    hub.send("pos pos=\"W:W7:B45\" moves=\"7-1\"");
    hub.send("level depth=3");
    hub.send("go think");
    assert_eq!(hub.expect_skipping("done", &["info"]), "done");
    // Losing: the side that loses every piece wins, so White gives its man away.
    rules(&mut hub, "losing");
    assert_eq!(searched(&mut hub, "W:W28:B17", 4), "28-22");
    // International, for contrast: no capture along a row; the man is kept.
    rules(&mut hub, "normal");
    hub.send("pos pos=\"W:W36:B37,20\" moves=\"36x38\"");
    assert!(hub.expect("error").contains("illegal move"));
    assert_eq!(searched(&mut hub, "W:W28:B17", 4), "28-23");
    hub.close();
}

#[test]
fn any_bushka_variant_plays_through_the_variant_parameter() {
    let mut hub = ready();
    hub.send("set-param name=variant value=bushka");
    hub.send("init");
    hub.expect("ready");
    hub.send("pos start");
    hub.send("level depth=2");
    hub.send("go think");
    let first = done_move(&hub.expect_skipping("done", &["info"]));
    // bushka's notation, and its position strings.
    hub.send(&format!("pos start moves=\"{first}\""));
    hub.send("level depth=2");
    hub.send("go think");
    hub.expect_skipping("done", &["info"]);
    hub.send("pos pos=\"W:Wf3,h4:Bf5,a6\"");
    hub.send("level depth=2");
    hub.send("go think");
    hub.expect_skipping("done", &["info"]);
    // A variant file.
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../variants/hexbushka-4.toml"
    );
    hub.send(&format!("set-param name=variant-file value=\"{file}\""));
    hub.send("init");
    hub.expect("ready");
    hub.send("pos start");
    hub.send("level depth=2");
    hub.send("go think");
    hub.expect_skipping("done", &["info"]);
    hub.send("set-param name=variant-file value=/nowhere/x.toml");
    hub.send("init");
    assert!(hub.expect("error").contains("init:"));
    hub.expect("ready");
    hub.close();
}
