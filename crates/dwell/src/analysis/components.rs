//! Weakly and strongly connected components.
//!
//! # Semantics
//!
//! Weak components treat every arc as undirected (a directed graph's forward
//! and reverse arcs together); strong components follow arcs as given. Edge
//! labels are ignored. Results are [`Components`] with *canonical* labels:
//! components are numbered 0, 1, … in increasing order of their smallest
//! vertex, so two equal partitions have equal `labels` and compare with `==`.
//! Every implementation computes some component id per vertex and passes it
//! through the same [`canonical`] numbering.
//!
//! # Kernels
//!
//! - [`wcc_parallel`] (`cpu`): Afforest (Sutton, Ben-Nun and Barak, IPDPS
//!   2018; GAP `cc.cc`). `comp[v]` is an `AtomicU32` parent pointer with the
//!   invariant `comp[v] <= v`, so the pointers form a forest; `link` hooks
//!   the larger root under the smaller with a compare-and-swap (Shiloach–
//!   Vishkin style), `compress` shortens every pointer to its root. First
//!   two rounds join each vertex's first and second arcs only, neither with
//!   `link`: round 0 points each vertex at its smallest neighbour, forward
//!   or backward, when that is smaller; round 1 `hook`s by plain stores and
//!   may lose joins (a heuristic, repaired below). Then the most frequent
//!   root `c` (from a fixed sample of 1024 vertices) is found and every
//!   vertex outside `c` links all its arcs — in-arcs too on a directed
//!   graph, which is what makes skipping the vertices inside `c` safe:
//!   every pointer joins truly connected vertices, so `c`'s tree is inside
//!   one component, and every arc with an end outside it is linked. All
//!   steps are parallel over vertices.
//!   Small sparse graphs (`sweep_pays`) skip it for [`wcc_sweep`]: one
//!   sequential FIFO search per component, in increasing order of first
//!   vertex, with rows gathered a chunk at a time as in the BFS.
//! - [`wcc_reference`] (oracle): a plain FIFO BFS over forward and reverse
//!   arcs from each unlabelled vertex in increasing order.
//! - [`scc_parallel`] (`cpu`): on an undirected graph (every edge stored
//!   both ways) the strong components are the weak ones, so Afforest answers.
//!   Otherwise trimming, forward–backward, then Tarjan on the
//!   rest (Fleischer, Hendrickson and Pınar, 2000; Hong, Rodia and Olukotun,
//!   SC 2013); graphs under [`FWBW_MIN_ARCS`] arcs go straight to step (3). (1) Up to [`TRIM_ROUNDS`] parallel rounds remove every live
//!   vertex with no live in- or out-neighbour other than itself: each is a
//!   singleton component. (2) Up to [`FWBW_ROUNDS`] times, the live vertex
//!   with the largest `(in+1)·(out+1)` degree product is the pivot; its
//!   component is the intersection of the live vertices reached forward and
//!   backward from it, both found (concurrently) with the parallel direction-optimizing
//!   sweep of `analysis/frontier/sweep.rs` with dead vertices blocked; stop early when
//!   the component found is small. (3) The remaining live vertices go to
//!   the sequential iterative Tarjan restricted to live vertices. Removing
//!   whole components never changes the components of the rest, since a
//!   cycle through a removed vertex would have put it in their component.
//!   Step (3) is single-threaded: graphs whose large components are found in
//!   (2) leave only small pieces for it.
//! - [`scc_reference`] (oracle): iterative Tarjan (Tarjan, SIAM J. Comput.
//!   1972) with an explicit call stack of `(vertex, next arc)` frames, so
//!   long chains never overflow the thread stack.
//!
//! # Verifiers
//!
//! Both check that the labels are a canonical partition (one per vertex,
//! numbered by smallest vertex; `count` and `largest` agree). Then
//! - [`wcc_verify`]: labels are equal at both ends of every arc (no arc
//!   joins two components), and each label's vertices are connected: a
//!   union-find over the arcs puts all of them in one set (no component is
//!   two).
//! - [`scc_verify`]: each component is strongly connected (a forward and a
//!   backward search from its smallest vertex, inside the component, reach
//!   all of it), and the condensation (one node per component, an arc where
//!   an arc joins two) is acyclic, so no two components belong together.

use super::footprint::{self, Requirements, SizeOverflow};
use super::frontier::{self, bits, Search};
use super::{Analysis, Ctx, Kernels, QueryError, Violation};
use crate::graph::{Csr, Graph, NO_VERTEX};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU32, Ordering::AcqRel, Ordering::Acquire, Ordering::Relaxed};

/// Parallel trimming rounds before forward–backward in [`scc_parallel`].
pub const TRIM_ROUNDS: usize = 3;

/// Forward–backward rounds at most in [`scc_parallel`].
pub const FWBW_ROUNDS: usize = 4;

/// Directed graphs with fewer arcs skip trimming and forward–backward in
/// [`scc_parallel`]: Tarjan alone.
pub const FWBW_MIN_ARCS: usize = 1 << 20;

/// Afforest's sampling rounds: arcs per vertex linked before sampling.
const NEIGHBOR_ROUNDS: usize = 2;

/// Vertices per block of Afforest's round 0, which compresses within blocks.
const ROUND0_BLOCK: usize = 4096;

/// Graphs of at most this many vertices run Afforest's round 0 as one
/// block: one thread's pass leaves the forest compressed, and the compress
/// after it is skipped (email-Enron, cond-mat-2005, pgp-strong-2009: 40,000
/// vertices, where the parallel round 0 and its compress took 200-280 us on
/// 2 threads, no less than on one).
const ROUND0_WHOLE: usize = 1 << 16;

/// Vertices at least per task of the pass that marks those outside
/// Afforest's common tree (a multiple of 64: tasks own whole bitset words).
const OUTSIDE_BLOCK: usize = 4096;

/// A partition of the vertices into components.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Components {
    /// Number of components.
    pub count: u64,
    /// Size of the largest component.
    pub largest: u64,
    /// Component id per vertex, canonical: ids are numbered 0, 1, … in order of
    /// each component's smallest vertex, so equal partitions compare equal.
    #[serde(skip)]
    pub labels: Vec<u32>,
}

/// Number components canonically: `ids[v]` is any component id below
/// `ids.len()`, equal exactly for vertices in the same component; the result
/// numbers components 0, 1, … in order of their smallest vertex.
pub fn canonical(ids: &[u32]) -> Components {
    let mut map = vec![NO_VERTEX; ids.len()];
    let mut sizes: Vec<u64> = Vec::new();
    let labels = ids
        .iter()
        .map(|&id| {
            let slot = &mut map[id as usize];
            if *slot == NO_VERTEX {
                *slot = sizes.len() as u32;
                sizes.push(0);
            }
            sizes[*slot as usize] += 1;
            *slot
        })
        .collect();
    Components {
        count: sizes.len() as u64,
        largest: sizes.iter().copied().max().unwrap_or(0),
        labels,
    }
}

/// [`canonical`] of a forest whose roots are each component's smallest
/// vertex (Afforest's: `parent[v] <= v`, `parent[r] == r` exactly for
/// roots), compressed or not. One ascending pass: a root takes the next
/// label, any other vertex its parent's, which is already labelled. Sizes:
/// [`canonical`]'s one pass counts every vertex into its component's size,
/// a chain of dependent increments of the same counter when one component
/// holds most vertices; here only the vertices outside the most common
/// root among a few sampled vertices are counted one by one. (Afforest's
/// last compress and a parallel rank lookup, which this replaces, cost
/// 1.6x as much on email-Enron.)
pub(crate) fn canonical_forest(parent: &[u32]) -> Components {
    let n = parent.len();
    let root = |mut v: u32| {
        while parent[v as usize] != v {
            v = parent[v as usize];
        }
        v
    };
    let samples = n.min(64);
    let common = most_common((0..samples).map(|k| root((k * n / samples) as u32))).0;
    let mut labels = vec![0u32; n];
    let mut sizes: Vec<u64> = Vec::new();
    // The common root's label once it is reached (its vertices come after).
    let mut common_label = NO_VERTEX;
    let mut others = 0u64;
    for v in 0..n {
        let p = parent[v] as usize;
        let l = if p == v {
            // At most `n` roots, and `n` ids fit a u32.
            let l = sizes.len() as u32;
            sizes.push(0);
            if v as u32 == common {
                common_label = l;
            }
            l
        } else {
            labels[p]
        };
        labels[v] = l;
        if l != common_label {
            sizes[l as usize] += 1;
            others += 1;
        }
    }
    if let Some(s) = sizes.get_mut(common_label as usize) {
        *s = n as u64 - others;
    }
    Components {
        count: sizes.len() as u64,
        largest: sizes.iter().copied().max().unwrap_or(0),
        labels,
    }
}

/// The oracle for weak components: BFS over forward and reverse arcs.
pub fn wcc_reference(g: &Graph, ctx: &Ctx<'_>) -> Components {
    let n = g.nodes();
    let (fwd, rev) = (g.forward(), g.reverse());
    ctx.pass();
    let mut comp = ctx.buffer(n, NO_VERTEX);
    let mut queue = std::collections::VecDeque::new();
    for root in 0..n as u32 {
        if comp[root as usize] != NO_VERTEX {
            continue;
        }
        comp[root as usize] = root;
        queue.push_back(root);
        while let Some(v) = queue.pop_front() {
            for &w in fwd.neighbors(v).iter().chain(rev.neighbors(v)) {
                if comp[w as usize] == NO_VERTEX {
                    comp[w as usize] = root;
                    queue.push_back(w);
                }
            }
        }
    }
    canonical(&comp)
}

/// Afforest's hook: join the trees of `u` and `v`, larger root under smaller.
fn link(u: u32, v: u32, comp: &[AtomicU32]) {
    let mut p1 = comp[u as usize].load(Acquire);
    let mut p2 = comp[v as usize].load(Acquire);
    while p1 != p2 {
        let (high, low) = if p1 > p2 { (p1, p2) } else { (p2, p1) };
        let p_high = comp[high as usize].load(Acquire);
        if p_high == low {
            break;
        }
        if p_high == high
            && comp[high as usize]
                .compare_exchange(high, low, AcqRel, Acquire)
                .is_ok()
        {
            break;
        }
        p1 = comp[comp[high as usize].load(Acquire) as usize].load(Acquire);
        p2 = comp[low as usize].load(Acquire);
    }
}

/// The neighbour rounds' join of `u` and `v`: the vertex two pointers up
/// from each (their roots, or near them: round 0 left every vertex at most
/// one pointer from its root), the larger under the smaller, by a plain
/// store. No loop to the roots and no compare-and-swap: their mispredicted
/// exits and full fences kept a round's links from overlapping their loads
/// (round 1 on pgp-strong-2009: 250-340 us on 2 threads, 130-180 us
/// hooked). A join can be lost — hooking a vertex that is no longer a root
/// drops its pointer, and two threads hooking one root at once keep one
/// store — but every pointer still joins truly connected vertices and
/// points to a smaller one (a forest), and [`link_rest`] links every arc of
/// each vertex left outside the common tree with [`link`].
fn hook(u: u32, v: u32, comp: &[AtomicU32]) {
    let up = |x: u32| comp[x as usize].load(Relaxed);
    let (a, b) = (up(up(u)), up(up(v)));
    if a != b {
        comp[a.max(b) as usize].store(a.min(b), Relaxed);
    }
}

/// The root of `v`'s tree (as of the loads: links may be in flight).
fn root_of(comp: &[AtomicU32], mut v: u32) -> u32 {
    loop {
        let p = comp[v as usize].load(Relaxed);
        if p == v {
            return v;
        }
        v = p;
    }
}

/// Point every vertex at its root (run when no links are in flight).
fn compress(comp: &[AtomicU32]) {
    comp.par_iter().with_min_len(4096).for_each(|c| loop {
        let p = c.load(Relaxed);
        let pp = comp[p as usize].load(Relaxed);
        if p == pp {
            break;
        }
        c.store(pp, Relaxed);
    });
}

/// The most frequent root among a fixed, evenly spaced sample of vertices
/// `0..n` (up to 1,024), and whether it holds at least `DOMINANT` (7/8) of the
/// sample; `(NO_VERTEX, true)` when `n` is 0. Afforest's sampling, here and
/// in the timely backend's worker-local join.
pub fn frequent_root(n: usize, root: impl Fn(usize) -> u32) -> (u32, bool) {
    let samples = n.min(1024);
    let (root, count) = most_common((0..samples).map(|k| root(k * n / samples)));
    (root, count as f64 >= DOMINANT * samples as f64)
}

/// The most frequent of `values` (the smallest among equally frequent
/// ones) and its count; `(NO_VERTEX, 0)` when there are none. Counted in an
/// open-addressed table twice the values' number: a `HashMap` with its
/// default hasher took 18-24 us for Afforest's 1,024 samples, a tenth of
/// a WCC step.
fn most_common(values: impl ExactSizeIterator<Item = u32>) -> (u32, usize) {
    let slots = (2 * values.len()).next_power_of_two().max(2);
    let shift = 32 - slots.trailing_zeros();
    // `(value, count)`, count 0 for an empty slot.
    let mut table = vec![(0u32, 0usize); slots];
    let mut best = (NO_VERTEX, 0usize);
    for v in values {
        // Fibonacci hashing; linear probing finds a free slot, as at most
        // half the slots are ever used.
        let mut i = (v.wrapping_mul(0x9E37_79B9) >> shift) as usize;
        while table[i].1 != 0 && table[i].0 != v {
            i = (i + 1) & (slots - 1);
        }
        table[i] = (v, table[i].1 + 1);
        let c = table[i].1;
        if c > best.1 || (c == best.1 && v < best.0) {
            best = (v, c);
        }
    }
    best
}

/// Share of the sampled vertices under one root after round 0 above which
/// the neighbour rounds after it are skipped: the tree that Afforest's
/// last phase skips is already there (email-Enron: 33,616 of 36,692
/// vertices, 99.8% of the giant component, after round 0; round 1 added
/// 79), and each round costs a link per vertex and a compress. Below it
/// (cond-mat-2005: 6%, pgp-strong-2009: 33%) the rounds run.
const DOMINANT: f64 = 0.875;

/// Does one sequential sweep ([`wcc_sweep`]) answer weak components faster
/// than Afforest on `g`? On small sparse graphs: at most [`SWEEP_MAX_NODES`]
/// vertices and below [`SWEEP_MAX_DEGREE`] arcs per vertex (in-arcs counted
/// on a directed graph). There Afforest's fixed passes over every vertex,
/// each a parallel step, and its chains of links cost more than following
/// every arc once (2 threads: road networks 2.9-3.5x, power and hep-th
/// 2.3-2.7x, as-22july06 1.2x, a 256² grid 1.1x faster swept); on denser
/// graphs (astro-ph, polblogs: 0.7x) and on larger ones (a 362² grid, 131k
/// vertices: 0.5x, the sweep's arrays outgrowing the cache) Afforest wins.
fn sweep_pays(g: &Graph) -> bool {
    let followed = if g.is_directed() { 2 } else { 1 } * g.forward().arcs() as u64;
    g.nodes() <= SWEEP_MAX_NODES && followed < SWEEP_MAX_DEGREE * g.nodes() as u64
}

/// Vertices at most for `sweep_pays`.
pub const SWEEP_MAX_NODES: usize = 1 << 16;

/// Arcs followed per vertex below which `sweep_pays`.
pub const SWEEP_MAX_DEGREE: u64 = 5;

/// Weak components by one sequential sweep: from each unlabelled vertex in
/// increasing order, a FIFO search over forward and reverse arcs labels its
/// component with the next number. That vertex is its component's smallest,
/// so labels come out canonical, sizes with them. Every arc is appended to
/// the queue with no branch (a label only ever lowers to the component's),
/// as in the single-source BFS.
pub fn wcc_sweep(g: &Graph, ctx: &Ctx<'_>) -> Components {
    let n = g.nodes();
    let fwd = g.forward();
    let rev = g.is_directed().then(|| g.reverse());
    let mut labels = ctx.buffer(n, NO_VERTEX);
    // A search's queue never holds more than its component, plus the one
    // slot a repeated vertex is written to and not counted.
    let mut queue = ctx.buffer(n + 1, 0u32);
    let mut rows = frontier::Rows::default();
    let (mut count, mut largest) = (0u32, 0usize);
    for s in 0..n {
        if labels[s] != NO_VERTEX {
            continue;
        }
        labels[s] = count;
        queue[0] = s as u32;
        let (mut head, mut tail) = (0usize, 1usize);
        // Level by level, rows gathered a chunk of vertices at a time (as
        // the BFS's top-down levels do): vertex by vertex, each row's end
        // mispredicted and the next row's loads waited for it (Bremen's
        // sweep was latency-bound, 1.8 ms).
        while head < tail {
            let end = tail;
            for chunk in (head..end).step_by(frontier::GATHER_CHUNK) {
                let vertices = chunk..end.min(chunk + frontier::GATHER_CHUNK);
                for csr in std::iter::once(fwd).chain(rev) {
                    rows.gather(csr, &queue[vertices.clone()], &mut ());
                    for row in rows.slices(csr) {
                        tail = label_new(row, count, &mut labels, &mut queue, tail);
                    }
                }
            }
            head = end;
        }
        largest = largest.max(tail);
        count += 1;
    }
    Components {
        count: u64::from(count),
        largest: largest as u64,
        labels,
    }
}

/// [`wcc_sweep`]'s step: label the vertices of `row` not yet labelled with
/// `label` and append them to `queue` from `tail`; returns the new tail.
/// Out of line so that its few values stay in registers.
#[inline(never)]
fn label_new(
    row: &[u32],
    label: u32,
    labels: &mut [u32],
    queue: &mut [u32],
    mut tail: usize,
) -> usize {
    for &w in row {
        let old = labels[w as usize];
        labels[w as usize] = old.min(label);
        queue[tail] = w;
        tail += usize::from(old == NO_VERTEX);
    }
    tail
}

/// The `cpu` backend's weak components: one sequential sweep on small
/// sparse graphs (`sweep_pays`), else Afforest.
pub fn wcc_parallel(g: &Graph, ctx: &Ctx<'_>) -> Components {
    ctx.pass();
    if sweep_pays(g) {
        let mut trace = super::trace::Steps::start("wcc");
        let out = wcc_sweep(g, ctx);
        trace.step(|| format!("sweep ({} components)", out.count));
        return out;
    }
    wcc_afforest(g, ctx)
}

/// Afforest's weak components, numbered canonically.
fn wcc_afforest(g: &Graph, ctx: &Ctx<'_>) -> Components {
    // One query alone in the pool: its short parallel phases find the
    // other threads awake.
    let forest = super::warm::with_warm_pool(|| wcc_forest(g, ctx));
    let mut trace = super::trace::Steps::start("wcc");
    let out = canonical_forest(&forest);
    trace.step(|| format!("canonical labels ({} components)", out.count));
    out
}

/// Afforest's forest: parent pointers `comp[v] <= v` whose roots are the
/// smallest vertex of each weak component (not compressed after the last
/// links: [`canonical_forest`] needs no compressed forest). The one
/// Afforest routine of the crate: [`wcc_parallel`] numbers it canonically,
/// the dataflow layout groups nodes by it.
pub(crate) fn wcc_forest(g: &Graph, ctx: &Ctx<'_>) -> Vec<u32> {
    let n = g.nodes();
    let fwd = g.forward();
    let mut trace = super::trace::Steps::start("wcc");
    let rev = g.is_directed().then(|| g.reverse());
    // Round 0 needs no linking: every vertex points at its smallest
    // neighbour (rows are sorted, so the first arc of each direction) when
    // that is smaller, a forest with `comp[v] <= v` built by plain stores
    // in parallel. Linking arc 0 by compare-and-swap instead took a third
    // of WCC's time on email-Enron and did not scale to 2 threads: most
    // first arcs lead to the same few hubs, whose roots every link touched.
    // Each block of vertices, in increasing order, points a vertex whose
    // smallest neighbour lies in the block at that neighbour's pointer
    // (already final within the block): the compress that follows then
    // only crosses blocks; with one block (small graphs) it is not needed.
    let mut parent: Vec<u32> = ctx.counted(|| vec![0; n]);
    let block_len = if n <= ROUND0_WHOLE {
        n.max(1)
    } else {
        ROUND0_BLOCK
    };
    parent
        .par_chunks_mut(block_len)
        .enumerate()
        .for_each(|(b, block)| {
            let base = b * block_len;
            for j in 0..block.len() {
                // `base + j < n`, a u32 id.
                let v = (base + j) as u32;
                let m = smallest_neighbor(fwd, rev, v) as usize;
                block[j] = match m {
                    _ if m == v as usize => v,
                    _ if m >= base => block[m - base],
                    _ => m as u32,
                };
            }
        });
    trace.step(|| format!("round 0: point each of {n} vertices at its smallest neighbour"));
    let comp: Vec<AtomicU32> = parent.into_iter().map(AtomicU32::new).collect();
    if block_len < n {
        compress(&comp);
        trace.step(|| "compress".into());
    }
    // Neighbour rounds run: arc 1 on, or none when round 0 is dominant.
    let (root0, dominant) = frequent_root(n, |v| comp[v].load(Relaxed));
    let rounds = if dominant { 1 } else { NEIGHBOR_ROUNDS };
    trace.step(|| format!("sample after round 0: {} neighbour rounds", rounds - 1));
    for r in 1..rounds {
        (0..n as u32)
            .into_par_iter()
            .with_min_len(1024)
            .for_each(|v| {
                if let Some(&w) = fwd.neighbors(v).get(r) {
                    hook(v, w, &comp);
                }
            });
        trace.step(|| format!("hook arc {r} of every vertex"));
    }
    let c = if dominant {
        root0
    } else {
        frequent_root(n, |v| root_of(&comp, v as u32)).0
    };
    link_rest(fwd, rev, comp, c, trace)
}

/// `v`'s smallest neighbour if smaller than `v`, else `v` (rows are sorted:
/// a first arc). A directed graph's reverse row is read only when the
/// forward one offers no smaller vertex: any smaller neighbour makes a
/// forest, and the second row costs a miss.
fn smallest_neighbor(fwd: &Csr, rev: Option<&Csr>, v: u32) -> u32 {
    let first = |csr: &Csr| csr.neighbors(v).first().map_or(v, |&w| w.min(v));
    match first(fwd) {
        m if m == v => rev.map_or(v, first),
        m => m,
    }
}

/// Afforest's last phase: the arcs of every vertex outside the tree of `c`
/// (the most frequent root) are linked — the rounds before joined some of
/// them, or lost the join — in-arcs too on a directed graph, which is what
/// makes skipping the vertices inside `c` safe. Each arc between two
/// vertices outside is linked once, not from both ends: on pgp-strong-2009
/// 13,626 of the 14,875 arcs of the vertices outside join two of them, and
/// the phase took 100-130 us on 2 threads linking them all. The forest
/// comes out uncompressed.
fn link_rest(
    fwd: &Csr,
    rev: Option<&Csr>,
    comp: Vec<AtomicU32>,
    c: u32,
    mut trace: super::trace::Steps,
) -> Vec<u32> {
    let n = comp.len();
    trace.step(|| format!("sample: most frequent root {c}"));
    // The vertices outside `c`'s tree, fixed before any link (a root
    // outside it may be hooked under `c` meanwhile), as a bitset; the
    // forest compressed on the way (no links are in flight).
    let mut outside = vec![0u64; bits::words(n)];
    outside
        .par_iter_mut()
        .enumerate()
        .with_min_len(OUTSIDE_BLOCK / 64)
        .for_each(|(i, word)| {
            for v in i * 64..n.min(i * 64 + 64) {
                // `v < n`, a u32 id.
                let r = root_of(&comp, v as u32);
                comp[v].store(r, Relaxed);
                *word |= u64::from(r != c) << (v % 64);
            }
        });
    trace.step(|| "compress, marking the vertices outside it".into());
    // An arc between two vertices outside is linked once: an undirected
    // graph's from its larger end, a directed graph's from its source
    // (forward rows). An arc with one end inside is linked from the other.
    let inside = |w: u32| !bits::test(&outside, w);
    outside
        .par_iter()
        .enumerate()
        .with_min_len(4)
        .for_each(|(i, &word)| {
            bits::for_each_bit(word, |k| {
                // A set bit is a vertex below `n`, a u32 id.
                let v = (i * 64 + k) as u32;
                for &w in fwd.neighbors(v) {
                    if rev.is_some() || w < v || inside(w) {
                        link(v, w, &comp);
                    }
                }
                for &w in rev.map_or(&[][..], |r| r.neighbors(v)) {
                    if inside(w) {
                        link(v, w, &comp);
                    }
                }
            });
        });
    trace.step(|| "link the rest of the vertices outside it".into());
    let forest = comp.into_iter().map(AtomicU32::into_inner).collect();
    trace.step(|| "forest out".into());
    forest
}

/// State of the iterative Tarjan: `index[v] == NO_VERTEX` means unvisited;
/// `frames` is the explicit call stack of `(vertex, next arc index)`.
struct Tarjan<'a> {
    csr: &'a Csr,
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u32>,
    frames: Vec<(u32, usize)>,
    counter: u32,
}

impl Tarjan<'_> {
    fn enter(&mut self, v: u32) {
        self.index[v as usize] = self.counter;
        self.low[v as usize] = self.counter;
        self.counter += 1;
        self.on_stack[v as usize] = true;
        self.stack.push(v);
        self.frames.push((v, self.csr.range(v).start));
    }
}

/// Iterative Tarjan over the `live` vertices (arcs into dead vertices are
/// ignored). Assigns `comp[v] = next_id, next_id + 1, …` to each component
/// found, in reverse topological order.
fn tarjan(csr: &Csr, live: &[bool], comp: &mut [u32], next_id: &mut u32, ctx: &Ctx<'_>) {
    ctx.pass();
    let n = csr.nodes();
    let targets = csr.targets();
    let mut t = Tarjan {
        csr,
        index: ctx.buffer(n, NO_VERTEX),
        low: ctx.buffer(n, 0u32),
        on_stack: ctx.buffer(n, false),
        stack: Vec::new(),
        frames: Vec::new(),
        counter: 0,
    };
    for root in 0..n as u32 {
        if !live[root as usize] || t.index[root as usize] != NO_VERTEX {
            continue;
        }
        t.enter(root);
        while let Some(&mut (v, ref mut i)) = t.frames.last_mut() {
            let vi = v as usize;
            if *i < csr.range(v).end {
                let w = targets[*i];
                *i += 1;
                let wi = w as usize;
                if !live[wi] {
                    continue;
                }
                if t.index[wi] == NO_VERTEX {
                    t.enter(w);
                } else if t.on_stack[wi] {
                    t.low[vi] = t.low[vi].min(t.index[wi]);
                }
                continue;
            }
            t.frames.pop();
            if t.low[vi] == t.index[vi] {
                loop {
                    let w = t.stack.pop().expect("v is on the stack");
                    t.on_stack[w as usize] = false;
                    comp[w as usize] = *next_id;
                    if w == v {
                        break;
                    }
                }
                *next_id += 1;
            }
            if let Some(&(p, _)) = t.frames.last() {
                t.low[p as usize] = t.low[p as usize].min(t.low[vi]);
            }
        }
    }
}

/// The oracle for strong components: iterative Tarjan.
pub fn scc_reference(g: &Graph, ctx: &Ctx<'_>) -> Components {
    let n = g.nodes();
    let mut comp = ctx.buffer(n, NO_VERTEX);
    let mut next_id = 0;
    tarjan(
        g.forward(),
        &ctx.buffer(n, true),
        &mut comp,
        &mut next_id,
        ctx,
    );
    canonical(&comp)
}

/// Has `v` a live neighbour other than itself in `csr`?
fn has_live_other(csr: &Csr, v: u32, live: &[bool]) -> bool {
    csr.neighbors(v).iter().any(|&w| w != v && live[w as usize])
}

/// The `cpu` backend's strong components: trim, forward–backward, Tarjan.
pub fn scc_parallel(g: &Graph, ctx: &Ctx<'_>) -> Components {
    // An undirected graph stores every edge both ways, so each weak
    // component is strongly connected: Afforest answers it.
    if !g.is_directed() {
        return wcc_parallel(g, ctx);
    }
    let n = g.nodes();
    let (fwd, rev) = (g.forward(), g.reverse());
    let mut comp = ctx.buffer(n, NO_VERTEX);
    let mut live = ctx.buffer(n, true);
    let mut next_id = 0u32;
    // Small graphs: one sequential Tarjan pass beats trimming rounds and two
    // traversals per pivot.
    let small = g.arcs() < FWBW_MIN_ARCS;
    for _ in 0..if small { 0 } else { TRIM_ROUNDS } {
        let trimmed: Vec<u32> = (0..n as u32)
            .into_par_iter()
            .with_min_len(1024)
            .filter(|&v| {
                live[v as usize]
                    && !(has_live_other(fwd, v, &live) && has_live_other(rev, v, &live))
            })
            .collect();
        if trimmed.is_empty() {
            break;
        }
        for v in trimmed {
            live[v as usize] = false;
            comp[v as usize] = next_id;
            next_id += 1;
        }
    }
    let mut scratch = None;
    for _ in 0..if small { 0 } else { FWBW_ROUNDS } {
        let pivot = (0..n as u32)
            .into_par_iter()
            .filter(|&v| live[v as usize])
            .max_by_key(|&v| {
                let d = |c: &Csr| c.degree(v) as u64 + 1;
                (d(fwd) * d(rev), std::cmp::Reverse(v))
            });
        let Some(pivot) = pivot else { break };
        let dead: Vec<u64> = (0..frontier::words(n))
            .map(|k| {
                (0..64)
                    .filter(|b| k * 64 + b < n && !live[k * 64 + b])
                    .fold(0u64, |w, b| w | 1 << b)
            })
            .collect();
        let (sf, sb) =
            scratch.get_or_insert_with(|| (ctx.sweep_scratch(n, 1), ctx.sweep_scratch(n, 1)));
        let (sf, sb) = (&mut **sf, &mut **sb);
        let search = |out, inc| Search {
            out,
            inc,
            mask: None,
            blocked: Some(&dead),
        };
        // The forward and backward searches are independent: run them together.
        ctx.pass();
        ctx.pass();
        rayon::join(
            || search(fwd, rev).sweep(&[pivot], false, sf),
            || search(rev, fwd).sweep(&[pivot], false, sb),
        );
        let (sf, sb) = (&*sf, &*sb);
        let members: Vec<u32> = (0..n as u32)
            .into_par_iter()
            .with_min_len(4096)
            .filter(|&v| sb.reached(0, v) && sf.reached(0, v))
            .collect();
        for &v in &members {
            live[v as usize] = false;
            comp[v as usize] = next_id;
        }
        next_id += 1;
        if members.len() < (n / 64).max(2) {
            break;
        }
    }
    tarjan(fwd, &live, &mut comp, &mut next_id, ctx);
    canonical(&comp)
}

/// `c` is a canonical partition of `g`'s vertices: one label per vertex,
/// labels numbered 0, 1, … by smallest vertex, `count` and `largest` true.
/// Returns each label's size.
fn check_partition(what: &str, g: &Graph, c: &Components) -> Result<Vec<u64>, Violation> {
    let bad = |m: String| Violation::new(format!("{what}: {m}"));
    let n = g.nodes();
    if c.labels.len() != n {
        return Err(bad(format!("{} labels for {n} vertices", c.labels.len())));
    }
    let mut sizes: Vec<u64> = Vec::new();
    for (v, &l) in c.labels.iter().enumerate() {
        match (l as usize).cmp(&sizes.len()) {
            std::cmp::Ordering::Less => sizes[l as usize] += 1,
            std::cmp::Ordering::Equal => sizes.push(1),
            std::cmp::Ordering::Greater => {
                return Err(bad(format!(
                "vertex {v} has label {l} before any vertex has label {}: labels are not canonical",
                sizes.len()
            )))
            }
        }
    }
    let largest = sizes.iter().copied().max().unwrap_or(0);
    if (c.count, c.largest) != (sizes.len() as u64, largest) {
        return Err(bad(format!(
            "count {} and largest {} but the labels give {} and {largest}",
            c.count,
            c.largest,
            sizes.len()
        )));
    }
    Ok(sizes)
}

/// Union-find root with path halving (the WCC verifier's).
fn root(parent: &mut [u32], mut v: u32) -> u32 {
    while parent[v as usize] != v {
        parent[v as usize] = parent[parent[v as usize] as usize];
        v = parent[v as usize];
    }
    v
}

/// The WCC verifier: see the module header.
pub fn wcc_verify(g: &Graph, c: &Components) -> Result<(), Violation> {
    check_partition("wcc", g, c)?;
    let n = g.nodes();
    let fwd = g.forward();
    let mut parent: Vec<u32> = (0..n as u32).collect();
    for u in 0..n as u32 {
        for &w in fwd.neighbors(u) {
            let (a, b) = (c.labels[u as usize], c.labels[w as usize]);
            if a != b {
                return Err(Violation::new(format!(
                    "wcc: arc {u} -> {w} joins components {a} and {b}"
                )));
            }
            let (x, y) = (root(&mut parent, u), root(&mut parent, w));
            parent[x.max(y) as usize] = x.min(y);
        }
    }
    // Each label's first vertex must share a root with all the label's others.
    let mut first = vec![NO_VERTEX; c.count as usize];
    for v in 0..n as u32 {
        let f = &mut first[c.labels[v as usize] as usize];
        if *f == NO_VERTEX {
            *f = v;
        } else if root(&mut parent, *f) != root(&mut parent, v) {
            return Err(Violation::new(format!(
                "wcc: vertices {} and {v} share label {} but no path joins them",
                *f, c.labels[v as usize]
            )));
        }
    }
    Ok(())
}

/// Mark every vertex reachable from `start` along `csr` without leaving
/// label `label`.
fn mark_inside(csr: &Csr, labels: &[u32], start: u32, seen: &mut [bool], stack: &mut Vec<u32>) {
    let label = labels[start as usize];
    seen[start as usize] = true;
    stack.push(start);
    while let Some(v) = stack.pop() {
        for &w in csr.neighbors(v) {
            if labels[w as usize] == label && !seen[w as usize] {
                seen[w as usize] = true;
                stack.push(w);
            }
        }
    }
}

/// The SCC verifier: see the module header.
pub fn scc_verify(g: &Graph, c: &Components) -> Result<(), Violation> {
    let sizes = check_partition("scc", g, c)?;
    let n = g.nodes();
    let (fwd, rev) = (g.forward(), g.reverse());
    // Strongly connected: from each component's smallest vertex (its first),
    // forward and backward inside the component.
    let mut first = vec![NO_VERTEX; sizes.len()];
    let (mut ahead, mut behind, mut stack) = (vec![false; n], vec![false; n], Vec::new());
    for v in 0..n as u32 {
        let f = &mut first[c.labels[v as usize] as usize];
        if *f == NO_VERTEX {
            *f = v;
            mark_inside(fwd, &c.labels, v, &mut ahead, &mut stack);
            mark_inside(rev, &c.labels, v, &mut behind, &mut stack);
        }
        let (f, l) = (*f, c.labels[v as usize]);
        if !ahead[v as usize] {
            return Err(Violation::new(format!(
                "scc: vertex {v} is in component {l} but {f}, also in it, does not reach it"
            )));
        }
        if !behind[v as usize] {
            return Err(Violation::new(format!(
                "scc: vertex {v} is in component {l} but does not reach {f}, also in it"
            )));
        }
    }
    // Acyclic condensation (Kahn): arcs between components, by component.
    let k = sizes.len();
    let mut offsets = vec![0usize; k + 1];
    for (i, &size) in sizes.iter().enumerate() {
        offsets[i + 1] = offsets[i] + size as usize;
    }
    let mut members = vec![0u32; n];
    let mut cursor = offsets.clone();
    for v in 0..n as u32 {
        let l = c.labels[v as usize] as usize;
        members[cursor[l]] = v;
        cursor[l] += 1;
    }
    let mut indegree = vec![0u64; k];
    for u in 0..n as u32 {
        for &w in fwd.neighbors(u) {
            if c.labels[u as usize] != c.labels[w as usize] {
                indegree[c.labels[w as usize] as usize] += 1;
            }
        }
    }
    let mut ready: Vec<usize> = (0..k).filter(|&l| indegree[l] == 0).collect();
    let mut done = 0;
    while let Some(l) = ready.pop() {
        done += 1;
        for &u in &members[offsets[l]..offsets[l + 1]] {
            for &w in fwd.neighbors(u) {
                let m = c.labels[w as usize] as usize;
                if m != l {
                    indegree[m] -= 1;
                    if indegree[m] == 0 {
                        ready.push(m);
                    }
                }
            }
        }
    }
    if done < k {
        let l = (0..k).find(|&l| indegree[l] > 0).expect("a component left");
        return Err(Violation::new(format!(
            "scc: the components are not maximal: component {l} lies on a cycle of components"
        )));
    }
    Ok(())
}

/// The footprint of a component query: a u32 label per vertex as scratch and
/// as output.
fn labels_footprint(g: &Graph) -> Result<Requirements, SizeOverflow> {
    let labels = footprint::product("label bytes", &[g.nodes() as u64, 4])?;
    Ok(Requirements {
        graph_bytes: footprint::resident_graph_bytes(g)?,
        frontier_bytes: 0,
        scratch_bytes: labels,
        output_bytes: labels,
    })
}

/// Weak components in the registry.
pub struct Wcc;

/// Strong components in the registry.
pub struct Scc;

impl Analysis for Wcc {
    const NAME: &'static str = "wcc";
    type Query = ();
    type Output = Components;

    fn validate(_: &Graph, _: &()) -> Result<(), QueryError> {
        Ok(())
    }

    fn footprint(g: &Graph, _: &()) -> Result<Requirements, SizeOverflow> {
        labels_footprint(g)
    }

    fn output_bytes(_: &Graph, c: &Components) -> Result<u64, SizeOverflow> {
        footprint::items(c.labels.len(), 4)
    }

    fn run(kernels: Kernels, g: &Graph, _: &(), ctx: &Ctx<'_>) -> Components {
        match kernels {
            Kernels::Fast => wcc_parallel(g, ctx),
            Kernels::Reference => wcc_reference(g, ctx),
        }
    }

    fn verify(g: &Graph, _: &(), out: &Components) -> Result<(), Violation> {
        wcc_verify(g, out)
    }
}

impl Analysis for Scc {
    const NAME: &'static str = "scc";
    type Query = ();
    type Output = Components;

    fn validate(_: &Graph, _: &()) -> Result<(), QueryError> {
        Ok(())
    }

    fn footprint(g: &Graph, _: &()) -> Result<Requirements, SizeOverflow> {
        labels_footprint(g)
    }

    fn output_bytes(_: &Graph, c: &Components) -> Result<u64, SizeOverflow> {
        footprint::items(c.labels.len(), 4)
    }

    fn run(kernels: Kernels, g: &Graph, _: &(), ctx: &Ctx<'_>) -> Components {
        match kernels {
            Kernels::Fast => scc_parallel(g, ctx),
            Kernels::Reference => scc_reference(g, ctx),
        }
    }

    fn verify(g: &Graph, _: &(), out: &Components) -> Result<(), Violation> {
        scc_verify(g, out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Workspace;
    use crate::graph::GraphBuilder;
    use crate::session::Counters;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Both kernels of `wcc_parallel`, whichever `sweep_pays` would
        /// pick, answer as the oracle: sparse and dense, directed or not,
        /// in one or several of Afforest's round-0 blocks (one up to
        /// `ROUND0_WHOLE` vertices), with a path over the first vertices
        /// (all of them, or 90%) that makes round 0's tree dominant, so
        /// that the neighbour rounds are skipped.
        #[test]
        fn sweep_and_afforest_match_the_reference(directed in any::<bool>(),
            nodes in prop_oneof![1u32..300, 4000u32..10_000, 65_000u32..70_000],
            density in 0usize..8, seed in any::<u64>(), hub in any::<bool>(),
            path in prop_oneof![Just(0u32), Just(90), Just(100)]) {
            let mut b = GraphBuilder::new(directed);
            b.set_nodes(u64::from(nodes)).unwrap();
            for v in 1..nodes / 100 * path {
                b.push(u64::from(v), u64::from(v - 1)).unwrap();
            }
            if hub {
                // Rows longer than `frontier::Rows` copies (read in place).
                for v in (0..nodes).step_by(3).take(200) {
                    b.push(u64::from(nodes / 2), u64::from(v)).unwrap();
                }
            }
            let mut x = seed | 1;
            for _ in 0..density * nodes as usize / 2 {
                // xorshift64: arcs between random vertices.
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                b.push(x % u64::from(nodes), (x >> 32) % u64::from(nodes)).unwrap();
            }
            let g = b.build().unwrap();
            let (counters, workspace) = (Counters::default(), Workspace::default());
            let ctx = Ctx::new(&counters, &workspace);
            let want = wcc_reference(&g, &ctx);
            prop_assert_eq!(&wcc_sweep(&g, &ctx), &want);
            prop_assert_eq!(&wcc_afforest(&g, &ctx), &want);
        }

        /// The table count agrees with a sort and count (ties to the
        /// smallest value), on values drawn from few or many distinct ones.
        #[test]
        fn most_common_matches_a_plain_count(values in prop::collection::vec(
            prop_oneof![0u32..4, 0u32..2000, any::<u32>()], 0..1100)) {
            let mut sorted = values.clone();
            sorted.sort_unstable();
            let mut want = (NO_VERTEX, 0usize);
            for run in sorted.chunk_by(|a, b| a == b) {
                if run.len() > want.1 {
                    want = (run[0], run.len());
                }
            }
            prop_assert_eq!(most_common(values.iter().copied()), want);
        }
    }

    /// A directed graph whose common tree (a path 95 -> ... -> 0, most of
    /// the vertices, so the neighbour rounds are skipped) reaches vertex 98
    /// only by the arc 50 -> 98, and 98 points at 97 (its smallest
    /// neighbour) outside the tree: Afforest's last phase must link 98's
    /// in-arc from inside, or {97, 98} come out as a component of their own.
    #[test]
    fn afforest_links_in_arcs_from_the_common_tree() {
        let mut b = GraphBuilder::new(true);
        b.set_nodes(100).unwrap();
        for v in 1..=95u64 {
            b.push(v, v - 1).unwrap();
        }
        b.push(50, 98).unwrap();
        b.push(98, 97).unwrap();
        let g = b.build().unwrap();
        let (counters, workspace) = (Counters::default(), Workspace::default());
        let ctx = Ctx::new(&counters, &workspace);
        let got = wcc_afforest(&g, &ctx);
        assert_eq!(got, wcc_reference(&g, &ctx));
        assert_eq!((got.count, got.largest), (3, 98));
    }

    #[test]
    fn canonical_numbers_by_smallest_vertex() {
        let c = canonical(&[4, 2, 4, 2, 0]);
        assert_eq!(c.labels, vec![0, 1, 0, 1, 2]);
        assert_eq!((c.count, c.largest), (3, 2));
        let empty = canonical(&[]);
        assert_eq!((empty.count, empty.largest), (0, 0));
    }

    /// Root ids (each component named by its smallest vertex) number as
    /// [`canonical`] numbers them: one giant component, many small ones,
    /// all singletons, and a largest component that is not the most
    /// common label among the sampled vertices.
    #[test]
    fn canonical_forest_agrees_with_canonical() {
        let giant: Vec<u32> = (0..5000u32)
            .map(|v| if v % 7 == 3 { v } else { 0 })
            .collect();
        let small: Vec<u32> = (0..5000u32).map(|v| v - v % 3).collect();
        let singletons: Vec<u32> = (0..300u32).collect();
        // Vertices 0..64 sampled: half in component 0; component 1 larger.
        let mut hidden: Vec<u32> = (0..4096u32)
            .map(|v| if v % 2 == 0 { 0 } else { 1 })
            .collect();
        hidden.extend((4096..9000u32).map(|_| 1));
        for ids in [giant, small, singletons, hidden, vec![], vec![0]] {
            assert_eq!(
                canonical_forest(&ids),
                canonical(&ids),
                "{:?}",
                &ids[..ids.len().min(8)]
            );
        }
        // Not compressed: chains of ten, each vertex under the one before.
        let chains: Vec<u32> = (0..5000u32)
            .map(|v| if v % 10 == 0 { v } else { v - 1 })
            .collect();
        let roots: Vec<u32> = (0..5000u32).map(|v| v - v % 10).collect();
        assert_eq!(canonical_forest(&chains), canonical(&roots));
    }
}
