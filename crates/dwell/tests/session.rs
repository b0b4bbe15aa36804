//! Sessions enforce their plan and count what really happened.

use dwell::analysis::{BfsQuery, Output, Query, ReachQuery};
use dwell::backend::{Backend, Cpu, CpuReference};
use dwell::formats::{self, LoadOptions};
use dwell::graph::Graph;
use dwell::session::profile::derive;
use dwell::session::{plan, ReuseTelemetry, Session, SessionError};
use std::path::PathBuf;

fn karate() -> Graph {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/graphs/karate.edges.xz");
    formats::load(&p, &LoadOptions::default()).unwrap()
}

fn polblogs() -> Graph {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/graphs/polblogs.edges.xz");
    formats::load(&p, &LoadOptions::default()).unwrap()
}

fn bfs(sources: &[u32]) -> Query {
    Query::Bfs(BfsQuery {
        sources: sources.to_vec(),
        keep_levels: false,
    })
}

#[test]
fn r_runs_are_one_upload_r_runs_one_cold_and_r_minus_1_warm() {
    let g = polblogs();
    let q = bfs(&(0..100).collect::<Vec<_>>());
    for backend in [&Cpu as &dyn Backend, &CpuReference] {
        let runs = 7;
        let p = plan(&derive(backend, &g, &q, runs, u64::MAX).unwrap()).unwrap();
        let mut s = Session::open(backend, &g, p).unwrap();
        let opened = s.counters().unwrap();
        assert_eq!((opened.graph_uploads, opened.runs), (1, 0));
        for _ in 0..runs {
            s.run(&q).unwrap();
        }
        let mid = s.counters().unwrap();
        assert_eq!(
            mid.graph_uploads,
            1,
            "{}: no upload inside runs",
            backend.name()
        );
        let r = s.finish().unwrap();
        assert_eq!(r.counters.runs, runs);
        assert_eq!(r.counters.graph_uploads, 1);
        assert_eq!(r.counters.host_syncs, 0);
        assert_eq!(r.counters.bytes_uploaded, p.graph_upload_bytes);
        assert_eq!(
            r.counters.bytes_read_back,
            100 * 24,
            "one compact output read back once"
        );
        assert_eq!(
            r.reuse,
            ReuseTelemetry::from_counters(
                1,
                runs - 1,
                p.graph_upload_bytes,
                (runs - 1) * p.graph_upload_bytes
            )
        );
        assert_eq!(r.reuse, p.reuse, "measured reuse equals the planned reuse");
        assert_eq!(r.outputs.len(), 1);
    }
}

#[test]
fn cpu_reuses_buffers_across_runs_and_reference_does_not() {
    let g = polblogs();
    let q = bfs(&(0..64).collect::<Vec<_>>());
    let count = |backend: &dyn Backend, runs: u64| {
        let p = plan(&derive(backend, &g, &q, runs, u64::MAX).unwrap()).unwrap();
        let mut s = Session::open(backend, &g, p).unwrap();
        s.run(&q).unwrap();
        let first = s.counters().unwrap();
        for _ in 1..runs {
            s.run(&q).unwrap();
        }
        let warm = s.counters().unwrap().since(&first).unwrap();
        (first, warm)
    };
    let (first, warm) = count(&Cpu, 4);
    assert!(
        first.allocations > 0,
        "the first run allocates its sweep buffers"
    );
    assert_eq!(warm.allocations, 0, "warm runs reuse them");
    assert_eq!(warm.launches, 3, "one 64-lane sweep per run");
    let (first, warm) = count(&CpuReference, 4);
    assert_eq!(first.allocations, 64, "one level array per source");
    assert_eq!((warm.allocations, warm.launches), (3 * 64, 3 * 64));
}

#[test]
fn keep_all_outputs_reads_back_every_run() {
    let g = karate();
    let queries = [bfs(&[0]), bfs(&[5]), bfs(&[9])];
    let mut profile = derive(&Cpu, &g, &queries[0], 3, u64::MAX).unwrap();
    profile.keep_all_outputs = true;
    let mut s = Session::open(&Cpu, &g, plan(&profile).unwrap()).unwrap();
    for q in &queries {
        s.run(q).unwrap();
    }
    let r = s.finish().unwrap();
    let sources: Vec<u32> = r
        .outputs
        .iter()
        .map(|o| match o {
            Output::Bfs(b) => b[0].source,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(sources, [0, 5, 9]);
    assert_eq!(r.counters.bytes_read_back, 3 * 24);
}

#[test]
fn the_executor_enforces_the_plan() {
    let g = karate();
    let small = bfs(&[0]);
    let p = plan(&derive(&Cpu, &g, &small, 2, u64::MAX).unwrap()).unwrap();

    // More runs than planned.
    let mut s = Session::open(&Cpu, &g, p).unwrap();
    s.run(&small).unwrap();
    s.run(&small).unwrap();
    assert!(matches!(
        s.run(&small),
        Err(SessionError::RunsExhausted { planned: 2 })
    ));

    // A bigger batch than planned: frontier check fails before any work.
    let mut s = Session::open(&Cpu, &g, p).unwrap();
    let big = bfs(&[0; 65]);
    let before = s.counters().unwrap();
    assert!(matches!(
        s.run(&big),
        Err(SessionError::ExceedsPlan {
            what: "frontier",
            ..
        })
    ));
    assert_eq!(s.counters().unwrap(), before, "a rejected run does nothing");

    // A plan for another graph.
    let other = polblogs();
    assert!(matches!(
        Session::open(&Cpu, &other, p),
        Err(SessionError::LayoutMismatch { .. })
    ));

    // A plan too small for the resident topology.
    let mut tiny = p;
    tiny.graph_upload_bytes = 10;
    assert!(matches!(
        Session::open(&Cpu, &g, tiny),
        Err(SessionError::ExceedsPlan {
            what: "resident graph",
            ..
        })
    ));

    // Invalid queries are query errors, counted as nothing.
    let mut s = Session::open(&Cpu, &g, p).unwrap();
    assert!(matches!(s.run(&bfs(&[99])), Err(SessionError::Query(_))));
    assert_eq!(s.counters().unwrap().runs, 0);
}

#[test]
fn over_budget_plans_are_refused() {
    let g = polblogs();
    let q = Query::Reach(ReachQuery {
        sources: vec![1; 200],
        ..Default::default()
    });
    // The cpu backend's own requirements: polblogs is skewed, so they
    // include its degree-grouped copy.
    let need = Cpu.requirements(&g, &q).unwrap();
    assert!(need.graph_bytes > q.footprint(&g).unwrap().graph_bytes);
    let peak = need.graph_bytes + need.frontier_bytes + need.scratch_bytes + need.output_bytes;
    assert!(plan(&derive(&Cpu, &g, &q, 5, peak).unwrap()).is_ok());
    assert!(matches!(
        plan(&derive(&Cpu, &g, &q, 5, peak - 1).unwrap()),
        Err(dwell::session::PlanError::OverBudget { required, budget }) if required == peak && budget == peak - 1
    ));
}

#[test]
fn copies_are_made_by_the_first_query_that_uses_them() {
    // polblogs is skewed: a `cpu` session of several runs keeps a
    // degree-grouped copy, but dataflow never runs on it, so a session
    // that starts with dataflow uploads only the graph until a traversal.
    use dwell::analysis::{DataflowProblem, Direction, FactSets, Meet};
    use dwell::graph::order::{skewed, Relabeled};
    let g = polblogs();
    assert!(skewed(&g));
    let n = g.nodes();
    let dataflow = Query::Dataflow(DataflowProblem {
        direction: Direction::Forward,
        meet: Meet::Union,
        gen: FactSets::from_lists(n, 4, &[(0, vec![1]), (7, vec![2, 3])]),
        kill: FactSets::new(n, 4),
    });
    let p = plan(&derive(&Cpu, &g, &dataflow, 4, u64::MAX).unwrap()).unwrap();
    let mut s = Session::open(&Cpu, &g, p).unwrap();
    let graph = dwell::analysis::footprint::resident_graph_bytes(&g).unwrap();
    s.run(&dataflow).unwrap();
    s.run(&dataflow).unwrap();
    assert_eq!(s.counters().unwrap().bytes_uploaded, graph);
    s.run(&bfs(&[0, 5])).unwrap();
    s.run(&dataflow).unwrap();
    let copy = Relabeled::extra_bytes(&g).unwrap();
    assert_eq!(s.counters().unwrap().bytes_uploaded, graph + copy);
}

/// `cpu` restricted to BFS: stands in for a device backend that runs only
/// some analyses.
struct BfsOnly;

impl Backend for BfsOnly {
    fn name(&self) -> &'static str {
        "bfs-only"
    }
    fn supports(&self, q: &Query) -> bool {
        matches!(q, Query::Bfs(_))
    }
    fn requirements(
        &self,
        g: &Graph,
        q: &Query,
    ) -> Result<dwell::analysis::Requirements, dwell::analysis::SizeOverflow> {
        Cpu.requirements(g, q)
    }
    fn open<'g>(
        &self,
        g: &'g Graph,
        reservation: &dwell::backend::Reservation,
        counters: std::sync::Arc<dwell::counters::Counters>,
    ) -> Result<Box<dyn dwell::backend::Resident + 'g>, dwell::backend::BackendError> {
        Cpu.open(g, reservation, counters)
    }
}

#[test]
fn unsupported_queries_are_refused_before_upload_and_at_run() {
    let g = karate();
    // The planner refuses before anything is resident.
    let err = Session::for_query(&BfsOnly, &g, &Query::Scc, 2, u64::MAX)
        .err()
        .expect("scc is refused");
    assert!(
        err.to_string()
            .contains("bfs-only backend does not run scc")
            && err.to_string().contains("Fix:"),
        "{err}"
    );
    // A session opened for BFS refuses SCC when it is run.
    let p = derive(&BfsOnly, &g, &bfs(&[0]), 3, u64::MAX).unwrap();
    let mut s = Session::open(&BfsOnly, &g, plan(&p).unwrap()).unwrap();
    assert!(matches!(s.run(&Query::Scc), Err(SessionError::Backend(_))));
    s.run(&bfs(&[0])).unwrap();
    let r = s.finish().unwrap();
    assert_eq!(r.counters.runs, 1, "the refused run is not counted");
}

/// Records every progress report.
#[derive(Default)]
struct Log(std::sync::Mutex<Vec<(&'static str, u64, u64)>>);

impl dwell::progress::Progress for Log {
    fn advance(&self, unit: &'static str, done: u64, total: u64) {
        self.0.lock().unwrap().push((unit, done, total));
    }
}

#[test]
fn batch_runs_report_sources_done_up_to_the_total() {
    let g = polblogs();
    let sources: Vec<u32> = (0..300).collect();
    let log = Log::default();
    {
        let mut s = Session::for_query(&Cpu, &g, &bfs(&sources), 2, u64::MAX).unwrap();
        s.set_progress(&log);
        s.run(&bfs(&sources)).unwrap();
    }
    let seen = log.0.into_inner().unwrap();
    assert_eq!(seen.first(), Some(&("sources", 0, 300)));
    // Reports come from several threads, so only the largest is sure to be last.
    assert_eq!(seen.iter().map(|r| r.1).max(), Some(300));
    assert!(seen.iter().all(|r| r.2 == 300));
}

/// What the Python bindings may rely on: graphs, backends and reports cross
/// threads; each thread opens its own session over one shared graph.
#[test]
fn sessions_per_thread_over_one_shared_graph() {
    fn send_sync<T: Send + Sync + ?Sized>() {}
    fn send<T: Send>() {}
    send_sync::<Graph>();
    send_sync::<dyn Backend>();
    send_sync::<Cpu>();
    send_sync::<CpuReference>();
    send::<dwell::session::SessionReport>();
    send_sync::<dwell::session::Plan>();

    let g = polblogs();
    let q = bfs(&(0..32).collect::<Vec<_>>());
    let want = dwell::session::run_once(&Cpu, &g, &q).unwrap();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..4)
            .map(|t| {
                let (g, q) = (&g, &q);
                scope.spawn(move || {
                    let backend: &dyn Backend = if t % 2 == 0 { &Cpu } else { &CpuReference };
                    let p = plan(&derive(backend, g, q, 50, u64::MAX).unwrap()).unwrap();
                    let mut s = Session::open(backend, g, p).unwrap();
                    for _ in 0..50 {
                        s.run(q).unwrap();
                    }
                    s.finish().unwrap()
                })
            })
            .collect();
        for h in handles {
            let r = h.join().unwrap();
            assert_eq!(r.counters.runs, 50);
            assert_eq!(r.counters.graph_uploads, 1);
            assert_eq!(r.outputs, std::slice::from_ref(&want));
        }
    });
}

#[test]
fn one_session_answers_many_differently_sized_queries_with_one_upload() {
    // A server's session: opened by the first query, re-planned for each
    // later one (other analyses, more sources, more runs), each read back
    // on its own; answers equal one-shot sessions of the oracle.
    let g = polblogs();
    let queries = [
        (bfs(&[0, 1]), 1),
        (bfs(&(0..300).collect::<Vec<_>>()), 3),
        (Query::Wcc, 1),
        (
            Query::Reach(ReachQuery {
                sources: (0..70).collect(),
                sinks: vec![3, 9, 400],
                ..ReachQuery::default()
            }),
            2,
        ),
        (bfs(&[5]), 1),
        (Query::Scc, 2),
    ];
    for backend in [&Cpu as &dyn Backend, &CpuReference] {
        let mut s: Option<Session<'_>> = None;
        for (i, (q, runs)) in queries.iter().enumerate() {
            let p = Session::plan_query(backend, &g, q, *runs, u64::MAX).unwrap();
            match s.as_mut() {
                Some(s) => s.replan(p).unwrap(),
                None => s = Some(Session::open(backend, &g, p).unwrap()),
            }
            let s = s.as_mut().unwrap();
            for _ in 0..*runs {
                s.run(q).unwrap();
            }
            let mut r = s.read_back().unwrap();
            assert_eq!(r.plan, p, "each query reports its own plan");
            assert_eq!(r.counters.runs, *runs);
            let cold = u64::from(i == 0);
            assert_eq!(
                r.counters.graph_uploads,
                cold,
                "{} query {i}",
                backend.name()
            );
            assert_eq!(r.reuse.cold_uploads, cold);
            assert_eq!(r.reuse.warm_reuses, runs - cold);
            let oracle = dwell::session::run_once(&CpuReference, &g, q).unwrap();
            assert_eq!(
                r.outputs.pop().unwrap(),
                oracle,
                "{} query {i}",
                backend.name()
            );
        }
        let s = s.unwrap();
        assert_eq!(s.counters().unwrap().graph_uploads, 1);
        // A later query larger than every earlier one still fits: plans
        // are per query, not the first query's.
        let mut s = s;
        let big = bfs(&(0..1000).collect::<Vec<_>>());
        s.replan(Session::plan_query(backend, &g, &big, 1, u64::MAX).unwrap())
            .unwrap();
        s.run(&big).unwrap();
        let r = s.finish().unwrap();
        assert_eq!(r.counters.graph_uploads, 0);
        assert_eq!(
            r.outputs[0],
            dwell::session::run_once(&CpuReference, &g, &big).unwrap()
        );
    }
}

#[test]
fn a_cancelled_query_stops_before_its_next_run_and_the_session_goes_on() {
    let g = polblogs();
    let q = bfs(&(0..64).collect::<Vec<_>>());
    let p = Session::plan_query(&Cpu, &g, &q, 10, u64::MAX).unwrap();
    let mut s = Session::open(&Cpu, &g, p).unwrap();
    let cancel = dwell::progress::Cancel::new();
    s.set_cancel(Some(cancel.clone()));
    s.run(&q).unwrap();
    s.run(&q).unwrap();
    cancel.cancel();
    match s.run(&q) {
        Err(SessionError::Cancelled {
            runs: 2,
            planned: 10,
        }) => {}
        other => panic!("expected a cancelled run, got {other:?}"),
    }
    assert_eq!(s.counters().unwrap().runs, 2);
    // The next query, with no cancel flag, runs in the same session.
    s.set_cancel(None);
    let one = bfs(&[7]);
    s.replan(Session::plan_query(&Cpu, &g, &one, 1, u64::MAX).unwrap())
        .unwrap();
    s.run(&one).unwrap();
    let r = s.read_back().unwrap();
    assert_eq!((r.counters.runs, r.counters.graph_uploads), (1, 0));
    assert_eq!(
        r.outputs,
        vec![dwell::session::run_once(&CpuReference, &g, &one).unwrap()]
    );
}

#[test]
fn one_search_keeping_levels_on_a_large_undirected_graph_runs_on_the_copy() {
    // Above 2^17 vertices a single undirected search keeping its levels
    // runs on the degree-grouped copy once a session has made it (smaller
    // ones stay on the graph itself); its levels are the same as one run's
    // on the graph and as the oracle's.
    use dwell::graph::order::{skewed, Relabeled};
    let g = dwell::gen::rmat(18, 2, 3).unwrap().build().unwrap();
    assert!(!g.is_directed() && g.nodes() > 1 << 17 && skewed(&g));
    let graph = dwell::analysis::footprint::resident_graph_bytes(&g).unwrap();
    let copy = Relabeled::extra_bytes(&g).unwrap();
    for source in [0u32, 7, 1000] {
        let q = Query::Bfs(BfsQuery {
            sources: vec![source],
            keep_levels: true,
        });
        let answer = |backend: &dyn Backend, runs: u64| {
            let p = plan(&derive(backend, &g, &q, runs, u64::MAX).unwrap()).unwrap();
            let mut s = Session::open(backend, &g, p).unwrap();
            for _ in 0..runs {
                s.run(&q).unwrap();
            }
            let uploaded = s.counters().unwrap().bytes_uploaded;
            (s.read_back().unwrap().outputs.pop().unwrap(), uploaded)
        };
        let (two, uploaded) = answer(&Cpu, 2);
        assert_eq!(uploaded, graph + copy, "source {source}: no copy made");
        let (one, _) = answer(&Cpu, 1);
        let (oracle, _) = answer(&CpuReference, 1);
        assert_eq!(two, one, "source {source}: copy and graph differ");
        assert_eq!(two, oracle, "source {source}: copy and oracle differ");
    }
}
