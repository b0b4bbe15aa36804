//! Backends: the things that execute queries.
//!
//! A [`Backend`] gets a validated query (see [`crate::analysis::run`]) and a
//! graph, and returns results. `cpu-reference` is the single-threaded oracle;
//! `cpu` is the fast rayon backend and the default.

mod cpu;
mod reference;

pub use cpu::Cpu;
pub use reference::CpuReference;

use crate::analysis::*;
use crate::graph::Graph;

/// Executes analyses. Inputs are already validated against the graph.
pub trait Backend: Send + Sync {
    /// Name as given to `--backend`.
    fn name(&self) -> &'static str;
    fn bfs(&self, g: &Graph, q: &BfsQuery) -> Vec<BfsResult>;
    fn reach(&self, g: &Graph, q: &ReachQuery) -> Vec<ReachResult>;
    fn taint(&self, g: &Graph, q: &TaintQuery) -> Vec<TaintResult>;
    fn wcc(&self, g: &Graph) -> Components;
    fn scc(&self, g: &Graph) -> Components;
    fn dataflow(&self, g: &Graph, p: &DataflowProblem) -> DataflowSolution;
}

/// Backends selectable by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BackendKind {
    #[default]
    Cpu,
    CpuReference,
}

impl BackendKind {
    /// All names accepted by [`BackendKind::from_name`].
    pub const NAMES: &'static [&'static str] = &["cpu", "cpu-reference"];

    pub fn from_name(name: &str) -> Option<BackendKind> {
        match name {
            "cpu" => Some(BackendKind::Cpu),
            "cpu-reference" => Some(BackendKind::CpuReference),
            _ => None,
        }
    }

    pub fn instantiate(self) -> Box<dyn Backend> {
        match self {
            BackendKind::Cpu => Box::new(Cpu),
            BackendKind::CpuReference => Box::new(CpuReference),
        }
    }
}
