//! The session executor: the plan is its input, and it enforces it.
//!
//! `open` makes the graph resident once (the backend uploads or builds the
//! topology and counts it); each `run` is checked against the plan (run count,
//! frontier, scratch and output bytes), executed with its output kept
//! resident, and recorded in the reuse telemetry (the first run uses the cold
//! upload, every later run is a warm reuse); `finish` reads back once and
//! checks the bytes read against the plan.
//!
//! A session can also outlive its first query (a server's): `read_back`
//! hands back one query's outputs and keeps the graph resident, and
//! `replan` starts the next query under its own plan — its own runs,
//! sizes and budget check — with no upload. Each query's report counts
//! only what happened for it.

use super::plan::{plan, Plan};
use super::profile;
use super::telemetry::{ReuseTelemetry, TelemetryError};
use crate::analysis::footprint::resident_graph_bytes;
use crate::analysis::{Output, Query, QueryError, SizeOverflow};
use crate::backend::{Backend, BackendError, Resident};
use crate::counters::{Counter, CounterOverflow, CounterSnapshot, Counters};
use crate::graph::Graph;
use crate::progress::{Cancel, Progress, Quiet, Watched};
use std::sync::Arc;

/// Why a session could not open, run or finish.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    #[error(transparent)]
    Query(#[from] QueryError),
    #[error(transparent)]
    Plan(#[from] super::plan::PlanError),
    #[error(transparent)]
    Size(#[from] SizeOverflow),
    #[error(transparent)]
    Telemetry(#[from] TelemetryError),
    #[error(transparent)]
    Counters(#[from] CounterOverflow),
    #[error("the plan is for layout 0x{planned:016x} but the graph's layout hash is 0x{actual:016x}. Fix: plan the session from this graph (dwell plan GRAPH …)")]
    LayoutMismatch { planned: u64, actual: u64 },
    #[error("the plan is not resident (topology resident, scratch reused, final-only readback). Fix: build plans with session::plan")]
    NotResident,
    #[error("the plan allows {planned} runs and all have been used. Fix: plan more runs")]
    RunsExhausted { planned: u64 },
    #[error("this run needs {needed} {what} bytes but the plan has {planned}. Fix: plan the session from the largest query it will run")]
    ExceedsPlan {
        what: &'static str,
        needed: u64,
        planned: u64,
    },
    #[error(transparent)]
    Backend(#[from] BackendError),
    #[error("the session read back no output. Fix: this is a bug in dwell; please report it")]
    NoOutput,
    #[error("the query was cancelled after {runs} of its {planned} runs (it ran past its time limit). Fix: ask a smaller query (fewer sources, fewer runs), or allow it more time")]
    Cancelled { runs: u64, planned: u64 },
    /// An answer that is a failure in itself (`Output::failure`: PageRank
    /// that did not converge under NetworkX's rule); the message ends in a Fix.
    #[error("{0}")]
    Failed(String),
}

/// What a finished session hands back.
#[derive(Debug)]
pub struct SessionReport {
    pub backend: &'static str,
    /// The plan of the query reported (a session's only plan unless it was
    /// re-planned).
    pub plan: Plan,
    /// The resident outputs, read back once: the last run's output, or every
    /// run's in order when the plan keeps all outputs.
    pub outputs: Vec<Output>,
    /// Everything counted for this query: from open (or its `replan`) to
    /// its read-back. A re-planned query made no upload: its
    /// `graph_uploads` is 0.
    pub counters: CounterSnapshot,
    pub reuse: ReuseTelemetry,
}

/// A graph made resident on a backend, running queries under a plan.
///
/// Threads: a `Session` is neither `Send` nor `Sync` (its backend's resident
/// state, e.g. a device context, may be tied to the thread that opened it),
/// so it stays on the thread that opened it. What it borrows can be shared:
/// [`Graph`] and every [`Backend`] are `Send + Sync`, so several threads may
/// each open their own session over one `&Graph` at the same time, and a
/// finished [`SessionReport`] is `Send`. (Tested in `tests/session.rs`.)
pub struct Session<'g> {
    graph: &'g Graph,
    /// The current query's plan.
    plan: Plan,
    backend: &'g dyn Backend,
    /// Counted over the session's life.
    counters: Arc<Counters>,
    /// The counters when the current query began.
    base: CounterSnapshot,
    resident: Box<dyn Resident + 'g>,
    /// Runs of the current query.
    runs: u64,
    /// Has no run used the upload made at open yet? (That run is the cold one.)
    cold_pending: bool,
    reuse: ReuseTelemetry,
    cancel: Option<Cancel>,
    progress: &'g dyn Progress,
}

impl<'g> Session<'g> {
    /// The common sequence: validate `query`, derive a profile for `runs`
    /// runs of it within `budget_bytes`, plan, and open. An invalid or
    /// unsupported query is refused before anything is made resident.
    pub fn for_query(
        backend: &'g dyn Backend,
        graph: &'g Graph,
        query: &Query,
        runs: u64,
        budget_bytes: u64,
    ) -> Result<Session<'g>, SessionError> {
        let plan = Session::plan_query(backend, graph, query, runs, budget_bytes)?;
        Session::open(backend, graph, plan)
    }

    /// The plan for `runs` runs of `query` on `graph` within `budget_bytes`
    /// (what [`Session::for_query`] opens with, and what a long-lived
    /// session's next query is [`replan`](Session::replan)ned with). An
    /// invalid or unsupported query, or one over budget, is refused here.
    pub fn plan_query(
        backend: &dyn Backend,
        graph: &Graph,
        query: &Query,
        runs: u64,
        budget_bytes: u64,
    ) -> Result<Plan, SessionError> {
        query.validate(graph)?;
        let profile = profile::derive(backend, graph, query, runs, budget_bytes)?;
        Ok(plan(&profile)?)
    }

    /// Check the plan against the graph, then make the graph resident.
    pub fn open(
        backend: &'g dyn Backend,
        graph: &'g Graph,
        plan: Plan,
    ) -> Result<Session<'g>, SessionError> {
        check_plan(graph, &plan)?;
        let counters = Arc::new(Counters::default());
        let resident = backend.open(graph, &plan.reservation(), Arc::clone(&counters))?;
        Ok(Session {
            graph,
            plan,
            backend,
            counters,
            base: CounterSnapshot::default(),
            resident,
            runs: 0,
            cold_pending: true,
            reuse: ReuseTelemetry::default(),
            cancel: None,
            progress: &Quiet,
        })
    }

    /// Start the next query of a session that stays open (a server's),
    /// under its own `plan` (from [`Session::plan_query`]: its runs, sizes
    /// and budget check). The graph stays resident: no upload; the backend
    /// resizes its per-run buffers for the new reservation. Outputs not
    /// read back are dropped. Counters and reuse telemetry start again, so
    /// the next [`read_back`](Session::read_back) reports this query alone.
    pub fn replan(&mut self, plan: Plan) -> Result<(), SessionError> {
        check_plan(self.graph, &plan)?;
        self.base = self.counters.snapshot()?;
        self.resident.reserve(&plan.reservation())?;
        self.plan = plan;
        self.runs = 0;
        self.cold_pending = false;
        self.reuse = ReuseTelemetry::default();
        Ok(())
    }

    /// The session a long-lived holder keeps in `slot` (a server's graph
    /// thread, a Python session), made ready for its next query's `plan`:
    /// re-planned if one is open there, else opened (the one upload).
    pub fn open_or_replan<'s>(
        slot: &'s mut Option<Session<'g>>,
        backend: &'g dyn Backend,
        graph: &'g Graph,
        plan: Plan,
    ) -> Result<&'s mut Session<'g>, SessionError> {
        match slot {
            Some(s) => s.replan(plan)?,
            None => *slot = Some(Session::open(backend, graph, plan)?),
        }
        Ok(slot.as_mut().expect("opened above"))
    }

    /// Stop the current query once `cancel` is set: the run in progress
    /// stops within one level or round (its kernels poll the flag) and
    /// returns [`SessionError::Cancelled`], its partial output dropped; a
    /// later [`run`](Session::run) is refused the same way. The session
    /// stays usable: the next query (with an unset or no `Cancel`) answers
    /// as if none had been cancelled.
    pub fn set_cancel(&mut self, cancel: Option<Cancel>) {
        self.cancel = cancel;
    }

    /// Run one query (a batch of sources is one run). Its output stays resident.
    pub fn run(&mut self, query: &Query) -> Result<(), SessionError> {
        if self.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
            return Err(SessionError::Cancelled {
                runs: self.runs,
                planned: self.plan.runs,
            });
        }
        if self.runs == self.plan.runs {
            return Err(SessionError::RunsExhausted {
                planned: self.plan.runs,
            });
        }
        query.validate(self.graph)?;
        if !self.backend.supports(query) {
            return Err(crate::backend::unsupported(self.backend, query).into());
        }
        let need = self
            .backend
            .requirements(self.graph, query)
            .map_err(BackendError::from)?;
        check("frontier", need.frontier_bytes, self.plan.frontier_bytes)?;
        check("scratch", need.scratch_bytes, self.plan.scratch_bytes)?;
        check("output", need.output_bytes, self.plan.output_bytes)?;
        let use_of_graph = if self.cold_pending {
            ReuseTelemetry::cold_upload(self.plan.graph_upload_bytes)
        } else {
            ReuseTelemetry::warm_reuse(self.plan.graph_upload_bytes)
        };
        let watched = Watched {
            inner: self.progress,
            cancel: self.cancel.as_ref(),
        };
        match self.resident.run(query, &watched) {
            Err(BackendError::Cancelled) => {
                return Err(SessionError::Cancelled {
                    runs: self.runs,
                    planned: self.plan.runs,
                })
            }
            r => r?,
        }
        self.cold_pending = false;
        self.reuse = self.reuse.checked_add(use_of_graph)?;
        self.runs += 1;
        self.counters.bump(Counter::Runs);
        Ok(())
    }

    /// Report the units each later run works through (sweeps of a batch,
    /// …) to `progress`.
    pub fn set_progress(&mut self, progress: &'g dyn Progress) {
        self.progress = progress;
    }

    /// Counters over the session's whole life so far (for a timed region:
    /// snapshot before and after).
    pub fn counters(&self) -> Result<CounterSnapshot, SessionError> {
        Ok(self.counters.snapshot()?)
    }

    /// The current query's plan.
    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    /// Read back once and close.
    pub fn finish(mut self) -> Result<SessionReport, SessionError> {
        self.read_back()
    }

    /// Read back the current query's outputs once, keeping the graph
    /// resident for a next query ([`Session::replan`]).
    pub fn read_back(&mut self) -> Result<SessionReport, SessionError> {
        let before = self.counters.snapshot()?.bytes_read_back;
        let outputs = self.resident.read_back()?;
        if let Some(why) = outputs.iter().find_map(Output::failure) {
            return Err(SessionError::Failed(why));
        }
        let read = self.counters.snapshot()?.bytes_read_back - before;
        check("read-back", read, self.plan.host_readback_bytes)?;
        let counters = self
            .counters
            .snapshot()?
            .since(&self.base)
            .expect("counters only grow");
        Ok(SessionReport {
            backend: self.backend.name(),
            plan: self.plan,
            outputs,
            counters,
            reuse: self.reuse,
        })
    }
}

/// The checks a plan passes before a session takes it: made for this graph,
/// resident, with room for its topology.
fn check_plan(graph: &Graph, plan: &Plan) -> Result<(), SessionError> {
    if plan.layout_hash != graph.layout_hash() {
        return Err(SessionError::LayoutMismatch {
            planned: plan.layout_hash,
            actual: graph.layout_hash(),
        });
    }
    if !plan.is_resident() {
        return Err(SessionError::NotResident);
    }
    let needed = resident_graph_bytes(graph)?;
    check("resident graph", needed, plan.graph_upload_bytes)
}

fn check(what: &'static str, needed: u64, planned: u64) -> Result<(), SessionError> {
    if needed > planned {
        return Err(SessionError::ExceedsPlan {
            what,
            needed,
            planned,
        });
    }
    Ok(())
}

/// Run one query on `backend` in a one-run session sized for it (no memory
/// budget beyond what the query needs): validate, make the graph resident,
/// run, read back. Use [`Session`] directly to run many queries over one
/// resident graph.
pub fn run_once(backend: &dyn Backend, g: &Graph, query: &Query) -> Result<Output, SessionError> {
    run_once_within(backend, g, query, u64::MAX, &Quiet)
}

/// [`run_once`] refused before any upload when its plan does not fit
/// `budget_bytes` (the CLI's `--budget-bytes` or the process's default
/// budget), its run reporting to `progress` and stopping when it asks
/// ([`SessionError::Cancelled`]).
pub fn run_once_within<'g>(
    backend: &'g dyn Backend,
    g: &'g Graph,
    query: &Query,
    budget_bytes: u64,
    progress: &'g dyn Progress,
) -> Result<Output, SessionError> {
    let mut session = Session::for_query(backend, g, query, 1, budget_bytes)?;
    session.set_progress(progress);
    session.run(query)?;
    session
        .finish()?
        .outputs
        .pop()
        .ok_or(SessionError::NoOutput)
}
