//! Graph snapshots: a normalized [`Graph`] in a binary file that opens
//! without parsing (`dwell snapshot GRAPH --out FILE.dwell`).
//!
//! The layout (version 1, every integer little-endian; docs/SNAPSHOT.md has
//! the same table and the reasons):
//!
//! ```text
//! offset  size    field
//! 0       8       magic  89 44 57 45 4c 4c 0d 0a   ("\x89DWELL\r\n")
//! 8       4       format version (1)
//! 12      4       flags: bit 0 = directed; other bits 0
//! 16      8       nodes
//! 24      8       arcs (stored arcs, both directions of undirected edges)
//! 32      8       layout hash (graph::hash, version 1)
//! 40      4       section count S (1..=16)
//! 44      4       reserved, 0
//! 48      8       header checksum: XXH3-64 (seed 0) of bytes 0..48, then the table
//! 56      32·S    section table: kind u32, reserved u32 (0), offset u64,
//!                 length u64, checksum u64 (XXH3-64 of the section's bytes;
//!                 0 for the CSR arrays, kinds 1–4, which the layout hash covers)
//! …               the sections, in table order, each at the first multiple of 8
//!                 at or after the end of the one before (the table, for the
//!                 first); padding is zero; the file ends where the last ends
//! ```
//!
//! Section kinds, strictly ascending in the table, each at most once:
//! 1 `offsets` (nodes + 1 × u64, required), 2 `targets` (arcs × u32,
//! required), 3 `labels` (arcs × u32), 4 `u32 weights` (arcs × u32:
//! written before weights became f64; refused with a Fix to snapshot the
//! source again), 5 `label names` (u32 count ≤ 32, then per name a u32 byte length and
//! that many UTF-8 bytes, bit order), 6 `vertex names` (u64 count N ≤
//! nodes, N + 1 u64 start offsets, the UTF-8 name bytes; present exactly
//! when the graph has a name table), 7 `weights` (arcs × f64, finite and
//! non-negative: checked on open). A reader refuses kinds it does not
//! know: a later dwell that adds one (a stored reverse, say) adds a kind
//! and, if old readers must not skip it, a version.
//!
//! The reverse CSR is not stored: a directed graph's reverse is rebuilt on
//! first use, as for any loaded graph, because a stored one could only be
//! trusted after a transpose-sized check.
//!
//! Opening maps the file (read-only, private: [`dwell_mmap::Region`]) and
//! the graph's arrays stay views of the mapping ([`dwell_mmap::Words`]), so
//! every process that opens the same snapshot shares one copy of it in the
//! page cache; a compressed snapshot, or one from a stream, is read into
//! an aligned buffer instead and checked the same way. Before any section
//! is looked at, the header checksum, the section table and every length
//! are checked against the file's size (checked arithmetic: `header.rs`).
//! Then (`checks.rs`) the padding, each name section's checksum, and on two
//! threads at once the layout hash over the arrays (their checksum: it is
//! a hash of exactly these arrays, against the header) and the row scan of
//! the targets (sorted, in range, an undirected graph symmetric); last,
//! every CSR invariant (`Csr::from_scanned_parts`). A truncated, corrupt
//! or hostile file is a [`FormatError::Snapshot`] ending in `Fix:`, never a
//! panic. What a mapping cannot guard against — another process truncating
//! or rewriting the file in place after it was checked — is the hazard
//! `dwell-mmap` documents; dwell itself only ever replaces a snapshot by
//! renaming a new file over it, which leaves an open mapping intact.

mod checks;
mod header;
mod sections;
mod write;

pub use write::{to_bytes, write};

use super::{FormatError, LoadOptions};
use crate::graph::{Csr, Graph, LabelNames, Words, MAX_LABEL_NAMES};
use dwell_mmap::Region;
use std::fs::File;
use std::io::{self, Read, Seek};
use std::path::Path;
use std::sync::Arc;

/// The first eight bytes of every snapshot.
pub const MAGIC: [u8; 8] = *b"\x89DWELL\r\n";
/// The layout version this build writes and reads.
pub const VERSION: u32 = 1;
/// Bytes before the section table.
const HEADER: usize = 56;
/// Bytes per section table entry.
const ENTRY: usize = 32;
/// Largest label-names section (32 names of up to 4 KiB each, with lengths).
const MAX_NAMES_BYTES: u64 = 4 + MAX_LABEL_NAMES as u64 * (4 + MAX_NAME as u64);
/// Longest label name, in bytes.
const MAX_NAME: usize = 4096;
/// Bytes per `write_all` of a section.
const CHUNK: usize = 256 << 10;

/// Section kinds (see the module doc).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[repr(u32)]
enum Kind {
    Offsets = 1,
    Targets = 2,
    Labels = 3,
    WeightsU32 = 4,
    LabelNames = 5,
    VertexNames = 6,
    Weights = 7,
}

impl Kind {
    fn from_u32(k: u32) -> Option<Kind> {
        Some(match k {
            1 => Kind::Offsets,
            2 => Kind::Targets,
            3 => Kind::Labels,
            4 => Kind::WeightsU32,
            5 => Kind::LabelNames,
            6 => Kind::VertexNames,
            7 => Kind::Weights,
            _ => return None,
        })
    }

    fn name(self) -> &'static str {
        match self {
            Kind::Offsets => "offsets",
            Kind::Targets => "targets",
            Kind::Labels => "labels",
            Kind::WeightsU32 => "u32 weights",
            Kind::Weights => "weights",
            Kind::LabelNames => "label names",
            Kind::VertexNames => "vertex names",
        }
    }
}

/// Does a stream start like a snapshot?
pub fn is_snapshot(head: &[u8]) -> bool {
    head.starts_with(&MAGIC)
}

/// Does the file at `path` start like a snapshot? (`false` when it cannot be read.)
pub fn is_snapshot_file(path: &Path) -> bool {
    let mut head = [0u8; MAGIC.len()];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut head))
        .is_ok()
        && is_snapshot(&head)
}

const REWRITE: &str = "the file is truncated, corrupt or not written by dwell; write it again with `dwell snapshot SOURCE --out FILE`";

fn bad(file: &Path, problem: impl std::fmt::Display, fix: impl std::fmt::Display) -> FormatError {
    FormatError::Snapshot {
        file: file.to_path_buf(),
        problem: format!("{problem}. Fix: {fix}"),
    }
}

fn le_u32(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

fn le_u64(b: &[u8], at: usize) -> u64 {
    let mut x = [0u8; 8];
    x.copy_from_slice(&b[at..at + 8]);
    u64::from_le_bytes(x)
}

/// Open the snapshot in `file` (its first bytes are the magic; `name` is
/// used in messages): mapped where the file can be mapped, read into memory
/// where it cannot (a pipe, say). `opts.directed` must agree with the
/// snapshot (it cannot be changed without the source); `opts.max_nodes`
/// applies as for any graph file.
pub fn open(mut file: File, name: &Path, opts: &LoadOptions) -> Result<Graph, FormatError> {
    let region = match Region::map(&file) {
        Ok(region) => region,
        Err(_) => {
            let io_err = |source| FormatError::Io {
                file: name.to_path_buf(),
                source,
            };
            let len = file.metadata().map_err(io_err)?.len();
            file.rewind().map_err(io_err)?;
            Region::read(&mut file, len).map_err(|e| read_error(name, len, e))?
        }
    };
    from_region(Arc::new(region), name, opts)
}

/// Read a snapshot of `len` bytes from `r` (its magic included) into memory
/// and open it as [`open`] does. `name` is used in messages.
pub fn read<R: Read>(
    r: R,
    len: u64,
    name: &Path,
    opts: &LoadOptions,
) -> Result<Graph, FormatError> {
    let region = Region::read(r, len).map_err(|e| read_error(name, len, e))?;
    from_region(Arc::new(region), name, opts)
}

/// A snapshot from a stream whose length is known only at its end (a
/// compressed file, standard input): read once, straight into the aligned
/// buffer its arrays are views of, then checked as a mapped file is.
pub(crate) fn read_stream<R: Read>(
    r: R,
    name: &Path,
    opts: &LoadOptions,
) -> Result<Graph, FormatError> {
    let region = Region::read_all(r).map_err(|e| match e.kind() {
        io::ErrorKind::OutOfMemory => bad(
            name,
            "the decompressed snapshot does not fit in this process's memory",
            "decompress it to a file first (e.g. `xz -dk FILE`), which dwell maps instead of reading into memory",
        ),
        _ => read_error(name, 0, e),
    })?;
    from_region(Arc::new(region), name, opts)
}

fn read_error(name: &Path, len: u64, e: io::Error) -> FormatError {
    match e.kind() {
        io::ErrorKind::UnexpectedEof => bad(
            name,
            "the file ended before the size its header declares (it changed while being read, or is truncated)",
            REWRITE,
        ),
        io::ErrorKind::OutOfMemory => FormatError::Graph {
            file: name.to_path_buf(),
            source: crate::graph::GraphError::OutOfMemory { bytes: len },
        },
        _ => FormatError::Read {
            file: name.to_path_buf(),
            line: 1,
            source: e,
        },
    }
}

/// The graph whose snapshot `region` holds, once every check has passed;
/// its arrays are views of `region`.
fn from_region(region: Arc<Region>, name: &Path, opts: &LoadOptions) -> Result<Graph, FormatError> {
    let b = region.bytes();
    let header = header::parse(b, name, opts)?;
    checks::padding(b, &header, name)?;
    let (mut offsets, mut targets) = (Words::default(), Words::default());
    let (mut labels, mut weights, mut label_names) = (None, None, LabelNames::default());
    let mut vertex_names = None;
    for e in &header.entries {
        checks::checksum(b, e, name)?;
        let bytes = &b[e.bytes.clone()];
        match e.kind {
            Kind::Offsets => offsets = words(&region, e, name)?,
            Kind::Targets => targets = words(&region, e, name)?,
            Kind::Labels => labels = Some(words(&region, e, name)?),
            Kind::Weights => weights = Some(words(&region, e, name)?),
            // Refused by `header::entries` before any section is read.
            Kind::WeightsU32 => {}
            Kind::LabelNames => {
                label_names =
                    sections::parse_label_names(bytes).map_err(|p| bad(name, p, REWRITE))?;
            }
            Kind::VertexNames => {
                let names = sections::parse_vertex_names(bytes, header.nodes)
                    .map_err(|p| bad(name, p, REWRITE))?;
                vertex_names = Some(names);
            }
        }
    }
    let (computed, scanned) = checks::hash_and_scan(b, &header, &offsets, &targets);
    if computed != header.layout_hash {
        return Err(bad(
            name,
            format!(
                "the layout hash in the header ({:016x}) is not the hash of the stored arrays ({computed:016x}): they are corrupt",
                header.layout_hash
            ),
            REWRITE,
        ));
    }
    let (rows_scanned, symmetric) = match scanned {
        Some(rows) => (Some(rows.first_bad), rows.symmetric),
        None => (None, None),
    };
    let invalid = |p| bad(name, format!("invalid graph: {p}"), REWRITE);
    let csr = Csr::from_scanned_parts(offsets, targets, labels, weights, rows_scanned)
        .map_err(invalid)?;
    Graph::from_forward(
        csr,
        header.directed,
        label_names,
        vertex_names,
        computed,
        symmetric,
    )
    .map_err(invalid)
}

/// The words of an array section: a view of `region` (on big-endian
/// machines, a converted copy).
fn words<T: Word>(
    region: &Arc<Region>,
    e: &header::Entry,
    name: &Path,
) -> Result<Words<T>, FormatError> {
    // The table check put every section at a multiple of 8 with a length
    // of whole words, and the region starts 8-aligned.
    let view: Words<T> = Words::view(region, e.bytes.clone()).ok_or_else(|| {
        bad(
            name,
            format!("the {} section is misaligned", e.kind.name()),
            REWRITE,
        )
    })?;
    Ok(if cfg!(target_endian = "big") {
        Words::from(
            view.iter()
                .map(|&x: &T| x.le_to_native())
                .collect::<Vec<T>>(),
        )
    } else {
        view
    })
}

/// A little-endian word type the snapshot stores.
trait Word: bytemuck::Pod {
    fn le_to_native(self) -> Self;
}
impl Word for u64 {
    fn le_to_native(self) -> Self {
        u64::from_le(self)
    }
}
impl Word for f64 {
    fn le_to_native(self) -> Self {
        f64::from_bits(u64::from_le(self.to_bits()))
    }
}
impl Word for u32 {
    fn le_to_native(self) -> Self {
        u32::from_le(self)
    }
}
