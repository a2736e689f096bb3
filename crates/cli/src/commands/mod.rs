//! The subcommands, one module each.
//!
//! To add a subcommand `foo`: write `commands/foo.rs` with a `#[derive(clap::Args)]
//! pub struct Args` (its doc comment is the help text) and `pub fn run(args: Args) ->
//! Result<(), CliError>`, then add `mod foo;`, a `Foo(foo::Args)` variant to
//! [`Command`] and its arm in [`Command::run`].

mod analyse;
mod arena_common;
mod check;
pub mod common;
mod compare;
mod matches;
mod merge;
mod moves;
mod perft;
pub(crate) mod play;
mod replay;
mod report;
mod show;
mod solve;
mod variants;

use std::path::Path;

use bushka_geometry::{BUILTIN, Geometry};

use crate::error::CliError;

/// The subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Play a game in the terminal (you against the engine by default).
    Play(play::Args),
    /// Validate variant files and summarise each valid one.
    Check(check::Args),
    /// List the built-in variants.
    Variants(variants::Args),
    /// Draw a position (the start position by default).
    Show(show::Args),
    /// Count the leaves of the legal-move tree (move generator check and speed).
    Perft(perft::Args),
    /// List the legal moves of a position.
    Moves(moves::Args),
    /// Play a game record through and print the final position.
    Replay(replay::Args),
    /// Search a position with the engine.
    Analyse(analyse::Args),
    /// Play games between two players and report the score.
    Match(matches::Args),
    /// Compare variants by self-play statistics.
    Compare(compare::Args),
    /// Solve an endgame exactly (a tablebase) and report what it holds.
    Solve(solve::Args),
    /// Merge the shard files of `compare --shard` into the report of the whole run.
    Merge(merge::Args),
}

impl Command {
    /// Runs the subcommand.
    pub fn run(self) -> Result<(), CliError> {
        match self {
            Command::Play(args) => play::run(args),
            Command::Check(args) => check::run(args),
            Command::Variants(args) => variants::run(args),
            Command::Show(args) => show::run(args),
            Command::Perft(args) => perft::run(args),
            Command::Moves(args) => moves::run(args),
            Command::Replay(args) => replay::run(args),
            Command::Analyse(args) => analyse::run(args),
            Command::Match(args) => matches::run(args),
            Command::Compare(args) => compare::run(args),
            Command::Solve(args) => solve::run(args),
            Command::Merge(args) => merge::run(args),
        }
    }
}

/// The default `--variant`.
pub const DEFAULT_VARIANT: &str = "bushka";

/// Loads the board named by a `--variant` argument: a built-in variant's name, or a
/// path to a variant file.
pub fn load_variant(spec: &str) -> Result<Geometry, CliError> {
    let is_builtin = BUILTIN.iter().any(|b| b.name == spec);
    if !is_builtin && !spec.ends_with(".toml") && !Path::new(spec).exists() {
        let builtins: Vec<&str> = BUILTIN.iter().map(|b| b.name).collect();
        return Err(CliError::UnknownVariant {
            name: spec.to_string(),
            builtins: builtins.join(", "),
        });
    }
    Ok(bushka_geometry::resolve(spec)?)
}
