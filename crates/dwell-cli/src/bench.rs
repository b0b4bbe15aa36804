//! `dwell bench`: time analyses over resident graphs and, in the same run, the
//! scipy.sparse.csgraph peer on the very same CSR and sources.
//!
//! For each graph and analysis: load once, build the query once, open one
//! resident session (which builds the reverse CSR and, on `cpu` over a skewed
//! graph, the degree-grouped copy), run the query once untimed (warm-up),
//! then `--runs` timed runs in the same session; the reported time is the
//! median run divided by the number of queries in it (sources for
//! bfs/reach, 1 for wcc/scc/dataflow).
//!
//! Peers: bfs/reach/wcc/scc → `scripts/scipy_peer.py` (embedded in the
//! binary), run by the first Python that imports scipy: `--python`, then
//! `.venv/bin/python` in the working directory or above it, then `python3`
//! on PATH. The CSR and sources are handed over as raw little-endian arrays,
//! so both sides traverse exactly the same arcs; the peer's checksum (sum of
//! reached counts, or component count) must equal dwell's. When no such
//! Python exists the peer is reported as skipped, never estimated.
//! dataflow → dwell's own `cpu-reference` backend (scipy has no dataflow).
//!
//! Memory: `peak` is this process's VmHWM (`/proc/self/status`) measured
//! from just after loading (the high-water mark is reset through
//! `/proc/self/clear_refs`), so it covers the resident graph plus the
//! query's working set; `×csr` divides the peak above the process's RSS
//! before any graph was loaded (binary, thread pool) by the forward CSR's bytes.

use crate::args::{Analysis, BenchArgs};
use crate::cmd::{load_options, Result};
use dwell::analysis::{self, Direction, FactSets, Meet, Output, Query};
use dwell::backend::Backend;
use dwell::formats;
use dwell::graph::Graph;
use dwell::session::{self, Session};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

const PEER_SCRIPT: &str = include_str!("../../../scripts/scipy_peer.py");

/// One table row.
struct Row {
    graph: String,
    nodes: usize,
    arcs: usize,
    analysis: &'static str,
    queries: usize,
    dwell_us: f64,
    dwell_runs_ms: Vec<f64>,
    peak_kb: Option<u64>,
    /// VmRSS before any graph was loaded (binary, thread pool).
    base_kb: u64,
    csr_bytes: u64,
    peer: Peer,
}

enum Peer {
    Measured {
        name: String,
        us: f64,
        runs_ms: Vec<f64>,
        rss_kb: Option<u64>,
    },
    Skipped(String),
}

pub fn bench(args: &BenchArgs) -> Result<()> {
    if args.runs == 0 {
        return Err("--runs 0 measures nothing. Fix: pass --runs 1 or more".into());
    }
    if args.backend == "cuda" {
        return cuda(args);
    }
    let backend = crate::backends::resolve(&args.backend)?;
    let python = if args.no_peer {
        Err("--no-peer".to_string())
    } else {
        find_python(args.python.as_deref())
    };
    rayon::current_num_threads(); // start the pool before the baseline
    let base_kb = read_kb("VmRSS:").unwrap_or(0);
    let mut rows = Vec::new();
    for path in &args.graphs {
        if crate::program_cmd::is_bundle(path) {
            for &a in &args.analysis {
                let mut row = bench_program(args, backend.as_ref(), path, a)?;
                row.base_kb = base_kb;
                if !args.json {
                    eprintln!("{}", human_row(&row));
                }
                rows.push(row);
            }
            continue;
        }
        let g = formats::load(path, &load_options(args.directed, args.undirected))?;
        let sources = dwell::sources::parse_spec(&g, &args.sources, args.seed)?;
        for &a in &args.analysis {
            let mut row = bench_one(args, backend.as_ref(), &g, path, a, &sources, &python)?;
            row.base_kb = base_kb;
            if !args.json {
                eprintln!("{}", human_row(&row));
            }
            rows.push(row);
        }
    }
    if args.json {
        let v = json!({
            "backend": backend.name(),
            "runs": args.runs,
            "sources": args.sources,
            "seed": args.seed,
            "threads": rayon::current_num_threads(),
            "rows": rows.iter().map(row_json).collect::<Vec<_>>(),
        });
        crate::report::print_json(&v)
    } else {
        println!(
            "backend {}, {} threads, {} timed runs (median), sources {} (seed {})",
            backend.name(),
            rayon::current_num_threads(),
            args.runs,
            args.sources,
            args.seed
        );
        print!("{}", table(&rows));
        Ok(())
    }
}

fn bench_one(
    args: &BenchArgs,
    backend: &dyn Backend,
    g: &Graph,
    path: &Path,
    a: Analysis,
    sources: &[u32],
    python: &std::result::Result<PathBuf, String>,
) -> Result<Row> {
    let query = match a {
        Analysis::Bfs => Query::Bfs(analysis::BfsQuery {
            sources: sources.to_vec(),
            keep_levels: false,
        }),
        Analysis::Reach => Query::Reach(analysis::ReachQuery {
            sources: sources.to_vec(),
            ..Default::default()
        }),
        Analysis::Wcc => Query::Wcc,
        Analysis::Scc => Query::Scc,
        Analysis::Dataflow => Query::Dataflow(synthetic_dataflow(g, args.facts, args.seed)),
        other => {
            return Err(format!(
                "dwell bench does not time {other:?} yet. Fix: use --analysis bfs,reach,wcc,scc,dataflow"
            )
            .into())
        }
    };
    let queries = match &query {
        Query::Bfs(q) => q.sources.len(),
        Query::Reach(q) => q.sources.len(),
        _ => 1,
    };
    reset_peak();
    let (runs_ms, warm) = time_session(backend, g, &query, args.runs)?;
    let peak_kb = read_kb("VmHWM:");
    let dwell_us = median(&runs_ms) * 1e3 / queries as f64;
    let peer = match a {
        Analysis::Dataflow => reference_peer(&query, g, args.runs, &warm)?,
        _ => match python {
            Ok(py) => scipy_peer(py, g, a, sources, args.runs, checksum(&warm))?,
            Err(why) => Peer::Skipped(format!("scipy skipped: {why}")),
        },
    };
    Ok(Row {
        graph: path.file_name().map_or_else(
            || path.display().to_string(),
            |f| f.to_string_lossy().into(),
        ),
        nodes: g.nodes(),
        arcs: g.arcs(),
        analysis: query.name(),
        queries,
        dwell_us,
        dwell_runs_ms: runs_ms,
        peak_kb,
        base_kb: 0,
        csr_bytes: g.forward_bytes(),
        peer,
    })
}

/// Time `runs` runs of `query` in one session over the resident graph, after
/// one untimed warm-up run in the same session (so, as in real use, the graph
/// is made resident once and the kernels' buffers are reused). Returns each
/// run's milliseconds and the output read back at the end.
fn time_session(
    backend: &dyn Backend,
    g: &Graph,
    query: &Query,
    runs: usize,
) -> Result<(Vec<f64>, Output)> {
    let total = u64::try_from(runs)?
        .checked_add(1)
        .ok_or("--runs is too large. Fix: pass fewer runs")?;
    let plan = session::plan(&session::profile::derive(
        backend,
        g,
        query,
        total,
        u64::MAX,
    )?)?;
    let mut s = Session::open(backend, g, plan)?;
    s.run(query)?;
    let mut runs_ms = Vec::with_capacity(runs);
    for _ in 0..runs {
        let t = Instant::now();
        s.run(query)?;
        runs_ms.push(t.elapsed().as_secs_f64() * 1e3);
    }
    let mut report = s.finish()?;
    let out = report
        .outputs
        .pop()
        .ok_or("the session read back no output. Fix: this is a bug; please report it")?;
    Ok((runs_ms, out))
}

/// Liveness or reaching definitions over every defined function of a program
/// bundle: the per-function problems are built once (untimed); a timed run
/// solves all of them (functions in parallel, as `dwell run` does). The peer
/// is the same harness on `cpu-reference`, and both must reach the same
/// fixpoints.
fn bench_program(args: &BenchArgs, backend: &dyn Backend, path: &Path, a: Analysis) -> Result<Row> {
    use dwell::program::{bundle, dataflow as pdf};
    use rayon::prelude::*;
    let which = match a {
        Analysis::Liveness => pdf::Analysis::Liveness,
        Analysis::ReachingDefs => pdf::Analysis::ReachingDefs,
        other => {
            return Err(format!(
                "dwell bench on a program bundle times liveness and reaching-defs, not {other:?}. Fix: pass --analysis liveness,reaching-defs"
            )
            .into())
        }
    };
    let b = bundle::read(path)?;
    let flow = b.graph.label_names().resolve("all")?;
    let problems: Vec<pdf::Scoped> = (0..b.functions.len() as u32)
        .filter(|&f| b.functions[f as usize].defined)
        .map(|f| pdf::build(&b, which, pdf::Scope::Function(f), flow))
        .collect::<std::result::Result<_, _>>()?;
    let solve_all = |backend: &dyn Backend| -> Result<(f64, Vec<analysis::DataflowSolution>)> {
        let t = Instant::now();
        let sols = problems
            .par_iter()
            .map(|p| p.solve(backend))
            .collect::<std::result::Result<Vec<_>, _>>()?;
        Ok((t.elapsed().as_secs_f64() * 1e3, sols))
    };
    reset_peak();
    let (_, want) = solve_all(backend)?;
    let mut runs_ms = Vec::with_capacity(args.runs);
    for _ in 0..args.runs {
        runs_ms.push(solve_all(backend)?.0);
    }
    let peak_kb = read_kb("VmHWM:");
    let reference = dwell::backend::CpuReference;
    let mut peer_ms = Vec::with_capacity(args.runs);
    for _ in 0..args.runs {
        let (ms, got) = solve_all(&reference)?;
        if got
            .iter()
            .zip(&want)
            .any(|(x, y)| x.input != y.input || x.output != y.output)
        {
            return Err("cpu and cpu-reference disagree on a program fixpoint. Fix: this is a bug in dwell; please report it with the bundle".into());
        }
        peer_ms.push(ms);
    }
    let nodes: usize = problems.iter().map(|p| p.graph.nodes()).sum();
    let arcs: usize = problems.iter().map(|p| p.graph.arcs()).sum();
    Ok(Row {
        graph: path.file_name().map_or_else(
            || path.display().to_string(),
            |f| f.to_string_lossy().into(),
        ),
        nodes,
        arcs,
        analysis: match which {
            pdf::Analysis::Liveness => "liveness",
            pdf::Analysis::ReachingDefs => "reaching-defs",
        },
        queries: 1,
        dwell_us: median(&runs_ms) * 1e3,
        dwell_runs_ms: runs_ms,
        peak_kb,
        base_kb: 0,
        csr_bytes: b.graph.forward_bytes(),
        peer: Peer::Measured {
            name: "cpu-reference".into(),
            us: median(&peer_ms) * 1e3,
            runs_ms: peer_ms,
            rss_kb: None,
        },
    })
}

/// A forward, union dataflow problem with `facts` facts: every node
/// generates one fact and kills another (seeded, so runs repeat).
fn synthetic_dataflow(g: &Graph, facts: usize, seed: u64) -> analysis::DataflowProblem {
    let n = g.nodes();
    let facts = facts.max(1);
    let mut gen = FactSets::new(n, facts);
    let mut kill = FactSets::new(n, facts);
    let mix = |v: u64, k: u64| {
        let mut x = v
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(seed ^ k.wrapping_mul(0xBF58_476D_1CE4_E5B9));
        x ^= x >> 31;
        x = x.wrapping_mul(0x94D0_49BB_1331_11EB);
        x ^ (x >> 29)
    };
    for v in 0..n as u32 {
        gen.set(v, (mix(v.into(), 1) % facts as u64) as u32);
        kill.set(v, (mix(v.into(), 2) % facts as u64) as u32);
    }
    analysis::DataflowProblem::new(Direction::Forward, Meet::Union, gen, kill)
}

fn checksum(out: &Output) -> u64 {
    match out {
        Output::Bfs(r) => r.iter().map(|x| x.reached).sum(),
        Output::Reach(r) => r.iter().map(|x| x.reached).sum(),
        Output::Wcc(c) | Output::Scc(c) => c.count,
        Output::Taint(_) | Output::Dataflow(_) => 0,
    }
}

/// dwell's single-threaded oracle as the dataflow peer.
fn reference_peer(query: &Query, g: &Graph, runs: usize, want: &Output) -> Result<Peer> {
    let (runs_ms, out) = time_session(&dwell::backend::CpuReference, g, query, runs)?;
    let same = match (&out, want) {
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

fn scipy_peer(
    python: &Path,
    g: &Graph,
    a: Analysis,
    sources: &[u32],
    runs: usize,
    want: u64,
) -> Result<Peer> {
    let name = match a {
        Analysis::Bfs => "bfs",
        Analysis::Reach => "reach",
        Analysis::Wcc => "wcc",
        Analysis::Scc => "scc",
        _ => unreachable!("only traversal and components have a scipy peer"),
    };
    let dir = tempfile::tempdir()?;
    let csr = g.forward();
    let le64: Vec<u8> = csr.offsets().iter().flat_map(|x| x.to_le_bytes()).collect();
    let le32 = |xs: &[u32]| -> Vec<u8> { xs.iter().flat_map(|x| x.to_le_bytes()).collect() };
    std::fs::write(dir.path().join("offsets.u64"), le64)?;
    std::fs::write(dir.path().join("targets.u32"), le32(csr.targets()))?;
    std::fs::write(dir.path().join("sources.u32"), le32(sources))?;
    let script = dir.path().join("scipy_peer.py");
    std::fs::write(&script, PEER_SCRIPT)?;
    let out = Command::new(python)
        .arg(&script)
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
    let got = v["checksum"].as_u64().unwrap_or(u64::MAX);
    if got != want {
        return Err(format!(
            "scipy's answer ({got}) differs from dwell's ({want}) for {name}. Fix: this is a bug; please report it with the graph"
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
fn find_python(explicit: Option<&Path>) -> std::result::Result<PathBuf, String> {
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

fn median(xs: &[f64]) -> f64 {
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

/// Reset VmHWM to the current RSS (Linux ≥ 4.0); harmless elsewhere.
fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

fn read_kb(field: &str) -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with(field))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn mb(kb: u64) -> f64 {
    kb as f64 / 1024.0
}

fn human_row(r: &Row) -> String {
    let peer = match &r.peer {
        Peer::Measured { name, us, .. } => format!("{name} {us:.1} µs/query"),
        Peer::Skipped(why) => why.clone(),
    };
    format!(
        "  {} {}: dwell {:.1} µs/query; {}",
        r.graph, r.analysis, r.dwell_us, peer
    )
}

fn table(rows: &[Row]) -> String {
    let mut s = String::new();
    s.push_str("| graph | nodes | arcs | analysis | queries | dwell µs/query | peer | peer µs/query | peer/dwell | dwell peak MB | ×csr | peer max RSS MB |\n");
    s.push_str("|---|---:|---:|---|---:|---:|---|---:|---:|---:|---:|---:|\n");
    for r in rows {
        let (peer, peer_us, ratio, peer_rss) = match &r.peer {
            Peer::Measured {
                name, us, rss_kb, ..
            } => (
                name.clone(),
                format!("{us:.1}"),
                format!("{:.1}×", us / r.dwell_us),
                rss_kb.map_or("-".into(), |k| format!("{:.0}", mb(k))),
            ),
            Peer::Skipped(why) => (why.clone(), "-".into(), "-".into(), "-".into()),
        };
        let (peak, times) = match r.peak_kb {
            Some(k) => (
                format!("{:.0}", mb(k)),
                format!(
                    "{:.1}",
                    k.saturating_sub(r.base_kb) as f64 * 1024.0 / r.csr_bytes as f64
                ),
            ),
            None => ("-".into(), "-".into()),
        };
        s.push_str(&format!(
            "| {} | {} | {} | {} | {} | {:.1} | {} | {} | {} | {} | {} | {} |\n",
            r.graph,
            r.nodes,
            r.arcs,
            r.analysis,
            r.queries,
            r.dwell_us,
            peer,
            peer_us,
            ratio,
            peak,
            times,
            peer_rss
        ));
    }
    s
}

fn row_json(r: &Row) -> Value {
    let peer = match &r.peer {
        Peer::Measured {
            name,
            us,
            runs_ms,
            rss_kb,
        } => json!({
            "name": name,
            "us_per_query": us,
            "runs_ms": runs_ms,
            "max_rss_kb": rss_kb,
            "ratio": us / r.dwell_us,
        }),
        Peer::Skipped(why) => json!({ "skipped": why }),
    };
    json!({
        "graph": r.graph,
        "nodes": r.nodes,
        "arcs": r.arcs,
        "analysis": r.analysis,
        "queries": r.queries,
        "dwell_us_per_query": r.dwell_us,
        "dwell_runs_ms": r.dwell_runs_ms,
        "dwell_peak_kb": r.peak_kb,
        "dwell_base_kb": r.base_kb,
        "csr_bytes": r.csr_bytes,
        "peer": peer,
    })
}

/// `--backend cuda`: per graph, resident vs host-orchestrated BFS over the same
/// sources, both checked against the CPU (the benchmark itself lives in
/// `dwell_cuda::bench`); optionally one evidence row per graph.
fn cuda(args: &BenchArgs) -> Result<()> {
    if args.analysis.iter().any(|&a| a != Analysis::Bfs) {
        return Err("the cuda benchmark measures bfs for now. Fix: pass --analysis bfs".into());
    }
    if args.runs < 2 {
        return Err("the cuda benchmark compares repeated runs. Fix: pass --runs 2 or more".into());
    }
    let cuda = dwell_cuda::Cuda::new(0, dwell_cuda::Mode::Resident)?;
    let f = cuda.facts();
    println!(
        "device {} ({}): {} bytes, compute capability {}.{}, {} SMs, cooperative grid {} blocks",
        f.ordinal,
        f.name,
        f.memory_bytes,
        f.compute_capability.0,
        f.compute_capability.1,
        f.sms,
        cuda.grid_blocks()
    );
    let mut rows = Vec::new();
    for path in &args.graphs {
        let g = formats::load(path, &load_options(args.directed, args.undirected))?;
        let sources = dwell::sources::parse_spec(&g, &args.sources, args.seed)?;
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |f| f.to_string_lossy().into_owned(),
        );
        let (row, measured) =
            dwell_cuda::bench::bench_bfs(&cuda, &g, &name, sources, args.runs as u64)?;
        if let Some(file) = &args.evidence {
            let sample = dwell::evidence::sample(&measured)?;
            match dwell_cuda::bench::evidence_row(&sample) {
                Ok(line) => {
                    dwell_cuda::bench::append_evidence(file, &line)?;
                    println!("appended evidence row for {name} to {}", file.display());
                }
                Err(e) => println!("no evidence row for {name}: {e}"),
            }
        }
        rows.push(row);
    }
    print!("{}", dwell_cuda::bench::table(&rows));
    Ok(())
}
