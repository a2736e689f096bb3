//! A server under test on a thread of its own, fed lines through a pipe and read back
//! line by line with a bound on every wait, so that a server that hangs fails its test
//! instead of hanging it.

use std::io::{BufRead, BufReader, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread::{self, JoinHandle};
use std::time::Duration;

/// How long a test waits for a line the server owes.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// A server running on a thread, with both ends of its conversation.
pub struct Conversation {
    to: Option<std::io::PipeWriter>,
    from: Receiver<String>,
    server: Option<JoinHandle<std::io::Result<()>>>,
    /// Every line sent (`> `) and received (`< `), in order.
    pub transcript: Vec<String>,
}

impl Conversation {
    /// Starts `serve` on a thread, reading what [`Conversation::send`] sends and writing
    /// what [`Conversation::expect`] reads.
    pub fn start(
        serve: impl FnOnce(&mut dyn BufRead, std::io::PipeWriter) -> std::io::Result<()>
        + Send
        + 'static,
    ) -> Conversation {
        let (input, to) = std::io::pipe().expect("a pipe");
        let (output, written) = std::io::pipe().expect("a pipe");
        let server = thread::spawn(move || serve(&mut BufReader::new(input), written));
        let (lines, from) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if lines.send(line).is_err() {
                    break;
                }
            }
        });
        Conversation {
            to: Some(to),
            from,
            server: Some(server),
            transcript: Vec::new(),
        }
    }

    /// Sends `line`.
    pub fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {line}"));
        let to = self.to.as_mut().expect("the input is open");
        writeln!(to, "{line}").expect("the server reads");
    }

    /// The next line, or `None` when none comes within `wait`.
    pub fn next_within(&mut self, wait: Duration) -> Option<String> {
        match self.from.recv_timeout(wait) {
            Ok(line) => {
                self.transcript.push(format!("< {line}"));
                Some(line)
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => None,
        }
    }

    /// The next line whose first word is `word`, skipping the lines `skip` accepts;
    /// panics on any other line or when none comes in time.
    pub fn expect_skipping(&mut self, word: &str, skip: &[&str]) -> String {
        loop {
            let line = self
                .next_within(PATIENCE)
                .unwrap_or_else(|| panic!("no `{word}` came:\n{}", self.transcript.join("\n")));
            let first = line.split_whitespace().next().unwrap_or_default();
            if first == word {
                return line;
            }
            assert!(
                skip.contains(&first),
                "expected `{word}`, got `{line}`:\n{}",
                self.transcript.join("\n")
            );
        }
    }

    /// The next line, which must start with `word`.
    pub fn expect(&mut self, word: &str) -> String {
        self.expect_skipping(word, &[])
    }

    /// Asserts that only lines starting with `word` come for `wait` (`info` lines
    /// while a search runs), and returns them.
    pub fn only_for(&mut self, word: &str, wait: Duration) -> Vec<String> {
        let until = std::time::Instant::now() + wait;
        let mut seen = Vec::new();
        while let Some(left) = until.checked_duration_since(std::time::Instant::now()) {
            match self.next_within(left) {
                Some(line) if line.split_whitespace().next() == Some(word) => seen.push(line),
                Some(line) => panic!("unexpected `{line}`:\n{}", self.transcript.join("\n")),
                None => break,
            }
        }
        seen
    }

    /// Closes the server's input and waits for it to end, which it must do promptly.
    pub fn close(mut self) {
        drop(self.to.take());
        self.ended();
    }

    /// Waits for the server to end by itself (after `quit`, or its input closed).
    pub fn ended(mut self) {
        let server = self.server.take().expect("running");
        for _ in 0..600 {
            if server.is_finished() {
                server.join().expect("no panic").expect("no I/O error");
                return;
            }
            thread::sleep(Duration::from_millis(100));
        }
        panic!("the server did not end:\n{}", self.transcript.join("\n"));
    }
}
