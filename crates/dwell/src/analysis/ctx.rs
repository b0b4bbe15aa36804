//! The context a kernel runs in: the session's [`Counters`], its
//! [`Workspace`] of reusable per-vertex buffers, and the progress sink
//! (with the stop request kernels poll once per level: [`Ctx::stop`]).
//!
//! Kernels get their working buffers from here, so every per-vertex array
//! they allocate is counted (`allocations`), every sweep or search is counted
//! (`launches`: CPU passes), and the fast kernels' buffers go back to the
//! workspace after a run, so the next run of the same session reuses them
//! instead of allocating again. Graph-dependent structures a kernel derives
//! once per session (the dataflow sweep order, the triangle count's degree
//! orientation) are kept here too.

use super::dataflow::SweepOrder;
use super::frontier::{ParentScratch, Scratch, SingleScratch};
use super::triangles::Oriented;
use super::Direction;
use crate::counters::{Counter, Counters};
use crate::graph::fold::Folded;
use crate::graph::Graph;
use crate::progress::{Progress, Quiet, Stop};
use std::ops::{Deref, DerefMut};
use std::sync::{Arc, Mutex};

/// Reusable per-vertex buffers, owned by a session and lent to kernels.
#[derive(Default)]
pub struct Workspace {
    sweeps: Mutex<Vec<Scratch>>,
    singles: Mutex<Vec<SingleScratch>>,
    parents: Mutex<Vec<ParentScratch>>,
    /// The dataflow order per analysis direction (forward, backward), with
    /// the graph it was built for.
    dataflow: Mutex<[Option<Cached>; 2]>,
    /// The triangle count's degree orientation, with the graph it was
    /// built for.
    oriented: Mutex<Option<(OrderKey, Arc<Oriented>)>>,
}

impl std::fmt::Debug for Workspace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Workspace").finish_non_exhaustive()
    }
}

/// Which graph a cached order belongs to: layout hash, nodes, arcs.
type OrderKey = (u64, usize, usize);

/// A dataflow order and the graph it was built for.
type Cached = (OrderKey, Arc<SweepOrder>);

/// Counters, workspace and progress sink for one kernel call.
#[derive(Clone, Copy)]
pub struct Ctx<'a> {
    counters: &'a Counters,
    workspace: &'a Workspace,
    /// The session's fold of the graph a kernel runs on, if it keeps one.
    fold: Option<&'a Folded>,
    /// Where a kernel working through a batch reports units done.
    progress: &'a dyn Progress,
}

impl std::fmt::Debug for Ctx<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ctx")
            .field("counters", self.counters)
            .field("fold", &self.fold.is_some())
            .finish_non_exhaustive()
    }
}

/// A buffer lent by the workspace; it goes back when dropped.
pub(crate) struct Lease<'a, T> {
    item: Option<T>,
    home: &'a Mutex<Vec<T>>,
}

impl<T> Deref for Lease<'_, T> {
    type Target = T;
    fn deref(&self) -> &T {
        self.item
            .as_ref()
            .expect("lease holds its item until dropped")
    }
}

impl<T> DerefMut for Lease<'_, T> {
    fn deref_mut(&mut self) -> &mut T {
        self.item
            .as_mut()
            .expect("lease holds its item until dropped")
    }
}

impl<T> Drop for Lease<'_, T> {
    fn drop(&mut self) {
        if let Some(item) = self.item.take() {
            lock(self.home).push(item);
        }
    }
}

/// A poisoned pool only means another kernel panicked; its buffers are still buffers.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl<'a> Ctx<'a> {
    pub fn new(counters: &'a Counters, workspace: &'a Workspace) -> Ctx<'a> {
        Ctx {
            counters,
            workspace,
            fold: None,
            progress: &Quiet,
        }
    }

    /// The same context reporting progress to `progress`.
    pub fn with_progress(self, progress: &'a dyn Progress) -> Ctx<'a> {
        Ctx { progress, ..self }
    }

    /// The sink for "k of N done" reports.
    pub fn progress(&self) -> &'a dyn Progress {
        self.progress
    }

    /// The stop request kernels poll once per level or round (the
    /// session's cancel): a kernel that sees it returns early with a
    /// partial output, which its backend drops.
    pub fn stop(&self) -> Stop<'a> {
        Stop::of(self.progress)
    }

    /// This context with the session's fold of the graph the kernel will
    /// run on (see [`crate::graph::fold`]).
    pub fn with_fold(self, fold: Option<&'a Folded>) -> Ctx<'a> {
        Ctx { fold, ..self }
    }

    /// The fold of the kernel's graph, if the session keeps one.
    pub(crate) fn fold(&self) -> Option<&'a Folded> {
        self.fold
    }

    /// The session's counters.
    pub fn counters(&self) -> &'a Counters {
        self.counters
    }

    /// A fresh per-vertex (or per-arc) array, counted as one allocation.
    pub(crate) fn buffer<T: Clone>(&self, len: usize, fill: T) -> Vec<T> {
        self.counters.bump(Counter::Allocations);
        vec![fill; len]
    }

    /// Build a per-vertex structure `make` returns, counted as one allocation.
    pub(crate) fn counted<T>(&self, make: impl FnOnce() -> T) -> T {
        self.counters.bump(Counter::Allocations);
        make()
    }

    /// Count one CPU pass (a sweep, a search, a parallel phase).
    pub(crate) fn pass(&self) {
        self.counters.bump(Counter::Launches);
    }

    /// Sweep buffers for `n` vertices and `words` lane words per vertex:
    /// reused if the workspace has some, otherwise allocated (and counted).
    pub(crate) fn sweep_scratch(&self, n: usize, words: usize) -> Lease<'a, Scratch> {
        let reused = take(&self.workspace.sweeps, |s: &Scratch| {
            s.nodes() == n && s.words() == words
        });
        let item = reused.unwrap_or_else(|| {
            self.counters.add(Counter::Allocations, Scratch::BUFFERS);
            Scratch::new(n, words)
        });
        Lease {
            item: Some(item),
            home: &self.workspace.sweeps,
        }
    }

    /// Single-source search buffers for `n` vertices (reused or counted).
    pub(crate) fn single_scratch(&self, n: usize) -> Lease<'a, SingleScratch> {
        let reused = take(&self.workspace.singles, |s: &SingleScratch| {
            s.capacity() == n.div_ceil(64) * 64
        });
        let item = reused.unwrap_or_else(|| {
            self.counters
                .add(Counter::Allocations, SingleScratch::BUFFERS);
            SingleScratch::new(n)
        });
        Lease {
            item: Some(item),
            home: &self.workspace.singles,
        }
    }

    /// Parent-tracking search buffers for `n` vertices (reused or counted).
    pub(crate) fn parent_scratch(&self, n: usize) -> Lease<'a, ParentScratch> {
        let reused = take(&self.workspace.parents, |s: &ParentScratch| {
            s.parent.len() == n
        });
        let item = reused.unwrap_or_else(|| {
            self.counters
                .add(Counter::Allocations, ParentScratch::BUFFERS);
            ParentScratch::new(n)
        });
        Lease {
            item: Some(item),
            home: &self.workspace.parents,
        }
    }
}

impl<'a> Ctx<'a> {
    /// The dataflow order of `g` in direction `d`: the session's copy if it
    /// has one for this graph, otherwise `build()` (which counts its own
    /// allocations), kept for the session's later runs.
    pub(crate) fn sweep_order(
        &self,
        g: &Graph,
        d: Direction,
        build: impl FnOnce() -> SweepOrder,
    ) -> Arc<SweepOrder> {
        let slot = match d {
            Direction::Forward => 0,
            Direction::Backward => 1,
        };
        let key = (g.layout_hash(), g.nodes(), g.arcs());
        if let Some((k, order)) = &lock(&self.workspace.dataflow)[slot] {
            if *k == key {
                return Arc::clone(order);
            }
        }
        let order = Arc::new(build());
        lock(&self.workspace.dataflow)[slot] = Some((key, Arc::clone(&order)));
        order
    }
}

impl Ctx<'_> {
    /// `g`'s degree orientation for triangle counting: the session's copy
    /// if it has one for this graph, otherwise `build()` (which counts its
    /// own allocations), kept for the session's later runs (GAPBS's `tc`
    /// orders a graph as it builds it, outside its timed trials).
    pub(crate) fn oriented(&self, g: &Graph, build: impl FnOnce() -> Oriented) -> Arc<Oriented> {
        let key = (g.layout_hash(), g.nodes(), g.arcs());
        if let Some((k, dag)) = &*lock(&self.workspace.oriented) {
            if *k == key {
                return Arc::clone(dag);
            }
        }
        let dag = Arc::new(build());
        *lock(&self.workspace.oriented) = Some((key, Arc::clone(&dag)));
        dag
    }
}

fn take<T>(pool: &Mutex<Vec<T>>, fits: impl Fn(&T) -> bool) -> Option<T> {
    let mut pool = lock(pool);
    let i = pool.iter().position(fits)?;
    Some(pool.swap_remove(i))
}
