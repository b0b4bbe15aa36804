//! Device facts, probed from the driver, and cooperative grid sizing.

use crate::CudaError;
use cudarc::driver::sys::CUdevice_attribute;
use cudarc::driver::CudaContext;
use std::sync::Arc;

/// What the driver says about the device a session runs on.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct DeviceFacts {
    pub ordinal: u64,
    pub name: String,
    pub memory_bytes: u64,
    pub compute_capability: (u32, u32),
    pub sms: u32,
    pub cooperative_launch: bool,
}

/// Blocks per SM the resident kernels ask for, unless `DWELL_CUDA_BLOCKS_PER_SM`
/// says otherwise: few blocks make the grid barrier cheap (≈1 µs at one per
/// SM, ≈2.2 µs at eight, design.md), 2 × 512 threads still fill an SM's
/// 2048 thread slots.
pub const DEFAULT_BLOCKS_PER_SM: u32 = 2;

/// Open a context on `ordinal` and read its facts. Fails with
/// [`CudaError::NoDriver`] before touching the driver when libcuda is absent.
pub fn open(ordinal: usize) -> Result<(Arc<CudaContext>, DeviceFacts), CudaError> {
    if !crate::raw::driver_present() {
        return Err(CudaError::NoDriver);
    }
    let count =
        CudaContext::device_count().map_err(|e| CudaError::driver("counting devices", e))?;
    if count <= 0 || ordinal >= count as usize {
        return Err(CudaError::NoDevice {
            ordinal,
            count: count.max(0) as usize,
        });
    }
    let ctx = CudaContext::new(ordinal).map_err(|e| CudaError::driver("creating a context", e))?;
    let d = |what, e| CudaError::driver(what, e);
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
    Ok((ctx, facts))
}

/// Grid size of a cooperative launch: `sms × min(occupancy, wanted)` blocks,
/// where `occupancy` is the occupancy API's resident blocks per SM for the
/// kernel at its block size. Every block must be resident at once, so the
/// grid never exceeds `sms × occupancy`.
pub fn cooperative_grid(sms: u32, occupancy: u32, wanted: u32) -> Result<u32, CudaError> {
    if sms == 0 || occupancy == 0 || wanted == 0 {
        return Err(CudaError::NoCooperativeGrid {
            sms,
            occupancy,
            wanted,
        });
    }
    sms.checked_mul(occupancy.min(wanted))
        .ok_or(CudaError::NoCooperativeGrid {
            sms,
            occupancy,
            wanted,
        })
}

/// Blocks per SM wanted: `DWELL_CUDA_BLOCKS_PER_SM` or the default.
pub fn wanted_blocks_per_sm() -> Result<u32, CudaError> {
    match std::env::var("DWELL_CUDA_BLOCKS_PER_SM") {
        Ok(v) => v
            .trim()
            .parse::<u32>()
            .ok()
            .filter(|&b| b > 0)
            .ok_or(CudaError::BadEnv {
                name: "DWELL_CUDA_BLOCKS_PER_SM",
                value: v,
            }),
        Err(_) => Ok(DEFAULT_BLOCKS_PER_SM),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_is_capped_by_occupancy() {
        assert_eq!(cooperative_grid(132, 2, 2).unwrap(), 264);
        assert_eq!(cooperative_grid(132, 1, 2).unwrap(), 132);
        assert_eq!(cooperative_grid(132, 8, 2).unwrap(), 264);
        assert_eq!(cooperative_grid(132, 8, 8).unwrap(), 1056);
        assert!(matches!(
            cooperative_grid(132, 0, 2),
            Err(CudaError::NoCooperativeGrid { occupancy: 0, .. })
        ));
        assert!(cooperative_grid(0, 2, 2).is_err());
        assert!(cooperative_grid(u32::MAX, 2, 2).is_err());
    }
}
