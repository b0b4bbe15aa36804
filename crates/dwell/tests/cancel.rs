//! A cancel reaches the run in progress: every host kernel polls the stop
//! request once per level or round, the run ends with
//! `SessionError::Cancelled` and keeps no output, and the same session then
//! answers its next query as the oracle does.

use dwell::analysis::dataflow::{DataflowProblem, FactSets, Meet};
use dwell::analysis::taint::TaintQuery;
use dwell::analysis::{BfsQuery, Direction, Query, ReachQuery};
use dwell::backend::{Backend, Cpu, CpuReference};
use dwell::graph::{Graph, GraphBuilder};
use dwell::progress::{Cancel, Progress, Quiet};
use dwell::session::{run_once, Session, SessionError};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// A directed cycle 0 → 1 → … → n-1 → 0: every search from one vertex
/// takes n levels, and its one strong component needs a deep search.
fn cycle(n: u32) -> Graph {
    let mut b = GraphBuilder::new(true);
    for v in 0..n {
        b.push(u64::from(v), u64::from((v + 1) % n)).unwrap();
    }
    b.build().unwrap()
}

/// Asks to stop from its `after`-th poll on, and counts the polls.
struct StopAfter {
    after: u64,
    polls: AtomicU64,
}

impl StopAfter {
    fn new(after: u64) -> StopAfter {
        StopAfter {
            after,
            polls: AtomicU64::new(0),
        }
    }
}

impl Progress for StopAfter {
    fn advance(&self, _: &'static str, _: u64, _: u64) {}
    fn stopped(&self) -> bool {
        self.polls.fetch_add(1, Ordering::Relaxed) + 1 >= self.after
    }
}

fn queries(n: u32) -> Vec<(&'static str, Query)> {
    let sources: Vec<u32> = (0..8).map(|i| i * (n / 8)).collect();
    let mut gen = FactSets::new(n as usize, 2);
    gen.set(0, 0);
    gen.set(n / 2, 1);
    vec![
        (
            "bfs one source",
            Query::Bfs(BfsQuery {
                sources: vec![0],
                keep_levels: false,
            }),
        ),
        (
            "bfs many sources, levels kept",
            Query::Bfs(BfsQuery {
                sources: sources.clone(),
                keep_levels: true,
            }),
        ),
        (
            "reach with sets",
            Query::Reach(ReachQuery {
                sources: sources.clone(),
                direction: Direction::Backward,
                sinks: vec![1, n - 1],
                keep_sets: true,
                ..ReachQuery::default()
            }),
        ),
        (
            "taint with witnesses",
            Query::Taint(TaintQuery {
                sources: sources.clone(),
                sinks: vec![n - 1],
                ..TaintQuery::default()
            }),
        ),
        (
            "taint without witnesses",
            Query::Taint(TaintQuery {
                sources,
                sinks: vec![n - 1],
                witnesses: false,
                ..TaintQuery::default()
            }),
        ),
        ("wcc", Query::Wcc),
        ("scc", Query::Scc),
        (
            "dataflow",
            Query::Dataflow(DataflowProblem {
                direction: Direction::Forward,
                meet: Meet::Union,
                kill: FactSets::new(n as usize, 2),
                gen,
            }),
        ),
    ]
}

/// Run `q` in `s` under `progress`: the run must come back cancelled.
fn expect_cancelled(s: &mut Session<'_>, q: &Query, what: &str) {
    match s.run(q) {
        Err(SessionError::Cancelled { .. }) => {}
        other => panic!("{what}: expected a cancelled run, got {other:?}"),
    }
}

/// After a cancelled run, the same session answers `q` as the oracle does.
fn answers_next(s: &mut Session<'_>, g: &Graph, q: &Query, backend: &dyn Backend, what: &str) {
    s.set_progress(&Quiet);
    s.set_cancel(None);
    s.replan(Session::plan_query(backend, g, q, 2, u64::MAX).unwrap())
        .unwrap();
    s.run(q).unwrap();
    s.run(q).unwrap();
    let r = s.read_back().unwrap();
    let truth = run_once(&CpuReference, g, q).unwrap();
    assert_eq!(
        r.outputs.last(),
        Some(&truth),
        "{what}: answer after a cancel"
    );
}

#[test]
fn every_host_kernel_stops_at_its_first_poll_and_the_session_goes_on() {
    // Arcs enough for the `cpu` SCC's forward-backward sweeps.
    let n = 1 << 20;
    let g = cycle(n);
    for backend in [&Cpu as &dyn Backend, &CpuReference] {
        for (what, q) in queries(n) {
            let what = format!("{} {what}", backend.name());
            let stop = StopAfter::new(1);
            let plan = Session::plan_query(backend, &g, &q, 2, u64::MAX).unwrap();
            let mut s = Session::open(backend, &g, plan).unwrap();
            // The same session's full run, then one asked to stop from the
            // first poll on: a kernel that polls once per level stops after
            // its first of thousands.
            let start = Instant::now();
            s.run(&q).unwrap();
            let full = start.elapsed();
            s.set_progress(&stop);
            // The faster of two stopped runs: a loaded machine's pauses
            // are not the kernel's.
            let took = (0..2)
                .map(|_| {
                    let start = Instant::now();
                    expect_cancelled(&mut s, &q, &what);
                    start.elapsed()
                })
                .min()
                .unwrap();
            eprintln!("{what}: full run {full:?}, stopped at the first poll {took:?}");
            assert_eq!(s.counters().unwrap().runs, 1, "{what}: no run counted");
            // Dataflow converges in a few sweeps and Afforest (`cpu` wcc)
            // makes a few passes, one poll each: nothing finer to stop
            // inside, so no time bound for them; nor for runs too short
            // to time (the oracle's one search is mostly its allocation).
            let timed = full >= Duration::from_millis(20);
            if timed && !what.ends_with("dataflow") && what != "cpu wcc" {
                assert!(
                    took * 3 < full,
                    "{what}: the stopped run took {took:?} of the full {full:?}"
                );
            }
            answers_next(&mut s, &g, &q, backend, &what);
        }
    }
}

/// Time one uncancelled run of `q`, then the same run cancelled from
/// another thread after `delay`: it must end far sooner.
fn cancel_from_another_thread(backend: &dyn Backend, g: &Graph, q: &Query, delay: Duration) {
    let what = backend.name();
    let start = Instant::now();
    run_once(backend, g, q).unwrap();
    let full = start.elapsed();
    assert!(
        full > delay * 8,
        "{what}: the full run ({full:?}) is too short to test a cancel after {delay:?}"
    );
    let plan = Session::plan_query(backend, g, q, 1, u64::MAX).unwrap();
    let mut s = Session::open(backend, g, plan).unwrap();
    let cancel = Cancel::new();
    s.set_cancel(Some(cancel.clone()));
    let start = Instant::now();
    let stopped = std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(delay);
            cancel.cancel();
        });
        let r = s.run(q);
        (r, start.elapsed())
    });
    match stopped {
        (Err(SessionError::Cancelled { .. }), took) => assert!(
            took < full / 2,
            "{what}: cancelled after {delay:?}, the run took {took:?} of the full {full:?}"
        ),
        (other, _) => panic!("{what}: expected a cancelled run, got {other:?}"),
    }
    answers_next(&mut s, g, q, backend, what);
}

#[test]
fn a_cancel_from_another_thread_stops_one_long_run() {
    // One run of many searches, each thousands of levels long.
    let n = 1 << 20;
    let g = cycle(n);
    let q = Query::Bfs(BfsQuery {
        sources: (0..64).map(|i| i * (n / 64)).collect(),
        keep_levels: false,
    });
    for backend in [&Cpu as &dyn Backend, &CpuReference] {
        cancel_from_another_thread(backend, &g, &q, Duration::from_millis(30));
    }
}
