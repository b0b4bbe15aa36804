//! Arbitrary bytes through the Dimacs parser (see `parser.rs` for the check).
#![no_main]

mod parser;

use dwell::formats::Format;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| parser::check(data, Format::Dimacs));
