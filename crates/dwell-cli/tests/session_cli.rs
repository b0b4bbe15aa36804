//! `dwell plan`, `dwell evidence verify` and the session fields of
//! `dwell run --json`, against the figures of the session spec.

mod common;

use common::{data, fails_with_fix, ok_json};
use std::fs;

fn fails(args: &[&str], needle: &str) {
    let err = fails_with_fix(args);
    assert!(err.contains(needle), "{needle:?} not in: {err}");
}

const PLAN: &[&str] = &[
    "plan",
    "--layout-hash",
    "0xfeed",
    "--graph-bytes",
    "1048576",
    "--runs",
    "128",
    "--frontier-bytes",
    "4096",
    "--scratch-bytes",
    "65536",
    "--output-bytes",
    "2048",
    "--budget-bytes",
    "2000000",
];

#[test]
fn plan_reference_figures() {
    let mut args = PLAN.to_vec();
    args.push("--json");
    let v = ok_json(&args);
    assert_eq!(v["total_frontier_refresh_bytes"], 524288);
    assert_eq!(v["avoided_graph_upload_bytes"], 133169152u64);
    assert_eq!(v["reuse"]["cold_uploads"], 1);
    assert_eq!(v["reuse"]["warm_reuses"], 127);
    assert_eq!(v["reuse"]["upload_bytes"], 1048576);
    assert_eq!(v["reuse"]["avoided_upload_bytes"], 133169152u64);
    assert_eq!(v["avoided_device_allocations"], 381);
    assert_eq!(v["avoided_host_fences"], 127);
    assert_eq!(v["host_readback_bytes"], 2048);
    assert_eq!(v["final_only_readback"], true);
}

#[test]
fn plan_errors_exit_1_with_their_message() {
    let small = [
        "plan",
        "--layout-hash",
        "1",
        "--graph-bytes",
        "128",
        "--runs",
        "1",
        "--frontier-bytes",
        "16",
        "--scratch-bytes",
        "16",
        "--output-bytes",
        "16",
        "--budget-bytes",
        "127",
    ];
    fails(&small, "needs 176 bytes resident but the budget is 127");
    let mut zero_hash = PLAN.to_vec();
    zero_hash[2] = "0";
    fails(&zero_hash, "layout hash is 0");
    let mut zero_runs = PLAN.to_vec();
    zero_runs[6] = "0";
    fails(&zero_runs, "0 runs");
    let mut per_run = PLAN.to_vec();
    per_run.extend(["--readback", "per-run"]);
    fails(&per_run, "per-run readback");
    let mut overflow = PLAN.to_vec();
    overflow[4] = "18446744073709551615";
    fails(&overflow, "overflows");
}

#[test]
fn plan_from_a_real_graph_uses_its_hash_and_csr() {
    let g = data("graphs/email-Enron.edges.xz");
    let info = ok_json(&["info", &g, "--json"]);
    let v = ok_json(&[
        "plan",
        &g,
        "--analysis",
        "bfs",
        "--runs",
        "64",
        "--budget-bytes",
        "100000000",
        "--json",
    ]);
    assert_eq!(v["layout_hash"], info["layout_hash"]);
    // Undirected, so the forward CSR is the whole topology; its degrees are
    // skewed, so the cpu backend also keeps a degree-grouped copy (another
    // CSR and two u32 id maps).
    let (csr, nodes) = (
        info["csr_bytes"].as_u64().unwrap(),
        info["nodes"].as_u64().unwrap(),
    );
    assert_eq!(v["graph_upload_bytes"], 2 * csr + 8 * nodes);
    assert_eq!(v["output_bytes"], 64 * 24);
    fails(
        &[
            "plan",
            &g,
            "--analysis",
            "bfs",
            "--runs",
            "64",
            "--budget-bytes",
            "1000",
        ],
        "budget is 1000",
    );
}

#[test]
fn run_json_reports_the_session_it_ran() {
    let g = data("graphs/polblogs.edges.xz");
    for backend in ["cpu", "cpu-reference"] {
        let v = ok_json(&[
            "run",
            "bfs",
            &g,
            "--sources",
            "random:70",
            "--repeat",
            "9",
            "--backend",
            backend,
            "--json",
        ]);
        assert_eq!(v["runs"], 9);
        let c = &v["counters"];
        assert_eq!(c["graph_uploads"], 1, "{backend}");
        assert_eq!(c["runs"], 9);
        assert_eq!(c["host_syncs"], 0);
        assert_eq!(c["bytes_read_back"], 70 * 24);
        assert_eq!(c["bytes_uploaded"], v["plan"]["graph_upload_bytes"]);
        assert_eq!(v["reuse"]["cold_uploads"], 1);
        assert_eq!(v["reuse"]["warm_reuses"], 8);
        assert_eq!(v["plan"]["runs"], 9);
        assert_eq!(v["results"].as_array().unwrap().len(), 70);
    }
    fails(
        &["run", "bfs", &g, "--sources", "0", "--budget-bytes", "1000"],
        "budget is 1000",
    );
}

const HEADER: &str = "backend_id,device_ordinal,device_memory_bytes,compute_capability_major,compute_capability_minor,graph_nodes,graph_edges,repetitions,host_orchestrated_ns,resident_megakernel_ns,setup_ns,timed_graph_uploads,timed_host_allocations,timed_host_syncs,resident_borrowed_fallback_dispatches";
const ROW1: &str = "cuda,0,34359738368,12,0,10000,80000,64,1000000,10000,250000,0,0,0,0";
const ROW2: &str = "cuda,0,34359738368,12,0,20000,160000,128,2500000,20000,350000,0,0,0,0";

#[test]
fn evidence_verify_spec_example() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("evidence.csv");
    fs::write(&file, format!("{HEADER}\n{ROW1}\n\n{ROW2}\n")).unwrap();
    let f = file.to_str().unwrap();
    let v = ok_json(&[
        "evidence",
        "verify",
        f,
        "--required-speedup",
        "100",
        "--json",
    ]);
    assert_eq!(v["min_speedup_x"], 100.0);
    assert_eq!(v["max_speedup_x"], 125.0);
    assert_eq!(v["sample_count"], 2);
    assert_eq!(v["total_repetitions"], 192);
    fails(
        &["evidence", "verify", f, "--required-speedup", "101"],
        "below the required 101x",
    );
}

#[test]
fn evidence_verify_rejects_bad_files_with_line_and_field() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: String| {
        let p = dir.path().join(name);
        fs::write(&p, text).unwrap();
        p.to_str().unwrap().to_string()
    };
    let cases = [
        (
            write("h.csv", format!("backend,x\n{ROW1}\n")),
            "the header is",
        ),
        (
            write("r.csv", format!("{HEADER}\n{ROW1}\ncuda,1\n")),
            "line 3: 2 fields",
        ),
        (
            write(
                "v.csv",
                format!("{HEADER}\n{ROW1}\n{}\n", ROW2.replace(",128,", ",12x,")),
            ),
            "line 3: field repetitions",
        ),
        (
            write(
                "b.csv",
                format!("{HEADER}\n{ROW1}\n{}\n", ROW2.replacen("cuda", "cpu", 1)),
            ),
            "field backend_id",
        ),
        (
            write(
                "p.csv",
                format!(
                    "{HEADER}\n{ROW1}\n{}\n",
                    ROW2.replace(",0,0,0,0", ",1,0,0,0")
                ),
            ),
            "1 graph uploads",
        ),
        (
            write(
                "s.csv",
                format!(
                    "{HEADER}\n{ROW1}\n{}\n",
                    ROW2.replace("20000,160000,128", "20000,160000,32")
                ),
            ),
            "below the floor",
        ),
        (
            write(
                "d.csv",
                format!("{HEADER}\n{ROW1}\n{}\n", ROW2.replace(",12,0,", ",7,5,")),
            ),
            "compute capability 7.5",
        ),
        (
            write("one.csv", format!("{HEADER}\n{ROW1}\n")),
            "only 1 samples",
        ),
        (write("empty.csv", format!("{HEADER}\n")), "no samples"),
    ];
    for (file, needle) in &cases {
        fails(
            &["evidence", "verify", file, "--required-speedup", "100"],
            needle,
        );
    }
    fails(
        &[
            "evidence",
            "verify",
            &cases[0].0,
            "--required-speedup",
            "nan",
        ],
        "header",
    );
    let good = write("g.csv", format!("{HEADER}\n{ROW1}\n{ROW2}\n"));
    fails(
        &["evidence", "verify", &good, "--required-speedup=-1"],
        "not a positive finite number",
    );
    fails(
        &[
            "evidence",
            "verify",
            "/nonexistent/e.csv",
            "--required-speedup",
            "100",
        ],
        "e.csv",
    );
}

/// email-Enron's degrees are skewed: a session of more than one run keeps a
/// degree-grouped copy and runs on it (but weak components). What it writes and reports must be
/// exactly what a one-run session (original ids) gives, and the copy shows
/// in the bytes uploaded.
#[test]
fn repeated_runs_on_a_relabeled_copy_answer_in_original_ids() {
    let g = data("graphs/email-Enron.edges.xz");
    let dir = tempfile::tempdir().unwrap();
    let info = ok_json(&["info", &g, "--json"]);
    let (csr, nodes) = (
        info["csr_bytes"].as_u64().unwrap(),
        info["nodes"].as_u64().unwrap(),
    );
    for (analysis, extra) in [
        ("bfs", &["--sources", "0,5,77,3000"][..]),
        ("reach", &["--sources", "1,2", "--sinks", "9,14,36000"][..]),
        ("wcc", &[][..]),
        ("scc", &[][..]),
    ] {
        let mut results = Vec::new();
        let mut files = Vec::new();
        for repeat in ["1", "3"] {
            let out = dir.path().join(format!("{analysis}-{repeat}.txt"));
            let out = out.to_str().unwrap();
            let mut args = vec![
                "run", analysis, &g, "--json", "--repeat", repeat, "--out", out,
            ];
            args.extend_from_slice(extra);
            let v = ok_json(&args);
            let uploaded = v["counters"]["bytes_uploaded"].as_u64().unwrap();
            // Weak components of an undirected graph run on the graph
            // itself: Afforest's labels are canonical there.
            let copy = if repeat == "1" || analysis == "wcc" {
                0
            } else {
                csr + 8 * nodes
            };
            assert_eq!(uploaded, csr + copy, "{analysis} --repeat {repeat}");
            results.push(v["results"].clone());
            files.push(fs::read(out).unwrap());
        }
        assert_eq!(results[0], results[1], "{analysis}: results differ");
        assert!(!files[0].is_empty());
        assert_eq!(files[0], files[1], "{analysis}: --out files differ");
    }
}

#[test]
fn repeated_summaries_on_a_folded_road_network_match_one_run() {
    // Bremen's dead ends fold away in sessions of more than one run: BFS
    // summaries and reachability counts from sources inside and outside the
    // core are unchanged, and the fold is counted as uploaded (within the
    // bound the plan reserves); reachability with sinks does not fold.
    let g = data("roads/bremen_dist.gr.xz");
    let info = ok_json(&["info", &g, "--json"]);
    let (csr, nodes) = (
        info["csr_bytes"].as_u64().unwrap(),
        info["nodes"].as_u64().unwrap(),
    );
    let sources = ["--sources", "0,1,2,3,17,40000"];
    for (analysis, extra, folds) in [
        ("bfs", &[][..], true),
        ("reach", &[][..], true),
        ("reach", &["--sinks", "5,9"][..], false),
    ] {
        let mut runs = Vec::new();
        for repeat in ["1", "3"] {
            let mut args = vec!["run", analysis, &g, "--json", "--repeat", repeat];
            args.extend_from_slice(&sources);
            args.extend_from_slice(extra);
            let v = ok_json(&args);
            runs.push((
                v["results"].clone(),
                v["counters"]["bytes_uploaded"].as_u64().unwrap(),
            ));
        }
        assert_eq!(runs[0].0, runs[1].0, "{analysis} {extra:?}: results differ");
        let fold = runs[1].1 - runs[0].1;
        if folds {
            assert!(
                fold > 0 && fold <= 2 * csr + 16 * nodes,
                "fold bytes {fold}"
            );
        } else {
            assert_eq!(fold, 0, "{analysis} {extra:?} made a fold");
        }
    }
}

/// `--warmup 1 --repeat 1` runs twice in one session (so the second run is
/// on the degree-grouped copy the first one made) and times only the
/// second: same answer as one run, the copy uploaded, per_run_ms over
/// `--repeat` runs alone.
#[test]
fn warmup_runs_build_the_copy_untimed_and_answer_the_same() {
    let g = data("graphs/email-Enron.edges.xz");
    let base = ["run", "bfs", &g, "--json", "--sources", "0,5,77"];
    let one = ok_json(&base);
    let mut args = base.to_vec();
    args.extend_from_slice(&["--warmup", "1", "--repeat", "1"]);
    let warm = ok_json(&args);
    assert_eq!(one["results"], warm["results"]);
    assert_eq!(warm["counters"]["runs"], 2);
    assert!(
        warm["counters"]["bytes_uploaded"].as_u64().unwrap()
            > one["counters"]["bytes_uploaded"].as_u64().unwrap(),
        "no copy made: {}",
        warm["counters"]
    );
    let t = &warm["timings"];
    assert_eq!(t["per_run_ms"], t["query_ms"]);
}
