//! `dwell serve` against clients that would tie it up or make it hold too
//! much: half-sent requests and idle connections (read timeouts), more
//! connections than it keeps open (a 503, even at a low descriptor limit),
//! an oversized Content-Length, files that decompress to far more than was
//! sent, clients that hang up (their work is cancelled), and shutdown with
//! such clients connected (bounded drain; a second signal exits at once).
//! Also what `/metrics` counts (requests dropped while queued, bundle runs)
//! and the per-user token a TCP server requires. Loopback only; every wait
//! is bounded.

mod common;
use common::*;
use serde_json::Value;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::time::{Duration, Instant};

/// A connection that has sent `text` and then stalls.
fn stalled(addr: &str, text: &str) -> TcpStream {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    s.write_all(text.as_bytes()).unwrap();
    s
}

/// Everything the server sends on `s` until it closes it, and how long
/// that took.
fn until_closed(s: &mut TcpStream) -> (String, Duration) {
    let t = Instant::now();
    let mut got = Vec::new();
    let _ = s.read_to_end(&mut got);
    (String::from_utf8_lossy(&got).to_string(), t.elapsed())
}

/// Headers of a `POST /run` with the token, announcing `length` bytes.
fn run_head(length: usize) -> String {
    format!("POST /run HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAuthorization: Bearer {}\r\nContent-Length: {length}\r\n\r\n", token())
}

/// Poll `/metrics` until `done` holds (at most 60 s); the last reading.
fn metrics_until(addr: &str, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let m = metrics(addr);
        if done(&m) {
            return m;
        }
        assert!(Instant::now() < deadline, "never {what}: {m}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn slow_and_idle_clients_are_dropped_and_a_full_server_answers_503() {
    let dir = tempfile::tempdir().unwrap();
    let g = write(dir.path(), "g.edges", "0 1\n1 2\n");
    let server = Server::start_at(
        dir.path(),
        &[&g, "--listen", "127.0.0.1:0", "--read-timeout-s", "1"],
    );
    let a = server.addr.as_str();
    // Half the headers, then nothing: closed after the read timeout.
    let mut half = stalled(a, "POST /run HTTP/1.1\r\nHost: 127.0");
    let (_, took) = until_closed(&mut half);
    assert!(took < Duration::from_secs(10), "{took:?}");
    // Whole headers, half the body: 408 with a Fix.
    let mut body = stalled(a, &(run_head(100) + "{\"args\""));
    let (text, took) = until_closed(&mut body);
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
    assert!(
        text.contains("--read-timeout-s") && text.contains("Fix:"),
        "{text}"
    );
    assert!(took < Duration::from_secs(10), "{took:?}");
    // A Content-Length over --max-request-bytes: refused before any body.
    let mut huge = stalled(a, &run_head(1 << 30));
    let (text, took) = until_closed(&mut huge);
    assert!(text.starts_with("HTTP/1.1 413"), "{text}");
    assert!(text.contains("Fix:"), "{text}");
    assert!(took < Duration::from_secs(5), "{took:?}");
    assert!(server.up());
}

#[test]
fn many_idle_connections_get_503_and_never_make_the_server_unreachable() {
    let dir = tempfile::tempdir().unwrap();
    let g = write(dir.path(), "g.edges", "0 1\n1 2\n");
    // 256 descriptors, as in the issue; the default --max-connections (64).
    let args = [&g, "--listen", "127.0.0.1:0", "--read-timeout-s", "2"];
    let Some(server) = Server::start_in(dir.path(), "ulimit -n 256", &args) else {
        eprintln!("note: sh cannot set ulimit -n: skipped");
        return;
    };
    let a = server.addr.as_str();
    let idle: Vec<TcpStream> = (0..300).map(|_| TcpStream::connect(a).unwrap()).collect();
    // Over the limit: a clear 503 at once, not a wait.
    let t = Instant::now();
    let (status, text) = raw(a, "GET /health", &["Host: 127.0.0.1"], b"");
    assert_eq!(status, 503, "{text}");
    assert!(
        text.contains("--max-connections") && text.contains("Fix:"),
        "{text}"
    );
    assert!(t.elapsed() < Duration::from_secs(5));
    // The idle ones are closed after the read timeout: answered again.
    let deadline = Instant::now() + Duration::from_secs(30);
    while !server.up() {
        assert!(Instant::now() < deadline, "still unreachable");
        std::thread::sleep(Duration::from_millis(100));
    }
    let out = client_in(dir.path(), a, &["bfs", &g, "--sources", "0"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    drop(idle);
}

#[test]
fn a_client_that_hangs_up_cancels_its_running_and_queued_work() {
    let enron = data("graphs/email-Enron.edges.xz");
    let server = Server::start(&[&enron, "--listen", "127.0.0.1:0", "--timeout-s", "120"]);
    let a = server.addr.as_str();
    // About 10^5 runs of a few milliseconds: minutes, were it not stopped.
    let body = format!(
        r#"{{"args": ["bfs", "{enron}", "--sources", "random:64", "--repeat", "100000"]}}"#
    );
    let running = stalled(a, &(run_head(body.len()) + &body));
    metrics_until(a, "running", |m| m["in_flight"] == 1);
    // A second one waits for the graph's session behind the first.
    let queued = stalled(a, &(run_head(body.len()) + &body));
    metrics_until(a, "queued", |m| m["requests"].as_u64() >= Some(2));
    std::thread::sleep(Duration::from_millis(200));
    drop(queued);
    metrics_until(a, "dropped the queued one", |m| m["dropped_queued"] == 1);
    drop(running);
    let m = metrics_until(a, "cancelled the running one", |m| {
        m["in_flight"] == 0 && m["cancelled"] == 2
    });
    assert_eq!(m["dropped_queued"], 1, "{m}");
    let g = &m["graphs"][0];
    // Only the first ran, and stopped long before its 100,000 runs.
    assert_eq!(g["requests"], 1, "{g}");
    assert!(g["runs"].as_u64().unwrap() < 100_000, "{g}");
    // The graph's session is free for the next request at once.
    let t = Instant::now();
    let out = client_in(Path::new("."), a, &["bfs", &enron, "--sources", "0"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(t.elapsed() < Duration::from_secs(20), "{:?}", t.elapsed());
}

#[test]
fn sigterm_drains_within_bounds_despite_half_sent_requests_and_a_second_signal_exits_at_once() {
    let enron = data("graphs/email-Enron.edges.xz");
    let args = [&enron, "--listen", "127.0.0.1:0", "--read-timeout-s", "60"];
    let mut server = Server::start(&[&args[..], &["--drain-s", "60"]].concat());
    let addr = server.addr.clone();
    // Clients holding half-sent headers and a half-sent body.
    let _h = stalled(&addr, "POST /run HTTP/1.1\r\nHost: 127.0");
    let _b = stalled(&addr, &(run_head(100) + "{\"args\""));
    let (a2, e2) = (addr.clone(), enron.clone());
    let slow = std::thread::spawn(move || {
        let q = [
            "bfs",
            &e2,
            "--sources",
            "random:64",
            "--repeat",
            "40",
            "--json",
        ];
        client_in(Path::new("."), &a2, &q)
    });
    metrics_until(&addr, "running", |m| m["in_flight"] == 1);
    server.signal("TERM");
    // The request in flight is answered in full; the half-sent ones do not
    // hold the server for their 60 s read timeout.
    let out = slow.join().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["runs"], 40);
    let status = server.exit_within(Duration::from_secs(20));
    assert_eq!(status.and_then(|s| s.code()), Some(0));

    // A run that would outlast --drain-s: the server exits 1 when it ends.
    let mut server = Server::start(&[&args[..], &["--drain-s", "1"]].concat());
    let addr = server.addr.clone();
    let huge = [
        "bfs",
        &enron,
        "--sources",
        "random:64",
        "--repeat",
        "100000",
    ];
    let (a2, h2): (String, Vec<String>) = (addr.clone(), huge.map(String::from).to_vec());
    let _client = std::thread::spawn(move || {
        let h: Vec<&str> = h2.iter().map(String::as_str).collect();
        client_in(Path::new("."), &a2, &h)
    });
    metrics_until(&addr, "running", |m| m["in_flight"] == 1);
    server.signal("TERM");
    let status = server.exit_within(Duration::from_secs(15));
    let said: Vec<String> = server.stderr.try_iter().collect();
    assert_eq!(status.and_then(|s| s.code()), Some(1), "{said:?}");
    assert!(said.iter().any(|l| l.contains("--drain-s")), "{said:?}");

    // A second signal while draining: exits at once, non-zero.
    let mut server = Server::start(&[&args[..], &["--drain-s", "600"]].concat());
    let addr = server.addr.clone();
    let (a2, h2): (String, Vec<String>) = (addr.clone(), huge.map(String::from).to_vec());
    let _client = std::thread::spawn(move || {
        let h: Vec<&str> = h2.iter().map(String::as_str).collect();
        client_in(Path::new("."), &a2, &h)
    });
    metrics_until(&addr, "running", |m| m["in_flight"] == 1);
    server.signal("TERM");
    std::thread::sleep(Duration::from_millis(300));
    assert!(server.child.try_wait().unwrap().is_none(), "did not drain");
    server.signal("INT");
    let status = server.exit_within(Duration::from_secs(10));
    let code = status.and_then(|s| s.code());
    assert!(code.is_some_and(|c| c != 0), "{status:?}");
    std::thread::sleep(Duration::from_millis(100));
    let said: Vec<String> = server.stderr.try_iter().collect();
    assert!(said.iter().any(|l| l.contains("second signal")), "{said:?}");
}

#[test]
fn request_files_are_bounded_once_decompressed() {
    let enron = data("graphs/email-Enron.edges.xz");
    // Enron's 260 KB of xz are 3.7 MB of text: valid sources for Enron.
    let server = Server::start(&[
        &enron,
        "--listen",
        "127.0.0.1:0",
        "--max-request-bytes",
        "4000000",
        "--max-request-file-bytes",
        "1000000",
    ]);
    let q = ["bfs", enron.as_str(), "--sources-file", enron.as_str()];
    let out = client_in(Path::new("."), &server.addr, &q);
    refused(&out, "--max-request-file-bytes");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("decompressed") && err.contains("1000000"),
        "{err}"
    );
    // A file within the limit is read as before.
    let dir = tempfile::tempdir().unwrap();
    let s = write(dir.path(), "s.txt", "0\n7\n");
    let out = client_in(
        dir.path(),
        &server.addr,
        &["bfs", &enron, "--sources-file", &s],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `taint_demo.ll` imported into `dir`/demo.bundle; its path.
fn demo_bundle(dir: &Path) -> String {
    let bundle = dir.join("demo.bundle").to_str().unwrap().to_string();
    let ll = Path::new(env!("CARGO_MANIFEST_DIR")).join("../dwell/tests/data/c/taint_demo.ll");
    ok_json(&[
        "import",
        "llvm",
        ll.to_str().unwrap(),
        "--out",
        &bundle,
        "--json",
    ]);
    bundle
}

#[test]
fn bundle_runs_are_counted_and_budget_refusals_name_the_servers_budget() {
    let dir = tempfile::tempdir().unwrap();
    let bundle = demo_bundle(dir.path());
    let bundle = bundle.as_str();
    let enron = data("graphs/email-Enron.edges.xz");
    let server = Server::start(&[
        bundle,
        &enron,
        "--listen",
        "127.0.0.1:0",
        "--budget-bytes",
        "1000000",
    ]);
    let a = server.addr.as_str();
    for _ in 0..2 {
        let out = client_in(Path::new("."), a, &["liveness", bundle, "--json"]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let m = metrics(a);
    let b = m["graphs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["kind"] == "bundle")
        .unwrap();
    assert_eq!(b["program_runs"], 2, "{m}");
    // The server's 1 MB budget is too small for Enron's session: the Fix
    // names the server's budget, which a client cannot raise.
    let out = client_in(Path::new("."), a, &["bfs", &enron, "--sources", "0"]);
    refused(&out, "restart the server with a larger --budget-bytes");
    assert!(!String::from_utf8_lossy(&out.stderr).contains("pass a larger --budget-bytes"));
}

/// A served bundle's data-flow taint graph is built by its first request
/// and kept for the next ones with the same models (same findings as the
/// local command); other models build another.
#[test]
fn a_bundles_taint_graph_is_kept_between_requests_with_the_same_models() {
    let dir = tempfile::tempdir().unwrap();
    let bundle = demo_bundle(dir.path());
    let bundle = bundle.as_str();
    let server = Server::start(&[bundle, "--listen", "127.0.0.1:0"]);
    let a = server.addr.as_str();
    let served = |args: &[&str]| -> Value {
        let out = client_in(Path::new("."), a, args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let built = |m: &Value| {
        let graphs = m["graphs"].as_array().unwrap();
        graphs[0]["taint_graphs_built"].as_u64().unwrap()
    };
    let local = ok_json(&["run", "taint", bundle, "--json"]);
    let first = served(&["taint", bundle, "--json"]);
    let second = served(&["taint", bundle, "--json"]);
    assert_eq!(first["graph_kept"], false);
    assert_eq!(second["graph_kept"], true);
    assert_eq!(local["graph_kept"], false);
    assert_eq!(first["findings"], local["findings"]);
    assert_eq!(second["findings"], local["findings"]);
    assert_eq!(second["findings"].as_array().unwrap().len(), 4);
    assert_eq!(built(&metrics(a)), 1);
    // A name without a model changes the models: a graph of its own.
    let other = served(&["taint", bundle, "--sources-fn", "my_input", "--json"]);
    assert_eq!(other["graph_kept"], false);
    assert_eq!(built(&metrics(a)), 2);
    // --queries of names that have models: the first graph's models again.
    let q = dir.path().join("q.txt");
    std::fs::write(&q, "getenv\nread,recv\n").unwrap();
    let answered = served(&["taint", bundle, "--queries", q.to_str().unwrap(), "--json"]);
    assert_eq!(answered["graph_kept"], false);
    let again = served(&["taint", bundle, "--queries", q.to_str().unwrap(), "--json"]);
    assert_eq!(again["graph_kept"], true);
    for i in 0..2 {
        let q = |v: &Value| v["queries"][i]["findings"].clone();
        assert_eq!(q(&again), q(&answered));
    }
    let found = |i: usize| again["queries"][i]["findings"].as_array().unwrap().len();
    assert_eq!((found(0), found(1)), (2, 2));
    assert_eq!(built(&metrics(a)), 3);
}

#[test]
fn tcp_requires_the_per_user_token_that_the_client_reads() {
    use std::os::unix::fs::PermissionsExt as _;
    let home = tempfile::tempdir().unwrap();
    let other = tempfile::tempdir().unwrap();
    let g = write(home.path(), "g.edges", "0 1\n1 2\n");
    let config = home.path().join("config");
    let prelude = format!("export XDG_CONFIG_HOME={}", config.display());
    let server = Server::start_in(home.path(), &prelude, &[&g, "--listen", "127.0.0.1:0"]).unwrap();
    let file = config.join("dwell/token");
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&file), 0o600);
    assert_eq!(mode(&config.join("dwell")), 0o700);
    let token = std::fs::read_to_string(&file).unwrap();
    assert_eq!(token.trim().len(), 64, "{token}");
    let q = [
        "run",
        "bfs",
        g.as_str(),
        "--sources",
        "0",
        "--server",
        server.addr.as_str(),
    ];
    // The same user (the same config folder): no flag needed.
    let mine = dwell_cmd()
        .args(q)
        .env("XDG_CONFIG_HOME", &config)
        .output()
        .unwrap();
    assert!(
        mine.status.success(),
        "{}",
        String::from_utf8_lossy(&mine.stderr)
    );
    // Another user, who cannot read that file: refused.
    let theirs = dwell_cmd()
        .args(q)
        .env("XDG_CONFIG_HOME", other.path())
        .output()
        .unwrap();
    refused(&theirs, "token");
    let (status, _) = raw(
        &server.addr,
        "GET /health",
        &["Host: 127.0.0.1", "Authorization: none"],
        b"",
    );
    assert_eq!(status, 401);
    // A second server reuses the file; one readable by others is refused.
    drop(server);
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
    let out = dwell_cmd()
        .args(["serve", &g, "--listen", "127.0.0.1:0"])
        .env("XDG_CONFIG_HOME", &config)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("chmod 600") && err.contains("Fix:"), "{err}");
    // A Unix socket (0600) needs no token.
    let sock = home.path().join("s.sock");
    let sock = sock.to_str().unwrap();
    let server = Server::start_in(home.path(), "true", &[&g, "--socket", sock]).unwrap();
    let unix = format!("unix:{sock}");
    let q = [
        "run",
        "bfs",
        g.as_str(),
        "--sources",
        "0",
        "--server",
        unix.as_str(),
    ];
    let out = dwell_cmd()
        .args(q)
        .env("XDG_CONFIG_HOME", other.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    drop(server);
}
