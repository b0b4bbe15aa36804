//! The bit-parallel, direction-optimizing multi-source sweep
//! ([`Search::sweep`]) and its per-thread buffers ([`Scratch`]).
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
//!   row (`Search::dense_rows`). Bottom-up chunks return the new frontier's
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
//! Label masks and blocked vertices are those of [`Search`] (see the
//! module above): a blocked source still starts its lane.
//!
//! Per-lane results (reached count, level sum, largest level, optional level
//! array) are identical to running each source alone, because lanes never
//! interact: every operation is a bitwise OR/AND-NOT applied per bit.

use super::bits::{and_not, any, cells, row, test_atomic, LaneCounter, LANES};
use super::scratch::{start_lanes, Scratch};
use super::{Lane, Search, ALPHA, BOTTOM_UP_CHUNK};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Minimum vertices per rayon task in a level, so tiny levels stay on one thread.
const MIN_LEN: usize = 1024;

/// A top-down level touching at most this many arcs plus vertices runs on
/// the calling thread, with no rayon tasks or allocation.
const SEQUENTIAL_WORK: usize = 256 * 1024;

/// GAP's α when several lanes are live (measured on R-MAT 18/20, 64 lanes).
const ALPHA_LANES: usize = 4;

/// See the direction rule in `Search::sweep_w`.
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

/// One bottom-up chunk's result: vertices reached, their new lane words
/// (`W` each), lane counts, cost.
type Pulled<const W: usize> = (Vec<u32>, Vec<u64>, [LaneCounter; W], usize);

impl Search<'_> {
    /// Run one sweep for `sources` (at most `64 × s.words()`; lane `q` is
    /// `sources[q]`). Returns one [`Lane`] per source, in order; afterwards
    /// `s.reached(q, v)` answers for the sweep's lanes.
    pub(crate) fn sweep(&self, sources: &[u32], keep_levels: bool, s: &mut Scratch) -> Vec<Lane> {
        match s.words {
            1 => self.sweep_w::<1>(sources, keep_levels, s),
            2 => self.sweep_w::<2>(sources, keep_levels, s),
            4 => self.sweep_w::<4>(sources, keep_levels, s),
            8 => self.sweep_w::<8>(sources, keep_levels, s),
            w => unreachable!("scratch with {w} lane words"),
        }
    }

    fn sweep_w<const W: usize>(
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
        s.clear_visited::<W>();
        let mut lanes = start_lanes(sources, keep_levels, n);
        s.seed::<W>(sources);
        s.note_reached();
        // Beamer's rule (GAP's α): bottom-up when the frontier's out-arcs
        // exceed `arcs / ALPHA`, unless the last bottom-up level scanned more
        // than BOTTOM_UP_SLACK times that many arcs plus vertices. On
        // high-diameter graphs with many lanes almost every vertex still
        // lacks some lane, so a bottom-up level scans nearly the whole graph;
        // the measurement keeps such graphs top-down after one try.
        let mut bottom_up_cost = 0usize;
        let mut level = 0u32;
        // A stop request ends the sweep between levels, where `next` and
        // `marks` are all zero, as at a sweep's end.
        while !s.queue.is_empty() && !self.stop.requested() {
            level += 1;
            let settled = self.expand_level::<W>(s, &mut bottom_up_cost);
            std::mem::swap(&mut s.queue, &mut s.touched);
            let counts = s.settle::<W>(settled);
            s.note_reached();
            s.record_level::<W>(&mut lanes, level, &counts, keep_levels);
        }
        s.queue.clear();
        s.bits.clear();
        lanes
    }

    /// One level of a sweep: the frontier (`s.queue` and `s.bits`) expanded
    /// top-down or bottom-up by the rule in [`sweep_w`](Self::sweep_w), the
    /// next level's vertices left in `s.touched`. A bottom-up level settles
    /// its own frontier: it returns the new vertices' lane counts, with
    /// their words in `s.bits` already; a top-down level leaves them in
    /// `s.next` and returns `None`.
    #[inline]
    fn expand_level<const W: usize>(
        &self,
        s: &mut Scratch,
        bottom_up_cost: &mut usize,
    ) -> Option<[[u64; LANES]; W]> {
        let m = self.out.arcs();
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
        if scout > m / alpha && scout.saturating_mul(BOTTOM_UP_SLACK) > *bottom_up_cost {
            let (cost, counts) = self.bottom_up_level::<W>(s, &alive, *bottom_up_cost);
            *bottom_up_cost = cost;
            return Some(counts);
        }
        if scout + s.queue.len() <= SEQUENTIAL_WORK {
            self.top_down_serial::<W>(&s.queue, &s.bits, &s.visited, &s.next, &mut s.touched);
        } else {
            s.touched = self.top_down::<W>(&s.queue, &s.bits, &s.visited, &s.next, &s.marks);
            if W > 1 {
                for &v in &s.touched {
                    s.marks[v as usize / 64].store(0, Relaxed);
                }
            }
        }
        None
    }

    /// A bottom-up level of a sweep ([`bottom_up`](Self::bottom_up)) with
    /// its choice of frontier test and dense scan; `last_cost` is the last
    /// bottom-up level's cost (0 before the first). Returns this level's
    /// cost and each lane's count of new vertices.
    #[inline]
    fn bottom_up_level<const W: usize>(
        &self,
        s: &mut Scratch,
        alive: &[u64; W],
        last_cost: usize,
    ) -> (usize, [[u64; LANES]; W]) {
        let (n, m) = (self.out.nodes(), self.out.arcs());
        // A wide frontier rules out few in-neighbours: gather
        // every in-neighbour's words instead (see `bottom_up`).
        let filter = s.queue.len() * FILTER_FRACTION < n && Scratch::bytes(n, W) > FILTER_BYTES;
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
            && (last_cost == 0 || last_cost * DENSE_DEN > (n + m) * DENSE_NUM);
        let out = self.bottom_up::<W>(
            alive,
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
        out
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
}

#[cfg(test)]
mod tests {
    use super::super::bitset_of;
    use super::*;
    use crate::analysis::{Ctx, Workspace};
    use crate::graph::GraphBuilder;
    use crate::session::Counters;

    #[test]
    fn blocked_source_still_propagates() {
        let mut b = GraphBuilder::new(true);
        b.push(0, 1).unwrap();
        b.push(1, 2).unwrap();
        let g = b.build().unwrap();
        let (counters, workspace) = (Counters::default(), Workspace::default());
        let blocked = bitset_of(3, &[0, 2], &Ctx::new(&counters, &workspace));
        let search = Search {
            out: g.forward(),
            inc: g.reverse(),
            mask: None,
            blocked: Some(&blocked),
            stop: crate::progress::Stop::never(),
        };
        let mut s = Scratch::new(3, 1);
        let lanes = search.sweep(&[0, 1], false, &mut s);
        assert_eq!((lanes[0].reached, lanes[1].reached), (2, 1));
        assert!(s.reached(0, 1) && !s.reached(0, 2) && !s.reached(1, 0));
        assert_eq!(s.lane_set(0), vec![0b011]);
    }
}
