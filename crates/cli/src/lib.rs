//! `bushka`: the command-line program for the Bushka family of games.
//!
//! Each subcommand lives in its own module under `commands/`, parses its own
//! arguments (a `clap::Args` struct) and returns `Result<(), CliError>`; [`main`] turns
//! an error into one line on standard error and exit code 1.
//!
//! The library exposes [`run_game`], the terminal `play` loop over any input and
//! output (for tests and fuzzing); the `bushka` binary only calls [`main`].

mod commands;
mod error;
mod output;
mod render;

pub use commands::play::run_game;
pub use error::CliError;

use std::process::ExitCode;

use clap::Parser;

use crate::commands::Command;

/// Bushka, Bushka 9x11 and Hexbushka: Christian Freeling's contact-capture games,
/// with boards described by TOML variant files.
#[derive(Debug, Parser)]
#[command(name = "bushka", version, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Runs the `bushka` program: parses the command line, runs the subcommand, and turns
/// an error into one line on standard error and exit code 1.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // --help and --version are "errors" that go to stdout and succeed; every
            // real usage error exits 1 like any other user error (clap would use 2).
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::FAILURE
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    match cli.command.run() {
        Ok(()) | Err(CliError::BrokenPipe) => ExitCode::SUCCESS,
        Err(e) => {
            output::eprintln(&format!("error: {e}"));
            ExitCode::FAILURE
        }
    }
}
