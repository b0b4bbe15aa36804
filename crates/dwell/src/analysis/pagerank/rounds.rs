//! How a PageRank round is cut into chunks of vertices: fixed by the graph
//! alone, so that the chunks' sums, added in chunk order, do not depend on
//! the thread count.

/// Vertices per chunk of a global sum (fixed, so sums do not depend on
/// the thread count).
pub(super) const CHUNK: usize = 4096;

/// A round's chunk also ends once its rows hold this many arcs: on a
/// degree-grouped copy the first 4,096 vertices are the hubs, and a chunk
/// holding them was one thread's work while the other waited (kron18, 2
/// threads: 1.12x one thread's speed; GAPBS 1.8x).
const CHUNK_ARCS: u64 = 1 << 15;

/// Where a round's chunks start, and `n` last: at most [`CHUNK`] vertices
/// and, past its first vertex, [`CHUNK_ARCS`] arcs of `rev` each. Fixed by
/// the graph alone, as the sums over them must be.
pub(super) fn round_bounds(rev: &crate::graph::Csr) -> Vec<usize> {
    let offsets = rev.offsets();
    let n = offsets.len() - 1;
    let mut bounds = vec![0];
    let mut lo = 0;
    for v in 1..n {
        if v - lo >= CHUNK || offsets[v] - offsets[lo] >= CHUNK_ARCS {
            bounds.push(v);
            lo = v;
        }
    }
    bounds.push(n);
    bounds
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Chunks cover every vertex once, in order, within both limits (a
    /// vertex alone may exceed the arc limit): an R-MAT graph has hubs.
    #[test]
    fn round_chunks_are_bounded_by_vertices_and_arcs() {
        let g = crate::gen::rmat(13, 16, 3).unwrap().build().unwrap();
        let rev = g.reverse();
        let bounds = round_bounds(rev);
        assert_eq!((bounds[0], *bounds.last().unwrap()), (0, g.nodes()));
        let offsets = rev.offsets();
        for w in bounds.windows(2) {
            let (lo, hi) = (w[0], w[1]);
            assert!(lo < hi && hi - lo <= CHUNK);
            assert!(hi - lo == 1 || offsets[hi - 1] - offsets[lo] < CHUNK_ARCS);
        }
        assert!(bounds.len() > g.nodes().div_ceil(CHUNK) + 1, "no arc cut");
        let mut xs: Vec<usize> = (0..g.nodes()).collect();
        let parts = crate::pieces::pieces_at(&mut xs, &bounds);
        assert_eq!(parts.len(), bounds.len() - 1);
        for (part, w) in parts.iter().zip(bounds.windows(2)) {
            assert_eq!(part.first(), Some(&w[0]));
            assert_eq!(part.len(), w[1] - w[0]);
        }
    }
}
