//! `dwell import llvm` and the program analyses on a bundle, end to end.

use std::path::{Path, PathBuf};
use std::process::Command;

fn dwell() -> Command {
    Command::new(env!("CARGO_BIN_EXE_dwell"))
}

fn repo(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(rel)
}

fn ok(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// `dwell import llvm REPO_FILE --out bundle` (must succeed).
fn import(bundle: &Path, rel: &str) {
    ok(dwell()
        .args(["import", "llvm"])
        .arg(repo(rel))
        .arg("--out")
        .arg(bundle));
}

#[test]
fn import_lua_counts_and_analyses() {
    let dir = tempfile::tempdir().unwrap();
    let b = dir.path().join("lua");
    let out = ok(dwell()
        .args(["import", "llvm"])
        .arg(repo("data/programs/lua-5.4.7.ssa.ll.xz"))
        .arg("--out")
        .arg(&b)
        .arg("--json"));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    for (k, want) in [
        ("functions", 1051),
        ("declared", 81),
        ("blocks", 8076),
        ("cfg_edges", 10371),
        ("call_edges", 3204),
        ("direct_call_sites", 4072),
    ] {
        assert_eq!(v[k], want, "{k}");
    }
    for k in [
        "indirect_call_sites",
        "icfg_nodes",
        "icfg_edges",
        "variables",
    ] {
        assert!(v[k].as_u64().is_some(), "{k}");
    }
    let info: serde_json::Value =
        serde_json::from_str(&ok(dwell().arg("info").arg(&b).arg("--json"))).unwrap();
    assert_eq!(info["nodes"], v["icfg_nodes"]);
    for analysis in ["liveness", "reaching-defs"] {
        let mut sums = Vec::new();
        for backend in ["cpu", "cpu-reference"] {
            let out = ok(dwell().args(["run", analysis]).arg(&b).args([
                "--labels",
                "flow",
                "--json",
                "--backend",
                backend,
            ]));
            let r: serde_json::Value = serde_json::from_str(&out).unwrap();
            assert_eq!(r["functions"], 1051);
            sums.push(r["in_facts"].clone());
        }
        assert_eq!(sums[0], sums[1], "{analysis}");
    }
    let out = ok(dwell().args(["run", "liveness"]).arg(&b).args([
        "--function",
        "luaV_execute",
        "--labels",
        "flow",
        "--json",
    ]));
    let r: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(r["verified"], true);
    assert!(r["per_node"].as_array().unwrap().len() > 821);
}

#[test]
fn taint_on_bundle_and_errors() {
    let dir = tempfile::tempdir().unwrap();
    let b = dir.path().join("t");
    import(&b, "crates/dwell/tests/data/llvm/taint.ll");
    let out = ok(dwell()
        .args(["run", "taint", "--mode", "control-flow"])
        .arg(&b)
        .args([
            "--sources-fn",
            "getenv,read,recv",
            "--sinks-fn",
            "system,memcpy,strcpy",
            "--sanitizers-fn",
            "sanitize",
            "--json",
            "--out",
        ])
        .arg(dir.path().join("findings.txt")));
    let r: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(r["context_sensitive"], true);
    let f = r["findings"].as_array().unwrap();
    assert_eq!(f.len(), 2);
    assert_eq!(f[0]["path"][2], "run:%entry");
    // --out holds the same findings, one per line, path last.
    let text = std::fs::read_to_string(dir.path().join("findings.txt")).unwrap();
    let rows: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').collect())
        .collect();
    assert_eq!(rows.len(), 2);
    for (row, finding) in rows.iter().zip(f) {
        assert_eq!(row[1], finding["source"].as_str().unwrap());
        assert_eq!(row[3], finding["sink"].as_str().unwrap());
        let path: Vec<&str> = finding["path"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_str().unwrap())
            .collect();
        assert_eq!(row[4], path.join(" -> "));
    }
    // Only an impossible call/return path joins source and sink: reported
    // with --context-insensitive only.
    let c = dir.path().join("c");
    import(&c, "crates/dwell/tests/data/llvm/taint_context.ll");
    let args = ["--sources-fn", "getenv", "--sinks-fn", "system", "--json"];
    for (extra, want) in [(None, 0), (Some("--context-insensitive"), 1)] {
        let out = ok(dwell()
            .args(["run", "taint", "--mode", "control-flow"])
            .arg(&c)
            .args(args)
            .args(extra));
        let r: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(r["context_sensitive"], extra.is_none());
        assert_eq!(r["findings"].as_array().unwrap().len(), want, "{extra:?}");
    }
    let out = ok(dwell()
        .args([
            "run",
            "taint",
            "--mode",
            "control-flow",
            "--backend",
            "cpu-reference",
        ])
        .arg(&c)
        .args(args));
    assert!(out.contains("\"findings\": []"), "{out}");
    // Malformed IR: line and Fix.
    let bad = dir.path().join("bad.ll");
    std::fs::write(&bad, "define void @f() {\nentry:\n  br label %nowhere\n}\n").unwrap();
    let out = dwell()
        .args(["import", "llvm"])
        .arg(&bad)
        .arg("--out")
        .arg(dir.path().join("x"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.ll:3:") && err.contains("Fix:"), "{err}");
    assert!(!dir.path().join("x").exists());
}

/// `--out` writes per-node sets in program terms: every node of every
/// defined function, or one function's nodes matching its `--json` sets.
#[test]
fn per_node_sets_with_out() {
    let dir = tempfile::tempdir().unwrap();
    let b = dir.path().join("lua");
    import(&b, "data/programs/lua-5.4.7.ssa.ll.xz");
    let all = dir.path().join("live.txt");
    ok(dwell()
        .args(["run", "liveness"])
        .arg(&b)
        .arg("--out")
        .arg(&all));
    let text = std::fs::read_to_string(&all).unwrap();
    let rows: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(
        rows.len(),
        12356,
        "one line per ICFG node of the defined functions"
    );
    assert!(rows
        .iter()
        .all(|r| r.contains("\tlive_in: ") && r.contains("\tlive_out: ")));

    let one = dir.path().join("rd.txt");
    let json = ok(dwell()
        .args(["run", "reaching-defs"])
        .arg(&b)
        .args(["--function", "luaH_get", "--json", "--out"])
        .arg(&one));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let text = std::fs::read_to_string(&one).unwrap();
    let rows: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let nodes = v["per_node"].as_array().unwrap();
    assert_eq!(rows.len(), nodes.len());
    for (row, node) in rows.iter().zip(nodes) {
        let cols: Vec<&str> = row.split('\t').collect();
        assert_eq!(cols[0], node["name"].as_str().unwrap());
        let listed = |key: &str| -> Vec<String> {
            node[key]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_str().unwrap().to_string())
                .collect()
        };
        let col = |i: usize, key: &str| -> Vec<String> {
            let rest = cols[i].strip_prefix(&format!("{key}: ")).unwrap();
            rest.split_whitespace().map(str::to_string).collect()
        };
        assert_eq!(col(1, "reach_in"), listed("reach_in"));
        assert_eq!(col(2, "reach_out"), listed("reach_out"));
    }
}

#[test]
fn repeat_is_refused_on_bundles() {
    let dir = tempfile::tempdir().unwrap();
    let b = dir.path().join("lua");
    import(&b, "data/programs/lua-5.4.7.ssa.ll.xz");
    let out = dwell()
        .args(["run", "liveness"])
        .arg(&b)
        .args(["--repeat", "3"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Fix:"));
}

/// Bundle analyses plan each session against the budget: a tiny one is
/// refused before anything runs (naming flags to type), an ample one answers
/// as without it; context-sensitive taint, which has no plan, refuses the flag.
#[test]
fn bundle_analyses_honour_the_budget() {
    let dir = tempfile::tempdir().unwrap();
    let b = dir.path().join("lua");
    import(&b, "data/programs/lua-5.4.7.ssa.ll.xz");
    for extra in [
        &["--whole"][..],
        &[][..],
        &["--function", "luaV_execute"][..],
    ] {
        let out = dwell()
            .args(["run", "reaching-defs"])
            .arg(&b)
            .args(extra)
            .args(["--budget-bytes", "1000", "--json"])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{extra:?}: {err}");
        assert!(err.contains("but the budget is 1000"), "{extra:?}: {err}");
        assert!(err.contains("Fix:"), "{err}");
        assert!(out.stdout.is_empty());
    }
    let answer = |extra: &[&str]| {
        let out = dwell()
            .args(["run", "liveness"])
            .arg(&b)
            .args(["--whole", "--json"])
            .args(extra)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let mut v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        v.as_object_mut()
            .unwrap()
            .retain(|k, _| !k.ends_with("_ms"));
        v
    };
    assert_eq!(answer(&["--budget-bytes", "100000000000"]), answer(&[]));
    let taint = |extra: &[&str]| {
        dwell()
            .args(["run", "taint", "--mode", "control-flow"])
            .arg(&b)
            .args([
                "--sources-fn",
                "getenv",
                "--sinks-fn",
                "system",
                "--budget-bytes",
                "1000",
            ])
            .args(extra)
            .output()
            .unwrap()
    };
    let out = taint(&[]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("--context-insensitive"), "{err}");
    let out = taint(&["--context-insensitive"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("but the budget is 1000"), "{err}");
}

#[test]
fn import_to_stdout_is_refused_with_a_fix() {
    let dir = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_dwell"))
        .current_dir(dir.path())
        .args(["import", "llvm"])
        .arg(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../dwell/tests/data/llvm/taint.ll"),
        )
        .args(["--out", "-"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("cannot go to stdout") && err.contains("Fix:"),
        "{err}"
    );
    assert!(!dir.path().join("-").exists(), "no folder named '-'");
}
