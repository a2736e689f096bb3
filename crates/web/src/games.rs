//! Games in progress.

use bushka_rules::AnyBoard;

/// A held game.
pub struct GameEntry {
    /// The board.
    pub board: AnyBoard,
}
