//! The one home of a long-lived resident session: a thread that owns what
//! the session borrows (`T`: a graph, or a server's inputs) and the session
//! itself, and runs callers' work with it one call at a time. `dwell serve`
//! keeps one per served input, a Python `with g.session()` block one per
//! graph.
//!
//! Why a thread: a [`Session`] borrows its graph, and a device context
//! belongs to the thread that made it, so the session stays where it was
//! opened and calls come to it. The rules are the same for every holder:
//! - the first call opens the session (the one upload); each later call
//!   re-plans it for its own query ([`Session::open_or_replan`]);
//! - calls take turns, in the order they were sent;
//! - a call that panics loses the session (its state is unknown): the next
//!   call opens a new one, and that upload is counted;
//! - a call that fails or is cancelled leaves the session to the call's
//!   own judgement (it may drop it by setting the slot to `None`); a
//!   cancelled run leaves it usable ([`Session::set_cancel`]);
//! - dropping the worker ends the thread once the call in progress is done.
//!
//! The thread is also the first thread of a rayon pool of its own, so a
//! query's parallel steps start on it instead of waking a pool thread and
//! sleeping until they are done (as `dwell run`'s main thread does, see
//! `backend/host.rs`). Without threads to spare, the global pool runs them.

use super::Session;
use std::sync::mpsc;
use std::sync::Arc;
use std::thread::JoinHandle;

/// A call's work: what the thread owns and its session (`None` until the
/// first call opens it, or after a call dropped or lost it).
pub type Job<T> = Box<dyn for<'s> FnOnce(&'s T, &mut Option<Session<'s>>) + Send>;

/// The worker thread is gone (it cannot end while the worker lives, unless
/// the process is failing).
#[derive(Debug, thiserror::Error)]
#[error("the session's thread ended. Fix: this is a bug in dwell; please report it (open a new session meanwhile)")]
pub struct WorkerLost;

/// A thread owning `T` and the resident session that borrows it.
pub struct Worker<T: Send + Sync + 'static> {
    jobs: Option<mpsc::Sender<Job<T>>>,
    thread: Option<JoinHandle<()>>,
}

impl<T: Send + Sync + 'static> Worker<T> {
    /// Start the thread `name`, owning `owner`.
    pub fn spawn(name: String, owner: Arc<T>) -> std::io::Result<Worker<T>> {
        let (tx, rx) = mpsc::channel::<Job<T>>();
        let pool_name = name.clone();
        let thread = std::thread::Builder::new().name(name).spawn(move || {
            let _pool = rayon::ThreadPoolBuilder::new()
                .thread_name(move |i| format!("{pool_name}-{i}"))
                .use_current_thread()
                .build();
            let owner = &*owner;
            let mut session: Option<Session<'_>> = None;
            for job in rx {
                let call = std::panic::AssertUnwindSafe(|| job(owner, &mut session));
                if std::panic::catch_unwind(call).is_err() {
                    session = None;
                }
            }
        })?;
        Ok(Worker {
            jobs: Some(tx),
            thread: Some(thread),
        })
    }

    /// Queue `job`; it runs after the calls sent before it. A job that
    /// panics never finishes: whoever waits for its answer must treat a
    /// dropped reply channel as that failure.
    pub fn send(&self, job: Job<T>) -> Result<(), WorkerLost> {
        self.jobs
            .as_ref()
            .ok_or(WorkerLost)?
            .send(job)
            .map_err(|_| WorkerLost)
    }

    /// Run `f` on the thread and wait for its answer.
    pub fn call<R: Send + 'static>(
        &self,
        f: impl for<'s> FnOnce(&'s T, &mut Option<Session<'s>>) -> R + Send + 'static,
    ) -> Result<R, WorkerLost> {
        let (reply, answer) = mpsc::sync_channel(1);
        self.send(Box::new(move |owner, session| {
            let _ = reply.send(f(owner, session));
        }))?;
        answer.recv().map_err(|_| WorkerLost)
    }
}

impl<T: Send + Sync + 'static> Drop for Worker<T> {
    fn drop(&mut self) {
        self.jobs = None; // ends the thread's loop
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{BfsQuery, Output, Query};
    use crate::backend::Cpu;
    use crate::graph::{Graph, GraphBuilder};
    use crate::session::Session;

    fn path(n: u32) -> Arc<Graph> {
        let mut b = GraphBuilder::new(true);
        for v in 0..n - 1 {
            b.push_arc(v.into(), (v + 1).into(), None, None).unwrap();
        }
        Arc::new(b.build().unwrap())
    }

    /// One BFS from `source` on the worker's session; the session's
    /// uploads so far.
    fn bfs(w: &Worker<Graph>, source: u32) -> (Output, u64) {
        w.call(move |g, slot| {
            let q = Query::Bfs(BfsQuery {
                sources: vec![source],
                keep_levels: false,
            });
            let plan = Session::plan_query(&Cpu, g, &q, 1, u64::MAX / 4).unwrap();
            let s = Session::open_or_replan(slot, &Cpu, g, plan).unwrap();
            s.run(&q).unwrap();
            let mut r = s.read_back().unwrap();
            let uploads = s.counters().unwrap().graph_uploads;
            (r.outputs.pop().unwrap(), uploads)
        })
        .unwrap()
    }

    #[test]
    fn calls_share_one_upload_and_a_panic_loses_only_the_session() {
        let w = Worker::spawn("dwell-test-worker".into(), path(50)).unwrap();
        let (a, up) = bfs(&w, 0);
        assert_eq!(up, 1);
        let (b, up) = bfs(&w, 10);
        assert_eq!(up, 1, "the second call re-plans the resident session");
        assert_ne!(a, b);
        // A call that panics: its caller sees the worker's error, the
        // thread lives on, and the next call opens a new session.
        let lost = w.call::<()>(|_, _| panic!("a failing call"));
        assert!(lost.is_err());
        let (c, up) = bfs(&w, 0);
        assert_eq!(c, a);
        assert_eq!(up, 1, "a new session, with its own first upload");
    }
}
