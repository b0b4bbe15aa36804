//! A cancel reaches the timely backend's run in progress: the workers read
//! their process's stop flag once per epoch and carry it in the epoch's
//! notes, so every worker of every process ends after the same round; the
//! run comes back cancelled on every process (never a hang), and the same
//! sessions then answer their next query as the oracle does.

use dwell::analysis::{BfsQuery, Query};
use dwell::backend::{Backend, CpuReference};
use dwell::graph::{Graph, GraphBuilder};
use dwell::progress::{Progress, Quiet};
use dwell::session::{run_once, Session, SessionError};
use dwell_timely::{launch, shard, Cluster, Timely};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A directed cycle: a search from one vertex takes `n` rounds.
fn cycle(n: u32) -> Graph {
    let mut b = GraphBuilder::new(true);
    for v in 0..n {
        b.push(u64::from(v), u64::from((v + 1) % n)).unwrap();
    }
    b.build().unwrap()
}

/// Asks to stop from the start.
struct StopNow;

impl Progress for StopNow {
    fn advance(&self, _: &'static str, _: u64, _: u64) {}
    fn stopped(&self) -> bool {
        true
    }
}

fn bfs(sources: Vec<u32>) -> Query {
    Query::Bfs(BfsQuery {
        sources,
        keep_levels: false,
    })
}

/// One run of `q` in a fresh session on `backend` under `progress`: how
/// long it took; after a cancelled run, the same session then answers a
/// small query as the oracle does.
fn run_under(backend: &dyn Backend, g: &Graph, q: &Query, progress: &dyn Progress) -> Duration {
    // Sized for the next query too (the timely backend does not re-plan).
    let next = bfs(vec![5, 17]);
    let plan = Session::plan_query(backend, g, &next, 2, u64::MAX).unwrap();
    let mut s = Session::open(backend, g, plan).unwrap();
    s.set_progress(progress);
    let start = Instant::now();
    let r = s.run(q);
    let took = start.elapsed();
    if !progress.stopped() {
        r.unwrap();
        return took;
    }
    match r {
        Err(SessionError::Cancelled { runs: 0, .. }) => {}
        other => panic!("expected a cancelled run, got {other:?}"),
    }
    s.set_progress(&Quiet);
    s.run(&next).unwrap();
    let got = s.read_back().unwrap().outputs;
    assert_eq!(got, vec![run_once(&CpuReference, g, &next).unwrap()]);
    took
}

#[test]
fn workers_of_one_process_stop_at_the_cancel() {
    let g = Arc::new(cycle(5_000));
    let t = Timely::new(Cluster::local(2), Arc::clone(&g));
    let q = bfs(vec![0]);
    let full = run_under(&t, &g, &q, &Quiet);
    let stopped = run_under(&t, &g, &q, &StopNow);
    eprintln!("5000 rounds: full run {full:?}, cancelled {stopped:?}");
    assert!(
        stopped * 4 < full,
        "the cancelled run took {stopped:?} of the full {full:?}"
    );
    // Cancelled runs leave no figures; the two answered runs do.
    assert_eq!(t.figures().len(), 2);
}

#[test]
fn a_cancel_in_one_process_stops_every_process_at_the_same_round() {
    let processes = 2;
    let g = cycle(2_000);
    let dir = tempfile::tempdir().unwrap();
    shard::write(&g, processes, dir.path()).unwrap();
    let hosts: Vec<String> = launch::free_ports(processes)
        .unwrap()
        .into_iter()
        .map(|p| format!("127.0.0.1:{p}"))
        .collect();
    let (done, finished) = mpsc::channel();
    for process in 0..processes {
        let (dir, hosts, done) = (dir.path().to_path_buf(), hosts.clone(), done.clone());
        std::thread::spawn(move || {
            let part = shard::load_part(&dir, process).unwrap();
            let t = Timely::for_part(
                Cluster {
                    processes,
                    workers: 2,
                    process,
                    hosts,
                    ..Cluster::local(2)
                },
                part,
            );
            // Only process 0's session is cancelled; process 1 learns of
            // it in the rounds' notes. Both then answer the next query.
            let progress: &dyn Progress = if process == 0 { &StopNow } else { &Quiet };
            let answered = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let g = t.graph();
                let next = bfs(vec![5, 17]);
                let plan = Session::plan_query(&t, g, &next, 2, u64::MAX).unwrap();
                let mut s = Session::open(&t, g, plan).unwrap();
                s.set_progress(progress);
                let r = s.run(&bfs(vec![0]));
                assert!(
                    matches!(r, Err(SessionError::Cancelled { .. })),
                    "process {process}: {r:?}"
                );
                s.set_progress(&Quiet);
                s.run(&next).unwrap();
                s.read_back().unwrap().outputs
            }));
            let _ = done.send((process, answered.map_err(|_| ())));
        });
    }
    let truth = vec![run_once(&CpuReference, &g, &bfs(vec![5, 17])).unwrap()];
    for _ in 0..processes {
        // Bounded: a process that missed the stop would wait forever.
        let (process, answered) = finished
            .recv_timeout(Duration::from_secs(60))
            .expect("every process ends its cancelled run");
        let outputs = answered.unwrap_or_else(|_| panic!("process {process} failed"));
        assert_eq!(outputs, truth, "process {process}");
    }
}
