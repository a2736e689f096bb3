//! `bushka check FILE...`: validate variant files.

use std::path::PathBuf;

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
                output::println(&format!("{}: ok: {}", path.display(), geometry.summary()))?
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
