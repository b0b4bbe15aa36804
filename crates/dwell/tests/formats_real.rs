//! Loading the bundled real graphs (`data/`), checked against numbers computed
//! independently with Python (numpy 2 / scipy 1.17) from the same files.
//!
//! The Python helpers used below (run from the repository root):
//!
//! ```text
//! # edge lists: symmetrize when the header says `directed 0`
//! import lzma, numpy as np, scipy.sparse as sp
//! a = np.loadtxt(lzma.open("data/graphs/NAME.edges.xz", "rt"), comments="#", dtype=np.int64)
//! m = sp.coo_matrix((np.ones(len(a)), (a[:, 0], a[:, 1])), shape=(N, N)).tocsr()
//! m = m + m.T            # only for undirected graphs
//! m.sum_duplicates(); print(m.nnz, np.diff(m.indptr)[[...]])
//!
//! # roads: header-less 0-based DIMACS
//! a = np.loadtxt(lzma.open("data/roads/NAME.gr.xz", "rt"), dtype=np.int64, usecols=(1, 2, 3))
//! n = a[:, :2].max() + 1
//! m = sp.coo_matrix((np.ones(len(a)), (a[:, 0], a[:, 1])), shape=(n, n)).tocsr(); m.sum_duplicates()
//! # sum of the smallest weight of each distinct arc:
//! o = np.lexsort((a[:, 2], a[:, 1], a[:, 0])); a = a[o]
//! keep = np.ones(len(a), bool); keep[1:] = (a[1:, 0] != a[:-1, 0]) | (a[1:, 1] != a[:-1, 1])
//! print(keep.sum(), a[keep, 2].sum())
//! ```

use dwell::formats::{load, read, Format, LoadOptions};
use dwell::graph::Graph;
use std::path::PathBuf;

fn data(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../data")
        .join(rel)
}

fn load_default(rel: &str) -> Graph {
    load(&data(rel), &LoadOptions::default()).unwrap_or_else(|e| panic!("{e}"))
}

fn degrees(g: &Graph, vs: &[u32]) -> Vec<usize> {
    vs.iter().map(|&v| g.forward().degree(v)).collect()
}

#[test]
fn email_enron() {
    let g = load_default("graphs/email-Enron.edges.xz");
    assert!(!g.is_directed());
    assert_eq!(g.nodes(), 36_692);
    // 2 × 183,831 edges, no self loops and no repeated pairs:
    // m = m + m.T; m.sum_duplicates(); m.nnz  → 367662
    assert_eq!(g.arcs(), 367_662);
    // np.diff(m.indptr)[[0, 1, 2, 3, 4, 5038]] → [1, 70, 1, 5, 8, 1383]; 1383 is the max.
    assert_eq!(degrees(&g, &[0, 1, 2, 3, 4, 5038]), [1, 70, 1, 5, 8, 1383]);
    let max = (0..g.nodes() as u32)
        .map(|v| g.forward().degree(v))
        .max()
        .unwrap();
    assert_eq!(max, 1383);
}

#[test]
fn pgp_strong() {
    let g = load_default("graphs/pgp-strong-2009.edges.xz");
    assert!(g.is_directed());
    assert_eq!(g.nodes(), 39_796);
    // directed, no m + m.T; m.nnz → 301498 (no duplicate arcs in the file)
    assert_eq!(g.arcs(), 301_498);
    // out-degrees np.diff(m.indptr)[[0, 1, 2, 3, 4, 126]] → [153, 436, 1, 2, 53, 1507]
    assert_eq!(
        degrees(&g, &[0, 1, 2, 3, 4, 126]),
        [153, 436, 1, 2, 53, 1507]
    );
}

#[test]
fn small_collection_graphs() {
    let g = load_default("graphs/karate.edges.xz");
    // undirected: m.nnz → 156; degrees[[0, 1, 33]] → [16, 9, 17]
    assert_eq!((g.nodes(), g.arcs(), g.is_directed()), (34, 156, false));
    assert_eq!(degrees(&g, &[0, 1, 33]), [16, 9, 17]);
    let g = load_default("graphs/polblogs.edges.xz");
    // directed: 19,090 lines → m.nnz 19025 after merging repeated arcs; out-degree[854] → 256
    assert_eq!(
        (g.nodes(), g.arcs(), g.is_directed()),
        (1_490, 19_025, true)
    );
    assert_eq!(degrees(&g, &[0, 1, 2, 854]), [15, 43, 0, 256]);
    for (rel, nodes) in [
        ("graphs/dolphins.edges.xz", 62),
        ("graphs/power.edges.xz", 4_941),
        ("graphs/celegansneural.edges.xz", 297),
    ] {
        assert_eq!(load_default(rel).nodes(), nodes, "{rel}");
    }
}

#[test]
fn bremen_roads() {
    let g = load_default("roads/bremen_dist.gr.xz");
    assert!(g.is_directed());
    // header-less → 0-based; n = a[:, :2].max() + 1 → 40461
    assert_eq!(g.nodes(), 40_461);
    // 86,475 arc lines; distinct arcs (m.nnz after sum_duplicates) → 85277
    assert_eq!(g.arcs(), 85_277);
    // sum of the smallest weight of each distinct arc → 6824934
    let sum: u64 = g
        .forward()
        .weights()
        .unwrap()
        .iter()
        .map(|&w| w as u64)
        .sum();
    assert_eq!(sum, 6_824_934);
    // out-degrees [[0, 1, 2, 131]] → [1, 2, 1, 5]
    assert_eq!(degrees(&g, &[0, 1, 2, 131]), [1, 2, 1, 5]);
}

#[test]
fn graph_23rd_roads() {
    let g = load_default("roads/graph_23rd.gr.xz");
    // ids up to 2,345 → 2,346 nodes; 5,170 distinct arcs; weight sum → 52849883
    assert_eq!((g.nodes(), g.arcs()), (2_346, 5_170));
    let sum: u64 = g
        .forward()
        .weights()
        .unwrap()
        .iter()
        .map(|&w| w as u64)
        .sum();
    assert_eq!(sum, 52_849_883);
    // out-degrees [[0, 1, 2, 3, 742]] → [1, 3, 2, 0, 5]
    assert_eq!(degrees(&g, &[0, 1, 2, 3, 742]), [1, 3, 2, 0, 5]);
}

#[test]
fn truncated_real_file_is_caught_by_edge_count() {
    // Decompress karate, drop its last 10 lines, feed it back in memory.
    let full = {
        use std::io::Read;
        let mut s = String::new();
        dwell::io::open(&data("graphs/karate.edges.xz"))
            .unwrap()
            .read_to_string(&mut s)
            .unwrap();
        s
    };
    let lines: Vec<&str> = full.lines().collect();
    let cut = lines[..lines.len() - 10].join("\n");
    let e = read(
        cut.as_bytes(),
        std::path::Path::new("karate-cut.edges"),
        &LoadOptions::default(),
    )
    .unwrap_err();
    let msg = e.to_string();
    assert!(
        msg.contains("after 68 edge lines") && msg.contains("declares 78"),
        "{msg}"
    );
    assert!(msg.contains("Fix:"));
    assert_eq!(e.line(), Some(70));
}

#[test]
fn forcing_a_format_and_direction() {
    let opts = LoadOptions {
        format: Some(Format::Dimacs),
        directed: Some(false),
        ..Default::default()
    };
    let g = load(&data("roads/graph_23rd.gr.xz"), &opts).unwrap();
    assert!(!g.is_directed());
    assert_eq!(g.nodes(), 2_346);
    // The edge list is not DIMACS: a clear, line-numbered error.
    let e = load(&data("graphs/karate.edges.xz"), &opts).unwrap_err();
    assert_eq!(e.line(), Some(1));
    assert!(e.to_string().contains("Fix:"));
}
