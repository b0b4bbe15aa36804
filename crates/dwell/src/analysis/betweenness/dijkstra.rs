//! Brandes on a Dijkstra search, one source at a time: weighted
//! betweenness, and edge betweenness (weighted or not), where the
//! bit-parallel sweep of `lanes.rs` has no levels to share or no per-arc
//! sums.
//!
//! # Encoding
//!
//! Per vertex `v`, for the current source:
//!
//! - `dist[v]`: the tentative, then final, distance (`f64::INFINITY`
//!   untouched), each a single `f64` sum `dist[u] + w` in the order the
//!   path runs, as NetworkX's `_single_source_dijkstra_path_basic` sums it;
//! - `rank[v]`: the position at which Dijkstra settled `v` ([`UNSETTLED`]
//!   before), so `order[rank[v]] == v`;
//! - `sigma[v]`: σ, the number of shortest paths, during the forward
//!   search: reset to `σ[u]` when `u` improves `dist[v]`, increased by
//!   `σ[u]` when `dist[u] + w == dist[v]` exactly (NetworkX's `==` on the
//!   same sums, so the same ties); once the backward pass is done with `v`,
//!   the ratio `(1 + δ[v]) / σ[v]` instead (the only value its
//!   predecessors read, one division per vertex).
//!
//! An arc `u → v` is on a shortest path when it is *tight*
//! (`dist[u] + w == dist[v]`) and `u` was settled first (`rank[u] <
//! rank[v]`): those arcs, and only those, gave `v` its σ, so the backward
//! pass walks the same DAG the forward search counted. With positive
//! lengths tightness alone implies the order, unless a length is below
//! half an ulp of the distance it is added to (the sum then equals
//! `dist[u]`); the rank keeps even that case a DAG, where NetworkX's
//! answer depends on its heap order. Zero lengths are refused before a
//! kernel runs (`Betweenness::validate`): with them shortest paths tie
//! in cycles and σ is not defined.

use super::super::footprint::{self, SizeOverflow};
use super::super::sssp::Lengths;
use crate::graph::Csr;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// `rank` of a vertex not (yet) settled.
const UNSETTLED: u32 = u32::MAX;

/// Bytes a [`Search`] holds at most on a graph of `n` vertices and `m`
/// arcs: per vertex dist, σ (8 each), rank and its place in `order` (4
/// each); the heap's entries (16 bytes) are at most one per improvement,
/// so one per arc and the source's.
pub(super) fn bytes(n: u64, m: u64) -> Result<u64, SizeOverflow> {
    footprint::sum(
        "scratch bytes",
        &[
            footprint::product("scratch bytes", &[n, 24])?,
            footprint::product("scratch bytes", &[m.saturating_add(1), 16])?,
        ],
    )
}

/// Where a search's dependencies go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Sums {
    /// One score per vertex, `δ[v]` (plus one per reached pair with
    /// `endpoints`), the source itself aside.
    Vertices { endpoints: bool },
    /// One score per arc of the CSR, `σ[u] / σ[v] · (1 + δ[v])` on each
    /// arc `u → v` of a shortest path (NetworkX's `_accumulate_edges`'s
    /// `c`).
    Arcs,
}

/// One thread's search scratch, clean between sources.
pub(super) struct Search {
    dist: Vec<f64>,
    sigma: Vec<f64>,
    rank: Vec<u32>,
    order: Vec<u32>,
    heap: BinaryHeap<Reverse<(u64, u32)>>,
}

impl Search {
    pub(super) fn new(n: usize) -> Search {
        Search {
            dist: vec![f64::INFINITY; n],
            sigma: vec![0.0; n],
            rank: vec![UNSETTLED; n],
            order: Vec::new(),
            heap: BinaryHeap::new(),
        }
    }

    /// Brandes from each of `batch` in turn, adding into `out` (n scores
    /// or one per arc, as `sums` says).
    pub(super) fn run<L: Lengths>(
        &mut self,
        csr: &Csr,
        w: L,
        batch: &[u32],
        sums: Sums,
        out: &mut [f64],
    ) {
        for &s in batch {
            self.forward(csr, w, s);
            self.backward(csr, w, s, sums, out);
            if let Sums::Vertices { endpoints: true } = sums {
                out[s as usize] += (self.order.len() - 1) as f64;
            }
            self.clear();
        }
    }

    /// Dijkstra from `s` with a lazy binary heap keyed by the distance's
    /// bits (they order as the values for non-negative floats), counting σ;
    /// with unit lengths, breadth-first: `order` is the queue (a vertex is
    /// settled when dequeued, in the order it was found), the same σ and
    /// settle order without a heap.
    fn forward<L: Lengths>(&mut self, csr: &Csr, w: L, s: u32) {
        let Search {
            dist,
            sigma,
            rank,
            order,
            heap,
        } = self;
        let targets = csr.targets();
        dist[s as usize] = 0.0;
        sigma[s as usize] = 1.0;
        let mut head = 0;
        if L::UNIT {
            order.push(s);
        } else {
            heap.push(Reverse((0f64.to_bits(), s)));
        }
        loop {
            let u = if L::UNIT {
                let Some(&u) = order.get(head) else { break };
                rank[u as usize] = head as u32;
                head += 1;
                u
            } else {
                let Some(Reverse((_, u))) = heap.pop() else {
                    break;
                };
                if rank[u as usize] != UNSETTLED {
                    continue; // a stale entry: settled by a shorter one
                }
                rank[u as usize] = order.len() as u32;
                order.push(u);
                u
            };
            let (du, su) = (dist[u as usize], sigma[u as usize]);
            for i in csr.range(u) {
                let v = targets[i] as usize;
                if rank[v] != UNSETTLED {
                    continue;
                }
                let nd = du + w.at(i);
                if nd < dist[v] {
                    dist[v] = nd;
                    sigma[v] = su;
                    if L::UNIT {
                        order.push(v as u32);
                    } else {
                        heap.push(Reverse((nd.to_bits(), v as u32)));
                    }
                } else if nd == dist[v] {
                    sigma[v] += su;
                }
            }
        }
    }

    /// Dependencies in reverse settle order: each vertex's from its tight
    /// successors' ratios.
    fn backward<L: Lengths>(&mut self, csr: &Csr, w: L, s: u32, sums: Sums, out: &mut [f64]) {
        let Search {
            dist,
            sigma,
            rank,
            order,
            ..
        } = self;
        let targets = csr.targets();
        let one = match sums {
            Sums::Vertices { endpoints: true } => 1.0,
            _ => 0.0,
        };
        for &u in order.iter().rev() {
            let (du, su, ru) = (dist[u as usize], sigma[u as usize], rank[u as usize]);
            let mut ratios = 0.0;
            for i in csr.range(u) {
                let v = targets[i] as usize;
                // An unsettled v has rank UNSETTLED but distance ∞: never tight.
                if rank[v] > ru && du + w.at(i) == dist[v] {
                    ratios += sigma[v];
                    if sums == Sums::Arcs {
                        out[i] += su * sigma[v];
                    }
                }
            }
            let dep = su * ratios;
            sigma[u as usize] = (1.0 + dep) / su;
            if u != s {
                if let Sums::Vertices { .. } = sums {
                    out[u as usize] += dep + one;
                }
            }
        }
    }

    /// Reset what the search touched: every vertex it touched it settled.
    fn clear(&mut self) {
        for &v in &self.order {
            let v = v as usize;
            (self.dist[v], self.sigma[v], self.rank[v]) = (f64::INFINITY, 0.0, UNSETTLED);
        }
        self.order.clear();
        self.heap.clear();
    }
}
