//! `dwell run ANALYSIS PATH`: on a graph file, one resident session that runs
//! the query `--repeat` times and reads back once; on a program bundle, the
//! program analyses of [`crate::program`].

use crate::args::RunArgs;
use crate::backends;
use crate::error::Result;
use crate::input::{graph_options, Input, Io, Loaded};
use crate::progress::Bar;
use crate::query;
use crate::report::{self, GraphFacts, Out, RunReport};
use dwell::analysis::Query;
use dwell::backend::Backend;
use dwell::counters::CounterSnapshot;
use dwell::graph::Graph;
use dwell::progress::{Cancel, Steps};
use dwell::session::{Session, SessionReport};
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
    let mut io = Io::local();
    run_loaded(
        args,
        chosen.backend(),
        &loaded,
        &bar,
        &budget,
        None,
        &mut io,
    )
    .map(drop)
}

/// What outlives one query (`dwell serve` keeps them per input): a graph's
/// session, opened by the first query on its graph and re-planned for each
/// later one (no upload); a bundle's data-flow taint graph.
pub struct Held<'a, 'g> {
    pub session: &'a mut Option<Session<'g>>,
    pub taint: &'a crate::taint_flow::Kept,
}

/// Run the query of `args` over an input already loaded (by [`run`], or
/// once for its whole life by `dwell serve`), with `io`. A graph run hands
/// back its query's counters; with `held` it runs in that session instead
/// of one of its own.
pub fn run_loaded<'g>(
    args: &RunArgs,
    backend: &'g dyn Backend,
    loaded: &'g Loaded,
    bar: &Bar,
    budget: &Budget,
    held: Option<Held<'_, 'g>>,
    io: &mut Io,
) -> Result<Option<CounterSnapshot>> {
    match &loaded.input {
        Input::Graph(g) => {
            let on = OnGraph {
                backend,
                graph: g,
                load_ms: loaded.load_ms,
                facts: None,
            };
            run_graph(args, on, bar, budget, held, io).map(Some)
        }
        Input::Bundle(b) => {
            let ms = loaded.load_ms;
            let kept = held.map(|h| h.taint);
            crate::program::run(args, backend, (b, ms), bar, budget, io, kept).map(|()| None)
        }
    }
}

/// What one graph run runs on.
pub struct OnGraph<'a, 'g> {
    pub backend: &'g dyn Backend,
    /// The graph (for timely, this process's view of it).
    pub graph: &'g Graph,
    pub load_ms: f64,
    /// A backend's own figures for the report (timely's); they may leave
    /// `--out` to another process of the run.
    pub facts: Option<&'a dyn report::BackendFacts>,
}

/// One session over `on.graph` (or one query in the `held` one), reported.
pub fn run_graph<'g>(
    args: &RunArgs,
    on: OnGraph<'_, 'g>,
    bar: &Bar,
    budget: &Budget,
    held: Option<Held<'_, 'g>>,
    io: &mut Io,
) -> Result<CounterSnapshot> {
    if args.format == crate::args::FormatArg::Sarif {
        return Err(format!("--format sarif reports taint findings on a program bundle, and {} is a graph. Fix: import a program with `dwell import llvm FILE.ll --out BUNDLE`, or use --format json", args.graph.graph.display()).into());
    }
    let (backend, g) = (on.backend, on.graph);
    let query = query::from_flags(args, g, &io.files)?;
    bar.phase(format!(
        "{} on {} ({})",
        query.name(),
        args.graph.graph.display(),
        backend.name()
    ));
    let timed = open_and_run(args, &on, &query, bar, budget, held, io.cancel.as_ref())?;
    bar.finish();
    report_run(args, &on, &query, budget, timed, &mut io.stdout)
}

/// A session's read-back with how long opening it and its runs took (ms).
struct Timed {
    session: SessionReport,
    open_ms: f64,
    query_ms: f64,
}

/// One session: planned from this graph and query (an unsupported query is
/// refused before the upload), the graph made resident once, the query run
/// `--repeat` times, one read-back. A held session is planned anew for this
/// query the same way, and its graph is already resident. Runs stop when
/// `cancel` is set.
fn open_and_run<'g>(
    args: &RunArgs,
    on: &OnGraph<'_, 'g>,
    query: &Query,
    bar: &Bar,
    budget: &Budget,
    held: Option<Held<'_, 'g>>,
    cancel: Option<&Cancel>,
) -> Result<Timed> {
    let (backend, g) = (on.backend, on.graph);
    let t = Instant::now();
    let total = args.repeat + args.warmup;
    let plan = Session::plan_query(backend, g, query, total, budget.bytes())?;
    let ms = |t: Instant| t.elapsed().as_secs_f64() * 1e3;
    Ok(match held {
        None => {
            let mut s = Session::open(backend, g, plan)?;
            s.set_cancel(cancel.cloned());
            warm_up(&mut s, query, args.warmup)?;
            let open_ms = ms(t);
            // One run shows the kernel's own units (sweeps of a batch).
            if total == 1 {
                s.set_progress(bar);
            }
            let t = Instant::now();
            let session = runs(&mut s, query, args.repeat, bar)?;
            Timed {
                session,
                open_ms,
                query_ms: ms(t),
            }
        }
        Some(held) => {
            let s = Session::open_or_replan(held.session, backend, g, plan)?;
            s.set_cancel(cancel.cloned());
            if let Err(e) = warm_up(s, query, args.warmup) {
                s.set_cancel(None);
                return Err(e);
            }
            let open_ms = ms(t);
            let t = Instant::now();
            let session = runs(s, query, args.repeat, bar);
            s.set_cancel(None);
            Timed {
                session: session?,
                open_ms,
                query_ms: ms(t),
            }
        }
    })
}

/// Write `--out` and print the run's report (human or JSON), with the
/// backend's own figures if it has any; hands back the query's counters.
fn report_run(
    args: &RunArgs,
    on: &OnGraph<'_, '_>,
    query: &Query,
    budget: &Budget,
    timed: Timed,
    stdout: &mut Out,
) -> Result<CounterSnapshot> {
    let (g, extra) = (on.graph, on.facts);
    let Timed {
        mut session,
        open_ms,
        query_ms,
    } = timed;
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
    let mut graph = GraphFacts::of(g, &args.graph.graph);
    if let Some(arcs) = extra.and_then(|t| t.arcs_held()) {
        graph.arcs = arcs;
    }
    let rep = RunReport {
        analysis: query.name(),
        backend: on.backend.name(),
        graph,
        load_ms: on.load_ms,
        open_ms,
        query_ms,
        timed_runs: args.repeat,
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
        stdout.json(&v)?;
    } else {
        stdout.write(&rep.human());
        if let Some(t) = extra {
            stdout.write(&t.human());
        }
    }
    Ok(session.counters)
}

/// `--warmup` untimed runs of `query` in `s` (their outputs are dropped
/// by the timed runs that follow: a session keeps only the last).
fn warm_up(s: &mut Session<'_>, query: &Query, warmup: u64) -> Result<()> {
    for _ in 0..warmup {
        s.run(query)?;
    }
    Ok(())
}

/// `repeat` runs of `query` in `s`, then its read-back. Repeated runs show
/// runs done on `bar` (one run's own units would keep resetting).
fn runs(s: &mut Session<'_>, query: &Query, repeat: u64, bar: &Bar) -> Result<SessionReport> {
    let done = (repeat > 1).then(|| Steps::new(bar, "runs", repeat));
    for _ in 0..repeat {
        s.run(query)?;
        if let Some(done) = &done {
            done.add(1);
        }
    }
    Ok(s.read_back()?)
}
