//! Device facts, probed from the driver, and cooperative grid sizing.

use crate::CudaError;

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
/// SM, ≈2.2 µs at eight, measured on an H100); 2 × 512 threads fill 1024 of an H100/H200
/// SM's 2048 thread slots, which `__launch_bounds__(512, 2)` lets the
/// compiler plan registers for (≤ 64 per thread).
pub const DEFAULT_BLOCKS_PER_SM: u32 = 2;

/// The knobs of the kernels: direction-switch threshold, heavy-vertex
/// degree, block size and blocks per SM. Defaults suit a GPU; tests set
/// them (or `DWELL_CUDA_ALPHA`, `DWELL_CUDA_HEAVY_DEGREE`,
/// `DWELL_CUDA_BLOCK_THREADS`, `DWELL_CUDA_BLOCKS_PER_SM`) to drive every
/// kernel path on small graphs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tuning {
    /// Bottom-up when the frontier's out-arcs × alpha exceed the arcs
    /// (0: never bottom-up).
    pub alpha: u64,
    /// Out-degree from which a frontier vertex is expanded by the whole grid.
    pub heavy_degree: u64,
    /// Threads per block: a multiple of 32, at most the sources'
    /// `__launch_bounds__` (512).
    pub block_threads: u32,
    pub blocks_per_sm: u32,
}

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning {
            alpha: 15,
            heavy_degree: 1024,
            block_threads: crate::kernels::BLOCK_THREADS,
            blocks_per_sm: DEFAULT_BLOCKS_PER_SM,
        }
    }
}

/// The whole-number setting `name`, if set; a set but malformed value is an
/// error naming it (the device tuning and the sim read their knobs alike).
pub(crate) fn env_num(name: &'static str) -> Result<Option<u64>, CudaError> {
    match std::env::var(name) {
        Ok(v) => v
            .trim()
            .parse::<u64>()
            .map(Some)
            .map_err(|_| CudaError::BadEnv { name, value: v }),
        Err(_) => Ok(None),
    }
}

impl Tuning {
    /// Defaults overridden by the environment variables named above.
    pub fn from_env() -> Result<Tuning, CudaError> {
        let d = Tuning::default();
        let t = Tuning {
            alpha: env_num("DWELL_CUDA_ALPHA")?.unwrap_or(d.alpha),
            heavy_degree: env_num("DWELL_CUDA_HEAVY_DEGREE")?.unwrap_or(d.heavy_degree),
            block_threads: match env_num("DWELL_CUDA_BLOCK_THREADS")? {
                Some(b) => u32::try_from(b).unwrap_or(u32::MAX),
                None => d.block_threads,
            },
            blocks_per_sm: wanted_blocks_per_sm()?,
        };
        t.check()?;
        Ok(t)
    }

    /// Reject settings the kernels cannot run with.
    pub fn check(&self) -> Result<(), CudaError> {
        let max = crate::kernels::BLOCK_THREADS;
        if self.block_threads == 0 || self.block_threads > max || self.block_threads & 31 != 0 {
            return Err(CudaError::BadTuning {
                what: "block threads",
                value: self.block_threads.to_string(),
                fix: format!("use a multiple of 32 from 32 to {max}"),
            });
        }
        if self.heavy_degree == 0 {
            return Err(CudaError::BadTuning {
                what: "heavy degree",
                value: "0".into(),
                fix: "use 1 or more".into(),
            });
        }
        if self.blocks_per_sm == 0 {
            return Err(CudaError::BadTuning {
                what: "blocks per SM",
                value: "0".into(),
                fix: "use 1 or more".into(),
            });
        }
        Ok(())
    }
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
