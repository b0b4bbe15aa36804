//! Weakly and strongly connected components.
//!
//! TODO(helper): header comment, kernels.

use crate::graph::Graph;

/// A partition of the vertices into components.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Components {
    /// Number of components.
    pub count: u64,
    /// Size of the largest component.
    pub largest: u64,
    /// Component id per vertex, canonical: ids are numbered 0, 1, … in order of
    /// each component's smallest vertex, so equal partitions compare equal.
    #[serde(skip)]
    pub labels: Vec<u32>,
}

/// The oracle for weak components (arcs taken in both directions).
pub fn wcc_reference(g: &Graph) -> Components {
    let _ = g;
    todo!()
}

/// The `cpu` backend's weak components.
pub fn wcc_parallel(g: &Graph) -> Components {
    let _ = g;
    todo!()
}

/// The oracle for strong components.
pub fn scc_reference(g: &Graph) -> Components {
    let _ = g;
    todo!()
}

/// The `cpu` backend's strong components.
pub fn scc_parallel(g: &Graph) -> Components {
    let _ = g;
    todo!()
}
