//! What `dwell serve` checks before it runs a request, so that a hostile or
//! confused client never gets a wrong answer: which file a request means
//! ([`FileId`], compared with the file the server loaded and with that file
//! as it is now), and where the request comes from (a web page's
//! cross-origin POST is refused by its Host, Origin and Content-Type).

use crate::input::FileId;
use axum::http::{header, HeaderMap, StatusCode};
use std::path::Path;

/// Why the served file at `canonical`, loaded when it was `loaded`, must
/// not answer any more: it changed or vanished since (its graph in memory
/// is no longer the file's).
pub fn stale(shown: &Path, canonical: &Path, loaded: &FileId) -> Option<String> {
    let why = match FileId::of(canonical) {
        None => "was removed (or can no longer be read)",
        Some(now) if now != *loaded => "changed",
        Some(_) => return None,
    };
    Some(format!("{} {why} after this server loaded it, so its graph in memory is no longer the file's. Fix: restart the server (`dwell serve` again) to serve the file as it is now", shown.display()))
}

/// Why a request's own copy (`client`) is not the file the server loaded
/// (`served`) at the same path, if it is not.
pub fn mismatch(shown: &Path, served: &FileId, client: &FileId) -> Option<String> {
    (served != client).then(|| format!("the client's {} is not the file this server loaded (size, modification time or inode differ), so the server's answer would be another graph's. Fix: query the file the server holds, or restart the server (`dwell serve` again) on the file as it is now", shown.display()))
}

/// Whether `host` (a Host header, or an Origin's host part, with or without
/// its port) names this machine's loopback interface.
fn loopback_host(host: &str) -> bool {
    // The name, and what follows it: nothing or `:PORT`.
    let (name, rest) = match host.find(']') {
        Some(end) if host.starts_with('[') => host.split_at(end + 1),
        _ => host.split_at(host.find(':').unwrap_or(host.len())),
    };
    if !(rest.is_empty() || rest.starts_with(':')) {
        return false;
    }
    ["127.0.0.1", "[::1]", "localhost"]
        .iter()
        .any(|l| name.eq_ignore_ascii_case(l))
}

/// A request's origin checks: a loopback Host (unless `allow_remote`: then
/// the token is the check), no Origin but a loopback one, and, for
/// requests that run work, `Content-Type: application/json` — so a web page
/// in a browser on this machine cannot make the server run (a cross-origin
/// JSON POST needs a preflight the server never grants; a rebound DNS name
/// arrives with its own Host).
pub fn origin(
    headers: &HeaderMap,
    allow_remote: bool,
    runs_work: bool,
) -> Option<(StatusCode, String)> {
    let text = |h| {
        headers
            .get(h)
            .map(|v: &header::HeaderValue| v.to_str().unwrap_or("?"))
    };
    if !allow_remote {
        let host = text(header::HOST).unwrap_or("");
        if !loopback_host(host) {
            return Some((StatusCode::FORBIDDEN, format!("Host {host:?} is not a loopback name, so the request may come from a web page through a rebound DNS name. Fix: address the server as 127.0.0.1, [::1] or localhost (or start it with --allow-remote and --token-file)")));
        }
    }
    if let Some(o) = text(header::ORIGIN) {
        let host = o.split_once("://").map_or("", |(_, rest)| rest);
        if !loopback_host(host.trim_end_matches('/')) {
            return Some((StatusCode::FORBIDDEN, format!("Origin {o:?} is not this machine's loopback: a web page may not query the server. Fix: send the request without an Origin header (`dwell run --server` does)")));
        }
    }
    if runs_work {
        let ct = text(header::CONTENT_TYPE).unwrap_or("");
        let mime = ct.split(';').next().unwrap_or("").trim();
        if !mime.eq_ignore_ascii_case("application/json") {
            return Some((StatusCode::UNSUPPORTED_MEDIA_TYPE, format!("Content-Type {ct:?} is not application/json. Fix: send the request as `Content-Type: application/json` (`dwell run --server` does)")));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::loopback_host;

    #[test]
    fn loopback_hosts_with_and_without_ports() {
        for h in [
            "127.0.0.1",
            "127.0.0.1:7464",
            "[::1]",
            "[::1]:1",
            "localhost:80",
            "LOCALHOST",
        ] {
            assert!(loopback_host(h), "{h}");
        }
        for h in [
            "",
            "t",
            "evil.com",
            "127.0.0.1.evil.com",
            "localhost.evil.com:80",
            "[::2]:1",
            "10.0.0.1",
            "[::1]x",
        ] {
            assert!(!loopback_host(h), "{h}");
        }
    }
}
