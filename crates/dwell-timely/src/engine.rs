//! What each timely worker runs: one dataflow built once per session, then
//! the analyses as rounds (supersteps) over it.
//!
//! # The dataflow
//!
//! Two inputs per worker, epochs `u64`. *Messages* `(vertex, word, value)`
//! are exchanged to the worker that owns `vertex` ([`Layout::worker_of`]);
//! *notes* `(kind, a, b)` are broadcast to every worker. Both streams end
//! in a probe. A round sends this worker's messages and notes at the
//! current epoch, advances both inputs, and steps the worker until the
//! probe has passed the epoch: then every message and note of the round
//! has arrived everywhere (timely's progress tracking says so), and each
//! worker's note of how many messages it sent tells all of them whether
//! anything is still moving. New queries are new epochs of the same
//! dataflow; nothing is rebuilt between runs.
//!
//! # The analyses (each worker holds state for its own vertices only)
//!
//! - Searches (BFS, reach): bit-parallel lanes as data. A message
//!   `(v, word, bits)` says the sources of lanes `64·word + bit` reach `v`
//!   this round; the owner keeps `seen[v][word]`, counts the new bits at
//!   the round's level, and sends the new bits along `v`'s arcs (forward,
//!   or reverse for backward reach; reach follows only arcs passing the
//!   label mask). Messages to one vertex are OR-combined before sending.
//!   Per-lane counts travel as notes, so every process ends with the same
//!   summaries; per-vertex levels or reached sets (only when asked for)
//!   and sinks reached travel as notes too.
//! - WCC: min-label propagation over forward and reverse arcs (Shiloach–
//!   Vishkin without hooking, the "HashMin" of Rastogi et al., ICDE 2013):
//!   a vertex's label is the smallest id that reaches it; a label is sent
//!   to a neighbour only when it is smaller than the neighbour's id, and
//!   messages are min-combined. The fixpoint labels each component by its
//!   smallest vertex; the labels are gathered as notes and numbered
//!   canonically.
//! - SCC: trimming, forward min-colouring and backward collection per
//!   colour, repeated on what is left (`Engine::scc` says how and why it
//!   is exact); an undirected graph's strong components are its weak ones.
//!
//! Every run ends with one gather round in which each process's lead
//! worker broadcasts its figures (bytes and records it sent during the run,
//! peak resident memory), so every process reports every process's.

use crate::net::Links;
use crate::shard::Layout;
use dwell::analysis::components::canonical;
use dwell::analysis::{BfsResult, Components, Direction, Output, Query, ReachResult};
use dwell::graph::{Csr, Graph, NO_VERTEX};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;
use timely::dataflow::operators::vec::Broadcast;
use timely::dataflow::operators::{Exchange, Input, Inspect, Probe};
use timely::dataflow::ProbeHandle;
use timely::worker::Worker;

/// `(vertex, word, value)`, routed to the vertex's owner.
pub type Msg = (u32, u32, u64);
/// `(kind, a, b)`, broadcast to every worker.
pub type Note = (u32, u32, u64);

type In<D> =
    timely::dataflow::InputHandle<u64, timely::container::CapacityContainerBuilder<Vec<D>>>;

/// `(COUNT, 0, messages)`: messages a worker sent this round (every round
/// adds it); `(COUNT, TALLY, x)`: a number summed over all workers.
const COUNT: u32 = 0;
const TALLY: u32 = 1;
/// `(NEW, lane, level << 32 | count)`: `count` vertices first reached at `level`.
const NEW: u32 = 1;
/// `(VERTEX, v, lane << 32 | level)`: `v` reached by `lane` at `level`.
const VERTEX: u32 = 2;
/// `(SINK, v, lane)`: sink `v` reached by `lane`.
const SINK: u32 = 3;
/// `(LABEL, v, label)`: WCC or SCC label of `v`.
const LABEL: u32 = 4;
const STAT_SENT: u32 = 10;
const STAT_RECEIVED: u32 = 11;
const STAT_RECORDS: u32 = 12;
const STAT_PEAK: u32 = 13;
const STAT_ROUNDS: u32 = 14;

/// One process's figures for one run.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct ProcessFigures {
    pub process: usize,
    /// Bytes this process wrote to other processes during the run (wire
    /// bytes, timely's headers included), the final gather round excluded.
    pub bytes_sent: u64,
    pub bytes_received: u64,
    /// Records (messages and notes) this process's workers addressed to
    /// workers of other processes.
    pub records_sent: u64,
    /// Peak resident memory of the process so far (`VmHWM`), bytes.
    pub peak_rss_bytes: u64,
}

/// One run's figures, the same on every process.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct RunFigures {
    /// Rounds (supersteps) of the run, the final gather round included.
    pub rounds: u64,
    pub processes: Vec<ProcessFigures>,
}

/// Why a round could not finish.
#[derive(Debug, Clone)]
pub struct Lost(pub usize, pub String);

/// Peak resident set of this process (`VmHWM`), when the system says.
pub fn peak_rss_bytes() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<u64>().ok())
        })
        .map_or(0, |kb| kb * 1024)
}

/// The arcs a process holds: out-arcs of its vertices in `out`, in-arcs
/// in `inn` (a part of a directed graph), or a whole graph.
#[derive(Debug)]
pub struct Topology {
    pub out: Arc<Graph>,
    pub inn: Option<Arc<Graph>>,
    pub directed: bool,
}

impl Topology {
    /// Out-arcs (rows of this process's vertices are complete).
    pub fn fwd(&self) -> &Csr {
        self.out.forward()
    }

    /// In-arcs, as a CSR of sources by target.
    pub fn rev(&self) -> &Csr {
        match &self.inn {
            Some(inn) => inn.forward(),
            None if self.directed => self.out.reverse(),
            None => self.out.forward(),
        }
    }

    pub fn nodes(&self) -> usize {
        self.out.nodes()
    }

    /// Bytes of the resident arcs.
    pub fn bytes(&self) -> Result<u64, dwell::analysis::SizeOverflow> {
        match &self.inn {
            Some(inn) => dwell::analysis::footprint::sum(
                "resident graph bytes",
                &[self.out.forward_bytes(), inn.forward_bytes()],
            ),
            // A whole directed graph keeps its reverse CSR too.
            None if self.directed && self.out.is_directed() => {
                dwell::analysis::footprint::resident_graph_bytes(&self.out)
            }
            None => Ok(self.out.forward_bytes()),
        }
    }
}

/// One worker's dataflow and state.
pub struct Engine {
    g: Arc<Topology>,
    layout: Layout,
    me: usize,
    process: usize,
    lead: bool,
    msgs: In<Msg>,
    notes: In<Note>,
    probe: ProbeHandle<u64>,
    /// What arrived, by epoch: a faster worker's next round may arrive
    /// before this worker has seen the current one end.
    inbox: Rc<RefCell<BTreeMap<u64, Vec<Msg>>>>,
    notes_in: Rc<RefCell<BTreeMap<u64, Vec<Note>>>>,
    epoch: u64,
    links: Arc<Links>,
    /// Per run: records sent to other processes, rounds.
    remote_records: u64,
    rounds: u64,
}

struct Round {
    inbox: Vec<Msg>,
    notes: Vec<Note>,
    /// Messages all workers sent this round.
    total: u64,
    /// The sum of the `(COUNT, TALLY, x)` notes of all workers.
    tally: u64,
}

/// Summaries of a multi-source search, per lane.
struct Lanes {
    reached: Vec<u64>,
    level_sum: Vec<u64>,
    max_level: Vec<u32>,
    /// Per lane, per vertex: level (only when asked for).
    levels: Option<Vec<Vec<u32>>>,
    /// Per lane: sinks reached.
    sinks: Vec<Vec<u32>>,
}

impl Engine {
    /// Build the dataflow on `worker`.
    pub fn build(
        worker: &mut Worker,
        g: Arc<Topology>,
        layout: Layout,
        links: Arc<Links>,
    ) -> Engine {
        let me = worker.index();
        let inbox = Rc::new(RefCell::new(BTreeMap::<u64, Vec<Msg>>::new()));
        let notes_in = Rc::new(RefCell::new(BTreeMap::<u64, Vec<Note>>::new()));
        let (ib, nb) = (Rc::clone(&inbox), Rc::clone(&notes_in));
        let (msgs, notes, probe) = worker.dataflow::<u64, _, _>(move |scope| {
            let probe = ProbeHandle::new();
            let (msgs, s) = scope.new_input::<Vec<Msg>>();
            let (notes, t) = scope.new_input::<Vec<Note>>();
            s.exchange(move |m: &Msg| layout.worker_of(m.0) as u64)
                .inspect_core(move |event| {
                    if let Ok((time, data)) = event {
                        ib.borrow_mut()
                            .entry(time.elements().first().copied().unwrap_or_default())
                            .or_default()
                            .extend_from_slice(data);
                    }
                })
                .probe_with(&probe);
            t.broadcast()
                .inspect_core(move |event| {
                    if let Ok((time, data)) = event {
                        nb.borrow_mut()
                            .entry(time.elements().first().copied().unwrap_or_default())
                            .or_default()
                            .extend_from_slice(data);
                    }
                })
                .probe_with(&probe);
            (msgs, notes, probe)
        });
        Engine {
            g,
            layout,
            me,
            process: me / layout.workers,
            lead: me.is_multiple_of(layout.workers),
            msgs,
            notes,
            probe,
            inbox,
            notes_in,
            epoch: 0,
            links,
            remote_records: 0,
            rounds: 0,
        }
    }

    /// Whether this worker answers for its process.
    pub fn is_lead(&self) -> bool {
        self.lead
    }

    fn round(
        &mut self,
        worker: &mut Worker,
        out: Vec<Msg>,
        mut notes: Vec<Note>,
    ) -> Result<Round, Lost> {
        let sent = out.len() as u64;
        for m in out {
            if self.layout.process_of(m.0) != self.process {
                self.remote_records += 1;
            }
            self.msgs.send(m);
        }
        notes.push((COUNT, 0, sent));
        let remote_workers = (self.layout.processes - 1) * self.layout.workers;
        self.remote_records += (notes.len() * remote_workers) as u64;
        for n in notes {
            self.notes.send(n);
        }
        self.epoch += 1;
        self.msgs.advance_to(self.epoch);
        self.notes.advance_to(self.epoch);
        while self.probe.less_than(&self.epoch) {
            if let Some((peer, what)) = self.links.failure() {
                return Err(Lost(peer, what));
            }
            if let Some(what) = crate::panicked() {
                return Err(Lost(self.process, what));
            }
            worker.step_or_park(Some(Duration::from_millis(2)));
        }
        self.rounds += 1;
        // Epochs are numbered from 1; a round's data carry the epoch it
        // was sent at, one less than the one advanced to.
        let sent_at = self.epoch - 1;
        let inbox = self.inbox.borrow_mut().remove(&sent_at).unwrap_or_default();
        let mut all = self
            .notes_in
            .borrow_mut()
            .remove(&sent_at)
            .unwrap_or_default();
        let sum = |which: u32| {
            all.iter()
                .filter(|n| n.0 == COUNT && n.1 == which)
                .map(|n| n.2)
                .sum()
        };
        let (total, tally) = (sum(0), sum(TALLY));
        all.retain(|n| n.0 != COUNT);
        // Only the lead keeps the broadcast notes: one copy per process.
        if !self.lead {
            all.clear();
        }
        Ok(Round {
            inbox,
            notes: all,
            total,
            tally,
        })
    }

    /// Run `q` (validated and supported); the lead returns the answer and
    /// the run's figures, other workers `None`.
    pub fn run(
        &mut self,
        worker: &mut Worker,
        q: &Query,
    ) -> Result<Option<(Output, RunFigures)>, Lost> {
        self.remote_records = 0;
        self.rounds = 0;
        let start = (
            self.links.sent.load(Ordering::Relaxed),
            self.links.received.load(Ordering::Relaxed),
        );
        let g = Arc::clone(&self.g);
        let out = match q {
            Query::Bfs(b) => {
                let lanes = self.search(worker, g.fwd(), None, &b.sources, b.keep_levels, &[])?;
                lanes.map(|l| {
                    Output::Bfs(
                        b.sources
                            .iter()
                            .enumerate()
                            .map(|(i, &source)| BfsResult {
                                source,
                                reached: l.reached[i],
                                max_level: l.max_level[i],
                                level_sum: l.level_sum[i],
                                levels: l.levels.as_ref().map(|v| v[i].clone()),
                            })
                            .collect(),
                    )
                })
            }
            Query::Reach(r) => {
                let csr = match r.direction {
                    Direction::Forward => g.fwd(),
                    Direction::Backward => g.rev(),
                };
                let lanes =
                    self.search(worker, csr, Some(r.mask), &r.sources, r.keep_sets, &r.sinks)?;
                let n = g.nodes();
                lanes.map(|l| {
                    Output::Reach(
                        r.sources
                            .iter()
                            .enumerate()
                            .map(|(i, &source)| {
                                let mut hit = l.sinks[i].clone();
                                hit.sort_unstable();
                                ReachResult {
                                    source,
                                    reached: l.reached[i],
                                    sinks_reached: r
                                        .sinks
                                        .iter()
                                        .copied()
                                        .filter(|t| hit.binary_search(t).is_ok())
                                        .collect(),
                                    set: l.levels.as_ref().map(|v| {
                                        let mut s = vec![0u64; n.div_ceil(64)];
                                        for (x, _) in
                                            v[i].iter().enumerate().filter(|(_, &l)| l != NO_VERTEX)
                                        {
                                            s[x / 64] |= 1 << (x % 64);
                                        }
                                        s
                                    }),
                                }
                            })
                            .collect(),
                    )
                })
            }
            Query::Wcc => self.wcc(worker)?.map(Output::Wcc),
            // On an undirected graph (every edge stored both ways) the strong
            // components are the weak ones, as on the cpu backends.
            Query::Scc if !g.directed => self.wcc(worker)?.map(Output::Scc),
            Query::Scc => self.scc(worker)?.map(Output::Scc),
            other => unreachable!(
                "the session sends only supported queries, not {}",
                other.name()
            ),
        };
        // The gather round: every process's figures to every process.
        let mut notes = Vec::new();
        if self.lead {
            let sent = self.links.sent.load(Ordering::Relaxed) - start.0;
            let received = self.links.received.load(Ordering::Relaxed) - start.1;
            let p = self.process as u32;
            notes.extend([
                (STAT_SENT, p, sent),
                (STAT_RECEIVED, p, received),
                (STAT_PEAK, p, peak_rss_bytes()),
            ]);
        }
        // Records of the gather itself are not the analysis's: count first.
        let records = self.remote_records;
        notes.push((STAT_RECORDS, self.process as u32, records));
        let rounds = self.rounds + 1;
        notes.push((STAT_ROUNDS, 0, rounds));
        let r = self.round(worker, Vec::new(), notes)?;
        Ok(out.map(|o| {
            let mut procs: Vec<ProcessFigures> = (0..self.layout.processes)
                .map(|process| ProcessFigures {
                    process,
                    ..Default::default()
                })
                .collect();
            let mut rounds = 0;
            for (k, a, b) in r.notes {
                let p = &mut procs[a as usize % self.layout.processes];
                match k {
                    STAT_SENT => p.bytes_sent = b,
                    STAT_RECEIVED => p.bytes_received = b,
                    STAT_PEAK => p.peak_rss_bytes = b,
                    STAT_RECORDS => p.records_sent += b,
                    STAT_ROUNDS => rounds = rounds.max(b),
                    _ => {}
                }
            }
            (
                o,
                RunFigures {
                    rounds,
                    processes: procs,
                },
            )
        }))
    }

    /// Multi-source search from `sources` along `csr` (arcs passing `mask`
    /// when given); per-vertex levels when `keep`; which of `sinks` each
    /// lane reaches. `None` on workers other than the lead.
    fn search(
        &mut self,
        worker: &mut Worker,
        csr: &Csr,
        mask: Option<u32>,
        sources: &[u32],
        keep: bool,
        sinks: &[u32],
    ) -> Result<Option<Lanes>, Lost> {
        let n = self.g.nodes();
        let lanes = sources.len();
        let words = lanes.div_ceil(64);
        let mut seen = vec![0u64; self.layout.owned_count(self.me, n) * words];
        let mut sink_list: Vec<u32> = sinks
            .iter()
            .copied()
            .filter(|&t| self.layout.worker_of(t) == self.me)
            .collect();
        sink_list.sort_unstable();
        sink_list.dedup();
        let mut agg = self.lead.then(|| Lanes {
            reached: vec![0; lanes],
            level_sum: vec![0; lanes],
            max_level: vec![0; lanes],
            levels: keep.then(|| vec![vec![NO_VERTEX; n]; lanes]),
            sinks: vec![Vec::new(); lanes],
        });
        let mut out: Vec<Msg> = Vec::new();
        let mut next = Combiner::or(n, words);
        if self.me == 0 {
            for (lane, &s) in sources.iter().enumerate() {
                next.add_bits(s, (lane / 64) as u32, 1u64 << (lane % 64));
            }
            next.drain(&mut out);
        }
        let mut notes = Vec::new();
        let mut level = 0u32;
        loop {
            let r = self.round(worker, std::mem::take(&mut out), std::mem::take(&mut notes))?;
            if let Some(a) = agg.as_mut() {
                for (k, x, b) in r.notes {
                    match k {
                        NEW => {
                            let (lvl, count) = ((b >> 32) as u32, b & 0xffff_ffff);
                            let lane = x as usize;
                            a.reached[lane] += count;
                            a.level_sum[lane] += count * u64::from(lvl);
                            if count > 0 {
                                a.max_level[lane] = a.max_level[lane].max(lvl);
                            }
                        }
                        VERTEX => {
                            if let Some(levels) = a.levels.as_mut() {
                                levels[(b >> 32) as usize][x as usize] = b as u32;
                            }
                        }
                        SINK => a.sinks[b as usize].push(x),
                        _ => {}
                    }
                }
            }
            if r.total == 0 {
                break;
            }
            let mut counts = vec![0u64; lanes];
            let mut fresh: Vec<Msg> = Vec::new();
            for (v, w, bits) in r.inbox {
                let slot = self.layout.local(v) * words + w as usize;
                let new = bits & !seen[slot];
                if new == 0 {
                    continue;
                }
                seen[slot] |= new;
                fresh.push((v, w, new));
                let sink = sink_list.binary_search(&v).is_ok();
                let mut b = new;
                while b != 0 {
                    let lane = w as usize * 64 + b.trailing_zeros() as usize;
                    b &= b - 1;
                    counts[lane] += 1;
                    if keep {
                        notes.push((VERTEX, v, (lane as u64) << 32 | u64::from(level)));
                    }
                    if sink {
                        notes.push((SINK, v, lane as u64));
                    }
                }
            }
            notes.extend(
                counts
                    .iter()
                    .enumerate()
                    .filter(|(_, &c)| c > 0)
                    .map(|(lane, &c)| (NEW, lane as u32, u64::from(level) << 32 | c)),
            );
            for (v, w, bits) in fresh {
                for i in csr.range(v) {
                    if mask.is_none_or(|m| csr.arc_passes(i, m)) {
                        next.add_bits(csr.targets()[i], w, bits);
                    }
                }
            }
            next.drain(&mut out);
            level += 1;
        }
        Ok(agg)
    }

    /// Weak components by min-label propagation; `None` on workers other
    /// than the lead.
    fn wcc(&mut self, worker: &mut Worker) -> Result<Option<Components>, Lost> {
        let g = Arc::clone(&self.g);
        let n = g.nodes();
        let (fwd, rev) = (g.fwd(), g.rev());
        let directed = g.directed;
        let neighbours = |v: u32| {
            fwd.neighbors(v)
                .iter()
                .chain(if directed { rev.neighbors(v) } else { &[] })
                .copied()
        };
        let mut label: Vec<u32> = self.layout.owned(self.me, n).collect();
        self.min_labels(worker, &mut label, |_| true, neighbours)?;
        self.gather_labels(worker, &label)
    }

    /// Min-label propagation to a fixpoint. `label` holds one label per
    /// vertex of this worker ([`Layout::owned`] order), each its own id to
    /// start; every vertex for which `live` holds (by its local index) ends
    /// with the smallest id among the live vertices that reach it along
    /// `neighbours`. WCC runs it over both arc directions, SCC's colouring
    /// over forward arcs among the vertices not yet in a component.
    fn min_labels<I: Iterator<Item = u32>>(
        &mut self,
        worker: &mut Worker,
        label: &mut [u32],
        live: impl Fn(usize) -> bool,
        neighbours: impl Fn(u32) -> I,
    ) -> Result<(), Lost> {
        let n = self.g.nodes();
        let layout = self.layout;
        let mut out: Vec<Msg> = Vec::new();
        let mut next = Combiner::min(n);
        for (i, v) in layout.owned(self.me, n).enumerate() {
            if live(i) {
                let l = label[i];
                for x in neighbours(v).filter(|&x| l < x) {
                    next.add_label(x, l);
                }
            }
        }
        next.drain(&mut out);
        loop {
            let r = self.round(worker, std::mem::take(&mut out), Vec::new())?;
            if r.total == 0 {
                return Ok(());
            }
            let mut changed = Vec::new();
            for (x, _, l) in r.inbox {
                let i = layout.local(x);
                if live(i) && (l as u32) < label[i] {
                    label[i] = l as u32;
                    changed.push(x);
                }
            }
            changed.sort_unstable();
            changed.dedup();
            for x in changed {
                let l = label[layout.local(x)];
                for y in neighbours(x).filter(|&y| l < y) {
                    next.add_label(y, l);
                }
            }
            next.drain(&mut out);
        }
    }

    /// Send `label` (one per vertex of this worker, in [`Layout::owned`]
    /// order) to every lead; the lead numbers them canonically.
    fn gather_labels(
        &mut self,
        worker: &mut Worker,
        label: &[u32],
    ) -> Result<Option<Components>, Lost> {
        let n = self.g.nodes();
        let notes = self
            .layout
            .owned(self.me, n)
            .zip(label)
            .map(|(v, &l)| (LABEL, v, u64::from(l)))
            .collect();
        let r = self.round(worker, Vec::new(), notes)?;
        if !self.lead {
            return Ok(None);
        }
        let mut ids = vec![NO_VERTEX; n];
        for (k, v, l) in r.notes {
            if k == LABEL {
                ids[v as usize] = l as u32;
            }
        }
        Ok(Some(canonical(&ids)))
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
    ///    reaches and that reach `r`. They leave the graph.
    ///
    /// Every round at least the smallest live vertex's component leaves
    /// (it is a root), and removing whole components never changes the
    /// components of the rest. This is the coloring algorithm of Orzan
    /// (2004) with the trimming of McLendon et al. (2005), as in Slota,
    /// Rajamanickam and Madduri's Multistep (IPDPS 2014).
    fn scc(&mut self, worker: &mut Worker) -> Result<Option<Components>, Lost> {
        const IN_ARC: u32 = 0;
        const OUT_ARC: u32 = 1;
        let g = Arc::clone(&self.g);
        let n = g.nodes();
        let (fwd, rev) = (g.fwd(), g.rev());
        let layout = self.layout;
        let owned: Vec<u32> = layout.owned(self.me, n).collect();
        let others = |row: &[u32], v: u32| row.iter().filter(|&&x| x != v).count() as u64;
        let mut deg_in: Vec<u64> = owned.iter().map(|&v| others(rev.neighbors(v), v)).collect();
        let mut deg_out: Vec<u64> = owned.iter().map(|&v| others(fwd.neighbors(v), v)).collect();
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
        loop {
            let everyone_left = loop {
                for &v in &dying {
                    comp[layout.local(v)] = v;
                }
                gone.append(&mut dying);
                live -= gone.len() as u64;
                let mut out: Vec<Msg> = Vec::new();
                for v in gone.drain(..) {
                    out.extend(
                        fwd.neighbors(v)
                            .iter()
                            .filter(|&&w| w != v)
                            .map(|&w| (w, IN_ARC, 1)),
                    );
                    out.extend(
                        rev.neighbors(v)
                            .iter()
                            .filter(|&&u| u != v)
                            .map(|&u| (u, OUT_ARC, 1)),
                    );
                }
                combine_sum(&mut out);
                let r = self.round(worker, out, vec![(COUNT, TALLY, live)])?;
                if r.total == 0 {
                    // Nothing moved: the tally is every worker's live count.
                    break r.tally == 0;
                }
                for (x, kind, count) in r.inbox {
                    let i = layout.local(x);
                    if comp[i] != NO_VERTEX {
                        continue;
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
            self.min_labels(worker, &mut colour, uncovered, |v| {
                fwd.neighbors(v).iter().copied()
            })?;
            // Each root collects its component backward.
            let mut out: Vec<Msg> = Vec::new();
            for (i, &v) in owned.iter().enumerate() {
                if comp[i] == NO_VERTEX && colour[i] == v {
                    comp[i] = v;
                    gone.push(v);
                    out.extend(rev.neighbors(v).iter().map(|&u| (u, 0, u64::from(v))));
                }
            }
            combine_distinct(&mut out);
            loop {
                let r = self.round(worker, std::mem::take(&mut out), Vec::new())?;
                if r.total == 0 {
                    break;
                }
                for (x, _, c) in r.inbox {
                    let i = layout.local(x);
                    if comp[i] == NO_VERTEX && colour[i] == c as u32 {
                        comp[i] = c as u32;
                        gone.push(x);
                        out.extend(rev.neighbors(x).iter().map(|&u| (u, 0, c)));
                    }
                }
                combine_distinct(&mut out);
            }
            // The next trimming tells `gone`'s neighbours.
        }
        self.gather_labels(worker, &comp)
    }
}

/// A round's messages, combined as they are made: one slot per
/// `(vertex, word)` of the whole graph, so a round holds one message per
/// target rather than one per arc (a 64-lane BFS on R-MAT 18 made up to
/// 8 M messages a round before sorting them). The slots are zeroed memory,
/// resident only where touched; `0` is an empty slot.
struct Combiner {
    slots: Vec<u64>,
    words: usize,
    touched: Vec<usize>,
    /// What a slot adds to its value: 1 for min labels, so 0 stays empty.
    bias: u64,
}

impl Combiner {
    /// Messages OR-combined, `words` per vertex.
    fn or(n: usize, words: usize) -> Combiner {
        Combiner::new(n, words, 0)
    }

    /// Messages min-combined, one label per vertex.
    fn min(n: usize) -> Combiner {
        Combiner::new(n, 1, 1)
    }

    fn new(n: usize, words: usize, bias: u64) -> Combiner {
        let len = n
            .checked_mul(words)
            .expect("vertices × lane words fit in memory (the session checked the frontier bytes)");
        Combiner {
            slots: vec![0; len],
            words,
            touched: Vec::new(),
            bias,
        }
    }

    fn slot(&mut self, v: u32, w: u32) -> &mut u64 {
        let k = v as usize * self.words + w as usize;
        if self.slots[k] == 0 {
            self.touched.push(k);
        }
        &mut self.slots[k]
    }

    /// OR `bits` (not 0) into `(v, w)`.
    fn add_bits(&mut self, v: u32, w: u32, bits: u64) {
        debug_assert_eq!(self.bias, 0);
        *self.slot(v, w) |= bits;
    }

    /// Keep the smallest `label` for `v`.
    fn add_label(&mut self, v: u32, label: u32) {
        debug_assert_eq!(self.bias, 1);
        let l = u64::from(label) + 1;
        let s = self.slot(v, 0);
        if *s == 0 || l < *s {
            *s = l;
        }
    }

    /// Move the combined messages into `out`, sorted by vertex.
    fn drain(&mut self, out: &mut Vec<Msg>) {
        self.touched.sort_unstable();
        for k in self.touched.drain(..) {
            let value = std::mem::take(&mut self.slots[k]) - self.bias;
            out.push(((k / self.words) as u32, (k % self.words) as u32, value));
        }
    }
}

/// Sum the values of messages to the same `(vertex, word)`.
fn combine_sum(out: &mut Vec<Msg>) {
    out.sort_unstable_by_key(|m| (m.0, m.1));
    out.dedup_by(|later, kept| {
        if (later.0, later.1) == (kept.0, kept.1) {
            kept.2 += later.2;
            true
        } else {
            false
        }
    });
}

/// Drop repeated messages.
fn combine_distinct(out: &mut Vec<Msg>) {
    out.sort_unstable();
    out.dedup();
}
