//! A server's lines: read one at a time with a bound on their length, and written
//! whole and flushed, from the main loop and the search thread alike.

use std::io::{self, BufRead, Read, Write};
use std::sync::{Arc, Mutex, PoisonError};

/// The longest line a server reads, in bytes; the rest of a longer line is skipped.
pub const MAX_INPUT_LINE: usize = 1 << 20;

/// A line read, or why it is not one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A line, without its end.
    Line(String),
    /// A line longer than [`MAX_INPUT_LINE`] or not UTF-8 (skipped).
    Bad(String),
    /// The end of the input.
    End,
}

/// Reads the next line of `input`.
pub fn read_line(input: &mut dyn BufRead) -> Input {
    let mut bytes = Vec::new();
    match (&mut *input)
        .take(MAX_INPUT_LINE as u64 + 1)
        .read_until(b'\n', &mut bytes)
    {
        Ok(0) | Err(_) => return Input::End,
        Ok(_) => {}
    }
    if bytes.last() != Some(&b'\n') && bytes.len() > MAX_INPUT_LINE {
        skip_line(input);
        return Input::Bad(format!("a line longer than {MAX_INPUT_LINE} bytes"));
    }
    match String::from_utf8(bytes) {
        Ok(text) => Input::Line(text.trim_end_matches(['\n', '\r']).to_string()),
        Err(_) => Input::Bad("a line that is not UTF-8".into()),
    }
}

/// Skips the rest of the current line of `input`, without keeping it.
fn skip_line(input: &mut dyn BufRead) {
    loop {
        let (used, found) = match input.fill_buf() {
            Ok([]) | Err(_) => return,
            Ok(buffer) => match buffer.iter().position(|&b| b == b'\n') {
                Some(end) => (end + 1, true),
                None => (buffer.len(), false),
            },
        };
        input.consume(used);
        if found {
            return;
        }
    }
}

/// Where a server writes its lines; cheap to clone, shared with the search thread.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    /// Lines written to `writer`.
    pub fn new(writer: impl Write + Send + 'static) -> Output {
        Output(Arc::new(Mutex::new(Box::new(writer))))
    }

    /// Writes `line` and a line end, and flushes.
    pub fn line(&self, line: &str) -> io::Result<()> {
        let mut writer = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        writeln!(writer, "{line}")?;
        writer.flush()
    }
}
