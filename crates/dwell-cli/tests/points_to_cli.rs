//! `dwell run points-to BUNDLE` on clang 14's IR of
//! crates/dwell/tests/data/c/value_flow.c at -O0 and -O2: the indirect
//! call `tbl[i](…)` may call both functions of the table, `cmd` may hold
//! getenv's string, the TSV `--out` says the same, and a budget too small
//! fails with a Fix and writes nothing.

mod common;

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn dwell() -> Command {
    common::dwell_cmd()
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../dwell/tests/data/c")
        .join(name)
}

fn run(cmd: &mut Command) -> (bool, String, String) {
    let out = cmd.output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn import(dir: &Path, ll: &str) -> PathBuf {
    let b = dir.join(ll);
    let (ok, _, err) = run(dwell()
        .args(["import", "llvm"])
        .arg(fixture(ll))
        .arg("--out")
        .arg(&b));
    assert!(ok, "{err}");
    b
}

/// The targets of pointer `name` of `function` (`None`: a global), from
/// its shared set.
fn targets<'v>(json: &'v Value, function: Option<&str>, name: &str) -> Vec<&'v str> {
    let owner = function.map_or(Value::Null, Value::from);
    let p = json["pointers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["function"] == owner && p["name"] == name)
        .unwrap_or_else(|| panic!("no pointer {function:?}: {name} in {json:#}"));
    let set = &json["target_sets"][p["target_set"].as_u64().unwrap() as usize];
    let names: Vec<&str> = set
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    assert_eq!(p["target_count"].as_u64(), Some(names.len() as u64), "{p}");
    names
}

#[test]
fn indirect_calls_and_named_pointers_at_o0_and_o2() {
    let dir = tempfile::tempdir().unwrap();
    for ll in ["value_flow.O0.ll", "value_flow.O2.ll"] {
        let b = import(dir.path(), ll);
        let (ok, out, err) = run(dwell().args(["run", "points-to"]).arg(&b).arg("--json"));
        assert!(ok, "{ll}: {err}");
        let v: Value = serde_json::from_str(&out).unwrap();
        // Each distinct target set once, and each one some pointer's.
        let sets = v["target_sets"].as_array().unwrap();
        let used: std::collections::BTreeSet<u64> = v["pointers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["target_set"].as_u64().unwrap())
            .collect();
        assert_eq!(used.len(), sets.len(), "{ll}: {out}");
        for (i, a) in sets.iter().enumerate() {
            assert!(!sets[..i].contains(a), "{ll}: set {i} repeated: {a}");
        }
        let calls = v["indirect_calls"].as_array().unwrap();
        assert_eq!(calls.len(), 1, "{ll}: {out}");
        assert_eq!(calls[0]["function"], "run");
        assert_eq!(calls[0]["line"], 16);
        assert_eq!(calls[0]["callees"], serde_json::json!(["keep", "use"]));
        assert_eq!(v["stats"]["indirect_sites_bound"], 1);
        // `cmd = getenv("X")`, and at -O0 (a slot) also `cmd = s->buf`.
        let cmd = targets(&v, Some("h"), "cmd");
        assert!(cmd.contains(&"getenv@h:11"), "{ll}: {cmd:?}");
        assert_eq!(targets(&v, None, "@tbl"), ["&keep", "&use"], "{ll}");
        assert_eq!(
            targets(&v, Some("h"), "cmd").len(),
            if ll.contains("O0") { 2 } else { 1 }
        );
    }
}

#[test]
fn tsv_out_lists_each_target_and_text_names_the_call() {
    let dir = tempfile::tempdir().unwrap();
    let b = import(dir.path(), "value_flow.O0.ll");
    let out = dir.path().join("pts.tsv");
    let (ok, text, err) = run(dwell()
        .args(["run", "points-to"])
        .arg(&b)
        .arg("--out")
        .arg(&out));
    assert!(ok, "{err}");
    assert!(text.contains("1 of 1 indirect call sites bound"), "{text}");
    assert!(text.contains("call run:16 -> keep, use"), "{text}");
    let tsv = std::fs::read_to_string(&out).unwrap();
    for line in [
        "h\tcmd\tgetenv@h:11",
        "h\tcmd\t@g.2",
        "\t@tbl\t&keep",
        "h\ts\t@g",
    ] {
        assert!(
            tsv.lines().any(|l| l == line),
            "{line:?} missing from\n{tsv}"
        );
    }
    // --function keeps one function's pointers.
    let (ok, text, err) = run(dwell()
        .args(["run", "points-to"])
        .arg(&b)
        .args(["--function", "keep"]));
    assert!(ok, "{err}");
    assert!(text.contains("keep: s -> "), "{text}");
    assert!(!text.contains("h: cmd"), "{text}");
}

#[test]
fn refusals_end_in_a_fix_and_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let b = import(dir.path(), "value_flow.O0.ll");
    let out = dir.path().join("pts.tsv");
    let (ok, _, err) = run(dwell()
        .args(["run", "points-to"])
        .arg(&b)
        .args(["--budget-bytes", "100", "--out"])
        .arg(&out));
    assert!(!ok);
    assert!(
        err.contains("budget of 100 bytes") && err.contains("Fix:"),
        "{err}"
    );
    assert!(!out.exists(), "a refused run wrote {}", out.display());
    let (ok, _, err) = run(dwell()
        .args(["run", "points-to"])
        .arg(&b)
        .args(["--function", "nosuch"]));
    assert!(!ok);
    assert!(
        err.contains("no function nosuch") && err.contains("Fix:"),
        "{err}"
    );
    let edges = dir.path().join("g.edges");
    std::fs::write(&edges, "0 1\n1 2\n").unwrap();
    let (ok, _, err) = run(dwell().args(["run", "points-to"]).arg(&edges));
    assert!(!ok);
    assert!(
        err.contains("program bundle") && err.contains("Fix:"),
        "{err}"
    );
}
