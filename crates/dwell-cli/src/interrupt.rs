//! SIGINT and SIGTERM: the CLI opts in to handling them (the library installs
//! no handler). A watcher thread (signal-hook's safe iterator) removes the
//! temporary files of the writes in progress through
//! [`dwell::io::abandon_pending`], prints one line saying what was
//! interrupted, and exits with the conventional status: 130 for SIGINT, 143
//! for SIGTERM. An existing output is never left half-written: it is either
//! the old file or the complete new one. Work that must be undone first (the
//! timely launcher's children and temporary folders) takes a [`Hold`]: the
//! watcher waits for it a bounded time, then removes its folder itself.
//! A timely process started by the launcher gets SIGTERM from the kernel
//! when the launcher dies ([`watch_launcher`]): it then removes the
//! launcher's folders too, which a killed launcher cannot.

use dwell_timely::launch::Parent;
use signal_hook::consts::{SIGINT, SIGTERM};
use signal_hook::iterator::Signals;
use std::io::{IsTerminal as _, Write as _};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// The holds alive: each one's number and the folder it removes.
static HELD: Mutex<Vec<(u64, Option<PathBuf>)>> = Mutex::new(Vec::new());

/// The launcher that started this process (a timely process), whose
/// folders are removed on a signal that comes after its death.
static ORPHAN_OF: Mutex<Option<Parent>> = Mutex::new(None);

/// How long the watcher waits for a dying launcher to be gone.
const ORPHAN_WAIT: Duration = Duration::from_millis(500);

/// How long the watcher waits for holds to end before it removes their
/// folders and exits.
const HOLD_WAIT: Duration = Duration::from_secs(10);

/// Work that must be undone before the process exits on a signal: while it
/// lives, the watcher waits (at most [`HOLD_WAIT`]) for its owner to stop
/// (who polls [`interrupted`]), and removes `folder` if the owner has not.
pub struct Hold(u64);

/// Take a hold; `folder` (a temporary one) is removed on a signal.
pub fn hold(folder: Option<PathBuf>) -> Hold {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let id = NEXT.fetch_add(1, Ordering::Relaxed);
    HELD.lock()
        .unwrap_or_else(|p| p.into_inner())
        .push((id, folder));
    Hold(id)
}

impl Drop for Hold {
    fn drop(&mut self) {
        HELD.lock()
            .unwrap_or_else(|p| p.into_inner())
            .retain(|(id, _)| *id != self.0);
    }
}

/// On a signal after `parent` has died (the kernel's parent-death SIGTERM),
/// remove its folders.
pub fn watch_launcher(parent: Parent) {
    *ORPHAN_OF.lock().unwrap_or_else(|p| p.into_inner()) = Some(parent);
}

/// If this process's launcher died, remove its folders. The parent-death
/// signal comes when the thread that started this process ends, which can
/// be before the rest of the launcher (this process is then handed to
/// another of its threads): wait for the launcher to be gone, briefly (a
/// SIGTERM from elsewhere, the launcher alive, waits that long too).
fn clean_up_after_launcher() {
    let orphan = ORPHAN_OF.lock().unwrap_or_else(|p| p.into_inner());
    let Some(parent) = orphan.as_ref() else {
        return;
    };
    let start = Instant::now();
    while !parent.gone() {
        if start.elapsed() > ORPHAN_WAIT {
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    parent.remove_folders();
}

/// Wait for the holds to end (bounded), then remove the folders of those
/// left.
fn release_holds() {
    let start = Instant::now();
    while start.elapsed() < HOLD_WAIT {
        if HELD.lock().unwrap_or_else(|p| p.into_inner()).is_empty() {
            return;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    for (_, folder) in HELD.lock().unwrap_or_else(|p| p.into_inner()).iter() {
        if let Some(f) = folder {
            let _ = std::fs::remove_dir_all(f);
        }
    }
}

/// Start watching for SIGINT and SIGTERM (once, at the start of `main`).
/// If the handlers cannot be installed, the signals keep their default
/// action; nothing else changes.
pub fn install() {
    let Ok(mut signals) = Signals::new([SIGINT, SIGTERM]) else {
        return;
    };
    let spawned = std::thread::Builder::new()
        .name("dwell-signals".into())
        .spawn(move || {
            if let Some(sig) = signals.forever().next() {
                INTERRUPTED.store(true, Ordering::SeqCst);
                let targets = dwell::io::abandon_pending();
                release_holds();
                clean_up_after_launcher();
                let (name, code) = if sig == SIGINT {
                    ("SIGINT", 130)
                } else {
                    ("SIGTERM", 143)
                };
                // Clear a progress bar's line on a terminal first.
                let clear = if std::io::stderr().is_terminal() {
                    "\r\x1b[2K"
                } else {
                    ""
                };
                // Not eprintln!: its panic on a closed stderr (a dead
                // launcher's pipe) would end this thread before the exit.
                let _ = writeln!(
                    std::io::stderr(),
                    "{clear}{}",
                    message(name, &command(), &targets)
                );
                std::process::exit(code);
            }
        });
    drop(spawned);
}

/// Whether a signal arrived: `main` then leaves the exit to the watcher.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// `dwell run bfs g.edges …` as typed (the program name shortened to dwell).
fn command() -> String {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    args.insert(0, "dwell".into());
    args.join(" ")
}

/// The one line printed on an interrupt.
fn message(signal: &str, command: &str, targets: &[std::path::PathBuf]) -> String {
    if targets.is_empty() {
        return format!("interrupted by {signal}: `{command}` stopped");
    }
    let names: Vec<String> = targets.iter().map(|t| t.display().to_string()).collect();
    format!(
        "interrupted by {signal} while writing {}: `{command}` stopped; its temporary output was removed and {} left as it was",
        names.join(", "),
        names.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_naming_what_was_interrupted() {
        let m = message("SIGINT", "dwell run bfs g --out o.txt", &["o.txt".into()]);
        assert!(!m.contains('\n'));
        assert!(
            m.starts_with("interrupted by SIGINT while writing o.txt: "),
            "{m}"
        );
        let m = message("SIGTERM", "dwell gen rmat", &[]);
        assert_eq!(m, "interrupted by SIGTERM: `dwell gen rmat` stopped");
    }
}
