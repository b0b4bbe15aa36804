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

/// Per-vertex scores (PageRank, betweenness) as their renderers show them:
/// the [`SHOWN`](scores::SHOWN) highest in the text and JSON summaries, every vertex in
/// `--out`.
pub mod scores {
    use super::VertexName;
    use std::io::{self, Write};

    /// Vertices shown by the text and JSON summaries.
    pub const SHOWN: usize = 10;

    /// The `k` highest-scoring vertices, ties by smaller id.
    pub fn top(scores: &[f64], k: usize) -> Vec<(u32, f64)> {
        let mut order: Vec<u32> = (0..scores.len() as u32).collect();
        order.sort_unstable_by(|&a, &b| {
            scores[b as usize]
                .total_cmp(&scores[a as usize])
                .then(a.cmp(&b))
        });
        order
            .into_iter()
            .take(k)
            .map(|v| (v, scores[v as usize]))
            .collect()
    }

    /// `result` (the serialized answer) with its top vertices as `top`,
    /// as the one element of `results`.
    pub fn json(mut result: serde_json::Value, scores: &[f64]) -> serde_json::Value {
        let top: Vec<serde_json::Value> = top(scores, SHOWN)
            .into_iter()
            .map(|(v, s)| serde_json::json!({ "vertex": v, "score": s }))
            .collect();
        result["top"] = serde_json::Value::Array(top);
        serde_json::json!([result])
    }

    /// One text line per top vertex, appended to `s`.
    pub fn human(s: &mut String, scores: &[f64], name: VertexName<'_>) {
        for (v, score) in top(scores, SHOWN) {
            s.push_str(&format!("  {:>10} {score:.6e}\n", name(v)));
        }
    }

    /// `header` (a `# dwell …` line) then one `vertex<sep>score` line per
    /// vertex.
    pub fn write(
        w: &mut dyn Write,
        header: &str,
        scores: &[f64],
        name: VertexName<'_>,
        sep: &str,
    ) -> io::Result<()> {
        writeln!(w, "{header}")?;
        for (v, s) in scores.iter().enumerate() {
            writeln!(w, "{}{sep}{s}", name(v as u32))?;
        }
        Ok(())
    }
}
