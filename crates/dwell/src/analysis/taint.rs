//! Taint: from each source, which sinks are reached without passing through a
//! sanitizer, with a witness path per reached sink.
//!
//! TODO(helper): header comment, kernels.

use crate::graph::Graph;

/// Taint from each source independently.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaintQuery {
    pub sources: Vec<u32>,
    pub sinks: Vec<u32>,
    /// Vertices that stop propagation: taint never enters them.
    pub sanitizers: Vec<u32>,
    /// Follow only arcs whose label intersects this mask.
    pub mask: u32,
    /// Build a witness path per reached sink.
    pub witnesses: bool,
}

impl Default for TaintQuery {
    fn default() -> Self {
        TaintQuery {
            sources: Vec::new(),
            sinks: Vec::new(),
            sanitizers: Vec::new(),
            mask: super::ALL_LABELS,
            witnesses: true,
        }
    }
}

/// A sink reached by taint.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Finding {
    pub sink: u32,
    /// Shortest path source → … → sink (vertex ids), when witnesses were asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<Vec<u32>>,
}

/// One source's taint result.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct TaintResult {
    pub source: u32,
    /// Vertices tainted, the source included.
    pub tainted: u64,
    /// Reached sinks in the query's sink order.
    pub findings: Vec<Finding>,
}

/// The oracle.
pub fn reference(g: &Graph, q: &TaintQuery) -> Vec<TaintResult> {
    let _ = (g, q);
    todo!()
}

/// The `cpu` backend's taint.
pub fn parallel(g: &Graph, q: &TaintQuery) -> Vec<TaintResult> {
    let _ = (g, q);
    todo!()
}
