//! Progress of long work, as counts: "k of N units done". The library
//! reports; a front end (the `dwell` binary's indicatif bar) renders.
//!
//! Reports come from whichever thread finished the work, so a [`Progress`]
//! must be `Sync`; [`Steps`] turns "one more done" from many threads into
//! monotone totals.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

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

    /// `n` more units are done. The sink hears of it when the count crosses
    /// a thousandth of the total (and at the total), so a batch of many tiny
    /// searches does not call it once per search.
    pub fn add(&self, n: u64) {
        let before = self.done.fetch_add(n, Ordering::Relaxed);
        let done = before.saturating_add(n).min(self.total);
        let grain = (self.total / 1000).max(1);
        if done / grain != before.min(self.total) / grain || done == self.total {
            self.sink.advance(self.unit, done, self.total);
        }
    }
}

/// A request to stop: set by whoever gave up waiting (a server whose
/// request ran past its time limit), checked by a session before each run,
/// so a cancelled query stops at the end of the run in progress instead of
/// running all its runs for nobody. Clones share one flag.
#[derive(Debug, Clone, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Ask the work to stop.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
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

    #[test]
    fn large_steps_report_about_a_thousand_times_and_reach_the_total() {
        let log = Log(Mutex::new(Vec::new()));
        let steps = Steps::new(&log, "sources", 100_000);
        (0..100_000).for_each(|_| steps.add(1));
        let seen = log.0.into_inner().unwrap();
        assert_eq!(seen.len(), 1001, "the start and one report per 100 units");
        assert_eq!(seen.last(), Some(&(100_000, 100_000)));
    }
}
