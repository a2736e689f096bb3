#!/usr/bin/env bash
# Every check and test: formatting, clippy (warnings are errors), the Rust tests of the
# whole workspace, and the web app's end-to-end tests in a headless Chromium.
#
# Works on a fresh Debian or Ubuntu machine with only rustup's toolchain installed: it
# installs Chromium and Node.js with apt (as root, or through sudo) when they are
# missing, and the npm package playwright-core into crates/web/tests/browser.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

# rustfmt and clippy are rustup components; adding them again is harmless, and an
# offline machine that already has them must not fail here.
rustup component add rustfmt clippy || echo "note: could not add rustfmt/clippy (already installed or offline)" >&2

cargo fmt --all --check
cargo clippy --workspace --all-targets -- -D warnings
cargo test --workspace

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# ---- interoperation with real programs ----
# `dame hub` (PyPI dame-rs) plays as a bushka player over Hub, and pydraughts' Hub client
# drives `bushka hub`, and kish judges the moves of the `turkish` file: all from a virtual
# environment made here (python3-venv from apt when missing), kept in target/ for the
# next run.
venv="$PWD/target/interop-venv"
if ! "$venv/bin/python" -c 'import draughts, kish' 2> /dev/null || [ ! -x "$venv/bin/dame" ]; then
    if ! python3 -m venv --help > /dev/null 2>&1 || ! python3 -c 'import ensurepip' 2> /dev/null; then
        export DEBIAN_FRONTEND=noninteractive
        as_root apt-get update -q
        as_root apt-get install -y -q python3 python3-venv
    fi
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet dame-rs==0.2.0 pydraughts==0.6.7 kish==1.1.7
fi
BUSHKA_INTEROP_VENV="$venv" cargo test -p bushka-cli --test interop -- --ignored

# ---- browser tests ----
chromium_bin() {
    command -v chromium || command -v chromium-browser || true
}
# Only what is missing: Debian's npm conflicts with a Node.js that brings its own npm.
missing=()
[ -n "$(chromium_bin)" ] || missing+=(chromium)
command -v npm > /dev/null || missing+=(nodejs npm)
if [ "${#missing[@]}" -gt 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    as_root apt-get update -q
    as_root apt-get install -y -q "${missing[@]}"
fi
cargo build -p bushka-cli
(
    cd crates/web/tests/browser
    npm ci --no-audit --no-fund
    BUSHKA_BIN="$PWD/../../../../target/debug/bushka" CHROMIUM="$(chromium_bin)" npm test
)
