//! `dwell bench`'s peers, timed in the same run on the very same input.
//!
//! The analyses that declare a scipy peer (`Analysis::SCIPY_PEER`: bfs,
//! reach, wcc, scc, pagerank, triangles, sssp) → `scripts/scipy_peer.py`, found at run time (see
//! [`script`]; a peer is not compiled into the binary), run by the first
//! Python that imports scipy: `--python`, then `.venv/bin/python` in the
//! working directory or above it, then `python3` on PATH. The CSR and
//! sources (and the weights, when the graph has them) are handed over as
//! raw little-endian arrays, so both sides
//! traverse exactly the same arcs; the peer's answer must pass the check
//! the analysis declares ([`PeerCheck`]: its checksum equal to dwell's sum
//! of reached counts, component or triangle count; or its per-vertex
//! scores, written to `answer.f64`, within a tolerance). When no such Python
//! exists the peer is reported as skipped, never estimated.
//! dataflow → dwell's own `cpu-reference` backend (scipy has no dataflow).

use crate::error::Result;
use dwell::analysis::{Output, PeerCheck, Query};
use dwell::backend::CpuReference;
use dwell::bench::Harness;
use dwell::graph::Graph;
use dwell::progress::Progress;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// Where the scipy peer's script is looked for, relative to the working
/// directory.
const SCRIPT: &str = "scripts/scipy_peer.py";
/// The same script in the source tree this binary was built from (a path,
/// not its contents).
const SOURCE_TREE_SCRIPT: &str =
    concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/scipy_peer.py");

/// What the peer measured, or why it did not run.
pub enum Peer {
    Measured {
        name: String,
        us: f64,
        runs_ms: Vec<f64>,
        rss_kb: Option<u64>,
    },
    Skipped(String),
}

/// Whether scipy has a peer for `query`, as its analysis declares
/// (the script takes dwell's own names).
pub fn scipy_has(query: &Query) -> bool {
    Query::has_scipy_peer(query.name())
}

/// What scipy's answer must match: the sum of reached counts, the component
/// count, or what the analysis declares ([`dwell::analysis::Render::peer_check`]).
pub fn checksum(out: &Output) -> Option<PeerCheck> {
    match out {
        Output::Bfs(r) => Some(PeerCheck::Count(r.iter().map(|x| x.reached).sum())),
        Output::Reach(r) => Some(PeerCheck::Count(r.iter().map(|x| x.reached).sum())),
        Output::Wcc(c) | Output::Scc(c) => Some(PeerCheck::Count(c.count)),
        Output::Taint(_) | Output::Dataflow(_) => None,
        other => other.render().and_then(|r| r.peer_check()),
    }
}

/// Whether the peer's answer (its JSON line, and the folder it wrote
/// `answer.f64` into) passes `want`; the reason when it does not.
fn peer_agrees(
    want: &Option<PeerCheck>,
    v: &Value,
    dir: &Path,
) -> Result<std::result::Result<(), String>> {
    Ok(match want {
        None => Ok(()),
        Some(PeerCheck::Count(want)) => match v["checksum"].as_u64() {
            Some(got) if got == *want => Ok(()),
            got => Err(format!("its checksum {got:?} is not dwell's {want}")),
        },
        Some(PeerCheck::Scores { values, tolerance }) => {
            let bytes = std::fs::read(dir.join("answer.f64"))?;
            let got: Vec<f64> = bytes
                .chunks_exact(8)
                .map(|b| f64::from_le_bytes(b.try_into().expect("chunks of 8")))
                .collect();
            if got.len() != values.len() {
                Err(format!(
                    "{} scores for {} vertices",
                    got.len(),
                    values.len()
                ))
            } else {
                match (0..got.len()).find(|&i| (got[i] - values[i]).abs() > *tolerance) {
                    Some(i) => Err(format!(
                        "vertex {i} scores {} there and {} in dwell (tolerance {tolerance:e})",
                        got[i], values[i]
                    )),
                    None => Ok(()),
                }
            }
        }
    })
}

/// dwell's single-threaded oracle as the dataflow peer.
pub fn reference(
    query: &Query,
    g: &Graph,
    runs: usize,
    want: &Output,
    progress: &dyn Progress,
) -> Result<Peer> {
    // No verifier run here: the peer must equal dwell's output, which was verified.
    let h = Harness {
        runs,
        verify: false,
        ..Harness::default()
    };
    let timing = dwell::bench::time_session(&CpuReference, g, query, &h, progress)?;
    let runs_ms = millis(&timing.runs);
    let same = match (&timing.output, want) {
        (Output::Dataflow(a), Output::Dataflow(b)) => a.input == b.input && a.output == b.output,
        _ => false,
    };
    if !same {
        return Err("cpu and cpu-reference disagree on the dataflow fixpoint. Fix: this is a bug in dwell; please report it with the graph".into());
    }
    Ok(Peer::Measured {
        name: "cpu-reference".into(),
        us: median(&runs_ms) * 1e3,
        runs_ms,
        rss_kb: None,
    })
}

/// The scipy peer's script: `explicit` (`--peer-script`), else
/// `scripts/scipy_peer.py` in the working directory, else in the source
/// tree dwell was built from; an error with a `Fix:` when it is missing.
pub fn script(explicit: Option<&Path>) -> Result<PathBuf> {
    if let Some(p) = explicit {
        if p.is_file() {
            return Ok(p.to_path_buf());
        }
        return Err(format!("--peer-script {}: no such file. Fix: pass the path of scripts/scipy_peer.py from dwell's source tree, or --no-peer", p.display()).into());
    }
    let tried = [Path::new(SCRIPT), Path::new(SOURCE_TREE_SCRIPT)];
    if let Some(p) = tried.iter().find(|p| p.is_file()) {
        return Ok(p.to_path_buf());
    }
    Err(format!(
        "the scipy peer's script is not at {} or {}. Fix: run from dwell's source tree, pass --peer-script PATH, or --no-peer",
        tried[0].display(),
        tried[1].display()
    )
    .into())
}

/// The scipy peer, ready to run: a Python that imports scipy and the
/// script it runs.
pub struct Scipy {
    pub python: PathBuf,
    pub script: PathBuf,
}

pub fn scipy(
    peer: &Scipy,
    g: &Graph,
    query: &Query,
    sources: &[u32],
    runs: usize,
    want: Option<PeerCheck>,
) -> Result<Peer> {
    let name = query.name();
    let dir = tempfile::tempdir()?;
    let csr = g.forward();
    let le64: Vec<u8> = csr.offsets().iter().flat_map(|x| x.to_le_bytes()).collect();
    let le32 = |xs: &[u32]| -> Vec<u8> { xs.iter().flat_map(|x| x.to_le_bytes()).collect() };
    std::fs::write(dir.path().join("offsets.u64"), le64)?;
    std::fs::write(dir.path().join("targets.u32"), le32(csr.targets()))?;
    std::fs::write(dir.path().join("sources.u32"), le32(sources))?;
    if let Some(w) = csr.weights() {
        let le: Vec<u8> = w.iter().flat_map(|x| x.to_le_bytes()).collect();
        std::fs::write(dir.path().join("weights.f64"), le)?;
    }
    let out = Command::new(&peer.python)
        .arg(&peer.script)
        .arg(dir.path())
        .arg(name)
        .arg(runs.to_string())
        .output()?;
    if !out.status.success() {
        return Ok(Peer::Skipped(format!(
            "scipy peer failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    let v: Value = serde_json::from_slice(&out.stdout)?;
    if let Err(why) = peer_agrees(&want, &v, dir.path())? {
        return Err(format!(
            "scipy's answer differs from dwell's for {name}: {why}. Fix: this is a bug; please report it with the graph"
        )
        .into());
    }
    let runs_ms: Vec<f64> = v["times_s"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(Value::as_f64)
                .map(|s| s * 1e3)
                .collect()
        })
        .unwrap_or_default();
    let queries = v["queries"].as_u64().unwrap_or(1).max(1) as f64;
    Ok(Peer::Measured {
        name: format!("scipy {}", v["version"].as_str().unwrap_or("?")),
        us: median(&runs_ms) * 1e3 / queries,
        runs_ms,
        rss_kb: v["max_rss_kb"].as_u64(),
    })
}

/// The first Python that imports scipy, or why there is none.
pub fn find_python(explicit: Option<&Path>) -> std::result::Result<PathBuf, String> {
    let mut candidates: Vec<PathBuf> = Vec::new();
    if let Some(p) = explicit {
        candidates.push(p.to_path_buf());
    } else {
        if let Ok(cwd) = std::env::current_dir() {
            for dir in cwd.ancestors() {
                candidates.push(dir.join(".venv/bin/python"));
            }
        }
        candidates.push("python3".into());
    }
    for py in &candidates {
        let ok = Command::new(py)
            .args(["-c", "import numpy, scipy.sparse.csgraph"])
            .output()
            .is_ok_and(|o| o.status.success());
        if ok {
            return Ok(py.clone());
        }
    }
    Err("no Python with numpy and scipy found (tried --python, .venv/bin/python, python3). Fix: python3 -m venv .venv && .venv/bin/pip install numpy scipy".into())
}

/// The median of `xs` (the mean of the middle two for an even count), the
/// one statistic every bench figure reports, dwell's and the peers' alike.
pub fn median(xs: &[f64]) -> f64 {
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

/// Durations as milliseconds.
pub fn millis(runs: &[Duration]) -> Vec<f64> {
    runs.iter().map(|d| d.as_secs_f64() * 1e3).collect()
}
