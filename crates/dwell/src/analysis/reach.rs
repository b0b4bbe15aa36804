//! Reachability forward or backward under an edge-label mask.
//!
//! # Semantics
//!
//! Every source is searched independently (duplicates allowed, results in
//! source order). `Forward` follows the forward CSR (successors), `Backward`
//! the reverse CSR (predecessors); in either case only arcs `i` with
//! `csr.arc_passes(i, mask)` are followed (unlabelled graphs pass every mask).
//! `reached` counts the reached vertices, the source included;
//! `sinks_reached` lists the query's sinks that were reached, in query order
//! (a sink listed twice is reported twice; a source that is a sink reaches
//! it); with `keep_sets`, `set` is the reached set as a bitset (bit `v % 64`
//! of word `v / 64`).
//!
//! # Kernels
//!
//! - [`parallel()`] (`cpu`): the bit-parallel, direction-optimizing multi-source
//!   sweep of `analysis/frontier/sweep.rs` (64 sources per `u64` lane word, sweeps in
//!   parallel, each level in parallel), with the label mask applied per arc
//!   in both the top-down and bottom-up directions (bottom-up reads the
//!   transpose of the followed CSR, whose arcs carry the same labels).
//!   Citations: Then et al., VLDB 2014; Beamer et al., SC 2012.
//! - [`reference()`] (`cpu-reference`, the oracle): one plain FIFO-queue
//!   search per source with fresh arrays.
//!
//! # Verifier
//!
//! [`verify()`] checks a kept set by its invariants: the source is in it, no
//! bit beyond the last vertex is set, it is closed under the followed arcs
//! (mask and direction), and a search from the source inside the set reaches
//! every member (so it is the least closed set: no member is unreachable).
//! `reached` must count the set and `sinks_reached` must list the query's
//! sinks in it, in query order. An answer without sets is checked against
//! sets recomputed by the verifiers' plain BFS (`analysis/verify.rs`).

use super::footprint::{self, Requirements, SizeOverflow};
use super::frontier::{self, Search};
use super::Direction;
use super::{check_ids, check_sources, verify, Analysis, Ctx, Kernels, QueryError, Violation};
use crate::graph::fold::Folded;
use crate::graph::Graph;
use std::collections::VecDeque;

/// Reachability from each source independently.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReachQuery {
    pub sources: Vec<u32>,
    pub direction: Direction,
    /// Follow only arcs whose label intersects this mask ([`super::ALL_LABELS`] for all).
    pub mask: u32,
    /// Report which of these vertices each source reaches.
    pub sinks: Vec<u32>,
    /// Keep each source's full reached set (for `--out`).
    pub keep_sets: bool,
}

impl Default for ReachQuery {
    fn default() -> Self {
        ReachQuery {
            sources: Vec::new(),
            direction: Direction::Forward,
            mask: super::ALL_LABELS,
            sinks: Vec::new(),
            keep_sets: false,
        }
    }
}

/// One source's reachability result.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ReachResult {
    pub source: u32,
    /// Vertices reached, the source included.
    pub reached: u64,
    /// The query's sinks that were reached, in the query's sink order.
    pub sinks_reached: Vec<u32>,
    /// Reached flags as a bitset over vertices (bit v of word v/64); only with `keep_sets`.
    #[serde(skip)]
    pub set: Option<Vec<u64>>,
}

/// The oracle: one plain queue search per source.
pub fn reference(g: &Graph, q: &ReachQuery, ctx: &Ctx<'_>) -> Vec<ReachResult> {
    let csr = q.direction.csr(g);
    let n = g.nodes();
    let stop = ctx.stop();
    q.sources
        .iter()
        .map(|&source| {
            if stop.requested() {
                // Cancelled: the rest stay empty (the run is dropped).
                return ReachResult {
                    source,
                    reached: 0,
                    sinks_reached: Vec::new(),
                    set: None,
                };
            }
            ctx.pass();
            let mut seen = ctx.buffer(n, false);
            let mut queue = VecDeque::new();
            seen[source as usize] = true;
            queue.push_back(source);
            let mut reached = 1u64;
            let (mut popped, mut end) = (0usize, 0usize);
            while !stop.at_level(popped, popped + queue.len(), &mut end) {
                let Some(v) = queue.pop_front() else { break };
                popped += 1;
                for i in csr.range(v) {
                    let w = csr.targets()[i];
                    if csr.arc_passes(i, q.mask) && !seen[w as usize] {
                        seen[w as usize] = true;
                        reached += 1;
                        queue.push_back(w);
                    }
                }
            }
            let sinks_reached = q
                .sinks
                .iter()
                .copied()
                .filter(|&t| seen[t as usize])
                .collect();
            let set = q.keep_sets.then(|| {
                let mut s = vec![0u64; n.div_ceil(64)];
                for (v, _) in seen.iter().enumerate().filter(|(_, &r)| r) {
                    s[v / 64] |= 1 << (v % 64);
                }
                s
            });
            ReachResult {
                source,
                reached,
                sinks_reached,
                set,
            }
        })
        .collect()
}

/// The `cpu` backend's reachability: bit-parallel, direction-optimizing sweeps.
pub fn parallel(g: &Graph, q: &ReachQuery, ctx: &Ctx<'_>) -> Vec<ReachResult> {
    let search = Search {
        out: q.direction.csr(g),
        inc: q.direction.flip().csr(g),
        mask: Some(q.mask),
        blocked: None,
        stop: ctx.stop(),
    };
    // Counts only, along every arc: the session's fold gives them.
    if let Some(fold) = ctx.fold().filter(|_| Folded::serves_reach(q, g)) {
        return frontier::summaries(&search, Some(fold), &q.sources, false, ctx)
            .into_iter()
            .zip(&q.sources)
            .map(|(lane, &source)| ReachResult {
                source,
                reached: lane.reached,
                sinks_reached: Vec::new(),
                set: None,
            })
            .collect();
    }
    frontier::batched(
        &search,
        &q.sources,
        false,
        ctx,
        |lane_ix, source, lane, s| ReachResult {
            source,
            reached: lane.reached,
            sinks_reached: q
                .sinks
                .iter()
                .copied()
                .filter(|&t| s.reached(lane_ix, t))
                .collect(),
            set: q.keep_sets.then(|| s.lane_set(lane_ix, g.nodes())),
        },
    )
}

/// The verifier: see the module header. `out` answers `q` on `g`, from any
/// backend.
pub fn verify(g: &Graph, q: &ReachQuery, out: &[ReachResult]) -> Result<(), Violation> {
    verify::same_sources("reach", &q.sources, out.iter().map(|r| r.source))?;
    let csr = q.direction.csr(g);
    let follow = |i: usize| csr.arc_passes(i, q.mask);
    verify::each(
        "reach",
        out,
        |r| r.source,
        |r| {
            let computed;
            let set = match &r.set {
                Some(set) => {
                    check_set(csr, q.mask, r.source, set)?;
                    set
                }
                None if q.keep_sets => return Err("sets were asked for but are missing".into()),
                None => {
                    let dist = verify::distances(csr, r.source, follow, |_| true);
                    computed = frontier::bitset_of_where(&dist, |d| d != crate::graph::NO_VERTEX);
                    &computed
                }
            };
            let count: u64 = set.iter().map(|w| u64::from(w.count_ones())).sum();
            if r.reached != count {
                return Err(format!(
                    "reached is {} but the set has {count} vertices",
                    r.reached
                ));
            }
            let want: Vec<u32> = q
                .sinks
                .iter()
                .copied()
                .filter(|&t| frontier::test(set, t))
                .collect();
            if r.sinks_reached != want {
                return Err(format!(
                    "sinks_reached is {:?} but the set holds sinks {want:?}",
                    r.sinks_reached
                ));
            }
            Ok(())
        },
    )
}

/// `set` is exactly the vertices reachable from `source` along `csr`'s arcs
/// passing `mask`.
fn check_set(csr: &crate::graph::Csr, mask: u32, source: u32, set: &[u64]) -> Result<(), String> {
    let n = csr.nodes();
    if set.len() != frontier::words(n) {
        return Err(format!("the set has {} words for {n} vertices", set.len()));
    }
    if !n.is_multiple_of(64) && set.last().is_some_and(|&w| w >> (n % 64) != 0) {
        return Err(format!("the set has bits beyond vertex {}", n - 1));
    }
    if !frontier::test(set, source) {
        return Err("the source is not in its own set".into());
    }
    let members = || (0..n as u32).filter(|&v| frontier::test(set, v));
    for u in members() {
        for i in csr.range(u) {
            let w = csr.targets()[i];
            if csr.arc_passes(i, mask) && !frontier::test(set, w) {
                return Err(format!(
                    "member {u} has a followed arc to {w}, outside the set"
                ));
            }
        }
    }
    let dist = verify::distances(
        csr,
        source,
        |i| csr.arc_passes(i, mask),
        |w| frontier::test(set, w),
    );
    match members().find(|&v| dist[v as usize] == crate::graph::NO_VERTEX) {
        Some(v) => Err(format!("member {v} is not reachable from the source")),
        None => Ok(()),
    }
}

/// Reachability in the registry.
pub struct Reach;

impl Analysis for Reach {
    const NAME: &'static str = "reach";
    const SCIPY_PEER: bool = true;
    type Query = ReachQuery;
    type Output = Vec<ReachResult>;

    fn default_query(sources: Vec<u32>) -> Option<ReachQuery> {
        Some(ReachQuery {
            sources,
            ..Default::default()
        })
    }

    /// One question per source.
    fn queries(q: &ReachQuery) -> u64 {
        q.sources.len() as u64
    }

    fn validate(g: &Graph, q: &ReachQuery) -> Result<(), QueryError> {
        check_sources(g, &q.sources)?;
        check_ids(g, "sink", &q.sinks)
    }

    fn footprint(g: &Graph, q: &ReachQuery) -> Result<Requirements, SizeOverflow> {
        let set = if q.keep_sets { set_bytes(g) } else { 0 };
        footprint::batch(g, q.sources.len(), set, q.sinks.len())
    }

    fn output_bytes(g: &Graph, rs: &Vec<ReachResult>) -> Result<u64, SizeOverflow> {
        rs.iter().try_fold(0u64, |acc, r| {
            let set = if r.set.is_some() { set_bytes(g) } else { 0 };
            footprint::sum(
                "output bytes",
                &[
                    acc,
                    footprint::SUMMARY_BYTES,
                    set,
                    footprint::items(r.sinks_reached.len(), 4)?,
                ],
            )
        })
    }

    fn run(kernels: Kernels, g: &Graph, q: &ReachQuery, ctx: &Ctx<'_>) -> Vec<ReachResult> {
        match kernels {
            Kernels::Fast => parallel(g, q, ctx),
            Kernels::Reference => reference(g, q, ctx),
        }
    }

    fn verify(g: &Graph, q: &ReachQuery, out: &Vec<ReachResult>) -> Result<(), Violation> {
        verify(g, q, out)
    }
}

/// One reached bit per vertex, in u64 words.
fn set_bytes(g: &Graph) -> u64 {
    (g.nodes() as u64).div_ceil(64) * 8
}
