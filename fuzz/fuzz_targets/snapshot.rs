//! Arbitrary bytes through the snapshot reader, raw and resealed (the check is in `checks.rs`).
#![no_main]

mod checks;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| checks::snapshot(data));
