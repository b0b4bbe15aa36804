//! Faulty peers of `--backend timely`, as real processes: a stopped
//! (SIGSTOP) process ends the others with an error naming it within the
//! peer timeout (heartbeats); a launcher killed with SIGKILL takes its
//! processes and folders with it (parent-death signal); and, when the
//! test runs as root with `ip`, two processes in two network namespaces
//! joined by a veth pair (two "machines") answer as one process does, and
//! one whose link is cut mid-run is named by the other within the peer
//! timeout. Every child has a deadline and is killed on the way out.

mod common;

use common::{data, dwell, ok_json};
use std::io::Read;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const DEADLINE: Duration = Duration::from_secs(120);

/// The peer timeout the tests pass: short, so a silent peer is named soon.
const PEER_TIMEOUT_S: u64 = 3;

/// How long after the peer timeout a survivor may take to end: one beat
/// period, the run loop's poll, and a loaded 2-core machine's delays.
const MARGIN: Duration = Duration::from_secs(20);

fn spawn(cmd: &mut Command) -> Child {
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn dwell_child(args: &[&str]) -> Child {
    spawn(Command::new(env!("CARGO_BIN_EXE_dwell")).args(args))
}

/// Children killed (SIGKILL works on stopped ones too) and reaped when
/// dropped: a failing test leaves nothing running.
struct Reaped(Vec<Child>);

impl Drop for Reaped {
    fn drop(&mut self) {
        for c in &mut self.0 {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

/// Wait for `child` at most `limit`; its exit code, stdout and stderr, or
/// `None` (it is then killed) past the limit.
fn finish(child: &mut Child, limit: Duration) -> Option<(Option<i32>, String, String)> {
    let start = Instant::now();
    let read = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut s = String::new();
            let _ = r.read_to_string(&mut s);
            s
        })
    };
    let o = read(Box::new(child.stdout.take().unwrap()));
    let e = read(Box::new(child.stderr.take().unwrap()));
    loop {
        if let Some(s) = child.try_wait().unwrap() {
            return Some((s.code(), o.join().unwrap(), e.join().unwrap()));
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// CPU time (clock ticks) of the timely worker threads of `pid` so far;
/// `None` before they exist (they start once every process connected).
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
        // After the command's ")": state is field 3, utime 14, stime 15.
        let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
        let field = |i: usize| fields.get(i - 3).and_then(|f| f.parse::<u64>().ok());
        *total.get_or_insert(0) += field(14)? + field(15)?;
    }
    total
}

/// Wait until every child's workers have run queries for 0.2 s of CPU;
/// panics (the children reaped by their owner) if one ends or time runs out.
fn wait_running(children: &mut [Child]) {
    let start = Instant::now();
    loop {
        for (i, c) in children.iter_mut().enumerate() {
            if let Some(status) = c.try_wait().unwrap() {
                let mut err = String::new();
                let _ = c.stderr.take().unwrap().read_to_string(&mut err);
                panic!("process {i} ended before the fault ({status}): {err}");
            }
        }
        if children
            .iter()
            .all(|c| worker_ticks(c.id()).is_some_and(|t| t >= 20))
        {
            return;
        }
        assert!(
            start.elapsed() < DEADLINE,
            "the processes were not all running queries within {DEADLINE:?}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Enron split into 2 parts under `dir`.
fn enron_shards(dir: &Path) -> String {
    let shards = dir.join("s");
    let s = shards.to_str().unwrap().to_string();
    let g = data("graphs/email-Enron.edges.xz");
    assert!(dwell(&["shard", &g, "--parts", "2", "--out", &s])
        .status
        .success());
    s
}

/// The arguments of process `i` of 2 on `shards`: BFS from 64 sources,
/// repeated for ever (a fault always comes mid-run).
fn long_run(shards: &str, i: usize, hosts: &str) -> Vec<String> {
    let t = PEER_TIMEOUT_S.to_string();
    [
        "run",
        "bfs",
        shards,
        "--sources",
        "random:64",
        "--repeat",
        "1000000",
        "--backend",
        "timely",
        "--processes",
        "2",
        "--process",
        &i.to_string(),
        "--hostfile",
        hosts,
        "--peer-timeout-s",
        &t,
    ]
    .map(String::from)
    .to_vec()
}

fn signal(pid: u32, sig: &str) {
    let sent = Command::new("kill")
        .args([&format!("-{sig}"), &pid.to_string()])
        .status()
        .unwrap();
    assert!(sent.success(), "kill -{sig} {pid}");
}

#[test]
fn a_stopped_process_ends_the_other_with_an_error_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let s = enron_shards(dir.path());
    let ls: Vec<TcpListener> = (0..2)
        .map(|_| TcpListener::bind("127.0.0.1:0").unwrap())
        .collect();
    let addrs: Vec<String> = ls
        .iter()
        .map(|l| l.local_addr().unwrap().to_string())
        .collect();
    drop(ls);
    let hosts = dir.path().join("hosts.txt");
    std::fs::write(&hosts, format!("{}\n{}\n", addrs[0], addrs[1])).unwrap();
    let h = hosts.to_str().unwrap();
    let mut children = Reaped(
        (0..2)
            .map(|i| {
                let args = long_run(&s, i, h);
                dwell_child(&args.iter().map(String::as_str).collect::<Vec<_>>())
            })
            .collect(),
    );
    wait_running(&mut children.0);
    // Process 1 stops: its connections stay open, and say nothing.
    signal(children.0[1].id(), "STOP");
    let stopped = Instant::now();
    let limit = Duration::from_secs(PEER_TIMEOUT_S) + MARGIN;
    let ended = finish(&mut children.0[0], limit);
    let took = stopped.elapsed();
    signal(children.0[1].id(), "CONT");
    let (code, _, err) =
        ended.unwrap_or_else(|| panic!("process 0 still waited {limit:?} after process 1 stopped"));
    eprintln!("process 0 ended {took:?} after the stop: {err}");
    assert_eq!(code, Some(1), "{err}");
    assert!(
        took >= Duration::from_secs(PEER_TIMEOUT_S) - Duration::from_millis(300),
        "ended before the peer timeout: {err}"
    );
    let says = format!(
        "process 1 ({}) has sent nothing for {PEER_TIMEOUT_S} s (stopped, hung or cut off)",
        addrs[1]
    );
    assert!(
        err.contains(&says) && err.contains("Fix:"),
        "wanted {says:?} in: {err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

/// The processes whose parent is `pid`.
fn children_of(pid: u32) -> Vec<u32> {
    let mut out = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(child) = e.file_name().to_str().and_then(|n| n.parse::<u32>().ok()) else {
            continue;
        };
        let stat = std::fs::read_to_string(e.path().join("stat")).unwrap_or_default();
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

/// Whether `pid` still runs (a zombie, ended but not yet reaped by
/// whoever adopted it, does not).
fn alive(pid: u32) -> bool {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let state = stat
        .rsplit_once(')')
        .and_then(|(_, rest)| rest.split_whitespace().next());
    matches!(state, Some(s) if s != "Z" && s != "X")
}

#[test]
fn a_launcher_killed_outright_takes_its_processes_and_folders_with_it() {
    let tmp = tempfile::tempdir().unwrap();
    // A graph file: the launcher splits it into a temporary folder and
    // writes its hostfile in another, both under TMPDIR.
    let mut launcher = Reaped(vec![spawn(
        Command::new(env!("CARGO_BIN_EXE_dwell"))
            .args(["run", "bfs", &data("graphs/karate.edges.xz")])
            .args(["--sources", "0", "--repeat", "1000000"])
            .args(["--backend", "timely", "--processes", "2"])
            .env("TMPDIR", tmp.path()),
    )]);
    let pid = launcher.0[0].id();
    let start = Instant::now();
    let children = loop {
        let c = children_of(pid);
        if c.len() == 2 && c.iter().all(|&c| worker_ticks(c).is_some()) {
            break c;
        }
        assert!(
            start.elapsed() < DEADLINE,
            "the launcher's processes never ran"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(std::fs::read_dir(tmp.path()).unwrap().count() >= 2);
    signal(pid, "KILL");
    let _ = launcher.0[0].wait();
    let killed = Instant::now();
    let bound = Duration::from_secs(10);
    while killed.elapsed() < bound
        && (children.iter().any(|&c| alive(c))
            || std::fs::read_dir(tmp.path()).unwrap().count() > 0)
    {
        std::thread::sleep(Duration::from_millis(20));
    }
    let left_running: Vec<u32> = children.iter().copied().filter(|&c| alive(c)).collect();
    for c in &left_running {
        let _ = Command::new("kill")
            .args(["-KILL", &c.to_string()])
            .status();
    }
    assert!(
        left_running.is_empty(),
        "processes {left_running:?} outlived their launcher by {bound:?}"
    );
    let left: Vec<PathBuf> = std::fs::read_dir(tmp.path())
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    assert!(left.is_empty(), "left behind: {left:?}");
}

/// Two network namespaces joined by a veth pair, deleted when dropped.
struct Machines {
    names: [String; 2],
    links: [String; 2],
}

/// Run `ip ARGS`; its stderr on failure.
fn ip(args: &[&str]) -> Result<(), String> {
    let out = Command::new("ip")
        .args(args)
        .output()
        .map_err(|e| format!("ip: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "ip {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        ))
    }
}

impl Machines {
    /// `10.77.0.1` and `10.77.0.2`, each in a namespace of its own (names
    /// per test process, so parallel runs do not collide); why not, when
    /// it cannot.
    fn make() -> Result<Machines, String> {
        let me = std::process::id();
        let m = Machines {
            names: [format!("dwell-a-{me}"), format!("dwell-b-{me}")],
            // Interface names have at most 15 bytes.
            links: [
                format!("dwa{}", me % 1_000_000_000),
                format!("dwb{}", me % 1_000_000_000),
            ],
        };
        for n in &m.names {
            ip(&["netns", "add", n])?;
        }
        ip(&[
            "link",
            "add",
            &m.links[0],
            "type",
            "veth",
            "peer",
            "name",
            &m.links[1],
        ])?;
        for i in 0..2 {
            let (ns, link) = (&m.names[i], &m.links[i]);
            ip(&["link", "set", link, "netns", ns])?;
            let addr = format!("{}/24", m.address(i));
            ip(&["-n", ns, "addr", "add", &addr, "dev", link])?;
            ip(&["-n", ns, "link", "set", link, "up"])?;
            ip(&["-n", ns, "link", "set", "lo", "up"])?;
        }
        // `ip netns exec` also needs to mount a /sys of the namespace.
        ip(&["netns", "exec", &m.names[0], "true"])?;
        Ok(m)
    }

    fn address(&self, i: usize) -> String {
        format!("10.77.0.{}", i + 1)
    }

    /// `dwell ARGS` inside namespace `i` (`ip netns exec` runs it as the
    /// same process, so killing the child kills dwell).
    fn dwell(&self, i: usize, args: &[String]) -> Child {
        spawn(
            Command::new("ip")
                .args(["netns", "exec", &self.names[i]])
                .arg(env!("CARGO_BIN_EXE_dwell"))
                .args(args),
        )
    }
}

impl Drop for Machines {
    fn drop(&mut self) {
        // Deleting a namespace deletes its end of the veth pair, and the
        // pair with it; one never moved is deleted from here.
        for n in &self.names {
            let _ = ip(&["netns", "del", n]);
        }
        let _ = ip(&["link", "del", &self.links[0]]);
    }
}

/// Two machines, or why the test cannot make them here.
fn machines() -> Result<Machines, String> {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let uid = status
        .lines()
        .find_map(|l| l.strip_prefix("Uid:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .unwrap_or("?");
    if uid != "0" {
        return Err(format!("not root (effective uid {uid})"));
    }
    Machines::make()
}

#[test]
fn two_machines_answer_as_one_and_a_cut_link_is_named() {
    let m = match machines() {
        Ok(m) => m,
        Err(why) => {
            eprintln!("SKIPPED two_machines_answer_as_one_and_a_cut_link_is_named: cannot make two network namespaces: {why}");
            return;
        }
    };
    let dir = tempfile::tempdir().unwrap();
    let s = enron_shards(dir.path());
    let hosts = dir.path().join("hosts.txt");
    let text = format!("{}:7101\n{}:7102\n", m.address(0), m.address(1));
    std::fs::write(&hosts, text).unwrap();
    let h = hosts.to_str().unwrap();
    // One answer across the veth pair, the one-process answer.
    let g = data("graphs/email-Enron.edges.xz");
    let one = ok_json(&["run", "wcc", &g, "--backend", "timely", "--json"]);
    let mut pair = Reaped(
        (0..2)
            .map(|i| {
                let args = ["run", "wcc", &s, "--backend", "timely", "--processes", "2"]
                    .into_iter()
                    .map(String::from)
                    .chain(["--process".into(), i.to_string(), "--hostfile".into()])
                    .chain([h.to_string(), "--json".into()])
                    .collect::<Vec<_>>();
                m.dwell(i, &args)
            })
            .collect(),
    );
    let mut outs = Vec::new();
    for (i, c) in pair.0.iter_mut().enumerate() {
        let (code, out, err) = finish(c, DEADLINE).expect("a process of the pair hung");
        assert_eq!(code, Some(0), "process {i}: {err}");
        outs.push(out);
    }
    let out = &outs[0];
    let two: serde_json::Value = serde_json::from_str(out).unwrap();
    assert_eq!(two["results"], one["results"], "{out}");
    // A long run; then machine b's link goes down.
    let mut pair = Reaped((0..2).map(|i| m.dwell(i, &long_run(&s, i, h))).collect());
    wait_running(&mut pair.0);
    ip(&["-n", &m.names[1], "link", "set", &m.links[1], "down"]).unwrap();
    let cut = Instant::now();
    let limit = Duration::from_secs(PEER_TIMEOUT_S) + MARGIN;
    let (code, _, err) = finish(&mut pair.0[0], limit)
        .unwrap_or_else(|| panic!("process 0 still waited {limit:?} after the cut"));
    eprintln!("process 0 ended {:?} after the cut: {err}", cut.elapsed());
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains(&format!("process 1 ({}:7102)", m.address(1))) && err.contains("Fix:"),
        "{err}"
    );
}
