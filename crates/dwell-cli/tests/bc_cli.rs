//! `dwell run bc` and `dwell bench --analysis bc` (issue 32): NetworkX's
//! scores on karate (scripts/networkx_bc.py), weighted on graph_23rd and
//! edges on karate (scripts/networkx_bc_weighted.py), `--out`, the sample, its
//! errors, and bench's per-source count.

mod common;

use common::{data, dwell, fails_with_fix, ok_json};

#[test]
fn bc_on_karate_answers_as_networkx() {
    let g = data("graphs/karate.edges.xz");
    let v = ok_json(&["run", "bc", &g, "--json"]);
    let r = &v["results"][0];
    assert_eq!(
        (r["sources"].as_u64(), r["top"][0]["vertex"].as_u64()),
        (Some(34), Some(0))
    );
    let top = r["top"][0]["score"].as_f64().unwrap();
    assert!((top - 0.43763528138528146).abs() < 1e-12, "{top}");
    let v = ok_json(&["run", "bc", &g, "--raw", "--json"]);
    let raw = v["results"][0]["top"][0]["score"].as_f64().unwrap();
    assert!((raw - 231.0714285714286).abs() < 1e-9, "{raw}");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("bc.tsv");
    let o = dwell(&["run", "bc", &g, "--out", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let file = std::fs::read_to_string(&out).unwrap();
    assert_eq!(file.lines().count(), 35);
    assert!(
        file.lines()
            .nth(1)
            .unwrap()
            .starts_with("0 0.4376352813852"),
        "{file}"
    );
}

#[test]
fn bc_errors_end_in_a_fix_and_bench_counts_sources() {
    let g = data("graphs/karate.edges.xz");
    let err = fails_with_fix(&["run", "bc", &g, "--sources", "3"]);
    assert!(err.contains("one source"), "{err}");
    let err = fails_with_fix(&["run", "bc", &g, "--backend", "timely"]);
    assert!(err.contains("does not run bc"), "{err}");
    let v = ok_json(&[
        "bench",
        &g,
        "--analysis",
        "bc",
        "--sources",
        "0,5,10",
        "--runs",
        "2",
        "--no-peer",
        "--json",
    ]);
    assert_eq!(v["rows"][0]["queries"], 3);
}

#[test]
fn weighted_bc_and_edge_bc_answer_as_networkx() {
    // NetworkX 3.6.1 (tests/data/bc/networkx_weighted.tsv in crates/dwell).
    let road = data("roads/graph_23rd.gr.xz");
    let v = ok_json(&["run", "bc", &road, "--weighted", "--json"]);
    let r = &v["results"][0];
    assert_eq!(
        (r["weighted"].as_bool(), r["top"][0]["vertex"].as_u64()),
        (Some(true), Some(1683))
    );
    let top = r["top"][0]["score"].as_f64().unwrap();
    assert!((top - 0.11770041188499239).abs() < 1e-12, "{top}");
    let karate = data("graphs/karate.edges.xz");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("ebc.tsv");
    let o = dwell(&["run", "edge-bc", &karate, "--out", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let file = std::fs::read_to_string(&out).unwrap();
    assert_eq!(file.lines().count(), 79, "a header and karate's 78 edges");
    let first: Vec<&str> = file.lines().nth(1).unwrap().split(' ').collect();
    assert_eq!(first[..2], ["0", "1"]);
    let score: f64 = first[2].parse().unwrap();
    assert!((score - 0.025252525252525245).abs() < 1e-15, "{score}");
    let err = fails_with_fix(&["run", "bc", &karate, "--weighted"]);
    assert!(err.contains("no weights"), "{err}");
    let err = fails_with_fix(&["run", "edge-bc", &karate, "--backend", "timely"]);
    assert!(err.contains("does not run edge-bc"), "{err}");
}
