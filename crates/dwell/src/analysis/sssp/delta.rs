//! Delta-stepping (Meyer & Sanders, "Δ-stepping: a parallelizable shortest
//! path algorithm", J. Algorithms 49(1), 2003), in GAPBS's shape (`sssp.cc`:
//! a shared frontier, per-task bins merged after each round).
//!
//! Invariants: `dist[v]` only decreases, and is kept in a [`Distance`]
//! whose atomic cell orders as the values do, so a relaxation is one
//! `fetch_min`: `f64` bits (finite non-negative or +∞) in an `AtomicU64`,
//! or, on integer lengths ([`packed`](crate::graph::packed)), a `u32` with
//! `u32::MAX` for +∞. A vertex waits in bucket `⌊dist / Δ⌋` (the cast
//! saturates; buckets are keys of a `BTreeMap`, so a tiny Δ or a huge
//! weight costs keys, not memory); both distance kinds compute the bucket
//! from the same `f64`, so they visit the same buckets. The current bucket
//! is processed in rounds until no relaxation lands in it again; an entry
//! whose vertex has meanwhile moved to a lower bucket is stale and skipped.
//! Each relaxation computes `dist[u] + w` once, the same float operation as
//! Dijkstra's, so both give bit-identical distances (`fl(a + w)` is monotone
//! in `a`); integer sums are exact (`packed`'s bound), and so equal the
//! float ones.

use super::Lengths;
use crate::graph::packed::WeightedArc;
use crate::graph::Csr;
use crate::progress::Stop;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering::Relaxed};

/// A distance kind: an atomic cell per vertex, lowered by `fetch_min`.
pub(super) trait Distance: Copy + Send + Sync {
    type Cell: Send + Sync;
    /// A cell holding +∞ (unreached).
    fn unreached() -> Self::Cell;
    /// A cell holding 0 (the source).
    fn zero() -> Self::Cell;
    fn load(cell: &Self::Cell) -> Self;
    /// Lower `cell` to `self` if that is smaller; was it lowered?
    fn lower(self, cell: &Self::Cell) -> bool;
    fn to_f64(self) -> f64;
}

impl Distance for f64 {
    type Cell = AtomicU64;
    fn unreached() -> AtomicU64 {
        AtomicU64::new(f64::INFINITY.to_bits())
    }
    fn zero() -> AtomicU64 {
        AtomicU64::new(0f64.to_bits())
    }
    #[inline]
    fn load(cell: &AtomicU64) -> f64 {
        f64::from_bits(cell.load(Relaxed))
    }
    #[inline]
    fn lower(self, cell: &AtomicU64) -> bool {
        // Non-negative f64 bits order as the values do. The plain load
        // first: most relaxations do not improve, and a load is cheaper
        // than a locked read-modify-write.
        let bits = self.to_bits();
        bits < cell.load(Relaxed) && bits < cell.fetch_min(bits, Relaxed)
    }
    #[inline]
    fn to_f64(self) -> f64 {
        self
    }
}

impl Distance for u32 {
    type Cell = AtomicU32;
    fn unreached() -> AtomicU32 {
        AtomicU32::new(u32::MAX)
    }
    fn zero() -> AtomicU32 {
        AtomicU32::new(0)
    }
    #[inline]
    fn load(cell: &AtomicU32) -> u32 {
        cell.load(Relaxed)
    }
    #[inline]
    fn lower(self, cell: &AtomicU32) -> bool {
        self < cell.load(Relaxed) && self < cell.fetch_min(self, Relaxed)
    }
    #[inline]
    fn to_f64(self) -> f64 {
        if self == u32::MAX {
            f64::INFINITY
        } else {
            f64::from(self)
        }
    }
}

/// A graph's arcs and lengths as the kernel reads them.
pub(super) trait Arcs: Copy + Send + Sync {
    type D: Distance;
    fn nodes(self) -> usize;
    /// Call `f(v, du + w)` for each arc `u → v` of length `w`.
    fn relax_row(self, u: u32, du: Self::D, f: impl FnMut(usize, Self::D));
}

/// The CSR's targets with `f64` lengths (or unit ones).
#[derive(Clone, Copy)]
pub(super) struct Floats<'a, W> {
    pub csr: &'a Csr,
    pub w: W,
}

impl<W: Lengths> Arcs for Floats<'_, W> {
    type D = f64;
    fn nodes(self) -> usize {
        self.csr.nodes()
    }
    #[inline]
    fn relax_row(self, u: u32, du: f64, mut f: impl FnMut(usize, f64)) {
        let targets = self.csr.targets();
        for i in self.csr.range(u) {
            f(targets[i] as usize, du + self.w.at(i));
        }
    }
}

/// The CSR's rows over its [`packed`](crate::graph::packed) arcs: integer
/// lengths beside their targets, `u32` distances.
#[derive(Clone, Copy)]
pub(super) struct Ints<'a> {
    pub csr: &'a Csr,
    pub arcs: &'a [WeightedArc],
}

impl Arcs for Ints<'_> {
    type D = u32;
    fn nodes(self) -> usize {
        self.csr.nodes()
    }
    #[inline]
    fn relax_row(self, u: u32, du: u32, mut f: impl FnMut(usize, u32)) {
        for a in &self.arcs[self.csr.range(u)] {
            // Never saturates (`packed`'s bound); if it did, +∞ lowers nothing.
            f(a.target as usize, du.saturating_add(a.weight));
        }
    }
}

/// A frontier smaller than this is relaxed on the calling thread: on a road
/// graph most buckets hold a few dozen vertices, and a fork-join per round
/// would cost more than the round.
const PARALLEL_MIN: usize = 1024;
/// Frontier vertices per parallel task.
const CHUNK: usize = 256;
/// Buckets from the current one on that a task keeps as vectors (grown as
/// pushes reach them); farther pushes go to a list of (bucket, vertex),
/// merged one by one. With Δ = 2·mean/degree a push lands up to
/// `max/Δ` buckets ahead (R-MAT, lengths 1–255, degree 28: 28).
const NEAR: usize = 256;

/// What one task relaxed into: bucket `cur + i` in `near[i]`, farther ones in `far`.
struct Bins {
    near: Vec<Vec<u32>>,
    far: Vec<(u64, u32)>,
}

impl Bins {
    fn new() -> Bins {
        Bins {
            near: vec![Vec::new()],
            far: Vec::new(),
        }
    }

    /// Put `v` into the bucket `k` after the current one (`b` in all).
    #[inline]
    fn push(&mut self, k: u64, b: u64, v: u32) {
        match usize::try_from(k).ok().filter(|&k| k < NEAR) {
            Some(k) => {
                if k >= self.near.len() {
                    self.near.resize_with(k + 1, Vec::new);
                }
                self.near[k].push(v);
            }
            None => self.far.push((b, v)),
        }
    }
}

/// The bucket of distance `d`.
#[inline]
fn bucket<D: Distance>(d: D, delta: f64) -> u64 {
    (d.to_f64() / delta) as u64
}

/// Relax every arc of the frontier vertices in `chunk` (those still in
/// bucket `cur`), pushing improved targets into `bins`.
#[inline]
fn relax<A: Arcs>(
    arcs: A,
    dist: &[<A::D as Distance>::Cell],
    chunk: &[u32],
    cur: u64,
    delta: f64,
    bins: &mut Bins,
) {
    for &u in chunk {
        let du = A::D::load(&dist[u as usize]);
        if bucket(du, delta) != cur {
            continue; // stale: u moved to a lower bucket and was relaxed there
        }
        arcs.relax_row(u, du, |v, nd| {
            if nd.lower(&dist[v]) {
                let b = bucket(nd, delta);
                // b ≥ cur: nd ≥ du, and du is in bucket cur.
                bins.push(b - cur, b, v as u32);
            }
        });
    }
}

/// Distances from `source` (+∞ where unreached), by delta-stepping with
/// bucket width `delta`; rounds with a large frontier run in parallel when
/// `parallel`. Stops early (a partial answer) when `stop` is requested.
pub(super) fn distances<A: Arcs>(
    arcs: A,
    source: u32,
    delta: f64,
    parallel: bool,
    stop: Stop<'_>,
) -> Vec<f64> {
    let n = arcs.nodes();
    let mut dist: Vec<<A::D as Distance>::Cell> = (0..n).map(|_| A::D::unreached()).collect();
    dist[source as usize] = A::D::zero();
    let mut pending: BTreeMap<u64, Vec<u32>> = BTreeMap::new();
    let mut frontier = vec![source];
    let mut cur = 0u64;
    let mut serial = Bins::new();
    let mut trace = crate::analysis::trace::Steps::start("sssp");
    loop {
        if stop.requested() {
            break;
        }
        let size = frontier.len();
        if parallel && size >= PARALLEL_MIN {
            // One set of bins per rayon job (not per chunk): fewer to merge.
            let found: Vec<Bins> = frontier
                .par_chunks(CHUNK)
                .fold(Bins::new, |mut bins, chunk| {
                    relax(arcs, &dist, chunk, cur, delta, &mut bins);
                    bins
                })
                .collect();
            for mut bins in found {
                merge(&mut pending, &mut bins, cur);
            }
        } else {
            relax(arcs, &dist, &frontier, cur, delta, &mut serial);
            // Bucket fusion (GAPBS's `kBinSizeThreshold` loop): what fell
            // back into this bucket is relaxed at once, without a trip
            // through `pending`, while it stays too small for a parallel
            // round (always, for a serial run).
            while !serial.near[0].is_empty() && (!parallel || serial.near[0].len() < PARALLEL_MIN) {
                frontier.clear();
                std::mem::swap(&mut frontier, &mut serial.near[0]);
                relax(arcs, &dist, &frontier, cur, delta, &mut serial);
            }
            merge(&mut pending, &mut serial, cur);
        }
        trace.step(|| format!("bucket {cur}: {size} vertices"));
        let Some((b, next)) = pending.pop_first() else {
            break;
        };
        frontier = next;
        cur = b;
    }
    dist.iter().map(|d| A::D::load(d).to_f64()).collect()
}

/// Move `bins` (found while bucket `cur` ran) into `pending`, emptying them.
fn merge(pending: &mut BTreeMap<u64, Vec<u32>>, bins: &mut Bins, cur: u64) {
    for (k, near) in bins.near.iter_mut().enumerate() {
        if !near.is_empty() {
            // Bucket cur + k was computed as a u64: no overflow.
            let b = cur.saturating_add(k as u64);
            pending.entry(b).or_default().append(near);
        }
    }
    for (b, v) in bins.far.drain(..) {
        pending.entry(b).or_default().push(v);
    }
}

#[cfg(test)]
mod tests {
    use super::super::check::dijkstra;
    use super::*;
    use crate::graph::packed::packed;
    use crate::graph::{Graph, GraphBuilder};
    use proptest::prelude::*;

    fn graph(directed: bool, n: u64, arcs: &[(u32, u32, u32)]) -> Graph {
        let mut b = GraphBuilder::new(directed);
        b.set_nodes(n).unwrap();
        for &(u, v, w) in arcs {
            b.push_arc(u.into(), v.into(), None, Some(f64::from(w)))
                .unwrap();
        }
        b.build().unwrap()
    }

    /// Integer lengths up to the largest `graph::packed` accepts for `n`
    /// vertices (path sums up to just below `u32::MAX`), with zeros and the
    /// extremes drawn often.
    fn arb_graph() -> impl Strategy<Value = (bool, u64, Vec<(u32, u32, u32)>)> {
        (any::<bool>(), 1u64..60).prop_flat_map(|(directed, n)| {
            let top = ((u64::from(u32::MAX) - 1) / n) as u32;
            let length = prop_oneof![
                prop::sample::select(vec![0, 1, top - 1, top]),
                0..=top,
                0u32..8,
            ];
            let arc = (0..n as u32, 0..n as u32, length);
            (
                Just(directed),
                Just(n),
                prop::collection::vec(arc, 0..(5 * n as usize)),
            )
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// The integer path (packed arcs, u32 distances) and the f64 path
        /// give the same distances, bit for bit, and both Dijkstra's.
        #[test]
        fn integer_and_float_lengths_give_the_same_distances(
            (directed, n, arcs) in arb_graph(),
            pick in any::<prop::sample::Index>(),
            delta in prop_oneof![1e-3f64..1.0, 1.0f64..1e9],
            parallel in any::<bool>(),
        ) {
            let g = graph(directed, n, &arcs);
            let csr = g.forward();
            // No arcs pushed: no weights either, nothing to compare.
            let Some(w) = csr.weights() else { return Ok(()) };
            let p = packed(&g).expect("lengths within packed's bound");
            let s = pick.index(n as usize) as u32;
            let stop = Stop::never();
            let floats = distances(Floats { csr, w }, s, delta, parallel, stop);
            let ints = distances(Ints { csr, arcs: p.arcs() }, s, delta, parallel, stop);
            let bits = |d: &[f64]| d.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
            prop_assert_eq!(bits(&ints), bits(&floats));
            prop_assert_eq!(bits(&ints), bits(&dijkstra(csr, w, s)));
        }
    }

    /// A path whose length is the largest sum `packed` allows: exact.
    #[test]
    fn the_longest_path_packed_allows_is_exact() {
        let n = 5u64;
        let top = ((u64::from(u32::MAX) - 1) / n) as u32;
        let arcs: Vec<_> = (0..4).map(|u| (u, u + 1, top)).collect();
        let g = graph(true, n, &arcs);
        let p = packed(&g).expect("within the bound");
        let d = distances(
            Ints {
                csr: g.forward(),
                arcs: p.arcs(),
            },
            0,
            1.0,
            false,
            Stop::never(),
        );
        assert_eq!(d[4], f64::from(top) * 4.0);
    }
}
