//! What the device runs ([`supports`], [`Work`]) and the bytes it needs: what
//! a session allocates at open and where each run's compact output sits
//! ([`OutputShape`]), in bytes, checked against the session plan.
//!
//! Allocated once at open (resident mode; per run in host-orchestrated mode):
//! - graph: the CSR(s) the kernels read — forward offsets (u64), targets
//!   (u32) and labels (u32, labelled graphs only), plus the reverse CSR for
//!   directed graphs (weights are never uploaded);
//! - traversal state, sized by the graph alone because one sweep serves at
//!   most 64 queries and sweeps run one after another: `visited` (n u64),
//!   three rotating frontier arrays (3n u64), three queues (3n u32) — 44
//!   bytes per vertex — and the 32-word control block;
//! - query inputs: the plan's frontier bytes as u32 slots (sources, then sinks);
//! - outputs: the plan's output buffer bytes (one run's output, or every
//!   run's when the plan keeps all). A run's output is laid out as the
//!   profile counts it: summaries (3 u64 per query), reached sets (words(n)
//!   u64 per query, `keep_sets`), levels (n u32 per query, `keep_levels`),
//!   sink hits (one u32 per sink per query); for WCC, n u32 labels.

use dwell::analysis::{Direction, Query};
use dwell::analysis::{Requirements, SizeOverflow};
use dwell::graph::Graph;

/// Bytes of traversal state per vertex: visited + 3 frontiers (u64) + 3 queues (u32).
pub const STATE_BYTES_PER_VERTEX: u64 = 8 + 3 * 8 + 3 * 4;

fn mul(what: &'static str, a: u64, b: u64) -> Result<u64, SizeOverflow> {
    a.checked_mul(b).ok_or(SizeOverflow { what })
}
fn add(what: &'static str, a: u64, b: u64) -> Result<u64, SizeOverflow> {
    a.checked_add(b).ok_or(SizeOverflow { what })
}

/// Traversal state bytes for `n` vertices (plus the control block).
pub fn state_bytes(n: u64) -> Result<u64, SizeOverflow> {
    add(
        "device state bytes",
        mul("device state bytes", n, STATE_BYTES_PER_VERTEX)?,
        crate::kernels::CTRL_WORDS as u64 * 8,
    )
}

/// What the device runs for a query. This is the one place the backend
/// looks at a query's kind; everything after works from it.
#[derive(Debug, Clone, Copy)]
pub enum Work<'q> {
    /// BFS or reachability: the traversal kernels.
    Traverse(Traversal<'q>),
    /// Weak components: the hooking kernels.
    Wcc,
}

/// A batch traversal's parameters, BFS and reachability alike.
#[derive(Debug, Clone, Copy)]
pub struct Traversal<'q> {
    /// Reachability (sets, sinks, masks, direction) rather than BFS levels.
    pub reach: bool,
    pub sources: &'q [u32],
    pub sinks: &'q [u32],
    pub direction: Direction,
    /// Label mask (reachability); BFS follows every arc.
    pub mask: Option<u32>,
    pub keep_levels: bool,
    pub keep_sets: bool,
}

impl<'q> Work<'q> {
    /// The device work for `q`, or `None` when the device does not run it.
    pub fn of(q: &'q Query) -> Option<Work<'q>> {
        Some(match q {
            Query::Bfs(b) => Work::Traverse(Traversal {
                reach: false,
                sources: &b.sources,
                sinks: &[],
                direction: Direction::Forward,
                mask: None,
                keep_levels: b.keep_levels,
                keep_sets: false,
            }),
            Query::Reach(r) => Work::Traverse(Traversal {
                reach: true,
                sources: &r.sources,
                sinks: &r.sinks,
                direction: r.direction,
                mask: Some(r.mask),
                keep_levels: false,
                keep_sets: r.keep_sets,
            }),
            Query::Wcc => Work::Wcc,
            _ => return None,
        })
    }
}

/// Whether the device kernels answer `q`: BFS, reachability and WCC.
pub fn supports(q: &Query) -> bool {
    Work::of(q).is_some()
}

/// Why the device does not answer `q`, for the analyses with no device
/// kernel at all (the refusal ends in "Fix: use --backend cpu").
pub fn why_not(q: &Query) -> Option<&'static str> {
    match q {
        Query::PageRank(_) | Query::Triangles => {
            Some("the GAP kernels pagerank and triangles have no device kernel yet (the device runs bfs, reach and wcc)")
        }
        _ => None,
    }
}

/// What one run of `q` needs on the device (see the module header): the
/// generic graph and output figures; as frontier, the query inputs uploaded
/// each run (sources, then sinks, u32 each); as scratch, the traversal state
/// and control block, which every query uses.
pub fn requirements(g: &Graph, q: &Query) -> Result<Requirements, SizeOverflow> {
    let generic = q.footprint(g)?;
    let inputs = match Work::of(q) {
        Some(Work::Traverse(t)) => {
            add("input bytes", t.sources.len() as u64, t.sinks.len() as u64)?
        }
        Some(Work::Wcc) | None => 0,
    };
    Ok(Requirements {
        frontier_bytes: mul("input bytes", inputs, 4)?,
        scratch_bytes: state_bytes(g.nodes() as u64)?,
        ..generic
    })
}

/// Byte offsets of one run's output regions (all 8-aligned except levels/sinks,
/// which follow the u64 regions).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct OutputShape {
    pub queries: u64,
    pub summary: u64,
    pub sets: Option<u64>,
    pub levels: Option<u64>,
    pub sink_hits: u64,
    pub num_sinks: u64,
    /// WCC labels (n u32).
    pub labels: Option<u64>,
    pub total: u64,
}

impl OutputShape {
    /// Layout of `q`'s output on a graph of `n` vertices; `total` equals the
    /// profile's `output_bytes` for the same query.
    pub fn of(n: u64, q: &Query) -> Result<OutputShape, SizeOverflow> {
        let words = n.div_ceil(64);
        let (b, keep_sets, keep_levels, sinks) = match Work::of(q) {
            Some(Work::Traverse(t)) => (
                t.sources.len() as u64,
                t.keep_sets,
                t.keep_levels,
                t.sinks.len() as u64,
            ),
            Some(Work::Wcc) => {
                return Ok(OutputShape {
                    labels: Some(0),
                    total: mul("label bytes", n, 4)?,
                    ..Default::default()
                })
            }
            None => return Ok(OutputShape::default()),
        };
        let mut at = mul("output bytes", b, 24)?;
        let sets = if keep_sets {
            let s = at;
            at = add(
                "output bytes",
                at,
                mul("output bytes", mul("output bytes", b, words)?, 8)?,
            )?;
            Some(s)
        } else {
            None
        };
        let levels = if keep_levels {
            let s = at;
            at = add(
                "output bytes",
                at,
                mul("output bytes", mul("output bytes", b, n)?, 4)?,
            )?;
            Some(s)
        } else {
            None
        };
        let sink_hits = at;
        at = add(
            "output bytes",
            at,
            mul("output bytes", mul("output bytes", b, sinks)?, 4)?,
        )?;
        Ok(OutputShape {
            queries: b,
            summary: 0,
            sets,
            levels,
            sink_hits,
            num_sinks: sinks,
            labels: None,
            total: at,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dwell::analysis::{BfsQuery, Direction, PageRankQuery, ReachQuery};
    use dwell::graph::GraphBuilder;

    #[test]
    fn the_gap_kernels_are_refused_with_a_reason() {
        for q in [Query::PageRank(PageRankQuery::default()), Query::Triangles] {
            assert!(!supports(&q));
            assert!(why_not(&q).is_some_and(|w| w.contains("no device kernel")));
        }
    }

    fn chain(n: u64) -> dwell::graph::Graph {
        let mut b = GraphBuilder::new(true);
        for v in 0..n - 1 {
            b.push(v, v + 1).unwrap();
        }
        b.build().unwrap()
    }

    #[test]
    fn output_shape_matches_the_profile() {
        let g = chain(1000);
        let n = g.nodes() as u64;
        let queries = [
            Query::Bfs(BfsQuery {
                sources: (0..64).collect(),
                keep_levels: false,
            }),
            Query::Bfs(BfsQuery {
                sources: (0..130).collect(),
                keep_levels: true,
            }),
            Query::Reach(ReachQuery {
                sources: vec![1, 2, 3],
                direction: Direction::Backward,
                mask: 3,
                sinks: vec![5, 6, 7, 7],
                keep_sets: true,
            }),
            Query::Reach(ReachQuery {
                sources: vec![9],
                ..Default::default()
            }),
            Query::Wcc,
        ];
        for q in &queries {
            let l = OutputShape::of(n, q).unwrap();
            let r = q.footprint(&g).unwrap();
            assert_eq!(l.total, r.output_bytes, "{q:?}");
            for off in [l.sets, Some(l.summary)].into_iter().flatten() {
                assert_eq!(off % 8, 0);
            }
        }
        let l = OutputShape::of(n, &queries[2]).unwrap();
        assert_eq!(l.sets, Some(3 * 24));
        assert_eq!(l.sink_hits, 3 * 24 + 3 * 16 * 8);
    }

    #[test]
    fn state_is_44_bytes_per_vertex_plus_control() {
        assert_eq!(state_bytes(1000).unwrap(), 44_000 + 256);
        assert!(state_bytes(u64::MAX / 8).is_err());
    }
}

#[cfg(test)]
mod requirement_tests {
    use super::*;
    use dwell::analysis::{BfsQuery, ReachQuery};
    use dwell::graph::GraphBuilder;

    /// Plans derived with the cuda backend's requirements hold its traversal
    /// state and inputs; plans derived for the CPU layout may not.
    #[test]
    fn cuda_requirements_cover_state_and_inputs() {
        let mut b = GraphBuilder::new(true);
        for v in 0..999u64 {
            b.push(v, v + 1).unwrap();
        }
        let g = b.build().unwrap();
        let bfs = Query::Bfs(BfsQuery {
            sources: vec![0; 10],
            keep_levels: false,
        });
        let r = requirements(&g, &bfs).unwrap();
        assert_eq!(r.scratch_bytes, state_bytes(1000).unwrap());
        assert_eq!(r.frontier_bytes, 10 * 4);
        let generic = bfs.footprint(&g).unwrap();
        assert_eq!(
            (r.graph_bytes, r.output_bytes),
            (generic.graph_bytes, generic.output_bytes)
        );
        assert!(
            generic.scratch_bytes < r.scratch_bytes,
            "the CPU layout is smaller than the device state"
        );
        let reach = Query::Reach(ReachQuery {
            sources: vec![1, 2],
            sinks: vec![3, 4, 5],
            ..Default::default()
        });
        assert_eq!(requirements(&g, &reach).unwrap().frontier_bytes, 5 * 4);
        assert_eq!(requirements(&g, &Query::Wcc).unwrap().frontier_bytes, 0);
    }
}
