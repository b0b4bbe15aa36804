//! `dwell import llvm` and the program analyses on a bundle directory
//! (`dwell run liveness|reaching-defs|taint BUNDLE`, `dwell info BUNDLE`).

use crate::args::{Analysis, RunArgs};
use crate::cmd::Result;
use dwell::analysis::{self, Output, Query};
use dwell::program::dataflow::{self, Scope};
use dwell::program::{bundle, taint, Bundle};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// `println!` that stops quietly when stdout is closed (`dwell … | head`).
macro_rules! outln {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), $($t)*);
    }};
}

/// `dwell import llvm FILE --out DIR [--json]`.
#[derive(clap::Subcommand, Debug)]
pub enum ImportKind {
    /// Textual LLVM IR (`.ll`, also `.ll.xz` / `.ll.gz`) → program bundle.
    Llvm {
        /// The IR file.
        file: PathBuf,
        /// Bundle directory to write (replaced if it is a bundle already).
        #[arg(long)]
        out: PathBuf,
        /// Print the counts as one JSON document.
        #[arg(long)]
        json: bool,
    },
}

/// Flags of `dwell run` that only program bundles use.
#[derive(clap::Args, Debug, Default)]
pub struct ProgramArgs {
    /// taint on a bundle: call sites of these functions are sources (`getenv,read`).
    #[arg(long, value_delimiter = ',')]
    pub sources_fn: Vec<String>,
    /// taint on a bundle: call sites of these functions are sinks (`system,memcpy`).
    #[arg(long, value_delimiter = ',')]
    pub sinks_fn: Vec<String>,
    /// taint on a bundle: call sites of these functions stop taint.
    #[arg(long, value_delimiter = ',')]
    pub sanitizers_fn: Vec<String>,
    /// taint on a bundle: follow any path of arcs, also those that return
    /// into a caller other than the one that called (default: only
    /// realizable, call/return-matched paths).
    #[arg(long)]
    pub context_insensitive: bool,
    /// liveness / reaching-defs: one function, with per-node sets.
    #[arg(long)]
    pub function: Option<String>,
    /// liveness / reaching-defs: one problem over the whole supergraph
    /// (instead of one per function).
    #[arg(long, conflicts_with = "function")]
    pub whole: bool,
}

pub fn import(kind: ImportKind) -> Result<()> {
    let ImportKind::Llvm { file, out, json } = kind;
    let t = Instant::now();
    let (meta, warnings) = dwell::program::import_llvm(&file, &out, &dwell::progress::Quiet)?;
    let secs = t.elapsed().as_secs_f64();
    for w in &warnings {
        eprintln!("warning: {w}");
    }
    if json {
        let mut v = serde_json::to_value(&meta.counts)?;
        v["bundle"] = serde_json::json!(out.display().to_string());
        v["source"] = serde_json::json!(meta.source);
        v["warnings"] = serde_json::json!(warnings.len());
        v["import_seconds"] = serde_json::json!(secs);
        outln!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        let c = &meta.counts.program;
        outln!("bundle     {}", out.display());
        outln!(
            "functions  {} defined, {} declared (+{} intrinsics)",
            c.functions,
            c.declared,
            c.intrinsics
        );
        outln!("blocks     {}  cfg edges {}", c.blocks, c.cfg_edges);
        outln!(
            "calls      {} direct sites, {} (caller, callee) pairs, {} indirect, {} through casts, {} intrinsic",
            c.direct_call_sites, c.call_edges, c.indirect_call_sites, c.cast_call_sites, c.intrinsic_call_sites
        );
        outln!(
            "addr-taken {} defined functions (+{} declared)",
            c.address_taken,
            c.address_taken_declared
        );
        outln!(
            "icfg       {} nodes, {} edges; {} variables",
            meta.counts.icfg_nodes,
            meta.counts.icfg_edges,
            c.variables
        );
        outln!(
            "largest    {} ({} blocks)",
            c.largest_function,
            c.largest_function_blocks
        );
        outln!("time       {secs:.2} s, {} warnings", warnings.len());
    }
    Ok(())
}

/// Is `path` a program bundle directory?
pub fn is_bundle(path: &Path) -> bool {
    bundle::is_bundle(path)
}

/// `dwell info BUNDLE`.
pub fn info(path: &Path, json: bool) -> Result<()> {
    let b = bundle::read(path)?;
    if json {
        let mut v = serde_json::to_value(&b.meta)?;
        v["nodes"] = serde_json::json!(b.graph.nodes());
        v["arcs"] = serde_json::json!(b.graph.arcs());
        v["layout_hash"] = serde_json::json!(format!("{:016x}", b.graph.layout_hash()));
        outln!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        let c = &b.meta.counts.program;
        outln!("program bundle {} (from {})", path.display(), b.meta.source);
        outln!("nodes        {}", b.graph.nodes());
        outln!(
            "arcs         {} (labels {})",
            b.graph.arcs(),
            b.graph.label_names()
        );
        outln!("layout hash  {:016x}", b.graph.layout_hash());
        outln!(
            "functions    {} defined, {} declared; {} blocks, {} cfg edges",
            c.functions,
            c.declared,
            c.blocks,
            c.cfg_edges
        );
        outln!(
            "calls        {} pairs over {} direct sites, {} indirect sites",
            c.call_edges,
            c.direct_call_sites,
            c.indirect_call_sites
        );
        outln!("variables    {}", c.variables);
    }
    Ok(())
}

/// `dwell run ANALYSIS BUNDLE`.
pub fn run(args: &RunArgs) -> Result<()> {
    if args.repeat != 1 || args.budget_bytes.is_some() {
        return Err("--repeat and --budget-bytes apply to graph files, not program bundles. Fix: drop them, or time a bundle with `dwell bench BUNDLE --analysis liveness,reaching-defs`".into());
    }
    let backend = crate::backends::resolve(&args.backend)?;
    let path = &args.graph.graph;
    let t = Instant::now();
    let b = bundle::read(path)?;
    let load_ms = t.elapsed().as_secs_f64() * 1e3;
    let mask = b.graph.label_names().resolve(&args.labels)?;
    let p = &args.program;
    let which = match args.analysis {
        Analysis::Liveness => dataflow::Analysis::Liveness,
        Analysis::ReachingDefs => dataflow::Analysis::ReachingDefs,
        Analysis::Taint => return run_taint(&b, args, mask, backend.as_ref(), load_ms),
        other => {
            return Err(format!(
                "{other:?} on a program bundle: use the bundle's graph file instead. Fix: `dwell run {} {}/icfg.edges …`, or liveness, reaching-defs, taint on the bundle",
                format!("{other:?}").to_lowercase(),
                path.display()
            )
            .into())
        }
    };
    let t = Instant::now();
    let scope = match (&p.function, p.whole) {
        (Some(name), _) => Some(Scope::Function(b.function_id(name).ok_or_else(|| {
            format!("no function {name:?} in the bundle. Fix: name one from functions.tsv")
        })?)),
        (None, true) => Some(Scope::Whole),
        (None, false) => None,
    };
    if let Some(out) = &args.out {
        write_sets(out, &b, which, scope, mask, backend.as_ref())?;
    }
    let Some(scope) = scope else {
        // Every defined function, each its own problem.
        let mut sums = dataflow::solve_each(
            &b,
            which,
            mask,
            backend.as_ref(),
            false,
            &dwell::progress::Quiet,
        )?;
        let query_ms = t.elapsed().as_secs_f64() * 1e3;
        let nodes: usize = sums.iter().map(|s| s.nodes).sum();
        let in_facts: u64 = sums.iter().map(|s| s.in_facts).sum();
        let evaluations: u64 = sums.iter().map(|s| s.evaluations).sum();
        sums.sort_by(|a, b| b.nodes.cmp(&a.nodes).then(a.function.cmp(&b.function)));
        let v = serde_json::json!({
            "analysis": which, "backend": backend.name(), "bundle": path.display().to_string(),
            "scope": "per-function", "functions": sums.len(), "nodes": nodes,
            "in_facts": in_facts, "evaluations": evaluations,
            "load_ms": load_ms, "query_ms": query_ms,
            "largest": &sums[..sums.len().min(10)],
        });
        if args.json {
            outln!("{}", serde_json::to_string_pretty(&v)?);
        } else {
            outln!("{which:?} per function on {} ({}): {} functions, {nodes} nodes, {in_facts} facts at node exits/entries, {evaluations} evaluations, {query_ms:.1} ms", path.display(), backend.name(), sums.len());
            for s in sums.iter().take(10) {
                outln!(
                    "  {:<32} {:>6} nodes {:>6} facts  max {:>5} at one node",
                    s.function,
                    s.nodes,
                    s.facts,
                    s.max_in
                );
            }
        }
        return Ok(());
    };
    let s = dataflow::build(&b, which, scope, mask)?;
    let sol = s.solve(backend.as_ref())?;
    let query_ms = t.elapsed().as_secs_f64() * 1e3;
    analysis::dataflow::verify(&s.graph, &s.problem, &sol)?;
    let names = |sets: &analysis::FactSets, v: u32| -> Vec<String> {
        sets.iter(v).map(|f| s.fact_name(&b, f)).collect()
    };
    // IN/OUT in program terms: liveness OUT = live-in, IN = live-out.
    let (entry_key, exit_key, entry, exit) = match which {
        dataflow::Analysis::Liveness => ("live_in", "live_out", &sol.output, &sol.input),
        dataflow::Analysis::ReachingDefs => ("reach_in", "reach_out", &sol.input, &sol.output),
    };
    let per_node = matches!(scope, Scope::Function(_));
    if args.json {
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
        outln!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        outln!("{which:?} on {} ({}): {} nodes, {} facts, {} evaluations, equations verified, {query_ms:.1} ms", path.display(), backend.name(), s.nodes.len(), s.facts.len(), sol.evaluations);
        if per_node {
            for l in 0..s.nodes.len() as u32 {
                outln!("{}", b.node_name(s.nodes[l as usize]));
                outln!("  {entry_key}: {}", names(entry, l).join(" "));
                outln!("  {exit_key}: {}", names(exit, l).join(" "));
            }
        }
    }
    Ok(())
}

fn run_taint(
    b: &Bundle,
    args: &RunArgs,
    mask: u32,
    backend: &dyn dwell::backend::Backend,
    load_ms: f64,
) -> Result<()> {
    let p = &args.program;
    if p.sources_fn.is_empty() || p.sinks_fn.is_empty() {
        return Err("taint on a program bundle needs function names. Fix: pass --sources-fn getenv,read --sinks-fn system,memcpy".into());
    }
    let spec = taint::TaintSpec {
        sources_fn: p.sources_fn.clone(),
        sinks_fn: p.sinks_fn.clone(),
        sanitizers_fn: p.sanitizers_fn.clone(),
        mask,
    };
    let q = taint::query(b, &spec)?;
    let (sources, sinks, sanitizers) = (q.sources.len(), q.sinks.len(), q.sanitizers.len());
    let sensitive = !p.context_insensitive;
    let t = Instant::now();
    let results = if sensitive {
        let reference = match backend.name() {
            "cpu" => false,
            "cpu-reference" => true,
            other => return Err(format!("context-sensitive taint runs on the cpu and cpu-reference backends, not {other}. Fix: --backend cpu, or add --context-insensitive").into()),
        };
        taint::context_sensitive(b, &q, reference)?
    } else {
        let Output::Taint(results) = dwell::session::run_once(backend, &b.graph, &Query::Taint(q))?
        else {
            unreachable!("a taint query answers with taint results")
        };
        results
    };
    let query_ms = t.elapsed().as_secs_f64() * 1e3;
    let found = taint::findings(b, &results);
    if let Some(out) = &args.out {
        // One finding per line: source call and node, sink call and node, the witness path.
        dwell::io::atomic_write(out, |w| {
            writeln!(
                w,
                "# dwell taint findings: source_call<TAB>source<TAB>sink_call<TAB>sink<TAB>path"
            )?;
            for f in &found {
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
    }
    let mode = if sensitive {
        "context-sensitive"
    } else {
        "context-insensitive"
    };
    if args.json {
        let v = serde_json::json!({
            "analysis": "taint", "backend": backend.name(), "bundle": args.graph.graph.display().to_string(),
            "context_sensitive": sensitive,
            "source_sites": sources, "sink_sites": sinks, "sanitizer_sites": sanitizers,
            "findings": found, "load_ms": load_ms, "query_ms": query_ms,
        });
        outln!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        outln!("taint on {} ({}, {mode}): {sources} source sites, {sink_sites} sink sites, {sanitizers} sanitizer sites, {} findings, {query_ms:.1} ms", args.graph.graph.display(), backend.name(), found.len(), sink_sites = sinks);
        for f in &found {
            outln!(
                "{} at {} -> {} at {}",
                f.source_call,
                f.source,
                f.sink_call,
                f.sink
            );
            outln!("  path: {}", f.path.join(" -> "));
        }
    }
    Ok(())
}

/// `--out FILE` for liveness and reaching definitions: per node, in program
/// terms, the facts at entry and exit — one line per node, `NODE<TAB>KEY:
/// facts<TAB>KEY: facts` — for one function, the whole program, or every
/// defined function in turn. Written atomically (temp file + rename).
fn write_sets(
    out: &Path,
    b: &Bundle,
    which: dataflow::Analysis,
    scope: Option<Scope>,
    mask: u32,
    backend: &dyn dwell::backend::Backend,
) -> Result<()> {
    use rayon::prelude::*;
    let scopes: Vec<Scope> = match scope {
        Some(s) => vec![s],
        None => (0..b.functions.len() as u32)
            .filter(|&f| b.functions[f as usize].defined)
            .map(Scope::Function)
            .collect(),
    };
    let solved = scopes
        .par_iter()
        .map(|&sc| {
            let s = dataflow::build(b, which, sc, mask)?;
            let sol = s.solve(backend)?;
            Ok((s, sol))
        })
        .collect::<std::result::Result<Vec<_>, dwell::program::ProgramError>>()?;
    let (entry_key, exit_key) = match which {
        dataflow::Analysis::Liveness => ("live_in", "live_out"),
        dataflow::Analysis::ReachingDefs => ("reach_in", "reach_out"),
    };
    dwell::io::atomic_write(out, |w| {
        writeln!(
            w,
            "# dwell {which:?}: node<TAB>{entry_key}: facts<TAB>{exit_key}: facts"
        )?;
        for (s, sol) in &solved {
            // Liveness runs backward: its solver OUT is live-in.
            let (entry, exit) = match which {
                dataflow::Analysis::Liveness => (&sol.output, &sol.input),
                dataflow::Analysis::ReachingDefs => (&sol.input, &sol.output),
            };
            for l in 0..s.nodes.len() as u32 {
                let names = |sets: &analysis::FactSets| {
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
