//! `bushka serve` refuses what it cannot do with exit code 1 (the server itself is
//! tested in `crates/web/tests`).

mod common;

use common::{bushka, stderr};

#[test]
fn a_port_in_use_is_an_error() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    let port = taken.local_addr().expect("address").port().to_string();
    let out = bushka(&["serve", "--port", &port]);
    assert_eq!(out.status.code(), Some(1));
    let message = stderr(&out);
    assert!(
        message.starts_with(&format!("error: cannot serve on 127.0.0.1:{port}: ")),
        "{message}"
    );
}

#[test]
fn a_bad_host_is_an_error() {
    let out = bushka(&["serve", "--host", "nowhere"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("invalid IP address"));
}

/// A `bushka serve` process on a free loopback port, stopped when dropped.
struct Served {
    child: std::process::Child,
    base: String,
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
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("the server says where it listens");
        let base = line
            .split_whitespace()
            .find(|word| word.starts_with("http://"))
            .unwrap_or_else(|| panic!("no address in `{line}`"))
            .to_string();
        Served { child, base }
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
    let server = Served::start(&["--searches", "2"]);
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
