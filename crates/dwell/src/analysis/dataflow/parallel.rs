//! The `cpu` backend's dataflow solver: components in parallel, RPO sweeps
//! inside each.
//!
//! Steps:
//! 1. Weakly connected components by union-find over the forward arcs
//!    (path halving, union by smaller id), ordered largest first.
//! 2. Within each component, reverse post-order (RPO) of a depth-first search
//!    in the analysis direction, started from the component's boundary nodes
//!    (no predecessors) and then from any node still unvisited (cycles that no
//!    boundary node reaches). Concatenating the components gives one
//!    permutation `order` (position → node) and its inverse `pos`; each
//!    component owns a contiguous range of positions.
//! 3. The problem is relabelled into position space (in parallel): both
//!    adjacencies become CSRs of positions in position order, gen and kill
//!    rows are gathered into position order, and IN/OUT rows are stored in
//!    position order. An evaluation then reads its own rows, gen, kill and
//!    adjacency sequentially; only the predecessors' OUT rows are gathered.
//!    The rows of different components are disjoint slices; rayon solves the
//!    components in parallel, each task owning its two slices.
//! 4. Inside a component: a dirty bitset indexed by RPO position, all set at
//!    the start. A cursor sweeps it round-robin; evaluating a node recomputes
//!    IN (word-wide meet of the predecessors' OUT rows) and OUT
//!    (`gen | (IN & !kill)` word by word), and when OUT changed marks the
//!    successors dirty. Forward arcs are met later in the same sweep, back
//!    arcs in the next one, so an acyclic component converges in one sweep
//!    and a loop nest in about (loop depth + 2) sweeps (Kam & Ullman 1976).
//!    Stops when no bit is set; no per-node heap allocation.
//! 5. Rows are permuted back to node order in parallel.
//!
//! Initialisation and equations are those of the module header, so the
//! answer equals [`reference`](super::reference)'s bit for bit.

use super::facts::{word_mask, words_for};
use super::{DataflowProblem, DataflowSolution, FactSets, Meet};
use crate::analysis::Ctx;
use crate::graph::{Csr, Graph};
use rayon::prelude::*;
use std::ops::Range;

/// The `cpu` backend's solver.
pub fn parallel(g: &Graph, p: &DataflowProblem, ctx: &Ctx<'_>) -> DataflowSolution {
    ctx.pass();
    let n = g.nodes();
    let facts = p.facts();
    let w = words_for(facts);
    let preds = p.direction.flip().csr(g);
    let succs = p.direction.csr(g);
    let layout = Layout::new(g, preds, succs, ctx);
    let gather = |sets: &FactSets| {
        let mut rows = ctx.buffer(n * w, 0u64);
        rows.par_chunks_mut(w)
            .zip(layout.order.par_iter())
            .for_each(|(dst, &v)| dst.copy_from_slice(sets.node(v)));
        rows
    };
    let (gen, kill) = rayon::join(|| gather(&p.gen), || gather(&p.kill));
    let (pred_rows, succ_rows) = rayon::join(
        || PosCsr::new(preds, &layout, ctx),
        || PosCsr::new(succs, &layout, ctx),
    );

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
        preds: &pred_rows,
        succs: &succ_rows,
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
    DataflowSolution {
        input: unpermute(&in_rows),
        output: unpermute(&out_rows),
        evaluations,
    }
}

/// Components and the RPO permutation.
struct Layout {
    /// Position → node: components one after another, each in RPO.
    order: Vec<u32>,
    /// Node → position.
    pos: Vec<u32>,
    /// Position ranges of the components, largest first.
    components: Vec<Range<usize>>,
}

impl Layout {
    fn new(g: &Graph, preds: &Csr, succs: &Csr, ctx: &Ctx<'_>) -> Layout {
        let n = g.nodes();
        // 1. Weak components by union-find.
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
        // Largest first; ties by first node id (deterministic).
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
        // Members grouped by component (stable: ascending ids inside).
        let mut cursor: Vec<usize> = components.iter().map(|r| r.start).collect();
        let mut members = ctx.buffer(n, 0u32);
        for v in 0..n as u32 {
            let k = rank[comp[v as usize] as usize] as usize;
            members[cursor[k]] = v;
            cursor[k] += 1;
        }
        drop(comp);

        // 2. RPO inside each component.
        let mut visited = ctx.buffer(n, false);
        let mut stack: Vec<(u32, usize)> = Vec::new();
        let mut order: Vec<u32> = ctx.counted(|| Vec::with_capacity(n));
        for r in &components {
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
        Layout {
            order,
            pos,
            components,
        }
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
    fn new(csr: &Csr, layout: &Layout, ctx: &Ctx<'_>) -> PosCsr {
        let n = layout.order.len();
        let mut offsets = ctx.buffer(n + 1, 0usize);
        for (i, &v) in layout.order.iter().enumerate() {
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
                for &q in csr.neighbors(layout.order[i]) {
                    out[k] = layout.pos[q as usize];
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
        // Initial OUT (IN starts ∅ and is recomputed before it is read).
        for (i, row) in out.chunks_exact_mut(w).enumerate() {
            let g = start + i;
            if self.preds.row(g).is_empty() {
                row.copy_from_slice(&self.gen[g * w..(g + 1) * w]);
            } else if self.meet == Meet::Intersection {
                for (k, word) in row.iter_mut().enumerate() {
                    *word = word_mask(self.facts, k);
                }
            }
        }

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
                if self.evaluate(start, i, inn, out) {
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

    /// Recompute IN and OUT of local position `i`; did OUT change?
    #[inline]
    fn evaluate(&self, start: usize, i: usize, inn: &mut [u64], out: &mut [u64]) -> bool {
        let w = self.w;
        let row_in = &mut inn[i * w..(i + 1) * w];
        let row = |q: u32| {
            let j = q as usize - start;
            j * w..(j + 1) * w
        };
        match self.preds.row(start + i).split_first() {
            None => row_in.fill(0),
            Some((&first, rest)) => {
                row_in.copy_from_slice(&out[row(first)]);
                match self.meet {
                    Meet::Union => {
                        for &q in rest {
                            for (a, &b) in row_in.iter_mut().zip(&out[row(q)]) {
                                *a |= b;
                            }
                        }
                    }
                    Meet::Intersection => {
                        for &q in rest {
                            for (a, &b) in row_in.iter_mut().zip(&out[row(q)]) {
                                *a &= b;
                            }
                        }
                    }
                }
            }
        }
        let g = start + i;
        let gen = &self.gen[g * w..(g + 1) * w];
        let kill = &self.kill[g * w..(g + 1) * w];
        let row_out = &mut out[i * w..(i + 1) * w];
        let mut changed = false;
        for k in 0..w {
            let new = gen[k] | (row_in[k] & !kill[k]);
            if new != row_out[k] {
                row_out[k] = new;
                changed = true;
            }
        }
        changed
    }
}
