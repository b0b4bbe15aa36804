//! `dwell snapshot`: every command that takes a graph answers the same from
//! the snapshot as from the source file (detected by magic, whatever the
//! name); damaged snapshots and misuse are errors with `Fix:`.

mod common;
use common::*;
use serde_json::Value;

/// The JSON of `dwell run`, less what a run measures (timings, the budget
/// read from the process, scratch allocations, which depend on how many pool
/// threads the searches landed on) and the file name, which the two inputs
/// differ in.
fn answers(mut v: Value) -> Value {
    let obj = v.as_object_mut().unwrap();
    obj.remove("timings");
    if let Some(g) = obj.get_mut("graph").and_then(Value::as_object_mut) {
        g.remove("file");
    }
    if let Some(p) = obj.get_mut("plan").and_then(Value::as_object_mut) {
        p.remove("budget");
        p.remove("budget_bytes");
    }
    if let Some(c) = obj.get_mut("counters").and_then(Value::as_object_mut) {
        c.remove("allocations");
    }
    v
}

#[test]
fn every_analysis_answers_the_same_from_a_snapshot() {
    let dir = tempfile::tempdir().unwrap();
    for (name, extra) in [
        ("graphs/karate.edges.xz", vec![]),
        ("graphs/pgp-strong-2009.edges.xz", vec![]),
        ("graphs/email-Enron.edges.xz", vec![]),
        ("roads/bremen_dist.gr.xz", vec![]),
        ("graphs/polblogs.edges.xz", vec!["--undirected"]),
    ] {
        let src = data(name);
        // A name that says nothing: detection is by the magic bytes.
        let snap = dir.path().join("g.bin").to_str().unwrap().to_string();
        let mut args = vec!["snapshot", &src, "--out", &snap, "--json"];
        args.extend(&extra);
        let w = ok_json(&args);
        let info_src = ok_json(&[&["info", &src, "--json"][..], &extra].concat());
        let info_snap = ok_json(&["info", &snap, "--json"]);
        assert_eq!(
            w["layout_hash"].as_str().unwrap(),
            info_src["layout_hash"]
                .as_str()
                .unwrap()
                .trim_start_matches("0x"),
            "{name}"
        );
        assert_eq!(info_src["layout_hash"], info_snap["layout_hash"], "{name}");
        assert_eq!(info_src["nodes"], info_snap["nodes"]);
        assert_eq!(info_src["arcs"], info_snap["arcs"]);
        for analysis in [
            vec!["bfs", "--sources", "random:16"],
            vec![
                "reach",
                "--sources",
                "0,3",
                "--direction",
                "backward",
                "--sinks",
                "1,2,5",
            ],
            vec![
                "taint",
                "--sources",
                "0",
                "--sinks",
                "4,9,12",
                "--sanitizers",
                "2",
            ],
            vec!["wcc"],
            vec!["scc"],
        ] {
            let run = |input: &str, extra: &[&str]| {
                let mut a = vec!["run"];
                a.extend(&analysis[..1]);
                a.push(input);
                a.extend(&analysis[1..]);
                a.extend(extra);
                a.push("--json");
                answers(ok_json(&a))
            };
            assert_eq!(run(&src, &extra), run(&snap, &[]), "{name} {analysis:?}");
        }
    }
}

#[test]
fn damaged_snapshots_and_misuse_are_errors_with_fix() {
    let dir = tempfile::tempdir().unwrap();
    let src = data("graphs/karate.edges.xz");
    let snap = dir.path().join("k.dwell").to_str().unwrap().to_string();
    ok_json(&["snapshot", &src, "--out", &snap, "--json"]);
    let bytes = std::fs::read(&snap).unwrap();
    let cut = write(dir.path(), "cut.dwell", "");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    let err = fails_with_fix(&["run", "bfs", &cut, "--sources", "0"]);
    assert!(err.contains("cut.dwell"), "{err}");
    let mut flipped = bytes.clone();
    let at = flipped.len() - 5;
    flipped[at] ^= 0x10;
    let bad = write(dir.path(), "bad.dwell", "");
    std::fs::write(&bad, &flipped).unwrap();
    let err = fails_with_fix(&["info", &bad]);
    assert!(err.contains("bad.dwell"), "{err}");
    // karate is undirected: --directed cannot change a snapshot.
    let err = fails_with_fix(&["info", &snap, "--directed"]);
    assert!(err.contains("--directed"), "{err}");
    // A bundle is not a graph file.
    let ll = data("programs/lua-5.4.7.ssa.ll.xz");
    let bundle = dir.path().join("lua.bundle").to_str().unwrap().to_string();
    ok_json(&["import", "llvm", &ll, "--out", &bundle, "--json"]);
    fails_with_fix(&["snapshot", &bundle, "--out", &snap]);
    // The old snapshot is intact after the refused write.
    assert_eq!(std::fs::read(&snap).unwrap(), bytes);
}
