//! Queries, their results, and the one dispatch path that runs them.
//!
//! Each analysis lives in its own file, GAP-style: a header comment with the
//! algorithm and its invariants, the fast kernel used by the `cpu` backend,
//! and the simple single-threaded reference (the oracle) beside it.
//!
//! The `analyses!` table below (see `registry.rs`) names every analysis once; from
//! it come [`Query`], [`Output`] and each dispatch over them. A session
//! validates a query once before a backend sees it: backends never see
//! invalid input.

pub mod betweenness;
pub mod bfs;
pub mod components;
mod ctx;
pub mod dataflow;
mod folded;
pub mod footprint;
mod frontier;
pub mod pagerank;
pub mod reach;
mod registry;
mod relabel;
pub mod render;
pub mod sssp;
pub mod taint;
mod trace;
pub mod triangles;
mod verify;
mod warm;

pub use betweenness::{
    BetweennessQuery, BetweennessResult, EdgeBetweennessQuery, EdgeBetweennessResult,
};
pub use bfs::{BfsQuery, BfsResult};
pub use components::Components;
pub use ctx::{Ctx, Workspace};
pub use dataflow::{DataflowProblem, DataflowSolution, FactSets, Meet};
pub use footprint::{Requirements, SizeOverflow};
pub use pagerank::{PageRankQuery, PageRankResult, StopRule, Update};
pub use reach::{ReachQuery, ReachResult};
pub use registry::{Analysis, Kernels};
pub use render::{PeerCheck, Render};
pub use sssp::{SourceDistances, SsspQuery, SsspResult};
pub use taint::{Finding, TaintQuery, TaintResult};
pub use triangles::TrianglesResult;
pub use verify::Violation;

use crate::graph::Graph;

/// Which way arcs are followed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// Along arcs (successors; forward CSR).
    #[default]
    Forward,
    /// Against arcs (predecessors; reverse CSR).
    Backward,
}

impl Direction {
    /// The CSR whose rows list the vertices one step away in this direction.
    pub fn csr(self, g: &Graph) -> &crate::graph::Csr {
        match self {
            Direction::Forward => g.forward(),
            Direction::Backward => g.reverse(),
        }
    }

    /// The opposite direction.
    pub fn flip(self) -> Direction {
        match self {
            Direction::Forward => Direction::Backward,
            Direction::Backward => Direction::Forward,
        }
    }
}

/// Every label bit: follow all arcs.
pub const ALL_LABELS: u32 = u32::MAX;

use registry::analyses;

analyses! {
    Bfs(BfsQuery) => bfs::Bfs,
    Reach(ReachQuery) => reach::Reach,
    Taint(TaintQuery) => taint::Taint,
    Wcc => components::Wcc,
    Scc => components::Scc,
    Dataflow(DataflowProblem) => dataflow::Dataflow,
    PageRank(PageRankQuery) => pagerank::PageRank,
    Triangles => triangles::Triangles,
    Sssp(SsspQuery) => sssp::Sssp,
    Betweenness(BetweennessQuery) => betweenness::Betweenness,
    EdgeBetweenness(EdgeBetweennessQuery) => betweenness::EdgeBetweenness,
}

/// Fail when `ids` names a vertex `g` does not have.
pub(crate) fn check_ids(g: &Graph, what: &'static str, ids: &[u32]) -> Result<(), QueryError> {
    let n = g.nodes();
    match ids.iter().find(|&&v| v as usize >= n) {
        Some(_) if n == 0 => Err(QueryError::EmptyGraph),
        Some(&id) => Err(QueryError::VertexOutOfRange { what, id, nodes: n }),
        None => Ok(()),
    }
}

/// Fail when a batch has no sources.
pub(crate) fn check_sources(g: &Graph, sources: &[u32]) -> Result<(), QueryError> {
    if sources.is_empty() {
        return Err(QueryError::NoSources);
    }
    check_ids(g, "source", sources)
}

/// A query that does not fit the graph.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum QueryError {
    #[error("{what} vertex {id} is out of range: the graph has {nodes} nodes (ids 0..{nodes}). Fix: pick ids below {nodes}")]
    VertexOutOfRange {
        what: &'static str,
        id: u32,
        nodes: usize,
    },
    #[error("the graph has no vertices, so no query can start anywhere. Fix: check that the input file holds arcs (an empty or comment-only file loads as an empty graph)")]
    EmptyGraph,
    #[error("no source vertices given. Fix: pass --sources 0,5,9, --sources-file FILE or --sources random:N")]
    NoSources,
    #[error(transparent)]
    Dataflow(#[from] dataflow::ShapeError),
    #[error("{what} {why}. Fix: {fix}")]
    Parameter {
        what: &'static str,
        why: String,
        fix: &'static str,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_counts_one_question_per_source_and_a_whole_graph_analysis_one() {
        let sources = vec![0, 3, 5];
        let bfs = Query::Bfs(BfsQuery {
            sources: sources.clone(),
            keep_levels: false,
        });
        let reach = Query::Reach(ReachQuery {
            sources: sources.clone(),
            ..Default::default()
        });
        let taint = Query::Taint(TaintQuery {
            sources,
            ..Default::default()
        });
        for q in [bfs, reach, taint] {
            assert_eq!(q.queries(), 3, "{}", q.name());
        }
        assert_eq!(Query::Wcc.queries(), 1);
        assert_eq!(Query::Scc.queries(), 1);
    }
}
