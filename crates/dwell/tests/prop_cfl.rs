//! Context-sensitive taint (`program::cfl`) on random small programs:
//! random functions with random intra-procedural CFGs, random call sites
//! (some calling several functions, like indirect calls), random exits, with
//! or without call-to-return flow arcs. Checked against the naive-fixpoint
//! oracle, against a brute-force search that carries an explicit call stack
//! (exact when the call graph is acyclic, a lower bound otherwise), against
//! context-insensitive taint (a superset), and every witness is verified
//! realizable.

use dwell::analysis::{Output, Query, TaintQuery};
use dwell::backend::CpuReference;
use dwell::graph::{Graph, GraphBuilder, NO_VERTEX};
use dwell::program::cfl::{self, Supergraph, CALL, FLOW, RETURN};
use dwell::progress::Stop;
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use std::collections::{BTreeSet, HashSet};

struct Program {
    graph: Graph,
    function: Vec<u32>,
    entries: Vec<u32>,
    return_site: Vec<u32>,
}

/// A random program; with `dag`, function `f` calls only functions `> f`.
fn program(seed: u64, dag: bool) -> Program {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let nf = rng.gen_range(1..=5usize);
    let sizes: Vec<u32> = (0..nf).map(|_| rng.gen_range(1..=6)).collect();
    let mut first = vec![0u32];
    for s in &sizes {
        first.push(first.last().unwrap() + s);
    }
    let n = *first.last().unwrap();
    let mut function = vec![0u32; n as usize];
    for f in 0..nf {
        for v in first[f]..first[f + 1] {
            function[v as usize] = f as u32;
        }
    }
    let exit: Vec<bool> = (0..n).map(|_| rng.gen_bool(0.3)).collect();
    let mut return_site = vec![NO_VERTEX; n as usize];
    let mut arcs: Vec<(u32, u32, u32)> = Vec::new();
    let mut calls: Vec<(u32, usize)> = Vec::new();
    for f in 0..nf {
        let (a, b) = (first[f], first[f + 1]);
        for v in a..b {
            if exit[v as usize] {
                continue;
            }
            // Flow arcs never enter the entry, never leave an exit.
            if b - a > 1 {
                for _ in 0..rng.gen_range(0..=2) {
                    arcs.push((v, rng.gen_range(a + 1..b), FLOW));
                }
            }
            let callees: Vec<usize> = if dag { f + 1..nf } else { 0..nf }.collect();
            if callees.is_empty() || !rng.gen_bool(0.4) {
                continue;
            }
            if b - a > 1 {
                let r = rng.gen_range(a + 1..b);
                if r != v {
                    return_site[v as usize] = r;
                    if rng.gen_bool(0.5) {
                        arcs.push((v, r, FLOW)); // call-to-return arc
                    }
                }
            }
            for _ in 0..rng.gen_range(1..=2) {
                calls.push((v, callees[rng.gen_range(0..callees.len())]));
            }
        }
    }
    for &(c, g) in &calls {
        arcs.push((c, first[g], CALL));
        let r = return_site[c as usize];
        if r == NO_VERTEX {
            continue;
        }
        for x in first[g]..first[g + 1] {
            if exit[x as usize] {
                arcs.push((x, r, RETURN));
            }
        }
    }
    let mut b = GraphBuilder::new(true);
    b.set_nodes(u64::from(n)).unwrap();
    b.set_label_names(dwell::program::bundle::label_names());
    for (u, v, l) in arcs {
        b.push_arc(u64::from(u), u64::from(v), Some(l), None)
            .unwrap();
    }
    Program {
        graph: b.build().unwrap(),
        function,
        entries: first[..nf].to_vec(),
        return_site,
    }
}

/// Nodes reachable from `source` by paths that keep an explicit stack of
/// open calls' return sites (at most `depth` open calls).
fn explicit_stack(p: &Program, q: &TaintQuery, source: u32, depth: usize) -> BTreeSet<u32> {
    let csr = p.graph.forward();
    let labels = csr.labels().unwrap_or(&[]);
    let blocked: HashSet<u32> = q.sanitizers.iter().copied().collect();
    let mut seen: HashSet<(u32, Vec<u32>)> = HashSet::new();
    let mut todo = vec![(source, Vec::new())];
    seen.insert((source, Vec::new()));
    while let Some((v, stack)) = todo.pop() {
        for i in csr.range(v) {
            let (w, l) = (csr.targets()[i], labels[i] & q.mask);
            if blocked.contains(&w) {
                continue;
            }
            let mut next = Vec::new();
            if l & FLOW != 0 {
                next.push(stack.clone());
            }
            if l & CALL != 0 && stack.len() < depth {
                let mut s = stack.clone();
                s.push(p.return_site[v as usize]);
                next.push(s);
            }
            if l & RETURN != 0 {
                match stack.last() {
                    None => next.push(Vec::new()),
                    Some(&r) if r == w => next.push(stack[..stack.len() - 1].to_vec()),
                    Some(_) => {}
                }
            }
            for s in next {
                if seen.insert((w, s.clone())) {
                    todo.push((w, s));
                }
            }
        }
    }
    seen.into_iter().map(|(v, _)| v).collect()
}

fn check(seed: u64, dag: bool) {
    let p = program(seed, dag);
    let sg = Supergraph::new(
        &p.graph,
        p.function.clone(),
        p.entries.clone(),
        p.return_site.clone(),
    )
    .unwrap();
    let n = p.graph.nodes() as u32;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let q = TaintQuery {
        sources: (0..rng.gen_range(1..=3))
            .map(|_| rng.gen_range(0..n))
            .collect(),
        sinks: (0..n).collect(),
        sanitizers: (0..rng.gen_range(0..=2))
            .map(|_| rng.gen_range(0..n))
            .collect(),
        mask: if rng.gen_bool(0.8) {
            7
        } else {
            rng.gen_range(0..8)
        },
        witnesses: true,
    };
    let blocked: Vec<bool> = (0..n).map(|v| q.sanitizers.contains(&v)).collect();
    assert_eq!(
        cfl::summaries(&sg, &blocked, q.mask).edges(),
        cfl::reference_summaries(&sg, &blocked, q.mask),
        "summary edges"
    );
    let fast = cfl::taint(&sg, &q, Stop::never());
    let oracle = cfl::reference(&sg, &q);
    let Output::Taint(insensitive) =
        dwell::session::run_once(&CpuReference, &p.graph, &Query::Taint(q.clone())).unwrap()
    else {
        unreachable!()
    };
    let sinks = |r: &dwell::analysis::TaintResult| -> BTreeSet<u32> {
        r.findings.iter().map(|f| f.sink).collect()
    };
    for ((f, o), ci) in fast.iter().zip(&oracle).zip(&insensitive) {
        assert_eq!(
            (f.source, f.tainted, sinks(f)),
            (o.source, o.tainted, sinks(o))
        );
        assert_eq!(f.tainted as usize, sinks(f).len());
        assert!(sinks(f).is_subset(&sinks(ci)));
        for x in &f.findings {
            let path = x.path.as_ref().unwrap();
            assert_eq!((path[0], *path.last().unwrap()), (f.source, x.sink));
            cfl::verify_path(&sg, path, &q.sanitizers, q.mask)
                .unwrap_or_else(|e| panic!("{path:?}: {e}"));
        }
        // Brute force with an explicit stack: exact on acyclic call graphs
        // (no more open calls than functions), a lower bound otherwise.
        let brute = explicit_stack(&p, &q, f.source, if dag { p.entries.len() } else { 4 });
        if dag {
            assert_eq!(sinks(f), brute);
        } else {
            assert!(brute.is_subset(&sinks(f)));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    #[test]
    fn cfl_matches_oracles(seed in any::<u64>(), dag in any::<bool>()) {
        check(seed, dag);
    }
}

#[test]
fn only_realizable_paths() {
    // f0: 0 [call h] -> 1 ; f1: 2 [call h] -> 3 ; h: 4 (exit).
    // From 0 the context-insensitive search reaches 3 through h's return to
    // f1; the realizable one does not.
    let mut b = GraphBuilder::new(true);
    b.set_nodes(5).unwrap();
    b.set_label_names(dwell::program::bundle::label_names());
    for (u, v, l) in [
        (0, 1, FLOW),
        (0, 4, CALL),
        (2, 3, FLOW),
        (2, 4, CALL),
        (4, 1, RETURN),
        (4, 3, RETURN),
    ] {
        b.push_arc(u, v, Some(l), None).unwrap();
    }
    let g = b.build().unwrap();
    let sg = Supergraph::new(
        &g,
        vec![0, 0, 1, 1, 2],
        vec![0, 2, 4],
        vec![1, NO_VERTEX, 3, NO_VERTEX, NO_VERTEX],
    )
    .unwrap();
    let q = TaintQuery {
        sources: vec![0],
        sinks: vec![3, 4, 1],
        ..TaintQuery::default()
    };
    let r = cfl::taint(&sg, &q, Stop::never());
    let found: Vec<_> = r[0]
        .findings
        .iter()
        .map(|f| (f.sink, f.path.clone().unwrap()))
        .collect();
    assert_eq!(found, vec![(4, vec![0, 4]), (1, vec![0, 1])]);
    // A return with no open call is allowed: from inside h, both callers.
    let q = TaintQuery {
        sources: vec![4],
        sinks: vec![1, 3],
        ..TaintQuery::default()
    };
    assert_eq!(cfl::taint(&sg, &q, Stop::never())[0].findings.len(), 2);
    // Without the call-to-return arc, the summary edge carries 0 to 1 and the
    // witness is expanded through h.
    let mut b = GraphBuilder::new(true);
    b.set_nodes(5).unwrap();
    for (u, v, l) in [(0, 4, CALL), (2, 4, CALL), (4, 1, RETURN), (4, 3, RETURN)] {
        b.push_arc(u, v, Some(l), None).unwrap();
    }
    let g = b.build().unwrap();
    let sg = Supergraph::new(
        &g,
        vec![0, 0, 1, 1, 2],
        vec![0, 2, 4],
        vec![1, NO_VERTEX, 3, NO_VERTEX, NO_VERTEX],
    )
    .unwrap();
    let q = TaintQuery {
        sources: vec![0],
        sinks: vec![1, 3],
        ..TaintQuery::default()
    };
    let r = cfl::taint(&sg, &q, Stop::never());
    assert_eq!(r[0].findings.len(), 1);
    assert_eq!(r[0].findings[0].path, Some(vec![0, 4, 1]));
    cfl::verify_path(&sg, &[0, 4, 1], &[], 7).unwrap();
    assert!(cfl::verify_path(&sg, &[0, 4, 3], &[], 7).is_err());
    // Invariants are checked.
    assert!(Supergraph::new(
        &g,
        vec![0, 1, 1, 1, 2],
        vec![0, 2, 4],
        vec![1, NO_VERTEX, 3, NO_VERTEX, NO_VERTEX]
    )
    .is_err());
}
