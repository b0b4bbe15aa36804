//! The CUDA session: device, compiled kernels, resident buffers, and the two
//! execution modes of design.md.
//!
//! Life of a resident session (reads like the data flow):
//! `open` probes the device, compiles the kernels with NVRTC for its compute
//! capability, sizes the cooperative grid from the occupancy API, allocates
//! every buffer the plan needs and uploads the topology once; each `run`
//! copies the query's sources (and sinks) in and makes one cooperative
//! launch that runs every level of every 64-query sweep, deciding on the
//! device when a sweep is done; outputs stay in device memory; `read_back`
//! copies the used output slots out once.
//!
//! The host-orchestrated mode (the baseline) runs the same kernel steps, but
//! each run allocates, uploads the graph, launches one kernel per level and
//! reads the queue size back to decide whether to go on, reads the output
//! back and frees everything. Both modes count what they do in the session
//! counters as they do it.

use crate::device::{self, DeviceFacts};
use crate::kernels::{self, BLOCK_THREADS, CTRL_WORDS, C_QHEAVY, C_QLIGHT};
use crate::layout::{self, OutputLayout};
use crate::raw::{self, Arg, TravParams, WccParams};
use crate::CudaError;
use cudarc::driver::{CudaContext, CudaFunction, CudaSlice, CudaStream, LaunchConfig};
use dwell::analysis::{components, BfsResult, Direction, Output, Query, ReachResult};
use dwell::backend::Reservation as Plan;
use dwell::counters::{Counter, Counters};
use dwell::graph::{Csr, Graph};
use std::sync::Arc;

/// Bottom-up when the frontier's out-arcs exceed arcs / ALPHA (as the CPU sweep).
pub const ALPHA: u64 = 15;
/// Out-degree from which a frontier vertex is expanded by a whole block.
pub const HEAVY_DEGREE: u64 = 1024;

/// Which execution mode a session uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Resident,
    HostOrchestrated,
}

struct Funcs {
    traverse_resident: CudaFunction,
    trav_clear: CudaFunction,
    trav_seed: CudaFunction,
    trav_level: CudaFunction,
    trav_finish: CudaFunction,
    wcc_resident: CudaFunction,
    wcc_init: CudaFunction,
    wcc_link: CudaFunction,
    wcc_compress: CudaFunction,
}

/// A device with the kernels compiled and loaded, and the launch geometry.
pub struct Device {
    _ctx: Arc<CudaContext>,
    stream: Arc<CudaStream>,
    pub facts: DeviceFacts,
    funcs: Funcs,
    /// Cooperative grid (blocks) of the traversal and WCC kernels.
    pub grid_traverse: u32,
    pub grid_wcc: u32,
}

impl Device {
    /// Probe, compile for the device's own architecture, load, size grids.
    pub fn open(ordinal: usize) -> Result<Device, CudaError> {
        let (ctx, facts) = device::open(ordinal)?;
        if !raw::nvrtc_present() {
            return Err(CudaError::NoNvrtc);
        }
        if !facts.cooperative_launch {
            return Err(CudaError::NoCooperativeLaunch {
                name: facts.name.clone(),
            });
        }
        let stream = raw::single_stream(&ctx);
        let arch = kernels::arch(facts.compute_capability.0, facts.compute_capability.1);
        let mut loaded = Vec::new();
        for p in kernels::PROGRAMS {
            let ptx = kernels::compile(p, &arch)?;
            let module = ctx
                .load_module(ptx)
                .map_err(|e| CudaError::driver("loading the compiled kernels", e))?;
            for e in p.entries {
                let f = module
                    .load_function(e)
                    .map_err(|err| CudaError::driver("finding a kernel entry point", err))?;
                loaded.push(f);
            }
        }
        let mut it = loaded.into_iter();
        let mut next = || it.next().expect("PROGRAMS lists nine entry points");
        let funcs = Funcs {
            traverse_resident: next(),
            trav_clear: next(),
            trav_seed: next(),
            trav_level: next(),
            trav_finish: next(),
            wcc_resident: next(),
            wcc_init: next(),
            wcc_link: next(),
            wcc_compress: next(),
        };
        let wanted = device::wanted_blocks_per_sm()?;
        let occ = |f: &CudaFunction| {
            f.occupancy_max_active_blocks_per_multiprocessor(BLOCK_THREADS, 0, None)
                .map_err(|e| CudaError::driver("asking the occupancy API", e))
        };
        let grid_traverse =
            device::cooperative_grid(facts.sms, occ(&funcs.traverse_resident)?, wanted)?;
        let grid_wcc = device::cooperative_grid(facts.sms, occ(&funcs.wcc_resident)?, wanted)?;
        Ok(Device {
            _ctx: ctx,
            stream,
            facts,
            funcs,
            grid_traverse,
            grid_wcc,
        })
    }

    fn cfg(grid: u32) -> LaunchConfig {
        LaunchConfig {
            grid_dim: (grid, 1, 1),
            block_dim: (BLOCK_THREADS, 1, 1),
            shared_mem_bytes: 0,
        }
    }
}

fn drv(what: &'static str) -> impl Fn(cudarc::driver::DriverError) -> CudaError {
    move |e| CudaError::driver(what, e)
}

/// One CSR on the device.
struct DeviceCsr {
    off: CudaSlice<u64>,
    tgt: CudaSlice<u32>,
    lab: Option<CudaSlice<u32>>,
}

/// Every buffer of a session.
struct Buffers {
    fwd: DeviceCsr,
    /// Reverse CSR of a directed graph (undirected graphs reuse `fwd`).
    rev: Option<DeviceCsr>,
    visited: CudaSlice<u64>,
    frontier: CudaSlice<u64>,
    queue: CudaSlice<u32>,
    ctrl: CudaSlice<u64>,
    inputs: CudaSlice<u32>,
    /// Output slots, as u64 words.
    outputs: CudaSlice<u64>,
}

/// At least one element: the driver rejects empty allocations.
fn len1(n: u64) -> usize {
    n.max(1) as usize
}

fn words(bytes: u64) -> u64 {
    bytes.div_ceil(8)
}

struct Alloc<'a> {
    stream: &'a Arc<CudaStream>,
    counters: &'a Counters,
}

impl Alloc<'_> {
    fn zeros<T: cudarc::driver::DeviceRepr + cudarc::driver::ValidAsZeroBits>(
        &self,
        len: u64,
    ) -> Result<CudaSlice<T>, CudaError> {
        self.counters.bump(Counter::Allocations);
        self.stream
            .alloc_zeros::<T>(len1(len))
            .map_err(drv("allocating device memory"))
    }
    fn upload<T: cudarc::driver::DeviceRepr>(&self, data: &[T]) -> Result<CudaSlice<T>, CudaError> {
        self.counters.bump(Counter::Allocations);
        self.counters
            .add(Counter::BytesUploaded, std::mem::size_of_val(data) as u64);
        if data.is_empty() {
            return Err(CudaError::Internal(
                "an empty array cannot be uploaded".into(),
            ));
        }
        self.stream
            .clone_htod(data)
            .map_err(drv("uploading the graph"))
    }
    fn csr(&self, c: &Csr) -> Result<DeviceCsr, CudaError> {
        Ok(DeviceCsr {
            off: self.upload(c.offsets())?,
            tgt: if c.targets().is_empty() {
                self.zeros(1)?
            } else {
                self.upload(c.targets())?
            },
            lab: match c.labels() {
                Some(l) if !l.is_empty() => Some(self.upload(l)?),
                _ => None,
            },
        })
    }
}

/// Allocate everything the plan needs and upload the topology (one graph upload).
fn allocate(
    dev: &Device,
    g: &Graph,
    plan: &Plan,
    counters: &Counters,
) -> Result<Buffers, CudaError> {
    let a = Alloc {
        stream: &dev.stream,
        counters,
    };
    let n = g.nodes() as u64;
    // The plan's scratch must hold the traversal state this backend keeps
    // (its `requirements` say so; a plan made for another backend may not).
    let state = layout::state_bytes(n).map_err(|e| CudaError::Internal(e.to_string()))?;
    if state > plan.scratch_bytes {
        return Err(CudaError::PlanTooSmall {
            what: "traversal state",
            needed: state,
            planned: plan.scratch_bytes,
        });
    }
    let fwd = a.csr(g.forward())?;
    let rev = if g.is_directed() {
        Some(a.csr(g.reverse())?)
    } else {
        None
    };
    counters.bump(Counter::GraphUploads);
    let three_n = n
        .checked_mul(3)
        .ok_or(CudaError::Internal("3n overflows".into()))?;
    Ok(Buffers {
        fwd,
        rev,
        visited: a.zeros(n)?,
        frontier: a.zeros(three_n)?,
        queue: a.zeros(three_n)?,
        ctrl: a.zeros(CTRL_WORDS as u64)?,
        inputs: a.zeros(plan.frontier_bytes / 4)?,
        // One slot per run when the plan keeps every output, else one slot.
        outputs: a.zeros(
            words(plan.output_bytes)
                .checked_mul(if plan.keep_all_outputs { plan.runs } else { 1 })
                .ok_or(CudaError::Internal("output slots overflow".into()))?,
        )?,
    })
}

/// A launched run whose output sits in an output slot.
struct Pending {
    query: Query,
    layout: OutputLayout,
    /// First u64 word of the slot in `outputs`.
    slot_word: u64,
}

/// The resident handle of either mode.
pub struct CudaResident<'g> {
    g: &'g Graph,
    dev: Arc<Device>,
    mode: Mode,
    plan: Plan,
    counters: Arc<Counters>,
    /// Resident mode: allocated at open, kept until the session ends.
    bufs: Option<Buffers>,
    pending: Vec<Pending>,
    /// Host-orchestrated mode: outputs already read back, per run.
    done: Vec<Output>,
    runs: u64,
}

impl<'g> CudaResident<'g> {
    pub fn open(
        dev: Arc<Device>,
        mode: Mode,
        g: &'g Graph,
        plan: &Plan,
        counters: Arc<Counters>,
    ) -> Result<CudaResident<'g>, CudaError> {
        let bufs = match mode {
            Mode::Resident => Some(allocate(&dev, g, plan, &counters)?),
            Mode::HostOrchestrated => None,
        };
        Ok(CudaResident {
            g,
            dev,
            mode,
            plan: *plan,
            counters,
            bufs,
            pending: Vec::new(),
            done: Vec::new(),
            runs: 0,
        })
    }

    pub fn run(&mut self, q: &Query) -> Result<(), CudaError> {
        let n = self.g.nodes() as u64;
        let layout = OutputLayout::of(n, q).map_err(|e| CudaError::Internal(e.to_string()))?;
        match q {
            q if layout::supports(q) => {}
            other => {
                return Err(CudaError::Unsupported {
                    analysis: other.name(),
                })
            }
        }
        let slot_bytes = words(self.plan.output_bytes) * 8;
        let slot = if self.plan.keep_all_outputs {
            self.runs
        } else {
            0
        };
        let slot_word = match self.mode {
            Mode::Resident => slot * (slot_bytes / 8),
            Mode::HostOrchestrated => 0,
        };
        if layout.total > self.plan.output_bytes {
            return Err(CudaError::Internal(format!(
                "output of {} bytes exceeds the plan's {}",
                layout.total, self.plan.output_bytes
            )));
        }
        match self.mode {
            Mode::Resident => {
                let bufs = self
                    .bufs
                    .as_mut()
                    .expect("resident buffers exist from open");
                execute(
                    &self.dev,
                    self.g,
                    q,
                    &layout,
                    slot_word,
                    bufs,
                    &self.counters,
                    Mode::Resident,
                )?;
                if !self.plan.keep_all_outputs {
                    self.pending.clear();
                }
                self.pending.push(Pending {
                    query: q.clone(),
                    layout,
                    slot_word,
                });
            }
            Mode::HostOrchestrated => {
                let mut bufs = allocate(&self.dev, self.g, &self.plan, &self.counters)?;
                execute(
                    &self.dev,
                    self.g,
                    q,
                    &layout,
                    0,
                    &mut bufs,
                    &self.counters,
                    Mode::HostOrchestrated,
                )?;
                let p = Pending {
                    query: q.clone(),
                    layout,
                    slot_word: 0,
                };
                let out = read_slots(
                    &self.dev,
                    self.g,
                    &bufs,
                    std::slice::from_ref(&p),
                    &self.counters,
                )?;
                drop(bufs); // free, as the baseline does every run
                if !self.plan.keep_all_outputs {
                    self.done.clear();
                }
                self.done.extend(out);
            }
        }
        self.runs += 1;
        Ok(())
    }

    pub fn read_back(&mut self) -> Result<Vec<Output>, CudaError> {
        match self.mode {
            Mode::HostOrchestrated => Ok(std::mem::take(&mut self.done)),
            Mode::Resident => {
                let bufs = self
                    .bufs
                    .as_ref()
                    .expect("resident buffers exist from open");
                let pending = std::mem::take(&mut self.pending);
                read_slots(&self.dev, self.g, bufs, &pending, &self.counters)
            }
        }
    }
}

/// Launch one run: resident (one cooperative launch) or host-orchestrated
/// (per-step launches, a queue-size read-back after every level).
#[allow(clippy::too_many_arguments)]
fn execute(
    dev: &Device,
    g: &Graph,
    q: &Query,
    layout: &OutputLayout,
    slot_word: u64,
    bufs: &mut Buffers,
    counters: &Counters,
    mode: Mode,
) -> Result<(), CudaError> {
    let s = &dev.stream;
    let n = g.nodes() as u64;
    let out_base = raw::addr(&bufs.outputs, s) + slot_word * 8;
    if let Query::Wcc = q {
        let p = WccParams {
            off: raw::addr(&bufs.fwd.off, s),
            tgt: raw::addr(&bufs.fwd.tgt, s),
            n,
            m: g.arcs() as u64,
            comp: out_base + layout.labels.unwrap_or(0),
        };
        if n == 0 {
            return Ok(());
        }
        let cfg = Device::cfg(dev.grid_wcc);
        return match mode {
            Mode::Resident => {
                let ctrl = raw::addr(&bufs.ctrl, s);
                counters.bump(Counter::Launches);
                raw::launch(
                    s,
                    &dev.funcs.wcc_resident,
                    cfg,
                    true,
                    &[Arg::Wcc(&p), Arg::U64(&ctrl)],
                )
                .map_err(drv("launching wcc_resident"))
            }
            Mode::HostOrchestrated => {
                for f in [
                    &dev.funcs.wcc_init,
                    &dev.funcs.wcc_link,
                    &dev.funcs.wcc_compress,
                ] {
                    counters.bump(Counter::Launches);
                    raw::launch(s, f, cfg, false, &[Arg::Wcc(&p)])
                        .map_err(drv("launching a wcc step"))?;
                }
                Ok(())
            }
        };
    }
    let (sources, sinks, direction, mask) = match q {
        Query::Bfs(b) => (&b.sources, &[][..], Direction::Forward, None),
        Query::Reach(r) => (&r.sources, &r.sinks[..], r.direction, Some(r.mask)),
        _ => unreachable!("run() rejected other analyses"),
    };
    let mut input: Vec<u32> = Vec::with_capacity(sources.len() + sinks.len());
    input.extend_from_slice(sources);
    input.extend_from_slice(sinks);
    if input.len() > bufs.inputs.len() {
        return Err(CudaError::Internal(format!(
            "{} sources and sinks do not fit the plan's {} input slots",
            input.len(),
            bufs.inputs.len()
        )));
    }
    {
        let mut dst = bufs.inputs.slice_mut(0..input.len());
        s.memcpy_htod(&input[..], &mut dst)
            .map_err(drv("copying sources to the device"))?;
        counters.add(Counter::BytesUploaded, input.len() as u64 * 4);
    }
    let (out, inc) = match (direction, &bufs.rev) {
        (_, None) => (&bufs.fwd, &bufs.fwd),
        (Direction::Forward, Some(r)) => (&bufs.fwd, r),
        (Direction::Backward, Some(r)) => (r, &bufs.fwd),
    };
    let use_mask = mask.is_some() && out.lab.is_some();
    let lab = |c: &DeviceCsr| c.lab.as_ref().map_or(0, |l| raw::addr(l, s));
    let inputs = raw::addr(&bufs.inputs, s);
    let p = TravParams {
        out_off: raw::addr(&out.off, s),
        out_tgt: raw::addr(&out.tgt, s),
        out_lab: lab(out),
        in_off: raw::addr(&inc.off, s),
        in_tgt: raw::addr(&inc.tgt, s),
        in_lab: lab(inc),
        n,
        m: g.arcs() as u64,
        mask: u64::from(mask.unwrap_or(u32::MAX)),
        use_mask: u64::from(use_mask),
        visited: raw::addr(&bufs.visited, s),
        frontier: raw::addr(&bufs.frontier, s),
        queue: raw::addr(&bufs.queue, s),
        ctrl: raw::addr(&bufs.ctrl, s),
        sources: inputs,
        num_sources: sources.len() as u64,
        sinks: inputs + sources.len() as u64 * 4,
        num_sinks: sinks.len() as u64,
        summary: out_base + layout.summary,
        levels: layout.levels.map_or(0, |o| out_base + o),
        sets: layout.sets.map_or(0, |o| out_base + o),
        sink_hits: out_base + layout.sink_hits,
        alpha: ALPHA,
        heavy: HEAVY_DEGREE,
    };
    let cfg = Device::cfg(dev.grid_traverse);
    match mode {
        Mode::Resident => {
            counters.bump(Counter::Launches);
            raw::launch(s, &dev.funcs.traverse_resident, cfg, true, &[Arg::Trav(&p)])
                .map_err(drv("launching traverse_resident"))
        }
        Mode::HostOrchestrated => {
            let f = &dev.funcs;
            let total = sources.len() as u64;
            let mut base = 0u64;
            while base < total {
                let lanes = (total - base).min(64);
                let step = |k: &CudaFunction, name: &'static str| {
                    counters.bump(Counter::Launches);
                    raw::launch(
                        s,
                        k,
                        cfg,
                        false,
                        &[Arg::Trav(&p), Arg::U64(&base), Arg::U64(&lanes)],
                    )
                    .map_err(drv(name))
                };
                step(&f.trav_clear, "launching trav_clear")?;
                step(&f.trav_seed, "launching trav_seed")?;
                let mut level = 0u32;
                loop {
                    counters.bump(Counter::Launches);
                    raw::launch(
                        s,
                        &f.trav_level,
                        cfg,
                        false,
                        &[
                            Arg::Trav(&p),
                            Arg::U64(&base),
                            Arg::U64(&lanes),
                            Arg::U32(&level),
                        ],
                    )
                    .map_err(drv("launching trav_level"))?;
                    // The host decides: read the next queue's sizes back.
                    let mut sizes = [0u64; 8];
                    s.memcpy_dtoh(&bufs.ctrl.slice(C_QLIGHT..C_QHEAVY + 4), &mut sizes[..])
                        .map_err(drv("reading the queue size"))?;
                    s.synchronize().map_err(drv("waiting for a level"))?;
                    counters.bump(Counter::HostSyncs);
                    counters.add(Counter::BytesReadBack, 64);
                    let k = ((level + 1) & 3) as usize;
                    if sizes[k] + sizes[4 + k] == 0 {
                        break;
                    }
                    level += 1;
                }
                step(&f.trav_finish, "launching trav_finish")?;
                base += lanes;
            }
            Ok(())
        }
    }
}

/// Copy output slots back (one copy and one wait) and decode them.
fn read_slots(
    dev: &Device,
    g: &Graph,
    bufs: &Buffers,
    pending: &[Pending],
    counters: &Counters,
) -> Result<Vec<Output>, CudaError> {
    let Some(end) = pending
        .iter()
        .map(|p| p.slot_word + words(p.layout.total))
        .max()
    else {
        return Ok(Vec::new());
    };
    let s = &dev.stream;
    let mut host = vec![0u64; end as usize];
    if end > 0 {
        s.memcpy_dtoh(&bufs.outputs.slice(0..end as usize), &mut host[..])
            .map_err(drv("reading results back"))?;
    }
    s.synchronize().map_err(drv("waiting for the runs"))?;
    counters.bump(Counter::HostSyncs);
    let bytes: u64 = pending.iter().map(|p| p.layout.total).sum();
    counters.add(Counter::BytesReadBack, bytes);
    pending
        .iter()
        .map(|p| {
            let w = &host[p.slot_word as usize..(p.slot_word + words(p.layout.total)) as usize];
            decode(g, &p.query, &p.layout, w)
        })
        .collect()
}

fn u32_at(w: &[u64], byte: u64) -> u32 {
    let word = w[(byte / 8) as usize];
    (word >> ((byte % 8) * 8)) as u32
}

/// Turn one output slot into the library's result types.
pub(crate) fn decode(
    g: &Graph,
    q: &Query,
    l: &OutputLayout,
    w: &[u64],
) -> Result<Output, CudaError> {
    let n = g.nodes() as u64;
    let nw = n.div_ceil(64);
    Ok(match q {
        Query::Wcc => {
            let ids: Vec<u32> = (0..n)
                .map(|v| u32_at(w, l.labels.unwrap_or(0) + v * 4))
                .collect();
            if let Some(bad) = ids.iter().find(|&&c| u64::from(c) >= n) {
                return Err(CudaError::Internal(format!(
                    "component id {bad} out of range"
                )));
            }
            Output::Wcc(components::canonical(&ids))
        }
        Query::Bfs(b) => Output::Bfs(
            b.sources
                .iter()
                .enumerate()
                .map(|(i, &source)| {
                    let s = &w[i * 3..i * 3 + 3];
                    BfsResult {
                        source,
                        reached: s[0],
                        max_level: s[1] as u32,
                        level_sum: s[2],
                        levels: l.levels.map(|o| {
                            (0..n)
                                .map(|v| u32_at(w, o + (i as u64 * n + v) * 4))
                                .collect()
                        }),
                    }
                })
                .collect(),
        ),
        Query::Reach(r) => Output::Reach(
            r.sources
                .iter()
                .enumerate()
                .map(|(i, &source)| ReachResult {
                    source,
                    reached: w[i * 3],
                    sinks_reached: r
                        .sinks
                        .iter()
                        .enumerate()
                        .filter(|(j, _)| {
                            u32_at(w, l.sink_hits + (i as u64 * l.num_sinks + *j as u64) * 4) != 0
                        })
                        .map(|(_, &t)| t)
                        .collect(),
                    set: l.sets.map(|o| {
                        let at = ((o / 8) + i as u64 * nw) as usize;
                        w[at..at + nw as usize].to_vec()
                    }),
                })
                .collect(),
        ),
        other => {
            return Err(CudaError::Unsupported {
                analysis: other.name(),
            })
        }
    })
}
