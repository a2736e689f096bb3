//! `bushka hub`: the engine over the Hub protocol, for GUIs and other programs.

use crate::commands::{DEFAULT_HUB_VARIANT, load_variant};
use crate::error::CliError;

/// Speak Hub 2 (Scan 3.1's engine protocol) on standard input and output: a GUI sends
/// `hub`, `set-param`, `init`, `pos`, `level`, `go`... and gets `done move=...`. The
/// `variant` parameter takes Hub's rule-set names (`normal` is International) and
/// bushka's built-in variants; `variant-file` a variant file. See the README.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The variant played until a GUI sets another: a built-in variant or a path to a
    /// variant file.
    #[arg(long, value_name = "VARIANT", default_value = DEFAULT_HUB_VARIANT)]
    pub variant: String,
}

/// Serves Hub until `quit` or the end of the input.
pub fn run(args: Args) -> Result<(), CliError> {
    let variant = bushka_session::Variant::new(load_variant(&args.variant)?);
    let stdin = std::io::stdin();
    bushka_protocol_server::serve_hub(&variant, &mut stdin.lock(), std::io::stdout())
        .map_err(CliError::Output)
}
