//! `bushka serve` refuses what it cannot do with exit code 1 (the server itself is
//! tested in `crates/web/tests`).

mod common;

use common::{bushka, stderr};

#[test]
fn a_port_in_use_is_an_error() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    let port = taken.local_addr().expect("address").port().to_string();
    let out = bushka(&["serve", "--memory", "--port", &port]);
    assert_eq!(out.status.code(), Some(1));
    let message = stderr(&out);
    assert!(
        message.starts_with(&format!("error: cannot serve on 127.0.0.1:{port}: ")),
        "{message}"
    );
}

#[test]
fn a_bad_host_is_an_error() {
    let out = bushka(&["serve", "--memory", "--host", "nowhere"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("invalid IP address"));
}

/// A `bushka serve` process on a free loopback port, killed when dropped (as a crash
/// would end it).
struct Served {
    child: std::process::Child,
    base: String,
    /// Its second line: where the games are kept, and how many came back.
    kept: String,
}

impl Served {
    /// Starts `bushka serve --port 0 ARGS` and waits for the address it prints.
    fn start(args: &[&str]) -> Served {
        use std::io::{BufRead, BufReader};
        use std::process::Stdio;
        let mut child = common::command()
            .args(["serve", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the bushka binary runs");
        let stdout = child.stdout.take().expect("its standard output");
        let mut reader = BufReader::new(stdout);
        let mut line = String::new();
        reader
            .read_line(&mut line)
            .expect("the server says where it listens");
        let mut kept = String::new();
        reader
            .read_line(&mut kept)
            .expect("the server says where it keeps the games");
        let base = line
            .split_whitespace()
            .find(|word| word.starts_with("http://"))
            .unwrap_or_else(|| panic!("no address in `{line}`"))
            .to_string();
        Served { child, base, kept }
    }

    /// The server's resident memory, in bytes (Linux: `VmRSS` in /proc).
    fn resident_bytes(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("the server's /proc status");
        let kib: u64 = status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.split_whitespace().next())
            .and_then(|v| v.parse().ok())
            .expect("a VmRSS line");
        kib * 1024
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Engines hold their search memory while they search, not for as long as their game
/// lives: a server that has played a hundred games against the engine, one computer
/// move each (two at a time), holds at most 100 MB more than when it started (each
/// engine's own table was 64 MiB, which made it 6.4 GB).
#[cfg(target_os = "linux")]
#[test]
fn a_hundred_engine_games_leave_the_server_small() {
    use serde_json::{Value, json};
    const GAMES: usize = 100;
    const CLIENTS: usize = 2;
    let server = Served::start(&["--memory", "--searches", "2"]);
    let client = reqwest::blocking::Client::new();
    let post = |path: &str, body: Value| -> Value {
        let response = client
            .post(format!("{}{path}", server.base))
            .json(&body)
            .send()
            .expect("an answer");
        assert_eq!(response.status().as_u16(), 200, "POST {path}");
        response.json().expect("JSON")
    };
    let started = client
        .get(format!("{}/api/variants", server.base))
        .send()
        .expect("the server answers");
    assert_eq!(started.status().as_u16(), 200);
    let before = server.resident_bytes();
    std::thread::scope(|scope| {
        for _ in 0..CLIENTS {
            scope.spawn(|| {
                for _ in 0..GAMES / CLIENTS {
                    let game = post(
                        "/api/games",
                        json!({ "white": "engine:level=1", "black": "human" }),
                    );
                    let id = game["id"].as_str().expect("an id");
                    let after = post(&format!("/api/games/{id}/computer"), json!({}));
                    assert_eq!(after["moves"].as_array().map(Vec::len), Some(1));
                }
            });
        }
    });
    let after = server.resident_bytes();
    let grown = after.saturating_sub(before);
    assert!(
        grown <= 100_000_000,
        "the server grew by {} MB over {GAMES} engine games ({} MB to {} MB)",
        grown / 1_000_000,
        before / 1_000_000,
        after / 1_000_000
    );
}

/// A blocking client's JSON answer to `request`, which must succeed.
fn answer(request: reqwest::blocking::RequestBuilder) -> serde_json::Value {
    let response = request.send().expect("an answer");
    let status = response.status().as_u16();
    let body: serde_json::Value = response.json().expect("JSON");
    assert_eq!(status, 200, "{body}");
    body
}

/// A game the load test made: its key, its moves, whether it was finished.
struct Made {
    key: String,
    moves: Vec<String>,
    finished: bool,
}

/// Load: 1,000 games with moves stored over loopback by four clients at once (a
/// tenth of them finished, half of the rest between two seats with clocks), the
/// server killed (SIGKILL) and started again on the same data directory: every game
/// is where it was, the unfinished ones back in memory at once, the finished ones in
/// the archive and exported. The times and the database's size are printed.
#[test]
fn a_thousand_stored_games_survive_a_crash_and_a_restart() {
    use serde_json::json;
    use std::time::Instant;
    const GAMES: usize = 1000;
    const CLIENTS: usize = 4;
    const MOVES: usize = 3;
    const FINISHED_EVERY: usize = 10;
    let data = tempfile::tempdir().expect("a data directory");
    let dir = data.path().to_str().expect("a UTF-8 path");
    let server = Served::start(&["--data", dir]);
    assert!(server.kept.contains("games are kept in"), "{}", server.kept);
    let started = Instant::now();
    let made: Vec<Made> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..CLIENTS)
            .map(|c| {
                let base = &server.base;
                scope.spawn(move || {
                    let client = reqwest::blocking::Client::new();
                    (0..GAMES / CLIENTS)
                        .map(|i| {
                            let n = i * CLIENTS + c;
                            let mut body = json!({ "white": "human", "black": "human" });
                            if n % 2 == 1 {
                                body["seat"] = json!("white");
                                body["clock"] =
                                    json!({ "initial_ms": 600_000, "increment_ms": 5_000 });
                            }
                            let mut game =
                                answer(client.post(format!("{base}/api/games")).json(&body));
                            let mut keys = vec![game["id"].as_str().expect("a key").to_string()];
                            if let Some(black) = game["links"]["black"].as_str() {
                                keys.push(black.to_string());
                            }
                            let mut moves = Vec::new();
                            for ply in 0..MOVES {
                                let text = game["current"]["legal"][0]["text"]
                                    .as_str()
                                    .expect("a legal move")
                                    .to_string();
                                let key = &keys[ply % keys.len()];
                                game = answer(
                                    client
                                        .post(format!("{base}/api/games/{key}/move"))
                                        .json(&json!({ "move": text })),
                                );
                                moves.push(text);
                            }
                            let finished = n.is_multiple_of(FINISHED_EVERY);
                            if finished {
                                answer(
                                    client
                                        .post(format!("{base}/api/games/{}/resign", keys[0]))
                                        .json(&json!({})),
                                );
                            }
                            Made {
                                key: keys.swap_remove(0),
                                moves,
                                finished,
                            }
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a client"))
            .collect()
    });
    let stored = started.elapsed();
    drop(server);
    let size: u64 = std::fs::read_dir(data.path())
        .expect("the data directory")
        .map(|e| e.expect("an entry").metadata().expect("its size").len())
        .sum();
    let restarting = Instant::now();
    let server = Served::start(&["--data", dir]);
    let restarted = restarting.elapsed();
    let unfinished = GAMES - GAMES / FINISHED_EVERY;
    assert!(
        server
            .kept
            .contains(&format!("; {unfinished} unfinished games are back")),
        "{}",
        server.kept
    );
    eprintln!(
        "{GAMES} games of {MOVES} moves stored in {stored:.1?} ({} requests by {CLIENTS} clients); \
         database {size} bytes; killed, started again with {unfinished} unfinished games back in {restarted:.1?}",
        GAMES * (MOVES + 1) + GAMES / FINISHED_EVERY
    );
    let client = reqwest::blocking::Client::new();
    for game in &made {
        let seen = answer(client.get(format!("{}/api/games/{}", server.base, game.key)));
        let moves: Vec<&str> = seen["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| m["text"].as_str().expect("text"))
            .collect();
        assert_eq!(moves, game.moves, "game {}", game.key);
        assert_eq!(seen["outcome"].is_null(), !game.finished, "{seen}");
    }
    let archive = answer(client.get(format!("{}/api/archive", server.base)));
    assert_eq!(archive["total"], GAMES / FINISHED_EVERY);
    drop(server);
    let out_dir = data.path().join("records");
    let out = common::bushka(&[
        "serve",
        "--data",
        dir,
        "--export",
        out_dir.to_str().expect("UTF-8"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let records = std::fs::read_dir(&out_dir).expect("the records").count();
    assert_eq!(records, GAMES / FINISHED_EVERY);
    let checkpointed = std::fs::metadata(data.path().join("bushka.sqlite3"))
        .expect("the database")
        .len();
    eprintln!("the database after a clean close: {checkpointed} bytes");
}

/// A file in the data directory that is not a bushka database, or is one that is
/// damaged, is refused with a message and exit code 1, and left as it was.
#[test]
fn a_foreign_or_damaged_database_file_is_refused_and_left_alone() {
    let data = tempfile::tempdir().expect("a data directory");
    let dir = data.path().to_str().expect("a UTF-8 path");
    let file = data.path().join("bushka.sqlite3");
    let refused = |expected: &str| {
        let before = std::fs::read(&file).expect("the file");
        let out = bushka(&["serve", "--data", dir, "--port", "0"]);
        assert_eq!(out.status.code(), Some(1));
        let message = stderr(&out);
        assert!(message.starts_with("error: "), "{message}");
        assert!(message.contains(expected), "{message}");
        assert!(message.contains("left untouched"), "{message}");
        assert_eq!(std::fs::read(&file).expect("still there"), before);
    };
    std::fs::write(&file, "a shopping list, not a database\n".repeat(200)).expect("written");
    refused("is not a bushka database");
    // A real one, with games in it, whose pages a disk fault scribbled over.
    std::fs::remove_file(&file).expect("removed");
    {
        let server = Served::start(&["--data", dir]);
        let client = reqwest::blocking::Client::new();
        for _ in 0..50 {
            answer(
                client
                    .post(format!("{}/api/games", server.base))
                    .json(&serde_json::json!({ "black": "human" })),
            );
        }
    }
    let ok = bushka(&[
        "serve",
        "--data",
        dir,
        "--export",
        data.path().join("out").to_str().expect("UTF-8"),
    ]);
    assert_eq!(ok.status.code(), Some(0), "{}", stderr(&ok));
    let mut bytes = std::fs::read(&file).expect("the file");
    assert!(bytes.len() > 8192, "{} bytes", bytes.len());
    for b in &mut bytes[4096..] {
        *b = 0x5a;
    }
    std::fs::write(&file, &bytes).expect("damaged");
    refused("is damaged");
}

/// A data directory that cannot be made or written is an error with exit code 1.
#[test]
fn an_unwritable_data_directory_is_a_clear_error() {
    let data = tempfile::tempdir().expect("a directory");
    let file = data.path().join("a-file");
    std::fs::write(&file, b"x").expect("written");
    let inside = file.join("data");
    let out = bushka(&[
        "serve",
        "--data",
        inside.to_str().expect("UTF-8"),
        "--port",
        "0",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let message = stderr(&out);
    assert!(
        message.starts_with(&format!(
            "error: cannot use the data directory {}",
            inside.display()
        )),
        "{message}"
    );
}

/// A server's programs: a browser chooses one by its name (here bushka itself over
/// Hub), never by a command; the game keeps the name through a restart, and a server
/// that no longer names the program says so.
#[test]
fn browsers_choose_the_server_s_programs_by_name_only() {
    use serde_json::json;
    let data = common::temp_dir("serve-programs");
    let data_arg = data.to_str().expect("a UTF-8 path");
    let program = format!("self=hub,depth=2:{} hub", env!("CARGO_BIN_EXE_bushka"));
    let client = reqwest::blocking::Client::new();
    let key = {
        let server = Served::start(&["--data", data_arg, "--program", &program]);
        let programs = answer(client.get(format!("{}/api/programs", server.base)));
        assert_eq!(programs, json!(["self"]));
        let refused = |black: &str, why: &str| {
            let response = client
                .post(format!("{}/api/games", server.base))
                .json(&json!({ "white": "human", "black": black }))
                .send()
                .expect("an answer");
            assert_eq!(response.status().as_u16(), 400, "{black}");
            let body: serde_json::Value = response.json().expect("JSON");
            let error = body["error"].as_str().unwrap_or_default().to_string();
            assert!(error.contains(why), "{black}: {error}");
        };
        refused("hub:/bin/sh", "plays only the programs its server names");
        refused("program:nope", "no program `nope` (it names self)");
        let game =
            answer(client.post(format!("{}/api/games", server.base)).json(
                &json!({ "variant": "draughts", "white": "program:self", "black": "human" }),
            ));
        assert_eq!(game["white"]["spec"], "program:self");
        let key = game["id"].as_str().expect("a key").to_string();
        let moved = answer(client.post(format!("{}/api/games/{key}/computer", server.base)));
        assert_eq!(moved["moves"].as_array().map(Vec::len), Some(1), "{moved}");
        key
    };
    let server = Served::start(&["--data", data_arg, "--program", &program]);
    let back = answer(client.get(format!("{}/api/games/{key}", server.base)));
    assert_eq!(back["white"]["spec"], "program:self");
    assert_eq!(back["moves"].as_array().map(Vec::len), Some(1));
    drop(server);
    let server = Served::start(&["--data", data_arg]);
    let response = client
        .get(format!("{}/api/games/{key}", server.base))
        .send()
        .expect("an answer");
    assert_eq!(response.status().as_u16(), 422);
    let body = response.text().expect("a body");
    assert!(body.contains("no longer names"), "{body}");
    drop(server);
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn a_bad_program_option_is_an_error() {
    for (option, why) in [
        ("dame", "give NAME=SPEC"),
        ("dame=engine:level=3", "is not a program"),
        ("bad name=hub:dame hub", "give 1 to 32"),
    ] {
        let out = bushka(&["serve", "--memory", "--program", option]);
        assert_eq!(out.status.code(), Some(1), "{option}");
        let message = stderr(&out);
        assert!(message.contains(why), "{option}: {message}");
    }
}
