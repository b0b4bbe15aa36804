//! Synthetic graphs for benchmarks and scale tests.
//!
//! - [`rmat()`]: Graph500 R-MAT (Kronecker) graphs — skewed degrees, small
//!   diameter, the usual stand-in for social and web graphs.
//! - [`grid()`]: 2-D 4-neighbour grids with a fraction of edges removed — high
//!   diameter, the usual stand-in for road networks and meshes.
//!
//! Both are deterministic for a seed on any machine and any thread count:
//! work is split into fixed-size chunks, each drawing from its own ChaCha8
//! stream (`ChaCha8Rng::seed_from_u64(seed)` with the chunk's stream number).
//! Both return a [`Generated`] edge list; [`Generated::build`] normalizes it
//! into a [`Graph`] (duplicates merged, both directions stored).
//!
//! ```
//! let g = dwell::gen::grid(3, 4, 1.0, 7).unwrap().build().unwrap();
//! assert_eq!((g.nodes(), g.arcs()), (12, 2 * 17));
//! ```

mod grid;
mod rmat;

pub use grid::grid;
pub use rmat::{rmat, RMAT_A, RMAT_B, RMAT_C};

use crate::graph::{Graph, GraphBuilder, GraphError};

/// A generated edge list, before normalization.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    /// Vertex count; every id is below it.
    pub nodes: u64,
    /// Directed arcs, or undirected edges (both generators: undirected).
    pub directed: bool,
    /// Edges as generated: may hold duplicates and self loops.
    pub edges: Vec<(u32, u32)>,
}

impl Generated {
    /// A builder holding these edges with the node count declared.
    pub fn into_builder(self) -> Result<GraphBuilder, GraphError> {
        let mut b = GraphBuilder::new(self.directed);
        b.set_nodes(self.nodes)?;
        b.reserve(self.edges.len())?;
        for (u, v) in self.edges {
            b.push(u as u64, v as u64)?;
        }
        Ok(b)
    }

    /// Normalize into a [`Graph`].
    pub fn build(self) -> Result<Graph, GraphError> {
        self.into_builder()?.build()
    }
}

/// Bad generator parameters.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum GenError {
    #[error("R-MAT scale {scale} is out of range: nodes = 2^scale must fit dwell's u32 ids. Fix: pick a scale from 1 to 31")]
    Scale { scale: u32 },
    #[error("R-MAT edge factor {edge_factor} is too small. Fix: pick an edge factor of at least 1 (Graph500 uses 16)")]
    EdgeFactor { edge_factor: u64 },
    #[error("R-MAT edge count {edge_factor} × 2^{scale} overflows. Fix: lower the scale or the edge factor")]
    TooManyEdges { scale: u32, edge_factor: u64 },
    #[error("generating needs {bytes} bytes of memory, which this machine cannot allocate. Fix: lower the scale or the edge factor")]
    OutOfMemory { bytes: u64 },
    #[error("a {rows} × {cols} grid has no vertices or more than dwell's u32 ids allow ({max}). Fix: pick rows and cols of at least 1 whose product is at most {max}")]
    GridSize { rows: u64, cols: u64, max: u64 },
    #[error("keep fraction {fraction} is not in [0, 1]. Fix: pass a probability such as 0.9 (1.0 keeps every edge)")]
    Fraction { fraction: f64 },
}
