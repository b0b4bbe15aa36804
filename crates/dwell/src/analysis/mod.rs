//! Queries, their results, and the one dispatch path that runs them.
//!
//! Each analysis lives in its own file, GAP-style: a header comment with the
//! algorithm and its invariants, the fast kernel used by the `cpu` backend,
//! and the simple single-threaded reference (the oracle) beside it.
//!
//! [`run`] validates a [`Query`] against the graph once, then hands it to a
//! [`Backend`](crate::backend::Backend). Backends never see invalid input.

pub mod bfs;
pub mod components;
mod ctx;
pub mod dataflow;
mod folded;
mod frontier;
pub mod reach;
mod relabel;
pub mod taint;

pub use bfs::{BfsQuery, BfsResult};
pub use components::Components;
pub use ctx::{Ctx, Workspace};
pub use dataflow::{DataflowProblem, DataflowSolution, FactSets, Meet};
pub use reach::{ReachQuery, ReachResult};
pub use taint::{Finding, TaintQuery, TaintResult};

use crate::backend::Backend;
use crate::graph::Graph;
use crate::session::{Session, SessionError};

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

/// One request to a backend. A batch of sources is one query with many
/// independent results.
#[derive(Debug, Clone)]
pub enum Query {
    Bfs(BfsQuery),
    Reach(ReachQuery),
    Taint(TaintQuery),
    Wcc,
    Scc,
    Dataflow(DataflowProblem),
}

impl Query {
    /// Short name used in reports: `bfs`, `reach`, `taint`, `wcc`, `scc`, `dataflow`.
    pub fn name(&self) -> &'static str {
        match self {
            Query::Bfs(_) => "bfs",
            Query::Reach(_) => "reach",
            Query::Taint(_) => "taint",
            Query::Wcc => "wcc",
            Query::Scc => "scc",
            Query::Dataflow(_) => "dataflow",
        }
    }

    /// Check every vertex id, fact and size against `g`.
    pub fn validate(&self, g: &Graph) -> Result<(), QueryError> {
        let n = g.nodes();
        let ids = |what: &'static str, ids: &[u32]| -> Result<(), QueryError> {
            match ids.iter().find(|&&v| v as usize >= n) {
                Some(_) if n == 0 => Err(QueryError::EmptyGraph),
                Some(&id) => Err(QueryError::VertexOutOfRange { what, id, nodes: n }),
                None => Ok(()),
            }
        };
        let nonempty = |sources: &[u32]| {
            if sources.is_empty() {
                Err(QueryError::NoSources)
            } else {
                Ok(())
            }
        };
        match self {
            Query::Bfs(q) => {
                nonempty(&q.sources)?;
                ids("source", &q.sources)
            }
            Query::Reach(q) => {
                nonempty(&q.sources)?;
                ids("source", &q.sources)?;
                ids("sink", &q.sinks)
            }
            Query::Taint(q) => {
                nonempty(&q.sources)?;
                ids("source", &q.sources)?;
                ids("sink", &q.sinks)?;
                ids("sanitizer", &q.sanitizers)
            }
            Query::Wcc | Query::Scc => Ok(()),
            Query::Dataflow(p) => p.validate(n),
        }
    }
}

/// What a backend returns for a [`Query`] (same variant as the query).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Output {
    Bfs(Vec<BfsResult>),
    Reach(Vec<ReachResult>),
    Taint(Vec<TaintResult>),
    Wcc(Components),
    Scc(Components),
    Dataflow(DataflowSolution),
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
    #[error("{0}")]
    Dataflow(String),
}

/// Run one query on `backend` in a one-run session sized for it (no memory
/// budget beyond what the query needs): validate, make the graph resident,
/// run, read back. Use [`Session`](crate::session::Session) directly to run
/// many queries over one resident graph.
pub fn run(backend: &dyn Backend, g: &Graph, query: &Query) -> Result<Output, SessionError> {
    query.validate(g)?;
    let profile = crate::session::profile::derive(backend, g, query, 1, u64::MAX)?;
    let mut session = Session::open(backend, g, crate::session::plan(&profile)?)?;
    session.run(query)?;
    let mut report = session.finish()?;
    Ok(report
        .outputs
        .pop()
        .expect("a one-run session reads back one output"))
}
