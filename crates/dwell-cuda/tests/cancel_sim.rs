//! A cancel reaches the cuda backend's run on the simulated device (feature
//! `sim`): the host-driven modes poll it after every level and stop within
//! one; every mode polls before its first launch; a cancelled run keeps no
//! output and the session's next query answers as the oracle does.
//!
//! `cargo test -p dwell-cuda --features sim --test cancel_sim`
#![cfg(feature = "sim")]

use dwell::analysis::{BfsQuery, Query};
use dwell::backend::{Backend, CpuReference};
use dwell::graph::{Graph, GraphBuilder};
use dwell::progress::{Progress, Quiet};
use dwell::session::{run_once, Session, SessionError};
use dwell_cuda::raw::SimOptions;
use dwell_cuda::{Cuda, Mode, Tuning};
use std::sync::atomic::{AtomicU64, Ordering};

/// A directed cycle: a search from one vertex takes `n` levels.
fn cycle(n: u32) -> Graph {
    let mut b = GraphBuilder::new(true);
    for v in 0..n {
        b.push(u64::from(v), u64::from((v + 1) % n)).unwrap();
    }
    b.build().unwrap()
}

/// Asks to stop from its `after`-th poll on.
struct StopAfter {
    after: u64,
    polls: AtomicU64,
}

impl Progress for StopAfter {
    fn advance(&self, _: &'static str, _: u64, _: u64) {}
    fn stopped(&self) -> bool {
        self.polls.fetch_add(1, Ordering::Relaxed) + 1 >= self.after
    }
}

fn device(mode: Mode) -> Cuda {
    let opts = SimOptions {
        sms: 2,
        occupancy: 2,
        jitter: None,
        timeout_s: 120.0,
    };
    Cuda::sim(opts, Tuning::default(), mode).expect("the simulated device opens")
}

fn bfs(sources: Vec<u32>) -> Query {
    Query::Bfs(BfsQuery {
        sources,
        keep_levels: true,
    })
}

/// Launches of one run of `q` in `s`, stopped from the `after`-th poll on
/// when `after` is given; then the session's next query must answer as
/// the oracle does.
fn launches(c: &Cuda, g: &Graph, q: &Query, after: Option<u64>) -> u64 {
    let stop = StopAfter {
        after: after.unwrap_or(u64::MAX),
        polls: AtomicU64::new(0),
    };
    let plan = Session::plan_query(c, g, q, 1, u64::MAX).unwrap();
    let mut s = Session::open(c, g, plan).unwrap();
    s.set_progress(&stop);
    let before = s.counters().unwrap().launches;
    let r = s.run(q);
    let launched = s.counters().unwrap().launches - before;
    match (after, r) {
        (None, Ok(())) => {}
        (Some(_), Err(SessionError::Cancelled { runs: 0, .. })) => {
            // The same session answers the next query.
            s.set_progress(&Quiet);
            let next = bfs(vec![3]);
            s.replan(Session::plan_query(c, g, &next, 1, u64::MAX).unwrap())
                .unwrap();
            s.run(&next).unwrap();
            let got = s.read_back().unwrap().outputs;
            assert_eq!(got, vec![run_once(&CpuReference, g, &next).unwrap()]);
        }
        (after, r) => panic!("{}: stop after {after:?}: got {r:?}", c.name()),
    }
    launched
}

#[test]
fn host_driven_levels_stop_within_a_level_of_the_cancel() {
    let n = 200;
    let g = cycle(n);
    let q = bfs(vec![0, 50]);
    for mode in [Mode::ResidentHostLevels, Mode::HostOrchestrated] {
        let c = device(mode);
        let full = launches(&c, &g, &q, None);
        assert!(full > u64::from(n), "{mode:?}: {full} launches in full");
        // Poll 1 is before the first launch, then one after each level:
        // stopped from poll 4, the run made clear, seed and 3 levels.
        let stopped = launches(&c, &g, &q, Some(4));
        assert_eq!(stopped, 5, "{mode:?}: launches of the stopped run");
    }
}

#[test]
fn every_mode_polls_before_its_first_launch() {
    let g = cycle(64);
    let q = bfs(vec![0]);
    for mode in [
        Mode::Resident,
        Mode::ResidentHostLevels,
        Mode::HostOrchestrated,
    ] {
        let c = device(mode);
        assert_eq!(launches(&c, &g, &q, Some(1)), 0, "{mode:?}");
        assert!(launches(&c, &g, &q, None) > 0, "{mode:?}");
    }
}
