//! How SSSP answers are shown: a summary per source (JSON and text), the
//! distances per vertex (`--out`), and the scipy peer's check.

use super::SsspResult;
use crate::analysis::render::{PeerCheck, Render, VertexName};
use crate::graph::NO_VERTEX;
use std::io::{self, Write};

/// Sources shown by the text summary.
const SHOWN: usize = 10;

/// The largest finite distance (0 when only the source is reached).
fn farthest(dist: &[f64]) -> f64 {
    dist.iter()
        .copied()
        .filter(|x| x.is_finite())
        .fold(0.0, f64::max)
}

impl Render for SsspResult {
    fn results_json(&self) -> serde_json::Value {
        self.sources
            .iter()
            .map(|r| {
                serde_json::json!({
                    "source": r.source,
                    "reached": r.reached,
                    "max_distance": farthest(&r.dist),
                    "distance_sum": r.dist.iter().filter(|x| x.is_finite()).sum::<f64>(),
                    "weighted": self.weighted,
                    "delta": self.delta,
                })
            })
            .collect()
    }

    fn human(&self, name: VertexName<'_>) -> String {
        let mut s = format!(
            "  lengths: {}; bucket width {}\n",
            if self.weighted {
                "the graph's weights"
            } else {
                "1 per arc (the graph has no weights)"
            },
            self.delta
        );
        for r in self.sources.iter().take(SHOWN) {
            s.push_str(&format!(
                "  from {:>10}: {} reached, farthest at {}\n",
                name(r.source),
                r.reached,
                farthest(&r.dist)
            ));
        }
        if self.sources.len() > SHOWN {
            s.push_str(&format!(
                "  … {} more sources (use --json or --out FILE)\n",
                self.sources.len() - SHOWN
            ));
        }
        s
    }

    /// One line per vertex: its distance from each source (`inf` where
    /// unreached), each followed by the parent with `--parents` (`-` where
    /// none).
    fn write_per_vertex(
        &self,
        w: &mut dyn Write,
        name: VertexName<'_>,
        sep: &str,
    ) -> io::Result<()> {
        let parents = self.sources.first().is_some_and(|r| r.parent.is_some());
        write!(w, "# dwell sssp: vertex")?;
        for r in &self.sources {
            write!(w, " dist_from_{}", name(r.source))?;
            if parents {
                write!(w, " parent_from_{}", name(r.source))?;
            }
        }
        writeln!(w)?;
        let n = self.sources.first().map_or(0, |r| r.dist.len());
        for v in 0..n {
            write!(w, "{}", name(v as u32))?;
            for r in &self.sources {
                write!(w, "{sep}{}", r.dist[v])?;
                if let Some(p) = &r.parent {
                    match p[v] {
                        NO_VERTEX => write!(w, "{sep}-")?,
                        p => write!(w, "{sep}{}", name(p))?,
                    }
                }
            }
            writeln!(w)?;
        }
        Ok(())
    }

    /// scipy's `dijkstra` distances, source after source (`inf` equal to
    /// `inf`); equal bit for bit in practice, checked within 1e-9 relative
    /// to the largest distance.
    fn peer_check(&self) -> Option<PeerCheck> {
        let values: Vec<f64> = self
            .sources
            .iter()
            .flat_map(|r| r.dist.iter().copied())
            .collect();
        let scale = values
            .iter()
            .copied()
            .filter(|x| x.is_finite())
            .fold(1.0, f64::max);
        Some(PeerCheck::Scores {
            values,
            tolerance: 1e-9 * scale,
        })
    }
}
