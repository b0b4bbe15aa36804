//! The layout hash: a stable fingerprint of a normalized graph.
//!
//! Algorithm (version 1): XXH3-64 with seed 0 (crate `xxhash-rust`) over this
//! byte stream, every integer little-endian:
//!
//! ```text
//! "dwell-layout-v1"  u8 directed  u64 nodes  u64 arcs
//! offsets[0..=nodes] as u64       targets[0..arcs] as u32
//! "labels"  labels[..] as u32     (only when the graph has labels)
//! "weights" weights[..] as f64    (only when the graph has weights; their
//!                                 IEEE bits, so 1.0 and 1 hash alike only as f64)
//! ```
//!
//! The stream depends only on the normalized CSR, never on input order, file
//! format or machine, so the same graph hashes the same everywhere. A result
//! of 0 is mapped to 1, because 0 means "no hash" to the session planner.

use super::Csr;
use xxhash_rust::xxh3::Xxh3;

/// Hash of a normalized CSR; never 0.
pub fn layout_hash(csr: &Csr, directed: bool) -> u64 {
    let mut h = LayoutHasher::new(directed, csr.nodes() as u64, csr.arcs() as u64);
    feed(&mut h.0, csr.offsets(), u64::to_le_bytes);
    feed(&mut h.0, csr.targets(), u32::to_le_bytes);
    if let Some(labels) = csr.labels() {
        h.tag(b"labels");
        feed(&mut h.0, labels, u32::to_le_bytes);
    }
    if let Some(weights) = csr.weights() {
        h.tag(b"weights");
        feed(&mut h.0, weights, f64::to_le_bytes);
    }
    h.finish()
}

/// The same stream fed piece by piece, for a reader that hashes arrays as
/// their bytes arrive (the snapshot reader): [`new`](Self::new), then the
/// offsets' and targets' little-endian bytes, then `tag(b"labels")` and the
/// labels' bytes, then `tag(b"weights")` and the weights' bytes (each only
/// when present), then [`finish`](Self::finish).
pub struct LayoutHasher(Xxh3);

impl LayoutHasher {
    pub fn new(directed: bool, nodes: u64, arcs: u64) -> LayoutHasher {
        let mut h = Xxh3::new();
        h.update(b"dwell-layout-v1");
        h.update(&[directed as u8]);
        h.update(&nodes.to_le_bytes());
        h.update(&arcs.to_le_bytes());
        LayoutHasher(h)
    }

    /// Array bytes (little-endian), in stream order.
    pub fn update(&mut self, le_bytes: &[u8]) {
        self.0.update(le_bytes);
    }

    /// The marker before an optional column: `b"labels"` or `b"weights"`.
    pub fn tag(&mut self, tag: &[u8]) {
        self.0.update(tag);
    }

    /// The hash; never 0.
    pub fn finish(self) -> u64 {
        match self.0.digest() {
            0 => 1,
            x => x,
        }
    }
}

/// Feed integers in little-endian byte order: the slice's own bytes on
/// little-endian machines, else through a small converting buffer.
fn feed<T: bytemuck::Pod, const N: usize>(h: &mut Xxh3, xs: &[T], le: fn(T) -> [u8; N]) {
    if cfg!(target_endian = "little") {
        h.update(bytemuck::cast_slice(xs));
        return;
    }
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
