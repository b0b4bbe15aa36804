//! LLVM IR import: counts on real programs (as LLVM's own `opt -passes=dot-cfg`
//! and `print-callgraph` report them), robustness on hand-written snippets,
//! malformed input, and the analyses over the imported supergraph.

use dwell::program::{icfg, ir, llvm, Program};
use std::path::{Path, PathBuf};

fn shared(name: &str) -> Option<PathBuf> {
    let p = Path::new("/work/shared/datasets/programs").join(name);
    if p.exists() {
        Some(p)
    } else {
        eprintln!("skipping: {} not present", p.display());
        None
    }
}

fn bundled(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/programs")
        .join(name)
}

struct Expect {
    functions: usize,
    declared: usize,
    blocks: usize,
    cfg_edges: usize,
    call_edges: usize,
    direct_sites: usize,
}

fn check(path: &Path, e: &Expect) -> Program {
    let p = dwell::program::read_llvm(path).unwrap();
    let c = p.counts();
    eprintln!("{}: {c:?}", path.display());
    assert_eq!(c.functions, e.functions, "defined functions");
    assert_eq!(c.declared, e.declared, "declared functions");
    assert_eq!(c.blocks, e.blocks, "blocks");
    assert_eq!(c.cfg_edges, e.cfg_edges, "CFG edges");
    assert_eq!(c.call_edges, e.call_edges, "direct call pairs");
    assert_eq!(c.direct_call_sites, e.direct_sites, "direct call sites");
    assert!(
        p.warnings.is_empty(),
        "{:?}",
        &p.warnings[..p.warnings.len().min(5)]
    );
    p
}

const LUA: Expect = Expect {
    functions: 1051,
    declared: 81,
    blocks: 8076,
    cfg_edges: 10371,
    call_edges: 3204,
    direct_sites: 4072,
};

const SQLITE: Expect = Expect {
    functions: 3083,
    declared: 60,
    blocks: 45373,
    cfg_edges: 62117,
    call_edges: 10243,
    direct_sites: 14601,
};

#[test]
fn lua_counts_match_llvm() {
    for f in ["lua-5.4.7.O0.ll.xz", "lua-5.4.7.ssa.ll.xz"] {
        check(&bundled(f), &LUA);
    }
}

#[test]
fn sqlite_counts_match_llvm() {
    for f in ["sqlite-3.46.0.O0.ll.xz", "sqlite-3.46.0.ssa.ll.xz"] {
        let Some(path) = shared(f) else { continue };
        let p = check(&path, &SQLITE);
        let c = p.counts();
        // mem2reg forwards one stored `bitcast (@dlsym)` into its call: the
        // .O0 file calls it through a loaded pointer (338 indirect sites),
        // the .ssa file through the constant (337 indirect + 1 cast), as
        // `opt-14 -passes=print-callgraph` shows (338 external sites in both).
        let ssa = f.contains(".ssa.");
        assert_eq!(c.indirect_call_sites, if ssa { 337 } else { 338 });
        assert_eq!(c.cast_call_sites, usize::from(ssa));
        assert_eq!(c.address_taken, 728);
        assert_eq!(c.largest_function, "sqlite3VdbeExec");
        assert_eq!(c.largest_function_blocks, 1652);
        let g = icfg::build(&p).unwrap();
        eprintln!("icfg: {} nodes, {} edges", g.nodes.len(), g.edges.len());
    }
}

fn snippet(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/llvm")
        .join(name)
}

fn parse_file(name: &str) -> Program {
    let p = dwell::program::read_llvm(&snippet(name)).unwrap();
    assert!(p.warnings.is_empty(), "{:?}", p.warnings);
    p
}

fn block<'a>(p: &'a Program, f: &str, b: &str) -> &'a ir::Block {
    let f = &p.functions[p.function_id(f).unwrap() as usize];
    f.blocks.iter().find(|x| x.name == b).unwrap()
}

#[test]
fn robustness_constructs() {
    // Numbers checked with `opt-14 -passes=print-callgraph` on the same file.
    let p = parse_file("robust.ll");
    let c = p.counts();
    assert_eq!((c.functions, c.declared, c.intrinsics), (2, 1, 1));
    // `quoted fn`: unnamed entry %1 (after the unnamed parameter %0), the
    // multi-line switch: default + 3 cases (two to %3) = 4 arcs; %3, %4 → %5.
    // @h: invoke → cont, lpad. 4 + 2 + 2 = 8.
    assert_eq!(c.blocks, 7);
    assert_eq!(c.cfg_edges, 8);
    assert_eq!(block(&p, "quoted fn", "1").succs.len(), 4);
    // h calls `quoted fn` directly; memcpy is an intrinsic; %fp is indirect.
    assert_eq!((c.call_edges, c.direct_call_sites), (1, 1));
    assert_eq!((c.intrinsic_call_sites, c.indirect_call_sites), (1, 1));
    // Address taken: `quoted fn` (in @table) and h (alias, llvm.used).
    assert_eq!(c.address_taken, 2);
    // Phi operands are used at the end of the predecessor.
    let xy = p.vars.iter().position(|v| v == "quoted fn:%2").unwrap() as u32;
    assert!(block(&p, "quoted fn", "4").end_uses.contains(&xy));
    // store to @g defines it; the memcpy mentions use it.
    let g = p.vars.iter().position(|v| v == "@g").unwrap() as u32;
    let cont = block(&p, "h", "cont");
    assert!(cont.insts[2].defs.contains(&g));
    assert!(cont.insts[1].uses.contains(&g));
    // Indirect call resolution: one int-returning, one-parameter function
    // is address-taken and defined → both are candidates.
    assert_eq!(p.indirect_targets(1, "i32").len(), 2);
    let g = icfg::build(&p).unwrap();
    // h: entry [invoke], cont [call quoted][call memcpy][ret], lpad → 5 nodes;
    // quoted fn: 4 blocks, no calls.
    assert_eq!(g.nodes.len(), 9);
}

#[test]
fn opaque_pointers() {
    let p = parse_file("opaque.ll");
    let c = p.counts();
    // br → exit, %"odd name"; indirectbr → exit (blockaddress is no successor).
    assert_eq!((c.functions, c.blocks, c.cfg_edges), (1, 3, 3));
    assert_eq!((c.direct_call_sites, c.indirect_call_sites), (1, 1));
    assert_eq!(c.address_taken, 1);
    assert_eq!(p.indirect_targets(1, "ptr"), Vec::<u32>::new()); // @op takes 2
    assert_eq!(p.indirect_targets(2, "ptr"), vec![0]);
    let b = block(&p, "op", "odd name");
    assert_eq!(b.succs.len(), 1);
}

/// Malformed input: an error naming the line with a `Fix:` hint, never a panic.
#[test]
fn malformed_input_errors_with_line_and_fix() {
    let cases: &[(&str, u64)] = &[
        ("define void @f() {\nentry:\n  br label %nowhere\n}\n", 3),
        ("define void @f() {\nentry:\n  ret void\n", 1),
        ("define void @f() {\nentry:\n  ret void\n  ret void\n}\n", 4),
        ("define void @f() {\nentry:\n  %x = add i32 1, 2\n}\n", 3),
        (
            "define void @f() {\nentry:\n  call void @missing()\n  ret void\n}\n",
            3,
        ),
        (
            "define void @f() {\nentry:\n  %x = add i32 1, 2\n  %x = add i32 1, 2\n  ret void\n}\n",
            4,
        ),
        ("define void @f( {\n", 1),
        ("@s = global [2 x i8] c\"ab\n", 1),
        (
            "define void @f() {\n  ret void\n}\ndefine void @f() {\n  ret void\n}\n",
            4,
        ),
    ];
    for (text, line) in cases {
        let e = llvm::parse(text, "bad.ll").unwrap_err();
        assert_eq!(e.line, *line, "{text:?}: {e}");
        let msg = e.to_string();
        assert!(msg.starts_with(&format!("bad.ll:{line}:")), "{msg}");
        assert!(msg.contains("Fix:"), "{msg}");
    }
    // Unknown opcode: reported with its line, read as a non-terminator.
    let p = llvm::parse(
        "define void @f() {\nentry:\n  frobnicate i32 1\n  ret void\n}\n",
        "u.ll",
    )
    .unwrap();
    assert_eq!(p.warnings.len(), 1);
    assert!(p.warnings[0].starts_with("u.ll:3:"), "{:?}", p.warnings);
    let p = llvm::parse("weird top level\n", "u.ll").unwrap();
    assert!(p.warnings[0].starts_with("u.ll:1:"));
}

#[test]
fn garbage_never_panics() {
    let base = std::fs::read_to_string(snippet("robust.ll")).unwrap();
    let bytes = base.as_bytes();
    // Every truncation and a sweep of single-byte corruptions.
    for cut in (0..bytes.len()).step_by(7) {
        let _ = llvm::parse(&String::from_utf8_lossy(&bytes[..cut]), "t.ll");
    }
    for at in (0..bytes.len()).step_by(5) {
        for b in [
            b'(', b')', b'[', b']', b'%', b'@', b'"', b'\n', b':', b'{', b'}',
        ] {
            let mut v = bytes.to_vec();
            v[at] = b;
            if let Ok(p) = llvm::parse(&String::from_utf8_lossy(&v), "t.ll") {
                let _ = icfg::build(&p);
            }
        }
    }
}

/// Found by the `llvm` fuzz target: a carriage return before `define` made the
/// two parser passes disagree about where functions start.
#[test]
fn blank_before_define_is_a_function_in_both_passes() {
    let ir = "@g = global ptr null\n\r define ptr @op(ptr %p) {\nentry:\n  ret ptr %p\n}\n";
    let p = llvm::parse(ir, "cr.ll").unwrap();
    assert_eq!(p.counts().functions, 1);
    let crash = std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../fuzz/seeds/llvm/regression-cr-before-define"),
    )
    .unwrap();
    let _ = llvm::parse(&String::from_utf8_lossy(&crash), "crash.ll");
}
