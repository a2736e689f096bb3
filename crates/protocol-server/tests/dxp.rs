//! `bushka dxp` as the follower, driven over a real loopback connection by a test
//! peer that writes DXP's bytes: chat, a back request, requests it must refuse, games
//! ended by an illegal move and by the initiator, the end of the session, and garbage.

use std::io::Write;
use std::net::{TcpListener, TcpStream};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use bushka_geometry::Colour;
use bushka_protocol::dxp::link::Link;
use bushka_protocol::dxp::message::DxpMessage;
use bushka_protocol_server::dxp::{Played, serve_dxp};
use bushka_session::{Searcher, Variant};

/// A follower on a thread, and the peer's two ends of the connection: raw bytes out,
/// messages in.
fn follower() -> (JoinHandle<Vec<Played>>, TcpStream, Link) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a port");
    let address = listener.local_addr().expect("its address");
    let server = thread::spawn(move || {
        let (stream, _) = listener.accept().expect("a connection");
        let variant = Variant::new(bushka_geometry::resolve("draughts").expect("built in"));
        let searcher = Searcher::new(&variant, 64);
        serve_dxp(searcher, &mut Link::new(stream), None, &mut std::io::sink())
            .expect("no I/O error")
    });
    let stream = TcpStream::connect(address).expect("connects");
    let link = Link::new(stream.try_clone().expect("a second handle"));
    (server, stream, link)
}

/// Writes `text` and its NUL.
fn send(stream: &mut TcpStream, text: &str) {
    stream
        .write_all(format!("{text}\0").as_bytes())
        .expect("writes");
}

/// The next message, within a minute.
fn receive(link: &mut Link) -> DxpMessage {
    link.receive(Instant::now() + Duration::from_secs(60))
        .expect("a message")
}

fn request(follower: Colour, moves: u16, position: Option<(Colour, String)>) -> String {
    DxpMessage::GameRequest {
        version: 1,
        name: "test".into(),
        follower,
        minutes: 1,
        moves,
        position,
    }
    .to_string()
}

/// The code of an acceptance.
fn accept_code(message: DxpMessage) -> u8 {
    match message {
        DxpMessage::GameAccept { name, code } => {
            assert_eq!(name.trim_end(), "bushka");
            code
        }
        other => panic!("an acceptance, not {other}"),
    }
}

/// Asserts `message` is a move, and returns its squares.
fn a_move(message: DxpMessage) -> (u8, u8) {
    match message {
        DxpMessage::Move { from, to, .. } => (from, to),
        other => panic!("a move, not {other}"),
    }
}

fn ends_within(server: JoinHandle<Vec<Played>>) -> Vec<Played> {
    let until = Instant::now() + Duration::from_secs(60);
    while !server.is_finished() {
        assert!(Instant::now() < until, "the follower did not end");
        thread::sleep(Duration::from_millis(50));
    }
    server.join().expect("no panic")
}

#[test]
fn the_follower_answers_every_message_and_ends_games_as_dxp_asks() {
    let (server, mut out, mut link) = follower();
    // Chat is ignored; a back request outside a game is refused.
    send(&mut out, "Chello");
    send(&mut out, "B001W");
    assert_eq!(receive(&mut link), DxpMessage::BackAccept { code: 1 });
    // Another protocol version: code 1. A position with a stranger on it: code 2.
    let wrong_version = request(Colour::White, 0, None).replacen("R01", "R02", 1);
    send(&mut out, &wrong_version);
    assert_eq!(accept_code(receive(&mut link)), 1);
    let mut squares = "z".repeat(20) + &"e".repeat(10) + &"w".repeat(20);
    squares.replace_range(0..1, "x");
    send(
        &mut out,
        &request(Colour::White, 0, Some((Colour::White, squares))),
    );
    assert_eq!(accept_code(receive(&mut link)), 2);

    // Game 1: bushka White; after its second move, an illegal one from the peer.
    send(&mut out, &request(Colour::White, 0, None));
    assert_eq!(accept_code(receive(&mut link)), 0);
    let (from, _) = a_move(receive(&mut link));
    assert!((31..=35).contains(&from), "a White man moves first: {from}");
    send(&mut out, "M0001192300");
    a_move(receive(&mut link));
    // A back request during the game is refused too.
    send(&mut out, "B001W");
    assert_eq!(receive(&mut link), DxpMessage::BackAccept { code: 1 });
    send(&mut out, "M0001192300");
    assert_eq!(
        receive(&mut link),
        DxpMessage::GameEnd {
            reason: 0,
            stop: false
        }
    );
    send(&mut out, "E00");

    // Game 2: bushka Black, a game of one move; the peer ends it on its turn.
    send(&mut out, &request(Colour::Black, 1, None));
    assert_eq!(accept_code(receive(&mut link)), 0);
    send(&mut out, "M0000312700");
    let (from, _) = a_move(receive(&mut link));
    assert!((16..=20).contains(&from), "a Black man answers: {from}");
    send(&mut out, "E00");
    assert_eq!(
        receive(&mut link),
        DxpMessage::GameEnd {
            reason: 0,
            stop: false
        }
    );
    // No more games: the follower acknowledges and ends.
    send(&mut out, "E01");
    assert_eq!(
        receive(&mut link),
        DxpMessage::GameEnd {
            reason: 0,
            stop: true
        }
    );
    let played = ends_within(server);
    assert_eq!(played.len(), 2);
    assert_eq!(played[0].colour, Colour::White);
    assert_eq!(played[0].result, "1-0", "the illegal move loses");
    assert!(
        played[0].reason.contains("not a legal move"),
        "{:?}",
        played[0]
    );
    assert_eq!(played[0].plies, 3);
    assert_eq!(played[1].colour, Colour::Black);
    assert_eq!(played[1].result, "*");
    assert_eq!(played[1].reason, "the peer ended it (E0)");
}

#[test]
fn garbage_or_a_closed_connection_ends_the_session_with_the_game_won() {
    let (server, mut out, mut link) = follower();
    send(&mut out, &request(Colour::White, 0, None));
    assert_eq!(accept_code(receive(&mut link)), 0);
    a_move(receive(&mut link));
    send(&mut out, "M00xyz");
    let played = ends_within(server);
    assert_eq!(played.len(), 1);
    assert_eq!(played[0].result, "1-0");
    assert!(played[0].reason.contains("garbage"), "{:?}", played[0]);

    let (server, mut out, mut link) = follower();
    send(&mut out, &request(Colour::White, 0, None));
    assert_eq!(accept_code(receive(&mut link)), 0);
    a_move(receive(&mut link));
    drop(out);
    drop(link);
    let played = ends_within(server);
    assert_eq!(played.len(), 1);
    assert!(played[0].reason.contains("closed"), "{:?}", played[0]);
}
