//! The host (CPU) backends: `cpu` runs each analysis's `parallel` kernel,
//! `cpu-reference` its `reference` oracle.
//!
//! "Upload" here means adopting the graph's forward CSR and building its
//! reverse CSR once at open (directed graphs), so no run builds topology.
//! Kernels borrow per-vertex buffers from the resident [`Workspace`]; the
//! `cpu` kernels return them after each run, so warm runs reuse them.
//! Kernels poll the session's stop request once per level ([`Ctx::stop`]);
//! a run that stopped early keeps no output. Host
//! backends never wait on a device: `host_syncs` stays 0.
//!
//! On a graph with a skewed degree distribution, a `cpu` session of more
//! than one run also makes a degree-grouped copy resident ([`Relabeled`];
//! R-MAT 20: 0.4 s to build, queries 1.3–2x faster) and runs every
//! traversal and component query on it (and the GAP kernels that
//! `Relabeled::serves` lists), renaming ids on the way in and out,
//! so results are the original's (a taint witness may be another path of
//! the same, shortest, length); dataflow runs on the original.
//!
//! On other graphs, such a session keeps a [`Folded`] copy instead when
//! enough vertices hang outside its core (Bremen roads: 45%): BFS
//! summaries from single searches walk its core (`analysis::folded`).
//!
//! Either copy is made by the session's first query that uses it (a
//! session that only runs dataflow makes none), once, and counted in
//! `bytes_uploaded` then; so are SSSP's packed integer lengths
//! (`graph::packed`) on the graph its queries run on.

use super::{Backend, BackendError, Reservation, Resident};
use crate::analysis::footprint::resident_graph_bytes;
use crate::analysis::{Ctx, Kernels, Output, Query, Requirements, SizeOverflow, Workspace};
use crate::counters::{Counter, Counters};
use crate::graph::fold::{self, Folded};
use crate::graph::order::{self, Relabeled};
use crate::graph::packed;
use crate::graph::Graph;
use crate::progress::Progress;
use std::sync::Arc;

/// The `cpu` backend (default): parallel kernels.
#[derive(Debug, Clone, Copy, Default)]
pub struct Cpu;

/// The `cpu-reference` backend: the single-threaded oracle kernels.
#[derive(Debug, Clone, Copy, Default)]
pub struct CpuReference;

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
    /// May the current query use a copy? (`cpu`, more than one run: a
    /// one-run query would pay the copy for a single run; and a one-run
    /// `dwell run` answers from the original, so a long-lived session's
    /// one-run queries do too.)
    copies: bool,
    /// Was a fold tried and found not worth keeping? (Then no query tries again.)
    no_fold: bool,
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
    reservation: &Reservation,
    counters: Arc<Counters>,
    kernels: Kernels,
) -> Result<Box<dyn Resident + 'g>, BackendError> {
    // Build the reverse CSR now, not inside a run.
    let _ = g.reverse();
    counters.bump(Counter::GraphUploads);
    counters.add(Counter::BytesUploaded, resident_graph_bytes(g)?);
    Ok(Box::new(HostResident {
        g,
        copies: reservation.runs > 1 && kernels == Kernels::Fast,
        no_fold: false,
        copy: None,
        kernels,
        counters,
        workspace: Workspace::default(),
        outputs: Vec::new(),
        keep_all: reservation.keep_all_outputs,
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
    let mut r = q.footprint(g)?;
    if kernels == Kernels::Fast {
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
            fn host_kernels(&self) -> Option<Kernels> {
                Some($kernels)
            }
            fn requirements(&self, g: &Graph, q: &Query) -> Result<Requirements, SizeOverflow> {
                requirements($kernels, g, q)
            }
            fn open<'g>(
                &self,
                g: &'g Graph,
                reservation: &Reservation,
                counters: Arc<Counters>,
            ) -> Result<Box<dyn Resident + 'g>, BackendError> {
                open(g, reservation, counters, $kernels)
            }
        }
    };
}

host_backend!(Cpu, "cpu", Kernels::Fast);
host_backend!(CpuReference, "cpu-reference", Kernels::Reference);

impl HostResident<'_> {
    /// Make the copy `q` would use, if this session keeps one and has not
    /// made it yet: the degree-grouped copy of a skewed graph for any query
    /// but dataflow, the fold of a foldable one for a query it serves.
    fn make_copy_for(&mut self, q: &Query) -> Result<(), BackendError> {
        if !self.copies || self.copy.is_some() || self.no_fold {
            return Ok(());
        }
        let g = self.g;
        let summary = Folded::serves(q, g);
        if order::skewed(g) {
            if Relabeled::serves(q, g) {
                let r = Relabeled::degree_grouped(g)?;
                let _ = r.graph.reverse();
                self.counters
                    .add(Counter::BytesUploaded, relabeled_bytes(g)?);
                self.copy = Some(GraphCopy::Relabeled(r));
            }
        } else if summary && fold::foldable(g) {
            // `None` when regions too large to fold leave too little:
            // then no copy, and later queries do not try again.
            self.no_fold = true;
            if let Some(f) = Folded::build(g)? {
                let _ = f.core.reverse();
                self.counters.add(Counter::BytesUploaded, f.bytes());
                self.copy = Some(GraphCopy::Folded(f));
            }
        }
        Ok(())
    }
}

impl HostResident<'_> {
    /// Pack integer lengths beside their targets (`graph::packed`) on the
    /// graph an SSSP query runs on, if this session keeps copies; counted
    /// in `bytes_uploaded` when made.
    fn pack_for(&self, q: &Query) {
        if !self.copies || !matches!(q, Query::Sssp(_)) {
            return;
        }
        let on = match &self.copy {
            Some(GraphCopy::Relabeled(r)) if Relabeled::serves(q, self.g) => &r.graph,
            _ => self.g,
        };
        if packed::made(on).is_none() {
            if let Some(p) = packed::packed(on) {
                self.counters.add(Counter::BytesUploaded, p.bytes());
            }
        }
    }
}

impl Resident for HostResident<'_> {
    fn run(&mut self, q: &Query, progress: &dyn Progress) -> Result<(), BackendError> {
        self.make_copy_for(q)?;
        self.pack_for(q);
        let ctx = Ctx::new(&self.counters, &self.workspace).with_progress(progress);
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
        let copy = self.copy.as_ref().filter(|_| self.copies);
        let out = rayon::scope(|_| match copy {
            Some(GraphCopy::Relabeled(r)) if Relabeled::serves(q, g) => {
                let out = r.query_in(q).run(kernels, &r.graph, &ctx);
                (!progress.stopped()).then(|| r.output_out(out))
            }
            Some(GraphCopy::Folded(f)) => Some(q.run(kernels, g, &ctx.with_fold(Some(f)))),
            _ => Some(q.run(kernels, g, &ctx)),
        });
        // A kernel that saw the stop request returned a partial output
        // (any shape, even empty): never renamed or kept. The flag stays
        // set once seen, so this sees it too. The kernels' borrowed
        // buffers went back clean, as at the end of any run.
        let out = match out {
            Some(out) if !progress.stopped() => out,
            _ => return Err(BackendError::Cancelled),
        };
        if !self.keep_all {
            self.outputs.clear();
        }
        self.outputs.push(out);
        Ok(())
    }

    fn read_back(&mut self) -> Result<Vec<Output>, BackendError> {
        let outputs = std::mem::take(&mut self.outputs);
        super::count_read_back(self.g, &outputs, &self.counters)?;
        Ok(outputs)
    }

    /// Host buffers are sized by each kernel call (and reused from the
    /// workspace), so only the copy rule and output keeping change; a copy
    /// already made stays resident for later queries of more than one run.
    fn reserve(&mut self, reservation: &Reservation) -> Result<(), BackendError> {
        self.copies = reservation.runs > 1 && self.kernels == Kernels::Fast;
        self.keep_all = reservation.keep_all_outputs;
        self.outputs.clear();
        Ok(())
    }
}
