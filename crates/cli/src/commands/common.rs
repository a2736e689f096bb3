//! Arguments and helpers shared by the subcommands that work on positions.

use bushka_geometry::Piece;
use bushka_rules::{AnyBoard, Bits, Board, Move, Position};

use crate::commands::{DEFAULT_VARIANT, load_variant};
use crate::error::CliError;
use crate::render::{self, Options};

/// Parses a whole number of at least 1 (for options without an upper bound; clap's
/// own range check would print the bound as `1..18446744073709551615`).
pub fn at_least_one(text: &str) -> Result<u64, String> {
    let value: u64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a whole number"))?;
    if value == 0 {
        return Err(format!(
            "must be {}",
            bushka_engine::range_text(&(1..=u64::MAX))
        ));
    }
    Ok(value)
}

/// `--variant` and `--position`.
#[derive(Debug, Clone, clap::Args)]
pub struct PositionArgs {
    /// A built-in variant (see `bushka variants`) or a path to a variant file.
    #[arg(long, value_name = "VARIANT", default_value = DEFAULT_VARIANT)]
    pub variant: String,
    /// A position string such as `W:We1,f2,Kg3:Bc6,Kd9` (side to move, then each
    /// colour's cells, kings prefixed `K`); the start position when omitted.
    #[arg(long, value_name = "POS")]
    pub position: Option<String>,
}

impl PositionArgs {
    /// The compiled board of `--variant`.
    pub fn board(&self) -> Result<AnyBoard, CliError> {
        Ok(AnyBoard::new(load_variant(&self.variant)?))
    }

    /// The position of `--position`, or the start position.
    pub fn position<B: Bits>(&self, board: &Board<B>) -> Result<Position<B>, CliError> {
        match &self.position {
            Some(text) => Ok(board.parse_position(text)?),
            None => Ok(board.start_position()),
        }
    }
}

/// The pieces of a position, cell by cell.
pub fn pieces<B: Bits>(board: &Board<B>, pos: &Position<B>) -> Vec<Option<Piece>> {
    board
        .geometry()
        .cells()
        .map(|cell| pos.piece_at(board.sq(cell)))
        .collect()
}

/// Draws a position with the last move's cells highlighted, followed by the side to
/// move and whether it must capture.
pub fn draw<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    last: Option<&Move<B>>,
    flipped: bool,
) -> String {
    let color = render::color_enabled();
    let cells = pieces(board, pos);
    let mut options = Options {
        color,
        row_labels: true,
        flipped,
        ..Options::default()
    };
    if let Some(mv) = last {
        options.highlight.insert(board.cell(mv.from));
        options.highlight.insert(board.cell(mv.to));
    }
    let mut text = render::render(
        board.geometry(),
        |cell| render::piece_text(cells[cell.index()], color),
        &options,
    );
    let moves = board.moves(pos);
    let status = match moves.as_slice().first() {
        None => format!("{} to move, and has no legal move.", pos.side().name()),
        Some(mv) if mv.kind.is_capture() => format!(
            "{} to move; capture is compulsory ({} piece{}).",
            pos.side().name(),
            mv.capture_count(),
            if mv.capture_count() == 1 { "" } else { "s" }
        ),
        Some(_) => format!("{} to move.", pos.side().name()),
    };
    text.push('\n');
    text.push_str(&status);
    text.push('\n');
    text
}
