//! `dwell … | head`: a command whose reader has gone away stops quietly
//! (stdout errors are ignored), never with a panic on the broken pipe
//! (`println!` panicked in `dwell plan`, `info`, `bench`, `evidence`,
//! `shard` before).

mod common;

use std::path::Path;
use std::process::Stdio;

fn karate() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/graphs/karate.edges.xz")
}

/// Run `args` with stdout's read end closed before it writes.
fn with_closed_stdout(args: &[&str]) -> (Option<i32>, String) {
    let mut child = common::dwell_cmd()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn commands_stop_quietly_when_stdout_is_closed() {
    let g = karate();
    let g = g.to_str().unwrap();
    for args in [
        vec!["info", g],
        vec!["plan", g, "--analysis", "bfs", "--runs", "3"],
        vec!["run", "bfs", g, "--sources", "0"],
    ] {
        let (code, err) = with_closed_stdout(&args);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_ne!(code, Some(101), "{args:?}: {err}");
    }
}
