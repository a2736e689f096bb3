//! What the session tests share.

use std::sync::Arc;

use bushka_rules::{AnyBoard, Board};

/// The Bushka 10x10 board.
pub fn bushka() -> Arc<Board<u64>> {
    let geometry = match bushka_geometry::builtin("bushka") {
        Some(Ok(g)) => g,
        _ => panic!("bushka is built in"),
    };
    match AnyBoard::new(geometry) {
        AnyBoard::Narrow(b) => b,
        _ => panic!("bushka fits 64 bits"),
    }
}
