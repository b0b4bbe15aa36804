//! How an analysis's answer is shown, declared beside the analysis
//! ([`Analysis::render`](super::Analysis::render)), so front ends (the CLI's
//! text, JSON and `--out` renderers, `dwell bench`'s peer check) need no
//! code of their own for it.

use std::io::{self, Write};

/// Vertex `v` as the user knows it (its name on a named graph, else its
/// index): the front end's, so names are written one way everywhere.
pub type VertexName<'a> = &'a dyn Fn(u32) -> String;

/// What `dwell bench` checks its peer's answer against.
#[derive(Debug, Clone, PartialEq)]
pub enum PeerCheck {
    /// The peer prints this number as its `checksum`.
    Count(u64),
    /// The peer writes one little-endian f64 per vertex to `answer.f64`;
    /// each must be within `tolerance` of dwell's.
    Scores { values: Vec<f64>, tolerance: f64 },
}

/// An answer as front ends show it.
pub trait Render {
    /// The `results` array of `dwell run --json` (one object per result).
    fn results_json(&self) -> serde_json::Value;

    /// The lines `dwell run` prints under its header, each indented by two
    /// spaces and ending in a newline.
    fn human(&self, name: VertexName<'_>) -> String;

    /// `--out`: a `# dwell …` comment line naming the columns, then one
    /// line per vertex: its name, `sep`, then the values separated by
    /// `sep`.
    fn write_per_vertex(
        &self,
        w: &mut dyn Write,
        name: VertexName<'_>,
        sep: &str,
    ) -> io::Result<()>;

    /// What the scipy peer must answer (`None`: nothing to compare).
    fn peer_check(&self) -> Option<PeerCheck> {
        None
    }
}
