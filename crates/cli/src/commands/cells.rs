//! `bushka cells VARIANT`: draw a board's cell names.

use bushka_geometry::Geometry;

use crate::commands::load_variant_board;
use crate::error::CliError;
use crate::output;
use crate::render::{self, Options};

/// Draw every cell's name in the board's shape, White's side at the bottom. Only the
/// board is read, so this works on a variant file whose players section is still
/// wrong or empty: look up the names here, then write the players.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A variant file, or a built-in variant (see `bushka variants`).
    #[arg(value_name = "VARIANT")]
    variant: String,
}

/// Runs `cells`.
pub fn run(args: Args) -> Result<(), CliError> {
    output::print(&describe(&load_variant_board(&args.variant)?))
}

/// The cell names drawn in the board's shape, then the counts and label ranges.
pub fn describe(geometry: &Geometry) -> String {
    let names = render::render(
        geometry,
        |cell| geometry.name(cell).to_string(),
        &Options::default(),
    );
    // The labels the cells use, first to last (a file may define more).
    let used = |index: fn((usize, usize)) -> usize, labels: &[String]| {
        let indices = geometry.cells().map(|c| index(geometry.coords(c)));
        let (low, high) = (indices.clone().min(), indices.max());
        match (
            low.and_then(|i| labels.get(i)),
            high.and_then(|i| labels.get(i)),
        ) {
            (Some(first), Some(last)) => format!("{first} to {last}"),
            _ => String::new(),
        }
    };
    let letters = used(|(l, _)| l, geometry.letter_labels());
    let numbers = used(|(_, n)| n, geometry.number_labels());
    format!(
        "{names}\n{} cells, {} directions; lettered lines {letters}, numbered lines {numbers}.\n",
        geometry.cell_count(),
        geometry.direction_count(),
    )
}
