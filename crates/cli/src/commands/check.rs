//! `bushka check FILE...`: validate variant files.

use std::collections::HashMap;
use std::path::PathBuf;

use crate::commands::playtest::playtest;
use crate::error::CliError;
use crate::output;

/// Validate variant files, then play each valid one: a few hundred games between
/// random players (seeded, on every core) and a look at the start position. Prints a
/// summary for each valid file, the error (file, line, column, what) for each invalid
/// one, and warnings for a design that cannot work: a side with no legal move at the
/// start, a start that forces a capture, men that can never promote, games that never
/// end, one side winning every game. Exits 1 if a file is invalid (or, with
/// --strict, has a warning); two files with the same `id` are an error.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Variant files (TOML) to check.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Random games to play on each valid variant (0: only validate).
    #[arg(long, value_name = "N", default_value_t = 200, value_parser = clap::value_parser!(u64).range(0..=100_000))]
    games: u64,
    /// Stop a random game after this many plies.
    #[arg(long, value_name = "M", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    max_plies: u64,
    /// Seed of the random games.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Treat warnings as errors (exit 1).
    #[arg(long)]
    strict: bool,
}

/// Runs `check`.
pub fn run(args: Args) -> Result<(), CliError> {
    let mut invalid = 0;
    let mut warned = 0;
    let mut ids: HashMap<String, String> = HashMap::new();
    for path in &args.files {
        let name = path.display().to_string();
        let geometry = match bushka_geometry::load_path(path) {
            Ok(geometry) => geometry,
            Err(e) => {
                invalid += 1;
                output::eprintln(&e.to_string());
                continue;
            }
        };
        let id = geometry.meta().id.clone();
        if let Some(first) = ids.get(&id) {
            invalid += 1;
            output::eprintln(&format!(
                "{name}: the id `{id}` is already used by {first}; each variant needs its own id"
            ));
            continue;
        }
        ids.insert(id, name.clone());
        output::println(&format!("{name}: ok: {}", geometry.summary()))?;
        if let Some(w) = geometry.weights() {
            output::println(&format!(
                "{name}: learned evaluation from {} ({} self-play games, {} positions; `{}`)",
                w.origin, w.trained.games, w.trained.positions, w.trained.command
            ))?;
        }
        if args.games == 0 {
            continue;
        }
        let test = match playtest(
            geometry,
            args.games as usize,
            args.max_plies as usize,
            args.seed,
        ) {
            Ok(test) => test,
            // A start whose moves cannot be listed: the variant cannot be played.
            Err(e @ (CliError::Game(_) | CliError::Arena(_))) => {
                invalid += 1;
                output::eprintln(&format!("{name}: {e}"));
                continue;
            }
            Err(e) => return Err(e),
        };
        output::println(&format!("{name}: played {}", test.summary))?;
        for warning in &test.warnings {
            output::eprintln(&format!("{name}: warning: {warning}"));
        }
        warned += usize::from(!test.warnings.is_empty());
    }
    if invalid > 0 {
        return Err(CliError::InvalidFiles {
            invalid,
            total: args.files.len(),
        });
    }
    if args.strict && warned > 0 {
        return Err(CliError::Usage(format!(
            "{warned} of {} variant files have warnings (--strict)",
            args.files.len()
        )));
    }
    Ok(())
}
