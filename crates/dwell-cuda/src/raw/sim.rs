//! The driver surface on the simulated device (feature `sim`, tests only):
//! the kernels of `kernels/*.cu`, compiled by the host C++ compiler against
//! `sim/shim.h` (build.rs), run by `sim/runtime.cpp` on the CPU. Device
//! memory is process memory with a guard page after every buffer; a launch
//! runs to completion before `launch` returns (the executor still counts
//! the waits it would make on a GPU, so its counters are the real ones).

use super::{Arg, DriverError, Grid, Word};
use crate::device::{env_num, DeviceFacts};
use crate::kernels::Program;
use crate::CudaError;
use std::collections::BTreeMap;
use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::sync::Mutex;

const MAX_PROBES: usize = 64;

#[repr(C)]
struct SimConfigC {
    jitter_seed: u64,
    jitter: c_int,
    timeout_s: f64,
}

extern "C" {
    fn dwell_sim_alloc(bytes: usize) -> *mut c_void;
    fn dwell_sim_free(p: *mut c_void, bytes: usize);
    fn dwell_sim_entry(name: *const c_char, nparams: *mut usize, sizes: *mut *const usize)
        -> c_int;
    fn dwell_sim_probe_name(i: c_int) -> *const c_char;
    fn dwell_sim_launch(
        entry: c_int,
        grid: u32,
        threads: u32,
        cooperative: c_int,
        params: *mut *mut c_void,
        cfg: *const SimConfigC,
        probes: *mut u64,
        err: *mut c_char,
        errlen: usize,
    ) -> c_int;
}

/// The simulated device is always there.
pub fn driver_present() -> bool {
    true
}

/// How the simulated device behaves: its SM count and per-kernel occupancy
/// (which size the cooperative grid as on a GPU), jitter, and a launch timeout.
#[derive(Debug, Clone, PartialEq)]
pub struct SimOptions {
    pub sms: u32,
    /// Resident blocks per SM the occupancy query reports.
    pub occupancy: u32,
    /// Jitter seed: random fiber order, yields before atomics, sleeps after
    /// barriers and in spin loops, random block order of plain launches.
    pub jitter: Option<u64>,
    pub timeout_s: f64,
}

impl Default for SimOptions {
    fn default() -> SimOptions {
        SimOptions {
            sms: 2,
            occupancy: 2,
            jitter: None,
            timeout_s: 300.0,
        }
    }
}

impl SimOptions {
    /// Defaults, overridden by `DWELL_SIM_SMS`, `DWELL_SIM_OCCUPANCY`,
    /// `DWELL_SIM_JITTER` (a seed) and `DWELL_SIM_TIMEOUT_S`.
    pub fn from_env() -> Result<SimOptions, CudaError> {
        let d = SimOptions::default();
        let pos = |name: &'static str, v: Option<u64>, dflt: u32| -> Result<u32, CudaError> {
            match v {
                None => Ok(dflt),
                Some(x) if x > 0 && x <= 1024 => Ok(x as u32),
                Some(x) => Err(CudaError::BadEnv {
                    name,
                    value: x.to_string(),
                }),
            }
        };
        Ok(SimOptions {
            sms: pos("DWELL_SIM_SMS", env_num("DWELL_SIM_SMS")?, d.sms)?,
            occupancy: pos(
                "DWELL_SIM_OCCUPANCY",
                env_num("DWELL_SIM_OCCUPANCY")?,
                d.occupancy,
            )?,
            jitter: env_num("DWELL_SIM_JITTER")?,
            timeout_s: env_num("DWELL_SIM_TIMEOUT_S")?.map_or(d.timeout_s, |s| s.max(1) as f64),
        })
    }
}

/// What the simulated device ran: launches per kernel, and the kernels'
/// probe counters (`DWELL_PROBE` in the sources; summed, or maxed for
/// `DWELL_PROBE_MAX` probes, over launches).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SimStats {
    pub launches: BTreeMap<String, u64>,
    pub probes: BTreeMap<String, u64>,
}

impl SimStats {
    pub fn probe(&self, name: &str) -> u64 {
        self.probes.get(name).copied().unwrap_or(0)
    }
    pub fn launches_of(&self, kernel: &str) -> u64 {
        self.launches.get(kernel).copied().unwrap_or(0)
    }
}

/// The simulated device context.
pub struct Context {
    opts: SimOptions,
    stats: Mutex<SimStats>,
}

/// A device buffer of `T`: `len` elements ending right before a guard page.
pub struct DevBuf<T> {
    ptr: *mut T,
    len: usize,
}

// SAFETY: the buffer is plain memory owned by this value; kernels reach it
// only through launches the executor orders, as on a device.
unsafe impl<T: Send> Send for DevBuf<T> {}
// SAFETY: as above; shared references only read the address and length.
unsafe impl<T: Sync> Sync for DevBuf<T> {}

impl<T> DevBuf<T> {
    pub fn len(&self) -> usize {
        self.len
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn addr(&self, _c: &Context) -> u64 {
        self.ptr as u64
    }
    fn bytes(&self) -> usize {
        self.len * std::mem::size_of::<T>()
    }
}

impl<T> Drop for DevBuf<T> {
    fn drop(&mut self) {
        // SAFETY: ptr and byte length are the ones dwell_sim_alloc returned
        // and was given; no launch runs after the executor drops a buffer
        // (launches are synchronous here).
        unsafe { dwell_sim_free(self.ptr.cast(), self.bytes()) }
    }
}

/// A kernel entry point, found by name in the sim's generated entry table.
pub struct Func {
    entry: c_int,
    sizes: Vec<usize>,
    pub name: &'static str,
}

/// The staging ring of the GPU build (pinned memory there), as host memory.
pub struct Stage {
    mem: Vec<u32>,
    slot_len: usize,
    slots: usize,
    next: usize,
}

#[derive(Debug, Clone, Copy)]
pub struct Staged {
    start: usize,
    len: usize,
}

impl Stage {
    pub fn push(&mut self, data: &[u32]) -> Option<Staged> {
        if self.next >= self.slots || data.len() > self.slot_len {
            return None;
        }
        let start = self.next * self.slot_len;
        self.mem[start..start + data.len()].copy_from_slice(data);
        self.next += 1;
        Some(Staged {
            start,
            len: data.len(),
        })
    }
    pub fn reset(&mut self) {
        self.next = 0;
    }
}

impl Context {
    /// The simulated device 0, configured from the environment.
    pub fn open(ordinal: usize) -> Result<(Context, DeviceFacts), CudaError> {
        Context::open_with(ordinal, SimOptions::from_env()?)
    }

    pub fn open_with(
        ordinal: usize,
        opts: SimOptions,
    ) -> Result<(Context, DeviceFacts), CudaError> {
        if ordinal != 0 {
            return Err(CudaError::NoDevice { ordinal, count: 1 });
        }
        let facts = DeviceFacts {
            ordinal: 0,
            name: format!(
                "dwell-sim (CPU stand-in, {} SMs, jitter {})",
                opts.sms,
                opts.jitter.map_or("off".into(), |s| format!("seed {s}"))
            ),
            memory_bytes: 1 << 34,
            compute_capability: (9, 0),
            sms: opts.sms,
            cooperative_launch: true,
        };
        Ok((
            Context {
                opts,
                stats: Mutex::new(SimStats::default()),
            },
            facts,
        ))
    }

    pub fn options(&self) -> &SimOptions {
        &self.opts
    }

    /// Counters of everything launched on this context so far.
    pub fn stats(&self) -> SimStats {
        self.stats.lock().map(|s| s.clone()).unwrap_or_default()
    }

    pub fn reset_stats(&self) {
        if let Ok(mut s) = self.stats.lock() {
            *s = SimStats::default();
        }
    }

    /// Find each entry point of `p` by name in the compiled sim kernels.
    pub fn load(&self, p: &Program, _arch: &str) -> Result<Vec<Func>, CudaError> {
        p.entries
            .iter()
            .map(|&name| {
                let c = CString::new(name).map_err(|e| CudaError::Internal(e.to_string()))?;
                let mut n = 0usize;
                let mut sizes: *const usize = std::ptr::null();
                // SAFETY: c is NUL-terminated; the out-pointers are valid.
                let entry = unsafe { dwell_sim_entry(c.as_ptr(), &mut n, &mut sizes) };
                if entry < 0 {
                    return Err(CudaError::driver(
                        "finding a kernel entry point",
                        DriverError(format!(
                            "{name} is not an extern \"C\" __global__ function of {}",
                            p.name
                        )),
                    ));
                }
                // SAFETY: the entry table holds `n` sizes for this entry.
                let sizes = unsafe { std::slice::from_raw_parts(sizes, n) }.to_vec();
                Ok(Func { entry, sizes, name })
            })
            .collect()
    }

    pub fn occupancy(&self, _f: &Func, threads: u32) -> Result<u32, DriverError> {
        if threads > crate::kernels::BLOCK_THREADS {
            return Ok(0);
        }
        Ok(self.opts.occupancy)
    }

    pub fn alloc_zeros<T: Word>(&self, len: usize) -> Result<DevBuf<T>, DriverError> {
        let bytes = len
            .checked_mul(std::mem::size_of::<T>())
            .ok_or_else(|| DriverError(format!("{len} elements overflow")))?;
        // SAFETY: returns zeroed memory of `bytes` bytes or null.
        let ptr = unsafe { dwell_sim_alloc(bytes) }.cast::<T>();
        if ptr.is_null() {
            return Err(DriverError(format!(
                "CUDA_ERROR_OUT_OF_MEMORY (sim: {bytes} bytes)"
            )));
        }
        Ok(DevBuf { ptr, len })
    }

    pub fn upload<T: Word>(&self, data: &[T]) -> Result<DevBuf<T>, DriverError> {
        let b = self.alloc_zeros::<T>(data.len())?;
        // SAFETY: `b` holds exactly data.len() elements; fresh, unshared.
        unsafe { std::ptr::copy_nonoverlapping(data.as_ptr(), b.ptr, data.len()) };
        Ok(b)
    }

    pub fn stage(&self, slots: usize, slot_len: usize) -> Result<Stage, DriverError> {
        let len = slots
            .checked_mul(slot_len)
            .ok_or_else(|| DriverError(format!("{slots} × {slot_len} staging slots overflow")))?;
        Ok(Stage {
            mem: vec![0; len],
            slot_len,
            slots,
            next: 0,
        })
    }

    pub fn copy_staged(
        &self,
        stage: &Stage,
        s: Staged,
        dst: &mut DevBuf<u32>,
        at: usize,
    ) -> Result<(), DriverError> {
        let end = at
            .checked_add(s.len)
            .filter(|&e| e <= dst.len)
            .ok_or_else(|| DriverError("CUDA_ERROR_INVALID_VALUE: copy past the buffer".into()))?;
        let src = &stage.mem[s.start..s.start + s.len];
        // SAFETY: at..end lies inside dst (checked); no launch is running.
        unsafe { std::ptr::copy_nonoverlapping(src.as_ptr(), dst.ptr.add(at), end - at) };
        Ok(())
    }

    pub fn copy_out<T: Word>(
        &self,
        src: &DevBuf<T>,
        start: usize,
        dst: &mut [T],
    ) -> Result<(), DriverError> {
        start
            .checked_add(dst.len())
            .filter(|&e| e <= src.len)
            .ok_or_else(|| DriverError("CUDA_ERROR_INVALID_VALUE: copy past the buffer".into()))?;
        // SAFETY: start..start+len lies inside src (checked); no launch is running.
        unsafe { std::ptr::copy_nonoverlapping(src.ptr.add(start), dst.as_mut_ptr(), dst.len()) };
        Ok(())
    }

    pub fn copy_in<T: Word>(
        &self,
        src: &[T],
        dst: &mut DevBuf<T>,
        at: usize,
    ) -> Result<(), DriverError> {
        let end = at
            .checked_add(src.len())
            .filter(|&e| e <= dst.len)
            .ok_or_else(|| DriverError("CUDA_ERROR_INVALID_VALUE: copy past the buffer".into()))?;
        // SAFETY: at..end lies inside dst (checked); no launch is running.
        unsafe { std::ptr::copy_nonoverlapping(src.as_ptr(), dst.ptr.add(at), end - at) };
        Ok(())
    }

    pub fn synchronize(&self) -> Result<(), DriverError> {
        Ok(())
    }
}

/// Run `f` with `grid` on the simulated device, to completion.
///
/// # Safety
/// As for the GPU build: `args` match the kernel's parameters (checked here
/// in number and size against the compiled signature) and every device
/// address inside them points into a live buffer of this context large
/// enough for the kernel's indexing — the sim runs the kernel as native
/// code, so a wrong address is undefined behaviour in this process (an
/// access just past a buffer hits its guard page and is reported).
pub unsafe fn launch(
    c: &Context,
    f: &Func,
    grid: Grid,
    cooperative: bool,
    args: &[Arg<'_>],
) -> Result<(), DriverError> {
    let sizes: Vec<usize> = args.iter().map(Arg::size).collect();
    if sizes != f.sizes {
        return Err(DriverError(format!(
            "CUDA_ERROR_INVALID_VALUE: {} takes parameters of {:?} bytes, the launch passed {:?}",
            f.name, f.sizes, sizes
        )));
    }
    if grid.threads == 0
        || grid.threads > crate::kernels::BLOCK_THREADS
        || grid.threads & 31 != 0
        || grid.blocks == 0
    {
        return Err(DriverError(format!(
            "CUDA_ERROR_INVALID_VALUE: {} launched with {} × {} threads (blocks of 32..={} threads, a multiple of 32)",
            f.name,
            grid.blocks,
            grid.threads,
            crate::kernels::BLOCK_THREADS
        )));
    }
    if cooperative && grid.blocks > c.opts.sms * c.opts.occupancy {
        return Err(DriverError(format!(
            "CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE: {} blocks, at most {} × {} resident",
            grid.blocks, c.opts.sms, c.opts.occupancy
        )));
    }
    let mut params: Vec<*mut c_void> = args
        .iter()
        .map(|a| match a {
            Arg::Trav(p) => (*p as *const super::TravParams).cast_mut().cast(),
            Arg::Wcc(p) => (*p as *const super::WccParams).cast_mut().cast(),
            Arg::U64(x) => (*x as *const u64).cast_mut().cast(),
            Arg::U32(x) => (*x as *const u32).cast_mut().cast(),
        })
        .collect();
    let cfg = SimConfigC {
        jitter_seed: c.opts.jitter.unwrap_or(0),
        jitter: c_int::from(c.opts.jitter.is_some()),
        timeout_s: c.opts.timeout_s,
    };
    let mut probes = [0u64; MAX_PROBES];
    let mut msg = vec![0 as c_char; 1024];
    // SAFETY: params point at live argument values of the sizes the kernel
    // takes (checked above); the kernel reads them by value before this
    // returns. Device addresses inside them: the caller's obligations.
    let rc = unsafe {
        dwell_sim_launch(
            f.entry,
            grid.blocks,
            grid.threads,
            c_int::from(cooperative),
            params.as_mut_ptr(),
            &cfg,
            probes.as_mut_ptr(),
            msg.as_mut_ptr(),
            msg.len(),
        )
    };
    if let Ok(mut s) = c.stats.lock() {
        *s.launches.entry(f.name.to_string()).or_default() += 1;
        for (i, &v) in probes.iter().enumerate() {
            if v == 0 {
                continue;
            }
            // SAFETY: a non-null result is a static NUL-terminated name.
            let name = unsafe { dwell_sim_probe_name(i as c_int) };
            if name.is_null() {
                continue;
            }
            // SAFETY: as above.
            let name = unsafe { CStr::from_ptr(name) }
                .to_string_lossy()
                .into_owned();
            let e = s.probes.entry(name.clone()).or_default();
            if name.ends_with("_max") {
                *e = (*e).max(v);
            } else {
                *e += v;
            }
        }
    }
    if rc != 0 {
        // SAFETY: the runtime wrote a NUL-terminated message into msg.
        let m = unsafe { CStr::from_ptr(msg.as_ptr()) }
            .to_string_lossy()
            .into_owned();
        return Err(DriverError(format!("sim: {} failed: {m}", f.name)));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    //! The simulated device catches the bug classes a kernel can have: an
    //! out-of-bounds access, a deadlocked or divergent barrier / warp
    //! intrinsic, a missing barrier, a grid barrier not every block reaches
    //! (kernels in sim/selftest.cu).
    use super::*;

    const SELFTEST: Program = Program {
        name: "selftest.cu",
        source: "",
        entries: &[
            "selftest_oob",
            "selftest_deadlock",
            "selftest_divergent_warp",
            "selftest_barrier",
            "selftest_early_exit",
        ],
    };

    fn open(timeout_s: f64) -> (Context, Vec<Func>) {
        let opts = SimOptions {
            sms: 2,
            occupancy: 1,
            jitter: None,
            timeout_s,
        };
        let (c, _) = Context::open_with(0, opts).unwrap();
        let f = c.load(&SELFTEST, "sim").unwrap();
        (c, f)
    }

    fn run(
        c: &Context,
        f: &Func,
        blocks: u32,
        threads: u32,
        coop: bool,
        args: &[Arg<'_>],
    ) -> Result<(), DriverError> {
        // SAFETY: every address passed points into a live buffer of `c`
        // large enough for the self-test kernel's indexing, except where a
        // test means to overrun (selftest_oob, into the guard page).
        unsafe { launch(c, f, Grid { blocks, threads }, coop, args) }
    }

    #[test]
    fn a_missing_barrier_changes_the_result() {
        let (c, f) = open(30.0);
        let out = c.alloc_zeros::<u32>(2 * 64).unwrap();
        let a = out.addr(&c);
        for (with, ok) in [(1u64, true), (0u64, false)] {
            run(&c, &f[3], 2, 64, false, &[Arg::U64(&a), Arg::U64(&with)]).unwrap();
            let mut h = vec![0u32; 128];
            c.copy_out(&out, 0, &mut h).unwrap();
            let right = (0..128).all(|i| h[i] == ((i % 64 + 32) % 64 + 1) as u32);
            assert_eq!(right, ok, "barrier {with}: {h:?}");
        }
    }

    #[test]
    fn a_deadlocked_block_is_reported() {
        let (c, f) = open(30.0);
        let out = c.alloc_zeros::<u32>(128).unwrap();
        let a = out.addr(&c);
        let e = run(&c, &f[1], 2, 64, true, &[Arg::U64(&a)]).unwrap_err();
        assert!(
            e.0.contains("deadlock in block") && e.0.contains("__syncthreads"),
            "{e}"
        );
    }

    #[test]
    fn a_divergent_warp_intrinsic_is_reported() {
        let (c, f) = open(30.0);
        let out = c.alloc_zeros::<u32>(64).unwrap();
        let a = out.addr(&c);
        let e = run(&c, &f[2], 1, 32, false, &[Arg::U64(&a)]).unwrap_err();
        assert!(e.0.contains("divergent warp intrinsic"), "{e}");
    }

    #[test]
    fn a_grid_barrier_some_block_skips_times_out() {
        let (c, f) = open(2.0);
        let ctrl = c.alloc_zeros::<u64>(32).unwrap();
        let a = ctrl.addr(&c);
        let skip = 1u64;
        let e = run(&c, &f[4], 2, 32, true, &[Arg::U64(&a), Arg::U64(&skip)]).unwrap_err();
        assert!(e.0.contains("did not finish within"), "{e}");
        // And without the early exit the same launch completes.
        let ctrl = c.alloc_zeros::<u64>(32).unwrap();
        let a = ctrl.addr(&c);
        let none = 99u64;
        run(&c, &f[4], 2, 32, true, &[Arg::U64(&a), Arg::U64(&none)]).unwrap();
    }

    #[test]
    fn wrong_arguments_and_oversized_grids_are_refused() {
        let (c, f) = open(30.0);
        let x = 0u32;
        let e = run(&c, &f[0], 1, 32, false, &[Arg::U32(&x)]).unwrap_err();
        assert!(e.0.contains("takes parameters of [8, 8] bytes"), "{e}");
        let ctrl = c.alloc_zeros::<u64>(32).unwrap();
        let a = ctrl.addr(&c);
        let e = run(&c, &f[4], 3, 32, true, &[Arg::U64(&a), Arg::U64(&0)]).unwrap_err();
        assert!(e.0.contains("COOPERATIVE_LAUNCH_TOO_LARGE"), "{e}");
        let e = run(&c, &f[4], 1, 48, false, &[Arg::U64(&a), Arg::U64(&0)]).unwrap_err();
        assert!(e.0.contains("multiple of 32"), "{e}");
    }

    const OOB_CHILD: &str = "DWELL_SIM_OOB_CHILD";

    /// The overrun faults on the guard page and the report names the kernel;
    /// it kills the process, so it runs in a child.
    #[test]
    fn an_out_of_bounds_write_is_caught_at_the_guard_page() {
        if std::env::var_os(OOB_CHILD).is_some() {
            let (c, f) = open(30.0);
            let buf = c.alloc_zeros::<u32>(10).unwrap();
            let a = buf.addr(&c);
            let n = 10u64;
            let _ = run(&c, &f[0], 1, 32, false, &[Arg::U64(&a), Arg::U64(&n)]);
            println!("NOT CAUGHT");
            return;
        }
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "raw::sim::tests::an_out_of_bounds_write_is_caught_at_the_guard_page",
                "--exact",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(OOB_CHILD, "1")
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stderr).into_owned()
            + &String::from_utf8_lossy(&out.stdout);
        assert!(!out.status.success(), "{text}");
        assert!(!text.contains("NOT CAUGHT"), "{text}");
        assert!(
            text.contains("kernel selftest_oob, block 0, thread 0 accessed 0 bytes past the end of a 40-byte device buffer"),
            "{text}"
        );
    }
}
