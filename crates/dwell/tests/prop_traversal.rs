//! Traversal analyses (BFS, reach, taint, WCC, SCC): the `cpu` backend against
//! the `cpu-reference` oracle on random graphs, plus hand-computed answers on
//! small graphs. Everything goes through `session::run_once` or a `Session`,
//! and every answer of every backend passes its analysis's verifier.

use dwell::analysis::{
    BfsQuery, BfsResult, Components, Direction, Output, Query, QueryError, ReachQuery, ReachResult,
    TaintQuery, TaintResult, ALL_LABELS,
};
use dwell::backend::{Cpu, CpuReference};
use dwell::graph::{Graph, GraphBuilder, NO_VERTEX};
use dwell::session::{Session, SessionError};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};

fn graph(directed: bool, nodes: u64, arcs: &[(u32, u32, Option<u32>)]) -> Graph {
    let mut b = GraphBuilder::new(directed);
    b.set_nodes(nodes).unwrap();
    for &(u, v, l) in arcs {
        b.push_arc(u64::from(u), u64::from(v), l, None).unwrap();
    }
    b.build().unwrap()
}

fn plain(directed: bool, nodes: u64, arcs: &[(u32, u32)]) -> Graph {
    let a: Vec<_> = arcs.iter().map(|&(u, v)| (u, v, None)).collect();
    graph(directed, nodes, &a)
}

/// Run `q` on both backends; assert the dispatch succeeded. The `cpu` side
/// runs it twice in one session and checks both runs agree: a one-run
/// session (`session::run_once`) runs on the graph as given, a longer one on a
/// skewed graph on its degree-grouped copy.
fn both(g: &Graph, q: &Query) -> (Output, Output) {
    let fast = dwell::session::run_once(&Cpu, g, q).expect("valid query");
    let profile = dwell::session::profile::derive(&Cpu, g, q, 2, u64::MAX).unwrap();
    let mut s = Session::open(&Cpu, g, dwell::session::plan(&profile).unwrap()).unwrap();
    s.run(q).expect("valid query");
    s.run(q).expect("valid query");
    let mut warm = s.finish().unwrap().outputs;
    assert_eq!(warm.len(), 1);
    let warm = warm.pop().unwrap();
    let oracle = dwell::session::run_once(&CpuReference, g, q).expect("valid query");
    // Every backend's answer passes its analysis's verifier.
    for (name, out) in [
        ("cpu", &fast),
        ("cpu, warm", &warm),
        ("cpu-reference", &oracle),
    ] {
        q.verify(g, out).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    // Witness paths may be other shortest paths under other ids (`taint`
    // checks each path returned); everything else must be equal.
    let strip = |o: &Output| match o {
        Output::Taint(rs) => {
            let mut rs = rs.clone();
            for f in rs.iter_mut().flat_map(|r| r.findings.iter_mut()) {
                f.path = f.path.as_ref().map(Vec::len).map(|l| vec![0; l]);
            }
            Output::Taint(rs)
        }
        o => o.clone(),
    };
    assert_eq!(
        strip(&fast),
        strip(&warm),
        "cpu: a one-run session differs from a two-run one"
    );
    (warm, oracle)
}

fn bfs(g: &Graph, sources: &[u32], keep_levels: bool) -> Vec<BfsResult> {
    let q = Query::Bfs(BfsQuery {
        sources: sources.to_vec(),
        keep_levels,
    });
    match both(g, &q) {
        (Output::Bfs(a), Output::Bfs(b)) => {
            assert_eq!(a, b, "bfs: cpu differs from cpu-reference");
            a
        }
        other => panic!("wrong output variant {other:?}"),
    }
}

fn reach(g: &Graph, q: ReachQuery) -> Vec<ReachResult> {
    match both(g, &Query::Reach(q)) {
        (Output::Reach(a), Output::Reach(b)) => {
            assert_eq!(a, b, "reach: cpu differs from cpu-reference");
            a
        }
        other => panic!("wrong output variant {other:?}"),
    }
}

/// Compare everything but witness contents (`both` verified each witness).
fn taint(g: &Graph, q: TaintQuery) -> Vec<TaintResult> {
    let (a, b) = match both(g, &Query::Taint(q.clone())) {
        (Output::Taint(a), Output::Taint(b)) => (a, b),
        other => panic!("wrong output variant {other:?}"),
    };
    assert_eq!(a.len(), b.len());
    for (x, y) in a.iter().zip(&b) {
        assert_eq!((x.source, x.tainted), (y.source, y.tainted));
        let sinks = |r: &TaintResult| r.findings.iter().map(|f| f.sink).collect::<Vec<_>>();
        assert_eq!(
            sinks(x),
            sinks(y),
            "taint findings differ for source {}",
            x.source
        );
        for (f, h) in x.findings.iter().zip(&y.findings) {
            assert_eq!(f.path.is_some(), q.witnesses);
            assert_eq!(h.path.is_some(), q.witnesses);
            if let (Some(p), Some(r)) = (&f.path, &h.path) {
                assert_eq!(p.len(), r.len(), "witness lengths differ: {p:?} vs {r:?}");
            }
        }
    }
    a
}

fn components(g: &Graph) -> (Components, Components) {
    let wcc = match both(g, &Query::Wcc) {
        (Output::Wcc(a), Output::Wcc(b)) => {
            assert_eq!(a, b, "wcc: cpu differs from cpu-reference");
            a
        }
        other => panic!("wrong output variant {other:?}"),
    };
    let scc = match both(g, &Query::Scc) {
        (Output::Scc(a), Output::Scc(b)) => {
            assert_eq!(a, b, "scc: cpu differs from cpu-reference");
            a
        }
        other => panic!("wrong output variant {other:?}"),
    };
    (wcc, scc)
}

/// Random graph case: directedness, node count, arcs with optional labels,
/// and source / sink / sanitizer lists and a mask.
#[derive(Debug, Clone)]
struct Case {
    directed: bool,
    nodes: u32,
    arcs: Vec<(u32, u32, Option<u32>)>,
    sources: Vec<u32>,
    sinks: Vec<u32>,
    sanitizers: Vec<u32>,
    mask: u32,
}

fn case() -> impl Strategy<Value = Case> {
    (any::<bool>(), any::<bool>(), 1u32..200).prop_flat_map(|(directed, labelled, nodes)| {
        let label = if labelled {
            (0u32..16).prop_map(Some).boxed()
        } else {
            Just(None).boxed()
        };
        let v = 0..nodes;
        (
            Just(directed),
            Just(nodes),
            proptest::collection::vec((v.clone(), v.clone(), label), 0..(3 * nodes as usize)),
            prop_oneof![
                proptest::collection::vec(v.clone(), 1..2),
                proptest::collection::vec(v.clone(), 1..150),
                // Few distinct sources, many duplicates.
                proptest::collection::vec(0..nodes.min(3), 60..140),
                // Wide sweeps (2, 4 and 8 lane words, more than one sweep).
                proptest::collection::vec(v.clone(), 65..700),
                proptest::collection::vec(0..nodes.min(5), 200..600),
            ],
            proptest::collection::vec(v.clone(), 0..10),
            proptest::collection::vec(v, 0..10),
            prop_oneof![Just(ALL_LABELS), 0u32..16],
        )
            .prop_map(
                |(directed, nodes, arcs, sources, sinks, sanitizers, mask)| Case {
                    directed,
                    nodes,
                    arcs,
                    sources,
                    sinks,
                    sanitizers,
                    mask,
                },
            )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn cpu_matches_reference(c in case(), keep in any::<bool>(), back in any::<bool>(), wit in any::<bool>()) {
        let g = graph(c.directed, u64::from(c.nodes), &c.arcs);
        let levels = bfs(&g, &c.sources, keep);
        prop_assert_eq!(levels.len(), c.sources.len());
        for (r, &s) in levels.iter().zip(&c.sources) {
            prop_assert_eq!(r.source, s);
        }
        let direction = if back { Direction::Backward } else { Direction::Forward };
        let reached = reach(&g, ReachQuery {
            sources: c.sources.clone(),
            direction,
            mask: c.mask,
            sinks: c.sinks.clone(),
            keep_sets: keep,
        });
        prop_assert_eq!(reached.len(), c.sources.len());
        let tq = TaintQuery {
            sources: c.sources.clone(),
            sinks: c.sinks.clone(),
            sanitizers: c.sanitizers.clone(),
            mask: c.mask,
            witnesses: wit,
        };
        let tainted = taint(&g, tq);
        // With no sanitizers, taint is forward reach under the same mask.
        if c.sanitizers.is_empty() && !back {
            for (t, r) in tainted.iter().zip(&reached) {
                prop_assert_eq!(t.tainted, r.reached);
            }
        }
        let (wcc, scc) = components(&g);
        prop_assert_eq!(wcc.labels.len(), c.nodes as usize);
        // Strong components refine weak ones.
        prop_assert!(scc.count >= wcc.count);
    }

    /// High-diameter graphs (a ring with a few chords and hubs), where large
    /// batches may run as independent single-source searches instead of sweeps
    /// (hubs give those searches rows longer than their short-row copy).
    #[test]
    fn cpu_matches_reference_on_long_rings(nodes in 300u32..3000, directed in any::<bool>(),
        chords in proptest::collection::vec((0u32..3000, 0u32..3000, 0u32..16), 0..6),
        hubs in proptest::collection::vec((0u32..3000, proptest::collection::vec(0u32..3000, 5..40)), 0..3),
        sources in proptest::collection::vec(0u32..3000, 1..200),
        sinks in proptest::collection::vec(0u32..3000, 0..10),
        sanitizers in proptest::collection::vec(0u32..3000, 0..4),
        mask in prop_oneof![Just(ALL_LABELS), 1u32..16], keep in any::<bool>()) {
        let mut arcs: Vec<_> = (0..nodes).map(|v| (v, (v + 1) % nodes, Some(v % 16))).collect();
        arcs.extend(chords.iter().map(|&(u, v, l)| (u % nodes, v % nodes, Some(l))));
        for (hub, spokes) in &hubs {
            arcs.extend(spokes.iter().map(|&v| (hub % nodes, v % nodes, Some(v % 16))));
        }
        let g = graph(directed, u64::from(nodes), &arcs);
        let fit = |vs: &[u32]| vs.iter().map(|&v| v % nodes).collect::<Vec<_>>();
        let (sources, sinks, sanitizers) = (fit(&sources), fit(&sinks), fit(&sanitizers));
        bfs(&g, &sources, keep);
        reach(&g, ReachQuery {
            sources: sources.clone(),
            direction: Direction::Forward,
            mask,
            sinks: sinks.clone(),
            keep_sets: keep,
        });
        taint(&g, TaintQuery { sources, sinks, sanitizers, mask, witnesses: false });
    }

    #[test]
    fn components_on_empty_and_sparse_graphs(directed in any::<bool>(), nodes in 0u32..50,
        arcs in proptest::collection::vec((0u32..50, 0u32..50), 0..20)) {
        let arcs: Vec<_> = arcs.into_iter().filter(|&(u, v)| u < nodes && v < nodes).collect();
        let g = plain(directed, u64::from(nodes), &arcs);
        let (wcc, scc) = components(&g);
        prop_assert_eq!(wcc.count as usize <= nodes as usize, true);
        prop_assert_eq!(scc.labels.len(), nodes as usize);
    }
}

#[test]
fn bfs_on_a_path() {
    // 0 - 1 - 2 - 3 - 4 (undirected)
    let g = plain(false, 5, &[(0, 1), (1, 2), (2, 3), (3, 4)]);
    let r = bfs(&g, &[0, 2, 0], true);
    assert_eq!((r[0].reached, r[0].max_level, r[0].level_sum), (5, 4, 10));
    assert_eq!(r[0].levels.as_deref(), Some(&[0, 1, 2, 3, 4][..]));
    assert_eq!((r[1].reached, r[1].max_level, r[1].level_sum), (5, 2, 6));
    assert_eq!(r[2], r[0]);
    // Directed: nothing flows backwards.
    let d = plain(true, 5, &[(0, 1), (1, 2), (2, 3), (3, 4)]);
    let r = bfs(&d, &[2], true);
    assert_eq!((r[0].reached, r[0].max_level, r[0].level_sum), (3, 2, 3));
    let n = NO_VERTEX;
    assert_eq!(r[0].levels.as_deref(), Some(&[n, n, 0, 1, 2][..]));
}

#[test]
fn bfs_on_a_star() {
    // Hub 0 with leaves 1..=6 (undirected).
    let arcs: Vec<_> = (1..=6).map(|v| (0, v)).collect();
    let g = plain(false, 7, &arcs);
    let r = bfs(&g, &[0, 3], false);
    assert_eq!((r[0].reached, r[0].max_level, r[0].level_sum), (7, 1, 6));
    assert_eq!(
        (r[1].reached, r[1].max_level, r[1].level_sum),
        (7, 2, 1 + 5 * 2)
    );
    assert_eq!(r[1].levels, None);
}

#[test]
fn cycle_with_a_tail() {
    // 0 → 1 → 2 → 0 cycle, tail 2 → 3 → 4, isolated 5.
    let g = plain(true, 6, &[(0, 1), (1, 2), (2, 0), (2, 3), (3, 4)]);
    let r = bfs(&g, &[0, 4, 5], false);
    assert_eq!(
        (r[0].reached, r[0].max_level, r[0].level_sum),
        (5, 4, 1 + 2 + 3 + 4)
    );
    assert_eq!((r[1].reached, r[1].max_level), (1, 0));
    assert_eq!(r[2].reached, 1);
    let back = reach(
        &g,
        ReachQuery {
            sources: vec![4],
            direction: Direction::Backward,
            sinks: vec![5, 0, 4, 3],
            keep_sets: true,
            ..Default::default()
        },
    );
    assert_eq!(back[0].reached, 5);
    assert_eq!(back[0].sinks_reached, vec![0, 4, 3]);
    assert_eq!(back[0].set.as_deref(), Some(&[0b11111u64][..]));
    let (wcc, scc) = components(&g);
    assert_eq!(wcc.labels, vec![0, 0, 0, 0, 0, 1]);
    assert_eq!((wcc.count, wcc.largest), (2, 5));
    assert_eq!(scc.labels, vec![0, 0, 0, 1, 2, 3]);
    assert_eq!((scc.count, scc.largest), (4, 3));
}

#[test]
fn two_sccs_joined_one_way() {
    // {0,1,2} cycle → {3,4} cycle via 2 → 3; 5 → 5 self loop alone.
    let g = plain(
        true,
        6,
        &[(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 3), (5, 5)],
    );
    let (wcc, scc) = components(&g);
    assert_eq!(scc.labels, vec![0, 0, 0, 1, 1, 2]);
    assert_eq!((scc.count, scc.largest), (3, 3));
    assert_eq!(wcc.labels, vec![0, 0, 0, 0, 0, 1]);
}

#[test]
fn reach_respects_the_label_mask() {
    // 0 -a-> 1 -b-> 2, 0 -b-> 3 ; a = 1, b = 2.
    let g = graph(
        true,
        4,
        &[(0, 1, Some(1)), (1, 2, Some(2)), (0, 3, Some(2))],
    );
    let q = |mask| ReachQuery {
        sources: vec![0],
        mask,
        sinks: vec![2, 3, 1],
        ..Default::default()
    };
    assert_eq!(reach(&g, q(1))[0].sinks_reached, vec![1]);
    assert_eq!(reach(&g, q(2))[0].sinks_reached, vec![3]);
    assert_eq!(reach(&g, q(3))[0].sinks_reached, vec![2, 3, 1]);
    assert_eq!(reach(&g, q(0))[0].reached, 1);
}

#[test]
fn taint_stops_at_sanitizers() {
    // 0 → 1 → 2 → 4 and 0 → 3 → 4 → 5; sanitizer 3.
    let g = plain(true, 6, &[(0, 1), (1, 2), (2, 4), (0, 3), (3, 4), (4, 5)]);
    let q = TaintQuery {
        sources: vec![0, 3],
        sinks: vec![5, 3, 4],
        sanitizers: vec![3],
        ..Default::default()
    };
    let r = taint(&g, q.clone());
    // From 0: 0,1,2,4,5 (3 is sanitized); shortest surviving path to 5 has 5 vertices.
    assert_eq!(r[0].tainted, 5);
    let sinks: Vec<_> = r[0].findings.iter().map(|f| f.sink).collect();
    assert_eq!(sinks, vec![5, 4]);
    assert_eq!(r[0].findings[0].path.as_deref(), Some(&[0, 1, 2, 4, 5][..]));
    // A sanitizer source still propagates and is its own finding.
    assert_eq!(r[1].tainted, 3);
    let sinks: Vec<_> = r[1].findings.iter().map(|f| f.sink).collect();
    assert_eq!(sinks, vec![5, 3, 4]);
    assert_eq!(r[1].findings[1].path.as_deref(), Some(&[3][..]));
    // Without witnesses, the bit-parallel path gives the same counts.
    let r2 = taint(
        &g,
        TaintQuery {
            witnesses: false,
            ..q
        },
    );
    assert_eq!(r2[0].tainted, 5);
    assert!(r2[0].findings.iter().all(|f| f.path.is_none()));
}

#[test]
fn out_of_range_source_is_a_query_error() {
    let g = plain(true, 3, &[(0, 1)]);
    let q = Query::Bfs(BfsQuery {
        sources: vec![0, 3],
        keep_levels: false,
    });
    for backend in [&Cpu as &dyn dwell::backend::Backend, &CpuReference] {
        assert!(matches!(
            dwell::session::run_once(backend, &g, &q),
            Err(SessionError::Query(QueryError::VertexOutOfRange {
                what: "source",
                id: 3,
                nodes: 3
            }))
        ));
    }
    let t = Query::Taint(TaintQuery {
        sources: vec![0],
        sanitizers: vec![7],
        ..Default::default()
    });
    assert!(matches!(
        dwell::session::run_once(&Cpu, &g, &t),
        Err(SessionError::Query(QueryError::VertexOutOfRange {
            what: "sanitizer",
            id: 7,
            ..
        }))
    ));
}

#[test]
fn long_chains_do_not_overflow_and_match() {
    // 60k-vertex directed chain closed into one cycle at the end, plus a
    // 60k chain tail: deep DFS for Tarjan, many levels for BFS.
    let n = 120_000u32;
    let mut arcs: Vec<(u32, u32)> = (0..n - 1).map(|v| (v, v + 1)).collect();
    arcs.push((59_999, 0));
    let g = plain(true, u64::from(n), &arcs);
    let (wcc, scc) = components(&g);
    assert_eq!((wcc.count, wcc.largest), (1, u64::from(n)));
    assert_eq!((scc.count, scc.largest), (60_001, 60_000));
    let r = bfs(&g, &[0, 60_000], false);
    assert_eq!((r[0].reached, r[0].max_level), (u64::from(n), n - 1));
    assert_eq!((r[1].reached, r[1].max_level), (60_000, 59_999));
}

#[test]
fn larger_random_graphs_match() {
    // Big enough for multi-threaded levels, bottom-up steps and several sweeps.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    for &(directed, n, m) in &[(true, 20_000u32, 60_000usize), (false, 30_000, 45_000)] {
        let arcs: Vec<(u32, u32, Option<u32>)> = (0..m)
            .map(|_| {
                // Skewed endpoints: a few hubs, a long tail.
                let hub = |r: &mut rand_chacha::ChaCha8Rng| {
                    let x: f64 = r.gen();
                    ((x * x * x) * f64::from(n)) as u32 % n
                };
                (
                    hub(&mut rng),
                    rng.gen_range(0..n),
                    Some(rng.gen_range(1..8)),
                )
            })
            .collect();
        let g = graph(directed, u64::from(n), &arcs);
        let sources: Vec<u32> = (0..150).map(|_| rng.gen_range(0..n)).collect();
        bfs(&g, &sources, false);
        bfs(&g, &sources[..1], true);
        reach(
            &g,
            ReachQuery {
                sources: sources.clone(),
                direction: Direction::Backward,
                mask: 3,
                sinks: sources[..20].to_vec(),
                keep_sets: false,
            },
        );
        let sanitizers: Vec<u32> = (0..200).map(|_| rng.gen_range(0..n)).collect();
        for witnesses in [false, true] {
            taint(
                &g,
                TaintQuery {
                    sources: sources[..70].to_vec(),
                    sinks: sources[70..].to_vec(),
                    sanitizers: sanitizers.clone(),
                    mask: 5,
                    witnesses,
                },
            );
        }
        components(&g);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Single-source queries on R-MAT graphs whose middle levels are wide
    /// enough for a single search to go bottom-up (over a frontier bitset),
    /// with and without label masks and sanitizers, both directions.
    #[test]
    fn single_source_searches_match_on_wide_levels(scale in 9u32..12, seed in 0u64..1000,
        directed in any::<bool>(), labelled in any::<bool>(), mask in prop_oneof![Just(ALL_LABELS), 1u32..16],
        sanitizers in proptest::collection::vec(0u32..4096, 0..40), pick in 0usize..64) {
        let gen = dwell::gen::rmat(scale, 8, seed).unwrap();
        let arcs: Vec<_> = gen.edges.iter().enumerate()
            .map(|(i, &(u, v))| (u, v, labelled.then_some(i as u32 % 16)))
            .collect();
        let g = graph(directed, gen.nodes, &arcs);
        let candidates = dwell::sources::random(&g, 64, seed).unwrap();
        let source = candidates[pick % candidates.len()];
        let sinks = dwell::sources::random(&g, 8, seed + 1).unwrap();
        let sanitizers: Vec<u32> = sanitizers.iter().map(|&v| v % gen.nodes as u32).collect();
        bfs(&g, &[source], true);
        for direction in [Direction::Forward, Direction::Backward] {
            reach(&g, ReachQuery { sources: vec![source], direction, mask, sinks: sinks.clone(), keep_sets: true });
        }
        taint(&g, TaintQuery { sources: vec![source], sinks, sanitizers, mask, witnesses: false });
    }
}

#[test]
fn rmat_levels_big_enough_for_the_parallel_paths_match() {
    // R-MAT scale 15, edge factor 40: over a million arcs either way, so the widest levels run
    // the parallel top-down and bottom-up steps and settle their new
    // vertices in parallel (small graphs above only reach the serial
    // top-down path). Directed too, so scc takes forward–backward.
    let gen = dwell::gen::rmat(15, 40, 3).unwrap();
    let undirected = gen.clone().build().unwrap();
    let mut b = GraphBuilder::new(true);
    b.set_nodes(gen.nodes).unwrap();
    for &(u, v) in &gen.edges {
        b.push(u.into(), v.into()).unwrap();
    }
    let directed = b.build().unwrap();
    assert!(directed.arcs() >= dwell::analysis::components::FWBW_MIN_ARCS);
    for g in [&undirected, &directed] {
        let sources = dwell::sources::random(g, 64, 5).unwrap();
        bfs(g, &sources, false);
        bfs(g, &sources[..1], true);
        reach(
            g,
            ReachQuery {
                sources: sources[..40].to_vec(),
                direction: Direction::Backward,
                sinks: sources[40..].to_vec(),
                ..Default::default()
            },
        );
        components(g);
    }
}

/// A graph with trees hanging from a ring core, for the folded searches of
/// `graph::fold`: `core` ring vertices (with chords), then tree vertices,
/// each hung from an earlier vertex by an arc kind (0: both ways, 1: away
/// from the parent, 2: towards it), some starting new tree components
/// (parent `None`), and one long path hung from vertex 0 whose region is too
/// large to fold (it stays in the core).
fn hanging_trees(
    directed: bool,
    core: u32,
    chords: &[(u32, u32)],
    hung: &[(Option<u32>, u8)],
    tail: u32,
) -> Graph {
    let mut arcs: Vec<(u32, u32)> = (0..core).map(|v| (v, (v + 1) % core)).collect();
    if directed {
        // Both ways round the ring, so the core is strongly connected.
        arcs.extend((0..core).map(|v| ((v + 1) % core, v)));
    }
    arcs.extend(chords.iter().map(|&(u, v)| (u % core, v % core)));
    let mut next = core;
    for &(parent, kind) in hung {
        if let Some(p) = parent {
            let p = p % next;
            match kind % 3 {
                0 if directed => arcs.extend([(p, next), (next, p)]),
                0 | 1 => arcs.push((p, next)),
                _ => arcs.push((next, p)),
            }
        }
        next += 1;
    }
    let mut last = 0;
    for _ in 0..tail {
        arcs.push((last, next));
        if directed {
            arcs.push((next, last));
        }
        last = next;
        next += 1;
    }
    plain(directed, u64::from(next), &arcs)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// BFS summaries from single searches over a folded graph (trees walked
    /// from their regions, the core with its hanging trees added) equal the
    /// oracle's, from sources in the core, in hanging trees and in tree
    /// components; and with levels kept (no folding) too.
    #[test]
    fn folded_searches_match(directed in any::<bool>(), core in 3u32..60,
        chords in proptest::collection::vec((0u32..60, 0u32..60), 0..8),
        hung in proptest::collection::vec((proptest::option::weighted(0.95, 0u32..10_000), any::<u8>()), 20..400),
        tail in prop_oneof![Just(0u32), 300u32..320],
        sources in proptest::collection::vec(0u32..10_000, 1..=4)) {
        let g = hanging_trees(directed, core, &chords, &hung, tail);
        prop_assume!(dwell::graph::fold::Folded::build(&g).unwrap().is_some());
        let n = g.nodes() as u32;
        let sources: Vec<u32> = sources.iter().map(|&v| v % n).collect();
        bfs(&g, &sources, false);
        bfs(&g, &sources, true);
        // Reachability counts run folded too (forward, no sinks, no sets);
        // with a sink, backward, or sets kept they do not.
        let counts = ReachQuery { sources: sources.clone(), ..Default::default() };
        reach(&g, counts.clone());
        reach(&g, ReachQuery { sinks: vec![n - 1], ..counts.clone() });
        reach(&g, ReachQuery { direction: Direction::Backward, ..counts.clone() });
        reach(&g, ReachQuery { keep_sets: true, ..counts });
    }
}

#[test]
fn folded_searches_match_on_the_bremen_roads() {
    // The bundled road network: 39% of its vertices hang outside the core.
    // Sources in both, including its small components.
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/roads/bremen_dist.gr.xz"
    );
    let g = dwell::formats::load(path.as_ref(), &Default::default()).unwrap();
    let fold = dwell::graph::fold::Folded::build(&g)
        .unwrap()
        .expect("Bremen folds");
    assert!(
        fold.core.nodes() * 10 < g.nodes() * 7,
        "{} core vertices",
        fold.core.nodes()
    );
    let sources = dwell::sources::random(&g, 96, 7).unwrap();
    let outside = |v: &u32| fold.core_id[*v as usize] == NO_VERTEX;
    assert!(sources.iter().filter(|v| outside(v)).count() >= 20);
    bfs(&g, &sources, false);
    // Sources sharing one core search: a root and three vertices of the
    // regions hanging from it.
    let mut by_root = std::collections::HashMap::<u32, Vec<u32>>::new();
    for v in 0..g.nodes() as u32 {
        let r = fold.region[v as usize];
        if outside(&v) && fold.core_id[r as usize] != NO_VERTEX {
            by_root.entry(r).or_default().push(v);
        }
    }
    let (&root, members) = by_root
        .iter()
        .filter(|(_, m)| m.len() >= 3)
        .min_by_key(|(&r, _)| r)
        .expect("a root with three hanging vertices");
    bfs(&g, &[members[0], root, members[1], members[2]], false);
    for pair in sources.chunks(2).take(8) {
        bfs(&g, pair, false);
        let counts = ReachQuery {
            sources: pair.to_vec(),
            ..Default::default()
        };
        reach(&g, counts);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Folded searches over a dense core (levels wide enough to go
    /// bottom-up, so the trees of a whole frontier are added at once) with
    /// leaves and short paths hanging from it, some one-way.
    #[test]
    fn folded_searches_match_on_a_dense_core(seed in 0u64..1000, directed in any::<bool>(),
        picks in proptest::collection::vec(0usize..5000, 1..=4)) {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let core = 4000u32;
        let mut arcs: Vec<(u32, u32)> = Vec::new();
        for v in 0..core {
            for _ in 0..8 {
                let w = rng.gen_range(0..core);
                arcs.push((v, w));
                if directed && rng.gen_bool(0.9) {
                    arcs.push((w, v));
                }
            }
        }
        let mut next = core;
        while next < 5000 {
            let parent = rng.gen_range(0..next);
            match rng.gen_range(0..3) {
                0 => arcs.push((parent, next)),
                1 => arcs.push((next, parent)),
                _ => arcs.extend([(parent, next), (next, parent)]),
            }
            next += 1;
        }
        let g = plain(directed, 5000, &arcs);
        prop_assume!(!dwell::graph::order::skewed(&g));
        prop_assert!(dwell::graph::fold::Folded::build(&g).unwrap().is_some());
        let sources: Vec<u32> = picks.iter().map(|&p| p as u32).collect();
        bfs(&g, &sources, false);
    }
}
