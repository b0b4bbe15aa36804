//! Strong components: the `cpu` kernel, the oracle, the verifier.
//!
//! # Kernels
//!
//! - [`scc_parallel`] (`cpu`): on an undirected graph (every edge stored
//!   both ways) the strong components are the weak ones, so Afforest answers.
//!   Otherwise trimming, forward–backward, then Tarjan on the
//!   rest (Fleischer, Hendrickson and Pınar, 2000; Hong, Rodia and Olukotun,
//!   SC 2013); graphs under [`FWBW_MIN_ARCS`] arcs go straight to step (3). (1) Up to [`TRIM_ROUNDS`] parallel rounds remove every live
//!   vertex with no live in- or out-neighbour other than itself: each is a
//!   singleton component. (2) Up to [`FWBW_ROUNDS`] times, the live vertex
//!   with the largest `(in+1)·(out+1)` degree product is the pivot; its
//!   component is the intersection of the live vertices reached forward and
//!   backward from it, both found (concurrently) with the parallel direction-optimizing
//!   sweep of `analysis/frontier/sweep.rs` with dead vertices blocked; stop early when
//!   the component found is small. (3) The remaining live vertices go to
//!   the sequential iterative Tarjan restricted to live vertices. Removing
//!   whole components never changes the components of the rest, since a
//!   cycle through a removed vertex would have put it in their component.
//!   Step (3) is single-threaded: graphs whose large components are found in
//!   (2) leave only small pieces for it.
//! - [`scc_reference`] (oracle): iterative Tarjan (Tarjan, SIAM J. Comput.
//!   1972) with an explicit call stack of `(vertex, next arc)` frames, so
//!   long chains never overflow the thread stack.
//!
//! # Verifier
//!
//! [`scc_verify`]: after the partition check (`check_partition`, in
//! `mod.rs`), each component is strongly connected (a forward and a
//! backward search from its smallest vertex, inside the component, reach
//! all of it), and the condensation (one node per component, an arc where
//! an arc joins two) is acyclic, so no two components belong together.

use super::wcc::wcc_parallel;
use super::{canonical, check_partition, Components};
use crate::analysis::frontier::{self, Search};
use crate::analysis::{Ctx, Violation};
use crate::graph::{Csr, Graph, NO_VERTEX};
use rayon::prelude::*;

/// Parallel trimming rounds before forward–backward in [`scc_parallel`].
pub const TRIM_ROUNDS: usize = 3;

/// Forward–backward rounds at most in [`scc_parallel`].
pub const FWBW_ROUNDS: usize = 4;

/// Directed graphs with fewer arcs skip trimming and forward–backward in
/// [`scc_parallel`]: Tarjan alone.
pub const FWBW_MIN_ARCS: usize = 1 << 20;
/// State of the iterative Tarjan: `index[v] == NO_VERTEX` means unvisited;
/// `frames` is the explicit call stack of `(vertex, next arc index)`.
struct Tarjan<'a> {
    csr: &'a Csr,
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u32>,
    frames: Vec<(u32, usize)>,
    counter: u32,
}

impl Tarjan<'_> {
    fn enter(&mut self, v: u32) {
        self.index[v as usize] = self.counter;
        self.low[v as usize] = self.counter;
        self.counter += 1;
        self.on_stack[v as usize] = true;
        self.stack.push(v);
        self.frames.push((v, self.csr.range(v).start));
    }
}

/// Iterative Tarjan over the `live` vertices (arcs into dead vertices are
/// ignored). Assigns `comp[v] = next_id, next_id + 1, …` to each component
/// found, in reverse topological order.
fn tarjan(csr: &Csr, live: &[bool], comp: &mut [u32], next_id: &mut u32, ctx: &Ctx<'_>) {
    ctx.pass();
    let n = csr.nodes();
    let targets = csr.targets();
    let mut t = Tarjan {
        csr,
        index: ctx.buffer(n, NO_VERTEX),
        low: ctx.buffer(n, 0u32),
        on_stack: ctx.buffer(n, false),
        stack: Vec::new(),
        frames: Vec::new(),
        counter: 0,
    };
    let stop = ctx.stop();
    for root in 0..n as u32 {
        if !live[root as usize] || t.index[root as usize] != NO_VERTEX {
            continue;
        }
        if stop.requested() {
            return;
        }
        t.enter(root);
        // A depth-first search has no levels: poll every `POLL_STEPS` steps.
        let mut steps = 0u32;
        while let Some(&mut (v, ref mut i)) = t.frames.last_mut() {
            steps = steps.wrapping_add(1);
            if steps.is_multiple_of(POLL_STEPS) && stop.requested() {
                return;
            }
            let vi = v as usize;
            if *i < csr.range(v).end {
                let w = targets[*i];
                *i += 1;
                let wi = w as usize;
                if !live[wi] {
                    continue;
                }
                if t.index[wi] == NO_VERTEX {
                    t.enter(w);
                } else if t.on_stack[wi] {
                    t.low[vi] = t.low[vi].min(t.index[wi]);
                }
                continue;
            }
            t.frames.pop();
            if t.low[vi] == t.index[vi] {
                loop {
                    let w = t.stack.pop().expect("v is on the stack");
                    t.on_stack[w as usize] = false;
                    comp[w as usize] = *next_id;
                    if w == v {
                        break;
                    }
                }
                *next_id += 1;
            }
            if let Some(&(p, _)) = t.frames.last() {
                t.low[p as usize] = t.low[p as usize].min(t.low[vi]);
            }
        }
    }
}

/// Steps of Tarjan's search between polls of the stop request.
const POLL_STEPS: u32 = 1 << 16;

/// The oracle for strong components: iterative Tarjan.
pub fn scc_reference(g: &Graph, ctx: &Ctx<'_>) -> Components {
    let n = g.nodes();
    let mut comp = ctx.buffer(n, NO_VERTEX);
    let mut next_id = 0;
    tarjan(
        g.forward(),
        &ctx.buffer(n, true),
        &mut comp,
        &mut next_id,
        ctx,
    );
    if ctx.stop().requested() {
        // Some vertices unassigned: no partition to number.
        return Components::stopped();
    }
    canonical(&comp)
}

/// Has `v` a live neighbour other than itself in `csr`?
fn has_live_other(csr: &Csr, v: u32, live: &[bool]) -> bool {
    csr.neighbors(v).iter().any(|&w| w != v && live[w as usize])
}

/// The `cpu` backend's strong components: trim, forward–backward, Tarjan.
pub fn scc_parallel(g: &Graph, ctx: &Ctx<'_>) -> Components {
    // An undirected graph stores every edge both ways, so each weak
    // component is strongly connected: Afforest answers it.
    if !g.is_directed() {
        return wcc_parallel(g, ctx);
    }
    let n = g.nodes();
    let (fwd, rev) = (g.forward(), g.reverse());
    let mut comp = ctx.buffer(n, NO_VERTEX);
    let mut live = ctx.buffer(n, true);
    let mut next_id = 0u32;
    // Small graphs: one sequential Tarjan pass beats trimming rounds and two
    // traversals per pivot.
    let small = g.arcs() < FWBW_MIN_ARCS;
    for _ in 0..if small { 0 } else { TRIM_ROUNDS } {
        if ctx.stop().requested() {
            return Components::stopped();
        }
        let trimmed: Vec<u32> = (0..n as u32)
            .into_par_iter()
            .with_min_len(1024)
            .filter(|&v| {
                live[v as usize]
                    && !(has_live_other(fwd, v, &live) && has_live_other(rev, v, &live))
            })
            .collect();
        if trimmed.is_empty() {
            break;
        }
        for v in trimmed {
            live[v as usize] = false;
            comp[v as usize] = next_id;
            next_id += 1;
        }
    }
    let mut scratch = None;
    for _ in 0..if small { 0 } else { FWBW_ROUNDS } {
        if ctx.stop().requested() {
            return Components::stopped();
        }
        let pivot = (0..n as u32)
            .into_par_iter()
            .filter(|&v| live[v as usize])
            .max_by_key(|&v| {
                let d = |c: &Csr| c.degree(v) as u64 + 1;
                (d(fwd) * d(rev), std::cmp::Reverse(v))
            });
        let Some(pivot) = pivot else { break };
        let dead: Vec<u64> = (0..frontier::words(n))
            .map(|k| {
                (0..64)
                    .filter(|b| k * 64 + b < n && !live[k * 64 + b])
                    .fold(0u64, |w, b| w | 1 << b)
            })
            .collect();
        let (sf, sb) =
            scratch.get_or_insert_with(|| (ctx.sweep_scratch(n, 1), ctx.sweep_scratch(n, 1)));
        let (sf, sb) = (&mut **sf, &mut **sb);
        let search = |out, inc| Search {
            out,
            inc,
            mask: None,
            blocked: Some(&dead),
            stop: ctx.stop(),
        };
        // The forward and backward searches are independent: run them together.
        ctx.pass();
        ctx.pass();
        rayon::join(
            || search(fwd, rev).sweep(&[pivot], false, sf),
            || search(rev, fwd).sweep(&[pivot], false, sb),
        );
        let (sf, sb) = (&*sf, &*sb);
        let members: Vec<u32> = (0..n as u32)
            .into_par_iter()
            .with_min_len(4096)
            .filter(|&v| sb.reached(0, v) && sf.reached(0, v))
            .collect();
        for &v in &members {
            live[v as usize] = false;
            comp[v as usize] = next_id;
        }
        next_id += 1;
        if members.len() < (n / 64).max(2) {
            break;
        }
    }
    tarjan(fwd, &live, &mut comp, &mut next_id, ctx);
    if ctx.stop().requested() {
        return Components::stopped();
    }
    canonical(&comp)
}
/// Mark every vertex reachable from `start` along `csr` without leaving
/// label `label`.
fn mark_inside(csr: &Csr, labels: &[u32], start: u32, seen: &mut [bool], stack: &mut Vec<u32>) {
    let label = labels[start as usize];
    seen[start as usize] = true;
    stack.push(start);
    while let Some(v) = stack.pop() {
        for &w in csr.neighbors(v) {
            if labels[w as usize] == label && !seen[w as usize] {
                seen[w as usize] = true;
                stack.push(w);
            }
        }
    }
}

/// The SCC verifier: see the module header.
pub fn scc_verify(g: &Graph, c: &Components) -> Result<(), Violation> {
    let sizes = check_partition("scc", g, c)?;
    let n = g.nodes();
    let (fwd, rev) = (g.forward(), g.reverse());
    // Strongly connected: from each component's smallest vertex (its first),
    // forward and backward inside the component.
    let mut first = vec![NO_VERTEX; sizes.len()];
    let (mut ahead, mut behind, mut stack) = (vec![false; n], vec![false; n], Vec::new());
    for v in 0..n as u32 {
        let f = &mut first[c.labels[v as usize] as usize];
        if *f == NO_VERTEX {
            *f = v;
            mark_inside(fwd, &c.labels, v, &mut ahead, &mut stack);
            mark_inside(rev, &c.labels, v, &mut behind, &mut stack);
        }
        let (f, l) = (*f, c.labels[v as usize]);
        if !ahead[v as usize] {
            return Err(Violation::new(format!(
                "scc: vertex {v} is in component {l} but {f}, also in it, does not reach it"
            )));
        }
        if !behind[v as usize] {
            return Err(Violation::new(format!(
                "scc: vertex {v} is in component {l} but does not reach {f}, also in it"
            )));
        }
    }
    // Acyclic condensation (Kahn): arcs between components, by component.
    let k = sizes.len();
    let mut offsets = vec![0usize; k + 1];
    for (i, &size) in sizes.iter().enumerate() {
        offsets[i + 1] = offsets[i] + size as usize;
    }
    let mut members = vec![0u32; n];
    let mut cursor = offsets.clone();
    for v in 0..n as u32 {
        let l = c.labels[v as usize] as usize;
        members[cursor[l]] = v;
        cursor[l] += 1;
    }
    let mut indegree = vec![0u64; k];
    for u in 0..n as u32 {
        for &w in fwd.neighbors(u) {
            if c.labels[u as usize] != c.labels[w as usize] {
                indegree[c.labels[w as usize] as usize] += 1;
            }
        }
    }
    let mut ready: Vec<usize> = (0..k).filter(|&l| indegree[l] == 0).collect();
    let mut done = 0;
    while let Some(l) = ready.pop() {
        done += 1;
        for &u in &members[offsets[l]..offsets[l + 1]] {
            for &w in fwd.neighbors(u) {
                let m = c.labels[w as usize] as usize;
                if m != l {
                    indegree[m] -= 1;
                    if indegree[m] == 0 {
                        ready.push(m);
                    }
                }
            }
        }
    }
    if done < k {
        let l = (0..k).find(|&l| indegree[l] > 0).expect("a component left");
        return Err(Violation::new(format!(
            "scc: the components are not maximal: component {l} lies on a cycle of components"
        )));
    }
    Ok(())
}
