//! Liveness and reaching definitions over a program bundle, as dwell
//! [`DataflowProblem`]s.
//!
//! - Liveness: backward, union; facts are variables; `gen[n]` = the
//!   upward-exposed uses of node `n`, `kill[n]` = its defs. `OUT` of the
//!   solution is live-in at the node's entry, `IN` live-out at its exit.
//! - Reaching definitions: forward, union; facts are definition sites, one per
//!   (node, variable) with the node defining the variable; `gen[n]` = the
//!   node's own sites, `kill[n]` = every other site of a variable the node
//!   defines. `IN` = definitions reaching the node's entry.
//!
//! A problem is built for a [`Scope`]: one function (its nodes, the arcs
//! between them that pass the label mask, facts numbered locally) or the whole
//! program (every node; refused when nodes × facts bits exceed
//! [`MAX_WHOLE_BITS`], since every variable of every function is a fact).
//! Running every function separately ([`solve_each`]) is the whole-program
//! result for the intra-procedural (`flow`) graph.

use super::{Bundle, ProgramError};
use crate::analysis::{
    self, DataflowProblem, DataflowSolution, Direction, FactSets, Meet, Output, Query,
};
use crate::backend::Backend;
use crate::graph::{Graph, GraphBuilder};
use crate::progress::{Progress, Steps, Stop, StopOnly};
use crate::session::{run_once_within, SessionError};
use rayon::prelude::*;
use std::collections::HashMap;

/// Which analysis.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Problem {
    Liveness,
    ReachingDefs,
}

/// Which part of the program.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// One defined function (by id).
    Function(u32),
    /// Every node of the bundle.
    Whole,
}

/// Most nodes × facts bits a whole-program problem may use (256 MiB a set).
pub const MAX_WHOLE_BITS: u64 = 1 << 31;

/// One fact: a variable (liveness), or a definition of it at `site`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fact {
    pub var: u32,
    /// Bundle node of the definition (reaching definitions).
    pub site: Option<u32>,
}

/// A problem over a scope, with the maps back to the bundle.
#[derive(Debug)]
pub struct Scoped {
    pub analysis: Problem,
    pub graph: Graph,
    pub problem: DataflowProblem,
    /// Local node → bundle node.
    pub nodes: Vec<u32>,
    /// Local fact → meaning.
    pub facts: Vec<Fact>,
}

/// Build `analysis` over `scope` of `b`, following arcs that pass `mask`.
pub fn build(
    b: &Bundle,
    analysis: Problem,
    scope: Scope,
    mask: u32,
) -> Result<Scoped, ProgramError> {
    let nodes: Vec<u32> = match scope {
        Scope::Function(f) => {
            let info = b.functions.get(f as usize).ok_or_else(|| {
                ProgramError::Analysis(format!(
                    "function id {f} is out of range ({} functions). Fix: name a function of the bundle",
                    b.functions.len()
                ))
            })?;
            if !info.defined {
                return Err(ProgramError::Analysis(format!(
                    "@{} is only declared: it has no blocks. Fix: pick a defined function",
                    info.name
                )));
            }
            info.nodes.clone().collect()
        }
        Scope::Whole => (0..b.nodes.len() as u32).collect(),
    };
    let first = nodes.first().copied().unwrap_or(0);
    let local = |v: u32| -> Option<u32> {
        let l = v.checked_sub(first)?;
        ((l as usize) < nodes.len()).then_some(l)
    };
    // Subgraph.
    let mut gb = GraphBuilder::new(true);
    gb.set_nodes(nodes.len() as u64)?;
    gb.set_label_names(super::bundle::label_names());
    let csr = b.graph.forward();
    for (lu, &u) in nodes.iter().enumerate() {
        for i in csr.range(u) {
            if !csr.arc_passes(i, mask) {
                continue;
            }
            if let Some(lv) = local(csr.targets()[i]) {
                let label = csr.labels().map(|l| l[i]);
                gb.push_arc(lu as u64, u64::from(lv), label, None)?;
            }
        }
    }
    let graph = gb.build()?;
    // Facts.
    let mut facts: Vec<Fact> = Vec::new();
    let n = nodes.len();
    let too_big = |facts: usize| -> Result<(), ProgramError> {
        let bits = (n as u64).saturating_mul(facts as u64);
        if scope == Scope::Whole && bits > MAX_WHOLE_BITS {
            return Err(ProgramError::Analysis(format!(
                "the whole program has {n} nodes × {facts} facts = {bits} bits per set, more than {MAX_WHOLE_BITS}. Fix: analyse per function (the default), or one with --function NAME"
            )));
        }
        Ok(())
    };
    let (direction, gen, kill) = match analysis {
        Problem::Liveness => {
            let mut id: HashMap<u32, u32> = HashMap::new();
            for &u in &nodes {
                for &v in b.defs[u as usize].iter().chain(&b.uses[u as usize]) {
                    id.entry(v).or_insert_with(|| {
                        facts.push(Fact { var: v, site: None });
                        facts.len() as u32 - 1
                    });
                }
            }
            too_big(facts.len())?;
            let mut gen = FactSets::new(n, facts.len());
            let mut kill = FactSets::new(n, facts.len());
            for (l, &u) in nodes.iter().enumerate() {
                for v in &b.uses[u as usize] {
                    gen.set(l as u32, id[v]);
                }
                for v in &b.defs[u as usize] {
                    kill.set(l as u32, id[v]);
                }
            }
            (Direction::Backward, gen, kill)
        }
        Problem::ReachingDefs => {
            let mut by_var: HashMap<u32, Vec<u32>> = HashMap::new();
            for &u in &nodes {
                for &v in &b.defs[u as usize] {
                    by_var.entry(v).or_default().push(facts.len() as u32);
                    facts.push(Fact {
                        var: v,
                        site: Some(u),
                    });
                }
            }
            too_big(facts.len())?;
            let mut gen = FactSets::new(n, facts.len());
            let mut kill = FactSets::new(n, facts.len());
            let mut f = 0u32;
            for (l, &u) in nodes.iter().enumerate() {
                for v in &b.defs[u as usize] {
                    gen.set(l as u32, f);
                    for &other in &by_var[v] {
                        if other != f {
                            kill.set(l as u32, other);
                        }
                    }
                    f += 1;
                }
            }
            (Direction::Forward, gen, kill)
        }
    };
    Ok(Scoped {
        analysis,
        graph,
        problem: DataflowProblem::new(direction, Meet::Union, gen, kill),
        nodes,
        facts,
    })
}

impl Scoped {
    /// Solve on `backend` through dwell's one dispatch path, refused before
    /// any upload if its session plan exceeds `budget_bytes`, stopped when
    /// `progress` asks.
    pub fn solve(
        &self,
        backend: &dyn Backend,
        budget_bytes: u64,
        progress: &dyn Progress,
    ) -> Result<DataflowSolution, ProgramError> {
        let q = Query::Dataflow(self.problem.clone());
        match run_once_within(backend, &self.graph, &q, budget_bytes, progress)? {
            Output::Dataflow(s) => Ok(s),
            _ => unreachable!("a dataflow query answers with a dataflow output"),
        }
    }

    /// Name of local fact `f`: the variable, and for a definition its site.
    pub fn fact_name(&self, b: &Bundle, f: u32) -> String {
        let fact = self.facts[f as usize];
        let var = &b.vars[fact.var as usize];
        match fact.site {
            Some(s) => format!("{var}@{}", b.node_name(s)),
            None => var.clone(),
        }
    }
}

/// One function's result, summarised.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct FunctionSummary {
    pub function: String,
    pub nodes: usize,
    pub facts: usize,
    /// Sum over nodes of |IN| (live-out for liveness, reaching-in for reaching defs).
    pub in_facts: u64,
    /// Largest |IN| at one node.
    pub max_in: usize,
    pub evaluations: u64,
}

/// Summarise a solution.
pub fn summarise(b: &Bundle, s: &Scoped, f: u32, sol: &DataflowSolution) -> FunctionSummary {
    let mut in_facts = 0u64;
    let mut max_in = 0usize;
    for v in 0..s.nodes.len() as u32 {
        let c: u32 = sol.input.node(v).iter().map(|w| w.count_ones()).sum();
        in_facts += u64::from(c);
        max_in = max_in.max(c as usize);
    }
    FunctionSummary {
        function: b.functions[f as usize].name.clone(),
        nodes: s.nodes.len(),
        facts: s.facts.len(),
        in_facts,
        max_in,
        evaluations: sol.evaluations,
    }
}

/// Build and solve `analysis` for every defined function, in parallel; with
/// `verify`, check the dataflow equations of every solution too. Reports
/// functions done to `progress`. `budget_bytes` bounds each function's
/// session (functions run concurrently, one per worker thread).
pub fn solve_each(
    b: &Bundle,
    analysis: Problem,
    mask: u32,
    backend: &dyn Backend,
    budget_bytes: u64,
    verify: bool,
    progress: &dyn Progress,
) -> Result<Vec<FunctionSummary>, ProgramError> {
    let defined: Vec<u32> = (0..b.functions.len() as u32)
        .filter(|&f| b.functions[f as usize].defined)
        .collect();
    let steps = Steps::new(progress, "functions", defined.len() as u64);
    let stop = Stop::of(progress);
    let cancelled = || SessionError::Cancelled {
        runs: steps.done(),
        planned: defined.len() as u64,
    };
    defined
        .par_iter()
        .map(|&f| {
            let _done = Done(&steps);
            // Each function's session stops within a round; the functions
            // not started yet are not started.
            if stop.requested() {
                return Err(cancelled().into());
            }
            let s = build(b, analysis, Scope::Function(f), mask)?;
            let sol = s.solve(backend, budget_bytes, &StopOnly(progress))?;
            if verify {
                analysis::dataflow::verify(&s.graph, &s.problem, &sol).map_err(|e| {
                    ProgramError::Analysis(format!(
                        "@{}: solution fails the dataflow equations: {}",
                        b.functions[f as usize].name, e.message
                    ))
                })?;
            }
            Ok(summarise(b, &s, f, &sol))
        })
        .collect()
}

/// Counts one function done when dropped (solved or failed).
struct Done<'a, 'p>(&'a Steps<'p>);

impl Drop for Done<'_, '_> {
    fn drop(&mut self) {
        self.0.add(1);
    }
}
