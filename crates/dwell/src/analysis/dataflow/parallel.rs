//! The `cpu` backend's dataflow solver: a sweep order chosen once per graph
//! and direction ([`SweepOrder`], built in `sweep_order.rs` and kept in the
//! session's workspace), then word-wide sweeps.
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
use super::sweep_order::{Choice, Partitioned, PosCsr, SweepOrder};
use super::{DataflowProblem, DataflowSolution, FactSets, Meet};
use crate::analysis::Ctx;
use crate::graph::{Csr, Graph};
use crate::pieces::pieces;
use crate::progress::Stop;
use rayon::prelude::*;

/// The `cpu` backend's solver.
pub fn parallel(g: &Graph, p: &DataflowProblem, ctx: &Ctx<'_>) -> DataflowSolution {
    ctx.pass();
    let preds = p.direction.flip().csr(g);
    let succs = p.direction.csr(g);
    let order = ctx.sweep_order(g, p.direction, || {
        SweepOrder::new(g, preds, succs, Choice::Auto, ctx)
    });
    solve(&order, preds, succs, p, ctx)
}

fn solve(
    order: &SweepOrder,
    preds: &Csr,
    succs: &Csr,
    p: &DataflowProblem,
    ctx: &Ctx<'_>,
) -> DataflowSolution {
    let n = preds.nodes();
    match order {
        SweepOrder::Topological { descending } => {
            let order = if *descending {
                Order::Descending(n)
            } else {
                Order::Ascending
            };
            sequential(preds, succs, order, Schedule::OnePass, p, ctx)
        }
        SweepOrder::Sequential { order, pos } => {
            let order = Order::Permuted { order, pos };
            sequential(preds, succs, order, Schedule::RoundRobin, p, ctx)
        }
        SweepOrder::Partitioned(part) => partitioned(part, p, ctx),
        SweepOrder::Fifo => sequential(preds, succs, Order::Ascending, Schedule::Fifo, p, ctx),
    }
}

/// The sweep order of the sequential orders.
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
            head += 1;
            if head == n {
                head = 0;
                // Once around the ring: poll the stop request.
                if ctx.stop().requested() {
                    break;
                }
            }
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
        k += 1;
        if k == dwords {
            k = 0;
            // One sweep done: poll the stop request.
            if ctx.stop().requested() {
                break;
            }
        }
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

/// The partitioned order's run: gather gen/kill into position order, solve
/// the components in parallel, permute IN/OUT back.
fn partitioned(order: &Partitioned, p: &DataflowProblem, ctx: &Ctx<'_>) -> DataflowSolution {
    let n = order.order.len();
    let facts = p.facts();
    let w = words_for(facts);
    let gather = |sets: &FactSets| {
        let mut rows = ctx.buffer(n * w, 0u64);
        rows.par_chunks_mut(w)
            .zip(order.order.par_iter())
            .for_each(|(dst, &v)| dst.copy_from_slice(sets.node(v)));
        rows
    };
    let (gen, kill) = rayon::join(|| gather(&p.gen), || gather(&p.kill));

    // Rows in position order; validated problems guarantee n * w fits.
    let mut in_rows = ctx.buffer(n * w, 0u64);
    let mut out_rows = ctx.buffer(n * w, 0u64);
    let lens = order.components.iter().map(|r| (r.end - r.start) * w);
    let tasks: Vec<_> = (order.components.iter().map(|r| r.start))
        .zip(pieces(&mut in_rows, lens.clone()))
        .zip(pieces(&mut out_rows, lens))
        .map(|((start, a), b)| (start, a, b))
        .collect();
    let solver = Solver {
        stop: ctx.stop(),
        meet: p.meet,
        gen: &gen,
        kill: &kill,
        preds: &order.preds,
        succs: &order.succs,
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
            .zip(order.pos.par_iter())
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

/// What every component task reads; everything indexed by position.
struct Solver<'a> {
    /// Polled once per sweep of a component.
    stop: Stop<'a>,
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
            k += 1;
            if k == dwords {
                k = 0;
                if self.stop.requested() {
                    break;
                }
            }
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

    /// Every order, forced, on random graphs with several components,
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
                    let order = SweepOrder::new(&g, preds, succs, choice, &ctx);
                    let got = solve(&order, preds, succs, &p, &ctx);
                    assert_eq!(
                        got.input, want.input,
                        "{choice:?} {direction:?} {meet:?} IN"
                    );
                    assert_eq!(
                        got.output, want.output,
                        "{choice:?} {direction:?} {meet:?} OUT"
                    );
                }
                // Through the session path, twice: the second run reuses the order.
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
        fn forced_orders_match_reference(
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
        /// one-pass order is taken in both directions.
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
    fn sweep_order_is_built_once_per_direction() {
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
            *ctx.sweep_order(&g, Direction::Forward, || unreachable!()),
            SweepOrder::Sequential { .. } | SweepOrder::Partitioned(_)
        ));
    }
}
