//! Where the lines a player types come from: a line editor with history at a terminal
//! (rustyline), or plain lines from any reader (a pipe, a file, a test).

use std::io::{BufRead, Write};

use rustyline::DefaultEditor;
use rustyline::error::ReadlineError;

use crate::error::CliError;
use crate::output::output_error;

/// The source of typed lines.
pub enum Lines<R: BufRead> {
    /// Plain lines; the prompt is written to the output, and with `echo` the line read
    /// is repeated after it, so that a transcript reads as a dialogue.
    Plain {
        /// The reader.
        input: R,
        /// Whether to repeat each line after its prompt.
        echo: bool,
    },
    /// A line editor on the terminal: arrow keys, editing keys, and the history of the
    /// lines typed in this game (up and down arrows, Ctrl-R).
    Editor(Box<DefaultEditor>),
}

impl<R: BufRead> Lines<R> {
    /// Shows `prompt` and reads one line; `None` at the end of the input (Ctrl-D, or
    /// Ctrl-C at the editor).
    pub fn read(&mut self, prompt: &str, out: &mut impl Write) -> Result<Option<String>, CliError> {
        let line = match self {
            Lines::Plain { input, echo } => {
                out.write_all(prompt.as_bytes())
                    .and_then(|()| out.flush())
                    .map_err(output_error)?;
                let mut bytes = Vec::new();
                if input
                    .read_until(b'\n', &mut bytes)
                    .map_err(CliError::Input)?
                    == 0
                {
                    None
                } else {
                    let line = clean(&String::from_utf8_lossy(&bytes));
                    if *echo {
                        writeln!(out, "{line}").map_err(output_error)?;
                    }
                    Some(line)
                }
            }
            Lines::Editor(editor) => {
                out.flush().map_err(output_error)?;
                match editor.readline(prompt) {
                    Ok(text) => {
                        let line = clean(&text);
                        if !line.trim().is_empty() {
                            // A history that cannot take the line only loses the recall.
                            let _ = editor.add_history_entry(line.as_str());
                        }
                        Some(line)
                    }
                    Err(ReadlineError::Eof | ReadlineError::Interrupted) => None,
                    Err(ReadlineError::Io(error)) => return Err(CliError::Input(error)),
                    Err(error) => return Err(CliError::Input(std::io::Error::other(error))),
                }
            }
        };
        if line.is_none() {
            writeln!(out).map_err(output_error)?;
        }
        Ok(line)
    }
}

/// The line without its end, with tabs as spaces and other control characters (arrow
/// keys' escape sequences from a plain reader...) as `?`, never sent back to the
/// terminal.
fn clean(text: &str) -> String {
    text.trim_end()
        .chars()
        .map(|c| match c {
            '\t' => ' ',
            c if c.is_control() => '?',
            c => c,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_lines_are_cleaned_and_echoed() {
        let mut lines = Lines::Plain {
            input: "f4\tf5\n\x1b[A\n".as_bytes(),
            echo: true,
        };
        let mut out = Vec::new();
        assert_eq!(
            lines.read("> ", &mut out).expect("reads"),
            Some("f4 f5".into())
        );
        assert_eq!(
            lines.read("> ", &mut out).expect("reads"),
            Some("?[A".into())
        );
        assert_eq!(lines.read("> ", &mut out).expect("reads"), None);
        assert_eq!(String::from_utf8_lossy(&out), "> f4 f5\n> ?[A\n> \n");
    }
}
