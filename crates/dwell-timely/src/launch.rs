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
//!
//! A launcher killed outright (SIGKILL, or a crash) runs no cleanup, so
//! its children must not outlive it on their own: each is told the
//! launcher's pid and folders in its environment ([`PARENT_ENV`],
//! [`FOLDERS_ENV`]), and [`die_with_parent`] (called first thing in the
//! child) asks the kernel for SIGTERM when the launcher dies
//! (`PR_SET_PDEATHSIG`, through rustix), then checks that the launcher is
//! still its parent, closing the race with a launcher that died before
//! the call. On that SIGTERM a child removes the launcher's folders, which
//! the dead launcher cannot.

use std::ffi::OsString;
use std::io::{Read, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The launcher's pid, in each child's environment.
pub const PARENT_ENV: &str = "DWELL_TIMELY_LAUNCHER";
/// The launcher's temporary folders (`std::env::join_paths`), in each
/// child's environment: removed by the children if the launcher dies.
pub const FOLDERS_ENV: &str = "DWELL_TIMELY_LAUNCHER_FOLDERS";

/// The launcher of this process, when a launcher started it.
#[derive(Debug)]
pub struct Parent {
    pid: i32,
    /// The launcher's temporary folders.
    pub folders: Vec<PathBuf>,
}

impl Parent {
    /// Whether the launcher has died (this process was re-parented).
    pub fn gone(&self) -> bool {
        rustix::process::Pid::as_raw(rustix::process::getppid()) != self.pid
    }

    /// Remove the launcher's folders. Every child of a dead launcher tries
    /// at once, so a folder emptied under another's feet is tried again.
    pub fn remove_folders(&self) {
        for f in &self.folders {
            for _ in 0..5 {
                if std::fs::remove_dir_all(f).is_ok() || !f.exists() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        }
    }
}

/// In a process started by [`run_local_until`] (its environment says so):
/// have the kernel send it SIGTERM when the launcher dies, and return the
/// launcher. `Ok(None)` when no launcher started it; an error (after
/// removing the launcher's folders) when the launcher has already died.
pub fn die_with_parent() -> Result<Option<Parent>, String> {
    let Some(pid) = std::env::var_os(PARENT_ENV) else {
        return Ok(None);
    };
    let pid = pid.to_str().and_then(|p| p.parse::<i32>().ok()).ok_or_else(|| {
        format!("{PARENT_ENV}={pid:?} is not a process id. Fix: unset {PARENT_ENV}; only dwell's launcher sets it")
    })?;
    let folders = std::env::var_os(FOLDERS_ENV)
        .map(|f| std::env::split_paths(&f).collect())
        .unwrap_or_default();
    let parent = Parent { pid, folders };
    rustix::process::set_parent_process_death_signal(Some(rustix::process::Signal::TERM))
        .map_err(|e| format!("cannot ask to end with the launcher (prctl PR_SET_PDEATHSIG: {e}). Fix: run on Linux, or start each process by hand with --process and --hostfile"))?;
    if parent.gone() {
        parent.remove_folders();
        return Err(format!(
            "the launcher (pid {pid}) ended before this process started. Fix: run the launcher again"
        ));
    }
    Ok(Some(parent))
}

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
    run_local_until(program, args, processes, grace, limit, &[], &|| false)
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
/// `folders` are the caller's temporary folders, which the children
/// remove if this process dies without cleaning up (see the module docs).
/// The children are started and waited for on the calling thread: the
/// kernel's parent-death signal follows the thread that started them.
pub fn run_local_until(
    program: &Path,
    args: &[OsString],
    processes: usize,
    grace: Duration,
    limit: Option<Duration>,
    folders: &[PathBuf],
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
    let mut all_folders = folders.to_vec();
    all_folders.push(dir.path().to_path_buf());
    // When a folder's name holds the path-list separator, none is passed:
    // the children then leave the folders behind if this process is killed.
    let folders_env = std::env::join_paths(&all_folders).unwrap_or_default();
    let mut running: Vec<Running> = Vec::with_capacity(processes);
    for i in 0..processes {
        let spawned = Command::new(program)
            .args(args)
            .env(PARENT_ENV, std::process::id().to_string())
            .env(FOLDERS_ENV, &folders_env)
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
