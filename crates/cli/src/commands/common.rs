//! Arguments and helpers shared by the subcommands that work on positions.

use bushka_geometry::Cell;
use bushka_rules::MAX_GENERATION_STEPS;
use bushka_session::{Obligation, Position, Variant};

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
    /// The compiled variant of `--variant`.
    pub fn variant(&self) -> Result<Variant, CliError> {
        Ok(Variant::new(load_variant(&self.variant)?))
    }

    /// The position of `--position`, or the start position.
    pub fn position(&self, variant: &Variant) -> Result<Position, CliError> {
        Ok(variant.position_or_start(self.position.as_deref())?)
    }
}

/// Draws a position with the last move's cells highlighted, followed by the side to
/// move and whether it must capture; fails when its moves take longer to list than
/// the programs allow.
pub fn draw(pos: &Position, last: Option<(Cell, Cell)>, flipped: bool) -> Result<String, CliError> {
    let color = render::color_enabled();
    let cells = pos.pieces();
    let mut options = Options {
        color,
        row_labels: true,
        flipped,
        ..Options::default()
    };
    if let Some((from, to)) = last {
        options.highlight.insert(from);
        options.highlight.insert(to);
    }
    let mut text = render::render(
        pos.geometry(),
        |cell| render::piece_text(cells[cell.index()], color),
        &options,
    );
    let status = match pos.obligation(MAX_GENERATION_STEPS)? {
        Obligation { moves: 0, .. } => {
            format!("{} to move, and has no legal move.", pos.side().name())
        }
        Obligation {
            capture: Some(n), ..
        } => format!(
            "{} to move; capture is compulsory ({n} piece{}).",
            pos.side().name(),
            if n == 1 { "" } else { "s" }
        ),
        Obligation { .. } => format!("{} to move.", pos.side().name()),
    };
    text.push('\n');
    text.push_str(&status);
    text.push('\n');
    Ok(text)
}
