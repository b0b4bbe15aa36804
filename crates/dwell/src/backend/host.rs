//! The host (CPU) backends: `cpu` runs each analysis's `parallel` kernel,
//! `cpu-reference` its `reference` oracle.
//!
//! "Upload" here means adopting the graph's forward CSR and building its
//! reverse CSR once at open (directed graphs), so no run builds topology.
//! Kernels borrow per-vertex buffers from the resident [`Workspace`]; the
//! `cpu` kernels return them after each run, so warm runs reuse them. Host
//! backends never wait on a device: `host_syncs` stays 0.
//!
//! On a graph with a skewed degree distribution, a `cpu` session of more
//! than one run also makes a degree-grouped copy resident ([`Relabeled`];
//! R-MAT 20: 0.4 s to build, queries 1.3–2x faster) and runs every
//! traversal and component query on it, renaming ids on the way in and out,
//! so results are the original's (a taint witness may be another path of
//! the same, shortest, length); dataflow runs on the original.
//!
//! On other graphs, such a session keeps a [`Folded`] copy instead when
//! enough vertices hang outside its core (Bremen roads: 45%): BFS
//! summaries from single searches walk its core (`analysis::folded`).
//!
//! Either copy is made by the session's first query that uses it (a
//! session that only runs dataflow makes none), once, and counted in
//! `bytes_uploaded` then.

use super::{Backend, Resident};
use crate::analysis::{self, Ctx, Output, Query, Workspace};
use crate::graph::fold::{self, Folded};
use crate::graph::order::{self, Relabeled};
use crate::graph::Graph;
use crate::session::counters::{Counter, Counters};
use crate::session::executor::SessionError;
use crate::session::plan::Plan;
use crate::session::profile::{self, Requirements, SizeOverflow};
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

/// A copy of the graph a `cpu` session keeps beside it.
enum GraphCopy {
    /// Degree-grouped (skewed graphs): every query but dataflow runs on it.
    Relabeled(Relabeled),
    /// Hanging parts folded (other graphs): BFS summaries and reachability
    /// counts use it.
    Folded(Folded),
}

struct HostResident<'g> {
    g: &'g Graph,
    /// May this session keep a copy? (`cpu`, more than one run: a one-run
    /// session would pay the copy for a single query.)
    copies: bool,
    /// The copy, made by the first query that uses one (so a session that
    /// only runs dataflow never makes one).
    copy: Option<GraphCopy>,
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
        copies: plan.runs > 1 && kernels == Kernels::Parallel,
        copy: None,
        kernels,
        counters,
        workspace: Workspace::default(),
        outputs: Vec::new(),
        keep_all: plan.keep_all_outputs,
    }))
}

fn relabeled_bytes(g: &Graph) -> Result<u64, SizeOverflow> {
    Relabeled::extra_bytes(g).ok_or(SizeOverflow {
        what: "relabeled graph bytes",
    })
}

/// The shared requirements plus the copy a `cpu` session may keep: the
/// degree-grouped copy of a skewed graph, else at most a fold of a
/// foldable one (sessions of more than one run; counted for any session,
/// to be safe).
fn requirements(kernels: Kernels, g: &Graph, q: &Query) -> Result<Requirements, SizeOverflow> {
    let mut r = profile::requirements(g, q)?;
    if kernels == Kernels::Parallel {
        let copy = if order::skewed(g) {
            relabeled_bytes(g)?
        } else if fold::foldable(g) {
            Folded::extra_bytes(g).ok_or(SizeOverflow {
                what: "folded graph bytes",
            })?
        } else {
            0
        };
        r.graph_bytes = r.graph_bytes.checked_add(copy).ok_or(SizeOverflow {
            what: "resident graph bytes",
        })?;
    }
    Ok(r)
}

/// Both host backends: the same resident structures, different kernels.
macro_rules! host_backend {
    ($ty:ty, $name:literal, $kernels:expr) => {
        impl Backend for $ty {
            fn name(&self) -> &'static str {
                $name
            }
            fn requirements(&self, g: &Graph, q: &Query) -> Result<Requirements, SizeOverflow> {
                requirements($kernels, g, q)
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

impl HostResident<'_> {
    /// Make the copy `q` would use, if this session keeps one and has not
    /// made it yet: the degree-grouped copy of a skewed graph for any query
    /// but dataflow, the fold of a foldable one for a query it serves.
    fn make_copy_for(&mut self, q: &Query) -> Result<(), SessionError> {
        if !self.copies || self.copy.is_some() {
            return Ok(());
        }
        let g = self.g;
        let failed = |e: crate::graph::GraphError| SessionError::Backend {
            backend: "cpu",
            message: e.to_string(),
        };
        let summary = Folded::serves(q, g);
        if order::skewed(g) {
            if Relabeled::serves(q) {
                let r = Relabeled::degree_grouped(g).map_err(failed)?;
                let _ = r.graph.reverse();
                self.counters
                    .add(Counter::BytesUploaded, relabeled_bytes(g)?);
                self.copy = Some(GraphCopy::Relabeled(r));
            }
        } else if summary && fold::foldable(g) {
            // `None` when regions too large to fold leave too little:
            // then no copy, and later queries do not try again.
            self.copies = false;
            if let Some(f) = Folded::build(g).map_err(failed)? {
                let _ = f.core.reverse();
                self.counters.add(Counter::BytesUploaded, f.bytes());
                self.copy = Some(GraphCopy::Folded(f));
            }
        }
        Ok(())
    }
}

impl Resident for HostResident<'_> {
    fn run(&mut self, q: &Query) -> Result<(), SessionError> {
        self.make_copy_for(q)?;
        let ctx = Ctx::new(&self.counters, &self.workspace);
        // The whole run on a pool thread: a kernel alternates serial steps
        // with parallel ones (per level), and each parallel step the
        // caller's own thread started would hand over to the pool and sleep
        // until it finished (measured: 64-source BFS on pgp-strong-2009 no
        // faster on 2 threads than on 1). A program that calls dwell from
        // its main thread should make that thread one of the pool's
        // (`ThreadPoolBuilder::use_current_thread`, as the `dwell` binary
        // does), so this scope starts in place instead of waking a pool
        // thread and sleeping until it is done (another 1.3–1.5x on
        // 64-source BFS over email-Enron and pgp-strong-2009).
        let (g, kernels) = (self.g, self.kernels);
        let out = rayon::scope(|_| match &self.copy {
            Some(GraphCopy::Relabeled(r)) if Relabeled::serves(q) => {
                r.output_out(execute(kernels, &r.graph, &r.query_in(q), &ctx))
            }
            Some(GraphCopy::Folded(f)) => execute(kernels, g, q, &ctx.with_fold(Some(f))),
            _ => execute(kernels, g, q, &ctx),
        });
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
