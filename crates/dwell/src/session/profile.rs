//! What a query needs resident, in bytes, and session profiles derived from
//! real graphs and queries instead of typed-in numbers.
//!
//! [`requirements`] is the one place these figures are computed. The planner
//! uses them to size a session and the executor checks every run against the
//! plan with them, so a figure in the plan is always a figure that is checked.
//!
//! The layout they describe is the one the batch kernels keep (64 queries per
//! u64 word per vertex):
//! - graph: the CSR made resident — forward offsets, targets, labels and
//!   weights, plus the reverse CSR for directed graphs (bottom-up levels,
//!   backward reachability and components walk incoming arcs);
//! - frontier (refreshed every run): one frontier word-row per vertex per 64
//!   queries plus the batch's source ids; for dataflow, the gen and kill rows;
//! - scratch (reused): visited and next-frontier word-rows; for components one
//!   u32 per vertex; for dataflow the worklist, the cached position layout and
//!   the rows in position order (see `dataflow_scratch`);
//! - output (per run): the compact results read back — 24 bytes per query
//!   (reached count, max level, level sum), plus a u32 level per vertex per
//!   query with `keep_levels` or a reached bit per vertex per query with
//!   `keep_sets`, 4 bytes per reached sink; a u32 label per vertex for
//!   components; the IN and OUT rows for dataflow.

use super::plan::{Profile, Readback};
use crate::analysis::{Output, Query};
use crate::backend::Backend;
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
    "{what} overflows u64 for this graph and query. Fix: use a smaller batch or shard the graph"
)]
pub struct SizeOverflow {
    pub what: &'static str,
}

/// Checked `a × b × c`.
fn product(what: &'static str, factors: &[u64]) -> Result<u64, SizeOverflow> {
    factors
        .iter()
        .try_fold(1u64, |acc, &f| acc.checked_mul(f))
        .ok_or(SizeOverflow { what })
}

fn sum(what: &'static str, terms: &[u64]) -> Result<u64, SizeOverflow> {
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

/// Per-vertex facts rows of a dataflow problem: nodes × words × 8.
fn fact_rows(n: u64, words: u64) -> Result<u64, SizeOverflow> {
    product("dataflow fact rows", &[n, words, 8])
}

/// Upper bound of the `cpu` dataflow solver's working set: the worklist
/// (≤ 4 bytes a node), the cached layout at its largest (partitioned: order and
/// position maps 8 bytes a node, component ranges ≤ 16, and both adjacencies
/// relabelled: 2 × (8 (n + 1) + 4 m)), and the IN/OUT rows in position order.
fn dataflow_scratch(n: u64, m: u64, rows: u64) -> Result<u64, SizeOverflow> {
    let what = "dataflow scratch bytes";
    let csr = sum(
        what,
        &[product(what, &[n + 1, 8])?, product(what, &[m, 4])?],
    )?;
    sum(
        what,
        &[
            product(what, &[n, 4 + 8 + 16])?,
            product(what, &[csr, 2])?,
            product(what, &[rows, 2])?,
        ],
    )
}

/// What one run of `q` on `g` needs resident.
pub fn requirements(g: &Graph, q: &Query) -> Result<Requirements, SizeOverflow> {
    let n = g.nodes() as u64;
    let graph_bytes = resident_graph_bytes(g)?;
    let batch =
        |sources: &[u32], per_query_out: u64, sinks: usize| -> Result<Requirements, SizeOverflow> {
            let b = sources.len() as u64;
            let words = b.div_ceil(64);
            let row = product("frontier bytes", &[n, words, 8])?;
            let per_query = sum(
                "output bytes",
                &[
                    SUMMARY_BYTES,
                    per_query_out,
                    product("sink bytes", &[sinks as u64, 4])?,
                ],
            )?;
            Ok(Requirements {
                graph_bytes,
                frontier_bytes: sum("frontier bytes", &[row, product("source bytes", &[b, 4])?])?,
                scratch_bytes: product("scratch bytes", &[row, 2])?,
                output_bytes: product("output bytes", &[b, per_query])?,
            })
        };
    match q {
        Query::Bfs(b) => batch(
            &b.sources,
            if b.keep_levels {
                product("level bytes", &[n, 4])?
            } else {
                0
            },
            0,
        ),
        Query::Reach(r) => batch(
            &r.sources,
            if r.keep_sets { n.div_ceil(64) * 8 } else { 0 },
            r.sinks.len(),
        ),
        // A witness path is at most n vertices; the per-sink figure covers its length field.
        Query::Taint(t) => batch(&t.sources, 0, t.sinks.len()),
        Query::Wcc | Query::Scc => {
            let labels = product("label bytes", &[n, 4])?;
            Ok(Requirements {
                graph_bytes,
                frontier_bytes: 0,
                scratch_bytes: labels,
                output_bytes: labels,
            })
        }
        Query::Dataflow(p) => {
            let rows = fact_rows(n, p.gen.words_per_node as u64)?;
            Ok(Requirements {
                graph_bytes,
                frontier_bytes: product("gen and kill bytes", &[rows, 2])?,
                scratch_bytes: dataflow_scratch(n, g.arcs() as u64, rows)?,
                output_bytes: product("IN and OUT bytes", &[rows, 2])?,
            })
        }
    }
}

/// Bytes of an output as read back (the compact form [`requirements`] plans).
pub fn output_bytes(g: &Graph, out: &Output) -> Result<u64, SizeOverflow> {
    let n = g.nodes() as u64;
    let each = |count: usize, extra: u64| product("output bytes", &[count as u64, extra]);
    match out {
        Output::Bfs(rs) => rs.iter().try_fold(0u64, |acc, r| {
            let levels = if r.levels.is_some() {
                product("level bytes", &[n, 4])?
            } else {
                0
            };
            sum("output bytes", &[acc, SUMMARY_BYTES, levels])
        }),
        Output::Reach(rs) => rs.iter().try_fold(0u64, |acc, r| {
            let set = if r.set.is_some() {
                n.div_ceil(64) * 8
            } else {
                0
            };
            sum(
                "output bytes",
                &[acc, SUMMARY_BYTES, set, each(r.sinks_reached.len(), 4)?],
            )
        }),
        Output::Taint(rs) => rs.iter().try_fold(0u64, |acc, r| {
            sum(
                "output bytes",
                &[acc, SUMMARY_BYTES, each(r.findings.len(), 4)?],
            )
        }),
        Output::Wcc(c) | Output::Scc(c) => each(c.labels.len(), 4),
        Output::Dataflow(d) => sum(
            "output bytes",
            &[each(d.input.bits.len(), 8)?, each(d.output.bits.len(), 8)?],
        ),
    }
}

/// A profile for `runs` runs of `q` on `g` with `backend`, each run with the
/// same footprint.
pub fn derive(
    backend: &dyn Backend,
    g: &Graph,
    q: &Query,
    runs: u64,
    budget_bytes: u64,
) -> Result<Profile, SizeOverflow> {
    let r = backend.requirements(g, q)?;
    Ok(Profile {
        layout_hash: g.layout_hash(),
        graph_bytes: r.graph_bytes,
        runs,
        frontier_bytes: r.frontier_bytes,
        scratch_bytes: r.scratch_bytes,
        output_bytes: r.output_bytes,
        budget_bytes,
        readback: Readback::FinalOnly,
        keep_all_outputs: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::BfsQuery;
    use crate::graph::GraphBuilder;

    #[test]
    fn bfs_profile_counts_the_resident_csr() {
        let mut b = GraphBuilder::new(true);
        for v in 0..99u64 {
            b.push(v, v + 1).unwrap();
        }
        let g = b.build().unwrap();
        let q = Query::Bfs(BfsQuery {
            sources: (0..64).collect(),
            keep_levels: false,
        });
        let p = derive(&crate::backend::Cpu, &g, &q, 10, 1 << 20).unwrap();
        assert_eq!(p.graph_bytes, 2 * (101 * 8 + 99 * 4));
        assert_eq!(p.frontier_bytes, 100 * 8 + 64 * 4);
        assert_eq!(p.scratch_bytes, 2 * 100 * 8);
        assert_eq!(p.output_bytes, 64 * 24);
        assert_eq!(p.layout_hash, g.layout_hash());
        let q = Query::Bfs(BfsQuery {
            sources: (0..65).collect(),
            keep_levels: true,
        });
        let r = requirements(&g, &q).unwrap();
        assert_eq!(r.frontier_bytes, 100 * 16 + 65 * 4);
        assert_eq!(r.output_bytes, 65 * (24 + 400));
    }
}
