//! The checks the fuzz targets make, one function per target. The targets call
//! them under libFuzzer; `crates/dwell/tests/fuzz_corpus.rs` includes this same
//! file and replays the committed corpora (`fuzz/corpus/<target>/`) through
//! them on stable, so every input a campaign kept stays a regression test.

#![allow(dead_code)] // each target uses one of these

use dwell::evidence::{verify_csv, CSV_HEADER, MIN_SAMPLES};
use dwell::formats::{read, Format, FormatError, LoadOptions};
use dwell::program::{icfg, llvm};
use std::path::Path;

/// Arbitrary bytes through `dwell::formats::read` with the format forced must
/// give `Ok` or a `FormatError` with a line and a `Fix:` hint, never a panic.
/// The node limit keeps tiny inputs from declaring billions of isolated
/// vertices (a legitimate, but huge, allocation).
pub fn graph(data: &[u8], format: Format) {
    let opts = LoadOptions {
        format: Some(format),
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
}

/// Arbitrary bytes through the LLVM IR reader (lossy UTF-8, as `read_llvm`
/// reads files): a `Program` whose supergraph builds, or a `ParseError` with a
/// line and a `Fix:` hint.
pub fn llvm(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    match llvm::parse(&text, "fuzz.ll") {
        Ok(p) => {
            let _ = p.counts();
            if let Ok(g) = icfg::build(&p) {
                assert_eq!(g.defs.len(), g.nodes.len());
            }
        }
        Err(e) => {
            let msg = e.to_string();
            assert!(msg.contains("Fix:"), "{msg}");
            assert!(e.line >= 1, "{msg}");
        }
    }
}

/// Arbitrary text through the evidence CSV verifier, with and without the
/// exact header in front (the first byte sets the required speedup): a proof
/// satisfying the gate's rules, or an error with a `Fix:` hint.
pub fn evidence(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
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
}
