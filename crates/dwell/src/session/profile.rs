//! Session profiles derived from real graphs and queries (the backend's
//! requirements for them) instead of typed-in numbers.
//!
//! Each analysis states its footprint ([`crate::analysis::footprint`]); a
//! backend may add what it keeps besides ([`Backend::requirements`]).

use super::executor::SessionError;
use super::plan::{Profile, Readback};
use crate::analysis::Query;
use crate::backend::{Backend, BackendError};
use crate::graph::Graph;

/// A profile for `runs` runs of `q` on `g` with `backend`, each run with the
/// same footprint. An unsupported query is refused here, before anything is
/// made resident.
pub fn derive(
    backend: &dyn Backend,
    g: &Graph,
    q: &Query,
    runs: u64,
    budget_bytes: u64,
) -> Result<Profile, SessionError> {
    if !backend.supports(q) {
        return Err(crate::backend::unsupported(backend, q).into());
    }
    let r = backend.requirements(g, q).map_err(BackendError::from)?;
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
        // Two word-rows, or one single search's buffers per thread (536
        // bytes over 100 vertices) if more.
        let threads = rayon::current_num_threads() as u64;
        assert!(p.scratch_bytes >= 2 * 100 * 8, "{p:?}");
        assert!(p.scratch_bytes <= (2 * 100 * 8).max(threads * 536), "{p:?}");
        assert_eq!(p.output_bytes, 64 * 24);
        assert_eq!(p.layout_hash, g.layout_hash());
        let q = Query::Bfs(BfsQuery {
            sources: (0..65).collect(),
            keep_levels: true,
        });
        let r = q.footprint(&g).unwrap();
        assert_eq!(r.frontier_bytes, 100 * 16 + 65 * 4);
        assert_eq!(r.output_bytes, 65 * (24 + 400));
    }
}
