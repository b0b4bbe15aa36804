//! The host (CPU) backends: `cpu` runs each analysis's `parallel` kernel,
//! `cpu-reference` its `reference` oracle.
//!
//! "Upload" here means adopting the graph's forward CSR and building its
//! reverse CSR once at open (directed graphs), so no run builds topology.
//! Kernels borrow per-vertex buffers from the resident [`Workspace`]; the
//! `cpu` kernels return them after each run, so warm runs reuse them. Host
//! backends never wait on a device: `host_syncs` stays 0.

use super::{Backend, Resident};
use crate::analysis::{self, Ctx, Output, Query, Workspace};
use crate::graph::Graph;
use crate::session::counters::{Counter, Counters};
use crate::session::executor::SessionError;
use crate::session::plan::Plan;
use crate::session::profile;
use std::sync::Arc;

/// The `cpu` backend (default): parallel kernels.
#[derive(Debug, Clone, Copy, Default)]
pub struct Cpu;

/// The `cpu-reference` backend: the single-threaded oracle kernels.
#[derive(Debug, Clone, Copy, Default)]
pub struct CpuReference;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kernels {
    Parallel,
    Reference,
}

struct HostResident<'g> {
    g: &'g Graph,
    kernels: Kernels,
    counters: Arc<Counters>,
    workspace: Workspace,
    outputs: Vec<Output>,
    keep_all: bool,
}

fn open<'g>(
    g: &'g Graph,
    plan: &Plan,
    counters: Arc<Counters>,
    kernels: Kernels,
) -> Result<Box<dyn Resident + 'g>, SessionError> {
    // Build the reverse CSR now, not inside a run.
    let _ = g.reverse();
    counters.bump(Counter::GraphUploads);
    counters.add(Counter::BytesUploaded, profile::resident_graph_bytes(g)?);
    Ok(Box::new(HostResident {
        g,
        kernels,
        counters,
        workspace: Workspace::default(),
        outputs: Vec::new(),
        keep_all: plan.keep_all_outputs,
    }))
}

/// Both host backends: the same resident structures, different kernels.
macro_rules! host_backend {
    ($ty:ty, $name:literal, $kernels:expr) => {
        impl Backend for $ty {
            fn name(&self) -> &'static str {
                $name
            }
            fn open<'g>(
                &self,
                g: &'g Graph,
                plan: &Plan,
                counters: Arc<Counters>,
            ) -> Result<Box<dyn Resident + 'g>, SessionError> {
                open(g, plan, counters, $kernels)
            }
        }
    };
}

host_backend!(Cpu, "cpu", Kernels::Parallel);
host_backend!(CpuReference, "cpu-reference", Kernels::Reference);

/// One dispatch: query → the chosen kernel set.
fn execute(kernels: Kernels, g: &Graph, q: &Query, ctx: &Ctx<'_>) -> Output {
    use analysis::{bfs, components, dataflow, reach, taint};
    let fast = kernels == Kernels::Parallel;
    match q {
        Query::Bfs(q) => Output::Bfs(if fast {
            bfs::parallel(g, q, ctx)
        } else {
            bfs::reference(g, q, ctx)
        }),
        Query::Reach(q) => Output::Reach(if fast {
            reach::parallel(g, q, ctx)
        } else {
            reach::reference(g, q, ctx)
        }),
        Query::Taint(q) => Output::Taint(if fast {
            taint::parallel(g, q, ctx)
        } else {
            taint::reference(g, q, ctx)
        }),
        Query::Wcc => Output::Wcc(if fast {
            components::wcc_parallel(g, ctx)
        } else {
            components::wcc_reference(g, ctx)
        }),
        Query::Scc => Output::Scc(if fast {
            components::scc_parallel(g, ctx)
        } else {
            components::scc_reference(g, ctx)
        }),
        Query::Dataflow(p) => Output::Dataflow(if fast {
            dataflow::parallel(g, p, ctx)
        } else {
            dataflow::reference(g, p, ctx)
        }),
    }
}

impl Resident for HostResident<'_> {
    fn run(&mut self, q: &Query) -> Result<(), SessionError> {
        let ctx = Ctx::new(&self.counters, &self.workspace);
        let out = execute(self.kernels, self.g, q, &ctx);
        if !self.keep_all {
            self.outputs.clear();
        }
        self.outputs.push(out);
        Ok(())
    }

    fn read_back(&mut self) -> Result<Vec<Output>, SessionError> {
        let outputs = std::mem::take(&mut self.outputs);
        let mut bytes = 0u64;
        for out in &outputs {
            bytes = bytes
                .checked_add(profile::output_bytes(self.g, out)?)
                .ok_or(profile::SizeOverflow {
                    what: "bytes read back",
                })?;
        }
        self.counters.add(Counter::BytesReadBack, bytes);
        Ok(outputs)
    }
}
