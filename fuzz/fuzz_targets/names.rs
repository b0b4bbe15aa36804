//! Arbitrary bytes through the edge-list parser with named vertices under `--ids auto` and
//! `--ids name` (the check is `checks::named`).
#![no_main]

mod checks;

use dwell::formats::Format;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| checks::named(data, Format::EdgeList));
