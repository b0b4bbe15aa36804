//! `dwell serve` and `dwell run --server`: a real server on a free loopback
//! port (never anything outside 127.0.0.0/8) answers what the local command
//! answers, for every analysis on bundled graphs and a program bundle; and
//! the limits hold: tokens, request size and time, malformed requests,
//! Unix socket permissions, concurrent clients, a client that disconnects,
//! SIGTERM draining in-flight requests.

mod common;
use common::*;
use serde_json::Value;
use std::io::Write;
use std::net::TcpStream;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// JSON of `dwell run`, less what differs between any two runs (timings,
/// the process's budget, pool-dependent scratch allocations) and what a
/// served query does not do: upload the graph (the server's resident
/// session did that once, for its first query; `served_uploads_once`
/// checks the figures).
fn answers(mut v: Value) -> Value {
    let obj = v.as_object_mut().unwrap();
    // Bundle reports put their times at the top.
    obj.retain(|k, _| !k.ends_with("_ms"));
    obj.remove("timings");
    if let Some(p) = obj.get_mut("plan").and_then(Value::as_object_mut) {
        p.remove("budget");
        p.remove("budget_bytes");
    }
    if let Some(c) = obj.get_mut("counters").and_then(Value::as_object_mut) {
        c.remove("allocations");
        c.remove("graph_uploads");
        c.remove("bytes_uploaded");
    }
    obj.remove("reuse");
    v
}

/// A served graph query's JSON: at most the one upload of its graph's
/// session (its first query), and every other run a warm reuse.
fn served_uploads_once(v: &Value) {
    let uploads = v["counters"]["graph_uploads"].as_u64().unwrap();
    assert!(uploads <= 1, "{v}");
    let reuse = &v["reuse"];
    assert_eq!(reuse["cold_uploads"].as_u64(), Some(uploads), "{v}");
    assert_eq!(
        reuse["warm_reuses"].as_u64().unwrap() + uploads,
        v["runs"].as_u64().unwrap(),
        "{v}"
    );
    if uploads == 0 {
        assert_eq!(reuse["upload_bytes"], 0, "{v}");
    }
}

/// Text output with every `N ms` / `N.N ms` (measured times) blanked.
fn untimed(s: &str) -> String {
    let mut out = String::new();
    for word in s.split_inclusive(' ') {
        let w = word.trim_end();
        if w.parse::<f64>().is_ok() || w.trim_end_matches("ms").parse::<f64>().is_ok() {
            out.push_str("T ");
        } else {
            out.push_str(word);
        }
    }
    out
}

fn run_both(addr: &str, args: &[&str]) -> (std::process::Output, std::process::Output) {
    let local = dwell(&[&["run"], args].concat());
    let remote = dwell(&[&["run"], args, &["--server", addr]].concat());
    (local, remote)
}

fn assert_same(addr: &str, args: &[&str]) {
    let (local, remote) = run_both(addr, args);
    let l = String::from_utf8_lossy(&local.stdout).to_string();
    let r = String::from_utf8_lossy(&remote.stdout).to_string();
    assert_eq!(
        local.status.code(),
        remote.status.code(),
        "{args:?}: {}",
        String::from_utf8_lossy(&remote.stderr)
    );
    assert!(
        local.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&local.stderr)
    );
    if args.contains(&"--json") || args.contains(&"json") {
        let (l, r): (Value, Value) = (
            serde_json::from_str(&l).unwrap(),
            serde_json::from_str(&r).unwrap(),
        );
        if r.get("reuse").is_some() {
            served_uploads_once(&r);
        }
        assert_eq!(answers(l), answers(r), "{args:?}");
    } else {
        assert_eq!(untimed(&l), untimed(&r), "{args:?}");
    }
}

/// The inputs the served-equals-local test serves, written under a
/// temporary folder: four graphs (one as a snapshot), a program bundle, and
/// the files some flags name.
struct Served {
    karate: String,
    snap: String,
    enron: String,
    roads: String,
    bundle: String,
    gen: String,
    kill: String,
    srcs: String,
}

impl Served {
    fn write(dir: &Path) -> Served {
        let bundle = dir.join("lua.bundle").to_str().unwrap().to_string();
        ok_json(&[
            "import",
            "llvm",
            &data("programs/lua-5.4.7.ssa.ll.xz"),
            "--out",
            &bundle,
            "--json",
        ]);
        // Served from a snapshot: the client names the snapshot too.
        let snap = dir.join("pgp.dwell").to_str().unwrap().to_string();
        let pgp = data("graphs/pgp-strong-2009.edges.xz");
        ok_json(&["snapshot", &pgp, "--out", &snap, "--json"]);
        Served {
            karate: data("graphs/karate.edges.xz"),
            snap,
            enron: data("graphs/email-Enron.edges.xz"),
            roads: data("roads/bremen_dist.gr.xz"),
            bundle,
            gen: write(dir, "gen.txt", "0 1 2\n5 3\n33 4\n"),
            kill: write(dir, "kill.txt", "1 2\n7 1\n"),
            srcs: write(dir, "sources.txt", "0\n# a comment\n9, 17\n"),
        }
    }
}

/// bfs, reach, taint, wcc and scc on graph `g`, as JSON and as text.
fn graph_analyses_agree(a: &str, g: &str) {
    for json in [true, false] {
        let j: &[&str] = if json { &["--json"] } else { &[] };
        assert_same(a, &[&["bfs", g, "--sources", "random:16"], j].concat());
        assert_same(
            a,
            &[
                &[
                    "reach",
                    g,
                    "--sources",
                    "0,3",
                    "--direction",
                    "backward",
                    "--sinks",
                    "1,2,5",
                ],
                j,
            ]
            .concat(),
        );
        assert_same(
            a,
            &[
                &[
                    "taint",
                    g,
                    "--sources",
                    "0",
                    "--sinks",
                    "4,9,12",
                    "--sanitizers",
                    "2",
                ],
                j,
            ]
            .concat(),
        );
        assert_same(a, &[&["wcc", g], j].concat());
        assert_same(a, &[&["scc", g], j].concat());
    }
}

/// Flags that name files (read by the client, sent along): sources from a
/// file, and dataflow's gen and kill sets.
fn file_flags_agree(a: &str, s: &Served) {
    let karate = s.karate.as_str();
    assert_same(
        a,
        &[
            "bfs",
            karate,
            "--sources-file",
            &s.srcs,
            "--repeat",
            "3",
            "--json",
        ],
    );
    let gen_kill = ["--gen", s.gen.as_str(), "--kill", s.kill.as_str()];
    assert_same(
        a,
        &[
            &["dataflow", karate][..],
            &gen_kill,
            &["--direction", "backward", "--json"],
        ]
        .concat(),
    );
    assert_same(
        a,
        &[
            &["dataflow", karate][..],
            &gen_kill,
            &["--meet", "intersection"],
        ]
        .concat(),
    );
}

/// The program bundle: per-function dataflow, one function, taint (JSON,
/// text).
fn bundle_analyses_agree(a: &str, bundle: &str) {
    assert_same(a, &["liveness", bundle, "--json"]);
    assert_same(
        a,
        &[
            "reaching-defs",
            bundle,
            "--function",
            "luaV_execute",
            "--json",
        ],
    );
    assert_same(
        a,
        &[
            "taint",
            bundle,
            "--mode",
            "control-flow",
            "--sources-fn",
            "getenv,fgets",
            "--sinks-fn",
            "system,fwrite",
            "--json",
        ],
    );
    assert_same(
        a,
        &[
            "taint",
            bundle,
            "--sources-fn",
            "getenv",
            "--sinks-fn",
            "system,memcpy",
            "--context-insensitive",
        ],
    );
}

/// Errors are the local command's errors, word for word, with exit 1.
fn errors_agree(a: &str, karate: &str) {
    for bad in [
        vec!["bfs", karate, "--sources", "99"],
        vec!["bfs", karate, "--sources", "0", "--budget-bytes", "1000"],
        vec!["liveness", karate],
        vec!["reach", karate, "--sources", "0", "--labels", "call"],
    ] {
        let (local, remote) = run_both(a, &bad);
        assert_eq!(local.status.code(), Some(1), "{bad:?}");
        assert_eq!(remote.status.code(), Some(1), "{bad:?}");
        assert_eq!(
            String::from_utf8_lossy(&local.stderr),
            String::from_utf8_lossy(&remote.stderr),
            "{bad:?}"
        );
        assert!(String::from_utf8_lossy(&remote.stderr).contains("Fix:"));
    }
}

/// Each input was loaded once; every request was counted; each graph was
/// uploaded once, by its resident session's first query, for the 17 to 21
/// queries of five analyses and many sizes it answered (the bundle's
/// program analyses open their own sessions, as locally).
fn metrics_count_one_load_and_upload(a: &str, enron: &str) {
    let (status, m) = http(a, "GET /metrics", &[], b"");
    assert_eq!(status, 200);
    let graphs = m["graphs"].as_array().unwrap();
    assert_eq!(graphs.len(), 5);
    assert!(graphs.iter().all(|g| g["loads"] == 1));
    for g in graphs {
        let want = if g["kind"] == "graph" { 1 } else { 0 };
        assert_eq!(g["session_uploads"], want, "{g}");
    }
    let enron_m = graphs.iter().find(|g| g["file"] == enron).unwrap();
    assert_eq!(enron_m["requests"], 10);
    assert_eq!(enron_m["runs"], 10);
    assert!(m["requests"].as_u64().unwrap() >= 50);
}

#[test]
fn answers_equal_local_runs_for_every_analysis() {
    let dir = tempfile::tempdir().unwrap();
    let s = Served::write(dir.path());
    let server = Server::start(&[
        &s.karate,
        &s.snap,
        &s.enron,
        &s.roads,
        &s.bundle,
        "--listen",
        "127.0.0.1:0",
    ]);
    let a = server.addr.as_str();
    for g in [&s.karate, &s.snap, &s.enron, &s.roads] {
        graph_analyses_agree(a, g);
    }
    file_flags_agree(a, &s);
    bundle_analyses_agree(a, &s.bundle);
    errors_agree(a, &s.karate);
    metrics_count_one_load_and_upload(a, &s.enron);
    let (status, h) = http(a, "GET /health", &[], b"");
    assert_eq!((status, h["status"].as_str()), (200, Some("ok")));
}

#[test]
fn malformed_requests_are_4xx_with_fix_and_the_server_keeps_serving() {
    let karate = data("graphs/karate.edges.xz");
    let server = Server::start(&[
        &karate,
        "--listen",
        "127.0.0.1:0",
        "--max-request-bytes",
        "2000",
    ]);
    let a = server.addr.as_str();
    let json = ["Content-Type: application/json"];
    let cases: Vec<(&str, &str, Vec<u8>, u16)> = vec![
        ("POST", "/run", b"not json".to_vec(), 400),
        ("POST", "/run", br#"{"args": 5}"#.to_vec(), 400),
        (
            "POST",
            "/run",
            br#"{"args": ["bfs", "x"], "extra": 1}"#.to_vec(),
            400,
        ),
        (
            "POST",
            "/run",
            br#"{"args": ["frobnicate", "x"]}"#.to_vec(),
            400,
        ),
        (
            "POST",
            "/run",
            br#"{"args": ["bfs", "/not/served.edges", "--sources", "0"]}"#.to_vec(),
            404,
        ),
        (
            "POST",
            "/run",
            format!(r#"{{"args": ["bfs", "{karate}", "--sources", "0", "--out", "/tmp/x"]}}"#)
                .into_bytes(),
            400,
        ),
        (
            "POST",
            "/run",
            format!(
                r#"{{"args": ["bfs", "{karate}", "--sources", "0", "--backend", "cpu-reference"]}}"#
            )
            .into_bytes(),
            400,
        ),
        (
            "POST",
            "/run",
            format!(r#"{{"args": ["bfs", "{karate}", "--sources-file", "/etc/passwd"]}}"#)
                .into_bytes(),
            422,
        ),
        ("POST", "/run", vec![b' '; 5000], 413),
        ("GET", "/nope", Vec::new(), 404),
    ];
    for (method, path, body, want) in cases {
        let (status, v) = http(a, &format!("{method} {path}"), &json, &body);
        assert_eq!(
            status,
            want,
            "{method} {path} {}: {v}",
            String::from_utf8_lossy(&body[..body.len().min(80)])
        );
        assert!(v["error"].as_str().unwrap().contains("Fix:"), "{v}");
    }
    // The server never read /etc/passwd: files come from the client.
    let (status, v) = http(
        a,
        "POST /run",
        &json,
        format!(r#"{{"args": ["bfs", "{karate}", "--sources", "0,1", "--json"]}}"#).as_bytes(),
    );
    assert_eq!(status, 200, "{v}");
    let out: Value = serde_json::from_str(v["stdout"].as_str().unwrap()).unwrap();
    assert_eq!(out["results"].as_array().unwrap().len(), 2);
    let (_, m) = http(a, "GET /metrics", &[], b"");
    // Nine /run requests refused (the unknown endpoint is not one).
    assert_eq!(m["rejected"], 9);
}

#[test]
fn tokens_bind_addresses_and_unix_socket_permissions() {
    let dir = tempfile::tempdir().unwrap();
    let karate = data("graphs/karate.edges.xz");
    // Anything but loopback needs --allow-remote and a token (refused before binding).
    let err = fails_with_fix(&["serve", &karate, "--listen", "0.0.0.0:0"]);
    assert!(err.contains("--allow-remote"), "{err}");
    let err = fails_with_fix(&["serve", &karate, "--listen", "0.0.0.0:0", "--allow-remote"]);
    assert!(err.contains("--token-file"), "{err}");
    let short = write(dir.path(), "short", "abc\n");
    fails_with_fix(&[
        "serve",
        &karate,
        "--token-file",
        &short,
        "--listen",
        "127.0.0.1:0",
    ]);
    let token = write(dir.path(), "token", "0123456789abcdef0123\n");
    let server = Server::start(&[&karate, "--listen", "127.0.0.1:0", "--token-file", &token]);
    let q = ["bfs", karate.as_str(), "--sources", "0", "--json"];
    let out = dwell(&[&["run"], &q[..], &["--server", &server.addr]].concat());
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("token"));
    let (status, _) = http(
        &server.addr,
        "GET /metrics",
        &["Authorization: Bearer wrong-token-wrong-token"],
        b"",
    );
    assert_eq!(status, 401);
    ok_json(
        &[
            &["run"],
            &q[..],
            &["--server", &server.addr, "--token-file", &token],
        ]
        .concat(),
    );
    let with_env = dwell_cmd()
        .args([&["run"], &q[..], &["--server", &server.addr]].concat())
        .env("DWELL_SERVER_TOKEN", "0123456789abcdef0123")
        .output()
        .unwrap();
    assert!(with_env.status.success());
    drop(server);
    // A Unix socket: mode 0600, answers like TCP, removed on SIGTERM.
    use std::os::unix::fs::PermissionsExt as _;
    let sock = dir.path().join("dwell.sock");
    let sock_s = sock.to_str().unwrap();
    let mut server = Server::start(&[&karate, "--socket", sock_s]);
    let mode = std::fs::metadata(&sock).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    let unix = format!("unix:{sock_s}");
    assert_same(&unix, &["bfs", &karate, "--sources", "0,5", "--json"]);
    fails_with_fix(&["serve", &karate, "--socket", sock_s]); // taken
    Command::new("kill")
        .args(["-TERM", &server.pid()])
        .status()
        .unwrap();
    let status = server.child.wait().unwrap();
    assert!(status.success());
    assert!(!Path::new(&sock).exists());
}

#[test]
fn concurrent_clients_disconnects_time_limit_and_sigterm_drain() {
    let enron = data("graphs/email-Enron.edges.xz");
    let mut server = Server::start(&[&enron, "--listen", "127.0.0.1:0", "--max-in-flight", "4"]);
    let addr = server.addr.clone();
    let want = answers(ok_json(&[
        "run",
        "bfs",
        &enron,
        "--sources",
        "random:64",
        "--json",
    ]));
    // A client that sends a heavy request and hangs up at once.
    {
        let body = format!(
            r#"{{"args": ["bfs", "{enron}", "--sources", "random:64", "--repeat", "50"]}}"#
        );
        let mut s = TcpStream::connect(&addr).unwrap();
        write!(s, "POST /run HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}", body.len()).unwrap();
    }
    // Eight clients at once, each with its own answer, all equal to the local one.
    let clients: Vec<_> = (0..8)
        .map(|_| {
            let (addr, enron) = (addr.clone(), enron.clone());
            std::thread::spawn(move || {
                answers(ok_json(&[
                    "run",
                    "bfs",
                    &enron,
                    "--sources",
                    "random:64",
                    "--json",
                    "--server",
                    &addr,
                ]))
            })
        })
        .collect();
    for c in clients {
        assert_eq!(c.join().unwrap(), want);
    }
    // SIGTERM while a request runs: it is answered in full, then the server exits 0.
    let in_flight = |addr: &str| http(addr, "GET /metrics", &[], b"").1["in_flight"].as_u64();
    let deadline = Instant::now() + Duration::from_secs(60);
    while in_flight(&addr) != Some(0) {
        assert!(
            Instant::now() < deadline,
            "the hung-up request never finished"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    let (a2, e2) = (addr.clone(), enron.clone());
    let slow = std::thread::spawn(move || {
        ok_json(&[
            "run",
            "bfs",
            &e2,
            "--sources",
            "random:64",
            "--repeat",
            "40",
            "--json",
            "--server",
            &a2,
        ])
    });
    while in_flight(&addr) != Some(1) {
        assert!(Instant::now() < deadline, "the slow request never started");
        std::thread::sleep(Duration::from_millis(2));
    }
    Command::new("kill")
        .args(["-TERM", &server.pid()])
        .status()
        .unwrap();
    let done = slow.join().unwrap();
    assert_eq!(done["runs"], 40);
    assert!(server.child.wait().unwrap().success());
    let said: Vec<String> = server.stderr.try_iter().collect();
    assert!(said.iter().any(|l| l.contains("SIGTERM")), "{said:?}");

    // A request past --timeout-s is a 503 with Fix; the server goes on.
    let server = Server::start(&[&enron, "--listen", "127.0.0.1:0", "--timeout-s", "0.001"]);
    let out = dwell(&[
        "run",
        "bfs",
        &enron,
        "--sources",
        "random:64",
        "--repeat",
        "20",
        "--server",
        &server.addr,
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("limit") && err.contains("Fix:"), "{err}");
    let (status, _) = http(&server.addr, "GET /health", &[], b"");
    assert_eq!(status, 200);
}

#[test]
fn a_timed_out_request_is_cancelled_and_frees_its_graph_for_the_next() {
    // Requests for one graph take turns on its session: a request that
    // ran on past its limit would keep the next waiting until it timed out
    // too. Cancelled, it stops within the run in progress (one level).
    let enron = data("graphs/email-Enron.edges.xz");
    let server = Server::start(&[&enron, "--listen", "127.0.0.1:0", "--timeout-s", "3"]);
    let a = server.addr.as_str();
    // About 10^5 runs of a few milliseconds each: minutes, were it not stopped.
    let huge = dwell(&[
        "run",
        "bfs",
        &enron,
        "--sources",
        "random:64",
        "--repeat",
        "100000",
        "--server",
        a,
    ]);
    assert_eq!(huge.status.code(), Some(1));
    let err = String::from_utf8_lossy(&huge.stderr);
    assert!(err.contains("limit") && err.contains("Fix:"), "{err}");
    // The next request is answered in full (within the same 3 s limit).
    assert_same(a, &["bfs", &enron, "--sources", "0,7", "--json"]);
    let (_, m) = http(a, "GET /metrics", &[], b"");
    assert_eq!(m["timed_out"], 1, "{m}");
    assert_eq!(m["cancelled"], 1, "{m}");
    assert_eq!(m["in_flight"], 0, "{m}");
    let g = &m["graphs"][0];
    // The first request's runs stopped long before its 100,000.
    assert_eq!(g["requests"], 2, "{g}");
    let runs = g["runs"].as_u64().unwrap();
    assert!((1..100_000).contains(&runs), "{g}");
    assert_eq!(g["session_uploads"], 1, "{g}");
}
