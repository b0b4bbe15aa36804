//! Bit-vector dataflow in the classic monotone framework (Kildall 1973;
//! Kam & Ullman 1976; Aho, Lam, Sethi & Ullman, *Compilers*, 2nd ed., §9.2–9.3).
//!
//! # Problem
//! A graph (a CFG: one vertex per block or instruction), a universe of
//! `facts` facts numbered `0..facts`, and per node `n` two sets `gen[n]` and
//! `kill[n]`. In the analysis direction, the *predecessors* `pred(n)` of a
//! node are its graph predecessors (forward) or its graph successors
//! (backward: the graph's forward arcs are followed in reverse, so a node's
//! value is computed from its graph successors). With `⊓` the meet (∪ or ∩):
//!
//! ```text
//! IN[n]  = ⊓ { OUT[p] : p ∈ pred(n) }      (IN[n] = ∅ when pred(n) is empty)
//! OUT[n] = gen[n] ∪ (IN[n] − kill[n])
//! ```
//!
//! Forward: IN is the set at block entry, OUT at exit (reaching definitions,
//! available expressions). Backward: IN is the set at block *exit* (the meet
//! over successors), OUT at entry (liveness: gen = use, kill = def, OUT =
//! live-in). [`DataflowSolution::input`] holds IN, [`DataflowSolution::output`] OUT.
//!
//! # Boundary and initialisation
//! A node with no predecessors in the analysis direction (the entry of a
//! forward problem, an exit of a backward one) has `IN = ∅` — also under
//! intersection, where the empty meet would otherwise be the universe.
//! Solvers start from
//! - union: `OUT[n] = ∅` everywhere, and find the least fixpoint;
//! - intersection: `OUT[n] = universe` at every node except boundary nodes,
//!   which start at `gen[n]` (their value from `IN = ∅`), and find the
//!   greatest fixpoint below that start (the maximal fixpoint).
//!
//! The transfer functions are monotone and the lattice finite, so that
//! fixpoint is unique: every solver returns identical `input` and `output`;
//! only [`DataflowSolution::evaluations`] (work done) differs.
//!
//! # Encoding
//! See [`FactSets`]: one row of `words_per_node` u64 words per node, bits at
//! or beyond `facts` always zero (the universe row is masked in its last word).
//!
//! # Solvers
//! - [`reference()`]: FIFO worklist, one node at a time, every node queued
//!   once at the start; a node whose OUT changes queues its successors.
//! - [`parallel()`] (the `cpu` backend): picks a sweep order once per graph and
//!   direction and keeps it in the session's workspace, so later runs of the
//!   session skip it: one pass when node ids are already a topological order;
//!   otherwise reverse post-order of the analysis direction, either as one
//!   sequential worklist (small graphs, one dominant component) or per weakly
//!   connected component (a program graph is a set of per-function CFGs),
//!   components solved in parallel. A dirty bitset indexed by RPO position is
//!   swept round-robin, word-wide ops on `&[u64]` rows (scalars when facts ≤
//!   64), no per-node allocation. See `sweep_order.rs` (the order) and
//!   `parallel.rs` (the sweeps).
//! - [`verify`]: checks the equations above at every node of a solution.

mod facts;
mod parallel;
mod sweep_order;

pub use facts::{FactSets, FactsError, ShapeError};
pub use parallel::parallel;
pub(crate) use sweep_order::SweepOrder;

use super::footprint::{self, product, Requirements, SizeOverflow};
use super::{Analysis, Ctx, Direction, Kernels, QueryError, Violation};
use crate::graph::Graph;
use std::collections::VecDeque;

/// How facts from several neighbours combine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Meet {
    /// May-analyses (liveness, reaching definitions).
    Union,
    /// Must-analyses (available expressions).
    Intersection,
}

/// A dataflow problem over the graph's arcs (a CFG: one vertex per block or
/// instruction).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataflowProblem {
    pub direction: Direction,
    pub meet: Meet,
    pub gen: FactSets,
    pub kill: FactSets,
}

impl DataflowProblem {
    /// A problem whose gen and kill sets share one universe: the smaller of
    /// the two is widened to the larger (e.g. after reading two files).
    pub fn new(direction: Direction, meet: Meet, gen: FactSets, kill: FactSets) -> Self {
        let facts = gen.facts.max(kill.facts);
        DataflowProblem {
            direction,
            meet,
            gen: gen.with_facts(facts),
            kill: kill.with_facts(facts),
        }
    }

    /// Number of facts in the universe.
    pub fn facts(&self) -> usize {
        self.gen.facts
    }

    /// Sizes must match the graph and each other.
    pub fn validate(&self, nodes: usize) -> Result<(), QueryError> {
        self.gen.check("gen", nodes)?;
        self.kill.check("kill", nodes)?;
        if self.gen.facts != self.kill.facts {
            return Err(ShapeError::UniverseMismatch {
                gen: self.gen.facts,
                kill: self.kill.facts,
            }
            .into());
        }
        Ok(())
    }
}

/// The fixpoint: per node, facts entering and leaving (in the analysis direction).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataflowSolution {
    /// Facts at node entry (forward) or exit (backward): the meet over neighbours.
    pub input: FactSets,
    /// `gen ∪ (input − kill)`.
    pub output: FactSets,
    /// Node evaluations the solver performed (work measure; differs by solver).
    pub evaluations: u64,
}

/// The oracle: a FIFO worklist, one node at a time.
pub fn reference(g: &Graph, p: &DataflowProblem, ctx: &Ctx<'_>) -> DataflowSolution {
    ctx.pass();
    let n = g.nodes();
    let facts = p.facts();
    let preds = p.direction.flip().csr(g);
    let succs = p.direction.csr(g);

    let mut input = FactSets::new(n, facts);
    let mut output = match p.meet {
        Meet::Union => FactSets::new(n, facts),
        Meet::Intersection => FactSets::universe(n, facts),
    };
    for v in 0..n as u32 {
        if preds.degree(v) == 0 {
            // Boundary: IN = ∅, so OUT = gen.
            output.node_mut(v).copy_from_slice(p.gen.node(v));
        }
    }

    let mut queue: VecDeque<u32> = ctx.counted(|| (0..n as u32).collect());
    let mut queued = ctx.buffer(n, true);
    let mut evaluations = 0u64;
    // A round is the worklist as it stood when the last round ended.
    let (stop, mut popped, mut end) = (ctx.stop(), 0usize, 0usize);
    while !stop.at_level(popped, popped + queue.len(), &mut end) {
        let Some(v) = queue.pop_front() else { break };
        popped += 1;
        queued[v as usize] = false;
        evaluations += 1;
        let new_in = meet_of(p.meet, preds.neighbors(v), &output);
        let new_out = transfer(p, v, &new_in);
        input.node_mut(v).copy_from_slice(&new_in);
        if output.node(v) != new_out.as_slice() {
            output.node_mut(v).copy_from_slice(&new_out);
            for &s in succs.neighbors(v) {
                if !queued[s as usize] {
                    queued[s as usize] = true;
                    queue.push_back(s);
                }
            }
        }
    }
    DataflowSolution {
        input,
        output,
        evaluations,
    }
}

/// `⊓ OUT[p]` over `preds`; ∅ when there are none.
fn meet_of(meet: Meet, preds: &[u32], output: &FactSets) -> Vec<u64> {
    let Some((&first, rest)) = preds.split_first() else {
        return vec![0; output.words_per_node];
    };
    let mut acc = output.node(first).to_vec();
    for &q in rest {
        for (a, &b) in acc.iter_mut().zip(output.node(q)) {
            match meet {
                Meet::Union => *a |= b,
                Meet::Intersection => *a &= b,
            }
        }
    }
    acc
}

/// `gen[v] ∪ (input − kill[v])`.
fn transfer(p: &DataflowProblem, v: u32, input: &[u64]) -> Vec<u64> {
    input
        .iter()
        .zip(p.gen.node(v).iter().zip(p.kill.node(v)))
        .map(|(&i, (&g, &k))| g | (i & !k))
        .collect()
}

/// The verifier: does `sol` satisfy the dataflow equations (and the
/// encoding invariants) at every node? Checks a fixpoint, not that it is the
/// least (union) or maximal (intersection) one; compare with [`reference()`]
/// for that. The error names the first bad node.
pub fn verify(g: &Graph, p: &DataflowProblem, sol: &DataflowSolution) -> Result<(), Violation> {
    let n = g.nodes();
    let bad = |m: String| Violation::new(format!("dataflow: {m}"));
    sol.input
        .check("solution input", n)
        .map_err(|e| bad(e.to_string()))?;
    sol.output
        .check("solution output", n)
        .map_err(|e| bad(e.to_string()))?;
    if sol.input.facts != p.facts() || sol.output.facts != p.facts() {
        return Err(bad(format!(
            "solution has {}/{} facts, the problem {}",
            sol.input.facts,
            sol.output.facts,
            p.facts()
        )));
    }
    let preds = p.direction.flip().csr(g);
    for v in 0..n as u32 {
        let want_in = meet_of(p.meet, preds.neighbors(v), &sol.output);
        if sol.input.node(v) != want_in.as_slice() {
            return Err(bad(format!(
                "node {v}: IN is {:?}, the meet over its predecessors is {:?}",
                sol.input.iter(v).collect::<Vec<_>>(),
                bits_list(&want_in)
            )));
        }
        let want_out = transfer(p, v, sol.input.node(v));
        if sol.output.node(v) != want_out.as_slice() {
            return Err(bad(format!(
                "node {v}: OUT is {:?}, gen ∪ (IN − kill) is {:?}",
                sol.output.iter(v).collect::<Vec<_>>(),
                bits_list(&want_out)
            )));
        }
    }
    Ok(())
}

fn bits_list(row: &[u64]) -> Vec<u32> {
    (0..row.len() * 64)
        .filter(|&f| row[f / 64] >> (f % 64) & 1 == 1)
        .map(|f| f as u32)
        .collect()
}

/// Bit-vector dataflow in the registry.
pub struct Dataflow;

impl Analysis for Dataflow {
    const NAME: &'static str = "dataflow";
    type Query = DataflowProblem;
    type Output = DataflowSolution;

    fn validate(g: &Graph, p: &DataflowProblem) -> Result<(), QueryError> {
        p.validate(g.nodes())
    }

    fn footprint(g: &Graph, p: &DataflowProblem) -> Result<Requirements, SizeOverflow> {
        let n = g.nodes() as u64;
        let rows = product("dataflow fact rows", &[n, p.gen.words_per_node as u64, 8])?;
        Ok(Requirements {
            graph_bytes: footprint::resident_graph_bytes(g)?,
            frontier_bytes: product("gen and kill bytes", &[rows, 2])?,
            scratch_bytes: scratch_bytes(n, g.arcs() as u64, rows)?,
            output_bytes: product("IN and OUT bytes", &[rows, 2])?,
        })
    }

    fn output_bytes(_: &Graph, d: &DataflowSolution) -> Result<u64, SizeOverflow> {
        footprint::sum(
            "output bytes",
            &[
                footprint::items(d.input.bits.len(), 8)?,
                footprint::items(d.output.bits.len(), 8)?,
            ],
        )
    }

    fn run(kernels: Kernels, g: &Graph, p: &DataflowProblem, ctx: &Ctx<'_>) -> DataflowSolution {
        match kernels {
            Kernels::Fast => parallel(g, p, ctx),
            Kernels::Reference => reference(g, p, ctx),
        }
    }

    fn verify(g: &Graph, p: &DataflowProblem, sol: &DataflowSolution) -> Result<(), Violation> {
        verify(g, p, sol)
    }
}

/// Upper bound of the `cpu` solver's working set: the worklist (≤ 4 bytes
/// a node), the cached order at its largest (partitioned: order and
/// position maps 8 bytes a node, component ranges ≤ 16, and both
/// adjacencies relabelled: 2 × (8 (n + 1) + 4 m)), and the IN/OUT rows in
/// position order.
fn scratch_bytes(n: u64, m: u64, rows: u64) -> Result<u64, SizeOverflow> {
    let what = "dataflow scratch bytes";
    let csr = footprint::sum(
        what,
        &[product(what, &[n + 1, 8])?, product(what, &[m, 4])?],
    )?;
    footprint::sum(
        what,
        &[
            product(what, &[n, 4 + 8 + 16])?,
            product(what, &[csr, 2])?,
            product(what, &[rows, 2])?,
        ],
    )
}
