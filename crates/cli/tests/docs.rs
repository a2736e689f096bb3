//! The documents tell the truth: every example command in `README.md` and
//! `crates/rules/RULES.md` is run, and its output compared with the document.
//!
//! The format, for anyone adding an example:
//!
//! - A fenced block tagged `console` holds commands, each on a line starting `$ `,
//!   each followed by the output it prints (standard output and standard error,
//!   merged). The commands of one document run in order, with `bash` (`$?` is the
//!   status of the command before), in one fresh
//!   directory holding links to `variants/` and `tests/`, with the `bushka` under test first on
//!   the `PATH`, so an example may create a file that a later one reads.
//! - In the expected output, a line `...` stands for any number of lines (zero too).
//! - A block tagged `console any-output` is run but its output is not compared (for
//!   timings and other output that differs from run to run).
//! - Every command must succeed, unless its expected output has a line starting
//!   `error:`, in which case it must fail.
//! - Blocks with other tags (`sh`, `text`, `toml`) are not run: use them for commands
//!   that do not end by themselves (`bushka serve`) or read typed input (`bushka play`).
//! - A command still running after 10 minutes is stopped and counts as failed.

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

use common::root;

/// One example: a command and what it should print.
#[derive(Debug)]
struct Example {
    /// The document and line, for messages.
    place: String,
    /// The shell command (without `$ `).
    command: String,
    /// The expected output lines, `None` when not compared.
    expected: Option<Vec<String>>,
}

/// The examples of a markdown document, in order.
fn examples(path: &Path) -> Vec<Example> {
    let text = std::fs::read_to_string(path).expect("the document is readable");
    let name = path
        .file_name()
        .expect("a file")
        .to_string_lossy()
        .into_owned();
    let mut examples: Vec<Example> = Vec::new();
    let mut block: Option<bool> = None; // Some(compared?) inside a console block
    for (i, line) in text.lines().enumerate() {
        let fence = line.trim_start().strip_prefix("```");
        match (block, fence) {
            (None, Some(info)) => {
                let mut words = info.split_whitespace();
                if words.next() == Some("console") {
                    block = Some(!words.any(|w| w == "any-output"));
                } else if !info.trim().is_empty() {
                    // A block of another language: skip to its end.
                    block = None;
                    continue;
                }
            }
            (Some(_), Some(_)) => block = None,
            (Some(compared), None) => {
                if let Some(command) = line.strip_prefix("$ ") {
                    examples.push(Example {
                        place: format!("{name}:{}", i + 1),
                        command: command.to_string(),
                        expected: compared.then(Vec::new),
                    });
                } else if let Some(last) = examples.last_mut() {
                    if let Some(expected) = &mut last.expected {
                        expected.push(line.to_string());
                    }
                } else {
                    panic!("{name}:{}: a console block starts with `$ `", i + 1);
                }
            }
            (None, None) => {}
        }
    }
    examples
}

/// Whether `actual` matches `expected`, where a `...` line matches any run of lines.
fn matches(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first.trim() == "..." => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual
            .split_first()
            .is_some_and(|(line, more)| line.trim_end() == first.trim_end() && matches(rest, more)),
    }
}

/// A fresh directory with links to `variants/` and `tests/`, removed when dropped.
struct Sandbox(PathBuf);

impl Sandbox {
    fn new(name: &str) -> Sandbox {
        let dir = std::env::temp_dir().join(format!("bushka-docs-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        for linked in ["variants", "tests"] {
            #[cfg(unix)]
            std::os::unix::fs::symlink(root().join(linked), dir.join(linked))
                .expect("a link into the workspace");
        }
        Sandbox(dir)
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// How long one example may run (coreutils `timeout` syntax).
const COMMAND_GUARD: &str = "600";

/// Runs every example of `document`; returns the failures, described.
fn run_document(document: &str) -> Vec<String> {
    let path = root().join(document);
    let sandbox = Sandbox::new(&document.replace('/', "-"));
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_bushka"));
    let bin_dir = binary.parent().expect("the binary's directory");
    let path_var = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut failures = Vec::new();
    let all = examples(&path);
    assert!(!all.is_empty(), "{document} has examples");
    let mut last_status = 0;
    for example in all {
        // `$?` in a command sees the status of the one before.
        // A command that never ends (a server, say) fails after the guard's time
        // rather than hanging the suite.
        let output = Command::new("timeout")
            .arg(COMMAND_GUARD)
            .arg("bash")
            .arg("-c")
            .arg(format!(
                "(exit {last_status}); ( {} ) 2>&1",
                example.command
            ))
            .current_dir(&sandbox.0)
            .env("PATH", &path_var)
            .env("NO_COLOR", "1")
            .stdin(std::process::Stdio::null())
            .output()
            .expect("sh runs");
        last_status = output.status.code().unwrap_or(1);
        let text = String::from_utf8_lossy(&output.stdout).into_owned();
        let lines: Vec<&str> = text.lines().collect();
        let expects_error = example
            .expected
            .as_ref()
            .is_some_and(|e| e.iter().any(|l| l.starts_with("error:")));
        if output.status.success() == expects_error && !example.command.contains('|') {
            failures.push(format!(
                "{}: `{}` {} (exit {:?}):\n{text}",
                example.place,
                example.command,
                if expects_error {
                    "should fail"
                } else {
                    "failed"
                },
                output.status.code()
            ));
            continue;
        }
        if let Some(expected) = &example.expected
            && !matches(expected, &lines)
        {
            failures.push(format!(
                "{}: `{}` printed:\n{text}\nbut the document says:\n{}\n",
                example.place,
                example.command,
                expected.join("\n")
            ));
        }
    }
    failures
}

#[test]
fn the_wildcard_line_matches_any_run_of_lines() {
    let e = |lines: &[&str]| lines.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert!(matches(&e(&["a", "...", "d"]), &["a", "b", "c", "d"]));
    assert!(matches(&e(&["a", "...", "d"]), &["a", "d"]));
    assert!(!matches(&e(&["a", "...", "d"]), &["a", "b"]));
    assert!(!matches(&e(&["a", "b"]), &["a", "c"]));
    assert!(matches(&e(&[]), &[]));
    assert!(!matches(&e(&[]), &["x"]));
}

#[test]
fn readme_examples_print_what_the_readme_says() {
    let failures = run_document("README.md");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn rules_examples_print_what_the_rules_say() {
    let failures = run_document("crates/rules/RULES.md");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
