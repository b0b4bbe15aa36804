//! The oracle (Dijkstra with a binary heap), the parent tree both kernels
//! derive from their distances, and the verifier (GAPBS `sssp.cc`'s
//! `SSSPVerifier` checks against a serial Dijkstra; this one checks the
//! answer's own invariants, so it needs no second solver).

use super::{Lengths, SourceDistances};
use crate::analysis::Violation;
use crate::graph::{Csr, NO_VERTEX};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

/// Dijkstra from `source`: settle vertices in order of distance (a lazy
/// binary heap keyed by the distance's bits, which order as the values for
/// non-negative floats).
pub(super) fn dijkstra<W: Lengths>(csr: &Csr, w: W, source: u32) -> Vec<f64> {
    let mut dist = vec![f64::INFINITY; csr.nodes()];
    let mut heap = BinaryHeap::new();
    dist[source as usize] = 0.0;
    heap.push(Reverse((0f64.to_bits(), source)));
    while let Some(Reverse((bits, u))) = heap.pop() {
        let du = f64::from_bits(bits);
        if du > dist[u as usize] {
            continue; // a stale heap entry
        }
        for i in csr.range(u) {
            let v = csr.targets()[i] as usize;
            let nd = du + w.at(i);
            if nd < dist[v] {
                dist[v] = nd;
                heap.push(Reverse((nd.to_bits(), v as u32)));
            }
        }
    }
    dist
}

/// The parent tree of `dist` from `source`: a breadth-first search over the
/// *tight* arcs (`dist[u] + w == dist[v]`), each vertex's parent the one
/// that found it first. A function of the distances, so both kernels give
/// the same tree; a search, not "any tight in-arc", because arcs of weight
/// 0 would let two vertices name each other. `parent[source] = source`,
/// unreached vertices [`NO_VERTEX`].
pub(super) fn tight_tree<W: Lengths>(csr: &Csr, w: W, source: u32, dist: &[f64]) -> Vec<u32> {
    let mut parent = vec![NO_VERTEX; csr.nodes()];
    parent[source as usize] = source;
    let mut queue = VecDeque::from([source]);
    while let Some(u) = queue.pop_front() {
        let du = dist[u as usize];
        for i in csr.range(u) {
            let v = csr.targets()[i];
            if parent[v as usize] == NO_VERTEX && du + w.at(i) == dist[v as usize] {
                parent[v as usize] = u;
                queue.push_back(v);
            }
        }
    }
    parent
}

/// Check one source's answer on `csr` (see the module doc of `sssp`).
pub(super) fn verify_one<W: Lengths>(
    csr: &Csr,
    w: W,
    r: &SourceDistances,
) -> Result<(), Violation> {
    let s = r.source;
    let bad = |m: String| Err(Violation::new(format!("sssp from {s}: {m}")));
    let n = csr.nodes();
    let d = &r.dist;
    if d.len() != n {
        return bad(format!("{} distances for {n} vertices", d.len()));
    }
    if let Some(v) = d
        .iter()
        .position(|x| x.is_nan() || *x < 0.0 || *x == f64::NEG_INFINITY)
    {
        return bad(format!("vertex {v} has distance {}", d[v]));
    }
    if d[s as usize] != 0.0 {
        return bad(format!("the source has distance {}", d[s as usize]));
    }
    // No arc can shorten a distance: d[v] ≤ d[u] + w for every arc.
    for u in 0..n as u32 {
        let du = d[u as usize];
        if du.is_infinite() {
            continue;
        }
        for i in csr.range(u) {
            let v = csr.targets()[i];
            if d[v as usize] > du + w.at(i) {
                return bad(format!(
                    "arc {u}→{v} (length {}) gives {v} the distance {} < its {}",
                    w.at(i),
                    du + w.at(i),
                    d[v as usize]
                ));
            }
        }
    }
    // Every finite distance is a path's length: the tight arcs reach it.
    let finite = d.iter().filter(|x| x.is_finite()).count();
    let tight = tight_tree(csr, w, s, d);
    let reached = tight.iter().filter(|&&p| p != NO_VERTEX).count();
    if reached != finite {
        let v = (0..n).find(|&v| d[v].is_finite() && tight[v] == NO_VERTEX);
        return bad(format!(
            "{finite} vertices have a finite distance but only {reached} lie on paths of that length (vertex {v:?} does not)"
        ));
    }
    if r.reached != finite as u64 {
        return bad(format!(
            "reports {} reached, {finite} distances are finite",
            r.reached
        ));
    }
    match &r.parent {
        Some(p) => verify_parents(csr, w, s, d, p, finite),
        None => Ok(()),
    }
}

/// A parent tree: the source its own parent, every reached vertex's parent
/// an in-neighbour by a tight arc, unreached ones without, and every reached
/// vertex hanging from the source (no cycle of weight-0 arcs).
fn verify_parents<W: Lengths>(
    csr: &Csr,
    w: W,
    s: u32,
    d: &[f64],
    parent: &[u32],
    finite: usize,
) -> Result<(), Violation> {
    let bad = |m: String| Err(Violation::new(format!("sssp from {s}: parent tree: {m}")));
    let n = csr.nodes();
    if parent.len() != n {
        return bad(format!("{} parents for {n} vertices", parent.len()));
    }
    if parent[s as usize] != s {
        return bad(format!("the source's parent is {}", parent[s as usize]));
    }
    let mut children: Vec<Vec<u32>> = vec![Vec::new(); n];
    for v in 0..n as u32 {
        let p = parent[v as usize];
        if v == s {
            continue;
        }
        if d[v as usize].is_infinite() {
            if p != NO_VERTEX {
                return bad(format!("unreached vertex {v} has parent {p}"));
            }
            continue;
        }
        if p as usize >= n {
            return bad(format!("reached vertex {v} has no parent ({p})"));
        }
        let row = csr.range(p);
        let Ok(k) = csr.targets()[row.clone()].binary_search(&v) else {
            return bad(format!("{v}'s parent {p} has no arc to it"));
        };
        if d[p as usize] + w.at(row.start + k) != d[v as usize] {
            return bad(format!("arc {p}→{v} is not tight"));
        }
        children[p as usize].push(v);
    }
    let (mut seen, mut stack) = (1usize, vec![s]);
    while let Some(u) = stack.pop() {
        for &c in &children[u as usize] {
            seen += 1;
            stack.push(c);
        }
    }
    if seen != finite {
        return bad(format!(
            "{seen} vertices hang from the source, {finite} are reached (a cycle of parents)"
        ));
    }
    Ok(())
}
