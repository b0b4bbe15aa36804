//! Bit-vector dataflow in the monotone framework.
//!
//! TODO(helper): header comment (equations, boundary, initialisation), kernels.

use super::Direction;
use crate::graph::Graph;

/// How facts from several neighbours combine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Meet {
    /// May-analyses (liveness, reaching definitions).
    Union,
    /// Must-analyses (available expressions).
    Intersection,
}

/// One bitset of `facts` bits per node, stored flat: node `v` owns words
/// `v * words_per_node .. (v + 1) * words_per_node`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FactSets {
    pub facts: usize,
    pub words_per_node: usize,
    pub bits: Vec<u64>,
}

/// A dataflow problem over the graph's arcs (a CFG: one vertex per block or
/// instruction).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataflowProblem {
    pub direction: Direction,
    pub meet: Meet,
    pub gen: FactSets,
    pub kill: FactSets,
}

impl DataflowProblem {
    /// Sizes must match the graph and each other.
    pub fn validate(&self, nodes: usize) -> Result<(), super::QueryError> {
        let _ = nodes;
        todo!()
    }
}

/// The fixpoint: per node, facts entering and leaving (in the analysis direction).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataflowSolution {
    /// Facts at node entry (forward) or exit (backward): the meet over neighbours.
    pub input: FactSets,
    /// `gen ∪ (input − kill)`.
    pub output: FactSets,
    /// Node evaluations the solver performed (work measure; differs by solver).
    pub evaluations: u64,
}

/// The oracle: a FIFO worklist, one node at a time.
pub fn reference(g: &Graph, p: &DataflowProblem) -> DataflowSolution {
    let _ = (g, p);
    todo!()
}

/// The `cpu` backend's solver.
pub fn parallel(g: &Graph, p: &DataflowProblem) -> DataflowSolution {
    let _ = (g, p);
    todo!()
}
