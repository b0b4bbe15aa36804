//! Verifiers' common error and helpers. Each analysis's verifier sits
//! beside its kernels (GAPBS style: `bfs::verify`, `reach::verify`,
//! `taint::verify`, `components::{wcc_verify, scc_verify}`,
//! `dataflow::verify`) and checks an answer's own invariants, whichever
//! backend produced it; a failure is a [`Violation`].
//!
//! Summaries that carry no per-vertex data (BFS without levels, reach
//! without sets, taint counts and findings) have no invariants of their own
//! beyond bounds; for them the verifiers recompute the search with
//! [`distances`], this file's plain FIFO BFS, written apart from every
//! kernel and oracle.

use crate::graph::{Csr, NO_VERTEX};
use rayon::prelude::*;

/// An answer that breaks an invariant of its analysis (a wrong level, a
/// set not closed under arcs, a broken witness path, …).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("answer failed verification: {message}. Fix: this is a bug in the backend that produced it; report it with the graph and query")]
pub struct Violation {
    pub message: String,
}

impl Violation {
    pub fn new(message: impl Into<String>) -> Violation {
        Violation {
            message: message.into(),
        }
    }
}

/// One result per query source, in the query's order.
pub(crate) fn same_sources(
    what: &str,
    sources: &[u32],
    got: impl ExactSizeIterator<Item = u32>,
) -> Result<(), Violation> {
    if got.len() != sources.len() {
        return Err(Violation::new(format!(
            "{what}: {} results for {} sources",
            got.len(),
            sources.len()
        )));
    }
    match got.zip(sources).position(|(a, &b)| a != b) {
        Some(i) => Err(Violation::new(format!(
            "{what}: result #{i} is not for source #{i} ({})",
            sources[i]
        ))),
        None => Ok(()),
    }
}

/// Run `check` on every result (in parallel); a failure names the result
/// by its index and source.
pub(crate) fn each<T: Sync>(
    what: &str,
    results: &[T],
    source: impl Fn(&T) -> u32 + Sync,
    check: impl Fn(&T) -> Result<(), String> + Sync,
) -> Result<(), Violation> {
    results.par_iter().enumerate().try_for_each(|(i, r)| {
        check(r)
            .map_err(|m| Violation::new(format!("{what} result #{i} (source {}): {m}", source(r))))
    })
}

/// Distances from `source` by a plain FIFO BFS over `csr`, following arc
/// `i` when `follow(i)` and entering vertex `w` when `enter(w)` (the source
/// is always entered); [`NO_VERTEX`] where unreached.
pub(crate) fn distances(
    csr: &Csr,
    source: u32,
    follow: impl Fn(usize) -> bool,
    enter: impl Fn(u32) -> bool,
) -> Vec<u32> {
    let mut dist = vec![NO_VERTEX; csr.nodes()];
    let mut queue = std::collections::VecDeque::from([source]);
    dist[source as usize] = 0;
    while let Some(v) = queue.pop_front() {
        for i in csr.range(v) {
            let w = csr.targets()[i];
            if dist[w as usize] == NO_VERTEX && follow(i) && enter(w) {
                dist[w as usize] = dist[v as usize] + 1;
                queue.push_back(w);
            }
        }
    }
    dist
}
