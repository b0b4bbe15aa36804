//! Betweenness centrality (GAP benchmark kernel `bc`), by Brandes'
//! algorithm ("A faster algorithm for betweenness centrality", J. Math.
//! Sociol. 25(2), 2001), of vertices (this file) and of edges
//! (`edges.rs`, [`EdgeBetweenness`]).
//!
//! # Semantics
//!
//! NetworkX's `betweenness_centrality(G, k, normalized, weight,
//! endpoints)`: for each source `s` (every vertex, or the given sample), a
//! breadth-first search (or, `weighted`, Dijkstra over the graph's arc
//! lengths) counts shortest paths `σ` (as `f64`, as GAPBS counts them:
//! exact up to 2^53), then, in the reverse of the search
//! order, dependencies `δ[v] = Σ_{w: v ∈ pred(w)} σ[v]/σ[w] · (1 + δ[w])`
//! are added to every `v ≠ s`. With `endpoints`, `s` gains its reached
//! count less one and each reached `v ≠ s` one more. Then NetworkX 3.6's
//! `_rescale` ([`scales`]): with `N = n` (endpoints) or `n − 1`, nothing
//! when `N < 2`; else, over `K = N` sources (exact) or the `k` sampled,
//! normalized `1/(K(N−1))`, raw `N/(K·c)` with `c = 2` on an undirected
//! graph, 1 on a directed one; a sample without endpoints scales its own
//! sources with `K − 1` for `K` (they cannot lie inside their own paths;
//! a sample of one is refused, where NetworkX answers NaN). A sample of all
//! n vertices is the exact answer, as in NetworkX. Arcs are
//! the graph's after normalization (duplicates merged, keeping the
//! shortest; self loops never lie on a shortest path). Unweighted, weights
//! are ignored. Weighted, a path's length is summed from the source
//! outward, one `f64` addition per arc, and two lengths tie when those sums
//! are equal (`==`), as NetworkX's `_single_source_dijkstra_path_basic`
//! sums and compares them: the same σ, so scores equal NetworkX's up to the
//! order of the dependency additions (relative 1e-12 in the tests; integer
//! lengths below 2^53 sum exactly, as Python's ints). Lengths must be
//! positive: a zero length lets shortest paths tie around cycles, where σ
//! is undefined and NetworkX's answer depends on its heap order.
//!
//! # Kernels
//!
//! - [`parallel()`] (`cpu`): sources in fixed chunks of [`CHUNK`] = 64,
//!   each chunk one bit-parallel sweep (`lanes.rs`: every lane's σ carried
//!   by one multi-source BFS, every lane's δ by one backward pass over its
//!   levels; the dependency pass adds per successor the ratio
//!   `(1 + δ[w]) / σ[w]`, one division per vertex and lane, none per arc)
//!   summed into a score vector of its own from zero; the chunks' vectors
//!   are then added to the total in chunk order. Chunks run in parallel
//!   (rayon) in waves of [`WINDOW`] per thread: a wave's vectors are
//!   folded in order and reused by the next wave, so the kernel holds
//!   `WINDOW · threads` score vectors and `threads` sweep scratches
//!   (O(n · threads), as the footprint counts; before, one vector per
//!   chunk lived to the end: n²/2 bytes, 673 MB on email-Enron). The sum is
//!   `((0 + c₀) + c₁) + …` in chunk order whatever the wave, so the answer
//!   is the same, bit for bit, with any thread count. A sample of at most
//!   64 sources is one sweep, on one thread. Weighted, a chunk is
//!   [`WEIGHTED_CHUNK`] sources, each one Dijkstra search and one backward
//!   pass over its settle order (`dijkstra.rs`), in the same waves.
//! - [`reference()`] (`cpu-reference`, the oracle): plain Brandes, one
//!   source after another, with explicit predecessor lists (`check.rs`).
//!
//! # Verifier
//!
//! [`verify()`]: one finite, non-negative score per vertex; zero for every
//! vertex no shortest path can pass through (no in-arcs or no out-arcs,
//! without endpoints); and the total: every pair (s, t), t reached from s,
//! puts `d(s, t) − 1` on the vertices strictly between them, so the unscaled
//! scores sum to `Σ_s Σ_t (d(s, t) − 1)` (plus, with endpoints, the
//! reached pairs twice), recomputed by plain breadth-first searches;
//! weighted, `d(s, t)` is the mean number of arcs over the shortest paths,
//! counted forward over the oracle's DAG (`check::mean_hops`).

use super::footprint::{self, Requirements, SizeOverflow};
use super::render::{scores, Render, VertexName};
use super::{Analysis, Ctx, Kernels, QueryError, Violation};
use crate::graph::Graph;
use crate::progress::Stop;
use dijkstra::{Search, Sums};
use lanes::Lanes;
use rayon::prelude::*;
use std::collections::VecDeque;
use std::io::{self, Write};
use std::sync::Mutex;

mod check;
mod dijkstra;
mod edges;
mod lanes;

pub use edges::{EdgeBetweenness, EdgeBetweennessQuery, EdgeBetweennessResult};

/// A betweenness query.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BetweennessQuery {
    /// The sample of sources (NetworkX's `k` sources); `None`: every vertex.
    pub sources: Option<Vec<u32>>,
    /// NetworkX's `normalized` (its default: true).
    pub normalized: bool,
    /// NetworkX's `endpoints` (its default: false).
    pub endpoints: bool,
    /// Shortest by the graph's arc lengths (NetworkX's `weight=`), not by
    /// arc count.
    pub weighted: bool,
}

/// Scores per vertex, and how they were scaled.
#[derive(Debug, Clone, serde::Serialize)]
pub struct BetweennessResult {
    #[serde(skip)]
    pub scores: Vec<f64>,
    /// Sources searched (n when exact).
    pub sources: u64,
    pub normalized: bool,
    pub endpoints: bool,
    pub weighted: bool,
    /// The factor applied to the raw sums of vertices that are not sampled
    /// sources (1 when none).
    pub scale: f64,
    /// The factor applied to sampled sources (see [`scales`]).
    pub source_scale: f64,
}

/// Exact equality, floats bit for bit: equal runs of one kernel give equal
/// answers; the two kernels add in different orders, and tests compare
/// them within a tolerance.
impl PartialEq for BetweennessResult {
    fn eq(&self, o: &Self) -> bool {
        let bits = |xs: &[f64]| xs.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        bits(&self.scores) == bits(&o.scores)
            && (self.sources, self.normalized, self.endpoints, self.weighted)
                == (o.sources, o.normalized, o.endpoints, o.weighted)
            && (self.scale.to_bits(), self.source_scale.to_bits())
                == (o.scale.to_bits(), o.source_scale.to_bits())
    }
}
impl Eq for BetweennessResult {}

/// Sources per chunk of the parallel kernel: one sweep's lanes (fixed:
/// sums independent of the thread count).
pub const CHUNK: usize = lanes::LANES;

/// Chunks per thread in one wave of the parallel kernel: more hides the
/// wave's tail (threads idle while the last chunk finishes), fewer holds
/// fewer score vectors (`WINDOW · threads` of n `f64`s).
pub const WINDOW: usize = 4;

/// Sources per chunk of a weighted (or edge) run: one Dijkstra search each,
/// so far fewer than a sweep's 64 keep both threads busy on small samples.
pub const WEIGHTED_CHUNK: usize = 8;

fn sources(g: &Graph, sample: &Option<Vec<u32>>) -> Vec<u32> {
    sample
        .clone()
        .unwrap_or_else(|| (0..g.nodes() as u32).collect())
}

/// The sample's size, `None` when exact (no sample, or one of all n
/// vertices: NetworkX drops `k` then too).
fn sampled(g: &Graph, q: &BetweennessQuery) -> Option<usize> {
    q.sources.as_ref().map(Vec::len).filter(|&k| k != g.nodes())
}

/// The lengths a weighted query runs on (validated: the graph has them).
fn lengths(g: &Graph, weighted: bool) -> Option<&[f64]> {
    g.forward().weights().filter(|_| weighted)
}

/// Refuse a sample with no sources, a vertex out of range or one named
/// twice.
fn check_sample(g: &Graph, sample: &Option<Vec<u32>>) -> Result<(), QueryError> {
    let Some(s) = sample else {
        return Ok(());
    };
    super::check_sources(g, s)?;
    let mut sorted = s.clone();
    sorted.sort_unstable();
    if sorted.windows(2).any(|w| w[0] == w[1]) {
        return Err(QueryError::Parameter {
            what: "sample",
            why: "names a source twice".into(),
            fix: "give each sampled source once (`--sources random:K` picks distinct ones)",
        });
    }
    Ok(())
}

/// Refuse a weighted query on a graph without weights or with a length
/// that is not positive (see the module doc).
fn check_lengths(g: &Graph, weighted: bool) -> Result<(), QueryError> {
    // Without arcs there is nothing to weigh (a builder given no arcs
    // keeps no weight column): the unweighted kernels answer.
    if !weighted || g.arcs() == 0 {
        return Ok(());
    }
    let Some(w) = g.forward().weights() else {
        return Err(QueryError::Parameter {
            what: "weighted betweenness",
            why: "needs arc lengths, and the graph has no weights".into(),
            fix: "load a weighted graph (`--weights COLUMN` for edge lists, TSV and CSV; DIMACS and Matrix Market carry theirs), or leave out --weighted",
        });
    };
    match w.iter().position(|&x| x <= 0.0) {
        Some(i) => Err(QueryError::Parameter {
            what: "weighted betweenness",
            why: format!("needs positive lengths, and arc {i} has length {}: with zero lengths shortest paths tie around cycles and their count is undefined", w[i]),
            fix: "drop or lengthen the zero-length arcs, or run unweighted",
        }),
        None => Ok(()),
    }
}

/// NetworkX 3.6's `_rescale` factors: (for other vertices, for sampled
/// sources); see the module doc.
pub fn scales(g: &Graph, q: &BetweennessQuery) -> (f64, f64) {
    let n = g.nodes() as f64;
    let big_n = if q.endpoints { n } else { n - 1.0 };
    if big_n < 2.0 {
        return (1.0, 1.0);
    }
    let c = if g.is_directed() { 1.0 } else { 2.0 };
    let of = |k: f64| {
        if q.normalized {
            1.0 / (k * (big_n - 1.0))
        } else {
            big_n / (k * c)
        }
    };
    match sampled(g, q) {
        None => (of(big_n), of(big_n)),
        Some(k) if q.endpoints => (of(k as f64), of(k as f64)),
        Some(k) => (of(k as f64), of(k as f64 - 1.0)),
    }
}

fn result(g: &Graph, q: &BetweennessQuery, mut scores: Vec<f64>, k: usize) -> BetweennessResult {
    let (scale, source_scale) = scales(g, q);
    scores.iter_mut().for_each(|x| *x *= scale);
    if sampled(g, q).is_some() {
        for &s in q.sources.iter().flatten() {
            scores[s as usize] *= source_scale / scale;
        }
    }
    BetweennessResult {
        scores,
        sources: k as u64,
        normalized: q.normalized,
        endpoints: q.endpoints,
        weighted: q.weighted,
        scale,
        source_scale,
    }
}

/// The `cpu` kernel: chunks of sources in parallel, in waves (see the
/// module doc).
pub fn parallel(g: &Graph, q: &BetweennessQuery, ctx: &Ctx<'_>) -> BetweennessResult {
    let (n, csr) = (g.nodes(), g.forward());
    let srcs = sources(g, &q.sources);
    ctx.pass();
    let total = match lengths(g, q.weighted) {
        None => waves(
            n,
            &srcs,
            CHUNK,
            ctx.stop(),
            || Lanes::new(n),
            |sweep, chunk, bc| sweep.run(csr, chunk, q.endpoints, bc),
        ),
        Some(w) => {
            let sums = Sums::Vertices {
                endpoints: q.endpoints,
            };
            waves(
                n,
                &srcs,
                WEIGHTED_CHUNK,
                ctx.stop(),
                || Search::new(n),
                |search, chunk, bc| search.run(csr, w, chunk, sums, bc),
            )
        }
    };
    result(g, q, total, srcs.len())
}

/// The waves of the `cpu` kernels: `srcs` in chunks of `chunk`, each
/// chunk run by `run` on a scratch (from `new`, at most one per thread)
/// into a score vector of `len` zeros of its own; the chunks' vectors
/// added to the total in chunk order (see the module doc).
fn waves<S: Send>(
    len: usize,
    srcs: &[u32],
    chunk: usize,
    stop: Stop<'_>,
    new: impl Fn() -> S + Sync,
    run: impl Fn(&mut S, &[u32], &mut [f64]) + Sync,
) -> Vec<f64> {
    // At most one scratch per thread: a chunk takes one and gives it back.
    let scratch = Mutex::new(Vec::<S>::new());
    let take = || scratch.lock().map(|mut p| p.pop()).ok().flatten();
    let mut spare: Vec<Vec<f64>> = Vec::new();
    let mut total = vec![0.0; len];
    let wave = chunk * WINDOW * rayon::current_num_threads().max(1);
    for group in srcs.chunks(wave) {
        if stop.requested() {
            break;
        }
        let mut partial: Vec<Vec<f64>> = (0..group.len().div_ceil(chunk))
            .map(|_| spare.pop().unwrap_or_else(|| vec![0.0; len]))
            .collect();
        partial
            .par_iter_mut()
            .zip(group.par_chunks(chunk))
            .for_each(|(bc, sources)| {
                if stop.requested() {
                    return;
                }
                let mut s = take().unwrap_or_else(&new);
                run(&mut s, sources, bc);
                if let Ok(mut pool) = scratch.lock() {
                    pool.push(s);
                }
            });
        for mut bc in partial {
            total.iter_mut().zip(&bc).for_each(|(t, x)| *t += x);
            bc.fill(0.0);
            spare.push(bc);
        }
    }
    total
}

/// The oracle: plain Brandes with predecessor lists and a stack.
pub fn reference(g: &Graph, q: &BetweennessQuery, ctx: &Ctx<'_>) -> BetweennessResult {
    let srcs = sources(g, &q.sources);
    let (csr, w) = (g.forward(), lengths(g, q.weighted));
    let mut bc = vec![0.0; g.nodes()];
    for &s in srcs.iter().take_while(|_| !ctx.stop().requested()) {
        let check::Dag {
            mut stack,
            pred,
            sigma,
        } = check::search(csr, w, s);
        let mut delta = vec![0.0f64; g.nodes()];
        if q.endpoints {
            bc[s as usize] += (stack.len() - 1) as f64;
        }
        while let Some(t) = stack.pop() {
            for &(v, _) in &pred[t as usize] {
                delta[v as usize] +=
                    sigma[v as usize] / sigma[t as usize] * (1.0 + delta[t as usize]);
            }
            if t != s {
                bc[t as usize] += delta[t as usize] + if q.endpoints { 1.0 } else { 0.0 };
            }
        }
    }
    result(g, q, bc, srcs.len())
}

/// Check `out`'s invariants on `g` (see the module doc).
pub fn verify(g: &Graph, q: &BetweennessQuery, out: &BetweennessResult) -> Result<(), Violation> {
    let bad = |m: String| Err(Violation::new(format!("betweenness: {m}")));
    let n = g.nodes();
    if out.scores.len() != n {
        return bad(format!("{} scores for {n} vertices", out.scores.len()));
    }
    if let Some(v) = out.scores.iter().position(|x| !x.is_finite() || *x < 0.0) {
        return bad(format!("vertex {v} scores {}", out.scores[v]));
    }
    let (fwd, rev) = (g.forward(), g.reverse());
    if !q.endpoints {
        if let Some(v) = (0..n as u32)
            .find(|&v| (fwd.degree(v) == 0 || rev.degree(v) == 0) && out.scores[v as usize] != 0.0)
        {
            return bad(format!(
                "vertex {v} has no in-arcs or no out-arcs, so no shortest path passes through it, but scores {}",
                out.scores[v as usize]
            ));
        }
    }
    if out.weighted != q.weighted {
        return bad(format!(
            "the answer is {}weighted, the query {}",
            if out.weighted { "" } else { "not " },
            if q.weighted { "weighted" } else { "not" }
        ));
    }
    let want = match lengths(g, q.weighted) {
        None => hops_inside(g, &sources(g, &q.sources), q.endpoints),
        Some(w) => sources(g, &q.sources)
            .into_iter()
            .map(|s| {
                let dag = check::search(fwd, Some(w), s);
                let h = check::mean_hops(&dag);
                let ends = if q.endpoints { 2.0 } else { 0.0 };
                dag.stack[1..]
                    .iter()
                    .map(|&t| h[t as usize] - 1.0 + ends)
                    .sum::<f64>()
            })
            .sum(),
    };
    let mut is_source = vec![false; n];
    if sampled(g, q).is_some() {
        q.sources
            .iter()
            .flatten()
            .for_each(|&s| is_source[s as usize] = true);
    }
    let got: f64 = out
        .scores
        .iter()
        .zip(&is_source)
        .map(|(x, &src)| x / if src { out.source_scale } else { out.scale })
        .sum();
    if (got - want).abs() > 1e-9 * want.max(1.0) {
        return bad(format!(
            "the unscaled scores sum to {got}, but the shortest paths have {want} vertices strictly inside (plus endpoints)"
        ));
    }
    Ok(())
}

/// `Σ_s Σ_t (d(s, t) − 1)` over the pairs `t` reached from each of
/// `srcs` (plus 2 per pair with `endpoints`), by breadth-first searches.
fn hops_inside(g: &Graph, srcs: &[u32], endpoints: bool) -> f64 {
    let (n, fwd) = (g.nodes(), g.forward());
    let mut want = 0.0f64;
    let mut dist = vec![u32::MAX; n];
    for &s in srcs {
        let mut queue = VecDeque::from([s]);
        let mut seen = vec![s];
        dist[s as usize] = 0;
        while let Some(u) = queue.pop_front() {
            for &v in fwd.neighbors(u) {
                if dist[v as usize] == u32::MAX {
                    dist[v as usize] = dist[u as usize] + 1;
                    want += f64::from(dist[v as usize] - 1) + if endpoints { 2.0 } else { 0.0 };
                    seen.push(v);
                    queue.push_back(v);
                }
            }
        }
        seen.iter().for_each(|&v| dist[v as usize] = u32::MAX);
    }
    want
}

/// What the waves hold on `g` with a `scratch` of that many bytes in each
/// thread and score vectors of `len` `f64`s: per thread, the scratch and
/// [`WINDOW`] vectors; as output, `out_bytes` per item of `len`.
fn held(g: &Graph, scratch: u64, len: u64, out_bytes: u64) -> Result<Requirements, SizeOverflow> {
    let threads = rayon::current_num_threads().max(1) as u64;
    let per_thread = footprint::sum(
        "scratch bytes",
        &[
            scratch,
            footprint::product("scratch bytes", &[len, 8, WINDOW as u64])?,
        ],
    )?;
    Ok(Requirements {
        graph_bytes: footprint::resident_graph_bytes(g)?,
        frontier_bytes: 0,
        scratch_bytes: footprint::product("scratch bytes", &[per_thread, threads])?,
        output_bytes: footprint::listed(len, out_bytes)?,
    })
}

/// Betweenness in the registry.
pub struct Betweenness;

impl Analysis for Betweenness {
    const NAME: &'static str = "bc";
    type Query = BetweennessQuery;
    type Output = BetweennessResult;

    fn validate(g: &Graph, q: &BetweennessQuery) -> Result<(), QueryError> {
        check_sample(g, &q.sources)?;
        check_lengths(g, q.weighted)?;
        if q.sources.as_ref().is_some_and(|s| s.len() == 1) && !q.endpoints && g.nodes() > 2 {
            return Err(QueryError::Parameter {
                what: "sample",
                why:
                    "of one source leaves that source's own score undefined (NetworkX answers NaN)"
                        .into(),
                fix: "sample at least 2 sources, or pass --endpoints",
            });
        }
        Ok(())
    }

    /// What [`parallel()`] holds: per thread, one sweep scratch (its
    /// entries counted at their most, 64 per vertex) or one search scratch
    /// (weighted), and [`WINDOW`] chunk score vectors; the total as output.
    fn footprint(g: &Graph, q: &BetweennessQuery) -> Result<Requirements, SizeOverflow> {
        let (n, m) = (g.nodes() as u64, g.arcs() as u64);
        let scratch = match q.weighted {
            false => footprint::product("scratch bytes", &[n, lanes::BYTES_PER_VERTEX])?,
            true => dijkstra::bytes(n, m)?,
        };
        held(g, scratch, n, 8)
    }

    fn output_bytes(_: &Graph, out: &BetweennessResult) -> Result<u64, SizeOverflow> {
        footprint::listed(out.scores.len() as u64, 8)
    }

    /// The sample's size: `dwell bench` reports time per source searched,
    /// the unit the targets use (GAPBS's `bc` per source); an exact
    /// run is one question.
    fn queries(q: &BetweennessQuery) -> u64 {
        q.sources.as_ref().map_or(1, |s| s.len() as u64)
    }

    /// Sources given (`dwell bench --sources random:64`): that sample;
    /// none: exact.
    fn default_query(sources: Vec<u32>) -> Option<BetweennessQuery> {
        Some(BetweennessQuery {
            sources: (!sources.is_empty()).then_some(sources),
            normalized: true,
            endpoints: false,
            weighted: false,
        })
    }

    fn render(out: &BetweennessResult) -> Option<&dyn Render> {
        Some(out)
    }

    fn run(kernels: Kernels, g: &Graph, q: &BetweennessQuery, ctx: &Ctx<'_>) -> BetweennessResult {
        match kernels {
            Kernels::Fast => parallel(g, q, ctx),
            Kernels::Reference => reference(g, q, ctx),
        }
    }

    fn verify(g: &Graph, q: &BetweennessQuery, out: &BetweennessResult) -> Result<(), Violation> {
        verify(g, q, out)
    }
}

impl Render for BetweennessResult {
    fn results_json(&self) -> serde_json::Value {
        scores::json(serde_json::json!(self), &self.scores)
    }

    fn human(&self, name: VertexName<'_>) -> String {
        let mut s = format!(
            "  {} sources, {}, {}normalized, endpoints {}\n",
            self.sources,
            if self.weighted {
                "weighted"
            } else {
                "unweighted"
            },
            if self.normalized { "" } else { "not " },
            if self.endpoints {
                "counted"
            } else {
                "not counted"
            }
        );
        scores::human(&mut s, &self.scores, name);
        s
    }

    fn write_per_vertex(
        &self,
        w: &mut dyn Write,
        name: VertexName<'_>,
        sep: &str,
    ) -> io::Result<()> {
        let header = format!("# dwell bc: vertex betweenness ({} sources)", self.sources);
        scores::write(w, &header, &self.scores, name, sep)
    }
}
