//! Taint: from each source, which sinks are reached without passing through a
//! sanitizer, with a witness path per reached sink.
//!
//! # Semantics
//!
//! Every source is searched independently (duplicates allowed, results in
//! source order), forward along arcs `i` with `arc_passes(i, mask)`.
//! Taint never *enters* a sanitizer: a sanitizer vertex is tainted only when
//! it is the source itself, and a source that is a sanitizer still taints its
//! successors. So the tainted set is the source plus every vertex reachable
//! by a mask-passing path whose vertices after the source are all
//! non-sanitizers. `tainted` counts that set (source included). `findings`
//! lists the query's sinks in the set, in query order (a sink listed twice is
//! reported twice; a source that is a sink is found with path `[source]`).
//! With `witnesses`, each finding carries a *shortest* path source → … → sink
//! (from BFS parents); which of several shortest paths is backend-specific,
//! its length is not.
//!
//! # Kernels
//!
//! - [`parallel()`] (`cpu`): without witnesses, the bit-parallel,
//!   direction-optimizing multi-source sweep of `analysis/frontier/sweep.rs` with the
//!   sanitizers as blocked vertices (64 sources per lane word; Then et al.,
//!   VLDB 2014; Beamer et al., SC 2012). With witnesses, one queue BFS with a
//!   parent array per source, sources in parallel, each rayon task reusing
//!   its parent array (reset through the visited list, O(tainted) per source).
//! - [`reference()`] (`cpu-reference`, the oracle): one plain FIFO-queue BFS per
//!   source with fresh parent arrays.
//!
//! # Verifier
//!
//! [`verify()`] checks every witness by its invariants: it starts at the
//! source, ends at its sink, each step is an arc passing the mask, no vertex
//! after the source is a sanitizer, and it is a shortest such path. The
//! tainted set itself is not in the answer, so `tainted`, the findings' sinks
//! (the query's sinks in the set, in query order) and the shortest length
//! are checked against the set and distances recomputed by the verifiers'
//! plain BFS (`analysis/verify.rs`). Witnesses must be present exactly when
//! asked for.

use super::footprint::{self, Requirements, SizeOverflow};
use super::frontier::{self, Search};
use super::{check_ids, check_sources, verify, Analysis, Ctx, Kernels, QueryError, Violation};
use crate::graph::{Graph, NO_VERTEX};
use rayon::prelude::*;
use std::collections::VecDeque;

/// Taint from each source independently.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaintQuery {
    pub sources: Vec<u32>,
    pub sinks: Vec<u32>,
    /// Vertices that stop propagation: taint never enters them.
    pub sanitizers: Vec<u32>,
    /// Follow only arcs whose label intersects this mask.
    pub mask: u32,
    /// Build a witness path per reached sink.
    pub witnesses: bool,
}

impl Default for TaintQuery {
    fn default() -> Self {
        TaintQuery {
            sources: Vec::new(),
            sinks: Vec::new(),
            sanitizers: Vec::new(),
            mask: super::ALL_LABELS,
            witnesses: true,
        }
    }
}

/// A sink reached by taint.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Finding {
    pub sink: u32,
    /// Shortest path source → … → sink (vertex ids), when witnesses were asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<Vec<u32>>,
}

/// One source's taint result.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct TaintResult {
    pub source: u32,
    /// Vertices tainted, the source included.
    pub tainted: u64,
    /// Reached sinks in the query's sink order.
    pub findings: Vec<Finding>,
}

/// The oracle: one plain queue BFS with parents per source.
pub fn reference(g: &Graph, q: &TaintQuery, ctx: &Ctx<'_>) -> Vec<TaintResult> {
    let csr = g.forward();
    let n = g.nodes();
    let mut sanitizer = ctx.buffer(n, false);
    for &v in &q.sanitizers {
        sanitizer[v as usize] = true;
    }
    let stop = ctx.stop();
    q.sources
        .iter()
        .map(|&source| {
            if stop.requested() {
                // Cancelled: the rest stay empty (the run is dropped).
                return TaintResult {
                    source,
                    tainted: 0,
                    findings: Vec::new(),
                };
            }
            ctx.pass();
            let mut parent = ctx.buffer(n, NO_VERTEX);
            let mut queue = VecDeque::new();
            parent[source as usize] = source;
            queue.push_back(source);
            let mut tainted = 1u64;
            let (mut popped, mut end) = (0usize, 0usize);
            while !stop.at_level(popped, popped + queue.len(), &mut end) {
                let Some(v) = queue.pop_front() else { break };
                popped += 1;
                for i in csr.range(v) {
                    let w = csr.targets()[i];
                    if csr.arc_passes(i, q.mask)
                        && !sanitizer[w as usize]
                        && parent[w as usize] == NO_VERTEX
                    {
                        parent[w as usize] = v;
                        tainted += 1;
                        queue.push_back(w);
                    }
                }
            }
            let findings = q
                .sinks
                .iter()
                .filter(|&&t| parent[t as usize] != NO_VERTEX)
                .map(|&sink| {
                    let path = q.witnesses.then(|| {
                        let mut path = vec![sink];
                        let mut x = sink;
                        while x != source {
                            x = parent[x as usize];
                            path.push(x);
                        }
                        path.reverse();
                        path
                    });
                    Finding { sink, path }
                })
                .collect();
            TaintResult {
                source,
                tainted,
                findings,
            }
        })
        .collect()
}

/// The `cpu` backend's taint: bit-parallel sweeps, or parallel parent BFS
/// when witness paths are asked for.
pub fn parallel(g: &Graph, q: &TaintQuery, ctx: &Ctx<'_>) -> Vec<TaintResult> {
    let n = g.nodes();
    let blocked = frontier::bitset_of(n, &q.sanitizers, ctx);
    if !q.witnesses {
        let search = Search {
            out: g.forward(),
            inc: g.reverse(),
            mask: Some(q.mask),
            blocked: Some(&blocked),
            stop: ctx.stop(),
        };
        return frontier::batched(
            &search,
            &q.sources,
            false,
            ctx,
            |lane_ix, source, lane, s| TaintResult {
                source,
                tainted: lane.reached,
                findings: q
                    .sinks
                    .iter()
                    .filter(|&&t| s.reached(lane_ix, t))
                    .map(|&sink| Finding { sink, path: None })
                    .collect(),
            },
        );
    }
    let csr = g.forward();
    q.sources
        .par_iter()
        .map_init(
            || ctx.parent_scratch(n),
            |s, &source| {
                ctx.pass();
                s.reset();
                s.parent[source as usize] = source;
                s.queue.push(source);
                let (mut head, mut end) = (0, 0);
                while !ctx.stop().at_level(head, s.queue.len(), &mut end) {
                    let Some(&v) = s.queue.get(head) else { break };
                    head += 1;
                    for i in csr.range(v) {
                        let w = csr.targets()[i];
                        if csr.arc_passes(i, q.mask)
                            && s.parent[w as usize] == NO_VERTEX
                            && !frontier::test(&blocked, w)
                        {
                            s.parent[w as usize] = v;
                            s.queue.push(w);
                        }
                    }
                }
                let findings = q
                    .sinks
                    .iter()
                    .filter(|&&t| s.parent[t as usize] != NO_VERTEX)
                    .map(|&sink| Finding {
                        sink,
                        path: Some(s.path_to(sink)),
                    })
                    .collect();
                TaintResult {
                    source,
                    tainted: s.queue.len() as u64,
                    findings,
                }
            },
        )
        .collect()
}

/// The verifier: see the module header. `out` answers `q` on `g`, from any
/// backend.
pub fn verify(g: &Graph, q: &TaintQuery, out: &[TaintResult]) -> Result<(), Violation> {
    verify::same_sources("taint", &q.sources, out.iter().map(|r| r.source))?;
    let csr = g.forward();
    let mut sanitizer = vec![0u64; frontier::words(g.nodes())];
    for &v in &q.sanitizers {
        frontier::set(&mut sanitizer, v);
    }
    let clean = |w: u32| !frontier::test(&sanitizer, w);
    verify::each(
        "taint",
        out,
        |r| r.source,
        |r| {
            let dist = verify::distances(csr, r.source, |i| csr.arc_passes(i, q.mask), clean);
            let tainted = dist.iter().filter(|&&d| d != NO_VERTEX).count() as u64;
            if r.tainted != tainted {
                return Err(format!(
                    "tainted is {} but {tainted} vertices are tainted",
                    r.tainted
                ));
            }
            let want: Vec<u32> = q
                .sinks
                .iter()
                .copied()
                .filter(|&t| dist[t as usize] != NO_VERTEX)
                .collect();
            let got: Vec<u32> = r.findings.iter().map(|f| f.sink).collect();
            if got != want {
                return Err(format!(
                    "findings name sinks {got:?}, the tainted sinks are {want:?}"
                ));
            }
            for f in &r.findings {
                match (&f.path, q.witnesses) {
                    (None, false) => {}
                    (Some(_), false) => {
                        return Err(format!("sink {}: a witness that was not asked for", f.sink))
                    }
                    (None, true) => return Err(format!("sink {}: the witness is missing", f.sink)),
                    (Some(path), true) => check_witness(
                        csr,
                        q.mask,
                        clean,
                        r.source,
                        f.sink,
                        path,
                        dist[f.sink as usize],
                    )
                    .map_err(|m| format!("witness {path:?} to sink {}: {m}", f.sink))?,
                }
            }
            Ok(())
        },
    )
}

/// `path` runs from `source` to `sink` along arcs of `csr` passing `mask`,
/// enters only `clean` vertices after the source, and has `shortest` arcs.
fn check_witness(
    csr: &crate::graph::Csr,
    mask: u32,
    clean: impl Fn(u32) -> bool,
    source: u32,
    sink: u32,
    path: &[u32],
    shortest: u32,
) -> Result<(), String> {
    if path.first() != Some(&source) || path.last() != Some(&sink) {
        return Err("it does not run from the source to the sink".into());
    }
    if let Some(&v) = path[1..].iter().find(|&&v| !clean(v)) {
        return Err(format!("it enters sanitizer {v}"));
    }
    for step in path.windows(2) {
        let (u, v) = (step[0], step[1]);
        if !csr
            .range(u)
            .any(|i| csr.targets()[i] == v && csr.arc_passes(i, mask))
        {
            return Err(format!("no arc {u} -> {v} passes mask {mask:#x}"));
        }
    }
    if path.len() - 1 != shortest as usize {
        return Err(format!(
            "it has {} arcs, a shortest path {shortest}",
            path.len() - 1
        ));
    }
    Ok(())
}

/// Taint in the registry.
pub struct Taint;

impl Analysis for Taint {
    const NAME: &'static str = "taint";
    type Query = TaintQuery;
    type Output = Vec<TaintResult>;

    fn default_query(sources: Vec<u32>) -> Option<TaintQuery> {
        Some(TaintQuery {
            sources,
            ..Default::default()
        })
    }

    /// One question per source.
    fn queries(q: &TaintQuery) -> u64 {
        q.sources.len() as u64
    }

    fn validate(g: &Graph, q: &TaintQuery) -> Result<(), QueryError> {
        check_sources(g, &q.sources)?;
        check_ids(g, "sink", &q.sinks)?;
        check_ids(g, "sanitizer", &q.sanitizers)
    }

    /// A witness path is at most n vertices; the per-sink figure covers its
    /// length field.
    fn footprint(g: &Graph, q: &TaintQuery) -> Result<Requirements, SizeOverflow> {
        footprint::batch(g, q.sources.len(), 0, q.sinks.len())
    }

    fn output_bytes(_: &Graph, rs: &Vec<TaintResult>) -> Result<u64, SizeOverflow> {
        rs.iter().try_fold(0u64, |acc, r| {
            footprint::sum(
                "output bytes",
                &[
                    acc,
                    footprint::SUMMARY_BYTES,
                    footprint::items(r.findings.len(), 4)?,
                ],
            )
        })
    }

    fn run(kernels: Kernels, g: &Graph, q: &TaintQuery, ctx: &Ctx<'_>) -> Vec<TaintResult> {
        match kernels {
            Kernels::Fast => parallel(g, q, ctx),
            Kernels::Reference => reference(g, q, ctx),
        }
    }

    fn verify(g: &Graph, q: &TaintQuery, out: &Vec<TaintResult>) -> Result<(), Violation> {
        verify(g, q, out)
    }
}
