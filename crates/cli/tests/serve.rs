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
