//! Panics of timely's threads, kept per runtime: the waiting run reports
//! them as one error, and a runtime started after a failed one (a server's
//! next session) starts clean instead of inheriting the failure.
//!
//! A worker thread knows its runtime (it adopts the runtime's [`Faults`]
//! when it starts); timely's link threads do not, and are charged to the
//! runtime started last, the one whose links they serve unless an older
//! failed runtime's links outlive it.

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, Once};

/// One runtime's failures.
#[derive(Default)]
pub(crate) struct Faults {
    /// The first panic of one of its threads that a lost link did not cause.
    panicked: Mutex<Option<String>>,
    /// One of its threads panicked because a link was lost (not printed;
    /// the run names the peer).
    link_lost: AtomicBool,
}

/// The runtime started last: link threads' panics go there.
static LATEST: Mutex<Option<Arc<Faults>>> = Mutex::new(None);

thread_local! {
    /// The runtime a worker thread belongs to.
    static MINE: RefCell<Option<Arc<Faults>>> = const { RefCell::new(None) };
}

impl Faults {
    /// The faults of a runtime about to start its threads.
    pub(crate) fn start() -> Arc<Faults> {
        install_panic_hook();
        let f = Arc::new(Faults::default());
        *LATEST.lock().unwrap_or_else(|p| p.into_inner()) = Some(Arc::clone(&f));
        f
    }

    /// Charge this thread's panics to `self` (a worker, as it starts).
    pub(crate) fn adopt(self: &Arc<Self>) {
        MINE.with(|m| *m.borrow_mut() = Some(Arc::clone(self)));
    }

    /// The first panic not caused by a lost link.
    pub(crate) fn panicked(&self) -> Option<String> {
        self.panicked
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    pub(crate) fn link_lost(&self) -> bool {
        self.link_lost.load(Ordering::SeqCst)
    }
}

/// This thread's runtime: its own if it adopted one, else the latest.
fn this_threads() -> Option<Arc<Faults>> {
    MINE.with(|m| m.borrow().clone())
        .or_else(|| LATEST.lock().unwrap_or_else(|p| p.into_inner()).clone())
}

/// The first panic of this worker's runtime, if any (workers check it
/// while they wait for a round).
pub(crate) fn panicked_here() -> Option<String> {
    MINE.with(|m| m.borrow().as_ref().and_then(|f| f.panicked()))
}

/// Is `msg` a lost link's panic, or one of the workers' panics it causes
/// (their queues from that link are poisoned)?
fn caused_by_a_lost_link(msg: &str) -> bool {
    msg.starts_with("timely communication error")
        || msg.contains("Send thread panic")
        || msg.contains("Recv thread panic")
        || msg.contains("poisoned")
}

/// Route panics of timely's threads into their runtime's [`Faults`]. A
/// lost link's panic is reported by the run that notices the peer, so it
/// is not printed; other panics still print.
fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let name = std::thread::current().name().unwrap_or("").to_string();
            let faults = this_threads().filter(|_| name.starts_with("timely"));
            let Some(faults) = faults else {
                previous(info);
                return;
            };
            let msg = info
                .payload()
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| info.payload().downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            if !caused_by_a_lost_link(&msg) {
                let mut p = faults.panicked.lock().unwrap_or_else(|p| p.into_inner());
                p.get_or_insert_with(|| format!("{name}: {msg}"));
                drop(p);
                previous(info);
                return;
            }
            faults.link_lost.store(true, Ordering::SeqCst);
            // A worker must not unwind from a poisoned queue: timely's
            // send endpoints flush into that queue as they drop, panic
            // again, and the process aborts before the run can report the
            // lost peer. Parked, it ends with the process; the run sees
            // `link_lost` and the failed runtime forgets its threads.
            if name.starts_with("timely:work") {
                loop {
                    std::thread::park();
                }
            }
        }));
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn panic_on(name: &str, adopt: Option<&Arc<Faults>>, msg: &'static str) {
        let adopt = adopt.cloned();
        let t = std::thread::Builder::new()
            .name(name.to_string())
            .spawn(move || {
                if let Some(f) = adopt {
                    f.adopt();
                }
                panic!("{msg}");
            })
            .unwrap();
        assert!(t.join().is_err());
    }

    /// A failed runtime's faults stay with it: the next one starts clean,
    /// a worker's panic goes to its own runtime even after a newer one
    /// started, and a link thread's to the latest. (One test: `LATEST` is
    /// process-wide.)
    #[test]
    fn faults_stay_with_their_runtime() {
        let a = Faults::start();
        panic_on("timely:send-1", None, "timely communication error: reset");
        assert!(a.link_lost() && a.panicked().is_none());
        let b = Faults::start();
        assert!(!b.link_lost() && b.panicked().is_none());
        panic_on("timely:work-0", Some(&a), "a worker's bug");
        assert_eq!(
            a.panicked().as_deref(),
            Some("timely:work-0: a worker's bug")
        );
        assert!(b.panicked().is_none() && !b.link_lost());
        panic_on("timely:recv-2", None, "Recv thread panic");
        assert!(b.link_lost() && b.panicked().is_none());
        // Other threads' panics are nobody's fault here.
        panic_on("main-ish", None, "unrelated");
        assert!(b.panicked().is_none());
    }
}
