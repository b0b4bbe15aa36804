//! Taint over the value-flow graph: realizable paths only (every return
//! goes back to the call it leaves from), as `program::cfl` does on the
//! supergraph, generalised to functions with many entries and exits.
//!
//! A function's *formal-ins* are the nodes call arcs enter (parameters,
//! parameter contents), its *formal-outs* the nodes return arcs leave
//! (returned values, parameter and return contents). A summary arc
//! `a → r` says: at call site `c`, `a` enters formal-in `n` (`call c`), `n`
//! reaches formal-out `x` along a same-level path inside the callee (flow
//! arcs that stay in it, and summary arcs of its own calls), and `x`
//! returns to `r` (`return c`). Summaries are found once per graph by
//! tabulation: each path edge (formal-in, node) is extended once, and a new
//! summary arc extends every search that had reached its start.
//!
//! A query then searches in two phases from its sources: phase 1 ascends
//! (flow, summary and return arcs: the sources' functions may have been
//! called from anywhere), phase 2 descends from everything phase 1 reached
//! (flow, summary and call arcs; no return but through summaries). Memory
//! without a function (globals, the heap, locations of escaping locals) is
//! context-free: a node of it reached in phase 2 ascends again.
//!
//! [`reference()`] is the oracle: the same rule as an explicit-stack search
//! of (node, open call sites) states, bounded in stack depth, on small
//! graphs.

use super::hub::{self, Hub};
use super::{Arc, ValueFlow, NO_FUNCTION};
use crate::progress::Stop;
use fixedbitset::FixedBitSet;
use std::borrow::Cow;
use std::collections::{HashSet, VecDeque};

/// No parent: a source.
pub const ROOT: u32 = u32::MAX;

/// Why summaries were not made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Halt {
    Stopped,
    /// Their search passed its budget, at this many bytes.
    OverBudget(u64),
}

/// A value-flow graph with its summary arcs: owned when made by
/// [`Solver::new`], borrowed from a resident session's
/// ([`Solver::view`]).
#[derive(Debug)]
pub struct Solver<'g> {
    vf: &'g ValueFlow,
    summary: Cow<'g, Summaries>,
}

/// Summary arcs out of each node, CSR as the graph's own arcs: a search
/// reads them at every node it visits, and a hash lookup there cost more
/// than the arcs themselves.
#[derive(Debug, Clone, Default)]
pub struct Summaries {
    offsets: Vec<u32>,
    targets: Vec<u32>,
    /// The graph's hub, where searches stop and take its closure whole.
    hub: Option<Hub>,
}

impl Summaries {
    fn out(&self, v: u32) -> &[u32] {
        let v = v as usize;
        match (self.offsets.get(v), self.offsets.get(v + 1)) {
            (Some(&a), Some(&b)) => &self.targets[a as usize..b as usize],
            _ => &[],
        }
    }
}

/// What one query reached.
#[derive(Debug, Clone)]
pub struct Reach {
    pub tainted: Vec<bool>,
    /// The node each was first reached from (`ROOT` for sources).
    pub parent: Vec<u32>,
}

impl Reach {
    /// The path from a source to `v` (source first), when `v` is tainted.
    pub fn path(&self, v: u32) -> Vec<u32> {
        let mut out = vec![v];
        let mut at = v;
        while self.parent[at as usize] != ROOT && out.len() <= self.parent.len() {
            at = self.parent[at as usize];
            out.push(at);
        }
        out.reverse();
        out
    }
}

impl<'g> Solver<'g> {
    /// Compute the summary arcs of `vf`; `None` when stopped.
    /// Summaries of `vf`, their search within `budget_bytes` (with the
    /// graph's own bytes).
    pub fn new(vf: &'g ValueFlow, stop: Stop<'_>, budget_bytes: u64) -> Result<Solver<'g>, Halt> {
        Solver::with_hub(vf, stop, budget_bytes, hub::MIN_STATES)
    }

    /// [`Solver::new`] with a hub of at least `hub_states` states (tests
    /// give small graphs one).
    pub fn with_hub(
        vf: &'g ValueFlow,
        stop: Stop<'_>,
        budget_bytes: u64,
        hub_states: usize,
    ) -> Result<Solver<'g>, Halt> {
        let n = vf.nodes.len();
        let (call_in, ret_out) = call_and_return_arcs(vf);
        let formals: Vec<u32> = (0..n as u32)
            .filter(|&m| !call_in[m as usize].is_empty())
            .collect();
        // Tabulation: path edges (m, v) — formal-in `m` reaches `v` on a
        // same-level path — each found once; a new summary arc `a → r`
        // extends every search that reached `a` to `r`. Within a function
        // the path edges into `v` are a bit set over its formal-ins,
        // handed on word by word (SQLite: 4.6 M path edges, but 159 M
        // single-edge additions when each was a pair).
        let mut summary: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut have: hashbrown::HashSet<(u32, u32)> = hashbrown::HashSet::new();
        let mut p = Paths::new(vf, &formals);
        for &m in &formals {
            p.add(m, m);
        }
        let mut steps = 0u64;
        let mut next = Vec::new();
        let mut sums = Vec::new();
        // The formal-ins of this step, and (a node's) as bits.
        let (mut ms, mut delta) = (Vec::new(), FixedBitSet::new());
        loop {
            // A node's new formal-ins, else a pair across groups.
            ms.clear();
            let (v, across) = if let Some(v) = p.queue.pop() {
                // Copied and cleared, not taken: its length is the group's.
                delta.clone_from(&p.pending[v as usize]);
                p.pending[v as usize].clear();
                let g = p.group[v as usize] as usize;
                ms.extend(delta.ones().map(|b| p.formals[g][b]));
                (v, false)
            } else if let Some((m, v)) = p.work.pop() {
                ms.push(m);
                (v, true)
            } else {
                break;
            };
            steps += 1;
            if steps.is_multiple_of(4096) {
                if stop.requested() {
                    return Err(Halt::Stopped);
                }
                let bytes = vf.arc_count() as u64 * 12 + p.bytes + have.len() as u64 * 16;
                if bytes > budget_bytes {
                    return Err(Halt::OverBudget(bytes));
                }
            }
            // Summaries: a formal-in of a call reaching a formal-out of
            // that call's return.
            sums.clear();
            for &m in &ms {
                matched_sites(
                    &call_in[m as usize],
                    &ret_out[v as usize],
                    &mut have,
                    &mut sums,
                );
            }
            for &(a, r) in &sums {
                summary[a as usize].push(r);
                p.extend(a, r);
            }
            // Then along the arcs that stay in the function of the
            // path edges' formal-ins, and the summaries out of `v`.
            let f = vf.function[ms[0] as usize];
            next.clear();
            next.extend(
                vf.out(v)
                    .filter(|&(t, a)| a == Arc::Flow && vf.function[t as usize] == f)
                    .map(|(t, _)| t),
            );
            next.extend_from_slice(&summary[v as usize]);
            for &t in &next {
                if across {
                    p.add(ms[0], t);
                } else {
                    p.hand_on(v, &delta, t);
                }
            }
        }
        // Found in an order that follows hash maps' (seeded per process):
        // sorted, so searches and their witnesses are the same every run.
        let mut offsets = Vec::with_capacity(n + 1);
        let mut targets = Vec::new();
        offsets.push(0u32);
        for arcs in &mut summary {
            arcs.sort_unstable();
            targets.extend_from_slice(arcs);
            let end = u32::try_from(targets.len()).map_err(|_| Halt::OverBudget(u64::MAX))?;
            offsets.push(end);
        }
        let mut solver = Solver {
            vf,
            summary: Cow::Owned(Summaries {
                offsets,
                targets,
                hub: None,
            }),
        };
        let hub = Hub::find(&solver, hub_states, budget_bytes, stop);
        if stop.requested() {
            return Err(Halt::Stopped);
        }
        solver.summary.to_mut().hub = hub;
        Ok(solver)
    }

    /// The graph it searches.
    pub fn graph(&self) -> &'g ValueFlow {
        self.vf
    }

    /// Summary arcs out of `v`.
    pub fn summary_out(&self, v: u32) -> &[u32] {
        self.summary.out(v)
    }

    /// The graph's hub, if it has one.
    pub fn hub(&self) -> Option<&Hub> {
        self.summary.hub.as_ref()
    }

    /// A solver of `vf` with summaries made before (a resident session's).
    pub fn view(vf: &'g ValueFlow, summary: &'g Summaries) -> Solver<'g> {
        Solver {
            vf,
            summary: Cow::Borrowed(summary),
        }
    }

    /// Its summaries, to keep beside the graph.
    pub fn into_summaries(self) -> Summaries {
        self.summary.into_owned()
    }

    /// Summary arcs in all.
    pub fn summaries(&self) -> usize {
        self.summary.targets.len()
    }

    /// Where a search's first phase goes from `v`: flow, return and
    /// summary arcs (the sources' functions may have been called from
    /// anywhere).
    pub(super) fn ascent(&self, v: u32) -> impl Iterator<Item = u32> + '_ {
        self.vf
            .out(v)
            .filter(|(_, a)| !matches!(a, Arc::Call(_)))
            .map(|(t, _)| t)
            .chain(self.summary.out(v).iter().copied())
    }

    /// Where its second phase goes from `v`: flow, call and summary arcs
    /// (no return but through summaries).
    pub(super) fn descent(&self, v: u32) -> impl Iterator<Item = u32> + '_ {
        self.vf
            .out(v)
            .filter(|(_, a)| !matches!(a, Arc::Return(_)))
            .map(|(t, _)| t)
            .chain(self.summary.out(v).iter().copied())
    }

    /// Everything the sources taint; `None` when stopped.
    pub fn reach(&self, sources: &[u32], stop: Stop<'_>) -> Option<Reach> {
        let vf = self.vf;
        let n = vf.nodes.len();
        let hub = self.hub();
        let member = |s: u32| hub.is_some_and(|h| h.member[s as usize]);
        let downstream = |s: u32| hub.is_some_and(|h| h.downstream[s as usize]);
        let mut up = vec![false; n];
        let mut down = vec![false; n];
        let mut parent = vec![ROOT; n];
        let mut q1: VecDeque<u32> = VecDeque::new();
        let mut q2: VecDeque<u32> = VecDeque::new();
        // The first hub state reached: the search goes no further there,
        // nor, once there, downstream of the hub (the closure has it).
        let mut entry = None;
        let mut enter = |s: u32, queue: &mut VecDeque<u32>| {
            if member(s) {
                entry.get_or_insert(s);
            } else if entry.is_none() || !downstream(s) {
                queue.push_back(s / 2);
            }
        };
        for &s in sources {
            if !up[s as usize] {
                up[s as usize] = true;
                enter(2 * s, &mut q1);
            }
        }
        let mut steps = 0u64;
        loop {
            if let Some(v) = q1.pop_front() {
                if !down[v as usize] {
                    down[v as usize] = true;
                    enter(2 * v + 1, &mut q2);
                }
                for t in self.ascent(v) {
                    if !up[t as usize] {
                        up[t as usize] = true;
                        if parent[t as usize] == ROOT && !sources.contains(&t) {
                            parent[t as usize] = v;
                        }
                        enter(2 * t, &mut q1);
                    }
                }
            } else if let Some(v) = q2.pop_front() {
                for t in self.descent(v) {
                    let ti = t as usize;
                    if !down[ti] && !up[ti] {
                        parent[ti] = v;
                    }
                    if vf.function[ti] == NO_FUNCTION && !up[ti] {
                        // Context-free memory: ascend from it too.
                        up[ti] = true;
                        enter(2 * t, &mut q1);
                    } else if vf.function[ti] != NO_FUNCTION && !down[ti] {
                        down[ti] = true;
                        enter(2 * t + 1, &mut q2);
                    }
                }
            } else {
                break;
            }
            steps += 1;
            if steps.is_multiple_of(65_536) && stop.requested() {
                return None;
            }
        }
        let mut tainted: Vec<bool> = up.iter().zip(&down).map(|(a, b)| *a || *b).collect();
        if let (Some(hub), Some(entry)) = (hub, entry) {
            hub.taint(entry, &mut tainted, &mut parent);
        }
        Some(Reach { tainted, parent })
    }
}

/// Lanes of [`Solver::reach_lanes`]: one search per bit of a word.
pub const LANES: usize = 64;

impl Solver<'_> {
    /// What each of up to [`LANES`] source sets taints, searched together:
    /// bit `i` of node `v`'s word says whether `sets[i]` taints `v`, exactly
    /// as [`Solver::reach`] of `sets[i]` alone would (the same two phases,
    /// a node's bits moving on together). No parents: a witness comes from
    /// `reach` of the one source it is shown for. `None` when stopped.
    pub fn reach_lanes(&self, sets: &[&[u32]], stop: Stop<'_>) -> Option<Vec<u64>> {
        let lanes = self.search_lanes(sets, stop)?;
        Some(
            (0..self.vf.nodes.len() as u32)
                .map(|v| lanes.at(v))
                .collect(),
        )
    }

    /// [`Solver::reach_lanes`] read node by node: a query reads its sinks'
    /// words only, not a word per node of the graph.
    pub fn search_lanes(&self, sets: &[&[u32]], stop: Stop<'_>) -> Option<Lanes<'_>> {
        assert!(sets.len() <= LANES, "at most {LANES} source sets a search");
        let vf = self.vf;
        let n = vf.nodes.len();
        let hub = self.hub();
        let mut up = Phase::new(n, hub, 0);
        let mut down = Phase::new(n, hub, 1);
        // The lanes that entered the hub: they taint its closure.
        let mut entered = 0u64;
        for (i, set) in sets.iter().enumerate() {
            for &s in set.iter() {
                up.gain(s, 1u64 << i, &mut entered);
            }
        }
        let mut steps = 0u64;
        loop {
            if let Some(v) = up.queue.pop_front() {
                let bits = std::mem::take(&mut up.pending[v as usize]);
                down.gain(v, bits, &mut entered);
                for t in self.ascent(v) {
                    up.gain(t, bits, &mut entered);
                }
            } else if let Some(v) = down.queue.pop_front() {
                let bits = std::mem::take(&mut down.pending[v as usize]);
                for t in self.descent(v) {
                    if vf.function[t as usize] == NO_FUNCTION {
                        // Context-free memory: ascend from it too.
                        up.gain(t, bits, &mut entered);
                    } else {
                        // Bits already ascending reach the second phase there.
                        let bits = bits & !up.have[t as usize];
                        down.gain(t, bits, &mut entered);
                    }
                }
            } else {
                break;
            }
            steps += 1;
            if steps.is_multiple_of(65_536) && stop.requested() {
                return None;
            }
        }
        Some(Lanes {
            entered,
            up: up.have,
            down: down.have,
            hub,
        })
    }
}

/// What a lane search tainted: each node's word of lanes.
pub struct Lanes<'h> {
    up: Vec<u64>,
    down: Vec<u64>,
    /// The lanes that entered the hub: they taint its closure.
    entered: u64,
    hub: Option<&'h Hub>,
}

impl Lanes<'_> {
    /// Bit `i`: does set `i` taint node `v`?
    pub fn at(&self, v: u32) -> u64 {
        let v = v as usize;
        let hubbed = match self.hub {
            Some(h) if h.closure[v] => self.entered,
            _ => 0,
        };
        self.up[v] | self.down[v] | hubbed
    }
}

/// One phase of a lane search: the bits each node has in it, those not yet
/// handed on, and the nodes that wait to hand theirs on.
struct Phase<'h> {
    have: Vec<u64>,
    pending: Vec<u64>,
    queue: VecDeque<u32>,
    hub: Option<&'h Hub>,
    /// 0 ascending, 1 descending: a node's state is `2v + phase`.
    phase: u32,
}

impl<'h> Phase<'h> {
    fn new(n: usize, hub: Option<&'h Hub>, phase: u32) -> Phase<'h> {
        Phase {
            have: vec![0; n],
            pending: vec![0; n],
            queue: VecDeque::new(),
            hub,
            phase,
        }
    }

    /// Node `t` gains `bits`: the new ones wait to be handed on, `t` queued
    /// once while any wait. In the hub they end there and join `entered`
    /// (its closure is theirs); downstream of it, lanes that entered go no
    /// further (what they would reach there, the closure has).
    fn gain(&mut self, t: u32, bits: u64, entered: &mut u64) {
        let i = t as usize;
        let mut g = bits & !self.have[i];
        let state = 2 * i + self.phase as usize;
        if let Some(h) = self.hub {
            if h.downstream[state] {
                g &= !*entered;
            }
            if g != 0 && h.member[state] {
                self.have[i] |= g;
                *entered |= g;
                return;
            }
        }
        if g == 0 {
            return;
        }
        self.have[i] |= g;
        if self.pending[i] == 0 {
            self.queue.push_back(t);
        }
        self.pending[i] |= g;
    }
}

/// The new summary arcs `a → r` of a path edge from the formal-in whose
/// call arcs are `ins` to the formal-out whose return arcs are `outs`: one
/// per call site the two share, merged by site (both sorted).
fn matched_sites(
    ins: &[(u32, u32)],
    outs: &[(u32, u32)],
    have: &mut hashbrown::HashSet<(u32, u32)>,
    sums: &mut Vec<(u32, u32)>,
) {
    let (mut i, mut j) = (0, 0);
    while i < ins.len() && j < outs.len() {
        let c = ins[i].0;
        if c < outs[j].0 {
            i += 1;
            continue;
        }
        if outs[j].0 < c {
            j += 1;
            continue;
        }
        let j0 = j;
        while i < ins.len() && ins[i].0 == c {
            let a = ins[i].1;
            j = j0;
            while j < outs.len() && outs[j].0 == c {
                let r = outs[j].1;
                j += 1;
                if have.insert((a, r)) {
                    sums.push((a, r));
                }
            }
            i += 1;
        }
    }
}

/// Per node: the call arcs into it and the return arcs out of it, as
/// (site, other end), sorted by site so a formal's calls and a return's
/// sites meet in one merge (a popular callee has thousands of each; every
/// pair was compared).
type SiteArcs = Vec<Vec<(u32, u32)>>;

fn call_and_return_arcs(vf: &ValueFlow) -> (SiteArcs, SiteArcs) {
    let n = vf.nodes.len();
    let mut call_in: SiteArcs = vec![Vec::new(); n];
    let mut ret_out: SiteArcs = vec![Vec::new(); n];
    for v in 0..n as u32 {
        for (t, a) in vf.out(v) {
            match a {
                Arc::Call(s) => call_in[t as usize].push((s, v)),
                Arc::Return(s) => ret_out[v as usize].push((s, t)),
                Arc::Flow => {}
            }
        }
    }
    for list in call_in.iter_mut().chain(ret_out.iter_mut()) {
        list.sort_unstable();
    }
    (call_in, ret_out)
}

/// The path edges (m, v) of the summary search, each found once. Per node,
/// the formal-ins of its group (its function, or memory) with a path edge
/// to it, as bits, and those not yet handed on; pairs across groups (a
/// summary between memory and a function's node) one by one.
struct Paths {
    /// Each node's group: its function, or `groups - 1` for memory.
    group: Vec<u32>,
    /// Each formal-in's bit among its group's formal-ins.
    bit: Vec<u32>,
    /// Per group, its formal-ins by bit.
    formals: Vec<Vec<u32>>,
    /// Per node, the formal-ins reaching it (empty until one does).
    have: Vec<FixedBitSet>,
    /// Per node, those it has not handed on yet.
    pending: Vec<FixedBitSet>,
    /// Nodes with pending formal-ins.
    queue: Vec<u32>,
    /// Pairs across groups, and per node the formal-ins of other groups
    /// that reach it (kept for soundness; SQLite has ~385,000).
    across: hashbrown::HashSet<(u32, u32)>,
    reaching_across: Vec<Vec<u32>>,
    work: Vec<(u32, u32)>,
    bytes: u64,
    /// Scratch for `extend` (one allocation, not one per summary).
    scratch: FixedBitSet,
}

impl Paths {
    fn new(vf: &ValueFlow, formals: &[u32]) -> Paths {
        let n = vf.nodes.len();
        let functions = (vf.function.iter())
            .filter(|&&f| f != NO_FUNCTION)
            .max()
            .map_or(0, |&f| f as usize + 1);
        let memory = functions as u32;
        let group: Vec<u32> = (vf.function.iter())
            .map(|&f| if f == NO_FUNCTION { memory } else { f })
            .collect();
        let mut by_group = vec![Vec::new(); functions + 1];
        let mut bit = vec![u32::MAX; n];
        for &m in formals {
            let g = &mut by_group[group[m as usize] as usize];
            bit[m as usize] = g.len() as u32;
            g.push(m);
        }
        Paths {
            group,
            bit,
            formals: by_group,
            have: vec![FixedBitSet::new(); n],
            pending: vec![FixedBitSet::new(); n],
            queue: Vec::new(),
            across: hashbrown::HashSet::new(),
            reaching_across: vec![Vec::new(); n],
            work: Vec::new(),
            bytes: 0,
            scratch: FixedBitSet::new(),
        }
    }

    /// Node `v`'s sets, sized for its group when first used.
    fn sized(&mut self, v: usize) {
        if self.have[v].is_empty() {
            let len = self.formals[self.group[v] as usize].len();
            self.have[v].grow(len);
            self.pending[v].grow(len);
            self.bytes += 2 * len.div_ceil(8) as u64;
        }
    }

    /// Record (m, v) where `m` is a formal-in.
    fn add(&mut self, m: u32, v: u32) {
        let (mi, vi) = (m as usize, v as usize);
        if self.group[mi] == self.group[vi] {
            self.sized(vi);
            let b = self.bit[mi] as usize;
            if !self.have[vi].put(b) {
                if self.pending[vi].is_clear() {
                    self.queue.push(v);
                }
                self.pending[vi].insert(b);
            }
        } else if self.across.insert((m, v)) {
            self.bytes += 20;
            self.reaching_across[vi].push(m);
            self.work.push((m, v));
        }
    }

    /// `t` gains the formal-ins `bits` of `v`'s group.
    fn hand_on(&mut self, v: u32, bits: &FixedBitSet, t: u32) {
        let (vi, ti) = (v as usize, t as usize);
        if self.group[vi] != self.group[ti] {
            let ms: Vec<u32> = bits
                .ones()
                .map(|b| self.formals[self.group[vi] as usize][b])
                .collect();
            for m in ms {
                self.add(m, t);
            }
            return;
        }
        self.sized(ti);
        let was_idle = self.pending[ti].is_clear();
        let mut gained = false;
        let (have, pending) = (&mut self.have[ti], &mut self.pending[ti]);
        for ((h, p), &b) in (have.as_mut_slice().iter_mut())
            .zip(pending.as_mut_slice())
            .zip(bits.as_slice())
        {
            let new = b & !*h;
            if new != 0 {
                *h |= new;
                *p |= new;
                gained = true;
            }
        }
        if gained && was_idle {
            self.queue.push(t);
        }
    }

    /// A new summary `a → r`: every formal-in reaching `a` reaches `r`.
    fn extend(&mut self, a: u32, r: u32) {
        if !self.have[a as usize].is_empty() {
            let mut bits = std::mem::take(&mut self.scratch);
            bits.clone_from(&self.have[a as usize]);
            self.hand_on(a, &bits, r);
            self.scratch = bits;
        }
        for k in 0..self.reaching_across[a as usize].len() {
            let m = self.reaching_across[a as usize][k];
            self.add(m, r);
        }
    }
}

/// The oracle: states (node, stack of open call sites); a call pushes its
/// site, a return pops its own site or, with no call open, ascends to any
/// caller (a realizable path may leave functions it did not enter, also
/// after calls it has returned from). Memory forgets the stack. Stacks
/// deeper than `depth` are cut (enough for small generated graphs).
pub fn reference(vf: &ValueFlow, sources: &[u32], depth: usize) -> Vec<bool> {
    let n = vf.nodes.len();
    let mut tainted = vec![false; n];
    let mut seen: HashSet<(u32, Vec<u32>)> = HashSet::new();
    let mut work: Vec<(u32, Vec<u32>)> = sources.iter().map(|&s| (s, Vec::new())).collect();
    while let Some(state) = work.pop() {
        if !seen.insert(state.clone()) {
            continue;
        }
        let (v, stack) = state;
        tainted[v as usize] = true;
        // Context-free memory forgets the stack.
        let stack = if vf.function[v as usize] == NO_FUNCTION {
            Vec::new()
        } else {
            stack
        };
        for (t, a) in vf.out(v) {
            match a {
                Arc::Flow => work.push((t, stack.clone())),
                Arc::Call(c) if stack.len() < depth => {
                    let mut s = stack.clone();
                    s.push(c);
                    work.push((t, s));
                }
                Arc::Call(_) => {}
                Arc::Return(c) => match stack.last() {
                    Some(&top) if top == c => {
                        let mut s = stack.clone();
                        s.pop();
                        work.push((t, s));
                    }
                    None => work.push((t, Vec::new())),
                    _ => {}
                },
            }
        }
    }
    tainted
}
