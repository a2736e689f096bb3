//! The `bushka` binary; the program lives in the `bushka_cli` library.

fn main() -> std::process::ExitCode {
    bushka_cli::main()
}
