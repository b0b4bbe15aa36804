//! The oracle's search and the verifiers' path counts: plain Brandes,
//! with predecessor lists and a stack, as NetworkX builds them
//! (`_single_source_shortest_path_basic` for unit lengths, a queue;
//! `_single_source_dijkstra_path_basic` for weights, a binary heap).

use crate::graph::Csr;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

/// One source's shortest-path DAG.
pub(super) struct Dag {
    /// Reached vertices in the order they were settled, the source first.
    pub stack: Vec<u32>,
    /// Per vertex: its predecessors on shortest paths, each with the arc
    /// (index into the CSR) it comes by.
    pub pred: Vec<Vec<(u32, usize)>>,
    /// Per vertex: σ, the number of shortest paths from the source.
    pub sigma: Vec<f64>,
}

/// The shortest-path DAG from `s` over `csr`: breadth-first without
/// lengths, Dijkstra with them (a tentative distance is `dist[u] + w`, and
/// an equal one, compared with `==` as NetworkX does, adds a predecessor).
pub(super) fn search(csr: &Csr, lengths: Option<&[f64]>, s: u32) -> Dag {
    let n = csr.nodes();
    let targets = csr.targets();
    let mut dag = Dag {
        stack: Vec::new(),
        pred: vec![Vec::new(); n],
        sigma: vec![0.0; n],
    };
    let mut dist = vec![f64::INFINITY; n];
    dist[s as usize] = 0.0;
    dag.sigma[s as usize] = 1.0;
    let Some(w) = lengths else {
        let mut queue = VecDeque::from([s]);
        while let Some(v) = queue.pop_front() {
            dag.stack.push(v);
            for i in csr.range(v) {
                let t = targets[i] as usize;
                if dist[t].is_infinite() {
                    dist[t] = dist[v as usize] + 1.0;
                    queue.push_back(t as u32);
                }
                if dist[t] == dist[v as usize] + 1.0 {
                    dag.sigma[t] += dag.sigma[v as usize];
                    dag.pred[t].push((v, i));
                }
            }
        }
        return dag;
    };
    let mut done = vec![false; n];
    let mut heap = BinaryHeap::from([Reverse((0f64.to_bits(), s))]);
    while let Some(Reverse((_, v))) = heap.pop() {
        if done[v as usize] {
            continue;
        }
        done[v as usize] = true;
        dag.stack.push(v);
        for i in csr.range(v) {
            let t = targets[i] as usize;
            if done[t] {
                continue;
            }
            let d = dist[v as usize] + w[i];
            if d < dist[t] {
                dist[t] = d;
                heap.push(Reverse((d.to_bits(), t as u32)));
                dag.sigma[t] = dag.sigma[v as usize];
                dag.pred[t] = vec![(v, i)];
            } else if d == dist[t] {
                dag.sigma[t] += dag.sigma[v as usize];
                dag.pred[t].push((v, i));
            }
        }
    }
    dag
}

/// Per reached vertex `t`, the mean number of arcs on the shortest paths
/// from the DAG's source to `t` (each path counted once: `h[t] = Σ_{v ∈
/// pred(t)} σ[v] · (h[v] + 1) / σ[t]`), in stack order. Unreached: 0.
/// Brandes' dependencies from a source sum to `Σ_t (h[t] − 1)` over the
/// vertices, and edge dependencies to `Σ_t h[t]` over the arcs: the
/// verifiers' totals, computed forward where the kernels go backward.
pub(super) fn mean_hops(dag: &Dag) -> Vec<f64> {
    let mut h = vec![0.0; dag.sigma.len()];
    for &t in &dag.stack[1..] {
        let t = t as usize;
        let paths: f64 = dag.pred[t]
            .iter()
            .map(|&(v, _)| dag.sigma[v as usize] * (h[v as usize] + 1.0))
            .sum();
        h[t] = paths / dag.sigma[t];
    }
    h
}
