//! `bushka hub` and `bushka ugi`: the engine over the text protocols, on standard input
//! and output (see the README for every command).

use std::io::{self, BufRead, Stdout};

use bushka_session::Variant;

use crate::commands::{DEFAULT_HUB_VARIANT, load_variant};
use crate::error::CliError;

/// Hub (Scan 3.1's protocol: `hub`, `set-param`, `init`, `pos`, `level`, `go`, ...) or UGI
/// (UCI for any game: `ugi`, `isready`, `position`, `go`, `query`, ...) on standard input
/// and output. Hub's `variant` parameter and UGI's `variant` option change the variant.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The variant played until the other side sets another: a built-in variant or a
    /// path to a variant file.
    #[arg(long, value_name = "VARIANT", default_value = DEFAULT_HUB_VARIANT)]
    pub variant: String,
}

/// A protocol's server: reads its input, writes to standard output until the end.
type Serve = fn(&Variant, &mut dyn BufRead, Stdout) -> io::Result<()>;

/// Serves `serve` on standard input and output for `args`' variant.
fn run(args: Args, serve: Serve) -> Result<(), CliError> {
    let variant = Variant::new(load_variant(&args.variant)?);
    let stdin = io::stdin();
    serve(&variant, &mut stdin.lock(), io::stdout()).map_err(CliError::Output)
}

/// `bushka hub`: serves Hub until `quit` or the end of the input.
pub fn run_hub(args: Args) -> Result<(), CliError> {
    run(args, bushka_protocol_server::serve_hub)
}

/// `bushka ugi`: serves UGI until `quit` or the end of the input.
pub fn run_ugi(args: Args) -> Result<(), CliError> {
    run(args, bushka_protocol_server::serve_ugi)
}
