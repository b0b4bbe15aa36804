//! The Andersen solver: a worklist over constraint-graph nodes with
//! difference propagation (a node hands on only what it gained since its
//! last visit), complex constraints (loads, stores, field offsets, indirect
//! calls) turned into copy edges as pointer sets grow, and
//! lazy cycle detection (Hardekopf & Lin, PLDI'07): when an edge's two ends
//! hold equal sets after a propagation, look once for a cycle through it
//! and merge the cycle's nodes into one (union-find).

use super::constraints::{Constraints, IndirectCall, ObjectKind};
use super::{Loc, PointsTo, SolveStats};
use crate::program::ir::Program;
use crate::progress::Stop;
use fixedbitset::FixedBitSet;
use std::collections::{HashMap, HashSet, VecDeque};

mod cycles;

/// Per node: what it holds and what hangs off it.
#[derive(Default, Clone)]
struct Node {
    pts: FixedBitSet,
    /// The part of `pts` already handed on.
    done: FixedBitSet,
    succ: Vec<u32>,
    loads: Vec<u32>,
    stores: Vec<u32>,
    geps: Vec<(u32, u32)>,
    calls: Vec<usize>,
    /// Content copies reading what this node points to (memcpy sources):
    /// each location's whole memory, fields included, flows into them.
    reads: Vec<u32>,
    /// Content copies writing where this node points (memcpy destinations).
    writes: Vec<u32>,
}

struct Solver {
    nodes: Vec<Node>,
    rep: Vec<u32>,
    /// Per location, its content node (the first locations' follow the
    /// constraint nodes and one node per content copy; later ones are
    /// made on demand).
    content_of: Vec<u32>,
    /// Per location a content copy read: a node that every location under
    /// it feeds (`tree_in`), or that feeds every location under it
    /// (`tree_out`), so a copy makes one edge per location it moves, not
    /// one per field; locations made later join on creation (`adopt`).
    tree_in: HashMap<u32, u32>,
    tree_out: HashMap<u32, u32>,
    /// Field offsets: path and the struct type it indexes, each distinct
    /// one once (SQLite's ~100,000 geps have 2,163).
    paths: Vec<(Vec<u32>, Option<u32>)>,
    /// Per path, per location: the field location it leads to, [`NO_FIELD`]
    /// or [`UNKNOWN`] (rows made on first use). Finding a field was a
    /// quarter of SQLite's solve (type depth, a path built, a scan of the
    /// object's fields) and the same pair comes back on every visit.
    fields: Vec<Vec<u32>>,
    calls: Vec<IndirectCall>,
    bound: HashSet<(usize, u32)>,
    callees: HashMap<(u32, u32, u32), Vec<u32>>,
    queue: VecDeque<u32>,
    queued: Vec<bool>,
    edges: hashbrown::HashSet<(u32, u32)>,
    /// Scratch for `visit`'s delta (one allocation, not one per visit).
    delta: FixedBitSet,
    /// Scratch: the delta's non-zero words.
    delta_words: Vec<u32>,
    /// Scratch for `offset`'s field sets: one per distinct path of a
    /// visit's offsets (SQLite: 34,172 offsets, 21,944 distinct node-path
    /// pairs before any merge), found once and joined into each
    /// destination of that path.
    offsets: Vec<FixedBitSet>,
    /// Per path: the visit stamp its set in `offsets` was found at, and
    /// which one it is.
    path_set: Vec<(u32, u32)>,
    path_stamp: u32,
    /// Per node, the visit that last made its content edges (`stamp`).
    seen: Vec<u32>,
    stamp: u32,
    c: Constraints,
    stats: SolveStats,
}

/// A `fields` entry not yet computed.
const UNKNOWN: u32 = u32::MAX;
/// A `fields` entry whose location takes no such offset (unrelated type).
const NO_FIELD: u32 = u32::MAX - 1;

/// Why a solve ended without a solution.
pub enum Halt {
    /// `stop` asked.
    Stopped,
    /// The solver's memory passed its budget.
    OverBudget {
        bytes: u64,
        stats: SolveStats,
        largest: u64,
    },
}

/// Solve `c` within `budget_bytes` of solver memory.
pub fn run(
    p: &Program,
    c: Constraints,
    budget_bytes: u64,
    stop: Stop<'_>,
) -> Result<(PointsTo, SolveStats), Halt> {
    let mut s = Solver::new(c);
    let mut polled = 0u32;
    // Cycles are collapsed offline, each time there have been half as many
    // visits as nodes since the last sweep (Lua 5.4.7: 17 s when the
    // interval doubled each time, 8 s so).
    let mut next_sweep = s.nodes.len() as u32;
    s.collapse_cycles();
    while let Some(n) = s.queue.pop_front() {
        if polled >= next_sweep {
            s.collapse_cycles();
            next_sweep = polled.saturating_add(s.nodes.len() as u32 / 2);
        }
        s.queued[n as usize] = false;
        polled += 1;
        if polled.is_multiple_of(4096) && stop.requested() {
            return Err(Halt::Stopped);
        }
        // Counting the bytes walks every node: each 4,096 visits it was 3%
        // of SQLite's solve; a visit adds at most one set per edge it makes.
        if polled.is_multiple_of(32768) {
            s.check_budget(budget_bytes)?;
        }
        s.visit(n);
    }
    s.check_budget(budget_bytes)?;
    Ok(s.finish(p))
}

/// `into |= from`; whether `into` grew. Sets are dense bits over the
/// locations (SQLite has 7,660): a union of two sets of 1,700 locations is
/// 120 word ORs, where sorted arrays (roaring's below 4,096 members) took
/// a merge and were a fifth of the solve.
fn join(into: &mut FixedBitSet, from: &FixedBitSet) -> bool {
    if into.len() < from.len() {
        into.grow(from.len());
    }
    // One pass that ORs and notes change (a subset test and then a union
    // were two passes over both sets: 13% of SQLite's solve).
    let mut grew = 0;
    for (a, &b) in into.as_mut_slice().iter_mut().zip(from.as_slice()) {
        grew |= b & !*a;
        *a |= b;
    }
    grew != 0
}

/// [`join`], reading only `from`'s words at `words` (its non-zero ones)
/// when given: a visit's delta is mostly a few locations, and ORing all of
/// a set's words into every successor was a fifth of SQLite's solve.
fn join_words(into: &mut FixedBitSet, from: &FixedBitSet, words: Option<&[u32]>) -> bool {
    let Some(words) = words else {
        return join(into, from);
    };
    if into.len() < from.len() {
        into.grow(from.len());
    }
    let (into, from) = (into.as_mut_slice(), from.as_slice());
    let mut grew = 0;
    for &w in words {
        let (a, b) = (&mut into[w as usize], from[w as usize]);
        grew |= b & !*a;
        *a |= b;
    }
    grew != 0
}

/// Add location `l` to `set`; whether it was new.
fn insert(set: &mut FixedBitSet, l: u32) -> bool {
    let l = l as usize;
    if l >= set.len() {
        set.grow(l + 1);
    }
    !set.put(l)
}

impl Solver {
    fn new(mut c: Constraints) -> Solver {
        let memcpy = std::mem::take(&mut c.memcpy);
        let first_content = c.nodes + memcpy.len() as u32;
        let mut s = Solver {
            nodes: vec![Node::default(); (first_content as usize) + c.locs.len()],
            rep: (0..first_content + c.locs.len() as u32).collect(),
            content_of: (first_content..first_content + c.locs.len() as u32).collect(),
            tree_in: HashMap::new(),
            tree_out: HashMap::new(),
            paths: Vec::new(),
            fields: Vec::new(),
            calls: std::mem::take(&mut c.calls),
            bound: HashSet::new(),
            callees: HashMap::new(),
            queue: VecDeque::new(),
            queued: Vec::new(),
            edges: hashbrown::HashSet::new(),
            delta: FixedBitSet::new(),
            delta_words: Vec::new(),
            offsets: Vec::new(),
            path_set: Vec::new(),
            path_stamp: 0,
            seen: Vec::new(),
            stamp: 0,
            c,
            stats: SolveStats::default(),
        };
        s.queued = vec![false; s.nodes.len()];
        s.seen = vec![0; s.nodes.len()];
        for (n, l) in std::mem::take(&mut s.c.base) {
            s.add_loc(n, l.0);
        }
        for (a, b) in std::mem::take(&mut s.c.copy) {
            s.add_edge(a, b);
        }
        for (ptr, dst) in std::mem::take(&mut s.c.load) {
            s.nodes[ptr as usize].loads.push(dst);
            s.push(ptr);
        }
        for (src, ptr) in std::mem::take(&mut s.c.store) {
            s.nodes[ptr as usize].stores.push(src);
            s.push(ptr);
        }
        let mut ids: HashMap<(Vec<u32>, Option<u32>), u32> = HashMap::new();
        for (base, dst, path, ty) in std::mem::take(&mut s.c.gep) {
            let next = s.paths.len() as u32;
            let id = *ids.entry((path, ty)).or_insert_with_key(|k| {
                s.paths.push(k.clone());
                next
            });
            s.nodes[base as usize].geps.push((dst, id));
            s.push(base);
        }
        s.path_set = vec![(0, 0); s.paths.len()];
        // A content copy `*dst ⊇ *src` reads into a node of its own and
        // writes from it: every pair of their locations, in |src| + |dst|
        // edges instead of |src| × |dst| (SQLite's memcpys join sets of
        // 1,700 locations).
        for (k, (src, dst)) in memcpy.into_iter().enumerate() {
            let m = s.c.nodes + k as u32;
            s.nodes[src as usize].reads.push(m);
            s.nodes[dst as usize].writes.push(m);
            s.push(src);
            s.push(dst);
        }
        for k in 0..s.calls.len() {
            let n = s.calls[k].callee;
            s.nodes[n as usize].calls.push(k);
            s.push(n);
        }
        s
    }

    /// What the solver holds now, in bytes (sets' bits, edges twice: the
    /// dedup set and the successor lists).
    fn bytes(&self) -> u64 {
        let mut bytes = (self.nodes.len() * std::mem::size_of::<Node>()) as u64;
        for x in &self.nodes {
            bytes += (x.pts.len() / 8 + x.done.len() / 8) as u64;
        }
        for row in &self.fields {
            bytes += 4 * row.len() as u64;
        }
        bytes + 16 * self.edges.len() as u64
    }

    /// The most locations one set holds (counted only when reported).
    fn largest(&self) -> u64 {
        let most = self.nodes.iter().map(|x| x.pts.count_ones(..)).max();
        most.unwrap_or(0) as u64
    }

    fn check_budget(&self, budget_bytes: u64) -> Result<(), Halt> {
        let bytes = self.bytes();
        if std::env::var_os("DWELL_PTS_TRACE").is_some() {
            let largest = self.largest();
            eprintln!(
                "pts: {} visits, queue {}, nodes {}, collapsed {}, edges {}, largest {largest}, {bytes} bytes",
                self.stats.visits,
                self.queue.len(),
                self.nodes.len(),
                self.stats.collapsed,
                self.edges.len()
            );
        }
        if bytes > budget_bytes {
            return Err(Halt::OverBudget {
                bytes,
                stats: self.stats,
                largest: self.largest(),
            });
        }
        Ok(())
    }

    fn find(&mut self, mut n: u32) -> u32 {
        while self.rep[n as usize] != n {
            let up = self.rep[self.rep[n as usize] as usize];
            self.rep[n as usize] = up;
            n = up;
        }
        n
    }

    fn push(&mut self, n: u32) {
        let n = self.find(n);
        if !self.queued[n as usize] {
            self.queued[n as usize] = true;
            self.queue.push_back(n);
        }
    }

    /// The content node of location `l`, made when the location is new.
    #[inline(never)]
    fn content(&mut self, l: u32) -> u32 {
        while self.content_of.len() <= l as usize {
            let n = self.new_node();
            self.content_of.push(n);
        }
        self.find(self.content_of[l as usize])
    }

    fn new_node(&mut self) -> u32 {
        let n = self.nodes.len() as u32;
        self.rep.push(n);
        self.nodes.push(Node::default());
        self.queued.push(false);
        self.seen.push(0);
        n
    }

    /// The node a content copy reads `l`'s memory from (`out`: writes it
    /// into): `l`'s content node when its object is one location, else a
    /// node joined to every location under `l`.
    fn tree(&mut self, l: u32, out: bool) -> u32 {
        let o = self.c.locs.object_of(Loc(l));
        if self.c.locs.is_collapsed(o) {
            return self.content(self.c.locs.content_key(Loc(l)).0);
        }
        let map = if out { &self.tree_out } else { &self.tree_in };
        if let Some(&t) = map.get(&l) {
            return self.find(t);
        }
        let t = self.new_node();
        let under: Vec<Loc> = self.c.locs.under(Loc(l)).collect();
        for x in under {
            let cx = self.content(x.0);
            if out {
                self.add_edge(t, cx);
            } else {
                self.add_edge(cx, t);
            }
        }
        let map = if out {
            &mut self.tree_out
        } else {
            &mut self.tree_in
        };
        map.insert(l, t);
        t
    }

    /// New location `f` joins the copy trees of the locations it is under.
    fn adopt(&mut self, f: u32) {
        if self.tree_in.is_empty() && self.tree_out.is_empty() {
            return;
        }
        let locs = &self.c.locs;
        let path = locs.path_of(Loc(f));
        let above: Vec<u32> = (locs.of(locs.object_of(Loc(f))).iter())
            .filter(|&&a| a.0 != f && path.starts_with(locs.path_of(a)))
            .map(|a| a.0)
            .collect();
        let cf = self.content(f);
        for a in above {
            if let Some(&t) = self.tree_in.get(&a) {
                self.add_edge(cf, t);
            }
            if let Some(&t) = self.tree_out.get(&a) {
                self.add_edge(t, cf);
            }
        }
    }

    fn add_loc(&mut self, n: u32, l: u32) {
        let n = self.find(n);
        if insert(&mut self.nodes[n as usize].pts, l) {
            self.push(n);
        }
    }

    /// `a` → `b`: `b` gets what `a` handed on already; the rest follows
    /// with `a`'s next visit.
    #[inline(never)]
    fn add_edge(&mut self, a: u32, b: u32) {
        let (a, b) = (self.find(a), self.find(b));
        if a == b || !self.edges.insert((a, b)) {
            return;
        }
        self.nodes[a as usize].succ.push(b);
        if self.nodes[a as usize].done.is_clear() {
            return;
        }
        let done = std::mem::take(&mut self.nodes[a as usize].done);
        let grew = join(&mut self.nodes[b as usize].pts, &done);
        self.nodes[a as usize].done = done;
        if grew {
            self.push(b);
        }
    }

    #[inline(never)]
    fn visit(&mut self, n: u32) {
        let n = self.find(n);
        self.stats.visits += 1;
        let mut delta = std::mem::take(&mut self.delta);
        let node = &mut self.nodes[n as usize];
        delta.clone_from(&node.pts);
        delta.difference_with(&node.done);
        if delta.is_clear() {
            self.delta = delta;
            return;
        }
        // The delta's non-zero words, when few enough that joining by them
        // beats a pass over every word.
        let mut words = std::mem::take(&mut self.delta_words);
        words.clear();
        let blocks = delta.as_slice();
        words.extend((0..blocks.len() as u32).filter(|&w| blocks[w as usize] != 0));
        let sparse = words.len() * 4 <= blocks.len();
        join_words(&mut node.done, &delta, sparse.then_some(&words[..]));
        // Nothing below merges `n` until the offsets, so its lists are
        // borrowed out and put back instead of copied on every visit.
        let loads = std::mem::take(&mut node.loads);
        let stores = std::mem::take(&mut node.stores);
        let calls = std::mem::take(&mut node.calls);
        let reads = std::mem::take(&mut node.reads);
        let writes = std::mem::take(&mut node.writes);
        if !reads.is_empty() || !writes.is_empty() {
            for l in delta.ones() {
                if !reads.is_empty() {
                    let t = self.tree(l as u32, false);
                    for &m in &reads {
                        self.add_edge(t, m);
                    }
                }
                if !writes.is_empty() {
                    let t = self.tree(l as u32, true);
                    for &m in &writes {
                        self.add_edge(m, t);
                    }
                }
            }
        }
        if !loads.is_empty() || !stores.is_empty() {
            // A collapsed object's locations share one content node: its
            // edges are made once per visit, not once per location.
            self.stamp = self.stamp.wrapping_add(1);
            if self.stamp == 0 {
                self.seen.fill(0);
                self.stamp = 1;
            }
            for l in delta.ones() {
                let cn = self.content(l as u32);
                let seen = &mut self.seen[cn as usize];
                if *seen == self.stamp {
                    continue;
                }
                *seen = self.stamp;
                for &d in &loads {
                    self.add_edge(cn, d);
                }
                for &s in &stores {
                    self.add_edge(s, cn);
                }
            }
        }
        if !calls.is_empty() {
            for l in delta.ones() {
                for &k in &calls {
                    self.bind_call(k, l as u32);
                }
            }
        }
        let node = &mut self.nodes[n as usize];
        node.loads = loads;
        node.stores = stores;
        node.calls = calls;
        node.reads = reads;
        node.writes = writes;
        self.field_offsets(n, &delta);
        // An offset may have merged `n` into another node, which took its
        // successors and will hand them all it has not handed on.
        let succ = std::mem::take(&mut self.nodes[n as usize].succ);
        for &m in &succ {
            let m = self.find(m);
            if m == n {
                continue;
            }
            if join_words(
                &mut self.nodes[m as usize].pts,
                &delta,
                sparse.then_some(&words[..]),
            ) {
                self.push(m);
            }
        }
        self.nodes[n as usize].succ = succ;
        self.delta = delta;
        self.delta_words = words;
    }

    /// What `n`'s offsets (field geps) make of its new locations `delta`,
    /// joined into each offset's destination.
    fn field_offsets(&mut self, n: u32, delta: &FixedBitSet) {
        if self.nodes[n as usize].geps.is_empty() {
            return;
        }
        let geps = self.nodes[n as usize].geps.clone();
        self.next_path_stamp();
        let mut used = 0;
        // In the list's order, as the destinations are pushed: the
        // solution's collapsed objects depend on the order.
        for (dst, path) in geps {
            let (stamp, k) = self.path_set[path as usize];
            let k = if stamp == self.path_stamp {
                k as usize
            } else {
                if self.offsets.len() == used {
                    self.offsets.push(FixedBitSet::new());
                }
                let mut fields = std::mem::take(&mut self.offsets[used]);
                let collapsed = self.offset(delta, path, &mut fields);
                self.offsets[used] = fields;
                if collapsed {
                    // A collapse changes the fields of its object's
                    // locations: no set found before it is reused,
                    // this one included (found partly before it).
                    self.next_path_stamp();
                } else {
                    self.path_set[path as usize] = (self.path_stamp, used as u32);
                }
                used += 1;
                used - 1
            };
            let dst = self.find(dst);
            if join(&mut self.nodes[dst as usize].pts, &self.offsets[k]) {
                self.push(dst);
            }
        }
    }

    /// A new stamp for `path_set`: no set found before is current.
    fn next_path_stamp(&mut self) {
        self.path_stamp = self.path_stamp.wrapping_add(1);
        if self.path_stamp == 0 {
            self.path_set.fill((0, 0));
            self.path_stamp = 1;
        }
    }

    /// `fields` = `delta.path`; whether an object collapsed meanwhile.
    #[inline(never)]
    fn offset(&mut self, delta: &FixedBitSet, path: u32, fields: &mut FixedBitSet) -> bool {
        let mut collapsed = false;
        fields.clear();
        fields.grow(self.c.locs.len());
        for l in delta.ones() {
            let made = self.c.locs.len();
            let Some(f) = self.field(l as u32, path) else {
                continue;
            };
            self.content(f);
            if f as usize >= made {
                self.adopt(f);
            }
            insert(fields, f);
            for o in self.c.locs.take_newly_collapsed() {
                collapsed = true;
                self.forget_fields(o);
                // One location for the whole object from now on.
                let ls = self.c.locs.of(o).to_vec();
                let root = self.content(ls[0].0);
                for m in &ls[1..] {
                    let cm = self.content(m.0);
                    self.merge(cm, root);
                }
                self.dedup_succ(root);
                self.push(root);
            }
        }
        collapsed
    }

    /// The location `path` leads to from `l`, remembered per pair (until
    /// `l`'s object collapses: see `forget_fields`).
    fn field(&mut self, l: u32, path: u32) -> Option<u32> {
        let (p, li) = (path as usize, l as usize);
        if self.fields.len() <= p {
            self.fields.resize(p + 1, Vec::new());
        }
        match self.fields[p].get(li) {
            Some(&NO_FIELD) => return None,
            Some(&f) if f != UNKNOWN => return Some(f),
            _ => {}
        }
        let (extra, ty) = &self.paths[p];
        let f = self.c.offset(Loc(l), extra, *ty).map(|f| f.0);
        let row = &mut self.fields[p];
        if row.len() <= li {
            row.resize(self.c.locs.len().max(li + 1), UNKNOWN);
        }
        row[li] = f.unwrap_or(NO_FIELD);
        f
    }

    /// Object `o` collapsed: its locations' fields are found afresh (an
    /// unrelated type took no offset before; the one location now takes
    /// every one).
    fn forget_fields(&mut self, o: u32) {
        for &l in self.c.locs.of(o) {
            for row in &mut self.fields {
                if let Some(f) = row.get_mut(l.0 as usize) {
                    *f = UNKNOWN;
                }
            }
        }
    }

    /// Indirect call `k` reaches location `l`: a function's root binds it.
    #[inline(never)]
    fn bind_call(&mut self, k: usize, l: u32) {
        let o = self.c.locs.object_of(Loc(l));
        let ObjectKind::Function(g) = self.c.kinds[o as usize] else {
            return;
        };
        if !self.c.locs.path_of(Loc(l)).is_empty()
            || self.calls[k].fits.binary_search(&g).is_err()
            || !self.bound.insert((k, g))
        {
            return;
        }
        let call = self.calls[k].clone();
        self.callees.entry(call.site).or_default().push(g);
        for (a, &param) in call.args.iter().zip(&self.c.params[g as usize].clone()) {
            if let Some(a) = a {
                self.add_edge(*a, param);
            }
        }
        if let Some(va) = self.c.varargs[g as usize] {
            let va = self.content(self.c.locs.content_key(va).0);
            for a in call
                .args
                .iter()
                .skip(self.c.params[g as usize].len())
                .flatten()
            {
                self.add_edge(*a, va);
            }
        }
        if let Some(r) = call.result {
            self.add_edge(self.c.ret[g as usize], r);
        }
    }

    fn finish(mut self, p: &Program) -> (PointsTo, SolveStats) {
        // Every node read is found first (`content` may make nodes), then
        // the sets are read with the nodes borrowed.
        let var_nodes: Vec<u32> = (0..p.vars.len() as u32).map(|v| self.find(v)).collect();
        let field_nodes: Vec<Option<u32>> = std::mem::take(&mut self.c.field_node)
            .into_iter()
            .map(|n| n.map(|n| self.find(n)))
            .collect();
        let content_nodes: Vec<u32> = (0..self.c.locs.len() as u32)
            .map(|l| self.content(l))
            .collect();
        // One set per distinct content, shared by every node that holds
        // it: on SQLite a list per non-empty node (up to 2,000 locations
        // each) was a seventh of the solve in page faults and half of the
        // points-to run's peak memory. Equal ids for equal sets also let
        // the value-flow graph share its work.
        let mut sets: Vec<Vec<Loc>> = vec![Vec::new()];
        let mut of_node: HashMap<u32, u32> = HashMap::new();
        let mut of_words: hashbrown::HashMap<&[usize], u32> = hashbrown::HashMap::new();
        let nodes = &self.nodes;
        let mut set_of = |r: u32| -> u32 {
            let pts = &nodes[r as usize].pts;
            if pts.is_clear() {
                return 0;
            }
            *of_node.entry(r).or_insert_with(|| {
                // Sets grown to different lengths compare by their words
                // up to the last one in use.
                let words = pts.as_slice();
                let used = words.iter().rposition(|&w| w != 0).map_or(0, |i| i + 1);
                *of_words.entry(&words[..used]).or_insert_with(|| {
                    sets.push(pts.ones().map(|l| Loc(l as u32)).collect());
                    sets.len() as u32 - 1
                })
            })
        };
        let vars = var_nodes.into_iter().map(&mut set_of).collect();
        let fields = (field_nodes.into_iter())
            .map(|n| n.map_or(0, &mut set_of))
            .collect();
        let content = content_nodes.into_iter().map(&mut set_of).collect();
        for v in self.callees.values_mut() {
            v.sort_unstable();
        }
        self.stats.nodes = self.nodes.len();
        let pts = PointsTo {
            kinds: self.c.kinds,
            locs: self.c.locs,
            sets,
            vars,
            fields,
            content,
            function_object: self.c.function_object,
            varargs: self.c.varargs,
            callees: self.callees,
        };
        (pts, self.stats)
    }
}
