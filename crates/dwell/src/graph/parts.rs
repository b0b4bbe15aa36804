//! A [`Graph`] from arrays read elsewhere (a snapshot file), trusted only
//! after checking every invariant [`GraphBuilder`](super::GraphBuilder)
//! establishes: offsets start at 0, never decrease and end at the arc count;
//! targets are below the vertex count and strictly increasing within a row
//! (sorted, no duplicates); label and weight columns are one per arc; the
//! vertex count leaves `u32::MAX` free. What these checks cannot see is
//! semantic: an undirected graph whose rows are not symmetric is a different
//! (directed-looking) graph, not an unsafe one; every index stays in bounds.

use super::{hash, Csr, Graph, LabelNames, VertexNames, NO_VERTEX};
use rayon::prelude::*;
use std::sync::OnceLock;

/// Which invariant a set of CSR arrays breaks.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PartsError {
    #[error("the offsets array is empty (it needs nodes + 1 entries)")]
    NoOffsets,
    #[error("{nodes} vertices leave no id free for \"no vertex\" (at most {max})")]
    TooManyNodes { nodes: u64, max: u64 },
    #[error("offsets[0] is {value}, not 0")]
    FirstOffset { value: u64 },
    #[error("offsets[{vertex}] = {next} is below offsets[{prev_vertex}] = {prev} (offsets must never decrease)", prev_vertex = vertex - 1)]
    Decreasing { vertex: usize, prev: u64, next: u64 },
    #[error("the last offset is {last}, but there are {arcs} arcs")]
    LastOffset { last: u64, arcs: u64 },
    #[error("arc {index} (of vertex {vertex}) targets vertex {target}, out of range for {nodes} vertices")]
    TargetOutOfRange {
        vertex: usize,
        index: usize,
        target: u32,
        nodes: usize,
    },
    #[error("the row of vertex {vertex} is not strictly increasing at arc {index} (targets must be sorted, without duplicates)")]
    Unsorted { vertex: usize, index: usize },
    #[error(
        "the graph is marked undirected but its rows are not symmetric (some arc u→v has no v→u)"
    )]
    Asymmetric,
    #[error("{names} vertex names for {nodes} vertices")]
    TooManyNames { names: usize, nodes: usize },
    #[error("the {what} column has {len} entries for {arcs} arcs")]
    ColumnLength {
        what: &'static str,
        len: usize,
        arcs: usize,
    },
}

impl Csr {
    /// A CSR from its arrays, checked (see the module doc). Rows are checked
    /// in parallel; the first broken invariant (lowest vertex) is reported.
    pub fn from_parts(
        offsets: Vec<u64>,
        targets: Vec<u32>,
        labels: Option<Vec<u32>>,
        weights: Option<Vec<u32>>,
    ) -> Result<Csr, PartsError> {
        let nodes = offsets.len().checked_sub(1).ok_or(PartsError::NoOffsets)?;
        if nodes as u64 >= NO_VERTEX as u64 {
            return Err(PartsError::TooManyNodes {
                nodes: nodes as u64,
                max: NO_VERTEX as u64 - 1,
            });
        }
        let arcs = targets.len();
        for (what, col) in [("labels", &labels), ("weights", &weights)] {
            if let Some(c) = col {
                if c.len() != arcs {
                    return Err(PartsError::ColumnLength {
                        what,
                        len: c.len(),
                        arcs,
                    });
                }
            }
        }
        if offsets[0] != 0 {
            return Err(PartsError::FirstOffset { value: offsets[0] });
        }
        if let Some(v) = (1..=nodes).find(|&v| offsets[v] < offsets[v - 1]) {
            return Err(PartsError::Decreasing {
                vertex: v,
                prev: offsets[v - 1],
                next: offsets[v],
            });
        }
        if offsets[nodes] != arcs as u64 {
            return Err(PartsError::LastOffset {
                last: offsets[nodes],
                arcs: arcs as u64,
            });
        }
        // Offsets are now monotone and end at `arcs`, so every row slice below
        // is in bounds.
        let bad_row = (0..nodes)
            .into_par_iter()
            .with_min_len(4096)
            .find_first(|&v| {
                !row_ok(
                    &targets[offsets[v] as usize..offsets[v + 1] as usize],
                    nodes,
                )
            });
        if let Some(v) = bad_row {
            // `find_first` found an error at v, so this is Some.
            return Err(row_error(&offsets, &targets, v, nodes).unwrap_or(PartsError::NoOffsets));
        }
        Ok(Csr {
            offsets,
            targets,
            labels,
            weights,
        })
    }
}

/// Is a row strictly increasing and below `nodes`? (Then only its last
/// target needs the bound check.) Branch-free over the row, so it
/// vectorizes: this is most of the time a snapshot takes to open.
fn row_ok(row: &[u32], nodes: usize) -> bool {
    row.last().is_none_or(|&t| (t as usize) < nodes)
        && row.windows(2).fold(true, |ok, w| ok & (w[0] < w[1]))
}

/// What is wrong with vertex `v`'s row, if anything.
fn row_error(offsets: &[u64], targets: &[u32], v: usize, nodes: usize) -> Option<PartsError> {
    let (start, end) = (offsets[v] as usize, offsets[v + 1] as usize);
    let row = &targets[start..end];
    if let Some(i) = row.iter().position(|&t| t as usize >= nodes) {
        return Some(PartsError::TargetOutOfRange {
            vertex: v,
            index: start + i,
            target: row[i],
            nodes,
        });
    }
    row.windows(2)
        .position(|w| w[0] >= w[1])
        .map(|i| PartsError::Unsorted {
            vertex: v,
            index: start + i + 1,
        })
}

/// Is every arc u→v matched by v→u? An order-independent fingerprint: each
/// arc between two different vertices adds a keyed mix of its pair
/// (smaller id first) when it points up and subtracts it when it points
/// down; the wrapping sum is 0 exactly when the two directions hold the
/// same pairs, up to a false match of about 2^-64 — and the key is drawn at
/// random per call, so a crafted file cannot aim for one. One mix per arc,
/// one sequential pass (a transpose would cost what a snapshot saves).
fn symmetric(csr: &Csr) -> bool {
    use std::hash::{BuildHasher, Hasher};
    let key = std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish();
    let sum = (0..csr.nodes() as u32)
        .into_par_iter()
        .with_min_len(4096)
        .map(|u| {
            csr.neighbors(u).iter().fold(0u64, |acc, &v| {
                let (lo, hi) = (u.min(v) as u64, u.max(v) as u64);
                // splitmix64's finalizer over the keyed pair.
                let mut x = (lo << 32 | hi) ^ key;
                x ^= x >> 30;
                x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
                x ^= x >> 27;
                x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
                x ^= x >> 31;
                // +x up, -x down, 0 for a self loop.
                let sign = (u < v) as u64 as i64 - (u > v) as u64 as i64;
                acc.wrapping_add(x.wrapping_mul(sign as u64))
            })
        })
        .reduce(|| 0, u64::wrapping_add);
    sum == 0
}

impl Graph {
    /// A graph from a forward CSR checked by [`Csr::from_parts`], hashed
    /// here: for readers that build the arrays themselves (a timely part
    /// straight from its records, without an edge list in between).
    pub fn from_csr(
        forward: Csr,
        directed: bool,
        label_names: LabelNames,
    ) -> Result<Graph, PartsError> {
        let layout_hash = hash::layout_hash(&forward, directed);
        Graph::from_forward(forward, directed, label_names, None, layout_hash)
    }

    /// A graph from a checked forward CSR ([`Csr::from_parts`]); the reverse
    /// is built on first use as for any graph. `layout_hash` must be the
    /// hash of exactly these arrays, computed by the caller from their bytes
    /// (the snapshot reader feeds a [`hash::LayoutHasher`] as it reads), never
    /// a stored value taken on trust.
    /// `vertex_names` may name the first vertices or all of them, not more
    /// (more names than vertices is an error naming both counts).
    pub(crate) fn from_forward(
        forward: Csr,
        directed: bool,
        label_names: LabelNames,
        vertex_names: Option<VertexNames>,
        layout_hash: u64,
    ) -> Result<Graph, PartsError> {
        debug_assert_eq!(layout_hash, hash::layout_hash(&forward, directed));
        // Undirected code paths rely on symmetry (the reverse *is* the
        // forward CSR; k-core peeling counts degrees down), so it is checked.
        if !directed && !symmetric(&forward) {
            return Err(PartsError::Asymmetric);
        }
        if let Some(n) = &vertex_names {
            if n.len() > forward.nodes() {
                return Err(PartsError::TooManyNames {
                    names: n.len(),
                    nodes: forward.nodes(),
                });
            }
        }
        Ok(Graph {
            forward,
            reverse: OnceLock::new(),
            skewed: OnceLock::new(),
            foldable: OnceLock::new(),
            directed,
            label_names,
            vertex_names,
            layout_hash,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(offsets: &[u64], targets: &[u32]) -> Result<Csr, PartsError> {
        Csr::from_parts(offsets.to_vec(), targets.to_vec(), None, None)
    }

    #[test]
    fn accepts_what_the_builder_makes_and_hashes_the_same() {
        let mut b = super::super::GraphBuilder::new(true);
        for (u, v) in [(0, 1), (1, 2), (2, 0), (0, 2)] {
            b.push(u, v).unwrap();
        }
        let g = b.build().unwrap();
        let f = g.forward();
        let csr = Csr::from_parts(f.offsets().to_vec(), f.targets().to_vec(), None, None).unwrap();
        let hash = hash::layout_hash(&csr, true);
        let h = Graph::from_forward(csr, true, LabelNames::default(), None, hash).unwrap();
        assert_eq!(h.layout_hash(), g.layout_hash());
        assert_eq!(h.forward(), g.forward());
    }

    #[test]
    fn undirected_graphs_must_be_symmetric() {
        let sym = Csr::from_parts(vec![0, 1, 3, 4], vec![1, 0, 2, 1], None, None).unwrap();
        let h = hash::layout_hash(&sym, false);
        assert!(Graph::from_forward(sym, false, LabelNames::default(), None, h).is_ok());
        // 0→1, 1→2, 2→1: no 1→0. Same degrees per row count, different arcs.
        let asym = Csr::from_parts(vec![0, 1, 2, 3], vec![1, 2, 1], None, None).unwrap();
        let h = hash::layout_hash(&asym, false);
        assert_eq!(
            Graph::from_forward(asym.clone(), false, LabelNames::default(), None, h).err(),
            Some(PartsError::Asymmetric)
        );
        let h = hash::layout_hash(&asym, true);
        assert!(Graph::from_forward(asym, true, LabelNames::default(), None, h).is_ok());
    }

    #[test]
    fn each_broken_invariant_is_named() {
        assert_eq!(parts(&[], &[]), Err(PartsError::NoOffsets));
        assert_eq!(
            parts(&[1, 1], &[0]),
            Err(PartsError::FirstOffset { value: 1 })
        );
        assert!(matches!(
            parts(&[0, 2, 1], &[0]),
            Err(PartsError::Decreasing { vertex: 2, .. })
        ));
        assert!(matches!(
            parts(&[0, 1, 1], &[0, 1]),
            Err(PartsError::LastOffset { .. })
        ));
        assert!(matches!(
            parts(&[0, 1, 2], &[1, 2]),
            Err(PartsError::TargetOutOfRange {
                vertex: 1,
                index: 1,
                target: 2,
                ..
            })
        ));
        assert!(matches!(
            parts(&[0, 2, 2], &[1, 1]),
            Err(PartsError::Unsorted {
                vertex: 0,
                index: 1
            })
        ));
        assert!(matches!(
            parts(&[0, 2, 2], &[1, 0]),
            Err(PartsError::Unsorted { .. })
        ));
        assert!(matches!(
            Csr::from_parts(vec![0, 1], vec![0], Some(vec![]), None),
            Err(PartsError::ColumnLength { what: "labels", .. })
        ));
    }
}
