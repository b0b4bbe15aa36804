//! Helpers for the format tests.

use super::{read, FormatError, LoadOptions};
use crate::graph::Graph;
use std::io::Write;
use std::path::Path;

pub fn gz(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

pub fn xz(data: &[u8]) -> Vec<u8> {
    let mut e = xz2::write::XzEncoder::new(Vec::new(), 6);
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

/// Load bytes with format detection from content (neutral name).
pub fn graph_of(data: &[u8]) -> Graph {
    read(data, Path::new("t"), &LoadOptions::default()).unwrap()
}

/// The error for bytes that must fail; checks the `Fix:` hint.
pub fn parse_err(data: &[u8], opts: &LoadOptions) -> FormatError {
    let e = read(data, Path::new("t"), opts).unwrap_err();
    assert!(e.to_string().contains("Fix:"), "no Fix: in {e}");
    e
}
