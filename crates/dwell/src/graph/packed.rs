//! Integer arc lengths packed beside their targets, for kernels whose time
//! is the per-arc loads.
//!
//! SSSP's relaxation reads each arc's target and weight and its target's
//! distance. From the CSR that is a `u32` target and an `f64` weight in two
//! arrays plus an `f64` distance: 12 bytes per arc from two streams, and a
//! distance array twice the size of GAPBS's `int32` one (kron18: 2 MB
//! against 1 MB, against a 512 KB–1 MB L2). When every weight is an integer
//! that fits a `u32`, [`packed`] gives the arcs as (target, weight) pairs,
//! 8 bytes per arc in one stream, and the kernel keeps `u32` distances.
//!
//! Exactness: a shortest path visits each vertex at most once, so it has
//! at most `n − 1` arcs, and a relaxation adds one more arc to such a path:
//! no sum a kernel forms exceeds `n · max weight`. The copy is made only
//! when that bound stays below `u32::MAX` (which then means "unreached"),
//! so every `u32` sum is exact, and so is the same sum in `f64` (below
//! 2^53): both give the same distances. Otherwise (a fractional weight, a
//! weight past `u32`, or sums that could overflow) there is no copy and the
//! kernel reads the `f64` weights.
//!
//! Made by a `cpu` session of several runs before its first SSSP query
//! (`backend::host`), and kept for the graph's life, as the reverse CSR
//! is; kernels read it only if made ([`made`]): inside a one-off run the
//! copy costs more than it saves (kron18, one source, 2 threads: 104–115
//! ms without it, 152–204 ms building it; 7.6 M arcs, 61 MB).

use super::{Csr, Graph};
use rayon::prelude::*;

/// One arc: its target and its integer length, side by side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct WeightedArc {
    pub target: u32,
    pub weight: u32,
}

/// A CSR's arcs as [`WeightedArc`]s, in the CSR's order (arc `i` of the CSR
/// is `arcs()[i]`, so the CSR's offsets index both).
#[derive(Debug)]
pub struct PackedArcs {
    arcs: Vec<WeightedArc>,
    /// The largest weight (0 on a graph without arcs).
    max_weight: u32,
}

impl PackedArcs {
    /// The packed arcs of `csr`, or `None` when it has no weights, a weight
    /// that is not an integer fitting a `u32`, or paths whose sums could
    /// reach `u32::MAX` (see the module doc).
    pub fn build(csr: &Csr) -> Option<PackedArcs> {
        let weights = csr.weights()?;
        let max_weight = weights
            .par_iter()
            .try_fold(|| 0u32, |m, &w| Some(m.max(as_u32(w)?)))
            .try_reduce(|| 0, |a, b| Some(a.max(b)))?;
        let bound = (csr.nodes() as u64).checked_mul(u64::from(max_weight))?;
        if bound >= u64::from(u32::MAX) {
            return None;
        }
        // Every weight is a u32 (checked above): an indexed, infallible
        // pass, which rayon collects in place.
        let arcs = csr
            .targets()
            .par_iter()
            .zip(weights.par_iter())
            .map(|(&target, &w)| WeightedArc {
                target,
                weight: w as u32,
            })
            .collect();
        Some(PackedArcs { arcs, max_weight })
    }

    /// Every arc, in the CSR's order.
    #[inline]
    pub fn arcs(&self) -> &[WeightedArc] {
        &self.arcs
    }

    /// The largest weight.
    pub fn max_weight(&self) -> u32 {
        self.max_weight
    }

    /// Bytes the copy occupies (8 per arc).
    pub fn bytes(&self) -> u64 {
        // A Vec in memory cannot exceed u64 bytes on any supported target.
        (self.arcs.len() as u64).saturating_mul(8)
    }
}

/// `w` as a `u32`, if it is one exactly.
fn as_u32(w: f64) -> Option<u32> {
    let fits = w >= 0.0 && w <= f64::from(u32::MAX) && w.fract() == 0.0;
    fits.then_some(w as u32)
}

/// `g`'s forward arcs packed with integer lengths, if its weights allow it
/// (see the module doc). Made once per graph, on first use.
pub fn packed(g: &Graph) -> Option<&PackedArcs> {
    g.packed
        .get_or_init(|| PackedArcs::build(g.forward()))
        .as_ref()
}

/// `g`'s packed arcs if [`packed`] has made them (see the module doc).
pub fn made(g: &Graph) -> Option<&PackedArcs> {
    g.packed.get().and_then(Option::as_ref)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::GraphBuilder;

    fn graph(n: u64, arcs: &[(u32, u32, f64)]) -> Graph {
        let mut b = GraphBuilder::new(true);
        b.set_nodes(n).unwrap();
        for &(u, v, w) in arcs {
            b.push_arc(u.into(), v.into(), None, Some(w)).unwrap();
        }
        b.build().unwrap()
    }

    #[test]
    fn integer_weights_are_packed_beside_their_targets() {
        let g = graph(3, &[(0, 2, 5.0), (0, 1, 0.0), (1, 2, 7.0)]);
        let p = packed(&g).expect("integer weights");
        let pair = |target, weight| WeightedArc { target, weight };
        assert_eq!(p.arcs(), &[pair(1, 0), pair(2, 5), pair(2, 7)]);
        assert_eq!((p.max_weight(), p.bytes()), (7, 24));
    }

    #[test]
    fn no_copy_for_fractions_huge_weights_or_sums_that_could_overflow() {
        assert!(packed(&graph(2, &[(0, 1, 2.5)])).is_none());
        assert!(packed(&graph(2, &[(0, 1, 4294967296.0)])).is_none());
        // 3 vertices: sums up to 3 · max must stay below u32::MAX.
        let edge = (u32::MAX - 1) / 3;
        assert!(packed(&graph(3, &[(0, 1, f64::from(edge))])).is_some());
        assert!(packed(&graph(3, &[(0, 1, f64::from(edge + 1))])).is_none());
        let mut b = GraphBuilder::new(true);
        b.set_nodes(2).unwrap();
        b.push_arc(0, 1, None, None).unwrap();
        assert!(packed(&b.build().unwrap()).is_none(), "unweighted");
    }
}
