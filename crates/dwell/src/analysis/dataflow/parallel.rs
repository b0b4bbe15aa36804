//! The `cpu` backend's dataflow solver: a sweep order chosen once per graph
//! and direction (kept in the session's workspace), then word-wide sweeps.
//!
//! Layout (depends only on the graph and the direction, never on gen/kill;
//! built on a session's first dataflow run in that direction and reused by
//! every later one — see `Ctx::dataflow_layout`):
//! - **Topological**: every arc in the analysis direction goes from a lower
//!   to a higher node id (or every one from higher to lower), as in a grid
//!   DAG or a straight-line program. Ascending (descending) id order is a
//!   topological order: one pass evaluates each node once, after all its
//!   predecessors, and that is the fixpoint. No permutation, no worklist.
//! - **Sequential**: one reverse post-order (RPO) of a depth-first search in
//!   the analysis direction, started from the boundary nodes (no
//!   predecessors) and then from any node still unvisited (cycles that no
//!   boundary node reaches). Rows stay in node order; a dirty bitset indexed
//!   by RPO position is swept round-robin. Chosen for small graphs (under
//!   `SMALL` nodes: no weak components are computed) and for graphs one weak
//!   component dominates (nothing to run in parallel).
//! - **FIFO** (undirected graphs): every arc is stored both ways, so every
//!   arc lies on a cycle and no order puts predecessors first. A FIFO queue
//!   of dirty nodes (all of them first, in id order) re-evaluates least, and
//!   needs no layout: the reference's schedule, without its per-evaluation
//!   allocations (email-Enron 64K evaluations against RPO round-robin's 97K).
//! - **Partitioned**: weakly connected components by union-find over the
//!   forward arcs (path halving, union by smaller id), largest first, each in
//!   RPO; both adjacencies relabelled into position space (CSRs of
//!   positions). Per run, gen and kill rows are gathered into position order,
//!   rayon solves the components in parallel (each task owns the disjoint
//!   slices of its positions), and rows are permuted back.
//!
//! Sweeps: evaluating a node recomputes IN (word-wide meet of the
//! predecessors' OUT rows; one `u64` when facts ≤ 64) and OUT
//! (`gen | (IN & !kill)`), and when OUT changed marks its successors dirty.
//! Forward arcs are met later in the same sweep, back arcs in the next one,
//! so an acyclic component converges in one sweep and a loop nest in about
//! (loop depth + 2) sweeps (Kam & Ullman 1976). No per-node heap allocation.
//!
//! Initialisation and equations are those of the module header, so the
//! answer equals [`reference`](super::reference)'s bit for bit.

use super::facts::{word_mask, words_for};
use super::{DataflowProblem, DataflowSolution, FactSets, Meet};
use crate::analysis::Ctx;
use crate::graph::{Csr, Graph};
use rayon::prelude::*;
use std::ops::Range;

/// Graphs with fewer nodes get the sequential layout without computing weak
/// components (one function's CFG: tens of nodes).
pub(crate) const SMALL: usize = 1024;

/// The `cpu` backend's solver.
pub fn parallel(g: &Graph, p: &DataflowProblem, ctx: &Ctx<'_>) -> DataflowSolution {
    ctx.pass();
    let preds = p.direction.flip().csr(g);
    let succs = p.direction.csr(g);
    let layout = ctx.dataflow_layout(g, p.direction, || {
        Layout::new(g, preds, succs, Choice::Auto, ctx)
    });
    solve(&layout, preds, succs, p, ctx)
}

fn solve(
    layout: &Layout,
    preds: &Csr,
    succs: &Csr,
    p: &DataflowProblem,
    ctx: &Ctx<'_>,
) -> DataflowSolution {
    let n = preds.nodes();
    match layout {
        Layout::Topological { descending } => {
            let order = if *descending {
                Order::Descending(n)
            } else {
                Order::Ascending
            };
            sequential(preds, succs, order, Schedule::OnePass, p, ctx)
        }
        Layout::Sequential { order, pos } => {
            let order = Order::Permuted { order, pos };
            sequential(preds, succs, order, Schedule::RoundRobin, p, ctx)
        }
        Layout::Partitioned(part) => partitioned(part, p, ctx),
        Layout::Fifo => sequential(preds, succs, Order::Ascending, Schedule::Fifo, p, ctx),
    }
}

/// How a graph's nodes are ordered and grouped for the sweeps, in one
/// direction. See the module header.
pub(crate) enum Layout {
    /// Ascending (or descending) node ids are a topological order.
    Topological { descending: bool },
    /// One RPO over all nodes; rows stay in node order.
    Sequential {
        /// Position → node.
        order: Vec<u32>,
        /// Node → position.
        pos: Vec<u32>,
    },
    /// Weak components in position space, solved in parallel.
    Partitioned(Partitioned),
    /// A FIFO worklist over node ids (undirected graphs).
    Fifo,
}

/// Which layout to build: `Auto` decides; tests force the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Choice {
    Auto,
    #[cfg_attr(not(test), allow(dead_code))]
    Sequential,
    #[cfg_attr(not(test), allow(dead_code))]
    Partitioned,
}

/// Components and the RPO permutation, with both adjacencies relabelled.
pub(crate) struct Partitioned {
    /// Position → node: components one after another, each in RPO.
    order: Vec<u32>,
    /// Node → position.
    pos: Vec<u32>,
    /// Position ranges of the components, largest first.
    components: Vec<Range<usize>>,
    preds: PosCsr,
    succs: PosCsr,
}

impl Layout {
    fn new(g: &Graph, preds: &Csr, succs: &Csr, choice: Choice, ctx: &Ctx<'_>) -> Layout {
        let n = g.nodes();
        if choice == Choice::Auto {
            if let Some(descending) = topological(succs) {
                return Layout::Topological { descending };
            }
        }
        // Every arc of an undirected graph lies on a cycle (it is stored
        // both ways), so no order puts predecessors first; a FIFO queue
        // re-evaluates least (email-Enron: 64K evaluations against RPO
        // round-robin's 97K and node-order round-robin's 88K; cond-mat-2005:
        // 88K, 142K, 129K), and it needs no layout at all.
        if choice == Choice::Auto && !g.is_directed() {
            return Layout::Fifo;
        }
        if choice == Choice::Sequential || (choice == Choice::Auto && n < SMALL) {
            let members: Vec<u32> = ctx.counted(|| (0..n as u32).collect());
            let whole = std::iter::once(0..n).collect::<Vec<_>>();
            let (order, pos) = rpo(preds, succs, &members, &whole, ctx);
            return Layout::Sequential { order, pos };
        }
        let (members, components) = weak_components(g, ctx);
        let (order, pos) = rpo(preds, succs, &members, &components, ctx);
        drop(members);
        let largest = components.first().map_or(0, |r| r.len());
        let one_dominates = largest * 4 > n * 3 || rayon::current_num_threads() == 1;
        if choice == Choice::Auto && one_dominates {
            return Layout::Sequential { order, pos };
        }
        let (pred_rows, succ_rows) = rayon::join(
            || PosCsr::new(preds, &order, &pos, ctx),
            || PosCsr::new(succs, &order, &pos, ctx),
        );
        Layout::Partitioned(Partitioned {
            order,
            pos,
            components,
            preds: pred_rows,
            succs: succ_rows,
        })
    }
}

/// `Some(false)` if every arc of `succs` goes to a higher node id,
/// `Some(true)` if every one goes to a lower id, `None` otherwise (self
/// loops included).
fn topological(succs: &Csr) -> Option<bool> {
    let n = succs.nodes() as u32;
    let all = |up: bool| {
        let ok = |v: u32| {
            let row = succs.neighbors(v);
            row.iter().all(|&t| if up { t > v } else { t < v })
        };
        // Threads only pay off on big graphs (and a one-run session may
        // otherwise be the first to start the pool).
        if succs.arcs() < 1 << 20 {
            (0..n).all(ok)
        } else {
            (0..n).into_par_iter().with_min_len(1 << 14).all(ok)
        }
    };
    if all(true) {
        Some(false)
    } else if all(false) {
        Some(true)
    } else {
        None
    }
}

/// Weakly connected components by union-find: the members grouped by
/// component (ascending ids inside), and each component's range of that
/// list, largest first (ties by first node id).
fn weak_components(g: &Graph, ctx: &Ctx<'_>) -> (Vec<u32>, Vec<Range<usize>>) {
    let n = g.nodes();
    let mut parent: Vec<u32> = ctx.counted(|| (0..n as u32).collect());
    let fwd = g.forward();
    for u in 0..n as u32 {
        for &v in fwd.neighbors(u) {
            let (a, b) = (find(&mut parent, u), find(&mut parent, v));
            if a != b {
                let (lo, hi) = if a < b { (a, b) } else { (b, a) };
                parent[hi as usize] = lo;
            }
        }
    }
    // Component index per root, by first appearance; sizes.
    let mut comp_of_root = ctx.buffer(n, u32::MAX);
    let mut sizes: Vec<usize> = Vec::new();
    let mut comp = ctx.buffer(n, 0u32);
    for v in 0..n as u32 {
        let r = find(&mut parent, v) as usize;
        if comp_of_root[r] == u32::MAX {
            comp_of_root[r] = sizes.len() as u32;
            sizes.push(0);
        }
        comp[v as usize] = comp_of_root[r];
        sizes[comp_of_root[r] as usize] += 1;
    }
    drop(parent);
    drop(comp_of_root);
    let mut by_size: Vec<u32> = (0..sizes.len() as u32).collect();
    by_size.sort_by_key(|&c| std::cmp::Reverse(sizes[c as usize]));
    let mut rank = vec![0u32; sizes.len()];
    let mut components = Vec::with_capacity(sizes.len());
    let mut start = 0;
    for (k, &c) in by_size.iter().enumerate() {
        rank[c as usize] = k as u32;
        components.push(start..start + sizes[c as usize]);
        start += sizes[c as usize];
    }
    let mut cursor: Vec<usize> = components.iter().map(|r| r.start).collect();
    let mut members = ctx.buffer(n, 0u32);
    for v in 0..n as u32 {
        let k = rank[comp[v as usize] as usize] as usize;
        members[cursor[k]] = v;
        cursor[k] += 1;
    }
    (members, components)
}

/// RPO inside each group `members[r]`, `r` in `groups`, concatenated:
/// `(order, pos)`, position → node and node → position.
fn rpo(
    preds: &Csr,
    succs: &Csr,
    members: &[u32],
    groups: &[Range<usize>],
    ctx: &Ctx<'_>,
) -> (Vec<u32>, Vec<u32>) {
    let n = members.len();
    let mut visited = ctx.buffer(n, false);
    let mut stack: Vec<(u32, usize)> = Vec::new();
    let mut order: Vec<u32> = ctx.counted(|| Vec::with_capacity(n));
    for r in groups {
        let group = &members[r.clone()];
        let boundary = group.iter().filter(|&&v| preds.degree(v) == 0);
        for &root in boundary.chain(group.iter()) {
            if !visited[root as usize] {
                post_order(succs, root, &mut visited, &mut stack, &mut order);
            }
        }
        order[r.clone()].reverse();
    }
    let mut pos = ctx.buffer(n, 0u32);
    for (i, &v) in order.iter().enumerate() {
        pos[v as usize] = i as u32;
    }
    (order, pos)
}

/// The sweep order of the sequential layouts.
#[derive(Clone, Copy)]
enum Order<'a> {
    Ascending,
    /// Descending ids over this many nodes.
    Descending(usize),
    Permuted {
        order: &'a [u32],
        pos: &'a [u32],
    },
}

impl Order<'_> {
    #[inline]
    fn node(self, i: usize) -> usize {
        match self {
            Order::Ascending => i,
            Order::Descending(n) => n - 1 - i,
            Order::Permuted { order, .. } => order[i] as usize,
        }
    }

    #[inline]
    fn pos(self, v: u32) -> usize {
        match self {
            Order::Ascending => v as usize,
            Order::Descending(n) => n - 1 - v as usize,
            Order::Permuted { pos, .. } => pos[v as usize] as usize,
        }
    }
}

/// How [`sequential`] schedules evaluations.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Schedule {
    /// The order is topological: each node once, after its predecessors.
    OnePass,
    /// Sweep a dirty bitset in the order, round and round.
    RoundRobin,
    /// A FIFO queue of dirty nodes, every node queued at first in the order.
    Fifo,
}

/// Solve in node order with one sweep order and schedule.
fn sequential(
    preds: &Csr,
    succs: &Csr,
    order: Order<'_>,
    schedule: Schedule,
    p: &DataflowProblem,
    ctx: &Ctx<'_>,
) -> DataflowSolution {
    let n = preds.nodes();
    let facts = p.facts();
    let w = words_for(facts);
    let mut input = ctx.counted(|| FactSets::new(n, facts));
    let mut output = ctx.counted(|| FactSets::new(n, facts));
    let (gen, kill) = (&p.gen.bits[..], &p.kill.bits[..]);
    let eval = |v: usize, inn: &mut [u64], out: &mut [u64]| {
        let pr = preds.neighbors(v as u32).iter().map(|&q| q as usize);
        let row = v * w..(v + 1) * w;
        evaluate(
            p.meet,
            w,
            pr,
            &gen[row.clone()],
            &kill[row.clone()],
            &mut inn[row],
            out,
            v,
        )
    };
    if schedule == Schedule::OnePass {
        // Every predecessor is final before its successors read it, so the
        // initial OUT is never read.
        for i in 0..n {
            eval(order.node(i), &mut input.bits, &mut output.bits);
        }
        return DataflowSolution {
            input,
            output,
            evaluations: n as u64,
        };
    }
    initial_output(
        &mut output.bits,
        w,
        facts,
        p.meet,
        |v| preds.degree(v as u32) == 0,
        gen,
    );

    let dwords = n.div_ceil(64);
    let mut dirty = ctx.buffer(dwords, 0u64);
    for (k, word) in dirty.iter_mut().enumerate() {
        *word = word_mask(n, k);
    }
    let mut pending = n;
    let mut evaluations = 0u64;
    if schedule == Schedule::Fifo {
        // A ring of node ids; `dirty` (by position) says who is queued, so
        // each node is in it at most once and `n` slots suffice.
        let mut ring: Vec<u32> = ctx.counted(|| (0..n).map(|i| order.node(i) as u32).collect());
        let mut head = 0;
        while pending > 0 {
            let v = ring[head] as usize;
            head = if head + 1 == n { 0 } else { head + 1 };
            let i = order.pos(v as u32);
            dirty[i / 64] &= !(1u64 << (i % 64));
            pending -= 1;
            evaluations += 1;
            if eval(v, &mut input.bits, &mut output.bits) {
                mark_successors(succs, order, &mut dirty, v, |s| {
                    // The tail: `pending` slots after the head.
                    ring[(head + pending) % n] = s;
                    pending += 1;
                });
            }
        }
        return DataflowSolution {
            input,
            output,
            evaluations,
        };
    }
    let mut k = 0;
    while pending > 0 {
        while dirty[k] != 0 {
            let b = dirty[k].trailing_zeros() as usize;
            dirty[k] &= dirty[k] - 1;
            pending -= 1;
            evaluations += 1;
            let v = order.node(k * 64 + b);
            if eval(v, &mut input.bits, &mut output.bits) {
                mark_successors(succs, order, &mut dirty, v, |_| pending += 1);
            }
        }
        k = if k + 1 == dwords { 0 } else { k + 1 };
    }
    DataflowSolution {
        input,
        output,
        evaluations,
    }
}

/// Mark the successors of `v` dirty (`dirty` is by position in `order`),
/// calling `newly(s)` for each that was not dirty yet.
#[inline(always)]
fn mark_successors(
    succs: &Csr,
    order: Order<'_>,
    dirty: &mut [u64],
    v: usize,
    mut newly: impl FnMut(u32),
) {
    for &s in succs.neighbors(v as u32) {
        let j = order.pos(s);
        let bit = 1u64 << (j % 64);
        if dirty[j / 64] & bit == 0 {
            dirty[j / 64] |= bit;
            newly(s);
        }
    }
}

/// Initial OUT rows: boundary rows (`is_boundary(row)`) hold gen (their IN
/// is ∅); the others ∅ (union) or the universe (intersection).
fn initial_output(
    out: &mut [u64],
    w: usize,
    facts: usize,
    meet: Meet,
    is_boundary: impl Fn(usize) -> bool,
    gen: &[u64],
) {
    for (i, row) in out.chunks_exact_mut(w).enumerate() {
        if is_boundary(i) {
            row.copy_from_slice(&gen[i * w..(i + 1) * w]);
        } else if meet == Meet::Intersection {
            for (k, word) in row.iter_mut().enumerate() {
                *word = word_mask(facts, k);
            }
        }
    }
}

/// Recompute row `me`: IN (`row_in`) as the meet of OUT rows `preds` (∅ when
/// there are none), then OUT row `me` of `out` as `gen | (IN & !kill)`.
/// Did OUT change? Rows are `w` words; `w == 1` runs on scalars.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn evaluate(
    meet: Meet,
    w: usize,
    mut preds: impl Iterator<Item = usize>,
    gen: &[u64],
    kill: &[u64],
    row_in: &mut [u64],
    out: &mut [u64],
    me: usize,
) -> bool {
    if w == 1 {
        let mut acc = preds.next().map_or(0, |q| out[q]);
        match meet {
            Meet::Union => preds.for_each(|q| acc |= out[q]),
            Meet::Intersection => preds.for_each(|q| acc &= out[q]),
        }
        row_in[0] = acc;
        let new = gen[0] | (acc & !kill[0]);
        let changed = out[me] != new;
        out[me] = new;
        return changed;
    }
    match preds.next() {
        None => row_in.fill(0),
        Some(first) => {
            row_in.copy_from_slice(&out[first * w..(first + 1) * w]);
            for q in preds {
                let src = &out[q * w..(q + 1) * w];
                match meet {
                    Meet::Union => row_in.iter_mut().zip(src).for_each(|(a, &b)| *a |= b),
                    Meet::Intersection => row_in.iter_mut().zip(src).for_each(|(a, &b)| *a &= b),
                }
            }
        }
    }
    let row_out = &mut out[me * w..(me + 1) * w];
    let mut diff = 0u64;
    for k in 0..w {
        let new = gen[k] | (row_in[k] & !kill[k]);
        diff |= new ^ row_out[k];
        row_out[k] = new;
    }
    diff != 0
}

/// The partitioned layout's run: gather gen/kill into position order, solve
/// the components in parallel, permute IN/OUT back.
fn partitioned(layout: &Partitioned, p: &DataflowProblem, ctx: &Ctx<'_>) -> DataflowSolution {
    let n = layout.order.len();
    let facts = p.facts();
    let w = words_for(facts);
    let gather = |sets: &FactSets| {
        let mut rows = ctx.buffer(n * w, 0u64);
        rows.par_chunks_mut(w)
            .zip(layout.order.par_iter())
            .for_each(|(dst, &v)| dst.copy_from_slice(sets.node(v)));
        rows
    };
    let (gen, kill) = rayon::join(|| gather(&p.gen), || gather(&p.kill));

    // Rows in position order; validated problems guarantee n * w fits.
    let mut in_rows = ctx.buffer(n * w, 0u64);
    let mut out_rows = ctx.buffer(n * w, 0u64);
    let mut tasks = Vec::with_capacity(layout.components.len());
    {
        let (mut rest_in, mut rest_out) = (&mut in_rows[..], &mut out_rows[..]);
        for r in &layout.components {
            let len = (r.end - r.start) * w;
            let (a, tail_in) = rest_in.split_at_mut(len);
            let (b, tail_out) = rest_out.split_at_mut(len);
            rest_in = tail_in;
            rest_out = tail_out;
            tasks.push((r.start, a, b));
        }
    }
    let solver = Solver {
        meet: p.meet,
        gen: &gen,
        kill: &kill,
        preds: &layout.preds,
        succs: &layout.succs,
        w,
        facts,
    };
    let evaluations: u64 = tasks
        .into_par_iter()
        .map(|(start, inn, out)| solver.solve(start, inn, out))
        .sum();

    let unpermute = |rows: &[u64]| {
        let mut s = ctx.counted(|| FactSets::new(n, facts));
        s.bits
            .par_chunks_mut(w)
            .zip(layout.pos.par_iter())
            .for_each(|(dst, &i)| {
                let i = i as usize * w;
                dst.copy_from_slice(&rows[i..i + w]);
            });
        s
    };
    let (input, output) = rayon::join(|| unpermute(&in_rows), || unpermute(&out_rows));
    DataflowSolution {
        input,
        output,
        evaluations,
    }
}

/// Union-find root with path halving.
fn find(parent: &mut [u32], mut v: u32) -> u32 {
    while parent[v as usize] != v {
        let grand = parent[parent[v as usize] as usize];
        parent[v as usize] = grand;
        v = grand;
    }
    v
}

/// Iterative DFS from `root` along `succs`, appending nodes in post-order.
fn post_order(
    succs: &Csr,
    root: u32,
    visited: &mut [bool],
    stack: &mut Vec<(u32, usize)>,
    post: &mut Vec<u32>,
) {
    visited[root as usize] = true;
    stack.push((root, succs.range(root).start));
    while let Some(top) = stack.last_mut() {
        let (v, i) = *top;
        if i < succs.range(v).end {
            top.1 += 1;
            let s = succs.targets()[i];
            if !visited[s as usize] {
                visited[s as usize] = true;
                stack.push((s, succs.range(s).start));
            }
        } else {
            post.push(v);
            stack.pop();
        }
    }
}

/// One adjacency in position space: row `i` lists the positions one step
/// away from the node at position `i`.
struct PosCsr {
    offsets: Vec<usize>,
    targets: Vec<u32>,
}

impl PosCsr {
    fn new(csr: &Csr, order: &[u32], pos: &[u32], ctx: &Ctx<'_>) -> PosCsr {
        let n = order.len();
        let mut offsets = ctx.buffer(n + 1, 0usize);
        for (i, &v) in order.iter().enumerate() {
            offsets[i + 1] = offsets[i] + csr.degree(v);
        }
        let mut targets = ctx.buffer(offsets[n], 0u32);
        // Blocks of positions own disjoint slices of `targets`.
        const BLOCK: usize = 4096;
        let mut blocks = Vec::with_capacity(n.div_ceil(BLOCK));
        let mut rest = &mut targets[..];
        for a in (0..n).step_by(BLOCK) {
            let b = (a + BLOCK).min(n);
            let (head, tail) = rest.split_at_mut(offsets[b] - offsets[a]);
            blocks.push((a..b, head));
            rest = tail;
        }
        blocks.into_par_iter().for_each(|(range, out)| {
            let mut k = 0;
            for i in range {
                for &q in csr.neighbors(order[i]) {
                    out[k] = pos[q as usize];
                    k += 1;
                }
            }
        });
        PosCsr { offsets, targets }
    }

    #[inline]
    fn row(&self, i: usize) -> &[u32] {
        &self.targets[self.offsets[i]..self.offsets[i + 1]]
    }
}

/// What every component task reads; everything indexed by position.
struct Solver<'a> {
    meet: Meet,
    gen: &'a [u64],
    kill: &'a [u64],
    preds: &'a PosCsr,
    succs: &'a PosCsr,
    w: usize,
    facts: usize,
}

impl Solver<'_> {
    /// Solve the component at positions `start..start + inn.len() / w`;
    /// returns the number of node evaluations.
    fn solve(&self, start: usize, inn: &mut [u64], out: &mut [u64]) -> u64 {
        let w = self.w;
        let len = inn.len() / w;
        let gen = &self.gen[start * w..(start + len) * w];
        let kill = &self.kill[start * w..(start + len) * w];
        initial_output(
            out,
            w,
            self.facts,
            self.meet,
            |i| self.preds.row(start + i).is_empty(),
            gen,
        );

        // Dirty bitset over local positions, all set; one word lives on the
        // stack, so single-block components allocate nothing.
        let dwords = len.div_ceil(64);
        let mut small = [0u64; 1];
        let mut big;
        let dirty: &mut [u64] = if dwords <= 1 {
            &mut small[..dwords]
        } else {
            big = vec![0u64; dwords];
            &mut big
        };
        for (k, word) in dirty.iter_mut().enumerate() {
            *word = word_mask(len, k);
        }

        let mut pending = len;
        let mut evaluations = 0u64;
        let mut k = 0;
        while pending > 0 {
            while dirty[k] != 0 {
                let b = dirty[k].trailing_zeros() as usize;
                dirty[k] &= dirty[k] - 1;
                pending -= 1;
                evaluations += 1;
                let i = k * 64 + b;
                let pr = self
                    .preds
                    .row(start + i)
                    .iter()
                    .map(|&q| q as usize - start);
                let row = i * w..(i + 1) * w;
                let changed = evaluate(
                    self.meet,
                    w,
                    pr,
                    &gen[row.clone()],
                    &kill[row.clone()],
                    &mut inn[row],
                    out,
                    i,
                );
                if changed {
                    for &s in self.succs.row(start + i) {
                        let j = s as usize - start;
                        let bit = 1u64 << (j % 64);
                        if dirty[j / 64] & bit == 0 {
                            dirty[j / 64] |= bit;
                            pending += 1;
                        }
                    }
                }
            }
            k = if k + 1 == dwords { 0 } else { k + 1 };
        }
        evaluations
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::dataflow::reference;
    use crate::analysis::{Direction, Workspace};
    use crate::graph::GraphBuilder;
    use crate::session::Counters;
    use proptest::prelude::*;

    /// Every layout, forced, on random graphs with several components,
    /// cycles and self loops: bit-identical to the reference.
    fn check(nodes: u32, arcs: &[(u32, u32)], facts: usize, rows: &[(u32, u32, bool)]) {
        let mut b = GraphBuilder::new(true);
        b.set_nodes(nodes.into()).unwrap();
        for &(u, v) in arcs {
            b.push(u.into(), v.into()).unwrap();
        }
        let g = b.build().unwrap();
        let n = nodes as usize;
        let (mut gen, mut kill) = (FactSets::new(n, facts), FactSets::new(n, facts));
        for &(v, f, is_gen) in rows {
            let f = f % facts.max(1) as u32;
            if facts > 0 {
                if is_gen {
                    gen.set(v, f)
                } else {
                    kill.set(v, f)
                }
            }
        }
        let (counters, workspace) = (Counters::default(), Workspace::default());
        let ctx = Ctx::new(&counters, &workspace);
        for direction in [Direction::Forward, Direction::Backward] {
            for meet in [Meet::Union, Meet::Intersection] {
                let p = DataflowProblem::new(direction, meet, gen.clone(), kill.clone());
                let want = reference(&g, &p, &ctx);
                let (preds, succs) = (direction.flip().csr(&g), direction.csr(&g));
                for choice in [Choice::Auto, Choice::Sequential, Choice::Partitioned] {
                    let layout = Layout::new(&g, preds, succs, choice, &ctx);
                    let got = solve(&layout, preds, succs, &p, &ctx);
                    assert_eq!(
                        got.input, want.input,
                        "{choice:?} {direction:?} {meet:?} IN"
                    );
                    assert_eq!(
                        got.output, want.output,
                        "{choice:?} {direction:?} {meet:?} OUT"
                    );
                }
                // Through the session path, twice: the second run reuses the layout.
                for _ in 0..2 {
                    let got = parallel(&g, &p, &ctx);
                    assert_eq!(
                        (got.input, got.output),
                        (want.input.clone(), want.output.clone())
                    );
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(150))]
        #[test]
        fn forced_layouts_match_reference(
            (nodes, arcs, facts, rows) in (1u32..200, 0usize..140).prop_flat_map(|(n, f)| (
                Just(n),
                prop::collection::vec((0..n, 0..n), 0..3 * n as usize),
                Just(f),
                prop::collection::vec((0..n, 0..200u32, any::<bool>()), 0..4 * n as usize),
            ))
        ) {
            check(nodes, &arcs, facts, &rows);
        }

        /// DAGs numbered in topological order (ascending arcs), so the
        /// one-pass layout is taken in both directions.
        #[test]
        fn topological_ids_match_reference(
            (nodes, arcs, facts, rows) in (1u32..200, 0usize..140).prop_flat_map(|(n, f)| (
                Just(n),
                prop::collection::vec((0..n, 0..n), 0..3 * n as usize),
                Just(f),
                prop::collection::vec((0..n, 0..200u32, any::<bool>()), 0..4 * n as usize),
            ))
        ) {
            let dag: Vec<_> = arcs.into_iter().filter(|(u, v)| u < v).collect();
            check(nodes, &dag, facts, &rows);
        }
    }

    #[test]
    fn layout_is_built_once_per_direction() {
        let mut b = GraphBuilder::new(true);
        for v in 0..2000u64 {
            b.push(v, (v * 7 + 3) % 2000).unwrap();
        }
        let g = b.build().unwrap();
        let (counters, workspace) = (Counters::default(), Workspace::default());
        let ctx = Ctx::new(&counters, &workspace);
        let p = DataflowProblem::new(
            Direction::Forward,
            Meet::Union,
            FactSets::new(2000, 10),
            FactSets::new(2000, 10),
        );
        let allocations = || counters.snapshot().unwrap().allocations;
        parallel(&g, &p, &ctx);
        let first = allocations();
        parallel(&g, &p, &ctx);
        let second = allocations() - first;
        assert!(second < first, "warm run allocated {second}, cold {first}");
        assert!(matches!(
            *ctx.dataflow_layout(&g, Direction::Forward, || unreachable!()),
            Layout::Sequential { .. } | Layout::Partitioned(_)
        ));
    }
}
