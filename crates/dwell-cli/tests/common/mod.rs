//! Helpers shared by the command-line tests: run the built `dwell` binary,
//! find bundled data, write small inputs; start a `dwell serve` and talk
//! raw HTTP/1.1 to it (loopback only, with `Host: 127.0.0.1`).
//!
//! Every `dwell` started here gets `XDG_CONFIG_HOME` set to a folder of the
//! build's own (so a server's per-user token file is made there, never in
//! the user's home, and its clients read it there).
#![allow(dead_code)] // each test file uses a different subset

use serde_json::Value;
use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The `XDG_CONFIG_HOME` of every `dwell` the tests start.
pub fn config_home() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("dwell-config")
}

/// The `dwell` binary: this build's, or `DWELL_BIN` (to run the tests
/// against another build, e.g. to see a new test fail on an older one).
pub fn bin() -> String {
    std::env::var("DWELL_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_dwell").to_string())
}

/// `dwell` with the tests' `XDG_CONFIG_HOME`.
pub fn dwell_cmd() -> Command {
    let mut c = Command::new(bin());
    c.env("XDG_CONFIG_HOME", config_home());
    c
}

/// The per-user token a TCP server made (start one first).
pub fn token() -> String {
    let p = config_home().join("dwell/token");
    fs::read_to_string(&p)
        .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
        .trim()
        .to_string()
}

/// A running `dwell serve`, started through `sh -c "PRELUDE; exec dwell
/// serve ARGS"`; killed when dropped. Its stderr lines after the one that
/// says where it listens are in `stderr`.
pub struct Server {
    pub child: Child,
    pub addr: String,
    pub stderr: std::sync::mpsc::Receiver<String>,
}

impl Server {
    /// In folder `dir`, after shell commands `prelude`; None if the
    /// prelude failed.
    // `Drop` kills and waits for the child.
    #[allow(clippy::zombie_processes)]
    pub fn start_in(dir: &Path, prelude: &str, args: &[&str]) -> Option<Server> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(format!("{prelude} || exit 99; exec \"$0\" serve \"$@\""))
            .arg(bin())
            .args(args)
            .env("XDG_CONFIG_HOME", config_home())
            .current_dir(dir)
            .stderr(Stdio::piped())
            .stdout(Stdio::null())
            .spawn()
            .expect("start dwell serve");
        let err = child.stderr.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(err).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        let deadline = Instant::now() + Duration::from_secs(120);
        loop {
            let Ok(line) = rx.recv_timeout(deadline.saturating_duration_since(Instant::now()))
            else {
                let _ = child.kill();
                let code = child.wait().unwrap().code();
                assert_eq!(code, Some(99), "dwell serve never said where it listens");
                return None;
            };
            if let Some(rest) = line.strip_prefix("dwell serve: listening on ") {
                let addr = rest.split(' ').next().unwrap().to_string();
                return Some(Server {
                    child,
                    addr,
                    stderr: rx,
                });
            }
        }
    }

    /// In folder `dir`.
    pub fn start_at(dir: &Path, args: &[&str]) -> Server {
        Server::start_in(dir, "true", args).unwrap()
    }

    /// In the test's own folder.
    pub fn start(args: &[&str]) -> Server {
        Server::start_at(Path::new("."), args)
    }

    pub fn pid(&self) -> String {
        self.child.id().to_string()
    }

    /// Answers `GET /health`.
    pub fn up(&self) -> bool {
        raw(&self.addr, "GET /health", &["Host: 127.0.0.1"], b"").0 == 200
    }

    /// Send `signal` (`TERM`, `INT`) to the server.
    pub fn signal(&self, signal: &str) {
        let ok = Command::new("kill")
            .args([format!("-{signal}"), self.pid()])
            .status()
            .unwrap();
        assert!(ok.success());
    }

    /// Its exit status within `limit`; None (and killed) if it is still
    /// running then.
    pub fn exit_within(&mut self, limit: Duration) -> Option<std::process::ExitStatus> {
        let deadline = Instant::now() + limit;
        while Instant::now() < deadline {
            if let Some(s) = self.child.try_wait().unwrap() {
                return Some(s);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        None
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One HTTP/1.1 exchange written by hand (`line` is `METHOD PATH`, headers
/// exactly as given, plus the per-user token unless `headers` has an
/// Authorization); the status and the body. A server may answer (413)
/// before reading the whole body.
pub fn raw(addr: &str, line: &str, headers: &[&str], body: &[u8]) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
    let mut req = format!("{line} HTTP/1.1\r\nConnection: close\r\n");
    for h in headers {
        req.push_str(h);
        req.push_str("\r\n");
    }
    if !headers.iter().any(|h| h.starts_with("Authorization")) {
        req.push_str(&format!("Authorization: Bearer {}\r\n", token()));
    }
    req.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
    s.write_all(req.as_bytes()).unwrap();
    let _ = s.write_all(body);
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).to_string();
    let status = text.split(' ').nth(1).unwrap().parse().unwrap();
    let body = text.split("\r\n\r\n").nth(1).unwrap_or("").to_string();
    (status, body)
}

/// [`raw`] with `Host: 127.0.0.1`, the body parsed as JSON (null if not).
pub fn http(addr: &str, line: &str, headers: &[&str], body: &[u8]) -> (u16, Value) {
    let headers = [&["Host: 127.0.0.1"], headers].concat();
    let (status, text) = raw(addr, line, &headers, body);
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// `GET /metrics`.
pub fn metrics(addr: &str) -> Value {
    let (status, m) = http(addr, "GET /metrics", &[], b"");
    assert_eq!(status, 200, "{m}");
    m
}

/// `dwell run ARGS --server ADDR` in folder `dir`.
pub fn client_in(dir: &Path, addr: &str, args: &[&str]) -> Output {
    dwell_cmd()
        .arg("run")
        .args(args)
        .args(["--server", addr])
        .current_dir(dir)
        .output()
        .unwrap()
}

/// Exit 1, nothing on stdout, and stderr says `says` and `Fix:`.
pub fn refused(out: &Output, says: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        out.stdout.is_empty(),
        "an answer: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(err.contains(says) && err.contains("Fix:"), "{err}");
}

/// Path of a bundled fixture under `data/`.
pub fn data(rel: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data")
        .join(rel);
    p.to_str().expect("UTF-8 path").to_string()
}

pub fn dwell(args: &[&str]) -> Output {
    dwell_cmd().args(args).output().expect("run dwell")
}

/// Run, expect success and one JSON document on stdout.
pub fn ok_json(args: &[&str]) -> Value {
    let out = dwell(args);
    assert!(
        out.status.success(),
        "dwell {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON on stdout")
}

/// Run, expect exit status 1 and an error with a `Fix:` hint (no panic); returns stderr.
pub fn fails_with_fix(args: &[&str]) -> String {
    let out = dwell(args);
    assert_eq!(out.status.code(), Some(1), "dwell {args:?} should exit 1");
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(err.contains("Fix:"), "no Fix hint in: {err}");
    assert!(!err.contains("panicked"), "panic: {err}");
    err
}

/// Write `text` to `dir/name`; returns the path.
pub fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    fs::write(&p, text).unwrap();
    p.to_str().expect("UTF-8 path").to_string()
}

/// Whether `tool --version` runs; else a notice naming `test` (or a
/// failure when `DWELL_REQUIRE_TOOLS` says the tools must be there).
pub fn have_tool(tool: &str, test: &str) -> bool {
    let ok = Command::new(tool)
        .arg("--version")
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false);
    if !ok {
        assert!(
            std::env::var_os("DWELL_REQUIRE_TOOLS").is_none(),
            "{tool} is missing and DWELL_REQUIRE_TOOLS is set. Fix: apt-get install -y clang python3"
        );
        eprintln!("note: {test} skipped: `{tool}` not found (apt-get install -y clang python3)");
    }
    ok
}
