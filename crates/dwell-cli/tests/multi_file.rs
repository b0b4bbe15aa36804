//! `dwell import llvm A.ll B.ll … --out BUNDLE` on the four-file C program of
//! crates/dwell/tests/data/c/multi-file: the bundle counts as the import of
//! `llvm-link`'s module does, data-flow taint finds the same findings in
//! both (getenv in input.c reaching system in sink.c through relay.c), and
//! two definitions of one function fail with a Fix and write no bundle.

mod common;

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn dwell() -> Command {
    common::dwell_cmd()
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../dwell/tests/data/c/multi-file")
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

/// Import `files` into `out`; the counts JSON.
fn import(files: &[&str], out: &Path) -> Value {
    let mut cmd = dwell();
    cmd.args(["import", "llvm"]);
    for f in files {
        cmd.arg(fixture(f));
    }
    let (ok, stdout, err) = run(cmd.arg("--out").arg(out).arg("--json"));
    assert!(ok, "{err}");
    serde_json::from_str(&stdout).unwrap()
}

/// `(rule, sink, argument, sink place)` of each finding, sorted.
fn findings(bundle: &Path) -> Vec<(String, String, u64, String)> {
    let (ok, stdout, err) = run(dwell().args(["run", "taint"]).arg(bundle).arg("--json"));
    assert!(ok, "{err}");
    let v: Value = serde_json::from_str(&stdout).unwrap();
    let mut out: Vec<_> = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["rule"].as_str().unwrap().to_string(),
                f["sink"].as_str().unwrap().to_string(),
                f["arg"].as_u64().unwrap(),
                format!("{}:{}", f["at"]["file"], f["at"]["line"]),
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn four_modules_import_as_their_llvm_link() {
    let dir = tempfile::tempdir().unwrap();
    for level in ["O0", "O2"] {
        let units: Vec<String> = ["input", "relay", "sink", "main"]
            .iter()
            .map(|u| format!("{u}.{level}.ll"))
            .collect();
        let units: Vec<&str> = units.iter().map(String::as_str).collect();
        let ours = dir.path().join(format!("ours.{level}"));
        let theirs = dir.path().join(format!("theirs.{level}"));
        let a = import(&units, &ours);
        let b = import(&[&format!("linked.{level}.ll")], &theirs);
        for key in [
            "functions",
            "declared",
            "blocks",
            "cfg_edges",
            "call_edges",
            "variables",
        ] {
            assert_eq!(a["program"][key], b["program"][key], "{level} {key}: {a:#}");
        }
        assert_eq!(a["icfg_nodes"], b["icfg_nodes"], "{level}");
        assert_eq!(a["icfg_edges"], b["icfg_edges"], "{level}");
        assert_eq!(
            a["source"],
            Value::from(units.join(" + ")),
            "the bundle names its modules"
        );
        let found = findings(&ours);
        assert_eq!(found, findings(&theirs), "{level}");
        assert!(
            found
                .iter()
                .any(|f| f.1 == "system" && f.3.contains("sink.c")),
            "{level}: {found:?}"
        );
    }
}

#[test]
fn a_function_defined_twice_is_refused_with_a_fix() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("b");
    let (ok, _, err) = run(dwell()
        .args(["import", "llvm"])
        .arg(fixture("sink.O0.ll"))
        .arg(fixture("sink.O2.ll"))
        .arg("--out")
        .arg(&out));
    assert!(!ok);
    assert!(
        err.contains("run_command is defined in both sink.O0.ll and sink.O2.ll")
            && err.contains("Fix:"),
        "{err}"
    );
    assert!(!out.exists(), "a refused import wrote {}", out.display());
}

#[test]
fn a_compilation_database_imports_as_the_linked_ir() {
    if !common::have_tool("clang", "the compile_commands test") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let src = fixture("");
    let src = src.to_str().unwrap();
    // Both entry forms: `command` strings and `arguments` arrays.
    let db = serde_json::json!([
        {"directory": src, "file": "input.c", "command": "cc -O0 -c input.c -o input.o -MD -MF input.d"},
        {"directory": src, "file": "relay.c", "arguments": ["cc", "-O0", "-c", "relay.c", "-o", "relay.o"]},
        {"directory": src, "file": "sink.c", "command": "cc -c -O0 sink.c -osink.o"},
        {"directory": src, "file": "main.c", "command": "cc -O0 -c main.c"},
    ]);
    let db_path = dir.path().join("compile_commands.json");
    std::fs::write(&db_path, db.to_string()).unwrap();
    let ours = dir.path().join("ours");
    let (ok, stdout, err) = run(dwell()
        .args(["import", "llvm", "--compile-commands"])
        .arg(&db_path)
        .arg("--out")
        .arg(&ours)
        .arg("--json"));
    assert!(ok, "{err}");
    let a: Value = serde_json::from_str(&stdout).unwrap();
    let b = import(&["linked.O0.ll"], &dir.path().join("theirs"));
    for key in [
        "functions",
        "declared",
        "blocks",
        "cfg_edges",
        "call_edges",
        "variables",
    ] {
        assert_eq!(a["program"][key], b["program"][key], "{key}: {a:#}");
    }
    assert_eq!(a["source"], "input.ll + relay.ll + sink.ll + main.ll");
    // The same findings; file names as each debug info spells them.
    let base = |fs: Vec<(String, String, u64, String)>| -> Vec<_> {
        fs.into_iter()
            .map(|(r, s, a, at)| {
                let at = at.replace('"', "");
                let at = at.rsplit('/').next().unwrap_or(&at).to_string();
                (r, s, a, at)
            })
            .collect()
    };
    let found = base(findings(&ours));
    assert_eq!(found, base(findings(&dir.path().join("theirs"))));
    assert_eq!(found.len(), 2, "{found:?}");
    // A unit clang cannot compile: its error, and a Fix.
    std::fs::write(
        &db_path,
        serde_json::json!([{"directory": src, "file": "nosuch.c", "command": "cc -c nosuch.c"}])
            .to_string(),
    )
    .unwrap();
    let (ok, _, err) = run(dwell()
        .args(["import", "llvm", "--compile-commands"])
        .arg(&db_path)
        .arg("--out")
        .arg(dir.path().join("bad")));
    assert!(!ok);
    assert!(
        err.contains("could not compile") && err.contains("Fix:"),
        "{err}"
    );
    assert!(!dir.path().join("bad").exists());
}

#[test]
fn malformed_compilation_databases_are_refused_with_a_fix() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("compile_commands.json");
    let out = dir.path().join("b");
    for (text, says) in [
        ("not json", "expected"),
        ("[]", "no entries"),
        (r#"[{"directory": "."}]"#, "lacks \"directory\" or \"file\""),
        (
            r#"[{"directory": ".", "file": "a.c"}]"#,
            "neither \"arguments\" nor \"command\"",
        ),
        (
            r#"[{"directory": ".", "file": "a.c", "command": "cc 'a.c"}]"#,
            "unbalanced quotes",
        ),
        (
            r#"[{"directory": ".", "file": "a.c", "arguments": ["cc", 1]}]"#,
            "not all strings",
        ),
        (
            r#"[{"directory": ".", "file": "a.c", "arguments": []}]"#,
            "names no compiler",
        ),
    ] {
        std::fs::write(&db, text).unwrap();
        let (ok, _, err) = run(dwell()
            .args(["import", "llvm", "--compile-commands"])
            .arg(&db)
            .arg("--out")
            .arg(&out));
        assert!(!ok, "{text}");
        assert!(err.contains(says) && err.contains("Fix:"), "{text}: {err}");
        assert!(
            !out.exists(),
            "{text}: a refused import wrote {}",
            out.display()
        );
    }
}
