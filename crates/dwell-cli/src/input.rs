//! What a path names, decided once: a graph file or a program bundle
//! directory. `info`, `run` and `bench` each match on [`Input`] instead of
//! asking the question again.

use crate::args::{IdsArg, LoadArgs};
use crate::error::Result;
use crate::progress::Bar;
use crate::report::Out;
use dwell::formats::{self, IdMode, LoadOptions};
use dwell::graph::Graph;
use dwell::program::{bundle, Bundle};
use dwell::progress::Cancel;
use std::collections::BTreeMap;
use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::time::Instant;

#[allow(clippy::large_enum_variant)] // one per command, never in a collection
pub enum Input {
    Graph(Graph),
    /// A directory written by `dwell import llvm`.
    Bundle(Bundle),
}

/// An input and how long it took to load.
pub struct Loaded {
    pub input: Input,
    pub load_ms: f64,
}

impl Input {
    /// Load `path`: a bundle directory as a bundle, anything else as a graph
    /// file read with `opts` (a bundle fixes its own direction). The loading
    /// is a phase of the command's `bar`.
    pub fn load(path: &Path, opts: &LoadOptions, bar: &Bar) -> Result<Loaded> {
        bar.phase(format!("loading {}", path.display()));
        let t = Instant::now();
        let input = if bundle::is_bundle(path) {
            Input::Bundle(bundle::read(path)?)
        } else {
            Input::Graph(formats::load(path, opts)?)
        };
        let load_ms = t.elapsed().as_secs_f64() * 1e3;
        Ok(Loaded { input, load_ms })
    }
}

/// Load options from a graph argument's flags.
pub fn graph_options(g: &LoadArgs) -> Result<LoadOptions> {
    let format = match &g.input_format {
        None => None,
        Some(f) => Some(formats::Format::from_name(f).ok_or_else(|| {
            format!("unknown --input-format {f:?}. Fix: use edgelist, mtx, dimacs, tsv or csv, or leave it out to detect the format")
        })?),
    };
    Ok(LoadOptions {
        format,
        columns: g.columns.clone(),
        weights: g.weights.clone(),
        ids: match g.ids {
            IdsArg::Auto => IdMode::Auto,
            IdsArg::Index => IdMode::Index,
            IdsArg::Name => IdMode::Name,
        },
        ..load_options(g.directed, g.undirected)
    })
}

/// Load options from the `--directed` / `--undirected` flags.
pub fn load_options(directed: bool, undirected: bool) -> LoadOptions {
    let directed = match (directed, undirected) {
        (true, _) => Some(true),
        (_, true) => Some(false),
        _ => None,
    };
    LoadOptions {
        directed,
        ..Default::default()
    }
}

/// The file name of `path` for tables (the whole path when it has none).
pub fn short_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |f| f.to_string_lossy().into_owned(),
    )
}

/// The files a server request brought along, by the path its flags name them.
pub type RequestFiles = BTreeMap<PathBuf, Vec<u8>>;

/// What one run prints to and reads the files its flags name from: stdout
/// and the disk for `dwell run`, a buffer and the request's own files for
/// `dwell serve` (which answers with what the local command prints).
pub struct Io {
    pub stdout: Out,
    pub files: Files,
    /// Set by whoever gave up on the run (a server whose request ran past
    /// its deadline, or whose client hung up): every analysis stops within
    /// a level or round.
    pub cancel: Option<Cancel>,
}

impl Io {
    /// This process's stdout and the disk; nothing cancels.
    pub fn local() -> Io {
        Io {
            stdout: Out::Stdout,
            files: Files::Disk,
            cancel: None,
        }
    }
}

/// Where the files that flags name (`--sources-file`, `--gen`, a sinks
/// file) are read from: the disk for `dwell run`, or the files a request
/// brought for `dwell serve`, which never opens a path a client names (nor
/// asks whether one exists on its disk).
pub enum Files {
    Disk,
    /// The request's files, each allowed to decompress to at most `limit`
    /// bytes (a few KB of `.xz` may hold GB).
    Sent {
        files: RequestFiles,
        limit: u64,
    },
}

impl Files {
    /// Does a flag's value name a file (rather than, say, a list `3,7`)?
    pub fn names_file(&self, path: &Path) -> bool {
        match self {
            Files::Disk => path.is_file(),
            Files::Sent { files, .. } => files.contains_key(path),
        }
    }

    /// Open the file `flag` names (plain, `.gz` or `.xz`).
    pub fn open(&self, path: &Path, flag: &str) -> Result<Box<dyn BufRead + Send>> {
        match self {
            // A folder is named as one (reading it fails with a bare "Is a
            // directory").
            Files::Disk if path.is_dir() => Err(format!(
                "{flag} {}: is a folder, not a file. Fix: pass a file (one line per vertex, or `node fact fact …` lines for --gen/--kill)",
                path.display()
            )
            .into()),
            // The flag and path in the message: a bare "No such file or
            // directory" names neither.
            Files::Disk => dwell::io::open(path).map_err(|e| {
                format!(
                    "{flag} {}: {e}. Fix: pass the path of a readable file",
                    path.display()
                )
                .into()
            }),
            Files::Sent { files, limit } => match files.get(path) {
                Some(bytes) => {
                    let inner = dwell::io::decompress(std::io::Cursor::new(bytes.clone()))?;
                    Ok(Box::new(std::io::BufReader::new(Bounded {
                        inner,
                        left: *limit,
                        limit: *limit,
                        path: path.to_path_buf(),
                    })))
                }
                None => Err(format!(
                    "{flag} {}: the client sent no such file. Fix: name files that exist where `dwell run --server` runs",
                    path.display()
                )
                .into()),
            },
        }
    }
}

/// A sent file's decompressed bytes, failing past `limit`.
struct Bounded {
    inner: Box<dyn BufRead + Send>,
    left: u64,
    limit: u64,
    path: PathBuf,
}

impl std::io::Read for Bounded {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        // One byte more than allowed tells a file at the limit from one over.
        let room = usize::try_from(self.left.saturating_add(1)).unwrap_or(usize::MAX);
        let take = buf.len().min(room);
        let n = self.inner.read(&mut buf[..take])?;
        match self.left.checked_sub(n as u64) {
            Some(left) => {
                self.left = left;
                Ok(n)
            }
            None => Err(std::io::Error::other(format!(
                "{}: the file sent with the request holds more than {} bytes once decompressed, the server's limit for a request's file. Fix: send a smaller file, or restart the server with a larger --max-request-file-bytes (it is also capped by the server's memory budget)",
                self.path.display(),
                self.limit
            ))),
        }
    }
}

/// A file's identity as `stat` gives it: two paths name the same contents
/// only if all of it agrees (a rewrite changes the size or mtime; a
/// replacement, the inode).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileId {
    pub size: u64,
    pub mtime_s: i64,
    pub mtime_ns: i64,
    pub dev: u64,
    pub ino: u64,
}

impl FileId {
    /// The identity of `path` now (following symlinks); None if it cannot
    /// be read.
    pub fn of(path: &Path) -> Option<FileId> {
        use std::os::unix::fs::MetadataExt as _;
        let m = std::fs::metadata(path).ok()?;
        Some(FileId {
            size: m.size(),
            mtime_s: m.mtime(),
            mtime_ns: m.mtime_nsec(),
            dev: m.dev(),
            ino: m.ino(),
        })
    }
}
