//! `dwell-cuda`: the session [`dwell::backend::Backend`] for NVIDIA
//! GPUs. The only crate of dwell with `unsafe`: all of it in [`raw`], except
//! the executor's one call of the `unsafe fn` [`raw::launch`], whose
//! `// SAFETY:` note discharges the obligations listed there.
//!
//! Layers, from the bottom (cudarc's habit):
//! - [`raw`]: the driver surface and every `unsafe` — library presence
//!   checks, buffers, copies, kernel parameter blocks, launches — each with a
//!   `// SAFETY:` note; the CUDA driver by default, the simulated device of
//!   `sim/` with feature `sim` (tests: the same executor on the CPU);
//! - [`device`], [`kernels`], [`work`]: device facts and grid sizing, the
//!   embedded CUDA C sources and their NVRTC compile, what the device runs
//!   (`supports`), the bytes it needs and where each run's output sits;
//! - [`exec`]: a session on the device, in three modes (the third,
//!   resident-host-levels, separates residency from device-decided
//!   convergence in the bench) — **resident** (graph
//!   uploaded once at open, every buffer allocated at open, one cooperative
//!   launch per run that loops over levels with grid barriers and decides
//!   convergence on the device, outputs kept on the device, one read-back)
//!   and **host-orchestrated** (the baseline: per run allocate, upload,
//!   one launch per level with a queue-size read-back, read back, free);
//! - [`Cuda`]: the `Backend` the session executor drives, and [`bench`](mod@bench): the
//!   three modes over the same queries, checked against the CPU oracle.
//!
//! Without a CUDA driver every entry point returns [`CudaError::NoDriver`]
//! (cudarc is built with dynamic loading, so this crate builds and links
//! with no CUDA installed).
//!
//! ```no_run
//! use dwell::analysis::{BfsQuery, Query};
//! use dwell::session::{plan, profile, Session};
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let g = dwell::gen::rmat(14, 8, 1)?.build()?;
//! let q = Query::Bfs(BfsQuery { sources: (0..64).collect(), keep_levels: false });
//! let cuda = dwell_cuda::Cuda::new(0, dwell_cuda::Mode::Resident)?; // compiles the kernels
//! let mut s = Session::open(&cuda, &g, plan(&profile::derive(&cuda, &g, &q, 10, u64::MAX)?)?)?;
//! for _ in 0..10 { s.run(&q)?; }          // ten cooperative launches, no host waits
//! let report = s.finish()?;              // one read-back
//! # Ok(()) }
//! ```

// `unsafe` only where allowed below: the driver layer and the one launch call.
#![deny(unsafe_code)]

pub mod bench;
pub mod device;
pub mod exec;
pub mod kernels;
pub mod work;
// The driver layer: every `unsafe` of the crate, each with its SAFETY note.
#[allow(unsafe_code)]
pub mod raw;

pub use device::{DeviceFacts, Tuning};
pub use exec::{LaunchPlan, Mode};

use dwell::analysis::Query;
use dwell::analysis::{Requirements, SizeOverflow};
use dwell::backend::{Backend, BackendError, Reservation, Resident};
use dwell::counters::Counters;
use dwell::graph::Graph;
use std::sync::Arc;

/// Everything that can go wrong on the CUDA path.
#[derive(Debug, thiserror::Error)]
pub enum CudaError {
    #[error("no CUDA driver (libcuda.so) could be loaded on this machine. Fix: use --backend cpu, or run on a machine with an NVIDIA GPU and driver")]
    NoDriver,
    #[error("NVRTC (libnvrtc.so.13) could not be loaded, so the kernels cannot be compiled. Fix: put the CUDA 13.0 toolkit's lib64 (or the nvidia-cuda-nvrtc wheel's nvidia/cu13/lib) on LD_LIBRARY_PATH, or use --backend cpu")]
    NoNvrtc,
    #[error("CUDA device {ordinal} does not exist: the driver reports {count} device(s). Fix: pick an ordinal below {count}, or use --backend cpu")]
    NoDevice { ordinal: usize, count: usize },
    #[error("CUDA device {name:?} does not support cooperative launches, which the resident kernels need. Fix: use a compute capability 6.0+ GPU, or --backend cpu")]
    NoCooperativeLaunch { name: String },
    #[error("no cooperative grid fits: {sms} SMs, occupancy {occupancy} blocks per SM, {wanted} wanted. Fix: unset DWELL_CUDA_BLOCKS_PER_SM or report this device")]
    NoCooperativeGrid {
        sms: u32,
        occupancy: u32,
        wanted: u32,
    },
    #[error("{name}={value:?} is not a valid number for this setting. Fix: set it to a positive integer (e.g. 2), or unset it")]
    BadEnv { name: &'static str, value: String },
    #[error("{what} {value} cannot run the kernels. Fix: {fix}")]
    BadTuning {
        what: &'static str,
        value: String,
        fix: String,
    },
    #[error("CUDA driver error while {what}: {message}. Fix: check `nvidia-smi`; if the device is healthy, report this with the message")]
    Driver { what: &'static str, message: String },
    #[error(transparent)]
    Compile(#[from] kernels::KernelCompileError),
    #[error("the cuda backend runs bfs, reach and wcc, not {analysis}. Fix: use --backend cpu for {analysis}")]
    Unsupported { analysis: &'static str },
    #[error("the cuda backend needs {needed} bytes of {what} but the session plan has {planned}. Fix: plan the session with the cuda backend (its requirements include the traversal state)")]
    PlanTooSmall {
        what: &'static str,
        needed: u64,
        planned: u64,
    },
    #[error(
        "internal error in the cuda backend: {0}. Fix: report this with the command that caused it"
    )]
    Internal(String),
    /// The session asked the run to stop (`BackendError::Cancelled`).
    #[error(
        "the run was cancelled before it finished. Fix: ask a smaller query, or allow it more time"
    )]
    Cancelled,
}

impl CudaError {
    pub(crate) fn driver(what: &'static str, e: raw::DriverError) -> CudaError {
        CudaError::Driver { what, message: e.0 }
    }
}

impl From<CudaError> for BackendError {
    fn from(e: CudaError) -> BackendError {
        match e {
            CudaError::Unsupported { analysis } => BackendError::Unsupported {
                backend: "cuda",
                analysis,
            },
            CudaError::Cancelled => BackendError::Cancelled,
            e => BackendError::Device {
                backend: "cuda",
                source: Box::new(e),
            },
        }
    }
}

/// The `cuda` backend: a device with its kernels compiled, a mode, and the
/// tuning its launches use.
pub struct Cuda {
    device: Arc<exec::Device>,
    mode: Mode,
    launch: LaunchPlan,
}

impl Cuda {
    /// Open device `ordinal` and compile the kernels for it (NVRTC, once);
    /// tuning from the environment ([`Tuning::from_env`]).
    pub fn new(ordinal: usize, mode: Mode) -> Result<Cuda, CudaError> {
        let device = exec::Device::open(ordinal)?;
        let launch = device.launch_plan(Tuning::from_env()?)?;
        Ok(Cuda {
            device: Arc::new(device),
            mode,
            launch,
        })
    }

    /// The simulated device with explicit options (tests; feature `sim`).
    #[cfg(feature = "sim")]
    pub fn sim(opts: raw::SimOptions, tuning: Tuning, mode: Mode) -> Result<Cuda, CudaError> {
        let (ctx, facts) = raw::Context::open_with(0, opts)?;
        let device = exec::Device::with_context(ctx, facts)?;
        let launch = device.launch_plan(tuning)?;
        Ok(Cuda {
            device: Arc::new(device),
            mode,
            launch,
        })
    }

    /// What the simulated device ran so far (launches, kernel probes).
    #[cfg(feature = "sim")]
    pub fn sim_stats(&self) -> raw::SimStats {
        self.device.sim().stats()
    }

    #[cfg(feature = "sim")]
    pub fn reset_sim_stats(&self) {
        self.device.sim().reset_stats()
    }

    /// The same compiled device in another mode.
    pub fn with_mode(&self, mode: Mode) -> Cuda {
        Cuda {
            device: Arc::clone(&self.device),
            mode,
            launch: self.launch,
        }
    }

    /// The same compiled device with other tuning (grids re-sized for it).
    pub fn with_tuning(&self, tuning: Tuning) -> Result<Cuda, CudaError> {
        Ok(Cuda {
            device: Arc::clone(&self.device),
            mode: self.mode,
            launch: self.device.launch_plan(tuning)?,
        })
    }

    pub fn facts(&self) -> &DeviceFacts {
        &self.device.facts
    }

    pub fn launch_plan(&self) -> &LaunchPlan {
        &self.launch
    }

    /// Cooperative grid of the traversal kernels (blocks).
    pub fn grid_blocks(&self) -> u32 {
        self.launch.grids.traverse.blocks
    }
}

impl Backend for Cuda {
    fn name(&self) -> &'static str {
        "cuda"
    }

    fn supports(&self, q: &Query) -> bool {
        work::supports(q)
    }

    fn why_not(&self, q: &Query) -> Option<&'static str> {
        work::why_not(q)
    }

    fn requirements(&self, g: &Graph, q: &Query) -> Result<Requirements, SizeOverflow> {
        work::requirements(g, q)
    }

    fn open<'g>(
        &self,
        g: &'g Graph,
        plan: &Reservation,
        counters: Arc<Counters>,
    ) -> Result<Box<dyn Resident + 'g>, BackendError> {
        Ok(Box::new(Handle(exec::CudaResident::open(
            Arc::clone(&self.device),
            self.mode,
            self.launch,
            g,
            plan,
            counters,
        )?)))
    }
}

struct Handle<'g>(exec::CudaResident<'g>);

impl Resident for Handle<'_> {
    fn run(
        &mut self,
        query: &Query,
        progress: &dyn dwell::progress::Progress,
    ) -> Result<(), BackendError> {
        Ok(self.0.run(query, dwell::progress::Stop::of(progress))?)
    }
    fn read_back(&mut self) -> Result<Vec<dwell::analysis::Output>, BackendError> {
        Ok(self.0.read_back()?)
    }
    fn reserve(&mut self, reservation: &Reservation) -> Result<(), BackendError> {
        Ok(self.0.reserve(reservation)?)
    }
}

/// A backend that cannot start: `--backend cuda` on a machine without a
/// driver resolves to this, so the error surfaces as a session error.
pub fn backend(ordinal: usize, mode: Mode) -> Result<Cuda, CudaError> {
    Cuda::new(ordinal, mode)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_a_driver_opening_fails_cleanly() {
        if raw::driver_present() {
            eprintln!("a CUDA driver is present; the no-driver path is not exercised here");
            return;
        }
        let e = Cuda::new(0, Mode::Resident)
            .err()
            .expect("no driver, no backend");
        let msg = e.to_string();
        assert!(
            msg.contains("no CUDA driver") && msg.contains("Fix: use --backend cpu"),
            "{msg}"
        );
        let s: BackendError = e.into();
        assert!(s.to_string().starts_with("cuda backend: no CUDA driver"));
    }

    #[test]
    fn param_blocks_have_no_padding() {
        assert_eq!(std::mem::size_of::<raw::TravParams>(), 24 * 8);
        assert_eq!(std::mem::size_of::<raw::WccParams>(), 5 * 8);
    }
}
