//! Context-sensitive taint: CFL (matched-parenthesis) reachability over a
//! supergraph, so that only *realizable* paths count — every return taken
//! after a call goes back to that call's return site.
//!
//! # Input: a [`Supergraph`]
//! A graph whose arcs carry the bundle labels (`flow` = 1, `call` = 2,
//! `return` = 4; a label mask may hold several after duplicate arcs were
//! merged), each node's function, each function's entry node, and the
//! call/return-site map `return_site[c]`: where a call from call site `c`
//! continues when its callee returns. [`Supergraph::new`] checks the
//! invariants the algorithm relies on: flow arcs stay inside one function, a
//! call arc enters the entry of a function, a return site lies in its call
//! site's function.
//!
//! # How the ICFG encodes a call (see `icfg.rs`)
//! A call site `c` is the block segment that ends with the call. It has a
//! `call` arc to the entry of each defined callee; every `ret` node of a
//! callee has a `return` arc to the *return site* `r` — the next segment of
//! the block (`r = c + 1`), or for `invoke`/`callbr` the first segment of the
//! normal destination. A `flow` arc `c → r` (the call-to-return arc) bypasses
//! the callee as well. [`Supergraph::from_bundle`] recovers the map: `c + 1`
//! when that node is the next segment of `c`'s block, otherwise (`c` ends its
//! block) the first flow successor of `c` that a return arc from one of `c`'s
//! callees enters (for a `callbr` whose indirect destination is also the
//! return site of another call to the same callee this may pick that one).
//!
//! # Realizable paths (Reps, Horwitz, Sagiv, POPL 1995)
//! Read a call arc `c → e` as an open parenthesis `(c` and a return arc
//! `x → r` as a close parenthesis that matches `(c` iff `r = return_site[c]`.
//! A path is realizable when every return taken while a call is open matches
//! the innermost open call; a return with no open call is allowed (the
//! source's function may have been called from anywhere). [`verify_path`]
//! checks exactly this with an explicit stack.
//!
//! # The rule implemented
//! 1. **Summary edges** `c → r` (`r = return_site[c]`): `c` has a call arc to
//!    an entry `e` that reaches, along a *same-level* path (flow and summary
//!    arcs only), an exit `x` with a return arc `x → r`; no node of that path
//!    (`e` and `x` included) is a sanitizer. One worklist over all functions
//!    at once (a node is same-level reached only from its own function's
//!    entry), `O(nodes + arcs + call arcs)`, once per query.
//! 2. **Phase 1** (ascend) from the source: flow, summary and return arcs.
//! 3. **Phase 2** (descend) from every node phase 1 reached: flow, summary
//!    and call arcs.
//!
//! The tainted set is what either phase reached, the source included; the
//! sinks in it are the findings. As in `analysis::taint`, taint never enters
//! a sanitizer, and a source that is one still taints its successors. Arcs
//! count only for the label bits in the query's mask; without both `call`
//! and `return` in the mask there are no summary edges.
//!
//! # Witnesses
//! Each phase records a parent and the kind of step per node, in one array,
//! so the sink's parent chain is phase-1 steps then phase-2 steps. A
//! summary step `c → r` is expanded into `c, e … x, r`, the callee's
//! same-level path from the summary pass's parents (recursively: every
//! summary on that path was made before `r` was reached, so the expansion
//! ends). A witness is thus a path of graph arcs, realizable, not necessarily
//! shortest. On bundles the flow arc `c → r` is relaxed before the summary
//! edge `c → r`, so witnesses step over calls through it and never need an
//! expansion; graphs without call-to-return arcs do.
//!
//! # Kernels
//! - [`taint`]: summaries once, then sources in parallel (rayon), each task
//!   reusing its parent arrays (reset through its visited list).
//! - [`reference()`], the oracle: summary edges by a naive fixpoint (search
//!   every function again from scratch until a round adds no summary edge),
//!   then two fresh searches per source; no witnesses.
//! - [`verify_path`]: the realizability check of one witness.

use super::icfg;
use super::{Bundle, ProgramError};
use crate::analysis::{Finding, TaintQuery, TaintResult, Violation};
use crate::graph::{Graph, NO_VERTEX};
use crate::progress::Stop;
use rayon::prelude::*;
use std::collections::{HashMap, HashSet, VecDeque};

/// Label bits of the bundle graph.
pub const FLOW: u32 = 1 << icfg::FLOW;
pub const CALL: u32 = 1 << icfg::CALL;
pub const RETURN: u32 = 1 << icfg::RETURN;

/// A labelled graph with functions, entries and the call/return-site map.
#[derive(Debug)]
pub struct Supergraph<'g> {
    graph: &'g Graph,
    function: Vec<u32>,
    entries: Vec<u32>,
    return_site: Vec<u32>,
    /// `(callee entry, return site, call site)` per call arc, sorted.
    sites: Vec<(u32, u32, u32)>,
}

impl<'g> Supergraph<'g> {
    /// `function[v]`: the function of node `v`; `entries[f]`: the entry of
    /// function `f` (`NO_VERTEX` for none); `return_site[c]`: where calls from
    /// `c` return (`NO_VERTEX` for none or not a call site).
    pub fn new(
        graph: &'g Graph,
        function: Vec<u32>,
        entries: Vec<u32>,
        return_site: Vec<u32>,
    ) -> Result<Self, String> {
        let n = graph.nodes();
        if function.len() != n || return_site.len() != n {
            return Err(format!(
                "{} functions and {} return sites for {n} nodes",
                function.len(),
                return_site.len()
            ));
        }
        if !graph.has_labels() && graph.arcs() > 0 {
            return Err("the graph has no arc labels (flow, call, return)".into());
        }
        if let Some(v) = function.iter().find(|&&f| f as usize >= entries.len()) {
            return Err(format!("function {v} has no entries slot"));
        }
        let csr = graph.forward();
        let mut sites = Vec::new();
        for u in 0..n as u32 {
            let fu = function[u as usize];
            let r = return_site[u as usize];
            if r != NO_VERTEX && function.get(r as usize) != Some(&fu) {
                return Err(format!("return site {r} of {u} is not in its function"));
            }
            for i in csr.range(u) {
                let v = csr.targets()[i];
                let l = label(graph, i);
                if l & FLOW != 0 && function[v as usize] != fu {
                    return Err(format!("flow arc {u} -> {v} leaves its function"));
                }
                if l & CALL != 0 {
                    if entries[function[v as usize] as usize] != v {
                        return Err(format!("call arc {u} -> {v} does not enter an entry"));
                    }
                    if r != NO_VERTEX {
                        sites.push((v, r, u));
                    }
                }
            }
        }
        sites.sort_unstable();
        sites.dedup();
        Ok(Supergraph {
            graph,
            function,
            entries,
            return_site,
            sites,
        })
    }

    /// The supergraph of a bundle (return sites recovered as the module
    /// header describes).
    pub fn from_bundle(b: &'g Bundle) -> Result<Self, ProgramError> {
        let g = &b.graph;
        let n = b.nodes.len();
        let function: Vec<u32> = b.nodes.iter().map(|x| x.function).collect();
        let entries = b
            .functions
            .iter()
            .map(|f| {
                if f.nodes.is_empty() {
                    NO_VERTEX
                } else {
                    f.nodes.start
                }
            })
            .collect();
        let (fwd, rev) = (g.forward(), g.reverse());
        let rev_labels = rev.labels().unwrap_or(&[]);
        let mut return_site = vec![NO_VERTEX; n];
        for (c, site) in return_site.iter_mut().enumerate() {
            let callees: Vec<u32> = fwd
                .range(c as u32)
                .filter(|&i| label(g, i) & CALL != 0)
                .map(|i| function[fwd.targets()[i] as usize])
                .collect();
            if callees.is_empty() {
                continue;
            }
            let (here, next) = (&b.nodes[c], b.nodes.get(c + 1));
            if next.is_some_and(|x| {
                x.function == here.function
                    && x.block == here.block
                    && x.segment == here.segment + 1
            }) {
                *site = c as u32 + 1;
                continue;
            }
            *site = fwd
                .range(c as u32)
                .filter(|&i| label(g, i) & FLOW != 0)
                .map(|i| fwd.targets()[i])
                .find(|&r| {
                    rev.range(r).any(|j| {
                        rev_labels.get(j).is_some_and(|l| l & RETURN != 0)
                            && callees.contains(&function[rev.targets()[j] as usize])
                    })
                })
                .unwrap_or(NO_VERTEX);
        }
        Supergraph::new(g, function, entries, return_site).map_err(|e| {
            ProgramError::Bundle(format!(
                "{e}. Fix: re-create the bundle with `dwell import llvm`"
            ))
        })
    }

    pub fn graph(&self) -> &'g Graph {
        self.graph
    }

    pub fn nodes(&self) -> usize {
        self.function.len()
    }

    /// Where calls from `c` return (`NO_VERTEX`: nowhere).
    pub fn return_site(&self, c: u32) -> u32 {
        self.return_site[c as usize]
    }

    /// Call sites `c` with a call arc to `entry` and `return_site[c] = r`.
    fn sites(&self, entry: u32, r: u32) -> impl Iterator<Item = u32> + '_ {
        let lo = self.sites.partition_point(|&(e, s, _)| (e, s) < (entry, r));
        self.sites[lo..]
            .iter()
            .take_while(move |&&(e, s, _)| (e, s) == (entry, r))
            .map(|&(_, _, c)| c)
    }
}

fn label(g: &Graph, i: usize) -> u32 {
    g.forward().labels().map_or(u32::MAX, |l| l[i])
}

/// How a node was reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Root,
    Flow,
    Summary,
    Return,
    Call,
}

/// Summary edges with the same-level search that found them.
#[derive(Debug)]
pub struct Summaries {
    /// Per call site: `(return site, exit that witnessed it)`.
    edges: Vec<Vec<(u32, u32)>>,
    /// Same-level parents (`NO_VERTEX`: not reached from its entry).
    parent: Vec<u32>,
    step: Vec<Step>,
}

impl Summaries {
    /// Summary edges `(call site, return site)`, sorted.
    pub fn edges(&self) -> Vec<(u32, u32)> {
        let mut out: Vec<(u32, u32)> = (0..self.edges.len() as u32)
            .flat_map(|c| self.edges[c as usize].iter().map(move |&(r, _)| (c, r)))
            .collect();
        out.sort_unstable();
        out
    }
}

/// Reach `w` from `v` by `step` unless it is blocked or already reached.
#[inline]
fn visit(
    w: u32,
    v: u32,
    step: Step,
    blocked: &[bool],
    parent: &mut [u32],
    steps: &mut [Step],
    queue: &mut Vec<u32>,
) {
    let wi = w as usize;
    if !blocked[wi] && parent[wi] == NO_VERTEX {
        parent[wi] = v;
        steps[wi] = step;
        queue.push(w);
    }
}

/// Summary edges for sanitizers `blocked` and label `mask` (rule step 1).
pub fn summaries(sg: &Supergraph<'_>, blocked: &[bool], mask: u32) -> Summaries {
    let n = sg.nodes();
    let mut s = Summaries {
        edges: vec![Vec::new(); n],
        parent: vec![NO_VERTEX; n],
        step: vec![Step::Root; n],
    };
    if mask & CALL == 0 || mask & RETURN == 0 {
        return s;
    }
    let csr = sg.graph.forward();
    let mut queue = Vec::new();
    for &e in &sg.entries {
        if e != NO_VERTEX && !blocked[e as usize] && s.parent[e as usize] == NO_VERTEX {
            s.parent[e as usize] = e;
            queue.push(e);
        }
    }
    let mut head = 0;
    while let Some(&v) = queue.get(head) {
        head += 1;
        for i in csr.range(v) {
            let (w, l) = (csr.targets()[i], label(sg.graph, i) & mask);
            if l & FLOW != 0 {
                visit(
                    w,
                    v,
                    Step::Flow,
                    blocked,
                    &mut s.parent,
                    &mut s.step,
                    &mut queue,
                );
            }
            if l & RETURN != 0 {
                let entry = sg.entries[sg.function[v as usize] as usize];
                for c in sg.sites(entry, w) {
                    let ce = &mut s.edges[c as usize];
                    if ce.iter().any(|&(r, _)| r == w) {
                        continue;
                    }
                    ce.push((w, v));
                    if s.parent[c as usize] != NO_VERTEX {
                        visit(
                            w,
                            c,
                            Step::Summary,
                            blocked,
                            &mut s.parent,
                            &mut s.step,
                            &mut queue,
                        );
                    }
                }
            }
        }
        for k in 0..s.edges[v as usize].len() {
            let r = s.edges[v as usize][k].0;
            visit(
                r,
                v,
                Step::Summary,
                blocked,
                &mut s.parent,
                &mut s.step,
                &mut queue,
            );
        }
    }
    s
}

/// Per-task search state, reused across sources.
struct Scratch {
    parent: Vec<u32>,
    step: Vec<Step>,
    queue: Vec<u32>,
}

impl Scratch {
    fn new(n: usize) -> Self {
        Scratch {
            parent: vec![NO_VERTEX; n],
            step: vec![Step::Root; n],
            queue: Vec::new(),
        }
    }

    /// Rule steps 2 and 3 from `source`.
    fn search(
        &mut self,
        sg: &Supergraph<'_>,
        sum: &Summaries,
        blocked: &[bool],
        mask: u32,
        source: u32,
    ) {
        for &v in &self.queue {
            self.parent[v as usize] = NO_VERTEX;
        }
        self.queue.clear();
        self.parent[source as usize] = source;
        self.step[source as usize] = Step::Root;
        self.queue.push(source);
        let csr = sg.graph.forward();
        let Scratch {
            parent,
            step,
            queue,
        } = self;
        // Phase 1: flow, summary, return.
        let mut head = 0;
        while let Some(&v) = queue.get(head) {
            head += 1;
            for i in csr.range(v) {
                let (w, l) = (csr.targets()[i], label(sg.graph, i) & mask);
                if l & FLOW != 0 {
                    visit(w, v, Step::Flow, blocked, parent, step, queue);
                } else if l & RETURN != 0 {
                    visit(w, v, Step::Return, blocked, parent, step, queue);
                }
            }
            for &(r, _) in &sum.edges[v as usize] {
                visit(r, v, Step::Summary, blocked, parent, step, queue);
            }
        }
        // Phase 2: call arcs out of phase 1's nodes (their flow and summary
        // arcs lead only to phase-1 nodes), then flow, summary, call.
        let phase1 = queue.len();
        for k in 0..phase1 {
            let v = queue[k];
            for i in csr.range(v) {
                if label(sg.graph, i) & mask & CALL != 0 {
                    visit(
                        csr.targets()[i],
                        v,
                        Step::Call,
                        blocked,
                        parent,
                        step,
                        queue,
                    );
                }
            }
        }
        let mut head = phase1;
        while let Some(&v) = queue.get(head) {
            head += 1;
            for i in csr.range(v) {
                let (w, l) = (csr.targets()[i], label(sg.graph, i) & mask);
                if l & FLOW != 0 {
                    visit(w, v, Step::Flow, blocked, parent, step, queue);
                } else if l & CALL != 0 {
                    visit(w, v, Step::Call, blocked, parent, step, queue);
                }
            }
            for &(r, _) in &sum.edges[v as usize] {
                visit(r, v, Step::Summary, blocked, parent, step, queue);
            }
        }
    }

    /// The witness path source → … → `sink`, summary steps expanded.
    fn witness(&self, sum: &Summaries, sink: u32) -> Vec<u32> {
        let mut out = Vec::new();
        // (same-level parents?, node to walk back from)
        let mut stack = vec![(false, sink)];
        while let Some((same_level, mut v)) = stack.pop() {
            let (parent, step) = if same_level {
                (&sum.parent, &sum.step)
            } else {
                (&self.parent, &self.step)
            };
            loop {
                out.push(v);
                let p = parent[v as usize];
                match step[v as usize] {
                    Step::Root => break,
                    Step::Summary => {
                        let x = sum.edges[p as usize]
                            .iter()
                            .find(|&&(r, _)| r == v)
                            .expect("a summary step has its edge")
                            .1;
                        stack.push((same_level, p));
                        stack.push((true, x));
                        break;
                    }
                    _ => v = p,
                }
            }
        }
        out.reverse();
        out
    }
}

fn blocked_of(n: usize, sanitizers: &[u32]) -> Vec<bool> {
    let mut b = vec![false; n];
    for &v in sanitizers {
        b[v as usize] = true;
    }
    b
}

/// Context-sensitive taint (the fast kernel): one result per source, in
/// source order, with realizable witnesses when `q.witnesses`. Once `stop`
/// is requested the sources not yet searched are skipped (their results
/// are empty): a caller that asked to stop discards the answer.
pub fn taint(sg: &Supergraph<'_>, q: &TaintQuery, stop: Stop<'_>) -> Vec<TaintResult> {
    let n = sg.nodes();
    let blocked = blocked_of(n, &q.sanitizers);
    let sum = summaries(sg, &blocked, q.mask);
    q.sources
        .par_iter()
        .map_init(
            || Scratch::new(n),
            |s, &source| {
                if stop.requested() {
                    return TaintResult {
                        source,
                        tainted: 0,
                        findings: Vec::new(),
                    };
                }
                s.search(sg, &sum, &blocked, q.mask, source);
                let findings = q
                    .sinks
                    .iter()
                    .filter(|&&t| s.parent[t as usize] != NO_VERTEX)
                    .map(|&sink| Finding {
                        sink,
                        path: q.witnesses.then(|| s.witness(&sum, sink)),
                    })
                    .collect();
                TaintResult {
                    source,
                    tainted: s.queue.len() as u64,
                    findings,
                }
            },
        )
        .collect()
}

/// Summary edges by a naive fixpoint: every round searches every function
/// from its entry over flow arcs and the summary edges known so far.
pub fn reference_summaries(sg: &Supergraph<'_>, blocked: &[bool], mask: u32) -> Vec<(u32, u32)> {
    let g = sg.graph;
    let csr = g.forward();
    let mut edges: HashSet<(u32, u32)> = HashSet::new();
    if mask & CALL == 0 || mask & RETURN == 0 {
        return Vec::new();
    }
    let calls: Vec<(u32, u32)> = (0..sg.nodes() as u32)
        .flat_map(|c| csr.range(c).map(move |i| (c, i)))
        .filter(|&(_, i)| label(g, i) & CALL != 0)
        .map(|(c, i)| (c, csr.targets()[i]))
        .collect();
    loop {
        let mut by_site: HashMap<u32, Vec<u32>> = HashMap::new();
        for &(c, r) in &edges {
            by_site.entry(c).or_default().push(r);
        }
        let mut new = Vec::new();
        for &e in &sg.entries {
            if e == NO_VERTEX || blocked[e as usize] {
                continue;
            }
            let mut seen = HashSet::from([e]);
            let mut queue = VecDeque::from([e]);
            while let Some(v) = queue.pop_front() {
                let mut next: Vec<u32> = csr
                    .range(v)
                    .filter(|&i| label(g, i) & mask & FLOW != 0)
                    .map(|i| csr.targets()[i])
                    .collect();
                next.extend(by_site.get(&v).into_iter().flatten());
                for w in next {
                    if !blocked[w as usize] && seen.insert(w) {
                        queue.push_back(w);
                    }
                }
                for i in csr.range(v) {
                    if label(g, i) & mask & RETURN == 0 {
                        continue;
                    }
                    let r = csr.targets()[i];
                    for &(c, callee) in &calls {
                        if callee == e && sg.return_site(c) == r && !edges.contains(&(c, r)) {
                            new.push((c, r));
                        }
                    }
                }
            }
        }
        if new.is_empty() {
            let mut out: Vec<_> = edges.into_iter().collect();
            out.sort_unstable();
            return out;
        }
        edges.extend(new);
    }
}

/// The oracle: naive-fixpoint summaries, then per source a fresh phase-1
/// and phase-2 search. Findings carry no witness paths.
pub fn reference(sg: &Supergraph<'_>, q: &TaintQuery) -> Vec<TaintResult> {
    let g = sg.graph;
    let csr = g.forward();
    let blocked = blocked_of(sg.nodes(), &q.sanitizers);
    let mut summary: HashMap<u32, Vec<u32>> = HashMap::new();
    for (c, r) in reference_summaries(sg, &blocked, q.mask) {
        summary.entry(c).or_default().push(r);
    }
    let closure = |seeds: &[u32], kinds: u32| -> HashSet<u32> {
        let mut seen: HashSet<u32> = seeds.iter().copied().collect();
        let mut queue: VecDeque<u32> = seeds.iter().copied().collect();
        while let Some(v) = queue.pop_front() {
            let mut next: Vec<u32> = csr
                .range(v)
                .filter(|&i| label(g, i) & q.mask & kinds != 0)
                .map(|i| csr.targets()[i])
                .collect();
            next.extend(summary.get(&v).into_iter().flatten());
            for w in next {
                if !blocked[w as usize] && seen.insert(w) {
                    queue.push_back(w);
                }
            }
        }
        seen
    };
    q.sources
        .iter()
        .map(|&source| {
            let up: Vec<u32> = closure(&[source], FLOW | RETURN).into_iter().collect();
            let all = closure(&up, FLOW | CALL);
            TaintResult {
                source,
                tainted: all.len() as u64,
                findings: q
                    .sinks
                    .iter()
                    .filter(|t| all.contains(t))
                    .map(|&sink| Finding { sink, path: None })
                    .collect(),
            }
        })
        .collect()
}

/// The verifier: is `path` a realizable path of arcs passing `mask`, with
/// no sanitizer after its first node? Walks it with a stack of open calls'
/// return sites: a return must go to the innermost open call's return site;
/// a return with no open call is allowed.
pub fn verify_path(
    sg: &Supergraph<'_>,
    path: &[u32],
    sanitizers: &[u32],
    mask: u32,
) -> Result<(), Violation> {
    let csr = sg.graph.forward();
    let mut open: Vec<u32> = Vec::new();
    for (k, w) in path.windows(2).enumerate() {
        let (u, v) = (w[0], w[1]);
        if sanitizers.contains(&v) {
            return Err(Violation::new(format!("step {k}: {v} is a sanitizer")));
        }
        let targets = csr.neighbors(u);
        let l = match targets.binary_search(&v) {
            Ok(j) => label(sg.graph, csr.range(u).start + j) & mask,
            Err(_) => return Err(Violation::new(format!("step {k}: no arc {u} -> {v}"))),
        };
        if l & FLOW != 0 {
            continue;
        }
        if l & RETURN != 0 && open.last().is_none_or(|&r| r == v) {
            open.pop();
        } else if l & CALL != 0 {
            open.push(sg.return_site(u));
        } else if l & RETURN != 0 {
            return Err(Violation::new(format!(
                "step {k}: return {u} -> {v} while the open call returns to {}",
                open.last().copied().unwrap_or(NO_VERTEX)
            )));
        } else {
            return Err(Violation::new(format!(
                "step {k}: arc {u} -> {v} is not in the mask"
            )));
        }
    }
    Ok(())
}
