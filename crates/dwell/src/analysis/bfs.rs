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
    q.sources
        .iter()
        .map(|&source| {
            ctx.pass();
            let mut level = ctx.buffer(n, NO_VERTEX);
            let mut queue = VecDeque::new();
            level[source as usize] = 0;
            queue.push_back(source);
            let (mut reached, mut max_level, mut level_sum) = (1u64, 0u32, 0u64);
            while let Some(v) = queue.pop_front() {
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
    let search = Search {
        out: g.forward(),
        inc: g.reverse(),
        mask: None,
        blocked: None,
    };
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

/// BFS in the registry.
pub struct Bfs;

impl Analysis for Bfs {
    const NAME: &'static str = "bfs";
    type Query = BfsQuery;
    type Output = Vec<BfsResult>;

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
        verify::against_reference::<Bfs>(g, q, out)
    }
}
