//! Heartbeats at the connection layer: process 0 is `net::connect`,
//! process 1 a hand-made peer that follows the handshake (a data and a
//! heartbeat connection, the identity exchange), beats for a while, then
//! falls silent with its connections open, as a stopped process does.
//! While it beats its link is healthy; once silent, the link fails within
//! the peer timeout, naming process 1 and its address.

use dwell_timely::net::{self, Identity, Links};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn identity() -> Identity {
    Identity {
        version: "test".into(),
        layout_hash: "0x1".into(),
        parts: 2,
        nodes: 10,
        arcs: 20,
        directed: false,
        label_names: Vec::new(),
    }
}

/// Process 1 of 2: connect to process 0 at `addr` (data, then heartbeat
/// connection), swap identities; both streams.
fn fake_peer(addr: &str) -> (TcpStream, TcpStream) {
    let start = Instant::now();
    let dial = || loop {
        match TcpStream::connect(addr) {
            Ok(s) => return s,
            Err(_) if start.elapsed() < Duration::from_secs(20) => {
                std::thread::sleep(Duration::from_millis(20))
            }
            Err(e) => panic!("process 0 never listened at {addr}: {e}"),
        }
    };
    let mut data = dial();
    data.write_all(&1u64.to_be_bytes()).unwrap();
    let mut beat = dial();
    beat.write_all(&(1u64 | 1 << 63).to_be_bytes()).unwrap();
    data.set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let mut word = [0u8; 4];
    data.read_exact(&mut word).unwrap();
    let mut theirs = vec![0u8; u32::from_be_bytes(word) as usize];
    data.read_exact(&mut theirs).unwrap();
    let ours = serde_json::to_vec(&identity()).unwrap();
    data.write_all(&(ours.len() as u32).to_be_bytes()).unwrap();
    data.write_all(&ours).unwrap();
    (data, beat)
}

#[test]
fn a_peer_that_stops_beating_fails_its_link_within_the_timeout() {
    const TIMEOUT: Duration = Duration::from_millis(800);
    let ports: Vec<u16> = (0..2)
        .map(|_| {
            let l = TcpListener::bind("127.0.0.1:0").unwrap();
            l.local_addr().unwrap().port()
        })
        .collect();
    let hosts: Vec<String> = ports.iter().map(|p| format!("127.0.0.1:{p}")).collect();
    let links = Arc::new(Links::default());
    let (h, l) = (hosts.clone(), Arc::clone(&links));
    let zero = std::thread::spawn(move || {
        net::connect(&h, 0, Duration::from_secs(20), TIMEOUT, &identity(), &l)
            .map(|sockets| sockets.len())
    });
    let (data, mut beat) = fake_peer(&hosts[0]);
    assert_eq!(zero.join().unwrap().unwrap(), 2);
    // Beating (and draining process 0's beats): healthy for 3 timeouts.
    beat.set_read_timeout(Some(Duration::from_millis(50)))
        .unwrap();
    let start = Instant::now();
    let mut heard = 0;
    while start.elapsed() < 3 * TIMEOUT {
        beat.write_all(&[1]).unwrap();
        let mut buf = [0u8; 64];
        if let Ok(n) = beat.read(&mut buf) {
            heard += n;
        }
        assert!(links.failure().is_none(), "{:?}", links.failure());
    }
    assert!(heard > 0, "process 0 never beat");
    // Silent, connections open.
    let silent = Instant::now();
    let failure = loop {
        if let Some(f) = links.failure() {
            break f;
        }
        assert!(
            silent.elapsed() < TIMEOUT + Duration::from_secs(10),
            "no failure {:?} after the peer fell silent",
            silent.elapsed()
        );
        std::thread::sleep(Duration::from_millis(10));
    };
    assert!(silent.elapsed() >= TIMEOUT - Duration::from_millis(100));
    assert_eq!(failure.0, 1);
    assert_eq!(
        failure.1,
        format!(
            "({}) has sent nothing for 0.8 s (stopped, hung or cut off)",
            hosts[1]
        )
    );
    drop((data, beat));
}
