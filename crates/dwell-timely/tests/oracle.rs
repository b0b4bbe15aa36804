//! The timely backend against the `cpu-reference` oracle on random graphs:
//! one process with 1–3 workers, and clusters of 2–4 "processes" (threads
//! of this test, each with its own part of a shard folder and its own
//! timely runtime, connected over 127.0.0.1 on free ports). Every answer
//! also passes its analysis's verifier on the whole graph.

use dwell::analysis::{BfsQuery, Direction, Output, Query, ReachQuery, ALL_LABELS};
use dwell::backend::{Backend, CpuReference};
use dwell::graph::{Graph, GraphBuilder};
use dwell::session::{run_once, Session};
use dwell_timely::{launch, shard, Cluster, Timely};
use proptest::prelude::*;
use std::sync::Arc;
use std::time::Duration;

fn graph(directed: bool, nodes: u64, arcs: &[(u32, u32, u32)], labels: bool) -> Graph {
    let mut b = GraphBuilder::new(directed);
    b.set_nodes(nodes).unwrap();
    for &(u, v, l) in arcs {
        b.push_arc(u.into(), v.into(), labels.then_some(l), None)
            .unwrap();
    }
    b.build().unwrap()
}

/// Queries over `g`: BFS with levels, reach both ways with a mask, sinks
/// and sets, WCC, SCC.
fn queries(g: &Graph, sources: &[u32], mask: u32) -> Vec<Query> {
    let n = g.nodes() as u32;
    let sinks: Vec<u32> = (0..n).step_by(3).collect();
    let mut qs = vec![
        Query::Bfs(BfsQuery {
            sources: sources.to_vec(),
            keep_levels: true,
        }),
        Query::Bfs(BfsQuery {
            sources: sources.to_vec(),
            keep_levels: false,
        }),
        Query::Wcc,
        Query::Scc,
    ];
    for direction in [Direction::Forward, Direction::Backward] {
        qs.push(Query::Reach(ReachQuery {
            sources: sources.to_vec(),
            direction,
            mask,
            sinks: sinks.clone(),
            keep_sets: true,
        }));
    }
    qs
}

/// Run every query in one session of `backend` (the graph resident across
/// runs) and return the outputs.
fn session(backend: &Timely, g: &Graph, qs: &[Query]) -> Vec<Output> {
    let profile =
        dwell::session::profile::derive(backend, g, &qs[0], qs.len() as u64, u64::MAX).unwrap();
    let mut plan = dwell::session::plan(&profile).unwrap();
    // Outputs of different analyses differ in size: plan for the largest.
    for q in qs {
        let r = backend.requirements(g, q).unwrap();
        plan.frontier_bytes = plan.frontier_bytes.max(r.frontier_bytes);
        plan.scratch_bytes = plan.scratch_bytes.max(r.scratch_bytes);
        plan.output_bytes = plan.output_bytes.max(r.output_bytes);
    }
    plan.host_readback_bytes = u64::MAX;
    plan.keep_all_outputs = true;
    let mut s = Session::open(backend, g, plan).unwrap();
    for q in qs {
        s.run(q).unwrap();
    }
    s.finish().unwrap().outputs
}

fn check_against_oracle(g: &Graph, qs: &[Query], outs: &[Output], what: &str) {
    check_process(g, qs, outs, 0, what);
}

/// The oracle's answer without its per-vertex parts (levels, reached sets,
/// component labels): what processes other than 0 report.
fn summary(out: Output) -> Output {
    match out {
        Output::Bfs(rs) => Output::Bfs(
            rs.into_iter()
                .map(|r| dwell::analysis::BfsResult { levels: None, ..r })
                .collect(),
        ),
        Output::Reach(rs) => Output::Reach(
            rs.into_iter()
                .map(|r| dwell::analysis::ReachResult { set: None, ..r })
                .collect(),
        ),
        Output::Wcc(c) => Output::Wcc(dwell::analysis::Components {
            labels: Vec::new(),
            ..c
        }),
        Output::Scc(c) => Output::Scc(dwell::analysis::Components {
            labels: Vec::new(),
            ..c
        }),
        other => other,
    }
}

/// Process 0's outputs are the oracle's, whole (and pass the verifier);
/// any other process's are the oracle's summaries, with no per-vertex part.
fn check_process(g: &Graph, qs: &[Query], outs: &[Output], process: usize, what: &str) {
    assert_eq!(outs.len(), qs.len());
    for (q, out) in qs.iter().zip(outs) {
        let oracle = run_once(&CpuReference, g, q).unwrap();
        if process == 0 {
            assert_eq!(out, &oracle, "{what}: {}", q.name());
            q.verify(g, out).unwrap_or_else(|e| panic!("{what}: {e}"));
        } else {
            assert_eq!(out, &summary(oracle), "{what}: {}", q.name());
        }
    }
}

/// Run `qs` on a cluster of `processes` threads, each with its part of `g`
/// split in a temporary folder; every process's outputs.
fn cluster(g: &Graph, processes: usize, workers: usize, qs: &[Query]) -> Vec<Vec<Output>> {
    cluster_windowed(
        g,
        processes,
        workers,
        dwell_timely::engine::WINDOW_WORDS,
        qs,
    )
}

/// [`cluster`] with rounds sent in windows of `window` words.
fn cluster_windowed(
    g: &Graph,
    processes: usize,
    workers: usize,
    window: usize,
    qs: &[Query],
) -> Vec<Vec<Output>> {
    let dir = tempfile::tempdir().unwrap();
    shard::write(g, processes, dir.path()).unwrap();
    let hosts: Vec<String> = launch::free_ports(processes)
        .unwrap()
        .into_iter()
        .map(|p| format!("127.0.0.1:{p}"))
        .collect();
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..processes)
            .map(|process| {
                let (dir, hosts) = (dir.path(), hosts.clone());
                s.spawn(move || {
                    let part = shard::load_part(dir, process).unwrap();
                    let t = Timely::for_part(
                        Cluster {
                            processes,
                            workers,
                            process,
                            hosts,
                            connect_timeout: Duration::from_secs(20),
                            peer_timeout: Duration::from_secs(30),
                        },
                        part,
                    )
                    .with_window(window);
                    let outs = session(&t, t.graph(), qs);
                    let figures = t.figures();
                    assert_eq!(figures.len(), qs.len());
                    for f in &figures {
                        assert_eq!(f.processes.len(), processes);
                        assert!(f.rounds >= 2, "{f:?}");
                    }
                    outs
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    })
}

fn arcs_strategy() -> impl Strategy<Value = (bool, u64, Vec<(u32, u32, u32)>)> {
    (any::<bool>(), 1u64..60).prop_flat_map(|(directed, n)| {
        let arc = (0..n as u32, 0..n as u32, 0u32..4);
        (
            Just(directed),
            Just(n),
            proptest::collection::vec(arc, 0..(4 * n as usize)),
        )
    })
}

/// Combining windows: one slot word (a vertex per epoch, or fewer words
/// than a vertex has), a few, and the default (one window on these graphs).
fn windows() -> impl Strategy<Value = usize> {
    prop_oneof![
        Just(1usize),
        2usize..9,
        Just(dwell_timely::engine::WINDOW_WORDS)
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn one_process_matches_the_oracle(
        (directed, n, arcs) in arcs_strategy(),
        labels in any::<bool>(),
        workers in 1usize..4,
        sources in proptest::collection::vec(any::<u32>(), 1..80),
        mask in 1u32..8,
        window in windows(),
    ) {
        let g = graph(directed, n, &arcs, labels);
        let sources: Vec<u32> = sources.iter().map(|s| s % n as u32).collect();
        let qs = queries(&g, &sources, if labels { mask } else { ALL_LABELS });
        let g = Arc::new(g);
        let t = Timely::new(Cluster::local(workers), Arc::clone(&g)).with_window(window);
        let outs = session(&t, &g, &qs);
        check_against_oracle(&g, &qs, &outs, &format!("{workers} workers, window {window}"));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]

    #[test]
    fn clusters_match_the_oracle(
        (directed, n, arcs) in arcs_strategy(),
        labels in any::<bool>(),
        processes in 2usize..5,
        workers in 1usize..3,
        sources in proptest::collection::vec(any::<u32>(), 1..70),
        mask in 1u32..8,
        window in windows(),
    ) {
        let g = graph(directed, n, &arcs, labels);
        let sources: Vec<u32> = sources.iter().map(|s| s % n as u32).collect();
        let qs = queries(&g, &sources, if labels { mask } else { ALL_LABELS });
        let outs = cluster_windowed(&g, processes, workers, window, &qs);
        for (p, outs) in outs.iter().enumerate() {
            let what = format!("process {p} of {processes} × {workers}, window {window}");
            check_process(&g, &qs, outs, p, &what);
        }
    }
}

#[test]
fn coded_rows_keep_wide_gaps_and_labels() {
    // Ids whose gaps code to 1–4 varint bytes and labels to 1–5, so every
    // length of the coding is read back; then searches with a mask on a
    // 2-process cluster, against the oracle.
    let ids = [
        0u32, 1, 127, 128, 129, 16_383, 16_384, 16_385, 2_097_151, 2_097_152, 2_199_999,
    ];
    let mut arcs = Vec::new();
    for (i, &u) in ids.iter().enumerate() {
        for (j, &v) in ids.iter().enumerate() {
            if (i + 2 * j) % 3 != 0 {
                arcs.push((u, v, 1u32 << ((i * 7 + j) % 32)));
            }
        }
    }
    let g = graph(true, 2_200_000, &arcs, true);
    let dir = tempfile::tempdir().unwrap();
    shard::write(&g, 2, dir.path()).unwrap();
    for p in 0..2 {
        let part = shard::load_part(dir.path(), p).unwrap();
        let inn = part.inn.as_ref().unwrap();
        for &v in ids.iter().filter(|&&v| v as usize % 2 == p) {
            let want = |c: &dwell::graph::Csr| {
                c.range(v)
                    .map(|i| (c.targets()[i], Some(c.labels().unwrap()[i])))
                    .collect::<Vec<_>>()
            };
            assert_eq!(part.out.arcs_of(v), want(g.forward()), "out-arcs of {v}");
            assert_eq!(inn.arcs_of(v), want(g.reverse()), "in-arcs of {v}");
            // Read in ranges of targets, resuming where the last stopped.
            let mut c = shard::Cursor::default();
            let mut got = Vec::new();
            for hi in [1, 128, 16_384, 16_385, 2_097_152, u32::MAX] {
                part.out.scan(v, &mut c, hi, |t, l| got.push((t, l)));
            }
            assert_eq!(got, want(g.forward()), "out-arcs of {v} by ranges");
        }
    }
    let qs: Vec<Query> = [Direction::Forward, Direction::Backward]
        .into_iter()
        .map(|direction| {
            Query::Reach(ReachQuery {
                sources: vec![0, 128, 2_097_152],
                direction,
                mask: 1 << 31 | 1 << 9 | 1 << 3,
                sinks: ids.to_vec(),
                keep_sets: true,
            })
        })
        .chain([Query::Scc])
        .collect();
    for (p, outs) in cluster(&g, 2, 1, &qs).iter().enumerate() {
        check_process(&g, &qs, outs, p, &format!("process {p} of 2"));
    }
}

#[test]
fn parts_hold_exactly_their_vertices_arcs() {
    let arcs: Vec<(u32, u32, u32)> = (0..40u32)
        .map(|i| (i % 13, (i * 7) % 13, 1 << (i % 3)))
        .collect();
    for directed in [true, false] {
        let g = graph(directed, 13, &arcs, true);
        let dir = tempfile::tempdir().unwrap();
        let m = shard::write(&g, 3, dir.path()).unwrap();
        assert_eq!(
            (m.nodes, m.arcs, m.directed),
            (13, g.arcs() as u64, directed)
        );
        for p in 0..3 {
            let part = shard::load_part(dir.path(), p).unwrap();
            // The session's graph: every vertex, no arcs.
            assert_eq!((part.vertices.nodes(), part.vertices.arcs()), (13, 0));
            assert_eq!(part.vertices.is_directed(), directed);
            assert_eq!(part.inn.is_some(), directed);
            let out = &part.out;
            // Rows only for the part's vertices (v mod 3 = p), at v div 3.
            assert_eq!(out.rows(), (13 - p).div_ceil(3));
            let labels = |r: &shard::Rows, v: u32| {
                r.arcs_of(v)
                    .into_iter()
                    .map(|(_, l)| l.unwrap())
                    .collect::<Vec<_>>()
            };
            let glabels = |v: u32| {
                g.forward()
                    .range(v)
                    .map(|i| g.forward().labels().unwrap()[i])
                    .collect::<Vec<_>>()
            };
            let mut held = 0;
            for v in (p as u32..13).step_by(3) {
                assert_eq!(out.local(v), v as usize / 3);
                // Out-arcs (with labels) of the part's vertices, nothing else.
                assert_eq!(
                    out.neighbors(v),
                    g.forward().neighbors(v),
                    "out-arcs of {v} in part {p}"
                );
                assert_eq!(labels(out, v), glabels(v));
                if let Some(inn) = &part.inn {
                    assert_eq!(
                        inn.neighbors(v),
                        g.reverse().neighbors(v),
                        "in-arcs of {v} in part {p}"
                    );
                }
                held += g.forward().degree(v);
            }
            assert_eq!(out.arcs(), held);
        }
        let with = shard::with_out_arcs(dir.path(), &m).unwrap();
        let expect: Vec<u32> = (0..13u32).filter(|&v| g.forward().degree(v) > 0).collect();
        assert_eq!(with, expect);
    }
}

#[test]
fn damaged_or_mixed_parts_are_refused_with_a_fix() {
    let g = graph(true, 5, &[(0, 1, 0), (1, 2, 0), (3, 4, 0)], false);
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    shard::write(&g, 2, a.path()).unwrap();
    let other = graph(true, 5, &[(0, 1, 0)], false);
    shard::write(&other, 2, b.path()).unwrap();
    // A part of another split.
    std::fs::copy(shard::part_path(b.path(), 1), shard::part_path(a.path(), 1)).unwrap();
    let e = shard::load_part(a.path(), 1).unwrap_err().to_string();
    assert!(e.contains("part-1.arcs") && e.contains("Fix:"), "{e}");
    // A truncated part.
    let p0 = shard::part_path(a.path(), 0);
    let bytes = std::fs::read(&p0).unwrap();
    std::fs::write(&p0, &bytes[..bytes.len() - 5]).unwrap();
    let e = shard::load_part(a.path(), 0).unwrap_err().to_string();
    assert!(e.contains("records") && e.contains("Fix:"), "{e}");
    // A part index the split does not have.
    let e = shard::load_part(b.path(), 2).unwrap_err().to_string();
    assert!(e.contains("2-part") && e.contains("Fix:"), "{e}");
    // No manifest.
    let e = shard::load_part(tempfile::tempdir().unwrap().path(), 0)
        .unwrap_err()
        .to_string();
    assert!(e.contains("manifest.json") && e.contains("Fix:"), "{e}");
}

#[test]
fn a_missing_process_is_a_bounded_error_naming_it() {
    let g = Arc::new(graph(true, 4, &[(0, 1, 0), (1, 2, 0)], false));
    let hosts: Vec<String> = launch::free_ports(2)
        .unwrap()
        .into_iter()
        .map(|p| format!("127.0.0.1:{p}"))
        .collect();
    let t = Timely::new(
        Cluster {
            processes: 2,
            workers: 1,
            process: 0,
            hosts: hosts.clone(),
            connect_timeout: Duration::from_millis(500),
            peer_timeout: Duration::from_secs(30),
        },
        Arc::clone(&g),
    );
    let q = Query::Bfs(BfsQuery {
        sources: vec![0],
        keep_levels: false,
    });
    let start = std::time::Instant::now();
    let e = run_once(&t, &g, &q).unwrap_err().to_string();
    assert!(start.elapsed() < Duration::from_secs(10));
    assert!(
        e.contains("process 1") && e.contains(&hosts[1]) && e.contains("Fix:"),
        "{e}"
    );
}

#[test]
fn the_dataflow_stays_resident_across_runs() {
    // Many runs of one session: one graph upload, every answer the oracle's.
    let arcs: Vec<(u32, u32, u32)> = (0..200u32)
        .map(|i| (i % 50, (i * 17 + 3) % 50, 0))
        .collect();
    let g = Arc::new(graph(true, 50, &arcs, false));
    let t = Timely::new(Cluster::local(2), Arc::clone(&g));
    let qs: Vec<Query> = (0..20u32)
        .map(|i| {
            Query::Bfs(BfsQuery {
                sources: vec![i, (i * 7) % 50],
                keep_levels: false,
            })
        })
        .collect();
    let outs = session(&t, &g, &qs);
    check_against_oracle(&g, &qs, &outs, "resident");
    assert_eq!(t.figures().len(), 20);
}

#[test]
fn scc_peels_a_chain_of_cycles_one_colouring_at_a_time() {
    // Cycles {2k, 2k+1} in a chain 2k+1 -> 2k+2: nothing is trimmed, and
    // colour 0 reaches every cycle, so each colouring finds one component
    // (the smallest id's); a tail 41 -> 42 -> 43 of trimmed singletons, a
    // self-loop on 43 and a multi-arc.
    let mut arcs: Vec<(u32, u32, u32)> = Vec::new();
    for k in 0..20u32 {
        arcs.extend([
            (2 * k, 2 * k + 1, 0),
            (2 * k + 1, 2 * k, 0),
            (2 * k + 1, 2 * k + 2, 0),
        ]);
    }
    arcs.extend([
        (40, 41, 0),
        (41, 42, 0),
        (42, 43, 0),
        (43, 43, 0),
        (42, 43, 0),
    ]);
    let g = graph(true, 44, &arcs, false);
    let qs = [Query::Scc, Query::Wcc, Query::Scc];
    let g = Arc::new(g);
    for workers in [1, 3] {
        let t = Timely::new(Cluster::local(workers), Arc::clone(&g));
        let outs = session(&t, &g, &qs);
        check_against_oracle(&g, &qs, &outs, &format!("{workers} workers"));
        let Output::Scc(c) = &outs[0] else {
            panic!("{:?}", outs[0]);
        };
        assert_eq!((c.count, c.largest), (24, 2));
        // At least one colouring per cycle.
        assert!(t.figures()[0].rounds > 20, "{:?}", t.figures()[0]);
    }
    for (p, outs) in cluster(&g, 3, 1, &qs).iter().enumerate() {
        check_process(&g, &qs, outs, p, &format!("process {p} of 3"));
    }
    // Windows of 3 words: 15 epochs a round, and the same answers.
    for (p, outs) in cluster_windowed(&g, 3, 1, 3, &qs).iter().enumerate() {
        check_process(&g, &qs, outs, p, &format!("process {p} of 3, window 3"));
    }
}

#[test]
fn wcc_links_in_arcs_from_the_largest_group() {
    // One worker joins its vertices Afforest's way: the first two arcs of
    // each, then every arc of the vertices outside the largest group. The
    // chain 0 -> 1 -> ... -> 8 is that group, and 0's arc to 9 is its third,
    // so only 9's in-row joins {9, 10, 11} to it (9's first two arcs go to
    // 10 and 11). Dropping in-rows from the second pass splits it off.
    let mut arcs: Vec<(u32, u32, u32)> = (0..8).map(|v| (v, v + 1, 0)).collect();
    arcs.extend([(0, 2, 0), (0, 9, 0), (9, 10, 0), (9, 11, 0)]);
    let g = Arc::new(graph(true, 12, &arcs, false));
    let qs = [Query::Wcc];
    let t = Timely::new(Cluster::local(1), Arc::clone(&g));
    let outs = session(&t, &g, &qs);
    check_against_oracle(&g, &qs, &outs, "1 worker");
    let Output::Wcc(c) = &outs[0] else {
        panic!("{:?}", outs[0]);
    };
    assert_eq!((c.count, c.largest), (1, 12));
}

#[test]
fn bit_vector_dataflow_and_taint_are_refused_before_anything_is_resident() {
    use dwell::analysis::{DataflowProblem, FactSets, Meet, TaintQuery};
    let g = Arc::new(graph(true, 4, &[(0, 1, 0), (1, 2, 0)], false));
    let t = Timely::new(Cluster::local(1), Arc::clone(&g));
    let dataflow = Query::Dataflow(DataflowProblem::new(
        Direction::Forward,
        Meet::Union,
        FactSets::from_lists(4, 3, &[(0, vec![1])]),
        FactSets::new(4, 3),
    ));
    let taint = Query::Taint(TaintQuery {
        sources: vec![0],
        sinks: vec![2],
        ..TaintQuery::default()
    });
    // Each refusal says why, then what to use instead.
    for (q, name, why) in [
        (
            dataflow,
            "dataflow",
            "each process would hold the whole problem",
        ),
        (taint, "taint", "witness paths"),
    ] {
        assert!(!t.supports(&q));
        let e = run_once(&t, &g, &q).unwrap_err().to_string();
        assert!(
            e.contains("timely")
                && e.contains(name)
                && e.contains(why)
                && e.ends_with(&format!("Fix: use --backend cpu for {name}")),
            "{e}"
        );
    }
    assert!(t.figures().is_empty());
}
