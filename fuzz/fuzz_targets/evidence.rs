//! Arbitrary text through the evidence CSV verifier (the check is in `checks.rs`).
#![no_main]

mod checks;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| checks::evidence(data));
