//! `bushka variants`: list the built-in variants.

use bushka_geometry::BUILTIN;

use crate::error::CliError;
use crate::output;

/// List the built-in variants (use a name with `--variant`; `--variant` also takes a
/// path to a variant file).
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs `variants`.
pub fn run(_args: Args) -> Result<(), CliError> {
    let width = BUILTIN.iter().map(|b| b.name.len()).max().unwrap_or(0);
    let mut text = String::new();
    for builtin in BUILTIN {
        let description = match bushka_geometry::builtin(builtin.name) {
            Some(Ok(geometry)) => geometry.meta().description.clone(),
            Some(Err(e)) => format!("(does not load: {e})"),
            None => String::new(),
        };
        text.push_str(&format!("{:width$}  {description}\n", builtin.name));
    }
    output::print(&text)
}
