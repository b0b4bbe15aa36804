//! R-MAT graphs as in the Graph500 benchmark (Chakrabarti, Zhan & Faloutsos,
//! "R-MAT: A Recursive Model for Graph Mining", SDM 2004; Graph500
//! specification §3, Kronecker generator).
//!
//! Each edge picks one quadrant of the adjacency matrix per bit of the vertex
//! id, with probabilities A = 0.57, B = 0.19, C = 0.19, D = 0.05 (row bit set
//! for C and D, column bit set for B and D), `scale` times; that gives the
//! skewed, power-law-like degrees. Then, as Graph500 prescribes, vertex ids
//! are relabelled by a seeded random permutation so that hubs are spread
//! over the id range instead of sitting at low ids.
//!
//! Determinism: edges are drawn in chunks of [`CHUNK`] edges; chunk `i`
//! draws from ChaCha8 stream `i + 1` of `seed`, the permutation from stream 0.
//! Quadrant choices compare 32-bit random integers with fixed integer
//! thresholds, so no floating point enters. The result depends only on
//! `(scale, edge_factor, seed)`, not on the thread count or the machine.

use super::{GenError, Generated};
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

/// Graph500 quadrant probabilities (D = 1 − A − B − C = 0.05).
pub const RMAT_A: f64 = 0.57;
pub const RMAT_B: f64 = 0.19;
pub const RMAT_C: f64 = 0.19;

/// Edges per independently seeded chunk.
const CHUNK: usize = 1 << 16;

/// `p` as a threshold on a uniform u32 (exact fixed-point, rounded).
const fn threshold(p_millis: u64) -> u64 {
    (p_millis << 32) / 1000
}
const T_A: u64 = threshold(570);
const T_AB: u64 = threshold(570 + 190);
const T_ABC: u64 = threshold(570 + 190 + 190);

/// `edge_factor × 2^scale` R-MAT edges over `2^scale` nodes, undirected,
/// duplicates and self loops kept (the graph builder merges them).
pub fn rmat(scale: u32, edge_factor: u64, seed: u64) -> Result<Generated, GenError> {
    if !(1..=31).contains(&scale) {
        return Err(GenError::Scale { scale });
    }
    if edge_factor < 1 {
        return Err(GenError::EdgeFactor { edge_factor });
    }
    let nodes = 1u64 << scale;
    let m = edge_factor
        .checked_mul(nodes)
        .and_then(|m| usize::try_from(m).ok())
        .filter(|m| m.checked_mul(std::mem::size_of::<(u32, u32)>()).is_some())
        .ok_or(GenError::TooManyEdges { scale, edge_factor })?;

    // Ask for the memory first, so a scale the machine cannot hold is an
    // error with a hint rather than an allocation abort.
    let mut edges: Vec<(u32, u32)> = Vec::new();
    edges
        .try_reserve_exact(m)
        .map_err(|_| GenError::OutOfMemory {
            bytes: m as u64 * std::mem::size_of::<(u32, u32)>() as u64,
        })?;
    edges.resize(m, (0, 0));
    edges
        .par_chunks_mut(CHUNK)
        .enumerate()
        .for_each(|(i, chunk)| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            rng.set_stream(i as u64 + 1);
            for e in chunk {
                *e = rmat_edge(&mut rng, scale);
            }
        });

    // Graph500 vertex relabelling: a seeded Fisher–Yates permutation.
    let mut perm: Vec<u32> = (0..nodes as u32).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(0);
    for i in (1..perm.len()).rev() {
        // Sample in u64 so the stream is the same on 32- and 64-bit targets.
        let j = rng.gen_range(0..=i as u64) as usize;
        perm.swap(i, j);
    }
    edges.par_iter_mut().for_each(|(u, v)| {
        *u = perm[*u as usize];
        *v = perm[*v as usize];
    });

    Ok(Generated {
        nodes,
        directed: false,
        edges,
    })
}

/// One edge: one quadrant choice per id bit, most significant first.
fn rmat_edge(rng: &mut ChaCha8Rng, scale: u32) -> (u32, u32) {
    let (mut u, mut v) = (0u32, 0u32);
    for _ in 0..scale {
        let r = rng.next_u32() as u64;
        let (row, col) = if r < T_A {
            (0, 0)
        } else if r < T_AB {
            (0, 1)
        } else if r < T_ABC {
            (1, 0)
        } else {
            (1, 1)
        };
        u = (u << 1) | row;
        v = (v << 1) | col;
    }
    (u, v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thresholds_match_probabilities() {
        let two32 = (1u64 << 32) as f64;
        assert!((T_A as f64 / two32 - RMAT_A).abs() < 1e-9);
        assert!((T_AB as f64 / two32 - (RMAT_A + RMAT_B)).abs() < 1e-9);
        assert!((T_ABC as f64 / two32 - (RMAT_A + RMAT_B + RMAT_C)).abs() < 1e-9);
    }

    #[test]
    fn counts() {
        let g = rmat(10, 8, 1).unwrap();
        assert_eq!(g.nodes, 1024);
        assert_eq!(g.edges.len(), 8 * 1024);
        assert!(!g.directed);
        assert!(g.edges.iter().all(|&(u, v)| u < 1024 && v < 1024));
    }

    #[test]
    fn deterministic_for_a_seed_and_thread_count() {
        // More than one chunk, so chunk seeding is exercised.
        let a = rmat(14, 8, 42).unwrap();
        let b = rmat(14, 8, 42).unwrap();
        assert_eq!(a, b);
        let one_thread = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap()
            .install(|| rmat(14, 8, 42).unwrap());
        assert_eq!(a, one_thread);
        let c = rmat(14, 8, 43).unwrap();
        assert_ne!(a.edges, c.edges);
    }

    #[test]
    fn degrees_are_skewed_and_hubs_permuted() {
        let g = rmat(12, 16, 5).unwrap().build().unwrap();
        let n = g.nodes();
        let degrees: Vec<usize> = (0..n as u32).map(|v| g.forward().degree(v)).collect();
        let max = *degrees.iter().max().unwrap();
        let avg = g.arcs() as f64 / n as f64;
        assert!(max as f64 > 10.0 * avg, "max degree {max}, average {avg}");
        // Without relabelling vertex 0 would be the hub; with it, the hub
        // lands anywhere — at least not always at id 0 across seeds.
        let hub = |seed| {
            let g = rmat(12, 16, seed).unwrap().build().unwrap();
            (0..n as u32)
                .max_by_key(|&v| g.forward().degree(v))
                .unwrap()
        };
        assert!([hub(1), hub(2), hub(3)].iter().any(|&h| h != 0));
    }

    #[test]
    fn parameters_validated() {
        for (scale, ef) in [(0, 16), (32, 16)] {
            let e = rmat(scale, ef, 0).unwrap_err();
            assert_eq!(e, GenError::Scale { scale });
            assert!(e.to_string().contains("Fix:"));
        }
        let e = rmat(4, 0, 0).unwrap_err();
        assert!(matches!(e, GenError::EdgeFactor { .. }) && e.to_string().contains("Fix:"));
        let e = rmat(31, u64::MAX / 4, 0).unwrap_err();
        assert!(matches!(e, GenError::TooManyEdges { .. }) && e.to_string().contains("Fix:"));
    }
}
