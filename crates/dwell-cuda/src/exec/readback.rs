//! Reading a session's outputs back: the used output slots copied out in
//! one copy and one wait, each decoded into the library's result types.

use super::buffers::{words, Buffers};
use super::{drv, Device, Launched};
use crate::work::{OutputShape, Work};
use crate::CudaError;
use dwell::analysis::{components, BfsResult, Output, Query, ReachResult};
use dwell::counters::{Counter, Counters};
use dwell::graph::Graph;

/// Copy output slots back (one copy and one wait) and decode them.
pub(super) fn read_slots(
    dev: &Device,
    g: &Graph,
    bufs: &Buffers,
    launched: &[Launched],
    counters: &Counters,
) -> Result<Vec<Output>, CudaError> {
    let Some(end) = launched
        .iter()
        .map(|p| p.slot_word + words(p.shape.total))
        .max()
    else {
        return Ok(Vec::new());
    };
    let ctx = &dev.ctx;
    let mut host = vec![0u64; end as usize];
    ctx.copy_out(&bufs.outputs, 0, &mut host[..])
        .map_err(drv("reading results back"))?;
    ctx.synchronize().map_err(drv("waiting for the runs"))?;
    counters.bump(Counter::HostSyncs);
    let bytes: u64 = launched.iter().map(|p| p.shape.total).sum();
    counters.add(Counter::BytesReadBack, bytes);
    launched
        .iter()
        .map(|p| {
            let w = &host[p.slot_word as usize..(p.slot_word + words(p.shape.total)) as usize];
            decode(g, &p.query, &p.shape, w)
        })
        .collect()
}

fn u32_at(w: &[u64], byte: u64) -> u32 {
    let word = w[(byte / 8) as usize];
    (word >> ((byte % 8) * 8)) as u32
}

/// Turn one output slot into the library's result types.
fn decode(g: &Graph, q: &Query, l: &OutputShape, w: &[u64]) -> Result<Output, CudaError> {
    let n = g.nodes() as u64;
    let nw = n.div_ceil(64);
    let work = Work::of(q).ok_or(CudaError::Unsupported { analysis: q.name() })?;
    Ok(match work {
        Work::Wcc => {
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
        Work::Traverse(t) if !t.reach => Output::Bfs(
            t.sources
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
        Work::Traverse(t) => Output::Reach(
            t.sources
                .iter()
                .enumerate()
                .map(|(i, &source)| ReachResult {
                    source,
                    reached: w[i * 3],
                    sinks_reached: t
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
    })
}
