//! Two people on two devices, over real sockets: seat links that act only for their
//! side, a watch link that only watches, live updates that catch up after a dropped
//! stream, and a flag that falls on the server's clock with nobody asking.

mod support;

use std::time::Duration;

use bushka_web::Limits;
use serde_json::{Value, json};
use support::{Server, assert_error};

/// A game between two people, created from White's seat; the creator's view.
async fn seat_game(server: &Server, clock: Option<Value>) -> Value {
    let mut body =
        json!({ "variant": "bushka", "white": "human", "black": "human", "seat": "white" });
    if let Some(clock) = clock {
        body["clock"] = clock;
    }
    server.new_game(body).await
}

/// The first legal move of a game view.
fn first_legal(game: &Value) -> String {
    game["current"]["legal"][0]["text"]
        .as_str()
        .expect("a legal move")
        .to_string()
}

/// An open event stream, read event by event.
struct Events {
    response: reqwest::Response,
    buffer: String,
}

impl Events {
    /// Opens the stream of the game `key` opens, telling the server the last event
    /// seen, if any (as a reconnecting browser does).
    async fn open(server: &Server, key: &str, last: Option<&str>) -> Events {
        let mut request = server
            .client
            .get(format!("{}/api/games/{key}/events", server.base));
        if let Some(id) = last {
            request = request.header("last-event-id", id);
        }
        let response = request.send().await.expect("the stream opens");
        assert_eq!(response.status().as_u16(), 200);
        Events {
            response,
            buffer: String::new(),
        }
    }

    /// The next `game` event: its id and its game.
    async fn next(&mut self) -> (String, Value) {
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let event: String = self.buffer.drain(..end + 2).collect();
                let field = |name: &str| {
                    event
                        .lines()
                        .find_map(|l| l.strip_prefix(name))
                        .map(str::trim)
                        .map(str::to_string)
                };
                if field("event:").as_deref() != Some("game") {
                    continue; // a keep-alive comment
                }
                let id = field("id:").expect("an event id");
                let data = field("data:").expect("data");
                return (id, serde_json::from_str(&data).expect("JSON game"));
            }
            let chunk = tokio::time::timeout(Duration::from_secs(60), self.response.chunk())
                .await
                .expect("an event within a minute")
                .expect("the stream reads")
                .expect("the stream goes on");
            self.buffer
                .push_str(std::str::from_utf8(&chunk).expect("UTF-8"));
        }
    }
}

fn move_texts(game: &Value) -> Vec<&str> {
    game["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m["text"].as_str().expect("text"))
        .collect()
}

#[tokio::test]
async fn each_seat_acts_only_for_its_side_and_a_watcher_only_watches() {
    let server = Server::start().await;
    let game = seat_game(&server, None).await;
    let links = &game["links"];
    let (white, black, watch) = (
        links["white"].as_str().expect("white's key"),
        links["black"].as_str().expect("black's key"),
        links["watch"].as_str().expect("the watch key"),
    );
    assert_eq!(game["access"], "white");
    assert!(links.get("table").is_none(), "no key plays both sides");
    for key in [white, black] {
        assert_eq!(key.len(), 32, "128 bits in hex");
        assert!(key.bytes().all(|b| b.is_ascii_hexdigit()));
    }
    let mv = first_legal(&game);
    // Black may not move for White, nor the watcher for anyone.
    assert_error(
        &server
            .post(&format!("/api/games/{black}/move"), json!({ "move": mv }))
            .await,
        403,
        "this link plays Black",
    );
    // Nor offer a draw on White's move, or ask to take back a move it has not made.
    for action in ["draw", "undo"] {
        let (status, refused) = server
            .post(&format!("/api/games/{black}/{action}"), json!({}))
            .await;
        assert_eq!(status, 422, "{action}: {refused}");
    }
    for action in ["undo", "draw", "resign", "computer", "stop"] {
        assert_error(
            &server
                .post(&format!("/api/games/{watch}/{action}"), json!({}))
                .await,
            403,
            "only watches",
        );
    }
    assert_error(
        &server
            .post(&format!("/api/games/{watch}/move"), json!({ "move": mv }))
            .await,
        403,
        "only watches",
    );
    assert_eq!(
        server.delete(&format!("/api/games/{white}")).await,
        403,
        "a seat cannot delete the game"
    );
    let (status, seen) = server.get(&format!("/api/games/{watch}")).await;
    assert_eq!(status, 200);
    assert_eq!(seen["access"], "watch");
    assert!(
        seen.get("links").is_none(),
        "keys are given once, to the creator"
    );
    assert_eq!(seen["can_resign"], false);

    // White moves.
    let (status, after) = server
        .post(&format!("/api/games/{white}/move"), json!({ "move": mv }))
        .await;
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["moves"].as_array().map(Vec::len), Some(1));
    // An undo asked by White is asked of Black, and only Black answers it.
    let (status, asked) = server
        .post(&format!("/api/games/{white}/undo"), json!({}))
        .await;
    assert_eq!(status, 200, "{asked}");
    assert_eq!(asked["undo_request"], "white");
    assert_eq!(move_texts(&asked).len(), 1, "nothing taken back yet");
    let (status, own) = server
        .post(
            &format!("/api/games/{white}/undo/answer"),
            json!({ "accept": true }),
        )
        .await;
    assert_eq!(status, 422, "White cannot answer its own request: {own}");
    let (status, answered) = server
        .post(
            &format!("/api/games/{black}/undo/answer"),
            json!({ "accept": true }),
        )
        .await;
    assert_eq!(status, 200, "{answered}");
    assert!(move_texts(&answered).is_empty(), "{answered}");
    // A draw offered by White is Black's to answer; Black resigns only Black.
    let (status, offered) = server
        .post(&format!("/api/games/{white}/draw"), json!({}))
        .await;
    assert_eq!(status, 200, "{offered}");
    assert_eq!(offered["draw_offer"], "white");
    let (status, declined) = server
        .post(
            &format!("/api/games/{black}/draw/answer"),
            json!({ "accept": false }),
        )
        .await;
    assert_eq!(status, 200, "{declined}");
    let (status, resigned) = server
        .post(&format!("/api/games/{black}/resign"), json!({}))
        .await;
    assert_eq!(status, 200, "{resigned}");
    assert_eq!(resigned["outcome"]["result"], "1-0");
}

#[tokio::test]
async fn a_dropped_event_stream_reconnects_and_catches_up() {
    let server = Server::start().await;
    let game = seat_game(&server, None).await;
    let (white, black, watch) = (
        game["links"]["white"].as_str().expect("key"),
        game["links"]["black"].as_str().expect("key"),
        game["watch"].as_str().expect("key"),
    );
    let mut events = Events::open(&server, watch, None).await;
    let (first_id, first) = events.next().await;
    assert!(move_texts(&first).is_empty());
    // A move arrives as it happens.
    let (_, after_white) = server
        .post(
            &format!("/api/games/{white}/move"),
            json!({ "move": first_legal(&game) }),
        )
        .await;
    let (id, seen) = events.next().await;
    assert_eq!(move_texts(&seen), move_texts(&after_white));
    assert!(id.parse::<u64>().expect("a number") > first_id.parse::<u64>().expect("a number"));
    // The stream drops; two moves are played meanwhile.
    drop(events);
    let (_, after_black) = server
        .post(
            &format!("/api/games/{black}/move"),
            json!({ "move": first_legal(&after_white) }),
        )
        .await;
    let (_, now) = server
        .post(
            &format!("/api/games/{white}/move"),
            json!({ "move": first_legal(&after_black) }),
        )
        .await;
    assert_eq!(move_texts(&now).len(), 3);
    // Reconnected, the first event is the game as it is now: no move is lost.
    let mut events = Events::open(&server, watch, Some(&id)).await;
    let (caught_id, caught) = events.next().await;
    assert_eq!(move_texts(&caught), move_texts(&now));
    assert_eq!(caught_id, now["version"].to_string());
    assert_eq!(caught["access"], "watch");
}

#[tokio::test]
async fn a_flag_falls_on_the_servers_clock_and_is_announced() {
    let server = Server::start().await;
    let clock = json!({ "initial_ms": 10_000, "increment_ms": 0 });
    let game = seat_game(&server, Some(clock)).await;
    let (white, watch) = (
        game["links"]["white"].as_str().expect("key"),
        game["watch"].as_str().expect("key"),
    );
    assert_eq!(
        game["clock"]["running"],
        Value::Null,
        "no clock runs before the first move"
    );
    let mut events = Events::open(&server, watch, None).await;
    events.next().await;
    let (status, moved) = server
        .post(
            &format!("/api/games/{white}/move"),
            json!({ "move": first_legal(&game) }),
        )
        .await;
    assert_eq!(status, 200, "{moved}");
    assert_eq!(moved["clock"]["running"], "black");
    // Black never moves: about ten seconds later the server ends the game on its own.
    let ended = loop {
        let (_, seen) = events.next().await;
        if !seen["outcome"].is_null() {
            break seen;
        }
    };
    assert_eq!(ended["outcome"]["result"], "1-0", "{ended}");
    assert!(
        ended["outcome"]["text"]
            .as_str()
            .expect("text")
            .contains("time"),
        "{ended}"
    );
    assert_eq!(ended["clock"]["black_ms"], 0);
    assert_eq!(ended["clock"]["running"], Value::Null);
    // It is in the archive.
    let (status, archive) = server.get("/api/archive").await;
    assert_eq!(status, 200);
    assert_eq!(archive["games"][0]["id"], watch, "{archive}");
}

/// Live-update streams are bounded: one past the server's limit is answered "busy"
/// (503, naming the limit), and a stream that closes gives its place back.
#[tokio::test]
async fn live_update_streams_are_bounded_and_give_their_place_back() {
    let server = Server::with(Limits {
        max_streams: 2,
        ..Limits::default()
    })
    .await;
    let game = seat_game(&server, None).await;
    let watch = game["watch"].as_str().expect("key");
    let mut first = Events::open(&server, watch, None).await;
    first.next().await;
    let mut second = Events::open(&server, watch, None).await;
    second.next().await;
    let refused = server.get(&format!("/api/games/{watch}/events")).await;
    assert_error(
        &refused,
        503,
        "the server already has 2 live-update streams open; try again later",
    );
    drop(first);
    // The server notices the closed connection and frees its place.
    for _ in 0..100 {
        let response = server
            .client
            .get(format!("{}/api/games/{watch}/events", server.base))
            .send()
            .await
            .expect("an answer");
        if response.status().as_u16() == 200 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("a closed stream's place never came back");
}
