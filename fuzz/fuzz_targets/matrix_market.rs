//! Arbitrary bytes through the MatrixMarket parser (the check is in `checks.rs`).
#![no_main]

mod checks;

use dwell::formats::Format;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| checks::graph(data, Format::MatrixMarket));
