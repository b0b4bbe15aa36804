//! PageRank by power iteration (GAP benchmark kernel `pr`).
//!
//! # Semantics
//!
//! NetworkX's `pagerank` on an unweighted graph: start from `1/n` per
//! vertex, then repeat
//! `x'[v] = d · (Σ_{u→v} x[u] / outdeg(u) + D · p[v]) + (1 − d) · p[v]`
//! where `d` is the damping, `D` the rank held by dangling vertices (no
//! out-arcs), redistributed like the teleport, and `p` the personalization
//! (normalized to sum 1; uniform `1/n` when none is given). Arcs are the
//! graph's after normalization (duplicates merged; a self loop counts once
//! in its vertex's out-degree, as in NetworkX's adjacency matrix); an
//! undirected graph follows both directions.
//!
//! Stopping ([`StopRule`]): after each round the L1 change
//! `Σ|x' − x|` is compared with a threshold: NetworkX's `n · tol`
//! (tol 1e-6, at most 100 rounds; not converging is an error, as NetworkX
//! raises `PowerIterationFailedConvergence`) or GAPBS's `epsilon` (1e-4, at
//! most 20 rounds; stopping at the cap is not an error there). Both rules
//! handle dangling vertices as NetworkX does. Rounds ([`Update`]) are
//! Jacobi by default (NetworkX's, GAPBS's `pr_spmv.cc`) or Gauss–Seidel
//! (GAPBS's `pr.cc`: a vertex pulls the contributions already updated this
//! round; the dangling rank lags one round; scores scaled back to sum 1
//! after each round, the scaling's move counted in the change).
//!
//! # Kernels
//!
//! - [`parallel()`] (`cpu`): pull-based over the reverse CSR: each vertex
//!   sums its in-neighbours' contributions (`x[u] / outdeg(u)`, written
//!   with each new score for the next round, so a round is one pass),
//!   vertices in parallel (rayon). Global sums (dangling
//!   rank, L1 change) are taken per fixed chunk of vertices and the chunks'
//!   sums added in order, so a run's answer does not depend on the thread
//!   count.
//!   Gauss–Seidel rounds update one contribution array in place (relaxed
//!   atomics), so on more than one thread their answer depends on timing.
//!   Each row is summed in four running sums (one sum's chain of adds
//!   bound a round on kron18). Under GAPBS's rule on graphs of 32,768
//!   vertices or more the contributions are kept in f32, summed in f64
//!   (see `Contrib`; NetworkX's rule keeps f64). A session of several runs
//!   on a skewed graph runs on its degree-grouped copy
//!   (`graph::order`; Gauss–Seidel rounds then go in the copy's order).
//! - [`reference()`] (`cpu-reference`, the oracle): the same iteration as
//!   plain sequential loops (Gauss–Seidel: in id order).
//!
//! # Verifier
//!
//! [`verify()`] checks one score per vertex, finite and non-negative, summing
//! to 1, and for a converged answer recomputes one round by *pushing* along
//! the forward CSR (code apart from both kernels): since a round is an L1
//! contraction by `d`, its change must be below the threshold too (three
//! thresholds after Gauss–Seidel rounds, see [`verify()`]).

mod contrib;
mod rounds;

use super::footprint::{self, Requirements, SizeOverflow};
use super::render::{scores, PeerCheck, Render, VertexName};
use super::{Analysis, Ctx, Kernels, QueryError, Violation};
use crate::graph::Graph;
use crate::pieces::pieces_at;
use contrib::{f32_contributions, Contrib};
use rayon::prelude::*;
use rounds::{round_bounds, CHUNK};
use std::io::{self, Write};

/// When iteration stops.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum StopRule {
    /// `Σ|x' − x| < n · tol` (tol 1e-6, 100 rounds); not converging is an error.
    #[default]
    Networkx,
    /// `Σ|x' − x| < epsilon` (1e-4, 20 rounds); the cap just stops.
    Gapbs,
}

impl StopRule {
    /// `networkx` or `gapbs`.
    pub fn name(self) -> &'static str {
        match self {
            StopRule::Networkx => "networkx",
            StopRule::Gapbs => "gapbs",
        }
    }

    /// The rule's tolerance when none is given.
    pub fn default_tolerance(self) -> f64 {
        match self {
            StopRule::Networkx => 1e-6,
            StopRule::Gapbs => 1e-4,
        }
    }

    /// The rule's round cap when none is given.
    pub fn default_max_iterations(self) -> u32 {
        match self {
            StopRule::Networkx => 100,
            StopRule::Gapbs => 20,
        }
    }

    /// The L1 change below which iteration stops on `n` vertices.
    pub fn threshold(self, n: usize, tolerance: f64) -> f64 {
        match self {
            StopRule::Networkx => n as f64 * tolerance,
            StopRule::Gapbs => tolerance,
        }
    }
}

/// How a round updates the scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Update {
    /// Every vertex pulls the previous round's contributions (NetworkX's
    /// power iteration, GAPBS's `pr_spmv`): deterministic at any thread
    /// count.
    #[default]
    Jacobi,
    /// Vertices in id order pull the contributions as they stand, those
    /// already updated this round included (GAPBS's `pr`), and after each
    /// round the scores are scaled back to sum 1 (a Gauss–Seidel round does
    /// not keep the sum, and the fixed point's is 1; the round's change then
    /// counts the scaling's L1 move too, so it bounds the change between
    /// scaled scores). Fewer rounds to a tolerance: to L1 < 1e-4, email-Enron
    /// 18 instead of 35 (GAPBS `pr` 21–25), cond-mat-2005 16 instead of 27
    /// (23); unscaled, the sum's drift decays only by `d` a round (kron18:
    /// 23 rounds, Jacobi 9). Alone on one thread the order, and so the
    /// answer, is fixed; on several, chunks of vertices run at once and read
    /// each other's contributions as they happen to be, so answers vary
    /// between runs within the tolerance, as GAPBS's do.
    GaussSeidel,
}

impl Update {
    /// `jacobi` or `gauss-seidel`.
    pub fn name(self) -> &'static str {
        match self {
            Update::Jacobi => "jacobi",
            Update::GaussSeidel => "gauss-seidel",
        }
    }
}

/// A PageRank query.
#[derive(Debug, Clone, PartialEq)]
pub struct PageRankQuery {
    /// Probability of following an arc (NetworkX's `alpha`), in `[0, 1]`.
    pub damping: f64,
    /// `tol` (NetworkX) or `epsilon` (GAPBS), see [`StopRule::threshold`].
    pub tolerance: f64,
    pub max_iterations: u32,
    pub stop: StopRule,
    /// Jacobi (the default) or Gauss–Seidel rounds.
    pub update: Update,
    /// Teleport (and dangling) weight per vertex, normalized to sum 1;
    /// `None`: uniform.
    pub personalization: Option<Vec<f64>>,
}

impl PageRankQuery {
    /// Damping 0.85 and `stop`'s own tolerance and round cap.
    pub fn with_rule(stop: StopRule) -> PageRankQuery {
        PageRankQuery {
            damping: 0.85,
            tolerance: stop.default_tolerance(),
            max_iterations: stop.default_max_iterations(),
            stop,
            update: Update::Jacobi,
            personalization: None,
        }
    }
}

impl Default for PageRankQuery {
    /// NetworkX's defaults.
    fn default() -> Self {
        PageRankQuery::with_rule(StopRule::Networkx)
    }
}

/// Scores and how the iteration ended.
#[derive(Debug, Clone, serde::Serialize)]
pub struct PageRankResult {
    /// One score per vertex, summing to 1.
    #[serde(skip)]
    pub scores: Vec<f64>,
    /// Rounds run.
    pub iterations: u32,
    /// Whether the last round's change fell below the threshold.
    pub converged: bool,
    /// The last round's L1 change.
    pub error: f64,
    /// The L1 change the rule stops below.
    pub threshold: f64,
    pub stop: StopRule,
    pub update: Update,
    pub max_iterations: u32,
}

/// Exact equality, floats compared bit for bit: equal runs of one kernel
/// give equal answers. Different kernels agree within rounding; tests
/// compare them with a tolerance.
impl PartialEq for PageRankResult {
    fn eq(&self, o: &Self) -> bool {
        let bits = |xs: &[f64]| xs.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        bits(&self.scores) == bits(&o.scores)
            && (
                self.iterations,
                self.converged,
                self.stop,
                self.update,
                self.max_iterations,
            ) == (
                o.iterations,
                o.converged,
                o.stop,
                o.update,
                o.max_iterations,
            )
            && self.error.to_bits() == o.error.to_bits()
            && self.threshold.to_bits() == o.threshold.to_bits()
    }
}

impl Eq for PageRankResult {}

/// The normalized teleport vector, or `None` for uniform.
fn teleport(q: &PageRankQuery) -> Option<Vec<f64>> {
    let p = q.personalization.as_ref()?;
    let total: f64 = p.iter().sum();
    Some(p.iter().map(|&w| w / total).collect())
}

fn result(
    q: &PageRankQuery,
    n: usize,
    scores: Vec<f64>,
    iterations: u32,
    error: f64,
) -> PageRankResult {
    let threshold = q.stop.threshold(n, q.tolerance);
    PageRankResult {
        scores,
        iterations,
        // No vertices: nothing to iterate (NetworkX returns `{}`).
        converged: n == 0 || error < threshold,
        error,
        threshold,
        stop: q.stop,
        update: q.update,
        max_iterations: q.max_iterations,
    }
}

/// One round over the chunk of vertices from `lo` (scores `xs`): each
/// vertex's new score from the contributions `pull` reads, its next
/// contribution handed to `put`. Returns the chunk's L1 change, the
/// dangling vertices' new rank and the new scores' sum. Generic over the teleport so the uniform
/// case compiles without a per-vertex branch; rows are read through the
/// chunk's slice of offsets. (Measured on cond-mat-2005, one thread: 0.46
/// ms a round this way against 0.52 ms with `neighbors(v)`, an `Option`
/// teleport and two running sums per row, and GAPBS `pr_spmv`'s 0.47.)
#[allow(clippy::too_many_arguments)]
fn round_chunk(
    rev: &crate::graph::Csr,
    lo: usize,
    xs: &mut [f64],
    inv_deg: &[f64],
    d: f64,
    dangling: f64,
    teleport: impl Fn(usize) -> f64,
    pull: impl Fn(usize) -> f64,
    mut put: impl FnMut(usize, f64),
) -> (f64, f64, f64) {
    let rows = &rev.offsets()[lo..=lo + xs.len()];
    let targets = rev.targets();
    let inv = &inv_deg[lo..lo + xs.len()];
    let (mut change, mut held, mut total) = (0.0, 0.0, 0.0);
    for (i, (xv, &iv)) in xs.iter_mut().zip(inv).enumerate() {
        // Four running sums: one sum's chain of dependent adds, not the
        // loads, was the round's bound on kron18 (one add per arc).
        let row = &targets[rows[i] as usize..rows[i + 1] as usize];
        let mut quads = row.chunks_exact(4);
        let mut acc = [0.0f64; 4];
        for q in &mut quads {
            acc[0] += pull(q[0] as usize);
            acc[1] += pull(q[1] as usize);
            acc[2] += pull(q[2] as usize);
            acc[3] += pull(q[3] as usize);
        }
        let mut pulled = (acc[0] + acc[1]) + (acc[2] + acc[3]);
        for &u in quads.remainder() {
            pulled += pull(u as usize);
        }
        let pv = teleport(lo + i);
        let new = d * (pulled + dangling * pv) + (1.0 - d) * pv;
        change += (new - *xv).abs();
        total += new;
        *xv = new;
        put(i, new * iv);
        if iv == 0.0 {
            held += new;
        }
    }
    (change, held, total)
}

/// The `cpu` kernel: pull-based rounds over the reverse CSR in parallel.
///
/// One pass per round: each vertex pulls its in-neighbours' contributions
/// from `contrib` (this round's, `x[u] / outdeg(u)`, pre-divided), updates
/// its score in place (only it reads its own score), and writes its next
/// contribution into `next`; the chunk sums of the L1 change and of the
/// dangling vertices' new rank come back together. The contribution arrays
/// then swap.
pub fn parallel(g: &Graph, q: &PageRankQuery, ctx: &Ctx<'_>) -> PageRankResult {
    let n = g.nodes();
    if n == 0 {
        return result(q, 0, Vec::new(), 0, 0.0);
    }
    match (q.update, f32_contributions(n, q)) {
        (Update::Jacobi, false) => jacobi::<f64>(g, q, ctx),
        (Update::Jacobi, true) => jacobi::<f32>(g, q, ctx),
        (Update::GaussSeidel, false) => gauss_seidel::<f64>(g, q, ctx),
        (Update::GaussSeidel, true) => gauss_seidel::<f32>(g, q, ctx),
    }
}

/// 1 / out-degree per vertex (0 for a dangling one): what each score
/// hands each out-neighbour.
fn inverse_degrees(g: &Graph, ctx: &Ctx<'_>) -> Vec<f64> {
    let fwd = g.forward();
    ctx.counted(|| {
        (0..g.nodes() as u32)
            .into_par_iter()
            .map(|u| match fwd.degree(u) {
                0 => 0.0,
                k => 1.0 / k as f64,
            })
            .collect()
    })
}

/// [`parallel()`]'s Jacobi rounds, contributions kept as `C`.
fn jacobi<C: Contrib>(g: &Graph, q: &PageRankQuery, ctx: &Ctx<'_>) -> PageRankResult {
    let n = g.nodes();
    let rev = g.reverse();
    let p = teleport(q);
    let uniform = 1.0 / n as f64;
    let d = q.damping;
    let threshold = q.stop.threshold(n, q.tolerance);
    let inv_deg = inverse_degrees(g, ctx);
    let mut x = ctx.buffer(n, uniform);
    let mut contrib: Vec<C> =
        ctx.counted(|| inv_deg.par_iter().map(|&i| C::store(uniform * i)).collect());
    let mut next = ctx.buffer(n, C::store(0.0));
    let mut dangling: f64 = inv_deg
        .par_chunks(CHUNK)
        .map(|c| c.iter().filter(|&&i| i == 0.0).count() as f64 * uniform)
        .collect::<Vec<f64>>()
        .iter()
        .sum();
    let stop = ctx.stop();
    let bounds = round_bounds(rev);
    let (mut iterations, mut error) = (0, f64::INFINITY);
    while iterations < q.max_iterations {
        if stop.requested() {
            break;
        }
        ctx.pass();
        let pulled_from = &contrib;
        let sums: Vec<(f64, f64, f64)> = pieces_at(&mut x, &bounds)
            .into_par_iter()
            .zip(pieces_at(&mut next, &bounds))
            .zip(&bounds[..bounds.len() - 1])
            .map(|((xs, out), &lo)| {
                let pull = |u: usize| pulled_from[u].load();
                let put = |i: usize, w: f64| out[i] = C::store(w);
                match &p {
                    None => round_chunk(rev, lo, xs, &inv_deg, d, dangling, |_| uniform, pull, put),
                    Some(p) => round_chunk(rev, lo, xs, &inv_deg, d, dangling, |v| p[v], pull, put),
                }
            })
            .collect();
        error = sums.iter().map(|s| s.0).sum();
        dangling = sums.iter().map(|s| s.1).sum();
        std::mem::swap(&mut contrib, &mut next);
        iterations += 1;
        if error < threshold {
            break;
        }
    }
    result(q, n, x, iterations, error)
}

/// The `cpu` kernel's Gauss–Seidel rounds ([`Update::GaussSeidel`]): as
/// [`parallel()`], but one contribution array updated in place, so a vertex
/// pulls the new contributions of those before it. Contributions are f64
/// bits in relaxed atomics: on several threads a chunk reads another's
/// while it writes them (plain loads and stores on x86). The dangling rank
/// used in a round is the previous round's; a second pass scales the scores
/// (and contributions) back to sum 1.
fn gauss_seidel<C: Contrib>(g: &Graph, q: &PageRankQuery, ctx: &Ctx<'_>) -> PageRankResult {
    let n = g.nodes();
    let rev = g.reverse();
    let p = teleport(q);
    let uniform = 1.0 / n as f64;
    let d = q.damping;
    let threshold = q.stop.threshold(n, q.tolerance);
    let inv_deg = inverse_degrees(g, ctx);
    let mut x = ctx.buffer(n, uniform);
    let contrib: Vec<C::Cell> =
        ctx.counted(|| inv_deg.par_iter().map(|&i| C::cell(uniform * i)).collect());
    let dangling_vertices = inv_deg.iter().filter(|&&i| i == 0.0).count();
    let mut dangling = dangling_vertices as f64 * uniform;
    let stop = ctx.stop();
    let bounds = round_bounds(rev);
    let (mut iterations, mut error) = (0, f64::INFINITY);
    while iterations < q.max_iterations {
        if stop.requested() {
            break;
        }
        ctx.pass();
        let sums: Vec<(f64, f64, f64)> = pieces_at(&mut x, &bounds)
            .into_par_iter()
            .zip(&bounds[..bounds.len() - 1])
            .map(|(xs, &lo)| {
                let pull = |u: usize| C::get(&contrib[u]);
                let put = |i: usize, w: f64| C::set(&contrib[lo + i], w);
                match &p {
                    None => round_chunk(rev, lo, xs, &inv_deg, d, dangling, |_| uniform, pull, put),
                    Some(p) => round_chunk(rev, lo, xs, &inv_deg, d, dangling, |v| p[v], pull, put),
                }
            })
            .collect();
        let (change, held, total) = sums
            .iter()
            .fold((0.0, 0.0, 0.0), |a, s| (a.0 + s.0, a.1 + s.1, a.2 + s.2));
        // Scaled back to sum 1 (see `Update::GaussSeidel`): the contributions
        // with the scores, the dangling rank with them. Scaling moves the
        // scores by |1 − total| in L1, so `change + |1 − total|` bounds the
        // round's change from the last scaled scores.
        let scale = if total > 0.0 { 1.0 / total } else { 1.0 };
        x.par_chunks_mut(CHUNK).enumerate().for_each(|(c, xs)| {
            for (i, xv) in xs.iter_mut().enumerate() {
                let v = c * CHUNK + i;
                *xv *= scale;
                C::set(&contrib[v], *xv * inv_deg[v]);
            }
        });
        error = change + (1.0 - total).abs();
        dangling = held * scale;
        iterations += 1;
        if error < threshold {
            break;
        }
    }
    result(q, n, x, iterations, error)
}

/// The oracle: the same power iteration as plain sequential loops.
pub fn reference(g: &Graph, q: &PageRankQuery, ctx: &Ctx<'_>) -> PageRankResult {
    let n = g.nodes();
    if n == 0 {
        return result(q, 0, Vec::new(), 0, 0.0);
    }
    let (fwd, rev) = (g.forward(), g.reverse());
    let p = teleport(q).unwrap_or_else(|| vec![1.0 / n as f64; n]);
    let d = q.damping;
    let threshold = q.stop.threshold(n, q.tolerance);
    let mut x = vec![1.0 / n as f64; n];
    let stop = ctx.stop();
    let (mut iterations, mut error) = (0, f64::INFINITY);
    while iterations < q.max_iterations && !stop.requested() {
        let mut dangling = 0.0;
        let mut contrib = vec![0.0; n];
        for u in 0..n {
            match fwd.degree(u as u32) {
                0 => dangling += x[u],
                k => contrib[u] = x[u] * (1.0 / k as f64),
            }
        }
        let mut next = vec![0.0; n];
        error = 0.0;
        for v in 0..n {
            let mut pulled = 0.0;
            for &u in rev.neighbors(v as u32) {
                pulled += contrib[u as usize];
            }
            next[v] = d * (pulled + dangling * p[v]) + (1.0 - d) * p[v];
            error += (next[v] - x[v]).abs();
            if q.update == Update::GaussSeidel {
                // Later vertices pull this one's new contribution.
                let k = fwd.degree(v as u32);
                if k > 0 {
                    contrib[v] = next[v] * (1.0 / k as f64);
                }
            }
        }
        if q.update == Update::GaussSeidel {
            // Back to sum 1; the scaling's own L1 move added to the change.
            let total: f64 = next.iter().sum();
            if total > 0.0 {
                next.iter_mut().for_each(|s| *s /= total);
            }
            error += (1.0 - total).abs();
        }
        x = next;
        iterations += 1;
        if error < threshold {
            break;
        }
    }
    result(q, n, x, iterations, error)
}

/// Check `out`'s invariants on `g` (see the module doc).
pub fn verify(g: &Graph, q: &PageRankQuery, out: &PageRankResult) -> Result<(), Violation> {
    let bad = |m: String| Err(Violation::new(format!("pagerank: {m}")));
    let n = g.nodes();
    if out.scores.len() != n {
        return bad(format!("{} scores for {n} vertices", out.scores.len()));
    }
    if let Some(v) = out.scores.iter().position(|s| !s.is_finite() || *s < 0.0) {
        return bad(format!("vertex {v} has score {}", out.scores[v]));
    }
    if out.iterations > q.max_iterations || (!out.converged && out.iterations < q.max_iterations) {
        return bad(format!(
            "{} rounds ({}converged) with a cap of {}",
            out.iterations,
            if out.converged { "" } else { "not " },
            q.max_iterations
        ));
    }
    if n == 0 {
        return Ok(());
    }
    let total: f64 = out.scores.iter().sum();
    if (total - 1.0).abs() > 1e-6 {
        return bad(format!("scores sum to {total}, not 1"));
    }
    if !out.converged {
        return Ok(());
    }
    let change = push_round_change(g, q, &out.scores);
    // Jacobi: a round moves an iterate by at most `d` times the previous
    // round's change, which was below the threshold. Gauss–Seidel: a Jacobi
    // round from its last iterate differs from that iterate only by the
    // contributions pulled before they were updated and the dangling rank's
    // lag (each at most `d` times the last change), plus the round's
    // scaling (counted in the change): 3 thresholds. The slack covers
    // rounding.
    let rounds = match q.update {
        Update::Jacobi => 1.0,
        Update::GaussSeidel => 3.0,
    };
    let bound = rounds * out.threshold * (1.0 + 1e-6) + 1e-12 * n as f64;
    if change > bound {
        return bad(format!(
            "reported converged, but one more round changes the scores by {change:e} (L1), above the threshold {:e}",
            out.threshold
        ));
    }
    Ok(())
}

/// The L1 change of one round from `x`, pushed along the forward CSR.
fn push_round_change(g: &Graph, q: &PageRankQuery, x: &[f64]) -> f64 {
    let n = x.len();
    let p = teleport(q).unwrap_or_else(|| vec![1.0 / n as f64; n]);
    let fwd = g.forward();
    let mut next = vec![0.0; n];
    let mut dangling = 0.0;
    for (u, &xu) in x.iter().enumerate() {
        let out = fwd.neighbors(u as u32);
        if out.is_empty() {
            dangling += xu;
        }
        for &v in out {
            next[v as usize] += q.damping * xu / out.len() as f64;
        }
    }
    next.iter()
        .zip(x)
        .zip(&p)
        .map(|((&pushed, &old), &pv)| {
            (pushed + q.damping * dangling * pv + (1.0 - q.damping) * pv - old).abs()
        })
        .sum()
}

/// Every parameter in range (see [`PageRankQuery`]).
fn validate(g: &Graph, q: &PageRankQuery) -> Result<(), QueryError> {
    let bad = |what, why: String, fix| Err(QueryError::Parameter { what, why, fix });
    if !(0.0..=1.0).contains(&q.damping) {
        return bad(
            "damping",
            format!("is {}", q.damping),
            "pass --damping between 0 and 1 (0.85 is usual)",
        );
    }
    if !(q.tolerance.is_finite() && q.tolerance > 0.0) {
        return bad(
            "tolerance",
            format!("is {}", q.tolerance),
            "pass a positive --tol (1e-6 for NetworkX's rule, 1e-4 for GAPBS's)",
        );
    }
    if q.max_iterations == 0 {
        return bad("max iterations", "is 0".into(), "pass --max-iter 1 or more");
    }
    let Some(p) = &q.personalization else {
        return Ok(());
    };
    if p.len() != g.nodes() {
        let why = format!("has {} weights for {} vertices", p.len(), g.nodes());
        return bad("personalization", why, "give one weight per vertex");
    }
    if let Some(v) = p.iter().position(|w| !(w.is_finite() && *w >= 0.0)) {
        let why = format!("weight of vertex {v} is {}", p[v]);
        return bad("personalization", why, "give finite, non-negative weights");
    }
    if p.iter().sum::<f64>() <= 0.0 {
        return bad(
            "personalization",
            "sums to 0".into(),
            "give at least one vertex a positive weight",
        );
    }
    Ok(())
}

/// PageRank in the registry.
pub struct PageRank;

impl Analysis for PageRank {
    const NAME: &'static str = "pagerank";
    const SCIPY_PEER: bool = true;
    type Query = PageRankQuery;
    type Output = PageRankResult;

    fn validate(g: &Graph, q: &PageRankQuery) -> Result<(), QueryError> {
        validate(g, q)
    }

    /// Per vertex: the scores, the next round's, the contributions and the
    /// inverse out-degrees as scratch; the scores as output.
    fn footprint(g: &Graph, q: &PageRankQuery) -> Result<Requirements, SizeOverflow> {
        let n = g.nodes() as u64;
        let teleport = u64::from(q.personalization.is_some());
        Ok(Requirements {
            graph_bytes: footprint::resident_graph_bytes(g)?,
            frontier_bytes: 0,
            scratch_bytes: footprint::product("scratch bytes", &[n, 8, 4 + teleport])?,
            output_bytes: footprint::listed(n, 8)?,
        })
    }

    fn output_bytes(_: &Graph, out: &PageRankResult) -> Result<u64, SizeOverflow> {
        footprint::listed(out.scores.len() as u64, 8)
    }

    fn default_query(_sources: Vec<u32>) -> Option<PageRankQuery> {
        Some(PageRankQuery::default())
    }

    fn failure(out: &PageRankResult) -> Option<String> {
        (out.stop == StopRule::Networkx && !out.converged).then(|| {
            format!(
                "pagerank did not converge in {} iterations: the last one changed the scores by {:e} (L1), not below n × tol = {:e} (NetworkX raises PowerIterationFailedConvergence here). Fix: raise --max-iter, loosen --tol, or pass --stop gapbs (which stops at its cap without failing)",
                out.iterations, out.error, out.threshold
            )
        })
    }

    fn render(out: &PageRankResult) -> Option<&dyn Render> {
        Some(out)
    }

    fn run(kernels: Kernels, g: &Graph, q: &PageRankQuery, ctx: &Ctx<'_>) -> PageRankResult {
        match kernels {
            Kernels::Fast => parallel(g, q, ctx),
            Kernels::Reference => reference(g, q, ctx),
        }
    }

    fn verify(g: &Graph, q: &PageRankQuery, out: &PageRankResult) -> Result<(), Violation> {
        verify(g, q, out)
    }
}

impl Render for PageRankResult {
    fn results_json(&self) -> serde_json::Value {
        scores::json(serde_json::json!(self), &self.scores)
    }

    fn human(&self, name: VertexName<'_>) -> String {
        let mut s = format!(
            "  {} iterations ({} rule, {}converged): last change {:.3e} (L1), threshold {:.3e}\n",
            self.iterations,
            self.stop.name(),
            if self.converged { "" } else { "not " },
            self.error,
            self.threshold
        );
        scores::human(&mut s, &self.scores, name);
        if self.scores.len() > scores::SHOWN {
            s.push_str(&format!(
                "  … {} more (use --out FILE for all)\n",
                self.scores.len() - scores::SHOWN
            ));
        }
        s
    }

    fn write_per_vertex(
        &self,
        w: &mut dyn Write,
        name: VertexName<'_>,
        sep: &str,
    ) -> io::Result<()> {
        let header = format!(
            "# dwell pagerank: vertex score ({} iterations, {} rule)",
            self.iterations,
            self.stop.name()
        );
        scores::write(w, &header, &self.scores, name, sep)
    }

    fn peer_check(&self) -> Option<PeerCheck> {
        Some(PeerCheck::Scores {
            values: self.scores.clone(),
            tolerance: 1e-9,
        })
    }
}
