//! Connections between processes, made here rather than by timely so that
//! every wait is bounded and every failure names its peer.
//!
//! timely's own `create_sockets` retries a missing peer forever and prints
//! its retries to stdout; this module follows the same handshake (process
//! `i` connects to every lower index and sends its index as a big-endian
//! `u64`; it accepts every higher index on its own address) with a
//! deadline, then hands the sockets to
//! `initialize_networking_from_sockets`. Each socket is wrapped in a
//! [`Counted`] stream that counts the bytes written and read and records
//! the first failure of its peer (an error or end of stream), which a
//! waiting run checks so it ends with an error instead of waiting forever.
//!
//! Once every socket is up, each process sends every peer its
//! [`Identity`] (the graph and split it holds, and dwell's version) and
//! compares theirs before timely sees the sockets: processes holding
//! different graphs with the same node count would otherwise exchange
//! messages that fit and agree on a wrong answer.
//!
//! Each pair of processes also opens a second connection, for heartbeats
//! (`net/beat.rs`): a thread of its own writes a byte to every peer every
//! quarter second and records when each peer was last heard, so a peer
//! that is stopped, hung or cut off (whose TCP connection stays open and
//! silent) becomes a failure of its link after the peer timeout.

use serde::{Deserialize, Serialize};
use std::io::{self, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream, ToSocketAddrs};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use timely::communication::allocator::zero_copy::stream::Stream;

mod beat;

/// The high bit of the index word marks a process's heartbeat connection
/// (its data connection sends the bare index).
const BEAT: u64 = 1 << 63;

/// What a process holds, compared with every peer's at connect: the whole
/// graph's facts (a shard manifest's, or the graph's own) and dwell's
/// version.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Identity {
    /// The dwell version of the process.
    pub version: String,
    /// The whole graph's layout hash, `0x…`.
    pub layout_hash: String,
    /// Parts of the split the process loaded its part from; 0 when it
    /// holds the whole graph.
    pub parts: u32,
    pub nodes: u64,
    pub arcs: u64,
    pub directed: bool,
    pub label_names: Vec<String>,
}

impl Identity {
    /// The fields in which `self` and `other` differ, as
    /// `name ours vs theirs`.
    fn differences(&self, other: &Identity) -> Vec<String> {
        let mut d = Vec::new();
        let mut field = |name: &str, a: String, b: String| {
            if a != b {
                d.push(format!("{name} {a} vs {b}"));
            }
        };
        field("dwell version", self.version.clone(), other.version.clone());
        field(
            "layout hash",
            self.layout_hash.clone(),
            other.layout_hash.clone(),
        );
        field("parts", self.parts.to_string(), other.parts.to_string());
        field("nodes", self.nodes.to_string(), other.nodes.to_string());
        field("arcs", self.arcs.to_string(), other.arcs.to_string());
        field(
            "directed",
            self.directed.to_string(),
            other.directed.to_string(),
        );
        field(
            "labels",
            format!("{:?}", self.label_names),
            format!("{:?}", other.label_names),
        );
        d
    }
}

impl std::fmt::Display for Identity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let split = match self.parts {
            0 => "all".to_string(),
            p => format!("a part of {p}"),
        };
        let labels = match self.label_names.len() {
            0 => "no labels".to_string(),
            _ => format!("labels {:?}", self.label_names),
        };
        write!(
            f,
            "dwell {}, {split} of graph {} ({} nodes, {} arcs, {}, {labels})",
            self.version,
            self.layout_hash,
            self.nodes,
            self.arcs,
            if self.directed {
                "directed"
            } else {
                "undirected"
            }
        )
    }
}

/// The most bytes an identity may take on the wire: label names are few
/// and short, and a stranger's length word must not decide an allocation.
const IDENTITY_BYTES: u32 = 1 << 20;

/// Byte counts and the first failure seen on the links of this process.
#[derive(Debug, Default)]
pub struct Links {
    pub sent: AtomicU64,
    pub received: AtomicU64,
    failed: AtomicBool,
    /// Every peer whose link failed, first failure first.
    failures: Mutex<Vec<(usize, String)>>,
}

impl Links {
    fn fail(&self, peer: usize, what: String) {
        let mut f = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        if f.iter().all(|(p, _)| *p != peer) {
            f.push((peer, what));
        }
        self.failed.store(true, Ordering::Release);
    }

    /// Whether any link has failed.
    pub fn has_failed(&self) -> bool {
        self.failed.load(Ordering::Acquire)
    }

    /// The peers whose links failed, and how: the first one's failure, and
    /// (when more than one failed, as when a lost peer makes another end)
    /// the others in the order they failed.
    pub fn failure(&self) -> Option<(usize, String)> {
        if !self.has_failed() {
            return None;
        }
        let f = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        let (peer, what) = f.first()?.clone();
        let others: Vec<String> = f[1..].iter().map(|(p, _)| format!("process {p}")).collect();
        Some(if others.is_empty() {
            (peer, what)
        } else {
            (
                peer,
                format!("{what} (and then {} ended too)", others.join(", ")),
            )
        })
    }
}

/// A TCP stream to one peer that counts bytes and reports its failure.
pub struct Counted {
    inner: TcpStream,
    peer: usize,
    /// The peer's address in the hostfile, named with its failure.
    address: Arc<str>,
    links: Arc<Links>,
}

impl Read for Counted {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self.inner.read(buf) {
            Ok(0) if !buf.is_empty() => {
                let what = format!("({}) closed its connection", self.address);
                self.links.fail(self.peer, what);
                Ok(0)
            }
            Ok(n) => {
                self.links.received.fetch_add(n as u64, Ordering::Relaxed);
                Ok(n)
            }
            Err(e) => {
                let what = format!("({}) broke its connection ({e})", self.address);
                self.links.fail(self.peer, what);
                Err(e)
            }
        }
    }
}

impl Write for Counted {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self.inner.write(buf) {
            Ok(n) => {
                self.links.sent.fetch_add(n as u64, Ordering::Relaxed);
                Ok(n)
            }
            Err(e) => {
                let what = format!("({}) broke its connection ({e})", self.address);
                self.links.fail(self.peer, what);
                Err(e)
            }
        }
    }
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

impl Stream for Counted {
    fn try_clone(&self) -> io::Result<Self> {
        Ok(Counted {
            inner: self.inner.try_clone()?,
            peer: self.peer,
            address: Arc::clone(&self.address),
            links: Arc::clone(&self.links),
        })
    }
    fn set_nonblocking(&self, nonblocking: bool) -> io::Result<()> {
        self.inner.set_nonblocking(nonblocking)
    }
    fn shutdown(&self, how: Shutdown) -> io::Result<()> {
        self.inner.shutdown(how)
    }
}

/// Why the processes could not connect.
#[derive(Debug, thiserror::Error)]
pub enum ConnectError {
    #[error("process {me}: cannot resolve address {address:?} of process {peer} in the hostfile. Fix: write one host:port per line, e.g. 127.0.0.1:2101")]
    Address {
        me: usize,
        peer: usize,
        address: String,
    },
    #[error("process {me}: cannot listen on {address} ({source}). Fix: pick a free port for process {me} in the hostfile (another program, or another dwell run, holds this one)")]
    Listen {
        me: usize,
        address: String,
        #[source]
        source: io::Error,
    },
    #[error("process {me}: {missing} did not connect within {secs} s. Check that every process was started with the same --processes and --hostfile, each with its own --process index, and that the addresses in the hostfile are reachable. Fix: start the missing processes, or raise --connect-timeout")]
    Timeout {
        me: usize,
        missing: String,
        secs: u64,
    },
    #[error("process {me}: the connection from {from} sent index {} ({}), not one of the processes {me}+1..{processes} or one it already has. Fix: check that no other program uses the ports of the hostfile", index & !BEAT, if index & BEAT == 0 { "data" } else { "heartbeat" })]
    Stranger {
        me: usize,
        from: SocketAddr,
        index: u64,
        processes: usize,
    },
    #[error("process {me}: process {peer} holds another graph or split than this one ({}). This process: {ours}; process {peer}: {theirs}. Fix: split the graph once with `dwell shard FILE --parts P --out DIR` and start every process on that one folder with the same dwell", ours.differences(theirs).join(", "))]
    Mismatch {
        me: usize,
        peer: usize,
        ours: Box<Identity>,
        theirs: Box<Identity>,
    },
    #[error("process {me}: process {peer} sent no valid manifest at connect ({what}). Fix: start every process with the same dwell, and check that no other program uses the ports of the hostfile")]
    NoIdentity {
        me: usize,
        peer: usize,
        what: String,
    },
    #[error("process {me}: talking to process {peer}: {source}. Fix: check that process {peer} is running and was started with the same hostfile")]
    Io {
        me: usize,
        peer: usize,
        #[source]
        source: io::Error,
    },
}

fn resolve(me: usize, peer: usize, address: &str) -> Result<SocketAddr, ConnectError> {
    address
        .to_socket_addrs()
        .ok()
        .and_then(|mut a| a.next())
        .ok_or_else(|| ConnectError::Address {
            me,
            peer,
            address: address.to_string(),
        })
}

/// Connect process `me` to all `addresses` (index = process) within
/// `timeout`, and check that every peer holds what `identity` says this
/// process holds. Position `me` of the result is `None`. From then on a
/// thread beats to every peer until `links` is dropped, and fails the
/// link of a peer not heard from for `peer_timeout`.
pub fn connect(
    addresses: &[String],
    me: usize,
    timeout: Duration,
    peer_timeout: Duration,
    identity: &Identity,
    links: &Arc<Links>,
) -> Result<Vec<Option<Counted>>, ConnectError> {
    let deadline = Instant::now() + timeout;
    let (sockets, beats) = sockets(addresses, me, deadline, timeout.as_secs())?;
    compare(&sockets, me, deadline, identity)?;
    let peers = beats
        .into_iter()
        .enumerate()
        .filter_map(|(peer, s)| s.map(|s| (peer, addresses[peer].clone(), s)))
        .collect();
    beat::start(peers, peer_timeout, Arc::downgrade(links)).map_err(|source| ConnectError::Io {
        me,
        peer: me,
        source,
    })?;
    Ok(sockets
        .into_iter()
        .enumerate()
        .map(|(peer, s)| {
            s.map(|inner| Counted {
                inner,
                peer,
                address: addresses[peer].as_str().into(),
                links: Arc::clone(links),
            })
        })
        .collect())
}

/// Send `identity` to every peer, then read each peer's and compare: a
/// mismatch is an error naming both. Every message is sent before any is
/// read, and each is far smaller than a socket's buffer, so no two
/// processes wait on each other.
fn compare(
    sockets: &[Option<TcpStream>],
    me: usize,
    deadline: Instant,
    identity: &Identity,
) -> Result<(), ConnectError> {
    let io = |peer: usize| move |source| ConnectError::Io { me, peer, source };
    let text = serde_json::to_vec(identity).expect("an identity serializes");
    let len = u32::try_from(text.len()).expect("an identity is small");
    for (peer, s) in sockets.iter().enumerate() {
        if let Some(mut s) = s.as_ref() {
            s.write_all(&len.to_be_bytes()).map_err(io(peer))?;
            s.write_all(&text).map_err(io(peer))?;
        }
    }
    for (peer, s) in sockets.iter().enumerate() {
        let Some(mut s) = s.as_ref() else { continue };
        let left = deadline
            .saturating_duration_since(Instant::now())
            .max(Duration::from_secs(1));
        s.set_read_timeout(Some(left)).map_err(io(peer))?;
        let none = |what: String| ConnectError::NoIdentity { me, peer, what };
        let mut word = [0u8; 4];
        s.read_exact(&mut word)
            .map_err(|e| none(format!("reading its length: {e}")))?;
        let n = u32::from_be_bytes(word);
        if n > IDENTITY_BYTES {
            return Err(none(format!("a length of {n} bytes")));
        }
        let mut body = vec![0u8; n as usize];
        s.read_exact(&mut body)
            .map_err(|e| none(format!("reading {n} bytes: {e}")))?;
        let theirs: Identity = serde_json::from_slice(&body).map_err(|e| none(e.to_string()))?;
        s.set_read_timeout(None).map_err(io(peer))?;
        if theirs != *identity {
            return Err(ConnectError::Mismatch {
                me,
                peer,
                ours: Box::new(identity.clone()),
                theirs: Box::new(theirs),
            });
        }
    }
    Ok(())
}

/// Data and heartbeat connections to every peer, by index.
type Pairs = (Vec<Option<TcpStream>>, Vec<Option<TcpStream>>);

/// The handshake of timely's `create_sockets`, bounded by `deadline`,
/// made twice per pair: the data connection, then the heartbeat one.
fn sockets(
    addresses: &[String],
    me: usize,
    deadline: Instant,
    secs: u64,
) -> Result<Pairs, ConnectError> {
    let n = addresses.len();
    let mine = resolve(me, me, &addresses[me])?;
    let targets = (0..me)
        .map(|j| resolve(me, j, &addresses[j]))
        .collect::<Result<Vec<_>, _>>()?;
    let listener = TcpListener::bind(mine).map_err(|source| ConnectError::Listen {
        me,
        address: addresses[me].clone(),
        source,
    })?;
    listener
        .set_nonblocking(true)
        .map_err(|source| ConnectError::Io {
            me,
            peer: me,
            source,
        })?;
    let mut sockets: Vec<Option<TcpStream>> = (0..n).map(|_| None).collect();
    let mut beats: Vec<Option<TcpStream>> = (0..n).map(|_| None).collect();
    let io = |peer: usize| move |source| ConnectError::Io { me, peer, source };
    // Lower indices listen for us: connect, retrying until the deadline.
    for (j, addr) in targets.iter().enumerate() {
        for (word, slot) in [(0, &mut sockets[j]), (BEAT, &mut beats[j])] {
            let stream = dial(addr, deadline).ok_or_else(|| ConnectError::Timeout {
                me,
                missing: format!("process {j} (at {})", addresses[j]),
                secs,
            })?;
            stream.set_nodelay(true).map_err(io(j))?;
            (&stream)
                .write_all(&(me as u64 | word).to_be_bytes())
                .map_err(io(j))?;
            *slot = Some(stream);
        }
    }
    // Higher indices connect to us.
    let missing = |s: &[Option<TcpStream>], b: &[Option<TcpStream>], j: usize| {
        s[j].is_none() || b[j].is_none()
    };
    while (me + 1..n).any(|j| missing(&sockets, &beats, j)) {
        match listener.accept() {
            Ok((stream, from)) => {
                stream.set_nonblocking(false).map_err(io(me))?;
                stream
                    .set_read_timeout(Some(
                        deadline
                            .saturating_duration_since(Instant::now())
                            .max(Duration::from_millis(100)),
                    ))
                    .map_err(io(me))?;
                let mut word = [0u8; 8];
                (&stream).read_exact(&mut word).map_err(io(me))?;
                let index = u64::from_be_bytes(word);
                let j = usize::try_from(index & !BEAT).unwrap_or(usize::MAX);
                let slot = match index & BEAT {
                    0 => &mut sockets,
                    _ => &mut beats,
                };
                if j <= me || j >= n || slot[j].is_some() {
                    return Err(ConnectError::Stranger {
                        me,
                        from,
                        index,
                        processes: n,
                    });
                }
                stream.set_read_timeout(None).map_err(io(j))?;
                stream.set_nodelay(true).map_err(io(j))?;
                slot[j] = Some(stream);
            }
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                if Instant::now() >= deadline {
                    let missing: Vec<String> = (me + 1..n)
                        .filter(|&j| missing(&sockets, &beats, j))
                        .map(|j| format!("process {j} (at {})", addresses[j]))
                        .collect();
                    return Err(ConnectError::Timeout {
                        me,
                        missing: missing.join(", "),
                        secs,
                    });
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            Err(e) => return Err(io(me)(e)),
        }
    }
    Ok((sockets, beats))
}

/// Connect to `addr`, retrying until `deadline`; `None` past it.
fn dial(addr: &SocketAddr, deadline: Instant) -> Option<TcpStream> {
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return None;
        }
        match TcpStream::connect_timeout(addr, left.min(Duration::from_secs(1))) {
            Ok(s) => return Some(s),
            Err(_) => std::thread::sleep(Duration::from_millis(50)),
        }
    }
}

/// Read a hostfile: one `host:port` per line (blank lines and `#`
/// comments skipped); at least `processes` lines.
pub fn read_hostfile(path: &std::path::Path, processes: usize) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        format!(
            "{}: {e}. Fix: pass --hostfile FILE with one host:port per process",
            path.display()
        )
    })?;
    let hosts: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect();
    if hosts.len() < processes {
        return Err(format!(
            "{}: {} addresses for {processes} processes. Fix: write one host:port line per process",
            path.display(),
            hosts.len()
        ));
    }
    Ok(hosts.into_iter().take(processes).collect())
}
