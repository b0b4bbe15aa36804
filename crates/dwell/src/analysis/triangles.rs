//! Triangle counting and clustering (GAP benchmark kernel `tc`).
//!
//! # Semantics
//!
//! On the undirected view of the graph (an arc either way is one edge;
//! self loops and labels ignored), as NetworkX's `triangles`,
//! `clustering`, `average_clustering` and `transitivity` on
//! `G.to_undirected()`: `per_vertex[v]` counts the triangles through `v`,
//! `total` each triangle once, `clustering[v] = 2·T(v) / (d(v)(d(v) − 1))`
//! (0 below degree 2), `average_clustering` their mean over all vertices,
//! and `transitivity = 3 · total / (connected triples) = 6 · total /
//! Σ d(v)(d(v) − 1)`. Both kernels derive the clustering figures from the
//! counts and degrees with the same code, so they agree exactly.
//!
//! # Kernels
//!
//! - [`parallel()`] (`cpu`): GAPBS's ordered count. Each edge is directed from
//!   the lower-ranked to the higher-ranked end, rank = (degree, id), which
//!   bounds every vertex's out-list by O(√m); then for each `u` (in
//!   parallel) and each `v` in `out(u)`, the sorted lists `out(u)` and
//!   `out(v)` are intersected by merging: each `w` found closes the
//!   triangle `u < v < w` exactly once, credited to all three.
//! - [`reference()`] (`cpu-reference`, the oracle): neighbour sets; for each
//!   vertex, every pair of its neighbours that are adjacent.
//!
//! # Verifier
//!
//! [`verify()`] checks the shapes, that per-vertex counts sum to three times
//! the total and fit their degrees, that the clustering figures follow from
//! the counts, and recounts the triangles of a sample of vertices (all of
//! them on small graphs) by binary search in the undirected rows.

use super::footprint::{self, Requirements, SizeOverflow};
use super::render::{PeerCheck, Render, VertexName};
use super::{Analysis, Ctx, Kernels, QueryError, Violation};
use crate::graph::Graph;
use crate::pieces::pieces;
use rayon::prelude::*;
use std::cell::RefCell;
use std::collections::HashSet;
use std::io::{self, Write};
use std::sync::atomic::{AtomicU64, Ordering};

/// Triangle counts and clustering coefficients.
#[derive(Debug, Clone, serde::Serialize)]
pub struct TrianglesResult {
    /// Triangles in the graph, each counted once.
    pub triangles: u64,
    /// Triangles through each vertex.
    #[serde(skip)]
    pub per_vertex: Vec<u64>,
    /// Local clustering coefficient of each vertex (NetworkX `clustering`).
    #[serde(skip)]
    pub clustering: Vec<f64>,
    /// Mean of `clustering` over all vertices (NetworkX `average_clustering`).
    pub average_clustering: f64,
    /// 3 × triangles / connected triples (NetworkX `transitivity`).
    pub transitivity: f64,
}

/// Exact equality, floats bit for bit (both kernels derive them alike).
impl PartialEq for TrianglesResult {
    fn eq(&self, o: &Self) -> bool {
        let bits = |xs: &[f64]| xs.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        (self.triangles, &self.per_vertex) == (o.triangles, &o.per_vertex)
            && bits(&self.clustering) == bits(&o.clustering)
            && self.average_clustering.to_bits() == o.average_clustering.to_bits()
            && self.transitivity.to_bits() == o.transitivity.to_bits()
    }
}

impl Eq for TrianglesResult {}

/// `v`'s neighbours in the undirected view, sorted, without `v`, into `row`.
fn undirected_row(g: &Graph, v: u32, row: &mut Vec<u32>) {
    row.clear();
    let out = g.forward().neighbors(v);
    if !g.is_directed() {
        row.extend(out.iter().copied().filter(|&w| w != v));
        return;
    }
    let inc = g.reverse().neighbors(v);
    let (mut i, mut j) = (0, 0);
    while i < out.len() || j < inc.len() {
        let w = match (out.get(i), inc.get(j)) {
            (Some(&a), Some(&b)) if a == b => {
                i += 1;
                j += 1;
                a
            }
            (Some(&a), Some(&b)) if a < b => {
                i += 1;
                a
            }
            (Some(&a), None) => {
                i += 1;
                a
            }
            (_, Some(&b)) => {
                j += 1;
                b
            }
            (None, None) => break,
        };
        if w != v {
            row.push(w);
        }
    }
}

/// `v`'s neighbours in the undirected view, sorted, without `v`: on an
/// undirected graph without a loop at `v`, its row where it lies (the
/// kernel's three passes over every row then copy none); else
/// [`undirected_row`] into `row`.
fn undirected_view<'a>(g: &'a Graph, v: u32, row: &'a mut Vec<u32>) -> &'a [u32] {
    if !g.is_directed() {
        let out = g.forward().neighbors(v);
        if out.binary_search(&v).is_err() {
            return out;
        }
    }
    undirected_row(g, v, row);
    row
}

/// The mean of the clustering coefficients (0 on no vertices).
pub(crate) fn average(clustering: &[f64]) -> f64 {
    match clustering.len() {
        0 => 0.0,
        n => clustering.iter().sum::<f64>() / n as f64,
    }
}

/// Counts and degrees → the result, clustering figures included.
fn finish(per_vertex: Vec<u64>, degrees: &[u64]) -> TrianglesResult {
    let clustering: Vec<f64> = per_vertex
        .iter()
        .zip(degrees)
        .map(|(&t, &d)| match t {
            0 => 0.0,
            t => (2 * t) as f64 / (d * (d - 1)) as f64,
        })
        .collect();
    let average_clustering = average(&clustering);
    let closed: u64 = per_vertex.iter().sum();
    let triples: u64 = degrees.iter().map(|&d| d * d.saturating_sub(1)).sum();
    let transitivity = match closed {
        0 => 0.0,
        c => (2 * c) as f64 / triples as f64,
    };
    TrianglesResult {
        triangles: closed / 3,
        per_vertex,
        clustering,
        average_clustering,
        transitivity,
    }
}

/// The edges directed from lower to higher rank (degree, then id) as a CSR,
/// rows sorted by id, with the undirected degrees: what the count derives
/// from the graph alone, kept by the session for its later runs
/// ([`Ctx::oriented`]).
pub(crate) struct Oriented {
    degrees: Vec<u64>,
    offsets: Vec<usize>,
    targets: Vec<u32>,
}

impl Oriented {
    fn row(&self, v: usize) -> &[u32] {
        &self.targets[self.offsets[v]..self.offsets[v + 1]]
    }

    fn build(g: &Graph, ctx: &Ctx<'_>) -> Oriented {
        let degrees = ctx.counted(|| degrees(g));
        ctx.pass();
        let n = g.nodes();
        let higher = |u: u32, w: u32| (degrees[w as usize], w) > (degrees[u as usize], u);
        let counts: Vec<usize> = (0..n as u32)
            .into_par_iter()
            .map_init(Vec::new, |row, u| {
                let row = undirected_view(g, u, row);
                row.iter().filter(|&&w| higher(u, w)).count()
            })
            .collect();
        let mut offsets = ctx.counted(|| Vec::with_capacity(n + 1));
        offsets.push(0);
        for c in &counts {
            offsets.push(offsets[offsets.len() - 1] + c);
        }
        let mut targets = ctx.buffer(offsets[n], 0u32);
        let rows: Vec<&mut [u32]> = pieces(&mut targets, counts.iter().copied()).collect();
        rows.into_par_iter()
            .enumerate()
            .for_each_init(Vec::new, |row, (u, out)| {
                let row = undirected_view(g, u as u32, row);
                let kept = row.iter().copied().filter(|&w| higher(u as u32, w));
                for (slot, w) in out.iter_mut().zip(kept) {
                    *slot = w;
                }
            });
        Oriented {
            degrees,
            offsets,
            targets,
        }
    }
}

/// Undirected degrees, in parallel.
fn degrees(g: &Graph) -> Vec<u64> {
    (0..g.nodes() as u32)
        .into_par_iter()
        .map_init(Vec::new, |row, v| undirected_view(g, v, row).len() as u64)
        .collect()
}

/// A pool thread's view of one vertex's out-list while it is counted.
#[derive(Default)]
struct Marks {
    /// Per vertex: 1 + its position in the out-list, 0 when not in it
    /// (grown to the largest graph the thread has counted; cleared after
    /// each use).
    slot: Vec<u32>,
    /// Per position in the out-list: the triangles closed at it.
    hits: Vec<u64>,
    /// The marks one row of the out-list's targets found (grown to the
    /// longest row).
    found: Vec<u32>,
}

thread_local! {
    static MARKS: RefCell<Marks> = RefCell::new(Marks::default());
}

/// The triangles `u < v < w` closed at `u`: `out(u)` marked, then every
/// `w` in `out(v)` for `v` in `out(u)` looked up (one load instead of a
/// merge of both lists). Each `v` and `w` is credited once per `u` with
/// all its triangles there, so the shared counters see one atomic add per
/// arc of the orientation at most, not three per triangle. Returns `u`'s.
///
/// A row's look-ups are written out without a branch (every mark stored,
/// the cursor moved past the found ones only) and the found ones credited
/// after: whether a look-up hits is a coin toss the branch predictor loses
/// on a clustered graph.
fn close_at(u: usize, dag: &Oriented, m: &mut Marks, counts: &[AtomicU64]) -> u64 {
    let n = dag.offsets.len() - 1;
    if m.slot.len() < n {
        m.slot.resize(n, 0);
    }
    let out_u = dag.row(u);
    m.hits.clear();
    m.hits.resize(out_u.len(), 0);
    for (i, &w) in out_u.iter().enumerate() {
        m.slot[w as usize] = i as u32 + 1;
    }
    let mut closed = 0;
    for (i, &v) in out_u.iter().enumerate() {
        let row = dag.row(v as usize);
        if m.found.len() < row.len() {
            m.found.resize(row.len(), 0);
        }
        let mut k = 0;
        for &w in row {
            let at = m.slot[w as usize];
            // k ≤ the look-ups so far < row.len() ≤ found.len().
            m.found[k] = at;
            k += usize::from(at != 0);
        }
        for &at in &m.found[..k] {
            m.hits[at as usize - 1] += 1;
        }
        m.hits[i] += k as u64;
        closed += k as u64;
    }
    for (&w, &h) in out_u.iter().zip(&m.hits) {
        m.slot[w as usize] = 0;
        if h != 0 {
            counts[w as usize].fetch_add(h, Ordering::Relaxed);
        }
    }
    closed
}

/// The `cpu` kernel: degree-ordered counting, out-lists intersected
/// through a per-thread bitmap.
pub fn parallel(g: &Graph, _: &(), ctx: &Ctx<'_>) -> TrianglesResult {
    let n = g.nodes();
    let dag = ctx.oriented(g, || Oriented::build(g, ctx));
    ctx.pass();
    let counts: Vec<AtomicU64> = ctx.counted(|| (0..n).map(|_| AtomicU64::new(0)).collect());
    let stop = ctx.stop();
    (0..n).into_par_iter().with_max_len(256).for_each(|u| {
        if stop.requested() {
            return;
        }
        MARKS.with(|marks| {
            let mut marks = marks.borrow_mut();
            let closed = close_at(u, &dag, &mut marks, &counts);
            counts[u].fetch_add(closed, Ordering::Relaxed);
        });
    });
    let per_vertex = counts.into_iter().map(AtomicU64::into_inner).collect();
    finish(per_vertex, &dag.degrees)
}

/// The oracle: neighbour sets, every adjacent pair of neighbours.
pub fn reference(g: &Graph, _: &(), ctx: &Ctx<'_>) -> TrianglesResult {
    let n = g.nodes();
    let mut adj: Vec<HashSet<u32>> = vec![HashSet::new(); n];
    let fwd = g.forward();
    for u in 0..n as u32 {
        for &w in fwd.neighbors(u) {
            if u != w {
                adj[u as usize].insert(w);
                adj[w as usize].insert(u);
            }
        }
    }
    let stop = ctx.stop();
    let mut per_vertex = vec![0u64; n];
    for v in 0..n {
        if stop.requested() {
            break;
        }
        let mut nbrs: Vec<u32> = adj[v].iter().copied().collect();
        nbrs.sort_unstable();
        for (i, &a) in nbrs.iter().enumerate() {
            for &b in &nbrs[i + 1..] {
                if adj[a as usize].contains(&b) {
                    per_vertex[v] += 1;
                }
            }
        }
    }
    let degrees: Vec<u64> = adj.iter().map(|s| s.len() as u64).collect();
    finish(per_vertex, &degrees)
}

/// Vertices whose triangles the verifier recounts: all of them up to this
/// many, else this many spread over the ids.
const RECOUNT: usize = 4096;

/// Check `out`'s invariants on `g` (see the module doc).
pub fn verify(g: &Graph, out: &TrianglesResult) -> Result<(), Violation> {
    let bad = |m: String| Err(Violation::new(format!("triangles: {m}")));
    let n = g.nodes();
    if out.per_vertex.len() != n || out.clustering.len() != n {
        return bad(format!(
            "{} counts and {} coefficients for {n} vertices",
            out.per_vertex.len(),
            out.clustering.len()
        ));
    }
    let sum: u64 = out.per_vertex.iter().sum();
    if sum != 3 * out.triangles {
        return bad(format!(
            "per-vertex counts sum to {sum}, not 3 × {}",
            out.triangles
        ));
    }
    let degrees = degrees(g);
    if let Some(v) =
        (0..n).find(|&v| out.per_vertex[v] > degrees[v] * degrees[v].saturating_sub(1) / 2)
    {
        return bad(format!(
            "vertex {v} of degree {} is in {} triangles",
            degrees[v], out.per_vertex[v]
        ));
    }
    let want = finish(out.per_vertex.clone(), &degrees);
    if want != *out {
        return bad("the clustering figures do not follow from the counts and degrees".into());
    }
    let step = n.div_ceil(RECOUNT).max(1);
    let (mut row, mut other) = (Vec::new(), Vec::new());
    for v in (0..n).step_by(step) {
        undirected_row(g, v as u32, &mut row);
        let mut t = 0;
        for (i, &a) in row.iter().enumerate() {
            undirected_row(g, a, &mut other);
            t += row[i + 1..]
                .iter()
                .filter(|b| other.binary_search(b).is_ok())
                .count() as u64;
        }
        if t != out.per_vertex[v] {
            return bad(format!(
                "vertex {v} is in {t} triangles, not {}",
                out.per_vertex[v]
            ));
        }
    }
    Ok(())
}

/// Triangle counting in the registry.
pub struct Triangles;

impl Analysis for Triangles {
    const NAME: &'static str = "triangles";
    const SCIPY_PEER: bool = true;
    type Query = ();
    type Output = TrianglesResult;

    fn validate(_: &Graph, _: &()) -> Result<(), QueryError> {
        Ok(())
    }

    /// Scratch: degrees, counts, the oriented copy (at most every arc, plus
    /// offsets) and the threads' marks; output: a count and a coefficient
    /// per vertex.
    fn footprint(g: &Graph, _: &()) -> Result<Requirements, SizeOverflow> {
        let n = g.nodes() as u64;
        // Counts, degrees and offsets; each pool thread's marks (`Marks`).
        let threads = rayon::current_num_threads() as u64;
        let per_vertex = footprint::product("scratch bytes", &[n, 8 * 3 + 4 * threads])?;
        let oriented = footprint::product("scratch bytes", &[g.arcs() as u64, 4])?;
        Ok(Requirements {
            graph_bytes: footprint::resident_graph_bytes(g)?,
            frontier_bytes: 0,
            scratch_bytes: footprint::sum("scratch bytes", &[per_vertex, oriented, 8])?,
            output_bytes: footprint::listed(n, 16)?,
        })
    }

    fn output_bytes(_: &Graph, out: &TrianglesResult) -> Result<u64, SizeOverflow> {
        footprint::listed(out.per_vertex.len() as u64, 16)
    }

    fn default_query(_sources: Vec<u32>) -> Option<()> {
        Some(())
    }

    fn render(out: &TrianglesResult) -> Option<&dyn Render> {
        Some(out)
    }

    fn run(kernels: Kernels, g: &Graph, q: &(), ctx: &Ctx<'_>) -> TrianglesResult {
        match kernels {
            Kernels::Fast => parallel(g, q, ctx),
            Kernels::Reference => reference(g, q, ctx),
        }
    }

    fn verify(g: &Graph, _: &(), out: &TrianglesResult) -> Result<(), Violation> {
        verify(g, out)
    }
}

impl Render for TrianglesResult {
    fn results_json(&self) -> serde_json::Value {
        serde_json::json!([self])
    }

    fn human(&self, _: VertexName<'_>) -> String {
        format!(
            "  {} triangles; average clustering {:.6}, transitivity {:.6}\n",
            self.triangles, self.average_clustering, self.transitivity
        )
    }

    fn write_per_vertex(
        &self,
        w: &mut dyn Write,
        name: VertexName<'_>,
        sep: &str,
    ) -> io::Result<()> {
        writeln!(
            w,
            "# dwell triangles: vertex triangles clustering ({} triangles)",
            self.triangles
        )?;
        for (v, (t, c)) in self.per_vertex.iter().zip(&self.clustering).enumerate() {
            writeln!(w, "{}{sep}{t}{sep}{c}", name(v as u32))?;
        }
        Ok(())
    }

    fn peer_check(&self) -> Option<PeerCheck> {
        Some(PeerCheck::Count(self.triangles))
    }
}
