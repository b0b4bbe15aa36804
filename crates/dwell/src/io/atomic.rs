//! Atomic writes: a file is written to a temporary beside it and renamed
//! into place, so a failed write never leaves a half-written file or
//! clobbers an existing one; devices and FIFOs are written in place, `-` is
//! standard output, symlinks are followed. Failures become [`WriteError`]s,
//! which name the target and end in a `Fix:` hint.

use super::pending::{remove_stale, temp_prefix, Pending};
use super::BUF;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// Why a write failed: the target, what went wrong, and a `Fix:` hint chosen
/// from the kind of failure (a full disk, a folder that may not be written,
/// a missing folder…). [`atomic_write`] returns it inside an [`io::Error`] of
/// the same kind, so its `Display` is this message.
#[derive(Debug)]
pub struct WriteError {
    /// The file (or `-` for stdout) being written.
    pub target: PathBuf,
    /// The underlying failure.
    pub source: io::Error,
}

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // An error already described (a nested write error) is passed on as is.
        if let Some(inner) = self
            .source
            .get_ref()
            .and_then(|e| e.downcast_ref::<WriteError>())
        {
            return inner.fmt(f);
        }
        let hint = match (self.source.kind(), os_code(&self.source)) {
            // ENOSPC, EDQUOT
            (_, Some(28 | 122)) => "free space on that file system, or write the output elsewhere",
            // EROFS
            (_, Some(30)) => "the file system is read-only: write the output elsewhere",
            (io::ErrorKind::PermissionDenied, _) => {
                "write into a folder you may write to, or change its permissions"
            }
            (io::ErrorKind::NotFound, _) => "create the folder first, or check the path",
            (io::ErrorKind::Interrupted, _) => "run the command again",
            (io::ErrorKind::InvalidInput, _) => {
                "name a file (for example a new file inside that folder)"
            }
            _ => "check the path, its folder's permissions and the free space there",
        };
        write!(
            f,
            "cannot write {}: {}. Fix: {hint}",
            self.target.display(),
            self.source
        )
    }
}

impl std::error::Error for WriteError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.source)
    }
}

/// The OS error code of `e` or of an error it wraps.
fn os_code(e: &io::Error) -> Option<i32> {
    if let Some(c) = e.raw_os_error() {
        return Some(c);
    }
    let mut inner: Option<&(dyn std::error::Error + 'static)> = e.get_ref().map(|i| i as _);
    while let Some(i) = inner {
        if let Some(c) = i
            .downcast_ref::<io::Error>()
            .and_then(io::Error::raw_os_error)
        {
            return Some(c);
        }
        inner = i.source();
    }
    None
}

/// An [`io::Error`] of `e`'s kind that says it happened writing `target`,
/// with a `Fix:` hint (see [`WriteError`]).
pub fn write_error(target: &Path, e: io::Error) -> io::Error {
    if e.get_ref().is_some_and(|i| i.is::<WriteError>()) {
        return e;
    }
    io::Error::new(
        e.kind(),
        WriteError {
            target: target.to_path_buf(),
            source: e,
        },
    )
}

/// How [`atomic_write`] reaches its target.
#[derive(Debug, PartialEq, Eq)]
enum Target {
    /// `-`: standard output.
    Stdout,
    /// An existing character or block device, FIFO or socket: opened and
    /// written in place, never replaced.
    InPlace(PathBuf),
    /// A regular file (existing or not), symlinks resolved: written to a
    /// temporary file beside it, then renamed over it.
    Replace(PathBuf),
}

/// Follow symlinks (at most 40, like the kernel) to what `path` names.
fn resolve(path: &Path) -> io::Result<Target> {
    if path.as_os_str() == "-" {
        return Ok(Target::Stdout);
    }
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = std::fs::read_link(&p)?;
                p = match p.parent() {
                    Some(dir) if to.is_relative() => dir.join(to),
                    _ => to,
                };
            }
            Ok(m) if m.is_file() => return Ok(Target::Replace(p)),
            Ok(m) if m.is_dir() => {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    format!("{} is a folder", p.display()),
                ))
            }
            Ok(_) => return Ok(Target::InPlace(p)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Target::Replace(p)),
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        "too many levels of symbolic links",
    ))
}

/// Write `path` atomically: `write` fills a buffered temporary file in the
/// same directory, which is flushed, synced and then renamed over `path`.
/// If `write` (or anything else) fails, the temporary file is removed and an
/// existing `path` is left untouched.
///
/// Special targets:
/// - `-` writes to standard output;
/// - a symlink is followed: the file it names is replaced, the link stays;
/// - an existing target that is not a regular file (a character or block
///   device such as `/dev/null`, a FIFO) is opened and written in place,
///   never renamed over.
///
/// The temporary file is named after the target, `.NAME.dwell-tmp-XXXXXX`,
/// so one left behind by a killed process is recognisable; the next write to
/// the same target removes such leftovers. While it exists it is listed for
/// [`abandon_pending`](super::abandon_pending), which a program's signal
/// handler may call. The library itself installs no signal handler.
///
/// Errors name the target and end in a `Fix:` hint ([`WriteError`]).
///
/// ```
/// # let dir = tempfile::tempdir().unwrap();
/// let path = dir.path().join("out.txt");
/// dwell::io::atomic_write(&path, |w| writeln!(w, "hello")).unwrap();
/// assert_eq!(std::fs::read_to_string(&path).unwrap(), "hello\n");
/// ```
pub fn atomic_write<F>(path: &Path, write: F) -> io::Result<()>
where
    F: FnOnce(&mut dyn Write) -> io::Result<()>,
{
    let fail = |e| write_error(path, e);
    if path.as_os_str() != "-" && path.file_name().is_none() {
        return Err(fail(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} does not name a file", path.display()),
        )));
    }
    match resolve(path).map_err(fail)? {
        Target::Stdout => {
            let stdout = io::stdout();
            let mut w = BufWriter::with_capacity(BUF, stdout.lock());
            write(&mut w).and_then(|()| w.flush()).map_err(fail)
        }
        Target::InPlace(p) => {
            let file = std::fs::OpenOptions::new()
                .write(true)
                .open(&p)
                .map_err(fail)?;
            let mut w = BufWriter::with_capacity(BUF, file);
            write(&mut w).and_then(|()| w.flush()).map_err(fail)
        }
        Target::Replace(p) => replace(&p, write).map_err(fail),
    }
}

fn replace<F>(path: &Path, write: F) -> io::Result<()>
where
    F: FnOnce(&mut dyn Write) -> io::Result<()>,
{
    let (dir, prefix) = temp_prefix(path)?;
    remove_stale(&dir, &prefix);
    let (tmp, file, pending) = Pending::create(&dir, &prefix, false, path)?;
    let file = file.expect("a temporary file, not a folder");
    let mut w = BufWriter::with_capacity(BUF, file);
    write(&mut w)?;
    let file = w.into_inner().map_err(io::IntoInnerError::into_error)?;
    file.sync_all()?;
    set_permissions(&file, path)?;
    drop(file);
    pending.finish(|| std::fs::rename(&tmp.path, path))?;
    tmp.keep();
    Ok(())
}

/// Temporary files are created private (0600); give the output the mode of
/// the file it replaces, or the usual 0644.
#[cfg(unix)]
fn set_permissions(file: &File, path: &Path) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let perms = match std::fs::metadata(path) {
        Ok(m) => m.permissions(),
        Err(_) => std::fs::Permissions::from_mode(0o644),
    };
    file.set_permissions(perms)
}

#[cfg(not(unix))]
fn set_permissions(_file: &File, _path: &Path) -> io::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::names;

    #[test]
    fn atomic_write_replaces_or_keeps() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("out.txt");
        atomic_write(&p, |w| w.write_all(b"first\n")).unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"first\n");
        // A failing writer leaves the old content and no temporary files.
        let err = atomic_write(&p, |w| {
            w.write_all(b"partial")?;
            Err(io::Error::other("boom"))
        })
        .unwrap_err();
        assert!(err.to_string().starts_with("cannot write "), "{err}");
        assert!(err.to_string().contains("boom. Fix: "), "{err}");
        assert_eq!(std::fs::read(&p).unwrap(), b"first\n");
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1);
        atomic_write(&p, |w| w.write_all(b"second\n")).unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"second\n");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&p).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o644);
        }
    }

    #[test]
    fn atomic_write_into_missing_directory_fails_cleanly() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("nope").join("out.txt");
        assert!(atomic_write(&p, |w| w.write_all(b"x")).is_err());
        assert!(!p.exists());
    }

    #[test]
    fn symlink_target_is_replaced_and_the_link_survives() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.txt");
        std::fs::write(&real, "old\n").unwrap();
        let link = dir.path().join("link.txt");
        std::os::unix::fs::symlink("real.txt", &link).unwrap();
        atomic_write(&link, |w| w.write_all(b"new\n")).unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read(&real).unwrap(), b"new\n");
        // A dangling link creates the file it names.
        let dangling = dir.path().join("dangling");
        std::os::unix::fs::symlink("made.txt", &dangling).unwrap();
        atomic_write(&dangling, |w| w.write_all(b"made\n")).unwrap();
        assert!(std::fs::symlink_metadata(&dangling)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(
            std::fs::read(dir.path().join("made.txt")).unwrap(),
            b"made\n"
        );
        assert_eq!(
            names(dir.path()),
            ["dangling", "link.txt", "made.txt", "real.txt"]
        );
    }

    #[test]
    fn fifo_is_written_in_place_not_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            eprintln!("note: mkfifo unavailable; FIFO test skipped");
            return;
        }
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read(fifo).unwrap())
        };
        atomic_write(&fifo, |w| w.write_all(b"through the pipe\n")).unwrap();
        assert_eq!(reader.join().unwrap(), b"through the pipe\n");
        use std::os::unix::fs::FileTypeExt;
        assert!(std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo());
        assert_eq!(names(dir.path()), ["pipe"]);
    }

    #[test]
    fn device_node_is_written_in_place_not_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let dev = dir.path().join("null");
        // A scratch node with /dev/null's numbers (1, 3); needs root.
        let made = std::process::Command::new("mknod")
            .arg(&dev)
            .args(["c", "1", "3"])
            .stderr(std::process::Stdio::null())
            .status();
        if !made.is_ok_and(|s| s.success()) {
            eprintln!("note: cannot mknod (not root?); device-node test skipped");
            return;
        }
        atomic_write(&dev, |w| w.write_all(&[b'x'; 100_000])).unwrap();
        use std::os::unix::fs::FileTypeExt;
        assert!(std::fs::symlink_metadata(&dev)
            .unwrap()
            .file_type()
            .is_char_device());
        assert_eq!(names(dir.path()), ["null"]);
    }

    #[test]
    fn full_device_gives_a_clear_error() {
        // As root a scratch node (1, 7) like /dev/full, so a broken writer
        // could never replace the real one; others use /dev/full itself.
        let dir = tempfile::tempdir().unwrap();
        let scratch = dir.path().join("full");
        let made = std::process::Command::new("mknod")
            .arg(&scratch)
            .args(["c", "1", "7"])
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        let full = if made {
            scratch.as_path()
        } else {
            Path::new("/dev/full")
        };
        if !full.exists() {
            eprintln!("note: no /dev/full; test skipped");
            return;
        }
        // A full device is written in place (never replaced): each write fails.
        let err = atomic_write(full, |w| w.write_all(&[0u8; 1 << 20])).unwrap_err();
        let msg = err.to_string();
        assert!(
            msg.starts_with(&format!("cannot write {}: ", full.display())),
            "{msg}"
        );
        use std::os::unix::fs::FileTypeExt;
        assert!(std::fs::symlink_metadata(full)
            .unwrap()
            .file_type()
            .is_char_device());
        assert!(msg.contains("Fix: free space"), "{msg}");
        assert_eq!(err.raw_os_error(), None);
        assert!(err.get_ref().unwrap().is::<WriteError>());
    }

    #[test]
    fn folder_target_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let err = atomic_write(dir.path(), |w| w.write_all(b"x")).unwrap_err();
        assert!(err.to_string().contains("Fix:"), "{err}");
        assert!(dir.path().is_dir());
    }
}
