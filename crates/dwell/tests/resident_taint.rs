//! A resident session (`flow::Resident`) answers a query with some of its
//! sources exactly as a fresh run would whose models make only those
//! functions sources: the same findings, sources and witnesses, on every
//! C fixture and every subset of its source functions.

use dwell::program::flow::{self, Resident};
use dwell::program::models::Models;
use dwell::program::read_llvm;
use dwell::progress::Stop;
use std::collections::BTreeSet;
use std::path::PathBuf;

const FIXTURES: &[&str] = &[
    "taint_demo.ll",
    "value_flow.O0.ll",
    "value_flow.O2.ll",
    "varargs.O0.ll",
    "varargs.O2.ll",
    "custom_alloc.ll",
];

fn program(name: &str) -> dwell::program::Program {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/c")
        .join(name);
    read_llvm(&path).unwrap()
}

/// libc's models with every source but `names`'s dropped.
fn only_sources(names: &[String]) -> Models {
    let mut m = Models::libc();
    for (name, model) in m.functions.iter_mut() {
        if !names.contains(name) {
            model.sources.clear();
        }
    }
    m
}

#[test]
fn queries_equal_fresh_runs_with_only_their_sources() {
    let models = Models::libc();
    let mut checked = 0;
    for fixture in FIXTURES {
        let p = program(fixture);
        let r = Resident::build(&p, &models, u64::MAX, Stop::never()).unwrap();
        let names: Vec<String> =
            r.vf.sources
                .iter()
                .map(|s| flow::findings::as_written(&r.vf.sites[s.site as usize].callee))
                .collect::<BTreeSet<_>>()
                .into_iter()
                .collect();
        assert!(!names.is_empty(), "{fixture}: no source calls");
        for mask in 1..1u32 << names.len() {
            let mut query: Vec<String> = (0..names.len())
                .filter(|&i| mask >> i & 1 == 1)
                .map(|i| names[i].clone())
                .collect();
            query.push("not_called_anywhere".to_string());
            let picked = r.pick(&query);
            assert_eq!(
                picked.unmatched,
                ["not_called_anywhere"],
                "{fixture} {query:?}"
            );
            let got = r.findings(&picked.sources, Stop::never()).unwrap();
            let fresh = flow::taint(&p, &only_sources(&query), u64::MAX, Stop::never()).unwrap();
            assert_eq!(got, fresh.findings, "{fixture}: query {query:?}");
            checked += got.len();
        }
    }
    // Queries that find nothing would prove little.
    assert!(checked >= 20, "{checked} findings compared");
}

#[test]
fn the_whole_run_is_the_resident_query_of_every_source() {
    let models = Models::libc();
    let p = program("taint_demo.ll");
    let r = Resident::build(&p, &models, u64::MAX, Stop::never()).unwrap();
    let all = r.findings(&r.vf.sources, Stop::never()).unwrap();
    let run = flow::taint(&p, &models, u64::MAX, Stop::never()).unwrap();
    assert_eq!(all, run.findings);
    // The three FLOW lines, and cmd_safe's system: is_safe_name is no
    // sanitizer without --sanitizers-fn.
    let lines: Vec<u32> = run.findings.iter().map(|f| f.at.line).collect();
    assert_eq!(lines, [24, 32, 41, 51]);
    // Named as C writes them or as the IR does, a source is the same one.
    let picked = r.pick(&["recv".to_string()]);
    assert_eq!(picked.sources.len(), 1);
    assert!(r.pick(&[]).sources.is_empty());
}

/// The same on Lua 5.4.7 (`../shared/datasets`, not in a user's clone:
/// run by hand with `--ignored`), for each source function alone and pairs.
#[test]
#[ignore = "reads ../shared/datasets/programs/lua-5.4.7.ssa.ll.xz"]
fn lua_queries_equal_fresh_runs() {
    let xz = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/datasets/programs/lua-5.4.7.ssa.ll.xz");
    let dir = tempfile::tempdir().unwrap();
    let ll = dir.path().join("lua.ll");
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("xz -dc '{}' > '{}'", xz.display(), ll.display()))
        .status()
        .unwrap();
    assert!(out.success());
    let p = read_llvm(&ll).unwrap();
    let models = Models::libc();
    let r = Resident::build(&p, &models, u64::MAX, Stop::never()).unwrap();
    let names: Vec<String> = (r.vf.sources.iter())
        .map(|s| flow::findings::as_written(&r.vf.sites[s.site as usize].callee))
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let mut queries: Vec<Vec<String>> = names.iter().map(|n| vec![n.clone()]).collect();
    queries.extend(names.windows(2).map(<[String]>::to_vec));
    for query in queries {
        let got = r.findings(&r.pick(&query).sources, Stop::never()).unwrap();
        let fresh = flow::taint(&p, &only_sources(&query), u64::MAX, Stop::never()).unwrap();
        assert_eq!(got, fresh.findings, "query {query:?}");
        eprintln!("{query:?}: {} findings", got.len());
    }
}
