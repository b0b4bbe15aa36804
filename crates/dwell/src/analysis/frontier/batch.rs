//! How a batch of sources runs ([`Strategy`], chosen per batch) and the
//! entry points of the kernels: [`batched`] and [`summaries`].
//!
//! # Choosing how a batch runs ([`choose`])
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

use super::bits::LANES;
use super::single::SingleScratch;
use super::sweep::Scratch;
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
    let cap = (SWEEP_MEMORY_FACTOR * csr_bytes).max(SWEEP_MEMORY_FLOOR);
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
/// its core instead ([`folded`]), which records no reached set.
pub(crate) fn summaries(
    search: &Search<'_>,
    fold: Option<&Folded>,
    sources: &[u32],
    keep_levels: bool,
    ctx: &Ctx<'_>,
) -> Vec<Lane> {
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
            |_, _, lane, _| lane,
        ),
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
    let parts: Vec<Vec<R>> = sources
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
    parts.into_iter().flatten().collect()
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
        let search = Search {
            out: g.forward(),
            inc: g.reverse(),
            mask: None,
            blocked: None,
            stop: crate::progress::Stop::never(),
        };
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
        let search = Search {
            out: g.forward(),
            inc: g.reverse(),
            mask: None,
            blocked: None,
            stop: crate::progress::Stop::never(),
        };
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
    fn plans_by_diameter_and_memory() {
        let (counters, workspace) = (Counters::default(), Workspace::default());
        let ctx = Ctx::new(&counters, &workspace);
        // A long path is high-diameter: independent searches.
        let g = path(20_000);
        let search = Search {
            out: g.forward(),
            inc: g.reverse(),
            mask: None,
            blocked: None,
            stop: crate::progress::Stop::never(),
        };
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
        let search = Search {
            out: g.forward(),
            inc: g.reverse(),
            mask: None,
            blocked: None,
            stop: crate::progress::Stop::never(),
        };
        let sources: Vec<u32> = (0..512).collect();
        // CSR: 0.8 MB offsets + 0.8 MB targets; 2× that (3.2 MB) holds no
        // wider sweep buffers (1.6 MB a word) for two sweeps at once.
        let words = sweep_words(&search, sources.len(), 2);
        assert!(Scratch::bytes(100_000, words) <= 2 * g.forward().bytes());
        assert_eq!(words, 1);
        assert_eq!(choose(&search, &sources, &ctx), Strategy::Sweeps { words });
        assert_eq!(
            choose(&search, &sources[..5], &ctx),
            Strategy::Sweeps { words: 1 }
        );
        assert_eq!(sweep_words(&search, 64, 2), 1);
        assert_eq!(sweep_words(&search, 128, 2), 2);
    }
}
