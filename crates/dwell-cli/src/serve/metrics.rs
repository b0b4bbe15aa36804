//! `dwell serve`'s `GET /health` and `GET /metrics`: what it serves, and
//! what it was asked and did — requests (refused, failed, timed out,
//! cancelled, dropped while still queued, in flight) and, per served input,
//! its load, requests, runs (of the resident session), program runs (a
//! bundle's analyses) and session uploads.

use super::{checked, Input, Server};
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;

pub async fn health(State(server): State<Arc<Server>>, headers: HeaderMap) -> Response {
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

pub async fn metrics(State(server): State<Arc<Server>>, headers: HeaderMap) -> Response {
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
                "program_runs": s.program_runs.load(Relaxed),
                "taint_graphs_built": s.taint.builds(),
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
        "dropped_queued": server.dropped_queued.load(Relaxed),
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
