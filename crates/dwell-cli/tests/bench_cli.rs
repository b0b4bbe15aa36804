//! `dwell bench` on the CPU backends: every analysis runs, is timed, and its
//! rows are well formed; program bundles time liveness and reaching
//! definitions against cpu-reference (which must reach the same fixpoints).

mod common;

use common::{data, fails_with_fix, ok_json};

#[test]
fn bench_times_every_analysis_on_a_real_graph() {
    let g = data("graphs/karate.edges.xz");
    let v = ok_json(&[
        "bench",
        &g,
        "--analysis",
        "bfs,reach,wcc,scc,dataflow",
        "--runs",
        "2",
        "--sources",
        "random:20",
        "--no-peer",
        "--json",
    ]);
    let rows = v["rows"].as_array().unwrap();
    let names: Vec<&str> = rows
        .iter()
        .map(|r| r["analysis"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["bfs", "reach", "wcc", "scc", "dataflow"]);
    for r in rows {
        assert_eq!(r["nodes"], 34);
        assert_eq!(r["dwell_runs_ms"].as_array().unwrap().len(), 2);
        assert!(r["dwell_us_per_query"].as_f64().unwrap() > 0.0);
    }
    assert_eq!(
        (rows[0]["queries"].as_u64(), rows[2]["queries"].as_u64()),
        (Some(20), Some(1))
    );
    assert!(
        rows[0]["peer"]["skipped"].is_string(),
        "--no-peer is reported, never estimated"
    );
    // Asking for more sources than the graph has is an error, not a smaller batch.
    fails_with_fix(&["bench", &g, "--runs", "1"]);
}

#[test]
fn bench_program_bundle_against_the_reference() {
    let dir = tempfile::tempdir().unwrap();
    let bundle = dir.path().join("lua.bundle");
    let b = bundle.to_str().unwrap();
    ok_json(&[
        "import",
        "llvm",
        &data("programs/lua-5.4.7.ssa.ll.xz"),
        "--out",
        b,
        "--json",
    ]);
    let v = ok_json(&[
        "bench",
        b,
        "--analysis",
        "liveness,reaching-defs",
        "--runs",
        "1",
        "--json",
    ]);
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    for r in rows {
        assert_eq!(r["nodes"], 12356, "every defined function's nodes");
        assert_eq!(r["peer"]["name"], "cpu-reference");
    }
    fails_with_fix(&["bench", b, "--analysis", "bfs", "--runs", "1"]);
}

/// Each row goes to stderr the moment it is measured (and nothing else
/// does when stderr is not a terminal): a bench whose second row fails has
/// already printed its first.
#[test]
fn bench_prints_each_row_to_stderr_as_it_finishes() {
    let g = data("graphs/karate.edges.xz");
    let base = [
        "bench",
        &g,
        "--runs",
        "2",
        "--sources",
        "random:4",
        "--no-peer",
    ];
    let out = common::dwell(&[&base[..], &["--analysis", "bfs,wcc"]].concat());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let err = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "one line per row, nothing else: {err}");
    assert!(
        lines[0].starts_with("  karate.edges.xz bfs: dwell "),
        "{err}"
    );
    assert!(
        lines[1].starts_with("  karate.edges.xz wcc: dwell "),
        "{err}"
    );
    // liveness runs on bundles only: the bench stops there, after the bfs row.
    let err = fails_with_fix(&[&base[..], &["--analysis", "bfs,liveness"]].concat());
    let (row, rest) = err.split_once('\n').expect("a row, then the error");
    assert!(row.starts_with("  karate.edges.xz bfs: dwell "), "{err}");
    assert!(rest.starts_with("error: "), "{err}");
}

/// `dwell bench` plans its sessions against the budget like `dwell run`: the
/// default is reported, and a budget too small for the graph is refused with
/// the plan's figures instead of timing anything.
#[test]
fn bench_plans_against_the_budget() {
    let g = data("graphs/karate.edges.xz");
    let v = ok_json(&[
        "bench",
        &g,
        "--runs",
        "1",
        "--sources",
        "random:4",
        "--no-peer",
        "--json",
    ]);
    assert!(v["budget"]["bytes"].as_u64().unwrap() > 0, "{v}");
    assert!(v["budget"]["from"].is_string(), "{v}");
    for analysis in ["bfs", "wcc", "dataflow"] {
        let err = fails_with_fix(&[
            "bench",
            &g,
            "--analysis",
            analysis,
            "--runs",
            "1",
            "--sources",
            "random:4",
            "--no-peer",
            "--budget-bytes",
            "100",
        ]);
        assert!(err.contains("but the budget is 100"), "{analysis}: {err}");
    }
}

/// The scipy peer's script is read at run time, not compiled in: a
/// `--peer-script` that is not there is refused, with a fix, before any
/// graph is loaded; `--no-peer` needs no script.
#[test]
fn bench_refuses_a_missing_peer_script() {
    let g = data("graphs/karate.edges.xz");
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("scipy_peer.py");
    let missing = missing.to_str().unwrap();
    let base = ["bench", &g, "--runs", "1", "--sources", "random:4"];
    let err = fails_with_fix(&[&base[..], &["--peer-script", missing]].concat());
    assert!(
        err.contains(&format!("--peer-script {missing}: no such file")),
        "{err}"
    );
    ok_json(
        &[
            &base[..],
            &["--peer-script", missing, "--no-peer", "--json"],
        ]
        .concat(),
    );
}
