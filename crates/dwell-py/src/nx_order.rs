//! Traversals whose *order* is part of NetworkX's answer.
//!
//! dwell's graphs keep every row sorted by target, but `nx.bfs_layers` lists
//! each layer in discovery order and `nx.strongly_connected_components`
//! yields components in the order its depth-first search completes them —
//! both follow the NetworkX graph's own adjacency order (insertion order).
//! The backend hands that adjacency over as an unsorted CSR ([`Adjacency`])
//! and these serial O(V + E) passes reproduce NetworkX's order exactly.

use crate::core::Error;

/// A CSR in the caller's neighbour order: `offsets[v]..offsets[v + 1]` of
/// `targets` are `v`'s neighbours. Rows may repeat targets or be unsorted.
pub struct Adjacency<'a> {
    offsets: &'a [u64],
    targets: &'a [u32],
}

impl<'a> Adjacency<'a> {
    /// Checks the shape before any traversal indexes with it.
    pub fn new(offsets: &'a [u64], targets: &'a [u32]) -> Result<Adjacency<'a>, Error> {
        let bad = |what: String| {
            Err(Error::Input(format!(
                "adjacency: {what}. Fix: pass offsets of length nodes + 1, non-decreasing from 0 to len(targets), and targets below nodes"
            )))
        };
        let Some((&last, _)) = offsets.split_last() else {
            return bad("offsets is empty".into());
        };
        if offsets[0] != 0 || last != targets.len() as u64 {
            return bad(format!(
                "offsets run from {} to {last}, targets has {}",
                offsets[0],
                targets.len()
            ));
        }
        if let Some(i) = offsets.windows(2).position(|w| w[0] > w[1]) {
            return bad(format!("offsets decrease at vertex {i}"));
        }
        let n = offsets.len() - 1;
        if let Some(&t) = targets.iter().find(|&&t| t as usize >= n) {
            return bad(format!("target {t} is not below {n} nodes"));
        }
        Ok(Adjacency { offsets, targets })
    }

    pub fn nodes(&self) -> usize {
        self.offsets.len() - 1
    }

    fn row(&self, v: u32) -> &'a [u32] {
        let v = v as usize;
        // In range and ordered: checked by `new`.
        &self.targets[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }
}

/// Components numbered in the order `nx.strongly_connected_components`
/// yields them: its non-recursive search (preorder numbers, low links, a
/// per-vertex neighbour cursor, sources in vertex order) step for step.
/// Returns one component number per vertex and the number of components.
pub fn strong_components(adj: &Adjacency<'_>) -> (Vec<u32>, u32) {
    let n = adj.nodes();
    const UNSEEN: u32 = 0;
    let mut preorder = vec![UNSEEN; n];
    let mut lowlink = vec![0u32; n];
    let mut component = vec![u32::MAX; n];
    let mut cursor: Vec<u64> = adj.offsets[..n].to_vec();
    let (mut found, mut stack, mut queue) = (0u32, Vec::<u32>::new(), Vec::<u32>::new());
    let mut counter = 0u32;
    for source in 0..n as u32 {
        if component[source as usize] != u32::MAX {
            continue;
        }
        queue.push(source);
        while let Some(&v) = queue.last() {
            let vi = v as usize;
            if preorder[vi] == UNSEEN {
                counter += 1;
                preorder[vi] = counter;
            }
            // Resume v's neighbours where the last visit stopped; descend
            // into the first one not yet numbered.
            let mut done = true;
            while cursor[vi] < adj.offsets[vi + 1] {
                let w = adj.targets[cursor[vi] as usize];
                cursor[vi] += 1;
                if preorder[w as usize] == UNSEEN {
                    queue.push(w);
                    done = false;
                    break;
                }
            }
            if !done {
                continue;
            }
            let mut low = preorder[vi];
            for &w in adj.row(v) {
                let wi = w as usize;
                if component[wi] == u32::MAX {
                    // Numbered after v means searched (and finished) from v.
                    low = low.min(if preorder[wi] > preorder[vi] {
                        lowlink[wi]
                    } else {
                        preorder[wi]
                    });
                }
            }
            lowlink[vi] = low;
            queue.pop();
            if low == preorder[vi] {
                component[vi] = found;
                while let Some(&k) = stack.last() {
                    if preorder[k as usize] <= preorder[vi] {
                        break;
                    }
                    stack.pop();
                    component[k as usize] = found;
                }
                found += 1;
            } else {
                stack.push(v);
            }
        }
    }
    (component, found)
}

/// `nx.bfs_layers` from `first` (already de-duplicated, in the order the
/// first layer lists them), layers 0 to `max_depth`: every vertex in layer
/// order, and the layer boundaries (`bounds[k]..bounds[k + 1]` is layer k).
/// No layers when `first` is empty. The order within a layer is NetworkX's
/// discovery order, also the key order of its shortest-path-length dicts.
pub fn bfs_layers(
    adj: &Adjacency<'_>,
    first: &[u32],
    max_depth: u64,
) -> Result<(Vec<u32>, Vec<u64>), Error> {
    layers_with(adj, first, max_depth, &mut vec![false; adj.nodes()])
}

/// [`bfs_layers`] with a caller's `seen` marks (all false, `n` long; left
/// all false again): a search costs its reach, not `n`, so the searches of
/// every source over a graph of small components cost the sum of their
/// reaches (all pairs over 300k vertices would otherwise clear 300k marks
/// 300k times).
fn layers_with(
    adj: &Adjacency<'_>,
    first: &[u32],
    max_depth: u64,
    seen: &mut [bool],
) -> Result<(Vec<u32>, Vec<u64>), Error> {
    let n = adj.nodes();
    for (i, &s) in first.iter().enumerate() {
        let Some(mark) = seen.get_mut(s as usize) else {
            for &v in &first[..i] {
                seen[v as usize] = false;
            }
            return Err(Error::Input(format!(
                "source {s} is not below {n} nodes. Fix: pass vertex indices of this graph"
            )));
        };
        *mark = true;
    }
    let mut order = first.to_vec();
    let mut bounds = Vec::new();
    if first.is_empty() {
        return Ok((order, bounds));
    }
    bounds.push(0u64);
    let (mut start, mut depth) = (0usize, 0u64);
    loop {
        let end = order.len();
        bounds.push(end as u64); // closes layer `depth`
        if depth >= max_depth {
            break;
        }
        for i in start..end {
            for &w in adj.row(order[i]) {
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    order.push(w);
                }
            }
        }
        if order.len() == end {
            break;
        }
        (start, depth) = (end, depth + 1);
    }
    for &v in &order {
        seen[v as usize] = false;
    }
    Ok((order, bounds))
}

/// [`bfs_layers`] from each source alone, searches in parallel: for
/// source `i`, `orders[order_starts[i]..order_starts[i + 1]]` is its
/// discovery order and `bounds[bound_starts[i]..bound_starts[i + 1]]` its
/// layer bounds (relative to its own order). The adjacency is checked once.
pub struct Each {
    pub orders: Vec<u32>,
    pub order_starts: Vec<u64>,
    pub bounds: Vec<u64>,
    pub bound_starts: Vec<u64>,
}

pub fn bfs_layers_each(
    adj: &Adjacency<'_>,
    sources: &[u32],
    max_depth: u64,
) -> Result<Each, Error> {
    use rayon::prelude::*;
    let n = adj.nodes();
    let runs: Vec<(Vec<u32>, Vec<u64>)> = sources
        .par_iter()
        .map_init(
            || vec![false; n],
            |seen, &s| layers_with(adj, &[s], max_depth, seen),
        )
        .collect::<Result<_, _>>()?;
    let mut each = Each {
        orders: Vec::with_capacity(runs.iter().map(|r| r.0.len()).sum()),
        order_starts: vec![0],
        bounds: Vec::new(),
        bound_starts: vec![0],
    };
    for (order, bounds) in runs {
        each.orders.extend_from_slice(&order);
        each.order_starts.push(each.orders.len() as u64);
        each.bounds.extend_from_slice(&bounds);
        each.bound_starts.push(each.bounds.len() as u64);
    }
    Ok(each)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dwell::analysis::{Output, Query};
    use dwell::backend::CpuReference;
    use dwell::session::run_once;
    use proptest::prelude::*;

    fn csr(n: usize, arcs: &[(u32, u32)]) -> (Vec<u64>, Vec<u32>) {
        // Rows in the order the arcs are given (as NetworkX's insertion order).
        let mut offsets = vec![0u64; n + 1];
        for &(u, _) in arcs {
            offsets[u as usize + 1] += 1;
        }
        for v in 0..n {
            offsets[v + 1] += offsets[v];
        }
        let mut at = offsets.clone();
        let mut targets = vec![0u32; arcs.len()];
        for &(u, v) in arcs {
            targets[at[u as usize] as usize] = v;
            at[u as usize] += 1;
        }
        (offsets, targets)
    }

    #[test]
    fn the_networkx_docstring_examples() {
        // nx.strongly_connected_components on the cycle graph 0..3 plus
        // 4→5→6→7→4 and 3→4 yields {4,5,6,7} then {0,1,2,3}.
        let mut arcs: Vec<(u32, u32)> = (0..4).map(|i| (i, (i + 1) % 4)).collect();
        arcs.extend((4..8).map(|i| (i, 4 + (i - 3) % 4)));
        arcs.push((3, 4));
        let (o, t) = csr(8, &arcs);
        let (c, k) = strong_components(&Adjacency::new(&o, &t).unwrap());
        assert_eq!((c, k), (vec![1, 1, 1, 1, 0, 0, 0, 0], 2));
        // nx.bfs_layers(nx.path_graph(5) as 0-1-2-3-4, [0, 4]) → [0, 4], [1, 3], [2].
        let arcs = [
            (0, 1),
            (1, 0),
            (1, 2),
            (2, 1),
            (2, 3),
            (3, 2),
            (3, 4),
            (4, 3),
        ];
        let (o, t) = csr(5, &arcs);
        let (order, bounds) =
            bfs_layers(&Adjacency::new(&o, &t).unwrap(), &[0, 4], u64::MAX).unwrap();
        assert_eq!((order, bounds), (vec![0, 4, 1, 3, 2], vec![0, 2, 4, 5]));
    }

    /// `max_depth` keeps layers 0 to it, as NetworkX's cutoff does (its
    /// search stops expanding once the level reaches the cutoff).
    #[test]
    fn max_depth_stops_after_that_layer() {
        let arcs: Vec<(u32, u32)> = (0..5).flat_map(|i| [(i, i + 1), (i + 1, i)]).collect();
        let (o, t) = csr(6, &arcs);
        let adj = Adjacency::new(&o, &t).unwrap();
        assert_eq!(bfs_layers(&adj, &[2], 0).unwrap(), (vec![2], vec![0, 1]));
        assert_eq!(
            bfs_layers(&adj, &[2], 1).unwrap(),
            (vec![2, 1, 3], vec![0, 1, 3])
        );
        let all = bfs_layers(&adj, &[2], u64::MAX).unwrap();
        assert_eq!(all, (vec![2, 1, 3, 0, 4, 5], vec![0, 1, 3, 5, 6]));
        assert_eq!(bfs_layers(&adj, &[2], 3).unwrap(), all);
        assert_eq!(bfs_layers(&adj, &[2], 99).unwrap(), all);
    }

    #[test]
    fn each_source_alone_as_one_search() {
        let arcs = [(0, 1), (1, 2), (2, 0), (3, 2), (1, 3)];
        let (o, t) = csr(5, &arcs);
        let adj = Adjacency::new(&o, &t).unwrap();
        let sources = [2, 4, 0, 2];
        for depth in [0, 1, 2, u64::MAX] {
            let each = bfs_layers_each(&adj, &sources, depth).unwrap();
            for (i, &s) in sources.iter().enumerate() {
                let (order, bounds) = bfs_layers(&adj, &[s], depth).unwrap();
                let o =
                    &each.orders[each.order_starts[i] as usize..each.order_starts[i + 1] as usize];
                let b =
                    &each.bounds[each.bound_starts[i] as usize..each.bound_starts[i + 1] as usize];
                assert_eq!(
                    (o, b),
                    (&order[..], &bounds[..]),
                    "source {s}, depth {depth}"
                );
            }
        }
        assert!(bfs_layers_each(&adj, &[7], 1).is_err());
        // One thread: every search reuses one set of marks (cleared after
        // each, also after a refused source), and answers as alone.
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let many: Vec<u32> = (0..60).map(|i| (i * 7 % 5) as u32).collect();
        let each = one
            .install(|| bfs_layers_each(&adj, &many, u64::MAX))
            .unwrap();
        for (i, &s) in many.iter().enumerate() {
            let (order, _) = bfs_layers(&adj, &[s], u64::MAX).unwrap();
            let o = &each.orders[each.order_starts[i] as usize..each.order_starts[i + 1] as usize];
            assert_eq!(o, &order[..], "source {s} after {i} searches");
        }
        let mut seen = vec![false; 5];
        assert!(layers_with(&adj, &[1, 7], 1, &mut seen).is_err());
        assert_eq!(seen, vec![false; 5]);
    }

    #[test]
    fn bad_shapes_are_errors_with_a_fix() {
        for (o, t) in [
            (vec![], vec![]),
            (vec![1u64, 1], vec![0u32]),
            (vec![0, 2, 1], vec![0, 0]),
            (vec![0, 1], vec![5]),
            (vec![0, 1], vec![]),
        ] {
            let e = Adjacency::new(&o, &t).err().expect("refused");
            assert!(e.to_string().contains("Fix:"), "{e}");
        }
        let (o, t) = (vec![0u64, 0], vec![]);
        let adj = Adjacency::new(&o, &t).unwrap();
        assert!(bfs_layers(&adj, &[1], u64::MAX)
            .unwrap_err()
            .to_string()
            .contains("Fix:"));
        assert_eq!(bfs_layers(&adj, &[], u64::MAX).unwrap(), (vec![], vec![]));
    }

    fn graph() -> impl Strategy<Value = (usize, Vec<(u32, u32)>)> {
        (1usize..40).prop_flat_map(|n| {
            (
                Just(n),
                proptest::collection::vec((0..n as u32, 0..n as u32), 0..120),
            )
        })
    }

    proptest! {
        #[test]
        fn components_partition_as_dwell_scc_and_come_out_sinks_first((n, arcs) in graph()) {
            let (o, t) = csr(n, &arcs);
            let (c, k) = strong_components(&Adjacency::new(&o, &t).unwrap());
            let src: Vec<u64> = arcs.iter().map(|a| a.0 as u64).collect();
            let dst: Vec<u64> = arcs.iter().map(|a| a.1 as u64).collect();
            let g = crate::core::from_edges(&src, &dst, Some(n as u64), true, Default::default()).unwrap();
            let Output::Scc(want) = run_once(&CpuReference, &g, &Query::Scc).unwrap() else {
                unreachable!()
            };
            prop_assert_eq!(k as usize, want.count as usize);
            for (&(u, v), _) in arcs.iter().zip(0..) {
                // Same partition as dwell's SCC…
                prop_assert_eq!(c[u as usize] == c[v as usize], want.labels[u as usize] == want.labels[v as usize]);
                // …and an arc never leads to a component yielded later:
                // components come out in reverse topological order.
                prop_assert!(c[u as usize] >= c[v as usize]);
            }
        }

        #[test]
        fn layers_are_bfs_levels_in_discovery_order((n, arcs) in graph(), s in 0u32..40) {
            let s = s % n as u32;
            let (o, t) = csr(n, &arcs);
            let adj = Adjacency::new(&o, &t).unwrap();
            let (order, bounds) = bfs_layers(&adj, &[s], u64::MAX).unwrap();
            let mut level = vec![-1i64; n];
            for (k, w) in bounds.windows(2).enumerate() {
                for &v in &order[w[0] as usize..w[1] as usize] {
                    prop_assert_eq!(level[v as usize], -1, "listed twice");
                    level[v as usize] = k as i64;
                }
            }
            // A plain queue BFS gives the same order (the definition).
            let mut want = vec![s];
            let mut seen = vec![false; n];
            seen[s as usize] = true;
            let mut i = 0;
            while i < want.len() {
                for &w in adj.row(want[i]) {
                    if !seen[w as usize] { seen[w as usize] = true; want.push(w); }
                }
                i += 1;
            }
            prop_assert_eq!(&order, &want);
            for &(u, v) in &arcs {
                if level[u as usize] >= 0 {
                    prop_assert!(level[v as usize] >= 0 && level[v as usize] <= level[u as usize] + 1);
                }
            }
        }
    }
}
