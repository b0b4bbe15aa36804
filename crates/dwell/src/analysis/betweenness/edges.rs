//! Edge betweenness centrality, by Brandes' algorithm (Brandes, "On
//! variants of shortest-path betweenness centrality and their generic
//! computation", Social Networks 30(2), 2008).
//!
//! # Semantics
//!
//! NetworkX's `edge_betweenness_centrality(G, k, normalized, weight)`: for
//! each source (every vertex, or the sample), the shortest-path DAG as
//! vertex betweenness builds it (breadth-first, or Dijkstra over the arc
//! lengths when `weighted`: the same sums and ties, see the parent module),
//! and in reverse settle order each arc `u → v` of the DAG gains
//! `σ[u] / σ[v] · (1 + δ[v])` (NetworkX's `_accumulate_edges`). On an
//! undirected graph an edge's score is the sum of both of its arcs' (NetworkX
//! adds both directions into one key). Then NetworkX
//! 3.6's `_rescale` with endpoints counted (as it calls it for edges): `N =
//! n`, over `K = n` sources or the `k` sampled, normalized `1/(K(N−1))`,
//! raw `N/(K·c)` (`c` = 2 undirected, 1 directed); nothing when `n < 2`.
//! The answer lists the edges as NetworkX keys them: every arc of a
//! directed graph, each undirected edge once as `(u, v)` with `u ≤ v`, in
//! the forward CSR's order; a self loop scores 0.
//!
//! # Kernels
//!
//! - [`parallel()`] (`cpu`): the parent module's waves, chunks of
//!   `WEIGHTED_CHUNK` sources, each source one Dijkstra search (unit
//!   lengths when unweighted) and one backward pass adding into a per-arc
//!   vector (`dijkstra.rs`); the two arcs of each undirected edge are
//!   summed at the end.
//! - [`reference()`] (`cpu-reference`, the oracle): plain Brandes with
//!   predecessor lists, NetworkX's accumulation line by line.
//!
//! # Verifier
//!
//! [`verify()`]: the graph's edges, each once, with one finite,
//! non-negative score, 0 on self loops; and the total: a shortest path of
//! `h` arcs puts its weight on `h` arcs, so the unscaled scores sum to
//! `Σ_s Σ_t h(s, t)` (mean arcs over the shortest `s`–`t` paths, counted
//! forward over the oracle's DAG).

use super::check;
use super::dijkstra::{Search, Sums};
use super::{check_lengths, check_sample, held, lengths, scales, sources, waves};
use super::{BetweennessQuery, WEIGHTED_CHUNK};
use crate::analysis::footprint::{self, Requirements, SizeOverflow};
use crate::analysis::render::{Render, VertexName};
use crate::analysis::sssp::Unit;
use crate::analysis::{Analysis, Ctx, Kernels, QueryError, Violation};
use crate::graph::{Csr, Graph};
use std::io::{self, Write};

/// An edge betweenness query.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct EdgeBetweennessQuery {
    /// The sample of sources (NetworkX's `k` sources); `None`: every vertex.
    pub sources: Option<Vec<u32>>,
    /// NetworkX's `normalized` (its default: true).
    pub normalized: bool,
    /// Shortest by the graph's arc lengths (NetworkX's `weight=`).
    pub weighted: bool,
}

/// Scores per edge, and how they were scaled.
#[derive(Debug, Clone, serde::Serialize)]
pub struct EdgeBetweennessResult {
    /// The edges (see the module doc), `(u, v)`.
    #[serde(skip)]
    pub edges: Vec<(u32, u32)>,
    /// Per edge.
    #[serde(skip)]
    pub scores: Vec<f64>,
    /// Sources searched (n when exact).
    pub sources: u64,
    pub normalized: bool,
    pub weighted: bool,
    /// The factor applied to the raw sums.
    pub scale: f64,
}

/// Exact equality, floats bit for bit (as [`super::BetweennessResult`]).
impl PartialEq for EdgeBetweennessResult {
    fn eq(&self, o: &Self) -> bool {
        let bits = |xs: &[f64]| xs.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        bits(&self.scores) == bits(&o.scores)
            && self.edges == o.edges
            && (self.sources, self.normalized, self.weighted)
                == (o.sources, o.normalized, o.weighted)
            && self.scale.to_bits() == o.scale.to_bits()
    }
}
impl Eq for EdgeBetweennessResult {}

/// The arc `v → u` of arc `i = u → v` (rows are sorted).
fn twin(csr: &Csr, u: u32, v: u32) -> Option<usize> {
    let row = csr.range(v);
    let at = csr.neighbors(v).binary_search(&u).ok()?;
    Some(row.start + at)
}

/// The listed edges from per-arc sums `raw`, scaled.
fn result(g: &Graph, q: &EdgeBetweennessQuery, raw: Vec<f64>, k: usize) -> EdgeBetweennessResult {
    let (csr, directed) = (g.forward(), g.is_directed());
    let mut edges = Vec::new();
    let mut scores = Vec::new();
    for u in 0..g.nodes() as u32 {
        for i in csr.range(u) {
            let v = csr.targets()[i];
            if directed || u < v {
                // An undirected edge's second arc: rows are sorted, it is there.
                let back = if directed { None } else { twin(csr, u, v) };
                edges.push((u, v));
                scores.push(raw[i] + back.map_or(0.0, |j| raw[j]));
            } else if u == v {
                edges.push((u, v));
                scores.push(raw[i]);
            }
        }
    }
    // NetworkX rescales edges as vertices with endpoints counted.
    let (scale, _) = scales(
        g,
        &BetweennessQuery {
            sources: q.sources.clone(),
            normalized: q.normalized,
            endpoints: true,
            weighted: q.weighted,
        },
    );
    scores.iter_mut().for_each(|x| *x *= scale);
    EdgeBetweennessResult {
        edges,
        scores,
        sources: k as u64,
        normalized: q.normalized,
        weighted: q.weighted,
        scale,
    }
}

/// The `cpu` kernel (see the module doc).
pub fn parallel(g: &Graph, q: &EdgeBetweennessQuery, ctx: &Ctx<'_>) -> EdgeBetweennessResult {
    let (n, m, csr) = (g.nodes(), g.arcs(), g.forward());
    let srcs = sources(g, &q.sources);
    ctx.pass();
    let stop = ctx.stop();
    let new = || Search::new(n);
    let raw = match lengths(g, q.weighted) {
        Some(w) => waves(m, &srcs, WEIGHTED_CHUNK, stop, new, |search, chunk, out| {
            search.run(csr, w, chunk, Sums::Arcs, out)
        }),
        None => waves(m, &srcs, WEIGHTED_CHUNK, stop, new, |search, chunk, out| {
            search.run(csr, Unit, chunk, Sums::Arcs, out)
        }),
    };
    result(g, q, raw, srcs.len())
}

/// The oracle: plain Brandes with predecessor lists, NetworkX's
/// `_accumulate_edges`.
pub fn reference(g: &Graph, q: &EdgeBetweennessQuery, ctx: &Ctx<'_>) -> EdgeBetweennessResult {
    let srcs = sources(g, &q.sources);
    let (csr, w) = (g.forward(), lengths(g, q.weighted));
    let mut arcs = vec![0.0; g.arcs()];
    for &s in srcs.iter().take_while(|_| !ctx.stop().requested()) {
        let check::Dag {
            mut stack,
            pred,
            sigma,
        } = check::search(csr, w, s);
        let mut delta = vec![0.0f64; g.nodes()];
        while let Some(t) = stack.pop() {
            let coeff = (1.0 + delta[t as usize]) / sigma[t as usize];
            for &(v, arc) in &pred[t as usize] {
                let c = sigma[v as usize] * coeff;
                arcs[arc] += c;
                delta[v as usize] += c;
            }
        }
    }
    result(g, q, arcs, srcs.len())
}

/// Check `out`'s invariants on `g` (see the module doc).
pub fn verify(
    g: &Graph,
    q: &EdgeBetweennessQuery,
    out: &EdgeBetweennessResult,
) -> Result<(), Violation> {
    let bad = |m: String| Err(Violation::new(format!("edge betweenness: {m}")));
    let csr = g.forward();
    if out.scores.len() != out.edges.len() {
        return bad(format!(
            "{} scores for {} edges",
            out.scores.len(),
            out.edges.len()
        ));
    }
    if out.weighted != q.weighted {
        return bad("the answer's weighting is not the query's".into());
    }
    let directed = g.is_directed();
    let listed = (0..g.nodes() as u32).flat_map(|u| {
        csr.neighbors(u)
            .iter()
            .filter(move |&&v| directed || u <= v)
            .map(move |&v| (u, v))
    });
    if !listed.eq(out.edges.iter().copied()) {
        return bad("the edges listed are not the graph's, once each in CSR order".into());
    }
    for (&(u, v), &x) in out.edges.iter().zip(&out.scores) {
        if !x.is_finite() || x < 0.0 || (u == v && x != 0.0) {
            return bad(format!("the edge {u}–{v} scores {x}"));
        }
    }
    let w = lengths(g, q.weighted);
    let want: f64 = sources(g, &q.sources)
        .into_iter()
        .map(|s| {
            let dag = check::search(csr, w, s);
            let h = check::mean_hops(&dag);
            dag.stack.iter().map(|&t| h[t as usize]).sum::<f64>()
        })
        .sum();
    let got: f64 = out.scores.iter().map(|x| x / out.scale).sum();
    if (got - want).abs() > 1e-9 * want.max(1.0) {
        return bad(format!(
            "the unscaled arc scores sum to {got}, but the shortest paths have {want} arcs"
        ));
    }
    Ok(())
}

/// Edge betweenness in the registry.
pub struct EdgeBetweenness;

impl Analysis for EdgeBetweenness {
    const NAME: &'static str = "edge-bc";
    type Query = EdgeBetweennessQuery;
    type Output = EdgeBetweennessResult;

    fn validate(g: &Graph, q: &EdgeBetweennessQuery) -> Result<(), QueryError> {
        check_sample(g, &q.sources)?;
        check_lengths(g, q.weighted)
    }

    /// What the `cpu` kernel holds: per thread, one search scratch and
    /// `WINDOW` per-arc score vectors; as output, at most one edge (its
    /// ends and score) per arc.
    fn footprint(g: &Graph, _: &EdgeBetweennessQuery) -> Result<Requirements, SizeOverflow> {
        let (n, m) = (g.nodes() as u64, g.arcs() as u64);
        held(g, super::dijkstra::bytes(n, m)?, m, 16)
    }

    fn output_bytes(_: &Graph, out: &EdgeBetweennessResult) -> Result<u64, SizeOverflow> {
        footprint::listed(out.scores.len() as u64, 16)
    }

    /// As vertex betweenness: the sample's size, or one exact question.
    fn queries(q: &EdgeBetweennessQuery) -> u64 {
        q.sources.as_ref().map_or(1, |s| s.len() as u64)
    }

    fn default_query(sources: Vec<u32>) -> Option<EdgeBetweennessQuery> {
        Some(EdgeBetweennessQuery {
            sources: (!sources.is_empty()).then_some(sources),
            normalized: true,
            weighted: false,
        })
    }

    fn render(out: &EdgeBetweennessResult) -> Option<&dyn Render> {
        Some(out)
    }

    fn run(
        kernels: Kernels,
        g: &Graph,
        q: &EdgeBetweennessQuery,
        ctx: &Ctx<'_>,
    ) -> EdgeBetweennessResult {
        match kernels {
            Kernels::Fast => parallel(g, q, ctx),
            Kernels::Reference => reference(g, q, ctx),
        }
    }

    fn verify(
        g: &Graph,
        q: &EdgeBetweennessQuery,
        out: &EdgeBetweennessResult,
    ) -> Result<(), Violation> {
        verify(g, q, out)
    }
}

/// Edges shown by the text and JSON summaries.
const SHOWN: usize = 10;

impl EdgeBetweennessResult {
    /// The [`SHOWN`] highest-scoring edges, ties in list order.
    fn top(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.scores.len()).collect();
        order.sort_by(|&a, &b| self.scores[b].total_cmp(&self.scores[a]).then(a.cmp(&b)));
        order.truncate(SHOWN);
        order
    }
}

impl Render for EdgeBetweennessResult {
    fn results_json(&self) -> serde_json::Value {
        let mut result = serde_json::json!(self);
        result["edges"] = self.edges.len().into();
        result["top"] = self
            .top()
            .into_iter()
            .map(|i| {
                let (u, v) = self.edges[i];
                serde_json::json!({ "source": u, "target": v, "score": self.scores[i] })
            })
            .collect();
        serde_json::json!([result])
    }

    fn human(&self, name: VertexName<'_>) -> String {
        let mut s = format!(
            "  {} edges, {} sources, {}, {}normalized\n",
            self.edges.len(),
            self.sources,
            if self.weighted {
                "weighted"
            } else {
                "unweighted"
            },
            if self.normalized { "" } else { "not " },
        );
        for i in self.top() {
            let (u, v) = self.edges[i];
            s.push_str(&format!(
                "  {:>10} {:>10} {:.6e}\n",
                name(u),
                name(v),
                self.scores[i]
            ));
        }
        s
    }

    /// One line per edge (not per vertex): `u<sep>v<sep>score`.
    fn write_per_vertex(
        &self,
        w: &mut dyn Write,
        name: VertexName<'_>,
        sep: &str,
    ) -> io::Result<()> {
        writeln!(
            w,
            "# dwell edge-bc: edge betweenness ({} sources); source, target, score",
            self.sources
        )?;
        for (&(u, v), x) in self.edges.iter().zip(&self.scores) {
            writeln!(w, "{}{sep}{}{sep}{x}", name(u), name(v))?;
        }
        Ok(())
    }
}
