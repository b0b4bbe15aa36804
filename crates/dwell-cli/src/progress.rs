//! Progress on stderr: an indicatif bar that renders the library's
//! [`dwell::progress::Progress`] reports as "k/N unit, rate, ETA".
//!
//! The bar stays hidden for the first second, so quick commands print
//! nothing extra, and always when stderr is not a terminal, so pipes and
//! tests see only what the commands print themselves. Until the first count
//! arrives (loading a graph has none) it is a spinner with the elapsed time.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::io::IsTerminal as _;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long work runs before the bar appears.
const DELAY: Duration = Duration::from_secs(1);

pub struct Bar {
    bar: ProgressBar,
    /// The unit and total of the step being counted (a new one resets the bar).
    step: Mutex<Option<(&'static str, u64)>>,
    /// Set by `finish`; the delayed thread checks it under the lock so a
    /// finished bar is never shown.
    done: Arc<Mutex<bool>>,
}

impl Bar {
    /// Start a bar whose first phase is `what` (e.g. "loading g.edges").
    pub fn start(what: impl Into<String>) -> Bar {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
        bar.set_style(spinner_style());
        bar.set_message(what.into());
        let done = Arc::new(Mutex::new(false));
        if std::io::stderr().is_terminal() {
            let (delayed, done) = (bar.clone(), Arc::clone(&done));
            std::thread::spawn(move || {
                std::thread::sleep(DELAY);
                let done = done.lock().unwrap_or_else(|e| e.into_inner());
                if !*done {
                    delayed.set_draw_target(ProgressDrawTarget::stderr());
                    delayed.enable_steady_tick(Duration::from_millis(120));
                }
            });
        }
        Bar {
            bar,
            step: Mutex::new(None),
            done,
        }
    }

    /// A bar that is never drawn (a server's requests).
    pub fn hidden() -> Bar {
        Bar {
            bar: ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden()),
            step: Mutex::new(None),
            done: Arc::new(Mutex::new(true)),
        }
    }

    /// Start a new phase of the command: `what`, as a spinner with the
    /// phase's elapsed time until its first count. One bar serves a whole
    /// command, so two never draw over each other.
    pub fn phase(&self, what: impl Into<String>) {
        *self.step.lock().unwrap_or_else(|e| e.into_inner()) = None;
        self.bar.set_style(spinner_style());
        self.bar.set_message(what.into());
        self.bar.reset();
    }

    /// Print `line` on stderr above the bar (the bar, if shown, is redrawn below).
    pub fn line(&self, line: &str) {
        self.bar.suspend(|| eprintln!("{line}"));
    }

    /// Clear the bar for good (before a report goes to stdout, or an error
    /// to stderr: dropping the bar does it too).
    pub fn finish(&self) {
        *self.done.lock().unwrap_or_else(|e| e.into_inner()) = true;
        self.bar.finish_and_clear();
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        self.finish();
    }
}

impl dwell::progress::Progress for Bar {
    fn advance(&self, unit: &'static str, done: u64, total: u64) {
        let mut step = self.step.lock().unwrap_or_else(|e| e.into_inner());
        if *step != Some((unit, total)) {
            // A new step: rate and ETA are measured from here.
            *step = Some((unit, total));
            self.bar.set_style(counts_style(unit));
            self.bar.set_length(total);
            self.bar.reset();
        }
        self.bar.set_position(done);
    }

    /// A bar never asks to stop: kernels poll the session's cancel alone.
    fn stop_flag(&self) -> Option<&std::sync::atomic::AtomicBool> {
        Some(&dwell::progress::NEVER)
    }
}

fn spinner_style() -> ProgressStyle {
    ProgressStyle::with_template("{spinner} {msg} {elapsed}").expect("static template")
}

fn counts_style(unit: &str) -> ProgressStyle {
    // The unit is part of the template text, so braces in it are escaped.
    let unit = unit.replace('{', "{{").replace('}', "}}");
    ProgressStyle::with_template(&format!(
        "{{msg}} [{{bar:30}}] {{pos}}/{{len}} {unit}, {{rate}}, ETA {{eta}}"
    ))
    .expect("template with an escaped unit")
    .with_key("rate", |s: &ProgressState, w: &mut dyn std::fmt::Write| {
        let _ = write!(w, "{:.1}/s", s.per_sec());
    })
    .progress_chars("=> ")
}
