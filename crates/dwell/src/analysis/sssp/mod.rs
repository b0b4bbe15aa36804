//! Single-source shortest paths (GAP benchmark kernel `sssp`).
//!
//! # Semantics
//!
//! For each source, the length of a shortest path to every vertex along
//! arcs (an undirected graph's edges both ways), `f64::INFINITY` where no
//! path exists; arc lengths are the graph's weights (finite, non-negative:
//! see `graph::Csr::weights`), or 1 on an unweighted graph (hop counts, as
//! scipy's `dijkstra` on an unweighted matrix). Duplicate arcs were merged
//! keeping the shortest. A path's length is summed from the source outward,
//! one `f64` addition per arc, as Dijkstra, scipy and NetworkX sum it; both
//! kernels give bit-identical distances. With `parents`, each reached
//! vertex's parent in a shortest-path tree (`parent[source] = source`,
//! unreached [`NO_VERTEX`](crate::graph::NO_VERTEX)): the breadth-first tree of the tight arcs
//! (`check::tight_tree`), a function of the distances, so every kernel gives
//! the same one. A batch of sources is that many independent questions.
//!
//! # Kernels
//!
//! - `cpu`: delta-stepping (`delta.rs`; Meyer & Sanders 2003, GAPBS's
//!   `sssp.cc` shape). Bucket width `--delta`, or from the graph
//!   ([`default_delta`]). When every length is an integer and no path sum
//!   can pass `u32` (`graph::packed`, made by a session of several runs), it reads (target, length) pairs and
//!   keeps `u32` distances, exact and so equal to the `f64` sums, and
//!   converts them to `f64` at the end: 8 bytes an arc instead of 12, and
//!   half the distance array (GAPBS's own layout). In a session of several
//!   runs on a skewed graph, queries without parents run on the
//!   degree-grouped copy (`analysis::relabel`): the hubs' distances share
//!   cache lines (kron18: 1.3–1.4x; BENCHMARKS, "SSSP on kron18"). A batch of at least as many sources as threads
//!   runs its sources in parallel, each serially (no fork-join per bucket:
//!   what a high-diameter road graph needs); a smaller batch runs each
//!   source with parallel rounds.
//! - `cpu-reference` (the oracle): Dijkstra with a binary heap (`check.rs`).
//!
//! # Verifier
//!
//! [`verify()`]: per source, the source at 0, no distance NaN or negative,
//! no arc that would shorten a distance (`d[v] ≤ d[u] + w`), every finite
//! distance the length of a path (the tight arcs reach every finite
//! vertex from the source), the reached count, and a parent tree whose
//! arcs are tight and which hangs every reached vertex from the source.

mod check;
mod delta;
mod render;

use super::footprint::{self, Requirements, SizeOverflow};
use super::{Analysis, Ctx, Kernels, QueryError, Violation};
use crate::graph::packed;
use crate::graph::Graph;
use delta::{Floats, Ints};
use rayon::prelude::*;

/// Arc lengths: the graph's weights, or 1 on an unweighted graph (kernels
/// are generic over both, so an unweighted run reads no weight array).
pub(crate) trait Lengths: Copy + Send + Sync {
    /// Every arc 1: a search may go breadth-first (settle order = queue
    /// order) instead of keeping a heap.
    const UNIT: bool = false;
    fn at(self, arc: usize) -> f64;
}

/// Every arc has length 1.
#[derive(Clone, Copy)]
pub(crate) struct Unit;

impl Lengths for Unit {
    const UNIT: bool = true;
    #[inline]
    fn at(self, _: usize) -> f64 {
        1.0
    }
}

impl Lengths for &[f64] {
    #[inline]
    fn at(self, arc: usize) -> f64 {
        self[arc]
    }
}

/// Call `$body` with `$w` bound to `$g`'s lengths, monomorphized per kind.
macro_rules! with_lengths {
    ($g:expr, |$w:ident| $body:expr) => {
        match $g.forward().weights() {
            Some($w) => $body,
            None => {
                let $w = Unit;
                $body
            }
        }
    };
}

/// An SSSP query.
#[derive(Debug, Clone, PartialEq)]
pub struct SsspQuery {
    pub sources: Vec<u32>,
    /// Bucket width; `None`: [`default_delta`]. Ignored by the oracle.
    pub delta: Option<f64>,
    /// Keep each source's parent tree.
    pub parents: bool,
}

/// One source's distances.
#[derive(Debug, Clone)]
pub struct SourceDistances {
    pub source: u32,
    /// Per vertex; `f64::INFINITY` where unreached.
    pub dist: Vec<f64>,
    /// Per vertex, with `parents`: see the module doc.
    pub parent: Option<Vec<u32>>,
    /// Vertices with a finite distance (the source included).
    pub reached: u64,
}

/// A batch's answer.
#[derive(Debug, Clone)]
pub struct SsspResult {
    /// Per source, in query order.
    pub sources: Vec<SourceDistances>,
    /// The bucket width the kernel used (0 for the oracle, which has none).
    pub delta: f64,
    /// Were the graph's weights the lengths (else every arc was 1)?
    pub weighted: bool,
}

/// Exact equality, distances bit for bit (every kernel gives the same
/// bits; see the module doc). The bucket width is how, not what: ignored.
impl PartialEq for SourceDistances {
    fn eq(&self, o: &Self) -> bool {
        let bits = |xs: &[f64]| xs.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        (self.source, &self.parent, self.reached) == (o.source, &o.parent, o.reached)
            && bits(&self.dist) == bits(&o.dist)
    }
}
impl Eq for SourceDistances {}

impl PartialEq for SsspResult {
    fn eq(&self, o: &Self) -> bool {
        (&self.sources, self.weighted) == (&o.sources, o.weighted)
    }
}
impl Eq for SsspResult {}

/// The bucket width from the graph: `Δ = 2 · mean length / mean out-degree`
/// (Meyer & Sanders' Θ(1/d) for lengths uniform in [0, 1], scaled by the
/// mean length), at least the smallest positive length, 1 on an
/// unweighted graph (buckets are then BFS levels) or one without positive
/// lengths. Measured (2 threads, one source): on an R-MAT scale-17 graph
/// with lengths 1–255 (mean degree 28) Δ 2–8 ran 24–27 ms, 18 30 ms, 40
/// 40 ms, 100 47 ms, so this gives 9; on Bremen (road, mean degree 2.1)
/// everything from 50 to 1200 ran within the noise, and this gives 76.
pub fn default_delta(g: &Graph) -> f64 {
    let Some(w) = g.forward().weights() else {
        return 1.0;
    };
    let positive = || w.par_iter().copied().filter(|&x| x > 0.0);
    let (count, total) = positive()
        .map(|x| (1u64, x))
        .reduce(|| (0, 0.0), |a, b| (a.0 + b.0, a.1 + b.1));
    if count == 0 {
        return 1.0;
    }
    let smallest = positive().reduce(|| f64::INFINITY, f64::min);
    let degree = g.arcs() as f64 / g.nodes().max(1) as f64;
    let delta = 2.0 * (total / count as f64) / degree.max(1.0);
    if delta.is_finite() {
        delta.max(smallest)
    } else {
        smallest
    }
}

fn finish<W: Lengths>(
    g: &Graph,
    w: W,
    source: u32,
    dist: Vec<f64>,
    parents: bool,
) -> SourceDistances {
    let parent = parents.then(|| check::tight_tree(g.forward(), w, source, &dist));
    SourceDistances {
        source,
        reached: dist.iter().filter(|x| x.is_finite()).count() as u64,
        dist,
        parent,
    }
}

/// The `cpu` kernel: delta-stepping per source (see the module doc).
pub fn parallel(g: &Graph, q: &SsspQuery, ctx: &Ctx<'_>) -> SsspResult {
    let delta = q.delta.unwrap_or_else(|| default_delta(g));
    let csr = g.forward();
    let sources = with_lengths!(g, |w| match packed::made(g) {
        // Integer lengths: 8 bytes an arc and u32 distances (`graph::packed`;
        // made by sessions of several runs).
        Some(p) => each_source(
            g,
            q,
            ctx,
            w,
            Ints {
                csr,
                arcs: p.arcs()
            },
            delta
        ),
        None => each_source(g, q, ctx, w, Floats { csr, w }, delta),
    });
    SsspResult {
        sources,
        delta,
        weighted: g.has_weights(),
    }
}

/// Delta-stepping over `arcs` from each source of `q`: a batch of at least
/// as many sources as threads in parallel, each serially; else one after
/// another, each with parallel rounds. `w` (the same lengths) builds parents.
fn each_source<W: Lengths, A: delta::Arcs>(
    g: &Graph,
    q: &SsspQuery,
    ctx: &Ctx<'_>,
    w: W,
    arcs: A,
    delta: f64,
) -> Vec<SourceDistances> {
    let stop = ctx.stop();
    if q.sources.len() >= rayon::current_num_threads() {
        ctx.pass();
        q.sources
            .par_iter()
            .map(|&s| {
                let d = delta::distances(arcs, s, delta, false, stop);
                finish(g, w, s, d, q.parents)
            })
            .collect()
    } else {
        q.sources
            .iter()
            .map(|&s| {
                ctx.pass();
                let d = delta::distances(arcs, s, delta, true, stop);
                finish(g, w, s, d, q.parents)
            })
            .collect()
    }
}

/// The oracle: Dijkstra per source, one after another.
pub fn reference(g: &Graph, q: &SsspQuery, ctx: &Ctx<'_>) -> SsspResult {
    let stop = ctx.stop();
    let csr = g.forward();
    let sources = with_lengths!(g, |w| {
        q.sources
            .iter()
            .take_while(|_| !stop.requested())
            .map(|&s| finish(g, w, s, check::dijkstra(csr, w, s), q.parents))
            .collect()
    });
    SsspResult {
        sources,
        delta: 0.0,
        weighted: g.has_weights(),
    }
}

/// Check `out`'s invariants on `g` (see the module doc).
pub fn verify(g: &Graph, q: &SsspQuery, out: &SsspResult) -> Result<(), Violation> {
    if out.sources.len() != q.sources.len() {
        return Err(Violation::new(format!(
            "sssp: {} answers for {} sources",
            out.sources.len(),
            q.sources.len()
        )));
    }
    for (r, &s) in out.sources.iter().zip(&q.sources) {
        if r.source != s {
            return Err(Violation::new(format!(
                "sssp: the answer for source {s} names source {}",
                r.source
            )));
        }
        if r.parent.is_some() != q.parents {
            return Err(Violation::new(format!(
                "sssp from {s}: parents {}asked for, {}given",
                if q.parents { "" } else { "not " },
                if r.parent.is_some() { "" } else { "not " }
            )));
        }
        with_lengths!(g, |w| check::verify_one(g.forward(), w, r))?;
    }
    Ok(())
}

/// SSSP in the registry.
pub struct Sssp;

impl Analysis for Sssp {
    const NAME: &'static str = "sssp";
    const SCIPY_PEER: bool = true;
    type Query = SsspQuery;
    type Output = SsspResult;

    fn validate(g: &Graph, q: &SsspQuery) -> Result<(), QueryError> {
        super::check_sources(g, &q.sources)?;
        match q.delta {
            Some(d) if !(d.is_finite() && d > 0.0) => Err(QueryError::Parameter {
                what: "delta",
                why: format!("is {d}"),
                fix: "pass a positive, finite --delta (a bucket width in the graph's length unit), or leave it out to choose it from the graph",
            }),
            _ => Ok(()),
        }
    }

    /// Per source: distances (and parents) as output; scratch: one atomic
    /// distance per vertex for each source running at once, and the
    /// buckets, at most one entry per arc relaxed. A weighted graph may
    /// also keep its packed integer arcs (8 bytes an arc, `graph::packed`).
    fn footprint(g: &Graph, q: &SsspQuery) -> Result<Requirements, SizeOverflow> {
        let (n, m) = (g.nodes() as u64, g.arcs() as u64);
        let k = q.sources.len() as u64;
        let at_once = k.min(rayon::current_num_threads() as u64).max(1);
        let per_vertex = if q.parents { 12 } else { 8 };
        let packed = if g.has_weights() { m } else { 0 };
        Ok(Requirements {
            graph_bytes: footprint::sum(
                "resident graph bytes",
                &[
                    footprint::resident_graph_bytes(g)?,
                    footprint::product("packed arc bytes", &[packed, 8])?,
                ],
            )?,
            frontier_bytes: footprint::product("frontier bytes", &[m, 4])?,
            scratch_bytes: footprint::product("scratch bytes", &[n, 8, at_once])?,
            output_bytes: footprint::sum(
                "output bytes",
                &[
                    footprint::product("output bytes", &[n, per_vertex, k])?,
                    footprint::product("output bytes", &[footprint::SUMMARY_BYTES, k])?,
                ],
            )?,
        })
    }

    fn output_bytes(_: &Graph, out: &SsspResult) -> Result<u64, SizeOverflow> {
        out.sources.iter().try_fold(0u64, |acc, r| {
            let parents = r.parent.as_ref().map_or(0, Vec::len);
            footprint::sum(
                "output bytes",
                &[
                    acc,
                    footprint::items(r.dist.len(), 8)?,
                    footprint::items(parents, 4)?,
                    footprint::SUMMARY_BYTES,
                ],
            )
        })
    }

    fn queries(q: &SsspQuery) -> u64 {
        q.sources.len() as u64
    }

    fn default_query(sources: Vec<u32>) -> Option<SsspQuery> {
        Some(SsspQuery {
            sources,
            delta: None,
            parents: false,
        })
    }

    fn render(out: &SsspResult) -> Option<&dyn super::Render> {
        Some(out)
    }

    fn run(kernels: Kernels, g: &Graph, q: &SsspQuery, ctx: &Ctx<'_>) -> SsspResult {
        match kernels {
            Kernels::Fast => parallel(g, q, ctx),
            Kernels::Reference => reference(g, q, ctx),
        }
    }

    fn verify(g: &Graph, q: &SsspQuery, out: &SsspResult) -> Result<(), Violation> {
        verify(g, q, out)
    }
}
