//! Another program run as a player: started with its standard input and output
//! piped, its lines read on a thread of their own so that every wait for an answer
//! has a deadline, and killed when the player is dropped.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, sync_channel};
use std::thread;
use std::time::{Duration, Instant};

use bushka_engine::{Fault, FaultKind};

/// The longest line a program may write, in bytes: a longer one is garbage (and
/// cannot grow the reader's memory without bound).
pub const MAX_LINE: u64 = 64 * 1024;

/// Lines read ahead of the player, at most: a program that floods its output waits
/// (its pipe fills) instead of filling memory.
const READ_AHEAD: usize = 1024;

/// What the reader thread saw.
enum Output {
    /// A line, without its end.
    Line(String),
    /// A line longer than [`MAX_LINE`], or not UTF-8.
    Garbage(String),
    /// The end of the output (the program exited or closed it).
    End,
}

/// A running program with line-based standard input and output.
pub struct Program {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Output>,
    /// The command, for messages.
    name: String,
    /// The last line written to the program and when, for the message of a wait
    /// that ran out (`None` before the first: the wait counts from the start).
    asked: (Instant, Option<String>),
}

impl Program {
    /// Starts `command` (its words) in `dir` (or the current directory); its standard
    /// error is discarded.
    pub fn start(command: &[String], dir: Option<&Path>) -> Result<Program, Fault> {
        let name = command.join(" ");
        let (program, args) = command
            .split_first()
            .ok_or_else(|| Fault::new(FaultKind::Unavailable, "an empty command"))?;
        let mut cmd = Command::new(program);
        cmd.args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = dir {
            cmd.current_dir(dir);
        }
        let mut child = cmd.spawn().map_err(|e| {
            Fault::new(
                FaultKind::Unavailable,
                format!("cannot start `{name}`: {e}"),
            )
        })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(Fault::new(
                FaultKind::Unavailable,
                "no pipes to the program",
            ));
        };
        let (send, lines) = sync_channel(READ_AHEAD);
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut bytes = Vec::new();
                let read = (&mut reader).take(MAX_LINE).read_until(b'\n', &mut bytes);
                let item = match read {
                    Ok(0) | Err(_) => Output::End,
                    Ok(_) if bytes.last() != Some(&b'\n') && bytes.len() as u64 >= MAX_LINE => {
                        Output::Garbage(format!("a line of more than {MAX_LINE} bytes"))
                    }
                    Ok(_) => match String::from_utf8(bytes) {
                        Ok(text) => Output::Line(text.trim_end_matches(['\n', '\r']).to_string()),
                        Err(_) => Output::Garbage("a line that is not UTF-8".into()),
                    },
                };
                let last = !matches!(item, Output::Line(_));
                if send.send(item).is_err() || last {
                    return;
                }
            }
        });
        Ok(Program {
            child,
            stdin,
            lines,
            name,
            asked: (Instant::now(), None),
        })
    }

    /// Writes `line` and a line end; returns when it was written (a wait for its
    /// answer counts from then).
    pub fn send(&mut self, line: &str) -> Result<Instant, Fault> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| self.crashed(&format!("cannot write to it: {e}")))?;
        let at = Instant::now();
        self.asked = (at, Some(line.to_string()));
        Ok(at)
    }

    /// The next line, waiting until `deadline` at most. A wait that runs out is told
    /// from the last line written (the whole allowance, however many lines came
    /// before the deadline).
    pub fn receive(&mut self, deadline: Instant) -> Result<String, Fault> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(Output::Line(line)) => Ok(line),
            Ok(Output::Garbage(what)) => Err(Fault::new(FaultKind::Garbage, what)),
            Ok(Output::End) | Err(RecvTimeoutError::Disconnected) => {
                Err(self.crashed("it closed its output"))
            }
            Err(RecvTimeoutError::Timeout) => {
                let (at, line) = &self.asked;
                let allowed = deadline.saturating_duration_since(*at).as_secs_f64();
                let of = line
                    .as_deref()
                    .map_or_else(|| "of its start".to_string(), |l| format!("of `{l}`"));
                Err(Fault::new(
                    FaultKind::NoAnswer,
                    format!("none within {allowed:.1} s {of}"),
                ))
            }
        }
    }

    /// A crash fault, with the exit status when the program has exited.
    fn crashed(&mut self, what: &str) -> Fault {
        // Give an exiting program a moment to be reaped, for its status.
        let status = (0..10).find_map(|_| match self.child.try_wait() {
            Ok(Some(status)) => Some(status.to_string()),
            _ => {
                thread::sleep(Duration::from_millis(5));
                None
            }
        });
        let status = status.map_or_else(String::new, |s| format!(" ({s})"));
        Fault::new(
            FaultKind::Crashed,
            format!("`{}`: {what}{status}", self.name),
        )
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        // A program told to quit gets a moment to do so; then it is killed.
        let _ = writeln!(self.stdin, "quit").and_then(|()| self.stdin.flush());
        let until = Instant::now() + Duration::from_millis(200);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
