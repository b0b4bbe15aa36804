//! `DWELL_TRACE=1`: kernels print where their time goes to stderr (each
//! level of a single-source search, each phase of WCC), one line per step.
//! A profiling aid for a person; nothing reads the lines.

use std::sync::OnceLock;
use std::time::Instant;

/// Is `DWELL_TRACE` set (and not `0`)? Read once per process.
pub(crate) fn enabled() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| std::env::var_os("DWELL_TRACE").is_some_and(|v| v != "0"))
}

/// Timed steps of one kernel run: each [`step`](Self::step) records the
/// time since the previous one; the lines are printed when the run ends
/// (printing between steps would be timed too). Inert (no clock read) when
/// tracing is off.
pub(crate) struct Steps {
    kernel: &'static str,
    last: Option<Instant>,
    lines: Vec<String>,
}

impl Steps {
    pub(crate) fn start(kernel: &'static str) -> Steps {
        Steps {
            kernel,
            last: enabled().then(Instant::now),
            lines: Vec::new(),
        }
    }

    /// End a step named by `what` (only called for its text when tracing).
    pub(crate) fn step(&mut self, what: impl FnOnce() -> String) {
        if let Some(last) = self.last {
            let us = last.elapsed().as_secs_f64() * 1e6;
            self.lines
                .push(format!("dwell {} {}, {us:.1} us", self.kernel, what()));
            self.last = Some(Instant::now());
        }
    }
}

impl Drop for Steps {
    fn drop(&mut self) {
        for line in &self.lines {
            eprintln!("{line}");
        }
    }
}
