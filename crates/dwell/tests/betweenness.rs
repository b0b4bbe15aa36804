//! Betweenness centrality (issue 32, unweighted Brandes): `cpu` against the
//! plain-Brandes oracle on random graphs, both through the verifier, the
//! verifier catching corrupted answers, and NetworkX 3.6.1's scores on
//! karate and polblogs, pinned in `tests/data/bc/networkx.tsv` by
//! `scripts/networkx_bc.py`.

use dwell::analysis::{BetweennessQuery, BetweennessResult, Output, Query};
use dwell::backend::{Cpu, CpuReference};
use dwell::formats::{load, LoadOptions};
use dwell::graph::{Graph, GraphBuilder};
use dwell::session::run_once;
use proptest::prelude::*;
use std::path::PathBuf;

fn graph(directed: bool, n: u64, arcs: &[(u32, u32)]) -> Graph {
    let mut b = GraphBuilder::new(directed);
    b.set_nodes(n).unwrap();
    for &(u, v) in arcs {
        b.push(u.into(), v.into()).unwrap();
    }
    b.build().unwrap()
}

fn bc(g: &Graph, q: &BetweennessQuery) -> (BetweennessResult, BetweennessResult) {
    let q = Query::Betweenness(q.clone());
    let run = |b: &dyn dwell::backend::Backend| match run_once(b, g, &q).expect("valid query") {
        Output::Betweenness(r) => r,
        other => panic!("bc answered {other:?}"),
    };
    let (fast, oracle) = (run(&Cpu), run(&CpuReference));
    for (name, out) in [("cpu", &fast), ("cpu-reference", &oracle)] {
        q.verify(g, &Output::Betweenness(out.clone()))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    (fast, oracle)
}

fn close(a: &[f64], b: &[f64], rel: f64) -> Result<(), String> {
    if a.len() != b.len() {
        return Err(format!("{} scores against {}", a.len(), b.len()));
    }
    match (0..a.len()).find(|&i| (a[i] - b[i]).abs() > rel * a[i].abs().max(b[i].abs()).max(1e-300))
    {
        Some(i) => Err(format!("vertex {i}: {} against {}", a[i], b[i])),
        None => Ok(()),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn brandes_in_parallel_matches_the_oracle(
        (directed, n, arcs) in (any::<bool>(), 3u64..150).prop_flat_map(|(d, n)| {
            (Just(d), Just(n), prop::collection::vec((0..n as u32, 0..n as u32), 0..(4 * n as usize)))
        }),
        normalized in any::<bool>(),
        endpoints in any::<bool>(),
        sample in prop::option::of(prop::collection::btree_set(0u32..3, 2..3)),
    ) {
        let g = graph(directed, n, &arcs);
        let q = BetweennessQuery {
            sources: sample.map(|s| s.into_iter().collect()),
            normalized,
            endpoints,
            weighted: false,
        };
        let (fast, oracle) = bc(&g, &q);
        prop_assert!(close(&fast.scores, &oracle.scores, 1e-9).is_ok(), "{:?}", close(&fast.scores, &oracle.scores, 1e-9));
    }
}

#[test]
fn the_verifier_catches_corrupted_answers() {
    // A path 0 → 1 → 2 → 3 and a leaf 4 hanging off 1.
    let g = graph(true, 5, &[(0, 1), (1, 2), (2, 3), (1, 4)]);
    let q = BetweennessQuery {
        sources: None,
        normalized: false,
        endpoints: false,
        weighted: false,
    };
    let (good, _) = bc(&g, &q);
    // Pairs through 1: (0,2), (0,3), (0,4); through 2: (0,3), (1,3).
    assert_eq!(good.scores, [0.0, 3.0, 2.0, 0.0, 0.0]);
    let query = Query::Betweenness(q);
    let check = |edit: &dyn Fn(&mut BetweennessResult)| {
        let mut bad = good.clone();
        edit(&mut bad);
        query.verify(&g, &Output::Betweenness(bad)).is_err()
    };
    assert!(!check(&|_| ()));
    assert!(check(&|r| r.scores[1] = 2.0), "a lost path");
    assert!(check(&|r| r.scores[3] = 0.5), "a sink on a path");
    assert!(check(&|r| r.scores[2] = -1.0), "a negative score");
    assert!(
        check(&|r| r.scores.pop().map(|_| ()).unwrap()),
        "a missing vertex"
    );
}

#[test]
fn a_sample_of_one_source_is_refused_with_a_fix() {
    let g = graph(false, 5, &[(0, 1), (1, 2), (2, 3)]);
    let q = Query::Betweenness(BetweennessQuery {
        sources: Some(vec![1]),
        normalized: true,
        endpoints: false,
        weighted: false,
    });
    let e = run_once(&Cpu, &g, &q).unwrap_err().to_string();
    assert!(e.contains("Fix:") && e.contains("NaN"), "{e}");
    let q = Query::Betweenness(BetweennessQuery {
        sources: Some(vec![1, 1]),
        normalized: true,
        endpoints: false,
        weighted: false,
    });
    assert!(run_once(&Cpu, &g, &q)
        .unwrap_err()
        .to_string()
        .contains("twice"));
}

#[test]
fn karate_and_polblogs_match_networkx() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("tests/data/bc/networkx.tsv")).unwrap();
    let mut checked = 0;
    for name in ["karate", "polblogs"] {
        let g = load(
            &root.join(format!("../../data/graphs/{name}.edges.xz")),
            &LoadOptions::default(),
        )
        .unwrap();
        for (mode, normalized, endpoints, sources) in [
            ("exact", true, false, None),
            ("raw", false, false, None),
            ("endpoints", true, true, None),
            ("sample", true, false, Some(vec![0, 5, 10, 20, 33])),
        ] {
            let q = BetweennessQuery {
                sources,
                normalized,
                endpoints,
                weighted: false,
            };
            let (fast, oracle) = bc(&g, &q);
            close(&fast.scores, &oracle.scores, 1e-12).unwrap();
            for line in text.lines().filter(|l| !l.starts_with('#')) {
                let f: Vec<&str> = line.split('\t').collect();
                if f[0] != name || f[1] != mode {
                    continue;
                }
                let (v, want): (usize, f64) = (f[2].parse().unwrap(), f[3].parse().unwrap());
                let got = fast.scores[v];
                assert!(
                    (got - want).abs() <= 1e-12 * want.abs().max(1e-12),
                    "{name} {mode} vertex {v}: {got} against NetworkX's {want}"
                );
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 216, "every pinned score compared");
}

#[test]
fn the_answer_does_not_depend_on_the_thread_count() {
    // polblogs: 1490 vertices, 94 chunks, several waves with either count.
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let g = load(
        &root.join("../../data/graphs/polblogs.edges.xz"),
        &LoadOptions::default(),
    )
    .unwrap();
    let q = Query::Betweenness(BetweennessQuery {
        sources: None,
        normalized: true,
        endpoints: false,
        weighted: false,
    });
    let with = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| run_once(&Cpu, &g, &q).unwrap())
    };
    // `Output`'s equality compares the scores bit for bit.
    assert_eq!(with(1), with(2));
    assert_eq!(with(2), with(3));
}

/// A session of several runs on a skewed graph answers unweighted
/// betweenness on its degree-grouped copy (`graph::order`): the sampled
/// sources are renamed into the copy's ids and the scores come back in the
/// graph's own, as the oracle gives them on the graph itself. polblogs
/// exactly and sampled; pgp-strong-2009 (directed, 39,796 vertices) on a
/// sample of 64.
#[test]
fn the_degree_grouped_copy_answers_as_the_oracle() {
    use dwell::graph::order::{skewed, Relabeled};
    use dwell::session::Session;
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    for (name, exact) in [("polblogs", true), ("pgp-strong-2009", false)] {
        let g = load(
            &root.join(format!("../../data/graphs/{name}.edges.xz")),
            &LoadOptions::default(),
        )
        .unwrap();
        assert!(skewed(&g), "{name}");
        let n = g.nodes() as u32;
        // Spread over the ids, hubs and leaves alike.
        let sample: Vec<u32> = (0..64u32).map(|i| i * 7919 % n).collect();
        let samples = [exact.then_some(None), Some(Some(sample))];
        for sources in samples.into_iter().flatten() {
            let q = Query::Betweenness(BetweennessQuery {
                sources,
                normalized: true,
                endpoints: false,
                weighted: false,
            });
            let plan = Session::plan_query(&Cpu, &g, &q, 2, u64::MAX).unwrap();
            let mut s = Session::open(&Cpu, &g, plan).unwrap();
            s.run(&q).unwrap();
            s.run(&q).unwrap();
            let graph = dwell::analysis::footprint::resident_graph_bytes(&g).unwrap();
            let copy = Relabeled::extra_bytes(&g).unwrap();
            assert_eq!(s.counters().unwrap().bytes_uploaded, graph + copy);
            let r = s.read_back().unwrap();
            let fast = r.outputs.last().unwrap();
            q.verify(&g, fast).unwrap_or_else(|e| panic!("{name}: {e}"));
            let (Output::Betweenness(a), Output::Betweenness(b)) =
                (fast, &run_once(&CpuReference, &g, &q).unwrap())
            else {
                panic!("{name}: not betweenness")
            };
            close(&a.scores, &b.scores, 1e-9).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!((a.scale, a.source_scale), (b.scale, b.source_scale));
        }
    }
}
