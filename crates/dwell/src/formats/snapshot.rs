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
//! required), 3 `labels` (arcs × u32), 4 `weights` (arcs × u32),
//! 5 `label names` (u32 count ≤ 32, then per name a u32 byte length and
//! that many UTF-8 bytes, bit order), 6 `vertex names` (u64 count N ≤
//! nodes, N + 1 u64 start offsets, the UTF-8 name bytes; present exactly
//! when the graph has a name table). A reader refuses kinds it does not
//! know: a later dwell that adds one (a stored reverse, say) adds a kind
//! and, if old readers must not skip it, a version.
//!
//! The reverse CSR is not stored: a directed graph's reverse is rebuilt on
//! first use, as for any loaded graph, because a stored one could only be
//! trusted after a transpose-sized check.
//!
//! Reading is one sequential pass with one `read_exact` per 256 KiB
//! straight into the CSR's vectors (viewed as bytes through `bytemuck`),
//! hashing each chunk as it arrives; the targets go on to a second thread
//! that checks their rows and an undirected graph's symmetry while the next
//! chunk is read, and the reading thread, done, checks from the last chunk
//! back whatever the second has not reached (`RowScan`: chunks check
//! independently and their findings merge in any order). Before anything
//! is allocated the header checksum, the section table and every length
//! are checked against the file's size (checked arithmetic), so a header
//! cannot make the reader allocate more than the file holds. While reading, the arrays' bytes feed
//! the layout hash (their checksum: it is a hash of exactly these arrays);
//! after reading: the layout hash against the header, each other section's
//! checksum, then every CSR invariant ([`Csr::from_parts`]).
//! A truncated, corrupt or hostile file is a [`FormatError::Snapshot`]
//! ending in `Fix:`, never a panic. The file is read, not memory-mapped: a
//! mapping that another process truncates or rewrites is undefined
//! behaviour (SIGBUS, or arrays that change after they were checked), and
//! reading is already within a small factor of copying the bytes.

use super::{FormatError, LoadOptions};
use crate::graph::hash::LayoutHasher;
use crate::graph::{
    Csr, Graph, LabelNames, RowScan, Scanned, VertexNames, MAX_LABEL_NAMES, NO_VERTEX,
};
use std::io::{self, Read, Write};
use std::path::Path;
use xxhash_rust::xxh3::{xxh3_64, Xxh3};

/// The first eight bytes of every snapshot.
pub const MAGIC: [u8; 8] = *b"\x89DWELL\r\n";
/// The layout version this build writes and reads.
pub const VERSION: u32 = 1;
/// Bytes before the section table.
const HEADER: usize = 56;
/// Bytes per section table entry.
const ENTRY: usize = 32;
/// Most sections a table may list.
const MAX_SECTIONS: u32 = 16;
/// Largest label-names section (32 names of up to 4 KiB each, with lengths).
const MAX_NAMES_BYTES: u64 = 4 + MAX_LABEL_NAMES as u64 * (4 + MAX_NAME as u64);
/// Longest label name, in bytes.
const MAX_NAME: usize = 4096;
/// Bytes per `read_exact` (and per checksum update).
const CHUNK: usize = 256 << 10;

const FLAG_DIRECTED: u32 = 1;

/// Section kinds (see the module doc).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[repr(u32)]
enum Kind {
    Offsets = 1,
    Targets = 2,
    Labels = 3,
    Weights = 4,
    LabelNames = 5,
    VertexNames = 6,
}

impl Kind {
    fn from_u32(k: u32) -> Option<Kind> {
        Some(match k {
            1 => Kind::Offsets,
            2 => Kind::Targets,
            3 => Kind::Labels,
            4 => Kind::Weights,
            5 => Kind::LabelNames,
            6 => Kind::VertexNames,
            _ => return None,
        })
    }

    fn name(self) -> &'static str {
        match self {
            Kind::Offsets => "offsets",
            Kind::Targets => "targets",
            Kind::Labels => "labels",
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

/// One parsed section table entry.
struct Entry {
    kind: Kind,
    offset: u64,
    length: u64,
    checksum: u64,
}

fn le_u32(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

fn le_u64(b: &[u8], at: usize) -> u64 {
    let mut x = [0u8; 8];
    x.copy_from_slice(&b[at..at + 8]);
    u64::from_le_bytes(x)
}

fn align8(x: u64) -> Option<u64> {
    x.checked_add(7).map(|y| y & !7)
}

/// Read a snapshot of `len` bytes from `r` (positioned after nothing: the
/// magic is read again here). `name` is used in messages. `opts.directed`
/// must agree with the snapshot (it cannot be changed without the source);
/// `opts.max_nodes` applies as for any graph file.
pub fn read<R: Read>(
    mut r: R,
    len: u64,
    name: &Path,
    opts: &LoadOptions,
) -> Result<Graph, FormatError> {
    let io_err = |e: io::Error| {
        if e.kind() == io::ErrorKind::UnexpectedEof {
            bad(
                name,
                "the file ended before the size its header declares (it changed while being read, or is truncated)",
                REWRITE,
            )
        } else {
            FormatError::Read {
                file: name.to_path_buf(),
                line: 1,
                source: e,
            }
        }
    };
    if len < HEADER as u64 {
        return Err(bad(
            name,
            format!("{len} bytes is shorter than a snapshot header ({HEADER} bytes)"),
            REWRITE,
        ));
    }
    let mut head = [0u8; HEADER];
    r.read_exact(&mut head).map_err(io_err)?;
    if !is_snapshot(&head) {
        return Err(bad(
            name,
            "the file does not start with the snapshot magic",
            REWRITE,
        ));
    }
    let version = le_u32(&head, 8);
    if version != VERSION {
        return Err(bad(
            name,
            format!("snapshot format version {version}; this dwell reads version {VERSION}"),
            "open it with the dwell that wrote it, or write the snapshot again from its source with this dwell",
        ));
    }
    let flags = le_u32(&head, 12);
    if flags & !FLAG_DIRECTED != 0 {
        return Err(bad(
            name,
            format!("unknown header flags 0x{flags:x}"),
            REWRITE,
        ));
    }
    let directed = flags & FLAG_DIRECTED != 0;
    let nodes = le_u64(&head, 16);
    let arcs = le_u64(&head, 24);
    let layout_hash = le_u64(&head, 32);
    let count = le_u32(&head, 40);
    if !(1..=MAX_SECTIONS).contains(&count) || le_u32(&head, 44) != 0 {
        return Err(bad(
            name,
            format!("the header declares {count} sections (1 to {MAX_SECTIONS} are valid) or a nonzero reserved field"),
            REWRITE,
        ));
    }
    let table_len = count as usize * ENTRY;
    let table_end = (HEADER + table_len) as u64;
    if table_end > len {
        return Err(bad(
            name,
            format!(
                "the section table ends at byte {table_end}, past the end of the {len}-byte file"
            ),
            REWRITE,
        ));
    }
    let mut table = vec![0u8; table_len];
    r.read_exact(&mut table).map_err(io_err)?;
    let mut h = Xxh3::new();
    h.update(&head[..48]);
    h.update(&table);
    if h.digest() != le_u64(&head, 48) {
        return Err(bad(name, "the header checksum does not match", REWRITE));
    }

    // Check the header against the limits and the file before allocating.
    if nodes >= NO_VERTEX as u64 || nodes > opts.node_limit() {
        return Err(bad(
            name,
            format!(
                "{nodes} vertices, more than the limit of {}",
                opts.node_limit().min(NO_VERTEX as u64 - 1)
            ),
            "raise the node limit, or check that this is the intended file",
        ));
    }
    if let Some(d) = opts.directed {
        if d != directed {
            let (is, want) = if directed {
                ("directed", "--undirected")
            } else {
                ("undirected", "--directed")
            };
            return Err(bad(
                name,
                format!("the snapshot holds a {is} graph, which {want} cannot change"),
                format!("drop {want}, or snapshot the source file again with {want}"),
            ));
        }
    }
    let too_big = || bad(name, "section sizes overflow", REWRITE);
    let offsets_len = nodes
        .checked_add(1)
        .and_then(|n| n.checked_mul(8))
        .ok_or_else(too_big)?;
    let arcs_len = arcs.checked_mul(4).ok_or_else(too_big)?;
    let mut entries = Vec::with_capacity(count as usize);
    let mut cursor = align8(table_end).ok_or_else(too_big)?;
    let mut last_kind = 0u32;
    for i in 0..count as usize {
        let e = &table[i * ENTRY..(i + 1) * ENTRY];
        let raw_kind = le_u32(e, 0);
        let Some(kind) = Kind::from_u32(raw_kind) else {
            return Err(bad(
                name,
                format!("section {i} has kind {raw_kind}, which this dwell does not know"),
                "open it with a newer dwell, or write the snapshot again with this one",
            ));
        };
        if raw_kind <= last_kind || le_u32(e, 4) != 0 {
            return Err(bad(
                name,
                format!(
                    "section {i} ({}) is out of order, repeated or has a nonzero reserved field",
                    kind.name()
                ),
                REWRITE,
            ));
        }
        last_kind = raw_kind;
        let (offset, length) = (le_u64(e, 8), le_u64(e, 16));
        let expected = match kind {
            Kind::Offsets => Some(offsets_len),
            Kind::Targets | Kind::Labels | Kind::Weights => Some(arcs_len),
            Kind::LabelNames | Kind::VertexNames => None,
        };
        let end = offset.checked_add(length).ok_or_else(too_big)?;
        if offset != cursor
            || expected.is_some_and(|x| x != length)
            || (kind == Kind::LabelNames && length > MAX_NAMES_BYTES)
            || end > len
        {
            return Err(bad(
                name,
                format!(
                    "section {i} ({}) claims bytes {offset}..{end} of a {len}-byte file; expected it at {cursor}{}",
                    kind.name(),
                    expected.map_or(String::new(), |x| format!(" with {x} bytes"))
                ),
                REWRITE,
            ));
        }
        cursor = if i + 1 == count as usize {
            end
        } else {
            align8(end).ok_or_else(too_big)?
        };
        entries.push(Entry {
            kind,
            offset,
            length,
            checksum: le_u64(e, 24),
        });
    }
    if cursor != len {
        return Err(bad(
            name,
            format!("the sections end at byte {cursor}, but the file has {len} bytes"),
            REWRITE,
        ));
    }
    if entries.first().map(|e| e.kind) != Some(Kind::Offsets)
        || entries.get(1).map(|e| e.kind) != Some(Kind::Targets)
    {
        return Err(bad(
            name,
            "the offsets or targets section is missing",
            REWRITE,
        ));
    }

    // The sections, in file order; every length was checked against `len`.
    let mut pos = table_end;
    let mut layout = LayoutHasher::new(directed, nodes, arcs);
    let (mut offsets, mut targets) = (Vec::new(), Vec::new());
    let (mut labels, mut weights, mut label_names) = (None, None, LabelNames::default());
    let mut vertex_names = None;
    let (mut rows_scanned, mut symmetric) = (None, None);
    for e in &entries {
        if !skip_padding(&mut r, e.offset - pos).map_err(io_err)? {
            return Err(bad(
                name,
                format!("nonzero padding before the {} section", e.kind.name()),
                REWRITE,
            ));
        }
        let oom = || FormatError::Graph {
            file: name.to_path_buf(),
            source: crate::graph::GraphError::OutOfMemory { bytes: e.length },
        };
        // Arrays feed the layout hash (their checksum); the rest its own.
        let mut own = Xxh3::new();
        let h: &mut dyn FnMut(&[u8]) = match e.kind {
            Kind::LabelNames | Kind::VertexNames => &mut |b| own.update(b),
            Kind::Labels | Kind::Weights => {
                layout.tag(if e.kind == Kind::Labels {
                    b"labels"
                } else {
                    b"weights"
                });
                &mut |b| layout.update(b)
            }
            Kind::Offsets | Kind::Targets => &mut |b| layout.update(b),
        };
        match e.kind {
            Kind::Offsets => offsets = read_words(&mut r, e.length, h, oom, &io_err)?,
            // The rows (and an undirected graph's symmetry) are checked on
            // a second thread as the targets arrive (the read itself is
            // mostly the kernel's page faults and copying), and by this one
            // once it has read them all: not in passes of their own after.
            Kind::Targets => match RowScan::new(&offsets, arcs, directed) {
                Some(scan) => {
                    let found;
                    (targets, found) = read_targets(&mut r, e.length, h, oom, &io_err, &scan)?;
                    (rows_scanned, symmetric) =
                        (Some(found.first_bad_row()), scan.symmetric(&found));
                }
                None => targets = read_words(&mut r, e.length, h, oom, &io_err)?,
            },
            Kind::Labels => labels = Some(read_words(&mut r, e.length, h, oom, &io_err)?),
            Kind::Weights => weights = Some(read_words(&mut r, e.length, h, oom, &io_err)?),
            Kind::LabelNames => {
                let mut bytes = vec![0u8; e.length as usize];
                r.read_exact(&mut bytes).map_err(io_err)?;
                h(&bytes);
                if own.digest() != e.checksum {
                    return Err(bad(
                        name,
                        format!("the {} section's checksum does not match", e.kind.name()),
                        REWRITE,
                    ));
                }
                label_names = parse_label_names(&bytes).map_err(|p| bad(name, p, REWRITE))?;
            }
            Kind::VertexNames => {
                let bytes: Vec<u8> = read_words(&mut r, e.length, h, oom, &io_err)?;
                if own.digest() != e.checksum {
                    return Err(bad(
                        name,
                        "the vertex names section's checksum does not match",
                        REWRITE,
                    ));
                }
                let names = parse_vertex_names(&bytes, nodes).map_err(|p| bad(name, p, REWRITE))?;
                vertex_names = Some(names);
            }
        }
        if !matches!(e.kind, Kind::LabelNames | Kind::VertexNames) && e.checksum != 0 {
            return Err(bad(
                name,
                format!("the {} section has a checksum; arrays are covered by the layout hash and carry 0", e.kind.name()),
                REWRITE,
            ));
        }
        pos = e.offset + e.length;
    }
    let computed = layout.finish();
    if computed != layout_hash {
        return Err(bad(
            name,
            format!(
                "the layout hash in the header ({layout_hash:016x}) is not the hash of the stored arrays ({computed:016x}): they are corrupt"
            ),
            REWRITE,
        ));
    }
    let invalid = |p| bad(name, format!("invalid graph: {p}"), REWRITE);
    let csr = Csr::from_scanned_parts(
        offsets.into(),
        targets.into(),
        labels.map(Into::into),
        weights.map(Into::into),
        rows_scanned,
    )
        .map_err(invalid)?;
    Graph::from_forward(
        csr,
        directed,
        label_names,
        vertex_names,
        computed,
        symmetric,
    )
    .map_err(invalid)
}

/// Read `n` (< 8) bytes of padding; are they all zero?
fn skip_padding<R: Read>(r: &mut R, n: u64) -> io::Result<bool> {
    let mut pad = [0u8; 8];
    // The table check put every section within 7 bytes of the previous end.
    let pad = &mut pad[..n.min(8) as usize];
    r.read_exact(pad)?;
    Ok(pad.iter().all(|&b| b == 0))
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
impl Word for u8 {
    fn le_to_native(self) -> Self {
        self
    }
}
impl Word for u32 {
    fn le_to_native(self) -> Self {
        u32::from_le(self)
    }
}

/// `bytes / size_of::<T>()` words read straight into a zeroed vector (no
/// copy: the vector's memory is the read buffer), hashing each chunk.
fn read_words<T: Word>(
    r: &mut impl Read,
    bytes: u64,
    h: &mut dyn FnMut(&[u8]),
    oom: impl Fn() -> FormatError,
    io_err: &dyn Fn(io::Error) -> FormatError,
) -> Result<Vec<T>, FormatError> {
    let n = usize::try_from(bytes / std::mem::size_of::<T>() as u64).map_err(|_| oom())?;
    let mut v: Vec<T> = bytemuck::allocation::try_zeroed_vec(n).map_err(|_| oom())?;
    let buf: &mut [u8] = bytemuck::cast_slice_mut(&mut v);
    for chunk in buf.chunks_mut(CHUNK) {
        r.read_exact(chunk).map_err(io_err)?;
        h(chunk);
    }
    if cfg!(target_endian = "big") {
        v.iter_mut().for_each(|x| *x = x.le_to_native());
    }
    Ok(v)
}

/// [`read_words`] for the targets, with their checks ([`RowScan`]): this
/// thread reads and hashes the chunks (the hash reads what the copy just
/// put in this core's cache: on the other thread it took twice as long); a
/// second thread scans each as it arrives, unless this thread, done
/// reading, has taken it: it scans the chunks from the last one back until
/// it meets one the second thread took. Each chunk is scanned once, by
/// whichever thread is free, and the findings merge in any order, so
/// neither thread waits for the other at the end.
fn read_targets(
    r: &mut impl Read,
    bytes: u64,
    h: &mut dyn FnMut(&[u8]),
    oom: impl Fn() -> FormatError,
    io_err: &dyn Fn(io::Error) -> FormatError,
    scan: &RowScan<'_>,
) -> Result<(Vec<u32>, Scanned), FormatError> {
    use std::sync::atomic::{AtomicBool, Ordering};
    let n = usize::try_from(bytes / 4).map_err(|_| oom())?;
    let mut v: Vec<u32> = bytemuck::allocation::try_zeroed_vec(n).map_err(|_| oom())?;
    let per = CHUNK / 4;
    if n <= per {
        // One chunk: nothing to overlap, so no thread.
        r.read_exact(bytemuck::cast_slice_mut(&mut v))
            .map_err(io_err)?;
        h(bytemuck::cast_slice(&v));
        if cfg!(target_endian = "big") {
            v.iter_mut().for_each(|x| *x = u32::from_le(*x));
        }
        let found = scan.scan(0, None, &v);
        return Ok((v, found));
    }
    let chunks = n.div_ceil(per);
    // Which chunks' scans a thread has taken (each swap decides once).
    let taken: Vec<AtomicBool> = (0..chunks).map(|_| AtomicBool::new(false)).collect();
    let taken = &taken;
    let words = &mut v;
    let found = std::thread::scope(|s| {
        let (tx, rx) = std::sync::mpsc::channel::<&[u32]>();
        let second = s.spawn(move || {
            let (mut found, mut before) = (Scanned::default(), None);
            for (k, chunk) in rx.into_iter().enumerate() {
                if !taken[k].swap(true, Ordering::Relaxed) {
                    // k · per < arcs (see scan_from_back).
                    found = found.merge(scan.scan(k * per, before, chunk));
                }
                before = chunk.last().copied();
            }
            found
        });
        let mut read: Vec<&[u32]> = Vec::with_capacity(chunks);
        let mut result = Ok(());
        for chunk in words.chunks_mut(per) {
            if let Err(e) = r.read_exact(bytemuck::cast_slice_mut(chunk)) {
                result = Err(io_err(e));
                break;
            }
            h(bytemuck::cast_slice(chunk));
            if cfg!(target_endian = "big") {
                chunk.iter_mut().for_each(|x| *x = u32::from_le(*x));
            }
            let chunk: &[u32] = chunk;
            read.push(chunk);
            // The second thread runs until `tx` drops, so a send cannot fail.
            let _ = tx.send(chunk);
        }
        drop(tx);
        let mine = match result {
            Ok(()) => scan_from_back(scan, &read, per, taken),
            Err(_) => Scanned::default(),
        };
        let theirs = second
            .join()
            .unwrap_or_else(|p| std::panic::resume_unwind(p));
        result.map(|()| mine.merge(theirs))
    })?;
    Ok((v, found))
}

/// Scan `chunks` (of `per` arcs each but the last, tiling the targets) from
/// the last one back, taking each, until one was taken already: the thread
/// that takes chunks in order has then taken every one before it.
fn scan_from_back(
    scan: &RowScan<'_>,
    chunks: &[&[u32]],
    per: usize,
    taken: &[std::sync::atomic::AtomicBool],
) -> Scanned {
    let mut found = Scanned::default();
    for (k, chunk) in chunks.iter().enumerate().rev() {
        if taken[k].swap(true, std::sync::atomic::Ordering::Relaxed) {
            break;
        }
        let before = k.checked_sub(1).and_then(|j| chunks[j].last().copied());
        // k < chunks.len() = ceil(arcs / per): k · per < arcs, no overflow.
        found = found.merge(scan.scan(k * per, before, chunk));
    }
    found
}

/// The label-names section: a u32 count, then length-prefixed UTF-8 names.
fn parse_label_names(b: &[u8]) -> Result<LabelNames, String> {
    let take = |at: usize, n: usize| b.get(at..at.checked_add(n)?);
    let word = |at| take(at, 4).map(|w| le_u32(w, 0) as usize);
    let count = word(0).ok_or("the label-names section is shorter than its count")?;
    if count > MAX_LABEL_NAMES {
        return Err(format!("{count} label names (at most {MAX_LABEL_NAMES})"));
    }
    let mut names = LabelNames::default();
    let mut at = 4;
    for i in 0..count {
        let n = word(at).ok_or("a label name's length runs past the section")?;
        let bytes = take(at + 4, n).filter(|_| n <= MAX_NAME).ok_or(format!(
            "label name {i} is {n} bytes long, past the section's end or the {MAX_NAME}-byte limit"
        ))?;
        let s = std::str::from_utf8(bytes).map_err(|_| format!("label name {i} is not UTF-8"))?;
        let bit = names.bit_for(s).map_err(|e| e.to_string())?;
        if bit != 1 << i {
            return Err(format!("label name {s:?} appears twice"));
        }
        at += 4 + n;
    }
    if at != b.len() {
        return Err("the label-names section has bytes after its last name".into());
    }
    Ok(names)
}

/// The vertex-names section: u64 count N (at most `nodes`), N + 1 u64 start
/// offsets into the name bytes (from 0, never decreasing, ending at their
/// length, each on a character boundary), then the UTF-8 name bytes.
fn parse_vertex_names(b: &[u8], nodes: u64) -> Result<VertexNames, String> {
    let word = |i: usize| -> Option<u64> {
        let at = i.checked_mul(8)?;
        Some(le_u64(b.get(at..at.checked_add(8)?)?, 0))
    };
    let count = word(0).ok_or("the vertex-names section is shorter than its count")?;
    if count > nodes {
        return Err(format!("{count} vertex names for {nodes} vertices"));
    }
    // count <= nodes < u32::MAX, so these fit.
    let n = count as usize;
    let arena_at = (n + 2)
        .checked_mul(8)
        .filter(|&a| a <= b.len())
        .ok_or("the vertex-name offsets run past the section")?;
    let arena = std::str::from_utf8(&b[arena_at..])
        .map_err(|e| format!("the vertex names are not UTF-8 ({e})"))?;
    let mut starts = Vec::with_capacity(n + 1);
    for i in 0..=n {
        // arena_at covers all n + 2 words.
        let s = word(i + 1).unwrap_or(u64::MAX);
        let prev = starts.last().copied().unwrap_or(0);
        let ok = s >= prev
            && usize::try_from(s).is_ok_and(|s| s <= arena.len() && arena.is_char_boundary(s))
            && (i > 0 || s == 0);
        if !ok {
            return Err(format!("vertex-name offset {i} ({s}) is out of order, past the names or inside a character"));
        }
        starts.push(s);
    }
    if starts[n] as usize != arena.len() {
        return Err("the vertex-names section has bytes after its last name".into());
    }
    let names = (0..n).map(|i| &arena[starts[i] as usize..starts[i + 1] as usize]);
    VertexNames::from_ordered(names).map_err(|(_, why)| why)
}

/// The bytes of the vertex-names section.
fn vertex_names_bytes(names: &VertexNames) -> Vec<u8> {
    let n = names.len();
    let mut out = Vec::with_capacity(8 * (n + 2));
    out.extend_from_slice(&(n as u64).to_le_bytes());
    let mut at = 0u64;
    out.extend_from_slice(&at.to_le_bytes());
    for (_, name) in names.iter() {
        at += name.len() as u64;
        out.extend_from_slice(&at.to_le_bytes());
    }
    for (_, name) in names.iter() {
        out.extend_from_slice(name.as_bytes());
    }
    out
}

/// The bytes of the label-names section.
fn label_names_bytes(names: &LabelNames) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(&(names.iter().count() as u32).to_le_bytes());
    for (n, _) in names.iter() {
        out.extend_from_slice(&(n.len() as u32).to_le_bytes());
        out.extend_from_slice(n.as_bytes());
    }
    out
}

/// Little-endian bytes of a word slice: the slice itself on little-endian
/// machines, a converted copy elsewhere.
fn le_bytes<T: Word>(xs: &[T], to_le: fn(T) -> T) -> std::borrow::Cow<'_, [u8]> {
    if cfg!(target_endian = "little") {
        std::borrow::Cow::Borrowed(bytemuck::cast_slice(xs))
    } else {
        let v: Vec<T> = xs.iter().map(|&x| to_le(x)).collect();
        std::borrow::Cow::Owned(bytemuck::cast_slice(&v).to_vec())
    }
}

/// The complete snapshot of `g`, as the sections and the header+table bytes.
/// Section bytes, borrowed from the graph where the layout allows.
type Sections<'a> = Vec<std::borrow::Cow<'a, [u8]>>;

fn encode(g: &Graph) -> Result<(Vec<u8>, Sections<'_>), String> {
    let f = g.forward();
    let mut sections: Vec<(Kind, std::borrow::Cow<'_, [u8]>)> = vec![
        (Kind::Offsets, le_bytes(f.offsets(), u64::to_le)),
        (Kind::Targets, le_bytes(f.targets(), u32::to_le)),
    ];
    if let Some(l) = f.labels() {
        sections.push((Kind::Labels, le_bytes(l, u32::to_le)));
    }
    if let Some(w) = f.weights() {
        sections.push((Kind::Weights, le_bytes(w, u32::to_le)));
    }
    if !g.label_names().is_empty() {
        let b = label_names_bytes(g.label_names());
        if b.len() as u64 > MAX_NAMES_BYTES {
            return Err(format!(
                "the label names take {} bytes (at most {MAX_NAMES_BYTES})",
                b.len()
            ));
        }
        sections.push((Kind::LabelNames, std::borrow::Cow::Owned(b)));
    }
    if let Some(names) = g.vertex_names() {
        sections.push((
            Kind::VertexNames,
            std::borrow::Cow::Owned(vertex_names_bytes(names)),
        ));
    }
    let mut meta = Vec::with_capacity(HEADER + ENTRY * sections.len());
    meta.extend_from_slice(&MAGIC);
    meta.extend_from_slice(&VERSION.to_le_bytes());
    let flags = if g.is_directed() { FLAG_DIRECTED } else { 0 };
    meta.extend_from_slice(&flags.to_le_bytes());
    meta.extend_from_slice(&(g.nodes() as u64).to_le_bytes());
    meta.extend_from_slice(&(g.arcs() as u64).to_le_bytes());
    meta.extend_from_slice(&g.layout_hash().to_le_bytes());
    meta.extend_from_slice(&(sections.len() as u32).to_le_bytes());
    meta.extend_from_slice(&0u32.to_le_bytes());
    meta.extend_from_slice(&[0u8; 8]); // header checksum, filled in below
    let mut offset = align8((HEADER + ENTRY * sections.len()) as u64).ok_or("overflow")?;
    for (kind, bytes) in &sections {
        meta.extend_from_slice(&(*kind as u32).to_le_bytes());
        meta.extend_from_slice(&0u32.to_le_bytes());
        meta.extend_from_slice(&offset.to_le_bytes());
        meta.extend_from_slice(&(bytes.len() as u64).to_le_bytes());
        // Arrays are covered by the layout hash in the header.
        let sum = if matches!(kind, Kind::LabelNames | Kind::VertexNames) {
            xxh3_64(bytes)
        } else {
            0
        };
        meta.extend_from_slice(&sum.to_le_bytes());
        offset = offset
            .checked_add(bytes.len() as u64)
            .and_then(align8)
            .ok_or("the snapshot's size overflows")?;
    }
    let mut h = Xxh3::new();
    h.update(&meta[..48]);
    h.update(&meta[HEADER..]);
    meta[48..56].copy_from_slice(&h.digest().to_le_bytes());
    Ok((meta, sections.into_iter().map(|(_, b)| b).collect()))
}

/// Write `w` the sections after `meta`, each padded to a multiple of 8.
fn write_all(
    w: &mut dyn Write,
    meta: &[u8],
    sections: &[std::borrow::Cow<'_, [u8]>],
) -> io::Result<()> {
    w.write_all(meta)?;
    let mut pos = meta.len();
    for s in sections {
        let pad = pos.next_multiple_of(8) - pos;
        w.write_all(&[0u8; 8][..pad])?;
        pos += pad;
        for chunk in s.chunks(CHUNK) {
            w.write_all(chunk)?;
        }
        pos += s.len();
    }
    Ok(())
}

/// The snapshot of `g` as bytes (what [`write()`] puts in a file).
pub fn to_bytes(g: &Graph) -> Result<Vec<u8>, FormatError> {
    let (meta, sections) = encode(g).map_err(|p| FormatError::Invalid {
        file: "snapshot".into(),
        problem: format!("{p}. Fix: split the graph"),
    })?;
    let mut out = Vec::new();
    // Writing into a Vec cannot fail.
    let _ = write_all(&mut out, &meta, &sections);
    Ok(out)
}

/// Write the snapshot of `g` to `path` atomically (temporary file + rename,
/// see [`crate::io::atomic_write`]).
pub fn write(path: &Path, g: &Graph) -> Result<(), FormatError> {
    let (meta, sections) = encode(g).map_err(|p| FormatError::Invalid {
        file: path.to_path_buf(),
        problem: format!("{p}. Fix: split the graph"),
    })?;
    crate::io::atomic_write(path, |w| write_all(w, &meta, &sections)).map_err(|source| {
        FormatError::Write {
            file: path.to_path_buf(),
            source,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};

    /// The reader's share of the checks: the chunks the in-order thread has
    /// not taken, scanned from the back; damage in them is found, also when
    /// its row began in the chunk before, and damage in the chunks taken
    /// already is left to the thread that took them.
    #[test]
    fn the_reader_scans_the_chunks_not_yet_taken_from_the_back() {
        // 64 vertices, directed, rows of two: v → v+1 and v+2 (mod 64).
        let n = 64u64;
        let offsets: Vec<u64> = (0..=n).map(|v| 2 * v).collect();
        let good: Vec<u32> = (0..n as u32)
            .flat_map(|v| {
                let (a, b) = ((v + 1) % 64, (v + 2) % 64);
                [a.min(b), a.max(b)]
            })
            .collect();
        let scan = RowScan::new(&offsets, 2 * n, true).unwrap();
        // Chunks of 7 arcs (the last of 2) cut rows 3, 10, 17, … in two.
        let per = 7;
        // (arc, value, chunks taken by the other thread, row found)
        for (arc, value, others, found) in [
            (127, 99, 5, Some(63)), // out of range, in the last chunk
            (35, 99, 5, Some(17)),  // first arc of chunk 5, the first the reader takes
            (35, 10, 5, Some(17)),  // row 17 = [18, 10]: unsorted across chunks 4 | 5
            (33, 99, 5, None),      // row 16, all in chunk 4: the other thread's
            (3, 99, 0, Some(1)),    // nothing taken: the reader scans every chunk
        ] {
            let mut t = good.clone();
            t[arc] = value;
            let chunks: Vec<&[u32]> = t.chunks(per).collect();
            let taken: Vec<AtomicBool> = (0..chunks.len())
                .map(|k| AtomicBool::new(k < others))
                .collect();
            let got = scan_from_back(&scan, &chunks, per, &taken);
            assert_eq!(got.first_bad_row(), found, "arc {arc} = {value}");
            assert!(taken.iter().all(|t| t.load(Ordering::Relaxed)));
        }
    }
}
