//! Analyses over imported programs: liveness and reaching definitions on
//! Lua (cpu = cpu-reference, equations verified at every node, SSA
//! properties), and taint with witness paths on hand-written programs, in
//! both modes; context-sensitive finding counts on Lua (and SQLite when the
//! shared datasets are present).

use dwell::analysis::{self, Kernels, Output, Query};
use dwell::backend::{Backend, Cpu, CpuReference};
use dwell::program::ir::VarKind;
use dwell::program::problems::{build, solve_each, Problem, Scope};
use dwell::program::{bundle, call_taint, Bundle};
use dwell::progress::Quiet;
use std::path::{Path, PathBuf};

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

fn import(rel: &str) -> (tempfile::TempDir, Bundle) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("bundle");
    let (meta, warnings) =
        dwell::program::import_llvm(&data(rel), &out, &dwell::progress::Quiet).unwrap();
    assert!(warnings.is_empty());
    let b = bundle::read(&out).unwrap();
    assert_eq!(b.meta, meta);
    assert_eq!(b.graph.nodes(), meta.counts.icfg_nodes);
    (dir, b)
}

const FLOW: u32 = 1;

#[test]
fn bundle_round_trip_and_replace() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("b");
    let src = data("tests/data/llvm/robust.ll");
    let (m1, _) = dwell::program::import_llvm(&src, &out, &dwell::progress::Quiet).unwrap();
    // Re-import over an existing bundle replaces it; a non-bundle is refused.
    let (m2, _) = dwell::program::import_llvm(&src, &out, &dwell::progress::Quiet).unwrap();
    assert_eq!(m1, m2);
    let other = dir.path().join("not-a-bundle");
    std::fs::create_dir(&other).unwrap();
    let e = dwell::program::import_llvm(&src, &other, &dwell::progress::Quiet).unwrap_err();
    assert!(e.to_string().contains("Fix:"), "{e}");
    let b = bundle::read(&out).unwrap();
    assert_eq!(b.meta.counts.icfg_nodes, 9);
    assert_eq!(b.nodes.len(), 9);
    // No temporary directories left behind.
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(left.len(), 2, "{left:?}");
}

fn check_all(b: &Bundle, analysis: Problem) {
    for (f, info) in b.functions.iter().enumerate() {
        if !info.defined {
            continue;
        }
        let s = build(b, analysis, Scope::Function(f as u32), FLOW).unwrap();
        let fast = s.solve(&Cpu, u64::MAX, &Quiet).unwrap();
        let oracle = s.solve(&CpuReference, u64::MAX, &Quiet).unwrap();
        assert_eq!(fast.input, oracle.input, "{} {analysis:?}", info.name);
        assert_eq!(fast.output, oracle.output, "{} {analysis:?}", info.name);
        analysis::dataflow::verify(&s.graph, &s.problem, &fast).unwrap();
    }
}

#[test]
fn lua_dataflow_cpu_equals_reference_and_verifies() {
    for file in ["lua-5.4.7.O0.ll.xz", "lua-5.4.7.ssa.ll.xz"] {
        let (_d, b) = import(&format!("../../data/programs/{file}"));
        check_all(&b, Problem::Liveness);
        check_all(&b, Problem::ReachingDefs);
        let sums = solve_each(
            &b,
            Problem::Liveness,
            FLOW,
            &Cpu,
            u64::MAX,
            true,
            &dwell::progress::Quiet,
        )
        .unwrap();
        assert_eq!(sums.len(), 1051);
    }
}

/// In SSA form every definition dominates its uses, so (1) nothing local
/// is live into a function's entry, and (2) the one definition of every
/// upward-exposed SSA use reaches the using node.
#[test]
fn lua_ssa_properties() {
    let (_d, b) = import("../../data/programs/lua-5.4.7.ssa.ll.xz");
    let mut checked = 0;
    for (f, info) in b.functions.iter().enumerate() {
        if !info.defined {
            continue;
        }
        let live = build(&b, Problem::Liveness, Scope::Function(f as u32), FLOW).unwrap();
        let sol = live.solve(&Cpu, u64::MAX, &Quiet).unwrap();
        for fact in sol.output.iter(0) {
            let v = live.facts[fact as usize].var as usize;
            assert!(
                b.var_kinds[v] != VarKind::Ssa,
                "{} live into {}",
                b.vars[v],
                info.name
            );
        }
        let rd = build(&b, Problem::ReachingDefs, Scope::Function(f as u32), FLOW).unwrap();
        let sol = rd.solve(&Cpu, u64::MAX, &Quiet).unwrap();
        for (l, &n) in rd.nodes.iter().enumerate() {
            for &v in &b.uses[n as usize] {
                if b.var_kinds[v as usize] != VarKind::Ssa {
                    continue;
                }
                let reaches = sol
                    .input
                    .iter(l as u32)
                    .any(|fct| rd.facts[fct as usize].var == v);
                assert!(
                    reaches,
                    "{} not reaching {}",
                    b.vars[v as usize],
                    b.node_name(n)
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}

#[test]
fn whole_program_problem_on_small_program() {
    let (_d, b) = import("tests/data/llvm/taint.ll");
    let s = build(&b, Problem::ReachingDefs, Scope::Whole, u32::MAX).unwrap();
    let fast = s.solve(&Cpu, u64::MAX, &Quiet).unwrap();
    let oracle = s.solve(&CpuReference, u64::MAX, &Quiet).unwrap();
    assert_eq!((&fast.input, &fast.output), (&oracle.input, &oracle.output));
    // 3 functions' globals and slots, flow + call + return arcs.
    assert!(s.facts.len() > 10);
    analysis::dataflow::verify(&s.graph, &s.problem, &fast).unwrap();
}

fn spec(sources: &[&str], sinks: &[&str], sanitizers: &[&str]) -> call_taint::TaintSpec {
    let names = |x: &[&str]| x.iter().map(|s| s.to_string()).collect();
    call_taint::TaintSpec {
        sources_fn: names(sources),
        sinks_fn: names(sinks),
        sanitizers_fn: names(sanitizers),
        mask: u32::MAX,
    }
}

/// Context-sensitive taint (fast kernel, witnesses verified realizable
/// inside; the oracle agrees on every source's findings and tainted count).
fn run_cs(b: &Bundle, spec: &call_taint::TaintSpec) -> Vec<call_taint::ProgramFinding> {
    let q = call_taint::query(b, spec).unwrap();
    let fast = call_taint::context_sensitive(b, &q, Kernels::Fast, &Quiet).unwrap();
    let oracle = call_taint::context_sensitive(b, &q, Kernels::Reference, &Quiet).unwrap();
    let key = |r: &[dwell::analysis::TaintResult]| {
        r.iter()
            .map(|x| {
                (
                    x.tainted,
                    x.findings.iter().map(|f| f.sink).collect::<Vec<_>>(),
                )
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(key(&fast), key(&oracle));
    call_taint::findings(b, spec, &fast)
}

fn run_taint(b: &Bundle, sanitizers: &[&str]) -> Vec<call_taint::ProgramFinding> {
    let spec = spec(&["getenv"], &["system", "memcpy"], sanitizers);
    let q = call_taint::query(b, &spec).unwrap();
    let backend: &dyn Backend = &Cpu;
    let Output::Taint(r) =
        dwell::session::run_once(backend, &b.graph, &Query::Taint(q.clone())).unwrap()
    else {
        unreachable!()
    };
    let Output::Taint(r2) =
        dwell::session::run_once(&CpuReference, &b.graph, &Query::Taint(q)).unwrap()
    else {
        unreachable!()
    };
    // Same findings (witnesses may differ among shortest paths).
    let sinks = |r: &[dwell::analysis::TaintResult]| {
        r.iter()
            .map(|x| x.findings.iter().map(|f| f.sink).collect::<Vec<_>>())
            .collect::<Vec<_>>()
    };
    assert_eq!(sinks(&r), sinks(&r2));
    // Every witness is a real path: consecutive nodes joined by an arc.
    for res in &r {
        for f in &res.findings {
            let p = f.path.as_ref().unwrap();
            assert_eq!((p[0], *p.last().unwrap()), (res.source, f.sink));
            for w in p.windows(2) {
                assert!(b.graph.forward().neighbors(w[0]).contains(&w[1]));
            }
        }
    }
    call_taint::findings(b, &spec, &r)
}

#[test]
fn taint_getenv_to_system() {
    let (_d, b) = import("tests/data/llvm/taint.ll");
    let found = run_taint(&b, &["sanitize"]);
    let pairs: Vec<(String, String)> = found
        .iter()
        .map(|f| (f.source.clone(), f.sink.clone()))
        .collect();
    // getenv("A") in direct reaches system in run (through the call arc)
    // and system in direct; getenv("B") in cleaned is cut by sanitize.
    assert_eq!(
        pairs,
        vec![
            ("direct:%entry".to_string(), "run:%entry".to_string()),
            ("direct:%entry".to_string(), "direct:%entry#2".to_string()),
        ]
    );
    let via_run = &found[0];
    assert_eq!(via_run.source_call, "getenv");
    assert_eq!(via_run.sink_call, "system");
    assert_eq!(
        via_run.path,
        vec!["direct:%entry", "direct:%entry#1", "run:%entry"]
    );
    // Without the sanitizer, cleaned's system is found too.
    let found = run_taint(&b, &[]);
    assert!(found
        .iter()
        .any(|f| f.source == "cleaned:%entry" && f.sink == "cleaned:%entry#2"));
}

#[test]
fn taint_context_sensitive_on_hand_written_programs() {
    // The planted paths are realizable: the same findings, same paths.
    let (_d, b) = import("tests/data/llvm/taint.ll");
    let s = spec(&["getenv"], &["system", "memcpy"], &["sanitize"]);
    assert_eq!(run_cs(&b, &s), run_taint(&b, &["sanitize"]));
    let s = spec(&["getenv"], &["system", "memcpy"], &[]);
    assert!(run_cs(&b, &s)
        .iter()
        .any(|f| f.source == "cleaned:%entry" && f.sink == "cleaned:%entry#2"));
    // Only an impossible path (into h from a, out of h into b) joins
    // getenv in a to system in b.
    let (_d, b) = import("tests/data/llvm/taint_context.ll");
    let insensitive = run_taint(&b, &[]);
    assert_eq!(insensitive.len(), 1);
    assert_eq!(
        insensitive[0].path,
        vec!["a:%entry", "a:%entry#1", "h:%entry", "b:%entry#1"]
    );
    assert_eq!(run_cs(&b, &s), vec![]);
}

/// Finding counts (source site, sink site pairs) in both modes.
fn counts(b: &Bundle, s: &call_taint::TaintSpec) -> (usize, usize) {
    let q = call_taint::query(b, s).unwrap();
    let Output::Taint(r) =
        dwell::session::run_once(&Cpu, &b.graph, &Query::Taint(q.clone())).unwrap()
    else {
        unreachable!()
    };
    let insensitive: std::collections::HashSet<_> = r
        .iter()
        .flat_map(|x| x.findings.iter().map(move |f| (x.source, f.sink)))
        .collect();
    let t = std::time::Instant::now();
    let sensitive = call_taint::context_sensitive(b, &q, Kernels::Fast, &Quiet).unwrap();
    eprintln!(
        "{}: context-sensitive taint {:.1} ms",
        b.meta.source,
        t.elapsed().as_secs_f64() * 1e3
    );
    let mut n = 0;
    for x in &sensitive {
        for f in &x.findings {
            assert!(insensitive.contains(&(x.source, f.sink)));
            n += 1;
        }
    }
    (insensitive.len(), n)
}

#[test]
fn taint_counts_on_lua_and_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let lua = dir.path().join("lua");
    dwell::program::import_llvm(
        &data("../../data/programs/lua-5.4.7.ssa.ll.xz"),
        &lua,
        &dwell::progress::Quiet,
    )
    .unwrap();
    let b = bundle::read(&lua).unwrap();
    let s = spec(&["getenv"], &["system", "memcpy"], &[]);
    // Few findings need an impossible path: the sources' functions are
    // (through luaopen_package, address-taken, and every type-compatible
    // indirect call site) called from the interpreter core, so returns with
    // no open call already lead to most of the program, and calls from
    // there to the rest.
    assert_eq!(counts(&b, &s), (381, 369));
    // The oracle agrees on Lua.
    run_cs(&b, &s);
    let sqlite = Path::new("/work/shared/datasets/programs/sqlite-3.46.0.ssa.ll.xz");
    if !sqlite.exists() {
        eprintln!("skipping SQLite: {} not present", sqlite.display());
        return;
    }
    let out = dir.path().join("sqlite");
    dwell::program::import_llvm(sqlite, &out, &dwell::progress::Quiet).unwrap();
    let b = bundle::read(&out).unwrap();
    let s = spec(
        &["getenv", "read", "recv"],
        &["system", "memcpy", "strcpy"],
        &[],
    );
    assert_eq!(counts(&b, &s), (756, 756));
}

/// A program analysis asked to stop (a server request past its deadline)
/// ends with `Cancelled` on every path — per-function dataflow, a
/// whole-program taint session, context-sensitive taint — and answers in
/// full when not asked.
#[test]
fn program_analyses_stop_when_cancelled() {
    use dwell::progress::{Cancel, Watched};
    use dwell::session::SessionError;
    let (_d, b) = import("../../data/programs/lua-5.4.7.O0.ll.xz");
    let cancel = Cancel::new();
    cancel.cancel();
    let stopped = Watched {
        inner: &Quiet,
        cancel: Some(&cancel),
    };
    let is_cancelled = |e: dwell::program::ProgramError| {
        assert!(
            matches!(
                e,
                dwell::program::ProgramError::Session(SessionError::Cancelled { .. })
            ),
            "{e}"
        );
    };
    let each = |p: &dyn dwell::progress::Progress| {
        solve_each(&b, Problem::Liveness, FLOW, &Cpu, u64::MAX, false, p)
    };
    is_cancelled(each(&stopped).unwrap_err());
    assert_eq!(each(&Quiet).unwrap().len(), 1051);
    let spec = spec(&["getenv"], &["system", "memcpy"], &[]);
    let q = call_taint::query(&b, &spec).unwrap();
    is_cancelled(call_taint::context_sensitive(&b, &q, Kernels::Fast, &stopped).unwrap_err());
    assert!(call_taint::context_sensitive(&b, &q, Kernels::Fast, &Quiet).is_ok());
    let taint = Query::Taint(q);
    let once = |p| dwell::session::run_once_within(&Cpu, &b.graph, &taint, u64::MAX, p);
    assert!(matches!(
        once(&stopped).unwrap_err(),
        SessionError::Cancelled { .. }
    ));
    assert!(once(&Quiet).is_ok());
}
