//! Synthetic graphs for benchmarks and scale tests.
//!
//! TODO(helper): R-MAT (Graph500) and 2-D grids.
