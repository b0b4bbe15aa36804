//! Building a normalized [`Graph`] from an edge list.
//!
//! Steps: validate ids and counts → counting sort of arcs by source into CSR
//! (both directions for undirected input) → sort each row by target and merge
//! duplicates (labels OR-ed, smallest weight kept) in parallel → compact →
//! hash. Memory: the edge list plus one CSR-sized record array.

use super::{hash, Csr, Graph, LabelNames, VertexNames, Words, NO_VERTEX};
use rayon::prelude::*;
use std::sync::OnceLock;

/// Why a graph could not be built.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum GraphError {
    #[error("vertex id {id} is out of range for a graph of {nodes} nodes. Fix: declare the right node count in the header, or remove the arc")]
    IdOutOfRange { id: u64, nodes: u64 },
    #[error("{nodes} nodes do not fit dwell's u32 vertex ids (at most {max}). Fix: split the graph or renumber its vertices densely")]
    TooManyNodes { nodes: u64, max: u64 },
    #[error("{what} overflows while building the graph. Fix: split the graph into smaller parts")]
    Overflow { what: &'static str },
    #[error("building the graph needs {bytes} bytes of memory, which this process cannot allocate. Fix: check the node count the file declares, raise the memory limit (ulimit -v, the container's limit) or use a machine with more memory")]
    OutOfMemory { bytes: u64 },
    #[error("arc {index} has {what} but earlier arcs did not (or the reverse). Fix: give every arc a {what}, or none")]
    MixedArcData { index: usize, what: &'static str },
    #[error("arc {index} has weight {value}, but weights must be finite and non-negative. Fix: correct or drop that arc's weight (shortest paths need lengths ≥ 0)")]
    BadWeight { index: usize, value: String },
    #[error("{names} vertex names for a graph of {nodes} nodes. Fix: declare at least as many nodes as there are names")]
    MoreNamesThanNodes { names: u64, nodes: u64 },
}

/// Largest vertex count: ids must stay below [`NO_VERTEX`].
pub const MAX_NODES: u64 = NO_VERTEX as u64;

/// Collects arcs, then [`build`](Self::build)s a normalized [`Graph`].
///
/// ```
/// use dwell::graph::GraphBuilder;
/// let mut b = GraphBuilder::new(false);
/// b.push(0, 1).unwrap();
/// b.push(1, 2).unwrap();
/// let g = b.build().unwrap();
/// assert_eq!((g.nodes(), g.arcs()), (3, 4)); // undirected: both directions
/// ```
#[derive(Debug, Clone, Default)]
pub struct GraphBuilder {
    directed: bool,
    declared_nodes: Option<u64>,
    src: Vec<u32>,
    dst: Vec<u32>,
    labels: Option<Vec<u32>>,
    weights: Option<Vec<f64>>,
    label_names: LabelNames,
    vertex_names: Option<VertexNames>,
    max_id: Option<u32>,
}

impl GraphBuilder {
    /// A builder for a directed (`true`) or undirected (`false`) graph.
    pub fn new(directed: bool) -> Self {
        GraphBuilder {
            directed,
            ..Default::default()
        }
    }

    /// Directed or undirected, decided after construction (e.g. a header
    /// read later, or a command-line override).
    pub fn set_directed(&mut self, directed: bool) {
        self.directed = directed;
    }

    /// Is the graph being built directed?
    pub fn is_directed(&self) -> bool {
        self.directed
    }

    /// Declare the vertex count; every id must then be below it. Without a
    /// declaration the count is the largest id plus one.
    pub fn set_nodes(&mut self, nodes: u64) -> Result<(), GraphError> {
        if nodes > MAX_NODES {
            return Err(GraphError::TooManyNodes {
                nodes,
                max: MAX_NODES,
            });
        }
        self.declared_nodes = Some(nodes);
        Ok(())
    }

    /// Names for label bits (kept with the graph for `dwell info` and queries).
    pub fn set_label_names(&mut self, names: LabelNames) {
        self.label_names = names;
    }

    /// Names for vertices `0..names.len()` (kept with the graph; ids stay the
    /// builder's). Vertices beyond the names have none.
    pub fn set_vertex_names(&mut self, names: VertexNames) {
        self.vertex_names = Some(names);
    }

    /// Renumber every pushed endpoint with `f` (old id → new id), e.g. when
    /// a reader learns mid-file that integer ids were names after all. The
    /// new ids are checked like pushed ones.
    pub fn renumber(&mut self, mut f: impl FnMut(u32) -> u32) -> Result<(), GraphError> {
        let mut max_id: Option<u32> = None;
        for id in self.src.iter_mut().chain(self.dst.iter_mut()) {
            *id = f(*id);
            max_id = Some(max_id.map_or(*id, |m| m.max(*id)));
        }
        if let Some(m) = max_id {
            self.check_id(m.into())?;
        }
        self.max_id = max_id;
        Ok(())
    }

    /// Replace every pushed label mask with `f(mask)`, e.g. when a reader
    /// learns mid-file that numeric labels were names after all.
    pub fn relabel(&mut self, mut f: impl FnMut(u32) -> u32) {
        for l in self.labels.iter_mut().flatten() {
            *l = f(*l);
        }
    }

    /// Pushed endpoints in push order (`u` then `v` of each arc).
    pub fn endpoints(&self) -> impl Iterator<Item = u32> + '_ {
        self.src.iter().zip(&self.dst).flat_map(|(&u, &v)| [u, v])
    }

    /// Largest id pushed so far.
    pub fn max_id(&self) -> Option<u32> {
        self.max_id
    }

    /// The vertex count declared with [`set_nodes`](Self::set_nodes).
    pub fn declared_nodes(&self) -> Option<u64> {
        self.declared_nodes
    }

    /// Reserve room for `arcs` more arcs; memory that cannot be had is an
    /// [`GraphError::OutOfMemory`], never an abort.
    pub fn reserve(&mut self, arcs: usize) -> Result<(), GraphError> {
        let oom = || GraphError::OutOfMemory {
            bytes: (arcs as u64).saturating_mul(8),
        };
        self.src.try_reserve(arcs).map_err(|_| oom())?;
        self.dst.try_reserve(arcs).map_err(|_| oom())
    }

    /// Number of arcs pushed so far (before normalization).
    pub fn len(&self) -> usize {
        self.src.len()
    }

    /// Nothing pushed yet?
    pub fn is_empty(&self) -> bool {
        self.src.is_empty()
    }

    /// Add arc `u → v` (and `v → u` when undirected).
    pub fn push(&mut self, u: u64, v: u64) -> Result<(), GraphError> {
        self.push_arc(u, v, None, None)
    }

    /// Add an arc with an optional label mask and weight. Either every arc
    /// has a label (weight) or none does; a weight is finite and
    /// non-negative.
    pub fn push_arc(
        &mut self,
        u: u64,
        v: u64,
        label: Option<u32>,
        weight: Option<f64>,
    ) -> Result<(), GraphError> {
        let index = self.src.len();
        if let Some(w) = weight.filter(|&w| !super::parts::valid_weight(w)) {
            return Err(GraphError::BadWeight {
                index,
                value: w.to_string(),
            });
        }
        let u = self.check_id(u)?;
        let v = self.check_id(v)?;
        attach(&mut self.labels, label, index, "label")?;
        // -0.0 becomes 0.0: one bit pattern per length (sorting, hashing).
        attach(&mut self.weights, weight.map(|w| w + 0.0), index, "weight")?;
        if self.src.len() == self.src.capacity() || self.dst.len() == self.dst.capacity() {
            // Grow by doubling, fallibly.
            self.reserve(self.src.len().max(1024))?;
        }
        self.src.push(u);
        self.dst.push(v);
        self.max_id = Some(self.max_id.map_or(u.max(v), |m| m.max(u).max(v)));
        Ok(())
    }

    fn check_id(&self, id: u64) -> Result<u32, GraphError> {
        if let Some(n) = self.declared_nodes {
            if id >= n {
                return Err(GraphError::IdOutOfRange { id, nodes: n });
            }
        }
        if id >= MAX_NODES {
            return Err(GraphError::TooManyNodes {
                nodes: id.saturating_add(1),
                max: MAX_NODES,
            });
        }
        Ok(id as u32)
    }

    /// Normalize and hash. Consumes the builder.
    pub fn build(self) -> Result<Graph, GraphError> {
        let inferred = self.max_id.map_or(0, |m| m as u64 + 1);
        let nodes = self.declared_nodes.unwrap_or(inferred);
        let n = usize::try_from(nodes).map_err(|_| GraphError::Overflow { what: "node count" })?;
        if let Some(names) = &self.vertex_names {
            if names.len() as u64 > nodes {
                return Err(GraphError::MoreNamesThanNodes {
                    names: names.len() as u64,
                    nodes,
                });
            }
        }
        let directed = self.directed;
        let has_labels = self.labels.is_some();
        let has_weights = self.weights.is_some();

        // Degrees (self loops of undirected graphs stored once).
        let mut counts = filled(n + 1, 0u64)?;
        for (&u, &v) in self.src.iter().zip(&self.dst) {
            counts[u as usize + 1] += 1;
            if !directed && u != v {
                counts[v as usize + 1] += 1;
            }
        }
        for i in 0..n {
            counts[i + 1] = counts[i]
                .checked_add(counts[i + 1])
                .ok_or(GraphError::Overflow { what: "arc count" })?;
        }
        let total =
            usize::try_from(counts[n]).map_err(|_| GraphError::Overflow { what: "arc count" })?;

        // Counting sort into records (target, label, weight).
        let mut cursor = with_capacity(counts.len())?;
        cursor.extend_from_slice(&counts);
        let mut recs = filled(total, Rec::default())?;
        for i in 0..self.src.len() {
            let (u, v) = (self.src[i], self.dst[i]);
            let label = self.labels.as_ref().map_or(0, |l| l[i]);
            let weight = self.weights.as_ref().map_or(0.0, |w| w[i]);
            let mut place = |from: u32, to: u32| {
                let slot = cursor[from as usize] as usize;
                cursor[from as usize] += 1;
                recs[slot] = Rec {
                    target: to,
                    label,
                    weight,
                };
            };
            place(u, v);
            if !directed && u != v {
                place(v, u);
            }
        }
        drop(self.src);
        drop(self.dst);

        // Sort and merge each row in parallel; rows are disjoint slices.
        let mut new_degree = filled(n, 0u64)?;
        {
            let mut rows: Vec<&mut [Rec]> = with_capacity(n)?;
            let lens = counts.windows(2).map(|c| (c[1] - c[0]) as usize);
            rows.extend(crate::pieces::pieces(&mut recs, lens));
            rows.into_par_iter()
                .zip(new_degree.par_iter_mut())
                .for_each(|(row, deg)| {
                    *deg = merge_row(row) as u64;
                });
        }

        // Compact rows to the front; a row's new start never passes its old one.
        let mut offsets = filled(n + 1, 0u64)?;
        for v in 0..n {
            offsets[v + 1] = offsets[v] + new_degree[v];
        }
        let arcs = offsets[n] as usize;
        let mut targets = with_capacity(arcs)?;
        let mut labels = has_labels.then(|| with_capacity(arcs)).transpose()?;
        let mut weights = has_weights.then(|| with_capacity(arcs)).transpose()?;
        for v in 0..n {
            let start = counts[v] as usize;
            for r in &recs[start..start + new_degree[v] as usize] {
                targets.push(r.target);
                if let Some(l) = labels.as_mut() {
                    l.push(r.label);
                }
                if let Some(w) = weights.as_mut() {
                    w.push(r.weight);
                }
            }
        }
        drop(recs);

        let forward = Csr {
            offsets: offsets.into(),
            targets: targets.into(),
            labels: labels.map(Words::from),
            weights: weights.map(Words::from),
        };
        let layout_hash = hash::layout_hash(&forward, directed);
        Ok(Graph {
            forward,
            reverse: OnceLock::new(),
            skewed: OnceLock::new(),
            foldable: OnceLock::new(),
            packed: OnceLock::new(),
            directed,
            label_names: self.label_names,
            vertex_names: self.vertex_names,
            layout_hash,
        })
    }
}

/// `len` copies of `x`, or an error naming the bytes when the machine cannot
/// hold them (a header may declare billions of vertices in ten bytes).
pub(super) fn filled<T: Clone>(len: usize, x: T) -> Result<Vec<T>, GraphError> {
    let mut v = with_capacity(len)?;
    v.resize(len, x);
    Ok(v)
}

/// An empty vector with room for `len` items, or `OutOfMemory`.
pub(super) fn with_capacity<T>(len: usize) -> Result<Vec<T>, GraphError> {
    let mut v = Vec::new();
    v.try_reserve_exact(len)
        .map_err(|_| GraphError::OutOfMemory {
            bytes: (len as u64).saturating_mul(std::mem::size_of::<T>() as u64),
        })?;
    Ok(v)
}

/// Record an optional per-arc value, rejecting a mix of arcs with and without.
fn attach<T>(
    column: &mut Option<Vec<T>>,
    value: Option<T>,
    index: usize,
    what: &'static str,
) -> Result<(), GraphError> {
    match (column.as_mut(), value) {
        (Some(c), Some(x)) => c.push(x),
        (None, None) => {}
        (None, Some(x)) if index == 0 => *column = Some(vec![x]),
        _ => return Err(GraphError::MixedArcData { index, what }),
    }
    Ok(())
}

#[derive(Clone, Copy, Default, Debug)]
struct Rec {
    target: u32,
    label: u32,
    weight: f64,
}

/// Sort a row by target and merge duplicates in place; returns the new length.
fn merge_row(row: &mut [Rec]) -> usize {
    if row.len() < 2 {
        return row.len();
    }
    row.sort_unstable_by(|a, b| a.target.cmp(&b.target).then(a.weight.total_cmp(&b.weight)));
    let mut w = 0;
    for i in 1..row.len() {
        if row[i].target == row[w].target {
            // Same arc again: keep the smallest weight (sorted first), OR labels.
            row[w].label |= row[i].label;
        } else {
            w += 1;
            row[w] = row[i];
        }
    }
    w + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duplicates_merge_and_labels_or() {
        let mut b = GraphBuilder::new(true);
        b.push_arc(0, 2, Some(1), None).unwrap();
        b.push_arc(0, 1, Some(4), None).unwrap();
        b.push_arc(0, 2, Some(2), None).unwrap();
        let g = b.build().unwrap();
        assert_eq!(g.forward().neighbors(0), &[1, 2]);
        assert_eq!(g.forward().labels().unwrap(), &[4, 3]);
        assert_eq!(g.nodes(), 3);
    }

    #[test]
    fn undirected_stores_both_directions_and_self_loop_once() {
        let mut b = GraphBuilder::new(false);
        b.push(0, 1).unwrap();
        b.push(1, 0).unwrap();
        b.push(2, 2).unwrap();
        let g = b.build().unwrap();
        assert_eq!(g.arcs(), 3);
        assert_eq!(g.forward().neighbors(0), &[1]);
        assert_eq!(g.forward().neighbors(1), &[0]);
        assert_eq!(g.forward().neighbors(2), &[2]);
    }

    #[test]
    fn smallest_weight_kept() {
        let mut b = GraphBuilder::new(true);
        b.push_arc(0, 1, None, Some(9.0)).unwrap();
        b.push_arc(0, 1, None, Some(3.5)).unwrap();
        let g = b.build().unwrap();
        assert_eq!(g.forward().weights().unwrap(), &[3.5]);
    }

    #[test]
    fn negative_and_non_finite_weights_refused_with_a_fix() {
        for w in [-1.0, f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            let mut b = GraphBuilder::new(true);
            b.push_arc(0, 1, None, Some(1.0)).unwrap();
            let e = b.push_arc(1, 2, None, Some(w)).unwrap_err();
            assert!(matches!(e, GraphError::BadWeight { index: 1, .. }), "{e}");
            assert!(e.to_string().contains("Fix:"), "{e}");
        }
        let mut b = GraphBuilder::new(true);
        b.push_arc(0, 1, None, Some(-0.0)).unwrap();
        let g = b.build().unwrap();
        assert_eq!(
            g.forward().weights().unwrap()[0].to_bits(),
            0.0f64.to_bits()
        );
    }

    #[test]
    fn ids_checked_against_declared_count() {
        let mut b = GraphBuilder::new(true);
        b.set_nodes(2).unwrap();
        assert_eq!(
            b.push(0, 2),
            Err(GraphError::IdOutOfRange { id: 2, nodes: 2 })
        );
        assert!(b.set_nodes(MAX_NODES + 1).is_err());
        assert!(GraphBuilder::new(true).push(0, MAX_NODES).is_err());
    }

    #[test]
    fn mixed_labels_rejected() {
        let mut b = GraphBuilder::new(true);
        b.push(0, 1).unwrap();
        assert!(matches!(
            b.push_arc(1, 2, Some(1), None),
            Err(GraphError::MixedArcData { index: 1, .. })
        ));
    }

    #[test]
    fn reverse_is_transpose() {
        let mut b = GraphBuilder::new(true);
        for (u, v) in [(0, 1), (0, 2), (2, 1), (3, 0)] {
            b.push(u, v).unwrap();
        }
        let g = b.build().unwrap();
        let r = g.reverse();
        assert_eq!(r.neighbors(1), &[0, 2]);
        assert_eq!(r.neighbors(0), &[3]);
        assert_eq!(r.arcs(), 4);
    }

    #[test]
    fn impossible_sizes_are_errors_not_aborts() {
        let e = filled(usize::MAX / 16, 0u64).unwrap_err();
        assert!(matches!(e, GraphError::OutOfMemory { .. }));
        assert!(e.to_string().contains("Fix:"));
    }

    #[test]
    fn isolated_declared_nodes_kept() {
        let mut b = GraphBuilder::new(true);
        b.set_nodes(10).unwrap();
        b.push(0, 1).unwrap();
        let g = b.build().unwrap();
        assert_eq!(g.nodes(), 10);
        assert_eq!(g.forward().degree(9), 0);
    }
}
