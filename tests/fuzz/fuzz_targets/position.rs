//! Fuzz target `position`: see `bushka_tests::harness::position`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| bushka_tests::harness::position(data));
