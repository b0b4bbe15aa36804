//! Delta-stepping (Meyer & Sanders, "Δ-stepping: a parallelizable shortest
//! path algorithm", J. Algorithms 49(1), 2003), in GAPBS's shape (`sssp.cc`:
//! a shared frontier, per-task bins merged after each round).
//!
//! Invariants: `dist[v]` only decreases, and holds `f64` bits (finite
//! non-negative or +∞), so the bit patterns order as the values do and a
//! relaxation is one `fetch_min` on an `AtomicU64`. A vertex waits in bucket
//! `⌊dist / Δ⌋` (the cast saturates; buckets are keys of a `BTreeMap`, so a
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
fn bucket(d: f64, delta: f64) -> u64 {
    (d / delta) as u64
}

/// Relax every arc of the frontier vertices in `chunk` (those still in
/// bucket `cur`), pushing improved targets into `bins`.
#[inline]
fn relax<W: Lengths>(
    csr: &Csr,
    w: W,
    dist: &[AtomicU64],
    chunk: &[u32],
    cur: u64,
    delta: f64,
    bins: &mut Bins,
) {
    let targets = csr.targets();
    for &u in chunk {
        let du = f64::from_bits(dist[u as usize].load(Relaxed));
        if bucket(du, delta) != cur {
            continue; // stale: u moved to a lower bucket and was relaxed there
        }
        for i in csr.range(u) {
            let v = targets[i] as usize;
            let nd = du + w.at(i);
            let bits = nd.to_bits();
            if bits < dist[v].load(Relaxed) && bits < dist[v].fetch_min(bits, Relaxed) {
                let b = bucket(nd, delta);
                // b ≥ cur: nd ≥ du, and du is in bucket cur.
                bins.push(b - cur, b, v as u32);
            }
        }
    }
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
                    relax(csr, w, &dist, chunk, cur, delta, &mut bins);
                    bins
                })
                .collect();
            for mut bins in found {
                merge(&mut pending, &mut bins, cur);
            }
        } else {
            relax(csr, w, &dist, &frontier, cur, delta, &mut serial);
            // Bucket fusion (GAPBS's `kBinSizeThreshold` loop): what fell
            // back into this bucket is relaxed at once, without a trip
            // through `pending`, while it stays too small for a parallel
            // round (always, for a serial run).
            while !serial.near[0].is_empty() && (!parallel || serial.near[0].len() < PARALLEL_MIN) {
                frontier.clear();
                std::mem::swap(&mut frontier, &mut serial.near[0]);
                relax(csr, w, &dist, &frontier, cur, delta, &mut serial);
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
