//! Fuzz target `variant`: see `bushka_tests::harness::variant`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| bushka_tests::harness::variant(data));
