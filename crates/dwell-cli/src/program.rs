//! The program analyses on a bundle directory (`dwell run
//! liveness|reaching-defs|taint BUNDLE`): per function or over the whole
//! supergraph, and context-sensitive taint on the host kernels.

use crate::args::{AnalysisName, FormatArg, RunArgs, TaintMode};
use crate::error::Result;
use crate::input::Io;
use crate::progress::Bar;
use crate::report::Budget;
use crate::report::{outln, Out};
use dwell::analysis::{self, DataflowSolution, FactSets, Output, Query, TaintQuery, TaintResult};
use dwell::backend::Backend;
use dwell::program::problems::{self, Scope, Scoped};
use dwell::program::{call_taint, Bundle, ProgramError};
use dwell::progress::{Progress, Steps, StopOnly, Watched};
use std::path::Path;
use std::time::Instant;

/// `dwell run ANALYSIS BUNDLE`.
/// Flags a bundle run cannot honour.
fn refuse_graph_flags(args: &RunArgs) -> Result<()> {
    if args.repeat != 1 {
        return Err("--repeat applies to graph files, not program bundles. Fix: drop it, or time a bundle with `dwell bench BUNDLE --analysis liveness,reaching-defs`".into());
    }
    if args.format == FormatArg::Sarif && args.analysis != AnalysisName::Taint {
        return Err("--format sarif reports taint findings. Fix: `dwell run taint BUNDLE --sources-fn … --sinks-fn … --format sarif`, or --format json".into());
    }
    Ok(())
}

/// A graph analysis asked of a bundle: it runs on the bundle's ICFG file.
fn graph_analysis_on_bundle(a: AnalysisName, path: &std::path::Path) -> Box<dyn std::error::Error> {
    format!(
        "{a:?} on a program bundle: use the bundle's graph file instead. Fix: `dwell run {} {}/icfg.edges …`, or liveness, reaching-defs, taint, points-to on the bundle",
        format!("{a:?}").to_lowercase(),
        path.display()
    )
    .into()
}

pub fn run(
    args: &RunArgs,
    backend: &dyn Backend,
    (b, load_ms): (&Bundle, f64),
    bar: &Bar,
    budget: &Budget,
    io: &mut Io,
    kept: Option<&crate::taint_flow::Kept>,
) -> Result<()> {
    // The bar's reports, and a stop when the run's cancel is set (a server
    // request past its deadline or hung up on).
    let progress = Watched {
        inner: bar,
        cancel: io.cancel.as_ref(),
    };
    let (progress, stdout) = (&progress, &mut io.stdout);
    refuse_graph_flags(args)?;
    let budget_bytes = budget.bytes();
    let path = &args.graph.graph;
    let mask = b.graph.label_names().resolve(&args.labels)?;
    let p = &args.program;
    let which = match args.analysis {
        AnalysisName::Liveness => problems::Problem::Liveness,
        AnalysisName::ReachingDefs => problems::Problem::ReachingDefs,
        AnalysisName::Taint
            if args.program.mode == TaintMode::DataFlow && !args.program.context_insensitive =>
        {
            return crate::taint_flow::run(
                b,
                args,
                backend.name(),
                budget_bytes,
                (bar, progress),
                (&io.files, stdout),
                kept,
            );
        }
        AnalysisName::PointsTo => {
            return crate::points_to::run(args, budget_bytes, (bar, progress), (&io.files, stdout));
        }
        AnalysisName::Taint => {
            let taint = run_taint(b, args, mask, backend, (bar, progress), budget_bytes)?;
            return report_taint(b, args, backend, load_ms, taint, stdout);
        }
        other => return Err(graph_analysis_on_bundle(other, path)),
    };
    let per_function = p.function.is_none() && !p.whole;
    let scopes = scopes(b, p)?;
    bar.phase(format!(
        "{which:?} on {} ({})",
        path.display(),
        backend.name()
    ));
    let t = Instant::now();
    if per_function {
        // The summaries come from the library's solver; per-node sets for
        // --out need every solution, solved here.
        if let Some(out) = &args.out {
            write_sets(
                out,
                b,
                which,
                &solve(b, which, &scopes, mask, backend, budget_bytes, progress)?,
            )?;
        }
        let sums = problems::solve_each(b, which, mask, backend, budget_bytes, false, progress)?;
        let query_ms = t.elapsed().as_secs_f64() * 1e3;
        bar.finish();
        let times = (load_ms, query_ms);
        return function_summaries(args, backend, which, sums, times, stdout);
    }
    let solved = solve(b, which, &scopes, mask, backend, budget_bytes, progress)?;
    let query_ms = t.elapsed().as_secs_f64() * 1e3;
    bar.finish();
    if let Some(out) = &args.out {
        write_sets(out, b, which, &solved)?;
    }
    let (s, sol) = &solved[0];
    analysis::dataflow::verify(&s.graph, &s.problem, sol)?;
    let names = |sets: &FactSets, v: u32| -> Vec<String> {
        sets.iter(v).map(|f| s.fact_name(b, f)).collect()
    };
    let (entry_key, exit_key) = keys(which);
    let (entry, exit) = entry_exit(which, sol);
    let per_node = matches!(scopes[0], Scope::Function(_));
    if args.wants_json() {
        let nodes: Vec<_> = if per_node {
            (0..s.nodes.len() as u32)
                .map(|l| {
                    serde_json::json!({
                        "node": s.nodes[l as usize], "name": b.node_name(s.nodes[l as usize]),
                        entry_key: names(entry, l), exit_key: names(exit, l),
                    })
                })
                .collect()
        } else {
            Vec::new()
        };
        let v = serde_json::json!({
            "analysis": which, "backend": backend.name(), "bundle": path.display().to_string(),
            "scope": p.function.clone().unwrap_or_else(|| "whole".into()),
            "nodes": s.nodes.len(), "facts": s.facts.len(), "evaluations": sol.evaluations,
            "verified": true, "load_ms": load_ms, "query_ms": query_ms, "per_node": nodes,
        });
        outln!(stdout, "{}", serde_json::to_string_pretty(&v)?);
    } else {
        outln!(stdout, "{which:?} on {} ({}): {} nodes, {} facts, {} evaluations, equations verified, {query_ms:.1} ms", path.display(), backend.name(), s.nodes.len(), s.facts.len(), sol.evaluations);
        if per_node {
            for l in 0..s.nodes.len() as u32 {
                outln!(stdout, "{}", b.node_name(s.nodes[l as usize]));
                outln!(stdout, "  {entry_key}: {}", names(entry, l).join(" "));
                outln!(stdout, "  {exit_key}: {}", names(exit, l).join(" "));
            }
        }
    }
    Ok(())
}

/// What `--function` / `--whole` ask to solve.
fn scopes(b: &Bundle, p: &crate::args::ProgramArgs) -> Result<Vec<Scope>> {
    Ok(match (&p.function, p.whole) {
        (Some(name), _) => vec![Scope::Function(b.function_id(name).ok_or_else(|| {
            format!("no function {name:?} in the bundle. Fix: name one from functions.tsv")
        })?)],
        (None, true) => vec![Scope::Whole],
        (None, false) => defined_functions(b),
    })
}

/// Every defined function of `b`, each its own problem.
pub fn defined_functions(b: &Bundle) -> Vec<Scope> {
    (0..b.functions.len() as u32)
        .filter(|&f| b.functions[f as usize].defined)
        .map(Scope::Function)
        .collect()
}

/// Build and solve `which` over each of `scopes`, in parallel (they are
/// independent problems), counting them done on `progress`. The library's
/// `solve_each` keeps only summaries; per-node sets need the solutions.
pub fn solve(
    b: &Bundle,
    which: problems::Problem,
    scopes: &[Scope],
    mask: u32,
    backend: &dyn Backend,
    budget_bytes: u64,
    progress: &dyn Progress,
) -> Result<Vec<(Scoped, DataflowSolution)>> {
    use rayon::prelude::*;
    let unit = match scopes {
        [Scope::Whole] => "supergraphs",
        _ => "functions",
    };
    let done = Steps::new(progress, unit, scopes.len() as u64);
    let solved = scopes
        .par_iter()
        .map(|&scope| {
            let s = problems::build(b, which, scope, mask)?;
            let sol = s.solve(backend, budget_bytes, &StopOnly(progress))?;
            done.add(1);
            Ok((s, sol))
        })
        .collect::<std::result::Result<Vec<_>, ProgramError>>()?;
    Ok(solved)
}

/// The report of every defined function's problem, largest functions first.
fn function_summaries(
    args: &RunArgs,
    backend: &dyn Backend,
    which: problems::Problem,
    mut sums: Vec<problems::FunctionSummary>,
    (load_ms, query_ms): (f64, f64),
    stdout: &mut Out,
) -> Result<()> {
    let path = &args.graph.graph;
    let nodes: usize = sums.iter().map(|s| s.nodes).sum();
    let in_facts: u64 = sums.iter().map(|s| s.in_facts).sum();
    let evaluations: u64 = sums.iter().map(|s| s.evaluations).sum();
    sums.sort_by(|a, b| b.nodes.cmp(&a.nodes).then(a.function.cmp(&b.function)));
    if args.wants_json() {
        let v = serde_json::json!({
            "analysis": which, "backend": backend.name(), "bundle": path.display().to_string(),
            "scope": "per-function", "functions": sums.len(), "nodes": nodes,
            "in_facts": in_facts, "evaluations": evaluations,
            "load_ms": load_ms, "query_ms": query_ms,
            "largest": &sums[..sums.len().min(10)],
        });
        outln!(stdout, "{}", serde_json::to_string_pretty(&v)?);
    } else {
        outln!(stdout, "{which:?} per function on {} ({}): {} functions, {nodes} nodes, {in_facts} facts at node exits/entries, {evaluations} evaluations, {query_ms:.1} ms", path.display(), backend.name(), sums.len());
        for s in sums.iter().take(10) {
            outln!(
                stdout,
                "  {:<32} {:>6} nodes {:>6} facts  max {:>5} at one node",
                s.function,
                s.nodes,
                s.facts,
                s.max_in
            );
        }
    }
    Ok(())
}

/// The names of the sets at a node's entry and exit, in program terms.
fn keys(which: problems::Problem) -> (&'static str, &'static str) {
    match which {
        problems::Problem::Liveness => ("live_in", "live_out"),
        problems::Problem::ReachingDefs => ("reach_in", "reach_out"),
    }
}

/// The sets at a node's entry and exit: liveness runs backward, so its
/// solver OUT is live-in and its IN live-out.
fn entry_exit(which: problems::Problem, sol: &DataflowSolution) -> (&FactSets, &FactSets) {
    match which {
        problems::Problem::Liveness => (&sol.output, &sol.input),
        problems::Problem::ReachingDefs => (&sol.input, &sol.output),
    }
}

/// `dwell run taint BUNDLE`: the query from the function names, solved
/// context-sensitively (host kernels) or not (a planned session).
fn run_taint(
    b: &Bundle,
    args: &RunArgs,
    mask: u32,
    backend: &dyn Backend,
    (bar, progress): (&Bar, &dyn Progress),
    budget_bytes: u64,
) -> Result<Taint> {
    let spec = taint_spec(args, mask)?;
    let q = call_taint::query(b, &spec)?;
    let sites = (q.sources.len(), q.sinks.len(), q.sanitizers.len());
    let sensitive = !args.program.context_insensitive;
    // Neither taint entry point reports counts: the bar shows elapsed time.
    bar.phase(format!(
        "taint on {} ({})",
        args.graph.graph.display(),
        backend.name()
    ));
    let t = Instant::now();
    let results = solve_taint(b, q, sensitive, backend, budget_bytes, progress)?;
    let query_ms = t.elapsed().as_secs_f64() * 1e3;
    bar.finish();
    Ok(Taint {
        found: call_taint::findings(b, &spec, &results),
        sites,
        sensitive,
        query_ms,
    })
}

/// A program taint run's answer.
struct Taint {
    found: Vec<call_taint::ProgramFinding>,
    /// Source, sink and sanitizer call sites.
    sites: (usize, usize, usize),
    sensitive: bool,
    query_ms: f64,
}

/// The findings as SARIF, or as text or JSON (and `--out` TSV).
fn report_taint(
    b: &Bundle,
    args: &RunArgs,
    backend: &dyn Backend,
    load_ms: f64,
    taint: Taint,
    stdout: &mut Out,
) -> Result<()> {
    if args.format == FormatArg::Sarif {
        return write_taint_sarif(b, args, &taint.found, taint.sensitive, stdout);
    }
    if let Some(out) = &args.out {
        write_findings(out, &taint.found)?;
    }
    print_taint(b, args, backend, load_ms, &taint, stdout)
}

/// The taint spec from `--sources-fn`, `--sinks-fn`, `--sanitizers-fn`;
/// refuses options that do not apply.
fn taint_spec(args: &RunArgs, mask: u32) -> Result<call_taint::TaintSpec> {
    let p = &args.program;
    if !p.context_insensitive && args.budget_bytes.is_some() {
        // The CFL solver runs outside a session plan: a budget would be ignored.
        return Err("--budget-bytes bounds session plans; context-sensitive taint runs on host kernels without one. Fix: add --context-insensitive to run taint in a planned session, or drop --budget-bytes".into());
    }
    if p.sources_fn.is_empty() || p.sinks_fn.is_empty() {
        return Err("taint on a program bundle needs function names. Fix: pass --sources-fn getenv,read --sinks-fn system,memcpy".into());
    }
    Ok(call_taint::TaintSpec {
        sources_fn: p.sources_fn.clone(),
        sinks_fn: p.sinks_fn.clone(),
        sanitizers_fn: p.sanitizers_fn.clone(),
        mask,
    })
}

/// Solve `q`: context-sensitively on the backend's host kernels, else as
/// dwell's generic taint in a planned session within `budget_bytes`.
fn solve_taint(
    b: &Bundle,
    q: TaintQuery,
    sensitive: bool,
    backend: &dyn Backend,
    budget_bytes: u64,
    progress: &dyn Progress,
) -> Result<Vec<TaintResult>> {
    if sensitive {
        // It needs the whole supergraph with its call/return matching, not a
        // resident graph: it runs on the backend's host kernels, if it has any.
        let Some(kernels) = backend.host_kernels() else {
            return Err(format!("context-sensitive taint runs on host kernels, which the {} backend has not. Fix: --backend cpu, or add --context-insensitive", backend.name()).into());
        };
        return Ok(call_taint::context_sensitive(b, &q, kernels, progress)?);
    }
    let Output::Taint(results) = dwell::session::run_once_within(
        backend,
        &b.graph,
        &Query::Taint(q),
        budget_bytes,
        progress,
    )?
    else {
        unreachable!("a taint query answers with taint results")
    };
    Ok(results)
}

fn mode_name(sensitive: bool) -> &'static str {
    if sensitive {
        "context-sensitive"
    } else {
        "context-insensitive"
    }
}

/// The findings as a SARIF log: to `--out` (with a one-line summary), else
/// to standard output.
fn write_taint_sarif(
    b: &Bundle,
    args: &RunArgs,
    found: &[call_taint::ProgramFinding],
    sensitive: bool,
    stdout: &mut Out,
) -> Result<()> {
    let log = crate::sarif::taint_log(b, found, sensitive)?;
    match &args.out {
        Some(out) => {
            dwell::io::atomic_write(out, |w| {
                serde_json::to_writer_pretty(&mut *w, &log).map_err(std::io::Error::other)?;
                writeln!(w)
            })?;
            outln!(
                stdout,
                "taint on {} ({}): {} findings, SARIF written to {}",
                args.graph.graph.display(),
                mode_name(sensitive),
                found.len(),
                out.display()
            );
        }
        None => outln!(stdout, "{}", serde_json::to_string_pretty(&log)?),
    }
    Ok(())
}

/// `--out FILE` for taint: one finding per line: source call and node, sink
/// call and node, the witness path.
fn write_findings(out: &Path, found: &[call_taint::ProgramFinding]) -> Result<()> {
    dwell::io::atomic_write(out, |w| {
        writeln!(
            w,
            "# dwell taint findings: source_call<TAB>source<TAB>sink_call<TAB>sink<TAB>path"
        )?;
        for f in found {
            writeln!(
                w,
                "{}\t{}\t{}\t{}\t{}",
                f.source_call,
                f.source,
                f.sink_call,
                f.sink,
                f.path.join(" -> ")
            )?;
        }
        Ok(())
    })?;
    Ok(())
}

/// The taint summary and findings on standard output, as JSON or text.
fn print_taint(
    b: &Bundle,
    args: &RunArgs,
    backend: &dyn Backend,
    load_ms: f64,
    taint: &Taint,
    stdout: &mut Out,
) -> Result<()> {
    let (sources, sinks, sanitizers) = taint.sites;
    let (found, sensitive, query_ms) = (&taint.found, taint.sensitive, taint.query_ms);
    let mode = mode_name(sensitive);
    if args.wants_json() {
        let v = serde_json::json!({
            "analysis": "taint", "backend": backend.name(), "bundle": args.graph.graph.display().to_string(),
            "context_sensitive": sensitive,
            "source_sites": sources, "sink_sites": sinks, "sanitizer_sites": sanitizers,
            "findings": found, "load_ms": load_ms, "query_ms": query_ms,
        });
        outln!(stdout, "{}", serde_json::to_string_pretty(&v)?);
        return Ok(());
    }
    outln!(stdout, "taint on {} ({}, {mode}): {sources} source sites, {sink_sites} sink sites, {sanitizers} sanitizer sites, {} findings, {query_ms:.1} ms", args.graph.graph.display(), backend.name(), found.len(), sink_sites = sinks);
    // Calls named as the user named them; the place from debug info
    // (else the IR line) when the bundle has one.
    let at = |n: u32| {
        b.node_place(n)
            .map(|p| format!(" ({}:{})", p.file, p.line))
            .unwrap_or_default()
    };
    for f in found {
        outln!(
            stdout,
            "{} at {}{} -> {} at {}{}",
            f.source_fn,
            f.source,
            at(f.nodes.0),
            f.sink_fn,
            f.sink,
            at(f.nodes.1)
        );
        outln!(stdout, "  path: {}", f.path.join(" -> "));
    }
    Ok(())
}

/// `--out FILE` for liveness and reaching definitions: per node, in program
/// terms, the facts at entry and exit — one line per node, `NODE<TAB>KEY:
/// facts<TAB>KEY: facts` — for each solved problem in turn. Written
/// atomically (temp file + rename).
fn write_sets(
    out: &Path,
    b: &Bundle,
    which: problems::Problem,
    solved: &[(Scoped, DataflowSolution)],
) -> Result<()> {
    let (entry_key, exit_key) = keys(which);
    dwell::io::atomic_write(out, |w| {
        writeln!(
            w,
            "# dwell {which:?}: node<TAB>{entry_key}: facts<TAB>{exit_key}: facts"
        )?;
        for (s, sol) in solved {
            let (entry, exit) = entry_exit(which, sol);
            for l in 0..s.nodes.len() as u32 {
                let names = |sets: &FactSets| {
                    sets.iter(l)
                        .map(|f| s.fact_name(b, f))
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                writeln!(
                    w,
                    "{}\t{entry_key}: {}\t{exit_key}: {}",
                    b.node_name(s.nodes[l as usize]),
                    names(entry),
                    names(exit)
                )?;
            }
        }
        Ok(())
    })?;
    Ok(())
}
