//! The backend registry: `--backend` names → backends, and how each runs.
//! `cpu` and `cpu-reference` come from the library's `BackendKind`; `cuda`
//! from the `dwell-cuda` crate (which the library cannot name: it depends on
//! the library); `timely` from `dwell-timely`.
//!
//! Commands ask the registry how a backend runs ([`runner`]) and a backend
//! what it can do (`supports`, `host_kernels`), never what it is called. The
//! one place that needs the type itself is `dwell bench`, whose cuda
//! benchmark compares the device's modes (resident, resident with host-decided levels, host-orchestrated): it matches on [`Chosen::Cuda`].

use crate::error::Result;
use dwell::backend::{Backend, BackendKind};

/// How `dwell run` runs on a backend.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Runner {
    /// One resident session in this process (`run.rs`), on the backend
    /// [`resolve`] opens: the host backends and cuda.
    Session,
    /// timely's multi-process runner (`timely.rs`): its backend holds this
    /// process's part of the graph, so it is built after loading, not by
    /// [`resolve`].
    Timely,
}

/// A backend chosen by `--backend`.
pub enum Chosen {
    /// A host backend from the library.
    Host(Box<dyn Backend>),
    /// Device 0, resident mode.
    Cuda(dwell_cuda::Cuda),
}

impl Chosen {
    pub fn backend(&self) -> &dyn Backend {
        match self {
            Chosen::Host(b) => b.as_ref(),
            Chosen::Cuda(c) => c,
        }
    }
}

/// A registry entry: what a name stands for.
#[derive(Clone, Copy)]
enum Entry {
    Host(BackendKind),
    Cuda,
    Timely,
}

/// The entries beside the library's host backends, in `names()` order.
const OTHERS: [(&str, Entry); 2] = [("cuda", Entry::Cuda), ("timely", Entry::Timely)];

fn lookup(name: &str) -> Option<Entry> {
    BackendKind::from_name(name).map(Entry::Host).or_else(|| {
        OTHERS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, entry)| entry)
    })
}

/// Every name `--backend` accepts.
pub fn names() -> Vec<&'static str> {
    let mut v = BackendKind::NAMES.to_vec();
    v.extend(OTHERS.iter().map(|(n, _)| *n));
    v
}

/// How `dwell run` runs on backend `name`. A name not in the registry runs
/// as a session, where [`resolve`] (or, with `--server`, the server) says
/// it is unknown.
pub fn runner(name: &str) -> Runner {
    match lookup(name) {
        Some(Entry::Timely) => Runner::Timely,
        Some(Entry::Host(_) | Entry::Cuda) | None => Runner::Session,
    }
}

/// The backend called `name`; `cuda` opens device 0 and compiles its kernels
/// (an error with a `Fix:`, not a panic, without a driver).
pub fn resolve(name: &str) -> Result<Chosen> {
    match lookup(name) {
        Some(Entry::Host(kind)) => Ok(Chosen::Host(kind.instantiate())),
        Some(Entry::Cuda) => Ok(Chosen::Cuda(dwell_cuda::Cuda::new(
            0,
            dwell_cuda::Mode::Resident,
        )?)),
        // Its backend holds this process's part of the graph, so `dwell
        // run` builds it after loading (`timely.rs`).
        Some(Entry::Timely) => Err("the timely backend runs under `dwell run` (--backend timely --processes P). Fix: use `dwell run`, or --backend cpu here".into()),
        None => Err(format!(
            "unknown backend {name:?}. Fix: use one of {}",
            names().join(", ")
        )
        .into()),
    }
}
