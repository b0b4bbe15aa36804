//! Python bindings for dwell (the `dwell` package on PyPI's terms: a wheel
//! built by maturin from this crate).
//!
//! - [`core`]: plain Rust on dwell's public API — graphs from edge arrays,
//!   one session per call, harmonic sums from per-level counts. Tested by
//!   `cargo test --workspace`, no Python needed.
//! - [`errors`]: errors as Python exceptions, in Python's words.
//! - [`nx_order`]: the two traversals whose order is part of NetworkX's
//!   answer (`bfs_layers`, the order strongly connected components are
//!   yielded), over the NetworkX graph's own adjacency order.
//! - `py` (feature `python`, which only maturin enables): the PyO3 module
//!   `dwell._dwell`, converting numpy arrays in and out and releasing the
//!   GIL around every graph build and session. The Python package itself
//!   (`python/dwell/`: the numpy-first API, the NetworkX backend, stubs)
//!   wraps it. `py_gap` holds its GAP kernels (shortest paths, betweenness,
//!   PageRank, triangles).

#![forbid(unsafe_code)]

pub mod core;
pub mod errors;
pub mod nx_order;

#[cfg(feature = "python")]
mod py;
#[cfg(feature = "python")]
mod py_gap;
