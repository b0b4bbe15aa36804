//! Temporaries of writes in progress: each is named after its target
//! (`.NAME.dwell-tmp-XXXXXX`, so a leftover is recognisable and the next
//! write to that target removes it) and listed while it exists, so that
//! [`abandon_pending`], called from a program's signal handler, can remove
//! them all and stop every write still running.

use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// A temporary file or folder, removed when dropped unless kept.
pub(crate) struct Temp {
    pub(crate) path: PathBuf,
    dir: bool,
    keep: bool,
}

impl Temp {
    /// Create `dir/PREFIX` + 6 random letters or digits (a file, opened
    /// for writing, private to the user; or a folder). Errors are the
    /// system's own, without the temporary name.
    fn create(dir: &Path, prefix: &OsStr, folder: bool) -> io::Result<(Temp, Option<File>)> {
        use rand::Rng;
        const CHARS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
        let mut rng = rand::thread_rng();
        let mut last = None;
        for _ in 0..100 {
            let mut name = prefix.to_os_string();
            let tail: String = (0..6)
                .map(|_| char::from(CHARS[rng.gen_range(0..CHARS.len())]))
                .collect();
            name.push(tail);
            let path = dir.join(name);
            let made = if folder {
                std::fs::create_dir(&path).map(|()| None)
            } else {
                let mut o = std::fs::OpenOptions::new();
                o.write(true).create_new(true);
                #[cfg(unix)]
                std::os::unix::fs::OpenOptionsExt::mode(&mut o, 0o600);
                o.open(&path).map(Some)
            };
            match made {
                Ok(file) => {
                    let t = Temp {
                        path,
                        dir: folder,
                        keep: false,
                    };
                    return Ok((t, file));
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
                Err(e) => return Err(e),
            }
        }
        Err(last.unwrap_or_else(|| io::Error::other("no free temporary name")))
    }

    /// Keep it (it was renamed into place).
    pub(crate) fn keep(mut self) {
        self.keep = true;
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        if !self.keep {
            let _ = if self.dir {
                std::fs::remove_dir_all(&self.path)
            } else {
                std::fs::remove_file(&self.path)
            };
        }
    }
}

/// The folder of `target` and the prefix of its temporary files,
/// `.NAME.dwell-tmp-`.
pub(crate) fn temp_prefix(target: &Path) -> io::Result<(PathBuf, OsString)> {
    let dir = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let Some(name) = target.file_name() else {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} does not name a file", target.display()),
        ));
    };
    let mut prefix = OsString::from(".");
    prefix.push(name);
    prefix.push(TEMP_MARK);
    Ok((dir, prefix))
}

/// What temporary files carry after their target's name.
pub const TEMP_MARK: &str = ".dwell-tmp-";

/// Remove leftovers `PREFIX` + 6 characters in `dir` (from a killed process
/// or a power loss), except those of writes in progress in this process.
/// Best effort: a leftover that cannot be removed is left alone.
pub(crate) fn remove_stale(dir: &Path, prefix: &OsStr) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let prefix = prefix.as_encoded_bytes();
    let live = lock_pending()
        .live
        .iter()
        .map(|p| p.temp.clone())
        .collect::<Vec<_>>();
    for e in entries.flatten() {
        let name = e.file_name();
        let b = name.as_encoded_bytes();
        if b.len() != prefix.len() + 6 || !b.starts_with(prefix) {
            continue;
        }
        let p = e.path();
        if live.contains(&p) {
            continue;
        }
        let _ = match e.file_type() {
            Ok(t) if t.is_dir() => std::fs::remove_dir_all(&p),
            _ => std::fs::remove_file(&p),
        };
    }
}

/// A temporary file or folder of a write in progress.
#[derive(Debug)]
struct Live {
    id: u64,
    temp: PathBuf,
    target: PathBuf,
    dir: bool,
}

#[derive(Debug, Default)]
struct PendingWrites {
    next: u64,
    live: Vec<Live>,
    /// Set by [`abandon_pending`]: no write may start or finish any more.
    abandoned: bool,
}

static PENDING: Mutex<PendingWrites> = Mutex::new(PendingWrites {
    next: 0,
    live: Vec::new(),
    abandoned: false,
});

fn lock_pending() -> std::sync::MutexGuard<'static, PendingWrites> {
    PENDING.lock().unwrap_or_else(|e| e.into_inner())
}

fn abandoned_error() -> io::Error {
    io::Error::new(
        io::ErrorKind::Interrupted,
        "the write was abandoned (the program is being interrupted)",
    )
}

/// A registered temporary file or folder; unregistered when dropped.
pub(crate) struct Pending(u64);

impl Pending {
    /// Create a temporary file or folder for `target` (named as `Temp::create` says)
    /// and list it for [`abandon_pending`]. Both happen under the lock, so a
    /// signal handler sees either no temporary or a listed one: none can be
    /// created unlisted and outlive an interrupt.
    pub(crate) fn create(
        dir: &Path,
        prefix: &OsStr,
        folder: bool,
        target: &Path,
    ) -> io::Result<(Temp, Option<File>, Pending)> {
        let mut p = lock_pending();
        if p.abandoned {
            return Err(abandoned_error());
        }
        let (temp, file) = Temp::create(dir, prefix, folder)?;
        p.next += 1;
        let id = p.next;
        p.live.push(Live {
            id,
            temp: temp.path.clone(),
            target: target.to_path_buf(),
            dir: folder,
        });
        Ok((temp, file, Pending(id)))
    }

    /// Move the temporary into place with `commit`, unless it was abandoned:
    /// the two never interleave.
    pub(crate) fn finish(self, commit: impl FnOnce() -> io::Result<()>) -> io::Result<()> {
        let p = lock_pending();
        if p.abandoned {
            return Err(abandoned_error());
        }
        commit()
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        lock_pending().live.retain(|l| l.id != self.0);
    }
}

/// Remove the temporary files and folders of every write in progress and
/// return their targets; any write still running then fails, and no new one
/// starts. Meant for a program's signal handler (the `dwell` binary calls it
/// on SIGINT/SIGTERM before exiting); a target being renamed into place
/// right now is either complete or untouched, never half-written.
pub fn abandon_pending() -> Vec<PathBuf> {
    let mut p = lock_pending();
    p.abandoned = true;
    let mut targets = Vec::new();
    for l in p.live.drain(..) {
        if l.dir {
            remove_folder_being_written(&l.temp);
        } else {
            let _ = std::fs::remove_file(&l.temp);
        }
        targets.push(l.target);
    }
    targets
}

/// Remove a temporary folder that another thread may still be filling: a
/// file created between `remove_dir_all`'s listing and its final `rmdir`
/// makes that fail (not empty), so try again. Once the folder is gone no
/// file can be created in it, so this ends after at most as many tries as
/// the writer creates files (bounded anyway: best effort, like the rest).
fn remove_folder_being_written(path: &Path) {
    for _ in 0..1000 {
        match std::fs::remove_dir_all(path) {
            Ok(()) => return,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return,
            Err(_) => std::thread::yield_now(),
        }
    }
}

/// The targets of the writes in progress (for a message).
pub fn pending_targets() -> Vec<PathBuf> {
    lock_pending()
        .live
        .iter()
        .map(|l| l.target.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::{atomic_write, names};

    #[test]
    fn temp_files_are_named_after_their_target_and_stale_ones_removed() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("levels.txt");
        // Leftovers of a killed run: this target's are removed, others kept.
        std::fs::write(dir.path().join(".levels.txt.dwell-tmp-AbC123"), "stale").unwrap();
        std::fs::create_dir(dir.path().join(".levels.txt.dwell-tmp-dir123")).unwrap();
        std::fs::write(dir.path().join(".other.txt.dwell-tmp-AbC123"), "x").unwrap();
        std::fs::write(dir.path().join(".levels.txt.dwell-tmp-toolong1"), "x").unwrap();
        atomic_write(&p, |w| {
            // While writing, the temporary file is listed and named after the target.
            let live = lock_pending()
                .live
                .iter()
                .map(|l| (l.temp.clone(), l.target.clone()))
                .collect::<Vec<_>>();
            let (temp, target) = live.iter().find(|(_, t)| *t == p).unwrap();
            assert_eq!(target, &p);
            let name = temp.file_name().unwrap().to_string_lossy().into_owned();
            assert!(name.starts_with(".levels.txt.dwell-tmp-"), "{name}");
            assert_eq!(name.len(), ".levels.txt.dwell-tmp-".len() + 6);
            assert!(temp.exists());
            w.write_all(b"ok\n")
        })
        .unwrap();
        assert_eq!(
            names(dir.path()),
            [
                ".levels.txt.dwell-tmp-toolong1",
                ".other.txt.dwell-tmp-AbC123",
                "levels.txt"
            ]
        );
        assert!(pending_targets().iter().all(|t| t != &p));
    }

    /// Abandoning is for the whole process, so such tests run again in a
    /// child test process: true in the child, where the test goes on; in
    /// the parent this checks that the child passed.
    fn in_child(test: &str) -> bool {
        if std::env::var_os("DWELL_ABANDON_CHILD").is_some() {
            return true;
        }
        let exe = std::env::current_exe().unwrap();
        let out = std::process::Command::new(exe)
            .args([
                "--exact",
                &format!("io::pending::tests::{test}"),
                "--nocapture",
            ])
            .env("DWELL_ABANDON_CHILD", "1")
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && text.contains("1 passed"),
            "{text}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        false
    }

    #[test]
    fn abandoning_removes_a_folder_while_files_are_still_created_in_it() {
        // The CI failure this guards: a bundle import's writer created its
        // next file while the signal handler emptied the folder, the final
        // rmdir failed, and the temporary folder stayed behind.
        if !in_child("abandoning_removes_a_folder_while_files_are_still_created_in_it") {
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("out.bundle");
        let (_, prefix) = temp_prefix(&target).unwrap();
        let (tmp, _, _pending) = Pending::create(dir.path(), &prefix, true, &target).unwrap();
        let folder = tmp.path.clone();
        let writer = std::thread::spawn(move || {
            // Bounded, so that a folder left behind fails the test, not hangs it.
            let mut made = 0u64;
            while made < 100_000 && std::fs::write(folder.join(format!("f{made}")), b"x").is_ok() {
                made += 1;
            }
            made
        });
        while std::fs::read_dir(&tmp.path).unwrap().count() < 200 {
            std::thread::yield_now();
        }
        assert_eq!(abandon_pending(), [target]);
        let made = writer.join().unwrap();
        assert!(made >= 200);
        assert!(names(dir.path()).is_empty(), "{:?}", names(dir.path()));
    }

    #[test]
    fn abandoning_removes_temp_files_and_stops_the_write() {
        if !in_child("abandoning_removes_temp_files_and_stops_the_write") {
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("out.txt");
        std::fs::write(&p, "old\n").unwrap();
        let err = atomic_write(&p, |w| {
            w.write_all(b"half")?;
            let targets = abandon_pending();
            assert_eq!(targets, std::slice::from_ref(&p));
            assert_eq!(names(dir.path()), ["out.txt"]);
            w.write_all(b" more")
        })
        .unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::Interrupted);
        assert_eq!(std::fs::read(&p).unwrap(), b"old\n");
        assert_eq!(names(dir.path()), ["out.txt"]);
        // No new write starts.
        assert!(atomic_write(&p, |w| w.write_all(b"x")).is_err());
        assert_eq!(names(dir.path()), ["out.txt"]);
    }
}
