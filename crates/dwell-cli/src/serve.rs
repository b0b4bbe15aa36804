//! `dwell serve GRAPH... [--listen ADDR | --socket PATH]`: load each input
//! once and answer `dwell run … --server ADDR` over HTTP (axum on tokio).
//!
//! A request is the `dwell run` argument vector; the server parses it with
//! the same clap types, builds the query with `query::from_flags` and runs
//! it with `run::run_loaded` — the code `dwell run` runs — with its output
//! captured (`report::capture`), so the answer is what the local command
//! prints. Files that flags name (`--sources-file`, `--gen`, a sinks file)
//! travel in the request; the server never opens a path a client names.
//!
//! Each graph has one resident session for the server's life, on a thread
//! of its own (a session stays on the thread that opened it: a device
//! context may be tied to it): the first query on the graph opens it (the
//! one upload), every later one re-plans it for its own runs, sizes and
//! budget (`Session::replan`) and reads back its own output. Requests for
//! one graph take turns on its thread (their runs are parallel inside);
//! requests for different graphs run side by side. Program bundles run
//! their per-function sessions as `dwell run` does.
//!
//! Endpoints: `POST /run` (`{"args": [...], "graph": PATH, "graph_id":
//! {size, mtime_s, mtime_ns, dev, ino}, "files": {PATH: [bytes]}}` → `{"stdout": TEXT}`, or a 4xx/5xx with `{"error": "… Fix: …"}`),
//! `GET /health`, `GET /metrics` (requests, runs, sessions' graph uploads
//! and bytes, per graph). Each request runs on a blocking thread under its
//! own memory-budget check (its query's plan against what the process may
//! use now); at most `--max-in-flight` are admitted at once; one that
//! outlives `--timeout-s` is answered 503 and cancelled: it stops at the
//! end of the run in progress (or before it starts, if it was still
//! waiting), so the graph's session is free for the next request. A client
//! that disconnects cancels only its own request.
//! SIGTERM or SIGINT stops accepting, lets in-flight requests finish, and
//! exits 0.
//!
//! Identity: a client that has the graph file sends its canonical path and
//! `stat` identity (`graph`, `graph_id`); the server answers only for the
//! input loaded from that path, only if the identities agree, and only
//! while its own file still has the identity it had when loaded (checked
//! again before the run): otherwise 409 with a Fix, never another or an
//! older graph's answer. A client's `--budget-bytes` may lower the
//! server's budget for its request, never raise it.
//!
//! Security: TCP on loopback by default; another address needs
//! `--allow-remote` and `--token-file` (requests then carry `Authorization:
//! Bearer TOKEN`, compared in constant time). A Unix socket is created with
//! mode 0600 in a private (0700) folder and renamed into place, so it is
//! never reachable with wider permissions. Every request needs a loopback
//! Host (unless `--allow-remote`) and no Origin but a loopback one, and
//! `POST /run` needs `Content-Type: application/json` (`guard.rs`).

mod guard;

use crate::input::FileId;

use crate::args::{Cli, Command, LoadArgs, RunArgs, ServeArgs};
use crate::backends::{self, Chosen};
use crate::error::Result;
use crate::input::{self, graph_options, Input, Loaded, RequestFiles};
use crate::progress::Bar;
use crate::report::{self, Budget};
use crate::run::{self, Held};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use clap::Parser as _;
use dwell::counters::CounterSnapshot;
use dwell::progress::Cancel;
use dwell::session::Session;
use serde::Deserialize;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::time::Duration;

/// Default `--listen` address.
pub const DEFAULT_LISTEN: &str = "127.0.0.1:7464";

/// One resident input and what was asked of it.
struct Served {
    /// As given on the server's command line.
    path: PathBuf,
    canonical: Option<PathBuf>,
    /// The file's identity when it was loaded (read just before): a
    /// request is answered only while the file still has it.
    id: Option<FileId>,
    loaded: Loaded,
    requests: AtomicU64,
    runs: AtomicU64,
    uploads: AtomicU64,
    bytes_uploaded: AtomicU64,
    bytes_read_back: AtomicU64,
}

/// What the graphs' session threads share with the request handlers.
struct Inputs {
    served: Vec<Served>,
    chosen: Chosen,
}

/// A request's work, run on its graph's session thread with that graph's
/// resident session (`None` until the first graph query opens it). It
/// returns how to hand its answer over, which the session thread calls
/// only after adding the work to the metrics: a client that reads
/// `/metrics` after its answer sees its runs counted.
type Job = Box<dyn for<'s> FnOnce(&'s Inputs, &mut Option<Session<'s>>) -> Deliver + Send>;

/// Hands a request's answer to its handler.
type Deliver = Box<dyn FnOnce() + Send>;

struct Server {
    inputs: Arc<Inputs>,
    /// One queue per served input, to its session thread.
    queues: Vec<std::sync::mpsc::Sender<Job>>,
    /// How the inputs were loaded (the graph path aside): requests must
    /// ask the same.
    load: LoadArgs,
    token: Option<String>,
    /// Host need not be loopback (the token guards the server).
    allow_remote: bool,
    timeout: Duration,
    slots: Arc<tokio::sync::Semaphore>,
    requests: AtomicU64,
    rejected: AtomicU64,
    failed: AtomicU64,
    timed_out: AtomicU64,
    /// Requests stopped before all their runs (timed out or hung up).
    cancelled: AtomicU64,
    in_flight: AtomicU64,
}

/// The session thread of served input `which`: runs the jobs of its
/// requests one after another with the input's resident session. A job
/// that panics loses the session (its state is unknown); the next query
/// opens a new one, and that upload is counted.
fn session_thread(
    inputs: Arc<Inputs>,
    which: usize,
    jobs: std::sync::mpsc::Receiver<Job>,
) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name(format!("dwell-session-{which}"))
        .spawn(move || {
            // A rayon pool with this thread in it, so a query's parallel
            // steps start here instead of waking a pool thread and sleeping
            // until it is done (backend/host.rs; `dwell run`'s main thread
            // does the same). Without one (no threads to spare), the
            // global pool runs them.
            let _pool = rayon::ThreadPoolBuilder::new()
                .thread_name(move |i| format!("dwell-session-{which}-{i}"))
                .use_current_thread()
                .build();
            let inputs = &*inputs;
            let served = &inputs.served[which];
            let mut session: Option<Session<'_>> = None;
            // The session's counters when last added to the metrics.
            let mut seen = CounterSnapshot::default();
            for job in jobs {
                let run = std::panic::AssertUnwindSafe(|| job(inputs, &mut session));
                let deliver = std::panic::catch_unwind(run);
                if deliver.is_err() {
                    session = None;
                    seen = CounterSnapshot::default();
                }
                // What the session did for this request, finished or not
                // (a cancelled query's runs were run).
                if let Some(now) = session.as_ref().and_then(|s| s.counters().ok()) {
                    if let Some(d) = now.since(&seen) {
                        served.runs.fetch_add(d.runs, Relaxed);
                        served.uploads.fetch_add(d.graph_uploads, Relaxed);
                        served.bytes_uploaded.fetch_add(d.bytes_uploaded, Relaxed);
                        served.bytes_read_back.fetch_add(d.bytes_read_back, Relaxed);
                    }
                    seen = now;
                }
                // A job that panicked has no answer: its handler sees the
                // sender dropped.
                if let Ok(deliver) = deliver {
                    deliver();
                }
            }
        })
        .map(drop)
}

/// A request body (`dwell run --server` builds it).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RunRequest {
    /// The `dwell run` arguments after `run`, as the client typed them.
    args: Vec<String>,
    /// The graph argument resolved by the client (its canonical path):
    /// when given, the only name a served input is matched by.
    #[serde(default)]
    graph: Option<PathBuf>,
    /// The identity of the client's file at `graph`: it must be the file
    /// the server loaded.
    #[serde(default)]
    graph_id: Option<FileId>,
    /// Files the flags name, by the path the flags give.
    #[serde(default)]
    files: RequestFiles,
}

/// An error answer: a status and a message ending in `Fix:`.
fn refuse(status: StatusCode, message: impl Into<String>) -> Response {
    (status, Json(json!({ "error": message.into() }))).into_response()
}

pub fn serve(args: &ServeArgs) -> Result<()> {
    let token = match &args.token_file {
        Some(f) => {
            let t = std::fs::read_to_string(f).map_err(|e| {
                format!(
                    "{}: {e}. Fix: give a readable file holding the token",
                    f.display()
                )
            })?;
            let t = t.trim().to_string();
            if t.len() < 16 {
                return Err(format!("{}: the token is {} characters long. Fix: use at least 16 random characters (e.g. `head -c 24 /dev/urandom | base64 > {}`)", f.display(), t.len(), f.display()).into());
            }
            Some(t)
        }
        None => None,
    };
    let listen = match (&args.socket, args.listen) {
        (Some(_), _) => None,
        (None, Some(a)) => Some(a),
        (None, None) => Some(DEFAULT_LISTEN.parse().expect("a valid default address")),
    };
    if let Some(a) = listen {
        if !a.ip().is_loopback() {
            if !args.allow_remote {
                return Err(format!("--listen {a} is not a loopback address, so other machines could send queries. Fix: listen on 127.0.0.1, or pass --allow-remote with --token-file").into());
            }
            if token.is_none() {
                return Err(format!("--listen {a} with --allow-remote needs a token. Fix: pass --token-file FILE (clients use `--token-file FILE` or DWELL_SERVER_TOKEN)").into());
            }
        }
    }
    let chosen = backends::resolve(&args.backend)?;
    let bar = Bar::start("serve");
    let mut served = Vec::new();
    for path in &args.graphs {
        let opts = graph_options(&args.load)?;
        let canonical = std::fs::canonicalize(path).ok();
        let id = canonical.as_deref().and_then(FileId::of);
        let loaded = Input::load(path, &opts, &bar)?;
        served.push(Served {
            path: path.clone(),
            canonical,
            id,
            loaded,
            requests: AtomicU64::new(0),
            runs: AtomicU64::new(0),
            uploads: AtomicU64::new(0),
            bytes_uploaded: AtomicU64::new(0),
            bytes_read_back: AtomicU64::new(0),
        });
    }
    bar.finish();
    let inputs = Arc::new(Inputs { served, chosen });
    let mut queues = Vec::new();
    for which in 0..inputs.served.len() {
        let (tx, rx) = std::sync::mpsc::channel();
        session_thread(Arc::clone(&inputs), which, rx)?;
        queues.push(tx);
    }
    let server = Arc::new(Server {
        inputs,
        queues,
        load: args.load.clone(),
        token,
        allow_remote: args.allow_remote,
        timeout: Duration::from_secs_f64(args.timeout_s.clamp(0.001, 1e9)),
        slots: Arc::new(tokio::sync::Semaphore::new(args.max_in_flight.max(1))),
        requests: AtomicU64::new(0),
        rejected: AtomicU64::new(0),
        failed: AtomicU64::new(0),
        timed_out: AtomicU64::new(0),
        cancelled: AtomicU64::new(0),
        in_flight: AtomicU64::new(0),
    });
    let app = Router::new()
        .route("/run", post(run_request))
        .route("/health", get(health))
        .route("/metrics", get(metrics))
        .fallback(|| async {
            refuse(
                StatusCode::NOT_FOUND,
                "no such endpoint. Fix: POST /run, GET /health or GET /metrics",
            )
        })
        .layer(DefaultBodyLimit::max(args.max_request_bytes))
        .with_state(Arc::clone(&server));
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    let names: Vec<String> = server
        .inputs
        .served
        .iter()
        .map(|s| s.path.display().to_string())
        .collect();
    rt.block_on(async move {
        match (&args.socket, listen) {
            (Some(path), _) => {
                let listener = bind_socket(path)?;
                eprintln!("dwell serve: listening on unix:{} ({})", path.display(), names.join(", "));
                let result = axum::serve(listener, app).with_graceful_shutdown(stop_signal()).await;
                let _ = std::fs::remove_file(path);
                result?;
            }
            (None, Some(addr)) => {
                let listener = tokio::net::TcpListener::bind(addr).await.map_err(|e| {
                    format!("cannot listen on {addr}: {e}. Fix: pick a free port (--listen 127.0.0.1:0 picks one), or stop what holds it")
                })?;
                eprintln!("dwell serve: listening on {} ({})", listener.local_addr()?, names.join(", "));
                axum::serve(listener, app).with_graceful_shutdown(stop_signal()).await?;
            }
            (None, None) => unreachable!("listen defaults to {DEFAULT_LISTEN}"),
        }
        eprintln!("dwell serve: stopped; in-flight requests finished");
        Ok::<(), Box<dyn std::error::Error>>(())
    })
}

/// SIGTERM or SIGINT: stop accepting and drain.
async fn stop_signal() {
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
}

/// A Unix socket at `path`, mode 0600 from the start: bound inside a fresh
/// 0700 folder beside it, restricted, then renamed into place.
fn bind_socket(path: &Path) -> Result<tokio::net::UnixListener> {
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
    Ok(listener)
}

fn authorized(server: &Server, headers: &HeaderMap) -> bool {
    let Some(token) = &server.token else {
        return true;
    };
    let given = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or("");
    // Constant time in the token's contents.
    given.len() == token.len()
        && given
            .bytes()
            .zip(token.bytes())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
}

async fn health(State(server): State<Arc<Server>>, headers: HeaderMap) -> Response {
    if let Some(r) = checked(&server, &headers, false) {
        return r;
    }
    Json(json!({
        "status": "ok",
        "graphs": server.inputs.served.iter().map(|s| s.path.display().to_string()).collect::<Vec<_>>(),
        "backend": server.inputs.chosen.backend().name(),
    }))
    .into_response()
}

/// The refusal for a request from where the server does not answer
/// (`guard::origin`) or without the token; None for one to serve.
fn checked(server: &Server, headers: &HeaderMap, runs_work: bool) -> Option<Response> {
    if let Some((status, why)) = guard::origin(headers, server.allow_remote, runs_work) {
        return Some(refuse(status, why));
    }
    (!authorized(server, headers)).then(unauthorized)
}

fn unauthorized() -> Response {
    refuse(StatusCode::UNAUTHORIZED, "missing or wrong token. Fix: pass --token-file FILE (or set DWELL_SERVER_TOKEN) with the server's token")
}

async fn metrics(State(server): State<Arc<Server>>, headers: HeaderMap) -> Response {
    if let Some(r) = checked(&server, &headers, false) {
        return r;
    }
    let graphs: Vec<Value> = server
        .inputs
        .served
        .iter()
        .map(|s| {
            let (nodes, arcs, hash) = match &s.loaded.input {
                Input::Graph(g) => (g.nodes(), g.arcs(), g.layout_hash()),
                Input::Bundle(b) => (b.graph.nodes(), b.graph.arcs(), b.graph.layout_hash()),
            };
            json!({
                "file": s.path.display().to_string(),
                "kind": if matches!(s.loaded.input, Input::Graph(_)) { "graph" } else { "bundle" },
                "nodes": nodes,
                "arcs": arcs,
                "layout_hash": format!("0x{hash:016x}"),
                "loads": 1,
                "load_ms": s.loaded.load_ms,
                "requests": s.requests.load(Relaxed),
                "runs": s.runs.load(Relaxed),
                "session_uploads": s.uploads.load(Relaxed),
                "bytes_uploaded": s.bytes_uploaded.load(Relaxed),
                "bytes_read_back": s.bytes_read_back.load(Relaxed),
            })
        })
        .collect();
    Json(json!({
        "requests": server.requests.load(Relaxed),
        "rejected": server.rejected.load(Relaxed),
        "failed": server.failed.load(Relaxed),
        "timed_out": server.timed_out.load(Relaxed),
        "cancelled": server.cancelled.load(Relaxed),
        "in_flight": server.in_flight.load(Relaxed),
        "backend": server.inputs.chosen.backend().name(),
        "rss_bytes": rss_bytes(),
        "graphs": graphs,
    }))
    .into_response()
}

/// The server's resident set size, from /proc (None elsewhere).
fn rss_bytes() -> Option<u64> {
    dwell::session::memory::process_status_bytes("VmRSS:")
}

/// Why served input `s` may no longer answer: its file changed or vanished
/// since it was loaded.
fn stale(s: &Served) -> Option<String> {
    let (Some(canonical), Some(id)) = (&s.canonical, &s.id) else {
        return None;
    };
    guard::stale(&s.path, canonical, id)
}

/// Which served input a request names, and its parsed arguments.
fn resolve(
    server: &Server,
    req: &RunRequest,
) -> std::result::Result<(RunArgs, usize), Box<Response>> {
    let bad = |m: String| Box::new(refuse(StatusCode::BAD_REQUEST, m));
    let argv = ["dwell".to_string(), "run".to_string()]
        .into_iter()
        .chain(req.args.iter().cloned());
    let args = match Cli::try_parse_from(argv) {
        Ok(Cli {
            command: Command::Run(a),
        }) => a,
        Ok(_) => {
            return Err(bad(
                "the arguments are not a `dwell run`. Fix: send the arguments after `run`".into(),
            ))
        }
        Err(e) => {
            // clap's whole message (a list of missing arguments spans
            // lines), less its usage and help hints.
            let text = e.to_string();
            let said = text.split("\n\n").next().unwrap_or("");
            let said = said.trim_start_matches("error: ");
            let said = said.split_whitespace().collect::<Vec<_>>().join(" ");
            return Err(bad(format!("{said}. Fix: see `dwell run --help`")));
        }
    };
    if args.server.is_some() || args.token_file.is_some() {
        return Err(bad("--server and --token-file are the client's flags. Fix: leave them out of the forwarded arguments".into()));
    }
    if args.out.is_some() {
        return Err(bad("--out names a file on the client, which the server does not write. Fix: drop --out, or run locally".into()));
    }
    let ours = server.inputs.chosen.backend().name();
    if args.backend != ours {
        return Err(bad(format!("this server runs on backend {ours}, not {}. Fix: drop --backend, or start a server with --backend {}", args.backend, args.backend)));
    }
    if args.graph.load != server.load {
        return Err(bad("--directed/--undirected/--ids/--columns/--input-format differ from how the server loaded its graphs. Fix: pass the same flags as `dwell serve` got".into()));
    }
    let given = &args.graph.graph;
    // A client that has the file names it by its canonical path (another
    // folder's same-named file is another graph); only one that has no such
    // file is matched by the name as typed.
    let found = server.inputs.served.iter().position(|s| match &req.graph {
        Some(g) => s.canonical.as_ref() == Some(g),
        None => &s.path == given,
    });
    match found {
        Some(i) => {
            let s = &server.inputs.served[i];
            let conflict = |m: String| Box::new(refuse(StatusCode::CONFLICT, m));
            if let Some(why) = stale(s) {
                return Err(conflict(why));
            }
            if let (Some(ours), Some(theirs)) = (&s.id, &req.graph_id) {
                if let Some(why) = guard::mismatch(given, ours, theirs) {
                    return Err(conflict(why));
                }
            }
            Ok((args, i))
        }
        None => {
            let names: Vec<String> = server
                .inputs
                .served
                .iter()
                .map(|s| s.path.display().to_string())
                .collect();
            Err(Box::new(refuse(StatusCode::NOT_FOUND, format!("this server does not hold {}; it serves {}. Fix: name one of those, or start a server with it", given.display(), names.join(", ")))))
        }
    }
}

async fn run_request(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    body: std::result::Result<Bytes, BytesRejection>,
) -> Response {
    server.requests.fetch_add(1, Relaxed);
    let answer = answer(&server, &headers, body).await;
    if answer.status().is_client_error() {
        server.rejected.fetch_add(1, Relaxed);
    } else if answer.status().is_server_error() {
        server.failed.fetch_add(1, Relaxed);
    }
    answer
}

async fn answer(
    server: &Arc<Server>,
    headers: &HeaderMap,
    body: std::result::Result<Bytes, BytesRejection>,
) -> Response {
    if let Some(r) = checked(server, headers, true) {
        return r;
    }
    let body = match body {
        Ok(b) => b,
        Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            return refuse(e.status(), "the request is larger than the server's --max-request-bytes. Fix: send smaller files (a long --sources list can go in a file), or restart the server with a larger --max-request-bytes")
        }
        Err(e) => return refuse(e.status(), format!("{}. Fix: send the request body in full", e.body_text())),
    };
    let req: RunRequest = match serde_json::from_slice(&body) {
        Ok(r) => r,
        Err(e) => {
            return refuse(StatusCode::BAD_REQUEST, format!("the body is not a run request: {e}. Fix: send {{\"args\": [\"bfs\", \"GRAPH\", \"--sources\", \"0\"]}} (what `dwell run --server` sends)"))
        }
    };
    let (mut args, which) = match resolve(server, &req) {
        Ok(x) => x,
        Err(r) => return *r,
    };
    // Dropped when this answer is made — done, past the time limit, or
    // abandoned by a client that hung up: then the job stops at the end of
    // the run in progress (a finished job does not notice).
    let cancel = Cancel::new();
    let _stop = CancelOnDrop(cancel.clone());
    // Waiting for a slot and for the graph's session counts against the
    // time limit too.
    let work = {
        let server = Arc::clone(server);
        async move {
            let permit = Arc::clone(&server.slots).acquire_owned().await;
            let (tx, rx) = tokio::sync::oneshot::channel();
            let stats = Arc::clone(&server);
            let files = req.files;
            let job: Job = Box::new(move |inputs, session| {
                let _permit = permit;
                let answer = if cancel.is_cancelled() {
                    // Given up on while it waited: nothing to run for.
                    None
                } else if let Some(why) = stale(&inputs.served[which]) {
                    // Checked again just before the run: the file may have
                    // changed while the request waited.
                    Some(Err((StatusCode::CONFLICT, why)))
                } else {
                    let _running = InFlight::enter(&stats.in_flight);
                    let served = &inputs.served[which];
                    served.requests.fetch_add(1, Relaxed);
                    // The budget is read now: what this process may use with
                    // its resident graphs and the requests running beside it.
                    // A client's --budget-bytes may lower it, never raise it:
                    // a larger one is dropped, so every check the query makes
                    // (its plan, its --gen/--kill sets) uses the server's.
                    let own = Budget::from_flag(None);
                    if args.budget_bytes.is_some_and(|b| b >= own.bytes()) {
                        args.budget_bytes = None;
                    }
                    let budget = args.budget_bytes.map_or(own, Budget::Flag);
                    let held = Held { session, cancel };
                    let (result, text) = input::with_request_files(files, || {
                        report::capture(|| {
                            run::run_loaded(
                                &args,
                                inputs.chosen.backend(),
                                &served.loaded,
                                &Bar::hidden(),
                                &budget,
                                Some(held),
                            )
                        })
                    });
                    Some(
                        result
                            .map(|_| text)
                            .map_err(|e| (StatusCode::UNPROCESSABLE_ENTITY, e.to_string())),
                    )
                };
                Box::new(move || {
                    if answer.is_none_or(|a| tx.send(a).is_err()) {
                        stats.cancelled.fetch_add(1, Relaxed);
                    }
                })
            });
            // The session thread lives as long as the server.
            server.queues[which].send(job).ok()?;
            rx.await.ok()
        }
    };
    match tokio::time::timeout(server.timeout, work).await {
        Err(_) => {
            server.timed_out.fetch_add(1, Relaxed);
            refuse(StatusCode::SERVICE_UNAVAILABLE, format!("the request ran past the server's limit of {} s. Fix: ask a smaller query (fewer sources, --repeat 1), or start the server with a larger --timeout-s", server.timeout.as_secs_f64()))
        }
        // The job panicked: its answer was never sent.
        Ok(None) => refuse(StatusCode::INTERNAL_SERVER_ERROR, "the request failed inside the server. Fix: this is a bug in dwell; please report it with the request"),
        Ok(Some(Ok(stdout))) => Json(json!({ "stdout": stdout })).into_response(),
        // What `dwell run` would have said on stderr before exiting 1 (or
        // why the file served can no longer answer).
        Ok(Some(Err((status, message)))) => refuse(status, message),
    }
}

/// Cancels its request's work when dropped.
struct CancelOnDrop(Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// One request running; counted out even if its job panics.
struct InFlight<'a>(&'a AtomicU64);

impl<'a> InFlight<'a> {
    fn enter(count: &'a AtomicU64) -> InFlight<'a> {
        count.fetch_add(1, Relaxed);
        InFlight(count)
    }
}

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Relaxed);
    }
}
