//! Debug info in the LLVM importer, on a real C program compiled by clang with
//! and without `-g` (crates/dwell/tests/data/c, scripts/taint-fixture.sh):
//! the places stored per node and function, and that `-g` changes nothing else.

use dwell::program::{bundle, icfg, Program};
use std::path::{Path, PathBuf};

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/c")
        .join(name)
}

fn read(name: &str) -> (Program, icfg::Icfg) {
    let p = dwell::program::read_llvm(&data(name)).unwrap();
    let g = icfg::build(&p).unwrap();
    (p, g)
}

fn callee<'a>(p: &'a Program, n: &icfg::Node) -> Option<&'a str> {
    match n.call {
        Some(icfg::NodeCall::Direct(f)) => Some(p.functions[f as usize].name.as_str()),
        _ => None,
    }
}

#[test]
fn debug_info_changes_nothing_but_places() {
    let (pg, gg) = read("taint_demo.ll");
    let (p0, g0) = read("taint_demo.g0.ll");
    // Only `declare … @llvm.dbg.declare` is new (an intrinsic, never called
    // as far as the analyses see).
    let (mut cg, c0) = (pg.counts(), p0.counts());
    assert_eq!(cg.intrinsics, c0.intrinsics + 1);
    cg.intrinsics -= 1;
    assert_eq!(cg, c0);
    assert_eq!(gg.edges, g0.edges);
    assert_eq!((gg.defs.clone(), gg.uses.clone()), (g0.defs, g0.uses));
    assert!(g0.nodes.iter().all(|n| n.loc.is_none()));
    assert!(p0.files.is_empty());
    // With -g every call has a place, and every defined function one.
    for n in &gg.nodes {
        if n.call.is_some() {
            assert!(n.loc.is_some(), "{n:?}");
        }
    }
    for f in pg.functions.iter().filter(|f| f.defined) {
        let loc = f.loc.expect("defined function has a DISubprogram");
        assert_eq!(pg.files[loc.file as usize].path(), "taint_demo.c");
        assert_eq!(f.source_name.as_deref(), Some(f.name.as_str()));
    }
}

/// Each call of `system`, `getenv`, `read`, `recv` and memcpy (the intrinsic
/// clang emits) is placed on the C line that calls it, at the callee's column.
#[test]
fn call_places_are_the_c_source_calls() {
    let (p, g) = read("taint_demo.ll");
    let src = std::fs::read_to_string(data("taint_demo.c")).unwrap();
    let lines: Vec<&str> = src.lines().collect();
    let mut seen = 0;
    for n in &g.nodes {
        let Some(name) = callee(&p, n) else { continue };
        let want = if name.starts_with("llvm.memcpy.") {
            "memcpy"
        } else if ["system", "getenv", "read", "recv"].contains(&name) {
            name
        } else {
            continue;
        };
        let loc = n.loc.unwrap();
        assert_eq!(p.files[loc.file as usize].filename, "taint_demo.c");
        let text = lines[loc.line as usize - 1];
        let col = text
            .find(&format!("{want}("))
            .unwrap_or_else(|| panic!("line {} {text:?} does not call {want}", loc.line));
        assert_eq!(loc.column as usize, col + 1, "{text}");
        seen += 1;
    }
    assert_eq!(seen, 9); // 3 system, 2 getenv, read, recv, 2 memcpy
}

#[test]
fn bundle_keeps_places_and_falls_back_to_ir_lines() {
    let dir = tempfile::tempdir().unwrap();
    for (name, debug) in [("taint_demo.ll", true), ("taint_demo.g0.ll", false)] {
        let out = dir.path().join(name);
        dwell::program::import_llvm(&data(name), &out, &dwell::progress::Quiet).unwrap();
        let b = bundle::read(&out).unwrap();
        let ir = std::fs::read_to_string(data(name)).unwrap();
        let ir: Vec<&str> = ir.lines().collect();
        let sys = b.function_id("system").unwrap();
        for n in 0..b.nodes.len() as u32 {
            if b.nodes[n as usize].call.as_deref() != Some("system") {
                continue;
            }
            let pl = b.node_place(n).unwrap();
            assert_eq!(pl.debug, debug);
            if debug {
                assert_eq!(pl.file, "taint_demo.c");
            } else {
                assert_eq!(pl.file, name);
                assert!(ir[pl.line as usize - 1].contains("@system("), "{pl:?}");
            }
        }
        let main = b.function_place(b.function_id("main").unwrap()).unwrap();
        assert_eq!(
            (main.debug, main.file.as_str()),
            (debug, if debug { "taint_demo.c" } else { name })
        );
        // A declaration has no DISubprogram: its IR line.
        assert!(!b.function_place(sys).unwrap().debug);
    }
}

#[test]
fn version_1_bundles_are_read_and_unknown_versions_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("b");
    dwell::program::import_llvm(&data("taint_demo.ll"), &out, &dwell::progress::Quiet).unwrap();
    let meta = out.join("bundle.json");
    let text = std::fs::read_to_string(&meta).unwrap();
    // Version 1: no files.tsv, no place columns.
    let strip = |file: &str, keep: usize| {
        let p = out.join(file);
        let t = std::fs::read_to_string(&p).unwrap();
        let t: Vec<String> = t
            .lines()
            .map(|l| l.split('\t').take(keep).collect::<Vec<_>>().join("\t"))
            .collect();
        std::fs::write(&p, t.join("\n") + "\n").unwrap();
    };
    strip("nodes.tsv", 5);
    strip("functions.tsv", 9);
    std::fs::remove_file(out.join("files.tsv")).unwrap();
    std::fs::write(&meta, text.replace("\"version\": 3", "\"version\": 1")).unwrap();
    let b = bundle::read(&out).unwrap();
    assert!(b.node_place(0).is_none() && b.files.is_empty());
    std::fs::write(&meta, text.replace("\"version\": 3", "\"version\": 4")).unwrap();
    let e = bundle::read(&out).unwrap_err().to_string();
    assert!(e.contains("version 4") && e.contains("Fix:"), "{e}");
}
