//! `dwell run ANALYSIS PATH`: on a graph file, one resident session that runs
//! the query `--repeat` times and reads back once; on a program bundle, the
//! program analyses of [`crate::program`].

use crate::args::{Analysis, DirectionArg, MeetArg, RunArgs};
use crate::backends;
use crate::error::Result;
use crate::input::{load_options, Input};
use crate::progress::Bar;
use crate::report::{self, GraphFacts, RunReport};
use dwell::analysis::{self, Direction, Meet, Query};
use dwell::backend::Backend;
use dwell::graph::Graph;
use dwell::progress::Steps;
use dwell::session::Session;
use std::path::Path;
use std::time::Instant;

pub fn run(args: &RunArgs) -> Result<()> {
    // The backend first: a missing driver is reported before a large load.
    let chosen = backends::resolve(&args.backend)?;
    let opts = load_options(args.graph.directed, args.graph.undirected);
    let loaded = Input::load(&args.graph.graph, &opts)?;
    match &loaded.input {
        Input::Graph(g) => run_graph(args, chosen.backend(), g, loaded.load_ms),
        Input::Bundle(b) => crate::program::run(args, chosen.backend(), b, loaded.load_ms),
    }
}

fn run_graph(args: &RunArgs, backend: &dyn Backend, g: &Graph, load_ms: f64) -> Result<()> {
    let query = build_query(args, g)?;
    let path = &args.graph.graph;
    let bar = Bar::start(format!(
        "{} on {} ({})",
        query.name(),
        path.display(),
        backend.name()
    ));
    // One session: planned from this graph and query (an unsupported query
    // is refused before the upload), the graph made resident once, the query
    // run `--repeat` times, one read-back.
    let budget = args.budget_bytes.unwrap_or(u64::MAX);
    let t = Instant::now();
    let mut s = Session::for_query(backend, g, &query, args.repeat, budget)?;
    let open_ms = t.elapsed().as_secs_f64() * 1e3;
    // One run shows the kernel's own units (sweeps of a batch); repeated
    // runs show runs done, which one run's units would keep resetting.
    let runs = if args.repeat == 1 {
        s.set_progress(&bar);
        None
    } else {
        Some(Steps::new(&bar, "runs", args.repeat))
    };
    let t = Instant::now();
    for _ in 0..args.repeat {
        s.run(&query)?;
        if let Some(runs) = &runs {
            runs.add(1);
        }
    }
    let mut session = s.finish()?;
    let query_ms = t.elapsed().as_secs_f64() * 1e3;
    bar.finish();
    let output = session
        .outputs
        .pop()
        .expect("a session with runs reads back an output");

    if let Some(out) = &args.out {
        report::write_per_vertex(out, g, &output)?;
    }
    let rep = RunReport {
        analysis: query.name(),
        backend: backend.name(),
        graph: GraphFacts::of(g, path),
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
