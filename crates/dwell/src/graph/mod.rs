//! Graphs in compressed sparse rows (CSR).
//!
//! A [`Graph`] owns a forward [`Csr`] (outgoing arcs), builds the reverse CSR
//! (incoming arcs) on first use, and carries the [`LabelNames`] that map edge
//! kind names to label bits and a stable [`layout hash`](hash) of its
//! normalized topology.
//!
//! Invariants every analysis may rely on (established by [`GraphBuilder`]):
//! - vertex ids are `u32` in `0..nodes`, and `nodes < u32::MAX`, so `u32::MAX`
//!   is free to mean "no vertex" / "unreached";
//! - `offsets` has `nodes + 1` entries, starts at 0, never decreases, and
//!   ends at `arcs`;
//! - each adjacency list is sorted by target with no duplicate targets
//!   (duplicates were merged: labels OR-ed, the smallest weight kept);
//! - weights, when present, are finite and non-negative;
//! - an undirected graph stores every edge in both directions (a self loop
//!   once), so its reverse CSR is the forward CSR.

mod build;
pub mod fold;
pub mod hash;
mod labels;
pub mod names;
pub mod order;
pub mod packed;
mod parts;

pub use build::{GraphBuilder, GraphError};
pub use labels::{parse_mask, LabelError, LabelNames, MAX_LABEL_NAMES};
pub use names::{NameHasher, NamesError, VertexNames};
pub use parts::PartsError;
pub(crate) use parts::{RowScan, Scanned};

pub(crate) use dwell_mmap::Words;
use std::sync::OnceLock;

/// Sentinel for "no vertex" and "unreached" in per-vertex arrays.
pub const NO_VERTEX: u32 = u32::MAX;

/// One direction of a graph's adjacency in compressed sparse rows.
#[derive(Clone, Debug, PartialEq)]
pub struct Csr {
    // Words: owned vectors, or views of a mapped snapshot (formats::snapshot).
    offsets: Words<u64>,
    targets: Words<u32>,
    labels: Option<Words<u32>>,
    weights: Option<Words<f64>>,
}

impl Csr {
    /// Number of vertices.
    #[inline]
    pub fn nodes(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Number of stored arcs.
    #[inline]
    pub fn arcs(&self) -> usize {
        self.targets.len()
    }

    /// Index range of `v`'s arcs in [`targets`](Self::targets).
    #[inline]
    pub fn range(&self, v: u32) -> std::ops::Range<usize> {
        let v = v as usize;
        // Offsets never exceed `targets.len()`, which is a usize, so these fit.
        self.offsets[v] as usize..self.offsets[v + 1] as usize
    }

    /// Targets of `v`'s arcs, sorted ascending.
    #[inline]
    pub fn neighbors(&self, v: u32) -> &[u32] {
        &self.targets[self.range(v)]
    }

    /// Number of arcs leaving `v`.
    #[inline]
    pub fn degree(&self, v: u32) -> usize {
        let v = v as usize;
        (self.offsets[v + 1] - self.offsets[v]) as usize
    }

    /// Row offsets (`nodes + 1` entries).
    pub fn offsets(&self) -> &[u64] {
        &self.offsets
    }

    /// Arc targets, grouped by source.
    pub fn targets(&self) -> &[u32] {
        &self.targets
    }

    /// Per-arc label bit masks, parallel to [`targets`](Self::targets).
    pub fn labels(&self) -> Option<&[u32]> {
        self.labels.as_deref()
    }

    /// Per-arc weights, parallel to [`targets`](Self::targets): finite and
    /// non-negative (f64: every u32 a DIMACS or Matrix Market file holds is
    /// exact, and sums along paths match scipy's and NetworkX's float64).
    pub fn weights(&self) -> Option<&[f64]> {
        self.weights.as_deref()
    }

    /// Does arc `i` pass the label `mask`? Unlabelled graphs pass every mask
    /// (an unlabelled arc has every kind), so `mask` only filters labelled graphs.
    #[inline]
    pub fn arc_passes(&self, i: usize, mask: u32) -> bool {
        match &self.labels {
            Some(l) => l[i] & mask != 0,
            None => true,
        }
    }

    /// Bytes this CSR occupies (offsets, targets, labels, weights).
    pub fn bytes(&self) -> u64 {
        let words = |n: usize, w: u64| (n as u64).checked_mul(w);
        [
            words(self.offsets.len(), 8),
            words(self.targets.len(), 4),
            words(self.labels.as_ref().map_or(0, |l| l.len()), 4),
            words(self.weights.as_ref().map_or(0, |w| w.len()), 8),
        ]
        .into_iter()
        .try_fold(0u64, |acc, b| acc.checked_add(b?))
        // A Vec in memory cannot exceed u64 bytes on any supported target.
        .expect("CSR byte count fits in u64")
    }

    /// The transpose: arc u→v becomes v→u, labels and weights carried along.
    /// Built with a counting sort, so rows come out sorted by target.
    fn transpose(&self) -> Csr {
        let n = self.nodes();
        let mut counts = vec![0u64; n + 1];
        for &t in self.targets.iter() {
            counts[t as usize + 1] += 1;
        }
        for i in 0..n {
            counts[i + 1] += counts[i];
        }
        let offsets = counts.clone();
        let mut cursor = counts;
        let m = self.arcs();
        let mut targets = vec![0u32; m];
        let mut labels = self.labels.as_ref().map(|_| vec![0u32; m]);
        let mut weights = self.weights.as_ref().map(|_| vec![0f64; m]);
        for u in 0..n as u32 {
            for i in self.range(u) {
                let v = self.targets[i] as usize;
                let slot = cursor[v] as usize;
                cursor[v] += 1;
                targets[slot] = u;
                if let (Some(dst), Some(src)) = (labels.as_mut(), self.labels.as_ref()) {
                    dst[slot] = src[i];
                }
                if let (Some(dst), Some(src)) = (weights.as_mut(), self.weights.as_ref()) {
                    dst[slot] = src[i];
                }
            }
        }
        Csr {
            offsets: offsets.into(),
            targets: targets.into(),
            labels: labels.map(Words::from),
            weights: weights.map(Words::from),
        }
    }

    /// Are the arrays views of a mapped snapshot (not this process's heap)?
    pub fn is_mapped(&self) -> bool {
        self.targets.is_shared()
    }
}

/// A normalized graph: forward CSR, lazily built reverse CSR, label names and
/// layout hash. Build one with [`GraphBuilder`] or [`crate::formats::load`].
#[derive(Debug)]
pub struct Graph {
    forward: Csr,
    reverse: OnceLock<Csr>,
    /// [`order::skewed`], once computed.
    skewed: OnceLock<bool>,
    /// [`fold::foldable`], once computed.
    foldable: OnceLock<bool>,
    /// [`packed::packed`], once computed.
    packed: OnceLock<Option<packed::PackedArcs>>,
    directed: bool,
    label_names: LabelNames,
    /// The input's vertex names, when it named its vertices.
    vertex_names: Option<VertexNames>,
    layout_hash: u64,
}

impl Graph {
    /// Number of vertices.
    pub fn nodes(&self) -> usize {
        self.forward.nodes()
    }

    /// Number of stored arcs (both directions counted for undirected graphs).
    pub fn arcs(&self) -> usize {
        self.forward.arcs()
    }

    /// Was the input directed? Undirected graphs store both directions.
    pub fn is_directed(&self) -> bool {
        self.directed
    }

    /// Outgoing arcs.
    pub fn forward(&self) -> &Csr {
        &self.forward
    }

    /// Incoming arcs, built once on first use. For an undirected graph this is
    /// the forward CSR itself.
    pub fn reverse(&self) -> &Csr {
        if !self.directed {
            return &self.forward;
        }
        self.reverse.get_or_init(|| self.forward.transpose())
    }

    /// Per-arc labels present?
    pub fn has_labels(&self) -> bool {
        self.forward.labels.is_some()
    }

    /// Per-arc weights present?
    pub fn has_weights(&self) -> bool {
        self.forward.weights.is_some()
    }

    /// Names of label bits, when the input used named edge kinds.
    pub fn label_names(&self) -> &LabelNames {
        &self.label_names
    }

    /// The vertex-name table, when the input named its vertices (`--ids
    /// name`, or non-integer ids under `--ids auto`). Not part of the layout
    /// hash (see [`names`]).
    pub fn vertex_names(&self) -> Option<&VertexNames> {
        self.vertex_names.as_ref()
    }

    /// The name of vertex `v`, if the graph has names and `v` has one
    /// (vertices a header declared beyond the named ones have none).
    pub fn name(&self, v: u32) -> Option<&str> {
        self.vertex_names.as_ref()?.get(v)
    }

    /// The vertex called `name`, if the graph has names and one is.
    pub fn id_of(&self, name: &str) -> Option<u32> {
        self.vertex_names.as_ref()?.id_of(name)
    }

    /// Stable hash of the normalized layout; never 0. See [`hash`].
    pub fn layout_hash(&self) -> u64 {
        self.layout_hash
    }

    /// Bytes of the forward topology (what a backend uploads).
    pub fn forward_bytes(&self) -> u64 {
        self.forward.bytes()
    }
}
