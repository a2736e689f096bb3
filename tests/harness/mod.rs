//! Fuzz harnesses: one function per fuzz target, each taking the raw fuzz input.
//!
//! The libFuzzer targets in `tests/fuzz/fuzz_targets/` call these functions, and the
//! stable test `tests/fuzz_replay.rs` replays the committed inputs through them
//! (`tests/fuzz/seeds/TARGET/` and `tests/fuzz/regressions/TARGET/`). A harness
//! returns normally on any input the program handles correctly (accepted or rejected
//! with an error) and panics, naming the broken property, otherwise.

mod notation;
mod play;
mod position;
mod record;
mod variant;

pub use notation::{notation, notation_positions};
pub use play::play;
pub use position::position;
pub use record::record;
pub use variant::variant;

/// A harness: takes one fuzz input, panics on a broken property.
pub type Harness = fn(&[u8]);

/// Every fuzz target by name, with its harness.
pub const TARGETS: [(&str, Harness); 5] = [
    ("variant", variant),
    ("position", position),
    ("notation", notation),
    ("record", record),
    ("play", play),
];

/// Splits an input into its first byte (a choice among fixed cases) and the rest as
/// text; `None` when it is empty or the rest is not UTF-8.
fn choice_and_text(data: &[u8]) -> Option<(usize, &str)> {
    let (&choice, rest) = data.split_first()?;
    Some((usize::from(choice), std::str::from_utf8(rest).ok()?))
}
