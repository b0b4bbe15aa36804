//! The verifiers (`bfs::verify`, `reach::verify`, `taint::verify`,
//! `components::{wcc_verify, scc_verify}`): every backend's answer passes on
//! the bundled real graphs, and corrupted answers are rejected — a flipped
//! level, a vertex dropped from a set, two components merged or one split, a
//! broken or longer witness path. (`prop_traversal.rs` verifies every
//! answer of its random cases too.)

use dwell::analysis::components::{canonical, scc_verify, wcc_verify};
use dwell::analysis::{
    bfs, reach, taint, BfsQuery, BfsResult, Components, Direction, Finding, Output, Query,
    ReachQuery, ReachResult, TaintQuery, TaintResult, ALL_LABELS,
};
use dwell::backend::{Backend, Cpu, CpuReference};
use dwell::graph::{Graph, GraphBuilder, NO_VERTEX};
use proptest::prelude::*;

const BACKENDS: [&dyn Backend; 2] = [&Cpu, &CpuReference];

fn load(rel: &str) -> Graph {
    let path = format!("{}/../../data/{rel}", env!("CARGO_MANIFEST_DIR"));
    dwell::formats::load(path.as_ref(), &Default::default()).unwrap_or_else(|e| panic!("{e}"))
}

fn build(directed: bool, nodes: u64, arcs: &[(u32, u32)]) -> Graph {
    let mut b = GraphBuilder::new(directed);
    b.set_nodes(nodes).unwrap();
    for &(u, v) in arcs {
        b.push(u.into(), v.into()).unwrap();
    }
    b.build().unwrap()
}

fn run(backend: &dyn Backend, g: &Graph, q: &Query) -> Output {
    dwell::session::run_once(backend, g, q).unwrap_or_else(|e| panic!("{}: {e}", backend.name()))
}

fn bfs_out(g: &Graph, sources: &[u32], keep_levels: bool) -> Vec<BfsResult> {
    let q = BfsQuery {
        sources: sources.to_vec(),
        keep_levels,
    };
    match run(&Cpu, g, &Query::Bfs(q)) {
        Output::Bfs(r) => r,
        o => panic!("{o:?}"),
    }
}

fn reach_out(g: &Graph, q: &ReachQuery) -> Vec<ReachResult> {
    match run(&Cpu, g, &Query::Reach(q.clone())) {
        Output::Reach(r) => r,
        o => panic!("{o:?}"),
    }
}

fn taint_out(g: &Graph, q: &TaintQuery) -> Vec<TaintResult> {
    match run(&Cpu, g, &Query::Taint(q.clone())) {
        Output::Taint(r) => r,
        o => panic!("{o:?}"),
    }
}

fn wcc_out(g: &Graph) -> Components {
    match run(&Cpu, g, &Query::Wcc) {
        Output::Wcc(c) => c,
        o => panic!("{o:?}"),
    }
}

fn scc_out(g: &Graph) -> Components {
    match run(&Cpu, g, &Query::Scc) {
        Output::Scc(c) => c,
        o => panic!("{o:?}"),
    }
}

/// The queries checked on every graph: levels and summaries, sets and
/// counts both ways, taint with and without witnesses, components.
fn queries(g: &Graph) -> Vec<Query> {
    let pick = |count: usize, seed| dwell::sources::random(g, count.min(g.nodes()), seed).unwrap();
    let (sources, sinks, sanitizers) = (pick(12, 1), pick(40, 2), pick(30, 3));
    let reach = ReachQuery {
        sources: sources.clone(),
        sinks: sinks.clone(),
        keep_sets: true,
        ..Default::default()
    };
    let taint = TaintQuery {
        sources: sources.clone(),
        sinks,
        sanitizers,
        ..Default::default()
    };
    vec![
        Query::Bfs(BfsQuery {
            sources: sources.clone(),
            keep_levels: true,
        }),
        Query::Bfs(BfsQuery {
            sources,
            keep_levels: false,
        }),
        Query::Reach(reach.clone()),
        Query::Reach(ReachQuery {
            direction: Direction::Backward,
            keep_sets: false,
            ..reach
        }),
        Query::Taint(taint.clone()),
        Query::Taint(TaintQuery {
            witnesses: false,
            ..taint
        }),
        Query::Wcc,
        Query::Scc,
    ]
}

#[test]
fn every_backend_passes_on_the_bundled_graphs() {
    for rel in [
        "graphs/karate.edges.xz",
        "graphs/dolphins.edges.xz",
        "graphs/celegansneural.edges.xz",
        "graphs/polblogs.edges.xz",
        "graphs/power.edges.xz",
        "graphs/email-Enron.edges.xz",
        "roads/graph_23rd.gr.xz",
        "roads/bremen_dist.gr.xz",
    ] {
        let g = load(rel);
        for q in queries(&g) {
            for backend in BACKENDS {
                let out = run(backend, &g, &q);
                q.verify(&g, &out)
                    .unwrap_or_else(|e| panic!("{rel}: {} on {}: {e}", q.name(), backend.name()));
            }
        }
    }
}

#[test]
fn every_backend_passes_with_label_masks() {
    let gen = dwell::gen::rmat(10, 8, 5).unwrap();
    let mut b = GraphBuilder::new(true);
    b.set_nodes(gen.nodes).unwrap();
    for (i, &(u, v)) in gen.edges.iter().enumerate() {
        b.push_arc(u.into(), v.into(), Some(1 << (i % 3)), None)
            .unwrap();
    }
    let g = b.build().unwrap();
    for q in queries(&g) {
        let q = match q {
            Query::Reach(r) => Query::Reach(ReachQuery { mask: 0b101, ..r }),
            Query::Taint(t) => Query::Taint(TaintQuery { mask: 0b011, ..t }),
            q => q,
        };
        for backend in BACKENDS {
            let out = run(backend, &g, &q);
            q.verify(&g, &out)
                .unwrap_or_else(|e| panic!("{} on {}: {e}", q.name(), backend.name()));
        }
    }
}

/// Vertices to corrupt one at a time: every `step`-th one that `keep`s.
fn some(n: usize, step: usize, keep: impl Fn(u32) -> bool) -> Vec<u32> {
    (0..n as u32).step_by(step).filter(|&v| keep(v)).collect()
}

#[test]
fn bfs_verifier_rejects_flipped_levels_and_wrong_summaries() {
    let g = load("graphs/email-Enron.edges.xz");
    let q = BfsQuery {
        sources: vec![0, 17],
        keep_levels: true,
    };
    let good = bfs_out(&g, &q.sources, true);
    bfs::verify(&g, &q, &good).unwrap();
    let levels = good[0].levels.clone().unwrap();
    let reached = |v: u32| levels[v as usize] != NO_VERTEX;
    let mut rejected = 0;
    for v in some(g.nodes(), 97, |_| true) {
        let l = levels[v as usize];
        let flips: &[u32] = if l == NO_VERTEX {
            &[0, 1, 3]
        } else {
            &[l + 1, l.wrapping_sub(1), NO_VERTEX]
        };
        for &to in flips.iter().filter(|&&to| to != l) {
            let mut bad = good.clone();
            bad[0].levels.as_mut().unwrap()[v as usize] = to;
            assert!(
                bfs::verify(&g, &q, &bad).is_err(),
                "vertex {v}: level {l} -> {to} accepted"
            );
            rejected += 1;
        }
    }
    assert!(rejected > 500, "{rejected}");
    assert!(some(g.nodes(), 97, |v| !reached(v)).len() > 10);
    // Summaries: with levels and without.
    let summaries_only = BfsQuery {
        keep_levels: false,
        ..q.clone()
    };
    let plain = bfs_out(&g, &q.sources, false);
    bfs::verify(&g, &summaries_only, &plain).unwrap();
    for (q, out) in [(&q, &good), (&summaries_only, &plain)] {
        let corruptions: [fn(&mut BfsResult); 4] = [
            |r| r.reached -= 1,
            |r| r.level_sum += 1,
            |r| r.max_level += 1,
            |r| r.source = 1,
        ];
        for corrupt in corruptions {
            let mut bad = out.clone();
            corrupt(&mut bad[1]);
            assert!(bfs::verify(&g, q, &bad).is_err(), "{:?}", bad[1]);
        }
    }
    // Levels asked for must be there; a result must answer each source.
    let mut bad = good.clone();
    bad[1].levels = None;
    assert!(bfs::verify(&g, &q, &bad).is_err());
    assert!(bfs::verify(&g, &q, &good[..1]).is_err());
}

#[test]
fn bfs_verifier_says_which_level_invariant_fails() {
    // 0 → 1 → 2 → 3, and 4 unreached.
    let g = build(true, 5, &[(0, 1), (1, 2), (2, 3)]);
    let q = BfsQuery {
        sources: vec![0],
        keep_levels: true,
    };
    let good = bfs_out(&g, &[0], true);
    assert_eq!(good[0].levels, Some(vec![0, 1, 2, 3, NO_VERTEX]));
    for (levels, says) in [
        (
            vec![0, 1, 3, 3, NO_VERTEX],
            "its in-neighbour 1 is at level 1",
        ),
        (vec![0, 1, 2, 2, NO_VERTEX], "no in-neighbour is at level 1"),
        (
            vec![0, 1, 2, NO_VERTEX, NO_VERTEX],
            "unreached but its in-neighbour 2",
        ),
        (vec![0, 1, 2, 3, 0], "not the source"),
        (vec![1, 1, 2, 3, NO_VERTEX], "the source is at level 1"),
    ] {
        let mut bad = good.clone();
        bad[0].levels = Some(levels.clone());
        let e = bfs::verify(&g, &q, &bad).unwrap_err();
        assert!(e.message.contains(says), "{levels:?}: {e}");
    }
}

#[test]
fn reach_verifier_rejects_changed_sets_and_sinks() {
    let g = load("graphs/polblogs.edges.xz");
    let q = ReachQuery {
        sources: vec![5, 900],
        sinks: (0..g.nodes() as u32).step_by(50).collect(),
        keep_sets: true,
        ..Default::default()
    };
    let good = reach_out(&g, &q);
    reach::verify(&g, &q, &good).unwrap();
    let set = good[0].set.clone().unwrap();
    let member = |v: u32| set[v as usize / 64] >> (v % 64) & 1 == 1;
    let mut dropped = 0;
    for v in some(g.nodes(), 7, |_| true) {
        let mut bad = good.clone();
        let s = bad[0].set.as_mut().unwrap();
        s[v as usize / 64] ^= 1 << (v % 64);
        // Keep the count in step, so that the set itself is what is wrong.
        bad[0].reached = if member(v) {
            dropped += 1;
            bad[0].reached - 1
        } else {
            bad[0].reached + 1
        };
        assert!(
            reach::verify(&g, &q, &bad).is_err(),
            "vertex {v} (member: {}) flipped, accepted",
            member(v)
        );
    }
    assert!(dropped > 20, "{dropped}");
    let counts = ReachQuery {
        keep_sets: false,
        ..q.clone()
    };
    let plain = reach_out(&g, &counts);
    reach::verify(&g, &counts, &plain).unwrap();
    assert!(!plain[0].sinks_reached.is_empty());
    for (q, out) in [(&q, &good), (&counts, &plain)] {
        let corruptions: [fn(&mut ReachResult); 3] = [
            |r| r.reached += 1,
            |r| {
                r.sinks_reached.pop();
            },
            |r| r.sinks_reached.reverse(),
        ];
        for corrupt in corruptions {
            let mut bad = out.clone();
            corrupt(&mut bad[0]);
            if bad[0] != out[0] {
                assert!(reach::verify(&g, q, &bad).is_err(), "{:?}", bad[0]);
            }
        }
    }
    // The other direction's answer is not this one's.
    let backward = ReachQuery {
        direction: Direction::Backward,
        ..q.clone()
    };
    assert!(reach::verify(&g, &backward, &good).is_err());
}

#[test]
fn taint_verifier_rejects_broken_witnesses() {
    let g = load("graphs/celegansneural.edges.xz");
    let q = TaintQuery {
        sources: vec![0, 3, 30],
        sinks: (0..g.nodes() as u32).rev().step_by(3).collect(),
        sanitizers: (1..g.nodes() as u32).step_by(11).collect(),
        mask: ALL_LABELS,
        witnesses: true,
    };
    let good = taint_out(&g, &q);
    taint::verify(&g, &q, &good).unwrap();
    let mut broken = 0;
    for (i, r) in good.iter().enumerate() {
        for (j, f) in r.findings.iter().enumerate() {
            let path = f.path.clone().unwrap();
            let mut corrupt: Vec<Vec<u32>> = vec![
                path[..path.len() - 1].to_vec(),
                [&path[..], &path[path.len() - 1..]].concat(),
            ];
            if path.len() >= 2 {
                // A step repeated (no arc, or no longer shortest); reversed.
                let mut twice = path.clone();
                twice.insert(1, path[1]);
                corrupt.push(twice);
                corrupt.push(path.iter().rev().copied().collect());
            }
            for p in corrupt {
                let mut bad = good.clone();
                bad[i].findings[j].path = Some(p.clone());
                assert!(
                    taint::verify(&g, &q, &bad).is_err(),
                    "witness {path:?} -> {p:?} accepted"
                );
                broken += 1;
            }
        }
    }
    assert!(broken > 100, "{broken}");
    let corruptions: [fn(&mut TaintResult); 4] = [
        |r| r.tainted -= 1,
        |r| {
            r.findings.pop();
        },
        |r| r.findings[0].path = None,
        |r| r.findings.swap(0, 1),
    ];
    for corrupt in corruptions {
        let mut bad = good.clone();
        corrupt(&mut bad[0]);
        assert!(taint::verify(&g, &q, &bad).is_err(), "{:?}", bad[0]);
    }
}

#[test]
fn taint_verifier_rejects_sanitizers_and_longer_paths() {
    // 0 → 1 → 2 and 0 → 3 → 4 → 2, 0 → 5 → 6 and 0 → 6.
    let g = build(
        true,
        7,
        &[
            (0, 1),
            (1, 2),
            (0, 3),
            (3, 4),
            (4, 2),
            (0, 5),
            (5, 6),
            (0, 6),
        ],
    );
    let q = TaintQuery {
        sources: vec![0],
        sinks: vec![2, 6],
        sanitizers: vec![1],
        ..Default::default()
    };
    let good = taint_out(&g, &q);
    assert_eq!(good[0].findings[0].path, Some(vec![0, 3, 4, 2]));
    assert_eq!(good[0].findings[1].path, Some(vec![0, 6]));
    taint::verify(&g, &q, &good).unwrap();
    for (j, path) in [(0, vec![0, 1, 2]), (1, vec![0, 5, 6]), (0, vec![0, 2])] {
        let mut bad = good.clone();
        bad[0].findings[j].path = Some(path.clone());
        let e = taint::verify(&g, &q, &bad).unwrap_err();
        assert!(e.message.contains("witness"), "{path:?}: {e}");
    }
    // Without witnesses, none may be given.
    let counts = TaintQuery {
        witnesses: false,
        ..q.clone()
    };
    assert!(taint::verify(&g, &counts, &good).is_err());
    let mut bad = taint_out(&g, &counts);
    taint::verify(&g, &counts, &bad).unwrap();
    bad[0].findings.push(Finding {
        sink: 1,
        path: None,
    });
    assert!(taint::verify(&g, &counts, &bad).is_err());
}

/// `c` with component `b`'s vertices moved into component `a`,
/// renumbered canonically.
fn merged(c: &Components, a: u32, b: u32) -> Components {
    let ids: Vec<u32> = c
        .labels
        .iter()
        .map(|&l| if l == b { a } else { l })
        .collect();
    canonical(&ids)
}

/// `c` with vertex `v` alone in a new component, renumbered canonically.
fn split(c: &Components, v: u32) -> Components {
    let mut ids = c.labels.clone();
    ids[v as usize] = c.count as u32;
    canonical(&ids)
}

#[test]
fn wcc_verifier_rejects_merged_and_split_components() {
    let g = load("graphs/email-Enron.edges.xz");
    let good = wcc_out(&g);
    wcc_verify(&g, &good).unwrap();
    assert!(good.count > 10);
    for b in 1..good.count.min(40) as u32 {
        assert!(wcc_verify(&g, &merged(&good, 0, b)).is_err(), "0 + {b}");
    }
    for v in some(g.nodes(), 101, |v| g.forward().degree(v) > 0) {
        assert!(wcc_verify(&g, &split(&good, v)).is_err(), "{v} alone");
    }
    let mut bad = good.clone();
    bad.count += 1;
    assert!(wcc_verify(&g, &bad).is_err());
    let mut bad = good.clone();
    bad.largest -= 1;
    assert!(wcc_verify(&g, &bad).is_err());
    // Not canonical: labels 0 and 1 swapped.
    let mut bad = good.clone();
    for l in &mut bad.labels {
        *l = match *l {
            0 => 1,
            1 => 0,
            l => l,
        };
    }
    assert!(wcc_verify(&g, &bad).is_err());
}

#[test]
fn scc_verifier_rejects_merged_and_split_components() {
    let g = load("graphs/polblogs.edges.xz");
    let good = scc_out(&g);
    scc_verify(&g, &good).unwrap();
    // WCC labels are no SCC answer on a directed graph with one-way arcs.
    assert!(scc_verify(&g, &wcc_out(&g)).is_err());
    let big = good.labels[(0..g.nodes())
        .max_by_key(|&v| good.labels.iter().filter(|&&l| l == good.labels[v]).count())
        .unwrap()];
    let mut merges = 0;
    for b in (0..good.count as u32).step_by(7).filter(|&b| b != big) {
        assert!(
            scc_verify(&g, &merged(&good, big, b)).is_err(),
            "{big} + {b}"
        );
        merges += 1;
    }
    assert!(merges > 10, "{merges}");
    let members: Vec<u32> = (0..g.nodes() as u32)
        .filter(|&v| good.labels[v as usize] == big)
        .collect();
    assert!(members.len() > 100);
    for &v in members.iter().step_by(37) {
        assert!(scc_verify(&g, &split(&good, v)).is_err(), "{v} alone");
    }
}

#[test]
fn scc_verifier_names_the_cycle_of_components() {
    // Two 2-cycles joined one way (0 ⇄ 1 → 2 ⇄ 3): two components. Split
    // both: the condensation gains cycles; merge them: 2 cannot reach 0.
    let g = build(true, 4, &[(0, 1), (1, 0), (1, 2), (2, 3), (3, 2)]);
    let good = scc_out(&g);
    assert_eq!(good.labels, vec![0, 0, 1, 1]);
    scc_verify(&g, &good).unwrap();
    let e = scc_verify(&g, &canonical(&[0, 1, 2, 2])).unwrap_err();
    assert!(e.message.contains("cycle"), "{e}");
    let e = scc_verify(&g, &canonical(&[0, 0, 0, 0])).unwrap_err();
    assert!(e.message.contains("reach"), "{e}");
}

/// A random graph: directedness, nodes, arcs.
fn random_graph() -> impl Strategy<Value = (bool, u32, Vec<(u32, u32)>)> {
    (any::<bool>(), 2u32..120).prop_flat_map(|(directed, n)| {
        (
            Just(directed),
            Just(n),
            prop::collection::vec((0..n, 0..n), 0..3 * n as usize),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// On random graphs every single-vertex corruption is rejected: a
    /// level moved, a set membership flipped, a vertex moved to another
    /// component (WCC and SCC).
    #[test]
    fn single_corruptions_are_rejected((directed, n, arcs) in random_graph(),
                                       src in any::<prop::sample::Index>(),
                                       pick in any::<prop::sample::Index>(),
                                       shift in 1u32..3) {
        let g = build(directed, n.into(), &arcs);
        let (src, v) = (src.index(n as usize) as u32, pick.index(n as usize) as u32);
        let bq = BfsQuery { sources: vec![src], keep_levels: true };
        let good = bfs_out(&g, &[src], true);
        prop_assert!(bfs::verify(&g, &bq, &good).is_ok());
        let mut bad = good.clone();
        let l = &mut bad[0].levels.as_mut().unwrap()[v as usize];
        *l = if *l == NO_VERTEX { shift } else { l.wrapping_add(shift) };
        prop_assert!(bfs::verify(&g, &bq, &bad).is_err());

        let rq = ReachQuery { sources: vec![src], keep_sets: true, ..Default::default() };
        let good = reach_out(&g, &rq);
        prop_assert!(reach::verify(&g, &rq, &good).is_ok());
        let mut bad = good.clone();
        bad[0].set.as_mut().unwrap()[v as usize / 64] ^= 1 << (v % 64);
        prop_assert!(reach::verify(&g, &rq, &bad).is_err());

        for (c, check) in [
            (wcc_out(&g), wcc_verify as fn(&Graph, &Components) -> Result<(), _>),
            (scc_out(&g), scc_verify),
        ] {
            prop_assert!(check(&g, &c).is_ok());
            // Move v into another component (the next label round), if any.
            if c.count > 1 {
                let to = (c.labels[v as usize] + 1) % c.count as u32;
                let mut ids = c.labels.clone();
                ids[v as usize] = to;
                let moved = canonical(&ids);
                prop_assert!(check(&g, &moved).is_err(), "{:?} -> {:?}", c.labels, moved.labels);
            }
        }
    }
}
