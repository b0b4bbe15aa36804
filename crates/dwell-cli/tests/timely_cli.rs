//! `--backend timely` across real processes on 127.0.0.1: the local
//! launcher with 2 and 4 processes and hand-started processes answer as
//! `cpu-reference` does on the bundled graphs; a process killed mid-run
//! ends the others with an error naming it, within a bound; a process
//! that never comes is a bounded error too. Every child has a deadline.

mod common;

use common::{data, dwell, ok_json};
use serde_json::Value;
use std::io::Read;
use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const DEADLINE: Duration = Duration::from_secs(120);

fn hostfile(dir: &std::path::Path, processes: usize) -> String {
    // Ports the kernel says are free now, released just before use.
    let ls: Vec<TcpListener> = (0..processes)
        .map(|_| TcpListener::bind("127.0.0.1:0").unwrap())
        .collect();
    let text: String = ls
        .iter()
        .map(|l| format!("127.0.0.1:{}\n", l.local_addr().unwrap().port()))
        .collect();
    let path = dir.join("hosts.txt");
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_dwell"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Wait for `child` at most `limit` (killed and failed after it); its
/// exit code, stdout and stderr.
fn finish(mut child: Child, limit: Duration) -> (Option<i32>, String, String) {
    let start = Instant::now();
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let o = std::thread::spawn(move || {
        let mut s = String::new();
        out.read_to_string(&mut s).unwrap();
        s
    });
    let e = std::thread::spawn(move || {
        let mut s = String::new();
        err.read_to_string(&mut s).unwrap();
        s
    });
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("a dwell process did not end within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    (status.code(), o.join().unwrap(), e.join().unwrap())
}

fn results(v: &Value) -> Value {
    v["results"].clone()
}

/// `dwell run …` with the launcher (`--processes P`, no `--process`).
fn launched(args: &[&str], processes: usize, workers: usize) -> Value {
    let p = processes.to_string();
    let w = workers.to_string();
    let mut all = args.to_vec();
    all.extend([
        "--backend",
        "timely",
        "--processes",
        &p,
        "--workers",
        &w,
        "--json",
    ]);
    let (code, out, err) = finish(spawn(&all), DEADLINE);
    assert_eq!(code, Some(0), "dwell {all:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("JSON from {all:?}: {e}\n{out}"))
}

#[test]
fn launcher_with_2_and_4_processes_matches_the_oracle_on_bundled_graphs() {
    for graph in [
        "graphs/karate.edges.xz",
        "graphs/dolphins.edges.xz",
        "graphs/email-Enron.edges.xz",
    ] {
        let g = data(graph);
        let cases: [&[&str]; 5] = [
            &["run", "bfs", &g, "--sources", "random:30"],
            &[
                "run",
                "reach",
                &g,
                "--sources",
                "random:20",
                "--sinks",
                "0,3,5,8,13",
            ],
            &[
                "run",
                "reach",
                &g,
                "--sources",
                "1,2,3",
                "--sinks",
                "0,4",
                "--direction",
                "backward",
            ],
            &["run", "wcc", &g],
            // Undirected: the strong components are the weak ones.
            &["run", "scc", &g],
        ];
        for case in cases {
            let mut oracle_args = case.to_vec();
            oracle_args.extend(["--backend", "cpu-reference", "--json"]);
            let oracle = results(&ok_json(&oracle_args));
            for (processes, workers) in [(2, 1), (4, 1), (2, 2)] {
                let v = launched(case, processes, workers);
                assert_eq!(results(&v), oracle, "{case:?} on {processes}×{workers}");
                assert_eq!(v["backend"], "timely");
                let t = &v["timely"];
                assert_eq!(t["processes"], processes);
                let procs = t["last_run"]["processes"].as_array().unwrap();
                assert_eq!(procs.len(), processes);
                for p in procs {
                    // Every process sent something and has a peak measured.
                    assert!(p["bytes_sent"].as_u64().unwrap() > 0, "{p}");
                    assert!(p["peak_rss_bytes"].as_u64().unwrap() > 0, "{p}");
                }
                assert_eq!(t["whole_graph"]["parts"], processes);
            }
        }
    }
}

#[test]
fn a_smaller_window_takes_more_epochs_and_writes_the_same_labels() {
    // email-Enron's 36,692 vertices fit one default window (one epoch a
    // round); windows of 4,096 words take 9 epochs a round.
    let dir = tempfile::tempdir().unwrap();
    let g = data("graphs/email-Enron.edges.xz");
    let want = dir.path().join("oracle.txt");
    ok_json(&[
        "run",
        "wcc",
        &g,
        "--backend",
        "cpu-reference",
        "--json",
        "--out",
        want.to_str().unwrap(),
    ]);
    let mut figures = Vec::new();
    for window in [None, Some("4096")] {
        let got = dir.path().join("timely.txt");
        let mut args = vec!["run", "wcc", &g, "--out", got.to_str().unwrap()];
        args.extend(window.map(|w| ["--window-words", w]).iter().flatten());
        let v = launched(&args, 2, 1);
        assert_eq!(
            std::fs::read_to_string(&got).unwrap(),
            std::fs::read_to_string(&want).unwrap(),
            "window {window:?}"
        );
        let run = &v["timely"]["last_run"];
        figures.push((
            run["rounds"].as_u64().unwrap(),
            run["epochs"].as_u64().unwrap(),
        ));
    }
    let ((rounds, epochs), (small_rounds, small_epochs)) = (figures[0], figures[1]);
    assert_eq!(rounds, small_rounds);
    assert_eq!(epochs, rounds);
    assert!(small_epochs > 8 * (rounds - 1), "{figures:?}");
}

#[test]
fn scc_on_directed_bundled_graphs_matches_the_oracle_label_for_label() {
    let dir = tempfile::tempdir().unwrap();
    for graph in [
        "graphs/celegansneural.edges.xz",
        "graphs/polblogs.edges.xz",
        "graphs/pgp-strong-2009.edges.xz",
    ] {
        let g = data(graph);
        let want = dir.path().join("oracle.txt");
        let oracle = ok_json(&[
            "run",
            "scc",
            &g,
            "--backend",
            "cpu-reference",
            "--json",
            "--out",
            want.to_str().unwrap(),
        ]);
        assert_eq!(oracle["graph"]["directed"], true, "{graph}");
        for (processes, workers) in [(2, 1), (4, 1), (2, 2)] {
            let got = dir.path().join(format!("timely-{processes}x{workers}.txt"));
            let v = launched(
                &["run", "scc", &g, "--out", got.to_str().unwrap()],
                processes,
                workers,
            );
            let what = format!("{graph} on {processes}×{workers}");
            assert_eq!(results(&v), results(&oracle), "{what}");
            // Every vertex's component, not only the counts.
            assert_eq!(
                std::fs::read_to_string(&got).unwrap(),
                std::fs::read_to_string(&want).unwrap(),
                "{what}"
            );
        }
    }
}

#[test]
fn hand_started_processes_read_their_parts_and_agree() {
    let dir = tempfile::tempdir().unwrap();
    let shards = dir.path().join("enron.shards");
    let s = shards.to_str().unwrap();
    let g = data("graphs/email-Enron.edges.xz");
    let out = dwell(&["shard", &g, "--parts", "2", "--out", s]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let hosts = hostfile(dir.path(), 2);
    let levels = dir.path().join("levels.txt");
    let lv = levels.to_str().unwrap();
    let children: Vec<Child> = (0..2)
        .map(|i| {
            let i = i.to_string();
            spawn(&[
                "run",
                "bfs",
                s,
                "--sources",
                "random:8",
                "--repeat",
                "3",
                "--backend",
                "timely",
                "--processes",
                "2",
                "--process",
                &i,
                "--hostfile",
                &hosts,
                "--json",
                "--out",
                lv,
            ])
        })
        .collect();
    let outs: Vec<Value> = children
        .into_iter()
        .map(|c| {
            let (code, out, err) = finish(c, DEADLINE);
            assert_eq!(code, Some(0), "{err}");
            serde_json::from_str(&out).unwrap()
        })
        .collect();
    let oracle = ok_json(&[
        "run",
        "bfs",
        &g,
        "--sources",
        "random:8",
        "--backend",
        "cpu-reference",
        "--json",
        "--out",
        dir.path().join("oracle.txt").to_str().unwrap(),
    ]);
    for (i, v) in outs.iter().enumerate() {
        assert_eq!(results(v), results(&oracle), "process {i}");
        assert_eq!(v["timely"]["process"], i);
        // One upload, three runs over the resident dataflow.
        assert_eq!(v["counters"]["graph_uploads"], 1, "{}", v["counters"]);
        assert_eq!(v["runs"], 3);
        // Each process holds only its part.
        assert!(v["graph"]["arcs"].as_u64().unwrap() < oracle["graph"]["arcs"].as_u64().unwrap());
    }
    // Process 0 writes --out; it is the oracle's.
    assert_eq!(
        std::fs::read_to_string(&levels).unwrap(),
        std::fs::read_to_string(dir.path().join("oracle.txt")).unwrap()
    );
}

/// CPU time (clock ticks) used so far by the timely worker threads of
/// process `pid`, `None` before they exist. timely starts them (named
/// `timely:work-N`) once every process has connected; from then on they
/// run query after query.
fn worker_ticks(pid: u32) -> Option<u64> {
    let mut total = None;
    for task in std::fs::read_dir(format!("/proc/{pid}/task"))
        .ok()?
        .flatten()
    {
        let comm = std::fs::read_to_string(task.path().join("comm")).unwrap_or_default();
        if !comm.starts_with("timely:work") {
            continue;
        }
        let Ok(stat) = std::fs::read_to_string(task.path().join("stat")) else {
            continue;
        };
        // Fields after the command's ")": state is field 3, utime 14, stime 15.
        let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
        let field = |i: usize| fields.get(i - 3).and_then(|f| f.parse::<u64>().ok());
        *total.get_or_insert(0) += field(14)? + field(15)?;
    }
    total
}

#[test]
fn a_killed_process_ends_the_others_with_an_error_within_a_bound() {
    // Kill only once every process is running queries: a fixed sleep
    // killed some before they had connected under load (the others then
    // waited out the connect timeout), and the bound counts from the kill.
    const BOUND: Duration = Duration::from_secs(60);
    let dir = tempfile::tempdir().unwrap();
    let shards = dir.path().join("s");
    let s = shards.to_str().unwrap();
    let g = data("graphs/email-Enron.edges.xz");
    assert!(dwell(&["shard", &g, "--parts", "3", "--out", s])
        .status
        .success());
    let hosts = hostfile(dir.path(), 3);
    let mut children: Vec<Child> = (0..3)
        .map(|i| {
            let i = i.to_string();
            spawn(&[
                "run",
                "bfs",
                s,
                "--sources",
                "random:64",
                "--repeat",
                "1000000",
                "--backend",
                "timely",
                "--processes",
                "3",
                "--process",
                &i,
                "--hostfile",
                &hosts,
            ])
        })
        .collect();
    // Running: every process's workers have used 0.2 s of CPU on queries.
    // On failure the others are killed first: they would run for ever.
    let fail = |children: &mut Vec<Child>, why: String| -> ! {
        for c in children.iter_mut() {
            let _ = c.kill();
            let _ = c.wait();
        }
        panic!("{why}");
    };
    let start = Instant::now();
    loop {
        for i in 0..children.len() {
            if let Some(status) = children[i].try_wait().unwrap() {
                let mut err = String::new();
                let _ = children[i].stderr.take().unwrap().read_to_string(&mut err);
                fail(
                    &mut children,
                    format!("process {i} ended before the kill ({status}): {err}"),
                );
            }
        }
        if children
            .iter()
            .all(|c| worker_ticks(c.id()).is_some_and(|t| t >= 20))
        {
            break;
        }
        if start.elapsed() > DEADLINE {
            fail(
                &mut children,
                format!("the processes were not all running queries within {DEADLINE:?}"),
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let mut victim = children.pop().unwrap();
    victim.kill().unwrap();
    victim.wait().unwrap();
    let killed = Instant::now();
    // Every survivor ends (or is killed by `finish`) before any check.
    let ends: Vec<_> = children.into_iter().map(|c| finish(c, BOUND)).collect();
    assert!(killed.elapsed() < BOUND);
    for (i, (code, _, err)) in ends.into_iter().enumerate() {
        assert_eq!(code, Some(1), "process {i}: {err}");
        eprintln!("process {i}: {err}");
        assert!(
            err.contains("process 2") && err.contains("during run") && err.contains("Fix:"),
            "process {i}: {err}"
        );
        assert!(!err.contains("panicked"), "process {i}: {err}");
    }
}

#[test]
fn a_process_that_never_comes_is_a_bounded_error() {
    let dir = tempfile::tempdir().unwrap();
    let shards = dir.path().join("s");
    let s = shards.to_str().unwrap();
    assert!(dwell(&[
        "shard",
        &data("graphs/karate.edges.xz"),
        "--parts",
        "2",
        "--out",
        s
    ])
    .status
    .success());
    let hosts = hostfile(dir.path(), 2);
    let start = Instant::now();
    let (code, _, err) = finish(
        spawn(&[
            "run",
            "wcc",
            s,
            "--backend",
            "timely",
            "--processes",
            "2",
            "--process",
            "0",
            "--hostfile",
            &hosts,
            "--connect-timeout",
            "1",
        ]),
        Duration::from_secs(30),
    );
    assert!(start.elapsed() < Duration::from_secs(30));
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("process 1") && err.contains("Fix:"), "{err}");
    // A graph file (not a shard folder) for one of several processes.
    let (code, _, err) = finish(
        spawn(&[
            "run",
            "wcc",
            &data("graphs/karate.edges.xz"),
            "--backend",
            "timely",
            "--processes",
            "2",
            "--process",
            "0",
            "--hostfile",
            &hosts,
        ]),
        DEADLINE,
    );
    assert_eq!(code, Some(1));
    assert!(err.contains("dwell shard") && err.contains("Fix:"), "{err}");
    // The launcher reports its processes' errors.
    let (code, _, err) = finish(
        spawn(&[
            "run",
            "bfs",
            &data("graphs/karate.edges.xz"),
            "--sources",
            "999",
            "--backend",
            "timely",
            "--processes",
            "2",
        ]),
        DEADLINE,
    );
    assert_eq!(code, Some(1));
    assert!(
        err.contains("process 0:") && err.contains("999") && err.contains("Fix:"),
        "{err}"
    );
}

/// The processes whose parent is `pid`.
fn children_of(pid: u32) -> Vec<u32> {
    let mut out = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(child) = e.file_name().to_str().and_then(|n| n.parse::<u32>().ok()) else {
            continue;
        };
        let stat = std::fs::read_to_string(e.path().join("stat")).unwrap_or_default();
        // `pid (comm) state ppid …`: comm may hold spaces, so after the `)`.
        let ppid = stat
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().nth(1))
            .and_then(|p| p.parse::<u32>().ok());
        if ppid == Some(pid) {
            out.push(child);
        }
    }
    out
}

#[test]
fn sigterm_to_the_launcher_kills_its_processes_and_removes_its_folders() {
    let tmp = tempfile::tempdir().unwrap();
    // A long run (many repeats) of a graph file: the launcher splits it
    // into a temporary folder and writes a hostfile in another.
    let launcher = Command::new(env!("CARGO_BIN_EXE_dwell"))
        .args([
            "run",
            "bfs",
            &data("graphs/karate.edges.xz"),
            "--sources",
            "0",
        ])
        .args([
            "--repeat",
            "1000000",
            "--backend",
            "timely",
            "--processes",
            "2",
        ])
        .env("TMPDIR", tmp.path())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = launcher.id();
    let start = Instant::now();
    let children = loop {
        let c = children_of(pid);
        if c.len() == 2 {
            break c;
        }
        assert!(
            start.elapsed() < DEADLINE,
            "the launcher started no processes"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(std::fs::read_dir(tmp.path()).unwrap().count() >= 2);
    std::thread::sleep(Duration::from_millis(300));
    let sent = Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let (code, _, err) = finish(launcher, Duration::from_secs(30));
    let alive: Vec<u32> = children
        .iter()
        .copied()
        .filter(|c| std::path::Path::new(&format!("/proc/{c}")).exists())
        .collect();
    for c in &alive {
        // Old launchers left them running: do not leave them to the machine.
        let _ = Command::new("kill")
            .args(["-KILL", &c.to_string()])
            .status();
    }
    assert_eq!(code, Some(143), "{err}");
    assert!(
        alive.is_empty(),
        "processes {alive:?} outlived the launcher"
    );
    let left: Vec<_> = std::fs::read_dir(tmp.path())
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    assert!(left.is_empty(), "left behind: {left:?}");
}

#[test]
fn processes_on_parts_of_different_graphs_refuse_instead_of_answering() {
    // Same node count, different arcs: 1 component or 3. Mixed parts
    // used to agree on an answer that is neither graph's.
    let dir = tempfile::tempdir().unwrap();
    let mut folders = Vec::new();
    for (name, text) in [("a", "0 1\n1 2\n2 3\n3 4\n4 5\n"), ("b", "0 1\n2 3\n4 5\n")] {
        let file = dir.path().join(format!("{name}.edges"));
        std::fs::write(&file, text).unwrap();
        let out = dir.path().join(format!("{name}.shards"));
        let (f, o) = (file.to_str().unwrap(), out.to_str().unwrap());
        assert!(dwell(&["shard", f, "--parts", "2", "--out", o])
            .status
            .success());
        folders.push(o.to_string());
    }
    let hosts = hostfile(dir.path(), 2);
    let children: Vec<Child> = (0..2)
        .map(|i| {
            let i = i.to_string();
            let s = &folders[if i == "0" { 0 } else { 1 }];
            spawn(&[
                "run",
                "wcc",
                s,
                "--backend",
                "timely",
                "--processes",
                "2",
                "--process",
                &i,
                "--hostfile",
                &hosts,
                "--json",
            ])
        })
        .collect();
    for c in children {
        let (code, _, err) = finish(c, DEADLINE);
        assert_eq!(code, Some(1), "{err}");
        assert!(
            err.contains("layout hash") && err.contains("dwell shard") && err.contains("Fix:"),
            "{err}"
        );
    }
}
