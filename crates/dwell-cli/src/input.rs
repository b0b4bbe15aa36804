//! What a path names, decided once: a graph file or a program bundle
//! directory. `info`, `run` and `bench` each match on [`Input`] instead of
//! asking the question again.

use crate::args::{IdsArg, LoadArgs};
use crate::error::Result;
use crate::progress::Bar;
use dwell::formats::{self, IdMode, LoadOptions};
use dwell::graph::Graph;
use dwell::program::{bundle, Bundle};
use std::cell::RefCell;
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

thread_local! {
    /// Set while `dwell serve` runs a request on this thread: flags that name
    /// files read these bytes, never the server's file system.
    static REQUEST_FILES: RefCell<Option<RequestFiles>> = const { RefCell::new(None) };
}

/// Run `f` with the files that flags name (`--sources-file`, `--gen`, a
/// sinks file) served from `files` instead of the disk.
pub fn with_request_files<T>(files: RequestFiles, f: impl FnOnce() -> T) -> T {
    REQUEST_FILES.with(|r| *r.borrow_mut() = Some(files));
    let result = f();
    REQUEST_FILES.with(|r| *r.borrow_mut() = None);
    result
}

/// Does a flag's value name a file (rather than, say, a list `3,7`)?
pub fn names_file(path: &Path) -> bool {
    REQUEST_FILES.with(|r| match &*r.borrow() {
        Some(files) => files.contains_key(path),
        None => path.is_file(),
    })
}

/// Open a file a flag names (plain, `.gz` or `.xz`): from disk, or inside
/// [`with_request_files`] from the bytes the client sent.
pub fn open_named(path: &Path) -> Result<Box<dyn BufRead + Send>> {
    let sent = REQUEST_FILES.with(|r| r.borrow().as_ref().map(|f| f.get(path).cloned()));
    match sent {
        None => Ok(dwell::io::open(path)?),
        Some(Some(bytes)) => Ok(dwell::io::decompress(std::io::Cursor::new(bytes))?),
        Some(None) => Err(format!(
            "{}: the client sent no such file. Fix: name files that exist where `dwell run --server` runs",
            path.display()
        )
        .into()),
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
