//! Searches on the dataflow: multi-source BFS and reach, bit-parallel
//! lanes (one per source, 64 a word) sent as OR-combined messages, one
//! round per level. The module documentation of [`super`] says how rounds,
//! windows, notes and answers work.

use super::rounds::{Op, Round, Walk};
use super::{Arcs, Engine, Lost, Note, NEW, SINK, VERTEX};
use crate::shard::Placement;
use dwell::analysis::{BfsQuery, BfsResult, Direction, ReachQuery, ReachResult};
use dwell::graph::NO_VERTEX;
use std::sync::Arc;
use timely::worker::Worker;

/// Summaries of a multi-source search, per lane.
struct Lanes {
    reached: Vec<u64>,
    level_sum: Vec<u64>,
    max_level: Vec<u32>,
    /// Per lane, per vertex: level (only when asked for).
    levels: Option<Vec<Vec<u32>>>,
    /// Per lane: sinks reached.
    sinks: Vec<Vec<u32>>,
}

impl Lanes {
    /// Nothing reached yet by `lanes` lanes; per-vertex levels of `n`
    /// vertices when `levels`.
    fn new(lanes: usize, n: usize, levels: bool) -> Lanes {
        Lanes {
            reached: vec![0; lanes],
            level_sum: vec![0; lanes],
            max_level: vec![0; lanes],
            levels: levels.then(|| vec![vec![NO_VERTEX; n]; lanes]),
            sinks: vec![Vec::new(); lanes],
        }
    }

    /// Take in a round's notes and answers (new counts, levels, sinks).
    fn add(&mut self, notes: impl IntoIterator<Item = Note>) {
        for (k, x, b) in notes {
            match k {
                NEW => {
                    let (lvl, count) = ((b >> 32) as u32, b & 0xffff_ffff);
                    let lane = x as usize;
                    self.reached[lane] += count;
                    self.level_sum[lane] += count * u64::from(lvl);
                    if count > 0 {
                        self.max_level[lane] = self.max_level[lane].max(lvl);
                    }
                }
                VERTEX => {
                    if let Some(levels) = self.levels.as_mut() {
                        levels[(b >> 32) as usize][x as usize] = b as u32;
                    }
                }
                SINK => self.sinks[b as usize].push(x),
                _ => {}
            }
        }
    }
}

/// A search as one worker runs it: which arcs, which sources.
#[derive(Clone, Copy)]
struct Spec<'a> {
    rows: &'a [&'a Arcs],
    /// Only arcs whose label passes it (reach); unlabelled arcs pass.
    mask: Option<u32>,
    sources: &'a [u32],
    /// Whether per-vertex levels are reported.
    keep: bool,
}

/// A search's state on one worker: per vertex of this worker (local
/// index), per lane word, the lanes that reached it, and the new ones to
/// send on this round (`fresh`) and the next (`next`).
struct Marks {
    words: usize,
    seen: Vec<u64>,
    fresh: Vec<u64>,
    next: Vec<u64>,
    /// This worker's vertices among the sinks, sorted.
    sinks: Vec<u32>,
}

impl Marks {
    /// Nothing seen by `words` lane words on worker `me`'s vertices.
    fn new(placement: Placement, me: usize, n: usize, words: usize, sinks: &[u32]) -> Marks {
        let owned = placement.owned_count(me, n) * words;
        let mut mine: Vec<u32> = sinks
            .iter()
            .copied()
            .filter(|&t| placement.worker_of(t) == me)
            .collect();
        mine.sort_unstable();
        mine.dedup();
        Marks {
            words,
            seen: vec![0u64; owned],
            fresh: vec![0u64; owned],
            next: vec![0u64; owned],
            sinks: mine,
        }
    }

    /// This round's bits are sent (by the vertices `sent`): the next round
    /// sends what arrived.
    fn advance(&mut self, placement: Placement, sent: &[u32]) {
        let words = self.words;
        for &v in sent {
            let i = placement.local(v);
            self.fresh[i * words..(i + 1) * words].fill(0);
        }
        std::mem::swap(&mut self.fresh, &mut self.next);
    }
}

/// What one level brought on this worker, and what the next sends.
struct Arrivals {
    /// Vertices with new lanes: the next round's frontier.
    reached: Vec<u32>,
    /// Per lane: vertices it reached first this level.
    counts: Vec<u64>,
    /// Sinks reached (notes) and per-vertex levels (answers).
    notes: Vec<Note>,
    answers: Vec<Note>,
}

impl Arrivals {
    /// Nothing arrived for `lanes` lanes yet.
    fn new(lanes: usize) -> Arrivals {
        Arrivals {
            reached: Vec::new(),
            counts: vec![0u64; lanes],
            notes: Vec::new(),
            answers: Vec::new(),
        }
    }

    /// The next round's notes: this level's, then its counts (`NEW`).
    fn counted(mut self, level: u32) -> Arrivals {
        self.notes.extend(
            self.counts
                .iter()
                .enumerate()
                .filter(|(_, &c)| c > 0)
                .map(|(lane, &c)| (NEW, lane as u32, u64::from(level) << 32 | c)),
        );
        self
    }
}

impl Engine {
    /// BFS from `b`'s sources; `None` on workers other than the lead.
    pub(super) fn bfs(
        &mut self,
        worker: &mut Worker,
        b: &BfsQuery,
    ) -> Result<Option<Vec<BfsResult>>, Lost> {
        let g = Arc::clone(&self.g);
        let lanes = self.search(worker, g.fwd(), None, &b.sources, b.keep_levels, &[])?;
        Ok(lanes.map(|mut l| {
            // Each lane's levels move into its result (no copy).
            let mut levels = l.levels.take().map(Vec::into_iter);
            b.sources
                .iter()
                .enumerate()
                .map(|(i, &source)| BfsResult {
                    source,
                    reached: l.reached[i],
                    max_level: l.max_level[i],
                    level_sum: l.level_sum[i],
                    levels: levels.as_mut().and_then(Iterator::next),
                })
                .collect()
        }))
    }

    /// Reach from `r`'s sources; `None` on workers other than the lead.
    pub(super) fn reach(
        &mut self,
        worker: &mut Worker,
        r: &ReachQuery,
    ) -> Result<Option<Vec<ReachResult>>, Lost> {
        let g = Arc::clone(&self.g);
        let csr = match r.direction {
            Direction::Forward => g.fwd(),
            Direction::Backward => g.rev(),
        };
        let lanes = self.search(worker, csr, Some(r.mask), &r.sources, r.keep_sets, &r.sinks)?;
        let n = g.nodes();
        Ok(lanes.map(|l| {
            r.sources
                .iter()
                .enumerate()
                .map(|(i, &source)| {
                    let mut hit = l.sinks[i].clone();
                    hit.sort_unstable();
                    ReachResult {
                        source,
                        reached: l.reached[i],
                        sinks_reached: r
                            .sinks
                            .iter()
                            .copied()
                            .filter(|t| hit.binary_search(t).is_ok())
                            .collect(),
                        set: l.levels.as_ref().map(|v| {
                            let mut s = vec![0u64; n.div_ceil(64)];
                            for (x, _) in v[i].iter().enumerate().filter(|(_, &l)| l != NO_VERTEX) {
                                s[x / 64] |= 1 << (x % 64);
                            }
                            s
                        }),
                    }
                })
                .collect()
        }))
    }

    /// Multi-source search from `sources` along `arcs` (those passing
    /// `mask` when given); per-vertex levels when `keep`; which of `sinks`
    /// each lane reaches. One round per level, until a round moves
    /// nothing. `None` on workers other than the lead.
    fn search(
        &mut self,
        worker: &mut Worker,
        arcs: &Arcs,
        mask: Option<u32>,
        sources: &[u32],
        keep: bool,
        sinks: &[u32],
    ) -> Result<Option<Lanes>, Lost> {
        let n = self.g.nodes();
        let lanes = sources.len();
        let mut marks = Marks::new(self.placement, self.me, n, lanes.div_ceil(64), sinks);
        // Per-vertex answers only where they are reported.
        let mut agg = self
            .lead
            .then(|| Lanes::new(lanes, n, keep && self.me == 0));
        let rows = [arcs];
        let spec = Spec {
            rows: &rows,
            mask,
            sources,
            keep,
        };
        let mut sent = Arrivals::new(lanes);
        let mut level = 0u32;
        loop {
            let (r, arrived) = self.search_level(worker, spec, &mut marks, level, sent)?;
            if let Some(a) = agg.as_mut() {
                a.add(r.notes.into_iter().chain(r.answers));
            }
            // Stopped: every worker ends after the same round.
            if r.total == 0 || self.stopped {
                break;
            }
            sent = arrived.counted(level);
            level += 1;
        }
        Ok(agg)
    }

    /// One level's round: the `fresh` lanes of `sent.reached` (and, at
    /// level 0, the sources, worker 0 for all) go along the arcs with
    /// `sent`'s notes and answers; what arrives is marked in `marks`, and
    /// its new lanes are what the next level sends (`marks` advances when
    /// anything moved).
    fn search_level(
        &mut self,
        worker: &mut Worker,
        spec: Spec,
        marks: &mut Marks,
        level: u32,
        sent: Arrivals,
    ) -> Result<(Round, Arrivals), Lost> {
        let placement = self.placement;
        let words = marks.words;
        let seeds = self.me == 0;
        let Spec {
            rows,
            mask,
            sources,
            keep,
        } = spec;
        let mut walk = Walk::new(rows, sent.reached);
        let mut arrived = Arrivals::new(sources.len());
        let Marks {
            seen,
            fresh,
            next,
            sinks,
            ..
        } = &mut *marks;
        let fresh_ref = &*fresh;
        let r = self.round(
            worker,
            Op::Or,
            words,
            sent.notes,
            sent.answers,
            |hi, win| {
                if level == 0 && seeds {
                    // The sources, worker 0 for all.
                    for (lane, &s) in sources.iter().enumerate() {
                        if s >= win.lo && s < hi {
                            win.add(s, (lane / 64) as u32, 1u64 << (lane % 64));
                        }
                    }
                }
                walk.window(hi, |_, v, _, t, label| {
                    // Unlabelled arcs pass every mask.
                    if mask.zip(label).is_none_or(|(m, l)| l & m != 0) {
                        let base = placement.local(v) * words;
                        for (w, &b) in fresh_ref[base..base + words].iter().enumerate() {
                            if b != 0 {
                                win.add(t, w as u32, b);
                            }
                        }
                    }
                });
            },
            |(v, w, bits)| {
                let i = placement.local(v);
                let slot = i * words + w as usize;
                let new = bits & !seen[slot];
                if new == 0 {
                    return;
                }
                seen[slot] |= new;
                if next[i * words..(i + 1) * words].iter().all(|&b| b == 0) {
                    arrived.reached.push(v);
                }
                next[slot] |= new;
                let sink = sinks.binary_search(&v).is_ok();
                let mut b = new;
                while b != 0 {
                    let lane = w as usize * 64 + b.trailing_zeros() as usize;
                    b &= b - 1;
                    arrived.counts[lane] += 1;
                    if keep {
                        arrived
                            .answers
                            .push((VERTEX, v, (lane as u64) << 32 | u64::from(level)));
                    }
                    if sink {
                        arrived.notes.push((SINK, v, lane as u64));
                    }
                }
            },
        )?;
        if r.total != 0 {
            marks.advance(placement, &walk.items);
        }
        Ok((r, arrived))
    }
}
