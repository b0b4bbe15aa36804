//! Backends: where queries execute.
//!
//! A [`Backend`] opens a [`Resident`] handle for one graph within a
//! [`Reservation`] (the figures of a session's plan): the topology is made resident once (uploaded to a device, or
//! adopted and completed in host memory), then every run executes against it
//! and leaves its compact output resident until the single read-back.
//! Backends count what they do in the session's [`Counters`].
//!
//! `cpu-reference` is the single-threaded oracle; `cpu` is the fast rayon
//! backend and the default. Both live in `host.rs`.

mod host;

pub use host::{Cpu, CpuReference};

use crate::analysis::{Kernels, Output, Query, Requirements, SizeOverflow};
use crate::counters::Counters;
use crate::graph::{Graph, GraphError};
use crate::progress::Progress;
use std::sync::Arc;

/// Something that can make a graph resident and run queries on it.
pub trait Backend: Send + Sync {
    /// Name as given to `--backend`.
    fn name(&self) -> &'static str;

    /// Whether this backend runs `q` at all. Sessions ask before anything is
    /// made resident, so an unsupported query costs no upload.
    fn supports(&self, q: &Query) -> bool {
        let _ = q;
        true
    }

    /// Why this backend does not run `q`, when it has a reason to give
    /// (the refusal says it); only asked when [`supports`](Self::supports)
    /// says no.
    fn why_not(&self, q: &Query) -> Option<&'static str> {
        let _ = q;
        None
    }

    /// The host kernel set this backend runs, when it runs on the host.
    /// Analyses that need more than a resident graph (context-sensitive
    /// taint over a program's supergraph) run on these directly.
    fn host_kernels(&self) -> Option<Kernels> {
        None
    }

    /// Bytes one run of `q` needs resident on this backend. The planner sizes
    /// sessions with it and the executor checks every run against the plan
    /// with it. The default is the analysis's own footprint (the host
    /// layout); a backend that keeps other buffers says so.
    fn requirements(&self, g: &Graph, q: &Query) -> Result<Requirements, SizeOverflow> {
        q.footprint(g)
    }

    /// Make `g` resident within `reservation`, counting uploads and
    /// allocations.
    fn open<'g>(
        &self,
        g: &'g Graph,
        reservation: &Reservation,
        counters: Arc<Counters>,
    ) -> Result<Box<dyn Resident + 'g>, BackendError>;
}

/// A graph resident on a backend. Queries arrive validated, supported and
/// within the reservation.
pub trait Resident {
    /// Execute one run; its output stays resident. Long runs report units
    /// done (sweeps of a batch, …) to `progress`, and poll
    /// [`Progress::stopped`] at least once per level or round: a run that
    /// sees it stops, keeps no output, leaves the resident state ready for
    /// the next run, and returns [`BackendError::Cancelled`].
    fn run(&mut self, query: &Query, progress: &dyn Progress) -> Result<(), BackendError>;

    /// The read-back of the resident outputs (once per query: a session
    /// that stays open reads back each query's, then [`reserve`]s for the
    /// next).
    ///
    /// [`reserve`]: Resident::reserve
    fn read_back(&mut self) -> Result<Vec<Output>, BackendError>;

    /// Take the next query's `reservation` (its runs and per-run sizes),
    /// keeping the topology resident: resize what is sized per run, drop
    /// outputs not read back. A backend that cannot says so.
    fn reserve(&mut self, reservation: &Reservation) -> Result<(), BackendError> {
        let _ = reservation;
        Err(BackendError::NoReplan)
    }
}

/// Count the read-back of host-held `outputs` (their bytes, as the plan
/// sizes them) in `counters`: what a backend whose outputs already live in
/// host memory reads back.
pub fn count_read_back(
    g: &Graph,
    outputs: &[Output],
    counters: &Counters,
) -> Result<(), BackendError> {
    let mut bytes = 0u64;
    for out in outputs {
        bytes = bytes.checked_add(out.bytes(g)?).ok_or(SizeOverflow {
            what: "bytes read back",
        })?;
    }
    counters.add(crate::counters::Counter::BytesReadBack, bytes);
    Ok(())
}

/// What a session lets a backend hold: the plan's figures a backend sizes
/// its buffers by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reservation {
    /// Runs the session will make.
    pub runs: u64,
    /// Per-run bytes, as [`Requirements`] names them.
    pub frontier_bytes: u64,
    pub scratch_bytes: u64,
    pub output_bytes: u64,
    /// Every run's output stays resident until the read-back (else only the last).
    pub keep_all_outputs: bool,
}

/// Why a backend could not open or run.
#[derive(Debug, thiserror::Error)]
pub enum BackendError {
    #[error(transparent)]
    Size(#[from] SizeOverflow),
    #[error(transparent)]
    Graph(#[from] GraphError),
    #[error(
        "the {backend} backend does not run {analysis}. Fix: use --backend cpu for {analysis}"
    )]
    Unsupported {
        backend: &'static str,
        analysis: &'static str,
    },
    #[error("the {backend} backend does not run {analysis}: {why}. Fix: use --backend cpu for {analysis}")]
    Refused {
        backend: &'static str,
        analysis: &'static str,
        why: &'static str,
    },
    /// The run saw [`Progress::stopped`] and stopped early; its output was
    /// dropped. (A session reports it as `SessionError::Cancelled`.)
    #[error("the run was cancelled before it finished (it ran past its time limit). Fix: ask a smaller query, or allow it more time")]
    Cancelled,
    #[error("this backend's resident sessions run one query only. Fix: open a session per query (Session::for_query)")]
    NoReplan,
    /// A backend's own failure (a device, a driver, a compiler), kept whole.
    #[error("{backend} backend: {source}")]
    Device {
        backend: &'static str,
        #[source]
        source: Box<dyn std::error::Error + Send + Sync>,
    },
}

/// The refusal of `q` by `backend`, with its reason when it gives one.
pub fn unsupported(backend: &dyn Backend, q: &Query) -> BackendError {
    let (name, analysis) = (backend.name(), q.name());
    match backend.why_not(q) {
        Some(why) => BackendError::Refused {
            backend: name,
            analysis,
            why,
        },
        None => BackendError::Unsupported {
            backend: name,
            analysis,
        },
    }
}

/// Backends selectable by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BackendKind {
    #[default]
    Cpu,
    CpuReference,
}

impl BackendKind {
    /// All names accepted by [`BackendKind::from_name`].
    pub const NAMES: &'static [&'static str] = &["cpu", "cpu-reference"];

    pub fn from_name(name: &str) -> Option<BackendKind> {
        match name {
            "cpu" => Some(BackendKind::Cpu),
            "cpu-reference" => Some(BackendKind::CpuReference),
            _ => None,
        }
    }

    pub fn instantiate(self) -> Box<dyn Backend> {
        match self {
            BackendKind::Cpu => Box::new(Cpu),
            BackendKind::CpuReference => Box::new(CpuReference),
        }
    }
}
