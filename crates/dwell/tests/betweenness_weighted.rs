//! Weighted betweenness and edge betweenness (issue 32): `cpu` against
//! the plain-Brandes oracle on random weighted graphs (ties included), both
//! through the verifier; the verifiers catching corrupted answers; the
//! refusals; and NetworkX 3.6.1's scores on the bundled road graph
//! graph_23rd (directed and undirected, integer lengths), karate and
//! polblogs (edge betweenness), pinned
//! in `tests/data/bc/networkx_weighted.tsv` by
//! `scripts/networkx_bc_weighted.py`.

use dwell::analysis::{
    BetweennessQuery, BetweennessResult, EdgeBetweennessQuery, EdgeBetweennessResult, Output, Query,
};
use dwell::backend::{Cpu, CpuReference};
use dwell::formats::{load, LoadOptions};
use dwell::graph::{Graph, GraphBuilder};
use dwell::session::run_once;
use proptest::prelude::*;
use std::collections::HashMap;
use std::path::PathBuf;

fn graph(directed: bool, n: u64, arcs: &[(u32, u32, f64)]) -> Graph {
    let mut b = GraphBuilder::new(directed);
    b.set_nodes(n).unwrap();
    for &(u, v, w) in arcs {
        b.push_arc(u.into(), v.into(), None, Some(w)).unwrap();
    }
    b.build().unwrap()
}

/// Both kernels' answers, each checked by the verifier.
fn run_both(g: &Graph, q: Query) -> (Output, Output) {
    let run = |b: &dyn dwell::backend::Backend| run_once(b, g, &q).expect("valid query");
    let (fast, oracle) = (run(&Cpu), run(&CpuReference));
    for (name, out) in [("cpu", &fast), ("cpu-reference", &oracle)] {
        q.verify(g, out).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    (fast, oracle)
}

fn bc(g: &Graph, q: &BetweennessQuery) -> (BetweennessResult, BetweennessResult) {
    match run_both(g, Query::Betweenness(q.clone())) {
        (Output::Betweenness(a), Output::Betweenness(b)) => (a, b),
        other => panic!("bc answered {other:?}"),
    }
}

fn ebc(g: &Graph, q: &EdgeBetweennessQuery) -> (EdgeBetweennessResult, EdgeBetweennessResult) {
    match run_both(g, Query::EdgeBetweenness(q.clone())) {
        (Output::EdgeBetweenness(a), Output::EdgeBetweenness(b)) => (a, b),
        other => panic!("edge-bc answered {other:?}"),
    }
}

fn close(a: &[f64], b: &[f64], rel: f64) -> Result<(), String> {
    if a.len() != b.len() {
        return Err(format!("{} scores against {}", a.len(), b.len()));
    }
    match (0..a.len()).find(|&i| (a[i] - b[i]).abs() > rel * a[i].abs().max(b[i].abs()).max(1e-300))
    {
        Some(i) => Err(format!("item {i}: {} against {}", a[i], b[i])),
        None => Ok(()),
    }
}

/// Positive lengths from a small set (many tied path lengths, sums exact)
/// or spread out (ties rare, sums rounded).
fn arb_length() -> impl Strategy<Value = f64> {
    prop_oneof![
        prop::sample::select(vec![0.5, 1.0, 1.0, 1.5, 2.0, 3.0]),
        1e-3f64..100.0,
    ]
}

fn arb_graph() -> impl Strategy<Value = (bool, u64, Vec<(u32, u32, f64)>)> {
    (any::<bool>(), 3u64..80).prop_flat_map(|(directed, n)| {
        let arc = (0..n as u32, 0..n as u32, arb_length());
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
    fn weighted_brandes_matches_the_oracle(
        (directed, n, arcs) in arb_graph(),
        normalized in any::<bool>(),
        endpoints in any::<bool>(),
        sample in prop::option::of(prop::collection::btree_set(0u32..3, 2..3)),
    ) {
        let g = graph(directed, n, &arcs);
        let q = BetweennessQuery {
            sources: sample.map(|s| s.into_iter().collect()),
            normalized,
            endpoints,
            weighted: true,
        };
        let (fast, oracle) = bc(&g, &q);
        let c = close(&fast.scores, &oracle.scores, 1e-9);
        prop_assert!(c.is_ok(), "{:?}", c);
    }

    #[test]
    fn edge_brandes_matches_the_oracle(
        (directed, n, arcs) in arb_graph(),
        normalized in any::<bool>(),
        weighted in any::<bool>(),
        sample in prop::option::of(prop::collection::btree_set(0u32..3, 1..3)),
    ) {
        let g = graph(directed, n, &arcs);
        let q = EdgeBetweennessQuery {
            sources: sample.map(|s| s.into_iter().collect()),
            normalized,
            weighted,
        };
        let (fast, oracle) = ebc(&g, &q);
        prop_assert_eq!(&fast.edges, &oracle.edges);
        let c = close(&fast.scores, &oracle.scores, 1e-9);
        prop_assert!(c.is_ok(), "{:?}", c);
    }

    /// Lengths all equal: the Dijkstra kernel must give what the
    /// bit-parallel breadth-first one gives.
    #[test]
    fn equal_lengths_give_the_unweighted_scores(
        (directed, n, arcs) in arb_graph(),
        length in prop::sample::select(vec![1.0, 0.25, 7.0]),
        endpoints in any::<bool>(),
    ) {
        let arcs: Vec<_> = arcs.into_iter().map(|(u, v, _)| (u, v, length)).collect();
        let g = graph(directed, n, &arcs);
        let q = |weighted| BetweennessQuery { sources: None, normalized: true, endpoints, weighted };
        let (weighted, _) = bc(&g, &q(true));
        let (plain, _) = bc(&g, &q(false));
        let c = close(&weighted.scores, &plain.scores, 1e-9);
        prop_assert!(c.is_ok(), "{:?}", c);
    }
}

#[test]
fn a_shorter_heavier_route_wins_and_ties_split() {
    // 0 → 1 → 3 (1 + 1) ties 0 → 2 → 3 (0.5 + 1.5); 0 → 3 directly is 5.
    // 3 → 4 (1). Paths through 1 and 2: half of (0,3) and (0,4) each.
    let g = graph(
        true,
        5,
        &[
            (0, 1, 1.0),
            (1, 3, 1.0),
            (0, 2, 0.5),
            (2, 3, 1.5),
            (0, 3, 5.0),
            (3, 4, 1.0),
        ],
    );
    let q = BetweennessQuery {
        sources: None,
        normalized: false,
        endpoints: false,
        weighted: true,
    };
    let (fast, _) = bc(&g, &q);
    // Through 3: (0,4), (1,4), (2,4).
    assert_eq!(fast.scores, [0.0, 1.0, 1.0, 3.0, 0.0]);
    let (edges, _) = ebc(
        &g,
        &EdgeBetweennessQuery {
            sources: None,
            normalized: false,
            weighted: true,
        },
    );
    let score: HashMap<(u32, u32), f64> = edges.edges.iter().copied().zip(edges.scores).collect();
    // 0→1 carries (0,1) and half of (0,3), (0,4); 0→3 none; 3→4 four pairs.
    assert_eq!(score[&(0, 1)], 2.0);
    assert_eq!(score[&(0, 3)], 0.0);
    assert_eq!(score[&(3, 4)], 4.0);
}

#[test]
fn the_verifiers_catch_corrupted_answers() {
    let g = graph(
        false,
        5,
        &[
            (0, 1, 1.0),
            (1, 2, 2.0),
            (2, 3, 0.5),
            (1, 4, 3.0),
            (0, 2, 3.0),
        ],
    );
    let q = BetweennessQuery {
        sources: None,
        normalized: true,
        endpoints: false,
        weighted: true,
    };
    let (good, _) = bc(&g, &q);
    let query = Query::Betweenness(q);
    let check = |edit: &dyn Fn(&mut BetweennessResult)| {
        let mut bad = good.clone();
        edit(&mut bad);
        query.verify(&g, &Output::Betweenness(bad)).is_err()
    };
    assert!(!check(&|_| ()));
    assert!(check(&|r| r.scores[1] *= 0.5), "a lost path");
    assert!(check(&|r| r.scores[2] = -1.0), "a negative score");
    assert!(check(&|r| r.weighted = false), "the wrong weighting");

    let q = EdgeBetweennessQuery {
        sources: None,
        normalized: true,
        weighted: true,
    };
    let (good, _) = ebc(&g, &q);
    let query = Query::EdgeBetweenness(q);
    let check = |edit: &dyn Fn(&mut EdgeBetweennessResult)| {
        let mut bad = good.clone();
        edit(&mut bad);
        query.verify(&g, &Output::EdgeBetweenness(bad)).is_err()
    };
    assert!(!check(&|_| ()));
    assert!(check(&|r| r.scores[0] *= 0.5), "a lost path");
    assert!(check(&|r| r.scores[1] = f64::NAN), "not a number");
    assert!(check(&|r| r.edges.swap(0, 1)), "edges out of order");
    assert!(
        check(&|r| {
            r.edges.pop();
            r.scores.pop();
        }),
        "a missing edge"
    );
}

#[test]
fn zero_lengths_and_missing_weights_are_refused_with_a_fix() {
    let g = graph(true, 3, &[(0, 1, 1.0), (1, 2, 0.0)]);
    let q = Query::Betweenness(BetweennessQuery {
        sources: None,
        normalized: true,
        endpoints: false,
        weighted: true,
    });
    let e = run_once(&Cpu, &g, &q).unwrap_err().to_string();
    assert!(e.contains("length 0") && e.contains("Fix:"), "{e}");
    let mut b = GraphBuilder::new(true);
    b.push(0, 1).unwrap();
    let plain = b.build().unwrap();
    let q = Query::EdgeBetweenness(EdgeBetweennessQuery {
        sources: None,
        normalized: true,
        weighted: true,
    });
    let e = run_once(&Cpu, &plain, &q).unwrap_err().to_string();
    assert!(e.contains("no weights") && e.contains("--weights"), "{e}");
}

/// NetworkX's pinned scores: (graph, mode) → item → score.
fn pinned() -> HashMap<(String, String), HashMap<String, f64>> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("tests/data/bc/networkx_weighted.tsv")).unwrap();
    let mut all: HashMap<(String, String), HashMap<String, f64>> = HashMap::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        all.entry((f[0].into(), f[1].into()))
            .or_default()
            .insert(f[2].into(), f[3].parse().unwrap());
    }
    all
}

fn real(name: &str) -> Graph {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data");
    match name {
        "karate" | "polblogs" => load(
            &root.join(format!("graphs/{name}.edges.xz")),
            &LoadOptions::default(),
        ),
        "road" => load(
            &root.join("roads/graph_23rd.gr.xz"),
            &LoadOptions::default(),
        ),
        _ => load(
            &root.join("roads/graph_23rd.gr.xz"),
            &LoadOptions {
                directed: Some(false),
                ..Default::default()
            },
        ),
    }
    .unwrap()
}

/// Compare `got` (item → score) with NetworkX's pinned `want`: every
/// pinned item present and within 1e-12 relative (`bc-exact` pins all).
fn against(
    name: &str,
    mode: &str,
    want: &HashMap<String, f64>,
    got: &HashMap<String, f64>,
) -> usize {
    if mode == "bc-exact" {
        assert_eq!(
            got.len(),
            want.len(),
            "{name} {mode}: as many items as NetworkX"
        );
    }
    for (item, &w) in want {
        let g = got[item];
        assert!(
            (g - w).abs() <= 1e-12 * w.abs().max(1e-12),
            "{name} {mode} {item}: {g} against NetworkX's {w}"
        );
    }
    want.len()
}

#[test]
fn road_karate_and_polblogs_match_networkx() {
    let all = pinned();
    let mut checked = 0;
    for name in ["road", "road-u", "karate", "polblogs"] {
        let g = real(name);
        let weighted = name.starts_with("road");
        let sample = Some(vec![0, 5, 10, 20, 33]);
        for (mode, normalized, endpoints, sources) in [
            ("bc-exact", true, false, None),
            ("bc-raw", false, false, None),
            ("bc-endpoints", true, true, None),
            ("bc-sample", true, false, sample.clone()),
        ] {
            let Some(want) = all.get(&(name.to_string(), mode.to_string())) else {
                continue;
            };
            let q = BetweennessQuery {
                sources,
                normalized,
                endpoints,
                weighted,
            };
            let (fast, oracle) = bc(&g, &q);
            close(&fast.scores, &oracle.scores, 1e-12).unwrap();
            let got = fast.scores.iter().enumerate();
            let got = got.map(|(v, &x)| (v.to_string(), x)).collect();
            checked += against(name, mode, want, &got);
        }
        for (mode, normalized, sources) in [
            ("ebc-exact", true, None),
            ("ebc-raw", false, None),
            ("ebc-sample", true, sample),
        ] {
            let want = &all[&(name.to_string(), mode.to_string())];
            let q = EdgeBetweennessQuery {
                sources,
                normalized,
                weighted,
            };
            let (fast, oracle) = ebc(&g, &q);
            close(&fast.scores, &oracle.scores, 1e-12).unwrap();
            let got = fast.edges.iter().zip(&fast.scores);
            let got = got.map(|(&(u, v), &x)| (format!("{u}-{v}"), x)).collect();
            checked += against(name, mode, want, &got);
        }
    }
    assert_eq!(checked, 13_200, "every pinned score compared");
}
