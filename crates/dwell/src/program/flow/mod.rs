//! The value-flow graph: what data can become what, the graph data-flow
//! taint runs on.
//!
//! ```text
//! ir::Program ──locals──▶ non-escaping slots, reaching stores, pointer origins
//!             ──points_to::solve──▶ PointsTo (locations, call targets)
//!             ──guards──▶ sanitizer verdicts, accepting edges
//!             ──build──▶ ValueFlow (nodes, flow/call/return arcs, sources, sinks)
//! ValueFlow ──taint::Solver──▶ tainted nodes per source set ──▶ findings
//! ```
//!
//! # Nodes
//! Every variable (an SSA value; for a slot or global, its address, which
//! no data flows into), every memory location of points-to (object and
//! field path), and three kinds of context-bound memory: what parameter `i`
//! of `f` points to (at a field path), what an allocating wrapper `f`
//! returns, and what the result of one call of such a wrapper points to.
//! Memory reached through a parameter is the parameter's content node, not
//! the caller's locations, so a helper that copies into its argument moves
//! data only into the caller that passed it (call and return arcs per site
//! connect the two).
//!
//! Junctions carry no data of their own: a load or store through a pointer
//! that may touch two or more locations reads or writes the junction of
//! that set, one node shared by every access to the same set, and a
//! model's flow at a call (`memcpy` from 2,000 locations into 2,000) goes
//! through one junction instead of their product. On Lua 5.4.7 they cut the
//! graph from 3.6 M arcs to 0.2 M and its summaries from 16 s to 0.05 s,
//! with the same findings.
//!
//! # Arcs
//! - `flow` inside a function: def-use (casts, phi, select, arithmetic,
//!   field steps, compares), store → location → load through points-to,
//!   and a load from a tainted pointer (reading attacker-chosen memory);
//!   stores into a slot whose address never escapes go straight to the
//!   loads they reach along the CFG (strong updates: overwritten data no
//!   longer reaches);
//! - models of external calls (`strcpy`: contents of argument 1 → contents
//!   of argument 0, …) as flow arcs at the call;
//! - `call` (actual → formal, parameter contents in) and `return` (returned
//!   value → result, parameter contents out), labelled by call site so the
//!   taint solver matches them.
//!
//! A use that a sanitizer's accepting branch dominates (see [`guards`])
//! gets no arc from the value it checked.
//!
//! # What is not modelled
//! The heap and globals are flow- and context-insensitive (one location per
//! allocation site, field-sensitive); there is no path sensitivity beyond
//! guards, and no implicit flow (a branch on tainted data taints nothing).
//! Calls of external functions without a model carry no data.

pub mod build;
mod callees;
pub mod findings;
pub mod guards;
pub mod hub;
pub mod taint;

pub use build::build;

use super::ir::Program;
use super::models::Models;
use super::{points_to, ProgramError};
use crate::program::locals::At;
use crate::progress::Stop;
use crate::session::SessionError;
use std::borrow::Cow;
use std::time::Instant;

/// A value-flow node.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Node {
    /// Variable `v` of [`crate::program::ir::Program::vars`].
    Var(u32),
    /// A points-to location.
    Loc(u32),
    /// What parameter `param` of function `f` points to, at `path`.
    ParamContent { f: u32, param: u32, path: Vec<u32> },
    /// What allocating wrapper `f` returns, at `path`.
    RetContent { f: u32, path: Vec<u32> },
    /// What the result of call site `site` (of an allocating wrapper)
    /// points to, at `path`.
    SiteContent { site: u32, path: Vec<u32> },
    /// Where many arcs meet: every node with an arc into it reaches every
    /// node it has an arc to. A load or store through a coarse pointer
    /// touches one junction per distinct set of locations (`id` numbers
    /// them) instead of each location, a model's flow at a call (`memcpy`
    /// from 2,000 locations into 2,000) one junction instead of their
    /// product.
    Junction { id: u32 },
}

/// How an arc is taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Arc {
    Flow,
    /// Into a callee at call site `site`.
    Call(u32),
    /// Back to call site `site`.
    Return(u32),
}

/// A call site.
#[derive(Debug, Clone)]
pub struct Site {
    pub function: u32,
    pub at: At,
    /// The callee's name (`*indirect` when points-to found none).
    pub callee: String,
}

/// Where attacker data enters: the nodes a source call fills.
#[derive(Debug, Clone)]
pub struct Source {
    pub site: u32,
    pub nodes: Vec<u32>,
}

/// One argument of a sink call and the nodes whose taint reaches it.
#[derive(Debug, Clone)]
pub struct SinkArg {
    pub site: u32,
    /// 0-based argument position.
    pub arg: usize,
    /// Index into the models' rules.
    pub rule: usize,
    /// The argument's value node (when it is a variable) and, for a
    /// contents sink, its content nodes; sanitized uses are left out.
    pub nodes: Vec<u32>,
}

/// The value-flow graph.
#[derive(Debug, Default)]
pub struct ValueFlow {
    pub nodes: Vec<Node>,
    /// The function each node belongs to (`u32::MAX`: memory, globals).
    pub function: Vec<u32>,
    /// Out-arcs, CSR: `offsets[v]..offsets[v + 1]` index `targets`/`arcs`.
    pub offsets: Vec<u32>,
    pub targets: Vec<u32>,
    pub arcs: Vec<Arc>,
    pub sites: Vec<Site>,
    pub sources: Vec<Source>,
    pub sinks: Vec<SinkArg>,
    /// Calls of external functions without a model (their data is lost).
    pub unmodelled_calls: usize,
}

/// Nodes without a function.
pub const NO_FUNCTION: u32 = u32::MAX;

impl ValueFlow {
    /// Arcs out of `v`.
    pub fn out(&self, v: u32) -> impl Iterator<Item = (u32, Arc)> + '_ {
        let (a, b) = (self.offsets[v as usize], self.offsets[v as usize + 1]);
        (a..b).map(move |k| (self.targets[k as usize], self.arcs[k as usize]))
    }

    pub fn arc_count(&self) -> usize {
        self.targets.len()
    }
}

/// Figures of one data-flow taint run.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Stats {
    /// Abstract objects and locations of points-to.
    pub objects: usize,
    pub locations: usize,
    pub nodes: usize,
    pub arcs: usize,
    pub summaries: usize,
    /// The hub's search states and the nodes it taints (0 without one).
    pub hub_states: usize,
    pub hub_reach: usize,
    /// Source calls and sink arguments the models found.
    pub sources: usize,
    pub sink_args: usize,
    pub unmodelled_calls: usize,
    pub points_to_ms: f64,
    pub build_ms: f64,
    pub summaries_ms: f64,
    pub query_ms: f64,
}

/// What [`taint()`] found.
#[derive(Debug, Clone)]
pub struct Run {
    pub findings: Vec<findings::Finding>,
    pub stats: Stats,
}

fn over_budget(what: &str, bytes: u64, budget_bytes: u64) -> ProgramError {
    ProgramError::Analysis(format!(
        "data-flow taint needs more than its budget of {budget_bytes} bytes: {what} took {bytes} bytes and grew. Fix: allow it more memory (--budget-bytes), or use --mode control-flow, which needs neither points-to nor a value-flow graph"
    ))
}

fn cancelled() -> ProgramError {
    ProgramError::Session(SessionError::Cancelled {
        runs: 0,
        planned: 1,
    })
}

/// A program's value-flow graph and summaries, made once (points-to, the
/// graph, the summaries: SQLite's 15 s), then queried with one source set
/// after another: a query costs its searches only. `dwell run taint
/// --queries` answers a file of source sets on one; `dwell serve` keeps
/// one per bundle ([`Resident::owning`]) across requests.
pub struct Resident<'p> {
    p: Cow<'p, Program>,
    models: Cow<'p, Models>,
    pts: points_to::PointsTo,
    pub vf: ValueFlow,
    summaries: taint::Summaries,
    defs: findings::Defs,
    /// Its figures; `query_ms` is 0 until [`taint()`] fills it.
    pub stats: Stats,
}

/// The sources of one query: the graph's source calls of the functions it
/// names, and the names no source call matched.
#[derive(Debug, Clone, Default)]
pub struct Picked {
    pub sources: Vec<Source>,
    pub unmatched: Vec<String>,
}

impl<'p> Resident<'p> {
    /// Points-to, the value-flow graph and its summaries. `budget_bytes`
    /// bounds each phase's memory (points-to's sets, the graph's arcs, the
    /// summaries' search): over it, the build stops with an error that says
    /// which phase.
    pub fn build(
        p: &'p Program,
        models: &'p Models,
        budget_bytes: u64,
        stop: Stop<'_>,
    ) -> Result<Resident<'p>, ProgramError> {
        Resident::make(Cow::Borrowed(p), Cow::Borrowed(models), budget_bytes, stop)
    }

    /// [`Resident::build`] holding its program and models: it outlives the
    /// request that made it.
    pub fn owning(
        p: Program,
        models: Models,
        budget_bytes: u64,
        stop: Stop<'_>,
    ) -> Result<Resident<'static>, ProgramError> {
        Resident::make(Cow::Owned(p), Cow::Owned(models), budget_bytes, stop)
    }

    fn make(
        p: Cow<'p, Program>,
        models: Cow<'p, Models>,
        budget_bytes: u64,
        stop: Stop<'_>,
    ) -> Result<Resident<'p>, ProgramError> {
        let ms = |t: Instant| t.elapsed().as_secs_f64() * 1e3;
        let t = Instant::now();
        let pts = points_to::solve(&p, &models, budget_bytes, stop)?;
        let points_to_ms = ms(t);
        let t = Instant::now();
        let vf = build(&p, &pts, &models, budget_bytes)
            .map_err(|bytes| over_budget("its value-flow graph", bytes, budget_bytes))?;
        let build_ms = ms(t);
        let t = Instant::now();
        let solver = taint::Solver::new(&vf, stop, budget_bytes).map_err(|h| match h {
            taint::Halt::Stopped => cancelled(),
            taint::Halt::OverBudget(bytes) => over_budget("its summaries", bytes, budget_bytes),
        })?;
        let summaries_ms = ms(t);
        let stats = Stats {
            objects: pts.objects(),
            locations: pts.locs(),
            nodes: vf.nodes.len(),
            arcs: vf.arc_count(),
            summaries: solver.summaries(),
            hub_states: solver.hub().map_or(0, hub::Hub::states),
            hub_reach: solver.hub().map_or(0, hub::Hub::reach),
            sources: vf.sources.len(),
            sink_args: vf.sinks.len(),
            unmodelled_calls: vf.unmodelled_calls,
            points_to_ms,
            build_ms,
            summaries_ms,
            query_ms: 0.0,
        };
        let summaries = solver.into_summaries();
        let defs = findings::Defs::new(&p);
        Ok(Resident {
            p,
            models,
            pts,
            vf,
            summaries,
            defs,
            stats,
        })
    }

    /// The graph's source calls of the functions `names` names (as the IR
    /// or as C writes them: `__isoc99_scanf` or `scanf`), in program order.
    /// A name is a source only if the models built in make it one.
    pub fn pick(&self, names: &[String]) -> Picked {
        let is = |n: &str, s: &Source| {
            let callee = &self.vf.sites[s.site as usize].callee;
            n == callee || n == findings::as_written(callee)
        };
        let sources: Vec<Source> = (self.vf.sources.iter())
            .filter(|s| names.iter().any(|n| is(n, s)))
            .cloned()
            .collect();
        let unmatched = (names.iter())
            .filter(|n| !sources.iter().any(|s| is(n, s)))
            .cloned()
            .collect();
        Picked { sources, unmatched }
    }

    /// The findings of `sources` (the graph's or some of them).
    pub fn findings(
        &self,
        sources: &[Source],
        stop: Stop<'_>,
    ) -> Result<Vec<findings::Finding>, ProgramError> {
        let solver = taint::Solver::view(&self.vf, &self.summaries);
        let namer = findings::Namer::new(&self.p, &self.pts, &self.defs);
        findings::findings(&self.vf, &solver, &namer, &self.models, sources, stop)
            .ok_or_else(cancelled)
    }

    /// The models it was built with.
    pub fn models(&self) -> &Models {
        &self.models
    }

    /// Every source's findings, with the build's figures and the query's
    /// time: what [`taint()`] reports.
    pub fn run_all(&self, stop: Stop<'_>) -> Result<Run, ProgramError> {
        let t = Instant::now();
        let found = self.findings(&self.vf.sources, stop)?;
        let mut stats = self.stats.clone();
        stats.query_ms = t.elapsed().as_secs_f64() * 1e3;
        Ok(Run {
            findings: found,
            stats,
        })
    }
}

/// Data-flow taint of a whole program: points-to, the value-flow graph,
/// summaries, then every source's reach (see [`Resident::build`] for the
/// budget).
pub fn taint(
    p: &Program,
    models: &Models,
    budget_bytes: u64,
    stop: Stop<'_>,
) -> Result<Run, ProgramError> {
    Resident::build(p, models, budget_bytes, stop)?.run_all(stop)
}

/// The function of each variable (`NO_FUNCTION` for globals).
pub(crate) fn var_functions(p: &Program) -> Vec<u32> {
    let mut out = vec![NO_FUNCTION; p.vars.len()];
    for (f, func) in p.functions.iter().enumerate() {
        for &v in &func.param_vars {
            out[v as usize] = f as u32;
        }
        for blk in &func.blocks {
            for ins in &blk.insts {
                if let Some(r) = ins.result {
                    out[r as usize] = f as u32;
                }
            }
        }
    }
    out
}
