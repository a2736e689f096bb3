//! `bushka check FILE...`: validate variant files.

use std::path::PathBuf;

use bushka_geometry::{Geometry, Player};

use crate::error::CliError;
use crate::output;

/// Validate variant files: print a summary line for each valid file and the error
/// (file, line, column, what) for each invalid one. Exits 1 if any file is invalid.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Variant files (TOML) to check.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
}

/// Runs `check`.
pub fn run(args: Args) -> Result<(), CliError> {
    let mut invalid = 0;
    for path in &args.files {
        match bushka_geometry::load_path(path) {
            Ok(geometry) => {
                output::println(&format!("{}: ok: {}", path.display(), summary(&geometry)))?
            }
            Err(e) => {
                invalid += 1;
                output::eprintln(&e.to_string());
            }
        }
    }
    if invalid > 0 {
        return Err(CliError::InvalidFiles {
            invalid,
            total: args.files.len(),
        });
    }
    Ok(())
}

/// `Bushka (bushka): 50 cells, 4 directions, 19 lines, back ranks 5/5, men 15/15`.
pub fn summary(geometry: &Geometry) -> String {
    let white = geometry.side(Player::White);
    let black = geometry.side(Player::Black);
    let mut text = format!(
        "{} ({}): {} cells, {} directions, {} lines, back ranks {}/{}, men {}/{}",
        geometry.meta().name,
        geometry.meta().id,
        geometry.cell_count(),
        geometry.direction_count(),
        geometry.lines().len(),
        white.promotion.len(),
        black.promotion.len(),
        white.men.len(),
        black.men.len(),
    );
    if !white.kings.is_empty() || !black.kings.is_empty() {
        text.push_str(&format!(
            ", kings {}/{}",
            white.kings.len(),
            black.kings.len()
        ));
    }
    text
}
