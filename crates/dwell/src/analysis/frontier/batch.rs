//! How a batch of sources runs ([`Strategy`], chosen per batch) and the
//! entry points of the kernels: [`batched`] and [`summaries`].
//!
//! # Choosing how a batch runs ([`choose`])
//!
//! - **Width**: the fewest lane words that hold the batch in one sweep (at
//!   most 8, 512 sources), halved while the sweeps that run at once would
//!   need more than 2× the followed CSR's bytes of lane arrays (1 MiB, and
//!   256 bytes per vertex — two 512-lane sweeps — are always allowed), so
//!   memory stays linear in the graph. Sweeps of a batch larger than one
//!   sweep run in parallel, their sources grouped by weak component and
//!   near ones together ([`sweep_order`]).
//! - **High diameter**: a batch of five or more sources first probes the graph
//!   with a plain search from its first source, stopped once it reaches
//!   `n / 64` vertices (at least 256). When that takes more than 12 levels
//!   (Bremen roads: 17–37; email-Enron, pgp-strong, cond-mat: 2–7) lanes
//!   rarely share a frontier (each vertex is reached at a different level by
//!   almost every lane), so a sweep does about the work of separate searches
//!   plus the lane words' overhead: every source then runs its own single
//!   search, in parallel. The probe costs at most `n / 64` vertices' work.
//! - **One to four sources** always run as their own searches.

use super::bits::LANES;
use super::scratch::Scratch;
use super::single::SingleScratch;
use super::{Lane, Search};
use crate::analysis::{folded, Ctx};
use crate::graph::fold::Folded;
use crate::progress::Steps;
use rayon::prelude::*;

/// A single search keeps the pool awake only on graphs of at least this
/// many arcs per vertex (email-Enron 10, pgp-strong-2009 7.6, R-MAT 30;
/// Bremen's roads 2.3, whose searches never go bottom-up).
const WARM_MIN_DEGREE: usize = 4;

/// Lane words per vertex in the widest sweep (8 × 64 = 512 searches).
const MAX_WORDS: usize = 8;

/// Sweep buffers (all sweeps running at once) may take at most this many
/// times the followed CSR's bytes; wider sweeps are narrowed to fit.
const SWEEP_MEMORY_FACTOR: u64 = 2;

/// ... except that up to this many bytes are always allowed (a small graph's
/// sweep buffers are then below one thread stack).
const SWEEP_MEMORY_FLOOR: u64 = 1 << 20;

/// ... and up to this many per vertex: two 512-lane sweeps (two lane arrays
/// of 64 bytes a vertex each), so sparse graphs, whose CSR is small, still
/// sweep 512 lanes at once. Each arc a level scans costs one cache line
/// whatever the width, so the widest sweep does the fewest scans per
/// source: every source of G(50000, 75000) took 1.2 s in 512-lane sweeps
/// against 3.3 s in the 64-lane sweeps that 2× the CSR allowed (issue 33).
const SWEEP_BYTES_PER_VERTEX: u64 = 2 * 2 * 64;

/// The high-diameter probe: a plain search from a source stops after
/// reaching `n / PROBE_FRACTION` vertices (at least `PROBE_MIN_REACH`).
const PROBE_FRACTION: usize = 64;
const PROBE_MIN_REACH: usize = 256;

/// A probe needing more than this many levels to reach its quota marks the
/// graph high-diameter: its sources run as independent single-source searches.
const DEEP_LEVELS: u32 = 12;

/// Batches of at most this many sources run as single searches.
const FEW_SOURCES: usize = 4;

/// What a kernel's `finish` may ask about one lane after its search: its
/// reached set, from the sweep's lane words or the single search's marks.
pub(crate) enum Reached<'a> {
    Sweep(&'a Scratch),
    Single(&'a SingleScratch),
}

impl Reached<'_> {
    /// Did lane `q` reach `v`? (`q` is ignored for a single search.)
    #[inline]
    pub(crate) fn reached(&self, q: usize, v: u32) -> bool {
        match self {
            Reached::Sweep(s) => s.reached(q, v),
            Reached::Single(s) => s.reached(v),
        }
    }

    /// Lane `q`'s reached set as a vertex bitset over `n` vertices.
    pub(crate) fn lane_set(&self, q: usize, n: usize) -> Vec<u64> {
        match self {
            Reached::Sweep(s) => s.lane_set(q),
            Reached::Single(s) => s.reached_set(n),
        }
    }
}

/// How a batch is run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Strategy {
    /// Sweeps of `words` lane words each (up to `64 × words` sources).
    Sweeps { words: usize },
    /// Independent single-source searches, in parallel.
    Singles,
}

/// Lane words per sweep for `sources` sources over the sweep's graph (see
/// [`sweep_shape`]).
fn sweep_words(search: &Search<'_>, sources: usize, threads: usize) -> usize {
    sweep_shape(search.out.nodes(), search.out.bytes(), sources, threads).0
}

/// `(words, at_once)`: the lane words per sweep for `sources` sources over
/// `n` vertices whose followed CSR takes `csr_bytes` — the fewest words that
/// hold the batch in one sweep (at most [`MAX_WORDS`]), narrowed while the
/// buffers of the sweeps that run at once would exceed
/// [`SWEEP_MEMORY_FACTOR`] × `csr_bytes` (or [`SWEEP_MEMORY_FLOOR`], if
/// larger), never below 1 — and how many sweeps run at once (at most one
/// per thread). The kernel sizes its sweeps by it and the footprint counts
/// them by it (`footprint::batch`), so a plan's bytes are the kernel's.
pub(crate) fn sweep_shape(
    n: usize,
    csr_bytes: u64,
    sources: usize,
    threads: usize,
) -> (usize, usize) {
    let cap = (SWEEP_MEMORY_FACTOR * csr_bytes)
        .max(SWEEP_BYTES_PER_VERTEX * n as u64)
        .max(SWEEP_MEMORY_FLOOR);
    let mut words = sources
        .div_ceil(LANES)
        .next_power_of_two()
        .clamp(1, MAX_WORDS);
    loop {
        let at_once = sources.div_ceil(LANES * words).min(threads.max(1));
        if words == 1 || at_once as u64 * Scratch::bytes(n, words) <= cap {
            return (words, at_once);
        }
        words /= 2;
    }
}

/// Choose how to run `sources`: small batches are swept; larger ones first
/// probe whether the graph is high-diameter (see [`DEEP_LEVELS`]), where lanes
/// rarely share a frontier and independent searches do less work.
fn choose(search: &Search<'_>, sources: &[u32], ctx: &Ctx<'_>) -> Strategy {
    let n = search.out.nodes();
    let sweeps = Strategy::Sweeps {
        words: sweep_words(search, sources.len(), rayon::current_num_threads()),
    };
    // A few sources share little: their own searches, over 1-bit sets, beat
    // a sweep's 64-bit lane words (measured at 1–4 sources on Bremen,
    // pgp-strong, email-Enron and R-MAT 18: 1.4–4.6x; at 7, sweeps win on
    // the social graphs).
    if sources.len() <= FEW_SOURCES {
        return Strategy::Singles;
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
        if let Some(levels) = search.probe(src, quota, &mut s) {
            return if levels > DEEP_LEVELS {
                Strategy::Singles
            } else {
                sweeps
            };
        }
    }
    sweeps
}

/// Run `sources` (results in source order), by the [`Strategy`] chosen for
/// the batch. `finish(lane index, source, lane, reached)` turns each lane
/// into a result; it may read the lane's reached set.
pub(crate) fn batched<R, F>(
    search: &Search<'_>,
    sources: &[u32],
    keep_levels: bool,
    ctx: &Ctx<'_>,
    finish: F,
) -> Vec<R>
where
    R: Send,
    F: Fn(usize, u32, Lane, &Reached<'_>) -> R + Sync,
{
    let strategy = choose(search, sources, ctx);
    run(search, strategy, sources, keep_levels, ctx, finish)
}

/// The lanes of `sources` (in source order) alone, for kernels that read no
/// reached set (BFS, reachability counts). `fold`, the fold of the graph
/// whose arcs `search.out` holds (a plain search: every arc followed,
/// nothing blocked), lets a batch of single searches without levels walk
/// its core instead ([`folded`]), which records no reached set. The lanes'
/// per-level counts are dropped as each sweep ends (every source of a large
/// graph would otherwise hold its depth in words).
pub(crate) fn summaries(
    search: &Search<'_>,
    fold: Option<&Folded>,
    sources: &[u32],
    keep_levels: bool,
    ctx: &Ctx<'_>,
) -> Vec<Lane> {
    lanes(search, fold, sources, keep_levels, false, ctx)
}

/// Per source (in order), the vertices reached at each level, index 0 the
/// source: what harmonic centrality sums, in memory per source of its
/// depth, where level arrays would take `n` (no fold: its core searches
/// do not count the hanging parts by level).
pub(crate) fn level_counts(search: &Search<'_>, sources: &[u32], ctx: &Ctx<'_>) -> Vec<Vec<u64>> {
    let lanes = lanes(search, None, sources, false, true, ctx);
    lanes.into_iter().map(|l| l.counts).collect()
}

/// [`summaries`], keeping each lane's `counts` when asked.
fn lanes(
    search: &Search<'_>,
    fold: Option<&Folded>,
    sources: &[u32],
    keep_levels: bool,
    counts: bool,
    ctx: &Ctx<'_>,
) -> Vec<Lane> {
    if !keep_levels {
        if let Some(searched) = through_leaves(search, sources) {
            let mut distinct = searched.clone();
            distinct.sort_unstable();
            distinct.dedup();
            let lanes = lanes(search, fold, &distinct, false, counts, ctx);
            let lane = |v: u32| &lanes[distinct.binary_search(&v).expect("searched")];
            return sources
                .iter()
                .zip(&searched)
                .map(|(&s, &u)| {
                    if s == u {
                        lane(u).clone()
                    } else {
                        from_neighbour(lane(u))
                    }
                })
                .collect();
        }
    }
    let strategy = choose(search, sources, ctx);
    match (strategy, fold.filter(|_| !keep_levels)) {
        (Strategy::Singles, Some(fold)) => {
            debug_assert!(
                search.blocked.is_none()
                    && (search.mask.is_none() || search.out.labels().is_none())
            );
            let core_graph = &fold.core;
            let core = Search {
                out: core_graph.forward(),
                inc: core_graph.reverse(),
                mask: None,
                blocked: None,
                stop: ctx.stop(),
            };
            folded::searches(search.out, fold, &core, sources, ctx)
        }
        _ => run(
            search,
            strategy,
            sources,
            keep_levels,
            ctx,
            |_, _, lane, _| {
                if counts {
                    lane
                } else {
                    Lane {
                        counts: Vec::new(),
                        ..lane
                    }
                }
            },
        ),
    }
}

/// The vertex searched for each source when leaves are searched through
/// their neighbour ([`from_neighbour`]), or `None` when that saves no
/// search. Only where a search from a leaf `v` is one from its neighbour
/// `u` shifted by a level: an undirected graph (`out` is `inc`) with every
/// arc followed and nothing blocked, `v`'s one arc leading to `u ≠ v`, and
/// `u` no leaf itself (else a two-vertex component's ends would each wait
/// for the other).
fn through_leaves(search: &Search<'_>, sources: &[u32]) -> Option<Vec<u32>> {
    let out = search.out;
    let plain = search.blocked.is_none() && (search.mask.is_none() || out.labels().is_none());
    if !plain || !std::ptr::eq(out, search.inc) || sources.len() <= FEW_SOURCES {
        return None;
    }
    let through = |v: u32| match out.neighbors(v) {
        &[u] if u != v && out.degree(u) >= 2 => u,
        _ => v,
    };
    let searched: Vec<u32> = sources.iter().map(|&v| through(v)).collect();
    let mut distinct = searched.clone();
    distinct.sort_unstable();
    distinct.dedup();
    // Every-source calls save a search per leaf; a few scattered leaves
    // whose neighbours are not sources would save nothing.
    (distinct.len() < sources.len()).then_some(searched)
}

/// A leaf's lane from its neighbour `u`'s (see [`through_leaves`]): every
/// vertex `u` reaches is one level further from the leaf, except the leaf
/// itself (level 1 from `u`, 0 from itself), so the count is `u`'s, the
/// level sum gains `reached − 2`, and the deepest level is one deeper —
/// unless `u` reaches only the leaf (and itself), when it is 1. Per level:
/// the leaf, then `u`, then `u`'s levels from 1 on less the leaf itself.
fn from_neighbour(u: &Lane) -> Lane {
    let mut counts = Vec::new();
    if let [_, first, rest @ ..] = &u.counts[..] {
        counts.extend([1, 1]);
        counts.extend((*first > 1).then_some(first - 1));
        counts.extend_from_slice(rest);
    }
    Lane {
        reached: u.reached,
        max_level: if u.reached > 2 { u.max_level + 1 } else { 1 },
        level_sum: u.level_sum + u.reached - 2,
        levels: None,
        counts,
    }
}

/// Run `sources` by `strategy`: sweeps of up to `64 × words` lanes in
/// parallel, one [`Scratch`] per rayon task (from the workspace when it has
/// one), or independent single-source searches in parallel.
fn run<R, F>(
    search: &Search<'_>,
    strategy: Strategy,
    sources: &[u32],
    keep_levels: bool,
    ctx: &Ctx<'_>,
    finish: F,
) -> Vec<R>
where
    R: Send,
    F: Fn(usize, u32, Lane, &Reached<'_>) -> R + Sync,
{
    let n = search.out.nodes();
    let done = Steps::new(ctx.progress(), "sources", sources.len() as u64);
    let words = match strategy {
        Strategy::Sweeps { words } => words,
        Strategy::Singles => {
            let all = || {
                sources
                    .par_iter()
                    .map_init(
                        || ctx.single_scratch(n),
                        |s, &src| {
                            ctx.pass();
                            // Stopped: each remaining source costs a level
                            // 0 only (its search polls once per level).
                            let (lane, _) = search.single(src, keep_levels, usize::MAX, s);
                            let r = finish(0, src, lane, &Reached::Single(s));
                            done.add(1);
                            r
                        },
                    )
                    .collect()
            };
            // One search alone: the pool's other threads stay awake for its
            // parallel (bottom-up) levels instead of being woken for each,
            // unless the graph is too sparse for wide levels (road networks:
            // every level small and serial, so they would only spin).
            return if sources.len() == 1 && search.out.arcs() >= WARM_MIN_DEGREE * n {
                crate::analysis::warm::with_warm_pool(all)
            } else {
                all()
            };
        }
    };
    // Balanced groups: 65 sources become 33 + 32 when a sweep holds 64,
    // not 64 + 1. (Splitting one sweep's worth of sources into one sweep
    // per thread was measured slower: each sweep repeats the shared work.)
    let per_sweep = LANES * words;
    let groups = sources.len().div_ceil(per_sweep).max(1);
    let size = sources.len().div_ceil(groups).max(1);
    let order = (groups > 1).then(|| sweep_order(search, sources));
    let sorted: Vec<u32>;
    let swept = match &order {
        Some(order) => {
            sorted = order.iter().map(|&i| sources[i]).collect();
            &sorted[..]
        }
        None => sources,
    };
    let parts: Vec<Vec<R>> = swept
        .par_chunks(size)
        .map_init(
            || ctx.sweep_scratch(n, words),
            |scratch, chunk| {
                ctx.pass();
                let lanes = search.sweep(chunk, keep_levels, scratch);
                let view = Reached::Sweep(scratch);
                let part = lanes
                    .into_iter()
                    .enumerate()
                    .map(|(q, lane)| finish(q, chunk[q], lane, &view))
                    .collect();
                done.add(chunk.len() as u64);
                part
            },
        )
        .collect();
    let results = parts.into_iter().flatten();
    match order {
        None => results.collect(),
        Some(order) => {
            let mut placed: Vec<(usize, R)> = order.into_iter().zip(results).collect();
            placed.sort_unstable_by_key(|&(i, _)| i);
            placed.into_iter().map(|(_, r)| r).collect()
        }
    }
}

/// The order in which a batch of several sweeps takes `sources` (positions
/// into it): by weak component, and within one by breadth-first discovery
/// from its first source, over out- and in-arcs alike. Why: lanes of a
/// small component end after a few levels, so grouped apart they leave the
/// large component's sweeps full; and lanes that start close together reach
/// each vertex at fewer distinct levels, so a vertex joins fewer frontiers.
/// Labels and blocked vertices are ignored: the order never changes an
/// answer, only which sources share a sweep.
fn sweep_order(search: &Search<'_>, sources: &[u32]) -> Vec<usize> {
    let n = search.out.nodes();
    let mut rank = vec![u32::MAX; n];
    let mut queue: Vec<u32> = Vec::new();
    let both = !std::ptr::eq(search.out, search.inc);
    for &src in sources {
        if rank[src as usize] != u32::MAX {
            continue;
        }
        let mut head = queue.len();
        rank[src as usize] = queue.len() as u32;
        queue.push(src);
        while head < queue.len() {
            let v = queue[head];
            head += 1;
            let ins = if both { search.inc.neighbors(v) } else { &[] };
            for &w in search.out.neighbors(v).iter().chain(ins) {
                if rank[w as usize] == u32::MAX {
                    rank[w as usize] = queue.len() as u32;
                    queue.push(w);
                }
            }
        }
    }
    let mut order: Vec<usize> = (0..sources.len()).collect();
    order.sort_by_key(|&i| rank[sources[i] as usize]);
    order
}

#[cfg(test)]
mod tests {
    use super::super::tests::path;
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
        let search = Search::plain(&g, crate::progress::Stop::never());
        // 150 sources: one 4-word sweep, duplicates throughout.
        let sources: Vec<u32> = (0..150).map(|i| (i * 7 % 10) as u32).collect();
        let (counters, workspace) = (Counters::default(), Workspace::default());
        let ctx = Ctx::new(&counters, &workspace);
        let got = batched(&search, &sources, false, &ctx, |_, s, lane: Lane, _| {
            (s, lane.reached)
        });
        let want: Vec<_> = sources.iter().map(|&s| (s, u64::from(10 - s))).collect();
        assert_eq!(got, want);
        assert_eq!(sweep_words(&search, sources.len(), 2), 4);
        // One sweep per batch; buffers go back to the workspace, so over
        // many batches no more are ever allocated than sweeps run at once.
        for _ in 0..4 {
            batched(&search, &sources, false, &ctx, |_, s, lane: Lane, _| {
                (s, lane.reached)
            });
        }
        let c = counters.snapshot().unwrap();
        assert_eq!(c.launches, 5);
        let at_once = 1;
        assert!(c.allocations >= Scratch::BUFFERS, "{c:?}");
        assert!(c.allocations <= at_once * Scratch::BUFFERS, "{c:?}");
    }

    #[test]
    fn wide_sweeps_match_single_lanes() {
        // Undirected path: source s reaches all n, at level sum
        // s(s+1)/2 + (n-1-s)(n-s)/2. 700 sources take two 8-word sweeps.
        let n = 40u32;
        let g = path(n);
        let search = Search::plain(&g, crate::progress::Stop::never());
        let sources: Vec<u32> = (0..700).map(|i| (i * 13 % n as usize) as u32).collect();
        assert_eq!(sweep_words(&search, sources.len(), 2), MAX_WORDS);
        let (counters, workspace) = (Counters::default(), Workspace::default());
        let ctx = Ctx::new(&counters, &workspace);
        let got = batched(&search, &sources, true, &ctx, |q, s, lane: Lane, r| {
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
    fn leaves_searched_through_their_neighbour_match_their_own_search() {
        // A path 0 – 1 – 2 – 3 with leaves 4, 5 on 1 and 6 on 3; a two-vertex
        // component 7 – 8 with a loop at 8; a loop alone at 9; 10 – 11.
        let mut b = GraphBuilder::new(false);
        for (u, v) in [
            (0, 1),
            (1, 2),
            (2, 3),
            (1, 4),
            (1, 5),
            (3, 6),
            (7, 8),
            (8, 8),
        ] {
            b.push(u, v).unwrap();
        }
        b.push(9, 9).unwrap();
        b.push(10, 11).unwrap();
        let g = b.build().unwrap();
        let search = Search::plain(&g, crate::progress::Stop::never());
        let sources: Vec<u32> = (0..12).chain([4, 0, 6]).collect();
        let searched = through_leaves(&search, &sources).expect("leaves save searches");
        assert_eq!(searched[..8], [1, 1, 2, 3, 1, 1, 3, 8]);
        assert_eq!(searched[8..12], [8, 9, 10, 11]);
        let (counters, workspace) = (Counters::default(), Workspace::default());
        let ctx = Ctx::new(&counters, &workspace);
        let got = summaries(&search, None, &sources, false, &ctx);
        let mut s = ctx.single_scratch(g.nodes());
        for (lane, &src) in got.iter().zip(&sources) {
            let (want, _) = search.single(src, false, usize::MAX, &mut s);
            let fields = |l: &Lane| (l.reached, l.level_sum, l.max_level);
            assert_eq!(fields(lane), fields(&want), "source {src}");
        }
    }

    #[test]
    fn plans_by_diameter_and_memory() {
        let (counters, workspace) = (Counters::default(), Workspace::default());
        let ctx = Ctx::new(&counters, &workspace);
        // A long path is high-diameter: independent searches.
        let g = path(20_000);
        let search = Search::plain(&g, crate::progress::Stop::never());
        let sources: Vec<u32> = (0..64).map(|i| i * 300).collect();
        assert_eq!(choose(&search, &sources, &ctx), Strategy::Singles);
        // A few sources are searched alone whatever the graph; five are probed.
        assert_eq!(choose(&search, &sources[..4], &ctx), Strategy::Singles);
        assert_eq!(choose(&search, &sources[..5], &ctx), Strategy::Singles);
        let got = batched(&search, &sources, false, &ctx, |q, s, lane: Lane, r| {
            assert!(r.reached(q, 0) && r.lane_set(q, 20_000)[0] & 1 == 1);
            (s, lane.reached, lane.max_level)
        });
        for (&(s, reached, max), &src) in got.iter().zip(&sources) {
            assert_eq!((s, reached, max), (src, 20_000, src.max(19_999 - src)));
        }
        // A star is shallow: one sweep, as wide as memory allows.
        let mut b = GraphBuilder::new(false);
        for v in 1..100_000u64 {
            b.push(0, v).unwrap();
        }
        let g = b.build().unwrap();
        let search = Search::plain(&g, crate::progress::Stop::never());
        let sources: Vec<u32> = (0..512).collect();
        // CSR: 0.8 MB offsets + 0.8 MB targets; 256 bytes a vertex (25.6
        // MB) hold one 512-lane sweep (12.8 MB) or two 256-lane ones.
        let words = sweep_words(&search, sources.len(), 2);
        assert_eq!(words, MAX_WORDS);
        assert_eq!(choose(&search, &sources, &ctx), Strategy::Sweeps { words });
        assert_eq!(
            choose(&search, &sources[..5], &ctx),
            Strategy::Sweeps { words: 1 }
        );
        assert_eq!(sweep_words(&search, 64, 2), 1);
        assert_eq!(sweep_words(&search, 128, 2), 2);
        // Four sweeps at once hold 256 lanes each within the cap.
        assert_eq!(sweep_words(&search, 4096, 4), 4);
        assert!(4 * Scratch::bytes(100_000, 4) <= 256 * 100_000);
    }
}
