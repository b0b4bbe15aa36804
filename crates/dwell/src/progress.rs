//! Progress of long work, as counts: "k of N units done". The library
//! reports; a front end (the `dwell` binary's indicatif bar) renders.
//!
//! Reports come from whichever thread finished the work, so a [`Progress`]
//! must be `Sync`; [`Steps`] turns "one more done" from many threads into
//! monotone totals.
//!
//! The same sink carries the way back: [`Progress::stopped`] says the work
//! was asked to stop (a [`Cancel`] set on the session). Every backend's
//! kernels poll it once per level or round ([`Stop`]), so a run stops
//! within one level of the request, and the session reports the run
//! cancelled and drops its partial output.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// Receives counts of finished work.
pub trait Progress: Sync {
    /// `done` of `total` `unit`s (e.g. "sweeps", "runs", "functions") are
    /// finished. `done` never decreases within one step; a new `unit` or
    /// `total` starts a new step.
    fn advance(&self, unit: &'static str, done: u64, total: u64);

    /// Has the work been asked to stop? Kernels poll this once per level or
    /// round (one relaxed load behind a session's [`Cancel`]) and return
    /// early; a run that saw it is reported cancelled and its output is
    /// never read. Once true it stays true for the rest of the run.
    fn stopped(&self) -> bool {
        false
    }

    /// The one flag [`stopped`](Progress::stopped) reads, when it reads
    /// nothing else ([`NEVER`] for a sink that never stops): kernels then
    /// poll it with a plain load, not a call per level (a road network's
    /// searches have levels of a few vertices, where two calls per level
    /// cost 3%). `None`, the default, has kernels call `stopped`.
    fn stop_flag(&self) -> Option<&AtomicBool> {
        None
    }
}

/// The flag of a sink that never stops (see [`Progress::stop_flag`]).
pub static NEVER: AtomicBool = AtomicBool::new(false);

/// A kernel's view of the stop request: what its level loops poll.
#[derive(Clone, Copy)]
pub struct Stop<'a>(By<'a>);

#[derive(Clone, Copy)]
enum By<'a> {
    Flag(&'a AtomicBool),
    Ask(&'a dyn Progress),
}

impl std::fmt::Debug for Stop<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Stop").field(&self.requested()).finish()
    }
}

impl<'a> Stop<'a> {
    /// The stop request carried by `progress`.
    pub fn of(progress: &'a dyn Progress) -> Stop<'a> {
        Stop(match progress.stop_flag() {
            Some(flag) => By::Flag(flag),
            None => By::Ask(progress),
        })
    }

    /// Never asked to stop (tests, work outside a session).
    pub fn never() -> Stop<'static> {
        Stop(By::Flag(&NEVER))
    }

    /// Should the work stop now?
    #[inline]
    pub fn requested(self) -> bool {
        match self.0 {
            By::Flag(flag) => flag.load(Ordering::Relaxed),
            By::Ask(progress) => progress.stopped(),
        }
    }

    /// For a FIFO search with no level loop: polls once per level. `head`
    /// vertices were expanded so far and `queued` ever queued; `end` (0 at
    /// the start) is where the current level ends, moved on here.
    #[inline]
    pub fn at_level(self, head: usize, queued: usize, end: &mut usize) -> bool {
        if head < *end {
            return false;
        }
        *end = queued;
        self.requested()
    }
}

/// `inner`'s reports, and a stop request when `cancel` is set (or `inner`
/// asks): what a session hands its backend for one run.
pub struct Watched<'a> {
    pub inner: &'a dyn Progress,
    pub cancel: Option<&'a Cancel>,
}

impl Progress for Watched<'_> {
    fn advance(&self, unit: &'static str, done: u64, total: u64) {
        self.inner.advance(unit, done, total);
    }

    #[inline]
    fn stopped(&self) -> bool {
        self.cancel.is_some_and(Cancel::is_cancelled) || self.inner.stopped()
    }

    /// The cancel's flag alone when the inner sink never stops.
    fn stop_flag(&self) -> Option<&AtomicBool> {
        let inner = self.inner.stop_flag()?;
        match self.cancel {
            None => Some(inner),
            Some(c) if std::ptr::eq(inner, &NEVER) => Some(&c.0),
            Some(_) => None,
        }
    }
}

/// `0`'s stop requests without its reports: for work nested inside a step
/// the sink already counts (a program's per-function sessions inside its
/// "functions" step), whose own units would reset that step.
pub struct StopOnly<'a>(pub &'a dyn Progress);

impl Progress for StopOnly<'_> {
    fn advance(&self, _: &'static str, _: u64, _: u64) {}

    #[inline]
    fn stopped(&self) -> bool {
        self.0.stopped()
    }

    fn stop_flag(&self) -> Option<&AtomicBool> {
        self.0.stop_flag()
    }
}

/// Reports nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct Quiet;

impl Progress for Quiet {
    fn advance(&self, _: &'static str, _: u64, _: u64) {}
    fn stop_flag(&self) -> Option<&AtomicBool> {
        Some(&NEVER)
    }
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

    /// Units done so far.
    pub fn done(&self) -> u64 {
        self.done.load(Ordering::Relaxed).min(self.total)
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
/// request ran past its time limit, or whose client hung up). A session
/// checks it before each run and its backend's kernels poll it once per
/// level or round ([`Progress::stopped`]), so a cancelled query stops
/// within one level of the run in progress. Clones share one flag; it is
/// never cleared (a next query gets a new one).
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

    /// Asks to stop once told to, through `stopped` alone.
    struct Told(AtomicBool);
    impl Progress for Told {
        fn advance(&self, _: &'static str, _: u64, _: u64) {}
        fn stopped(&self) -> bool {
            self.0.load(Ordering::Relaxed)
        }
    }

    #[test]
    fn a_stop_reads_the_cancel_and_any_sink_that_asks() {
        let cancel = Cancel::new();
        let quiet = Watched {
            inner: &Quiet,
            cancel: Some(&cancel),
        };
        // The plain load of the cancel's own flag.
        assert!(quiet
            .stop_flag()
            .is_some_and(|f| std::ptr::eq(f, &*cancel.0)));
        let told = Told(AtomicBool::new(false));
        let asking = Watched {
            inner: &told,
            cancel: Some(&cancel),
        };
        assert!(asking.stop_flag().is_none());
        let (a, b) = (Stop::of(&quiet), Stop::of(&asking));
        assert!(!a.requested() && !b.requested() && !Stop::never().requested());
        told.0.store(true, Ordering::Relaxed);
        assert!(!a.requested() && b.requested());
        cancel.cancel();
        assert!(a.requested() && b.requested() && !Stop::never().requested());
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
