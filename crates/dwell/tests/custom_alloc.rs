//! A model of a function the program defines stands for its body at its
//! calls (data/c/custom_alloc.c): `pool_alloc` hands out parts of one static
//! array, so without a model both buffers are one object and the
//! environment string copied into one reaches the command built in the
//! other; with `pool_alloc` modelled as an allocator each call is its own
//! heap object and only the real flow is found.

use dwell::program::flow;
use dwell::program::models::Models;
use dwell::program::points_to;
use dwell::program::read_llvm;
use dwell::progress::Stop;
use std::path::PathBuf;

fn program() -> dwell::program::Program {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/c/custom_alloc.ll");
    read_llvm(&path).unwrap()
}

/// The source lines of `system` calls data-flow taint reports.
fn system_lines(models: &Models) -> Vec<u32> {
    let p = program();
    let run = flow::taint(&p, models, u64::MAX, Stop::never()).unwrap();
    let mut lines: Vec<u32> = run
        .findings
        .iter()
        .filter(|f| f.sink == "system")
        .map(|f| f.at.line)
        .collect();
    lines.sort_unstable();
    lines
}

/// What `main`'s pointer `name` may point to.
fn main_targets(p: &dwell::program::Program, pts: &points_to::PointsTo, name: &str) -> Vec<String> {
    pts.named_pointers(p)
        .into_iter()
        .find(|n| n.function.as_deref() == Some("main") && n.name == name)
        .map(|n| n.targets.iter().map(|t| t.to_string()).collect())
        .unwrap_or_default()
}

fn with_pool_model() -> Models {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("models.toml");
    std::fs::write(&file, "[functions.pool_alloc]\nallocates = true\n").unwrap();
    let mut m = Models::libc();
    m.merge(Models::from_file(&file).unwrap());
    m
}

#[test]
fn a_defined_allocator_modelled_gives_each_call_its_own_object() {
    // Lines 24 (`system(plain)`) and 25 (`system(secret)`) of custom_alloc.c.
    assert_eq!(system_lines(&Models::libc()), [24, 25]);
    assert_eq!(system_lines(&with_pool_model()), [25]);
}

#[test]
fn the_model_replaces_the_body_in_points_to_and_its_oracle() {
    let p = program();
    for models in [Models::libc(), with_pool_model()] {
        let pts = points_to::solve(&p, &models, u64::MAX, Stop::never()).unwrap();
        let reference = points_to::reference(&p, &models);
        assert_eq!(pts.named_pointers(&p), reference.named_pointers(&p));
    }
    let pts = points_to::solve(&p, &with_pool_model(), u64::MAX, Stop::never()).unwrap();
    let targets = |name: &str| main_targets(&p, &pts, name);
    let (secret, plain) = (targets("secret"), targets("plain"));
    assert_eq!(secret.len(), 1, "{secret:?}");
    assert_eq!(plain.len(), 1, "{plain:?}");
    assert_ne!(secret, plain);
    assert!(secret[0].starts_with("pool_alloc@main"), "{secret:?}");
}

#[test]
fn a_model_that_does_not_allocate_adds_to_the_body() {
    // `--sources-fn pool_alloc`: its results are attacker data, and its body
    // still runs, so both buffers are still the pool.
    let p = program();
    let mut models = Models::libc();
    models.merge(Models::from_names(&["pool_alloc".to_string()], &[], &[]));
    let pts = points_to::solve(&p, &models, u64::MAX, Stop::never()).unwrap();
    let targets = |name: &str| main_targets(&p, &pts, name);
    assert_eq!(targets("secret"), ["@pool"]);
    assert_eq!(targets("plain"), ["@pool"]);
    assert_eq!(system_lines(&models), [24, 25]);
}

#[test]
fn sinks_sharing_an_argument_list_each_source_once() {
    // `system`'s command checked twice under one rule (`*0` and `*0..` both
    // name what argument 0 points to): one finding for the argument, each
    // source listed once, in program order.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("models.toml");
    std::fs::write(
        &file,
        "[functions.system]\nsinks = [{ place = \"*0\", rule = \"command-injection\" }, \
         { place = \"*0..\", rule = \"command-injection\" }]\n",
    )
    .unwrap();
    let mut models = Models::libc();
    models.merge(Models::from_file(&file).unwrap());
    models.merge(Models::from_names(&["pool_alloc".to_string()], &[], &[]));
    let p = program();
    let run = flow::taint(&p, &models, u64::MAX, Stop::never()).unwrap();
    let secret: Vec<_> = run
        .findings
        .iter()
        .filter(|f| f.sink == "system" && f.at.line == 25)
        .collect();
    assert_eq!(secret.len(), 1, "{secret:?}");
    let sources: Vec<(String, u32)> = secret[0]
        .sources
        .iter()
        .map(|s| (s.callee.clone(), s.at.line))
        .collect();
    let expected: Vec<(String, u32)> = [("pool_alloc", 20), ("pool_alloc", 21), ("getenv", 22)]
        .iter()
        .map(|&(c, l)| (c.to_string(), l))
        .collect();
    assert_eq!(sources, expected);
}
