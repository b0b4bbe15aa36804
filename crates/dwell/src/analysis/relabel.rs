//! Queries and outputs across a [`Relabeled`] graph: vertex ids in a query
//! are renamed into the copy's ids, ids in an output back to the original's,
//! so a backend that runs on the copy answers as on the original (a taint
//! witness is a shortest path either way, not necessarily the same one).
//! Per-vertex arrays are permuted back; component labels are renumbered
//! canonically again. Dataflow problems are not renamed (their solver keeps
//! its own layout); callers run them on the original graph.

use super::components::{canonical, Components};
use super::{
    triangles, BetweennessQuery, BfsQuery, Output, PageRankQuery, Query, ReachQuery, SsspQuery,
    TaintQuery,
};
use crate::graph::order::Relabeled;
use crate::graph::{Graph, NO_VERTEX};

/// One undirected BFS keeping its levels runs on the graph itself up to
/// this many vertices (up to which a search's reached set is a byte per
/// vertex, `frontier::marks`).
const LEVELS_ON_GRAPH_MAX: usize = 1 << 17;

impl Relabeled {
    /// Does a query of this kind run on the copy of `g`? BFS, reach, taint,
    /// strong components, PageRank, triangles, SSSP and unweighted
    /// betweenness; not dataflow, weak components, one BFS source
    /// keeping levels on a small undirected graph, nor any analysis not listed.
    /// Weak components: their labels from the original come out canonical
    /// directly (Afforest and the sweep name each
    /// component by its smallest vertex), while the copy's must be permuted
    /// back and numbered again, which cost more than the grouping saved
    /// (2 threads, alternated: pgp-strong-2009 1.14x, cond-mat-2005 1.03x,
    /// email-Enron 1.00x faster on the graph itself).
    pub(crate) fn serves(q: &Query, g: &Graph) -> bool {
        match q {
            // One search keeping its levels: on a small undirected graph
            // permuting them back cost more than the grouping saved
            // (email-Enron 1.07x, cond-mat-2005 1.06x faster on the graph
            // itself, 2 threads); directed pgp-strong-2009 was faster on
            // the copy, and so is a large graph, whose reached set and
            // rows no longer stay in cache (GAPBS's kron18, undirected).
            Query::Bfs(b) if b.keep_levels && b.sources.len() == 1 => {
                g.is_directed() || g.nodes() > LEVELS_ON_GRAPH_MAX
            }
            Query::Bfs(_) | Query::Reach(_) | Query::Taint(_) | Query::Scc => true,
            // The hubs' contributions (PageRank) and rows and marks
            // (triangles) share cache lines on the copy: see BENCHMARKS,
            // issue 32 (kron18).
            Query::PageRank(_) | Query::Triangles => true,
            // SSSP's relaxations load the targets' distances; on the copy
            // the hubs' share cache lines. Not with parents: their tree
            // (the tight arcs' breadth-first one) follows the row order,
            // which the copy changes.
            Query::Sssp(s) => !s.parents,
            // The sweep's σ and δ rows of the hubs share cache lines on the
            // copy (64 sources, 1 thread: GAPBS's kron18 1.4-1.5x, cond-mat
            // 1.05x; BENCHMARKS, issue 32). Weighted: untried on the copy.
            Query::Betweenness(b) => !b.weighted,
            // Dataflow, weak components, and any analysis not listed here
            // (a new one runs on the graph itself until it is measured on
            // the copy and renamed below).
            _ => false,
        }
    }

    fn rename(&self, ids: &[u32]) -> Vec<u32> {
        ids.iter().map(|&v| self.new_id[v as usize]).collect()
    }

    fn restore(&self, ids: &mut [u32]) {
        for v in ids {
            *v = self.old_id[*v as usize];
        }
    }

    /// `q` in the copy's ids (a validated query: every id is in range).
    pub(crate) fn query_in(&self, q: &Query) -> Query {
        match q {
            Query::Bfs(b) => Query::Bfs(BfsQuery {
                sources: self.rename(&b.sources),
                ..b.clone()
            }),
            Query::Reach(r) => Query::Reach(ReachQuery {
                sources: self.rename(&r.sources),
                sinks: self.rename(&r.sinks),
                ..r.clone()
            }),
            Query::Taint(t) => Query::Taint(TaintQuery {
                sources: self.rename(&t.sources),
                sinks: self.rename(&t.sinks),
                sanitizers: self.rename(&t.sanitizers),
                ..t.clone()
            }),
            Query::PageRank(p) => Query::PageRank(PageRankQuery {
                personalization: p.personalization.as_ref().map(|w| self.per_new(w)),
                ..p.clone()
            }),
            Query::Sssp(s) => Query::Sssp(SsspQuery {
                sources: self.rename(&s.sources),
                ..s.clone()
            }),
            Query::Betweenness(b) => Query::Betweenness(BetweennessQuery {
                sources: b.sources.as_ref().map(|s| self.rename(s)),
                ..b.clone()
            }),
            // No vertex ids in the query.
            _ => q.clone(),
        }
    }

    /// An output computed on the copy, in the original's ids.
    pub(crate) fn output_out(&self, out: Output) -> Output {
        match out {
            Output::Bfs(mut rs) => {
                for r in &mut rs {
                    r.source = self.old_id[r.source as usize];
                    if let Some(l) = r.levels.as_mut() {
                        *l = self.per_vertex(l);
                    }
                }
                Output::Bfs(rs)
            }
            Output::Reach(mut rs) => {
                for r in &mut rs {
                    r.source = self.old_id[r.source as usize];
                    self.restore(&mut r.sinks_reached);
                    if let Some(s) = r.set.as_mut() {
                        *s = self.bitset(s);
                    }
                }
                Output::Reach(rs)
            }
            Output::Taint(mut rs) => {
                for r in &mut rs {
                    r.source = self.old_id[r.source as usize];
                    for f in &mut r.findings {
                        f.sink = self.old_id[f.sink as usize];
                        if let Some(p) = f.path.as_mut() {
                            self.restore(p);
                        }
                    }
                }
                Output::Taint(rs)
            }
            Output::Wcc(c) => Output::Wcc(self.components(&c)),
            Output::Scc(c) => Output::Scc(self.components(&c)),
            Output::PageRank(mut r) => {
                r.scores = self.per_vertex(&r.scores);
                Output::PageRank(r)
            }
            Output::Triangles(mut t) => {
                t.per_vertex = self.per_vertex(&t.per_vertex);
                t.clustering = self.per_vertex(&t.clustering);
                // Summed in the original's order, as on the graph itself,
                // so the figure is the same to the bit.
                t.average_clustering = triangles::average(&t.clustering);
                Output::Triangles(t)
            }
            Output::Sssp(mut r) => {
                for s in &mut r.sources {
                    s.source = self.old_id[s.source as usize];
                    s.dist = self.per_vertex(&s.dist);
                    // Not asked for on the copy (see `serves`); renamed if
                    // they were (the tree may differ from the original's).
                    if let Some(p) = s.parent.as_mut() {
                        *p = self.per_vertex(p);
                        for v in p.iter_mut().filter(|v| **v != NO_VERTEX) {
                            *v = self.old_id[*v as usize];
                        }
                    }
                }
                Output::Sssp(r)
            }
            Output::Betweenness(mut r) => {
                r.scores = self.per_vertex(&r.scores);
                Output::Betweenness(r)
            }
            // Never run on the copy (see `serves`).
            out => out,
        }
    }

    /// A per-vertex array indexed by new ids, re-indexed by original ids.
    fn per_vertex<T: Copy>(&self, by_new: &[T]) -> Vec<T> {
        self.new_id.iter().map(|&i| by_new[i as usize]).collect()
    }

    /// A per-vertex array indexed by original ids, re-indexed by new ids.
    fn per_new<T: Copy>(&self, by_old: &[T]) -> Vec<T> {
        self.old_id.iter().map(|&v| by_old[v as usize]).collect()
    }

    /// A vertex bitset over new ids, over original ids.
    fn bitset(&self, by_new: &[u64]) -> Vec<u64> {
        let mut out = vec![0u64; by_new.len()];
        for (v, &i) in self.new_id.iter().enumerate() {
            let bit = by_new[i as usize / 64] >> (i % 64) & 1;
            out[v / 64] |= bit << (v % 64);
        }
        out
    }

    fn components(&self, c: &Components) -> Components {
        canonical(&self.per_vertex(&c.labels))
    }
}
