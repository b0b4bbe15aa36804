//! Heartbeats: a thread of their own (so a busy compute cannot starve
//! them) writes one byte to every peer's heartbeat connection every
//! [`PERIOD`] and reads whatever the peers wrote, recording when each was
//! last heard. A peer silent for the peer timeout (stopped, hung, or cut
//! off: its TCP connection stays open, so no read or write ever fails)
//! becomes a failure of its link, which every waiting round checks.
//!
//! All sockets are non-blocking: a stopped peer's full receive buffer
//! must not stop the beats to the others. A peer whose heartbeat
//! connection ends (its process ended, or its runtime closed after the
//! last run) is no longer watched; its data connection reports that. The
//! thread ends once the process's [`Links`] are dropped with its runtime.

use super::Links;
use std::io::{self, Read, Write};
use std::net::TcpStream;
use std::sync::Weak;
use std::time::{Duration, Instant};

/// How often each process beats.
pub const PERIOD: Duration = Duration::from_millis(250);

/// One watched peer: its index, its address, its heartbeat connection and
/// when it was last heard.
struct Peer {
    index: usize,
    address: String,
    stream: TcpStream,
    heard: Instant,
}

/// Start beating to `peers` (index, address, heartbeat connection) until
/// `links` is gone.
pub(super) fn start(
    peers: Vec<(usize, String, TcpStream)>,
    timeout: Duration,
    links: Weak<Links>,
) -> io::Result<()> {
    if peers.is_empty() {
        return Ok(());
    }
    let now = Instant::now();
    let peers = peers
        .into_iter()
        .map(|(index, address, stream)| {
            stream.set_nonblocking(true)?;
            Ok(Peer {
                index,
                address,
                stream,
                heard: now,
            })
        })
        .collect::<io::Result<Vec<_>>>()?;
    // A short timeout (tests) beats more often, so a live peer is heard
    // several times within it.
    let period = PERIOD.min(timeout / 4).max(Duration::from_millis(10));
    std::thread::Builder::new()
        .name("dwell:beats".into())
        .spawn(move || beat(peers, timeout, period, links))?;
    Ok(())
}

/// Beat, listen and judge every `period` while `links` lives.
fn beat(mut peers: Vec<Peer>, timeout: Duration, period: Duration, links: Weak<Links>) {
    while !peers.is_empty() {
        let Some(links) = links.upgrade() else {
            return;
        };
        peers.retain_mut(|p| match exchange(p) {
            Ok(true) => silent_for(p, timeout, &links),
            // Its process or runtime ended: the data connection says how.
            Ok(false) => false,
            Err(e) => {
                let what = format!("({}) broke its connection ({e})", p.address);
                links.fail(p.index, what);
                false
            }
        });
        drop(links);
        std::thread::sleep(period);
    }
}

/// `true` while `p` is within `timeout`; past it, its link fails.
fn silent_for(p: &Peer, timeout: Duration, links: &Links) -> bool {
    if p.heard.elapsed() <= timeout {
        return true;
    }
    links.fail(
        p.index,
        format!(
            "({}) has sent nothing for {} s (stopped, hung or cut off)",
            p.address,
            timeout.as_secs_f64()
        ),
    );
    false
}

/// Write one beat to `p` and read all it sent; `Ok(false)` once its
/// connection has ended.
fn exchange(p: &mut Peer) -> io::Result<bool> {
    match (&p.stream).write(&[0xBE]) {
        Ok(_) => {}
        // A full buffer: the peer is not reading; silence will tell.
        Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
        Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
        Err(e) if ended(&e) => return Ok(false),
        Err(e) => return Err(e),
    }
    let mut buf = [0u8; 256];
    loop {
        match (&p.stream).read(&mut buf) {
            Ok(0) => return Ok(false),
            Ok(_) => p.heard = Instant::now(),
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => return Ok(true),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) if ended(&e) => return Ok(false),
            Err(e) => return Err(e),
        }
    }
}

/// Errors that mean the peer closed its end (its process ended), not
/// that the link broke.
fn ended(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::BrokenPipe | io::ErrorKind::ConnectionReset
    )
}
