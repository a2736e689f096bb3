//! `bushka merge`: the report of a comparison run in shards.

use std::path::PathBuf;

use bushka_arena::{ShardFile, merge};

use crate::commands::report::{ReportArgs, write_report};
use crate::error::CliError;

/// Merge the shard files of one `compare --shard I/N` run (every shard 1..N once, in
/// any order) into the report the unsharded run prints, identical byte for byte.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The shard files.
    #[arg(value_name = "FILE", required = true)]
    files: Vec<PathBuf>,
    #[command(flatten)]
    report: ReportArgs,
}

/// Runs `merge`.
pub fn run(args: Args) -> Result<(), CliError> {
    let shards = args
        .files
        .iter()
        .map(|path| {
            let source = path.display().to_string();
            let text = std::fs::read_to_string(path).map_err(|error| CliError::File {
                path: source.clone(),
                error,
            })?;
            Ok((source.clone(), ShardFile::from_json(&text, &source)?))
        })
        .collect::<Result<Vec<_>, CliError>>()?;
    let (config, reports) = merge(shards)?;
    write_report(&reports, &config, &args.report)
}
