//! SSSP (issue 32): delta-stepping (`cpu`) against Dijkstra (`cpu-reference`)
//! bit for bit on random weighted graphs, both through the verifier; the
//! verifier catching corrupted answers; integer lengths (summed as `u32`
//! when they fit) near and past that bound; unit lengths equal to BFS levels;
//! and scipy's distances on the bundled road graphs, pinned in
//! `tests/data/sssp/*.tsv` by `scripts/scipy_sssp.py`.

use dwell::analysis::{BfsQuery, Output, Query, SsspQuery, SsspResult};
use dwell::backend::{Cpu, CpuReference};
use dwell::formats::{load, LoadOptions};
use dwell::graph::{Graph, GraphBuilder, NO_VERTEX};
use dwell::session::{run_once, Session};
use proptest::prelude::*;
use std::path::PathBuf;

fn graph(directed: bool, n: u64, arcs: &[(u32, u32, f64)], weighted: bool) -> Graph {
    let mut b = GraphBuilder::new(directed);
    b.set_nodes(n).unwrap();
    for &(u, v, w) in arcs {
        b.push_arc(u.into(), v.into(), None, weighted.then_some(w))
            .unwrap();
    }
    b.build().unwrap()
}

/// `cpu` in a session of two runs (which packs integer lengths, and runs on
/// a skewed graph's degree-grouped copy) and the oracle; `cpu`'s one-off
/// run (f64 lengths, the graph itself) must give the session's answer.
fn sssp(g: &Graph, q: &SsspQuery) -> (SsspResult, SsspResult) {
    let q = Query::Sssp(q.clone());
    let answer = |out: Output| match out {
        Output::Sssp(r) => r,
        other => panic!("sssp answered {other:?}"),
    };
    let plan = Session::plan_query(&Cpu, g, &q, 2, u64::MAX).expect("valid query");
    let mut s = Session::open(&Cpu, g, plan).unwrap();
    s.run(&q).unwrap();
    s.run(&q).unwrap();
    let fast = answer(s.read_back().unwrap().outputs.pop().unwrap());
    let once = answer(run_once(&Cpu, g, &q).unwrap());
    assert_eq!(fast, once, "a session's cpu answer and a one-off run's");
    let oracle = answer(run_once(&CpuReference, g, &q).unwrap());
    for (name, out) in [("cpu", &fast), ("cpu-reference", &oracle)] {
        q.verify(g, &Output::Sssp(out.clone()))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    (fast, oracle)
}

/// Lengths from a small set with zeros and fractions (ties, zero cycles),
/// or spread out.
fn arb_length() -> impl Strategy<Value = f64> {
    prop_oneof![
        prop::sample::select(vec![0.0, 0.5, 1.0, 1.0, 2.5, 7.0, 100.0]),
        0.0f64..1000.0,
    ]
}

fn arb_graph() -> impl Strategy<Value = (bool, u64, Vec<(u32, u32, f64)>)> {
    (any::<bool>(), 1u64..60).prop_flat_map(|(directed, n)| {
        let arc = (0..n as u32, 0..n as u32, arb_length());
        (
            Just(directed),
            Just(n),
            prop::collection::vec(arc, 0..(5 * n as usize)),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn delta_stepping_equals_dijkstra_bit_for_bit(
        (directed, n, arcs) in arb_graph(),
        weighted in prop::bool::weighted(0.8),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 1..6),
        delta in prop::option::of(prop_oneof![1e-3f64..1.0, 1.0f64..500.0]),
        parents in any::<bool>(),
    ) {
        let g = graph(directed, n, &arcs, weighted);
        let sources: Vec<u32> = picks.iter().map(|i| i.index(n as usize) as u32).collect();
        let q = SsspQuery { sources, delta, parents };
        let (fast, oracle) = sssp(&g, &q);
        prop_assert_eq!(fast, oracle);
    }
}

/// Integer lengths around the bound under which `cpu` sums them as `u32`
/// (`graph::packed`: n · max length below `u32::MAX`) and past it, up to
/// past `u32` itself: packed or not, the answer is Dijkstra's in f64.
fn arb_integer_graph() -> impl Strategy<Value = (bool, u64, Vec<(u32, u32, f64)>)> {
    (any::<bool>(), 1u64..40).prop_flat_map(|(directed, n)| {
        let top = u64::from(u32::MAX) / n;
        let length = prop_oneof![
            prop::sample::select(vec![0, 1, top - 1, top, top + 1, 1 << 32, 1 << 40]),
            0..=top,
            0u64..8,
        ]
        .prop_map(|x| x as f64);
        let arc = (0..n as u32, 0..n as u32, length);
        (
            Just(directed),
            Just(n),
            prop::collection::vec(arc, 0..(4 * n as usize)),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn integer_lengths_near_u32_sums_equal_dijkstra(
        (directed, n, arcs) in arb_integer_graph(),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 1..4),
        delta in prop::option::of(prop_oneof![1.0f64..1e3, 1e3f64..1e10]),
    ) {
        let g = graph(directed, n, &arcs, true);
        let sources: Vec<u32> = picks.iter().map(|i| i.index(n as usize) as u32).collect();
        let q = SsspQuery { sources, delta, parents: true };
        let (fast, oracle) = sssp(&g, &q);
        prop_assert_eq!(fast, oracle);
    }
}

/// A random graph big enough for parallel rounds (frontiers over a
/// thousand vertices), GAPBS-like lengths 1..=255.
fn big(weighted: bool) -> Graph {
    let n = 30_000u64;
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let arcs: Vec<(u32, u32, f64)> = (0..8 * n)
        .map(|_| {
            let (u, v) = ((next() % n) as u32, (next() % n) as u32);
            (u, v, (1 + next() % 255) as f64)
        })
        .collect();
    graph(true, n, &arcs, weighted)
}

#[test]
fn parallel_rounds_and_parallel_sources_equal_dijkstra_on_a_large_graph() {
    let g = big(true);
    for (sources, delta) in [
        (vec![7], None),
        (vec![7], Some(2.0)),
        // Pushes up to 510 buckets ahead: past the near bins, into the far list.
        (vec![7], Some(0.5)),
        (vec![1, 2, 3, 4], None),
    ] {
        let q = SsspQuery {
            sources,
            delta,
            parents: true,
        };
        let (fast, oracle) = sssp(&g, &q);
        assert_eq!(fast, oracle, "delta {delta:?}");
        assert!(fast.sources[0].reached > 20_000, "most vertices reached");
    }
}

#[test]
fn unit_lengths_are_bfs_levels() {
    let g = big(false);
    let q = SsspQuery {
        sources: vec![11],
        delta: None,
        parents: false,
    };
    let (fast, _) = sssp(&g, &q);
    assert!(!fast.weighted);
    let bfs = run_once(
        &Cpu,
        &g,
        &Query::Bfs(BfsQuery {
            sources: vec![11],
            keep_levels: true,
        }),
    )
    .unwrap();
    let Output::Bfs(b) = bfs else { panic!() };
    let levels = b[0].levels.as_ref().expect("levels kept");
    for (v, &d) in fast.sources[0].dist.iter().enumerate() {
        let want = match levels[v] {
            u32::MAX => f64::INFINITY,
            l => f64::from(l),
        };
        assert_eq!(d, want, "vertex {v}");
    }
}

/// A change to a correct answer.
type Edit = dyn Fn(&mut SsspResult);

#[test]
fn the_verifier_catches_corrupted_answers() {
    // 0 →(1) 1 →(0) 2 →(0) 1 (a zero cycle), 0 →(5) 3, 4 unreachable.
    let g = graph(
        true,
        5,
        &[(0, 1, 1.0), (1, 2, 0.0), (2, 1, 0.0), (0, 3, 5.0)],
        true,
    );
    let q = SsspQuery {
        sources: vec![0],
        delta: None,
        parents: true,
    };
    let (good, _) = sssp(&g, &q);
    assert_eq!(good.sources[0].dist, [0.0, 1.0, 1.0, 5.0, f64::INFINITY]);
    let query = Query::Sssp(q.clone());
    let check = |edit: &Edit| {
        let mut bad = good.clone();
        edit(&mut bad);
        query
            .verify(&g, &Output::Sssp(bad))
            .map_err(|e| e.to_string())
    };
    assert!(check(&|_| ()).is_ok());
    let corruptions: [(&str, &Edit); 8] = [
        ("too short", &|r| r.sources[0].dist[3] = 4.0),
        ("too long", &|r| r.sources[0].dist[3] = 6.0),
        ("unreached made reached", &|r| r.sources[0].dist[4] = 9.0),
        ("NaN", &|r| r.sources[0].dist[2] = f64::NAN),
        ("source not 0", &|r| r.sources[0].dist[0] = 0.5),
        ("reached count", &|r| r.sources[0].reached = 3),
        ("parent cycle", &|r| {
            let p = r.sources[0].parent.as_mut().unwrap();
            (p[1], p[2]) = (2, 1);
        }),
        ("reached without a parent", &|r| {
            r.sources[0].parent.as_mut().unwrap()[3] = NO_VERTEX
        }),
    ];
    for (what, edit) in corruptions {
        assert!(check(edit).is_err(), "{what} passed the verifier");
    }
}

#[test]
fn bad_queries_are_refused_with_a_fix() {
    let g = graph(true, 3, &[(0, 1, 1.0)], true);
    for (sources, delta) in [
        (vec![0], Some(0.0)),
        (vec![0], Some(-1.0)),
        (vec![0], Some(f64::NAN)),
        (vec![], None),
        (vec![3], None),
    ] {
        let q = Query::Sssp(SsspQuery {
            sources,
            delta,
            parents: false,
        });
        let e = run_once(&Cpu, &g, &q).unwrap_err().to_string();
        assert!(e.contains("Fix:"), "{e}");
    }
}

fn data(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel)
}

/// `tests/data/sssp/NAME.tsv` against dwell on `data/roads/NAME.gr.xz`.
fn matches_scipy(name: &str) {
    let g = load(
        &data(&format!("../../data/roads/{name}.gr.xz")),
        &LoadOptions::default(),
    )
    .unwrap();
    let text = std::fs::read_to_string(data(&format!("tests/data/sssp/{name}.tsv"))).unwrap();
    let header = text.lines().nth(1).unwrap();
    let probes: Vec<usize> = header
        .split('\t')
        .skip(4)
        .map(|c| {
            c.trim_start_matches("d[")
                .trim_end_matches(']')
                .parse()
                .unwrap()
        })
        .collect();
    let rows: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').collect())
        .collect();
    assert!(rows.len() >= 4, "{name}: pinned rows");
    let sources: Vec<u32> = rows.iter().map(|r| r[0].parse().unwrap()).collect();
    let num = |s: &str| -> f64 { s.parse().unwrap() };
    let q = SsspQuery {
        sources,
        delta: None,
        parents: true,
    };
    let (fast, oracle) = sssp(&g, &q);
    assert_eq!(fast, oracle);
    for (r, row) in fast.sources.iter().zip(&rows) {
        let finite: Vec<f64> = r.dist.iter().copied().filter(|x| x.is_finite()).collect();
        assert_eq!(
            r.reached,
            row[1].parse::<u64>().unwrap(),
            "{name} from {}",
            r.source
        );
        assert_eq!(finite.iter().copied().fold(0.0, f64::max), num(row[2]));
        assert_eq!(finite.iter().sum::<f64>(), num(row[3]));
        for (k, &p) in probes.iter().enumerate() {
            assert_eq!(
                r.dist[p],
                num(row[4 + k]),
                "{name}: d[{p}] from {}",
                r.source
            );
        }
    }
}

#[test]
fn bremen_distances_match_scipy() {
    matches_scipy("bremen_dist");
}

#[test]
fn sparse_id_road_graph_matches_scipy() {
    matches_scipy("graph_23rd");
}

/// Hubs (rows of 9,000 arcs) reached first from the source, as on an R-MAT
/// graph: rounds of few vertices with many arcs, and rounds where a
/// parallel task holds most of the arcs.
#[test]
fn hub_rows_relaxed_in_pieces_equal_dijkstra() {
    let n = 20_000u32;
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut arcs = vec![(0, 1, 3.0), (0, 2, 3.0)];
    for hub in 1..=4u32 {
        for _ in 0..9_000 {
            let v = (next() % u64::from(n)) as u32;
            arcs.push((hub, v, (1 + next() % 255) as f64));
        }
    }
    for _ in 0..6 * n {
        let (u, v) = (
            (next() % u64::from(n)) as u32,
            (next() % u64::from(n)) as u32,
        );
        arcs.push((u, v, (1 + next() % 255) as f64));
        arcs.push((u, (1 + next() % 4) as u32, 1.0));
    }
    let g = graph(true, u64::from(n), &arcs, true);
    for delta in [None, Some(1.0), Some(300.0)] {
        let q = SsspQuery {
            sources: vec![0],
            delta,
            parents: true,
        };
        let (fast, oracle) = sssp(&g, &q);
        assert_eq!(fast, oracle, "delta {delta:?}");
    }
}

/// A session of several runs on a skewed graph answers SSSP without parents
/// on its degree-grouped copy (`graph::order`), with parents on the graph
/// itself: either way, the oracle's answer in the graph's own ids.
/// email-Enron is skewed; its lengths here are integers (packed on the
/// copy) or hop counts.
#[test]
fn sssp_in_a_session_on_a_skewed_graph_answers_as_the_oracle() {
    let plain = load(
        &data("../../data/graphs/email-Enron.edges.xz"),
        &LoadOptions::default(),
    )
    .unwrap();
    assert!(dwell::graph::order::skewed(&plain));
    let csr = plain.forward();
    let arcs: Vec<(u32, u32, f64)> = (0..plain.nodes() as u32)
        .flat_map(|u| {
            csr.neighbors(u)
                .iter()
                .map(move |&v| (u, v, f64::from((u * 7 + v * 13) % 256)))
        })
        .collect();
    let weighted = graph(true, plain.nodes() as u64, &arcs, true);
    for g in [&plain, &weighted] {
        assert!(dwell::graph::order::skewed(g));
        for parents in [false, true] {
            let q = Query::Sssp(SsspQuery {
                sources: vec![0, 5, 4_000],
                delta: None,
                parents,
            });
            let plan = Session::plan_query(&Cpu, g, &q, 2, u64::MAX).unwrap();
            let mut s = Session::open(&Cpu, g, plan).unwrap();
            s.run(&q).unwrap();
            s.run(&q).unwrap();
            let r = s.read_back().unwrap();
            let fast = r.outputs.last().unwrap();
            q.verify(g, fast).unwrap();
            assert_eq!(fast, &run_once(&CpuReference, g, &q).unwrap());
        }
    }
}
