//! Linking modules (tests/data/c/multi-file: four C files, clang 14 at -O0
//! and -O2): dwell's link of the four modules counts as LLVM's own
//! `llvm-link` of them does, keeps both `static check` functions, and
//! data-flow taint finds the same flows across files in both.

use dwell::program::flow;
use dwell::program::link::link;
use dwell::program::models::Models;
use dwell::program::{read_llvm, Program};
use dwell::progress::Stop;
use std::path::PathBuf;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/c/multi-file")
        .join(name)
}

const UNITS: [&str; 4] = ["input", "relay", "sink", "main"];

fn linked_by_dwell(level: &str) -> Program {
    let modules = UNITS
        .iter()
        .map(|u| {
            let name = format!("{u}.{level}.ll");
            let p = read_llvm(&data(&name)).unwrap();
            (name, p)
        })
        .collect();
    link(modules).unwrap()
}

/// `(rule, sink, argument, C line)` of every finding, sorted.
fn flows(p: &Program) -> Vec<(String, String, usize, u32)> {
    let run = flow::taint(p, &Models::libc(), u64::MAX, Stop::never()).unwrap();
    let mut out: Vec<_> = run
        .findings
        .iter()
        .map(|f| (f.rule.clone(), f.sink.clone(), f.arg, f.at.line))
        .collect();
    out.sort();
    out
}

#[test]
fn dwell_links_as_llvm_link_does() {
    for level in ["O0", "O2"] {
        let ours = linked_by_dwell(level);
        let theirs = read_llvm(&data(&format!("linked.{level}.ll"))).unwrap();
        let (a, b) = (ours.counts(), theirs.counts());
        assert_eq!(
            (a.functions, a.declared, a.intrinsics, a.blocks, a.cfg_edges),
            (b.functions, b.declared, b.intrinsics, b.blocks, b.cfg_edges),
            "{level}"
        );
        assert_eq!(a.call_edges, b.call_edges, "{level}");
        assert_eq!(a.direct_call_sites, b.direct_call_sites, "{level}");
        assert_eq!(a.indirect_call_sites, b.indirect_call_sites, "{level}");
        assert_eq!(a.address_taken, b.address_taken, "{level}");
        assert_eq!(a.variables, b.variables, "{level}");
        assert_eq!(ours.globals.len(), theirs.globals.len(), "{level}");
        assert_eq!(ours.files.len(), theirs.files.len(), "{level}");
        // Both files' `static int check(…)`, apart.
        let checks: Vec<_> = ours
            .functions
            .iter()
            .filter(|f| f.name.starts_with("check") && f.defined)
            .collect();
        if level == "O0" {
            assert_eq!(checks.len(), 2, "{level}");
            assert_ne!(checks[0].name, checks[1].name);
        }
        // One `verbose`, defined in input.c, read in relay.c and main.c.
        assert_eq!(ours.vars.iter().filter(|v| *v == "@verbose").count(), 1);
        let found = flows(&ours);
        assert!(found.len() >= 2, "{level}: {found:?}");
        assert_eq!(found, flows(&theirs), "{level}");
    }
}

#[test]
fn data_flows_across_files() {
    let found = flows(&linked_by_dwell("O0"));
    // getenv (input.c) -> relay (relay.c) -> run_command's system (sink.c).
    assert!(
        found.iter().any(|f| f.1 == "system" && f.3 == 11),
        "{found:?}"
    );
    // fgets (input.c) -> relay_copy -> copy_name's strcpy (sink.c).
    assert!(
        found.iter().any(|f| f.1 == "strcpy" && f.3 == 15),
        "{found:?}"
    );
}

#[test]
fn two_strong_definitions_are_an_error_with_a_fix() {
    let m = read_llvm(&data("sink.O0.ll")).unwrap();
    let e = link(vec![("a.ll".into(), m.clone()), ("b.ll".into(), m)]).unwrap_err();
    let text = e.to_string();
    assert!(
        text.contains("defined in both a.ll and b.ll") && text.contains("Fix:"),
        "{text}"
    );
}

#[test]
fn a_strong_global_keeps_its_initializer_whatever_the_order() {
    let strong = "@tbl = global void ()* @a\ndefine void @a() {\n  ret void\n}\n";
    let weak = "@tbl = weak global void ()* @b\ndefine void @b() {\n  ret void\n}\n";
    let parse = |name: &str, ir: &str| {
        (
            name.to_string(),
            dwell::program::llvm::parse(ir, name).unwrap(),
        )
    };
    for order in [["s.ll", "w.ll"], ["w.ll", "s.ll"]] {
        let modules = order
            .iter()
            .map(|&n| parse(n, if n == "s.ll" { strong } else { weak }))
            .collect();
        let p = link(modules).unwrap();
        let tbl = p.vars.iter().position(|v| v == "@tbl").unwrap() as u32;
        let a = p.function_id("a").unwrap();
        let at = dwell::program::ir::Value::Var(tbl);
        let inits: Vec<_> = p.global_inits.iter().filter(|(g, _)| *g == at).collect();
        assert_eq!(inits.len(), 1, "{order:?}");
        assert_eq!(
            inits[0].1,
            vec![dwell::program::ir::Value::Func(a)],
            "{order:?}: the weak @tbl's initializer won"
        );
        let g = p.globals.iter().find(|g| g.var == tbl).unwrap();
        assert_eq!(
            g.linkage,
            dwell::program::ir::Linkage::External,
            "{order:?}"
        );
    }
}

#[test]
fn a_global_defined_twice_is_an_error_with_a_fix() {
    let ir = "@count = global i32 0\n";
    let m = |n: &str| (n.to_string(), dwell::program::llvm::parse(ir, n).unwrap());
    let text = link(vec![m("a.ll"), m("b.ll")]).unwrap_err().to_string();
    assert!(
        text.contains("global @count is defined in both a.ll and b.ll") && text.contains("Fix:"),
        "{text}"
    );
}
