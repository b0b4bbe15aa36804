//! `dwell bench`: time analyses over resident graphs and, in the same run,
//! their peers ([`crate::peer`]) on the very same CSR and sources.
//!
//! For each graph and analysis: load once, build the query once, and time it
//! with the library's one harness ([`dwell::bench::time_session`]): one
//! resident session (which builds the reverse CSR and, on `cpu` over a
//! skewed graph, the degree-grouped copy), one untimed warm-up run, then
//! `--runs` timed runs; the answer is checked by the analysis's verifier
//! before a number is reported. The reported time is the median run divided
//! by the number of queries in it, as the analysis declares it
//! (`Query::queries`: sources for bfs/reach/taint, 1 for whole-graph analyses). Each row goes to stderr as it finishes; the table (or
//! JSON) to stdout at the end.
//!
//! Memory: `peak` is this process's VmHWM (`/proc/self/status`) measured
//! from just after loading (the high-water mark is reset through
//! `/proc/self/clear_refs`), so it covers the resident graph plus the
//! query's working set; `×csr` divides the peak above the process's RSS
//! before any graph was loaded (binary, thread pool) by the forward CSR's bytes.

use crate::args::{AnalysisName, BenchArgs};
use crate::backends::{self, Chosen};
use crate::error::Result;
use crate::input::{load_options, short_name, Input};
use crate::peer::{self, median, millis, Peer};
use crate::program;
use crate::progress::Bar;
use crate::query;
use crate::report::Budget;
use crate::report::{outln, Out};
use dwell::analysis::{self, Direction, FactSets, Meet, Query};
use dwell::backend::{Backend, CpuReference};
use dwell::bench::{BenchError, Harness};
use dwell::graph::Graph;
use dwell::program::{problems, Bundle};
use dwell::progress::Steps;
use serde_json::{json, Value};
use std::path::Path;
use std::time::Instant;

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

pub fn bench(args: &BenchArgs) -> Result<()> {
    if args.runs == 0 {
        return Err("--runs 0 measures nothing. Fix: pass --runs 1 or more".into());
    }
    let backend = match backends::resolve(&args.backend)? {
        // The device's benchmark compares its three modes, which only it has.
        Chosen::Cuda(cuda) => return crate::bench_cuda::bench(&cuda, args),
        Chosen::Host(backend) => backend,
    };
    let scipy = scipy_peer(args)?;
    // Read before any graph is loaded, as `dwell run` does.
    let budget = Budget::from_flag(args.budget_bytes);
    rayon::current_num_threads(); // start the pool before the baseline
    let base_kb = read_kb("VmRSS:").unwrap_or(0);
    let bar = Bar::start("bench");
    let mut rows = Vec::new();
    for path in &args.graphs {
        let loaded = Input::load(path, &load_options(args.directed, args.undirected), &bar)?;
        let sources = match &loaded.input {
            Input::Graph(g) => bench_sources(args, g)?,
            Input::Bundle(_) => Vec::new(),
        };
        for &a in &args.analysis {
            bar.phase(format!("{} {a:?}", short_name(path)));
            let mut row = match &loaded.input {
                Input::Graph(g) => bench_graph(
                    args,
                    backend.as_ref(),
                    g,
                    path,
                    a,
                    &sources,
                    &scipy,
                    budget.bytes(),
                    &bar,
                )?,
                Input::Bundle(b) => {
                    bench_program(args, backend.as_ref(), b, path, a, budget.bytes(), &bar)?
                }
            };
            row.base_kb = base_kb;
            bar.line(&human_row(&row));
            rows.push(row);
        }
    }
    bar.finish();
    if args.json {
        let v = json!({
            "backend": backend.name(),
            "runs": args.runs,
            "sources": args.sources,
            "seed": args.seed,
            "threads": rayon::current_num_threads(),
            "budget": budget.json(),
            "rows": rows.iter().map(row_json).collect::<Vec<_>>(),
        });
        crate::report::print_json(&v)
    } else {
        outln!(
            Out::Stdout,
            "backend {}, {} threads, {} timed runs (median), sources {} (seed {})",
            backend.name(),
            rayon::current_num_threads(),
            args.runs,
            args.sources,
            args.seed
        );
        Out::Stdout.write(&table(&rows));
        Ok(())
    }
}

/// `--sources` on `g`, or none when no analysis asked for takes sources
/// (a whole-graph analysis on a graph smaller than the default
/// `random:64` is not refused over a flag it does not use). An analysis
/// takes sources when it needs them, or when it counts them as its
/// questions (betweenness: a sample, exact without).
fn bench_sources(args: &BenchArgs, g: &Graph) -> Result<Vec<u32>> {
    let takes_sources = args.analysis.iter().any(|&a| {
        query::with_sources(a, Vec::new()).is_ok_and(|q| q.validate(g).is_err())
            || query::with_sources(a, vec![0, 1]).is_ok_and(|q| q.queries() == 2)
    });
    if !takes_sources {
        return Ok(Vec::new());
    }
    Ok(dwell::sources::parse_spec(g, &args.sources, args.seed)?)
}

/// The scipy peer for the analyses scipy has, or why it is skipped. Its
/// script must exist when one of them is asked for (an error otherwise); a
/// missing Python only skips the peer.
fn scipy_peer(args: &BenchArgs) -> Result<std::result::Result<peer::Scipy, String>> {
    if args.no_peer {
        return Ok(Err("--no-peer".to_string()));
    }
    // The analyses declare their peer (`Analysis::SCIPY_PEER`).
    let wanted = args
        .analysis
        .iter()
        .any(|&a| Query::has_scipy_peer(&query::name(a)));
    if !wanted {
        return Ok(Err("scipy has none of these analyses".to_string()));
    }
    let script = peer::script(args.peer_script.as_deref())?;
    Ok(peer::find_python(args.python.as_deref()).map(|python| peer::Scipy { python, script }))
}

#[allow(clippy::too_many_arguments)] // one row's inputs, all distinct
fn bench_graph(
    args: &BenchArgs,
    backend: &dyn Backend,
    g: &Graph,
    path: &Path,
    a: AnalysisName,
    sources: &[u32],
    scipy: &std::result::Result<peer::Scipy, String>,
    budget_bytes: u64,
    bar: &Bar,
) -> Result<Row> {
    // Every analysis with a default query (the registry's) is timed as
    // declared; dataflow needs sets, made up here.
    let query = match a {
        AnalysisName::Dataflow => Query::Dataflow(synthetic_dataflow(g, args.facts, args.seed)),
        other => query::with_sources(other, sources.to_vec()).map_err(|_| {
            format!(
                "dwell bench does not time {} on a graph. Fix: use --analysis with any of {}",
                query::name(other),
                Query::NAMES.join(",")
            )
        })?,
    };
    // The analysis says how many questions one run answers (no list here
    // to forget a new batched analysis in).
    let queries = usize::try_from(query.queries())
        .unwrap_or(usize::MAX)
        .max(1);
    // The verifier runs after the peak is read: its own working set (an
    // oracle's, for some analyses) is not dwell's.
    let h = Harness {
        runs: args.runs,
        warm_up: true,
        verify: false,
        budget_bytes,
    };
    reset_peak();
    let timing = dwell::bench::time_session(backend, g, &query, &h, bar)?;
    let peak_kb = read_kb("VmHWM:");
    query
        .verify(g, &timing.output)
        .map_err(|violation| BenchError::Wrong {
            backend: backend.name(),
            analysis: query.name(),
            violation,
        })?;
    let runs_ms = millis(&timing.runs);
    let dwell_us = median(&runs_ms) * 1e3 / queries as f64;
    let peer = if peer::scipy_has(&query) {
        match scipy {
            Ok(scipy) => peer::scipy(
                scipy,
                g,
                &query,
                sources,
                args.runs,
                peer::checksum(&timing.output),
            )?,
            Err(why) => Peer::Skipped(format!("scipy skipped: {why}")),
        }
    } else if let Query::Dataflow(_) = query {
        peer::reference(&query, g, args.runs, &timing.output, bar)?
    } else {
        Peer::Skipped(format!("no peer for {}", query.name()))
    };
    Ok(Row {
        graph: short_name(path),
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

/// Liveness or reaching definitions over every defined function of a program
/// bundle: the per-function problems are built once (untimed); a timed run
/// solves all of them (functions in parallel, as `dwell run` does). The peer
/// is the same loop on `cpu-reference`, and both must reach the same
/// fixpoints.
fn bench_program(
    args: &BenchArgs,
    backend: &dyn Backend,
    b: &Bundle,
    path: &Path,
    a: AnalysisName,
    budget_bytes: u64,
    bar: &Bar,
) -> Result<Row> {
    use rayon::prelude::*;
    let which = match a {
        AnalysisName::Liveness => problems::Problem::Liveness,
        AnalysisName::ReachingDefs => problems::Problem::ReachingDefs,
        other => {
            return Err(format!(
                "dwell bench on a program bundle times liveness and reaching-defs, not {other:?}. Fix: pass --analysis liveness,reaching-defs"
            )
            .into())
        }
    };
    let flow = b.graph.label_names().resolve("all")?;
    let problems: Vec<problems::Scoped> = program::defined_functions(b)
        .into_iter()
        .map(|scope| problems::build(b, which, scope, flow))
        .collect::<std::result::Result<_, _>>()?;
    // Runs of both sides, warm-up included, counted on one bar.
    let runs = Steps::new(bar, "runs", 1 + 2 * args.runs as u64);
    let solve_all = |backend: &dyn Backend| -> Result<(f64, Vec<analysis::DataflowSolution>)> {
        let t = Instant::now();
        let sols = problems
            .par_iter()
            .map(|p| p.solve(backend, budget_bytes, &dwell::progress::Quiet))
            .collect::<std::result::Result<Vec<_>, _>>()?;
        runs.add(1);
        Ok((t.elapsed().as_secs_f64() * 1e3, sols))
    };
    reset_peak();
    let (_, want) = solve_all(backend)?;
    let mut runs_ms = Vec::with_capacity(args.runs);
    for _ in 0..args.runs {
        runs_ms.push(solve_all(backend)?.0);
    }
    let peak_kb = read_kb("VmHWM:");
    let mut peer_ms = Vec::with_capacity(args.runs);
    for _ in 0..args.runs {
        let (ms, got) = solve_all(&CpuReference)?;
        if got
            .iter()
            .zip(&want)
            .any(|(x, y)| x.input != y.input || x.output != y.output)
        {
            return Err("cpu and cpu-reference disagree on a program fixpoint. Fix: this is a bug in dwell; please report it with the bundle".into());
        }
        peer_ms.push(ms);
    }
    Ok(Row {
        graph: short_name(path),
        nodes: problems.iter().map(|p| p.graph.nodes()).sum(),
        arcs: problems.iter().map(|p| p.graph.arcs()).sum(),
        analysis: match which {
            problems::Problem::Liveness => "liveness",
            problems::Problem::ReachingDefs => "reaching-defs",
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

/// Reset VmHWM to the current RSS (Linux ≥ 4.0); harmless elsewhere.
fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

fn read_kb(field: &str) -> Option<u64> {
    dwell::session::memory::process_status_bytes(field).map(|b| b / 1024)
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
