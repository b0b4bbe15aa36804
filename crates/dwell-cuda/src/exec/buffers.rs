//! A session's device buffers: the topology uploaded once, the traversal
//! state sized by the graph, and the per-query buffers (inputs, output
//! slots, pinned staging) sized by the plan; every allocation and upload
//! counted.

use super::{drv, Device};
use crate::kernels::CTRL_WORDS;
use crate::raw::{self, DevBuf, Stage};
use crate::work;
use crate::CudaError;
use dwell::backend::Reservation as Plan;
use dwell::counters::{Counter, Counters};
use dwell::graph::{Csr, Graph};

/// One CSR on the device.
pub(super) struct DeviceCsr {
    pub(super) off: DevBuf<u64>,
    pub(super) tgt: DevBuf<u32>,
    pub(super) lab: Option<DevBuf<u32>>,
}

/// Every buffer of a session.
pub(super) struct Buffers {
    pub(super) fwd: DeviceCsr,
    /// Reverse CSR of a directed graph (undirected graphs reuse `fwd`).
    pub(super) rev: Option<DeviceCsr>,
    pub(super) visited: DevBuf<u64>,
    pub(super) frontier: DevBuf<u64>,
    pub(super) queue: DevBuf<u32>,
    pub(super) ctrl: DevBuf<u64>,
    pub(super) inputs: DevBuf<u32>,
    /// Output slots, as u64 words.
    pub(super) outputs: DevBuf<u64>,
    /// Resident modes: per-run inputs staged in pinned host memory, one
    /// slot per planned run, so a run's input copy is asynchronous and the
    /// driver never waits on pageable memory inside the timed region.
    pub(super) stage: Option<Stage>,
}

/// At least one element: the driver rejects empty allocations.
pub(super) fn len1(n: u64) -> usize {
    n.max(1) as usize
}

pub(super) fn words(bytes: u64) -> u64 {
    bytes.div_ceil(8)
}

pub(super) struct Alloc<'a> {
    ctx: &'a raw::Context,
    counters: &'a Counters,
}

impl Alloc<'_> {
    fn zeros<T: raw::Word>(&self, len: u64) -> Result<DevBuf<T>, CudaError> {
        self.counters.bump(Counter::Allocations);
        self.ctx
            .alloc_zeros::<T>(len1(len))
            .map_err(drv("allocating device memory"))
    }
    fn upload<T: raw::Word>(&self, data: &[T]) -> Result<DevBuf<T>, CudaError> {
        self.counters.bump(Counter::Allocations);
        self.counters
            .add(Counter::BytesUploaded, std::mem::size_of_val(data) as u64);
        if data.is_empty() {
            return Err(CudaError::Internal(
                "an empty array cannot be uploaded".into(),
            ));
        }
        self.ctx.upload(data).map_err(drv("uploading the graph"))
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

/// Staging slots of a resident session: one per planned run (at least one,
/// at most 4096; past that a run waits for the stream and reuses them).
pub(super) const MAX_STAGE_SLOTS: u64 = 4096;

/// Allocate everything the plan needs and upload the topology (one graph upload).
pub(super) fn allocate(
    dev: &Device,
    g: &Graph,
    plan: &Plan,
    counters: &Counters,
    staged: bool,
) -> Result<Buffers, CudaError> {
    let a = Alloc {
        ctx: &dev.ctx,
        counters,
    };
    let n = g.nodes() as u64;
    check_state(n, plan)?;
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
    let PerQuery {
        inputs,
        outputs,
        stage,
    } = per_query(dev, plan, counters, staged)?;
    Ok(Buffers {
        fwd,
        rev,
        visited: a.zeros(n)?,
        frontier: a.zeros(three_n)?,
        queue: a.zeros(three_n)?,
        ctrl: a.zeros(CTRL_WORDS as u64)?,
        inputs,
        outputs,
        stage,
    })
}

/// The plan's scratch must hold the traversal state this backend keeps
/// (its `requirements` say so; a plan made for another backend may not).
pub(super) fn check_state(n: u64, plan: &Plan) -> Result<(), CudaError> {
    let state = work::state_bytes(n).map_err(|e| CudaError::Internal(e.to_string()))?;
    if state > plan.scratch_bytes {
        return Err(CudaError::PlanTooSmall {
            what: "traversal state",
            needed: state,
            planned: plan.scratch_bytes,
        });
    }
    Ok(())
}

/// Output words a plan's slots take: one slot per run when it keeps every
/// output, else one.
pub(super) fn output_words(plan: &Plan) -> Result<u64, CudaError> {
    words(plan.output_bytes)
        .checked_mul(if plan.keep_all_outputs { plan.runs } else { 1 })
        .ok_or(CudaError::Internal("output slots overflow".into()))
}

/// The buffers sized by a query's plan rather than by the graph.
pub(super) struct PerQuery {
    pub(super) inputs: DevBuf<u32>,
    pub(super) outputs: DevBuf<u64>,
    /// Staged sessions: the pinned input slots, one per run.
    pub(super) stage: Option<Stage>,
}

pub(super) fn per_query(
    dev: &Device,
    plan: &Plan,
    counters: &Counters,
    staged: bool,
) -> Result<PerQuery, CudaError> {
    let a = Alloc {
        ctx: &dev.ctx,
        counters,
    };
    let input_slots = plan.frontier_bytes / 4;
    let stage = if staged && input_slots > 0 {
        counters.bump(Counter::Allocations);
        Some(
            dev.ctx
                .stage(
                    plan.runs.clamp(1, MAX_STAGE_SLOTS) as usize,
                    input_slots as usize,
                )
                .map_err(drv("allocating pinned staging memory"))?,
        )
    } else {
        None
    };
    Ok(PerQuery {
        inputs: a.zeros(input_slots)?,
        outputs: a.zeros(output_words(plan)?)?,
        stage,
    })
}
