//! The `bushka` binary; the program lives in the `bushka_cli` library.

#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    bushka_cli::main()
}
