//! `dwell run taint BUNDLE --queries FILE`: one graph, one query per line.
//! Each query's findings are those of the whole run whose sources are all
//! its own (crates/dwell/tests/resident_taint.rs checks the library against
//! fresh runs; this checks the command), locally and through `dwell serve`,
//! which reads the queries file its client sent.

mod common;

use common::{client_in, dwell, fails_with_fix, ok_json, Server};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn bundle(dir: &Path) -> String {
    let ll = Path::new(env!("CARGO_MANIFEST_DIR")).join("../dwell/tests/data/c/taint_demo.ll");
    let b = dir.join("demo.bundle");
    let out = dwell(&[
        "import",
        "llvm",
        ll.to_str().unwrap(),
        "--out",
        b.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    b.to_str().unwrap().to_string()
}

fn queries(dir: &Path, text: &str) -> PathBuf {
    let q = dir.join("queries.txt");
    std::fs::write(&q, text).unwrap();
    q
}

/// The whole run's findings whose sources all come from `names`.
fn only_from(all: &[Value], names: &[&str]) -> Vec<Value> {
    all.iter()
        .filter(|f| {
            let srcs = f["sources"].as_array().unwrap();
            srcs.iter()
                .all(|s| names.contains(&s["callee"].as_str().unwrap()))
        })
        .cloned()
        .collect()
}

const TEXT: &str = "getenv\nread, recv   # two at once\n\n# a comment line\nnot_called\n";

#[test]
fn each_query_finds_what_its_sources_reach() {
    let dir = tempfile::tempdir().unwrap();
    let b = bundle(dir.path());
    let q = queries(dir.path(), TEXT);
    let all = ok_json(&["run", "taint", &b, "--json"]);
    let all = all["findings"].as_array().unwrap();
    assert_eq!(all.len(), 4);
    let v = ok_json(&[
        "run",
        "taint",
        &b,
        "--queries",
        q.to_str().unwrap(),
        "--json",
    ]);
    let answers = v["queries"].as_array().unwrap();
    assert_eq!(answers.len(), 3);
    assert_eq!(v["per_query"]["queries"], 3);
    assert!(
        v["per_query"]["max_ms"].as_f64().unwrap() >= v["per_query"]["median_ms"].as_f64().unwrap()
    );
    let (env, io) = (&answers[0], &answers[1]);
    assert_eq!(
        env["findings"].as_array().unwrap(),
        &only_from(all, &["getenv"])
    );
    assert_eq!(env["source_calls"], 2);
    assert_eq!(
        io["findings"].as_array().unwrap(),
        &only_from(all, &["read", "recv"])
    );
    assert_eq!(io["findings"].as_array().unwrap().len(), 2);
    assert_eq!(answers[2]["unmatched"], serde_json::json!(["not_called"]));
    assert!(answers[2]["findings"].as_array().unwrap().is_empty());
    // The text form says the same per query.
    let out = dwell(&["run", "taint", &b, "--queries", q.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("query 2 (read,recv): 2 findings from 2 source calls"),
        "{text}"
    );
    assert!(text.contains("no source call of: not_called"), "{text}");
}

#[test]
fn a_server_answers_queries_from_the_file_its_client_sent() {
    let dir = tempfile::tempdir().unwrap();
    let b = bundle(dir.path());
    queries(dir.path(), TEXT);
    let local = ok_json(&[
        "run",
        "taint",
        &b,
        "--queries",
        &dir.path().join("queries.txt").to_string_lossy(),
        "--json",
    ]);
    let server = Server::start_at(dir.path(), &[&b, "--socket", "s.sock"]);
    let out = client_in(
        dir.path(),
        &server.addr,
        &["taint", &b, "--queries", "queries.txt", "--json"],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let served: Value = serde_json::from_slice(&out.stdout).unwrap();
    for (a, b) in served["queries"]
        .as_array()
        .unwrap()
        .iter()
        .zip(local["queries"].as_array().unwrap())
    {
        assert_eq!(a["findings"], b["findings"]);
    }
}

#[test]
fn bad_queries_are_refused_with_a_fix() {
    let dir = tempfile::tempdir().unwrap();
    let b = bundle(dir.path());
    let empty = queries(dir.path(), "# nothing\n\n");
    let err = fails_with_fix(&["run", "taint", &b, "--queries", empty.to_str().unwrap()]);
    assert!(err.contains("no query"), "{err}");
    let q = queries(dir.path(), "getenv\n");
    let err = fails_with_fix(&[
        "run",
        "taint",
        &b,
        "--queries",
        q.to_str().unwrap(),
        "--format",
        "sarif",
    ]);
    assert!(err.contains("--queries"), "{err}");
    let err = fails_with_fix(&["run", "taint", &b, "--queries", "/no/such/file"]);
    assert!(err.contains("--queries"), "{err}");
}
