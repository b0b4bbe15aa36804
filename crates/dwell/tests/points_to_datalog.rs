//! Points-to by datafrog and ascent (the Datalog engines issue 31 asks to
//! measure) against the solver, on the C fixtures and random programs: the same
//! constraints must give the same sets and callees.

mod common;
#[path = "common/datalog.rs"]
mod datalog;

use dwell::program::models::Models;
use dwell::program::points_to;
use dwell::program::{read_llvm, Program};
use dwell::progress::Stop;
use std::path::PathBuf;

fn agree(p: &Program, what: &str) {
    let models = Models::libc();
    let pts = points_to::solve(p, &models, u64::MAX, Stop::never()).unwrap();
    let c = datalog::constraints(p, &models, &pts);
    let nvars = p.vars.len() as u32;
    let nlocs = pts.locs() as u32;
    let facts = datalog::facts(c, |n| {
        if n < nvars {
            pts.of_var(n).iter().map(|l| l.0).collect()
        } else {
            (0..nlocs).collect()
        }
    });
    for (engine, d) in [
        ("datafrog", datalog::solve_datafrog(&facts)),
        ("ascent", datalog::solve_ascent(&facts)),
    ] {
        assert_eq!(
            (
                datalog::differing_vars(p, &pts, &d).0,
                datalog::differing_sites(&pts, &d)
            ),
            (0, 0),
            "{what}: {engine} ({} tuples)",
            d.tuples
        );
    }
}

#[test]
fn datalog_engines_match_the_solver_on_the_c_fixtures() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/c");
    for file in [
        "field_types.typed.ll",
        "field_types.opaque.ll",
        "varargs.O0.ll",
        "varargs.O2.ll",
        "value_flow.O0.ll",
        "value_flow.O2.ll",
        "taint_demo.ll",
        "custom_alloc.ll",
    ] {
        agree(&read_llvm(&dir.join(file)).unwrap(), file);
    }
}

#[test]
fn datalog_engines_match_the_solver_on_random_programs() {
    for seed in 0..100 {
        agree(&common::program(seed), &format!("seed {seed}"));
    }
}
