//! What each timely worker runs: one dataflow built once per session, then
//! the analyses as rounds (supersteps) over it.
//!
//! # The dataflow
//!
//! Three inputs per worker, epochs `u64`. *Messages* `(vertex, word,
//! value)` are exchanged to the worker that owns `vertex`
//! ([`Layout::worker_of`]); *notes* `(kind, a, b)` are broadcast to every
//! worker; *answers* (notes of the per-vertex answer: levels, labels) go to
//! worker 0 alone, the lead of process 0, the one process that reports
//! them whole and writes `--out` (the others report the summaries, which
//! travel as notes). All three streams end in a probe. An *epoch* sends this worker's messages and notes, advances
//! both inputs, and steps the worker until the probe has passed it: then
//! every message and note of the epoch has arrived everywhere (timely's
//! progress tracking says so), and each worker's note of how many messages
//! it sent tells all of them whether anything is still moving. New queries
//! are new epochs of the same dataflow; nothing is rebuilt between runs.
//!
//! # Rounds in windows (flow control)
//!
//! A round (superstep) is one epoch per *window* of target ids: `W` =
//! [`WINDOW_WORDS`] slot words per worker, `W / words` vertices a window
//! (`words`: message words per vertex, e.g. 64-lane words of a search),
//! `⌈n / (W / words)⌉` windows, the same on every worker. For each window
//! a worker makes its messages to targets in it from its rows (`Walk`:
//! rows are sorted, so one cursor per row moves through the windows),
//! combines them into the window's slots (OR, min, max or sum: one message
//! per target and word, exactly as combining over the whole graph would),
//! sends them, and waits for the epoch; what arrives is applied to the
//! receiver's own state before the next window. So a worker never holds
//! more than a window of messages to send, and receives at most a window's
//! worth (`W` messages) per epoch: memory for messages is bounded by `W`,
//! not by the round, and nothing is sized by the whole graph's `n`.
//!
//! # The analyses (each worker holds state for its own vertices only,
//! indexed by [`Layout::local`])
//!
//! - Searches (BFS, reach): bit-parallel lanes as data. A message
//!   `(v, word, bits)` says the sources of lanes `64·word + bit` reach `v`
//!   this round; the owner keeps `seen[v][word]`, counts the new bits at
//!   the round's level, and sends the new bits along `v`'s arcs (forward,
//!   or reverse for backward reach; reach follows only arcs passing the
//!   label mask). Messages to one vertex are OR-combined in the window.
//!   Per-lane counts and sinks reached travel as notes, so every process
//!   ends with the same summaries; per-vertex levels or reached sets (only
//!   when asked for) travel as answers, to process 0 only.
//! - WCC: each worker first joins its own vertices along the arcs between
//!   two of them (a union-find in Afforest's order, `Groups`), then
//!   min-label propagation runs over the arcs that leave the worker,
//!   forward and reverse (Shiloach–Vishkin without hooking, the "HashMin"
//!   of Rastogi et al., ICDE 2013), a group's label moving as one: a
//!   vertex's label is the smallest id that reaches it; a label is sent
//!   to a neighbour only when it is smaller than the neighbour's id, and
//!   messages are min-combined. One worker needs no round; on R-MAT 20
//!   two to four processes need 6 rounds instead of 9. The fixpoint labels each component by its
//!   smallest vertex; the labels are gathered as answers on process 0, a
//!   window of vertices per epoch, and numbered canonically in place as
//!   each window arrives (a label is its component's smallest vertex, so
//!   already numbered); the count and largest size go to every process as
//!   notes.
//! - SCC: trimming, forward min-colouring and backward collection per
//!   colour, repeated on what is left (`Engine::scc` says how and why it
//!   is exact); an undirected graph's strong components are its weak ones.
//!
//! Every run ends with one gather round in which each process's lead
//! worker broadcasts its figures (bytes and records it sent during the run,
//! peak resident memory), so every process reports every process's.

mod components;

use crate::net::Links;
use crate::shard::{Cursor, Layout, Rows};
use dwell::analysis::{BfsResult, Direction, Output, Query, ReachResult};
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
/// `(COMPONENTS, count, largest)`: the summary of process 0's components.
const COMPONENTS: u32 = 5;
const STAT_SENT: u32 = 10;
const STAT_RECEIVED: u32 = 11;
const STAT_RECORDS: u32 = 12;
const STAT_PEAK: u32 = 13;
const STAT_ROUNDS: u32 = 14;
const STAT_EPOCHS: u32 = 15;

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
    /// Epochs of the run: a round is one epoch per window of target ids
    /// ([`WINDOW_WORDS`]), so no process holds a whole round's messages.
    pub epochs: u64,
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

/// Which of a whole graph's CSRs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Forward,
    Reverse,
}

/// Rows of arcs a process reads: a whole graph's CSR (every vertex has its
/// row), or a part's [`Rows`] (only the process's vertices have one).
/// Either way only rows of the process's own vertices are asked for.
#[derive(Debug)]
pub enum Arcs {
    Whole(Arc<Graph>, Side),
    Part(Rows),
}

impl Arcs {
    #[inline]
    fn csr(g: &Graph, side: Side) -> &Csr {
        match side {
            Side::Forward => g.forward(),
            Side::Reverse => g.reverse(),
        }
    }

    /// Call `f(target, label)` for the arcs of `v` from `c` on whose
    /// targets are below `hi`, moving `c` past them ([`Rows::scan`]; a
    /// whole graph's rows are sorted too). `label` is `None` without
    /// labels.
    #[inline]
    pub fn scan(&self, v: u32, c: &mut Cursor, hi: u32, mut f: impl FnMut(u32, Option<u32>)) {
        match self {
            Arcs::Whole(g, side) => {
                let csr = Arcs::csr(g, *side);
                let r = csr.range(v);
                let (targets, labels) = (csr.targets(), csr.labels());
                let mut i = r.start + c.at as usize;
                while i < r.end && targets[i] < hi {
                    f(targets[i], labels.map(|l| l[i]));
                    i += 1;
                }
                // A row's targets are distinct vertex ids: fewer than 2^32.
                c.at = (i - r.start) as u32;
            }
            Arcs::Part(rows) => rows.scan(v, c, hi, f),
        }
    }

    /// Arcs of `v` to other vertices than `v`.
    pub fn others(&self, v: u32) -> u64 {
        let mut k = 0;
        self.scan(v, &mut Cursor::default(), u32::MAX, |t, _| {
            k += u64::from(t != v);
        });
        k
    }

    /// Arcs held.
    pub fn arcs(&self) -> usize {
        match self {
            Arcs::Whole(g, side) => Arcs::csr(g, *side).targets().len(),
            Arcs::Part(rows) => rows.arcs(),
        }
    }
}

/// The arcs a process holds: out-arcs and in-arcs of its vertices (a part
/// of a directed graph; an undirected one's in-arcs are its out-arcs), or
/// a whole graph.
#[derive(Debug)]
pub struct Topology {
    nodes: usize,
    pub directed: bool,
    fwd: Arcs,
    /// In-arcs; `None` when they are the out-arcs (undirected graphs).
    rev: Option<Arcs>,
}

impl Topology {
    /// A whole graph: every process holds all of it.
    pub fn whole(g: Arc<Graph>) -> Topology {
        let directed = g.is_directed();
        Topology {
            nodes: g.nodes(),
            directed,
            fwd: Arcs::Whole(Arc::clone(&g), Side::Forward),
            rev: directed.then(|| Arcs::Whole(g, Side::Reverse)),
        }
    }

    /// A process's part of a split graph.
    pub fn part(nodes: usize, directed: bool, out: Rows, inn: Option<Rows>) -> Topology {
        Topology {
            nodes,
            directed,
            fwd: Arcs::Part(out),
            rev: inn.map(Arcs::Part),
        }
    }

    /// Whether this is a whole graph (the session's own), not a part.
    pub fn is_whole(&self) -> bool {
        matches!(self.fwd, Arcs::Whole(..))
    }

    /// Out-arcs (rows of this process's vertices are complete).
    pub fn fwd(&self) -> &Arcs {
        &self.fwd
    }

    /// In-arcs, as rows of sources by target.
    pub fn rev(&self) -> &Arcs {
        self.rev.as_ref().unwrap_or(&self.fwd)
    }

    /// Vertices of the whole graph.
    pub fn nodes(&self) -> usize {
        self.nodes
    }

    /// Build what is built on first use (a whole directed graph's reverse
    /// CSR) before the workers share it.
    pub fn prepare(&self) {
        let _ = self.rev().arcs();
    }

    /// Bytes of the resident arcs.
    pub fn bytes(&self) -> Result<u64, dwell::analysis::SizeOverflow> {
        match (&self.fwd, &self.rev) {
            // A whole directed graph keeps its reverse CSR too.
            (Arcs::Whole(g, _), Some(_)) => dwell::analysis::footprint::resident_graph_bytes(g),
            (Arcs::Whole(g, _), None) => Ok(g.forward_bytes()),
            (Arcs::Part(out), inn) => {
                let inn = match inn {
                    Some(Arcs::Part(rows)) => rows.bytes()?,
                    _ => 0,
                };
                dwell::analysis::footprint::sum("resident graph bytes", &[out.bytes()?, inn])
            }
        }
    }
}

/// Slot words of a worker's combining window (1 MiB): a round's messages
/// are made and sent one window of target ids at a time, each window its
/// own epoch (`Engine::round`).
pub const WINDOW_WORDS: usize = 1 << 17;

/// One worker's dataflow and state.
pub struct Engine {
    g: Arc<Topology>,
    layout: Layout,
    me: usize,
    process: usize,
    lead: bool,
    msgs: In<Msg>,
    notes: In<Note>,
    answers: In<Note>,
    probe: ProbeHandle<u64>,
    /// What arrived, by epoch: a faster worker's next epoch may arrive
    /// before this worker has seen the current one end.
    inbox: Rc<RefCell<BTreeMap<u64, Vec<Msg>>>>,
    notes_in: Rc<RefCell<BTreeMap<u64, Vec<Note>>>>,
    answers_in: Rc<RefCell<BTreeMap<u64, Vec<Note>>>>,
    epoch: u64,
    links: Arc<Links>,
    /// The combining window, `window` words, and its used slots.
    slots: Vec<u64>,
    touched: Vec<u32>,
    window: usize,
    /// Per run: records sent to other processes, rounds, epochs.
    remote_records: u64,
    rounds: u64,
    epochs: u64,
}

/// What one epoch brought.
struct Epoch {
    inbox: Vec<Msg>,
    notes: Vec<Note>,
    /// Answer notes (on worker 0; empty elsewhere).
    answers: Vec<Note>,
    /// Messages all workers sent in it.
    total: u64,
    /// The sum of the `(COUNT, TALLY, x)` notes of all workers.
    tally: u64,
}

/// What one round brought (its messages went to `receive`).
#[derive(Default)]
struct Round {
    /// The round's notes (on the lead; empty on other workers).
    notes: Vec<Note>,
    /// The round's answer notes (on worker 0; empty elsewhere).
    answers: Vec<Note>,
    /// Messages all workers sent in the round.
    total: u64,
    tally: u64,
}

/// How messages to one `(vertex, word)` combine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Or,
    Min,
    Max,
    Sum,
}

/// One window of a round's messages: targets `lo..lo + width`, `words`
/// slots each, combined by `op` as they are made, so the window holds one
/// message per target and word rather than one per arc. `0` is an empty
/// slot: min and max store `value + 1`.
struct Window<'a> {
    lo: u32,
    words: usize,
    op: Op,
    slots: &'a mut [u64],
    touched: &'a mut Vec<u32>,
}

impl Window<'_> {
    /// Combine `value` (not 0 for OR and sums) into `(v, w)`, `v` in the
    /// window.
    #[inline]
    fn add(&mut self, v: u32, w: u32, value: u64) {
        let k = (v - self.lo) as usize * self.words + w as usize;
        let s = &mut self.slots[k];
        if *s == 0 {
            self.touched.push(k as u32);
        }
        match self.op {
            Op::Or => *s |= value,
            Op::Sum => *s += value,
            Op::Min => {
                if *s == 0 || value + 1 < *s {
                    *s = value + 1;
                }
            }
            Op::Max => *s = (*s).max(value + 1),
        }
    }

    /// Hand the window's messages to `send`, by target, emptying it.
    fn drain(&mut self, mut send: impl FnMut(Msg)) {
        self.touched.sort_unstable();
        let bias = u64::from(matches!(self.op, Op::Min | Op::Max));
        for k in self.touched.drain(..) {
            let value = std::mem::take(&mut self.slots[k as usize]) - bias;
            let (v, w) = (k as usize / self.words, k as usize % self.words);
            send((self.lo + v as u32, w as u32, value));
        }
    }
}

/// Cursors over the rows of some of this worker's vertices, advanced one
/// window of target ids at a time: rows are sorted by target, so a
/// window's arcs of a row are the next run of it.
struct Walk<'a> {
    rows: &'a [&'a Arcs],
    items: Vec<u32>,
    /// Next arc of item `k` in row set `r`, at `k · rows + r`.
    pos: Vec<Cursor>,
}

impl<'a> Walk<'a> {
    fn new(rows: &'a [&'a Arcs], items: Vec<u32>) -> Walk<'a> {
        let pos = vec![Cursor::default(); items.len() * rows.len()];
        Walk { rows, items, pos }
    }

    /// Call `f(item index, item, row set, target, label)` for every arc
    /// not yet visited whose target is below `hi`.
    #[inline]
    fn window(&mut self, hi: u32, mut f: impl FnMut(usize, u32, usize, u32, Option<u32>)) {
        let r = self.rows.len();
        for (k, &v) in self.items.iter().enumerate() {
            for (j, arcs) in self.rows.iter().enumerate() {
                arcs.scan(v, &mut self.pos[k * r + j], hi, |t, label| {
                    f(k, v, j, t, label)
                });
            }
        }
    }
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
    /// Build the dataflow on `worker`; rounds combine messages in windows
    /// of `window` words (at least 1).
    pub fn build(
        worker: &mut Worker,
        g: Arc<Topology>,
        layout: Layout,
        links: Arc<Links>,
        window: usize,
    ) -> Engine {
        let me = worker.index();
        let inbox = Rc::new(RefCell::new(BTreeMap::<u64, Vec<Msg>>::new()));
        let notes_in = Rc::new(RefCell::new(BTreeMap::<u64, Vec<Note>>::new()));
        let answers_in = Rc::new(RefCell::new(BTreeMap::<u64, Vec<Note>>::new()));
        let (ib, nb, ab) = (
            Rc::clone(&inbox),
            Rc::clone(&notes_in),
            Rc::clone(&answers_in),
        );
        let (msgs, notes, answers, probe) = worker.dataflow::<u64, _, _>(move |scope| {
            let probe = ProbeHandle::new();
            let (msgs, s) = scope.new_input::<Vec<Msg>>();
            let (notes, t) = scope.new_input::<Vec<Note>>();
            let (answers, a) = scope.new_input::<Vec<Note>>();
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
            a.exchange(|_: &Note| 0)
                .inspect_core(move |event| {
                    if let Ok((time, data)) = event {
                        ab.borrow_mut()
                            .entry(time.elements().first().copied().unwrap_or_default())
                            .or_default()
                            .extend_from_slice(data);
                    }
                })
                .probe_with(&probe);
            (msgs, notes, answers, probe)
        });
        let window = window.max(1);
        Engine {
            g,
            layout,
            me,
            process: me / layout.workers(),
            lead: me.is_multiple_of(layout.workers()),
            msgs,
            notes,
            answers,
            probe,
            inbox,
            notes_in,
            answers_in,
            epoch: 0,
            links,
            // Zeroed: resident only once a round touches it.
            slots: vec![0; window],
            touched: Vec::new(),
            window,
            remote_records: 0,
            rounds: 0,
            epochs: 0,
        }
    }

    /// Whether this worker answers for its process.
    pub fn is_lead(&self) -> bool {
        self.lead
    }

    /// Send message `m` at the current epoch.
    #[inline]
    fn send(&mut self, m: Msg) {
        if self.layout.process_of(m.0) != self.process {
            self.remote_records += 1;
        }
        self.msgs.send(m);
    }

    /// Send `notes` and `answers` at the current epoch (after `sent`
    /// messages, [`Engine::send`]), close it, and step until every
    /// worker's messages and notes of it have arrived.
    fn epoch(
        &mut self,
        worker: &mut Worker,
        sent: u64,
        mut notes: Vec<Note>,
        answers: Vec<Note>,
    ) -> Result<Epoch, Lost> {
        notes.push((COUNT, 0, sent));
        let remote_workers = (self.layout.processes() - 1) * self.layout.workers();
        self.remote_records += (notes.len() * remote_workers) as u64;
        for n in notes {
            self.notes.send(n);
        }
        // Answers go to worker 0, in process 0.
        if self.process != 0 {
            self.remote_records += answers.len() as u64;
        }
        for a in answers {
            self.answers.send(a);
        }
        self.epoch += 1;
        self.msgs.advance_to(self.epoch);
        self.notes.advance_to(self.epoch);
        self.answers.advance_to(self.epoch);
        while self.probe.less_than(&self.epoch) {
            if let Some((peer, what)) = self.links.failure() {
                return Err(Lost(peer, what));
            }
            if let Some(what) = crate::panicked() {
                return Err(Lost(self.process, what));
            }
            worker.step_or_park(Some(Duration::from_millis(2)));
        }
        self.epochs += 1;
        // Epochs are numbered from 1; an epoch's data carry the epoch it
        // was sent at, one less than the one advanced to.
        let sent_at = self.epoch - 1;
        let inbox = self.inbox.borrow_mut().remove(&sent_at).unwrap_or_default();
        let answers = self
            .answers_in
            .borrow_mut()
            .remove(&sent_at)
            .unwrap_or_default();
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
        Ok(Epoch {
            inbox,
            notes: all,
            answers,
            total,
            tally,
        })
    }

    /// Windows of target ids for messages of `words` words per vertex:
    /// `(width, count)`, the same on every worker.
    fn windows(&self, words: usize) -> (usize, usize) {
        let width = (self.window / words.max(1)).max(1);
        (width, self.g.nodes().div_ceil(width).max(1))
    }

    /// One round (superstep). This worker's messages are made by `fill`
    /// and sent window by window: `fill(hi, window)` adds the messages to
    /// targets in the window (below `hi`, at or above the last call's),
    /// combined by `op`; each window is its own epoch, and the messages it
    /// brings are handed to `receive` when it ends. So no worker holds more
    /// than a window of messages to send or to receive at once (flow
    /// control), and the combining slots are a window, not a whole graph.
    /// `notes` and `answers` go with the first window.
    #[allow(clippy::too_many_arguments)]
    fn round(
        &mut self,
        worker: &mut Worker,
        op: Op,
        words: usize,
        notes: Vec<Note>,
        answers: Vec<Note>,
        mut fill: impl FnMut(u32, &mut Window),
        mut receive: impl FnMut(Msg),
    ) -> Result<Round, Lost> {
        let n = self.g.nodes();
        let (width, count) = self.windows(words);
        let mut slots = std::mem::take(&mut self.slots);
        if slots.len() < width * words {
            // More words per vertex than a window holds: one vertex a window.
            slots.resize(width * words, 0);
        }
        let mut touched = std::mem::take(&mut self.touched);
        let mut notes = Some(notes);
        let mut answers = Some(answers);
        let mut round = Round::default();
        for c in 0..count {
            let lo = c * width;
            let hi = (lo + width).min(n);
            let mut w = Window {
                lo: lo as u32,
                words,
                op,
                slots: &mut slots[..width * words],
                touched: &mut touched,
            };
            fill(hi as u32, &mut w);
            // Straight from the slots into timely's buffers: no list of
            // the window's messages in between.
            let mut sent = 0u64;
            w.drain(|m| {
                self.send(m);
                sent += 1;
            });
            let e = match self.epoch(
                worker,
                sent,
                notes.take().unwrap_or_default(),
                answers.take().unwrap_or_default(),
            ) {
                Ok(e) => e,
                Err(lost) => {
                    self.slots = slots;
                    return Err(lost);
                }
            };
            for m in e.inbox {
                receive(m);
            }
            round.total += e.total;
            round.tally += e.tally;
            round.notes.extend(e.notes);
            round.answers.extend(e.answers);
        }
        self.slots = slots;
        self.touched = touched;
        self.rounds += 1;
        Ok(round)
    }

    /// Run `q` (validated and supported); the lead returns the answer and
    /// the run's figures, other workers `None`. Process 0's answer is
    /// whole; the other processes' have the summaries only (no levels,
    /// reached sets or labels: see the module's *answers*).
    pub fn run(
        &mut self,
        worker: &mut Worker,
        q: &Query,
    ) -> Result<Option<(Output, RunFigures)>, Lost> {
        self.remote_records = 0;
        self.rounds = 0;
        self.epochs = 0;
        let start = (
            self.links.sent.load(Ordering::Relaxed),
            self.links.received.load(Ordering::Relaxed),
        );
        let g = Arc::clone(&self.g);
        let out = match q {
            Query::Bfs(b) => {
                let lanes = self.search(worker, g.fwd(), None, &b.sources, b.keep_levels, &[])?;
                lanes.map(|mut l| {
                    // Each lane's levels move into its result (no copy).
                    let mut levels = l.levels.take().map(Vec::into_iter);
                    Output::Bfs(
                        b.sources
                            .iter()
                            .enumerate()
                            .map(|(i, &source)| BfsResult {
                                source,
                                reached: l.reached[i],
                                max_level: l.max_level[i],
                                level_sum: l.level_sum[i],
                                levels: levels.as_mut().and_then(Iterator::next),
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
        // The gather round: every process's figures to every process, and
        // process 0's component summary to the others.
        let mut notes = Vec::new();
        if let Some(Output::Wcc(c) | Output::Scc(c)) = out.as_ref().filter(|_| self.me == 0) {
            // A count of at most `n` components fits a vertex id.
            notes.push((COMPONENTS, c.count as u32, c.largest));
        }
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
        notes.push((STAT_ROUNDS, 0, self.rounds + 1));
        notes.push((STAT_EPOCHS, 0, self.epochs + 1));
        let r = self.epoch(worker, 0, notes, Vec::new())?;
        let mut out = out;
        if self.me != 0 {
            if let Some(Output::Wcc(c) | Output::Scc(c)) = out.as_mut() {
                for &(k, count, largest) in &r.notes {
                    if k == COMPONENTS {
                        (c.count, c.largest) = (u64::from(count), largest);
                    }
                }
            }
        }
        Ok(out.map(|o| {
            let mut procs: Vec<ProcessFigures> = (0..self.layout.processes())
                .map(|process| ProcessFigures {
                    process,
                    ..Default::default()
                })
                .collect();
            let (mut rounds, mut epochs) = (0, 0);
            for (k, a, b) in r.notes {
                let p = &mut procs[a as usize % self.layout.processes()];
                match k {
                    STAT_SENT => p.bytes_sent = b,
                    STAT_RECEIVED => p.bytes_received = b,
                    STAT_PEAK => p.peak_rss_bytes = b,
                    STAT_RECORDS => p.records_sent += b,
                    STAT_ROUNDS => rounds = rounds.max(b),
                    STAT_EPOCHS => epochs = epochs.max(b),
                    _ => {}
                }
            }
            (
                o,
                RunFigures {
                    rounds,
                    epochs,
                    processes: procs,
                },
            )
        }))
    }

    /// Multi-source search from `sources` along `arcs` (those passing
    /// `mask` when given); per-vertex levels when `keep`; which of `sinks`
    /// each lane reaches. `None` on workers other than the lead.
    fn search(
        &mut self,
        worker: &mut Worker,
        arcs: &Arcs,
        mask: Option<u32>,
        sources: &[u32],
        keep: bool,
        sinks: &[u32],
    ) -> Result<Option<Lanes>, Lost> {
        let n = self.g.nodes();
        let layout = self.layout;
        let lanes = sources.len();
        let words = lanes.div_ceil(64);
        let owned = layout.owned_count(self.me, n) * words;
        // Per vertex of this worker (local index), per lane word: lanes
        // that reached it, and the new ones to send on this round (`fresh`)
        // and the next (`next`).
        let mut seen = vec![0u64; owned];
        let mut fresh = vec![0u64; owned];
        let mut next = vec![0u64; owned];
        let mut frontier: Vec<u32> = Vec::new();
        let mut sink_list: Vec<u32> = sinks
            .iter()
            .copied()
            .filter(|&t| layout.worker_of(t) == self.me)
            .collect();
        sink_list.sort_unstable();
        sink_list.dedup();
        let mut agg = self.lead.then(|| Lanes {
            reached: vec![0; lanes],
            level_sum: vec![0; lanes],
            max_level: vec![0; lanes],
            // Per-vertex answers only where they are reported.
            levels: (keep && self.me == 0).then(|| vec![vec![NO_VERTEX; n]; lanes]),
            sinks: vec![Vec::new(); lanes],
        });
        let seeds = self.me == 0;
        let rows = [arcs];
        let mut notes = Vec::new();
        let mut answers = Vec::new();
        let mut level = 0u32;
        loop {
            let mut walk = Walk::new(&rows, std::mem::take(&mut frontier));
            let mut counts = vec![0u64; lanes];
            let mut reached: Vec<u32> = Vec::new();
            let mut new_notes = Vec::new();
            let mut new_answers = Vec::new();
            let fresh_ref = &fresh;
            let r = self.round(
                worker,
                Op::Or,
                words,
                std::mem::take(&mut notes),
                std::mem::take(&mut answers),
                |hi, win| {
                    if level == 0 && seeds {
                        // The sources, worker 0 for all.
                        for (lane, &s) in sources.iter().enumerate() {
                            if s >= win.lo && s < hi {
                                win.add(s, (lane / 64) as u32, 1u64 << (lane % 64));
                            }
                        }
                    }
                    walk.window(hi, |_, v, _, t, label| {
                        // Unlabelled arcs pass every mask.
                        if mask.zip(label).is_none_or(|(m, l)| l & m != 0) {
                            let base = layout.local(v) * words;
                            for (w, &b) in fresh_ref[base..base + words].iter().enumerate() {
                                if b != 0 {
                                    win.add(t, w as u32, b);
                                }
                            }
                        }
                    });
                },
                |(v, w, bits)| {
                    let i = layout.local(v);
                    let slot = i * words + w as usize;
                    let new = bits & !seen[slot];
                    if new == 0 {
                        return;
                    }
                    seen[slot] |= new;
                    if next[i * words..(i + 1) * words].iter().all(|&b| b == 0) {
                        reached.push(v);
                    }
                    next[slot] |= new;
                    let sink = sink_list.binary_search(&v).is_ok();
                    let mut b = new;
                    while b != 0 {
                        let lane = w as usize * 64 + b.trailing_zeros() as usize;
                        b &= b - 1;
                        counts[lane] += 1;
                        if keep {
                            new_answers.push((VERTEX, v, (lane as u64) << 32 | u64::from(level)));
                        }
                        if sink {
                            new_notes.push((SINK, v, lane as u64));
                        }
                    }
                },
            )?;
            if let Some(a) = agg.as_mut() {
                for (k, x, b) in r.notes.into_iter().chain(r.answers) {
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
            // This round's bits are sent: the next round sends what arrived.
            for &v in &walk.items {
                let i = layout.local(v);
                fresh[i * words..(i + 1) * words].fill(0);
            }
            std::mem::swap(&mut fresh, &mut next);
            frontier = reached;
            notes = new_notes;
            answers = new_answers;
            notes.extend(
                counts
                    .iter()
                    .enumerate()
                    .filter(|(_, &c)| c > 0)
                    .map(|(lane, &c)| (NEW, lane as u32, u64::from(level) << 32 | c)),
            );
            level += 1;
        }
        Ok(agg)
    }
}
