//! Arbitrary bytes through `dwell::program::llvm::parse` (lossy UTF-8, as
//! `read_llvm` reads files). It must return a `Program` whose supergraph
//! builds, or a `ParseError` with a line and a `Fix:` hint, never panic.
#![no_main]

use dwell::program::{icfg, llvm};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
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
});
