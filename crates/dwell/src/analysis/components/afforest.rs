//! Afforest's weak components (Sutton, Ben-Nun and Barak, IPDPS 2018; GAP
//! `cc.cc`): the forest [`wcc_forest`], numbered canonically by
//! [`wcc_afforest`] (the `cpu` kernel `wcc_parallel` on all but small
//! sparse graphs); the dataflow layout groups nodes by the same forest.
//!
//! `comp[v]` is an `AtomicU32` parent pointer with the invariant
//! `comp[v] <= v`, so the pointers form a forest; `link` hooks the larger
//! root under the smaller with a compare-and-swap (Shiloach–Vishkin
//! style), `compress` shortens every pointer to its root. First two rounds
//! join each vertex's first and second arcs only, neither with `link`:
//! round 0 points each vertex at its smallest neighbour, forward or
//! backward, when that is smaller; round 1 `hook`s by plain stores and may
//! lose joins (a heuristic, repaired below). Then the most frequent root
//! `c` (from a fixed sample of 1024 vertices, [`frequent_root`]) is found
//! and every vertex outside `c` links all its arcs — in-arcs too on a
//! directed graph, which is what makes skipping the vertices inside `c`
//! safe: every pointer joins truly connected vertices, so `c`'s tree is
//! inside one component, and every arc with an end outside it is linked.
//! All steps are parallel over vertices.

use super::Components;
use crate::analysis::frontier::bits;
use crate::analysis::Ctx;
use crate::graph::{Csr, Graph, NO_VERTEX};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU32, Ordering::AcqRel, Ordering::Acquire, Ordering::Relaxed};

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
/// [`canonical`](super::canonical) of a forest whose roots are each component's smallest
/// vertex (Afforest's: `parent[v] <= v`, `parent[r] == r` exactly for
/// roots), compressed or not. One ascending pass: a root takes the next
/// label, any other vertex its parent's, which is already labelled. Sizes:
/// [`canonical`](super::canonical)'s one pass counts every vertex into its component's size,
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

/// Afforest's weak components, numbered canonically.
pub(super) fn wcc_afforest(g: &Graph, ctx: &Ctx<'_>) -> Components {
    // One query alone in the pool: its short parallel phases find the
    // other threads awake.
    let forest = crate::analysis::warm::with_warm_pool(|| wcc_forest(g, ctx));
    if ctx.stop().requested() {
        return Components::stopped();
    }
    let mut trace = crate::analysis::trace::Steps::start("wcc");
    let out = canonical_forest(&forest);
    trace.step(|| format!("canonical labels ({} components)", out.count));
    out
}

/// Afforest's forest: parent pointers `comp[v] <= v` whose roots are the
/// smallest vertex of each weak component (not compressed after the last
/// links: [`canonical_forest`] needs no compressed forest). The one
/// Afforest routine of the crate: [`wcc_afforest`] numbers it canonically,
/// the dataflow layout groups nodes by it.
pub(crate) fn wcc_forest(g: &Graph, ctx: &Ctx<'_>) -> Vec<u32> {
    let n = g.nodes();
    let fwd = g.forward();
    let mut trace = crate::analysis::trace::Steps::start("wcc");
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
        // Stopped: the forest so far is still a forest (`comp[v] <= v`).
        if ctx.stop().requested() {
            return comp.into_iter().map(AtomicU32::into_inner).collect();
        }
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
    mut trace: crate::analysis::trace::Steps,
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
    trace.step(|| {
        let (mut count, mut arcs) = (0usize, 0usize);
        for (i, &word) in outside.iter().enumerate() {
            bits::for_each_bit(word, |k| {
                count += 1;
                arcs += fwd.degree((i * 64 + k) as u32);
            });
        }
        format!("compress, marking the {count} vertices outside it ({arcs} arcs)")
    });
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
#[cfg(test)]
mod tests {
    use super::super::canonical;
    use super::super::wcc::wcc_reference;
    use super::*;
    use crate::analysis::Workspace;
    use crate::graph::GraphBuilder;
    use crate::session::Counters;
    use proptest::prelude::*;

    proptest! {
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
