//! What one run of a query needs resident, in bytes — the figures a session
//! plan is made of and every run is checked against.
//!
//! Each analysis states its own footprint ([`Analysis::footprint`]); this
//! module holds the checked arithmetic they share and the layout they
//! describe, which is the one the batch kernels keep (64 queries per u64
//! word per vertex):
//! - graph: the CSR made resident — forward offsets, targets, labels and
//!   weights, plus the reverse CSR for directed graphs (bottom-up levels,
//!   backward reachability and components walk incoming arcs);
//! - frontier (refreshed every run): one frontier word-row per vertex per 64
//!   queries plus the batch's source ids; for dataflow, the gen and kill rows;
//! - scratch (reused): visited and next-frontier word-rows; for components
//!   one u32 per vertex; for dataflow the worklist, the cached position
//!   layout and the rows in position order;
//! - output (per run): the compact results read back — [`SUMMARY_BYTES`] per
//!   query, plus a u32 level per vertex per query with `keep_levels` or a
//!   reached bit per vertex per query with `keep_sets`, 4 bytes per reached
//!   sink; a u32 label per vertex for components; the IN and OUT rows for
//!   dataflow.
//!
//! [`Analysis::footprint`]: super::Analysis::footprint

use crate::graph::Graph;

/// Bytes of one compact per-query summary (u64 reached, u32 max level padded
/// to 8, u64 level sum).
pub const SUMMARY_BYTES: u64 = 24;

/// Resident bytes one run of a query needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
pub struct Requirements {
    pub graph_bytes: u64,
    pub frontier_bytes: u64,
    pub scratch_bytes: u64,
    pub output_bytes: u64,
}

/// Byte arithmetic that overflowed while sizing a query.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{what} overflows u64 for this graph and query. Fix: use a smaller batch (fewer --sources) or split the graph into parts"
)]
pub struct SizeOverflow {
    pub what: &'static str,
}

/// Checked product of `factors`.
pub fn product(what: &'static str, factors: &[u64]) -> Result<u64, SizeOverflow> {
    factors
        .iter()
        .try_fold(1u64, |acc, &f| acc.checked_mul(f))
        .ok_or(SizeOverflow { what })
}

/// Checked sum of `terms`.
pub fn sum(what: &'static str, terms: &[u64]) -> Result<u64, SizeOverflow> {
    terms
        .iter()
        .try_fold(0u64, |acc, &t| acc.checked_add(t))
        .ok_or(SizeOverflow { what })
}

/// Resident topology bytes: forward CSR, plus its transpose for directed graphs.
pub fn resident_graph_bytes(g: &Graph) -> Result<u64, SizeOverflow> {
    let copies = if g.is_directed() { 2 } else { 1 };
    product("resident graph bytes", &[g.forward_bytes(), copies])
}

/// The footprint of a batch of `sources` (BFS, reach, taint): one frontier
/// word-row per vertex per 64 queries, two more as scratch, and per query a
/// summary, `per_query_out` further bytes and 4 bytes per sink.
pub fn batch(
    g: &Graph,
    sources: usize,
    per_query_out: u64,
    sinks: usize,
) -> Result<Requirements, SizeOverflow> {
    let n = g.nodes() as u64;
    let b = sources as u64;
    let row = product("frontier bytes", &[n, b.div_ceil(64), 8])?;
    let per_query = sum(
        "output bytes",
        &[
            SUMMARY_BYTES,
            per_query_out,
            product("sink bytes", &[sinks as u64, 4])?,
        ],
    )?;
    Ok(Requirements {
        graph_bytes: resident_graph_bytes(g)?,
        frontier_bytes: sum("frontier bytes", &[row, product("source bytes", &[b, 4])?])?,
        scratch_bytes: product("scratch bytes", &[row, 2])?,
        output_bytes: product("output bytes", &[b, per_query])?,
    })
}

/// Bytes of `count` items of `each` bytes.
pub fn items(count: usize, each: u64) -> Result<u64, SizeOverflow> {
    product("output bytes", &[count as u64, each])
}
