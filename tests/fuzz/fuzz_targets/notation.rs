//! Fuzz target `notation`: see `bushka_tests::harness::notation`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| bushka_tests::harness::notation(data));
