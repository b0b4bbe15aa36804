//! The GAP kernels PageRank and triangle counting: `cpu` against the
//! `cpu-reference` oracle on random graphs (PageRank within 1e-9, triangles
//! exactly), every answer through its verifier, the sessions' refusals, and
//! NetworkX's answers on bundled real graphs, pinned from
//! `scripts/networkx_gap.py` (NetworkX 3.6.1).

use dwell::analysis::{
    triangles, Ctx, Output, PageRankQuery, PageRankResult, Query, StopRule, TrianglesResult,
    Update, Workspace,
};
use dwell::backend::{Cpu, CpuReference};
use dwell::counters::Counters;
use dwell::formats::{load, LoadOptions};
use dwell::graph::{Graph, GraphBuilder};
use dwell::session::{run_once, SessionError};
use proptest::prelude::*;
use std::path::PathBuf;

fn graph(directed: bool, nodes: u64, arcs: &[(u32, u32)]) -> Graph {
    let mut b = GraphBuilder::new(directed);
    b.set_nodes(nodes).unwrap();
    for &(u, v) in arcs {
        b.push_arc(u64::from(u), u64::from(v), None, None).unwrap();
    }
    b.build().unwrap()
}

/// Both backends' answers, each checked by the verifier.
fn both(g: &Graph, q: &Query) -> (Output, Output) {
    let fast = run_once(&Cpu, g, q).expect("valid query");
    let oracle = run_once(&CpuReference, g, q).expect("valid query");
    for (name, out) in [("cpu", &fast), ("cpu-reference", &oracle)] {
        q.verify(g, out).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    (fast, oracle)
}

fn pagerank(g: &Graph, q: PageRankQuery) -> (PageRankResult, PageRankResult) {
    match both(g, &Query::PageRank(q)) {
        (Output::PageRank(a), Output::PageRank(b)) => (a, b),
        other => panic!("pagerank answered {other:?}"),
    }
}

fn triangles(g: &Graph) -> TrianglesResult {
    match both(g, &Query::Triangles) {
        (Output::Triangles(a), Output::Triangles(b)) => {
            assert_eq!(a, b, "triangles: cpu differs from cpu-reference");
            a
        }
        other => panic!("triangles answered {other:?}"),
    }
}

fn close(a: &[f64], b: &[f64], tol: f64) -> Result<(), String> {
    if a.len() != b.len() {
        return Err(format!("{} scores against {}", a.len(), b.len()));
    }
    match (0..a.len()).find(|&i| (a[i] - b[i]).abs() > tol) {
        Some(i) => Err(format!("vertex {i}: {} against {}", a[i], b[i])),
        None => Ok(()),
    }
}

fn arb_graph() -> impl Strategy<Value = (bool, u64, Vec<(u32, u32)>)> {
    (any::<bool>(), 1u64..40).prop_flat_map(|(directed, n)| {
        let arc = (0..n as u32, 0..n as u32);
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
    fn pagerank_cpu_matches_the_oracle(
        (directed, n, arcs) in arb_graph(),
        gapbs in any::<bool>(),
        gauss_seidel in any::<bool>(),
        damping in 0.5f64..0.95,
        weights in prop::option::of(prop::collection::vec(0.0f64..1.0, 40)),
    ) {
        let g = graph(directed, n, &arcs);
        let stop = if gapbs { StopRule::Gapbs } else { StopRule::Networkx };
        let mut q = PageRankQuery::with_rule(stop);
        q.damping = damping;
        // Under 4096 vertices the cpu kernel's Gauss–Seidel rounds run as
        // one chunk, in id order like the oracle's, so they agree to 1e-9.
        q.update = if gauss_seidel { Update::GaussSeidel } else { Update::Jacobi };
        // Enough rounds that NetworkX's rule converges on any of these.
        q.max_iterations = 1000;
        q.personalization = weights
            .map(|w| w[..n as usize].iter().map(|x| x + 0.01).collect());
        let (fast, oracle) = pagerank(&g, q);
        prop_assert_eq!(fast.iterations, oracle.iterations);
        prop_assert_eq!(fast.converged, oracle.converged);
        close(&fast.scores, &oracle.scores, 1e-9).map_err(TestCaseError::fail)?;
        let total: f64 = fast.scores.iter().sum();
        prop_assert!((total - 1.0).abs() < 1e-9, "scores sum to {}", total);
    }

    #[test]
    fn triangles_cpu_matches_the_oracle((directed, n, arcs) in arb_graph()) {
        let g = graph(directed, n, &arcs);
        let t = triangles(&g);
        prop_assert_eq!(t.per_vertex.iter().sum::<u64>(), 3 * t.triangles);
    }
}

fn allocations(c: &Counters) -> u64 {
    c.snapshot().expect("counters fit").allocations
}

/// The cpu kernel keeps a graph's orientation in the session's workspace:
/// later runs on the same graph reuse it (and allocate less), a run on
/// another graph builds its own, and every answer equals the oracle's.
#[test]
fn triangles_reuse_the_orientation_only_on_its_own_graph() {
    let k4 = graph(false, 4, &[(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]);
    let path = graph(false, 4, &[(0, 1), (1, 2), (2, 3), (0, 2)]);
    let enron = bundled("email-Enron");
    let (counters, workspace) = (Counters::default(), Workspace::default());
    let ctx = Ctx::new(&counters, &workspace);
    for g in [&k4, &path, &k4, &enron, &enron, &path] {
        let before = allocations(&counters);
        let got = triangles::parallel(g, &(), &ctx);
        let fresh = allocations(&counters) - before;
        assert_eq!(got, triangles(g));
        // Counts alone when reused; degrees and the orientation's arrays too when built.
        assert!(fresh >= 1, "{fresh} allocations");
    }
    let before = allocations(&counters);
    triangles::parallel(&path, &(), &ctx);
    assert_eq!(
        allocations(&counters) - before,
        1,
        "the orientation was rebuilt"
    );
    let before = allocations(&counters);
    triangles::parallel(&k4, &(), &ctx);
    assert!(
        allocations(&counters) - before > 1,
        "k4 ran on path's orientation"
    );
}

#[test]
fn triangles_on_small_graphs_by_hand() {
    // K4: four triangles, each vertex in three; every coefficient 1.
    let k4 = graph(false, 4, &[(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]);
    let t = triangles(&k4);
    assert_eq!((t.triangles, t.per_vertex.clone()), (4, vec![3; 4]));
    assert_eq!((t.average_clustering, t.transitivity), (1.0, 1.0));
    // A directed 3-cycle with a self loop and a reciprocal arc is one
    // triangle in the undirected view; the pendant vertex 3 has none.
    let g = graph(true, 4, &[(0, 1), (1, 2), (2, 0), (0, 0), (1, 0), (2, 3)]);
    let t = triangles(&g);
    assert_eq!((t.triangles, t.per_vertex.clone()), (1, vec![1, 1, 1, 0]));
    assert_eq!(t.clustering, vec![1.0, 1.0, 1.0 / 3.0, 0.0]);
    // NetworkX's 6 × triangles / Σ d(d − 1) = 6 / (2 + 2 + 6 + 0).
    assert_eq!(t.transitivity, 0.6);
    let empty = graph(false, 0, &[]);
    assert_eq!(triangles(&empty).triangles, 0);
}

#[test]
fn pagerank_dangling_rank_goes_by_the_personalization() {
    // 0 → 1, 1 dangling. Personalization all on 0: the dangling rank and
    // the teleport return to 0.
    let g = graph(true, 2, &[(0, 1)]);
    let q = PageRankQuery {
        personalization: Some(vec![1.0, 0.0]),
        ..Default::default()
    };
    let (fast, _) = pagerank(&g, q);
    // x0 = 0.15 + 0.85 x1, x1 = 0.85 x0 → x0 = 0.15 / (1 − 0.85²).
    assert!(
        (fast.scores[0] - 0.15 / 0.2775).abs() < 1e-6,
        "{:?}",
        fast.scores
    );
}

/// Gauss–Seidel rounds on email-Enron (36,692 vertices: nine chunks, run
/// in parallel when the pool has several threads): fewer rounds than
/// Jacobi's to GAPBS's tolerance, the verifier's checks, and within the
/// bound that the tolerance gives of the PageRank a 1e-13 Jacobi run finds
/// (L1: three thresholds of Jacobi change, divided by 1 − d).
#[test]
fn pagerank_gauss_seidel_converges_in_fewer_rounds_to_the_same_scores() {
    let g = bundled("email-Enron");
    let jacobi = PageRankQuery {
        max_iterations: 1000,
        ..PageRankQuery::with_rule(StopRule::Gapbs)
    };
    let gs = PageRankQuery {
        update: Update::GaussSeidel,
        ..jacobi.clone()
    };
    let exact = PageRankQuery {
        tolerance: 1e-13,
        max_iterations: 10_000,
        ..jacobi.clone()
    };
    let (fast_gs, oracle_gs) = pagerank(&g, gs.clone());
    let (fast_j, _) = pagerank(&g, jacobi);
    let (truth, _) = pagerank(&g, exact);
    assert!(truth.converged);
    for r in [&fast_gs, &oracle_gs] {
        assert!(r.converged && r.update == Update::GaussSeidel);
        assert!(
            r.iterations < fast_j.iterations,
            "Gauss–Seidel {} rounds, Jacobi {}",
            r.iterations,
            fast_j.iterations
        );
        let l1: f64 = r
            .scores
            .iter()
            .zip(&truth.scores)
            .map(|(a, b)| (a - b).abs())
            .sum();
        let bound = 3.0 * gs.tolerance / (1.0 - gs.damping);
        assert!(l1 < bound, "L1 {l1:e} from the PageRank, bound {bound:e}");
    }
}

#[test]
fn pagerank_of_no_vertices_is_no_scores_as_in_networkx() {
    let (fast, _) = pagerank(&graph(true, 0, &[]), PageRankQuery::default());
    assert!(fast.scores.is_empty() && fast.converged);
}

#[test]
fn pagerank_not_converging_under_networkx_rule_is_an_error_and_under_gapbs_not() {
    let g = graph(false, 3, &[(0, 1), (1, 2)]);
    let q = PageRankQuery {
        max_iterations: 2,
        ..Default::default()
    };
    let err = run_once(&Cpu, &g, &Query::PageRank(q)).unwrap_err();
    let SessionError::Failed(msg) = &err else {
        panic!("{err:?}")
    };
    assert!(
        msg.contains("did not converge in 2 iterations") && msg.contains("Fix:"),
        "{msg}"
    );
    let mut q = PageRankQuery::with_rule(StopRule::Gapbs);
    q.max_iterations = 2;
    match run_once(&Cpu, &g, &Query::PageRank(q)).unwrap() {
        Output::PageRank(r) => assert!(!r.converged && r.iterations == 2),
        other => panic!("{other:?}"),
    }
}

#[test]
fn pagerank_refuses_bad_parameters_with_a_fix() {
    let g = graph(false, 3, &[(0, 1)]);
    let cases: [fn(&mut PageRankQuery); 5] = [
        |q| q.damping = 1.5,
        |q| q.tolerance = 0.0,
        |q| q.max_iterations = 0,
        |q| q.personalization = Some(vec![1.0]),
        |q| q.personalization = Some(vec![0.0; 3]),
    ];
    for break_it in cases {
        let mut q = PageRankQuery::default();
        break_it(&mut q);
        let err = run_once(&Cpu, &g, &Query::PageRank(q))
            .unwrap_err()
            .to_string();
        assert!(err.contains("Fix:"), "{err}");
    }
}

fn bundled(name: &str) -> Graph {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/graphs")
        .join(format!("{name}.edges.xz"));
    load(&path, &LoadOptions::default()).unwrap_or_else(|e| panic!("{e}"))
}

/// NetworkX 3.6.1's answers (scripts/networkx_gap.py): pagerank of some
/// vertices; triangles, triangles and clustering of vertex 0, average
/// clustering, transitivity.
struct Pinned {
    name: &'static str,
    pagerank: &'static [(u32, f64)],
    triangles: u64,
    of_0: (u64, f64),
    average_clustering: f64,
    transitivity: f64,
}

const PINNED: [Pinned; 3] = [
    Pinned {
        name: "karate",
        pagerank: &[
            (0, 0.09700181758983706),
            (11, 0.009564916863537146),
            (33, 0.1009179167487121),
        ],
        triangles: 45,
        of_0: (18, 0.15),
        average_clustering: 0.5706384782076823,
        transitivity: 0.2556818181818182,
    },
    Pinned {
        name: "dolphins",
        pagerank: &[
            (0, 0.016962206735765765),
            (12, 0.004834672050768328),
            (14, 0.032137029718865714),
            (17, 0.0317411226125807),
        ],
        triangles: 95,
        of_0: (5, 0.3333333333333333),
        average_clustering: 0.2589582460550202,
        transitivity: 0.3087757313109426,
    },
    // Directed, with dangling and isolated vertices.
    Pinned {
        name: "polblogs",
        pagerank: &[
            (0, 0.000341884938927494),
            (54, 0.01517863172161469),
            (154, 0.017901443885198383),
            (1489, 0.00018740248208077342),
        ],
        triangles: 101043,
        of_0: (131, 0.40307692307692305),
        average_clustering: 0.262651775135839,
        transitivity: 0.2259585173589758,
    },
];

#[test]
fn real_graphs_match_networkx() {
    for p in &PINNED {
        let g = bundled(p.name);
        let (fast, oracle) = pagerank(&g, PageRankQuery::default());
        close(&fast.scores, &oracle.scores, 1e-12).unwrap();
        for &(v, want) in p.pagerank {
            let got = fast.scores[v as usize];
            // NetworkX's own arithmetic differs only in rounding.
            assert!(
                (got - want).abs() < 1e-12,
                "{} pagerank[{v}] = {got}, NetworkX {want}",
                p.name
            );
        }
        let t = triangles(&g);
        assert_eq!(t.triangles, p.triangles, "{}", p.name);
        assert_eq!((t.per_vertex[0], t.clustering[0]), p.of_0, "{}", p.name);
        assert!(
            (t.average_clustering - p.average_clustering).abs() < 1e-12,
            "{}",
            p.name
        );
        assert!(
            (t.transitivity - p.transitivity).abs() < 1e-15,
            "{}",
            p.name
        );
    }
}

/// A session of several runs on a skewed graph answers PageRank and
/// triangles on its degree-grouped copy (`graph::order`): the scores (a
/// personalized PageRank's too) and the per-vertex counts come back in the
/// graph's own ids. email-Enron (36,692 vertices) is skewed and large
/// enough for f32 contributions under GAPBS's rule.
#[test]
fn pagerank_and_triangles_on_the_degree_grouped_copy_answer_as_the_oracle() {
    use dwell::session::Session;
    let g = bundled("email-Enron");
    assert!(dwell::graph::order::skewed(&g));
    let n = g.nodes();
    let personal: Vec<f64> = (0..n).map(|v| (v % 7) as f64).collect();
    let mut queries = vec![Query::Triangles];
    for stop in [StopRule::Networkx, StopRule::Gapbs] {
        for update in [Update::Jacobi, Update::GaussSeidel] {
            for p in [None, Some(personal.clone())] {
                queries.push(Query::PageRank(PageRankQuery {
                    update,
                    personalization: p,
                    max_iterations: 1000,
                    ..PageRankQuery::with_rule(stop)
                }));
            }
        }
    }
    for q in &queries {
        let plan = Session::plan_query(&Cpu, &g, q, 2, u64::MAX).unwrap();
        let mut s = Session::open(&Cpu, &g, plan).unwrap();
        s.run(q).unwrap();
        s.run(q).unwrap();
        let r = s.read_back().unwrap();
        let fast = r.outputs.last().unwrap();
        q.verify(&g, fast).unwrap_or_else(|e| panic!("{q:?}: {e}"));
        let truth = run_once(&CpuReference, &g, q).unwrap();
        match (fast, &truth) {
            (Output::Triangles(a), Output::Triangles(b)) => assert_eq!(a, b),
            (Output::PageRank(a), Output::PageRank(b)) => {
                let Query::PageRank(pq) = q else {
                    unreachable!()
                };
                let l1: f64 = a
                    .scores
                    .iter()
                    .zip(&b.scores)
                    .map(|(x, y)| (x - y).abs())
                    .sum();
                match (pq.update, pq.stop) {
                    // The same rounds in another order of the sums.
                    (Update::Jacobi, StopRule::Networkx) => {
                        assert_eq!(a.iterations, b.iterations);
                        close(&a.scores, &b.scores, 1e-9).unwrap();
                    }
                    // f32 contributions: ~6e-8 in L1 a round.
                    (Update::Jacobi, StopRule::Gapbs) => {
                        assert!(l1 < 1e-5, "{pq:?}: L1 {l1:e}");
                    }
                    // Another order of the vertices: both within the
                    // tolerance's bound of the PageRank.
                    (Update::GaussSeidel, _) => {
                        let bound = 2.0 * 3.0 * a.threshold / (1.0 - pq.damping);
                        assert!(l1 < bound, "{pq:?}: L1 {l1:e}, bound {bound:e}");
                    }
                }
            }
            other => panic!("{other:?}"),
        }
    }
}
