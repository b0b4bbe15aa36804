//! Shared machinery of the traversal kernels (`bfs`, `reach`, `taint`, `scc`).
//!
//! A [`Search`] names what a traversal follows: the arcs of a CSR that pass
//! an optional label mask, into vertices that are not blocked. Two engines
//! run it, and one strategy picks between them per batch:
//!
//! - [`sweep`]: the bit-parallel, direction-optimizing multi-source sweep
//!   (MS-BFS): up to 512 searches share one level-synchronous traversal, one
//!   bit ("lane") per search. Its encoding and invariants are in that file.
//! - [`single`]: one direction-optimizing single-source search over a 1-bit
//!   (or 1-byte) reached set, which may carry a [`Tally`] (BFS summaries
//!   over a folded graph, `analysis/folded.rs`).
//! - [`marks`]: a single search's reached set, a bit or a byte per vertex,
//!   and its bottom-up walk over unmarked vertices.
//! - [`batch`]: how a batch of sources runs ([`batch::Strategy`]: sweeps of some
//!   width, or independent single searches) and the two entry points the
//!   kernels call, [`batched`] (results that read each lane's reached set)
//!   and [`summaries`] (lanes only, which may walk a fold instead).
//! - [`bits`]: vertex bitsets, lane-word helpers and bit-sliced lane
//!   counters, shared by the above.
//! - [`scratch`]: a sweep's per-thread buffers and the steps that move lane
//!   words between them.
//! - [`parents`]: the buffers of a parent-recording BFS (taint witnesses,
//!   region walks of a fold).
//!
//! Arcs are followed only when they pass the label mask, if one is given
//! ([`Csr::arc_passes`]; BFS and SCC give none and follow every arc, label 0
//! included); a *blocked* vertex (a taint sanitizer, or a vertex already
//! assigned to a component) is never entered, but a source that is
//! blocked still starts its search and propagates from itself.

mod batch;
pub(super) mod bits;
mod marks;
mod parents;
mod scratch;
mod single;
mod sweep;

pub(crate) use batch::{batched, level_counts, summaries, sweep_shape};
pub(crate) use bits::{bitset_of, bitset_of_where, set, test, words};
pub(crate) use parents::ParentScratch;
pub(crate) use scratch::Scratch;
pub(crate) use single::{Rows, SingleScratch, Tally, GATHER_CHUNK, TALLY_CHUNK};

use crate::graph::{Csr, Graph};
use crate::progress::Stop;

/// Bottom-up when the frontier's out-arcs exceed `arcs / ALPHA` (GAP's α).
const ALPHA: usize = 15;

/// Vertices per rayon task of a bottom-up level.
const BOTTOM_UP_CHUNK: usize = 4096;

/// What a traversal follows: arcs of `out` passing `mask` (every arc, label
/// 0 included, when `None`), into vertices not `blocked`. `inc` must be the
/// transpose of `out` (for bottom-up levels). [`Search::sweep`] runs many
/// sources at once, [`Search::single`] one. Both poll `stop` once per
/// level and end early when it is requested (the lanes are then partial:
/// the run is cancelled and its output dropped).
pub(crate) struct Search<'a> {
    pub out: &'a Csr,
    pub inc: &'a Csr,
    pub mask: Option<u32>,
    pub blocked: Option<&'a [u64]>,
    pub stop: Stop<'a>,
}

impl<'a> Search<'a> {
    /// Every arc of `g`, in its own direction, nothing blocked.
    pub fn plain(g: &'a Graph, stop: Stop<'a>) -> Search<'a> {
        Search {
            out: g.forward(),
            inc: g.reverse(),
            mask: None,
            blocked: None,
            stop,
        }
    }
}

impl Search<'_> {
    #[inline]
    fn blocked(&self, v: u32) -> bool {
        self.blocked.is_some_and(|b| test(b, v))
    }

    #[inline]
    fn passes(&self, csr: &Csr, i: usize) -> bool {
        match self.mask {
            Some(m) => csr.arc_passes(i, m),
            None => true,
        }
    }
}

/// One lane's result.
#[derive(Debug, Clone, Default)]
pub(crate) struct Lane {
    pub reached: u64,
    pub max_level: u32,
    pub level_sum: u64,
    pub levels: Option<Vec<u32>>,
    /// Vertices reached at each level (index 0: the source), as sweeps and
    /// single searches record them; empty where a search does not (a fold's
    /// core search) or its caller drops them ([`batch::summaries`]).
    pub counts: Vec<u64>,
}

#[cfg(test)]
mod tests {
    use crate::graph::GraphBuilder;

    /// An undirected path 0 – 1 – … – (n − 1).
    pub(super) fn path(n: u32) -> crate::graph::Graph {
        let mut b = GraphBuilder::new(false);
        for v in 0..n - 1 {
            b.push(v.into(), (v + 1).into()).unwrap();
        }
        b.build().unwrap()
    }
}
