//! Processes of one run compare what they hold before any round: parts of
//! two different graphs with the same node count (which would exchange
//! messages that fit and agree on a wrong answer), or of one graph split
//! differently, are refused at connect with an error naming both
//! manifests and a Fix, on every process.

use dwell::analysis::Query;
use dwell::graph::{Graph, GraphBuilder};
use dwell::session::run_once;
use dwell_timely::{launch, shard, Cluster, Timely};
use std::path::Path;
use std::time::Duration;

fn graph(nodes: u64, arcs: &[(u32, u32)]) -> Graph {
    let mut b = GraphBuilder::new(false);
    b.set_nodes(nodes).unwrap();
    for &(u, v) in arcs {
        b.push_arc(u.into(), v.into(), None, None).unwrap();
    }
    b.build().unwrap()
}

/// Process `i` of 2 runs WCC on part `i` of `dirs[i]`; every process's
/// answer or error.
fn run_parts(dirs: [&Path; 2]) -> Vec<Result<String, String>> {
    let hosts: Vec<String> = launch::free_ports(2)
        .unwrap()
        .into_iter()
        .map(|p| format!("127.0.0.1:{p}"))
        .collect();
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..2)
            .map(|process| {
                let (dir, hosts) = (dirs[process], hosts.clone());
                s.spawn(move || {
                    let part = shard::load_part(dir, process).unwrap();
                    let cluster = Cluster {
                        processes: 2,
                        workers: 1,
                        process,
                        hosts,
                        connect_timeout: Duration::from_secs(20),
                        peer_timeout: Duration::from_secs(30),
                    };
                    let t = Timely::for_part(cluster, part);
                    run_once(&t, t.graph(), &Query::Wcc)
                        .map(|o| format!("{o:?}"))
                        .map_err(|e| e.to_string())
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    })
}

#[test]
fn parts_of_different_graphs_with_the_same_node_count_are_refused() {
    // Both have 6 vertices; a path has 1 component, the other 3.
    let path = graph(6, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)]);
    let pairs = graph(6, &[(0, 1), (2, 3), (4, 5)]);
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    shard::write(&path, 2, a.path()).unwrap();
    let mb = shard::write(&pairs, 2, b.path()).unwrap();
    let ma = shard::read_manifest(a.path()).unwrap();
    assert_eq!(ma.nodes, mb.nodes);
    for (i, r) in run_parts([a.path(), b.path()]).into_iter().enumerate() {
        let e = r.expect_err("parts of two graphs gave an answer");
        assert!(
            e.contains(&ma.layout_hash)
                && e.contains(&mb.layout_hash)
                && e.contains("layout hash")
                && e.contains(&format!("process {}", 1 - i))
                && e.contains("dwell shard"),
            "{e}"
        );
        assert!(
            e.rsplit_once("Fix:")
                .is_some_and(|(_, fix)| !fix.contains(". ")),
            "{e}"
        );
    }
    // The same folder on both sides still answers.
    for r in run_parts([a.path(), a.path()]) {
        r.unwrap();
    }
}

#[test]
fn parts_of_graphs_with_different_node_counts_are_refused_not_a_panic() {
    let small = graph(6, &[(0, 1), (2, 3)]);
    let large = graph(9, &[(0, 1), (2, 3), (7, 8)]);
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    shard::write(&small, 2, a.path()).unwrap();
    shard::write(&large, 2, b.path()).unwrap();
    for r in run_parts([a.path(), b.path()]) {
        let e = r.expect_err("parts of two graphs gave an answer");
        assert!(
            e.contains("nodes 6 vs 9") || e.contains("nodes 9 vs 6"),
            "{e}"
        );
        assert!(!e.contains("bug in dwell") && e.contains("Fix:"), "{e}");
    }
}
