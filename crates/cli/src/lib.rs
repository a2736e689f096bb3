//! `bushka`: the command-line program for the Bushka family of games.
//!
//! Each subcommand lives in its own module under `commands/`, parses its own
//! arguments (a `clap::Args` struct) and returns `Result<(), CliError>`; [`main`] turns
//! an error into one line on standard error and exit code 1.
//!
//! The library exposes [`run_game`], the terminal `play` loop over any input and
//! output, and [`game_variant_source`], the board a game record names (for tests and
//! fuzzing); the `bushka` binary only calls [`main`].

#![forbid(unsafe_code)]

mod commands;
mod error;
mod output;
mod render;

pub use commands::play::run_game;
pub use commands::record_file::{VariantSource, game_variant_source};
pub use error::CliError;

use std::process::ExitCode;

use clap::Parser;

use crate::commands::Command;

/// Bushka, Bushka 9x11 and Hexbushka: Christian Freeling's contact-capture games,
/// with boards described by TOML variant files. The rules, with examples, are in
/// crates/rules/RULES.md of the source repository.
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
            // real usage error is one line on standard error and exits 1 like any
            // other user error (clap would add its usage and tips, and use code 2).
            if !e.use_stderr() {
                let _ = e.print();
                return ExitCode::SUCCESS;
            }
            // The message is its first paragraph: a line, and for some errors the
            // arguments at fault on indented lines below it.
            let text = e.render().to_string();
            let message: Vec<&str> = text
                .lines()
                .map(str::trim)
                .skip_while(|l| l.is_empty())
                .take_while(|l| !l.is_empty())
                .collect();
            let message = match message.join(" ") {
                joined if joined.is_empty() => "error".to_string(),
                joined => joined,
            };
            output::eprintln(&format!("{message}; see --help"));
            return ExitCode::FAILURE;
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
