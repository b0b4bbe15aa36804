//! `dwell serve`'s connections: the accept loop (hyper's HTTP/1 server
//! under the axum router, since `axum::serve` has no limits), the limits a
//! slow or greedy client meets, and shutdown.
//!
//! - A client has `--read-timeout-s` to send a request's headers (also the
//!   longest a kept-alive connection may sit idle); the body has its own
//!   limit, enforced by the handler (`serve.rs`).
//! - At most `--max-connections` are open at once: one more is answered
//!   `503` with a JSON error and closed, so idle connections can never use
//!   up the process's file descriptors and lock everyone out. Running out
//!   of descriptors anyway makes the loop pause, not end.
//! - SIGTERM/SIGINT stops accepting, closes idle connections and those
//!   still sending a request's headers, tells handlers still receiving a
//!   body to stop (`Shutdown`), and waits at most `--drain-s` for the
//!   requests in flight; a second signal exits at once.
//! - A Unix socket is created 0600 in a private (0700) folder and renamed
//!   into place.

use crate::error::Result;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt as _};
use tokio::sync::{watch, Semaphore};

/// A listening socket.
pub enum Listener {
    Tcp(tokio::net::TcpListener),
    /// With the path to remove when the server stops.
    Unix(tokio::net::UnixListener, PathBuf),
}

/// An accepted connection of either kind.
trait Io: AsyncRead + AsyncWrite + Send + Unpin + 'static {}
impl<T: AsyncRead + AsyncWrite + Send + Unpin + 'static> Io for T {}

impl Listener {
    async fn accept(&self) -> std::io::Result<Box<dyn Io>> {
        Ok(match self {
            Listener::Tcp(l) => {
                let s = l.accept().await?.0;
                // Answers go out as soon as written (as axum::serve does):
                // Nagle's wait would add a delayed ACK to kept-alive requests.
                let _ = s.set_nodelay(true);
                Box::new(s)
            }
            Listener::Unix(l, _) => Box::new(l.accept().await?.0),
        })
    }

    fn remove(&self) {
        if let Listener::Unix(_, path) = self {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// The connection limits (`dwell serve` flags).
pub struct Limits {
    pub read_timeout: Duration,
    pub max_connections: usize,
    pub drain: Duration,
}

/// `--max-connections`, lowered (with a note) to leave 32 of the
/// process's open-file limit for everything else (graph files, the
/// listener, the 503 answers), so connections never take the last ones.
pub fn within_fd_limit(flag: u64) -> usize {
    let soft = std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|t| {
            let line = t.lines().find(|l| l.starts_with("Max open files"))?;
            line.split_whitespace().nth(3)?.parse::<u64>().ok()
        });
    let room = soft.map_or(u64::MAX, |s| s.saturating_sub(32).max(1));
    if flag > room {
        eprintln!("dwell serve: --max-connections {flag} lowered to {room}: the process may open {} files (`ulimit -n`)", soft.unwrap_or(0));
    }
    usize::try_from(flag.min(room)).unwrap_or(usize::MAX)
}

/// Set once the server is stopping: request handlers still receiving a
/// body give up on it (the request never started).
#[derive(Clone)]
pub struct Shutdown(watch::Receiver<bool>);

impl Shutdown {
    /// A receiver that never fires (for a server that never stops).
    pub fn channel() -> (watch::Sender<bool>, Shutdown) {
        let (tx, rx) = watch::channel(false);
        (tx, Shutdown(rx))
    }

    /// Resolves when the server starts stopping.
    pub async fn started(&self) {
        let mut rx = self.0.clone();
        // An error means the sender is gone: the server is stopping too.
        let _ = rx.wait_for(|stop| *stop).await;
    }
}

/// One request of a connection in its handler; counted out when the
/// handler ends or is dropped.
struct Busy(Arc<AtomicUsize>);

impl Busy {
    fn enter(count: &Arc<AtomicUsize>) -> Busy {
        count.fetch_add(1, Relaxed);
        Busy(Arc::clone(count))
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Relaxed);
    }
}

/// The answer to a connection over `--max-connections`.
fn busy_answer(max: usize) -> Vec<u8> {
    let body = serde_json::json!({ "error": format!("the server has {max} connections open, its --max-connections. Fix: retry in a moment, close idle connections, or restart the server with a larger --max-connections") }).to_string();
    format!("HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\nRetry-After: 1\r\n\r\n{body}", body.len()).into_bytes()
}

/// Answer a connection over the limit and close it, within a second. What
/// the client sent is read and dropped first for a moment, so that closing
/// with unread bytes does not reset the connection before the client has
/// read the answer.
async fn refuse_busy(mut io: Box<dyn Io>, answer: Arc<Vec<u8>>) {
    use tokio::io::AsyncReadExt as _;
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        io.write_all(&answer).await?;
        io.shutdown().await?;
        let mut sink = [0u8; 4096];
        while io.read(&mut sink).await? > 0 {}
        Ok::<(), std::io::Error>(())
    })
    .await;
}

/// Serve `app` on `listener` until SIGTERM/SIGINT, then drain (see the
/// module docs). `stopping` is the sender of the handlers' [`Shutdown`].
pub async fn serve(
    listener: Listener,
    app: Router,
    limits: &Limits,
    stopping: watch::Sender<bool>,
) -> Result<()> {
    let max = limits.max_connections.max(1);
    let slots = Arc::new(Semaphore::new(max));
    let answer = Arc::new(busy_answer(max));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.read_timeout);
    let service = TowerToHyperService::new(app);
    let stop = stop_signal(match &listener {
        Listener::Unix(_, p) => Some(p.clone()),
        Listener::Tcp(_) => None,
    });
    tokio::pin!(stop);
    loop {
        let io = tokio::select! {
            () = &mut stop => break,
            accepted = listener.accept() => match accepted {
                Ok(io) => io,
                Err(e) => {
                    // Out of descriptors (or a connection reset before it
                    // was accepted): pause, then accept again.
                    eprintln!("dwell serve: accept: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
        };
        let Ok(permit) = Arc::clone(&slots).try_acquire_owned() else {
            tokio::spawn(refuse_busy(io, Arc::clone(&answer)));
            continue;
        };
        // Requests of this connection whose handler runs.
        let active = Arc::new(AtomicUsize::new(0));
        let counted = {
            let (service, active) = (service.clone(), Arc::clone(&active));
            hyper::service::service_fn(move |req| {
                let busy = Busy::enter(&active);
                let answer = hyper::service::Service::call(&service, req);
                async move {
                    let answer = answer.await;
                    drop(busy);
                    answer
                }
            })
        };
        let conn = http.serve_connection(TokioIo::new(io), counted);
        let mut stopping = stopping.subscribe();
        tokio::spawn(async move {
            let _permit = permit;
            tokio::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => return,
                _ = stopping.wait_for(|s| *s) => {}
            }
            // Answering: closed after its answer. Idle or still sending a
            // request (which hyper would wait for): closed once no handler
            // has run for two ticks (an answer is written well within one).
            conn.as_mut().graceful_shutdown();
            let mut idle_ticks = 0;
            loop {
                tokio::select! {
                    _ = conn.as_mut() => return,
                    () = tokio::time::sleep(Duration::from_millis(50)) => {}
                }
                idle_ticks = if active.load(Relaxed) == 0 {
                    idle_ticks + 1
                } else {
                    0
                };
                if idle_ticks >= 2 {
                    return;
                }
            }
        });
    }
    listener.remove();
    drop(listener);
    let _ = stopping.send(true);
    // Every connection holds a slot until it ends.
    let all = u32::try_from(max).unwrap_or(u32::MAX);
    let drained = tokio::time::timeout(limits.drain, slots.acquire_many(all)).await;
    if drained.is_err() {
        let open = max - slots.available_permits();
        return Err(format!("{open} connection(s) still open after --drain-s {} s; their requests were dropped. Fix: give a larger --drain-s to let long requests finish", limits.drain.as_secs_f64()).into());
    }
    Ok(())
}

/// The first SIGTERM or SIGINT. It also sets a watcher for a second one,
/// which ends the process at once (removing the socket file `socket`).
async fn stop_signal(socket: Option<PathBuf>) {
    use tokio::signal::unix::{signal, SignalKind};
    let (Ok(mut term), Ok(mut int)) = (
        signal(SignalKind::terminate()),
        signal(SignalKind::interrupt()),
    ) else {
        // Without handlers the signals keep their default action.
        return std::future::pending().await;
    };
    tokio::select! {
        _ = term.recv() => eprintln!("dwell serve: SIGTERM, draining"),
        _ = int.recv() => eprintln!("dwell serve: SIGINT, draining"),
    }
    tokio::spawn(async move {
        let code = tokio::select! {
            _ = term.recv() => 143,
            _ = int.recv() => 130,
        };
        eprintln!(
            "dwell serve: a second signal: exiting now, without waiting for the requests in flight"
        );
        if let Some(p) = socket {
            let _ = std::fs::remove_file(p);
        }
        std::process::exit(code);
    });
}

/// A Unix socket at `path`, mode 0600 from the start: bound inside a fresh
/// 0700 folder beside it, restricted, then renamed into place.
pub fn bind_socket(path: &Path) -> Result<Listener> {
    use std::os::unix::fs::PermissionsExt as _;
    // sun_path holds 108 bytes with the closing NUL: a longer path would
    // bind (through the shorter private folder) but never accept a client.
    let len = path.as_os_str().len();
    if len > 107 {
        return Err(format!("--socket {} is {len} bytes long; a Unix socket path may have at most 107. Fix: choose a shorter path (e.g. in /tmp or $XDG_RUNTIME_DIR)", path.display()).into());
    }
    if path.symlink_metadata().is_ok() {
        return Err(format!("{} already exists. Fix: remove it (a server that was killed leaves its socket behind) or choose another --socket", path.display()).into());
    }
    let parent = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let private = tempfile::Builder::new()
        .prefix(".dwell-serve-")
        .tempdir_in(parent)
        .map_err(|e| {
            format!(
                "{}: {e}. Fix: choose a --socket in a folder you can write",
                parent.display()
            )
        })?;
    let inner = private.path().join("socket");
    let listener = tokio::net::UnixListener::bind(&inner)?;
    std::fs::set_permissions(&inner, std::fs::Permissions::from_mode(0o600))?;
    std::fs::rename(&inner, path).map_err(|e| {
        format!(
            "{}: {e}. Fix: choose a --socket on a local file system you can write",
            path.display()
        )
    })?;
    Ok(Listener::Unix(listener, path.to_path_buf()))
}
