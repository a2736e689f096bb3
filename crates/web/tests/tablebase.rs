//! The analysis panel's tablebase line: a server started with tables reports the
//! tables' verdict for a covered position, and nothing for one they do not cover.

mod support;

use std::sync::Arc;

use bushka_engine::TablesDir;
use bushka_rules::Board;
use bushka_tablebase::{Material, Silent, Tablebases, save, solve};
use bushka_web::Limits;
use serde_json::{Value, json};
use support::Server;

/// The first iteration of an analysis of game `id`.
async fn first_iteration(s: &Server, id: &str) -> Value {
    let text = s.analysis(id, 200).await;
    let line = text
        .lines()
        .find(|l| l.starts_with("data: {\"depth\""))
        .expect("an iteration");
    serde_json::from_str(&line["data: ".len()..]).expect("JSON")
}

#[tokio::test]
async fn analysis_says_what_the_tables_say() {
    let geometry = bushka_geometry::builtin("bushka")
        .expect("builtin")
        .expect("valid");
    let board = Board::<u128>::new(Arc::new(geometry)).expect("fits");
    let mut tables = Tablebases::new(board.geometry());
    let material: Material = "2K v 1K".parse().expect("signature");
    solve(&board, &mut tables, material, &Silent).expect("small");
    let dir = tempfile::tempdir().expect("temp dir");
    save(&tables, dir.path()).expect("saved");
    let table = tables.table(&material).expect("solved");
    let (plies, index) = table.summary().longest_win.expect("some win");
    let start = table.indexer().unrank(&board, index).expect("legal");

    let limits = Limits {
        tablebases: Some(Arc::new(TablesDir::open(dir.path()).expect("a directory"))),
        ..Limits::default()
    };
    let s = Server::with(limits).await;
    let covered = s
        .new_game(json!({
            "variant": "bushka",
            "white": "human",
            "black": "human",
            "position": board.position_string(&start),
        }))
        .await;
    let it = first_iteration(&s, covered["id"].as_str().expect("id")).await;
    assert_eq!(it["tablebase"], format!("tablebase: win in {plies}"));

    let opening = s
        .new_game(json!({"variant": "bushka", "white": "human", "black": "human"}))
        .await;
    let it = first_iteration(&s, opening["id"].as_str().expect("id")).await;
    assert!(it["tablebase"].is_null(), "{it}");

    // Directories are the server's, never a request's.
    let (status, answer) = s
        .post(
            "/api/games",
            json!({"white": "human", "black": format!("engine:depth=2:tablebases={}", dir.path().display())}),
        )
        .await;
    assert_eq!(status, 400, "{answer}");
}
