//! `dwell run ANALYSIS PATH`: on a graph file, one resident session that runs
//! the query `--repeat` times and reads back once; on a program bundle, the
//! program analyses of [`crate::program`].

use crate::args::RunArgs;
use crate::backends;
use crate::error::Result;
use crate::input::{graph_options, Input, Loaded};
use crate::progress::Bar;
use crate::query;
use crate::report::{self, GraphFacts, RunReport};
use dwell::backend::Backend;
use dwell::counters::CounterSnapshot;
use dwell::graph::Graph;
use dwell::progress::Steps;
use dwell::session::Session;
use report::Budget;
use std::time::Instant;

pub fn run(args: &RunArgs) -> Result<()> {
    if let Some(server) = &args.server {
        return crate::client::run(args, server);
    }
    // The backend first: a missing driver is reported before a large load.
    let chosen = backends::resolve(&args.backend)?;
    // The memory this process may use, read before the graph is loaded so
    // the default budget covers it too (the plan counts the graph).
    let budget = Budget::from_flag(args.budget_bytes);
    let opts = graph_options(&args.graph.load)?;
    let bar = Bar::start("run");
    let loaded = Input::load(&args.graph.graph, &opts, &bar)?;
    run_loaded(args, chosen.backend(), &loaded, &bar, &budget).map(drop)
}

/// Run the query of `args` over an input already loaded (by [`run`], or
/// once for its whole life by `dwell serve`), printing through
/// `report::out`. A graph run hands back its session's counters.
pub fn run_loaded(
    args: &RunArgs,
    backend: &dyn Backend,
    loaded: &Loaded,
    bar: &Bar,
    budget: &Budget,
) -> Result<Option<CounterSnapshot>> {
    match &loaded.input {
        Input::Graph(g) => run_graph(args, backend, g, loaded.load_ms, bar, budget, None).map(Some),
        Input::Bundle(b) => {
            crate::program::run(args, backend, b, loaded.load_ms, bar, budget).map(|()| None)
        }
    }
}

/// One session over `g`; `extra` adds a backend's own figures to the report
/// (and may leave `--out` to another process of the run).
pub fn run_graph(
    args: &RunArgs,
    backend: &dyn Backend,
    g: &Graph,
    load_ms: f64,
    bar: &Bar,
    budget: &Budget,
    extra: Option<&dyn report::BackendFacts>,
) -> Result<CounterSnapshot> {
    if args.format == crate::args::FormatArg::Sarif {
        return Err(format!("--format sarif reports taint findings on a program bundle, and {} is a graph. Fix: import a program with `dwell import llvm FILE.ll --out BUNDLE`, or use --format json", args.graph.graph.display()).into());
    }
    let query = query::from_flags(args, g)?;
    let path = &args.graph.graph;
    bar.phase(format!(
        "{} on {} ({})",
        query.name(),
        path.display(),
        backend.name()
    ));
    // One session: planned from this graph and query (an unsupported query
    // is refused before the upload), the graph made resident once, the query
    // run `--repeat` times, one read-back.
    let t = Instant::now();
    let mut s = Session::for_query(backend, g, &query, args.repeat, budget.bytes())?;
    let open_ms = t.elapsed().as_secs_f64() * 1e3;
    // One run shows the kernel's own units (sweeps of a batch); repeated
    // runs show runs done, which one run's units would keep resetting.
    let runs = if args.repeat == 1 {
        s.set_progress(bar);
        None
    } else {
        Some(Steps::new(bar, "runs", args.repeat))
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

    if let Some(out) = args
        .out
        .as_ref()
        .filter(|_| extra.is_none_or(|t| t.writes_out()))
    {
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
        names: g.vertex_names(),
    };
    if args.wants_json() {
        let mut v = rep.json();
        v["plan"]["budget"] = budget.json();
        if let Some(t) = extra {
            v[t.key()] = t.json();
        }
        report::print_json(&v)?;
    } else {
        report::out(&rep.human());
        if let Some(t) = extra {
            report::out(&t.human());
        }
    }
    Ok(session.counters)
}
