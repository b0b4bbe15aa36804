//! The `timely` backend: dwell's analyses on timely dataflow, across
//! processes that each hold one shard of the graph.
//!
//! # The pieces
//!
//! - [`shard`]: the partition (vertex `v` belongs to process `v mod P`,
//!   arcs to their source's and their target's process) and the shard
//!   folder `dwell shard FILE --parts P --out DIR` writes; each process
//!   loads only its part ([`shard::load_part`]).
//! - [`net`]: the TCP connections between processes, made with bounded
//!   timeouts and counted byte by byte, handed to timely's networking.
//! - `engine`: the dataflow every worker builds once per session and the
//!   analyses as rounds over it (BFS, reach, WCC, SCC).
//! - [`Timely`]: the session [`Backend`]. `open` starts the workers (and
//!   connects the processes, which refuse peers holding another graph or
//!   split: [`net::Identity`]); every `run` feeds the query into the
//!   running dataflow as a new epoch. Process 0's answer is whole; the
//!   other processes' carry the same summaries without the per-vertex
//!   parts (levels, reached sets, component labels), which are gathered on
//!   process 0 alone, the one that writes them. The [`RunFigures`] (rounds,
//!   bytes and records exchanged, peak memory per process) are the same on
//!   every process.
//! - [`launch`]: the local convenience that starts `P` processes of a
//!   program on 127.0.0.1 with free ports.
//!
//! # Example: two workers in one process
//!
//! ```
//! use dwell::analysis::{BfsQuery, Output, Query};
//! use dwell::backend::CpuReference;
//! use dwell::graph::GraphBuilder;
//! use dwell::session::run_once;
//! use dwell_timely::{Cluster, Timely};
//! use std::sync::Arc;
//!
//! let mut b = GraphBuilder::new(true);
//! for (u, v) in [(0, 1), (1, 2), (2, 3), (0, 4)] {
//!     b.push(u, v).unwrap();
//! }
//! let g = Arc::new(b.build().unwrap());
//! let timely = Timely::new(Cluster::local(2), Arc::clone(&g));
//! let q = Query::Bfs(BfsQuery { sources: vec![0, 2], keep_levels: true });
//! let ours = run_once(&timely, &g, &q).unwrap();
//! assert_eq!(ours, run_once(&CpuReference, &g, &q).unwrap());
//! assert_eq!(timely.figures()[0].processes.len(), 1);
//! ```

// Nothing here needs unsafe: timely, the sockets and the shard files are
// all reached through safe interfaces.
#![forbid(unsafe_code)]

pub mod engine;
mod faults;
pub mod launch;
pub mod net;
pub mod shard;

pub use engine::{ProcessFigures, RunFigures};

use dwell::analysis::{Output, Query};
use dwell::backend::{Backend, BackendError, Reservation, Resident};
use dwell::counters::{Counter, Counters};
use dwell::graph::Graph;
use dwell::progress::Progress;
use engine::{Engine, Topology};
use faults::Faults;
use net::Links;
use shard::Placement;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use timely::communication::allocator::zero_copy::initialize::initialize_networking_from_sockets;
use timely::communication::allocator::ProcessBuilder;
use timely::communication::{AllocatorBuilder, Hooks};
use timely::WorkerConfig;

/// Where this process stands among the processes of a run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cluster {
    /// Processes in the run (`-n`).
    pub processes: usize,
    /// Worker threads per process (`-w`).
    pub workers: usize,
    /// This process's index (`-p`).
    pub process: usize,
    /// `host:port` of every process, by index (`-h FILE`); empty for one process.
    pub hosts: Vec<String>,
    /// How long to wait for the other processes to connect.
    pub connect_timeout: Duration,
    /// How long a peer may send nothing (not even a heartbeat) before the
    /// run ends with an error naming it.
    pub peer_timeout: Duration,
}

impl Cluster {
    /// One process with `workers` worker threads.
    pub fn local(workers: usize) -> Cluster {
        Cluster {
            processes: 1,
            workers: workers.max(1),
            process: 0,
            hosts: Vec::new(),
            connect_timeout: Duration::from_secs(30),
            peer_timeout: Duration::from_secs(30),
        }
    }

    fn placement(&self) -> Placement {
        Placement::new(self.processes, self.workers)
    }
}

/// The timely backend's own failures.
#[derive(Debug, thiserror::Error)]
pub enum TimelyError {
    #[error(transparent)]
    Connect(#[from] net::ConnectError),
    #[error("process {me}: process {peer} {what} during run {run}. Check that process {peer} is still running (it may have been killed, run out of memory, or stopped on an error it printed) and that its host is reachable. Fix: restart all {processes} processes")]
    PeerLost {
        me: usize,
        peer: usize,
        what: String,
        run: u64,
        processes: usize,
    },
    #[error("process {me}: a worker failed: {what}. Fix: this is a bug in dwell; please report it with the command line")]
    Worker { me: usize, what: String },
    #[error("the timely backend was made for another graph than the session's. Fix: open the session on the graph given to Timely::new")]
    OtherGraph,
    #[error("timely: {0}. Fix: check --processes, --workers and the hostfile")]
    Start(String),
}

fn device(e: TimelyError) -> BackendError {
    BackendError::Device {
        backend: "timely",
        source: Box::new(e),
    }
}

/// The `timely` backend: see the crate documentation.
pub struct Timely {
    cluster: Cluster,
    /// What sessions run on: the whole graph, or a part's vertices.
    session: Arc<Graph>,
    topology: Arc<Topology>,
    /// What this process holds, compared with every peer's at connect.
    identity: net::Identity,
    window: usize,
    figures: Arc<Mutex<Vec<RunFigures>>>,
}

impl Timely {
    /// A backend for the whole `graph` (one process, or every process
    /// holding all of it) in `cluster`.
    pub fn new(cluster: Cluster, graph: Arc<Graph>) -> Timely {
        let topology = Topology::whole(Arc::clone(&graph));
        let identity = net::Identity {
            version: env!("CARGO_PKG_VERSION").into(),
            layout_hash: format!("0x{:016x}", graph.layout_hash()),
            parts: 0,
            nodes: graph.nodes() as u64,
            arcs: graph.arcs() as u64,
            directed: graph.is_directed(),
            label_names: graph
                .label_names()
                .iter()
                .map(|(n, _)| n.to_string())
                .collect(),
        };
        Timely::on(cluster, graph, topology, identity)
    }

    /// A backend for this process's part of a shard folder
    /// ([`shard::load_part`]); its sessions run on [`Timely::graph`], the
    /// whole graph's vertices without arcs.
    pub fn for_part(cluster: Cluster, part: shard::Part) -> Timely {
        let shard::Part {
            manifest,
            vertices,
            out,
            inn,
        } = part;
        let topology = Topology::part(vertices.nodes(), manifest.directed, out, inn);
        let identity = net::Identity {
            version: env!("CARGO_PKG_VERSION").into(),
            layout_hash: manifest.layout_hash,
            parts: manifest.parts,
            nodes: manifest.nodes,
            arcs: manifest.arcs,
            directed: manifest.directed,
            label_names: manifest.label_names,
        };
        Timely::on(cluster, Arc::new(vertices), topology, identity)
    }

    fn on(
        cluster: Cluster,
        session: Arc<Graph>,
        topology: Topology,
        identity: net::Identity,
    ) -> Timely {
        Timely {
            cluster,
            session,
            topology: Arc::new(topology),
            identity,
            window: engine::WINDOW_WORDS,
            figures: Arc::default(),
        }
    }

    /// Combine and send each round's messages in windows of `words` slot
    /// words per worker (default [`engine::WINDOW_WORDS`]): smaller windows
    /// mean more epochs per round and less memory. Tests use tiny ones to
    /// drive many windows on small graphs.
    pub fn with_window(mut self, words: usize) -> Timely {
        self.window = words.max(1);
        self
    }

    /// The graph sessions of this backend run on: the whole graph, or (a
    /// part) the whole graph's vertices without arcs.
    pub fn graph(&self) -> &Graph {
        &self.session
    }

    /// Out-arcs this process holds (a part's, or the whole graph's).
    pub fn arcs_held(&self) -> usize {
        self.topology.fwd().arcs()
    }

    /// Bytes of the arcs this process holds (a part's out- and in-arcs).
    pub fn resident_bytes(&self) -> Result<u64, dwell::analysis::SizeOverflow> {
        self.topology.bytes()
    }

    pub fn cluster(&self) -> &Cluster {
        &self.cluster
    }

    /// The figures of every run so far, in order.
    pub fn figures(&self) -> Vec<RunFigures> {
        self.figures
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }
}

/// Whether the timely backend runs `q`. Not taint, nor bit-vector
/// dataflow: a `DataflowProblem` holds the gen and kill sets of every
/// node, so every process would hold the whole problem, not a shard.
pub fn runs(q: &Query) -> bool {
    matches!(q, Query::Bfs(_) | Query::Reach(_) | Query::Wcc | Query::Scc)
}

impl Backend for Timely {
    fn name(&self) -> &'static str {
        "timely"
    }

    fn supports(&self, q: &Query) -> bool {
        runs(q)
    }

    fn why_not(&self, q: &Query) -> Option<&'static str> {
        match q {
            Query::Dataflow(_) => Some(
                "a bit-vector dataflow problem is every node's gen and kill sets and its answer every node's fact set, so each process would hold the whole problem and the whole answer, not its shard",
            ),
            Query::Taint(_) => Some(
                "taint's witness paths need every tainted vertex's parent per source, and a path crosses processes, so the answer would be gathered vertex by vertex from every process; `dwell run reach --sinks` on this backend says which sinks each source reaches",
            ),
            _ => None,
        }
    }

    /// The analysis's footprint on the session's graph, plus the arcs a
    /// part holds beside it. (A part's session graph has no arcs; the
    /// budget still counts its row offsets, although they are never
    /// written, so a plan errs on the safe side.)
    fn requirements(
        &self,
        g: &Graph,
        q: &Query,
    ) -> Result<dwell::analysis::footprint::Requirements, dwell::analysis::SizeOverflow> {
        let mut r = q.footprint(g)?;
        if !std::ptr::eq(g, Arc::as_ptr(&self.session)) || self.topology.is_whole() {
            return Ok(r);
        }
        r.graph_bytes = dwell::analysis::footprint::sum(
            "resident graph bytes",
            &[r.graph_bytes, self.topology.bytes()?],
        )?;
        Ok(r)
    }

    fn open<'g>(
        &self,
        g: &'g Graph,
        reservation: &Reservation,
        counters: Arc<Counters>,
    ) -> Result<Box<dyn Resident + 'g>, BackendError> {
        if !std::ptr::eq(g, Arc::as_ptr(&self.session)) {
            return Err(device(TimelyError::OtherGraph));
        }
        // The in-arcs now, before the workers share them (a whole directed
        // graph's reverse CSR; a part brings its own).
        self.topology.prepare();
        let runtime = Runtime::start(
            &self.cluster,
            Arc::clone(&self.topology),
            &self.identity,
            self.window,
        )
        .map_err(device)?;
        counters.bump(Counter::GraphUploads);
        counters.add(Counter::BytesUploaded, self.topology.bytes()?);
        Ok(Box::new(TimelyResident {
            g,
            runtime: Some(runtime),
            counters,
            outputs: Vec::new(),
            keep_all: reservation.keep_all_outputs,
            figures: Arc::clone(&self.figures),
            runs: 0,
        }))
    }
}

enum Cmd {
    Run(Arc<Query>),
    Stop,
}

type Reply = Result<(Output, RunFigures), engine::Lost>;

/// The running workers of this process.
struct Runtime {
    cluster: Cluster,
    commands: Vec<Sender<Cmd>>,
    replies: Receiver<Reply>,
    guards: Option<timely::communication::WorkerGuards<()>>,
    links: Arc<Links>,
    failed: bool,
    /// Set while a run's session asks it to stop; the workers read it
    /// once per epoch (`engine`'s *Stopping a run*).
    stop: Arc<AtomicBool>,
    /// Its threads' panics (`faults`).
    faults: Arc<Faults>,
}

impl Runtime {
    fn start(
        cluster: &Cluster,
        g: Arc<Topology>,
        identity: &net::Identity,
        window: usize,
    ) -> Result<Runtime, TimelyError> {
        // Before any thread of this runtime starts (link threads too).
        let faults = Faults::start();
        let links = Arc::new(Links::default());
        let w = cluster.workers;
        let (builders, others): (Vec<AllocatorBuilder>, Box<dyn std::any::Any + Send>) =
            if cluster.processes > 1 {
                let sockets = net::connect(
                    &cluster.hosts,
                    cluster.process,
                    cluster.connect_timeout,
                    cluster.peer_timeout,
                    identity,
                    &links,
                )?;
                let hooks = Hooks::default();
                let local =
                    ProcessBuilder::new_typed_vector(w, hooks.refill.clone(), hooks.spill.clone());
                let (builders, guard) =
                    initialize_networking_from_sockets(local, sockets, cluster.process, w, hooks)
                        .map_err(|e| TimelyError::Start(e.to_string()))?;
                (
                    builders.into_iter().map(AllocatorBuilder::Tcp).collect(),
                    Box::new(guard),
                )
            } else {
                timely::CommunicationConfig::Process(w)
                    .try_build()
                    .map_err(TimelyError::Start)?
            };
        let (replies_tx, replies) = mpsc::channel::<Reply>();
        let mut commands = Vec::with_capacity(w);
        let mut receivers = Vec::with_capacity(w);
        for _ in 0..w {
            let (tx, rx) = mpsc::channel::<Cmd>();
            commands.push(tx);
            receivers.push(Some(rx));
        }
        let receivers = Mutex::new(receivers);
        let replies_tx = Mutex::new(replies_tx);
        let placement = cluster.placement();
        let wl = Arc::clone(&links);
        let stop = Arc::new(AtomicBool::new(false));
        let ws = Arc::clone(&stop);
        let wf = Arc::clone(&faults);
        let guards = timely::execute::execute_from(
            builders,
            others,
            WorkerConfig::default(),
            move |worker| {
                wf.adopt();
                let local = worker.index() % placement.workers();
                let Some(rx) = receivers.lock().unwrap_or_else(|p| p.into_inner())[local].take()
                else {
                    return;
                };
                let reply = replies_tx.lock().unwrap_or_else(|p| p.into_inner()).clone();
                let mut engine = Engine::build(
                    worker,
                    Arc::clone(&g),
                    placement,
                    Arc::clone(&wl),
                    window,
                    Arc::clone(&ws),
                );
                while let Ok(Cmd::Run(q)) = rx.recv() {
                    match engine.run(worker, &q) {
                        Ok(Some(answer)) => {
                            let _ = reply.send(Ok(answer));
                        }
                        Ok(None) => {}
                        Err(lost) => {
                            if engine.is_lead() {
                                let _ = reply.send(Err(lost));
                            }
                            // The dataflow cannot finish without the lost
                            // peer: leave it to the process's exit.
                            loop {
                                std::thread::park();
                            }
                        }
                    }
                }
            },
        )
        .map_err(TimelyError::Start)?;
        Ok(Runtime {
            cluster: cluster.clone(),
            commands,
            replies,
            guards: Some(guards),
            links,
            failed: false,
            stop,
            faults,
        })
    }

    /// Run `q` on the workers; while waiting, a stop `progress` asks for
    /// is passed to them (their rounds end at the same epoch everywhere,
    /// and the figures say `stopped`).
    fn run(
        &mut self,
        q: &Query,
        run: u64,
        progress: &dyn Progress,
    ) -> Result<(Output, RunFigures), TimelyError> {
        // The workers are idle between runs: none reads the flag now.
        self.stop.store(false, Ordering::Relaxed);
        let q = Arc::new(q.clone());
        for c in &self.commands {
            if c.send(Cmd::Run(Arc::clone(&q))).is_err() {
                return Err(self.ended(run, "a worker thread ended"));
            }
        }
        loop {
            match self.replies.recv_timeout(Duration::from_millis(20)) {
                Ok(Ok(answer)) => return Ok(answer),
                Ok(Err(engine::Lost(_, what))) => return Err(self.ended(run, &what)),
                Err(RecvTimeoutError::Timeout) => {
                    if self.links.has_failed()
                        || self.faults.panicked().is_some()
                        || self.faults.link_lost()
                    {
                        return Err(self.ended(run, "a worker failed"));
                    }
                    if progress.stopped() {
                        self.stop.store(true, Ordering::Relaxed);
                    }
                }
                // The workers are gone (they panic when a lost link poisons
                // their queues, before a round notices the loss).
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(self.ended(run, "the workers ended"));
                }
            }
        }
    }

    /// Why run `run` ended without an answer: a lost peer when any link
    /// failed (a lost link makes workers fail too, so links come first),
    /// else the first panic of a timely thread, else `otherwise`.
    fn ended(&mut self, run: u64, otherwise: &str) -> TimelyError {
        self.failed = true;
        let me = self.cluster.process;
        if self.links.has_failed() {
            // A lost peer often makes others end at once: wait a moment so
            // the first loss is the one named.
            std::thread::sleep(Duration::from_millis(300));
        }
        match self.links.failure() {
            Some((peer, what)) => TimelyError::PeerLost {
                me,
                peer,
                what,
                run: run + 1,
                processes: self.cluster.processes,
            },
            None => TimelyError::Worker {
                me,
                what: self
                    .faults
                    .panicked()
                    .unwrap_or_else(|| otherwise.to_string()),
            },
        }
    }
}

impl Drop for Runtime {
    /// Stop the workers and wait for them, at most a few seconds: after a
    /// failure (or a peer that never stops) the threads are left to the
    /// process's exit instead of hanging it.
    fn drop(&mut self) {
        for c in &self.commands {
            let _ = c.send(Cmd::Stop);
        }
        let Some(guards) = self.guards.take() else {
            return;
        };
        if self.failed {
            std::mem::forget(guards);
            return;
        }
        let (tx, rx) = mpsc::channel();
        let joiner = std::thread::spawn(move || {
            drop(guards);
            let _ = tx.send(());
        });
        if rx.recv_timeout(Duration::from_secs(10)).is_ok() {
            let _ = joiner.join();
        }
    }
}

struct TimelyResident<'g> {
    g: &'g Graph,
    runtime: Option<Runtime>,
    counters: Arc<Counters>,
    outputs: Vec<Output>,
    keep_all: bool,
    figures: Arc<Mutex<Vec<RunFigures>>>,
    runs: u64,
}

impl Resident for TimelyResident<'_> {
    fn run(&mut self, q: &Query, progress: &dyn Progress) -> Result<(), BackendError> {
        let runtime = self
            .runtime
            .as_mut()
            .expect("the runtime lives as long as the resident");
        let (out, figures) = runtime.run(q, self.runs, progress).map_err(device)?;
        // Stopped here or by another process's cancel: a partial answer,
        // never kept; the dataflow is ready for the next run.
        if figures.stopped || progress.stopped() {
            return Err(BackendError::Cancelled);
        }
        self.runs += 1;
        self.figures
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(figures);
        if !self.keep_all {
            self.outputs.clear();
        }
        self.outputs.push(out);
        Ok(())
    }

    fn read_back(&mut self) -> Result<Vec<Output>, BackendError> {
        let outputs = std::mem::take(&mut self.outputs);
        dwell::backend::count_read_back(self.g, &outputs, &self.counters)?;
        Ok(outputs)
    }
}
