//! Points-to on the real programs of the shared datasets (SQLite 3.46.0,
//! Lua 5.4.7): it binds indirect calls only to functions whose address is
//! taken, and prints its figures. Ignored by default: Lua's SSA module
//! takes ~2 s, SQLite's ~75 s and 5 GB (docs/BENCHMARKS.md). Run with
//! `DWELL_PTS_MODULES=lua-5.4.7.ssa.ll.xz cargo test --release -p dwell
//! --test points_to_real -- --ignored --nocapture` (`DWELL_PTS_TRACE=1`
//! prints the solver's progress). Skipped when ../shared is absent.

use dwell::program::models::Models;
use dwell::program::points_to;
use dwell::program::read_llvm;
use dwell::progress::Stop;
use std::path::PathBuf;
use std::time::Instant;

fn dataset(name: &str) -> Option<PathBuf> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/datasets/programs")
        .join(name);
    if p.exists() {
        Some(p)
    } else {
        eprintln!("note: {name} not found beside the repo; skipped");
        None
    }
}

#[test]
#[ignore = "minutes on SQLite; a measuring tool, see the module docs"]
fn real_modules_bind_indirect_calls_to_address_taken_functions() {
    let names = std::env::var("DWELL_PTS_MODULES").unwrap_or_else(|_| {
        "lua-5.4.7.ssa.ll.xz,sqlite-3.46.0.ssa.ll.xz,sqlite-3.46.0.O0.ll.xz".into()
    });
    for name in names.split(',') {
        let Some(path) = dataset(name) else { continue };
        let p = read_llvm(&path).unwrap();
        let t = Instant::now();
        let (pts, stats) =
            points_to::solve_with_stats(&p, &Models::libc(), u64::MAX, Stop::never()).unwrap();
        let ms = t.elapsed().as_secs_f64() * 1e3;
        let sites: Vec<_> = pts.indirect_sites().collect();
        let bound = sites.iter().filter(|(_, c)| !c.is_empty()).count();
        let targets: usize = sites.iter().map(|(_, c)| c.len()).sum();
        eprintln!(
            "{name}: {} objects, {} locations, {} nodes ({} collapsed), {} visits, {} indirect sites bound ({} targets), {ms:.0} ms",
            pts.objects(),
            pts.locs(),
            stats.nodes,
            stats.collapsed,
            stats.visits,
            bound,
            targets
        );
        for (_, callees) in &sites {
            for g in *callees {
                assert!(
                    p.address_taken.binary_search(g).is_ok(),
                    "{name}: @{} is called indirectly but its address is never taken",
                    p.functions[*g as usize].name
                );
            }
        }
        assert!(bound > 0, "{name}: no indirect call bound");
    }
}
