//! Every kernel compiles with NVRTC for sm_90 and the PTX assembles with
//! ptxas — no GPU needed, only the pinned pip wheels (DEVELOPERS.md):
//! `nvidia-cuda-nvrtc==13.0.88`, `nvidia-cuda-nvcc==13.0.88`, … installed in
//! `.venv-cuda/` at the workspace root (what `.ci/run` does) or anywhere
//! `DWELL_CUDA_WHEELS` points (the `nvidia/cu13` directory of a
//! site-packages). Without them the test prints a notice and passes.
//!
//! cudarc loads libnvrtc with dlopen by soname (`libnvrtc.so`,
//! `libnvrtc.so.13`, …), so the wheel's `nvidia/cu13/lib` must be on
//! `LD_LIBRARY_PATH` when the process starts; when it is not, this test
//! re-runs itself with it set.

use dwell_cuda::kernels::{self, Program, PROGRAMS};
use std::path::{Path, PathBuf};
use std::process::Command;

const CHILD: &str = "DWELL_CUDA_NVRTC_CHILD";

fn wheels() -> Option<PathBuf> {
    if let Ok(dir) = std::env::var("DWELL_CUDA_WHEELS") {
        let d = PathBuf::from(dir);
        return d.join("lib").is_dir().then_some(d);
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let lib = root.join(".venv-cuda/lib");
    std::fs::read_dir(lib).ok()?.flatten().find_map(|py| {
        let d = py.path().join("site-packages/nvidia/cu13");
        d.join("lib/libnvrtc.so.13").is_file().then_some(d)
    })
}

/// Run `test` here if NVRTC loads, else in a child process with the wheel's
/// lib directory on LD_LIBRARY_PATH. Returns the wheel directory when the
/// test body should run in this process.
fn in_nvrtc_process(test: &str) -> Option<PathBuf> {
    let Some(cu13) = wheels() else {
        eprintln!("NOTICE: NVRTC wheels not found (.venv-cuda/ or DWELL_CUDA_WHEELS); skipping {test}. Install them as .ci/run does.");
        return None;
    };
    if dwell_cuda::raw::nvrtc_present() {
        return Some(cu13);
    }
    assert!(
        std::env::var_os(CHILD).is_none(),
        "libnvrtc still not loadable with LD_LIBRARY_PATH={}",
        std::env::var("LD_LIBRARY_PATH").unwrap_or_default()
    );
    let lib = cu13.join("lib");
    let path = match std::env::var("LD_LIBRARY_PATH") {
        Ok(old) if !old.is_empty() => format!("{}:{old}", lib.display()),
        _ => lib.display().to_string(),
    };
    let out = Command::new(std::env::current_exe().unwrap())
        .args([test, "--exact", "--nocapture", "--test-threads=1"])
        .env("LD_LIBRARY_PATH", path)
        .env(CHILD, "1")
        .output()
        .expect("re-run the test binary");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    eprintln!("{text}");
    assert!(out.status.success(), "{test} failed in the child process");
    assert!(text.contains("1 passed"), "the child did not run {test}");
    None
}

#[test]
fn every_kernel_compiles_for_sm90_and_assembles() {
    let Some(cu13) = in_nvrtc_process("every_kernel_compiles_for_sm90_and_assembles") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    for p in PROGRAMS {
        let ptx = kernels::compile(p, &kernels::arch(9, 0))
            .unwrap_or_else(|e| panic!("{e}"))
            .to_src();
        for e in p.entries {
            assert!(
                ptx.contains(&format!(".entry {e}(")),
                "{e} not in the PTX of {}",
                p.name
            );
        }
        let file = dir.path().join(format!("{}.ptx", p.name));
        std::fs::write(&file, &ptx).unwrap();
        let out = Command::new(cu13.join("bin/ptxas"))
            .arg("-arch=sm_90")
            .arg("-v")
            .arg(&file)
            .arg("-o")
            .arg(dir.path().join(format!("{}.cubin", p.name)))
            .output()
            .expect("run ptxas from the nvidia-cuda-nvcc wheel");
        let log = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "ptxas rejected {}:\n{log}", p.name);
        // Registers per entry point (ptxas -v): with __launch_bounds__(512,
        // MIN_BLOCKS) each must fit MIN_BLOCKS blocks of 512 threads in an
        // SM's 65536 registers, or the occupancy API will report fewer
        // resident blocks than the grid is sized for.
        let min_blocks = dwell_cuda::device::DEFAULT_BLOCKS_PER_SM;
        let cap = 65536 / (kernels::BLOCK_THREADS * min_blocks);
        let mut entry = String::new();
        for line in log.lines() {
            if let Some(f) = line.split("Function properties for ").nth(1) {
                entry = f.trim().to_string();
            }
            if let Some(rest) = line.split("Used ").nth(1) {
                let regs: u32 = rest
                    .split_whitespace()
                    .next()
                    .and_then(|r| r.parse().ok())
                    .unwrap_or(u32::MAX);
                println!("registers: {entry:<20} {regs:>3} (cap {cap} for {min_blocks} x {} threads per SM)", kernels::BLOCK_THREADS);
                assert!(
                    regs <= cap,
                    "{entry} uses {regs} registers, over {cap}:\n{log}"
                );
            }
        }
        for line in log.lines().filter(|l| l.contains("spill stores")) {
            assert!(
                line.contains(" 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads"),
                "{} uses local memory: {line}\n{log}",
                p.name
            );
        }
        println!("{}: NVRTC compute_90 + ptxas sm_90 ok\n{log}", p.name);
    }
}

#[test]
fn a_compile_error_carries_nvrtc_log() {
    if in_nvrtc_process("a_compile_error_carries_nvrtc_log").is_none() {
        return;
    }
    let broken = Program {
        name: "broken.cu",
        source: "extern \"C\" __global__ void k() { undeclared_thing = 1; }",
        entries: &["k"],
    };
    let e = kernels::compile(&broken, "compute_90").expect_err("must not compile");
    let msg = e.to_string();
    assert!(
        msg.contains("broken.cu") && msg.contains("undeclared_thing"),
        "{msg}"
    );
    assert!(msg.contains("Fix:"), "{msg}");
}
