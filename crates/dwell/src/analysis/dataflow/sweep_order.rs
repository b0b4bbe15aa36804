//! The sweep order of the `cpu` dataflow solver ([`SweepOrder`]): how a graph's
//! nodes are ordered and grouped, in one analysis direction. It depends
//! only on the graph and the direction, never on gen/kill, so it is built
//! on a session's first dataflow run in that direction and reused by every
//! later one (see `Ctx::sweep_order`). The solver that sweeps in this
//! order is `parallel.rs`.
//!
//! The orders:
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
//!   needs no order: the reference's schedule, without its per-evaluation
//!   allocations (email-Enron 64K evaluations against RPO round-robin's 97K).
//! - **Partitioned**: weakly connected components (Afforest, the WCC
//!   kernel of `analysis/components.rs`), largest first, each in
//!   RPO; both adjacencies relabelled into position space (CSRs of
//!   positions). Per run, gen and kill rows are gathered into position order,
//!   rayon solves the components in parallel (each task owns the disjoint
//!   slices of its positions), and rows are permuted back.

use crate::analysis::{components, Ctx};
use crate::graph::{Csr, Graph};
use crate::pieces::pieces;
use rayon::prelude::*;
use std::ops::Range;

/// Graphs with fewer nodes get the sequential order without computing weak
/// components (one function's CFG: tens of nodes).
pub(crate) const SMALL: usize = 1024;

/// How a graph's nodes are ordered and grouped for the sweeps, in one
/// direction. See the module header.
pub(crate) enum SweepOrder {
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

/// Which order to build: `Auto` decides; tests force the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Choice {
    Auto,
    #[cfg_attr(not(test), allow(dead_code))]
    Sequential,
    #[cfg_attr(not(test), allow(dead_code))]
    Partitioned,
}

/// Components and the RPO permutation, with both adjacencies relabelled.
pub(crate) struct Partitioned {
    /// Position → node: components one after another, each in RPO.
    pub(super) order: Vec<u32>,
    /// Node → position.
    pub(super) pos: Vec<u32>,
    /// Position ranges of the components, largest first.
    pub(super) components: Vec<Range<usize>>,
    pub(super) preds: PosCsr,
    pub(super) succs: PosCsr,
}

impl SweepOrder {
    pub(super) fn new(
        g: &Graph,
        preds: &Csr,
        succs: &Csr,
        choice: Choice,
        ctx: &Ctx<'_>,
    ) -> SweepOrder {
        let n = g.nodes();
        if choice == Choice::Auto {
            if let Some(descending) = topological(succs) {
                return SweepOrder::Topological { descending };
            }
        }
        // Every arc of an undirected graph lies on a cycle (it is stored
        // both ways), so no order puts predecessors first; a FIFO queue
        // re-evaluates least (email-Enron: 64K evaluations against RPO
        // round-robin's 97K and node-order round-robin's 88K; cond-mat-2005:
        // 88K, 142K, 129K), and it needs no order at all.
        if choice == Choice::Auto && !g.is_directed() {
            return SweepOrder::Fifo;
        }
        if choice == Choice::Sequential || (choice == Choice::Auto && n < SMALL) {
            let members: Vec<u32> = ctx.counted(|| (0..n as u32).collect());
            let whole = std::iter::once(0..n).collect::<Vec<_>>();
            let (order, pos) = rpo(preds, succs, &members, &whole, ctx);
            return SweepOrder::Sequential { order, pos };
        }
        let (members, components) = weak_components(g, ctx);
        let (order, pos) = rpo(preds, succs, &members, &components, ctx);
        drop(members);
        let largest = components.first().map_or(0, |r| r.len());
        let one_dominates = largest * 4 > n * 3 || rayon::current_num_threads() == 1;
        if choice == Choice::Auto && one_dominates {
            return SweepOrder::Sequential { order, pos };
        }
        let (pred_rows, succ_rows) = rayon::join(
            || PosCsr::new(preds, &order, &pos, ctx),
            || PosCsr::new(succs, &order, &pos, ctx),
        );
        SweepOrder::Partitioned(Partitioned {
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

/// Weakly connected components (the WCC kernel's Afforest,
/// [`components::wcc_forest`]): the members grouped by component (ascending
/// ids inside), and each component's range of that list, largest first
/// (ties by first node id).
fn weak_components(g: &Graph, ctx: &Ctx<'_>) -> (Vec<u32>, Vec<Range<usize>>) {
    let n = g.nodes();
    // Canonical labels number components by their smallest vertex.
    let comp = components::canonical_forest(&components::wcc_forest(g, ctx));
    let mut sizes = vec![0usize; comp.count as usize];
    for &c in &comp.labels {
        sizes[c as usize] += 1;
    }
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
        let k = rank[comp.labels[v as usize] as usize] as usize;
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
pub(crate) struct PosCsr {
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
        let ranges = (0..n).step_by(BLOCK).map(|a| a..(a + BLOCK).min(n));
        let lens = ranges.clone().map(|r| offsets[r.end] - offsets[r.start]);
        let blocks: Vec<_> = ranges.zip(pieces(&mut targets, lens)).collect();
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
    pub(super) fn row(&self, i: usize) -> &[u32] {
        &self.targets[self.offsets[i]..self.offsets[i + 1]]
    }
}
