//! Backend names → backends. `cpu` and `cpu-reference` come from the
//! library's `BackendKind`; `cuda` from the `dwell-cuda` crate (which the
//! library cannot name: it depends on the library).

use dwell::backend::{Backend, BackendKind};

/// Every name `--backend` accepts.
pub fn names() -> Vec<&'static str> {
    let mut v = BackendKind::NAMES.to_vec();
    v.push("cuda");
    v
}

/// The backend called `name`; `cuda` opens device 0 and compiles its kernels
/// (an error, not a panic, without a driver).
pub fn resolve(name: &str) -> Result<Box<dyn Backend>, Box<dyn std::error::Error>> {
    if name == "cuda" {
        return Ok(Box::new(dwell_cuda::Cuda::new(
            0,
            dwell_cuda::Mode::Resident,
        )?));
    }
    Ok(BackendKind::from_name(name)
        .ok_or_else(|| {
            format!(
                "unknown backend {name:?}. Fix: use one of {}",
                names().join(", ")
            )
        })?
        .instantiate())
}
