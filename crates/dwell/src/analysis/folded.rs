//! Single-source BFS summaries (and so reachability counts) over a
//! [`Folded`] graph: the search walks the
//! core and adds each reached root's hanging parts from its [`Hang`]
//! instead of walking them (see [`crate::graph::fold`]).
//!
//! A source in the core runs one core search, tallying the [`Hang`] of every
//! core vertex it reaches, at that vertex's level. A source in a hanging
//! part first walks its region (the parts of its root, and the root) with a
//! plain BFS over the original arcs; if it reaches the root, at depth `d`,
//! the core search from the root counts too, shifted by `d`, without the
//! root's own parts (the walk counted them, at their true distances: a path
//! that leaves the region leaves through the root and can only come back
//! through it). A source in a tree component walks its component and is
//! done. A batch runs each distinct core search once.
//!
//! Only the summary is produced (reached count, level sum, deepest level):
//! no levels and no reached set, which would take the walk that folding
//! saves. Equal to an unfolded search by construction; property tests check
//! it against the reference oracle.

use super::frontier::{Lane, ParentScratch, Search, SingleScratch, Tally, TALLY_CHUNK};
use super::{Ctx, Direction, Query, ReachQuery};
use crate::graph::fold::{Folded, Hang, HANG_SUMS};
use crate::graph::{Csr, Graph, NO_VERTEX};
use crate::progress::{Steps, Stop};
use rayon::prelude::*;

impl Folded {
    /// Does `q` run over a fold of `g`? Queries that want only summaries:
    /// BFS without levels, and forward reachability counts (no sinks, no
    /// sets) on an unlabelled graph, where every mask follows every arc.
    pub(crate) fn serves(q: &Query, g: &Graph) -> bool {
        match q {
            Query::Bfs(b) => !b.keep_levels,
            Query::Reach(r) => Folded::serves_reach(r, g),
            _ => false,
        }
    }

    pub(crate) fn serves_reach(r: &ReachQuery, g: &Graph) -> bool {
        r.direction == Direction::Forward && r.sinks.is_empty() && !r.keep_sets && !g.has_labels()
    }
}

// A tally's packed sums hold the chunks it is given.
const _: () = assert!(TALLY_CHUNK <= HANG_SUMS);

/// Adds the hanging parts of the core vertices a search reaches; the
/// source's own (level 0) apart, since a search from its region counts
/// them itself.
#[derive(Default)]
struct HangTally<'a> {
    /// [`Folded::rows`].
    rows: &'a [u64],
    /// The source's own parts: count, depth sum, height.
    own: (u64, u64, u32),
    // The open level.
    count: u64,
    depth_sum: u64,
    height: u32,
    // Closed levels.
    reached: u64,
    level_sum: u64,
    max_level: u32,
}

impl Tally for HangTally<'_> {
    /// The open level's packed count and depth sums ([`Hang::summable`])
    /// and height so far: callers fold at most [`TALLY_CHUNK`] vertices
    /// into one.
    type Acc = (u64, u32);

    /// `v`'s row bounds and hang, from its row word and the next one's;
    /// `out` (the core CSR) holds the same offsets.
    #[inline(always)]
    fn row(&self, _out: &Csr, v: u32, (sums, height): Self::Acc) -> (usize, usize, Self::Acc) {
        let (x, y) = (self.rows[v as usize], self.rows[v as usize + 1]);
        let word = (x >> 32) as u32;
        (
            x as u32 as usize,
            y as u32 as usize,
            (sums + Hang::summable(word), height.max(Hang::height(word))),
        )
    }

    fn merge(&mut self, (sums, height): Self::Acc) {
        let (count, depth_sum) = Hang::sums(sums);
        self.count += count;
        self.depth_sum += depth_sum;
        self.height = self.height.max(height);
    }

    fn close(&mut self, level: u32) {
        if level == 0 {
            self.own = (self.count, self.depth_sum, self.height);
        } else if self.count > 0 {
            self.reached += self.count;
            self.level_sum += u64::from(level) * self.count + self.depth_sum;
            // Both below the vertex count, a u32.
            self.max_level = self.max_level.max(level + self.height);
        }
        (self.count, self.depth_sum, self.height) = (0, 0, 0);
    }
}

/// The summaries of BFS from each of `sources` over `out` (the graph
/// `fold` folds), in order, as unfolded searches would give them. `core`
/// searches `fold.core`. Sources that start the core search at the same
/// vertex (a core vertex, and sources in the regions hanging from it) share
/// one: all of a road network's vertices as sources need only as many core
/// searches as it has core vertices.
pub(crate) fn searches(
    out: &Csr,
    fold: &Folded,
    core: &Search<'_>,
    sources: &[u32],
    ctx: &Ctx<'_>,
) -> Vec<Lane> {
    // Where each source's core search starts: itself, or its region's root.
    let start = |src: u32| {
        let c = fold.core_id[src as usize];
        if c != NO_VERTEX {
            return Some(c);
        }
        let root = fold.core_id[fold.region[src as usize] as usize];
        (root != NO_VERTEX).then_some(root)
    };
    // Group the sources by start (sources with none, in tree components,
    // each alone) and run the groups in parallel: a group's core search,
    // then each member's own walk.
    let mut keyed: Vec<(u32, usize)> = sources
        .iter()
        .enumerate()
        .map(|(i, &v)| (start(v).unwrap_or(NO_VERTEX), i))
        .collect();
    keyed.sort_unstable();
    let mut groups: Vec<&[(u32, usize)]> = keyed
        .chunk_by(|a, b| a.0 == b.0 && a.0 != NO_VERTEX)
        .collect();
    // In the sources' own order: sorted by start, 64 random Bremen sources
    // ran 10% slower (the cheap searches of its small component sat
    // together, and rayon's splits did not even the threads out).
    groups.sort_unstable_by_key(|g| g[0].1);
    let done = Steps::new(ctx.progress(), "sources", sources.len() as u64);
    let parts: Vec<Vec<(usize, Lane)>> = groups
        .par_iter()
        .map_init(
            || {
                (
                    ctx.single_scratch(fold.core.nodes()),
                    ctx.parent_scratch(out.nodes()),
                )
            },
            |(s, local), group| {
                let c = group[0].0;
                let lanes = (c != NO_VERTEX).then(|| {
                    ctx.pass();
                    from_core(fold, core, c, s)
                });
                let part = group
                    .iter()
                    .map(|&(_, i)| {
                        (
                            i,
                            summary(out, fold, sources[i], lanes.as_ref(), ctx, local),
                        )
                    })
                    .collect();
                done.add(group.len() as u64);
                part
            },
        )
        .collect();
    let mut lanes = vec![Lane::default(); sources.len()];
    for (i, lane) in parts.into_iter().flatten() {
        lanes[i] = lane;
    }
    lanes
}

/// The summary of a BFS from `src`, given the core search from its start
/// (`None` when it has none: a vertex of a tree component).
fn summary(
    out: &Csr,
    fold: &Folded,
    src: u32,
    lanes: Option<&CoreLanes>,
    ctx: &Ctx<'_>,
    local: &mut ParentScratch,
) -> Lane {
    if fold.core_id[src as usize] != NO_VERTEX {
        return lanes
            .expect("a core source starts the core search")
            .with_own
            .clone();
    }
    ctx.pass();
    let region = fold.region[src as usize];
    let root = (fold.core_id[region as usize] != NO_VERTEX).then_some(region);
    let (walked, root_depth) = walk_region(out, &fold.region, src, root, ctx.stop(), local);
    let (Some(d), Some(lanes)) = (root_depth, lanes) else {
        return walked;
    };
    let rest = &lanes.without_own;
    Lane {
        reached: walked.reached + rest.reached,
        level_sum: walked.level_sum + rest.level_sum + u64::from(d) * rest.reached,
        max_level: walked.max_level.max(d + rest.max_level),
        ..Lane::default()
    }
}

/// A core search's summary, with the start's own hanging parts (for a
/// source at the start) and without them (for sources in its regions,
/// whose walk counts them).
struct CoreLanes {
    with_own: Lane,
    without_own: Lane,
}

/// The core search from core vertex `c`, hanging parts added.
fn from_core(fold: &Folded, core: &Search<'_>, c: u32, s: &mut SingleScratch) -> CoreLanes {
    let mut t = HangTally {
        rows: &fold.rows,
        ..HangTally::default()
    };
    let (lane, _) = core.single_tallied(c, false, usize::MAX, &mut t, s);
    let without_own = Lane {
        reached: lane.reached + t.reached,
        level_sum: lane.level_sum + t.level_sum,
        max_level: lane.max_level.max(t.max_level),
        ..Lane::default()
    };
    // The start's own parts hang at level 0: their depths are their levels.
    let (count, depth_sum, height) = t.own;
    let with_own = Lane {
        reached: without_own.reached + count,
        level_sum: without_own.level_sum + depth_sum,
        max_level: without_own.max_level.max(height),
        ..Lane::default()
    };
    CoreLanes {
        with_own,
        without_own,
    }
}

/// BFS from `src` over the vertices of its region (`region[w]` equal to
/// `src`'s), which include the root, if any. Returns the summary of the
/// region's vertices other than the root, and the root's depth if reached.
fn walk_region(
    out: &Csr,
    region: &[u32],
    src: u32,
    root: Option<u32>,
    stop: Stop<'_>,
    s: &mut ParentScratch,
) -> (Lane, Option<u32>) {
    let name = region[src as usize];
    let mut lane = Lane::default();
    let mut root_depth = None;
    s.parent[src as usize] = src;
    s.queue.push(src);
    let (mut head, mut level) = (0, 0u32);
    // Every marked vertex is queued, so `reset` clears a walk a stop
    // request ended early too.
    while head < s.queue.len() && !stop.requested() {
        let end = s.queue.len();
        for i in head..end {
            let v = s.queue[i];
            if Some(v) == root {
                root_depth = Some(level);
            } else {
                lane.reached += 1;
                lane.level_sum += u64::from(level);
                lane.max_level = level;
            }
            for &w in out.neighbors(v) {
                if region[w as usize] == name && s.parent[w as usize] == NO_VERTEX {
                    s.parent[w as usize] = v;
                    s.queue.push(w);
                }
            }
        }
        head = end;
        level += 1;
    }
    s.reset();
    (lane, root_depth)
}
