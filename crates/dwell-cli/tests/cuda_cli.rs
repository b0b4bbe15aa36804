//! `--backend cuda` from the command line. Without a CUDA driver (CI, this
//! machine) every entry point exits 1 with a clear error and a `Fix:` hint,
//! never a panic; with one (the device check), results equal the CPU's.

use std::path::PathBuf;
use std::process::{Command, Output};

/// `DWELL_DATA` / `DWELL_BIN` override the build-time paths, so the test
/// executable also runs from `device-bin/` on the GPU machine.
fn data(rel: &str) -> String {
    std::env::var("DWELL_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data"))
        .join(rel)
        .display()
        .to_string()
}

fn dwell(args: &[&str]) -> Output {
    let bin =
        std::env::var("DWELL_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_dwell").to_string());
    Command::new(bin).args(args).output().expect("run dwell")
}

fn has_driver() -> bool {
    dwell_cuda::raw::driver_present()
}

#[test]
fn cuda_without_a_driver_exits_1_with_a_fix() {
    if has_driver() {
        eprintln!(
            "a CUDA driver is present: the no-driver path is checked on machines without one"
        );
        return;
    }
    let g = data("graphs/karate.edges.xz");
    for args in [
        vec!["run", "bfs", &g, "--sources", "0", "--backend", "cuda"],
        vec!["run", "wcc", &g, "--backend", "cuda"],
        vec!["bench", &g, "--backend", "cuda", "--runs", "4"],
    ] {
        let out = dwell(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "dwell {args:?}: {err}");
        assert!(err.contains("no CUDA driver"), "{err}");
        assert!(err.contains("Fix: use --backend cpu"), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn unknown_backend_lists_cuda() {
    let out = dwell(&[
        "run",
        "bfs",
        &data("graphs/karate.edges.xz"),
        "--sources",
        "0",
        "--backend",
        "tpu",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        err.contains("cpu, cpu-reference, cuda") && err.contains("Fix:"),
        "{err}"
    );
}

/// GPU check: the JSON results of cuda and cpu agree.
#[test]
fn gpu_cuda_results_equal_cpu() {
    if !has_driver() {
        eprintln!("NOTICE: no CUDA driver; gpu_cuda_results_equal_cpu runs on the device machine");
        return;
    }
    let g = data("graphs/email-Enron.edges.xz");
    for args in [
        vec!["run", "bfs", &g, "--sources", "random:100", "--json"],
        vec![
            "run",
            "reach",
            &g,
            "--sources",
            "random:70",
            "--sinks",
            "1,2,3,500",
            "--direction",
            "backward",
            "--json",
        ],
        vec!["run", "wcc", &g, "--json"],
    ] {
        let results = |backend: &str| {
            let mut a = args.clone();
            a.extend(["--backend", backend]);
            let out = dwell(&a);
            assert!(
                out.status.success(),
                "dwell {a:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            v["results"].clone()
        };
        assert_eq!(results("cuda"), results("cpu"), "{args:?}");
    }
}

/// A backend that cannot run an analysis says so before anything is made
/// resident, naming itself and a Fix; without a driver, the driver error
/// comes first. cuda runs bfs, reach and wcc, and has no host kernels for
/// context-sensitive taint.
#[test]
fn unsupported_queries_are_refused_naming_the_backend() {
    let g = data("graphs/karate.edges.xz");
    let dir = tempfile::tempdir().unwrap();
    let bundle = dir.path().join("lua");
    let b = bundle.to_str().unwrap();
    let import = dwell(&[
        "import",
        "llvm",
        &data("programs/lua-5.4.7.ssa.ll.xz"),
        "--out",
        b,
    ]);
    assert!(import.status.success());
    let cases: [(Vec<&str>, &str); 3] = [
        (vec!["run", "scc", &g], "the cuda backend does not run scc"),
        (
            vec!["run", "liveness", b, "--function", "main"],
            "the cuda backend does not run dataflow",
        ),
        (
            vec![
                "run",
                "taint",
                b,
                "--sources-fn",
                "getenv",
                "--sinks-fn",
                "system",
            ],
            "context-sensitive taint runs on host kernels, which the cuda backend has not",
        ),
    ];
    for (mut args, refusal) in cases {
        args.extend(["--backend", "cuda"]);
        let out = dwell(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "dwell {args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
        if has_driver() {
            assert!(err.contains(refusal) && err.contains("Fix:"), "{err}");
        } else {
            assert!(
                err.contains("no CUDA driver") && err.contains("Fix:"),
                "{err}"
            );
        }
    }
}
