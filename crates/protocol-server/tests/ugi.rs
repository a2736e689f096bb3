//! `bushka ugi` transcripts: every command of UGI, both clock spellings, `query`,
//! malformed commands, `stop` during `go infinite`, pondering, and other variants.

mod support;

use std::time::Duration;

use bushka_protocol_server::serve_ugi;
use bushka_session::Variant;
use support::Conversation;

fn variant(name: &str) -> Variant {
    Variant::new(bushka_geometry::resolve(name).expect("a built-in"))
}

/// `bushka ugi` for `name`, introduced and ready.
fn ready(name: &str) -> Conversation {
    let v = variant(name);
    let mut ugi = Conversation::start(move |input, output| serve_ugi(&v, input, output));
    ugi.send("ugi");
    assert_eq!(ugi.expect("id"), "id name bushka");
    assert_eq!(ugi.expect("id"), "id author the bushka authors");
    assert_eq!(
        ugi.expect("option"),
        "option name hash type spin default 64 min 1 max 4096"
    );
    assert_eq!(
        ugi.expect("option"),
        "option name threads type spin default 1 min 1 max 64"
    );
    assert_eq!(
        ugi.expect("option"),
        format!("option name variant type string default {name}")
    );
    ugi.expect("ugiok");
    ugi.send("setoption name hash value 16");
    // Every search of these tests runs on two threads.
    ugi.send("setoption name threads value 2");
    ugi.send("isready");
    ugi.expect("readyok");
    ugi
}

/// The move of a `bestmove` line.
fn best(line: &str) -> String {
    let mut words = line.split_whitespace();
    assert_eq!(words.next(), Some("bestmove"), "{line}");
    words.next().expect("a move").to_string()
}

#[test]
fn searches_answer_with_info_and_bestmove_under_every_limit() {
    let mut ugi = ready("draughts");
    ugi.send("uginewgame");
    ugi.send("position startpos");
    ugi.send("go depth 3");
    let info = ugi.expect("info");
    assert!(info.starts_with("info depth 1 score cp "), "{info}");
    for key in [" nodes ", " time ", " nps ", " pv "] {
        assert!(info.contains(key), "{info}");
    }
    let first = best(&ugi.expect_skipping("bestmove", &["info"]));
    ugi.send(&format!("position startpos moves {first}"));
    ugi.send("go nodes 500");
    let second = best(&ugi.expect_skipping("bestmove", &["info"]));
    ugi.send(&format!("position startpos moves {first} {second}"));
    ugi.send("go movetime 50");
    ugi.expect_skipping("bestmove", &["info"]);
    // cutegames' clocks, then UCI's.
    ugi.send("go p1time 2000 p2time 2000 p1inc 10 p2inc 10");
    ugi.expect_skipping("bestmove", &["info"]);
    ugi.send("go wtime 2000 btime 2000 winc 10 binc 10 movestogo 20");
    ugi.expect_skipping("bestmove", &["info"]);
    ugi.send("position fen W:W31-50:B1-20 moves 32-28 19-23");
    ugi.send("go depth 4");
    assert_eq!(best(&ugi.expect_skipping("bestmove", &["info"])), "28x19");
    ugi.send("quit");
    ugi.ended();
}

#[test]
fn stop_ends_go_infinite_and_isready_is_answered_during_it() {
    let mut ugi = ready("bushka");
    ugi.send("position startpos");
    ugi.send("go infinite");
    ugi.only_for("info", Duration::from_millis(500));
    ugi.send("isready");
    ugi.expect_skipping("readyok", &["info"]);
    ugi.only_for("info", Duration::from_millis(200));
    ugi.send("stop");
    ugi.expect_skipping("bestmove", &["info"]);
    // Pondering: no answer before `ponderhit`, then within the limits.
    ugi.send("go ponder movetime 100");
    ugi.only_for("info", Duration::from_millis(400));
    ugi.send("ponderhit");
    ugi.expect_skipping("bestmove", &["info"]);
    ugi.send("stop");
    ugi.send("ponderhit");
    ugi.send("isready");
    ugi.expect("readyok");
    ugi.close();
}

#[test]
fn queries_tell_the_turn_the_end_and_the_result() {
    let mut ugi = ready("draughts");
    let query = |ugi: &mut Conversation, what: &str| {
        ugi.send(&format!("query {what}"));
        ugi.expect("response")
    };
    ugi.send("position startpos");
    assert_eq!(query(&mut ugi, "gameover"), "response false");
    assert_eq!(query(&mut ugi, "p1turn"), "response true");
    assert_eq!(query(&mut ugi, "result"), "response none");
    ugi.send("position startpos moves 32-28");
    assert_eq!(query(&mut ugi, "p1turn"), "response false");
    // White to move, blocked: Black wins.
    ugi.send("position fen W:W46:B37,41");
    assert_eq!(query(&mut ugi, "gameover"), "response true");
    assert_eq!(query(&mut ugi, "result"), "response p2win");
    ugi.send("go depth 2");
    assert_eq!(ugi.expect("bestmove"), "bestmove 0000");
    ugi.close();
}

#[test]
fn malformed_commands_are_reported_and_unknown_ones_ignored() {
    let mut ugi = ready("draughts");
    for (line, message) in [
        ("position fen W:Q1", "bad position"),
        ("position startpos moves 32-29", "illegal move"),
        ("position startpos moves nonsense", "illegal move"),
        ("position", "expected `position startpos`"),
        ("position startpos 32-28", "where `moves` was expected"),
        ("go depth", "has no value"),
        ("go nodes x", "not a whole number"),
        ("setoption value 3", "setoption name"),
        ("setoption name hash value 0", "option hash"),
        ("setoption name threads value 65", "option threads"),
        (
            "setoption name variant value nowhere.toml",
            "option variant",
        ),
        ("query", "needs gameover"),
        ("query frob", "no query `frob`"),
    ] {
        ugi.send(line);
        let error = ugi.expect("info");
        assert!(error.starts_with("info string error: "), "{error}");
        assert!(error.contains(message), "{line}: {error}");
    }
    ugi.send("frobnicate 3");
    ugi.send("");
    ugi.send("go depth 1 frob 3");
    ugi.expect_skipping("bestmove", &["info"]);
    ugi.send(&format!("position fen {}", "W".repeat(2 << 20)));
    ugi.expect("info");
    ugi.send("isready");
    ugi.expect("readyok");
    ugi.close();
}

#[test]
fn the_variant_option_changes_the_game() {
    let mut ugi = ready("draughts");
    ugi.send("setoption name variant value hexbushka");
    ugi.send("uginewgame");
    ugi.send("position startpos");
    ugi.send("go depth 2");
    let mv = best(&ugi.expect_skipping("bestmove", &["info"]));
    ugi.send(&format!("position startpos moves {mv}"));
    ugi.send("query p1turn");
    assert_eq!(ugi.expect("response"), "response false");
    ugi.close();
}
