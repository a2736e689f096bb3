//! Concurrency over a real loopback socket: many games and searches at once, the
//! bounded search pool, a small load test, and idle games expiring.

mod support;

use std::time::Duration;

use bushka_web::Limits;
use futures_util::StreamExt;
use futures_util::stream::FuturesUnordered;
use serde_json::json;
use support::{Server, assert_error};

/// Games the load test holds at once.
const LOAD_GAMES: usize = 1_000;
/// Requests in flight at once during the load test.
const IN_FLIGHT: usize = 64;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn many_computer_games_run_at_once() {
    let s = Server::with(Limits {
        max_searches: 2,
        ..Limits::default()
    })
    .await;
    let boards = [
        "bushka",
        "bushka-9x11",
        "hexbushka",
        "hexbushka-4",
        "bushka-cylinder",
    ];
    let games: FuturesUnordered<_> = (0..30)
        .map(|i| {
            let s = &s;
            async move {
                let black = if i % 3 == 0 { "engine:depth=2" } else { "greedy" };
                let game = s
                    .new_game(json!({"variant": boards[i % boards.len()], "white": format!("random:seed={i}"), "black": black}))
                    .await;
                let id = game["id"].as_str().expect("id").to_string();
                let mut plies = 0;
                loop {
                    let (status, g) = s.post(&format!("/api/games/{id}/computer"), json!({})).await;
                    assert_eq!(status, 200, "{g}");
                    plies += 1;
                    if g["outcome"].is_object() || plies == 40 {
                        assert_eq!(g["moves"].as_array().map(Vec::len).unwrap_or(0) + usize::from(g["message"].is_string()), plies);
                        return plies;
                    }
                }
            }
        })
        .collect();
    let plies: Vec<usize> = games.collect().await;
    assert_eq!(plies.len(), 30);
}

/// A server with one search slot, which a request waits for only briefly.
async fn one_search_slot() -> Server {
    Server::with(Limits {
        max_searches: 1,
        search_wait: Duration::from_millis(100),
        ..Limits::default()
    })
    .await
}

/// A perft of the first built-in board, `depth` plies deep.
fn perft(depth: u32) -> serde_json::Value {
    json!({"text": bushka_geometry::BUILTIN[0].text, "depth": depth})
}

/// Starts a computer's think of a minute in a new game, and waits until it holds the
/// server's only search slot (a quick perft is then answered busy): the game's id and
/// the request.
async fn take_the_only_slot(s: &Server) -> (String, tokio::task::JoinHandle<(u16, String)>) {
    let game = s
        .new_game(json!({"white": "engine:movetime=60000", "black": "human"}))
        .await;
    let id = game["id"].as_str().expect("id").to_string();
    let thinking = s.post_later(&format!("/api/games/{id}/computer"));
    while s.post("/api/lab/perft", perft(1)).await.0 != 503 {
        assert!(!thinking.is_finished(), "the think is still under way");
    }
    (id, thinking)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn searches_beyond_the_pool_get_a_busy_answer() {
    let s = one_search_slot().await;
    let (id, thinking) = take_the_only_slot(&s).await;
    assert_error(&s.post("/api/lab/perft", perft(2)).await, 503, "busy");
    // The think has a minute; stopping it answers with the best move so far.
    assert!(!thinking.is_finished(), "the think is still under way");
    let (status, body) = s.stop_think(&id, thinking).await;
    assert_eq!(status, 200, "{body}");
    let (status, rows) = s.post("/api/lab/perft", perft(2)).await;
    assert_eq!(status, 200, "{rows}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computer_move_answered_busy_can_be_asked_again() {
    let s = one_search_slot().await;
    let game = s
        .new_game(json!({"white": "engine:depth=1", "black": "human"}))
        .await;
    let id = game["id"].as_str().expect("id").to_string();
    let (long, thinking) = take_the_only_slot(&s).await;
    assert_error(
        &s.post(&format!("/api/games/{id}/computer"), json!({}))
            .await,
        503,
        "busy",
    );
    let (status, body) = s.stop_think(&long, thinking).await;
    assert_eq!(status, 200, "{body}");
    // The side answered "busy" still has its computer player: asked again, it moves.
    let (status, body) = s
        .post(&format!("/api/games/{id}/computer"), json!({}))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["moves"].as_array().map(Vec::len), Some(1), "{body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stop_that_overtakes_the_request_starting_the_think_still_stops_it() {
    let s = Server::start().await;
    let game = s
        .new_game(json!({"white": "engine:movetime=60000", "black": "human"}))
        .await;
    let id = game["id"].as_str().expect("id").to_string();
    // The page shows *Stop* as it asks the computer to move; a quick click can reach
    // the server first.
    let (status, _) = s.post(&format!("/api/games/{id}/stop"), json!({})).await;
    assert_eq!(status, 200);
    // Unstopped, the think would take a minute: the guard fails the test long before.
    let thinking = s.post_later(&format!("/api/games/{id}/computer"));
    let answered = tokio::time::timeout(Duration::from_secs(30), thinking)
        .await
        .expect("the think was stopped before it began");
    let (status, body) = answered.expect("task");
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"to_move\":\"human\""), "{body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_server_holds_a_thousand_games_at_once() {
    let s = Server::start().await;
    let boards = ["bushka", "bushka-9x11", "hexbushka"];
    let ids: Vec<(String, String)> = futures_util::stream::iter(0..LOAD_GAMES)
        .map(|i| {
            let s = &s;
            async move {
                let game = s
                    .new_game(
                        json!({"variant": boards[i % 3], "white": "human", "black": "random"}),
                    )
                    .await;
                let first = game["current"]["legal"][i % 20]["text"]
                    .as_str()
                    .expect("a move");
                (
                    game["id"].as_str().expect("id").to_string(),
                    first.to_string(),
                )
            }
        })
        .buffer_unordered(IN_FLIGHT)
        .collect()
        .await;
    assert_eq!(ids.len(), LOAD_GAMES);
    let replies: Vec<u16> = futures_util::stream::iter(ids.iter())
        .map(|(id, first)| {
            let s = &s;
            async move {
                let (a, _) = s
                    .post(&format!("/api/games/{id}/move"), json!({"move": first}))
                    .await;
                let (b, g) = s
                    .post(&format!("/api/games/{id}/computer"), json!({}))
                    .await;
                assert_eq!(g["moves"].as_array().map(Vec::len), Some(2), "{g}");
                a.max(b)
            }
        })
        .buffer_unordered(IN_FLIGHT)
        .collect()
        .await;
    assert!(replies.iter().all(|&s| s == 200), "{replies:?}");
    // Every game is still held.
    for (id, _) in ids.iter().step_by(97) {
        assert_eq!(s.get(&format!("/api/games/{id}")).await.0, 200);
    }
}

#[tokio::test]
async fn games_beyond_the_limit_and_idle_games_are_refused() {
    // The limit, on a server whose games never go idle within the test.
    let s = Server::with(Limits {
        max_games: 2,
        ..Limits::default()
    })
    .await;
    s.new_game(json!({})).await;
    s.new_game(json!({})).await;
    assert_error(
        &s.post("/api/games", json!({})).await,
        503,
        "already holds 2 games",
    );
    // Idle games, on a server that drops them quickly. Nothing touches the two held
    // games, so the server stays full until the sweep drops them, the older first:
    // once a game can be created again, the first one is gone. The guard only keeps a
    // broken sweep from hanging the test.
    let s = Server::with(Limits {
        max_games: 2,
        idle: Duration::from_millis(200),
        sweep: Duration::from_millis(50),
        ..Limits::default()
    })
    .await;
    let first = s.new_game(json!({})).await;
    let id = first["id"].as_str().expect("id");
    s.new_game(json!({})).await;
    tokio::time::timeout(Duration::from_secs(120), async {
        loop {
            let answer = s.post("/api/games", json!({})).await;
            if answer.0 == 200 {
                break;
            }
            assert_error(&answer, 503, "already holds 2 games");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await
    .expect("idle games are dropped");
    assert_error(&s.get(&format!("/api/games/{id}")).await, 404, "expired");
}
