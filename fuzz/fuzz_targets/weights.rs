//! Arbitrary bytes as a weight token and as weighted edge lists, TSV and
//! CSV (`--weights 3`/`4`; the check is `checks::weights`).
#![no_main]

mod checks;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| checks::weights(data));
