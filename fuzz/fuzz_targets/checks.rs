//! The check every parser target makes: arbitrary bytes through
//! `dwell::formats::read` with the format forced must give `Ok` or a
//! `FormatError` with a line and a `Fix:` hint, never a panic. The node limit
//! keeps tiny inputs from declaring billions of isolated vertices (a
//! legitimate, but huge, allocation).

use dwell::formats::{read, Format, FormatError, LoadOptions};
use std::path::Path;

pub fn check(data: &[u8], format: Format) {
    let opts = LoadOptions { format: Some(format), max_nodes: Some(1 << 20), ..Default::default() };
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
