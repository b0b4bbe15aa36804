//! Weakly and strongly connected components.
//!
//! # Semantics
//!
//! Weak components treat every arc as undirected (a directed graph's forward
//! and reverse arcs together); strong components follow arcs as given. Edge
//! labels are ignored. Results are [`Components`] with *canonical* labels:
//! components are numbered 0, 1, … in increasing order of their smallest
//! vertex, so two equal partitions have equal `labels` and compare with `==`.
//! Every implementation computes some component id per vertex and passes it
//! through the same [`canonical`] numbering.
//!
//! # Files
//!
//! - `wcc.rs`: weak components: the `cpu` kernel [`wcc_parallel`] (one
//!   sequential sweep, [`wcc_sweep`], on small sparse graphs, else
//!   Afforest), the oracle [`wcc_reference`] and the verifier
//!   [`wcc_verify`].
//! - `afforest.rs`: Afforest's parallel forest of weak components, its
//!   canonical numbering and its root sampling ([`frequent_root`], which
//!   the timely backend shares; the dataflow layout groups nodes by the
//!   forest).
//! - `scc.rs`: strong components: the `cpu` kernel [`scc_parallel`]
//!   (trimming, forward–backward, Tarjan), the oracle [`scc_reference`]
//!   and the verifier [`scc_verify`].
//! - here: [`Components`], the [`canonical`] numbering, the partition
//!   check both verifiers start with, and the registry entries [`Wcc`] and
//!   [`Scc`].
//!
//! Both verifiers first check that the labels are a canonical partition
//! (one per vertex, numbered by smallest vertex; `count` and `largest`
//! agree); what each checks then is in its file.

mod afforest;
mod scc;
mod wcc;

pub use afforest::frequent_root;
pub(crate) use afforest::{canonical_forest, wcc_forest};
pub use scc::{scc_parallel, scc_reference, scc_verify, FWBW_MIN_ARCS, FWBW_ROUNDS, TRIM_ROUNDS};
pub use wcc::{
    wcc_parallel, wcc_reference, wcc_sweep, wcc_verify, SWEEP_MAX_DEGREE, SWEEP_MAX_NODES,
};

use super::footprint::{self, Requirements, SizeOverflow};
use super::{Analysis, Ctx, Kernels, QueryError, Violation};
use crate::graph::{Graph, NO_VERTEX};

/// A partition of the vertices into components.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Components {
    /// Number of components.
    pub count: u64,
    /// Size of the largest component.
    pub largest: u64,
    /// Component id per vertex, canonical: ids are numbered 0, 1, … in order of
    /// each component's smallest vertex, so equal partitions compare equal.
    #[serde(skip)]
    pub labels: Vec<u32>,
}

impl Components {
    /// What a kernel that saw the stop request returns: no partition (the
    /// run is cancelled and this is never read).
    pub(crate) fn stopped() -> Components {
        Components {
            count: 0,
            largest: 0,
            labels: Vec::new(),
        }
    }
}

/// Number components canonically: `ids[v]` is any component id below
/// `ids.len()`, equal exactly for vertices in the same component; the result
/// numbers components 0, 1, … in order of their smallest vertex.
pub fn canonical(ids: &[u32]) -> Components {
    let mut map = vec![NO_VERTEX; ids.len()];
    let mut sizes: Vec<u64> = Vec::new();
    let labels = ids
        .iter()
        .map(|&id| {
            let slot = &mut map[id as usize];
            if *slot == NO_VERTEX {
                *slot = sizes.len() as u32;
                sizes.push(0);
            }
            sizes[*slot as usize] += 1;
            *slot
        })
        .collect();
    Components {
        count: sizes.len() as u64,
        largest: sizes.iter().copied().max().unwrap_or(0),
        labels,
    }
}

/// `c` is a canonical partition of `g`'s vertices: one label per vertex,
/// labels numbered 0, 1, … by smallest vertex, `count` and `largest` true.
/// Returns each label's size.
fn check_partition(what: &str, g: &Graph, c: &Components) -> Result<Vec<u64>, Violation> {
    let bad = |m: String| Violation::new(format!("{what}: {m}"));
    let n = g.nodes();
    if c.labels.len() != n {
        return Err(bad(format!("{} labels for {n} vertices", c.labels.len())));
    }
    let mut sizes: Vec<u64> = Vec::new();
    for (v, &l) in c.labels.iter().enumerate() {
        match (l as usize).cmp(&sizes.len()) {
            std::cmp::Ordering::Less => sizes[l as usize] += 1,
            std::cmp::Ordering::Equal => sizes.push(1),
            std::cmp::Ordering::Greater => {
                return Err(bad(format!(
                "vertex {v} has label {l} before any vertex has label {}: labels are not canonical",
                sizes.len()
            )))
            }
        }
    }
    let largest = sizes.iter().copied().max().unwrap_or(0);
    if (c.count, c.largest) != (sizes.len() as u64, largest) {
        return Err(bad(format!(
            "count {} and largest {} but the labels give {} and {largest}",
            c.count,
            c.largest,
            sizes.len()
        )));
    }
    Ok(sizes)
}
/// The footprint of a component query: a u32 label per vertex as scratch and
/// as output.
fn labels_footprint(g: &Graph) -> Result<Requirements, SizeOverflow> {
    let labels = footprint::product("label bytes", &[g.nodes() as u64, 4])?;
    Ok(Requirements {
        graph_bytes: footprint::resident_graph_bytes(g)?,
        frontier_bytes: 0,
        scratch_bytes: labels,
        output_bytes: labels,
    })
}

/// Weak components in the registry.
pub struct Wcc;

/// Strong components in the registry.
pub struct Scc;

impl Analysis for Wcc {
    const NAME: &'static str = "wcc";
    const SCIPY_PEER: bool = true;
    type Query = ();
    type Output = Components;

    fn default_query(_sources: Vec<u32>) -> Option<()> {
        Some(())
    }

    fn validate(_: &Graph, _: &()) -> Result<(), QueryError> {
        Ok(())
    }

    fn footprint(g: &Graph, _: &()) -> Result<Requirements, SizeOverflow> {
        labels_footprint(g)
    }

    fn output_bytes(_: &Graph, c: &Components) -> Result<u64, SizeOverflow> {
        footprint::items(c.labels.len(), 4)
    }

    fn run(kernels: Kernels, g: &Graph, _: &(), ctx: &Ctx<'_>) -> Components {
        match kernels {
            Kernels::Fast => wcc_parallel(g, ctx),
            Kernels::Reference => wcc_reference(g, ctx),
        }
    }

    fn verify(g: &Graph, _: &(), out: &Components) -> Result<(), Violation> {
        wcc_verify(g, out)
    }
}

impl Analysis for Scc {
    const NAME: &'static str = "scc";
    const SCIPY_PEER: bool = true;
    type Query = ();
    type Output = Components;

    fn default_query(_sources: Vec<u32>) -> Option<()> {
        Some(())
    }

    fn validate(_: &Graph, _: &()) -> Result<(), QueryError> {
        Ok(())
    }

    fn footprint(g: &Graph, _: &()) -> Result<Requirements, SizeOverflow> {
        labels_footprint(g)
    }

    fn output_bytes(_: &Graph, c: &Components) -> Result<u64, SizeOverflow> {
        footprint::items(c.labels.len(), 4)
    }

    fn run(kernels: Kernels, g: &Graph, _: &(), ctx: &Ctx<'_>) -> Components {
        match kernels {
            Kernels::Fast => scc_parallel(g, ctx),
            Kernels::Reference => scc_reference(g, ctx),
        }
    }

    fn verify(g: &Graph, _: &(), out: &Components) -> Result<(), Violation> {
        scc_verify(g, out)
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_numbers_by_smallest_vertex() {
        let c = canonical(&[4, 2, 4, 2, 0]);
        assert_eq!(c.labels, vec![0, 1, 0, 1, 2]);
        assert_eq!((c.count, c.largest), (3, 2));
        let empty = canonical(&[]);
        assert_eq!((empty.count, empty.largest), (0, 0));
    }
}
