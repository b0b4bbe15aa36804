//! Deriving a session [`Profile`] from a real graph and analysis, instead of
//! typing byte counts in.
//!
//! The figures describe the resident layout a bit-parallel backend keeps
//! (64 queries per u64 word per vertex, as the `cpu` batch kernels and the
//! planned CUDA kernels do):
//! - graph: the CSR actually uploaded — forward offsets, targets, labels and
//!   weights, plus the reverse CSR when the analysis walks arcs backwards
//!   (backward reach, components of a directed graph);
//! - frontier (refreshed every run): one frontier word-row per vertex per 64
//!   queries, plus the batch's source ids;
//! - scratch (reused): visited and next-frontier word-rows;
//! - output (per run): one compact summary per query (reached count, max
//!   level, level sum: 24 bytes), or one u32 label per vertex for components.

use super::plan::{Profile, Readback};
use crate::graph::Graph;

/// Analyses a profile can be derived for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Workload {
    Bfs,
    ReachForward,
    ReachBackward,
    Wcc,
    Scc,
}

/// Byte arithmetic that overflowed while deriving a profile.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{what} overflows u64 for this graph and batch. Fix: use a smaller batch or shard the graph"
)]
pub struct ProfileOverflow {
    pub what: &'static str,
}

/// Bytes of one compact per-query summary (u64 reached, u32 max level
/// padded to 8, u64 level sum).
pub const SUMMARY_BYTES: u64 = 24;

/// A profile for `runs` runs of `batch` queries each of `workload` on `g`.
pub fn derive(
    g: &Graph,
    workload: Workload,
    batch: u64,
    runs: u64,
    budget_bytes: u64,
) -> Result<Profile, ProfileOverflow> {
    let of = |what| ProfileOverflow { what };
    let n = g.nodes() as u64;
    let needs_reverse = match workload {
        Workload::ReachBackward | Workload::Scc => g.is_directed(),
        Workload::Wcc => g.is_directed(),
        Workload::Bfs | Workload::ReachForward => false,
    };
    let mut graph_bytes = g.forward_bytes();
    if needs_reverse {
        graph_bytes = graph_bytes
            .checked_add(g.forward_bytes())
            .ok_or(of("graph bytes"))?;
    }
    let (frontier, scratch, output) = match workload {
        Workload::Bfs | Workload::ReachForward | Workload::ReachBackward => {
            let words = batch.div_ceil(64);
            let row = n
                .checked_mul(words)
                .and_then(|x| x.checked_mul(8))
                .ok_or(of("frontier bytes"))?;
            let sources = batch.checked_mul(4).ok_or(of("source bytes"))?;
            (
                row.checked_add(sources).ok_or(of("frontier bytes"))?,
                row.checked_mul(2).ok_or(of("scratch bytes"))?,
                batch.checked_mul(SUMMARY_BYTES).ok_or(of("output bytes"))?,
            )
        }
        Workload::Wcc | Workload::Scc => {
            let labels = n.checked_mul(4).ok_or(of("label bytes"))?;
            (0, labels, labels)
        }
    };
    Ok(Profile {
        layout_hash: g.layout_hash(),
        graph_bytes,
        runs,
        frontier_bytes: frontier,
        scratch_bytes: scratch,
        output_bytes: output,
        budget_bytes,
        readback: Readback::FinalOnly,
        keep_all_outputs: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::GraphBuilder;

    #[test]
    fn bfs_profile_counts_the_uploaded_csr() {
        let mut b = GraphBuilder::new(true);
        for v in 0..99u64 {
            b.push(v, v + 1).unwrap();
        }
        let g = b.build().unwrap();
        let p = derive(&g, Workload::Bfs, 64, 10, 1 << 20).unwrap();
        assert_eq!(p.graph_bytes, 101 * 8 + 99 * 4);
        assert_eq!(p.frontier_bytes, 100 * 8 + 64 * 4);
        assert_eq!(p.scratch_bytes, 2 * 100 * 8);
        assert_eq!(p.output_bytes, 64 * 24);
        assert_eq!(p.layout_hash, g.layout_hash());
        let back = derive(&g, Workload::ReachBackward, 65, 10, 1 << 20).unwrap();
        assert_eq!(back.graph_bytes, 2 * (101 * 8 + 99 * 4));
        assert_eq!(back.frontier_bytes, 100 * 16 + 65 * 4);
    }
}
