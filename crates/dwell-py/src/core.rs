//! The Python-free core of the bindings: graphs from edge arrays, one
//! session per call, and harmonic sums from the kernel's per-level counts.
//! Everything here is plain Rust on dwell's public API, so
//! `cargo test --workspace` tests it without Python; `py.rs` only converts.

use dwell::analysis::{BfsQuery, Ctx, Output, Query, Workspace};
use dwell::backend::{Backend, Cpu, CpuReference};
use dwell::formats::{self, Format, IdMode, LoadOptions};
use dwell::graph::{Graph, GraphBuilder, LabelNames, NO_VERTEX};
use dwell::session::memory::MemoryLimits;
use dwell::session::worker::Worker;
use dwell::session::{Counters, Session, SessionError};
use std::path::Path;
use std::sync::Arc;
#[cfg(feature = "cuda")]
use std::sync::OnceLock;

pub use crate::errors::{Error, Kind};

/// The backend named `name`: `cpu`, `cpu-reference`, or `cuda` — device 0,
/// opened and its kernels compiled (NVRTC) on first use, then shared by every
/// later session of the process; without a driver, an error with a `Fix:`.
/// A build without the `cuda` feature (the default wheel) refuses `cuda`
/// with the command that builds one with it.
pub fn backend(name: &str) -> Result<&'static dyn Backend, Error> {
    static CPU: Cpu = Cpu;
    static REFERENCE: CpuReference = CpuReference;
    match name {
        "cpu" => Ok(&CPU),
        "cpu-reference" => Ok(&REFERENCE),
        "cuda" => cuda(),
        other => Err(Error::Input(format!(
            "unknown backend {other:?}. Fix: use backend=\"cpu\" (parallel), backend=\"cuda\" (device 0) or backend=\"cpu-reference\" (the oracle)"
        ))),
    }
}

/// Device 0, opened once per process.
#[cfg(feature = "cuda")]
fn cuda() -> Result<&'static dyn Backend, Error> {
    static CUDA: OnceLock<dwell_cuda::Cuda> = OnceLock::new();
    if let Some(c) = CUDA.get() {
        return Ok(c);
    }
    // Two first calls at once may both open the device; one is kept.
    let opened = dwell_cuda::Cuda::new(0, dwell_cuda::Mode::Resident)?;
    Ok(CUDA.get_or_init(|| opened))
}

/// What to run to get a build with `backend="cuda"`.
pub const CUDA_FIX: &str = "build dwell with its cuda feature: MATURIN_PEP517_ARGS=\"--features python,cuda\" pip install './crates/dwell-py[networkx]' (or maturin build --release --features python,cuda), or use backend=\"cpu\"";

#[cfg(not(feature = "cuda"))]
fn cuda() -> Result<&'static dyn Backend, Error> {
    Err(Error::Unavailable(format!(
        "backend \"cuda\" is not in this build of dwell (the default wheel is CPU-only). Fix: {CUDA_FIX}"
    )))
}

/// The memory a session may use when the caller names no budget: what the
/// process can really use (cgroup, rlimits, MemAvailable) less a margin.
pub fn default_budget() -> u64 {
    MemoryLimits::detect().default_budget().bytes
}

/// Per-arc data beside the ends: label bit masks (`names` name their bits
/// in order, bit 0 first) and f64 weights (finite, non-negative).
#[derive(Debug, Clone, Copy, Default)]
pub struct ArcData<'a> {
    pub labels: Option<&'a [u32]>,
    pub label_names: &'a [String],
    pub weights: Option<&'a [f64]>,
}

/// A graph from parallel arrays of arc ends and their per-arc data.
pub fn from_edges(
    src: &[u64],
    dst: &[u64],
    nodes: Option<u64>,
    directed: bool,
    data: ArcData<'_>,
) -> Result<Graph, Error> {
    let ArcData {
        labels,
        label_names,
        weights,
    } = data;
    if src.len() != dst.len() {
        return Err(Error::Input(format!(
            "src has {} entries but dst has {}. Fix: pass one dst per src",
            src.len(),
            dst.len()
        )));
    }
    if let Some(l) = labels {
        if l.len() != src.len() {
            return Err(Error::Input(format!(
                "labels has {} entries for {} arcs. Fix: pass one label per arc",
                l.len(),
                src.len()
            )));
        }
    }
    if let Some(w) = weights {
        if w.len() != src.len() {
            return Err(Error::Input(format!(
                "weights has {} entries for {} arcs. Fix: pass one weight per arc",
                w.len(),
                src.len()
            )));
        }
    }
    let mut b = GraphBuilder::new(directed);
    if let Some(n) = nodes {
        b.set_nodes(n)?;
    }
    let mut names = LabelNames::default();
    for name in label_names {
        names.bit_for(name)?;
    }
    b.set_label_names(names);
    b.reserve(src.len())?;
    for (i, (&u, &v)) in src.iter().zip(dst).enumerate() {
        b.push_arc(u, v, labels.map(|l| l[i]), weights.map(|w| w[i]))?;
    }
    Ok(b.build()?)
}

/// Read a graph file the way `dwell` does (every format, plain/gz/xz).
/// `ids` is how vertex tokens become ids: `auto` (dwell's default), `index`
/// or `name` (every token a name, integers too: sparse ids compacted).
/// `columns` picks a TSV/CSV file's fields (`src,dst[,label][,weight]`,
/// header names or 1-based positions); `weights` an edge list's or TSV/CSV
/// file's weight field (a position or a header name).
pub fn load(
    path: &Path,
    directed: Option<bool>,
    format: Option<&str>,
    ids: Option<&str>,
    columns: Option<&str>,
    weights: Option<&str>,
) -> Result<Graph, Error> {
    let format = match format {
        None => None,
        Some(name) => Some(Format::from_name(name).ok_or_else(|| {
            Error::Input(format!(
                "unknown format {name:?}. Fix: pass format=\"edgelist\", \"mtx\", \"dimacs\", \"tsv\" or \"csv\", or leave format out to detect it"
            ))
        })?),
    };
    let ids = match ids {
        None => IdMode::Auto,
        Some(name) => IdMode::from_name(name).ok_or_else(|| {
            Error::Input(format!(
                "unknown ids mode {name:?}. Fix: pass ids=\"auto\" (the default), \"index\" or \"name\""
            ))
        })?,
    };
    let opts = LoadOptions {
        directed,
        format,
        ids,
        columns: columns.map(str::to_string),
        weights: weights.map(str::to_string),
        ..Default::default() // max_nodes: dwell's limit
    };
    Ok(formats::load(path, &opts)?)
}

/// The graph's vertex names in id order (files with named vertices), or
/// `None` when its vertices are plain indices.
pub fn vertex_names(g: &Graph) -> Option<Vec<String>> {
    let names = g.vertex_names()?;
    Some(names.iter().map(|(_, name)| name.to_string()).collect())
}

/// `g` with every arc turned around (labels and weights kept): searches from `v` on it
/// are searches *into* `v` on `g`. An undirected graph is its own reverse.
pub fn reversed(g: &Graph) -> Result<Graph, Error> {
    let csr = g.forward();
    let mut b = GraphBuilder::new(g.is_directed());
    b.set_nodes(g.nodes() as u64)?;
    b.set_label_names(g.label_names().clone());
    b.reserve(g.arcs())?;
    for v in 0..g.nodes() as u32 {
        for i in csr.range(v) {
            let (label, weight) = (csr.labels().map(|l| l[i]), csr.weights().map(|w| w[i]));
            if g.is_directed() {
                b.push_arc(u64::from(csr.targets()[i]), u64::from(v), label, weight)?;
            } else if csr.targets()[i] >= v {
                // Undirected arcs are stored both ways; push each edge once.
                b.push_arc(u64::from(v), u64::from(csr.targets()[i]), label, weight)?;
            }
        }
    }
    Ok(b.build()?)
}

/// What one call's session did, as JSON documents (the Python side turns
/// them into dicts).
#[derive(Debug, Clone)]
pub struct Report {
    pub backend: &'static str,
    pub plan: String,
    pub counters: String,
    pub reuse: String,
}

/// A dwell session kept open across calls — a Python `with g.session()`
/// block, on one graph: the first call opens it (the one upload), each later
/// call re-plans it for its own query (own runs, sizes, budget check), runs
/// and reads back, the graph staying resident. The session lives on its
/// [`Worker`]'s thread (the one `dwell serve` uses too): it borrows its
/// graph, and a device context belongs to the thread that made it. Calls
/// from several threads take turns.
pub struct Live {
    backend: &'static dyn Backend,
    graph: Arc<Graph>,
    worker: Worker<Graph>,
}

impl Live {
    pub fn new(backend: &'static dyn Backend, graph: Arc<Graph>) -> Result<Live, Error> {
        let name = format!("dwell-{}-session", backend.name());
        let worker = Worker::spawn(name, Arc::clone(&graph)).map_err(|e| {
            Error::Input(format!(
                "cannot start the session's thread: {e}. Fix: close other sessions, or raise the process's thread limit"
            ))
        })?;
        Ok(Live {
            backend,
            graph,
            worker,
        })
    }

    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// `runs` runs of `q` within `budget` bytes on the resident session,
    /// read back once: the last run's output and this call's report.
    pub fn run(&self, q: &Query, runs: u64, budget: u64) -> Result<(Output, Report), Error> {
        if runs == 0 {
            return Err(Error::Input(
                "repeat=0 runs nothing. Fix: pass repeat=1 or more".into(),
            ));
        }
        let (backend, q) = (self.backend, q.clone());
        self.worker
            .call(move |g, session| call(backend, g, session, &q, runs, budget))
            .map_err(|e| Error::Input(e.to_string()))?
    }
}

/// One call on the session thread: open the session (first call) or
/// re-plan it, run, read back. A query refused at planning leaves the
/// session as it was; a failure after that drops it.
fn call<'s>(
    backend: &'s dyn Backend,
    g: &'s Graph,
    session: &mut Option<Session<'s>>,
    q: &Query,
    runs: u64,
    budget: u64,
) -> Result<(Output, Report), Error> {
    let plan = Session::plan_query(backend, g, q, runs, budget)?;
    let result = (|| {
        let s = Session::open_or_replan(session, backend, g, plan)?;
        for _ in 0..runs {
            s.run(q)?;
        }
        s.read_back()
    })();
    let mut report = match result {
        Ok(r) => r,
        Err(e) => {
            *session = None;
            return Err(e.into());
        }
    };
    let out = report.outputs.pop().ok_or(SessionError::NoOutput)?;
    let json = |v: serde_json::Result<String>| v.expect("plain structs serialize");
    Ok((
        out,
        Report {
            backend: report.backend,
            plan: json(serde_json::to_string(&report.plan)),
            counters: json(serde_json::to_string(&report.counters)),
            reuse: json(serde_json::to_string(&report.reuse)),
        },
    ))
}

/// Per source, the number of vertices at each distance (index 0: the
/// source itself).
pub fn level_counts(levels: &[u32]) -> Vec<u64> {
    let mut counts = Vec::new();
    for &l in levels.iter().filter(|&&l| l != NO_VERTEX) {
        let l = l as usize;
        if l >= counts.len() {
            counts.resize(l + 1, 0);
        }
        counts[l] += 1;
    }
    counts
}

/// Σ 1/d over the vertices at distance d ≥ 1, from per-level counts.
pub fn harmonic_sum(counts: &[u64]) -> f64 {
    counts
        .iter()
        .enumerate()
        .skip(1)
        .map(|(d, &c)| c as f64 / d as f64)
        .sum()
}

/// Harmonic sums Σ_{v ≠ s} 1/d(s, v) for every source `s` (NetworkX's
/// harmonic centrality of `s` is this on the reversed graph), from the
/// `cpu` kernel's per-level counts ([`dwell::analysis::bfs::level_counts`],
/// whatever the session's backend): no level arrays, so a source costs its
/// reach, not `n`, and holds its depth in words. Sources and budget are
/// checked as for a BFS summary batch of the same sources, which plans the
/// same sweeps; that plan comes back as JSON with the sums (the memory a
/// caller estimates from, as with the other calls' plans).
pub fn harmonic(live: &Live, sources: &[u32], budget: u64) -> Result<(Vec<f64>, String), Error> {
    let g = live.graph();
    let q = Query::Bfs(BfsQuery {
        sources: sources.to_vec(),
        keep_levels: false,
    });
    let plan = Session::plan_query(live.backend, g, &q, 1, budget)?;
    let (counters, workspace) = (Counters::default(), Workspace::default());
    let ctx = Ctx::new(&counters, &workspace);
    let counts = dwell::analysis::bfs::level_counts(g, sources, &ctx);
    let sums = counts.iter().map(|c| harmonic_sum(c)).collect();
    let plan = serde_json::to_string(&plan).expect("plain structs serialize");
    Ok((sums, plan))
}

/// Levels as int32 with −1 for unreached vertices (numpy's natural form).
pub fn levels_i32(levels: &[u32]) -> Result<Vec<i32>, Error> {
    levels
        .iter()
        .map(|&l| match l {
            NO_VERTEX => Ok(-1),
            l => i32::try_from(l).map_err(|_| {
                Error::Input(format!(
                    "a BFS level of {l} does not fit int32. Fix: ask for summaries (levels=False) on graphs this deep"
                ))
            }),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A graph of the repository's data/graphs (provenance in data/README.md).
    fn bundled(name: &str) -> Arc<Graph> {
        let path = format!(
            "{}/../../data/graphs/{name}.edges.xz",
            env!("CARGO_MANIFEST_DIR")
        );
        Arc::new(load(Path::new(&path), None, None, None, None, None).unwrap())
    }

    fn live(backend: &'static dyn Backend, g: &Arc<Graph>) -> Live {
        Live::new(backend, Arc::clone(g)).unwrap()
    }

    fn graph(directed: bool, arcs: &[(u64, u64)], n: u64) -> Graph {
        let (src, dst): (Vec<u64>, Vec<u64>) = arcs.iter().copied().unzip();
        from_edges(&src, &dst, Some(n), directed, ArcData::default()).unwrap()
    }

    #[test]
    fn errors_split_at_fix() {
        let e = backend("gpu").err().unwrap();
        let (msg, fix) = e.split();
        assert!(msg.starts_with("unknown backend \"gpu\""), "{msg}");
        assert!(fix.starts_with("use backend=\"cpu\""), "{fix}");
        let e = from_edges(&[0, 5], &[1, 2], Some(3), true, ArcData::default()).unwrap_err();
        assert!(e.split().0.contains("vertex id 5 is out of range"), "{e}");
    }

    /// Messages a Python caller sees name Python arguments, never CLI
    /// flags, and give id ranges as first and last id (4 nodes: 0 to 3).
    #[test]
    fn errors_speak_python() {
        let g = Arc::new(graph(true, &[(0, 1), (1, 2), (2, 3)], 4));
        let on = live(&Cpu, &g);
        let bfs = |sources: Vec<u32>| {
            Query::Bfs(BfsQuery {
                sources,
                keep_levels: false,
            })
        };
        let e = on.run(&bfs(vec![4]), 1, 1 << 30).unwrap_err();
        let (msg, fix) = e.split();
        assert!(msg.contains("the graph has 4 nodes (ids 0 to 3)"), "{msg}");
        assert_eq!(fix, "pass source ids 0 to 3");
        assert_eq!(e.kind(), Kind::Value);
        let e = on.run(&bfs(vec![]), 1, 1 << 30).unwrap_err();
        let (msg, fix) = e.split();
        assert_eq!(msg, "no source vertices given.");
        assert!(fix.contains("sources=[0, 5, 9]"), "{fix}");
        let e = on.run(&bfs((0..4).collect()), 1, 64).unwrap_err();
        let (msg, fix) = e.split();
        assert!(msg.contains("budget is 64 bytes"), "{msg}");
        assert!(fix.contains("budget_bytes="), "{fix}");
        assert_eq!(e.kind(), Kind::Budget);
        let e = from_edges(&[0, 5], &[1, 2], Some(4), true, ArcData::default()).unwrap_err();
        let (msg, fix) = e.split();
        assert!(msg.contains("(ids 0 to 3)"), "{msg}");
        assert!(fix.contains("n="), "{fix}");
        let e = load(
            Path::new("/nonexistent/graph.edges"),
            None,
            None,
            None,
            None,
            None,
        )
        .unwrap_err();
        assert_eq!(e.kind(), Kind::Os);
        let e = load(Path::new("/x"), None, None, Some("names"), None, None).unwrap_err();
        assert!(e.split().1.contains("ids=\"auto\""), "{e}");
        for e in [e, backend("gpu").err().unwrap()] {
            let (msg, fix) = e.split();
            assert!(!msg.contains("--") && !fix.contains("--"), "{msg} {fix}");
        }
    }

    /// A file dwell cannot parse is a ValueError whose hint names `load`'s
    /// arguments (`ids=`, `columns=`), never the CLI's flags.
    #[test]
    fn file_errors_speak_python() {
        let dir = std::env::temp_dir().join(format!("dwell-py-parse-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (tsv, edges) = (dir.join("named.tsv"), dir.join("named.edges"));
        std::fs::write(&tsv, "libc6\tzlib1g\n").unwrap();
        std::fs::write(&edges, "libc6 zlib1g\n").unwrap();
        for (path, words) in [(&tsv, "columns=\""), (&edges, "ids=\"auto\"")] {
            let e = load(path, None, None, Some("index"), None, None).unwrap_err();
            let (msg, fix) = e.split();
            assert_eq!(e.kind(), Kind::Value, "{msg}");
            assert!(
                fix.contains(words) && !format!("{msg}{fix}").contains("--"),
                "{msg} {fix}"
            );
        }
        std::fs::write(&tsv, "child\tparent\nb\ta\n").unwrap();
        let g = load(&tsv, None, None, None, Some("parent,child"), None).unwrap();
        assert_eq!(vertex_names(&g).unwrap(), ["a", "b"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn named_files_keep_their_names() {
        let dir = std::env::temp_dir().join(format!("dwell-py-names-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("named.edges");
        std::fs::write(&path, "libc6 zlib1g\nzlib1g bash\n0 1000\n").unwrap();
        let g = load(&path, None, None, None, None, None).unwrap();
        assert_eq!(
            vertex_names(&g).unwrap(),
            ["libc6", "zlib1g", "bash", "0", "1000"]
        );
        std::fs::write(&path, "0 1000\n1000 5000000\n").unwrap();
        assert_eq!(
            load(&path, None, None, Some("index"), None, None)
                .unwrap()
                .nodes(),
            5_000_001
        );
        let g = load(&path, None, None, Some("name"), None, None).unwrap();
        assert_eq!(
            (g.nodes(), vertex_names(&g).unwrap()),
            (3, vec!["0".into(), "1000".into(), "5000000".into()])
        );
        assert!(
            vertex_names(&load(&path, None, None, Some("index"), None, None).unwrap()).is_none()
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn mismatched_arrays_are_refused() {
        let e = from_edges(&[0, 1], &[1], None, true, ArcData::default()).unwrap_err();
        assert!(e.to_string().ends_with("Fix: pass one dst per src"));
        let e = from_edges(
            &[0],
            &[1],
            None,
            true,
            ArcData {
                labels: Some(&[1, 2]),
                ..ArcData::default()
            },
        )
        .unwrap_err();
        assert!(e.to_string().contains("labels has 2 entries for 1 arcs"));
        let weights = ArcData {
            weights: Some(&[1.0, 2.0]),
            ..ArcData::default()
        };
        let e = from_edges(&[0], &[1], None, true, weights).unwrap_err();
        assert!(e.to_string().contains("weights has 2 entries for 1 arcs"));
    }

    /// Weights travel with their arcs through `from_edges` and `reversed`,
    /// and shortest paths on the reverse are the oracle's lengths *into*
    /// the source; a PageRank that does not converge under NetworkX's rule
    /// is its own kind of error, with Python's argument names.
    #[test]
    fn weights_reach_the_session_and_failures_speak_python() {
        let (src, dst, w) = ([0u64, 1, 0, 2], [1u64, 2, 2, 3], [1.5, 2.0, 4.0, 0.25]);
        let data = ArcData {
            weights: Some(&w),
            ..ArcData::default()
        };
        let g = Arc::new(from_edges(&src, &dst, None, true, data).unwrap());
        let r = Arc::new(reversed(&g).unwrap());
        assert_eq!(r.forward().weights().unwrap().len(), 4);
        let q = Query::Sssp(dwell::analysis::SsspQuery {
            sources: vec![3],
            delta: None,
            parents: false,
        });
        let (Output::Sssp(into), _) = live(&Cpu, &r).run(&q, 1, 1 << 30).unwrap() else {
            unreachable!()
        };
        assert_eq!(into.sources[0].dist, [3.75, 2.25, 0.25, 0.0]);
        let q = Query::PageRank(dwell::analysis::PageRankQuery {
            max_iterations: 1,
            ..Default::default()
        });
        let e = live(&Cpu, &g).run(&q, 1, 1 << 30).unwrap_err();
        let (msg, fix) = e.split();
        assert_eq!(e.kind(), Kind::NotConverged);
        assert!(msg.contains("did not converge in 1 iterations"), "{msg}");
        assert!(
            fix.contains("max_iter=") && fix.contains("stop=\"gapbs\""),
            "{fix}"
        );
        assert!(!fix.contains("--"), "{fix}");
    }

    #[test]
    fn harmonic_of_a_path() {
        // 0 → 1 → 2 → 3: from 0, distances 1, 2, 3.
        let g = Arc::new(graph(true, &[(0, 1), (1, 2), (2, 3)], 4));
        let (h, plan) = harmonic(&live(&Cpu, &g), &[0, 3], 1 << 30).unwrap();
        assert_eq!(h, vec![1.0 + 0.5 + 1.0 / 3.0, 0.0]);
        // The plan of a BFS summary batch of the same sources.
        let v: serde_json::Value = serde_json::from_str(&plan).unwrap();
        assert!(v["frontier_bytes"].as_u64().unwrap() > 0, "{plan}");
        let r = Arc::new(reversed(&g).unwrap());
        let (h, _) = harmonic(&live(&Cpu, &r), &[3], 1 << 30).unwrap();
        assert_eq!(h, vec![1.0 + 0.5 + 1.0 / 3.0]);
    }

    /// One live session answers differently sized queries with one upload,
    /// each as a fresh one-query session would; a query refused at planning
    /// (over budget) leaves it open and resident.
    #[test]
    fn a_live_session_uploads_once_and_answers_every_query_as_the_oracle() {
        let g = bundled("dolphins");
        let on_cpu = live(&Cpu, &g);
        let queries = [
            Query::Bfs(BfsQuery {
                sources: vec![0],
                keep_levels: true,
            }),
            Query::Bfs(BfsQuery {
                sources: (0..62).collect(),
                keep_levels: false,
            }),
            Query::Wcc,
            Query::Bfs(BfsQuery {
                sources: (0..62).rev().collect(),
                keep_levels: true,
            }),
        ];
        let uploads = |r: &Report| {
            let c: serde_json::Value = serde_json::from_str(&r.counters).unwrap();
            (
                c["graph_uploads"].as_u64().unwrap(),
                c["runs"].as_u64().unwrap(),
            )
        };
        for (i, q) in queries.iter().enumerate() {
            let (got, rep) = on_cpu.run(q, 3, 1 << 30).unwrap();
            let (want, _) = live(&CpuReference, &g).run(q, 1, 1 << 30).unwrap();
            assert_eq!(got, want, "query {i}");
            assert_eq!(uploads(&rep), (u64::from(i == 0), 3), "query {i}");
        }
        let e = on_cpu.run(&queries[1], 1, 64).unwrap_err();
        assert!(e.to_string().contains("Fix:"), "{e}");
        let (_, rep) = on_cpu.run(&queries[0], 1, 1 << 30).unwrap();
        assert_eq!(uploads(&rep), (0, 1), "still resident after a refusal");
    }

    /// `backend="cuda"`: on the simulated device (feature `cuda-sim`) its
    /// answers equal the oracle's; on a machine without a driver, opening it
    /// is an error with a `Fix:`, not a panic; in a build without feature
    /// `cuda`, an error naming the feature.
    #[test]
    fn cuda_answers_as_the_oracle_or_says_how_to_get_a_device() {
        let g = bundled("karate");
        let cuda = match backend("cuda") {
            Ok(b) => b,
            Err(e) => {
                if cfg!(feature = "cuda-sim") {
                    panic!("the simulated device opens: {e}");
                }
                let (message, fix) = e.split();
                assert!(!message.is_empty() && !fix.is_empty(), "{e}");
                if !cfg!(feature = "cuda") {
                    assert!(message.contains("not in this build"), "{message}");
                    assert!(fix.contains("--features python,cuda"), "{fix}");
                    assert_eq!(e.kind(), Kind::Refused);
                }
                return;
            }
        };
        let same = |b: &dyn Backend| backend("cuda").map(|c| std::ptr::eq(c, b)).unwrap_or(false);
        assert!(same(cuda), "one device per process");
        // One live session for every query: one upload.
        let on_cuda = live(cuda, &g);
        let mut uploads = 0;
        for q in [
            Query::Bfs(BfsQuery {
                sources: (0..34).collect(),
                keep_levels: true,
            }),
            Query::Wcc,
        ] {
            let (got, rep) = on_cuda.run(&q, 2, 1 << 30).unwrap();
            let (want, _) = live(&CpuReference, &g).run(&q, 1, 1 << 30).unwrap();
            assert_eq!(rep.backend, "cuda");
            let counters: serde_json::Value = serde_json::from_str(&rep.counters).unwrap();
            uploads += counters["graph_uploads"].as_u64().unwrap();
            assert_eq!(got, want);
        }
        assert_eq!(uploads, 1);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Reversing twice gives the same graph, and BFS on the reverse
        /// equals the reference oracle's backward reachability counts.
        #[test]
        fn reversed_is_an_involution(
            directed in any::<bool>(),
            arcs in proptest::collection::vec((0u64..30, 0u64..30), 0..120),
        ) {
            let g = graph(directed, &arcs, 30);
            let r = reversed(&g).unwrap();
            prop_assert_eq!(reversed(&r).unwrap().layout_hash(), g.layout_hash());
            prop_assert_eq!(r.arcs(), g.arcs());
            if !directed {
                prop_assert_eq!(r.layout_hash(), g.layout_hash());
            }
        }

        /// The harmonic sums from the kernel's per-level counts are those
        /// of the reference oracle's level arrays, bit for bit, and near the
        /// direct sum of 1/d. Up to 700 sources: several sweeps, duplicates.
        #[test]
        fn harmonic_sums_match_the_oracle(
            directed in any::<bool>(),
            arcs in proptest::collection::vec((0u64..40, 0u64..40), 1..150),
            count in 1u32..700,
        ) {
            let g = Arc::new(graph(directed, &arcs, 40));
            let sources: Vec<u32> = (0..count).map(|i| i * 7 % 40).collect();
            let q = Query::Bfs(BfsQuery { sources: sources.clone(), keep_levels: true });
            let (Output::Bfs(oracle), _) = live(&CpuReference, &g).run(&q, 1, u64::MAX).unwrap() else {
                unreachable!()
            };
            let (h, _) = harmonic(&live(&Cpu, &g), &sources, 1 << 30).unwrap();
            for (hs, o) in h.iter().zip(&oracle) {
                let levels = o.levels.as_ref().unwrap();
                prop_assert_eq!(hs.to_bits(), harmonic_sum(&level_counts(levels)).to_bits());
                let direct: f64 = levels
                    .iter()
                    .filter(|&&l| l != NO_VERTEX && l > 0)
                    .map(|&l| 1.0 / f64::from(l))
                    .sum();
                prop_assert!((hs - direct).abs() <= 1e-12 * direct.max(1.0));
            }
        }
    }
}
