//! The CUDA C kernels, embedded at build time and compiled by NVRTC once per
//! session for the device's own compute capability.
//!
//! Each program is `kernels/common.cu` (types, control block, grid barrier)
//! followed by one kernel file; no `#include`, so NVRTC needs no header
//! paths. [`PROGRAMS`] lists every program and its entry points.

use cudarc::nvrtc::{CompileError, CompileOptions, Ptx};

pub const COMMON: &str = include_str!("../kernels/common.cu");
pub const TRAVERSE: &str = include_str!("../kernels/traverse.cu");
pub const WCC: &str = include_str!("../kernels/wcc.cu");

/// One NVRTC program: a name, its kernel file, its `extern "C"` entry points.
#[derive(Debug, Clone, Copy)]
pub struct Program {
    pub name: &'static str,
    pub source: &'static str,
    pub entries: &'static [&'static str],
}

pub const PROGRAMS: &[Program] = &[
    Program {
        name: "traverse.cu",
        source: TRAVERSE,
        entries: &[
            "traverse_resident",
            "trav_clear",
            "trav_seed",
            "trav_level",
            "trav_finish",
        ],
    },
    Program {
        name: "wcc.cu",
        source: WCC,
        entries: &["wcc_resident", "wcc_init_k", "wcc_link_k", "wcc_compress_k"],
    },
];

/// Most threads per block of every kernel (`BLOCK_THREADS` in common.cu, the
/// `__launch_bounds__` of every entry point, with `MIN_BLOCKS` =
/// [`crate::device::DEFAULT_BLOCKS_PER_SM`] blocks per SM).
pub const BLOCK_THREADS: u32 = 512;

/// Control block words (`CTRL_WORDS` in common.cu) and the queue-size slots.
pub const CTRL_WORDS: usize = 32;
pub const C_QLIGHT: usize = 2;
pub const C_QHEAVY: usize = 6;

/// The full source NVRTC compiles for `p`.
pub fn source(p: &Program) -> String {
    format!("{COMMON}\n// ---- {} ----\n{}", p.name, p.source)
}

/// NVRTC's virtual architecture for compute capability `major.minor`.
pub fn arch(major: u32, minor: u32) -> String {
    format!("compute_{major}{minor}")
}

/// Why a kernel did not compile.
#[derive(Debug, thiserror::Error)]
#[error("NVRTC could not compile {program} for {arch}: {message}\n{log}Fix: this is a bug in dwell's kernels or an NVRTC older than 13.0; report it with this log, or use --backend cpu")]
pub struct KernelCompileError {
    pub program: &'static str,
    pub arch: String,
    pub message: String,
    pub log: String,
}

/// Compile `p` for `arch` (e.g. `compute_90`) to PTX, with NVRTC's log on failure.
pub fn compile(p: &Program, arch: &str) -> Result<Ptx, KernelCompileError> {
    let opts = CompileOptions {
        options: vec![format!("--gpu-architecture={arch}"), "--std=c++17".into()],
        name: Some(p.name.to_string()),
        ..Default::default()
    };
    cudarc::nvrtc::compile_ptx_with_opts(source(p), opts).map_err(|e| {
        let (message, log) = match &e {
            CompileError::CompileError { nvrtc, log, .. } => {
                (format!("{nvrtc:?}"), log.to_string_lossy().into_owned())
            }
            other => (format!("{other:?}"), String::new()),
        };
        KernelCompileError {
            program: p.name,
            arch: arch.to_string(),
            message,
            log,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_point_is_in_its_source() {
        for p in PROGRAMS {
            for e in p.entries {
                assert!(
                    p.source.contains(&format!(
                        "void __launch_bounds__(BLOCK_THREADS, MIN_BLOCKS) {e}("
                    )),
                    "{e} missing from {} or not launch-bounded to (BLOCK_THREADS, MIN_BLOCKS)",
                    p.name
                );
            }
        }
        assert!(COMMON.contains(&format!("#define BLOCK_THREADS {BLOCK_THREADS}\n")));
        assert!(COMMON.contains(&format!(
            "#define MIN_BLOCKS {}\n",
            crate::device::DEFAULT_BLOCKS_PER_SM
        )));
        assert!(COMMON.contains(&format!("#define CTRL_WORDS {CTRL_WORDS}")));
        assert!(COMMON.contains(&format!("#define C_QLIGHT {C_QLIGHT} ")));
        assert!(COMMON.contains(&format!("#define C_QHEAVY {C_QHEAVY} ")));
        assert_eq!(arch(9, 0), "compute_90");
    }
}
