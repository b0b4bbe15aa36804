//! Progress of long work, as counts: "k of N units done". The library
//! reports; a front end (the `dwell` binary's indicatif bar) renders.
//!
//! Reports come from whichever thread finished the work, so a [`Progress`]
//! must be `Sync`; [`Steps`] turns "one more done" from many threads into
//! monotone totals.

use std::sync::atomic::{AtomicU64, Ordering};

/// Receives counts of finished work.
pub trait Progress: Sync {
    /// `done` of `total` `unit`s (e.g. "sweeps", "runs", "functions") are
    /// finished. `done` never decreases within one step; a new `unit` or
    /// `total` starts a new step.
    fn advance(&self, unit: &'static str, done: u64, total: u64);
}

/// Reports nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct Quiet;

impl Progress for Quiet {
    fn advance(&self, _: &'static str, _: u64, _: u64) {}
}

/// One step of `total` units, counted from any thread.
pub struct Steps<'a> {
    sink: &'a dyn Progress,
    unit: &'static str,
    total: u64,
    done: AtomicU64,
}

impl<'a> Steps<'a> {
    /// Start a step (reports 0 of `total`).
    pub fn new(sink: &'a dyn Progress, unit: &'static str, total: u64) -> Steps<'a> {
        sink.advance(unit, 0, total);
        Steps {
            sink,
            unit,
            total,
            done: AtomicU64::new(0),
        }
    }

    /// `n` more units are done.
    pub fn add(&self, n: u64) {
        let done = self.done.fetch_add(n, Ordering::Relaxed).saturating_add(n);
        self.sink
            .advance(self.unit, done.min(self.total), self.total);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    struct Log(Mutex<Vec<(u64, u64)>>);
    impl Progress for Log {
        fn advance(&self, _: &'static str, done: u64, total: u64) {
            self.0.lock().unwrap().push((done, total));
        }
    }

    #[test]
    fn steps_count_from_many_threads() {
        let log = Log(Mutex::new(Vec::new()));
        let steps = Steps::new(&log, "runs", 64);
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| (0..16).for_each(|_| steps.add(1)));
            }
        });
        let seen = log.0.into_inner().unwrap();
        assert_eq!(seen.first(), Some(&(0, 64)));
        assert_eq!(seen.len(), 65);
        assert_eq!(seen.iter().map(|&(d, _)| d).max(), Some(64));
    }
}
