//! The local convenience: start `P` processes of one program on this
//! machine, connected over 127.0.0.1 with free ports, and supervise them.
//!
//! Each child gets the caller's arguments plus `--process I --hostfile
//! FILE` (a temporary hostfile of `127.0.0.1:PORT` lines). The ports are
//! found by binding port 0 on 127.0.0.1 and releasing it just before the
//! children start, so runs in parallel (tests) do not share ports. When a
//! child fails, the others are given a grace period to end with their own
//! error (they notice the lost peer), then killed: a run never hangs.
//! When the caller's `stop` says so (the CLI's SIGINT/SIGTERM), every
//! child is killed at once and the hostfile folder removed.

use std::ffi::OsString;
use std::io::{Read, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// What each child printed, and how it ended.
#[derive(Debug)]
pub struct Finished {
    pub status: ExitStatus,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
}

/// `n` free TCP ports on 127.0.0.1.
pub fn free_ports(n: usize) -> std::io::Result<Vec<u16>> {
    let listeners = (0..n)
        .map(|_| TcpListener::bind("127.0.0.1:0"))
        .collect::<std::io::Result<Vec<_>>>()?;
    listeners
        .iter()
        .map(|l| l.local_addr().map(|a| a.port()))
        .collect()
}

/// Write a hostfile for `ports` on 127.0.0.1 into `dir`.
pub fn write_hostfile(dir: &Path, ports: &[u16]) -> std::io::Result<PathBuf> {
    let path = dir.join("hosts.txt");
    let mut f = std::fs::File::create(&path)?;
    for p in ports {
        writeln!(f, "127.0.0.1:{p}")?;
    }
    Ok(path)
}

fn collect(mut r: impl Read + Send + 'static) -> JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = r.read_to_end(&mut buf);
        buf
    })
}

struct Running {
    child: Child,
    out: Option<JoinHandle<Vec<u8>>>,
    err: Option<JoinHandle<Vec<u8>>>,
    status: Option<ExitStatus>,
}

/// Start `processes` copies of `program args… --process I --hostfile H`
/// and wait for all. `grace` bounds how long the others may take to end
/// once one has failed; `limit`, the whole run (`None`: no limit).
pub fn run_local(
    program: &Path,
    args: &[OsString],
    processes: usize,
    grace: Duration,
    limit: Option<Duration>,
) -> Result<Vec<Finished>, String> {
    run_local_until(program, args, processes, grace, limit, &|| false)
}

/// Kill every child still running and wait for it.
fn kill_all(running: &mut [Running]) {
    for r in running.iter_mut().filter(|r| r.status.is_none()) {
        let _ = r.child.kill();
        r.status = r.child.wait().ok();
    }
}

/// [`run_local`], polled every 10 ms for `stop`: once it is true, every
/// child is killed, the hostfile folder removed, and the run an error.
pub fn run_local_until(
    program: &Path,
    args: &[OsString],
    processes: usize,
    grace: Duration,
    limit: Option<Duration>,
    stop: &dyn Fn() -> bool,
) -> Result<Vec<Finished>, String> {
    let dir = tempfile::tempdir().map_err(|e| {
        format!("cannot make a temporary folder for the hostfile ({e}). Fix: set TMPDIR to a writable folder")
    })?;
    let ports = free_ports(processes).map_err(|e| {
        format!("cannot find free ports on 127.0.0.1 ({e}). Fix: check that the loopback interface is up")
    })?;
    let hostfile = write_hostfile(dir.path(), &ports).map_err(|e| {
        format!("cannot write the hostfile ({e}). Fix: set TMPDIR to a writable folder")
    })?;
    let mut running: Vec<Running> = Vec::with_capacity(processes);
    for i in 0..processes {
        let spawned = Command::new(program)
            .args(args)
            .arg("--process")
            .arg(i.to_string())
            .arg("--hostfile")
            .arg(&hostfile)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn();
        let mut child = match spawned {
            Ok(c) => c,
            Err(e) => {
                kill_all(&mut running);
                return Err(format!(
                    "cannot start process {i} ({}): {e}. Fix: check that the program exists and is executable",
                    program.display()
                ));
            }
        };
        let out = child.stdout.take().map(collect);
        let err = child.stderr.take().map(collect);
        running.push(Running {
            child,
            out,
            err,
            status: None,
        });
    }
    let start = Instant::now();
    let mut failed_at: Option<Instant> = None;
    loop {
        for r in &mut running {
            if r.status.is_none() {
                if let Ok(Some(s)) = r.child.try_wait() {
                    r.status = Some(s);
                    if !s.success() && failed_at.is_none() {
                        failed_at = Some(Instant::now());
                    }
                }
            }
        }
        if running.iter().all(|r| r.status.is_some()) {
            break;
        }
        if stop() {
            kill_all(&mut running);
            return Err(format!(
                "stopped: its {processes} processes were killed. Fix: run it again"
            ));
        }
        let overdue = failed_at.is_some_and(|t| t.elapsed() > grace)
            || limit.is_some_and(|l| start.elapsed() > l);
        if overdue {
            kill_all(&mut running);
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    Ok(running
        .into_iter()
        .map(|mut r| Finished {
            status: r.status.take().expect("every child has ended"),
            stdout: r.out.take().and_then(|h| h.join().ok()).unwrap_or_default(),
            stderr: r.err.take().and_then(|h| h.join().ok()).unwrap_or_default(),
        })
        .collect())
}
