//! The value-flow graph's junctions (`flow::Node::Junction`: one node
//! where a load or store through a pointer meets the set of locations it
//! may touch, or where a model's flow meets its targets) change no
//! answer: on random programs, taint from every node reaches the same
//! nodes as on the graph built with every arc direct
//! (`flow::build::without_junctions`).

mod common;

use common::program;
use dwell::program::flow::taint::Solver;
use dwell::program::flow::{self, Node, ValueFlow};
use dwell::program::models::Models;
use dwell::program::points_to;
use dwell::progress::Stop;
use proptest::prelude::*;
use std::collections::{BTreeSet, HashMap};

/// What taint from `node` reaches in `vf` (junctions left out).
fn reach(vf: &ValueFlow, solver: &Solver<'_>, node: u32) -> BTreeSet<String> {
    let tainted = solver.reach(&[node], Stop::never()).unwrap().tainted;
    (0..vf.nodes.len())
        .filter(|&v| tainted[v] && !matches!(vf.nodes[v], Node::Junction { .. }))
        .map(|v| format!("{:?}", vf.nodes[v]))
        .collect()
}

/// How many junctions the graph of `seed`'s program has.
fn check(seed: u64) -> usize {
    let p = program(seed);
    let models = Models::libc();
    let pts = points_to::solve(&p, &models, u64::MAX, Stop::never()).unwrap();
    let joined = flow::build::build(&p, &pts, &models, u64::MAX).unwrap();
    let direct = flow::build::without_junctions(&p, &pts, &models);
    let (a, b) = (
        Solver::new(&joined, Stop::never(), u64::MAX).unwrap(),
        Solver::new(&direct, Stop::never(), u64::MAX).unwrap(),
    );
    let id_in_direct: HashMap<&Node, u32> = direct
        .nodes
        .iter()
        .enumerate()
        .map(|(i, n)| (n, i as u32))
        .collect();
    let mut junctions = 0;
    for (s, node) in joined.nodes.iter().enumerate() {
        if matches!(node, Node::Junction { .. }) {
            junctions += 1;
            continue;
        }
        let t = id_in_direct[node];
        assert_eq!(
            reach(&joined, &a, s as u32),
            reach(&direct, &b, t),
            "seed {seed}: from {node:?}"
        );
    }
    assert_eq!(
        joined.nodes.len() - junctions,
        direct.nodes.len(),
        "seed {seed}"
    );
    junctions
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn junctions_change_no_taint(seed in any::<u64>()) {
        check(seed);
    }
}

#[test]
fn the_programs_have_junctions() {
    let with = (0..100).filter(|&seed| check(seed) > 0).count();
    assert!(with >= 20, "only {with} of 100 programs made a junction");
}
