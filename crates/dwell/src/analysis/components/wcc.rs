//! Weak components: the `cpu` kernel, the sweep, the oracle, the verifier.
//!
//! # Kernels
//!
//! - [`wcc_parallel`] (`cpu`): Afforest (`afforest.rs`, whose header has
//!   the algorithm) on most graphs. Small sparse graphs (`sweep_pays`)
//!   skip it for [`wcc_sweep`]: one sequential FIFO search per component,
//!   in increasing order of first vertex, with rows gathered a chunk at a
//!   time as in the BFS.
//! - [`wcc_reference`] (oracle): a plain FIFO BFS over forward and reverse
//!   arcs from each unlabelled vertex in increasing order.
//!
//! # Verifier
//!
//! [`wcc_verify`]: after the partition check (`check_partition`, in
//! `mod.rs`), labels are equal at both ends of every arc (no arc joins two
//! components), and each label's vertices are connected: a union-find over
//! the arcs puts all of them in one set (no component is two).

use super::afforest::wcc_afforest;
use super::{canonical, check_partition, Components};
use crate::analysis::{frontier, Ctx, Violation};
use crate::graph::{Graph, NO_VERTEX};

/// The oracle for weak components: BFS over forward and reverse arcs.
pub fn wcc_reference(g: &Graph, ctx: &Ctx<'_>) -> Components {
    let n = g.nodes();
    let (fwd, rev) = (g.forward(), g.reverse());
    ctx.pass();
    let mut comp = ctx.buffer(n, NO_VERTEX);
    let mut queue = std::collections::VecDeque::new();
    let stop = ctx.stop();
    for root in 0..n as u32 {
        if comp[root as usize] != NO_VERTEX {
            continue;
        }
        if stop.requested() {
            return Components::stopped();
        }
        comp[root as usize] = root;
        queue.push_back(root);
        let (mut popped, mut end) = (0usize, 0usize);
        while !stop.at_level(popped, popped + queue.len(), &mut end) {
            let Some(v) = queue.pop_front() else { break };
            popped += 1;
            for &w in fwd.neighbors(v).iter().chain(rev.neighbors(v)) {
                if comp[w as usize] == NO_VERTEX {
                    comp[w as usize] = root;
                    queue.push_back(w);
                }
            }
        }
    }
    if stop.requested() {
        // Some vertices unlabelled: no partition to number.
        return Components::stopped();
    }
    canonical(&comp)
}
/// Does one sequential sweep ([`wcc_sweep`]) answer weak components faster
/// than Afforest on `g`? On small sparse graphs: at most [`SWEEP_MAX_NODES`]
/// vertices and below [`SWEEP_MAX_DEGREE`] arcs per vertex (in-arcs counted
/// on a directed graph). There Afforest's fixed passes over every vertex,
/// each a parallel step, and its chains of links cost more than following
/// every arc once (2 threads: road networks 2.9-3.5x, power and hep-th
/// 2.3-2.7x, as-22july06 1.2x, a 256² grid 1.1x faster swept); on denser
/// graphs (astro-ph, polblogs: 0.7x) and on larger ones (a 362² grid, 131k
/// vertices: 0.5x, the sweep's arrays outgrowing the cache) Afforest wins.
fn sweep_pays(g: &Graph) -> bool {
    let followed = if g.is_directed() { 2 } else { 1 } * g.forward().arcs() as u64;
    g.nodes() <= SWEEP_MAX_NODES && followed < SWEEP_MAX_DEGREE * g.nodes() as u64
}

/// Vertices at most for `sweep_pays`.
pub const SWEEP_MAX_NODES: usize = 1 << 16;

/// Arcs followed per vertex below which `sweep_pays`.
pub const SWEEP_MAX_DEGREE: u64 = 5;

/// Weak components by one sequential sweep: from each unlabelled vertex in
/// increasing order, a FIFO search over forward and reverse arcs labels its
/// component with the next number. That vertex is its component's smallest,
/// so labels come out canonical, sizes with them. Every arc is appended to
/// the queue with no branch (a label only ever lowers to the component's),
/// as in the single-source BFS.
pub fn wcc_sweep(g: &Graph, ctx: &Ctx<'_>) -> Components {
    let n = g.nodes();
    let fwd = g.forward();
    let rev = g.is_directed().then(|| g.reverse());
    let mut labels = ctx.buffer(n, NO_VERTEX);
    // A search's queue never holds more than its component, plus the one
    // slot a repeated vertex is written to and not counted.
    let mut queue = ctx.buffer(n + 1, 0u32);
    let mut rows = frontier::Rows::default();
    let (mut count, mut largest) = (0u32, 0usize);
    let stop = ctx.stop();
    for s in 0..n {
        if labels[s] != NO_VERTEX {
            continue;
        }
        if stop.requested() {
            return Components::stopped();
        }
        labels[s] = count;
        queue[0] = s as u32;
        let (mut head, mut tail) = (0usize, 1usize);
        // Level by level, rows gathered a chunk of vertices at a time (as
        // the BFS's top-down levels do): vertex by vertex, each row's end
        // mispredicted and the next row's loads waited for it (Bremen's
        // sweep was latency-bound, 1.8 ms).
        while head < tail && !stop.requested() {
            let end = tail;
            for chunk in (head..end).step_by(frontier::GATHER_CHUNK) {
                let vertices = chunk..end.min(chunk + frontier::GATHER_CHUNK);
                for csr in std::iter::once(fwd).chain(rev) {
                    rows.gather(csr, &queue[vertices.clone()], &mut ());
                    for row in rows.slices(csr) {
                        tail = label_new(row, count, &mut labels, &mut queue, tail);
                    }
                }
            }
            head = end;
        }
        largest = largest.max(tail);
        count += 1;
    }
    Components {
        count: u64::from(count),
        largest: largest as u64,
        labels,
    }
}

/// [`wcc_sweep`]'s step: label the vertices of `row` not yet labelled with
/// `label` and append them to `queue` from `tail`; returns the new tail.
/// Out of line so that its few values stay in registers.
#[inline(never)]
fn label_new(
    row: &[u32],
    label: u32,
    labels: &mut [u32],
    queue: &mut [u32],
    mut tail: usize,
) -> usize {
    for &w in row {
        let old = labels[w as usize];
        labels[w as usize] = old.min(label);
        queue[tail] = w;
        tail += usize::from(old == NO_VERTEX);
    }
    tail
}

/// The `cpu` backend's weak components: one sequential sweep on small
/// sparse graphs (`sweep_pays`), else Afforest.
pub fn wcc_parallel(g: &Graph, ctx: &Ctx<'_>) -> Components {
    ctx.pass();
    if sweep_pays(g) {
        let mut trace = crate::analysis::trace::Steps::start("wcc");
        let out = wcc_sweep(g, ctx);
        trace.step(|| format!("sweep ({} components)", out.count));
        return out;
    }
    wcc_afforest(g, ctx)
}

/// Union-find root with path halving (the WCC verifier's).
fn root(parent: &mut [u32], mut v: u32) -> u32 {
    while parent[v as usize] != v {
        parent[v as usize] = parent[parent[v as usize] as usize];
        v = parent[v as usize];
    }
    v
}

/// The WCC verifier: see the module header.
pub fn wcc_verify(g: &Graph, c: &Components) -> Result<(), Violation> {
    check_partition("wcc", g, c)?;
    let n = g.nodes();
    let fwd = g.forward();
    let mut parent: Vec<u32> = (0..n as u32).collect();
    for u in 0..n as u32 {
        for &w in fwd.neighbors(u) {
            let (a, b) = (c.labels[u as usize], c.labels[w as usize]);
            if a != b {
                return Err(Violation::new(format!(
                    "wcc: arc {u} -> {w} joins components {a} and {b}"
                )));
            }
            let (x, y) = (root(&mut parent, u), root(&mut parent, w));
            parent[x.max(y) as usize] = x.min(y);
        }
    }
    // Each label's first vertex must share a root with all the label's others.
    let mut first = vec![NO_VERTEX; c.count as usize];
    for v in 0..n as u32 {
        let f = &mut first[c.labels[v as usize] as usize];
        if *f == NO_VERTEX {
            *f = v;
        } else if root(&mut parent, *f) != root(&mut parent, v) {
            return Err(Violation::new(format!(
                "wcc: vertices {} and {v} share label {} but no path joins them",
                *f, c.labels[v as usize]
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Workspace;
    use crate::graph::GraphBuilder;
    use crate::session::Counters;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Both kernels of `wcc_parallel`, whichever `sweep_pays` would
        /// pick, answer as the oracle: sparse and dense, directed or not,
        /// in one or several of Afforest's round-0 blocks (one up to
        /// `ROUND0_WHOLE` vertices), with a path over the first vertices
        /// (all of them, or 90%) that makes round 0's tree dominant, so
        /// that the neighbour rounds are skipped.
        #[test]
        fn sweep_and_afforest_match_the_reference(directed in any::<bool>(),
            nodes in prop_oneof![1u32..300, 4000u32..10_000, 65_000u32..70_000],
            density in 0usize..8, seed in any::<u64>(), hub in any::<bool>(),
            path in prop_oneof![Just(0u32), Just(90), Just(100)]) {
            let mut b = GraphBuilder::new(directed);
            b.set_nodes(u64::from(nodes)).unwrap();
            for v in 1..nodes / 100 * path {
                b.push(u64::from(v), u64::from(v - 1)).unwrap();
            }
            if hub {
                // Rows longer than `frontier::Rows` copies (read in place).
                for v in (0..nodes).step_by(3).take(200) {
                    b.push(u64::from(nodes / 2), u64::from(v)).unwrap();
                }
            }
            let mut x = seed | 1;
            for _ in 0..density * nodes as usize / 2 {
                // xorshift64: arcs between random vertices.
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                b.push(x % u64::from(nodes), (x >> 32) % u64::from(nodes)).unwrap();
            }
            let g = b.build().unwrap();
            let (counters, workspace) = (Counters::default(), Workspace::default());
            let ctx = Ctx::new(&counters, &workspace);
            let want = wcc_reference(&g, &ctx);
            prop_assert_eq!(&wcc_sweep(&g, &ctx), &want);
            prop_assert_eq!(&wcc_afforest(&g, &ctx), &want);
        }
    }
}
