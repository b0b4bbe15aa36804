//! A sweep's per-thread buffers ([`Scratch`]) and the steps that move lane
//! words between them (seed, settle, record); the levels' expansion is in
//! `sweep.rs`, whose module doc gives the encoding and invariants.

use super::bits::{cells, for_each_bit, words, LaneCounter, LANES};
use super::Lane;
use crate::graph::NO_VERTEX;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Minimum queue entries per rayon task when a wide level settles.
const MIN_LEN: usize = 1024;

/// A level reaching at least this many vertices records them in parallel.
const PARALLEL_SETTLE: usize = 8 * 1024;

/// Per-thread buffers of a sweep, reused across sweeps: `words` lane words
/// per vertex in `visited` and `next`.
pub(crate) struct Scratch {
    pub(super) words: usize,
    pub(super) nodes: usize,
    pub(super) visited: Vec<u64>,
    pub(super) next: Vec<AtomicU64>,
    pub(super) queue: Vec<u32>,
    /// The next level's queue (swapped with `queue`).
    pub(super) touched: Vec<u32>,
    /// The frontier's lane words, `words` per entry of `queue`, in queue order.
    pub(super) bits: Vec<u64>,
    /// A 1-bit-per-vertex set, all zero between levels: the queue during a
    /// bottom-up level; during a wide (`words > 1`) top-down level, the
    /// vertices already appended to the next queue.
    pub(super) marks: Vec<AtomicU64>,
    /// The vertices the last sweep reached, while fewer than
    /// `nodes / CLEAR_FRACTION` (else `None`): the next sweep clears their
    /// rows of `visited` instead of all of it, so a sweep whose lanes reach
    /// few vertices costs their reach, not `n` (small components, DAGs).
    pub(super) dirty: Option<Vec<u32>>,
}

/// A sweep clears `visited` row by row while its predecessor reached fewer
/// than `n / CLEAR_FRACTION` vertices; beyond that one sequential fill is cheaper.
const CLEAR_FRACTION: usize = 16;

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
            dirty: Some(Vec::new()),
        }
    }

    /// `visited` all zero: the rows the last sweep reached, or all of it.
    pub(super) fn clear_visited<const W: usize>(&mut self) {
        match &mut self.dirty {
            Some(dirty) => {
                for &v in dirty.iter() {
                    let i = v as usize * W;
                    self.visited[i..i + W].fill(0);
                }
                dirty.clear();
            }
            None => {
                self.visited.fill(0);
                self.dirty = Some(Vec::new());
            }
        }
    }

    /// Note the queue's vertices as reached (see `dirty`).
    #[inline]
    pub(super) fn note_reached(&mut self) {
        if let Some(dirty) = &mut self.dirty {
            if dirty.len() + self.queue.len() < self.nodes / CLEAR_FRACTION {
                dirty.extend_from_slice(&self.queue);
            } else {
                self.dirty = None;
            }
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

/// Each source's lane before the sweep: itself reached, at level 0.
pub(super) fn start_lanes(sources: &[u32], keep_levels: bool, n: usize) -> Vec<Lane> {
    sources
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
                counts: vec![1],
            }
        })
        .collect()
}

/// The steps of a sweep that move lane words between the buffers.
impl Scratch {
    /// Level 0: the sources, each vertex queued once with its lanes (lane
    /// `q` is `sources[q]`), their words in `bits` and `visited`.
    pub(super) fn seed<const W: usize>(&mut self, sources: &[u32]) {
        self.queue.clear();
        for (q, &src) in sources.iter().enumerate() {
            let c = cells::<W>(&self.next, src);
            if c.iter().all(|x| x.load(Relaxed) == 0) {
                self.queue.push(src);
            }
            c[q / 64].fetch_or(1 << (q % 64), Relaxed);
        }
        self.bits.clear();
        for &v in &self.queue {
            let i = v as usize * W;
            for k in 0..W {
                let b = self.next[i + k].swap(0, Relaxed);
                self.bits.push(b);
                self.visited[i + k] |= b;
            }
        }
    }

    /// Settle a level: the new frontier's words move from `next` into
    /// `bits` (queue order) and `visited`; returns each lane's count of new
    /// vertices. `settled`: a bottom-up level's counts, its words already
    /// in `bits`.
    #[inline]
    pub(super) fn settle<const W: usize>(
        &mut self,
        settled: Option<[[u64; LANES]; W]>,
    ) -> [[u64; LANES]; W] {
        if let Some(counts) = settled {
            self.or_bits_into_visited::<W>();
            return counts;
        }
        if self.queue.len() < PARALLEL_SETTLE {
            return self.settle_serial::<W>();
        }
        let counts = self.settle_parallel::<W>();
        self.or_bits_into_visited::<W>();
        counts
    }

    /// `visited` of each queued vertex gains its words in `bits`.
    #[inline]
    fn or_bits_into_visited<const W: usize>(&mut self) {
        for (&w, f) in self.queue.iter().zip(self.bits.chunks_exact(W)) {
            let i = w as usize * W;
            for (x, &b) in self.visited[i..i + W].iter_mut().zip(f) {
                *x |= b;
            }
        }
    }

    /// [`settle`](Self::settle) of a small level, on the calling thread.
    #[inline]
    fn settle_serial<const W: usize>(&mut self) -> [[u64; LANES]; W] {
        let mut counts = [[0u64; LANES]; W];
        self.bits.clear();
        let mut counter: [LaneCounter; W] = std::array::from_fn(|_| LaneCounter::default());
        for &w in &self.queue {
            let i = w as usize * W;
            for k in 0..W {
                // One thread owns the level here: a plain load and
                // store, not a locked swap.
                let b = self.next[i + k].load(Relaxed);
                self.next[i + k].store(0, Relaxed);
                self.bits.push(b);
                self.visited[i + k] |= b;
            }
        }
        for (k, (c, out)) in counter.iter_mut().zip(&mut counts).enumerate() {
            c.add_strided(self.bits.get(k..).unwrap_or_default(), W);
            c.add_to(out);
        }
        counts
    }

    /// [`settle`](Self::settle) of a wide level, in parallel: the words
    /// move from `next` into `bits` and are counted; `visited` is left to
    /// the caller.
    #[inline]
    fn settle_parallel<const W: usize>(&mut self) -> [[u64; LANES]; W] {
        let next = &self.next;
        self.bits.clear();
        self.bits.resize(self.queue.len() * W, 0);
        self.bits
            .par_chunks_mut(MIN_LEN * W)
            .zip(self.queue.par_chunks(MIN_LEN))
            .map(|(bits, queue)| {
                let mut counter: [LaneCounter; W] = std::array::from_fn(|_| LaneCounter::default());
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
            )
    }

    /// Add a settled level's `counts` to the lanes, and with `keep_levels`
    /// record `level` for each lane's new vertices (queue and `bits`).
    #[inline]
    pub(super) fn record_level<const W: usize>(
        &self,
        lanes: &mut [Lane],
        level: u32,
        counts: &[[u64; LANES]; W],
        keep_levels: bool,
    ) {
        for (lane, &c) in lanes.iter_mut().zip(counts.iter().flatten()) {
            if c > 0 {
                lane.reached += c;
                lane.level_sum += c * u64::from(level);
                lane.max_level = level;
                lane.counts.push(c);
            }
        }
        if keep_levels {
            for (&w, f) in self.queue.iter().zip(self.bits.chunks_exact(W)) {
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
}
