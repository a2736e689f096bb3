//! Position strings on every built-in board.

use bushka_geometry::BUILTIN;
use bushka_rules::with_board;

use super::notation::builtin_boards;

/// Parses `data` as a position string on every built-in board; a position that
/// parses must print to a string that parses back to the same position, and its
/// string must be stable.
pub fn position(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for (board, builtin) in builtin_boards().iter().zip(BUILTIN) {
        with_board!(board, b => {
            let Ok(pos) = b.parse_position(text) else {
                continue;
            };
            let printed = b.position_string(&pos);
            let back = b.parse_position(&printed).unwrap_or_else(|e| {
                panic!("on {}: `{text}` printed as `{printed}`, which does not parse: {e}", builtin.name)
            });
            assert_eq!(back, pos, "on {}: `{text}` printed as `{printed}` reads back differently", builtin.name);
            assert_eq!(b.position_string(&back), printed, "on {}: unstable position string", builtin.name);
        });
    }
}
