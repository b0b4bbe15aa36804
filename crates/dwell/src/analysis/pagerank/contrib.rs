//! How PageRank's contributions are kept between rounds: f64, or f32
//! under GAPBS's rule on large graphs.

use super::{PageRankQuery, StopRule};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

/// How the contributions (`x[u] / outdeg(u)`) are kept between rounds:
/// f64, or f32 under GAPBS's rule on large graphs
/// ([`f32_contributions`]; GAPBS keeps its scores in f32). Sums and scores
/// stay f64 either way; only the array every arc reads at random halves
/// (kron18: 2 MB → 1 MB), and rounding a contribution to f32 moves it by
/// at most 2^-24 of itself, so a round's answer by at most ~6e-8 in L1,
/// far below GAPBS's 1e-4.
pub(super) trait Contrib: Copy + Send + Sync + 'static {
    /// The atomic cell of a Gauss–Seidel round's in-place array.
    type Cell: Send + Sync;
    fn store(x: f64) -> Self;
    fn load(self) -> f64;
    fn cell(x: f64) -> Self::Cell;
    fn get(c: &Self::Cell) -> f64;
    fn set(c: &Self::Cell, x: f64);
}

impl Contrib for f64 {
    type Cell = AtomicU64;
    fn store(x: f64) -> f64 {
        x
    }
    fn load(self) -> f64 {
        self
    }
    fn cell(x: f64) -> AtomicU64 {
        AtomicU64::new(x.to_bits())
    }
    fn get(c: &AtomicU64) -> f64 {
        f64::from_bits(c.load(Ordering::Relaxed))
    }
    fn set(c: &AtomicU64, x: f64) {
        c.store(x.to_bits(), Ordering::Relaxed)
    }
}

impl Contrib for f32 {
    type Cell = AtomicU32;
    fn store(x: f64) -> f32 {
        x as f32
    }
    fn load(self) -> f64 {
        f64::from(self)
    }
    fn cell(x: f64) -> AtomicU32 {
        AtomicU32::new((x as f32).to_bits())
    }
    fn get(c: &AtomicU32) -> f64 {
        f64::from(f32::from_bits(c.load(Ordering::Relaxed)))
    }
    fn set(c: &AtomicU32, x: f64) {
        c.store((x as f32).to_bits(), Ordering::Relaxed)
    }
}

/// Vertices from which f64 contributions (256 KiB here) stop fitting half
/// a 512 KiB L2.
const F32_FROM: usize = 1 << 15;

/// Are the contributions kept in f32 ([`Contrib`])? Only under GAPBS's
/// rule, with a tolerance at least 1e-6 (16 times f32's rounding of a
/// round, ~6e-8 in L1: a tighter one could not be reached), and on graphs
/// of at least [`F32_FROM`] vertices, whose f64 array no longer stays in
/// L2. NetworkX's rule keeps f64 everywhere: its answers are compared with
/// NetworkX's to 1e-9.
pub(super) fn f32_contributions(n: usize, q: &PageRankQuery) -> bool {
    q.stop == StopRule::Gapbs && q.tolerance >= 1e-6 && n >= F32_FROM
}
