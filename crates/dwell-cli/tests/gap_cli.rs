//! `dwell run pagerank|triangles` and `dwell bench --analysis
//! pagerank,triangles`: JSON, text, `--out` files, the stopping rules and
//! their errors, and the bench rows (one query per run). The values are
//! NetworkX's on karate (scripts/networkx_gap.py).

mod common;

use common::{data, dwell, fails_with_fix, ok_json, write};

#[test]
fn pagerank_on_karate_answers_as_networkx() {
    let g = data("graphs/karate.edges.xz");
    let v = ok_json(&["run", "pagerank", &g, "--json"]);
    let r = &v["results"][0];
    assert_eq!(r["stop"], "networkx");
    assert_eq!(r["converged"], true);
    assert_eq!(r["top"][0]["vertex"], 33);
    let top = r["top"][0]["score"].as_f64().unwrap();
    assert!((top - 0.1009179167487121).abs() < 1e-12, "{top}");
    // GAPBS's rule: at most 20 rounds, threshold 1e-4.
    let v = ok_json(&["run", "pagerank", &g, "--stop", "gapbs", "--json"]);
    let r = &v["results"][0];
    assert_eq!(
        (r["stop"].as_str(), r["threshold"].as_f64()),
        (Some("gapbs"), Some(1e-4))
    );
    assert!(r["iterations"].as_u64().unwrap() <= 20);
}

#[test]
fn pagerank_out_file_has_a_score_per_vertex() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("pr.tsv");
    let g = data("graphs/karate.edges.xz");
    let o = dwell(&["run", "pagerank", &g, "--out", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("# dwell pagerank"), "{}", lines[0]);
    assert_eq!(lines.len(), 35);
    let total: f64 = lines[1..]
        .iter()
        .map(|l| l.split(' ').nth(1).unwrap().parse::<f64>().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-12);
    assert!(lines[1].starts_with("0 0.0970018175898370"), "{}", lines[1]);
}

#[test]
fn pagerank_errors_end_in_a_fix() {
    let g = data("graphs/karate.edges.xz");
    let err = fails_with_fix(&["run", "pagerank", &g, "--max-iter", "3"]);
    assert!(err.contains("did not converge in 3 iterations"), "{err}");
    let err = fails_with_fix(&["run", "pagerank", &g, "--damping", "1.5"]);
    assert!(err.contains("damping"), "{err}");
    let dir = tempfile::tempdir().unwrap();
    let p = write(dir.path(), "p.txt", "0 1\n5 x\n");
    let err = fails_with_fix(&["run", "pagerank", &g, "--personalization", &p]);
    assert!(err.contains("p.txt:2"), "{err}");
    let missing = dir.path().join("missing.txt");
    let err = fails_with_fix(&[
        "run",
        "pagerank",
        &g,
        "--personalization",
        missing.to_str().unwrap(),
    ]);
    assert!(
        err.contains("--personalization") && err.contains("missing.txt"),
        "{err}"
    );
    let err = fails_with_fix(&["run", "pagerank", &g, "--backend", "timely"]);
    assert!(err.contains("does not run pagerank"), "{err}");
}

#[test]
fn personalization_moves_rank_to_the_chosen_vertices() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(dir.path(), "p.txt", "# all on 11\n11 2.5\n");
    let g = data("graphs/karate.edges.xz");
    let v = ok_json(&["run", "pagerank", &g, "--personalization", &p, "--json"]);
    // All teleport lands on 11 (a leaf of 0): it keeps at least 1 − d of
    // the rank, and 0, its one neighbour, takes most of the rest.
    let top = v["results"][0]["top"].as_array().unwrap();
    assert_eq!(
        (top[0]["vertex"].as_u64(), top[1]["vertex"].as_u64()),
        (Some(0), Some(11))
    );
    assert!(top[1]["score"].as_f64().unwrap() > 0.15);
}

#[test]
fn triangles_on_karate_answer_as_networkx() {
    let g = data("graphs/karate.edges.xz");
    let v = ok_json(&["run", "triangles", &g, "--json"]);
    let r = &v["results"][0];
    assert_eq!(r["triangles"], 45);
    assert_eq!(r["transitivity"].as_f64(), Some(0.2556818181818182));
    assert_eq!(r["average_clustering"].as_f64(), Some(0.5706384782076823));
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t.tsv");
    let o = dwell(&["run", "triangles", &g, "--out", out.to_str().unwrap()]);
    assert!(o.status.success());
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("45 triangles"), "{text}");
    let file = std::fs::read_to_string(&out).unwrap();
    assert_eq!(file.lines().nth(1), Some("0 18 0.15"));
}

#[test]
fn bench_times_pagerank_and_triangles_as_one_query_each() {
    let g = data("graphs/karate.edges.xz");
    let v = ok_json(&[
        "bench",
        &g,
        "--analysis",
        "pagerank,triangles",
        "--runs",
        "2",
        // No --sources: karate has fewer than the default random:64, and
        // neither analysis takes sources.
        "--no-peer",
        "--json",
    ]);
    let rows = v["rows"].as_array().unwrap();
    let names: Vec<&str> = rows
        .iter()
        .map(|r| r["analysis"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["pagerank", "triangles"]);
    for r in rows {
        assert_eq!(r["queries"], 1);
        assert!(r["dwell_us_per_query"].as_f64().unwrap() > 0.0);
    }
}
