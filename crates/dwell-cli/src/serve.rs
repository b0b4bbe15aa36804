//! `dwell serve GRAPH... [--listen ADDR | --socket PATH]`: load each input
//! once and answer `dwell run … --server ADDR` over HTTP (axum on tokio).
//!
//! A request is the `dwell run` argument vector; the server parses it with
//! the same clap types, builds the query with `query::from_flags` and runs
//! it with `run::run_loaded` — the code `dwell run` runs — with an
//! `input::Io` of its own: the output goes to a buffer (`report::Out`), so
//! the answer is what the local command prints, and the files that flags
//! name (`--sources-file`, `--gen`, a sinks file) are the ones the request
//! brought (`input::Files::Sent`): the server never opens, nor asks about,
//! a path a client names. Nothing is redirected per thread.
//!
//! Each graph has one resident session for the server's life, on a
//! `dwell::session::worker::Worker` of its own (the thread Python sessions
//! use too; a session stays on the thread that opened it: a device
//! context may be tied to it): the first query on the graph opens it (the
//! one upload), every later one re-plans it for its own runs, sizes and
//! budget (`Session::replan`) and reads back its own output. Requests for
//! one graph take turns on its thread (their runs are parallel inside);
//! requests for different graphs run side by side. Program bundles run
//! their per-function sessions as `dwell run` does; a bundle's data-flow
//! taint graph (points-to, value flow, summaries) is built by its first
//! taint request and kept for later ones with the same models
//! (`taint_flow::Kept`; `/metrics` counts `taint_graphs_built`).
//!
//! Endpoints: `POST /run` (`{"args": [...], "graph": PATH, "graph_id":
//! {size, mtime_s, mtime_ns, dev, ino}, "files": {PATH: [bytes]}}` → `{"stdout": TEXT}`, or a 4xx/5xx with `{"error": "… Fix: …"}`),
//! `GET /health`, `GET /metrics` (requests, requests dropped while queued,
//! runs, program runs, sessions' graph uploads and bytes, per graph). Each
//! request runs under its own memory-budget check (its query's plan
//! against the server's budget: `--budget-bytes`, else what the process
//! may use now); files it brings are bounded once decompressed
//! (`--max-request-file-bytes`, and the budget); at most `--max-in-flight`
//! are admitted at once; one that outlives `--timeout-s` is answered 503
//! and cancelled: the run in progress stops within one level or round
//! (every backend's kernels poll the cancel; a cuda resident-mode launch
//! already on the device runs to its end) and its partial output is
//! dropped, or it never starts if it was still waiting, so the graph's
//! session is free for the next request at once. A client that disconnects cancels its own request the same
//! way (hyper drops the handler when the connection closes).
//!
//! Connections (`conn.rs`): header and body read timeouts
//! (`--read-timeout-s`), at most `--max-connections` open (one more gets a
//! 503), a Content-Length over `--max-request-bytes` refused before the
//! body is read. SIGTERM or SIGINT stops accepting, lets in-flight requests
//! finish within `--drain-s` (a request still being received is dropped),
//! and exits 0; a second signal exits at once.
//!
//! Identity: a client that has the graph file sends its canonical path and
//! `stat` identity (`graph`, `graph_id`); the server answers only for the
//! input loaded from that path, only if the identities agree, and only
//! while its own file still has the identity it had when loaded (checked
//! again before the run): otherwise 409 with a Fix, never another or an
//! older graph's answer. A client's `--budget-bytes` may lower the
//! server's budget for its request, never raise it.
//!
//! Security: TCP on loopback by default, with a token every request
//! carries (`Authorization: Bearer TOKEN`, compared in constant time): the
//! per-user token file (`token.rs`, made 0600, read by `dwell run
//! --server`), or `--token-file`. Another address needs `--allow-remote`
//! and `--token-file`. A Unix socket (no token unless `--token-file`) is
//! created with mode 0600 in a private (0700) folder and renamed into
//! place, so it is never reachable with wider permissions. Every request needs a loopback
//! Host (unless `--allow-remote`) and no Origin but a loopback one, and
//! `POST /run` needs `Content-Type: application/json` (`guard.rs`).

mod conn;
mod guard;
mod metrics;
mod token;

use crate::input::FileId;

use crate::args::{Cli, Command, LoadArgs, RunArgs, ServeArgs};
use crate::backends::{self, Chosen};
use crate::error::Result;
use crate::input::{graph_options, Files, Input, Io, Loaded, RequestFiles};
use crate::progress::Bar;
use crate::report::{Budget, Out};
use crate::run::{self, Held};
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use clap::Parser as _;
use dwell::progress::Cancel;
use dwell::session::worker::{Job, Worker};
use dwell::session::Session;
use serde::Deserialize;
use serde_json::json;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};
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
    /// Program bundle analyses run to their answer (a bundle's own
    /// per-function sessions are not the resident one).
    program_runs: AtomicU64,
    /// A bundle's data-flow taint graph, kept between requests.
    taint: crate::taint_flow::Kept,
    uploads: AtomicU64,
    bytes_uploaded: AtomicU64,
    bytes_read_back: AtomicU64,
}

/// What the graphs' session workers share with the request handlers.
struct Inputs {
    served: Vec<Served>,
    chosen: Chosen,
}

/// The thread that owns served inputs' resident session (one per input).
type SessionWorker = Worker<Inputs>;

struct Server {
    inputs: Arc<Inputs>,
    /// One session worker per served input.
    workers: Vec<SessionWorker>,
    /// How the inputs were loaded (the graph path aside): requests must
    /// ask the same.
    load: LoadArgs,
    token: Option<String>,
    /// Host need not be loopback (the token guards the server).
    allow_remote: bool,
    timeout: Duration,
    /// `--budget-bytes`: the server's own budget, if fixed.
    budget: Option<u64>,
    read_timeout: Duration,
    max_request_bytes: usize,
    max_file_bytes: u64,
    /// Fires when the server starts stopping.
    shutdown: conn::Shutdown,
    slots: Arc<tokio::sync::Semaphore>,
    requests: AtomicU64,
    rejected: AtomicU64,
    failed: AtomicU64,
    timed_out: AtomicU64,
    /// Requests stopped before all their runs (timed out or hung up).
    cancelled: AtomicU64,
    /// Of those, the ones stopped before their job started.
    dropped_queued: AtomicU64,
    in_flight: AtomicU64,
}

/// `work` as a job for served input `which`'s session worker: what the
/// resident session did during it is added to the input's metrics before
/// its answer is handed over (`work` returns how), so a client that reads
/// `/metrics` after its answer sees its runs counted. A job that panics
/// loses the session and has no answer: its handler sees the sender
/// dropped.
fn counted(
    which: usize,
    work: impl for<'s> FnOnce(&'s Inputs, &mut Option<Session<'s>>) -> Box<dyn FnOnce() + Send>
        + Send
        + 'static,
) -> Job<Inputs> {
    Box::new(move |inputs, session| {
        let now = |s: &Option<Session<'_>>| s.as_ref().and_then(|s| s.counters().ok());
        let before = now(session).unwrap_or_default();
        let deliver = work(inputs, session);
        // What the session did for this request, finished or not (a
        // cancelled query's runs were run).
        if let Some(d) = now(session).and_then(|after| after.since(&before)) {
            let served = &inputs.served[which];
            served.runs.fetch_add(d.runs, Relaxed);
            served.uploads.fetch_add(d.graph_uploads, Relaxed);
            served.bytes_uploaded.fetch_add(d.bytes_uploaded, Relaxed);
            served.bytes_read_back.fetch_add(d.bytes_read_back, Relaxed);
        }
        deliver();
    })
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

/// The token requests must carry: `--token-file`'s, else on TCP the
/// per-user one (made if absent); none on a Unix socket (its mode guards it).
fn server_token(args: &ServeArgs, listen: Option<std::net::SocketAddr>) -> Result<Option<String>> {
    if let Some(a) = listen {
        if !a.ip().is_loopback() {
            if !args.allow_remote {
                return Err(format!("--listen {a} is not a loopback address, so other machines could send queries. Fix: listen on 127.0.0.1, or pass --allow-remote with --token-file").into());
            }
            if args.token_file.is_none() {
                return Err(format!("--listen {a} with --allow-remote needs a token. Fix: pass --token-file FILE (clients use `--token-file FILE` or DWELL_SERVER_TOKEN)").into());
            }
        }
    }
    match (&args.token_file, listen) {
        (Some(f), _) => Ok(Some(token::read(f)?)),
        (None, Some(_)) => {
            let (t, path) = token::per_user()?;
            eprintln!(
                "dwell serve: requests need the token in {} (`dwell run --server` reads it)",
                path.display()
            );
            Ok(Some(t))
        }
        (None, None) => Ok(None),
    }
}

/// A positive number of seconds from flag `name`.
fn seconds(name: &str, v: f64) -> Result<Duration> {
    Duration::try_from_secs_f64(v)
        .ok()
        .filter(|d| !d.is_zero())
        .ok_or_else(|| {
            format!("{name} {v} is not a positive number of seconds. Fix: give e.g. {name} 10")
                .into()
        })
}

/// Load every input once and start its session worker.
fn load_inputs(args: &ServeArgs) -> Result<(Arc<Inputs>, Vec<SessionWorker>)> {
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
            program_runs: AtomicU64::new(0),
            taint: Default::default(),
            uploads: AtomicU64::new(0),
            bytes_uploaded: AtomicU64::new(0),
            bytes_read_back: AtomicU64::new(0),
        });
    }
    bar.finish();
    let inputs = Arc::new(Inputs { served, chosen });
    let workers = (0..inputs.served.len())
        .map(|which| Worker::spawn(format!("dwell-session-{which}"), Arc::clone(&inputs)))
        .collect::<std::io::Result<_>>()?;
    Ok((inputs, workers))
}

pub fn serve(args: &ServeArgs) -> Result<()> {
    let listen = match (&args.socket, args.listen) {
        (Some(_), _) => None,
        (None, Some(a)) => Some(a),
        (None, None) => Some(DEFAULT_LISTEN.parse().expect("a valid default address")),
    };
    let token = server_token(args, listen)?;
    let limits = conn::Limits {
        read_timeout: seconds("--read-timeout-s", args.read_timeout_s)?,
        max_connections: conn::within_fd_limit(args.max_connections),
        drain: seconds("--drain-s", args.drain_s)?,
    };
    let (inputs, workers) = load_inputs(args)?;
    let (stopping, shutdown) = conn::Shutdown::channel();
    let server = Arc::new(Server {
        inputs,
        workers,
        load: args.load.clone(),
        token,
        allow_remote: args.allow_remote,
        timeout: Duration::from_secs_f64(args.timeout_s.clamp(0.001, 1e9)),
        budget: args.budget_bytes,
        read_timeout: limits.read_timeout,
        max_request_bytes: args.max_request_bytes,
        max_file_bytes: args.max_request_file_bytes,
        shutdown,
        slots: Arc::new(tokio::sync::Semaphore::new(args.max_in_flight.max(1))),
        requests: AtomicU64::new(0),
        rejected: AtomicU64::new(0),
        failed: AtomicU64::new(0),
        timed_out: AtomicU64::new(0),
        cancelled: AtomicU64::new(0),
        dropped_queued: AtomicU64::new(0),
        in_flight: AtomicU64::new(0),
    });
    let app = Router::new()
        .route("/run", post(run_request))
        .route("/health", get(metrics::health))
        .route("/metrics", get(metrics::metrics))
        .fallback(|| async {
            refuse(
                StatusCode::NOT_FOUND,
                "no such endpoint. Fix: POST /run, GET /health or GET /metrics",
            )
        })
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
    let names = names.join(", ");
    let served = rt.block_on(async move {
        let listener = match (&args.socket, listen) {
            (Some(path), _) => {
                let l = conn::bind_socket(path)?;
                eprintln!("dwell serve: listening on unix:{} ({names})", path.display());
                l
            }
            (None, Some(addr)) => {
                let l = tokio::net::TcpListener::bind(addr).await.map_err(|e| {
                    format!("cannot listen on {addr}: {e}. Fix: pick a free port (--listen 127.0.0.1:0 picks one), or stop what holds it")
                })?;
                eprintln!("dwell serve: listening on {} ({names})", l.local_addr()?);
                conn::Listener::Tcp(l)
            }
            (None, None) => unreachable!("listen defaults to {DEFAULT_LISTEN}"),
        };
        conn::serve(listener, app, &limits, stopping).await?;
        eprintln!("dwell serve: stopped; in-flight requests finished");
        Ok::<(), Box<dyn std::error::Error>>(())
    });
    // Tasks still blocked on a client are not waited for.
    rt.shutdown_background();
    served
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
        return Err(bad("--directed/--undirected/--ids/--columns/--weights/--input-format differ from how the server loaded its graphs. Fix: pass the same flags as `dwell serve` got".into()));
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
    body: Body,
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

/// The request's body: at most `--max-request-bytes` (a larger
/// Content-Length is refused before anything is read), within
/// `--read-timeout-s`, unless the server starts stopping meanwhile.
async fn read_body(
    server: &Server,
    headers: &HeaderMap,
    body: Body,
) -> std::result::Result<Bytes, Response> {
    let max = server.max_request_bytes;
    let too_large = || {
        refuse(StatusCode::PAYLOAD_TOO_LARGE, format!("the request is larger than the server's --max-request-bytes ({max}). Fix: send smaller files (a long --sources list can go in a file), or restart the server with a larger --max-request-bytes"))
    };
    let length = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    if length.is_some_and(|n| n > max as u64) {
        return Err(too_large());
    }
    let read = tokio::time::timeout(
        server.read_timeout,
        http_body_util::BodyExt::collect(http_body_util::Limited::new(body, max)),
    );
    tokio::select! {
        r = read => match r {
            Err(_) => Err(refuse(StatusCode::REQUEST_TIMEOUT, format!("the request body did not arrive within the server's --read-timeout-s of {} s. Fix: send the whole request at once, or restart the server with a larger --read-timeout-s", server.read_timeout.as_secs_f64()))),
            Ok(Err(e)) if e.is::<http_body_util::LengthLimitError>() => Err(too_large()),
            Ok(Err(e)) => Err(refuse(StatusCode::BAD_REQUEST, format!("{e}. Fix: send the request body in full"))),
            Ok(Ok(c)) => Ok(c.to_bytes()),
        },
        () = server.shutdown.started() => Err(refuse(StatusCode::SERVICE_UNAVAILABLE, "the server is shutting down, so it stopped reading this request. Fix: send it again to a running server")),
    }
}

/// A job's queue state: it runs only if it is still queued when its turn
/// comes, and counts as dropped while queued only if its request ended
/// first (never both).
const QUEUED: u8 = 0;
const RUNNING: u8 = 1;
const DROPPED: u8 = 2;

/// Marks its request's job dropped (and counts it) if the request ends —
/// answered 503, or abandoned by a client that hung up — before the job
/// started.
struct Queued(Arc<AtomicU8>, Arc<Server>);

impl Drop for Queued {
    fn drop(&mut self) {
        if self
            .0
            .compare_exchange(QUEUED, DROPPED, Relaxed, Relaxed)
            .is_ok()
        {
            self.1.dropped_queued.fetch_add(1, Relaxed);
            self.1.cancelled.fetch_add(1, Relaxed);
        }
    }
}

/// What a served error says: a query refused by the server's own budget
/// cannot be fixed by the client's `--budget-bytes` (it can only lower
/// the budget), so the Fix names the server's.
fn served_error(message: String, server_budget: bool) -> String {
    if !server_budget {
        return message;
    }
    let fix = "restart the server with a larger --budget-bytes, or free memory where it runs (a client's --budget-bytes can only lower the server's budget)";
    message
        .replace("pass a larger --budget-bytes if that memory is really free (the default is what this process may use; `dwell plan` shows it)", fix)
        .replace("raise the memory budget (--budget-bytes)", fix)
}

async fn answer(server: &Arc<Server>, headers: &HeaderMap, body: Body) -> Response {
    if let Some(r) = checked(server, headers, true) {
        return r;
    }
    let body = match read_body(server, headers, body).await {
        Ok(b) => b,
        Err(r) => return r,
    };
    let req: RunRequest = match serde_json::from_slice(&body) {
        Ok(r) => r,
        Err(e) => {
            return refuse(StatusCode::BAD_REQUEST, format!("the body is not a run request: {e}. Fix: send {{\"args\": [\"bfs\", \"GRAPH\", \"--sources\", \"0\"]}} (what `dwell run --server` sends)"))
        }
    };
    let (args, which) = match resolve(server, &req) {
        Ok(x) => x,
        Err(r) => return *r,
    };
    // Dropped when this answer is made — done, past the time limit, or
    // abandoned by a client that hung up: then the run in progress stops
    // within one level or round (its kernels poll the cancel), or never
    // starts (a finished job does not notice).
    let cancel = Cancel::new();
    let _stop = CancelOnDrop(cancel.clone());
    let state = Arc::new(AtomicU8::new(QUEUED));
    let _queued = Queued(Arc::clone(&state), Arc::clone(server));
    // Waiting for a slot and for the graph's session counts against the
    // time limit too.
    let work = {
        let server = Arc::clone(server);
        async move {
            let permit = Arc::clone(&server.slots).acquire_owned().await;
            let (tx, rx) = tokio::sync::oneshot::channel();
            let stats = Arc::clone(&server);
            let job = counted(which, move |inputs, session| {
                let _permit = permit;
                let answer = if state
                    .compare_exchange(QUEUED, RUNNING, Relaxed, Relaxed)
                    .is_err()
                {
                    // Given up on while it waited: nothing to run for.
                    None
                } else {
                    Some(run_job(
                        &stats, inputs, which, session, args, req.files, cancel,
                    ))
                };
                Box::new(move || {
                    if answer.is_some_and(|a| tx.send(a).is_err()) {
                        stats.cancelled.fetch_add(1, Relaxed);
                    }
                })
            });
            // The session worker lives as long as the server.
            server.workers[which].send(job).ok()?;
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

/// A request's job on its graph's session worker: the run's printed text,
/// or the status and message to refuse with.
fn run_job<'s>(
    stats: &Server,
    inputs: &'s Inputs,
    which: usize,
    session: &mut Option<Session<'s>>,
    mut args: RunArgs,
    files: RequestFiles,
    cancel: Cancel,
) -> std::result::Result<String, (StatusCode, String)> {
    let served = &inputs.served[which];
    // Checked again just before the run: the file may have changed while
    // the request waited.
    if let Some(why) = stale(served) {
        return Err((StatusCode::CONFLICT, why));
    }
    let _running = InFlight::enter(&stats.in_flight);
    served.requests.fetch_add(1, Relaxed);
    // The budget is read now: what this process may use with its resident
    // graphs and the requests running beside it (or the server's
    // --budget-bytes). A client's --budget-bytes may lower it, never raise
    // it: a larger one is dropped, so every check the query makes (its
    // plan, its --gen/--kill sets) uses the server's.
    let own = Budget::from_flag(stats.budget);
    if args.budget_bytes.is_some_and(|b| b >= own.bytes()) {
        args.budget_bytes = None;
    }
    let servers_budget = args.budget_bytes.is_none();
    let budget = args.budget_bytes.map_or(own, Budget::Flag);
    // A request's files, decompressed, fit the flag and the budget.
    let file_limit = stats.max_file_bytes.min(budget.bytes());
    let held = Held {
        session,
        taint: &served.taint,
    };
    let mut io = Io {
        stdout: Out::Buffer(String::new()),
        files: Files::Sent {
            files,
            limit: file_limit,
        },
        cancel: Some(cancel),
    };
    let result = run::run_loaded(
        &args,
        inputs.chosen.backend(),
        &served.loaded,
        &Bar::hidden(),
        &budget,
        Some(held),
        &mut io,
    );
    if result.is_ok() && matches!(served.loaded.input, Input::Bundle(_)) {
        served.program_runs.fetch_add(1, Relaxed);
    }
    result.map(|_| io.stdout.into_text()).map_err(|e| {
        let message = served_error(e.to_string(), servers_budget);
        (StatusCode::UNPROCESSABLE_ENTITY, message)
    })
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
