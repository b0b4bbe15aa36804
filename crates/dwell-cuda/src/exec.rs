//! The CUDA session: device, compiled kernels, resident buffers, and the
//! three execution modes (the `Mode` doc says what each separates).
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
//! back and frees everything. The resident-host-levels mode keeps the graph
//! and buffers resident but drives levels from the host like the baseline.
//! Every mode counts what it does in the session counters as it does it.
//!
//! `BytesUploaded` counts the graph arrays at upload and, per run, the
//! query inputs (4 bytes per source and sink), staged in pinned memory in
//! the resident modes (one slot per planned run, allocated at open).
//!
//! A stop request (`dwell::progress::Stop`, the session's cancel) is polled
//! on the host before each run's first launch and, in the host-driven
//! modes, after each level's synchronise, where nothing is in flight: a
//! stopped run returns `CudaError::Cancelled` and registers no output; the
//! next run clears its sweep state as every run does. The resident mode's
//! one cooperative launch runs all its levels on the device, so a run
//! already launched there goes to its end.
//!
//! The buffers and their allocation live in `exec/buffers.rs`, the
//! read-back and decoding of output slots in `exec/readback.rs`; this file
//! holds the device, the modes and each run's launches.

mod buffers;
mod readback;

use crate::device::{self, DeviceFacts, Tuning};
use crate::kernels::{self, C_QHEAVY, C_QLIGHT};
use crate::raw::{self, Arg, Func, Grid, TravParams, WccParams};
use crate::work::{self, OutputShape, Traversal, Work};
use crate::CudaError;
use buffers::MAX_STAGE_SLOTS;
use buffers::{allocate, check_state, output_words, per_query, words, Buffers, DeviceCsr};
use dwell::analysis::{Direction, Output, Query};
use dwell::backend::Reservation as Plan;
use dwell::counters::{Counter, Counters};
use dwell::graph::Graph;
use dwell::progress::Stop;
use readback::read_slots;
use std::sync::Arc;

/// Which execution mode a session uses (`bench` times all three on the
/// same kernels and queries).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Graph and buffers resident from open; one cooperative launch per run
    /// that decides convergence on the device; one read-back at the end.
    Resident,
    /// Graph and buffers resident from open, but levels driven by the host:
    /// one launch per level and a queue-size read-back to decide whether to
    /// go on. Against `Resident` it isolates device-decided convergence;
    /// against `HostOrchestrated`, residency.
    ResidentHostLevels,
    /// The baseline: per run allocate, upload the graph, host-driven levels,
    /// read back, free.
    HostOrchestrated,
}

impl Mode {
    /// The mode's name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Resident => "resident",
            Mode::ResidentHostLevels => "resident-host-levels",
            Mode::HostOrchestrated => "host-orchestrated",
        }
    }

    fn resident_buffers(self) -> bool {
        !matches!(self, Mode::HostOrchestrated)
    }
    fn device_levels(self) -> bool {
        matches!(self, Mode::Resident)
    }
}

/// Entry points, bound by name (`kernels::PROGRAMS`).
struct Funcs {
    traverse_resident: Func,
    trav_clear: Func,
    trav_seed: Func,
    trav_level: Func,
    trav_finish: Func,
    wcc_resident: Func,
    wcc_init: Func,
    wcc_link: Func,
    wcc_compress: Func,
}

/// A device with the kernels compiled and loaded.
pub struct Device {
    ctx: raw::Context,
    pub facts: DeviceFacts,
    funcs: Funcs,
}

/// Launch geometry of the two kernel families.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grids {
    pub traverse: Grid,
    pub wcc: Grid,
}

/// What a session's launches use: the tuning and the grids it implies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LaunchPlan {
    pub tuning: Tuning,
    pub grids: Grids,
}

impl Device {
    /// Probe, compile for the device's own architecture, load, bind entries.
    pub fn open(ordinal: usize) -> Result<Device, CudaError> {
        let (ctx, facts) = raw::Context::open(ordinal)?;
        Device::with_context(ctx, facts)
    }

    /// The kernels loaded on an opened context.
    pub fn with_context(ctx: raw::Context, facts: DeviceFacts) -> Result<Device, CudaError> {
        if !facts.cooperative_launch {
            return Err(CudaError::NoCooperativeLaunch {
                name: facts.name.clone(),
            });
        }
        let arch = kernels::arch(facts.compute_capability.0, facts.compute_capability.1);
        let mut loaded = Vec::new();
        for p in kernels::PROGRAMS {
            loaded.extend(ctx.load(p, &arch)?);
        }
        let mut take = |name: &str| -> Result<Func, CudaError> {
            let i = loaded.iter().position(|f| f.name == name).ok_or_else(|| {
                CudaError::Internal(format!(
                    "kernel entry point {name} is not in kernels::PROGRAMS"
                ))
            })?;
            Ok(loaded.swap_remove(i))
        };
        let funcs = Funcs {
            traverse_resident: take("traverse_resident")?,
            trav_clear: take("trav_clear")?,
            trav_seed: take("trav_seed")?,
            trav_level: take("trav_level")?,
            trav_finish: take("trav_finish")?,
            wcc_resident: take("wcc_resident")?,
            wcc_init: take("wcc_init_k")?,
            wcc_link: take("wcc_link_k")?,
            wcc_compress: take("wcc_compress_k")?,
        };
        Ok(Device { ctx, facts, funcs })
    }

    /// Cooperative grids for `t`: `sms × min(occupancy, blocks per SM)`
    /// blocks of `t.block_threads`, occupancy from the device's API.
    pub fn launch_plan(&self, t: Tuning) -> Result<LaunchPlan, CudaError> {
        t.check()?;
        let grid = |f: &Func| -> Result<Grid, CudaError> {
            let occ = self
                .ctx
                .occupancy(f, t.block_threads)
                .map_err(|e| CudaError::driver("asking the occupancy API", e))?;
            Ok(Grid {
                blocks: device::cooperative_grid(self.facts.sms, occ, t.blocks_per_sm)?,
                threads: t.block_threads,
            })
        };
        Ok(LaunchPlan {
            tuning: t,
            grids: Grids {
                traverse: grid(&self.funcs.traverse_resident)?,
                wcc: grid(&self.funcs.wcc_resident)?,
            },
        })
    }

    /// The simulated device's context (launch and probe counters).
    #[cfg(feature = "sim")]
    pub fn sim(&self) -> &raw::Context {
        &self.ctx
    }
}

fn drv(what: &'static str) -> impl Fn(raw::DriverError) -> CudaError {
    move |e| CudaError::driver(what, e)
}

/// A launched run whose output sits in an output slot.
struct Launched {
    query: Query,
    shape: OutputShape,
    /// First u64 word of the slot in `outputs`.
    slot_word: u64,
}

/// The resident handle of every mode.
pub struct CudaResident<'g> {
    g: &'g Graph,
    dev: Arc<Device>,
    mode: Mode,
    launch: LaunchPlan,
    plan: Plan,
    /// The plan the per-query buffers were sized for (the first, or the
    /// last that needed more).
    sized_for: Plan,
    counters: Arc<Counters>,
    /// Resident modes: allocated at open, kept until the session ends.
    bufs: Option<Buffers>,
    launched: Vec<Launched>,
    /// Host-orchestrated mode: outputs already read back, per run.
    done: Vec<Output>,
    runs: u64,
}

impl<'g> CudaResident<'g> {
    pub fn open(
        dev: Arc<Device>,
        mode: Mode,
        launch: LaunchPlan,
        g: &'g Graph,
        plan: &Plan,
        counters: Arc<Counters>,
    ) -> Result<CudaResident<'g>, CudaError> {
        let bufs = if mode.resident_buffers() {
            Some(allocate(&dev, g, plan, &counters, true)?)
        } else {
            None
        };
        Ok(CudaResident {
            g,
            dev,
            mode,
            launch,
            plan: *plan,
            sized_for: *plan,
            counters,
            bufs,
            launched: Vec::new(),
            done: Vec::new(),
            runs: 0,
        })
    }

    /// One run; `stop` is polled before its first launch and between
    /// host-driven levels ([`CudaError::Cancelled`]: no output kept).
    pub fn run(&mut self, q: &Query, stop: Stop<'_>) -> Result<(), CudaError> {
        let n = self.g.nodes() as u64;
        let shape = OutputShape::of(n, q).map_err(|e| CudaError::Internal(e.to_string()))?;
        match q {
            q if work::supports(q) => {}
            other => {
                return Err(CudaError::Unsupported {
                    analysis: other.name(),
                })
            }
        }
        if shape.total > self.plan.output_bytes {
            return Err(CudaError::Internal(format!(
                "output of {} bytes exceeds the plan's {}",
                shape.total, self.plan.output_bytes
            )));
        }
        let ex = Exec {
            dev: &self.dev,
            launch: &self.launch,
            g: self.g,
            counters: &self.counters,
            device_levels: self.mode.device_levels(),
            stop,
        };
        if let Some(bufs) = self.bufs.as_mut() {
            let slot_bytes = words(self.plan.output_bytes) * 8;
            let slot = if self.plan.keep_all_outputs {
                self.runs
            } else {
                0
            };
            let slot_word = slot * (slot_bytes / 8);
            ex.run(q, &shape, slot_word, bufs)?;
            if !self.plan.keep_all_outputs {
                self.launched.clear();
            }
            self.launched.push(Launched {
                query: q.clone(),
                shape,
                slot_word,
            });
        } else {
            let mut bufs = allocate(&self.dev, self.g, &self.plan, &self.counters, false)?;
            ex.run(q, &shape, 0, &mut bufs)?;
            let p = Launched {
                query: q.clone(),
                shape,
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
        self.runs += 1;
        Ok(())
    }

    /// The next query of a session that stays open: outputs not read back
    /// are dropped, the topology stays, and the per-query buffers are made
    /// anew only when `plan` needs more than they hold (more input slots,
    /// output words or staging slots).
    pub fn reserve(&mut self, plan: &Plan) -> Result<(), CudaError> {
        check_state(self.g.nodes() as u64, plan)?;
        let staged_slots = |p: &Plan| p.runs.clamp(1, MAX_STAGE_SLOTS);
        let grow = plan.frontier_bytes / 4 > self.sized_for.frontier_bytes / 4
            || output_words(plan)? > output_words(&self.sized_for)?
            || staged_slots(plan) > staged_slots(&self.sized_for);
        if let Some(bufs) = self.bufs.as_mut() {
            if grow || !self.launched.is_empty() {
                // Runs not read back may still use these buffers.
                self.dev
                    .ctx
                    .synchronize()
                    .map_err(drv("waiting for the last query's runs"))?;
                self.counters.bump(Counter::HostSyncs);
                if let Some(stage) = bufs.stage.as_mut() {
                    stage.reset();
                }
            }
            if grow {
                let q = per_query(&self.dev, plan, &self.counters, true)?;
                (bufs.inputs, bufs.outputs, bufs.stage) = (q.inputs, q.outputs, q.stage);
            }
        }
        if grow {
            self.sized_for = *plan;
        }
        self.launched.clear();
        self.done.clear();
        self.runs = 0;
        self.plan = *plan;
        Ok(())
    }

    pub fn read_back(&mut self) -> Result<Vec<Output>, CudaError> {
        match &self.bufs {
            None => Ok(std::mem::take(&mut self.done)),
            Some(bufs) => {
                let launched = std::mem::take(&mut self.launched);
                let out = read_slots(&self.dev, self.g, bufs, &launched, &self.counters)?;
                Ok(out)
            }
        }
    }
}

/// One run's launches.
struct Exec<'a> {
    dev: &'a Device,
    launch: &'a LaunchPlan,
    g: &'a Graph,
    counters: &'a Counters,
    /// One cooperative launch deciding convergence on the device, or one
    /// launch per level with a read-back after each.
    device_levels: bool,
    /// Polled before the run's first launch and after each host-driven
    /// level's synchronise.
    stop: Stop<'a>,
}

impl Exec<'_> {
    // The crate denies `unsafe` outside `raw`; this one call of the
    // `unsafe fn` raw::launch is the executor's only exception.
    #[allow(unsafe_code)]
    fn launch(
        &self,
        f: &Func,
        grid: Grid,
        cooperative: bool,
        args: &[Arg<'_>],
    ) -> Result<(), CudaError> {
        self.counters.bump(Counter::Launches);
        // SAFETY: `args` follow the entry point's signature in kernels/*.cu
        // (Trav/Wcc blocks and the scalars listed there; the sim checks
        // sizes); every address in the blocks comes from `Buffers` of this
        // session, sized in `allocate` from the same n, m and plan that the
        // blocks carry, and the buffers live until after a synchronise
        // (read_slots) or the session's end; cooperative grids come from
        // `Device::launch_plan`, capped by the occupancy API.
        unsafe { raw::launch(&self.dev.ctx, f, grid, cooperative, args) }
            .map_err(|e| CudaError::driver(f.name, e))
    }

    /// Launch one run (its output lands in the slot at `slot_word`).
    fn run(
        &self,
        q: &Query,
        shape: &OutputShape,
        slot_word: u64,
        bufs: &mut Buffers,
    ) -> Result<(), CudaError> {
        if self.stop.requested() {
            return Err(CudaError::Cancelled);
        }
        let out_base = bufs.outputs.addr(&self.dev.ctx) + slot_word * 8;
        let work = Work::of(q).ok_or(CudaError::Unsupported { analysis: q.name() })?;
        let Work::Traverse(t) = work else {
            return self.wcc(shape, out_base, bufs);
        };
        let mut input: Vec<u32> = Vec::with_capacity(t.sources.len() + t.sinks.len());
        input.extend_from_slice(t.sources);
        input.extend_from_slice(t.sinks);
        self.copy_inputs(&input, bufs)?;
        let p = self.trav_params(&t, shape, out_base, bufs);
        let grid = self.launch.grids.traverse;
        if self.device_levels {
            let f = &self.dev.funcs.traverse_resident;
            return self.launch(f, grid, true, &[Arg::Trav(&p)]);
        }
        self.host_levels(&p, t.sources.len() as u64, bufs)
    }

    /// Weak components into the output slot at `out_base`: one cooperative
    /// launch, or init, link and compress launched by the host.
    fn wcc(&self, shape: &OutputShape, out_base: u64, bufs: &Buffers) -> Result<(), CudaError> {
        let (ctx, funcs) = (&self.dev.ctx, &self.dev.funcs);
        let n = self.g.nodes() as u64;
        let p = WccParams {
            off: bufs.fwd.off.addr(ctx),
            tgt: bufs.fwd.tgt.addr(ctx),
            n,
            m: self.g.arcs() as u64,
            comp: out_base + shape.labels.unwrap_or(0),
        };
        if n == 0 {
            return Ok(());
        }
        let grid = self.launch.grids.wcc;
        if self.device_levels {
            let ctrl = bufs.ctrl.addr(ctx);
            return self.launch(
                &funcs.wcc_resident,
                grid,
                true,
                &[Arg::Wcc(&p), Arg::U64(&ctrl)],
            );
        }
        for f in [&funcs.wcc_init, &funcs.wcc_link, &funcs.wcc_compress] {
            self.launch(f, grid, false, &[Arg::Wcc(&p)])?;
        }
        Ok(())
    }

    /// Copy a run's sources and sinks into the device's input slots, through
    /// a pinned staging slot in the resident modes; counted as uploaded.
    fn copy_inputs(&self, input: &[u32], bufs: &mut Buffers) -> Result<(), CudaError> {
        let ctx = &self.dev.ctx;
        if input.len() > bufs.inputs.len() {
            return Err(CudaError::Internal(format!(
                "{} sources and sinks do not fit the plan's {} input slots",
                input.len(),
                bufs.inputs.len()
            )));
        }
        if let Some(stage) = bufs.stage.as_mut() {
            let staged = match stage.push(input) {
                Some(s) => s,
                None => {
                    // Every slot is in use by a copy that may not have run:
                    // wait for the stream (counted), then reuse them.
                    ctx.synchronize()
                        .map_err(drv("waiting to reuse staging memory"))?;
                    self.counters.bump(Counter::HostSyncs);
                    stage.reset();
                    stage.push(input).ok_or_else(|| {
                        CudaError::Internal("inputs larger than a staging slot".into())
                    })?
                }
            };
            ctx.copy_staged(stage, staged, &mut bufs.inputs, 0)
                .map_err(drv("copying sources to the device"))?;
        } else {
            ctx.copy_in(input, &mut bufs.inputs, 0)
                .map_err(drv("copying sources to the device"))?;
        }
        self.counters
            .add(Counter::BytesUploaded, input.len() as u64 * 4);
        Ok(())
    }

    /// The traversal kernels' parameter block: the CSRs in the traversal's
    /// direction, this session's state buffers, the inputs just copied, and
    /// the output slot at `out_base`.
    fn trav_params(
        &self,
        t: &Traversal<'_>,
        shape: &OutputShape,
        out_base: u64,
        bufs: &Buffers,
    ) -> TravParams {
        let ctx = &self.dev.ctx;
        let (out, inc) = match (t.direction, &bufs.rev) {
            (_, None) => (&bufs.fwd, &bufs.fwd),
            (Direction::Forward, Some(r)) => (&bufs.fwd, r),
            (Direction::Backward, Some(r)) => (r, &bufs.fwd),
        };
        let use_mask = t.mask.is_some() && out.lab.is_some();
        let lab = |c: &DeviceCsr| c.lab.as_ref().map_or(0, |l| l.addr(ctx));
        let inputs = bufs.inputs.addr(ctx);
        let tuning = &self.launch.tuning;
        TravParams {
            out_off: out.off.addr(ctx),
            out_tgt: out.tgt.addr(ctx),
            out_lab: lab(out),
            in_off: inc.off.addr(ctx),
            in_tgt: inc.tgt.addr(ctx),
            in_lab: lab(inc),
            n: self.g.nodes() as u64,
            m: self.g.arcs() as u64,
            mask: u64::from(t.mask.unwrap_or(u32::MAX)),
            use_mask: u64::from(use_mask),
            visited: bufs.visited.addr(ctx),
            frontier: bufs.frontier.addr(ctx),
            queue: bufs.queue.addr(ctx),
            ctrl: bufs.ctrl.addr(ctx),
            sources: inputs,
            num_sources: t.sources.len() as u64,
            sinks: inputs + t.sources.len() as u64 * 4,
            num_sinks: t.sinks.len() as u64,
            summary: out_base + shape.summary,
            levels: shape.levels.map_or(0, |o| out_base + o),
            sets: shape.sets.map_or(0, |o| out_base + o),
            sink_hits: out_base + shape.sink_hits,
            alpha: tuning.alpha,
            heavy: tuning.heavy_degree,
        }
    }

    /// The host-driven modes: per sweep of up to 64 of the `total` sources,
    /// clear and seed, then one launch per level with the next queue's
    /// sizes read back to decide whether to go on, then finish.
    fn host_levels(&self, p: &TravParams, total: u64, bufs: &Buffers) -> Result<(), CudaError> {
        let (ctx, funcs) = (&self.dev.ctx, &self.dev.funcs);
        let grid = self.launch.grids.traverse;
        let mut base = 0u64;
        while base < total {
            let lanes = (total - base).min(64);
            let step = |k: &Func| {
                self.launch(
                    k,
                    grid,
                    false,
                    &[Arg::Trav(p), Arg::U64(&base), Arg::U64(&lanes)],
                )
            };
            step(&funcs.trav_clear)?;
            step(&funcs.trav_seed)?;
            let mut level = 0u32;
            loop {
                self.launch(
                    &funcs.trav_level,
                    grid,
                    false,
                    &[
                        Arg::Trav(p),
                        Arg::U64(&base),
                        Arg::U64(&lanes),
                        Arg::U32(&level),
                    ],
                )?;
                // The host decides: read the next queue's sizes back.
                let mut sizes = [0u64; 8];
                ctx.copy_out(&bufs.ctrl, C_QLIGHT, &mut sizes[..])
                    .map_err(drv("reading the queue size"))?;
                ctx.synchronize().map_err(drv("waiting for a level"))?;
                self.counters.bump(Counter::HostSyncs);
                self.counters.add(Counter::BytesReadBack, 64);
                let k = ((level + 1) & 3) as usize;
                debug_assert_eq!(C_QHEAVY, C_QLIGHT + 4);
                if sizes[k] + sizes[4 + k] == 0 {
                    break;
                }
                // Synchronised: nothing in flight, so a stop can end the
                // run here (the next run clears the sweep state).
                if self.stop.requested() {
                    return Err(CudaError::Cancelled);
                }
                level += 1;
            }
            step(&funcs.trav_finish)?;
            base += lanes;
        }
        Ok(())
    }
}
