//! The `cpu-reference` backend: each analysis's `reference` kernel.

use super::Backend;
use crate::analysis::{self, *};
use crate::graph::Graph;

/// The `cpu-reference` backend.
#[derive(Debug, Clone, Copy, Default)]
pub struct CpuReference;

impl Backend for CpuReference {
    fn name(&self) -> &'static str {
        "cpu-reference"
    }
    fn bfs(&self, g: &Graph, q: &BfsQuery) -> Vec<BfsResult> {
        analysis::bfs::reference(g, q)
    }
    fn reach(&self, g: &Graph, q: &ReachQuery) -> Vec<ReachResult> {
        analysis::reach::reference(g, q)
    }
    fn taint(&self, g: &Graph, q: &TaintQuery) -> Vec<TaintResult> {
        analysis::taint::reference(g, q)
    }
    fn wcc(&self, g: &Graph) -> Components {
        analysis::components::wcc_reference(g)
    }
    fn scc(&self, g: &Graph) -> Components {
        analysis::components::scc_reference(g)
    }
    fn dataflow(&self, g: &Graph, p: &DataflowProblem) -> DataflowSolution {
        analysis::dataflow::reference(g, p)
    }
}
