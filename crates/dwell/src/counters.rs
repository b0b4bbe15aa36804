//! Counters of what a session really did, incremented where it happens.
//!
//! Kernels run in parallel, so the live counters are atomics; additions are
//! checked (an overflow is remembered and reported by [`Counters::snapshot`],
//! never wrapped). A [`CounterSnapshot`] is a plain copy for reports and for
//! differences between two moments (the timed region of a benchmark).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// One counted quantity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counter {
    /// Topology made resident (uploaded to a device, or built in host memory).
    GraphUploads,
    /// Working buffers allocated (device buffers, or per-vertex host arrays).
    Allocations,
    /// Times the host waited for a device.
    HostSyncs,
    /// Kernel launches, or CPU passes (one parallel sweep or one search).
    Launches,
    BytesUploaded,
    BytesReadBack,
    Runs,
}

const COUNT: usize = 7;

/// Live counters, shared by a session and the kernels it runs.
#[derive(Debug, Default)]
pub struct Counters {
    values: [AtomicU64; COUNT],
    overflowed: AtomicBool,
}

/// A point-in-time copy of [`Counters`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
pub struct CounterSnapshot {
    pub graph_uploads: u64,
    pub allocations: u64,
    pub host_syncs: u64,
    pub launches: u64,
    pub bytes_uploaded: u64,
    pub bytes_read_back: u64,
    pub runs: u64,
}

/// A counter left u64.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a session counter overflowed u64. Fix: split the work into several sessions")]
pub struct CounterOverflow;

impl Counters {
    /// Add `n` to `which`; an overflow is remembered, the value left as it was.
    pub fn add(&self, which: Counter, n: u64) {
        let slot = &self.values[which as usize];
        if slot
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |v| v.checked_add(n))
            .is_err()
        {
            self.overflowed.store(true, Ordering::Relaxed);
        }
    }

    /// Add one to `which`.
    pub fn bump(&self, which: Counter) {
        self.add(which, 1);
    }

    /// The current values, or an error if any addition overflowed.
    pub fn snapshot(&self) -> Result<CounterSnapshot, CounterOverflow> {
        if self.overflowed.load(Ordering::Relaxed) {
            return Err(CounterOverflow);
        }
        let v = |c: Counter| self.values[c as usize].load(Ordering::Relaxed);
        Ok(CounterSnapshot {
            graph_uploads: v(Counter::GraphUploads),
            allocations: v(Counter::Allocations),
            host_syncs: v(Counter::HostSyncs),
            launches: v(Counter::Launches),
            bytes_uploaded: v(Counter::BytesUploaded),
            bytes_read_back: v(Counter::BytesReadBack),
            runs: v(Counter::Runs),
        })
    }
}

impl CounterSnapshot {
    /// What happened between `earlier` and `self`; `None` if `earlier` is
    /// not earlier (some counter would go below zero).
    pub fn since(&self, earlier: &CounterSnapshot) -> Option<CounterSnapshot> {
        Some(CounterSnapshot {
            graph_uploads: self.graph_uploads.checked_sub(earlier.graph_uploads)?,
            allocations: self.allocations.checked_sub(earlier.allocations)?,
            host_syncs: self.host_syncs.checked_sub(earlier.host_syncs)?,
            launches: self.launches.checked_sub(earlier.launches)?,
            bytes_uploaded: self.bytes_uploaded.checked_sub(earlier.bytes_uploaded)?,
            bytes_read_back: self.bytes_read_back.checked_sub(earlier.bytes_read_back)?,
            runs: self.runs.checked_sub(earlier.runs)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_differences() {
        let c = Counters::default();
        c.bump(Counter::Runs);
        let before = c.snapshot().unwrap();
        c.add(Counter::BytesUploaded, 10);
        c.bump(Counter::Runs);
        let d = c.snapshot().unwrap().since(&before).unwrap();
        assert_eq!((d.runs, d.bytes_uploaded, d.graph_uploads), (1, 10, 0));
        assert!(before.since(&c.snapshot().unwrap()).is_none());
    }

    #[test]
    fn overflow_is_reported_not_wrapped() {
        let c = Counters::default();
        c.add(Counter::BytesReadBack, u64::MAX);
        c.add(Counter::BytesReadBack, 1);
        assert_eq!(c.snapshot(), Err(CounterOverflow));
    }
}
