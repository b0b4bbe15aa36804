//! Buffers of a single-source BFS that records parents: taint's witness
//! paths (`analysis/taint.rs`) and the region walks of folded searches
//! (`analysis/folded.rs`). Not part of the sweeps: a parent array per
//! search, reset in O(reached) so a rayon task reuses it.

use crate::graph::NO_VERTEX;

/// Per-thread buffers of a single-source BFS that records parents (taint
/// witnesses): `parent[v] == NO_VERTEX` means unvisited; reset through
/// `queue` (the visited vertices) after each search, so reuse costs O(reached).
pub(crate) struct ParentScratch {
    pub parent: Vec<u32>,
    pub queue: Vec<u32>,
}

impl ParentScratch {
    /// Per-vertex arrays one `ParentScratch` holds (parents).
    pub(crate) const BUFFERS: u64 = 1;

    pub(crate) fn new(n: usize) -> ParentScratch {
        ParentScratch {
            parent: vec![NO_VERTEX; n],
            queue: Vec::new(),
        }
    }

    /// Forget the last search.
    pub(crate) fn reset(&mut self) {
        for &v in &self.queue {
            self.parent[v as usize] = NO_VERTEX;
        }
        self.queue.clear();
    }

    /// Path source → … → `v` through the parents (the source is its own parent).
    pub(crate) fn path_to(&self, v: u32) -> Vec<u32> {
        let mut path = vec![v];
        let mut x = v;
        while self.parent[x as usize] != x {
            x = self.parent[x as usize];
            path.push(x);
        }
        path.reverse();
        path
    }
}
