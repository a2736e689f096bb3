//! The JSON API over a real loopback socket: every endpoint, with good and bad input.

mod support;

use serde_json::{Value, json};
use support::{Server, assert_error};

fn legal_texts(game: &Value) -> Vec<String> {
    game["current"]["legal"]
        .as_array()
        .expect("legal moves")
        .iter()
        .map(|m| m["text"].as_str().expect("text").to_string())
        .collect()
}

#[tokio::test]
async fn pages_and_assets_are_served_from_the_binary() {
    let s = Server::start().await;
    let (status, page) = s.text("/").await;
    assert_eq!(status, 200);
    assert!(page.contains("<script type=\"module\" src=\"/assets/app.js\">"));
    for asset in [
        "app.js",
        "board.js",
        "play.js",
        "lab.js",
        "analysis.js",
        "api.js",
        "style.css",
        "favicon.svg",
    ] {
        let (status, body) = s.text(&format!("/assets/{asset}")).await;
        assert_eq!(status, 200, "{asset}");
        assert!(!body.is_empty(), "{asset}");
    }
    assert_error(
        &s.get("/assets/nothing.js").await,
        404,
        "no asset `nothing.js`",
    );
    assert_error(&s.get("/api/nothing").await, 404, "no such page");
}

#[tokio::test]
async fn variants_are_listed_and_shown() {
    let s = Server::start().await;
    let (status, list) = s.get("/api/variants").await;
    assert_eq!(status, 200);
    let names: Vec<&str> = list
        .as_array()
        .expect("list")
        .iter()
        .map(|v| v["name"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(&names[..3], ["bushka", "bushka-9x11", "hexbushka"]);
    let (status, hex) = s.get("/api/variants/hexbushka").await;
    assert_eq!(status, 200);
    assert_eq!(hex["layout"]["shape"], "hex_flat");
    assert_eq!(hex["layout"]["cells"].as_array().map(Vec::len), Some(61));
    assert_eq!(hex["position"]["legal"].as_array().map(Vec::len), Some(38));
    assert!(
        hex["text"]
            .as_str()
            .unwrap_or("")
            .contains("[players.white]")
    );
    assert_error(
        &s.get("/api/variants/chess").await,
        404,
        "unknown variant `chess`",
    );
}

#[tokio::test]
async fn any_position_gives_its_legal_moves_and_compulsory_capture() {
    let s = Server::start().await;
    let (status, view) = s
        .post(
            "/api/position",
            json!({"variant": "bushka", "position": "W:Wd6,g5,Ke1:Bf7,Kd8"}),
        )
        .await;
    assert_eq!(status, 200, "{view}");
    let legal = view["position"]["legal"].as_array().expect("legal");
    assert_eq!(legal.len(), 1);
    assert_eq!(legal[0]["text"], "d6e7x");
    assert_eq!(legal[0]["kind"], "piece_capture");
    assert_eq!(legal[0]["captured"].as_array().map(Vec::len), Some(2));
    assert_eq!(view["position"]["compulsory"]["count"], 2);
    assert_eq!(view["position"]["compulsory"]["fewest"], 2);
    assert_error(
        &s.post("/api/position", json!({"position": "W:Wz9:Bc6"}))
            .await,
        422,
        "unknown cell `z9`",
    );
    assert_error(
        &s.post(
            "/api/position",
            json!({"variant": "bushka", "variant_text": "x"}),
        )
        .await,
        400,
        "not both",
    );
}

const BROKEN: &str = "[variant]\nid = \"x\"\nname = \"X\"\ncolour = 3\n";

#[tokio::test]
async fn the_lab_checks_files_with_line_and_column() {
    let s = Server::start().await;
    let text = bushka_geometry::BUILTIN[0].text;
    let (status, ok) = s.post("/api/lab/check", json!({"text": text})).await;
    assert_eq!(status, 200, "{ok}");
    assert_eq!(
        ok["summary"],
        "Bushka (bushka): 50 cells, 4 directions, 19 lines, back ranks 5/5, men 15/15"
    );
    assert_eq!(
        ok["layout"]["white"]["promotion"].as_array().map(Vec::len),
        Some(5)
    );
    let bad = s.post("/api/lab/check", json!({"text": BROKEN})).await;
    assert_error(&bad, 422, "unknown key `colour`");
    assert_eq!(
        (bad.1["line"].as_u64(), bad.1["column"].as_u64()),
        (Some(4), Some(1))
    );
    assert_error(
        &s.post("/api/lab/check", json!({"text": "# nothing\n"}))
            .await,
        422,
        "the file is empty",
    );
    assert_error(
        &s.post("/api/lab/check", json!({"txt": text})).await,
        400,
        "unknown field `txt`",
    );
}

#[tokio::test]
async fn malformed_and_oversized_bodies_are_refused() {
    let s = Server::start().await;
    assert_error(
        &s.post_raw("/api/lab/check", b"{\"text\": ".to_vec()).await,
        400,
        "Failed to parse the request body as JSON: text: EOF while parsing a value",
    );
    assert_error(
        &s.post_raw("/api/games", b"[1, 2]".to_vec()).await,
        400,
        "invalid type: sequence, expected struct NewGame",
    );
    let huge = json!({"text": "#".repeat(bushka_web::BODY_LIMIT + 10)})
        .to_string()
        .into_bytes();
    assert_error(
        &s.post_raw("/api/lab/check", huge).await,
        413,
        "larger than the limit",
    );
    let r = s
        .client
        .post(format!("{}/api/games", s.base))
        .body("{}")
        .send()
        .await
        .expect("POST");
    let status = r.status().as_u16();
    let body = r.json().await.expect("a JSON error");
    assert_error(
        &(status, body),
        400,
        "Expected request with `Content-Type: application/json`",
    );
}

#[tokio::test]
async fn the_lab_counts_perft_and_playtests() {
    let s = Server::start().await;
    let text = bushka_geometry::BUILTIN[0].text;
    let (status, rows) = s.post("/api/lab/perft", json!({"text": text})).await;
    assert_eq!(status, 200, "{rows}");
    let nodes: Vec<u64> = rows
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| r["nodes"].as_u64().unwrap_or(0))
        .collect();
    assert_eq!(nodes, [24, 576, 13_920]);
    assert_error(
        &s.post("/api/lab/perft", json!({"text": text, "depth": 4}))
            .await,
        400,
        "out of range",
    );
    assert_error(
        &s.post("/api/lab/perft", json!({"text": BROKEN})).await,
        422,
        "line 4, column 1",
    );
    let (status, report) = s
        .post("/api/lab/playtest", json!({"text": text, "games": 2}))
        .await;
    assert_eq!(status, 200, "{report}");
    for kind in ["random", "engine"] {
        assert_eq!(report[kind]["games"], 2, "{kind}");
        assert_eq!(report[kind]["branching_start"], 24, "{kind}");
    }
    assert_error(
        &s.post("/api/lab/playtest", json!({"text": text, "games": 500}))
            .await,
        400,
        "out of range",
    );
}

#[tokio::test]
async fn a_person_plays_against_the_random_player_and_takes_back() {
    let s = Server::start().await;
    let game = s
        .new_game(json!({"variant": "bushka", "white": "human", "black": "random:seed=1"}))
        .await;
    let id = game["id"].as_str().expect("id").to_string();
    assert_eq!(game["to_move"], "human");
    assert_eq!(legal_texts(&game).len(), 24);
    let (status, after) = s
        .post(&format!("/api/games/{id}/move"), json!({"move": "f4 f5"}))
        .await;
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["moves"][0]["text"], "f45");
    assert_eq!(after["to_move"], "computer");
    let early = s
        .post(&format!("/api/games/{id}/move"), json!({"move": "d76"}))
        .await;
    assert_error(&early, 422, "Black is played by the computer");
    let (status, after) = s
        .post(&format!("/api/games/{id}/computer"), json!({}))
        .await;
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["moves"].as_array().map(Vec::len), Some(2));
    assert_eq!(after["moves"][1]["side"], "black");
    assert_error(
        &s.post(&format!("/api/games/{id}/computer"), json!({}))
            .await,
        422,
        "White is played by a person",
    );
    let illegal = s
        .post(&format!("/api/games/{id}/move"), json!({"move": "f5 f7"}))
        .await;
    assert_error(&illegal, 422, "f5 f7");
    // The message is the web page's too: no terminal command in it.
    let message = illegal.1["error"].as_str().unwrap_or("");
    assert!(message.contains("There are 24 legal moves."), "{message}");
    assert!(!message.contains("`moves`"), "{message}");
    assert!(illegal.1["legal"].as_array().is_some_and(|l| !l.is_empty()));
    assert_error(
        &s.post(&format!("/api/games/{id}/move"), json!({"mv": "f56"}))
            .await,
        400,
        "unknown field",
    );
    let (status, undone) = s.post(&format!("/api/games/{id}/undo"), json!({})).await;
    assert_eq!(status, 200, "{undone}");
    assert_eq!(undone["moves"].as_array().map(Vec::len), Some(0));
    assert!(
        undone["message"]
            .as_str()
            .unwrap_or("")
            .starts_with("Took back f45")
    );
    assert_error(
        &s.post(&format!("/api/games/{id}/undo"), json!({})).await,
        422,
        "nothing to take back",
    );
    let (status, resigned) = s.post(&format!("/api/games/{id}/resign"), json!({})).await;
    assert_eq!(status, 200);
    assert_eq!(resigned["outcome"]["result"], "0-1");
    assert_eq!(resigned["to_move"], Value::Null);
    assert_error(
        &s.post(&format!("/api/games/{id}/move"), json!({"move": "f45"}))
            .await,
        422,
        "the game is over",
    );
}

#[tokio::test]
async fn the_engine_plays_at_named_levels_and_the_default_is_the_default_level() {
    let s = Server::start().await;
    let game = s.new_game(json!({"variant": "bushka"})).await;
    assert_eq!(game["white"]["spec"], "human");
    assert_eq!(game["black"]["spec"], "engine:level=6", "as `bushka play`");
    for (spec, shown) in [
        ("engine:level=1", "engine:level=1"),
        ("engine:level=easy", "engine:level=2"),
        ("engine:level=medium", "engine:level=4"),
        ("engine:level=hard", "engine:level=6"),
        ("engine:level=max", "engine:level=8"),
        ("engine:nodes=3000000", "engine:nodes=3000000"),
    ] {
        let game = s.new_game(json!({"black": spec})).await;
        assert_eq!(game["black"]["spec"], shown, "{spec}");
        let id = game["id"].as_str().expect("id");
        assert_eq!(s.delete(&format!("/api/games/{id}")).await, 204);
    }
    for spec in ["engine:nodes=3000001", "engine:level=6:movetime=60001"] {
        assert_error(
            &s.post("/api/games", json!({"black": spec})).await,
            400,
            "at most 3000000 nodes",
        );
    }
    // The server's memory is its searches' tables: a browser may not size them up.
    assert_error(
        &s.post("/api/games", json!({"black": "engine:level=1:hash=4096"}))
            .await,
        400,
        "a table of at most 64 MiB",
    );
    // Nor start threads of its own.
    assert_error(
        &s.post("/api/games", json!({"black": "engine:level=1:threads=2"}))
            .await,
        400,
        "on one thread each (threads=1)",
    );
    let small = s.new_game(json!({"black": "engine:level=1:hash=8"})).await;
    assert_eq!(small["black"]["spec"], "engine:level=1:hash=8");
    // A level's engine (a node budget, no clock) replies.
    let game = s.new_game(json!({"black": "engine:level=1"})).await;
    let id = game["id"].as_str().expect("id");
    let (status, _) = s
        .post(&format!("/api/games/{id}/move"), json!({"move": "f45"}))
        .await;
    assert_eq!(status, 200);
    let (status, after) = s
        .post(&format!("/api/games/{id}/computer"), json!({}))
        .await;
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["moves"].as_array().map(Vec::len), Some(2));
    assert_eq!(after["to_move"], "human");
}

#[tokio::test]
async fn unknown_games_and_bad_players_are_refused() {
    let s = Server::start().await;
    for path in [
        "/api/games/nope",
        "/api/games/nope/record",
        "/api/games/nope/position?ply=0",
    ] {
        assert_error(&s.get(path).await, 404, "no game with id `nope`");
    }
    for action in ["move", "computer", "undo", "resign", "draw", "stop"] {
        let body = if action == "move" {
            json!({"move": "f45"})
        } else {
            json!({})
        };
        assert_error(
            &s.post(&format!("/api/games/nope/{action}"), body).await,
            404,
            "no game with id",
        );
    }
    assert_error(
        &s.get("/api/games/nope/analysis").await,
        404,
        "no game with id",
    );
    assert_error(
        &s.post("/api/games", json!({"white": "wizard"})).await,
        400,
        "unknown player `wizard`",
    );
    assert_error(
        &s.post("/api/games", json!({"black": "engine:movetime=999999"}))
            .await,
        400,
        "at most",
    );
    assert_error(
        &s.post("/api/games", json!({"variant": "chess"})).await,
        404,
        "unknown variant",
    );
    assert_error(
        &s.post("/api/games", json!({"variant_text": BROKEN})).await,
        422,
        "line 4",
    );
    assert_error(
        &s.post("/api/games", json!({"position": "W:Wa6:Bc6"})).await,
        422,
        "promotion zone",
    );
    let game = s.new_game(json!({})).await;
    let id = game["id"].as_str().expect("id");
    assert_error(
        &s.get(&format!("/api/games/{id}/position?ply=5")).await,
        400,
        "past the game's end",
    );
    assert_error(
        &s.get(&format!("/api/games/{id}/position?ply=x")).await,
        400,
        "ply: invalid digit found in string",
    );
    assert_eq!(s.delete(&format!("/api/games/{id}")).await, 204);
    assert_error(
        &s.get(&format!("/api/games/{id}")).await,
        404,
        "no game with id",
    );
}

#[tokio::test]
async fn two_people_offer_and_answer_a_draw() {
    let s = Server::start().await;
    let game = s
        .new_game(json!({"variant": "bushka-9x11", "white": "human", "black": "human"}))
        .await;
    let id = game["id"].as_str().expect("id");
    let (status, offered) = s.post(&format!("/api/games/{id}/draw"), json!({})).await;
    assert_eq!(status, 200, "{offered}");
    assert_eq!(offered["draw_offer"], "white");
    assert_error(
        &s.post(&format!("/api/games/{id}/move"), json!({"move": "f45"}))
            .await,
        422,
        "offered a draw",
    );
    let (_, declined) = s
        .post(
            &format!("/api/games/{id}/draw/answer"),
            json!({"accept": false}),
        )
        .await;
    assert_eq!(declined["message"], "Black declines the draw.");
    s.post(&format!("/api/games/{id}/draw"), json!({})).await;
    let (_, agreed) = s
        .post(
            &format!("/api/games/{id}/draw/answer"),
            json!({"accept": true}),
        )
        .await;
    assert_eq!(agreed["outcome"]["text"], "draw by agreement");
    assert_error(
        &s.post(
            &format!("/api/games/{id}/draw/answer"),
            json!({"accept": true}),
        )
        .await,
        422,
        "no draw offer",
    );
}

#[tokio::test]
async fn records_are_saved_and_loaded() {
    let s = Server::start().await;
    let game = s
        .new_game(json!({"variant": "hexbushka", "white": "human", "black": "human"}))
        .await;
    let id = game["id"].as_str().expect("id");
    for mv in ["e2f3", "i6xg4"] {
        let (status, g) = s
            .post(&format!("/api/games/{id}/move"), json!({"move": mv}))
            .await;
        assert_eq!(status, 200, "{g}");
    }
    let (status, record) = s.text(&format!("/api/games/{id}/record")).await;
    assert_eq!(status, 200);
    assert!(record.contains("[Variant \"hexbushka\"]"), "{record}");
    assert!(record.contains("1. e2f3 i6xg4"), "{record}");
    let (status, loaded) = s.post("/api/games/load", json!({"record": record})).await;
    assert_eq!(status, 200, "{loaded}");
    assert_eq!(loaded["layout"]["id"], "hexbushka");
    let texts: Vec<&str> = loaded["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m["text"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(texts, ["e2f3", "i6xg4"]);
    assert_eq!(
        loaded["moves"][1]["captured"].as_array().map(Vec::len),
        Some(1)
    );
    let (status, start) = s
        .get(&format!(
            "/api/games/{}/position?ply=0",
            loaded["id"].as_str().unwrap_or("")
        ))
        .await;
    assert_eq!(status, 200);
    assert_eq!(start["pieces"].as_array().map(Vec::len), Some(32));
    let bad = s
        .post(
            "/api/games/load",
            json!({"record": "[Variant \"bushka\"]\n1. f45 f45\n"}),
        )
        .await;
    assert_error(&bad, 422, "game record: move 1... f45");
    assert_error(
        &s.post(
            "/api/games/load",
            json!({"record": "[Variant \"bushka\"\n"}),
        )
        .await,
        422,
        "game record: line 1",
    );
}

#[tokio::test]
async fn analysis_streams_iterations_then_done() {
    let s = Server::start().await;
    let game = s
        .new_game(json!({"white": "human", "black": "human"}))
        .await;
    let id = game["id"].as_str().expect("id");
    let text = s.analysis(id, 300).await;
    assert!(text.contains("event: iteration"), "{text}");
    assert!(text.contains("event: done"), "{text}");
    let first = text
        .lines()
        .find(|l| l.starts_with("data: {\"depth\""))
        .expect("an iteration");
    let it: Value = serde_json::from_str(&first["data: ".len()..]).expect("JSON");
    assert_eq!(it["depth"], 1);
    assert!(
        it["score_text"]
            .as_str()
            .is_some_and(|t| t.starts_with('+') || t.starts_with('-'))
    );
    assert!(it["best"]["from"].is_u64());
    assert_error(
        &s.get(&format!("/api/games/{id}/analysis?movetime=0")).await,
        400,
        "out of range",
    );
    assert_error(
        &s.get(&format!("/api/games/{id}/analysis?ply=3")).await,
        400,
        "past the game's end",
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_game_answers_while_the_computer_thinks() {
    let s = Server::start().await;
    let game = s
        .new_game(json!({"white": "engine:movetime=60000", "black": "human"}))
        .await;
    let id = game["id"].as_str().expect("id").to_string();
    let thinking = s.post_later(&format!("/api/games/{id}/computer"));
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let (status, now) = s.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, 200);
    assert_eq!(now["moves"].as_array().map(Vec::len), Some(0));
    assert_error(
        &s.post(&format!("/api/games/{id}/computer"), json!({}))
            .await,
        422,
        "White is already thinking",
    );
    let (status, resigned) = s.post(&format!("/api/games/{id}/resign"), json!({})).await;
    assert_eq!(status, 200, "{resigned}");
    assert_eq!(resigned["outcome"]["result"], "1-0");
    // The think has a minute: all of the above was answered while it went on.
    assert!(!thinking.is_finished(), "answered while thinking");
    let (status, body) = s.stop_think(&id, thinking).await;
    assert_eq!(status, 422, "{body}");
    assert!(
        body.contains("the game changed while the computer was thinking"),
        "{body}"
    );
}

#[tokio::test]
async fn undo_is_offered_exactly_when_a_person_has_a_move_to_take_back() {
    let s = Server::start().await;
    let game = s
        .new_game(json!({"white": "random", "black": "human"}))
        .await;
    let id = game["id"].as_str().expect("id");
    assert_eq!(game["can_undo"], false, "{game}");
    let (status, after) = s
        .post(&format!("/api/games/{id}/computer"), json!({}))
        .await;
    assert_eq!(status, 200, "{after}");
    // The person playing Black has played nothing yet.
    assert_eq!(
        [
            &after["can_undo"],
            &after["can_offer_draw"],
            &after["can_resign"]
        ],
        [false, true, true],
        "{after}"
    );
    assert_error(
        &s.post(&format!("/api/games/{id}/undo"), json!({})).await,
        422,
        "nothing to take back",
    );
    let reply = legal_texts(&after)[0].clone();
    let (status, moved) = s
        .post(&format!("/api/games/{id}/move"), json!({"move": reply}))
        .await;
    assert_eq!(status, 200, "{moved}");
    assert_eq!(moved["can_undo"], true, "{moved}");
    let (status, undone) = s.post(&format!("/api/games/{id}/undo"), json!({})).await;
    assert_eq!(status, 200, "{undone}");
    assert_eq!(undone["moves"].as_array().map(Vec::len), Some(1));
    assert_eq!(undone["can_undo"], false, "{undone}");
}
