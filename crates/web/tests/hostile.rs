//! Hostile boards over a real loopback socket: a variant and position whose legal
//! moves take more listing than the server allows (issue 9's 30x30 king among men, the
//! 1,024-cell board with 300 kings) are refused with a 422 naming the limit, on every
//! route that lists moves, and the server goes on answering.

mod support;

use bushka_web::Limits;
use serde_json::json;
use support::{Server, assert_error};

/// The step limit of these servers: far below what the hostile positions need, so
/// each refusal comes at once.
const STEPS: u64 = 100_000;

fn family_file(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/families")
        .join(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .trim()
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_boards_are_refused_and_the_server_answers_on() {
    let s = Server::with(Limits {
        generation_steps: STEPS,
        ..Limits::default()
    })
    .await;
    let limit = format!("move generation stopped after {STEPS} capture-search steps");
    let variant = family_file("king-among-men-30.toml");
    let position = family_file("king-among-men-30.position");
    let created = s
        .post(
            "/api/games",
            json!({"variant_text": variant, "position": position, "black": "random"}),
        )
        .await;
    assert_error(
        &created,
        422,
        &format!("cannot start the game: the start position: {limit}"),
    );
    let record = format!("[FEN \"{position}\"]\n\n*\n");
    let loaded = s
        .post(
            "/api/games/load",
            json!({"variant_text": variant, "record": record}),
        )
        .await;
    assert_error(
        &loaded,
        422,
        &format!("game record: the start position: {limit}"),
    );
    let shown = s
        .post(
            "/api/position",
            json!({"variant_text": variant, "position": position}),
        )
        .await;
    assert_error(&shown, 422, &format!("the position's moves: {limit}"));
    let kings = family_file("kings-1024.toml");
    let checked = s.post("/api/lab/check", json!({"text": kings})).await;
    assert_error(&checked, 422, &format!("the position's moves: {limit}"));
    let counted = s
        .post("/api/lab/perft", json!({"text": kings, "depth": 1}))
        .await;
    assert_error(&counted, 422, &format!("perft: {limit}"));
    // The server goes on: a list, and a game on a friendly board.
    let (status, list) = s.get("/api/variants").await;
    assert_eq!(status, 200, "{list}");
    let (status, game) = s
        .post(
            "/api/games",
            json!({"variant": "bushka", "black": "random"}),
        )
        .await;
    assert_eq!(status, 200, "{game}");
}

/// A move into a position the game cannot list within the server's step limit is
/// refused (422, naming the ply) and the game stays where it was. With a limit of one
/// step: Black to move on Bushka has no capture to search; after `c75` White must
/// capture, which takes two steps to list.
#[tokio::test]
async fn a_move_into_an_unlistable_position_is_refused() {
    let s = Server::with(Limits {
        generation_steps: 1,
        ..Limits::default()
    })
    .await;
    let quiet =
        "B:Wd2,e5,e6,f2,f3,f4,g3,g5,g6,g7,h4,h5,h6,i5:Ba5,b4,b5,b6,c6,c7,c8,d6,d7,d9,e9,e0,f8,f9";
    let (status, game) = s
        .post(
            "/api/games",
            json!({"variant": "bushka", "position": quiet, "white": "human", "black": "human"}),
        )
        .await;
    assert_eq!(status, 200, "{game}");
    let id = game["id"].as_str().expect("id");
    let refused = s
        .post(&format!("/api/games/{id}/move"), json!({"move": "c75"}))
        .await;
    assert_error(
        &refused,
        422,
        "that move cannot be played: the position after ply 1: move generation stopped after 1 capture-search steps",
    );
    let (status, now) = s.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, 200, "{now}");
    assert_eq!(now["moves"].as_array().map(Vec::len), Some(0), "{now}");
}
