//! Arbitrary text through the evidence CSV verifier, with and without the
//! exact header in front. It must return a proof or an error with a `Fix:`
//! hint, never panic; an accepted file must satisfy the gate's rules.
#![no_main]

use dwell::evidence::{verify_csv, CSV_HEADER, MIN_SAMPLES};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else { return };
    let required = f64::from(first) / 2.0;
    let text = String::from_utf8_lossy(rest);
    for input in [text.to_string(), format!("{CSV_HEADER}\n{text}")] {
        match verify_csv(&input, required) {
            Ok(p) => {
                assert!(p.sample_count >= MIN_SAMPLES);
                assert!(p.min_speedup_x >= required && p.max_speedup_x >= p.min_speedup_x);
            }
            Err(e) => assert!(e.to_string().contains("Fix:"), "{e}"),
        }
    }
});
