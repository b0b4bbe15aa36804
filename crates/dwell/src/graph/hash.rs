//! The layout hash: a stable fingerprint of a normalized graph.
//!
//! Algorithm (version 1): XXH3-64 with seed 0 (crate `xxhash-rust`) over this
//! byte stream, every integer little-endian:
//!
//! ```text
//! "dwell-layout-v1"  u8 directed  u64 nodes  u64 arcs
//! offsets[0..=nodes] as u64       targets[0..arcs] as u32
//! "labels"  labels[..] as u32     (only when the graph has labels)
//! "weights" weights[..] as u32    (only when the graph has weights)
//! ```
//!
//! The stream depends only on the normalized CSR, never on input order, file
//! format or machine, so the same graph hashes the same everywhere. A result
//! of 0 is mapped to 1, because 0 means "no hash" to the session planner.

use super::Csr;
use xxhash_rust::xxh3::Xxh3;

/// Hash of a normalized CSR; never 0.
pub fn layout_hash(csr: &Csr, directed: bool) -> u64 {
    let mut h = Xxh3::new();
    h.update(b"dwell-layout-v1");
    h.update(&[directed as u8]);
    h.update(&(csr.nodes() as u64).to_le_bytes());
    h.update(&(csr.arcs() as u64).to_le_bytes());
    feed(&mut h, csr.offsets(), u64::to_le_bytes);
    feed(&mut h, csr.targets(), u32::to_le_bytes);
    if let Some(labels) = csr.labels() {
        h.update(b"labels");
        feed(&mut h, labels, u32::to_le_bytes);
    }
    if let Some(weights) = csr.weights() {
        h.update(b"weights");
        feed(&mut h, weights, u32::to_le_bytes);
    }
    match h.digest() {
        0 => 1,
        x => x,
    }
}

/// Feed integers through a small buffer so the byte order is explicit.
fn feed<T: Copy, const N: usize>(h: &mut Xxh3, xs: &[T], le: fn(T) -> [u8; N]) {
    let mut buf = Vec::with_capacity(4096 * N);
    for chunk in xs.chunks(4096) {
        buf.clear();
        for &x in chunk {
            buf.extend_from_slice(&le(x));
        }
        h.update(&buf);
    }
}

#[cfg(test)]
mod tests {
    use crate::graph::GraphBuilder;

    fn build(directed: bool, arcs: &[(u64, u64)]) -> u64 {
        let mut b = GraphBuilder::new(directed);
        for &(u, v) in arcs {
            b.push(u, v).unwrap();
        }
        b.build().unwrap().layout_hash()
    }

    #[test]
    fn order_and_duplicates_do_not_matter() {
        let a = build(true, &[(0, 1), (1, 2), (2, 0)]);
        let b = build(true, &[(2, 0), (0, 1), (1, 2), (0, 1)]);
        assert_eq!(a, b);
        assert_ne!(a, 0);
    }

    #[test]
    fn topology_and_direction_matter() {
        let a = build(true, &[(0, 1), (1, 2)]);
        assert_ne!(a, build(true, &[(0, 1), (2, 1)]));
        assert_ne!(a, build(false, &[(0, 1), (1, 2)]));
    }

    // Pinned value, computed independently with Python's `xxhash` package:
    //   xxh3_64_intdigest(b"dwell-layout-v1" + bytes([1]) + pack("<QQ", 3, 3)
    //                     + pack("<4Q", 0, 1, 2, 3) + pack("<3I", 1, 2, 0))
    // It must not change between machines or releases without a version bump above.
    #[test]
    fn pinned_value_for_a_triangle() {
        assert_eq!(build(true, &[(0, 1), (1, 2), (2, 0)]), PINNED_TRIANGLE);
    }
    const PINNED_TRIANGLE: u64 = 0x4c7c_0009_2378_0c12;
}
