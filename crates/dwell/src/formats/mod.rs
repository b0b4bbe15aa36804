//! Reading graphs from files: edge lists, Matrix Market, DIMACS `.gr`.
//!
//! TODO(helper): compression detection, format detection, the parsers, writers.

use crate::graph::{Graph, GraphError};
use std::path::{Path, PathBuf};

/// A file format dwell reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// `u v [label]` lines, `#` comments, optional `# nodes N edges M directed D` header.
    EdgeList,
    /// Matrix Market coordinate (`%%MatrixMarket matrix coordinate …`).
    MatrixMarket,
    /// DIMACS shortest-path arcs (`p sp N M`, `a u v w`).
    Dimacs,
}

/// How to read a graph.
#[derive(Debug, Clone, Default)]
pub struct LoadOptions {
    /// Override the file's own directedness (`--directed` / `--undirected`).
    pub directed: Option<bool>,
    /// Force a format instead of detecting it.
    pub format: Option<Format>,
}

/// Why a graph file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum FormatError {
    #[error("{file}: {source}. Fix: check the path and permissions")]
    Io {
        file: PathBuf,
        source: std::io::Error,
    },
    #[error("{file}:{line}: {problem}")]
    Parse {
        file: PathBuf,
        line: u64,
        problem: String,
    },
    #[error("{file}: {source}")]
    Graph { file: PathBuf, source: GraphError },
}

/// Read a graph file (plain, `.gz` or `.xz`; detected from content).
pub fn load(path: &Path, opts: &LoadOptions) -> Result<Graph, FormatError> {
    let _ = (path, opts);
    todo!()
}
