//! `dwell serve` against clients that would get a wrong answer or harm it:
//! another folder's same-named file, a served file changed or removed after
//! loading, a client budget larger than the server's, and requests a web
//! page could send (a foreign Host or Origin, a non-JSON body). Each is a
//! clear refusal ending in `Fix:`, and the server goes on answering.

mod common;
use common::*;
use std::process::Stdio;
use std::time::{Duration, Instant};

#[test]
fn another_folders_same_named_file_is_not_the_served_graph() {
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    write(a.path(), "g.edges", "0 1\n1 2\n2 3\n3 4\n");
    write(b.path(), "g.edges", "0 1\n5 6\n");
    let server = Server::start_at(a.path(), &["g.edges", "--listen", "127.0.0.1:0"]);
    let q = ["bfs", "g.edges", "--sources", "0", "--json"];
    // From the server's own folder: its graph, answered.
    let here = client_in(a.path(), &server.addr, &q);
    assert!(
        here.status.success(),
        "{}",
        String::from_utf8_lossy(&here.stderr)
    );
    // From another folder, whose g.edges is another graph: refused.
    refused(&client_in(b.path(), &server.addr, &q), "does not hold");
    assert!(server.up());
}

#[test]
fn a_served_file_changed_or_removed_after_loading_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let g = write(dir.path(), "g.edges", "0 1\n1 2\n2 3\n3 4\n");
    let server = Server::start_at(dir.path(), &[&g, "--listen", "127.0.0.1:0"]);
    let q = ["bfs", g.as_str(), "--sources", "0", "--json"];
    assert!(client_in(dir.path(), &server.addr, &q).status.success());
    // Rewritten: the graph in memory is no longer the file's.
    write(dir.path(), "g.edges", "0 1\n");
    refused(&client_in(dir.path(), &server.addr, &q), "changed");
    assert!(server.up());
    // Removed: the client has no file to name, the server none to answer from.
    std::fs::remove_file(&g).unwrap();
    refused(&client_in(dir.path(), &server.addr, &q), "removed");
    assert!(server.up());
}

#[test]
fn a_client_budget_never_raises_the_servers() {
    let dir = tempfile::tempdir().unwrap();
    let grid = dir.path().join("grid.edges");
    let grid = grid.to_str().unwrap();
    let out = dwell(&[
        "gen", "grid", "--rows", "400", "--cols", "400", "--out", grid,
    ]);
    assert!(out.status.success());
    let g = write(dir.path(), "g.edges", "0 1\n1 2\n");
    // 1 GB of address space: the server's own budget is less than that
    // (two worker threads, so that the 64 MiB a thread the budget keeps
    // for malloc arenas leaves room for the small query on any machine).
    let args = [grid, &g, "--listen", "127.0.0.1:0", "--timeout-s", "30"];
    let Some(server) = Server::start_in(
        dir.path(),
        "ulimit -v 1000000 && export RAYON_NUM_THREADS=2",
        &args,
    ) else {
        eprintln!("note: sh cannot set ulimit -v: skipped");
        return;
    };
    // 2 GB of answers (4 bytes per sink per source: 100,000 sources, 5,000
    // sinks), with a client budget of 100 GB: refused by the server's plan
    // before anything is allocated. (Not reach sets' sweeps: the plan counts
    // only the sweeps that run at once, a few MB.)
    let ids: String = (0..5_000).map(|v| format!("{v}\n")).collect();
    let sinks = write(dir.path(), "sinks.txt", &ids);
    let big = [
        "reach",
        grid,
        "--sources",
        "random:100000",
        "--sinks",
        &sinks,
        "--budget-bytes",
        "100000000000",
    ];
    refused(&client_in(dir.path(), &server.addr, &big), "budget");
    // A gen set as wide as fact 2^32 - 1 (512 MiB a node, 1.5 GiB in all), with the same
    // client budget: refused before it is allocated.
    let gen = write(dir.path(), "gen.txt", "0 4294967295\n");
    let wide = [
        "dataflow",
        &g,
        "--gen",
        &gen,
        "--kill",
        &gen,
        "--budget-bytes",
        "100000000000",
    ];
    refused(&client_in(dir.path(), &server.addr, &wide), "budget");
    // And the server answers the next request.
    let small = client_in(dir.path(), &server.addr, &["bfs", grid, "--sources", "0"]);
    assert!(
        small.status.success(),
        "{}",
        String::from_utf8_lossy(&small.stderr)
    );
}

#[test]
fn requests_a_web_page_could_send_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let g = write(dir.path(), "g.edges", "0 1\n1 2\n");
    let server = Server::start_at(dir.path(), &[&g, "--listen", "127.0.0.1:0"]);
    let a = server.addr.as_str();
    let body = format!(r#"{{"args": ["bfs", "{g}", "--sources", "0"]}}"#);
    let json = "Content-Type: application/json";
    for (headers, want) in [
        // A cross-origin form or fetch without a preflight: text/plain.
        (vec!["Host: 127.0.0.1", "Content-Type: text/plain"], 415),
        (vec!["Host: 127.0.0.1"], 415),
        // DNS rebinding: the page's own name as Host.
        (vec!["Host: evil.example:7464", json], 403),
        (vec![json], 403),
        // A page's fetch carries its Origin.
        (
            vec!["Host: 127.0.0.1", "Origin: https://evil.example", json],
            403,
        ),
        (vec!["Host: localhost", "Origin: null", json], 403),
    ] {
        let (status, text) = raw(a, "POST /run", &headers, body.as_bytes());
        assert_eq!(status, want, "{headers:?}: {text}");
        assert!(text.contains("Fix:"), "{text}");
    }
    // Reading answers is refused by Host and Origin too.
    let (status, _) = raw(a, "GET /metrics", &["Host: evil.example"], b"");
    assert_eq!(status, 403);
    // Loopback names with any port, a loopback Origin, JSON: answered.
    let port = a.rsplit(':').next().unwrap();
    for host in [
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        "[::1]".into(),
    ] {
        let origin = format!("Origin: http://{host}");
        let headers = [format!("Host: {host}"), origin, json.to_string()];
        let headers: Vec<&str> = headers.iter().map(String::as_str).collect();
        let (status, text) = raw(a, "POST /run", &headers, body.as_bytes());
        assert_eq!(status, 200, "{host}: {text}");
    }
    // dwell's own client sends what the server requires.
    let out = client_in(dir.path(), a, &["bfs", &g, "--sources", "0"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `dwell serve ARGS`, expected to refuse to start with a `Fix:`: its
/// stderr. A server that starts instead is killed and the test fails.
fn serve_refuses(args: &[&str]) -> String {
    let mut child = dwell_cmd()
        .arg("serve")
        .args(args)
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("dwell serve {args:?} started instead of refusing");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(
        out.status.code(),
        Some(if err.contains("invalid value") { 2 } else { 1 })
    );
    assert!(err.contains("Fix:"), "{err}");
    err
}

#[test]
fn addresses_and_argument_errors_say_why_with_a_fix() {
    let dir = tempfile::tempdir().unwrap();
    let g = write(dir.path(), "g.edges", "0 1\n1 2\n");
    // localhost:PORT is loopback.
    let server = Server::start_at(dir.path(), &[&g, "--listen", "localhost:0"]);
    assert!(server.addr.starts_with("127.0.0.1:"), "{}", server.addr);
    serve_refuses(&[&g, "--listen", "nowhere"]);
    // A socket path longer than sun_path would bind but never connect.
    let long = dir.path().join("s".repeat(120));
    let err = serve_refuses(&[&g, "--socket", long.to_str().unwrap()]);
    assert!(err.contains("107"), "{err}");
    // A missing argument is named in full through the server.
    let body = r#"{"args": ["bfs"]}"#;
    let json = ["Host: 127.0.0.1", "Content-Type: application/json"];
    let (status, text) = raw(&server.addr, "POST /run", &json, body.as_bytes());
    assert_eq!(status, 400, "{text}");
    assert!(text.contains("<GRAPH>") && text.contains("Fix:"), "{text}");
    // A path the request names but did not bring is never looked up on the
    // server's disk: a folder, a file and a missing path all get the same
    // answer, so a client cannot probe the server's file system.
    let folder = dir.path().to_str().unwrap();
    let answers: Vec<String> = [folder, g.as_str(), "/no/such/path"]
        .iter()
        .map(|path| {
            let body = serde_json::json!({
                "args": ["bfs", &g, "--sources-file", path],
                "graph": std::fs::canonicalize(&g).unwrap(),
            });
            let (status, text) = raw(
                &server.addr,
                "POST /run",
                &json,
                body.to_string().as_bytes(),
            );
            assert_eq!(status, 422, "{text}");
            assert!(text.contains("the client sent no such file"), "{text}");
            text.replace(path, "PATH")
        })
        .collect();
    assert!(answers.iter().all(|a| *a == answers[0]), "{answers:?}");
}

#[test]
fn a_client_gives_up_on_a_server_that_never_answers() {
    // Accepts connections (the kernel's backlog does) and never answers.
    let silent = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = silent.local_addr().unwrap().to_string();
    let dir = tempfile::tempdir().unwrap();
    let g = write(dir.path(), "g.edges", "0 1\n");
    let start = Instant::now();
    let out = client_in(
        dir.path(),
        &addr,
        &["bfs", &g, "--sources", "0", "--server-timeout-s", "1"],
    );
    refused(&out, "did not answer");
    assert!(start.elapsed() < Duration::from_secs(30));
    drop(silent);
}
