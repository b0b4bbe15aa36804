//! Shared machinery of the traversal kernels (`bfs`, `reach`, `taint`, `scc`):
//! vertex bitsets and the bit-parallel, direction-optimizing multi-source sweep.
//!
//! # Algorithm: MS-BFS with direction optimization
//!
//! Up to [`LANES`] = 64 independent breadth-first searches run in one
//! level-synchronous sweep, one bit ("lane") per search in a `u64` word per
//! vertex (Then et al., "The More the Merrier: Efficient Multi-Source Graph
//! Traversal", VLDB 2014). Each level is expanded either
//!
//! - **top-down** (push): every vertex `v` of the frontier queue ORs its lane
//!   word into `next[w]` of each out-neighbour `w` (an atomic `fetch_or`,
//!   so the queue is processed in parallel); the thread that turns `next[w]`
//!   from zero to non-zero appends `w` to the next queue, so each vertex is
//!   queued once; or
//! - **bottom-up** (pull): every vertex `w` that some live lane has not yet
//!   visited ORs the frontier words of its in-neighbours, stopping as soon as
//!   all the lanes it still lacks are found (parallel over vertices, no
//!   atomics needed).
//!
//! The choice per level follows Beamer, Asanović and Patterson,
//! "Direction-Optimizing Breadth-First Search", SC 2012 (GAP `bfs.cc`): go
//! bottom-up when the arcs leaving the frontier exceed `arcs / ALPHA`. With a
//! single lane this *is* direction-optimizing single-source BFS (top-down
//! queue ↔ bottom-up bitmap).
//!
//! # Encoding and invariants
//!
//! - `visited[v]` bit `q`: lane `q` has reached `v` (at the level recorded
//!   when the bit was set; bits are never cleared during a sweep);
//! - `frontier[v]` bit `q`: lane `q` reached `v` at the current level; a
//!   vertex is in `queue` exactly when `frontier[v] != 0`;
//! - `next[v]`: lanes reaching `v` at the next level, always a subset of
//!   `!visited[v]`; zero between levels;
//! - between sweeps `frontier` and `next` are all zero and `queue` is empty;
//!   `visited` is cleared when a sweep starts, so it can be read after one.
//!
//! Arcs are followed only when they pass the label mask, if one is given
//! ([`Csr::arc_passes`]; BFS and SCC give none and follow every arc, label 0
//! included); a *blocked* vertex (a taint sanitizer, or a vertex already
//! assigned to a component) is never entered, but a source that is
//! blocked still starts its lane and propagates from itself.
//!
//! Per-lane results (reached count, level sum, largest level, optional level
//! array) are identical to running each source alone, because lanes never
//! interact: every operation is a bitwise OR/AND-NOT applied per bit.

use super::Ctx;
use crate::graph::{Csr, NO_VERTEX};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Searches per sweep: bits in a `u64` word.
pub(crate) const LANES: usize = 64;

/// Bottom-up when the frontier's out-arcs exceed `arcs / ALPHA` (GAP's α).
const ALPHA: usize = 15;

/// Minimum vertices per rayon task in a level, so tiny levels stay on one thread.
const MIN_LEN: usize = 1024;

/// A top-down level touching at most this many arcs plus vertices runs on
/// the calling thread, with no rayon tasks or allocation.
const SEQUENTIAL_WORK: usize = 256 * 1024;

/// A level reaching at least this many vertices records them in parallel.
const PARALLEL_SETTLE: usize = 8 * 1024;

/// GAP's α when several lanes are live (measured on R-MAT 18/20, 64 lanes).
const ALPHA_LANES: usize = 4;

/// See the direction rule in `Sweep::run`.
const BOTTOM_UP_SLACK: usize = 3;

/// Vertices per rayon task of a bottom-up level.
const BOTTOM_UP_CHUNK: usize = 4096;

/// `u64` words in a bitset over `n` vertices.
pub(crate) fn words(n: usize) -> usize {
    n.div_ceil(64)
}

/// Is bit `v` set?
#[inline]
pub(crate) fn test(set: &[u64], v: u32) -> bool {
    set[v as usize / 64] >> (v % 64) & 1 != 0
}

/// Set bit `v`.
#[inline]
pub(crate) fn set(set: &mut [u64], v: u32) {
    set[v as usize / 64] |= 1 << (v % 64);
}

/// Call `f(q)` for every set bit `q` of `word`, lowest first.
#[inline]
fn for_each_bit(mut word: u64, mut f: impl FnMut(usize)) {
    while word != 0 {
        f(word.trailing_zeros() as usize);
        word &= word - 1;
    }
}

/// A bitset over `n` vertices with the bits of `vs` set.
pub(crate) fn bitset_of(n: usize, vs: &[u32], ctx: &Ctx<'_>) -> Vec<u64> {
    let mut s = ctx.buffer(words(n), 0u64);
    for &v in vs {
        set(&mut s, v);
    }
    s
}

/// What one sweep follows: arcs of `out` passing `mask` (every arc, label 0
/// included, when `None`), into vertices not `blocked`. `inc` must be the
/// transpose of `out` (for bottom-up levels).
pub(crate) struct Sweep<'a> {
    pub out: &'a Csr,
    pub inc: &'a Csr,
    pub mask: Option<u32>,
    pub blocked: Option<&'a [u64]>,
}

/// One lane's result.
#[derive(Debug, Clone, Default)]
pub(crate) struct Lane {
    pub reached: u64,
    pub max_level: u32,
    pub level_sum: u64,
    pub levels: Option<Vec<u32>>,
}

/// Per-thread buffers of a sweep, reused across sweeps (O(n) words each).
pub(crate) struct Scratch {
    visited: Vec<u64>,
    frontier: Vec<u64>,
    next: Vec<AtomicU64>,
    queue: Vec<u32>,
    /// The next level's queue (swapped with `queue`).
    touched: Vec<u32>,
    /// Lane words of the new queue, when a level is settled in parallel.
    bits: Vec<u64>,
    /// Bitset of the queue during a bottom-up level; all zero otherwise.
    in_frontier: Vec<u64>,
}

impl Scratch {
    /// Per-vertex arrays one `Scratch` holds (visited, frontier, next; the
    /// 1-bit `in_frontier` set and the queues are not counted).
    pub(crate) const BUFFERS: u64 = 3;

    pub(crate) fn new(n: usize) -> Scratch {
        Scratch {
            visited: vec![0; n],
            frontier: vec![0; n],
            next: (0..n).map(|_| AtomicU64::new(0)).collect(),
            queue: Vec::new(),
            touched: Vec::new(),
            bits: Vec::new(),
            in_frontier: vec![0; words(n)],
        }
    }

    /// Vertices these buffers are sized for.
    pub(crate) fn nodes(&self) -> usize {
        self.visited.len()
    }

    /// Did lane `q` of the last sweep reach `v`?
    #[inline]
    pub(crate) fn reached(&self, q: usize, v: u32) -> bool {
        self.visited[v as usize] >> q & 1 != 0
    }

    /// Lane `q`'s reached set of the last sweep as a vertex bitset.
    pub(crate) fn lane_set(&self, q: usize) -> Vec<u64> {
        let mut s = vec![0u64; words(self.visited.len())];
        for (v, &w) in self.visited.iter().enumerate() {
            s[v / 64] |= (w >> q & 1) << (v % 64);
        }
        s
    }
}

impl Sweep<'_> {
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

    /// Run one sweep for `sources` (at most [`LANES`]; lane `q` is
    /// `sources[q]`). Returns one [`Lane`] per source, in order; afterwards
    /// `scratch.visited()` holds the reached lanes per vertex.
    pub(crate) fn run(&self, sources: &[u32], keep_levels: bool, s: &mut Scratch) -> Vec<Lane> {
        assert!(sources.len() <= LANES, "a sweep serves at most 64 sources");
        let n = self.out.nodes();
        debug_assert_eq!(s.visited.len(), n);
        s.visited.fill(0);
        let mut lanes: Vec<Lane> = sources
            .iter()
            .map(|&src| {
                let levels = keep_levels.then(|| {
                    let mut l = vec![NO_VERTEX; n];
                    l[src as usize] = 0;
                    l
                });
                Lane {
                    reached: 1,
                    max_level: 0,
                    level_sum: 0,
                    levels,
                }
            })
            .collect();
        s.queue.clear();
        for (q, &src) in sources.iter().enumerate() {
            let v = src as usize;
            if s.frontier[v] == 0 {
                s.queue.push(src);
            }
            s.frontier[v] |= 1 << q;
            s.visited[v] |= 1 << q;
        }
        let m = self.out.arcs();
        // Beamer's rule (GAP's α): bottom-up when the frontier's out-arcs
        // exceed `arcs / ALPHA`, unless the last bottom-up level scanned more
        // than BOTTOM_UP_SLACK times that many arcs plus vertices. On
        // high-diameter graphs with many lanes almost every vertex still
        // lacks some lane, so a bottom-up level scans nearly the whole graph;
        // the measurement keeps such graphs top-down after one try.
        let mut bottom_up_cost = 0usize;
        let mut level = 0u32;
        while !s.queue.is_empty() {
            level += 1;
            let (frontier, visited, next) = (&s.frontier, &s.visited, &s.next);
            let scout: usize = s.queue.iter().map(|&v| self.out.degree(v)).sum();
            s.touched.clear();
            let alive = s.queue.iter().fold(0u64, |a, &v| a | frontier[v as usize]);
            // A bottom-up vertex stops early only once it has every live
            // lane; with many lanes that is rare, so demand a wider frontier.
            let alpha = if alive.count_ones() <= 1 {
                ALPHA
            } else {
                ALPHA_LANES
            };
            if scout > m / alpha && scout.saturating_mul(BOTTOM_UP_SLACK) > bottom_up_cost {
                for &v in &s.queue {
                    set(&mut s.in_frontier, v);
                }
                let (found, cost) =
                    self.bottom_up(alive, &s.in_frontier, &s.frontier, &s.visited, &s.next);
                for &v in &s.queue {
                    s.in_frontier[v as usize / 64] = 0;
                }
                s.touched = found;
                bottom_up_cost = cost;
            } else if scout + s.queue.len() <= SEQUENTIAL_WORK {
                self.top_down_serial(&s.queue, frontier, visited, next, &mut s.touched);
            } else {
                s.touched = self.top_down(&s.queue, frontier, visited, next);
            }
            for &v in &s.queue {
                s.frontier[v as usize] = 0;
            }
            std::mem::swap(&mut s.queue, &mut s.touched);
            let mut counts = [0u64; LANES];
            if s.queue.len() < PARALLEL_SETTLE {
                let mut counter = LaneCounter::default();
                for &w in &s.queue {
                    // One thread owns the level here: a plain load and
                    // store, not a locked swap.
                    let b = s.next[w as usize].load(Relaxed);
                    s.next[w as usize].store(0, Relaxed);
                    counter.add(b);
                    s.frontier[w as usize] = b;
                    s.visited[w as usize] |= b;
                }
                counter.add_to(&mut counts);
            } else {
                let next = &s.next;
                s.bits.clear();
                s.queue
                    .par_iter()
                    .with_min_len(MIN_LEN)
                    .map(|&w| next[w as usize].swap(0, Relaxed))
                    .collect_into_vec(&mut s.bits);
                counts = s
                    .bits
                    .par_chunks(MIN_LEN)
                    .map(|chunk| {
                        let mut counter = LaneCounter::default();
                        chunk.iter().for_each(|&b| counter.add(b));
                        let mut c = [0u64; LANES];
                        counter.add_to(&mut c);
                        c
                    })
                    .reduce(
                        || [0u64; LANES],
                        |mut a, b| {
                            a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
                            a
                        },
                    );
                for (&w, &b) in s.queue.iter().zip(&s.bits) {
                    s.frontier[w as usize] = b;
                    s.visited[w as usize] |= b;
                }
            }
            for (lane, &c) in lanes.iter_mut().zip(&counts) {
                if c > 0 {
                    lane.reached += c;
                    lane.level_sum += c * u64::from(level);
                    lane.max_level = level;
                }
            }
            if keep_levels {
                for &w in &s.queue {
                    for_each_bit(s.frontier[w as usize], |q| {
                        if let Some(l) = lanes[q].levels.as_mut() {
                            l[w as usize] = level;
                        }
                    });
                }
            }
        }
        for &v in &s.queue {
            s.frontier[v as usize] = 0;
        }
        s.queue.clear();
        lanes
    }

    /// Push, on one thread: for small frontiers, where splitting the level
    /// into rayon tasks costs more than the level itself.
    fn top_down_serial(
        &self,
        queue: &[u32],
        frontier: &[u64],
        visited: &[u64],
        next: &[AtomicU64],
        found: &mut Vec<u32>,
    ) {
        let targets = self.out.targets();
        for &v in queue {
            let f = frontier[v as usize];
            for i in self.out.range(v) {
                let w = targets[i];
                let new = f & !visited[w as usize];
                if new == 0 || !self.passes(self.out, i) || self.blocked(w) {
                    continue;
                }
                let cell = &next[w as usize];
                let old = cell.load(Relaxed);
                if old == 0 {
                    found.push(w);
                }
                cell.store(old | new, Relaxed);
            }
        }
    }

    /// Push: the frontier queue scatters its lanes along out-arcs.
    fn top_down(
        &self,
        queue: &[u32],
        frontier: &[u64],
        visited: &[u64],
        next: &[AtomicU64],
    ) -> Vec<u32> {
        let targets = self.out.targets();
        queue
            .par_iter()
            .with_min_len(MIN_LEN / 8)
            .fold(Vec::new, |mut found, &v| {
                let f = frontier[v as usize];
                for i in self.out.range(v) {
                    let w = targets[i];
                    let new = f & !visited[w as usize];
                    if new == 0 || !self.passes(self.out, i) || self.blocked(w) {
                        continue;
                    }
                    let cell = &next[w as usize];
                    // Skip the atomic when every new lane is already there.
                    let old = cell.load(Relaxed);
                    if old & new == new {
                        continue;
                    }
                    if cell.fetch_or(new, Relaxed) == 0 {
                        found.push(w);
                    }
                }
                found
            })
            .reduce(Vec::new, |mut a, mut b| {
                a.append(&mut b);
                a
            })
    }

    /// Pull: each vertex still missing a live lane gathers from in-arcs.
    /// Returns the vertices reached and the level's cost (arcs scanned plus
    /// vertices looked at).
    fn bottom_up(
        &self,
        alive: u64,
        in_frontier: &[u64],
        frontier: &[u64],
        visited: &[u64],
        next: &[AtomicU64],
    ) -> (Vec<u32>, usize) {
        let sources = self.inc.targets();
        let n = self.out.nodes();
        let chunks: Vec<(Vec<u32>, usize)> = (0..n.div_ceil(BOTTOM_UP_CHUNK))
            .into_par_iter()
            .map(|c| {
                let lo = c * BOTTOM_UP_CHUNK;
                let hi = (lo + BOTTOM_UP_CHUNK).min(n);
                let mut found = Vec::new();
                let mut cost = hi - lo;
                for w in lo as u32..hi as u32 {
                    let want = alive & !visited[w as usize];
                    if want == 0 || self.blocked(w) {
                        continue;
                    }
                    let mut got = 0u64;
                    let range = self.inc.range(w);
                    let start = range.start;
                    let mut end = range.end;
                    for i in range {
                        let u = sources[i];
                        // The 1-bit-per-vertex set is 64× smaller than the
                        // lane words: most in-neighbours are ruled out in cache.
                        if test(in_frontier, u) && self.passes(self.inc, i) {
                            got |= frontier[u as usize];
                            if got & want == want {
                                end = i + 1;
                                break;
                            }
                        }
                    }
                    cost += end - start;
                    let new = got & want;
                    if new != 0 {
                        next[w as usize].store(new, Relaxed);
                        found.push(w);
                    }
                }
                (found, cost)
            })
            .collect();
        let cost = chunks.iter().map(|c| c.1).sum();
        let mut found = Vec::with_capacity(chunks.iter().map(|c| c.0.len()).sum());
        for (f, _) in chunks {
            found.extend_from_slice(&f);
        }
        (found, cost)
    }
}

/// Per-lane counters in bit-sliced form: plane `k` holds bit `k` of every
/// lane's count, so adding a lane word costs O(1) amortized word operations
/// instead of one per set bit. 32 planes hold any count below 2^32 (ids are u32).
#[derive(Default)]
struct LaneCounter {
    planes: [u64; 32],
}

impl LaneCounter {
    #[inline]
    fn add(&mut self, word: u64) {
        let mut carry = word;
        let mut k = 0;
        while carry != 0 {
            let p = self.planes[k];
            self.planes[k] = p ^ carry;
            carry &= p;
            k += 1;
        }
    }

    fn add_to(&self, counts: &mut [u64; LANES]) {
        for (k, &plane) in self.planes.iter().enumerate() {
            for_each_bit(plane, |q| counts[q] += 1 << k);
        }
    }
}

/// Run `sources` in sweeps of up to 64 lanes, the sweeps in parallel with one
/// [`Scratch`] per rayon task (from the workspace when it has one); `finish(lane index, source, lane, scratch)`
/// turns each lane into a result. Results come back in source order.
pub(crate) fn batched<R, F>(
    sweep: &Sweep<'_>,
    sources: &[u32],
    keep_levels: bool,
    ctx: &Ctx<'_>,
    finish: F,
) -> Vec<R>
where
    R: Send,
    F: Fn(usize, u32, Lane, &Scratch) -> R + Sync,
{
    let n = sweep.out.nodes();
    // Balanced groups: 65 sources become 33 + 32, not 64 + 1. (Splitting
    // 64 sources into one sweep per thread was measured slower on R-MAT:
    // each sweep repeats the shared work.)
    let groups = sources.len().div_ceil(LANES).max(1);
    let size = sources.len().div_ceil(groups).max(1);
    let parts: Vec<Vec<R>> = sources
        .par_chunks(size)
        .map_init(
            || ctx.sweep_scratch(n),
            |scratch, chunk| {
                ctx.pass();
                let lanes = sweep.run(chunk, keep_levels, scratch);
                lanes
                    .into_iter()
                    .enumerate()
                    .map(|(q, lane)| finish(q, chunk[q], lane, scratch))
                    .collect()
            },
        )
        .collect();
    parts.into_iter().flatten().collect()
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Workspace;
    use crate::graph::GraphBuilder;
    use crate::session::Counters;

    #[test]
    fn lanes_are_independent_and_batches_keep_order() {
        // Directed path 0 → 1 → … → 9; source v reaches 10 - v vertices.
        let mut b = GraphBuilder::new(true);
        for v in 0..9 {
            b.push(v, v + 1).unwrap();
        }
        let g = b.build().unwrap();
        let sweep = Sweep {
            out: g.forward(),
            inc: g.reverse(),
            mask: None,
            blocked: None,
        };
        // 150 sources: three sweeps of 50, duplicates throughout.
        let sources: Vec<u32> = (0..150).map(|i| (i * 7 % 10) as u32).collect();
        let (counters, workspace) = (Counters::default(), Workspace::default());
        let ctx = Ctx::new(&counters, &workspace);
        let got = batched(&sweep, &sources, false, &ctx, |_, s, lane: Lane, _| {
            (s, lane.reached)
        });
        let want: Vec<_> = sources.iter().map(|&s| (s, u64::from(10 - s))).collect();
        assert_eq!(got, want);
        // Three sweeps per batch; buffers go back to the workspace, so over
        // many batches no more are ever allocated than sweeps run at once.
        for _ in 0..4 {
            batched(&sweep, &sources, false, &ctx, |_, s, lane: Lane, _| {
                (s, lane.reached)
            });
        }
        let c = counters.snapshot().unwrap();
        assert_eq!(c.launches, 15);
        let at_once = 3.min(rayon::current_num_threads()) as u64;
        assert!(c.allocations >= Scratch::BUFFERS, "{c:?}");
        assert!(c.allocations <= at_once * Scratch::BUFFERS, "{c:?}");
    }

    #[test]
    fn blocked_source_still_propagates() {
        let mut b = GraphBuilder::new(true);
        b.push(0, 1).unwrap();
        b.push(1, 2).unwrap();
        let g = b.build().unwrap();
        let (counters, workspace) = (Counters::default(), Workspace::default());
        let blocked = bitset_of(3, &[0, 2], &Ctx::new(&counters, &workspace));
        let sweep = Sweep {
            out: g.forward(),
            inc: g.reverse(),
            mask: None,
            blocked: Some(&blocked),
        };
        let mut s = Scratch::new(3);
        let lanes = sweep.run(&[0, 1], false, &mut s);
        assert_eq!((lanes[0].reached, lanes[1].reached), (2, 1));
        assert!(s.reached(0, 1) && !s.reached(0, 2) && !s.reached(1, 0));
        assert_eq!(s.lane_set(0), vec![0b011]);
    }
}
