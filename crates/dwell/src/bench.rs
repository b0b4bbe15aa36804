//! The one timing harness: a session over one resident graph, timed the same
//! way for `dwell bench`, the cuda bench and the criterion benches.
//!
//! [`time_session`] opens a session for `runs` (+1 warm-up) runs of one query
//! (setup: derive, plan, open — the upload), runs the warm-up untimed, then
//! times each run, snapshots the counters just before the first timed run and
//! just after the last (so the timed region's uploads, allocations and host
//! syncs are known), reads back once, and checks the last output with the
//! analysis's verifier before anything is reported: a number is never
//! printed for a wrong answer.

use crate::analysis::{Output, Query, Violation};
use crate::backend::Backend;
use crate::counters::{CounterOverflow, CounterSnapshot};
use crate::graph::Graph;
use crate::progress::{Progress, Steps};
use crate::session::{Plan, Session, SessionError};
use std::time::{Duration, Instant};

/// How a session is timed.
#[derive(Debug, Clone, Copy)]
pub struct Harness {
    /// Timed runs (at least 1).
    pub runs: usize,
    /// One untimed run first (first-touch, lazy copies, driver warm-up).
    pub warm_up: bool,
    /// Check the output read back with the analysis's verifier.
    pub verify: bool,
    /// Memory budget of the session plan.
    pub budget_bytes: u64,
}

impl Default for Harness {
    fn default() -> Harness {
        Harness {
            runs: 3,
            warm_up: true,
            verify: true,
            budget_bytes: u64::MAX,
        }
    }
}

/// One timed session.
#[derive(Debug, Clone)]
pub struct Timing {
    pub backend: &'static str,
    pub plan: Plan,
    /// Derive, plan and open (the graph made resident).
    pub setup: Duration,
    /// Each timed run, in order.
    pub runs: Vec<Duration>,
    /// The single read-back at the end.
    pub read_back: Duration,
    /// What the counters advanced by over the timed runs alone.
    pub timed: CounterSnapshot,
    /// Everything counted from open to finish.
    pub total: CounterSnapshot,
    /// The last run's output (verified when the harness asks).
    pub output: Output,
}

impl Timing {
    /// Median timed run.
    pub fn median(&self) -> Duration {
        let mut runs = self.runs.clone();
        runs.sort_unstable();
        runs.get(runs.len() / 2).copied().unwrap_or_default()
    }

    /// All timed runs plus the read-back: the resident region of a session.
    pub fn resident(&self) -> Duration {
        self.runs.iter().sum::<Duration>() + self.read_back
    }
}

/// Why a session could not be timed.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    #[error(transparent)]
    Session(#[from] SessionError),
    #[error(transparent)]
    Counters(#[from] CounterOverflow),
    #[error("{backend} answered {analysis} wrongly: {violation}")]
    Wrong {
        backend: &'static str,
        analysis: &'static str,
        violation: Violation,
    },
    #[error("0 timed runs measure nothing. Fix: pass --runs 1 or more")]
    NoRuns,
    #[error("{runs} runs do not fit a session plan. Fix: pass fewer runs")]
    TooManyRuns { runs: usize },
    #[error("the session read back no output. Fix: this is a bug in dwell; please report it")]
    NoOutput,
}

/// Time `h.runs` runs of `query` on `g` in one session (see the module
/// docs), reporting runs done to `progress`.
pub fn time_session(
    backend: &dyn Backend,
    g: &Graph,
    query: &Query,
    h: &Harness,
    progress: &dyn Progress,
) -> Result<Timing, BenchError> {
    if h.runs == 0 {
        return Err(BenchError::NoRuns);
    }
    let total_runs = u64::try_from(h.runs)
        .ok()
        .and_then(|r| r.checked_add(u64::from(h.warm_up)))
        .ok_or(BenchError::TooManyRuns { runs: h.runs })?;
    let t = Instant::now();
    let mut s = Session::for_query(backend, g, query, total_runs, h.budget_bytes)?;
    let setup = t.elapsed();
    let plan = *s.plan();
    let steps = Steps::new(progress, "runs", total_runs);
    if h.warm_up {
        s.run(query)?;
        steps.add(1);
    }
    let before = s.counters()?;
    let mut runs = Vec::with_capacity(h.runs);
    for _ in 0..h.runs {
        let t = Instant::now();
        s.run(query)?;
        runs.push(t.elapsed());
        steps.add(1);
    }
    let after = s.counters()?;
    let t = Instant::now();
    let mut report = s.finish()?;
    let read_back = t.elapsed();
    let output = report.outputs.pop().ok_or(BenchError::NoOutput)?;
    if h.verify {
        query
            .verify(g, &output)
            .map_err(|violation| BenchError::Wrong {
                backend: backend.name(),
                analysis: query.name(),
                violation,
            })?;
    }
    Ok(Timing {
        backend: backend.name(),
        plan,
        setup,
        runs,
        read_back,
        timed: after.since(&before).ok_or(CounterOverflow)?,
        total: report.counters,
        output,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::BfsQuery;
    use crate::backend::{Cpu, CpuReference};
    use crate::graph::GraphBuilder;
    use crate::progress::Quiet;

    fn cycle() -> Graph {
        let mut b = GraphBuilder::new(true);
        for v in 0..100u64 {
            b.push(v, (v + 1) % 100).unwrap();
        }
        b.build().unwrap()
    }

    #[test]
    fn timed_region_has_no_upload_and_every_run_is_timed() {
        let g = cycle();
        let q = Query::Bfs(BfsQuery {
            sources: vec![0, 7, 50],
            keep_levels: true,
        });
        for backend in [&Cpu as &dyn Backend, &CpuReference] {
            let h = Harness {
                runs: 4,
                ..Harness::default()
            };
            let t = time_session(backend, &g, &q, &h, &Quiet).unwrap();
            assert_eq!(t.runs.len(), 4);
            assert_eq!(t.plan.runs, 5);
            assert_eq!((t.total.graph_uploads, t.timed.graph_uploads), (1, 0));
            assert_eq!(t.timed.runs, 4);
            let Output::Bfs(r) = &t.output else {
                panic!("bfs output")
            };
            assert_eq!(r[1].max_level, 99);
        }
    }

    #[test]
    fn zero_runs_are_refused() {
        let h = Harness {
            runs: 0,
            ..Harness::default()
        };
        let err = time_session(&Cpu, &cycle(), &Query::Wcc, &h, &Quiet).unwrap_err();
        assert!(err.to_string().contains("Fix:"), "{err}");
    }
}
