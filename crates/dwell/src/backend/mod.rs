//! Backends: where queries execute.
//!
//! A [`Backend`] opens a [`Resident`] handle for one graph under a session
//! [`Plan`]: the topology is made resident once (uploaded to a device, or
//! adopted and completed in host memory), then every run executes against it
//! and leaves its compact output resident until the single read-back.
//! Backends count what they do in the session's [`Counters`].
//!
//! `cpu-reference` is the single-threaded oracle; `cpu` is the fast rayon
//! backend and the default. Both live in [`host`].

mod host;

pub use host::{Cpu, CpuReference};

use crate::analysis::{Output, Query};
use crate::graph::Graph;
use crate::session::counters::Counters;
use crate::session::executor::SessionError;
use crate::session::plan::Plan;
use crate::session::profile::{self, Requirements, SizeOverflow};
use std::sync::Arc;

/// Something that can make a graph resident and run queries on it.
pub trait Backend: Send + Sync {
    /// Name as given to `--backend`.
    fn name(&self) -> &'static str;

    /// Bytes one run of `q` needs resident on this backend. The planner sizes
    /// sessions with it and the executor checks every run against the plan
    /// with it. The default is the bit-parallel layout of
    /// [`profile::requirements`]; a backend that keeps other buffers says so.
    fn requirements(&self, g: &Graph, q: &Query) -> Result<Requirements, SizeOverflow> {
        profile::requirements(g, q)
    }

    /// Make `g` resident under `plan`, counting uploads and allocations.
    fn open<'g>(
        &self,
        g: &'g Graph,
        plan: &Plan,
        counters: Arc<Counters>,
    ) -> Result<Box<dyn Resident + 'g>, SessionError>;
}

/// A graph resident on a backend. Queries arrive validated and checked
/// against the plan by [`Session`](crate::session::Session).
pub trait Resident {
    /// Execute one run; its output stays resident.
    fn run(&mut self, query: &Query) -> Result<(), SessionError>;

    /// The single read-back of the resident outputs.
    fn read_back(&mut self) -> Result<Vec<Output>, SessionError>;
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
