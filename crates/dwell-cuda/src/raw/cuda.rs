//! The driver surface on a real GPU, through cudarc (see the parent module).

use super::{Arg, DriverError, Grid, Word};
use crate::device::DeviceFacts;
use crate::kernels::{self, Program};
use crate::CudaError;
use cudarc::driver::sys::CUdevice_attribute;
use cudarc::driver::{
    CudaContext, CudaFunction, CudaSlice, CudaStream, DevicePtr, LaunchConfig, PinnedHostSlice,
    PushKernelArg,
};
use std::sync::Arc;

fn err(e: cudarc::driver::DriverError) -> DriverError {
    DriverError(format!("{e:?}"))
}

/// Can `libcuda` be loaded? Must be asked before any other driver call.
pub fn driver_present() -> bool {
    // SAFETY: only tries to dlopen the candidate library names; no symbol
    // is resolved or called.
    unsafe { cudarc::driver::sys::is_culib_present() }
}

/// A context on one device and the one stream all its work goes to.
pub struct Context {
    ctx: Arc<CudaContext>,
    stream: Arc<CudaStream>,
}

/// A device buffer of `T`.
pub struct DevBuf<T>(CudaSlice<T>);

impl<T> DevBuf<T> {
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.len() == 0
    }
    /// The device address, for a kernel parameter block.
    pub fn addr(&self, c: &Context) -> u64 {
        let (ptr, _sync) = self.0.device_ptr(&c.stream);
        ptr
    }
}

/// A kernel entry point, found by name in its loaded module.
pub struct Func {
    f: CudaFunction,
    pub name: &'static str,
}

/// Pinned host memory for per-run inputs: `slots` regions of `slot_len`
/// u32, each written once and copied asynchronously, so a run never makes
/// the driver wait on pageable memory. A full ring must be reset after a
/// stream synchronise (the copies reading it are done then).
pub struct Stage {
    _mem: Option<PinnedHostSlice<u32>>,
    ptr: *mut u32,
    slot_len: usize,
    slots: usize,
    next: usize,
}

// SAFETY: the pointer is into `_mem`, owned by the stage; the stage is used
// by one session at a time (`&mut self` for every write).
unsafe impl Send for Stage {}
// SAFETY: as above; shared references only read `slot_len`/`slots`.
unsafe impl Sync for Stage {}

/// One staged input: where it sits in the stage.
#[derive(Debug, Clone, Copy)]
pub struct Staged {
    start: usize,
    len: usize,
}

impl Stage {
    /// Copy `data` into the next free slot; `None` when every slot is used
    /// since the last [`Stage::reset`] (or `data` exceeds a slot).
    pub fn push(&mut self, data: &[u32]) -> Option<Staged> {
        if self.next >= self.slots || data.len() > self.slot_len || self.ptr.is_null() {
            return None;
        }
        let start = self.next * self.slot_len;
        // SAFETY: `start + data.len() <= slots * slot_len`, the allocation's
        // length; the slot was not handed to any copy since the last reset,
        // after which the caller synchronised the stream, so no in-flight
        // copy reads it.
        unsafe { std::ptr::copy_nonoverlapping(data.as_ptr(), self.ptr.add(start), data.len()) };
        self.next += 1;
        Some(Staged {
            start,
            len: data.len(),
        })
    }
    /// Every slot free again. Call only after a stream synchronise.
    pub fn reset(&mut self) {
        self.next = 0;
    }
}

impl Context {
    /// Open a context on `ordinal` and read its facts. Fails with
    /// [`CudaError::NoDriver`] before touching the driver when libcuda is absent.
    pub fn open(ordinal: usize) -> Result<(Context, DeviceFacts), CudaError> {
        if !driver_present() {
            return Err(CudaError::NoDriver);
        }
        let d = |what, e| CudaError::driver(what, err(e));
        let count = CudaContext::device_count().map_err(|e| d("counting devices", e))?;
        if count <= 0 || ordinal >= count as usize {
            return Err(CudaError::NoDevice {
                ordinal,
                count: count.max(0) as usize,
            });
        }
        let ctx = CudaContext::new(ordinal).map_err(|e| d("creating a context", e))?;
        let (major, minor) = ctx
            .compute_capability()
            .map_err(|e| d("reading the compute capability", e))?;
        let sms = ctx
            .attribute(CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)
            .map_err(|e| d("reading the SM count", e))?;
        let coop = ctx
            .attribute(CUdevice_attribute::CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH)
            .map_err(|e| d("reading cooperative-launch support", e))?;
        let facts = DeviceFacts {
            ordinal: ordinal as u64,
            name: ctx.name().map_err(|e| d("reading the device name", e))?,
            memory_bytes: ctx.total_mem().map_err(|e| d("reading device memory", e))? as u64,
            compute_capability: (major.max(0) as u32, minor.max(0) as u32),
            sms: sms.max(0) as u32,
            cooperative_launch: coop != 0,
        };
        // SAFETY: event tracking only orders work across streams; dwell uses
        // the context's default stream alone, so stream order already
        // serialises every access (event tracking must be disabled before capturing CUDA graphs).
        unsafe { ctx.disable_event_tracking() };
        let stream = ctx.default_stream();
        Ok((Context { ctx, stream }, facts))
    }

    /// Compile `p` with NVRTC for `arch`, load it, and find each entry point by name.
    pub fn load(&self, p: &Program, arch: &str) -> Result<Vec<Func>, CudaError> {
        if !super::nvrtc_present() {
            return Err(CudaError::NoNvrtc);
        }
        let ptx = kernels::compile(p, arch)?;
        let module = self
            .ctx
            .load_module(ptx)
            .map_err(|e| CudaError::driver("loading the compiled kernels", err(e)))?;
        p.entries
            .iter()
            .map(|&name| {
                let f = module
                    .load_function(name)
                    .map_err(|e| CudaError::driver("finding a kernel entry point", err(e)))?;
                Ok(Func { f, name })
            })
            .collect()
    }

    /// Resident blocks per SM of `f` at `threads` per block (occupancy API).
    pub fn occupancy(&self, f: &Func, threads: u32) -> Result<u32, DriverError> {
        f.f.occupancy_max_active_blocks_per_multiprocessor(threads, 0, None)
            .map_err(err)
    }

    pub fn alloc_zeros<T: Word>(&self, len: usize) -> Result<DevBuf<T>, DriverError> {
        self.stream.alloc_zeros::<T>(len).map(DevBuf).map_err(err)
    }

    pub fn upload<T: Word>(&self, data: &[T]) -> Result<DevBuf<T>, DriverError> {
        self.stream.clone_htod(data).map(DevBuf).map_err(err)
    }

    /// A pinned staging ring of `slots` × `slot_len` u32 (allocated now).
    pub fn stage(&self, slots: usize, slot_len: usize) -> Result<Stage, DriverError> {
        let len = slots
            .checked_mul(slot_len)
            .ok_or_else(|| DriverError(format!("{slots} × {slot_len} staging slots overflow")))?;
        if len == 0 {
            return Ok(Stage {
                _mem: None,
                ptr: std::ptr::null_mut(),
                slot_len,
                slots: 0,
                next: 0,
            });
        }
        // SAFETY: the memory is uninitialised; the stage only ever copies
        // into it before any copy reads the written part.
        let mut mem = unsafe { self.ctx.alloc_pinned::<u32>(len) }.map_err(err)?;
        let ptr = mem.as_mut_ptr().map_err(err)?;
        Ok(Stage {
            _mem: Some(mem),
            ptr,
            slot_len,
            slots,
            next: 0,
        })
    }

    /// Copy a staged input into `dst` from element `at`, asynchronously.
    pub fn copy_staged(
        &self,
        stage: &Stage,
        s: Staged,
        dst: &mut DevBuf<u32>,
        at: usize,
    ) -> Result<(), DriverError> {
        if s.len == 0 {
            return Ok(());
        }
        // SAFETY: `s` came from `stage.push`, so the range lies in the pinned
        // allocation and is not written again before a synchronise.
        let src = unsafe { std::slice::from_raw_parts(stage.ptr.add(s.start), s.len) };
        let mut view = dst.0.slice_mut(at..at + s.len);
        self.stream.memcpy_htod(src, &mut view).map_err(err)
    }

    /// Copy `dst.len()` elements of `src` from element `start` to the host
    /// (the caller synchronises before reading `dst`: cudarc's copy into a
    /// host slice is synchronous for pageable memory anyway).
    pub fn copy_out<T: Word>(
        &self,
        src: &DevBuf<T>,
        start: usize,
        dst: &mut [T],
    ) -> Result<(), DriverError> {
        if dst.is_empty() {
            return Ok(());
        }
        self.stream
            .memcpy_dtoh(&src.0.slice(start..start + dst.len()), dst)
            .map_err(err)
    }

    /// Copy pageable host memory into `dst` from element `at` (the driver
    /// may wait until it has staged the data: fine outside timed regions).
    pub fn copy_in<T: Word>(
        &self,
        src: &[T],
        dst: &mut DevBuf<T>,
        at: usize,
    ) -> Result<(), DriverError> {
        if src.is_empty() {
            return Ok(());
        }
        let mut view = dst.0.slice_mut(at..at + src.len());
        self.stream.memcpy_htod(src, &mut view).map_err(err)
    }

    pub fn synchronize(&self) -> Result<(), DriverError> {
        self.stream.synchronize().map_err(err)
    }
}

/// Launch `f` with `grid`, cooperatively (all blocks co-resident, as the grid
/// barrier requires) or plainly.
///
/// # Safety
/// The caller guarantees: `args` match the kernel's parameter list in number,
/// order and type; every device address inside them points at a live
/// allocation of this context large enough for the kernel's indexing (sizes
/// derived in `work.rs` from the same `n`, `m` and batch shape the
/// parameters carry); the buffers outlive the work on the stream (freed only
/// after a synchronise); for a cooperative launch, the grid is no larger
/// than the occupancy API allows.
pub unsafe fn launch(
    c: &Context,
    f: &Func,
    grid: Grid,
    cooperative: bool,
    args: &[Arg<'_>],
) -> Result<(), DriverError> {
    let cfg = LaunchConfig {
        grid_dim: (grid.blocks, 1, 1),
        block_dim: (grid.threads, 1, 1),
        shared_mem_bytes: 0,
    };
    let mut b = c.stream.launch_builder(&f.f);
    for a in args {
        match a {
            Arg::Trav(p) => b.arg(*p),
            Arg::Wcc(p) => b.arg(*p),
            Arg::U64(x) => b.arg(*x),
            Arg::U32(x) => b.arg(*x),
        };
    }
    if cooperative {
        // SAFETY: the caller's obligations above.
        unsafe { b.launch_cooperative(cfg) }.map_err(err)?;
    } else {
        // SAFETY: as above.
        unsafe { b.launch(cfg) }.map_err(err)?;
    }
    Ok(())
}
