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
//!   queries of each sweep running at once (see [`batch`]) plus the batch's
//!   source ids; for dataflow, the gen and kill rows;
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

use super::frontier;
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

/// The footprint of a batch of `sources` (BFS, reach, taint) as the cpu
/// kernels run it (`frontier::batch`): sweeps of up to 512 sources, as many
/// at once as there are threads and their buffers fit in 2× the CSR or 256
/// bytes a vertex (`frontier::sweep_shape`), each with one frontier
/// word-row per vertex per 64 lanes and two more as scratch — or, on
/// high-diameter graphs, one single-source search per thread (scratch: the
/// larger of the two). So it grows with `n × min(sources, threads × 512)`,
/// not `n × sources`: every source of a sparse 300k-vertex graph plans
/// 118 MB on 2 threads, not 34 GB. Per
/// query: a summary, `per_query_out` further bytes and 4 bytes per sink.
pub fn batch(
    g: &Graph,
    sources: usize,
    per_query_out: u64,
    sinks: usize,
) -> Result<Requirements, SizeOverflow> {
    let nodes = g.nodes();
    let n = nodes as u64;
    let b = sources as u64;
    let threads = rayon::current_num_threads().max(1);
    let (words, at_once) = frontier::sweep_shape(nodes, g.forward_bytes(), sources, threads);
    let row = product(
        "frontier bytes",
        &[n, words as u64, 8, at_once.max(1) as u64],
    )?;
    let singles = product(
        "scratch bytes",
        &[
            frontier::SingleScratch::bytes(nodes),
            threads.min(sources.max(1)) as u64,
        ],
    )?;
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
        scratch_bytes: product("scratch bytes", &[row, 2])?.max(singles),
        output_bytes: product("output bytes", &[b, per_query])?,
    })
}

/// Bytes of `count` items of `each` bytes.
pub fn items(count: usize, each: u64) -> Result<u64, SizeOverflow> {
    product("output bytes", &[count as u64, each])
}

/// Output bytes of a result that is one item of `each` bytes per vertex (or
/// edge, or source), `count` of them, and its summary.
pub fn listed(count: u64, each: u64) -> Result<u64, SizeOverflow> {
    sum(
        "output bytes",
        &[product("output bytes", &[count, each])?, SUMMARY_BYTES],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::GraphBuilder;

    /// An undirected cycle of `n` vertices.
    fn cycle(n: u64) -> Graph {
        let mut b = GraphBuilder::new(false);
        for v in 0..n {
            b.push(v, (v + 1) % n).unwrap();
        }
        b.build().unwrap()
    }

    /// Every source at once (closeness, the Wiener index) needs bytes linear
    /// in n: the sweeps that run at once, not a word-row per 64 sources. It
    /// grew with n² (300k vertices: 34 GB) before.
    #[test]
    fn every_source_is_linear_in_n() {
        let (small, large) = (cycle(50_000), cycle(200_000));
        let all = |g: &Graph| {
            let r = batch(g, g.nodes(), 0, 0).unwrap();
            r.frontier_bytes + r.scratch_bytes + r.output_bytes
        };
        let (a, b) = (all(&small), all(&large));
        // 4× the vertices (and 4× the sources): 4× the bytes, not 16×.
        assert!(b <= 4 * a + (4 << 20) && b >= 3 * a, "{a} -> {b}");
        let threads = rayon::current_num_threads() as u64;
        let one_sweep = 3 * 200_000 * 8 * 8;
        assert!(
            b <= threads * one_sweep + 200_000 * (SUMMARY_BYTES + 4) + (1 << 20),
            "{b}"
        );
    }

    /// A batch that fits one sweep is counted as that sweep: a word-row per
    /// vertex per 64 sources, three rows.
    #[test]
    fn one_sweep_is_three_word_rows() {
        let g = cycle(1_000);
        let r = batch(&g, 200, 0, 3).unwrap();
        assert_eq!(r.frontier_bytes, 1_000 * 4 * 8 + 200 * 4);
        let singles = frontier::SingleScratch::bytes(1_000) * rayon::current_num_threads() as u64;
        assert_eq!(r.scratch_bytes, (2 * 1_000 * 4 * 8).max(singles));
        assert_eq!(r.output_bytes, 200 * (SUMMARY_BYTES + 12));
    }
}
