//! Writing to standard output without panicking when the reader goes away.

use std::io::Write;

use crate::error::CliError;

/// Writes `text` to standard output as is.
pub fn print(text: &str) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(output_error)
}

/// The error for output that cannot be written (quiet when the reader went away).
pub fn output_error(e: std::io::Error) -> CliError {
    match e.kind() {
        std::io::ErrorKind::BrokenPipe => CliError::BrokenPipe,
        _ => CliError::Output(e),
    }
}

/// Writes `text` and a newline to standard output.
pub fn println(text: &str) -> Result<(), CliError> {
    print(&format!("{text}\n"))
}

/// Writes `text` and a newline to standard error, ignoring failure (there is nowhere
/// left to report it).
pub fn eprintln(text: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{text}");
}
