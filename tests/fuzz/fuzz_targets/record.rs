//! Fuzz target `record`: see `bushka_tests::harness::record`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| bushka_tests::harness::record(data));
