//! Reachability forward or backward under an edge-label mask.
//!
//! TODO(helper): header comment, kernels.

use super::Direction;
use crate::graph::Graph;

/// Reachability from each source independently.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReachQuery {
    pub sources: Vec<u32>,
    pub direction: Direction,
    /// Follow only arcs whose label intersects this mask ([`super::ALL_LABELS`] for all).
    pub mask: u32,
    /// Report which of these vertices each source reaches.
    pub sinks: Vec<u32>,
    /// Keep each source's full reached set (for `--out`).
    pub keep_sets: bool,
}

impl Default for ReachQuery {
    fn default() -> Self {
        ReachQuery {
            sources: Vec::new(),
            direction: Direction::Forward,
            mask: super::ALL_LABELS,
            sinks: Vec::new(),
            keep_sets: false,
        }
    }
}

/// One source's reachability result.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ReachResult {
    pub source: u32,
    /// Vertices reached, the source included.
    pub reached: u64,
    /// The query's sinks that were reached, in the query's sink order.
    pub sinks_reached: Vec<u32>,
    /// Reached flags as a bitset over vertices (bit v of word v/64); only with `keep_sets`.
    #[serde(skip)]
    pub set: Option<Vec<u64>>,
}

/// The oracle.
pub fn reference(g: &Graph, q: &ReachQuery) -> Vec<ReachResult> {
    let _ = (g, q);
    todo!()
}

/// The `cpu` backend's reachability.
pub fn parallel(g: &Graph, q: &ReachQuery) -> Vec<ReachResult> {
    let _ = (g, q);
    todo!()
}
