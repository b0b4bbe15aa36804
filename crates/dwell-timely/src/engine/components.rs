//! Components on the dataflow: WCC (each worker's own vertices joined
//! first, then labels exchanged over the arcs that leave it) and SCC
//! (trimming, forward min-colouring, backward collection per colour), both
//! gathered on process 0 and numbered canonically as they arrive. The
//! module documentation of [`super`] says how rounds and windows work.

use super::rounds::{Op, Walk};
use super::{Arcs, Engine, Lost, COUNT, LABEL, TALLY};
use crate::shard::{Cursor, Placement};
use dwell::analysis::components::frequent_root;
use dwell::analysis::Components;
use dwell::graph::NO_VERTEX;
use std::sync::Arc;
use timely::worker::Worker;

/// Number the components of `ids[range]` canonically, in place: every
/// `ids[v]` is the smallest vertex of `v`'s component (min-label
/// propagation's fixpoint; SCC's roots), and every vertex below `range` is
/// numbered already. A vertex that is its own label opens the next
/// component; any other takes its label's number, given when that smaller
/// vertex was passed. `sizes[c]` counts component `c`'s vertices (at most
/// `n`, so a `u32`). This is
/// [`canonical`](dwell::analysis::components::canonical)'s numbering (components in
/// order of their smallest vertex) without its `n`-sized map and copy.
fn number_window(ids: &mut [u32], range: std::ops::Range<usize>, sizes: &mut Vec<u32>) {
    for v in range {
        let l = ids[v] as usize;
        let c = if l == v {
            sizes.push(0);
            sizes.len() - 1
        } else {
            // A label above its vertex would not be numbered yet: a bug in
            // the propagation, never bad input.
            assert!(
                l < v,
                "vertex {v} has the label {l}, not its component's smallest vertex"
            );
            ids[l] as usize
        };
        ids[v] = c as u32;
        sizes[c] += 1;
    }
}

/// One worker's vertices joined along the arcs between two of them, by a
/// union-find run once per query: WCC then exchanges labels only over the
/// arcs that leave the worker, and a single worker needs no round at all.
/// Indices are local ([`Placement::local`]).
struct Groups {
    /// Each vertex's group root: the group's smallest vertex.
    root: Vec<u32>,
}

impl Groups {
    /// Give every member its root's label.
    fn spread(&self, label: &mut [u32]) {
        for (i, &r) in self.root.iter().enumerate() {
            label[i] = label[r as usize];
        }
    }

    /// Afforest's order (as `dwell::analysis::components`): link every
    /// vertex's first two arcs within the worker, find the largest group
    /// from a sample, then link all arcs of the vertices outside it only.
    /// An arc skipped from a vertex in that group is linked from its other
    /// end (rows hold both directions: an undirected graph's rows are
    /// symmetric, a directed one's WCC walks out- and in-rows), unless that
    /// end is in the group too; so on R-MAT most arcs are read once and
    /// never looked up.
    fn join(placement: Placement, me: usize, n: usize, rows: &[&Arcs]) -> Groups {
        let owned = placement.owned_count(me, n);
        // Local indices of vertex ids fit a u32.
        let mut root: Vec<u32> = (0..owned as u32).collect();
        fn find(root: &mut [u32], mut i: u32) -> u32 {
            while root[i as usize] != i {
                let up = root[root[i as usize] as usize];
                root[i as usize] = up;
                i = up;
            }
            i
        }
        // The smaller index (the smaller vertex) stays the root.
        fn union(root: &mut [u32], a: u32, b: u32) {
            let (a, b) = (find(root, a), find(root, b));
            root[a.max(b) as usize] = a.min(b);
        }
        let within = |x: u32| (placement.worker_of(x) == me).then(|| placement.local(x) as u32);
        // Link vertex `v` (index `i`) to at most `limit` of its arcs within the worker.
        let link = |root: &mut [u32], i: u32, v: u32, mut limit: usize| {
            for arcs in rows {
                arcs.scan(v, &mut Cursor::default(), u32::MAX, |x, _| {
                    // The limit first: past it, an arc is not placed at all.
                    if limit == 0 {
                        return;
                    }
                    if let Some(j) = within(x) {
                        union(root, i, j);
                        limit -= 1;
                    }
                });
            }
        };
        fn flatten(root: &mut [u32]) {
            for i in 0..root.len() as u32 {
                root[i as usize] = find(root, i);
            }
        }
        for (i, v) in placement.owned(me, n).enumerate() {
            link(&mut root, i as u32, v, 2);
        }
        flatten(&mut root);
        let giant = (owned > 0).then(|| frequent_root(owned, |k| root[k]).0);
        for (i, v) in placement.owned(me, n).enumerate() {
            if let Some(g) = giant {
                if find(&mut root, i as u32) == find(&mut root, g) {
                    continue;
                }
            }
            link(&mut root, i as u32, v, usize::MAX);
        }
        flatten(&mut root);
        Groups { root }
    }
}

impl Engine {
    /// Weak components: this worker's vertices joined along the arcs
    /// between two of them first ([`Groups`]), then min-label propagation
    /// over the arcs that leave the worker, a group's label moving as one;
    /// `None` on workers other than the lead.
    pub(super) fn wcc(&mut self, worker: &mut Worker) -> Result<Option<Components>, Lost> {
        let g = Arc::clone(&self.g);
        let n = g.nodes();
        let both = [g.fwd(), g.rev()];
        let rows: &[&Arcs] = if g.directed { &both } else { &both[..1] };
        let groups = Groups::join(self.placement, self.me, n, rows);
        let mut label: Vec<u32> = self.placement.owned(self.me, n).collect();
        self.min_labels(worker, &mut label, |_| true, rows, Some(&groups))?;
        self.gather_labels(worker, &label)
    }

    /// What an analysis stopped by a cancel answers instead of gathering
    /// labels it did not finish (every worker skips the gather alike).
    fn stopped_components(&self) -> Option<Components> {
        self.lead.then(|| Components {
            count: 0,
            largest: 0,
            labels: Vec::new(),
        })
    }

    /// Min-label propagation to a fixpoint. `label` holds one label per
    /// vertex of this worker ([`Placement::owned`] order), each its own id to
    /// start; every vertex for which `live` holds (by its local index) ends
    /// with the smallest id among the live vertices that reach it along
    /// `rows`. WCC runs it over both arc directions, SCC's colouring over
    /// forward arcs among the vertices not yet in a component.
    ///
    /// With `groups` (every vertex live, arcs taken both ways), a group's
    /// label lives at its root: it starts as the root's id (the group's
    /// smallest), arcs within a group carry nothing, and a label that
    /// lowers a root is sent on from every member.
    fn min_labels(
        &mut self,
        worker: &mut Worker,
        label: &mut [u32],
        live: impl Fn(usize) -> bool,
        rows: &[&Arcs],
        groups: Option<&Groups>,
    ) -> Result<(), Lost> {
        let n = self.g.nodes();
        let placement = self.placement;
        let me = self.me;
        let root = |i: usize| groups.map_or(i, |g| g.root[i] as usize);
        if let Some(g) = groups.filter(|_| placement.peers() == 1) {
            // Every arc is within the worker: the groups are the answer.
            g.spread(label);
            return Ok(());
        }
        // Vertices whose label is to be sent, with that label.
        let mut send: Vec<(u32, u32)> = placement
            .owned(me, n)
            .enumerate()
            .filter(|&(i, _)| live(i))
            .map(|(i, v)| (v, label[root(i)]))
            .collect();
        loop {
            let (items, values): (Vec<u32>, Vec<u32>) = send.drain(..).unzip();
            let mut walk = Walk::new(rows, items);
            // Live vertices (or group roots) whose label fell.
            let mut changed = Vec::new();
            let r = self.round(
                worker,
                Op::Min,
                1,
                Vec::new(),
                Vec::new(),
                |hi, win| {
                    walk.window(hi, |k, _, _, x, _| {
                        let l = values[k];
                        // Groups hold every arc within the worker.
                        let within = groups.is_some() && placement.worker_of(x) == me;
                        if l < x && !within {
                            win.add(x, 0, u64::from(l));
                        }
                    });
                },
                |(x, _, l)| {
                    let i = root(placement.local(x));
                    if live(i) && (l as u32) < label[i] {
                        label[i] = l as u32;
                        changed.push(i as u32);
                    }
                },
            )?;
            if r.total == 0 || self.stopped {
                break;
            }
            changed.sort_unstable();
            changed.dedup();
            let vertex = |i: usize| placement.vertex(me, i);
            send = match groups {
                None => changed
                    .into_iter()
                    .map(|i| (vertex(i as usize), label[i as usize]))
                    .collect(),
                Some(g) => {
                    // Every member of a group whose label fell, in vertex
                    // order, so the next round reads rows front to back.
                    let mut fell = vec![false; g.root.len()];
                    for r in changed {
                        fell[r as usize] = true;
                    }
                    g.root
                        .iter()
                        .enumerate()
                        .filter(|&(_, &r)| fell[r as usize])
                        .map(|(i, &r)| (vertex(i), label[r as usize]))
                        .collect()
                }
            };
        }
        if let Some(g) = groups {
            g.spread(label);
        }
        Ok(())
    }

    /// Send `label` (one per vertex of this worker, in [`Placement::owned`]
    /// order; each its component's smallest vertex) to worker 0, a window
    /// of vertices per epoch. Worker 0 numbers them canonically as each
    /// window arrives ([`number_window`]) and returns the components; the
    /// other leads return an empty answer that [`Engine::run`] fills with
    /// process 0's summary; other workers `None`.
    fn gather_labels(
        &mut self,
        worker: &mut Worker,
        label: &[u32],
    ) -> Result<Option<Components>, Lost> {
        if self.stopped {
            return Ok(self.stopped_components());
        }
        let n = self.g.nodes();
        let (width, count) = self.windows(1);
        let first = self.me == 0;
        let mut ids = if first {
            vec![NO_VERTEX; n]
        } else {
            Vec::new()
        };
        let mut sizes: Vec<u32> = Vec::new();
        let mut mine = self.placement.owned(self.me, n).zip(label).peekable();
        for c in 0..count {
            let lo = c * width;
            let hi = ((c + 1) * width).min(n);
            let mut answers = Vec::new();
            while let Some((v, &l)) = mine.next_if(|&(v, _)| (v as usize) < hi) {
                answers.push((LABEL, v, u64::from(l)));
            }
            let e = self.epoch(worker, 0, Vec::new(), answers)?;
            if first {
                for (k, v, l) in e.answers {
                    if k == LABEL {
                        ids[v as usize] = l as u32;
                    }
                }
                number_window(&mut ids, lo..hi, &mut sizes);
            }
        }
        self.rounds += 1;
        Ok(self.lead.then(|| Components {
            count: sizes.len() as u64,
            largest: sizes.iter().copied().max().map_or(0, u64::from),
            labels: ids,
        }))
    }

    /// Strong components of a directed graph; `None` on workers other than
    /// the lead. Repeats, until no vertex is left:
    ///
    /// 1. Trimming: a live vertex with no live in-arc or no live out-arc
    ///    (self-loops aside) is a component alone. Each vertex counts its
    ///    live in- and out-arcs; a vertex that leaves (trimmed, or found in
    ///    step 3) tells the heads of its out-arcs and the tails of its
    ///    in-arcs, whose counts drop, until no count reaches zero.
    /// 2. Colouring: every live vertex takes the smallest live id that
    ///    reaches it along live arcs (min-label propagation forward, as
    ///    WCC's but one way). A vertex whose colour is its own id is a root.
    /// 3. Each root `r` collects its component backward over in-arcs,
    ///    through the live vertices coloured `r`: exactly those that `r`
    ///    reaches and that reach `r`. They leave the graph. A live tail
    ///    `u` of an arc into a vertex coloured `c` has a colour of at least
    ///    `c` (what reaches `u` reaches its head), so of the colours sent
    ///    to `u` only the largest can be its own: they combine by maximum.
    ///
    /// Every round at least the smallest live vertex's component leaves
    /// (it is a root), and removing whole components never changes the
    /// components of the rest. This is the coloring algorithm of Orzan
    /// (2004) with the trimming of McLendon et al. (2005), as in Slota,
    /// Rajamanickam and Madduri's Multistep (IPDPS 2014).
    pub(super) fn scc(&mut self, worker: &mut Worker) -> Result<Option<Components>, Lost> {
        const IN_ARC: u32 = 0;
        const OUT_ARC: u32 = 1;
        let g = Arc::clone(&self.g);
        let n = g.nodes();
        let (fwd, rev) = (g.fwd(), g.rev());
        let placement = self.placement;
        let owned: Vec<u32> = placement.owned(self.me, n).collect();
        let mut deg_in: Vec<u64> = owned.iter().map(|&v| rev.others(v)).collect();
        let mut deg_out: Vec<u64> = owned.iter().map(|&v| fwd.others(v)).collect();
        // The component's root per vertex; NO_VERTEX while the vertex is live.
        let mut comp = vec![NO_VERTEX; owned.len()];
        let mut live = owned.len() as u64;
        let mut dying: Vec<u32> = owned
            .iter()
            .zip(deg_in.iter().zip(&deg_out))
            .filter(|(_, (&i, &o))| i == 0 || o == 0)
            .map(|(&v, _)| v)
            .collect();
        // Vertices whose component was found and whose neighbours are not
        // yet told.
        let mut gone: Vec<u32> = Vec::new();
        let both = [fwd, rev];
        loop {
            let everyone_left = loop {
                for &v in &dying {
                    comp[placement.local(v)] = v;
                }
                gone.append(&mut dying);
                live -= gone.len() as u64;
                let mut walk = Walk::new(&both, std::mem::take(&mut gone));
                let r = self.round(
                    worker,
                    Op::Sum,
                    2,
                    vec![(COUNT, TALLY, live)],
                    Vec::new(),
                    |hi, win| {
                        walk.window(hi, |_, v, side, x, _| {
                            if x != v {
                                // The head of an out-arc loses an in-arc.
                                win.add(x, if side == 0 { IN_ARC } else { OUT_ARC }, 1);
                            }
                        });
                    },
                    |(x, kind, count)| {
                        let i = placement.local(x);
                        if comp[i] != NO_VERTEX {
                            return;
                        }
                        let d = if kind == IN_ARC {
                            &mut deg_in[i]
                        } else {
                            &mut deg_out[i]
                        };
                        *d -= count;
                        if *d == 0 {
                            dying.push(x);
                        }
                    },
                )?;
                if self.stopped {
                    break true;
                }
                if r.total == 0 {
                    // Nothing moved: the tally is every worker's live count.
                    break r.tally == 0;
                }
                dying.sort_unstable();
                dying.dedup();
            };
            if everyone_left {
                break;
            }
            // Colouring.
            let mut colour: Vec<u32> = owned.clone();
            let uncovered = |i: usize| comp[i] == NO_VERTEX;
            self.min_labels(worker, &mut colour, uncovered, &both[..1], None)?;
            // Each root collects its component backward.
            let mut found: Vec<u32> = Vec::new();
            for (i, &v) in owned.iter().enumerate() {
                if comp[i] == NO_VERTEX && colour[i] == v {
                    comp[i] = v;
                    found.push(v);
                }
            }
            loop {
                gone.extend_from_slice(&found);
                let mut walk = Walk::new(&both[1..], std::mem::take(&mut found));
                let r = self.round(
                    worker,
                    Op::Max,
                    1,
                    Vec::new(),
                    Vec::new(),
                    |hi, win| {
                        walk.window(hi, |_, x, _, u, _| {
                            win.add(u, 0, u64::from(colour[placement.local(x)]));
                        });
                    },
                    |(u, _, c)| {
                        let i = placement.local(u);
                        if comp[i] == NO_VERTEX && colour[i] == c as u32 {
                            comp[i] = c as u32;
                            found.push(u);
                        }
                    },
                )?;
                if r.total == 0 || self.stopped {
                    break;
                }
            }
            // The next trimming tells `gone`'s neighbours.
        }
        self.gather_labels(worker, &comp)
    }
}
