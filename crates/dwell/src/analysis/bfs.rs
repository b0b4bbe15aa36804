//! Breadth-first search levels from each of many sources.
//!
//! TODO(helper): header comment (algorithm, encoding, citation), kernels.

use crate::graph::Graph;

/// BFS from each source independently; results in source order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BfsQuery {
    pub sources: Vec<u32>,
    /// Keep the per-vertex level array of every source (for `--out`).
    pub keep_levels: bool,
}

/// One source's BFS summary.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct BfsResult {
    pub source: u32,
    /// Vertices reached, the source included.
    pub reached: u64,
    /// Largest level reached (0 when only the source).
    pub max_level: u32,
    /// Sum of levels over reached vertices.
    pub level_sum: u64,
    /// `levels[v]`, or [`NO_VERTEX`](crate::graph::NO_VERTEX) if unreached; only with `keep_levels`.
    #[serde(skip)]
    pub levels: Option<Vec<u32>>,
}

/// The oracle: one plain queue BFS per source.
pub fn reference(g: &Graph, q: &BfsQuery) -> Vec<BfsResult> {
    let _ = (g, q);
    todo!()
}

/// The `cpu` backend's BFS.
pub fn parallel(g: &Graph, q: &BfsQuery) -> Vec<BfsResult> {
    let _ = (g, q);
    todo!()
}
