//! The subcommands, one module each.
//!
//! To add a subcommand `foo`: write `commands/foo.rs` with a `#[derive(clap::Args)]
//! pub struct Args` (its doc comment is the help text) and `pub fn run(args: Args) ->
//! Result<(), CliError>`, then add `mod foo;`, a `Foo(foo::Args)` variant to
//! [`Command`] and its arm in [`Command::run`].

mod analyse;
mod arena_common;
pub mod cells;
mod check;
pub mod common;
mod compare;
mod dxp;
mod matches;
mod merge;
mod moves;
pub mod new;
mod perft;
pub(crate) mod play;
mod playtest;
mod protocols;
pub(crate) mod record_file;
mod replay;
mod report;
mod serve;
mod show;
mod solve;
mod train;
mod variants;

use std::path::Path;

use bushka_geometry::{BUILTIN, Geometry};

use crate::error::CliError;

/// The subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Play a game in the terminal (you against the engine by default).
    Play(play::Args),
    /// Validate variant files, play each valid one, and summarise it.
    Check(check::Args),
    /// Write a new variant file for a draughts board or a hexagon, ready to edit.
    New(new::Args),
    /// Draw a variant's cell names (works while its players section is unfinished).
    Cells(cells::Args),
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
    /// Learn an evaluation for a variant from self-play (a weights file).
    Train(train::Args),
    /// Start the web app (play, analyse, author variants in a browser).
    Serve(serve::Args),
    /// Merge the shard files of `compare --shard` into the report of the whole run.
    Merge(merge::Args),
    /// Speak the Hub engine protocol (Scan 3.1's) on standard input and output.
    Hub(protocols::Args),
    /// Speak the UGI engine protocol (UCI for any game) on standard input and output.
    Ugi(protocols::Args),
    /// Play International draughts over DXP (DamExchange) with another program.
    Dxp(dxp::Args),
}

impl Command {
    /// Runs the subcommand.
    pub fn run(self) -> Result<(), CliError> {
        match self {
            Command::Play(args) => play::run(args),
            Command::Check(args) => check::run(args),
            Command::Cells(args) => cells::run(args),
            Command::New(args) => new::run(args),
            Command::Variants(args) => variants::run(args),
            Command::Show(args) => show::run(args),
            Command::Perft(args) => perft::run(args),
            Command::Moves(args) => moves::run(args),
            Command::Replay(args) => replay::run(args),
            Command::Analyse(args) => analyse::run(args),
            Command::Match(args) => matches::run(args),
            Command::Compare(args) => compare::run(args),
            Command::Solve(args) => solve::run(args),
            Command::Train(args) => train::run(args),
            Command::Serve(args) => serve::run(args),
            Command::Merge(args) => merge::run(args),
            Command::Hub(args) => protocols::run_hub(args),
            Command::Ugi(args) => protocols::run_ugi(args),
            Command::Dxp(args) => dxp::run(args),
        }
    }
}

/// The default `--variant`.
pub const DEFAULT_VARIANT: &str = "bushka";

/// The default `--variant` of the engine protocols: International draughts, what the
/// draughts world's programs play.
pub const DEFAULT_HUB_VARIANT: &str = "draughts";

/// Loads the board named by a `--variant` argument: a built-in variant's name, or a
/// path to a variant file.
pub fn load_variant(spec: &str) -> Result<Geometry, CliError> {
    check_variant_name(spec)?;
    Ok(bushka_geometry::resolve(spec)?)
}

/// Loads only the board of a variant (cells, names, drawing), even when its players
/// section is wrong or empty: for looking at the cell names while writing a file.
pub fn load_variant_board(spec: &str) -> Result<Geometry, CliError> {
    check_variant_name(spec)?;
    Ok(match BUILTIN.iter().find(|b| b.name == spec) {
        Some(b) => bushka_geometry::load_board_str(b.text, &format!("{}.toml (built-in)", b.name))?,
        None => bushka_geometry::load_board_path(Path::new(spec))?,
    })
}

/// An error for a name that is neither a built-in variant nor a file, suggesting the
/// built-in name closest to it.
fn check_variant_name(spec: &str) -> Result<(), CliError> {
    let is_builtin = BUILTIN.iter().any(|b| b.name == spec);
    if is_builtin || spec.ends_with(".toml") || Path::new(spec).symlink_metadata().is_ok() {
        return Ok(());
    }
    let builtins: Vec<&str> = BUILTIN.iter().map(|b| b.name).collect();
    let closest = builtins
        .iter()
        .map(|name| (strsim::damerau_levenshtein(spec, name), *name))
        .min()
        .filter(|&(distance, name)| distance <= name.len().div_ceil(3))
        .map(|(_, name)| name.to_string());
    Err(CliError::UnknownVariant {
        name: spec.to_string(),
        builtins: builtins.join(", "),
        suggestion: closest,
    })
}
