//! Value-flow taint (`program::flow::taint`) on random value-flow graphs:
//! functions with their own nodes, memory nodes without a function, flow
//! arcs, and call sites whose `call` arcs enter a callee and whose
//! `return` arcs leave it for the same site. The summary-based solver is
//! checked against the oracle that carries an explicit call stack: equal
//! when the call graph is acyclic (the stack bound is then never hit), a
//! superset of it otherwise. Every witness path is checked to follow arcs
//! (the graph's or summaries). The same searches with a hub (any strong
//! component of search states, however small: `Solver::with_hub`) are
//! checked against those without.

use dwell::program::flow::taint::{reference, Solver, LANES};
use dwell::program::flow::{Arc, Node, Site, ValueFlow, NO_FUNCTION};
use dwell::progress::Stop;
use proptest::prelude::*;
use rand::{Rng, SeedableRng};

/// A random graph; with `dag`, function `f` calls only functions `> f`.
fn graph(seed: u64, dag: bool) -> (ValueFlow, Vec<u32>) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let nf = rng.gen_range(1..=5u32);
    let mut function = Vec::new();
    let mut of_fn: Vec<Vec<u32>> = vec![Vec::new(); nf as usize];
    for f in 0..nf {
        for _ in 0..rng.gen_range(1..=6) {
            of_fn[f as usize].push(function.len() as u32);
            function.push(f);
        }
    }
    let memory: Vec<u32> = (0..rng.gen_range(0..=2))
        .map(|_| {
            function.push(NO_FUNCTION);
            function.len() as u32 - 1
        })
        .collect();
    let n = function.len() as u32;
    let mut arcs: Vec<(u32, u32, Arc)> = Vec::new();
    let pick = |rng: &mut rand_chacha::ChaCha8Rng, v: &[u32]| v[rng.gen_range(0..v.len())];
    for nodes in &of_fn {
        for _ in 0..rng.gen_range(0..=8) {
            let (a, b) = (pick(&mut rng, nodes), pick(&mut rng, nodes));
            arcs.push((a, b, Arc::Flow));
        }
    }
    for &m in &memory {
        for _ in 0..rng.gen_range(0..=2) {
            let v = rng.gen_range(0..n);
            if rng.gen_bool(0.5) {
                arcs.push((v, m, Arc::Flow));
            } else {
                arcs.push((m, v, Arc::Flow));
            }
        }
    }
    let mut sites = Vec::new();
    for _ in 0..rng.gen_range(0..=6) {
        let caller = rng.gen_range(0..nf);
        let callee = if dag {
            if caller + 1 >= nf {
                continue;
            }
            rng.gen_range(caller + 1..nf)
        } else {
            rng.gen_range(0..nf)
        };
        let s = sites.len() as u32;
        sites.push(Site {
            function: caller,
            at: (0, s),
            callee: format!("f{callee}"),
        });
        for _ in 0..rng.gen_range(1..=2) {
            let (a, p) = (
                pick(&mut rng, &of_fn[caller as usize]),
                pick(&mut rng, &of_fn[callee as usize]),
            );
            arcs.push((a, p, Arc::Call(s)));
        }
        for _ in 0..rng.gen_range(1..=2) {
            let (r, t) = (
                pick(&mut rng, &of_fn[callee as usize]),
                pick(&mut rng, &of_fn[caller as usize]),
            );
            arcs.push((r, t, Arc::Return(s)));
        }
    }
    arcs.sort_by_key(|a| a.0);
    let mut offsets = vec![0u32; n as usize + 1];
    for a in &arcs {
        offsets[a.0 as usize + 1] += 1;
    }
    for v in 0..n as usize {
        offsets[v + 1] += offsets[v];
    }
    let vf = ValueFlow {
        nodes: (0..n).map(Node::Var).collect(),
        function,
        offsets,
        targets: arcs.iter().map(|a| a.1).collect(),
        arcs: arcs.iter().map(|a| a.2).collect(),
        sites,
        ..Default::default()
    };
    let sources = (0..rng.gen_range(1..=2))
        .map(|_| rng.gen_range(0..n))
        .collect();
    (vf, sources)
}

/// No hub: a component would need more states than any graph here has.
const NO_HUB: usize = usize::MAX;

fn check(seed: u64, dag: bool, hub_states: usize) {
    let (vf, sources) = graph(seed, dag);
    let solver = Solver::with_hub(&vf, Stop::never(), u64::MAX, hub_states).unwrap();
    let reach = solver.reach(&sources, Stop::never()).unwrap();
    let oracle = reference(&vf, &sources, 5);
    for (v, &in_oracle) in oracle.iter().enumerate() {
        if dag {
            assert_eq!(reach.tainted[v], in_oracle, "seed {seed}: node {v}");
        } else {
            assert!(
                !in_oracle || reach.tainted[v],
                "seed {seed}: node {v} missed"
            );
        }
        if reach.tainted[v] {
            let path = reach.path(v as u32);
            assert!(
                sources.contains(&path[0]),
                "seed {seed}: witness of {v} starts off a source"
            );
            assert_eq!(*path.last().unwrap(), v as u32);
            for step in path.windows(2) {
                let (a, b) = (step[0], step[1]);
                assert!(
                    vf.out(a).any(|(t, _)| t == b) || solver.summary_out(a).contains(&b),
                    "seed {seed}: witness of {v} steps {a} -> {b} along no arc"
                );
            }
        }
    }
}

/// Many source sets searched together, one bit each, taint what each
/// taints alone: every node as a source by itself (up to the lane count,
/// so lanes past the first word's low bits are used) and the test's set.
fn check_lanes(seed: u64, dag: bool, hub_states: usize) {
    let (vf, sources) = graph(seed, dag);
    let solver = Solver::with_hub(&vf, Stop::never(), u64::MAX, hub_states).unwrap();
    let n = vf.nodes.len() as u32;
    let singles: Vec<[u32; 1]> = (0..n.min(LANES as u32 - 1)).map(|v| [v]).collect();
    let mut sets: Vec<&[u32]> = singles.iter().map(|s| s.as_slice()).collect();
    sets.push(&sources);
    let lanes = solver.reach_lanes(&sets, Stop::never()).unwrap();
    for (i, set) in sets.iter().enumerate() {
        let alone = solver.reach(set, Stop::never()).unwrap();
        for (v, (word, &tainted)) in lanes.iter().zip(&alone.tainted).enumerate() {
            assert_eq!(
                word >> i & 1 == 1,
                tainted,
                "seed {seed}: lane {i}, node {v}"
            );
        }
    }
}

proptest! {
    // Memory reached in the second phase ascending again (one rule a lane
    // search could drop) needs that many graphs to show up.
    #![proptest_config(ProptestConfig::with_cases(4096))]
    #[test]
    fn lanes_equal_one_search_per_source_set(seed in any::<u64>(), dag in any::<bool>()) {
        check_lanes(seed, dag, NO_HUB);
    }

    #[test]
    fn hub_lanes_equal_one_search_per_source_set(seed in any::<u64>(), dag in any::<bool>()) {
        check_lanes(seed, dag, 2);
    }

    #[test]
    fn hub_searches_equal_plain_ones(seed in any::<u64>(), dag in any::<bool>()) {
        let (vf, sources) = graph(seed, dag);
        let plain = Solver::with_hub(&vf, Stop::never(), u64::MAX, NO_HUB).unwrap();
        let hub = Solver::with_hub(&vf, Stop::never(), u64::MAX, 2).unwrap();
        let (a, b) = (plain.reach(&sources, Stop::never()).unwrap(), hub.reach(&sources, Stop::never()).unwrap());
        prop_assert_eq!(a.tainted, b.tainted);
        let sets = [sources.as_slice()];
        prop_assert_eq!(plain.reach_lanes(&sets, Stop::never()), hub.reach_lanes(&sets, Stop::never()));
    }
}

/// The hub tests above test something: most graphs have a hub, and in
/// many the search enters it before reaching nodes it then takes whole.
#[test]
fn hubs_are_found_and_entered() {
    let (mut found, mut entered) = (0, 0);
    for seed in 0..500 {
        let (vf, sources) = graph(seed, false);
        let solver = Solver::with_hub(&vf, Stop::never(), u64::MAX, 2).unwrap();
        let Some(hub) = solver.hub() else { continue };
        found += 1;
        let reach = solver.reach(&sources, Stop::never()).unwrap();
        if hub.reach() > 1 && (0..vf.nodes.len()).any(|v| reach.tainted[v] && hub.closure[v]) {
            entered += 1;
        }
    }
    assert!(
        found > 250 && entered > 100,
        "{found} hubs, {entered} entered"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn acyclic_calls_equal_the_stack_oracle(seed in any::<u64>()) {
        check(seed, true, NO_HUB);
        check(seed, true, 2);
    }

    #[test]
    fn recursive_calls_contain_the_stack_oracle(seed in any::<u64>()) {
        check(seed, false, NO_HUB);
        check(seed, false, 2);
    }
}
