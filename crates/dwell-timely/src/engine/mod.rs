//! What each timely worker runs: one dataflow built once per session, then
//! the analyses as rounds (supersteps) over it.
//!
//! # The dataflow
//!
//! Three inputs per worker, epochs `u64`. *Messages* `(vertex, word,
//! value)` are exchanged to the worker that owns `vertex`
//! ([`Placement::worker_of`]); *notes* `(kind, a, b)` are broadcast to every
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
//! This file holds the dataflow, the topology and a run's gather round;
//! `rounds` the rounds and windows, `search` BFS and reach, `components`
//! WCC and SCC.
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
//! indexed by [`Placement::local`])
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
//!
//! # Stopping a run
//!
//! Each worker reads its process's stop flag (set by the runtime when the
//! session's cancel is set) once per epoch and says it in the epoch's
//! count note (`(COUNT, STOP, sent)`: no extra record). Every worker
//! receives every note of the epoch, so all of them, in every process,
//! learn of a stop at the same epoch: each analysis then ends after the
//! round in progress, the per-vertex gather is skipped, and the run's
//! figures say it stopped ([`RunFigures::stopped`]), so every process
//! reports the run cancelled and none waits for a round another skipped.

mod components;
mod rounds;
mod search;

use crate::net::Links;
use crate::shard::{Cursor, Placement, Rows};
use dwell::analysis::{Output, Query};
use dwell::graph::{Csr, Graph};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::sync::atomic::AtomicBool;
use std::sync::atomic::Ordering;
use std::sync::Arc;
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
/// `(COUNT, STOP, messages)`: the count note of a worker whose process was
/// asked to stop.
const STOP: u32 = 2;
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
    /// The run was stopped (a process's session cancelled it): its answer
    /// is partial and must not be used. The same on every process.
    #[serde(skip)]
    pub stopped: bool,
}

/// Why a round could not finish.
#[derive(Debug, Clone)]
pub struct Lost(pub usize, pub String);

/// Peak resident set of this process (`VmHWM`), when the system says.
pub fn peak_rss_bytes() -> u64 {
    dwell::session::memory::process_status_bytes("VmHWM:").unwrap_or(0)
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
    placement: Placement,
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
    /// This process's stop flag, read once per epoch.
    stop: Arc<AtomicBool>,
    /// Some worker's note of an epoch of this run said stop: the same on
    /// every worker from that epoch on.
    stopped: bool,
}

impl Engine {
    /// Build the dataflow on `worker`; rounds combine messages in windows
    /// of `window` words (at least 1).
    pub fn build(
        worker: &mut Worker,
        g: Arc<Topology>,
        placement: Placement,
        links: Arc<Links>,
        window: usize,
        stop: Arc<AtomicBool>,
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
            s.exchange(move |m: &Msg| placement.worker_of(m.0) as u64)
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
            placement,
            me,
            process: me / placement.workers(),
            lead: me.is_multiple_of(placement.workers()),
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
            stop,
            stopped: false,
        }
    }

    /// Whether this worker answers for its process.
    pub fn is_lead(&self) -> bool {
        self.lead
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
        self.stopped = false;
        let start = (
            self.links.sent.load(Ordering::Relaxed),
            self.links.received.load(Ordering::Relaxed),
        );
        let out = self.answer(worker, q)?;
        self.gather(worker, start, out)
    }

    /// The analysis of `q`: the answer on the lead, `None` elsewhere.
    fn answer(&mut self, worker: &mut Worker, q: &Query) -> Result<Option<Output>, Lost> {
        Ok(match q {
            Query::Bfs(b) => self.bfs(worker, b)?.map(Output::Bfs),
            Query::Reach(r) => self.reach(worker, r)?.map(Output::Reach),
            Query::Wcc => self.wcc(worker)?.map(Output::Wcc),
            // On an undirected graph (every edge stored both ways) the strong
            // components are the weak ones, as on the cpu backends.
            Query::Scc if !self.g.directed => self.wcc(worker)?.map(Output::Scc),
            Query::Scc => self.scc(worker)?.map(Output::Scc),
            other => unreachable!(
                "the session sends only supported queries, not {}",
                other.name()
            ),
        })
    }

    /// The gather round: every process's figures to every process, and
    /// process 0's component summary to the others, whose `out` takes it.
    /// `start`: the links' bytes sent and received when the run began.
    fn gather(
        &mut self,
        worker: &mut Worker,
        start: (u64, u64),
        mut out: Option<Output>,
    ) -> Result<Option<(Output, RunFigures)>, Lost> {
        let notes = self.gather_notes(start, out.as_ref());
        let r = self.epoch(worker, 0, notes, Vec::new())?;
        if self.me != 0 {
            if let Some(Output::Wcc(c) | Output::Scc(c)) = out.as_mut() {
                for &(k, count, largest) in &r.notes {
                    if k == COMPONENTS {
                        (c.count, c.largest) = (u64::from(count), largest);
                    }
                }
            }
        }
        Ok(out.map(|o| (o, self.figures(r.notes))))
    }

    /// This worker's notes of the gather round.
    fn gather_notes(&self, start: (u64, u64), out: Option<&Output>) -> Vec<Note> {
        let mut notes = Vec::new();
        if let Some(Output::Wcc(c) | Output::Scc(c)) = out.filter(|_| self.me == 0) {
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
        notes
    }

    /// The run's figures from the gather round's notes.
    fn figures(&self, notes: Vec<Note>) -> RunFigures {
        let mut procs: Vec<ProcessFigures> = (0..self.placement.processes())
            .map(|process| ProcessFigures {
                process,
                ..Default::default()
            })
            .collect();
        let (mut rounds, mut epochs) = (0, 0);
        for (k, a, b) in notes {
            let p = &mut procs[a as usize % self.placement.processes()];
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
        RunFigures {
            rounds,
            epochs,
            processes: procs,
            stopped: self.stopped,
        }
    }
}
