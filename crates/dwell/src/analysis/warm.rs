//! One search alone in the pool, with the pool's other threads kept awake
//! ([`with_warm_pool`]).
//!
//! A single-source search alternates serial levels with short parallel
//! ones (bottom-up levels of 100–300 µs on email-Enron), and Afforest's
//! phases on a small graph are as short. Between them rayon's idle threads
//! go to sleep, and each parallel step then pays for waking one: a futex
//! wake that, on a virtual machine, took up to a quarter of a search's
//! samples (`try_to_wake_up`), and the woken thread arrives late for the
//! step it was woken for (email-Enron's fourth level: 170 µs, 70 µs with the
//! thread awake). OpenMP runtimes avoid this by spinning for a while before
//! sleeping; this does the same for one query: every other thread runs a
//! job that looks for rayon work (`yield_now`, which runs what it finds)
//! until the query ends, or until it found nothing for [`IDLE_LIMIT`]. The
//! cost is the other cores spinning while the query runs serial steps.
//!
//! Spinning pays only while the cores are free. On a busy machine a spinning
//! thread competes with the search for time slices and, when it is
//! descheduled holding half a level, the search waits for it: under another
//! job's build (load 3.7 on 2 cores) single searches were 1.3–1.7x slower
//! kept awake. So a kept thread that finds it was descheduled (one idle
//! look for work took over [`PREEMPTED`]) stops, and no query keeps the pool
//! awake for [`BACKOFF`] after.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// A kept-awake thread gives up after finding no work for this long (a
/// search stuck in a long serial level then wastes at most this much of a
/// core, and one that never returns keeps no core).
const IDLE_LIMIT: Duration = Duration::from_millis(2);

/// An idle look for work that took longer than this means the thread was
/// descheduled (one look takes well under a microsecond).
const PREEMPTED: Duration = Duration::from_micros(200);

/// After a kept thread was descheduled, queries run without keeping the
/// pool awake for this long.
const BACKOFF: Duration = Duration::from_secs(1);

/// When a kept thread last found itself descheduled: nanoseconds since
/// [`epoch`], 0 for never.
static CONTENDED_AT: AtomicU64 = AtomicU64::new(0);

fn epoch() -> Instant {
    static START: OnceLock<Instant> = OnceLock::new();
    *START.get_or_init(Instant::now)
}

/// Nanoseconds since [`epoch`], at least 1 (0 means never).
fn now_ns() -> u64 {
    u64::try_from(epoch().elapsed().as_nanos())
        .unwrap_or(u64::MAX)
        .max(1)
}

/// Was a kept thread descheduled within the last [`BACKOFF`]?
fn contended() -> bool {
    recent(CONTENDED_AT.load(Ordering::Relaxed), now_ns())
}

/// Is a mark made at `at` (0: never) within [`BACKOFF`] before `now`?
fn recent(at: u64, now: u64) -> bool {
    at != 0 && now.saturating_sub(at) < BACKOFF.as_nanos() as u64
}

/// Run `f` with the current pool's other threads looking for its parallel
/// work instead of sleeping. `f` must be the only work the pool has (one
/// search, not one of a batch's many): a kept-awake thread would otherwise
/// spin where it could have run another search. Outside a pool, or with one
/// thread, `f` just runs.
pub(crate) fn with_warm_pool<R>(f: impl FnOnce() -> R) -> R {
    let Some(me) = rayon::current_thread_index() else {
        return f();
    };
    if rayon::current_num_threads() < 2 || contended() {
        return f();
    }
    let done = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&done);
    rayon::spawn_broadcast(move |ctx| {
        // The search's own thread has its work; it must not spin here while
        // it waits for a stolen half of its own levels.
        if ctx.index() == me {
            return;
        }
        let mut last_work = Instant::now();
        while !flag.load(Ordering::Acquire) {
            let look = Instant::now();
            match rayon::yield_now() {
                Some(rayon::Yield::Executed) => last_work = Instant::now(),
                _ if look.elapsed() > PREEMPTED => {
                    CONTENDED_AT.store(now_ns(), Ordering::Relaxed);
                    return;
                }
                _ if last_work.elapsed() > IDLE_LIMIT => return,
                _ => std::hint::spin_loop(),
            }
        }
    });
    let r = f();
    done.store(true, Ordering::Release);
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use rayon::prelude::*;

    /// A descheduled kept thread stops keeping the pool awake for
    /// [`BACKOFF`], not for longer; a mark just made counts.
    #[test]
    fn contention_backs_off_for_a_while() {
        let b = BACKOFF.as_nanos() as u64;
        assert!(!recent(0, 5 * b));
        assert!(recent(b, b));
        assert!(recent(b, 2 * b - 1));
        assert!(!recent(b, 2 * b));
        assert!(!recent(1, 10 * b));
        CONTENDED_AT.store(now_ns(), Ordering::Relaxed);
        assert!(contended());
        CONTENDED_AT.store(0, Ordering::Relaxed);
    }

    /// Results are `f`'s, in and out of a pool, and parallel work inside
    /// `f` completes (no thread waits on a kept-awake one).
    #[test]
    fn runs_f_and_its_parallel_work() {
        assert_eq!(with_warm_pool(|| 7), 7);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .unwrap();
        for _ in 0..50 {
            let sum: u64 = pool.install(|| {
                with_warm_pool(|| {
                    (0..100_000u32)
                        .into_par_iter()
                        .with_min_len(1000)
                        .map(u64::from)
                        .sum()
                })
            });
            assert_eq!(sum, 4_999_950_000);
        }
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        assert_eq!(one.install(|| with_warm_pool(|| 3)), 3);
    }
}
