//! The raw layer: every `unsafe` block of dwell lives in this file.
//!
//! Three kinds of operation need it: asking whether the CUDA driver and
//! NVRTC libraries can be loaded at all (cudarc's dynamic loading would
//! panic on first use otherwise), handing kernel parameter blocks to the
//! driver (`DeviceRepr` for `#[repr(C)]` structs of device pointers and
//! integers), and launching kernels. Everything above this file is safe Rust.

use cudarc::driver::{
    CudaFunction, CudaSlice, CudaStream, DevicePtr, DeviceRepr, DriverError, LaunchConfig,
    PushKernelArg,
};
use std::sync::Arc;

/// Can `libcuda` be loaded? Must be asked before any other driver call.
pub fn driver_present() -> bool {
    // SAFETY: only tries to dlopen the candidate library names; no symbol
    // is resolved or called.
    unsafe { cudarc::driver::sys::is_culib_present() }
}

/// Can `libnvrtc` be loaded? Must be asked before compiling.
pub fn nvrtc_present() -> bool {
    // SAFETY: as above, a dlopen attempt only.
    unsafe { cudarc::nvrtc::sys::is_culib_present() }
}

/// The device address of a buffer, for a kernel parameter block. The stream
/// is the one buffer and kernels share (event tracking is off: one stream).
pub fn addr<T>(buf: &CudaSlice<T>, stream: &Arc<CudaStream>) -> u64 {
    let (ptr, _sync) = buf.device_ptr(stream);
    ptr
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
// CUDA structs they are passed as (checked by `param_layout` tests); the
// driver copies them by value.
unsafe impl DeviceRepr for TravParams {}
// SAFETY: as above.
unsafe impl DeviceRepr for WccParams {}

/// One kernel argument.
pub enum Arg<'a> {
    Trav(&'a TravParams),
    Wcc(&'a WccParams),
    U64(&'a u64),
    U32(&'a u32),
}

/// Launch `f` on `stream`, cooperatively (all blocks co-resident, required by
/// the grid barrier) or plainly.
///
/// Callers uphold: every device address inside the parameter blocks points at
/// a live allocation of this context large enough for the kernel's indexing
/// (sizes derived in `layout.rs` from the same `n`, `m` and batch shape the
/// parameters carry), and the buffers outlive the work on `stream` (they are
/// owned by the resident session, freed only after a stream synchronise).
pub fn launch(
    stream: &Arc<CudaStream>,
    f: &CudaFunction,
    cfg: LaunchConfig,
    cooperative: bool,
    args: &[Arg<'_>],
) -> Result<(), DriverError> {
    let mut b = stream.launch_builder(f);
    for a in args {
        match a {
            Arg::Trav(p) => b.arg(*p),
            Arg::Wcc(p) => b.arg(*p),
            Arg::U64(x) => b.arg(*x),
            Arg::U32(x) => b.arg(*x),
        };
    }
    if cooperative {
        // SAFETY: argument count and types match the kernel's signature (the
        // entry points and their parameters are fixed in kernels.rs next to
        // the sources); pointer validity as documented above; the grid is no
        // larger than the occupancy API allows, as a cooperative launch needs.
        unsafe { b.launch_cooperative(cfg) }?;
    } else {
        // SAFETY: as above.
        unsafe { b.launch(cfg) }?;
    }
    Ok(())
}

/// One stream, no per-buffer event tracking: all work is stream-ordered.
pub fn single_stream(ctx: &Arc<cudarc::driver::CudaContext>) -> Arc<CudaStream> {
    // SAFETY: event tracking only orders work across streams; dwell uses the
    // context's default stream alone, so stream order already serialises
    // every access (design.md: disable before capturing graphs, too).
    unsafe { ctx.disable_event_tracking() };
    ctx.default_stream()
}
