//! The raw layer: every `unsafe` of dwell lives under this module, except
//! the executor's calls of [`launch`] (an `unsafe fn`: its callers carry the
//! obligations it lists, in `exec.rs`).
//!
//! It is the small driver surface the executor uses — open a device, allocate,
//! copy host↔device, stage inputs in pinned memory, look kernels up by name,
//! launch (plainly or cooperatively), synchronise — in two implementations
//! chosen at compile time, so `exec.rs` is the same code on both:
//! - `cuda` (default): the CUDA driver through cudarc (dynamic loading, so
//!   the crate builds with no CUDA installed);
//! - `sim` (feature `sim`, tests only): the simulated device of `sim/`, which
//!   runs the unchanged `kernels/*.cu` compiled by the host C++ compiler.
//!
//! Three kinds of operation need `unsafe`: asking whether the CUDA libraries
//! can be loaded (cudarc would panic on first use otherwise), handing kernel
//! parameter blocks to the device, and launching kernels — [`launch`] is an
//! `unsafe fn` whose callers carry the obligations listed on it.

#[cfg(not(feature = "sim"))]
mod cuda;
#[cfg(not(feature = "sim"))]
pub use cuda::*;

#[cfg(feature = "sim")]
pub mod sim;
#[cfg(feature = "sim")]
pub use sim::*;

/// Can `libnvrtc` be loaded? Must be asked before compiling with NVRTC
/// (the compile test uses NVRTC in every build, the sim's included).
pub fn nvrtc_present() -> bool {
    // SAFETY: only tries to dlopen the candidate library names; no symbol
    // is resolved or called.
    unsafe { cudarc::nvrtc::sys::is_culib_present() }
}

/// A failed driver (or simulated device) operation, with the driver's words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DriverError(pub String);

impl std::fmt::Display for DriverError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Element types of device buffers: plain words that are valid as all-zero
/// bits (so a zeroed allocation is a valid value) and have no padding.
pub trait Word:
    Copy
    + Default
    + Send
    + Sync
    + 'static
    + cudarc::driver::DeviceRepr
    + cudarc::driver::ValidAsZeroBits
    + private::Sealed
{
}
impl Word for u32 {}
impl Word for u64 {}
mod private {
    pub trait Sealed {}
    impl Sealed for u32 {}
    impl Sealed for u64 {}
}

/// Parameter block of the traversal kernels; field for field the `Trav`
/// struct of `kernels/traverse.cu` (all 8-byte fields: no padding).
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct TravParams {
    pub out_off: u64,
    pub out_tgt: u64,
    pub out_lab: u64,
    pub in_off: u64,
    pub in_tgt: u64,
    pub in_lab: u64,
    pub n: u64,
    pub m: u64,
    pub mask: u64,
    pub use_mask: u64,
    pub visited: u64,
    pub frontier: u64,
    pub queue: u64,
    pub ctrl: u64,
    pub sources: u64,
    pub num_sources: u64,
    pub sinks: u64,
    pub num_sinks: u64,
    pub summary: u64,
    pub levels: u64,
    pub sets: u64,
    pub sink_hits: u64,
    pub alpha: u64,
    pub heavy: u64,
}

/// Parameter block of the WCC kernels (`Wcc` in `kernels/wcc.cu`).
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct WccParams {
    pub off: u64,
    pub tgt: u64,
    pub n: u64,
    pub m: u64,
    pub comp: u64,
}

// SAFETY: plain #[repr(C)] structs of u64 fields, laid out exactly like the
// CUDA structs they are passed as (checked by `param_blocks_have_no_padding`
// and, on the sim, against the kernel signature's parameter sizes); the
// driver copies them by value.
unsafe impl cudarc::driver::DeviceRepr for TravParams {}
// SAFETY: as above.
unsafe impl cudarc::driver::DeviceRepr for WccParams {}

/// One kernel argument.
pub enum Arg<'a> {
    Trav(&'a TravParams),
    Wcc(&'a WccParams),
    U64(&'a u64),
    U32(&'a u32),
}

impl Arg<'_> {
    /// Size in bytes as the kernel receives it.
    pub fn size(&self) -> usize {
        match self {
            Arg::Trav(_) => std::mem::size_of::<TravParams>(),
            Arg::Wcc(_) => std::mem::size_of::<WccParams>(),
            Arg::U64(_) => 8,
            Arg::U32(_) => 4,
        }
    }
}

/// Launch geometry: blocks × threads, one dimension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grid {
    pub blocks: u32,
    pub threads: u32,
}
