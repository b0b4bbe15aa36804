//! The `cpu` backend: each analysis's `parallel` kernel.

use super::Backend;
use crate::analysis::{self, *};
use crate::graph::Graph;

/// The `cpu` backend.
#[derive(Debug, Clone, Copy, Default)]
pub struct Cpu;

impl Backend for Cpu {
    fn name(&self) -> &'static str {
        "cpu"
    }
    fn bfs(&self, g: &Graph, q: &BfsQuery) -> Vec<BfsResult> {
        analysis::bfs::parallel(g, q)
    }
    fn reach(&self, g: &Graph, q: &ReachQuery) -> Vec<ReachResult> {
        analysis::reach::parallel(g, q)
    }
    fn taint(&self, g: &Graph, q: &TaintQuery) -> Vec<TaintResult> {
        analysis::taint::parallel(g, q)
    }
    fn wcc(&self, g: &Graph) -> Components {
        analysis::components::wcc_parallel(g)
    }
    fn scc(&self, g: &Graph) -> Components {
        analysis::components::scc_parallel(g)
    }
    fn dataflow(&self, g: &Graph, p: &DataflowProblem) -> DataflowSolution {
        analysis::dataflow::parallel(g, p)
    }
}
