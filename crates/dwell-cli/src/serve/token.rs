//! The server's token: from `--token-file`, or on TCP without one the
//! per-user token file (`client::default_token_path`), created here if
//! absent — 64 random hex digits, mode 0600, in a folder made 0700 — so
//! only this user's clients (which read the same file) can query the
//! server, never another user on the machine or a web page.

use crate::client::default_token_path;
use crate::error::Result;
use std::io::{Read as _, Write as _};
use std::os::unix::fs::{DirBuilderExt as _, OpenOptionsExt as _, PermissionsExt as _};
use std::path::Path;

/// The token in file `f`, at least 16 characters long.
pub fn read(f: &Path) -> Result<String> {
    let t = std::fs::read_to_string(f).map_err(|e| {
        format!(
            "{}: {e}. Fix: give a readable file holding the token",
            f.display()
        )
    })?;
    let t = t.trim().to_string();
    if t.len() < 16 {
        return Err(format!("{}: the token is {} characters long. Fix: use at least 16 random characters (e.g. `head -c 24 /dev/urandom | base64 > {}`)", f.display(), t.len(), f.display()).into());
    }
    Ok(t)
}

/// The per-user token, made if its file does not exist yet; the file's path
/// too (the server names it when it starts).
pub fn per_user() -> Result<(String, std::path::PathBuf)> {
    let path = default_token_path().ok_or("neither XDG_CONFIG_HOME nor HOME is set, so there is no per-user token file. Fix: set HOME, pass --token-file FILE, or listen on a Unix socket (--socket PATH)")?;
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
        .map_err(|e| {
            format!(
                "{}: {e}. Fix: make the folder writable, or pass --token-file FILE",
                dir.display()
            )
        })?;
    if !path.exists() {
        create(&path, dir)?;
    }
    let mode = std::fs::metadata(&path)
        .map_err(|e| {
            format!(
                "{}: {e}. Fix: remove the file to have a new token made, or pass --token-file FILE",
                path.display()
            )
        })?
        .permissions()
        .mode();
    if mode & 0o077 != 0 {
        return Err(format!("{} has mode {:o}, so other users may read the token. Fix: `chmod 600 {}` (or remove it to have a new one made)", path.display(), mode & 0o777, path.display()).into());
    }
    Ok((read(&path)?, path))
}

/// Write a new token to `path`: into a 0600 file beside it, then linked
/// into place, so a reader (or a second server starting at the same
/// moment) sees a whole token or none; if another made it first, theirs
/// stands.
fn create(path: &Path, dir: &Path) -> Result<()> {
    let mut random = [0u8; 32];
    std::fs::File::open("/dev/urandom")
        .and_then(|mut f| f.read_exact(&mut random))
        .map_err(|e| {
            format!("/dev/urandom: {e}. Fix: pass --token-file FILE with a token of your own")
        })?;
    let token: String = random.iter().map(|b| format!("{b:02x}")).collect();
    let fail = |e: std::io::Error| {
        format!(
            "{}: {e}. Fix: make the folder writable, or pass --token-file FILE",
            dir.display()
        )
    };
    let tmp = dir.join(format!(".token-{}", std::process::id()));
    let _ = std::fs::remove_file(&tmp);
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(&tmp)
        .map_err(fail)?;
    let written = f
        .write_all(format!("{token}\n").as_bytes())
        .and_then(|()| f.sync_all());
    let linked = written.and_then(|()| std::fs::hard_link(&tmp, path));
    let _ = std::fs::remove_file(&tmp);
    match linked {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(fail(e).into()),
    }
}
