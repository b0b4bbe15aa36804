//! Shared machinery of the traversal kernels (`bfs`, `reach`, `taint`, `scc`):
//! vertex bitsets, the bit-parallel, direction-optimizing multi-source sweep,
//! and independent single-source searches for high-diameter graphs.
//!
//! # Algorithm: MS-BFS with direction optimization
//!
//! Up to `64 × W` independent breadth-first searches run in one
//! level-synchronous sweep, one bit ("lane") per search in `W` `u64` words
//! per vertex, `W` ∈ {1, 2, 4, 8} (Then et al., "The More the Merrier:
//! Efficient Multi-Source Graph Traversal", VLDB 2014): every arc a level
//! scans serves all the lanes that cross it at that level, so wider sweeps
//! share more scans. The kernels are generic over `W` (const generics, so a
//! vertex's lane words are a fixed-size array the compiler unrolls). Each
//! level is expanded either
//!
//! - **top-down** (push): every vertex `v` of the frontier queue ORs its lane
//!   words into `next[w]` of each out-neighbour `w` (atomic `fetch_or`s, so
//!   the queue is processed in parallel); `w` is appended to the next queue
//!   once: by the thread whose `fetch_or` turns `next[w]` non-zero when
//!   `W = 1`, by the thread that sets `w`'s bit in the `marks` bitset when
//!   `W > 1`; or
//! - **bottom-up** (pull): every vertex `w` that some live lane has not yet
//!   visited ORs the lane words of its in-neighbours that are on the
//!   frontier, stopping as soon as all the lanes it still lacks are found
//!   (parallel over vertices, no atomics needed). When the last bottom-up
//!   level scanned most arcs anyway (and for the first one), a BFS level is
//!   *dense*: every in-arc is ORed in, as a segmented scan with no branch per
//!   row (`Sweep::dense_rows`). Bottom-up chunks return the new frontier's
//!   words and lane counts themselves (no `next` round trip).
//!
//! The choice per level follows Beamer, Asanović and Patterson,
//! "Direction-Optimizing Breadth-First Search", SC 2012 (GAP `bfs.cc`): go
//! bottom-up when the arcs leaving the frontier exceed `arcs / ALPHA`. With a
//! single lane this *is* direction-optimizing single-source BFS (top-down
//! queue ↔ bottom-up bitmap).
//!
//! # Encoding and invariants
//!
//! - `visited[v·W + k]` bit `q`: lane `64k + q` has reached `v` (bits are
//!   never cleared during a sweep; `visited` is cleared when a sweep starts,
//!   so it can be read after one);
//! - the frontier is `queue` plus `bits`: the lane words of `queue[i]` that
//!   reached it at the current level are `bits[i·W..(i+1)·W]` (no per-vertex
//!   frontier array: the sweep holds two per-vertex lane arrays, not three);
//! - `next[v]`: lanes reaching `v` at the next level, always a subset of
//!   `!visited[v]`; zero between levels, as is `marks`;
//! - if a followed arc `u → w` enters an unblocked `w` and `u` has lane `q`
//!   before the current level, `w` has `q` too (it got it one level after
//!   `u`). So for a vertex `w` lacking lanes `want`, `visited[u] & want` of a
//!   frontier in-neighbour `u` holds only lanes `u` got at this level, which
//!   is what bottom-up reads.
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
//!
//! # Choosing how a batch runs ([`batched`])
//!
//! - **Width**: the fewest lane words that hold the batch in one sweep (at
//!   most 8, 512 sources), halved while the sweeps that run at once would
//!   need more than 2× the followed CSR's bytes of lane arrays (1 MiB is
//!   always allowed), so a 1M-edge graph's working set stays within the
//!   memory target. Sweeps of a batch larger than one sweep run in parallel.
//! - **High diameter**: a batch of five or more sources first probes the graph
//!   with a plain search from its first source, stopped once it reaches
//!   `n / 64` vertices (at least 256). When that takes more than 12 levels
//!   (Bremen roads: 17–37; email-Enron, pgp-strong, cond-mat: 2–7) lanes
//!   rarely share a frontier (each vertex is reached at a different level by
//!   almost every lane), so a sweep does about the work of separate searches
//!   plus the lane words' overhead: every source then runs its own single
//!   search, in parallel. The probe costs at most `n / 64` vertices' work.
//! - **One to four sources** always run as their own searches.
//!
//! # Single searches
//!
//! A FIFO queue in BFS order; each top-down level gathers the rows of up to
//! 256 frontier vertices, then appends the new targets with no branch. The
//! reached set is a byte per vertex on graphs of at most 128K vertices and a
//! bit above ([`Marks`]). Searches are direction-optimizing too: bottom-up
//! levels test in-neighbours against the frontier's bitset, in parallel.
//! That is a 1-bit (or 1-byte) set per vertex, not a one-lane sweep's
//! 64-bit words. A search may carry a [`Tally`], which sees every vertex
//! in the level it is reached at and may supply its row bounds: BFS
//! summaries over a folded graph add each core vertex's hanging parts that
//! way (`analysis/folded.rs`).

use super::{folded, Ctx};
use crate::graph::fold::Folded;
use crate::graph::{Csr, NO_VERTEX};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Searches per lane word: bits in a `u64`.
pub(crate) const LANES: usize = 64;

/// Lane words per vertex in the widest sweep (8 × 64 = 512 searches).
pub(crate) const MAX_WORDS: usize = 8;

/// Bottom-up when the frontier's out-arcs exceed `arcs / ALPHA` (GAP's α).
const ALPHA: usize = 15;

/// A single search goes back top-down once its frontier shrinks below
/// `n / BETA` vertices (GAP's β).
const BETA: usize = 18;

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

/// A bottom-up level tests in-neighbours against the frontier's 1-bit set
/// only while the frontier holds fewer than `n / FILTER_FRACTION` vertices.
const FILTER_FRACTION: usize = 2;

/// ... and while the lane arrays exceed this many bytes: below it `visited`
/// stays in cache and an unpredictable test per arc costs more than the load.
const FILTER_BYTES: u64 = 2 << 20;

/// A bottom-up level gathers every in-arc with no early exit (`dense_rows`)
/// when the last one's cost exceeded `DENSE_NUM / DENSE_DEN` of `n + arcs`.
const DENSE_NUM: usize = 3;
const DENSE_DEN: usize = 4;

/// Vertices per rayon task of a bottom-up level.
const BOTTOM_UP_CHUNK: usize = 4096;

/// Sweep buffers (all sweeps running at once) may take at most this many
/// times the followed CSR's bytes; wider sweeps are narrowed to fit.
const SWEEP_MEMORY_FACTOR: u64 = 2;

/// ... except that up to this many bytes are always allowed (a small graph's
/// sweep buffers are then below one thread stack).
const SWEEP_MEMORY_FLOOR: u64 = 1 << 20;

/// The high-diameter probe: a plain search from a source stops after
/// reaching `n / PROBE_FRACTION` vertices (at least `PROBE_MIN_REACH`).
const PROBE_FRACTION: usize = 64;
const PROBE_MIN_REACH: usize = 256;

/// A probe needing more than this many levels to reach its quota marks the
/// graph high-diameter: its sources run as independent single-source searches.
const DEEP_LEVELS: u32 = 12;

/// Rows of at most this many arcs are gathered as a fixed-size copy.
const SHORT_ROW: usize = 4;

/// Single searches on graphs of at most this many vertices mark reached
/// vertices in bytes, larger ones in bits (see [`Marks`]): a byte array up
/// to 128 KiB stays in L2 next to the graph (R-MAT 18 and 20 single sources
/// were 10–30% slower with bytes).
const BYTE_MARKS_MAX: usize = 1 << 17;

/// Vertices of a level whose rows a single search gathers at a time.
const GATHER_CHUNK: usize = 256;

/// A [`Tally`] accumulator takes at most this many vertices before it is
/// merged (a gather chunk or an `add_all` chunk), so it may pack sums in
/// narrow fields.
pub(crate) const TALLY_CHUNK: usize = 256;
const _: () = assert!(GATHER_CHUNK <= TALLY_CHUNK);

/// Batches of at most this many sources run as single searches.
const FEW_SOURCES: usize = 4;

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

/// Is bit `v` of an atomic bitset set?
#[inline]
fn test_atomic(set: &[AtomicU64], v: u32) -> bool {
    set[v as usize / 64].load(Relaxed) >> (v % 64) & 1 != 0
}

/// Call `f(q)` for every set bit `q` of `word`, lowest first.
#[inline]
fn for_each_bit(mut word: u64, mut f: impl FnMut(usize)) {
    while word != 0 {
        f(word.trailing_zeros() as usize);
        word &= word - 1;
    }
}

/// The `W` lane words of vertex `v`.
#[inline]
fn row<const W: usize>(a: &[u64], v: u32) -> [u64; W] {
    let i = v as usize * W;
    a[i..i + W].try_into().expect("W words")
}

/// The `W` atomic lane words of vertex `v`.
#[inline]
fn cells<const W: usize>(a: &[AtomicU64], v: u32) -> &[AtomicU64; W] {
    let i = v as usize * W;
    a[i..i + W].try_into().expect("W words")
}

#[inline]
fn any<const W: usize>(x: &[u64; W]) -> bool {
    x.iter().fold(0, |a, &b| a | b) != 0
}

#[inline]
fn and_not<const W: usize>(x: &[u64; W], y: &[u64; W]) -> [u64; W] {
    std::array::from_fn(|k| x[k] & !y[k])
}

/// A bitset over `n` vertices with the bits of `vs` set.
pub(crate) fn bitset_of(n: usize, vs: &[u32], ctx: &Ctx<'_>) -> Vec<u64> {
    let mut s = ctx.buffer(words(n), 0u64);
    for &v in vs {
        set(&mut s, v);
    }
    s
}

/// One bottom-up chunk's result: vertices reached, their new lane words
/// (`W` each), lane counts, cost.
type Pulled<const W: usize> = (Vec<u32>, Vec<u64>, [LaneCounter; W], usize);

/// What one sweep follows: arcs of `out` passing `mask` (every arc, label 0
/// included, when `None`), into vertices not `blocked`. `inc` must be the
/// transpose of `out` (for bottom-up levels).
pub(crate) struct Sweep<'a> {
    pub out: &'a Csr,
    pub inc: &'a Csr,
    pub mask: Option<u32>,
    pub blocked: Option<&'a [u64]>,
}

/// What a single search adds up besides its own vertices. Every vertex it
/// reaches is passed to `row` during the level it was reached at, which
/// returns the vertex's arc range in the CSR being searched and the
/// accumulator with the vertex counted (a plain value, so it stays in
/// registers inside the gather loop; and a tally may keep its per-vertex
/// data beside the row bounds, read by the same load). Accumulators are
/// `merge`d in, and `close` ends each level. `()` adds nothing and reads
/// the CSR's own offsets.
pub(crate) trait Tally {
    type Acc: Copy + Default;
    fn row(&self, out: &Csr, v: u32, acc: Self::Acc) -> (usize, usize, Self::Acc);
    fn merge(&mut self, acc: Self::Acc);
    fn close(&mut self, level: u32);

    /// Count all of `vertices` (rows unused), merging every
    /// [`TALLY_CHUNK`] vertices.
    fn add_all(&mut self, out: &Csr, vertices: &[u32]) {
        for chunk in vertices.chunks(TALLY_CHUNK) {
            let acc = chunk
                .iter()
                .fold(Self::Acc::default(), |acc, &v| self.row(out, v, acc).2);
            self.merge(acc);
        }
    }
}

impl Tally for () {
    type Acc = ();
    #[inline(always)]
    fn row(&self, out: &Csr, v: u32, _: ()) -> (usize, usize, ()) {
        let offsets = out.offsets();
        // Offsets never exceed `targets.len()`, a usize.
        (
            offsets[v as usize] as usize,
            offsets[v as usize + 1] as usize,
            (),
        )
    }
    #[inline(always)]
    fn merge(&mut self, _: ()) {}
    #[inline(always)]
    fn close(&mut self, _: u32) {}
}

/// One lane's result.
#[derive(Debug, Clone, Default)]
pub(crate) struct Lane {
    pub reached: u64,
    pub max_level: u32,
    pub level_sum: u64,
    pub levels: Option<Vec<u32>>,
}

/// Per-thread buffers of a sweep, reused across sweeps: `words` lane words
/// per vertex in `visited` and `next`.
pub(crate) struct Scratch {
    words: usize,
    nodes: usize,
    visited: Vec<u64>,
    next: Vec<AtomicU64>,
    queue: Vec<u32>,
    /// The next level's queue (swapped with `queue`).
    touched: Vec<u32>,
    /// The frontier's lane words, `words` per entry of `queue`, in queue order.
    bits: Vec<u64>,
    /// A 1-bit-per-vertex set, all zero between levels: the queue during a
    /// bottom-up level; during a wide (`words > 1`) top-down level, the
    /// vertices already appended to the next queue.
    marks: Vec<AtomicU64>,
}

impl Scratch {
    /// Per-vertex lane arrays one `Scratch` holds (visited, next; the 1-bit
    /// `marks` set and the queues are not counted).
    pub(crate) const BUFFERS: u64 = 2;

    pub(crate) fn new(n: usize, words: usize) -> Scratch {
        assert!(matches!(words, 1 | 2 | 4 | 8), "1, 2, 4 or 8 lane words");
        Scratch {
            words,
            nodes: n,
            visited: vec![0; n * words],
            next: (0..n * words).map(|_| AtomicU64::new(0)).collect(),
            queue: Vec::new(),
            touched: Vec::new(),
            bits: Vec::new(),
            marks: (0..self::words(n)).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// Vertices these buffers are sized for.
    pub(crate) fn nodes(&self) -> usize {
        self.nodes
    }

    /// Lane words per vertex.
    pub(crate) fn words(&self) -> usize {
        self.words
    }

    /// Bytes of the per-vertex lane arrays of a sweep over `n` vertices.
    pub(crate) fn bytes(n: usize, words: usize) -> u64 {
        Self::BUFFERS * (n * words * 8) as u64
    }

    /// Did lane `q` of the last sweep reach `v`?
    #[inline]
    pub(crate) fn reached(&self, q: usize, v: u32) -> bool {
        self.visited[v as usize * self.words + q / 64] >> (q % 64) & 1 != 0
    }

    /// Lane `q`'s reached set of the last sweep as a vertex bitset.
    pub(crate) fn lane_set(&self, q: usize) -> Vec<u64> {
        let mut s = vec![0u64; words(self.nodes)];
        let (k, b) = (q / 64, q % 64);
        for v in 0..self.nodes {
            s[v / 64] |= (self.visited[v * self.words + k] >> b & 1) << (v % 64);
        }
        s
    }
}

/// Per-thread buffers of independent single-source searches: the reached
/// set and the search's queue (in BFS order; `n + 1` entries, so a target
/// can be written past the tail before it is known to be new).
pub(crate) struct SingleScratch {
    /// The reached set: a byte per vertex on graphs of at most
    /// [`BYTE_MARKS_MAX`] vertices, else a bit (see [`Marks`]).
    seen: Seen,
    queue: Vec<u32>,
    gathered: Vec<u32>,
    /// A bottom-up level's frontier as a bitset; all zero between levels.
    front: Vec<u64>,
}

impl SingleScratch {
    /// Per-vertex arrays one `SingleScratch` holds (the queue and the
    /// reached set; the frontier bitset is n/64 words).
    pub(crate) const BUFFERS: u64 = 2;

    pub(crate) fn new(n: usize) -> SingleScratch {
        SingleScratch {
            seen: if n <= BYTE_MARKS_MAX {
                Seen::Bytes(vec![0; n])
            } else {
                Seen::Bits(vec![0; words(n)])
            },
            queue: vec![0; n + 1],
            gathered: Vec::new(),
            front: vec![0; words(n)],
        }
    }

    /// Vertices these buffers are sized for (rounded up to 64).
    pub(crate) fn capacity(&self) -> usize {
        self.front.len() * 64
    }
}

/// Storage of a single search's reached set.
enum Seen {
    Bits(Vec<u64>),
    Bytes(Vec<u8>),
}

impl Seen {
    fn has(&self, v: u32) -> bool {
        match self {
            Seen::Bits(b) => b[..].has(v),
            Seen::Bytes(b) => b[..].has(v),
        }
    }
}

/// A single search's reached set. Bits keep a large graph's set in cache;
/// on a small graph (it fits in cache either way) bytes win: marking one is
/// a plain store, where setting a bit is a read-modify-write of a word that
/// the next targets, often nearby ids, must wait for (Bremen: a search 1.3x
/// faster). Marks are 0 or 1.
trait Marks: Send {
    /// Unmark the first `n` vertices.
    fn clear(&mut self, n: usize);
    fn has(&self, v: u32) -> bool;
    /// Mark `v`; was it unmarked? (No branch.)
    fn mark(&mut self, v: u32) -> bool;
    /// For every unmarked vertex below `n`, in parallel blocks of about
    /// [`BOTTOM_UP_CHUNK`] vertices, call `pull(w)` and mark `w` when it
    /// says so; returns each block's pulled vertices (ascending) and the
    /// sum of the costs `pull` reported.
    fn pull_unmarked<F>(&mut self, n: usize, pull: F) -> Vec<(Vec<u32>, usize)>
    where
        F: Fn(u32) -> (bool, usize) + Sync;
}

impl Marks for [u64] {
    fn clear(&mut self, n: usize) {
        self[..words(n)].fill(0);
    }
    #[inline]
    fn has(&self, v: u32) -> bool {
        test(self, v)
    }
    #[inline]
    fn mark(&mut self, v: u32) -> bool {
        let (k, bit) = (v as usize / 64, 1u64 << (v % 64));
        let old = self[k];
        self[k] = old | bit;
        old & bit == 0
    }
    fn pull_unmarked<F>(&mut self, n: usize, pull: F) -> Vec<(Vec<u32>, usize)>
    where
        F: Fn(u32) -> (bool, usize) + Sync,
    {
        let block = BOTTOM_UP_CHUNK / 64;
        self[..words(n)]
            .par_chunks_mut(block)
            .enumerate()
            .map(|(c, words)| {
                let (mut found, mut cost) = (Vec::new(), 0);
                for (j, word) in words.iter_mut().enumerate() {
                    let base = (c * block + j) * 64;
                    let mut todo = !*word;
                    if n - base < 64 {
                        todo &= (1u64 << (n - base)) - 1;
                    }
                    while todo != 0 {
                        let b = todo.trailing_zeros();
                        todo &= todo - 1;
                        // `base + b < n`, a u32 id.
                        let w = (base + b as usize) as u32;
                        let (hit, c) = pull(w);
                        cost += c;
                        if hit {
                            *word |= 1 << b;
                            found.push(w);
                        }
                    }
                }
                (found, cost)
            })
            .collect()
    }
}

impl Marks for [u8] {
    fn clear(&mut self, n: usize) {
        self[..n].fill(0);
    }
    #[inline]
    fn has(&self, v: u32) -> bool {
        self[v as usize] != 0
    }
    #[inline]
    fn mark(&mut self, v: u32) -> bool {
        let old = self[v as usize];
        self[v as usize] = 1;
        old == 0
    }
    fn pull_unmarked<F>(&mut self, n: usize, pull: F) -> Vec<(Vec<u32>, usize)>
    where
        F: Fn(u32) -> (bool, usize) + Sync,
    {
        self[..n]
            .par_chunks_mut(BOTTOM_UP_CHUNK)
            .enumerate()
            .map(|(c, marks)| {
                let (mut found, mut cost) = (Vec::new(), 0);
                for (e, eight) in marks.chunks_mut(8).enumerate() {
                    // Eight reached vertices are skipped by one test.
                    if eight.iter().all(|&m| m != 0) {
                        continue;
                    }
                    for (j, mark) in eight.iter_mut().enumerate() {
                        if *mark != 0 {
                            continue;
                        }
                        // `c * BOTTOM_UP_CHUNK + 8 e + j < n`, a u32 id.
                        let w = (c * BOTTOM_UP_CHUNK + 8 * e + j) as u32;
                        let (hit, k) = pull(w);
                        cost += k;
                        if hit {
                            *mark = 1;
                            found.push(w);
                        }
                    }
                }
                (found, cost)
            })
            .collect()
    }
}

/// What a kernel's `finish` may ask about one lane after its search.
pub(crate) enum Reached<'a> {
    Sweep(&'a Scratch),
    Single(&'a SingleScratch),
    /// A search over a [`Folded`] graph, which records no reached set: only
    /// queries that read none pass [`batched`] a fold.
    Folded,
}

impl Reached<'_> {
    /// Did lane `q` reach `v`? (`q` is ignored for a single search.)
    #[inline]
    pub(crate) fn reached(&self, q: usize, v: u32) -> bool {
        match self {
            Reached::Sweep(s) => s.reached(q, v),
            Reached::Single(s) => s.seen.has(v),
            Reached::Folded => unreachable!("folded searches record no reached set"),
        }
    }

    /// Lane `q`'s reached set as a vertex bitset over `n` vertices.
    pub(crate) fn lane_set(&self, q: usize, n: usize) -> Vec<u64> {
        match self {
            Reached::Sweep(s) => s.lane_set(q),
            Reached::Single(s) => match &s.seen {
                Seen::Bits(b) => b[..words(n)].to_vec(),
                Seen::Bytes(b) => {
                    let mut set = vec![0u64; words(n)];
                    for (v, &m) in b[..n].iter().enumerate() {
                        set[v / 64] |= u64::from(m) << (v % 64);
                    }
                    set
                }
            },
            Reached::Folded => unreachable!("folded searches record no reached set"),
        }
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

    /// Run one sweep for `sources` (at most `64 × s.words()`; lane `q` is
    /// `sources[q]`). Returns one [`Lane`] per source, in order; afterwards
    /// `s.reached(q, v)` answers for the sweep's lanes.
    pub(crate) fn run(&self, sources: &[u32], keep_levels: bool, s: &mut Scratch) -> Vec<Lane> {
        match s.words {
            1 => self.run_w::<1>(sources, keep_levels, s),
            2 => self.run_w::<2>(sources, keep_levels, s),
            4 => self.run_w::<4>(sources, keep_levels, s),
            8 => self.run_w::<8>(sources, keep_levels, s),
            w => unreachable!("scratch with {w} lane words"),
        }
    }

    fn run_w<const W: usize>(
        &self,
        sources: &[u32],
        keep_levels: bool,
        s: &mut Scratch,
    ) -> Vec<Lane> {
        assert!(
            sources.len() <= LANES * W,
            "a sweep of {W} lane words serves at most {} sources",
            LANES * W
        );
        let n = self.out.nodes();
        debug_assert_eq!(s.nodes, n);
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
        // Level 0: the sources, each vertex queued once with its lanes.
        s.queue.clear();
        for (q, &src) in sources.iter().enumerate() {
            let c = cells::<W>(&s.next, src);
            if c.iter().all(|x| x.load(Relaxed) == 0) {
                s.queue.push(src);
            }
            c[q / 64].fetch_or(1 << (q % 64), Relaxed);
        }
        s.bits.clear();
        for &v in &s.queue {
            let i = v as usize * W;
            for k in 0..W {
                let b = s.next[i + k].swap(0, Relaxed);
                s.bits.push(b);
                s.visited[i + k] |= b;
            }
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
            let scout: usize = s.queue.iter().map(|&v| self.out.degree(v)).sum();
            s.touched.clear();
            let mut alive = [0u64; W];
            for f in s.bits.chunks_exact(W) {
                for k in 0..W {
                    alive[k] |= f[k];
                }
            }
            // A bottom-up vertex stops early only once it has every live
            // lane; with many lanes that is rare, so demand a wider frontier.
            let live: u32 = alive.iter().map(|a| a.count_ones()).sum();
            let alpha = if live <= 1 { ALPHA } else { ALPHA_LANES };
            // A bottom-up level settles its own frontier (words and counts).
            let mut settled: Option<[[u64; LANES]; W]> = None;
            if scout > m / alpha && scout.saturating_mul(BOTTOM_UP_SLACK) > bottom_up_cost {
                // A wide frontier rules out few in-neighbours: gather
                // every in-neighbour's words instead (see `bottom_up`).
                let filter =
                    s.queue.len() * FILTER_FRACTION < n && Scratch::bytes(n, W) > FILTER_BYTES;
                if filter {
                    for &v in &s.queue {
                        s.marks[v as usize / 64].fetch_or(1 << (v % 64), Relaxed);
                    }
                }
                // Most vertices scanned all their in-arcs last time (or this
                // is the first bottom-up level): no early exit, no branch
                // per row (see `dense_rows`).
                let dense = !filter
                    && self.mask.is_none()
                    && self.blocked.is_none()
                    && (bottom_up_cost == 0 || bottom_up_cost * DENSE_DEN > (n + m) * DENSE_NUM);
                let (cost, c) = self.bottom_up::<W>(
                    &alive,
                    dense,
                    filter.then_some(&s.marks[..]),
                    &s.visited,
                    &mut s.touched,
                    &mut s.bits,
                );
                if filter {
                    for &v in &s.queue {
                        s.marks[v as usize / 64].store(0, Relaxed);
                    }
                }
                bottom_up_cost = cost;
                settled = Some(c);
            } else if scout + s.queue.len() <= SEQUENTIAL_WORK {
                self.top_down_serial::<W>(&s.queue, &s.bits, &s.visited, &s.next, &mut s.touched);
            } else {
                s.touched = self.top_down::<W>(&s.queue, &s.bits, &s.visited, &s.next, &s.marks);
                if W > 1 {
                    for &v in &s.touched {
                        s.marks[v as usize / 64].store(0, Relaxed);
                    }
                }
            }
            std::mem::swap(&mut s.queue, &mut s.touched);
            // Settle: the new frontier's words move from `next` into `bits`
            // (queue order) and `visited`; count each lane's new vertices.
            let mut counts = [[0u64; LANES]; W];
            if let Some(c) = settled {
                // `bits` holds the new frontier's words already.
                counts = c;
                for (&w, f) in s.queue.iter().zip(s.bits.chunks_exact(W)) {
                    let i = w as usize * W;
                    for (x, &b) in s.visited[i..i + W].iter_mut().zip(f) {
                        *x |= b;
                    }
                }
            } else if s.queue.len() < PARALLEL_SETTLE {
                s.bits.clear();
                let mut counter: [LaneCounter; W] = std::array::from_fn(|_| LaneCounter::default());
                for &w in &s.queue {
                    let i = w as usize * W;
                    for k in 0..W {
                        // One thread owns the level here: a plain load and
                        // store, not a locked swap.
                        let b = s.next[i + k].load(Relaxed);
                        s.next[i + k].store(0, Relaxed);
                        s.bits.push(b);
                        s.visited[i + k] |= b;
                    }
                }
                for (k, (c, out)) in counter.iter_mut().zip(&mut counts).enumerate() {
                    c.add_strided(s.bits.get(k..).unwrap_or_default(), W);
                    c.add_to(out);
                }
            } else {
                let next = &s.next;
                s.bits.clear();
                s.bits.resize(s.queue.len() * W, 0);
                counts = s
                    .bits
                    .par_chunks_mut(MIN_LEN * W)
                    .zip(s.queue.par_chunks(MIN_LEN))
                    .map(|(bits, queue)| {
                        let mut counter: [LaneCounter; W] =
                            std::array::from_fn(|_| LaneCounter::default());
                        for (f, &w) in bits.chunks_exact_mut(W).zip(queue) {
                            let i = w as usize * W;
                            for k in 0..W {
                                // Queue entries are distinct: this task owns
                                // `w`'s words, so no locked swap is needed.
                                let b = next[i + k].load(Relaxed);
                                next[i + k].store(0, Relaxed);
                                f[k] = b;
                            }
                        }
                        let mut out = [[0u64; LANES]; W];
                        for (k, (c, o)) in counter.iter_mut().zip(&mut out).enumerate() {
                            c.add_strided(bits.get(k..).unwrap_or_default(), W);
                            c.add_to(o);
                        }
                        out
                    })
                    .reduce(
                        || [[0u64; LANES]; W],
                        |mut a, b| {
                            for (x, y) in a.iter_mut().zip(&b) {
                                x.iter_mut().zip(y).for_each(|(x, y)| *x += y);
                            }
                            a
                        },
                    );
                for (&w, f) in s.queue.iter().zip(s.bits.chunks_exact(W)) {
                    let i = w as usize * W;
                    for (x, &b) in s.visited[i..i + W].iter_mut().zip(f) {
                        *x |= b;
                    }
                }
            }
            for (lane, &c) in lanes.iter_mut().zip(counts.iter().flatten()) {
                if c > 0 {
                    lane.reached += c;
                    lane.level_sum += c * u64::from(level);
                    lane.max_level = level;
                }
            }
            if keep_levels {
                for (&w, f) in s.queue.iter().zip(s.bits.chunks_exact(W)) {
                    for (k, &b) in f.iter().enumerate() {
                        for_each_bit(b, |q| {
                            if let Some(l) =
                                lanes.get_mut(k * LANES + q).and_then(|l| l.levels.as_mut())
                            {
                                l[w as usize] = level;
                            }
                        });
                    }
                }
            }
        }
        s.queue.clear();
        s.bits.clear();
        lanes
    }

    /// Push, on one thread: for small frontiers, where splitting the level
    /// into rayon tasks costs more than the level itself.
    fn top_down_serial<const W: usize>(
        &self,
        queue: &[u32],
        bits: &[u64],
        visited: &[u64],
        next: &[AtomicU64],
        found: &mut Vec<u32>,
    ) {
        let targets = self.out.targets();
        for (&v, f) in queue.iter().zip(bits.chunks_exact(W)) {
            let f: &[u64; W] = f.try_into().expect("W words");
            for i in self.out.range(v) {
                let w = targets[i];
                let new = and_not(f, &row::<W>(visited, w));
                if !any(&new) || !self.passes(self.out, i) || self.blocked(w) {
                    continue;
                }
                let cell = cells::<W>(next, w);
                let mut was = 0;
                for k in 0..W {
                    let old = cell[k].load(Relaxed);
                    was |= old;
                    cell[k].store(old | new[k], Relaxed);
                }
                if was == 0 {
                    found.push(w);
                }
            }
        }
    }

    /// Push: the frontier queue scatters its lanes along out-arcs. With one
    /// lane word the thread whose `fetch_or` turns `next[w]` non-zero queues
    /// `w`; with several, the thread that sets `w`'s bit in `marks` does.
    fn top_down<const W: usize>(
        &self,
        queue: &[u32],
        bits: &[u64],
        visited: &[u64],
        next: &[AtomicU64],
        marks: &[AtomicU64],
    ) -> Vec<u32> {
        let targets = self.out.targets();
        queue
            .par_iter()
            .zip(bits.par_chunks_exact(W))
            .with_min_len(MIN_LEN / 8)
            .fold(Vec::new, |mut found, (&v, f)| {
                let f: &[u64; W] = f.try_into().expect("W words");
                for i in self.out.range(v) {
                    let w = targets[i];
                    let new = and_not(f, &row::<W>(visited, w));
                    if !any(&new) || !self.passes(self.out, i) || self.blocked(w) {
                        continue;
                    }
                    let cell = cells::<W>(next, w);
                    if W == 1 {
                        // Skip the atomic when every new lane is already there.
                        let old = cell[0].load(Relaxed);
                        if old & new[0] == new[0] {
                            continue;
                        }
                        if cell[0].fetch_or(new[0], Relaxed) == 0 {
                            found.push(w);
                        }
                        continue;
                    }
                    for k in 0..W {
                        if new[k] != 0 && cell[k].load(Relaxed) & new[k] != new[k] {
                            cell[k].fetch_or(new[k], Relaxed);
                        }
                    }
                    let bit = 1u64 << (w % 64);
                    let mark = &marks[w as usize / 64];
                    if mark.load(Relaxed) & bit == 0 && mark.fetch_or(bit, Relaxed) & bit == 0 {
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
    /// The vertices reached go to `found` (vertex order) and their new lane
    /// words to `bits` (`W` per vertex); `next` is not used. Returns the
    /// level's cost (arcs scanned plus vertices looked at) and each lane's
    /// count of new vertices.
    ///
    /// It reads the in-neighbours' `visited` words, not a per-vertex
    /// frontier array: if `u → w` is followed and `u` had lane `q` before
    /// this level's frontier, `w` has `q` already (it got it one level after
    /// `u`), so `visited[u] & want(w)` holds only lanes `u` got at this level.
    /// That holds for every in-neighbour, so `in_frontier` (the frontier's
    /// 1-bit set) only saves loads: with a wide frontier (`None`) every
    /// in-neighbour is gathered, with no test or branch per arc.
    fn bottom_up<const W: usize>(
        &self,
        alive: &[u64; W],
        dense: bool,
        in_frontier: Option<&[AtomicU64]>,
        visited: &[u64],
        found: &mut Vec<u32>,
        bits: &mut Vec<u64>,
    ) -> (usize, [[u64; LANES]; W]) {
        let sources = self.inc.targets();
        let n = self.out.nodes();
        let chunks: Vec<Pulled<W>> = (0..n.div_ceil(BOTTOM_UP_CHUNK))
            .into_par_iter()
            .map(|c| {
                let lo = c * BOTTOM_UP_CHUNK;
                let hi = (lo + BOTTOM_UP_CHUNK).min(n);
                let mut found = Vec::new();
                let mut bits = Vec::new();
                let mut counter: [LaneCounter; W] = std::array::from_fn(|_| LaneCounter::default());
                let mut cost = hi - lo;
                if dense {
                    cost = self.dense_rows::<W>(lo, hi, alive, visited, &mut found, &mut bits);
                }
                for w in lo as u32..if dense { lo as u32 } else { hi as u32 } {
                    let want = and_not(alive, &row::<W>(visited, w));
                    if !any(&want) || self.blocked(w) {
                        continue;
                    }
                    let mut got = [0u64; W];
                    let range = self.inc.range(w);
                    let start = range.start;
                    let mut end = range.end;
                    match (in_frontier, self.mask) {
                        (None, None) => {
                            for (j, &u) in sources[range].iter().enumerate() {
                                let vu = row::<W>(visited, u);
                                for k in 0..W {
                                    got[k] |= vu[k];
                                }
                                if !any(&and_not(&want, &got)) {
                                    end = start + j + 1;
                                    break;
                                }
                            }
                        }
                        _ => {
                            for i in range {
                                let u = sources[i];
                                // The 1-bit-per-vertex set is far smaller than
                                // the lane words: most in-neighbours are ruled
                                // out in cache.
                                if in_frontier.is_none_or(|f| test_atomic(f, u))
                                    && self.passes(self.inc, i)
                                {
                                    let vu = row::<W>(visited, u);
                                    for k in 0..W {
                                        got[k] |= vu[k];
                                    }
                                    if !any(&and_not(&want, &got)) {
                                        end = i + 1;
                                        break;
                                    }
                                }
                            }
                        }
                    }
                    cost += end - start;
                    let mut new = [0u64; W];
                    for k in 0..W {
                        new[k] = got[k] & want[k];
                    }
                    if any(&new) {
                        found.push(w);
                        bits.extend_from_slice(&new);
                    }
                }
                for (k, c) in counter.iter_mut().enumerate() {
                    c.add_strided(bits.get(k..).unwrap_or_default(), W);
                }
                (found, bits, counter, cost)
            })
            .collect();
        found.clear();
        bits.clear();
        let mut cost = 0;
        let mut counts = [[0u64; LANES]; W];
        for (f, b, counter, c) in chunks {
            found.extend_from_slice(&f);
            bits.extend_from_slice(&b);
            for (c, out) in counter.iter().zip(&mut counts) {
                c.add_to(out);
            }
            cost += c;
        }
        (cost, counts)
    }

    /// Bottom-up over rows `lo..hi` with neither a frontier test nor an
    /// early exit (BFS: no mask, nothing blocked): one pass ORs every
    /// in-neighbour's words into a per-row accumulator as a segmented scan
    /// over the rows' arcs, with no branch at row ends (only empty rows take
    /// one); a second pass keeps the lanes each row lacks. Returns the cost
    /// the early-exit scan would have had, estimated: a row whose wanted
    /// lanes all arrive counts half its arcs, a complete row none.
    fn dense_rows<const W: usize>(
        &self,
        lo: usize,
        hi: usize,
        alive: &[u64; W],
        visited: &[u64],
        found: &mut Vec<u32>,
        bits: &mut Vec<u64>,
    ) -> usize {
        let offsets = self.inc.offsets();
        let sources = self.inc.targets();
        let len = hi - lo;
        let (first, last) = (offsets[lo] as usize, offsets[hi] as usize);
        // Row ends as bits over the chunk's arcs, so the scan's row index
        // advances by a bit, not by a load it must wait for; empty rows
        // have no arcs and are left out.
        let mut ends = vec![0u64; (last - first).div_ceil(64) + 1];
        let mut rows = Vec::with_capacity(len);
        for w in lo..hi {
            let end = offsets[w + 1] as usize;
            if end > offsets[w] as usize {
                let e = end - 1 - first;
                ends[e / 64] |= 1 << (e % 64);
                rows.push(w as u32);
            }
        }
        let mut acc = vec![[0u64; W]; rows.len() + 1];
        let mut r = 0usize;
        let mut got = [0u64; W];
        for (i, &u) in sources[first..last].iter().enumerate() {
            let vu = row::<W>(visited, u);
            for k in 0..W {
                got[k] |= vu[k];
            }
            acc[r] = got;
            let at_end = (ends[i / 64] >> (i % 64) & 1) as usize;
            let keep = (at_end as u64).wrapping_sub(1);
            for g in &mut got {
                *g &= keep;
            }
            r += at_end;
        }
        let mut cost = len;
        for (&w, a) in rows.iter().zip(&acc) {
            let want = and_not(alive, &row::<W>(visited, w));
            let mut new = [0u64; W];
            for k in 0..W {
                new[k] = a[k] & want[k];
            }
            let degree = self.inc.degree(w);
            let wanted = any(&want);
            let complete = wanted && !any(&and_not(&want, &new));
            cost += usize::from(wanted) * degree - usize::from(complete) * (degree / 2);
            if any(&new) {
                found.push(w);
                bits.extend_from_slice(&new);
            }
        }
        cost
    }

    /// One single-source search, direction-optimizing (GAP
    /// `bfs.cc`): top-down levels expand a FIFO queue; when the frontier's
    /// out-arcs exceed the unexplored arcs over [`ALPHA`], levels go
    /// bottom-up (every unreached vertex looks for an in-neighbour in the
    /// frontier's bitset, in parallel) until the frontier shrinks below
    /// `n / BETA`. Stops once `limit` vertices are reached. Returns the lane
    /// (exact when the search ran to the end) and whether it ran to the end;
    /// `s` holds the reached set afterwards.
    fn single(
        &self,
        src: u32,
        keep_levels: bool,
        limit: usize,
        s: &mut SingleScratch,
    ) -> (Lane, bool) {
        self.single_tallied(src, keep_levels, limit, &mut (), s)
    }

    /// [`single`](Self::single), passing every reached vertex to `tally`
    /// during the level it was reached at.
    pub(crate) fn single_tallied<T: Tally>(
        &self,
        src: u32,
        keep_levels: bool,
        limit: usize,
        tally: &mut T,
        s: &mut SingleScratch,
    ) -> (Lane, bool) {
        let SingleScratch {
            seen,
            queue,
            gathered,
            front,
        } = s;
        let bufs = (queue, gathered, &mut front[..]);
        match seen {
            Seen::Bits(b) => self.single_with(&mut b[..], src, keep_levels, limit, tally, bufs),
            Seen::Bytes(b) => self.single_with(&mut b[..], src, keep_levels, limit, tally, bufs),
        }
    }

    /// [`single`](Self::single) over one kind of reached set.
    fn single_with<M: Marks + ?Sized, T: Tally>(
        &self,
        seen: &mut M,
        src: u32,
        keep_levels: bool,
        limit: usize,
        tally: &mut T,
        (queue, gathered, front): (&mut Vec<u32>, &mut Vec<u32>, &mut [u64]),
    ) -> (Lane, bool) {
        let n = self.out.nodes();
        seen.clear(n);
        if queue.len() < n + 1 {
            queue.resize(n + 1, 0);
        }
        queue[0] = src;
        seen.mark(src);
        // No label mask and no blocked vertices: the plain loop.
        let plain = self.blocked.is_none() && (self.mask.is_none() || self.out.labels().is_none());
        // Level by level; per-vertex work is only the expansion (sums and
        // levels come from the level boundaries afterwards), which keeps the
        // loop's few live values in registers.
        let (mut level, mut level_sum) = (0u32, 0u64);
        let mut levels = keep_levels.then(|| vec![NO_VERTEX; n]);
        let (mut head, mut tail) = (0usize, 1usize);
        let mut unexplored = self.out.arcs();
        let (mut bottom_up, mut last_size, mut bottom_up_cost) = (false, 0usize, 0usize);
        loop {
            let end = tail;
            let size = end - head;
            if let Some(l) = levels.as_mut() {
                for &v in &queue[head..end] {
                    l[v as usize] = level;
                }
            }
            level_sum += u64::from(level) * size as u64;
            // Small frontiers stay top-down without summing their degrees
            // (the high-diameter case: hundreds of tiny levels). Bottom-up
            // needs GAP's rule and, once a bottom-up level has run, that it
            // cost less than the frontier's out-arcs: on a directed graph
            // every vertex the source cannot reach scans all its in-arcs at
            // every bottom-up level (pgp-strong-2009: 3x slower than top-down).
            bottom_up = size > GATHER_CHUNK && {
                let scout: usize = queue[head..end].iter().map(|&v| self.out.degree(v)).sum();
                let wide = if bottom_up {
                    size >= last_size || size > n / BETA
                } else {
                    scout > unexplored / ALPHA
                };
                wide && (bottom_up_cost == 0 || bottom_up_cost < scout)
            };
            if bottom_up {
                for &v in &queue[head..end] {
                    set(front, v);
                }
                tally.add_all(self.out, &queue[head..end]);
                let (found, cost) = self.bottom_up_single(seen, front, &mut queue[end..]);
                tail += found;
                bottom_up_cost = cost;
                for &v in &queue[head..end] {
                    front[v as usize / 64] = 0;
                }
            } else {
                let arcs;
                (tail, arcs) = if plain {
                    expand_plain(self.out, seen, queue, gathered, head, end, tally)
                } else {
                    tally.add_all(self.out, &queue[head..end]);
                    self.expand_filtered(seen, queue, head, end)
                };
                unexplored = unexplored.saturating_sub(arcs);
            }
            head = end;
            last_size = size;
            tally.close(level);
            if head == tail || tail >= limit {
                break;
            }
            level += 1;
        }
        let complete = head == tail;
        (
            Lane {
                reached: tail as u64,
                max_level: level,
                level_sum,
                levels,
            },
            complete,
        )
    }

    /// One bottom-up level of a single search: every unreached, unblocked
    /// vertex with an in-neighbour in `front` (over a followed arc) is marked
    /// in `seen` and appended to `out` (in id order); returns how many, and
    /// the level's cost (vertices examined plus arcs scanned). Parallel over
    /// blocks of `seen`, which each task owns.
    fn bottom_up_single<M: Marks + ?Sized>(
        &self,
        seen: &mut M,
        front: &[u64],
        out: &mut [u32],
    ) -> (usize, usize) {
        let n = self.out.nodes();
        let sources = self.inc.targets();
        let parts = seen.pull_unmarked(n, |w| {
            if self.blocked(w) {
                return (false, 1);
            }
            let range = self.inc.range(w);
            let start = range.start;
            for i in range.clone() {
                if test(front, sources[i]) && self.passes(self.inc, i) {
                    return (true, 1 + i + 1 - start);
                }
            }
            (false, 1 + range.len())
        });
        let (mut count, mut cost) = (0, 0);
        for (p, c) in parts {
            out[count..count + p.len()].copy_from_slice(&p);
            count += p.len();
            cost += c;
        }
        (count, cost)
    }

    /// One level of a single search with a label mask or blocked vertices:
    /// expands `queue[head..end]`, appending new vertices; returns the new tail
    /// and the arcs scanned.
    fn expand_filtered<M: Marks + ?Sized>(
        &self,
        seen: &mut M,
        queue: &mut [u32],
        head: usize,
        end: usize,
    ) -> (usize, usize) {
        let targets = self.out.targets();
        let mut tail = end;
        let mut arcs = 0;
        for x in head..end {
            let row = self.out.range(queue[x]);
            arcs += row.len();
            for i in row {
                let w = targets[i];
                if !seen.has(w) && self.passes(self.out, i) && !self.blocked(w) {
                    seen.mark(w);
                    queue[tail] = w;
                    tail += 1;
                }
            }
        }
        (tail, arcs)
    }

    /// Levels a search from `src` needs to reach `quota` vertices, or `None`
    /// when its whole reach is smaller.
    fn probe(&self, src: u32, quota: usize, s: &mut SingleScratch) -> Option<u32> {
        let (lane, complete) = self.single(src, false, quota, s);
        (!complete).then_some(lane.max_level)
    }
}

/// One level of a plain single search: expands `queue[head..end]`, appending
/// new targets; returns the new tail and the arcs scanned. `queue` has room
/// for `n + 1` entries.
///
/// Each chunk of the level runs in two passes: first its vertices' rows are
/// gathered into `gathered` (short rows as a fixed four-arc copy with the
/// length as the advance, so the pass has no data-dependent branch and the
/// out-of-order core overlaps the rows' cache misses), then every gathered
/// target is tested and appended, again without a branch. Expanding row by
/// row instead mispredicts each row's end, and after each misprediction the
/// next row waits for its offset and arcs in turn (measured: about half the
/// time of a single search on the Bremen road network).
fn expand_plain<M: Marks + ?Sized, T: Tally>(
    out: &Csr,
    seen: &mut M,
    queue: &mut [u32],
    gathered: &mut Vec<u32>,
    head: usize,
    end: usize,
    tally: &mut T,
) -> (usize, usize) {
    let mut tail = end;
    let mut arcs = 0;
    for chunk in (head..end).step_by(GATHER_CHUNK) {
        let len = gather(
            out,
            &queue[chunk..end.min(chunk + GATHER_CHUNK)],
            gathered,
            tally,
        );
        arcs += len;
        tail = append_new(&gathered[..len], seen, queue, tail);
    }
    (tail, arcs)
}

/// The rows of `vertices` (bounds from `tally`, which counts each vertex),
/// one after another, into `gathered` (grown as needed); returns how many
/// arcs. Out of line for the same reason as [`append_new`].
///
/// `gathered` always has room for a short-row copy of every vertex still
/// to come, so short rows (all but a few on low-degree graphs) copy with
/// no capacity test; only a long row may grow it, out of line.
#[inline(never)]
fn gather<T: Tally>(out: &Csr, vertices: &[u32], gathered: &mut Vec<u32>, tally: &mut T) -> usize {
    let targets = out.targets();
    let short = vertices.len() * SHORT_ROW;
    if gathered.len() < short {
        gathered.resize(short, 0);
    }
    let mut len = 0usize;
    let mut acc = T::Acc::default();
    for (k, &v) in vertices.iter().enumerate() {
        let (a, b);
        (a, b, acc) = tally.row(out, v, acc);
        let degree = b - a;
        match (
            gathered.get_mut(len..len + SHORT_ROW),
            targets.get(a..a + SHORT_ROW),
        ) {
            (Some(dst), Some(src)) if degree <= SHORT_ROW => dst.copy_from_slice(src),
            _ => {
                // Room for this row and short copies of the rest.
                let room = len + degree + (vertices.len() - k) * SHORT_ROW;
                grow(gathered, room);
                gathered[len..len + degree].copy_from_slice(&targets[a..b]);
            }
        }
        len += degree;
    }
    tally.merge(acc);
    len
}

/// `buf` resized to at least `room` (doubling), out of the hot loop.
#[cold]
#[inline(never)]
fn grow(buf: &mut Vec<u32>, room: usize) {
    if buf.len() < room {
        buf.resize(room.max(2 * buf.len()), 0);
    }
}

/// Append the targets not yet in `seen` to `queue` from `tail` (marking
/// them), every target written and the tail advanced only for new ones;
/// returns the new tail. Kept out of line so that its few values stay in
/// registers (inlined into `single`, the tail lived on the stack: a
/// store-to-load round trip per arc).
#[inline(never)]
fn append_new<M: Marks + ?Sized>(
    targets: &[u32],
    seen: &mut M,
    queue: &mut [u32],
    mut tail: usize,
) -> usize {
    for &w in targets {
        let new = seen.mark(w);
        queue[tail] = w;
        tail += usize::from(new);
    }
    tail
}

/// Per-lane counters in bit-sliced form: plane `k` holds bit `k` of every
/// lane's count, so adding a lane word costs O(1) amortized word operations
/// instead of one per set bit. 32 planes hold any count below 2^32 (ids are u32).
#[derive(Default)]
struct LaneCounter {
    planes: [u64; 32],
}

impl LaneCounter {
    /// Add `words[0]`, `words[stride]`, `words[2·stride]`, …: blocks of 8
    /// words go through a carry-save adder tree (Harley–Seal) into weight
    /// 1, 2 and 4 accumulators with no branch; only the weight-8 carries
    /// out of each block take the carry loop.
    fn add_strided(&mut self, words: &[u64], stride: usize) {
        #[inline(always)]
        fn csa(a: u64, b: u64, c: u64) -> (u64, u64) {
            let u = a ^ b;
            ((a & b) | (u & c), u ^ c)
        }
        let (mut ones, mut twos, mut fours) = (0u64, 0u64, 0u64);
        let mut it = words.iter().step_by(stride).copied();
        for _ in 0..it.len().div_ceil(8) {
            let x: [u64; 8] = std::array::from_fn(|_| it.next().unwrap_or(0));
            let (twos_a, o) = csa(ones, x[0], x[1]);
            let (twos_b, o) = csa(o, x[2], x[3]);
            let (fours_a, t) = csa(twos, twos_a, twos_b);
            let (twos_a, o) = csa(o, x[4], x[5]);
            let (twos_b, o) = csa(o, x[6], x[7]);
            let (fours_b, t) = csa(t, twos_a, twos_b);
            let (eights, f) = csa(fours, fours_a, fours_b);
            (ones, twos, fours) = (o, t, f);
            self.add_at(3, eights);
        }
        self.add_at(0, ones);
        self.add_at(1, twos);
        self.add_at(2, fours);
    }

    /// Add `word` at weight `2^k`.
    #[inline(always)]
    fn add_at(&mut self, mut k: usize, word: u64) {
        let mut carry = word;
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

/// How a batch is run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Plan {
    /// Sweeps of `words` lane words each (up to `64 × words` sources).
    Sweeps { words: usize },
    /// Independent single-source searches, in parallel.
    Singles,
}

/// Lane words per sweep for `sources` sources over the sweep's graph: the
/// fewest words that hold the batch in one sweep (at most [`MAX_WORDS`]),
/// narrowed while the buffers of the sweeps that run at once would exceed
/// [`SWEEP_MEMORY_FACTOR`] × the followed CSR's bytes (or
/// [`SWEEP_MEMORY_FLOOR`], if larger). Never below 1.
pub(crate) fn sweep_words(sweep: &Sweep<'_>, sources: usize, threads: usize) -> usize {
    let n = sweep.out.nodes();
    let cap = (SWEEP_MEMORY_FACTOR * sweep.out.bytes()).max(SWEEP_MEMORY_FLOOR);
    let mut words = sources
        .div_ceil(LANES)
        .next_power_of_two()
        .clamp(1, MAX_WORDS);
    while words > 1 {
        let at_once = sources.div_ceil(LANES * words).min(threads.max(1)) as u64;
        if at_once * Scratch::bytes(n, words) <= cap {
            break;
        }
        words /= 2;
    }
    words
}

/// Choose how to run `sources`: small batches are swept; larger ones first
/// probe whether the graph is high-diameter (see [`DEEP_LEVELS`]), where lanes
/// rarely share a frontier and independent searches do less work.
fn plan(sweep: &Sweep<'_>, sources: &[u32], ctx: &Ctx<'_>) -> Plan {
    let n = sweep.out.nodes();
    let sweeps = Plan::Sweeps {
        words: sweep_words(sweep, sources.len(), rayon::current_num_threads()),
    };
    // A few sources share little: their own searches, over 1-bit sets, beat
    // a sweep's 64-bit lane words (measured at 1–4 sources on Bremen,
    // pgp-strong, email-Enron and R-MAT 18: 1.4–4.6x; at 7, sweeps win on
    // the social graphs).
    if sources.len() <= FEW_SOURCES {
        return Plan::Singles;
    }
    if n == 0 {
        return sweeps;
    }
    let quota = (n / PROBE_FRACTION).max(PROBE_MIN_REACH);
    if quota >= n {
        return sweeps;
    }
    let mut s = ctx.single_scratch(n);
    // Up to four sources, in case the first lie in small components.
    for &src in sources.iter().take(4) {
        if let Some(levels) = sweep.probe(src, quota, &mut s) {
            return if levels > DEEP_LEVELS {
                Plan::Singles
            } else {
                sweeps
            };
        }
    }
    sweeps
}

/// Run `sources` (results in source order), by the [`Plan`] chosen for the
/// batch: sweeps of up to `64 × words` lanes in parallel, one [`Scratch`] per
/// rayon task (from the workspace when it has one), or independent
/// single-source searches in parallel. `finish(lane index, source, lane,
/// reached)` turns each lane into a result.
///
/// `fold`, the fold of the graph whose arcs `sweep.out` holds (a plain
/// sweep: every arc followed, nothing blocked), lets single searches walk its core
/// ([`super::folded`]); their lanes then have no levels and `finish` gets
/// [`Reached::Folded`], so only queries that read no reached set pass one.
pub(crate) fn batched<R, F>(
    sweep: &Sweep<'_>,
    fold: Option<&Folded>,
    sources: &[u32],
    keep_levels: bool,
    ctx: &Ctx<'_>,
    finish: F,
) -> Vec<R>
where
    R: Send,
    F: Fn(usize, u32, Lane, &Reached<'_>) -> R + Sync,
{
    let n = sweep.out.nodes();
    let words = match (plan(sweep, sources, ctx), fold.filter(|_| !keep_levels)) {
        (Plan::Sweeps { words }, _) => words,
        (Plan::Singles, Some(fold)) => {
            debug_assert!(
                sweep.blocked.is_none() && (sweep.mask.is_none() || sweep.out.labels().is_none())
            );
            let core_graph = &fold.core;
            let core = Sweep {
                out: core_graph.forward(),
                inc: core_graph.reverse(),
                mask: None,
                blocked: None,
            };
            return folded::searches(sweep.out, fold, &core, sources, ctx)
                .into_iter()
                .zip(sources)
                .map(|(lane, &src)| finish(0, src, lane, &Reached::Folded))
                .collect();
        }
        (Plan::Singles, None) => {
            return sources
                .par_iter()
                .map_init(
                    || ctx.single_scratch(n),
                    |s, &src| {
                        ctx.pass();
                        let (lane, _) = sweep.single(src, keep_levels, usize::MAX, s);
                        finish(0, src, lane, &Reached::Single(s))
                    },
                )
                .collect();
        }
    };
    // Balanced groups: 65 sources become 33 + 32 when a sweep holds 64,
    // not 64 + 1. (Splitting one sweep's worth of sources into one sweep
    // per thread was measured slower: each sweep repeats the shared work.)
    let per_sweep = LANES * words;
    let groups = sources.len().div_ceil(per_sweep).max(1);
    let size = sources.len().div_ceil(groups).max(1);
    let parts: Vec<Vec<R>> = sources
        .par_chunks(size)
        .map_init(
            || ctx.sweep_scratch(n, words),
            |scratch, chunk| {
                ctx.pass();
                let lanes = sweep.run(chunk, keep_levels, scratch);
                let view = Reached::Sweep(scratch);
                lanes
                    .into_iter()
                    .enumerate()
                    .map(|(q, lane)| finish(q, chunk[q], lane, &view))
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
        // 150 sources: one 4-word sweep, duplicates throughout.
        let sources: Vec<u32> = (0..150).map(|i| (i * 7 % 10) as u32).collect();
        let (counters, workspace) = (Counters::default(), Workspace::default());
        let ctx = Ctx::new(&counters, &workspace);
        let got = batched(
            &sweep,
            None,
            &sources,
            false,
            &ctx,
            |_, s, lane: Lane, _| (s, lane.reached),
        );
        let want: Vec<_> = sources.iter().map(|&s| (s, u64::from(10 - s))).collect();
        assert_eq!(got, want);
        assert_eq!(sweep_words(&sweep, sources.len(), 2), 4);
        // One sweep per batch; buffers go back to the workspace, so over
        // many batches no more are ever allocated than sweeps run at once.
        for _ in 0..4 {
            batched(
                &sweep,
                None,
                &sources,
                false,
                &ctx,
                |_, s, lane: Lane, _| (s, lane.reached),
            );
        }
        let c = counters.snapshot().unwrap();
        assert_eq!(c.launches, 5);
        let at_once = 1;
        assert!(c.allocations >= Scratch::BUFFERS, "{c:?}");
        assert!(c.allocations <= at_once * Scratch::BUFFERS, "{c:?}");
    }

    /// Both kinds of reached set give the same searches: R-MAT graphs
    /// (wide levels, so bottom-up runs) and a path (hundreds of levels),
    /// plain, with a label mask and with blocked vertices, to the end and
    /// stopped by a limit.
    #[test]
    fn bit_and_byte_marks_search_alike() {
        let gen = crate::gen::rmat(11, 8, 7).unwrap();
        let mut b = GraphBuilder::new(true);
        b.set_nodes(gen.nodes).unwrap();
        for (i, &(u, v)) in gen.edges.iter().enumerate() {
            b.push_arc(u.into(), v.into(), Some(1 << (i % 3)), None)
                .unwrap();
        }
        let graphs = [b.build().unwrap(), gen.build().unwrap(), path(3000)];
        for g in &graphs {
            let n = g.nodes();
            let blocked: Vec<u64> = (0..words(n))
                .map(|k| 0x0100_0000_0010_0001u64.rotate_left(k as u32))
                .collect();
            for (mask, block) in [
                (None, false),
                (Some(1), false),
                (None, true),
                (Some(6), true),
            ] {
                let sweep = Sweep {
                    out: g.forward(),
                    inc: g.reverse(),
                    mask,
                    blocked: block.then_some(&blocked[..]),
                };
                for src in [0u32, 1, 17, (n / 2) as u32] {
                    for limit in [usize::MAX, 100] {
                        let mut bytes = SingleScratch::new(n);
                        let mut bits = SingleScratch::new(n);
                        bits.seen = Seen::Bits(vec![0; words(n)]);
                        assert!(matches!(bytes.seen, Seen::Bytes(_)));
                        let (a, done_a) = sweep.single(src, true, limit, &mut bytes);
                        let (b, done_b) = sweep.single(src, true, limit, &mut bits);
                        assert_eq!(done_a, done_b);
                        assert_eq!(
                            (a.reached, a.max_level, a.level_sum, &a.levels),
                            (b.reached, b.max_level, b.level_sum, &b.levels),
                            "source {src}, mask {mask:?}, blocked {block}, limit {limit}"
                        );
                        let (ra, rb) = (Reached::Single(&bytes), Reached::Single(&bits));
                        assert_eq!(ra.lane_set(0, n), rb.lane_set(0, n));
                        if mask.is_none() && !block && limit == usize::MAX {
                            assert_eq!(a.levels, Some(naive_levels(g, src)));
                        }
                    }
                }
            }
        }
    }

    /// Levels of a plain FIFO BFS from `src` (the oracle of the test above).
    fn naive_levels(g: &crate::graph::Graph, src: u32) -> Vec<u32> {
        let mut levels = vec![NO_VERTEX; g.nodes()];
        let mut queue = std::collections::VecDeque::from([src]);
        levels[src as usize] = 0;
        while let Some(v) = queue.pop_front() {
            for &w in g.forward().neighbors(v) {
                if levels[w as usize] == NO_VERTEX {
                    levels[w as usize] = levels[v as usize] + 1;
                    queue.push_back(w);
                }
            }
        }
        levels
    }

    fn path(n: u32) -> crate::graph::Graph {
        let mut b = GraphBuilder::new(false);
        for v in 0..n - 1 {
            b.push(v.into(), (v + 1).into()).unwrap();
        }
        b.build().unwrap()
    }

    #[test]
    fn wide_sweeps_match_single_lanes() {
        // Undirected path: source s reaches all n, at level sum
        // s(s+1)/2 + (n-1-s)(n-s)/2. 700 sources take two 8-word sweeps.
        let n = 40u32;
        let g = path(n);
        let sweep = Sweep {
            out: g.forward(),
            inc: g.reverse(),
            mask: None,
            blocked: None,
        };
        let sources: Vec<u32> = (0..700).map(|i| (i * 13 % n as usize) as u32).collect();
        assert_eq!(sweep_words(&sweep, sources.len(), 2), MAX_WORDS);
        let (counters, workspace) = (Counters::default(), Workspace::default());
        let ctx = Ctx::new(&counters, &workspace);
        let got = batched(&sweep, None, &sources, true, &ctx, |q, s, lane: Lane, r| {
            assert!(r.reached(q, n - 1));
            (
                s,
                lane.reached,
                lane.level_sum,
                lane.max_level,
                lane.levels.unwrap()[0],
            )
        });
        for (&(s, reached, sum, max, l0), &src) in got.iter().zip(&sources) {
            let (s64, n64) = (u64::from(s), u64::from(n));
            assert_eq!(s, src);
            assert_eq!(reached, n64);
            assert_eq!(sum, s64 * (s64 + 1) / 2 + (n64 - 1 - s64) * (n64 - s64) / 2);
            assert_eq!(max, s.max(n - 1 - s));
            assert_eq!(l0, s);
        }
    }

    #[test]
    fn plans_by_diameter_and_memory() {
        let (counters, workspace) = (Counters::default(), Workspace::default());
        let ctx = Ctx::new(&counters, &workspace);
        // A long path is high-diameter: independent searches.
        let g = path(20_000);
        let sweep = Sweep {
            out: g.forward(),
            inc: g.reverse(),
            mask: None,
            blocked: None,
        };
        let sources: Vec<u32> = (0..64).map(|i| i * 300).collect();
        assert_eq!(plan(&sweep, &sources, &ctx), Plan::Singles);
        // A few sources are searched alone whatever the graph; five are probed.
        assert_eq!(plan(&sweep, &sources[..4], &ctx), Plan::Singles);
        assert_eq!(plan(&sweep, &sources[..5], &ctx), Plan::Singles);
        let got = batched(
            &sweep,
            None,
            &sources,
            false,
            &ctx,
            |q, s, lane: Lane, r| {
                assert!(r.reached(q, 0) && r.lane_set(q, 20_000)[0] & 1 == 1);
                (s, lane.reached, lane.max_level)
            },
        );
        for (&(s, reached, max), &src) in got.iter().zip(&sources) {
            assert_eq!((s, reached, max), (src, 20_000, src.max(19_999 - src)));
        }
        // A star is shallow: one sweep, as wide as memory allows.
        let mut b = GraphBuilder::new(false);
        for v in 1..100_000u64 {
            b.push(0, v).unwrap();
        }
        let g = b.build().unwrap();
        let sweep = Sweep {
            out: g.forward(),
            inc: g.reverse(),
            mask: None,
            blocked: None,
        };
        let sources: Vec<u32> = (0..512).collect();
        // CSR: 0.8 MB offsets + 0.8 MB targets; 2× that (3.2 MB) holds no
        // wider sweep buffers (1.6 MB a word) for two sweeps at once.
        let words = sweep_words(&sweep, sources.len(), 2);
        assert!(Scratch::bytes(100_000, words) <= 2 * g.forward().bytes());
        assert_eq!(words, 1);
        assert_eq!(plan(&sweep, &sources, &ctx), Plan::Sweeps { words });
        assert_eq!(plan(&sweep, &sources[..5], &ctx), Plan::Sweeps { words: 1 });
        assert_eq!(sweep_words(&sweep, 64, 2), 1);
        assert_eq!(sweep_words(&sweep, 128, 2), 2);
    }

    #[test]
    fn strided_lane_counts_match_bit_by_bit() {
        // Pseudo-random words, 0..40 of them, strides 1 and 3.
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for len in 0..40 {
            for stride in [1, 3] {
                let words: Vec<u64> = (0..len * stride)
                    .map(|_| {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        x
                    })
                    .collect();
                let mut c = LaneCounter::default();
                c.add_at(0, u64::MAX); // a count already there
                c.add_strided(&words, stride);
                let mut got = [0u64; LANES];
                c.add_to(&mut got);
                let mut want = [1u64; LANES];
                for w in words.iter().step_by(stride) {
                    for_each_bit(*w, |q| want[q] += 1);
                }
                assert_eq!(got, want, "len {len} stride {stride}");
            }
        }
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
        let mut s = Scratch::new(3, 1);
        let lanes = sweep.run(&[0, 1], false, &mut s);
        assert_eq!((lanes[0].reached, lanes[1].reached), (2, 1));
        assert!(s.reached(0, 1) && !s.reached(0, 2) && !s.reached(1, 0));
        assert_eq!(s.lane_set(0), vec![0b011]);
    }
}
