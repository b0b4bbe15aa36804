//! `--backend cuda` from the command line. Without a CUDA driver every entry
//! point exits 1 with a clear error and a `Fix:` hint, never a panic; with
//! one (the device check) or on the simulated device (`--features
//! cuda-sim`, CI), results equal the CPU's.

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
            vec!["run", "liveness", b, "--function", "luaV_execute"],
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

/// Labelled, directed copy of a bundled graph: each arc gets label a, b or c
/// (by position), so label masks select real subgraphs.
fn labelled_copy(rel: &str, dir: &std::path::Path) -> String {
    let g = dwell::formats::load(
        std::path::Path::new(&data(rel)),
        &dwell::formats::LoadOptions::default(),
    )
    .unwrap();
    let c = g.forward();
    let mut text = String::new();
    for u in 0..g.nodes() {
        let (a, b) = (c.offsets()[u] as usize, c.offsets()[u + 1] as usize);
        for (i, v) in c.targets()[a..b].iter().enumerate() {
            text.push_str(&format!("{u} {v} {}\n", ["a", "b", "c"][(u + i) % 3]));
        }
    }
    let out = dir.join(rel.replace('/', "_").replace(".xz", ""));
    std::fs::write(&out, text).unwrap();
    out.display().to_string()
}

/// The bundled graphs: bfs, reach (label masks, both directions, sinks,
/// keep-sets via --out) and wcc give the same JSON on cuda as on cpu.
#[test]
fn gpu_bundled_graphs_cuda_equals_cpu() {
    if !has_driver() {
        eprintln!("NOTICE: no CUDA driver; gpu_bundled_graphs_cuda_equals_cpu runs on the device machine or with --features cuda-sim");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for rel in [
        "graphs/karate.edges.xz",
        "graphs/dolphins.edges.xz",
        "graphs/power.edges.xz",
        "graphs/email-Enron.edges.xz",
    ] {
        let g = data(rel);
        let lg = labelled_copy(rel, dir.path());
        // 70 sources (two 64-lane sweeps, repeats included) valid on every graph.
        let many: String = (0..70)
            .map(|i| ((i * 7) % 34).to_string())
            .collect::<Vec<_>>()
            .join(",");
        let runs: Vec<Vec<&str>> = vec![
            vec!["run", "bfs", &g, "--sources", &many, "--json"],
            vec![
                "run",
                "reach",
                &g,
                "--sources",
                "random:30",
                "--sinks",
                "0,1,2,3",
                "--json",
            ],
            vec![
                "run",
                "reach",
                &lg,
                "--sources",
                &many,
                "--labels",
                "a,b",
                "--sinks",
                "1,5,9",
                "--json",
            ],
            vec![
                "run",
                "reach",
                &lg,
                "--sources",
                "random:20",
                "--labels",
                "c",
                "--direction",
                "backward",
                "--sinks",
                "2,3",
                "--json",
            ],
            vec![
                "run",
                "reach",
                &lg,
                "--sources",
                "random:8",
                "--labels",
                "0x5",
                "--direction",
                "forward",
                "--json",
            ],
            vec!["run", "wcc", &g, "--json"],
            vec!["run", "wcc", &lg, "--json"],
        ];
        for args in runs {
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
            assert_eq!(results("cuda"), results("cpu"), "{rel}: {args:?}");
        }
    }
}

/// `dwell bench --backend cuda` reports the three modes and both ratios.
#[test]
fn gpu_bench_reports_three_modes() {
    if !has_driver() {
        eprintln!("NOTICE: no CUDA driver; gpu_bench_reports_three_modes runs on the device machine or with --features cuda-sim");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let ev = dir.path().join("evidence.csv");
    let out = dwell(&[
        "bench",
        &data("graphs/karate.edges.xz"),
        "--backend",
        "cuda",
        "--runs",
        "3",
        "--sources",
        "random:8",
        "--evidence",
        ev.to_str().unwrap(),
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for col in [
        "host us/q",
        "res-host-lv",
        "resident us/q",
        "residency",
        "convergence",
    ] {
        assert!(text.contains(col), "{col} missing:\n{text}");
    }
    assert!(
        text.lines().any(|l| l.starts_with("karate.edges.xz")),
        "{text}"
    );
}

/// Bad tuning from the environment is an error with a `Fix:`, not a panic;
/// forced paths (bottom-up at every level, every vertex heavy, small blocks)
/// still answer like the CPU.
#[test]
fn gpu_tuning_knobs_from_the_environment() {
    if !has_driver() {
        eprintln!("NOTICE: no CUDA driver; gpu_tuning_knobs_from_the_environment runs on the device machine or with --features cuda-sim");
        return;
    }
    let bin =
        std::env::var("DWELL_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_dwell").to_string());
    let g = data("graphs/dolphins.edges.xz");
    let run = |env: &[(&str, &str)], backend: &str| {
        Command::new(&bin)
            .args([
                "run",
                "bfs",
                &g,
                "--sources",
                "0,1,2,3,40",
                "--json",
                "--backend",
                backend,
            ])
            .envs(env.iter().copied())
            .output()
            .expect("run dwell")
    };
    for (name, value) in [
        ("DWELL_CUDA_BLOCK_THREADS", "48"),
        ("DWELL_CUDA_HEAVY_DEGREE", "0"),
        ("DWELL_CUDA_ALPHA", "lots"),
    ] {
        let out = run(&[(name, value)], "cuda");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{name}={value}: {err}");
        assert!(err.contains("Fix:") && !err.contains("panicked"), "{err}");
    }
    let cpu: serde_json::Value = serde_json::from_slice(&run(&[], "cpu").stdout).unwrap();
    for env in [
        &[
            ("DWELL_CUDA_ALPHA", "1000000"),
            ("DWELL_CUDA_BLOCK_THREADS", "32"),
        ][..],
        &[("DWELL_CUDA_HEAVY_DEGREE", "1"), ("DWELL_CUDA_ALPHA", "0")][..],
    ] {
        let out = run(env, "cuda");
        assert!(
            out.status.success(),
            "{env:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["results"], cpu["results"], "{env:?}");
    }
}

/// `dwell serve --backend cuda`: one resident device session per graph for
/// the server's life. Queries of different sizes and analyses (one source,
/// a hundred, sinks, components) answer what the local `--backend cuda`
/// run answers, and the graph is uploaded once (loopback only).
#[test]
fn gpu_served_cuda_answers_equal_local_with_one_upload() {
    use std::io::{BufRead, BufReader, Read, Write};
    if !has_driver() {
        eprintln!("NOTICE: no CUDA driver; gpu_served_cuda_answers_equal_local_with_one_upload runs on the device machine or with --features cuda-sim");
        return;
    }
    let g = data("graphs/email-Enron.edges.xz");
    let bin =
        std::env::var("DWELL_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_dwell").to_string());
    let mut server = Command::new(bin)
        .args(["serve", &g, "--backend", "cuda", "--listen", "127.0.0.1:0"])
        .stderr(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(server.stderr.take().unwrap()).lines();
    let addr = loop {
        let line = lines
            .next()
            .expect("dwell serve says where it listens")
            .unwrap();
        if let Some(rest) = line.strip_prefix("dwell serve: listening on ") {
            break rest.split(' ').next().unwrap().to_string();
        }
    };
    let queries: [Vec<&str>; 5] = [
        vec!["bfs", &g, "--sources", "0"],
        vec!["bfs", &g, "--sources", "random:100", "--repeat", "3"],
        vec!["wcc", &g],
        vec![
            "reach",
            &g,
            "--sources",
            "random:70",
            "--sinks",
            "1,2,3,500",
            "--direction",
            "backward",
        ],
        vec!["bfs", &g, "--sources", "5,9"],
    ];
    for (i, q) in queries.iter().enumerate() {
        let run = |server: bool| {
            let mut a = vec!["run"];
            a.extend(q.iter().copied());
            a.extend(["--backend", "cuda", "--json"]);
            if server {
                a.extend(["--server", addr.as_str()]);
            }
            let out = dwell(&a);
            assert!(
                out.status.success(),
                "dwell {a:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
        };
        let (local, served) = (run(false), run(true));
        assert_eq!(local["results"], served["results"], "{q:?}");
        assert_eq!(local["plan"]["runs"], served["plan"]["runs"], "{q:?}");
        let uploads = served["counters"]["graph_uploads"].as_u64();
        assert_eq!(uploads, Some(u64::from(i == 0)), "{q:?}: {served}");
    }
    // The per-user token the server made (and the client read).
    let config = std::env::var_os("XDG_CONFIG_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(std::env::var_os("HOME").unwrap()).join(".config"));
    let token = std::fs::read_to_string(config.join("dwell/token")).unwrap();
    let mut s = std::net::TcpStream::connect(&addr).unwrap();
    write!(
        s,
        "GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {}\r\nConnection: close\r\n\r\n",
        token.trim()
    )
    .unwrap();
    let mut raw = String::new();
    s.read_to_string(&mut raw).unwrap();
    let body = raw.split("\r\n\r\n").nth(1).unwrap();
    let m: serde_json::Value = serde_json::from_str(body).unwrap();
    assert_eq!(m["backend"], "cuda");
    assert_eq!(m["graphs"][0]["session_uploads"], 1, "{m}");
    assert_eq!(m["graphs"][0]["runs"], 7, "{m}");
    let _ = server.kill();
    let _ = server.wait();
}
