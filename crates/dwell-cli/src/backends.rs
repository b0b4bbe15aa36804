//! Backend names → backends. `cpu` and `cpu-reference` come from the
//! library's `BackendKind`; `cuda` from the `dwell-cuda` crate (which the
//! library cannot name: it depends on the library).
//!
//! Commands ask a backend what it can do (`supports`, `host_kernels`), never
//! what it is called. The one place that needs the type itself is `dwell
//! bench`, whose cuda benchmark compares the device's two modes: it matches
//! on [`Chosen::Cuda`].

use crate::error::Result;
use dwell::backend::{Backend, BackendKind};

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

/// Every name `--backend` accepts.
pub fn names() -> Vec<&'static str> {
    let mut v = BackendKind::NAMES.to_vec();
    v.push("cuda");
    v.push("timely");
    v
}

/// The backend called `name`; `cuda` opens device 0 and compiles its kernels
/// (an error with a `Fix:`, not a panic, without a driver).
pub fn resolve(name: &str) -> Result<Chosen> {
    if name == "timely" {
        // Its backend holds this process's part of the graph, so `dwell
        // run` builds it after loading (`timely.rs`).
        return Err("the timely backend runs under `dwell run` (--backend timely --processes P). Fix: use `dwell run`, or --backend cpu here".into());
    }
    if name == "cuda" {
        return Ok(Chosen::Cuda(dwell_cuda::Cuda::new(
            0,
            dwell_cuda::Mode::Resident,
        )?));
    }
    let kind = BackendKind::from_name(name).ok_or_else(|| {
        format!(
            "unknown backend {name:?}. Fix: use one of {}",
            names().join(", ")
        )
    })?;
    Ok(Chosen::Host(kind.instantiate()))
}
