//! `dwell serve --timeout-s`: the run in progress stops at the deadline.
//! One request whose single run takes many seconds is answered 503 near
//! the limit, and its graph's session is free for the next request at
//! once (its kernels poll the cancel once per level), instead of after the
//! whole run.

mod common;
use common::*;
use serde_json::Value;
use std::time::{Duration, Instant};

/// `dwell run ARGS --json` on this machine: the answer a served request
/// must equal.
fn local_results(args: &[&str]) -> Value {
    ok_json(&[&["run"], args, &["--json"]].concat())["results"].clone()
}

#[test]
fn a_run_past_the_deadline_stops_and_the_next_request_is_answered_at_once() {
    let roads = data("roads/bremen_dist.gr.xz");
    let server = Server::start(&[&roads, "--listen", "127.0.0.1:0", "--timeout-s", "1"]);
    let addr = server.addr.as_str();
    // One run of taint with witnesses from every vertex of a road network:
    // a parent-recording search per source, about 12 s on 2 cores, in a
    // request of a few hundred bytes.
    let heavy = [
        "run",
        "taint",
        &roads,
        "--sources",
        "random:40000",
        "--sinks",
        "5",
        "--server",
        addr,
    ];
    let start = Instant::now();
    let out = dwell(&heavy);
    let refused_after = start.elapsed();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("limit") && err.contains("Fix:"), "{err}");
    assert!(
        refused_after < Duration::from_secs(5),
        "the 503 came {refused_after:?} after a 1 s limit"
    );
    // The graph's session is free: a small query on it is answered in
    // full, not 503 after waiting behind the heavy run.
    let small = ["bfs", roads.as_str(), "--sources", "0,7"];
    let start = Instant::now();
    let served = dwell(&[&["run"], &small[..], &["--json", "--server", addr]].concat());
    let answered_after = start.elapsed();
    eprintln!("heavy refused after {refused_after:?}; small answered {answered_after:?} later");
    assert!(
        served.status.success(),
        "the small request after the heavy one: {}",
        String::from_utf8_lossy(&served.stderr)
    );
    let served: Value = serde_json::from_slice(&served.stdout).unwrap();
    assert_eq!(served["results"], local_results(&small));
    assert!(
        answered_after < Duration::from_secs(3),
        "the small request took {answered_after:?}"
    );
    let m = metrics(addr);
    assert_eq!(m["timed_out"], 1, "{m}");
    assert_eq!(m["in_flight"], 0, "{m}");
}
