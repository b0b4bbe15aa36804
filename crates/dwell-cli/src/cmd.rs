//! Subcommands: turn flags into library calls.

use crate::args::{
    Analysis, Cli, Command, DirectionArg, EvidenceAction, GenKind, GraphArgs, MeetArg, PlanArgs,
    ReadbackArg, RunArgs,
};
use crate::progress::Progress;
use crate::report::{self, GraphFacts, RunReport};
use dwell::analysis::{self, Direction, Meet, Query};
use dwell::formats::{self, LoadOptions};
use dwell::graph::Graph;
use dwell::session::{self, Profile, Readback, Session};
use std::path::Path;
use std::time::Instant;

pub type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

pub fn dispatch(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Info { graph, json } => info(&graph, json),
        Command::Run(args) => run(&args),
        Command::Gen { kind } => gen(kind),
        Command::Plan(args) => plan(&args),
        Command::Bench(args) => crate::bench::bench(&args),
        Command::Import { kind } => crate::program_cmd::import(kind),
        Command::Evidence {
            action:
                EvidenceAction::Verify {
                    file,
                    required_speedup,
                    json,
                },
        } => verify(&file, required_speedup, json),
    }
}

/// Load options from the `--directed` / `--undirected` flags.
pub(crate) fn load_options(directed: bool, undirected: bool) -> LoadOptions {
    let directed = match (directed, undirected) {
        (true, _) => Some(true),
        (_, true) => Some(false),
        _ => None,
    };
    LoadOptions {
        directed,
        ..Default::default()
    }
}

/// Load a graph, timing it, with a progress spinner if it takes a while.
pub(crate) fn load(args: &GraphArgs) -> Result<(Graph, f64)> {
    let opts = load_options(args.directed, args.undirected);
    let progress = Progress::start(format!("loading {}", args.graph.display()));
    let t = Instant::now();
    let g = formats::load(&args.graph, &opts)?;
    let ms = t.elapsed().as_secs_f64() * 1e3;
    progress.finish();
    Ok((g, ms))
}

fn info(args: &GraphArgs, json: bool) -> Result<()> {
    if crate::program_cmd::is_bundle(&args.graph) {
        return crate::program_cmd::info(&args.graph, json);
    }
    let (g, load_ms) = load(args)?;
    let facts = GraphFacts::of(&g, &args.graph);
    if json {
        report::print_json(&report::info_json(&facts, &g, load_ms))
    } else {
        print!("{}", report::info_human(&facts, &g, load_ms));
        Ok(())
    }
}

fn run(args: &RunArgs) -> Result<()> {
    if crate::program_cmd::is_bundle(&args.graph.graph) {
        return crate::program_cmd::run(args);
    }
    let backend = crate::backends::resolve(&args.backend)?;
    let (g, load_ms) = load(&args.graph)?;
    let query = build_query(args, &g)?;

    let progress = Progress::start(format!(
        "{} on {} ({})",
        query.name(),
        args.graph.graph.display(),
        backend.name()
    ));
    // One session: plan from this graph and query, make the graph resident
    // once, run the query `--repeat` times, read back once.
    let budget = args.budget_bytes.unwrap_or(u64::MAX);
    let profile = session::profile::derive(backend.as_ref(), &g, &query, args.repeat, budget)?;
    let plan = session::plan(&profile)?;
    let t = Instant::now();
    let mut s = Session::open(backend.as_ref(), &g, plan)?;
    let open_ms = t.elapsed().as_secs_f64() * 1e3;
    let t = Instant::now();
    for _ in 0..args.repeat {
        s.run(&query)?;
    }
    let mut session = s.finish()?;
    let query_ms = t.elapsed().as_secs_f64() * 1e3;
    progress.finish();
    let output = session
        .outputs
        .pop()
        .expect("a session with runs reads back an output");

    if let Some(out) = &args.out {
        report::write_per_vertex(out, &g, &output)?;
    }
    let rep = RunReport {
        analysis: query.name(),
        backend: backend.name(),
        graph: GraphFacts::of(&g, &args.graph.graph),
        load_ms,
        open_ms,
        query_ms,
        output: &output,
        session: &session,
    };
    if args.json {
        report::print_json(&rep.json())
    } else {
        print!("{}", rep.human());
        Ok(())
    }
}

fn build_query(args: &RunArgs, g: &Graph) -> Result<Query> {
    let mask = g.label_names().resolve(&args.labels)?;
    let direction = match args.direction {
        DirectionArg::Forward => Direction::Forward,
        DirectionArg::Backward => Direction::Backward,
    };
    let keep = args.out.is_some();
    Ok(match args.analysis {
        Analysis::Bfs => Query::Bfs(analysis::BfsQuery {
            sources: sources(args, g)?,
            keep_levels: keep,
        }),
        Analysis::Reach => Query::Reach(analysis::ReachQuery {
            sources: sources(args, g)?,
            direction,
            mask,
            sinks: id_list(args.sinks.as_deref(), "--sinks")?,
            keep_sets: keep,
        }),
        Analysis::Taint => Query::Taint(analysis::TaintQuery {
            sources: sources(args, g)?,
            sinks: id_list(args.sinks.as_deref(), "--sinks")?,
            sanitizers: id_list(args.sanitizers.as_deref(), "--sanitizers")?,
            mask,
            witnesses: !args.no_witness,
        }),
        Analysis::Wcc => Query::Wcc,
        Analysis::Scc => Query::Scc,
        Analysis::Liveness | Analysis::ReachingDefs => {
            return Err(format!("{:?} runs on a program bundle, not a graph file. Fix: `dwell import llvm FILE.ll --out BUNDLE`, then `dwell run {} BUNDLE`", args.analysis, if args.analysis == Analysis::Liveness { "liveness" } else { "reaching-defs" }).into())
        }
        Analysis::Dataflow => {
            let (Some(gen), Some(kill)) = (&args.gen, &args.kill) else {
                return Err("dataflow needs gen and kill sets. Fix: pass --gen FILE --kill FILE (lines `node fact fact …`)".into());
            };
            let meet = match args.meet {
                MeetArg::Union => Meet::Union,
                MeetArg::Intersection => Meet::Intersection,
            };
            let gen = read_facts(gen, g.nodes())?;
            let kill = read_facts(kill, g.nodes())?;
            Query::Dataflow(analysis::DataflowProblem::new(direction, meet, gen, kill))
        }
    })
}

fn sources(args: &RunArgs, g: &Graph) -> Result<Vec<u32>> {
    Ok(match (&args.sources, &args.sources_file) {
        (Some(spec), _) => dwell::sources::parse_spec(g, spec, args.seed)?,
        (None, Some(file)) => {
            let reader = dwell::io::open(file)?;
            dwell::sources::read_list(reader, &file.display().to_string())?
        }
        (None, None) => Vec::new(), // validation reports the missing sources with a Fix hint
    })
}

/// `3,7,9` or the path of a file of ids.
fn id_list(value: Option<&str>, flag: &str) -> Result<Vec<u32>> {
    let Some(value) = value else {
        return Ok(Vec::new());
    };
    let path = Path::new(value);
    if path.is_file() {
        let reader = dwell::io::open(path)?;
        Ok(dwell::sources::read_list(reader, value)?)
    } else {
        Ok(dwell::sources::parse_list(value, flag)?)
    }
}

fn read_facts(path: &Path, nodes: usize) -> Result<analysis::FactSets> {
    let name = path.display().to_string();
    Ok(analysis::FactSets::read(
        dwell::io::open(path)?,
        &name,
        nodes,
    )?)
}

fn gen(kind: GenKind) -> Result<()> {
    let (generated, out) = match kind {
        GenKind::Rmat {
            scale,
            edge_factor,
            seed,
            out,
        } => (dwell::gen::rmat(scale, edge_factor.into(), seed)?, out),
        GenKind::Grid {
            rows,
            cols,
            keep,
            seed,
            out,
        } => (dwell::gen::grid(rows.into(), cols.into(), keep, seed)?, out),
    };
    let is_mtx = out.extension().is_some_and(|e| e == "mtx");
    let write = if is_mtx {
        formats::write_matrix_market
    } else {
        formats::write_edge_list
    };
    write(&out, generated.nodes, generated.directed, &generated.edges)?;
    eprintln!(
        "wrote {} ({} nodes, {} generated edges, {})",
        out.display(),
        generated.nodes,
        generated.edges.len(),
        if generated.directed {
            "directed"
        } else {
            "undirected"
        }
    );
    Ok(())
}

/// A hash as printed by `dwell info` (`0x…`) or in decimal.
fn parse_hash(text: &str) -> Result<u64> {
    let parsed = match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => text.parse().ok(),
    };
    parsed.ok_or_else(|| format!("layout hash {text:?} is not a number. Fix: pass the layout_hash `dwell info --json` prints, e.g. 0x4c7c000923780c12").into())
}

fn plan(args: &PlanArgs) -> Result<()> {
    let readback = match args.readback {
        ReadbackArg::FinalOnly => Readback::FinalOnly,
        ReadbackArg::PerRun => Readback::PerRun,
    };
    let profile = match &args.graph {
        Some(path) => {
            let (g, _) = load(&GraphArgs {
                graph: path.clone(),
                undirected: false,
                directed: false,
            })?;
            let query = representative_query(args.analysis.unwrap_or(Analysis::Bfs), args.batch)?;
            let p = session::profile::derive(
                &dwell::backend::Cpu,
                &g,
                &query,
                args.runs,
                args.budget_bytes,
            )?;
            Profile {
                readback,
                keep_all_outputs: args.keep_all_outputs,
                ..p
            }
        }
        None => Profile {
            layout_hash: parse_hash(args.layout_hash.as_deref().unwrap_or_default())?,
            graph_bytes: args.graph_bytes.unwrap_or_default(),
            runs: args.runs,
            frontier_bytes: args.frontier_bytes,
            scratch_bytes: args.scratch_bytes,
            output_bytes: args.output_bytes,
            budget_bytes: args.budget_bytes,
            readback,
            keep_all_outputs: args.keep_all_outputs,
        },
    };
    let plan = session::plan(&profile)?;
    if args.json {
        let mut v = report::plan_json(&plan);
        v["profile"] = serde_json::to_value(profile)?;
        v["profile"]["layout_hash"] = format!("0x{:016x}", profile.layout_hash).into();
        report::print_json(&v)
    } else {
        print!("{}", report::plan_human(&plan));
        Ok(())
    }
}

fn verify(file: &Path, required: f64, json: bool) -> Result<()> {
    let text = std::fs::read_to_string(file).map_err(|e| {
        format!(
            "{}: {e}. Fix: pass the path of an evidence CSV written by dwell bench",
            file.display()
        )
    })?;
    let proof = dwell::evidence::verify_csv(&text, required)
        .map_err(|e| format!("{}: {e}", file.display()))?;
    if json {
        report::print_json(&serde_json::to_value(proof)?)
    } else {
        println!(
            "{}: {} samples, {} repetitions, speedup {}x to {}x (required {required}x)",
            file.display(),
            proof.sample_count,
            proof.total_repetitions,
            proof.min_speedup_x,
            proof.max_speedup_x
        );
        Ok(())
    }
}

/// A query with the footprint `dwell plan GRAPH --analysis A --batch B` asks
/// about: only the number of sources matters for sizing.
fn representative_query(analysis: Analysis, batch: u64) -> Result<Query> {
    const MAX_BATCH: u64 = 1 << 24;
    if batch == 0 || batch > MAX_BATCH {
        return Err(format!(
            "--batch {batch} is out of range. Fix: plan between 1 and {MAX_BATCH} queries per run"
        )
        .into());
    }
    let sources = vec![0u32; batch as usize];
    Ok(match analysis {
        Analysis::Bfs => Query::Bfs(analysis::BfsQuery { sources, keep_levels: false }),
        Analysis::Reach => Query::Reach(analysis::ReachQuery { sources, ..Default::default() }),
        Analysis::Taint => Query::Taint(analysis::TaintQuery { sources, ..Default::default() }),
        Analysis::Wcc => Query::Wcc,
        Analysis::Scc => Query::Scc,
        Analysis::Dataflow | Analysis::Liveness | Analysis::ReachingDefs => {
            return Err("a dataflow plan depends on its fact sets. Fix: plan with --analysis bfs, reach, taint, wcc or scc, or type the byte counts in".into())
        }
    })
}
