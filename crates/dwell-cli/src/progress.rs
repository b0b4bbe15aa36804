//! A spinner for work that takes longer than a second (stderr, terminals only).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::time::Duration;

pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    /// Start timing `what`; the spinner appears only after one second, so
    /// quick commands print nothing extra. Hidden when stderr is not a terminal.
    pub fn start(what: String) -> Progress {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template("{spinner} {msg} {elapsed}").expect("static template"),
        );
        bar.set_message(what);
        let delayed = bar.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_secs(1));
            if !delayed.is_finished() {
                delayed.set_draw_target(ProgressDrawTarget::stderr());
                delayed.enable_steady_tick(Duration::from_millis(120));
            }
        });
        Progress { bar }
    }

    pub fn finish(self) {
        self.bar.finish_and_clear();
    }
}
