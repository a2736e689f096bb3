//! A DXP match against Scan 2.0 (the 2015 Computer Olympiad champion), built from
//! source as the README says; `BUSHKA_SCAN` names its directory (the one holding
//! `src/scan` and `data/`). Ignored: run with
//! `BUSHKA_SCAN=DIR cargo test -p bushka-cli --test scan -- --ignored`.

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod common;

use common::{bushka, played_out, stderr, stdout, temp_dir};

#[test]
#[ignore = "needs Scan 2.0 built from source in BUSHKA_SCAN (see the README)"]
fn bushka_plays_scan_over_dxp_to_the_end() {
    let scan = PathBuf::from(
        std::env::var_os("BUSHKA_SCAN").expect("BUSHKA_SCAN names Scan 2.0's directory"),
    );
    // A fresh port: Scan binds without SO_REUSEADDR, and serves one connection.
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    // Scan reads scan.ini and data/ from its working directory.
    let run = temp_dir("scan");
    std::os::unix::fs::symlink(scan.join("data"), run.join("data")).expect("a link to data/");
    let ini = format!(
        "book = false\nthreads = 1\ntt-size = 22\nbb-size = 4\n\
         dxp-server = true\ndxp-host = 127.0.0.1\ndxp-port = {port}\ndxp-initiator = false\n\
         dxp-time = 1\ndxp-moves = 75\ndxp-board = false\ndxp-search = false\n"
    );
    std::fs::write(run.join("scan.ini"), ini).expect("scan.ini");
    let mut child = Command::new(scan.join("src/scan"))
        .arg("dxp")
        .current_dir(&run)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("Scan starts");
    let address = format!("127.0.0.1:{port}");
    let until = Instant::now() + Duration::from_secs(30);
    // Scan listens once its tables are loaded; a probe connection would take its one
    // connection, so wait for the port to be bound by trying to bind it ourselves.
    while TcpListener::bind(&address).is_ok() {
        assert!(Instant::now() < until, "Scan did not listen");
        std::thread::sleep(Duration::from_millis(200));
    }
    let spec = format!("dxp,time=1,moves=75:{address}");
    let output = bushka(&[
        "match",
        "--variant",
        "draughts",
        "--white",
        &spec,
        "--black",
        "engine",
        "--games",
        "2",
        "--threads",
        "1",
        "--each",
    ]);
    let _ = child.kill();
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&run);
    assert!(output.status.success(), "{}", stderr(&output));
    played_out(&stdout(&output), 2);
}
