//! The petgraph peer shared by the benches (`peers.rs`, `kernels.rs`).

use dwell::graph::Graph;
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::Bfs;

/// A petgraph `DiGraph` holding exactly the arcs of `g`'s forward CSR (an
/// undirected graph's edges both ways).
pub fn petgraph_of(g: &Graph) -> DiGraph<(), ()> {
    let csr = g.forward();
    let mut pg = DiGraph::with_capacity(g.nodes(), g.arcs());
    for _ in 0..g.nodes() {
        pg.add_node(());
    }
    for u in 0..g.nodes() as u32 {
        for &v in csr.neighbors(u) {
            pg.add_edge(NodeIndex::new(u as usize), NodeIndex::new(v as usize), ());
        }
    }
    pg
}

/// petgraph's `Bfs` walked to the end from `source`: how many it reached.
pub fn petgraph_bfs(pg: &DiGraph<(), ()>, source: u32) -> u64 {
    let mut bfs = Bfs::new(pg, NodeIndex::new(source as usize));
    let mut reached = 0;
    while bfs.next(pg).is_some() {
        reached += 1;
    }
    reached
}
