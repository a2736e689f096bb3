//! What the session tests share.

use bushka_session::Variant;

/// The Bushka 10x10 variant.
pub fn bushka() -> Variant {
    match bushka_geometry::builtin("bushka") {
        Some(Ok(g)) => Variant::new(g),
        _ => panic!("bushka is built in"),
    }
}
