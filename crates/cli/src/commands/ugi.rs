//! `bushka ugi`: the engine over UGI, for any variant.

use crate::commands::{DEFAULT_HUB_VARIANT, load_variant};
use crate::error::CliError;

/// Speak UGI (cutegames' Universal Game Interface, UCI for any game) on standard input
/// and output: `ugi`, `isready`, `uginewgame`, `position startpos|fen F moves ...`,
/// `go ...`, `stop`, `query gameover|p1turn|result`. Positions and moves are bushka's
/// position strings and notation. See the README.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The variant: a built-in variant or a path to a variant file (the `variant`
    /// option changes it).
    #[arg(long, value_name = "VARIANT", default_value = DEFAULT_HUB_VARIANT)]
    pub variant: String,
}

/// Serves UGI until `quit` or the end of the input.
pub fn run(args: Args) -> Result<(), CliError> {
    let variant = bushka_session::Variant::new(load_variant(&args.variant)?);
    let stdin = std::io::stdin();
    bushka_protocol_server::serve_ugi(&variant, &mut stdin.lock(), std::io::stdout())
        .map_err(CliError::Output)
}
