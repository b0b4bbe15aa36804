//! `dwell run sssp` and `dwell bench --analysis sssp` (issue 32): weighted
//! edge lists through `--weights`, JSON, text, `--out` with `--parents`, the
//! errors' Fix hints, and bench's per-query count (one per source) with the
//! scipy peer checked when a Python with scipy is found.

mod common;

use common::{data, dwell, fails_with_fix, ok_json, write};

/// 0 →(2) 1 →(0.5) 2, 0 →(9) 2, 2 →(1) 3; 4 is isolated (declared).
const WEIGHTED: &str = "# nodes 5\n0 1 2\n1 2 0.5\n0 2 9\n2 3 1\n";

#[test]
fn run_sssp_reads_weights_and_reports_distances_and_parents() {
    let dir = tempfile::tempdir().unwrap();
    let g = write(dir.path(), "w.edges", WEIGHTED);
    let v = ok_json(&[
        "run",
        "sssp",
        &g,
        "--weights",
        "3",
        "--sources",
        "0,3",
        "--json",
    ]);
    let r = &v["results"];
    assert_eq!(r[0]["source"], 0);
    assert_eq!(r[0]["reached"], 4);
    assert_eq!(r[0]["max_distance"], 3.5);
    assert_eq!(r[0]["distance_sum"], 8.0); // 0 + 2 + 2.5 + 3.5
    assert_eq!(r[0]["weighted"], true);
    assert_eq!(
        (r[1]["source"].as_u64(), r[1]["reached"].as_u64()),
        (Some(3), Some(1))
    );

    let out = dir.path().join("d.tsv");
    let o = dwell(&[
        "run",
        "sssp",
        &g,
        "--weights",
        "3",
        "--sources",
        "0",
        "--parents",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("the graph's weights") && text.contains("4 reached"),
        "{text}"
    );
    let file = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<&str> = file.lines().collect();
    assert_eq!(lines[0], "# dwell sssp: vertex dist_from_0 parent_from_0");
    assert_eq!(
        &lines[1..],
        ["0 0 0", "1 2 0", "2 2.5 1", "3 3.5 2", "4 inf -"]
    );
}

#[test]
fn an_unweighted_graph_counts_hops_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let g = write(dir.path(), "u.edges", WEIGHTED);
    let v = ok_json(&["run", "sssp", &g, "--sources", "0", "--json"]);
    assert_eq!(v["results"][0]["weighted"], false);
    assert_eq!(v["results"][0]["max_distance"], 2.0);
    let o = dwell(&["run", "sssp", &g, "--sources", "0"]);
    assert!(String::from_utf8_lossy(&o.stdout).contains("1 per arc (the graph has no weights)"));
}

#[test]
fn sssp_errors_end_in_a_fix() {
    let dir = tempfile::tempdir().unwrap();
    let g = write(dir.path(), "w.edges", WEIGHTED);
    let err = fails_with_fix(&[
        "run",
        "sssp",
        &g,
        "--weights",
        "3",
        "--sources",
        "0",
        "--delta",
        "0",
    ]);
    assert!(err.contains("delta"), "{err}");
    let err = fails_with_fix(&["run", "sssp", &g, "--weights", "3"]);
    assert!(err.contains("no source"), "{err}");
    let bad = write(dir.path(), "bad.edges", "0 1 2\n1 2 -4\n");
    let err = fails_with_fix(&["run", "sssp", &bad, "--weights", "3", "--sources", "0"]);
    assert!(
        err.contains("bad.edges:2") && err.contains("negative"),
        "{err}"
    );
    let err = fails_with_fix(&["run", "sssp", &g, "--weights", "len", "--sources", "0"]);
    assert!(err.contains("no header row"), "{err}");
    let err = fails_with_fix(&[
        "run",
        "sssp",
        &g,
        "--weights",
        "3",
        "--sources",
        "0",
        "--backend",
        "timely",
    ]);
    assert!(err.contains("does not run sssp"), "{err}");
}

#[test]
fn a_weighted_snapshot_answers_as_its_source() {
    let dir = tempfile::tempdir().unwrap();
    let g = write(dir.path(), "w.edges", WEIGHTED);
    let snap = dir.path().join("w.dwell");
    let o = dwell(&[
        "snapshot",
        &g,
        "--weights",
        "3",
        "--out",
        snap.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let from_text = ok_json(&[
        "run",
        "sssp",
        &g,
        "--weights",
        "3",
        "--sources",
        "0",
        "--json",
    ]);
    let from_snap = ok_json(&[
        "run",
        "sssp",
        snap.to_str().unwrap(),
        "--sources",
        "0",
        "--json",
    ]);
    assert_eq!(from_text["results"], from_snap["results"]);
    assert_eq!(from_snap["results"][0]["weighted"], true);
}

#[test]
fn bench_counts_one_query_per_source_and_checks_scipy() {
    let g = data("roads/graph_23rd.gr.xz");
    let v = ok_json(&[
        "bench",
        &g,
        "--analysis",
        "sssp",
        "--sources",
        "0,1,742",
        "--runs",
        "2",
        "--json",
    ]);
    let row = &v["rows"][0];
    assert_eq!(row["analysis"], "sssp");
    assert_eq!(row["queries"], 3);
    // The peer ran and agreed (a disagreement is an error), or was skipped
    // for want of scipy, never estimated.
    let peer = &row["peer"];
    assert!(
        peer["ratio"].as_f64().is_some_and(|r| r > 0.0) || peer["skipped"].is_string(),
        "{peer}"
    );
}
