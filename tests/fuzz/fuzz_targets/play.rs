//! Fuzz target `play`: see `bushka_tests::harness::play`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| bushka_tests::harness::play(data));
