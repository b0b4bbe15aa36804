//! `dwell run … --server ADDR`: send the run's own arguments to a `dwell
//! serve` (see `serve.rs`) and print what it answers — the text the local
//! command would print, or its error (exit 1). HTTP/1.1 through hyper's
//! client, over TCP or a Unix socket (`unix:PATH`); it gives up after
//! `--server-timeout-s` (default 300) rather than wait on a server that
//! never answers. A loopback server's token comes from `--token-file`,
//! DWELL_SERVER_TOKEN, or the per-user token file the server made
//! ([`default_token_path`]).
//!
//! The graph is named by identity: its canonical path and `stat` (size,
//! mtime, device, inode), so a server never answers for another file of
//! the same name. Files the flags name are read here and sent along, so the server never
//! opens a client's path; `--out` is refused (the server writes no client
//! files).

use crate::args::RunArgs;
use crate::error::Result;
use crate::input::FileId;
use crate::report;
use http_body_util::{BodyExt as _, Full};
use hyper::body::Bytes;
use hyper::{header, Request};
use hyper_util::rt::TokioIo;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Where a server listens.
enum Addr {
    Tcp(String),
    Unix(PathBuf),
}

impl Addr {
    /// A TCP address on this machine's loopback interface.
    fn loopback(&self) -> bool {
        let Addr::Tcp(a) = self else { return false };
        let host = a.rsplit_once(':').map_or("", |(h, _)| h);
        let host = host.trim_start_matches('[').trim_end_matches(']');
        host.eq_ignore_ascii_case("localhost")
            || host
                .parse::<std::net::IpAddr>()
                .is_ok_and(|ip| ip.is_loopback())
    }
}

/// The per-user token file that `dwell serve` makes (0600) and requires on
/// TCP unless given `--token-file`: `$XDG_CONFIG_HOME/dwell/token`, else
/// `$HOME/.config/dwell/token`.
pub fn default_token_path() -> Option<PathBuf> {
    let nonempty = |v: &str| std::env::var_os(v).filter(|s| !s.is_empty());
    let config = nonempty("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .or_else(|| nonempty("HOME").map(|h| Path::new(&h).join(".config")))?;
    Some(config.join("dwell").join("token"))
}

fn parse_addr(addr: &str) -> Result<Addr> {
    if let Some(p) = addr.strip_prefix("unix:") {
        return Ok(Addr::Unix(PathBuf::from(p)));
    }
    let hostport = addr
        .strip_prefix("http://")
        .unwrap_or(addr)
        .trim_end_matches('/');
    if hostport.is_empty() || hostport.contains('/') || !hostport.contains(':') {
        return Err(format!("--server {addr:?} is not an address. Fix: give HOST:PORT (e.g. 127.0.0.1:7464), http://HOST:PORT or unix:PATH").into());
    }
    Ok(Addr::Tcp(hostport.to_string()))
}

/// The arguments after `run`, less the client's own flags.
fn forwarded() -> Vec<String> {
    let mut out = Vec::new();
    let mut argv = std::env::args().skip_while(|a| a != "run").skip(1);
    while let Some(a) = argv.next() {
        match a.as_str() {
            "--server" | "--token-file" | "--server-timeout-s" => {
                argv.next();
            }
            _ if ["--server=", "--token-file=", "--server-timeout-s="]
                .iter()
                .any(|f| a.starts_with(f)) => {}
            _ => out.push(a),
        }
    }
    out
}

/// The files the flags name, read here.
fn files(args: &RunArgs) -> Result<BTreeMap<String, Vec<u8>>> {
    let p = &args.program;
    let mut named: Vec<&Path> = [
        &args.sources_file,
        &args.gen,
        &args.kill,
        &p.models,
        &p.queries,
    ]
    .into_iter()
    .flatten()
    .map(PathBuf::as_path)
    .collect();
    for list in [&args.sinks, &args.sanitizers].into_iter().flatten() {
        if Path::new(list).is_file() {
            named.push(Path::new(list));
        }
    }
    let mut out = BTreeMap::new();
    for p in named {
        let bytes =
            std::fs::read(p).map_err(|e| format!("{}: {e}. Fix: check the path", p.display()))?;
        out.insert(p.display().to_string(), bytes);
    }
    Ok(out)
}

pub fn run(args: &RunArgs, server: &str) -> Result<()> {
    if args.out.is_some() {
        return Err("--out with --server: the server does not write files for its clients. Fix: drop --out, or run the query locally".into());
    }
    let addr = parse_addr(server)?;
    let secs = args.server_timeout_s.unwrap_or(300.0);
    let wait = Duration::try_from_secs_f64(secs).ok().filter(|d| !d.is_zero()).ok_or_else(|| {
        format!("--server-timeout-s {secs} is not a positive number of seconds. Fix: give e.g. --server-timeout-s 60")
    })?;
    let token = match &args.token_file {
        Some(f) => Some(
            std::fs::read_to_string(f)
                .map_err(|e| {
                    format!(
                        "{}: {e}. Fix: give the file holding the server's token",
                        f.display()
                    )
                })?
                .trim()
                .to_string(),
        ),
        None => match std::env::var("DWELL_SERVER_TOKEN") {
            Ok(t) => Some(t),
            // A loopback server started without --token-file requires the
            // per-user token: read it where it made it. Never sent
            // elsewhere (a remote server has a token of its own).
            Err(_) if addr.loopback() => default_token_path()
                .and_then(|p| std::fs::read_to_string(p).ok())
                .map(|t| t.trim().to_string()),
            Err(_) => None,
        },
    };
    // The graph by identity: the server answers only for this very file.
    let graph = std::fs::canonicalize(&args.graph.graph).ok();
    let graph_id = graph.as_deref().and_then(FileId::of);
    let body = json!({
        "args": forwarded(),
        "graph": graph,
        "graph_id": graph_id,
        "files": files(args)?,
    });
    let body = serde_json::to_vec(&body)?;
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    // The timer is made inside the runtime (it needs its clock).
    let asked = rt
        .block_on(async { tokio::time::timeout(wait, post(&addr, body, token.as_deref())).await });
    let (status, reply) = asked
        .map_err(|_| format!("the server at {server} did not answer within {secs} s. Fix: check that it is running (not stopped) and is a `dwell serve`, or pass a larger --server-timeout-s"))?
        .map_err(|e| format!("cannot ask the server at {server}: {e}. Fix: start one with `dwell serve GRAPH`, or check --server"))?;
    let reply: Value = serde_json::from_slice(&reply).map_err(|_| {
        format!("the server at {server} answered {status} without a dwell reply. Fix: check that --server names a `dwell serve`")
    })?;
    match (status.is_success(), reply["stdout"].as_str(), reply["error"].as_str()) {
        (true, Some(text), _) => {
            report::Out::Stdout.write(text);
            Ok(())
        }
        (_, _, Some(message)) => Err(message.to_string().into()),
        _ => Err(format!("the server at {server} answered {status} with an unexpected body. Fix: use a server of this dwell version").into()),
    }
}

/// POST /run over one connection; the status and body.
async fn post(
    addr: &Addr,
    body: Vec<u8>,
    token: Option<&str>,
) -> std::result::Result<(hyper::StatusCode, Bytes), Box<dyn std::error::Error>> {
    // The server refuses a Host that is not loopback unless it allows
    // remote clients: name it as it was addressed.
    let host = match addr {
        Addr::Tcp(a) => a.as_str(),
        Addr::Unix(_) => "localhost",
    };
    let mut req = Request::post("/run")
        .header(header::HOST, host)
        .header(header::CONTENT_TYPE, "application/json");
    if let Some(t) = token {
        req = req.header(header::AUTHORIZATION, format!("Bearer {t}"));
    }
    let req = req.body(Full::new(Bytes::from(body)))?;
    match addr {
        Addr::Tcp(a) => exchange(tokio::net::TcpStream::connect(a.as_str()).await?, req).await,
        Addr::Unix(p) => exchange(tokio::net::UnixStream::connect(p).await?, req).await,
    }
}

async fn exchange<S>(
    stream: S,
    req: Request<Full<Bytes>>,
) -> std::result::Result<(hyper::StatusCode, Bytes), Box<dyn std::error::Error>>
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let (mut sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream)).await?;
    let conn = tokio::spawn(conn);
    let res = sender.send_request(req).await?;
    let status = res.status();
    let bytes = res.into_body().collect().await?.to_bytes();
    drop(sender);
    let _ = conn.await;
    Ok((status, bytes))
}

#[cfg(test)]
mod tests {
    use super::parse_addr;

    /// The per-user token goes only to this machine's loopback.
    #[test]
    fn only_loopback_addresses_get_the_per_user_token() {
        for a in [
            "127.0.0.1:7464",
            "http://127.0.0.1:1/",
            "localhost:80",
            "[::1]:7464",
            "127.3.4.5:9",
        ] {
            assert!(parse_addr(a).unwrap().loopback(), "{a}");
        }
        for a in [
            "10.0.0.1:7464",
            "example.com:80",
            "localhost.example.com:1",
            "[::2]:1",
            "unix:/tmp/s",
        ] {
            assert!(!parse_addr(a).unwrap().loopback(), "{a}");
        }
    }
}
