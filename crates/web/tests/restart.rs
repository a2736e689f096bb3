//! A server started again on the same database, over real sockets: the games are
//! where they were, a computer player to move moves again, and the time the server was
//! down is charged to nobody's clock. Each server runs on its own runtime, and its
//! end (the runtime dropped, every task with it) stands for a crash.

mod support;

use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

use bushka_web::{Limits, Store};
use serde_json::{Value, json};
use support::Server;
use tokio::runtime::Runtime;

/// A server over the database in `dir`, on its own runtime (dropping the runtime
/// stops it, and every task it had).
fn served(dir: &Path) -> (Runtime, Server) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let server = runtime.block_on(async {
        let store = Store::open(dir).expect("the store opens");
        let state = bushka_web::start(Limits::default(), store)
            .await
            .expect("the server starts");
        let listener = tokio::net::TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], 0)))
            .await
            .expect("a loopback port");
        let base = format!("http://{}", listener.local_addr().expect("its address"));
        tokio::spawn(bushka_web::serve_state(listener, state, false));
        Server {
            base,
            client: reqwest::Client::new(),
        }
    });
    (runtime, server)
}

fn plies(game: &Value) -> usize {
    game["moves"].as_array().map_or(0, Vec::len)
}

#[test]
fn after_a_restart_the_computer_to_move_moves_again() {
    let dir = tempfile::tempdir().expect("a data directory");
    let (runtime, server) = served(dir.path());
    let (engine_first, engine_second) = runtime.block_on(async {
        let first = server
            .new_game(json!({ "white": "engine:level=1", "black": "human" }))
            .await;
        let second = server
            .new_game(json!({ "white": "human", "black": "engine:level=1" }))
            .await;
        let key = second["id"].as_str().expect("a key").to_string();
        let mv = second["current"]["legal"][0]["text"].clone();
        let (status, moved) = server
            .post(&format!("/api/games/{key}/move"), json!({ "move": mv }))
            .await;
        assert_eq!(status, 200, "{moved}");
        assert_eq!(moved["to_move"], "computer");
        (first["id"].as_str().expect("a key").to_string(), key)
    });
    drop(runtime);
    let (runtime, server) = served(dir.path());
    runtime.block_on(async {
        for (key, before) in [(&engine_first, 0), (&engine_second, 1)] {
            let (status, game) = server.get(&format!("/api/games/{key}")).await;
            assert_eq!(status, 200, "{game}");
            assert_eq!(plies(&game), before);
            assert_eq!(game["to_move"], "computer");
            let (status, game) = server
                .post(&format!("/api/games/{key}/computer"), json!({}))
                .await;
            assert_eq!(status, 200, "{game}");
            assert_eq!(plies(&game), before + 1);
            assert_eq!(game["to_move"], "human");
        }
    });
}

#[test]
fn time_while_the_server_is_down_is_charged_to_nobody() {
    const DOWN: Duration = Duration::from_secs(3);
    let dir = tempfile::tempdir().expect("a data directory");
    let (runtime, server) = served(dir.path());
    let black = runtime.block_on(async {
        let clock = json!({ "initial_ms": 60_000, "increment_ms": 0 });
        let game = server
            .new_game(
                json!({ "white": "human", "black": "human", "seat": "white", "clock": clock }),
            )
            .await;
        let white = game["id"].as_str().expect("a key");
        let mv = game["current"]["legal"][0]["text"].clone();
        let (status, moved) = server
            .post(&format!("/api/games/{white}/move"), json!({ "move": mv }))
            .await;
        assert_eq!(status, 200, "{moved}");
        assert_eq!(moved["clock"]["running"], "black");
        game["links"]["black"].as_str().expect("a key").to_string()
    });
    // The server dies just after White's move, and stays down for a while.
    drop(runtime);
    std::thread::sleep(DOWN);
    let (runtime, server) = served(dir.path());
    runtime.block_on(async {
        let (status, game) = server.get(&format!("/api/games/{black}")).await;
        assert_eq!(status, 200, "{game}");
        assert_eq!(game["clock"]["running"], "black");
        assert_eq!(game["clock"]["white_ms"], 60_000);
        let left = game["clock"]["black_ms"].as_i64().expect("ms");
        // Charged with the downtime, Black would have at most 57 s.
        assert!(left > 57_500 && left <= 60_000, "{left} ms left");
        // And the clock runs on from the restart.
        tokio::time::sleep(Duration::from_millis(300)).await;
        let (_, later) = server.get(&format!("/api/games/{black}")).await;
        assert!(later["clock"]["black_ms"].as_i64().expect("ms") < left);
    });
}
