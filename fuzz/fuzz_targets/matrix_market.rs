//! Arbitrary bytes through `dwell::formats::read` forced to the MatrixMarket parser.
//! It must return `Ok` or a `FormatError` with a line and a `Fix:` hint,
//! never panic. The node limit keeps tiny inputs from declaring billions of
//! isolated vertices (a legitimate, but huge, allocation).
#![no_main]

use dwell::formats::{read, Format, FormatError, LoadOptions};
use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let opts = LoadOptions {
        format: Some(Format::MatrixMarket),
        max_nodes: Some(1 << 20),
        ..Default::default()
    };
    match read(data, Path::new("fuzz.input"), &opts) {
        Ok(g) => {
            assert!(g.nodes() <= 1 << 20);
            let _ = g.layout_hash();
        }
        Err(e) => {
            let msg = e.to_string();
            assert!(msg.contains("Fix:"), "{msg}");
            if !matches!(e, FormatError::Graph { .. }) {
                assert!(e.line().is_some(), "{msg}");
            }
        }
    }
});
