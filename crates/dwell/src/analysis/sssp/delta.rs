//! Delta-stepping (Meyer & Sanders, "Δ-stepping: a parallelizable shortest
//! path algorithm", J. Algorithms 49(1), 2003), in GAPBS's shape (`sssp.cc`:
//! a shared frontier, per-thread bins kept across rounds and merged after
//! each one; a parallel round's tasks are 64 vertices, and rows longer than
//! [`SPLIT`] are cut into pieces that any thread may take).
//!
//! Invariants: `dist[v]` only decreases, and holds `f64` bits (finite
//! non-negative or +∞), so the bit patterns order as the values do and a
//! relaxation is one `fetch_min` on an `AtomicU64`. A vertex waits in bucket
//! `⌊dist · (1/Δ)⌋` (the cast saturates; buckets are keys of a `BTreeMap`, so a
//! tiny Δ or a huge weight costs keys, not memory). The current bucket is
//! processed in rounds until no relaxation lands in it again; an entry whose
//! vertex has meanwhile moved to a lower bucket is stale and skipped. Each
//! relaxation computes `dist[u] + w` once, the same float operation as
//! Dijkstra's, so both give bit-identical distances (`fl(a + w)` is monotone
//! in `a`).

use super::Lengths;
use crate::graph::Csr;
use crate::progress::Stop;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Mutex;

/// A frontier smaller than this, with fewer than [`PARALLEL_MIN_ARCS`]
/// arcs, is relaxed on the calling thread: on a road graph most buckets hold
/// a few dozen vertices, and a fork-join per round would cost more than the
/// round.
const PARALLEL_MIN: usize = 1024;
/// Arcs from which a frontier runs in parallel however few its vertices:
/// an R-MAT graph's first buckets are a handful of hubs with most arcs
/// (kron18: 2 vertices, 2.5 ms serially).
const PARALLEL_MIN_ARCS: usize = 1 << 15;
/// Frontier vertices per parallel task: small, as GAPBS's `dynamic, 64`,
/// since an R-MAT frontier's rows differ by orders of magnitude and a task
/// of 256 vertices could hold most of a round's arcs.
const GRAIN: usize = 64;
/// Rows longer than this are left out of a round's tasks and relaxed after
/// them in pieces of this many arcs, spread over the threads.
const SPLIT: usize = 4096;
/// Buckets from the current one on that a task keeps as vectors (grown as
/// pushes reach them); farther pushes go to a list of (bucket, vertex),
/// merged one by one. With Δ = 2·mean/degree a push lands up to
/// `max/Δ` buckets ahead (R-MAT, lengths 1–255, degree 28: 28).
const NEAR: usize = 256;
/// What one thread relaxed into: bucket `cur + i` in `near[i]`, farther ones in `far`.
/// `hubs`: in a parallel round, frontier vertices with rows longer than
/// [`SPLIT`], left for the pieces pass.
struct Bins {
    near: Vec<Vec<u32>>,
    far: Vec<(u64, u32)>,
    hubs: Vec<u32>,
}

impl Bins {
    fn new() -> Bins {
        Bins {
            near: vec![Vec::new()],
            far: Vec::new(),
            hubs: Vec::new(),
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

/// The vertices, by bucket: `(d * inv) as u64` with `inv = 1 / Δ`, a
/// multiplication where a division sat on every improving relaxation; any
/// function of `d` that does not decrease works (`b ≥ cur` below).
#[derive(Clone, Copy)]
struct Width {
    inv: f64,
}

impl Width {
    #[inline]
    fn bucket(self, d: f64) -> u64 {
        (d * self.inv) as u64
    }
}

/// Relax every arc of the frontier vertices in `chunk` (those still in
/// bucket `cur`), pushing improved targets into `bins`; with `split`, a
/// row longer than [`SPLIT`] is set aside in `bins.hubs` instead.
#[inline]
fn relax<W: Lengths>(
    csr: &Csr,
    w: W,
    dist: &[AtomicU64],
    chunk: &[u32],
    (cur, width): (u64, Width),
    split: bool,
    bins: &mut Bins,
) {
    for &u in chunk {
        let du = f64::from_bits(dist[u as usize].load(Relaxed));
        if width.bucket(du) != cur {
            continue; // stale: u moved to a lower bucket and was relaxed there
        }
        let arcs = csr.range(u);
        if split && arcs.len() > SPLIT {
            bins.hubs.push(u);
            continue;
        }
        relax_arcs(csr, w, dist, du, arcs, (cur, width), bins);
    }
}

/// Relax the arcs `arcs` of a vertex at distance `du` in bucket `cur`.
#[inline]
fn relax_arcs<W: Lengths>(
    csr: &Csr,
    w: W,
    dist: &[AtomicU64],
    du: f64,
    arcs: std::ops::Range<usize>,
    (cur, width): (u64, Width),
    bins: &mut Bins,
) {
    let targets = csr.targets();
    for i in arcs {
        let v = targets[i] as usize;
        let nd = du + w.at(i);
        let bits = nd.to_bits();
        if bits < dist[v].load(Relaxed) && bits < dist[v].fetch_min(bits, Relaxed) {
            let b = width.bucket(nd);
            // b ≥ cur: nd ≥ du, du is in bucket cur, and bucket() does not decrease.
            bins.push(b - cur, b, v as u32);
        }
    }
}

/// Per rayon thread, the bins it relaxes into, kept across rounds (their
/// vectors keep their capacity: no allocation per round or per task).
struct Team {
    bins: Vec<Mutex<Bins>>,
}

impl Team {
    fn new() -> Team {
        Team {
            bins: (0..rayon::current_num_threads().max(1))
                .map(|_| Mutex::new(Bins::new()))
                .collect(),
        }
    }

    /// The calling thread's bins: tasks run on the pool's threads, each
    /// locking its own, so the lock is never contended; no task holds it
    /// while waiting on another.
    fn mine(&self) -> std::sync::MutexGuard<'_, Bins> {
        let i = rayon::current_thread_index().unwrap_or(0) % self.bins.len();
        self.bins[i].lock().unwrap_or_else(|e| e.into_inner())
    }

    /// One parallel round over `frontier`: tasks of [`GRAIN`] vertices,
    /// then the rows longer than [`SPLIT`] in pieces; the found vertices
    /// are merged into `pending`.
    fn round<W: Lengths>(
        &mut self,
        csr: &Csr,
        w: W,
        dist: &[AtomicU64],
        frontier: &[u32],
        at: (u64, Width),
        pending: &mut BTreeMap<u64, Vec<u32>>,
    ) {
        frontier.par_chunks(GRAIN).for_each(|chunk| {
            relax(csr, w, dist, chunk, at, true, &mut self.mine());
        });
        let mut pieces = Vec::new();
        for bins in &mut self.bins {
            for u in bins
                .get_mut()
                .unwrap_or_else(|e| e.into_inner())
                .hubs
                .drain(..)
            {
                let arcs = csr.range(u);
                pieces.extend(
                    (arcs.start..arcs.end)
                        .step_by(SPLIT)
                        .map(|i| (u, i, arcs.end.min(i + SPLIT))),
                );
            }
        }
        pieces.par_iter().with_max_len(1).for_each(|&(u, lo, hi)| {
            // A hub improved since the first pass is relaxed again from its
            // new place; any distance it held is a path's length.
            let du = f64::from_bits(dist[u as usize].load(Relaxed));
            if at.1.bucket(du) == at.0 {
                relax_arcs(csr, w, dist, du, lo..hi, at, &mut self.mine());
            }
        });
        for bins in &mut self.bins {
            merge(
                pending,
                bins.get_mut().unwrap_or_else(|e| e.into_inner()),
                at.0,
            );
        }
    }
}

/// Does `frontier` call for a parallel round? Many vertices, or few with
/// many arcs (summed only as far as the bound).
fn wide(csr: &Csr, frontier: &[u32]) -> bool {
    if frontier.len() >= PARALLEL_MIN {
        return true;
    }
    let mut arcs = 0;
    frontier.iter().any(|&u| {
        arcs += csr.degree(u);
        arcs >= PARALLEL_MIN_ARCS
    })
}

/// Distances from `source` (+∞ where unreached), by delta-stepping with
/// bucket width `delta`; rounds with a large frontier run in parallel when
/// `parallel`. Stops early (a partial answer) when `stop` is requested.
pub(super) fn distances<W: Lengths>(
    csr: &Csr,
    w: W,
    source: u32,
    delta: f64,
    parallel: bool,
    stop: Stop<'_>,
) -> Vec<f64> {
    let n = csr.nodes();
    let dist: Vec<AtomicU64> = (0..n)
        .map(|_| AtomicU64::new(f64::INFINITY.to_bits()))
        .collect();
    dist[source as usize].store(0f64.to_bits(), Relaxed);
    let mut pending: BTreeMap<u64, Vec<u32>> = BTreeMap::new();
    let mut frontier = vec![source];
    let mut cur = 0u64;
    let mut serial = Bins::new();
    let mut team = parallel.then(Team::new);
    let width = Width { inv: 1.0 / delta };
    let mut trace = crate::analysis::trace::Steps::start("sssp");
    loop {
        if stop.requested() {
            break;
        }
        let size = frontier.len();
        match team.as_mut().filter(|_| wide(csr, &frontier)) {
            Some(team) => team.round(csr, w, &dist, &frontier, (cur, width), &mut pending),
            None => {
                relax(csr, w, &dist, &frontier, (cur, width), false, &mut serial);
                // Bucket fusion (GAPBS's `kBinSizeThreshold` loop): what fell
                // back into this bucket is relaxed at once, without a trip
                // through `pending`, while it stays too small for a parallel
                // round (always, for a serial run).
                while !serial.near[0].is_empty()
                    && (!parallel || serial.near[0].len() < PARALLEL_MIN)
                {
                    frontier.clear();
                    std::mem::swap(&mut frontier, &mut serial.near[0]);
                    relax(csr, w, &dist, &frontier, (cur, width), false, &mut serial);
                }
                merge(&mut pending, &mut serial, cur);
            }
        }
        trace.step(|| format!("bucket {cur}: {size} vertices"));
        let Some((b, next)) = pending.pop_first() else {
            break;
        };
        frontier = next;
        cur = b;
    }
    dist.into_iter()
        .map(|d| f64::from_bits(d.into_inner()))
        .collect()
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
