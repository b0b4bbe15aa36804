//! Breadth-first search levels from each of many sources.
//!
//! # Semantics
//!
//! Every source is searched independently along every forward arc (labels
//! are ignored, so even an arc labelled 0 is followed);
//! duplicate sources are allowed and results come back in source order. For
//! each source: `reached` counts the vertices at finite distance (the source
//! included), `max_level` is the largest distance (0 when only the source is
//! reached), `level_sum` the sum of distances, and with `keep_levels`,
//! `levels[v]` is the distance from the source or
//! [`NO_VERTEX`] when `v` is unreached.
//!
//! # Kernels
//!
//! - [`parallel()`] (`cpu`): bit-parallel multi-source BFS, up to 512 sources
//!   per sweep in 1, 2, 4 or 8 `u64` lane words per vertex (chosen from the
//!   batch size under a memory cap), each level expanded top-down
//!   (frontier queue, atomic OR) or bottom-up (in-arc gather) by Beamer's
//!   direction-optimizing rule; sweeps run in parallel, each level runs in
//!   parallel too. A single source is exactly direction-optimizing BFS. On
//!   high-diameter graphs (a probe search needs many levels) a batch runs as
//!   independent single-source searches in parallel instead. See
//!   `analysis/frontier/` for the encoding, invariants and choice. Citations: Then et al., VLDB 2014 (MS-BFS); Beamer et al.,
//!   SC 2012 (direction optimization, GAP `bfs.cc`).
//! - [`reference()`] (`cpu-reference`, the oracle): one plain FIFO-queue BFS
//!   per source with fresh arrays.
//!
//! # Verifier
//!
//! [`verify()`] checks levels by their own invariants (GAP `bfs.cc`): the
//! source is at level 0 and no other vertex is; a vertex at level `L > 0`
//! has an in-neighbour at `L − 1` and none below it; an unreached vertex has
//! no reached in-neighbour; and the summary (reached, max_level, level_sum)
//! is that of the levels. An answer without levels is checked against levels
//! recomputed by the verifiers' plain BFS (`analysis/verify.rs`).

use super::footprint::{self, product, Requirements, SizeOverflow};
use super::frontier::{self, Search};
use super::{check_sources, verify, Analysis, Ctx, Kernels, QueryError, Violation};
use crate::graph::{Graph, NO_VERTEX};
use std::collections::VecDeque;

/// BFS from each source independently; results in source order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BfsQuery {
    pub sources: Vec<u32>,
    /// Keep the per-vertex level array of every source (for `--out`).
    pub keep_levels: bool,
}

/// One source's BFS summary.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct BfsResult {
    pub source: u32,
    /// Vertices reached, the source included.
    pub reached: u64,
    /// Largest level reached (0 when only the source).
    pub max_level: u32,
    /// Sum of levels over reached vertices.
    pub level_sum: u64,
    /// `levels[v]`, or [`NO_VERTEX`] if unreached; only with `keep_levels`.
    #[serde(skip)]
    pub levels: Option<Vec<u32>>,
}

/// The oracle: one plain queue BFS per source.
pub fn reference(g: &Graph, q: &BfsQuery, ctx: &Ctx<'_>) -> Vec<BfsResult> {
    let csr = g.forward();
    let n = g.nodes();
    let stop = ctx.stop();
    q.sources
        .iter()
        .map(|&source| {
            if stop.requested() {
                // Cancelled: the rest stay empty (the run is dropped).
                return BfsResult {
                    source,
                    reached: 0,
                    max_level: 0,
                    level_sum: 0,
                    levels: None,
                };
            }
            ctx.pass();
            let mut level = ctx.buffer(n, NO_VERTEX);
            let mut queue = VecDeque::new();
            level[source as usize] = 0;
            queue.push_back(source);
            let (mut reached, mut max_level, mut level_sum) = (1u64, 0u32, 0u64);
            let (mut popped, mut end) = (0usize, 0usize);
            while !stop.at_level(popped, popped + queue.len(), &mut end) {
                let Some(v) = queue.pop_front() else { break };
                popped += 1;
                let next = level[v as usize] + 1;
                for &w in csr.neighbors(v) {
                    if level[w as usize] == NO_VERTEX {
                        level[w as usize] = next;
                        reached += 1;
                        max_level = max_level.max(next);
                        level_sum += u64::from(next);
                        queue.push_back(w);
                    }
                }
            }
            BfsResult {
                source,
                reached,
                max_level,
                level_sum,
                levels: q.keep_levels.then_some(level),
            }
        })
        .collect()
}

/// The `cpu` backend's BFS: bit-parallel, direction-optimizing sweeps.
pub fn parallel(g: &Graph, q: &BfsQuery, ctx: &Ctx<'_>) -> Vec<BfsResult> {
    let search = Search::plain(g, ctx.stop());
    frontier::summaries(&search, ctx.fold(), &q.sources, q.keep_levels, ctx)
        .into_iter()
        .zip(&q.sources)
        .map(|(lane, &source)| BfsResult {
            source,
            reached: lane.reached,
            max_level: lane.max_level,
            level_sum: lane.level_sum,
            levels: lane.levels,
        })
        .collect()
}

/// Per source, the number of vertices at each distance (index 0: the source
/// itself), by the `cpu` kernel's sweeps with no level arrays, so memory per
/// source is its depth, not `n`, and a sweep whose lanes reach few vertices
/// costs their reach (harmonic centrality in the Python bindings).
pub fn level_counts(g: &Graph, sources: &[u32], ctx: &Ctx<'_>) -> Vec<Vec<u64>> {
    let search = Search::plain(g, ctx.stop());
    frontier::level_counts(&search, sources, ctx)
}

/// The verifier: see the module header. `out` answers `q` on `g`, from any
/// backend.
pub fn verify(g: &Graph, q: &BfsQuery, out: &[BfsResult]) -> Result<(), Violation> {
    verify::same_sources("bfs", &q.sources, out.iter().map(|r| r.source))?;
    verify::each(
        "bfs",
        out,
        |r| r.source,
        |r| {
            let computed;
            let levels = match &r.levels {
                Some(levels) => {
                    check_levels(g, r.source, levels)?;
                    levels
                }
                None if q.keep_levels => return Err("levels were asked for but are missing".into()),
                None => {
                    computed = verify::distances(g.forward(), r.source, |_| true, |_| true);
                    &computed
                }
            };
            let (mut reached, mut max_level, mut level_sum) = (0u64, 0u32, 0u64);
            for &l in levels.iter().filter(|&&l| l != NO_VERTEX) {
                reached += 1;
                max_level = max_level.max(l);
                level_sum += u64::from(l);
            }
            if (r.reached, r.max_level, r.level_sum) != (reached, max_level, level_sum) {
                return Err(format!(
                "summary (reached {}, max_level {}, level_sum {}) but the levels give ({reached}, {max_level}, {level_sum})",
                r.reached, r.max_level, r.level_sum
            ));
            }
            Ok(())
        },
    )
}

/// `levels` are BFS distances from `source` along `g`'s arcs.
fn check_levels(g: &Graph, source: u32, levels: &[u32]) -> Result<(), String> {
    let n = g.nodes();
    if levels.len() != n {
        return Err(format!("{} levels for {n} vertices", levels.len()));
    }
    if levels[source as usize] != 0 {
        return Err(format!(
            "the source is at level {}",
            levels[source as usize]
        ));
    }
    let rev = g.reverse();
    for v in 0..n as u32 {
        let l = levels[v as usize];
        // The lowest in-neighbour (unreached ones are NO_VERTEX, the highest).
        let lowest = rev
            .neighbors(v)
            .iter()
            .map(|&u| (levels[u as usize], u))
            .min();
        match lowest {
            _ if v == source => {}
            Some((k, u)) if l == NO_VERTEX && k != NO_VERTEX => {
                return Err(format!(
                    "vertex {v} is unreached but its in-neighbour {u} is at level {k}"
                ));
            }
            _ if l == NO_VERTEX => {}
            _ if l == 0 => return Err(format!("vertex {v} is at level 0 but is not the source")),
            Some((k, u)) if k < l - 1 => {
                return Err(format!(
                    "vertex {v} is at level {l} but its in-neighbour {u} is at level {k}"
                ));
            }
            Some((k, _)) if k == l - 1 => {}
            _ => {
                return Err(format!(
                    "vertex {v} is at level {l} but no in-neighbour is at level {}",
                    l - 1
                ))
            }
        }
    }
    Ok(())
}

/// BFS in the registry.
pub struct Bfs;

impl Analysis for Bfs {
    const NAME: &'static str = "bfs";
    const SCIPY_PEER: bool = true;
    type Query = BfsQuery;
    type Output = Vec<BfsResult>;

    fn default_query(sources: Vec<u32>) -> Option<BfsQuery> {
        Some(BfsQuery {
            sources,
            keep_levels: false,
        })
    }

    /// One question per source.
    fn queries(q: &BfsQuery) -> u64 {
        q.sources.len() as u64
    }

    fn validate(g: &Graph, q: &BfsQuery) -> Result<(), QueryError> {
        check_sources(g, &q.sources)
    }

    fn footprint(g: &Graph, q: &BfsQuery) -> Result<Requirements, SizeOverflow> {
        let levels = if q.keep_levels {
            product("level bytes", &[g.nodes() as u64, 4])?
        } else {
            0
        };
        footprint::batch(g, q.sources.len(), levels, 0)
    }

    fn output_bytes(g: &Graph, rs: &Vec<BfsResult>) -> Result<u64, SizeOverflow> {
        rs.iter().try_fold(0u64, |acc, r| {
            let levels = match r.levels {
                Some(_) => product("level bytes", &[g.nodes() as u64, 4])?,
                None => 0,
            };
            footprint::sum("output bytes", &[acc, footprint::SUMMARY_BYTES, levels])
        })
    }

    fn run(kernels: Kernels, g: &Graph, q: &BfsQuery, ctx: &Ctx<'_>) -> Vec<BfsResult> {
        match kernels {
            Kernels::Fast => parallel(g, q, ctx),
            Kernels::Reference => reference(g, q, ctx),
        }
    }

    fn verify(g: &Graph, q: &BfsQuery, out: &Vec<BfsResult>) -> Result<(), Violation> {
        verify(g, q, out)
    }
}
