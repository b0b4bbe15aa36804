//! Helpers shared by the command-line tests: run the built `dwell` binary,
//! find bundled data, write small inputs.
#![allow(dead_code)] // each test file uses a different subset

use serde_json::Value;
use std::fs;
use std::path::Path;
use std::process::{Command, Output};

/// Path of a bundled fixture under `data/`.
pub fn data(rel: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data")
        .join(rel);
    p.to_str().expect("UTF-8 path").to_string()
}

pub fn dwell(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dwell"))
        .args(args)
        .output()
        .expect("run dwell")
}

/// Run, expect success and one JSON document on stdout.
pub fn ok_json(args: &[&str]) -> Value {
    let out = dwell(args);
    assert!(
        out.status.success(),
        "dwell {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON on stdout")
}

/// Run, expect exit status 1 and an error with a `Fix:` hint (no panic); returns stderr.
pub fn fails_with_fix(args: &[&str]) -> String {
    let out = dwell(args);
    assert_eq!(out.status.code(), Some(1), "dwell {args:?} should exit 1");
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(err.contains("Fix:"), "no Fix hint in: {err}");
    assert!(!err.contains("panicked"), "panic: {err}");
    err
}

/// Write `text` to `dir/name`; returns the path.
pub fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    fs::write(&p, text).unwrap();
    p.to_str().expect("UTF-8 path").to_string()
}
