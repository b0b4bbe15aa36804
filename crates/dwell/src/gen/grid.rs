//! 2-D 4-neighbour grids, optionally thinned.
//!
//! Vertex `(r, c)` has id `r * cols + c`. The full grid has
//! `rows × (cols − 1)` horizontal and `(rows − 1) × cols` vertical edges;
//! each is kept independently with probability `keep_fraction` (1.0 keeps
//! all, 0.0 none). Removing edges raises the diameter and leaves small
//! islands, like a road network with missing links.
//!
//! Determinism: row `r` draws from ChaCha8 stream `r` of `seed`, first for its
//! right edges (left to right), then for its down edges, so the result does
//! not depend on the thread count. Edges come out in row order.

use super::{GenError, Generated};
use crate::graph::NO_VERTEX;

/// Largest vertex count (ids stay below `NO_VERTEX`).
const MAX_NODES: u64 = NO_VERTEX as u64;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

/// A `rows × cols` grid with each edge kept with probability `keep_fraction`.
pub fn grid(rows: u64, cols: u64, keep_fraction: f64, seed: u64) -> Result<Generated, GenError> {
    let nodes = rows
        .checked_mul(cols)
        .filter(|&n| rows >= 1 && cols >= 1 && n <= MAX_NODES)
        .ok_or(GenError::GridSize {
            rows,
            cols,
            max: MAX_NODES,
        })?;
    if !(0.0..=1.0).contains(&keep_fraction) {
        return Err(GenError::Fraction {
            fraction: keep_fraction,
        });
    }
    let edges: Vec<(u32, u32)> = (0..rows)
        .into_par_iter()
        .flat_map_iter(|r| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            rng.set_stream(r);
            let id = move |r: u64, c: u64| (r * cols + c) as u32;
            let mut keep = move || rng.gen_bool(keep_fraction);
            let mut row = Vec::with_capacity(2 * cols as usize);
            for c in 0..cols - 1 {
                if keep() {
                    row.push((id(r, c), id(r, c + 1)));
                }
            }
            if r + 1 < rows {
                for c in 0..cols {
                    if keep() {
                        row.push((id(r, c), id(r + 1, c)));
                    }
                }
            }
            row
        })
        .collect();
    Ok(Generated {
        nodes,
        directed: false,
        edges,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_grid_structure() {
        let gen = grid(3, 4, 1.0, 0).unwrap();
        assert_eq!(gen.nodes, 12);
        assert_eq!(gen.edges.len(), 17); // 3×3 horizontal + 2×4 vertical
        let g = gen.build().unwrap();
        let deg = |r: u32, c: u32| g.forward().degree(r * 4 + c);
        for (r, c) in [(0, 0), (0, 3), (2, 0), (2, 3)] {
            assert_eq!(deg(r, c), 2, "corner ({r},{c})");
        }
        assert_eq!(deg(0, 1), 3); // border
        assert_eq!(deg(1, 1), 4); // interior
        assert_eq!(g.forward().neighbors(5), &[1, 4, 6, 9]);
    }

    #[test]
    fn one_by_one_and_empty_fraction() {
        let g = grid(1, 1, 1.0, 0).unwrap();
        assert_eq!((g.nodes, g.edges.len()), (1, 0));
        let g = grid(10, 10, 0.0, 0).unwrap();
        assert_eq!((g.nodes, g.edges.len()), (100, 0));
    }

    #[test]
    fn thinning_is_deterministic_and_about_right() {
        let a = grid(100, 100, 0.9, 3).unwrap();
        assert_eq!(a, grid(100, 100, 0.9, 3).unwrap());
        let one_thread = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap()
            .install(|| grid(100, 100, 0.9, 3).unwrap());
        assert_eq!(a, one_thread);
        assert_ne!(a.edges, grid(100, 100, 0.9, 4).unwrap().edges);
        let full = 2 * 100 * 99;
        let kept = a.edges.len() as f64 / full as f64;
        assert!((0.88..0.92).contains(&kept), "kept {kept}");
    }

    #[test]
    fn parameters_validated() {
        for (r, c) in [(0, 5), (5, 0), (1 << 16, 1 << 16), (u64::MAX, 2)] {
            let e = grid(r, c, 1.0, 0).unwrap_err();
            assert!(matches!(e, GenError::GridSize { .. }), "{r}×{c}");
            assert!(e.to_string().contains("Fix:"));
        }
        for f in [-0.1, 1.5, f64::NAN] {
            let e = grid(2, 2, f, 0).unwrap_err();
            assert!(matches!(e, GenError::Fraction { .. }) && e.to_string().contains("Fix:"));
        }
    }
}
