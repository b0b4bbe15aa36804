//! Shards: one graph split for `P` processes, each reading only its part.
//!
//! # Partition
//!
//! Vertex `v` belongs to process `v mod P` ([`Placement::process_of`]); inside
//! a process of `W` workers, to worker `(v div P) mod W`. A process's part
//! holds every arc whose source it owns (its vertices' out-arcs) and every
//! arc whose target it owns (their in-arcs, the reverse arcs), so a worker
//! finds all arcs of its own vertices locally and nothing else.
//!
//! # Files (`dwell shard FILE --parts P --out DIR`)
//!
//! - `DIR/manifest.json`: the whole graph's facts (nodes, stored arcs,
//!   directed, label names, placement hash) and `parts`. Written last, so a
//!   folder without it is an unfinished split.
//! - `DIR/out-arcs.bits`: bit `v` (of little-endian `u64` words) set when
//!   `v` has an outgoing arc, so every process picks `--sources random:N`
//!   as the whole graph would.
//! - `DIR/part-I.arcs`: magic `DWSHARD2`, then little-endian `u64` placement
//!   hash, `u32` parts, `u32` index, `u64` out-records, `u64` in-records,
//!   `u32` flags (bit 0: labels), then the records, each `u32` u, `u32` v,
//!   `u32` label mask: first every stored arc `u → v` whose source `u` the
//!   part owns (both directions of an undirected edge are stored arcs), then,
//!   for a directed graph, every arc whose target `v` it owns; both sections
//!   in the whole graph's row order (by `u`, then `v`). An undirected graph
//!   needs no second section: its in-arcs are its out-arcs.
//!
//! [`load_part`] builds the out-arcs and (directed graphs) the in-arcs as
//! [`Rows`]: compressed rows of the part's own vertices only, vertex `v`'s
//! row at local index `v div P` ([`Rows::local`]), targets as whole-graph
//! ids coded as varint gaps (about 2 bytes an arc on R-MAT 20 instead of
//! 4). No array of a part is sized by the whole graph's vertex count: a
//! part holds about `1/P` of the arcs and `1/P` of the row offsets. The
//! rows are coded from the records directly (no edge list in between; one
//! pass measures each row, a second writes it), so loading peaks at what
//! stays resident plus 4 bytes per row.

mod rows;

pub use rows::{Cursor, Rows};

use dwell::graph::{Graph, LabelNames};
use rows::{put_varint, varint_len};
use serde::{Deserialize, Serialize};
use std::fs::File;
use std::io::{self, BufReader, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

/// Name of the manifest inside a shard folder.
pub const MANIFEST: &str = "manifest.json";
const MAGIC: &[u8; 8] = b"DWSHARD2";
const OUT_ARCS: &str = "out-arcs.bits";
const HEADER_BYTES: usize = 8 + 8 + 4 + 4 + 8 + 8 + 4;
const RECORD_BYTES: usize = 12;

/// Division of vertex ids by a divisor fixed for the run, without a `div`
/// instruction (tens of cycles; the engine divides for every arc it reads
/// and every message): a power of two shifts; any other `d` multiplies by
/// `m = ⌈2^64 / d⌉` and keeps the high word, which is exact for every
/// 32-bit dividend (Lemire, Kaser and Kurz, "Faster remainder by direct
/// computation", 2019).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Divisor {
    d: u32,
    /// 0 for a power of two, which shifts by `shift`.
    m: u64,
    shift: u32,
}

impl Divisor {
    /// Division by `d`, at least 1: process and worker counts, which the
    /// command line keeps within 1..=256 and a manifest within 1..=4096.
    pub fn new(d: usize) -> Divisor {
        let d = u32::try_from(d.max(1)).unwrap_or(u32::MAX);
        if d.is_power_of_two() {
            Divisor {
                d,
                m: 0,
                shift: d.trailing_zeros(),
            }
        } else {
            Divisor {
                d,
                m: u64::MAX / u64::from(d) + 1,
                shift: 0,
            }
        }
    }

    /// The divisor.
    pub fn get(self) -> usize {
        self.d as usize
    }

    /// `n div d`.
    #[inline]
    pub fn quotient(self, n: u32) -> u32 {
        if self.m == 0 {
            n >> self.shift
        } else {
            ((u128::from(self.m) * u128::from(n)) >> 64) as u32
        }
    }

    /// `n mod d`.
    #[inline]
    pub fn remainder(self, n: u32) -> u32 {
        n - self.quotient(n) * self.d
    }
}

/// Where vertices live: `P` processes of `W` workers each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placement {
    by_processes: Divisor,
    by_workers: Divisor,
    by_peers: Divisor,
}

impl Placement {
    /// `processes` processes of `workers` workers (each at least 1).
    pub fn new(processes: usize, workers: usize) -> Placement {
        Placement {
            by_processes: Divisor::new(processes),
            by_workers: Divisor::new(workers),
            by_peers: Divisor::new(processes.max(1).saturating_mul(workers.max(1))),
        }
    }

    /// Processes (`P`).
    pub fn processes(&self) -> usize {
        self.by_processes.get()
    }

    /// Workers per process (`W`).
    pub fn workers(&self) -> usize {
        self.by_workers.get()
    }

    /// The process that owns `v`: `v mod P`.
    #[inline]
    pub fn process_of(&self, v: u32) -> usize {
        self.by_processes.remainder(v) as usize
    }

    /// The global index of the worker that owns `v` (timely numbers worker
    /// `t` of process `p` as `p·W + t`).
    #[inline]
    pub fn worker_of(&self, v: u32) -> usize {
        let (p, w) = (self.by_processes, self.by_workers);
        p.remainder(v) as usize * self.workers() + w.remainder(p.quotient(v)) as usize
    }

    /// Total workers.
    pub fn peers(&self) -> usize {
        self.by_peers.get()
    }

    /// Worker `w`'s smallest vertex: `p + P·t` for worker `t` of process `p`.
    fn first(&self, w: usize) -> usize {
        (w / self.workers()) + self.processes() * (w % self.workers())
    }

    /// Position of `v` among its worker's vertices.
    #[inline]
    pub fn local(&self, v: u32) -> usize {
        self.by_peers.quotient(v) as usize
    }

    /// The vertices worker `w` owns among `n`: `p + P·t + P·W·j`.
    pub fn owned(&self, w: usize, n: usize) -> impl Iterator<Item = u32> {
        let first = self.first(w);
        (first..n).step_by(self.peers()).map(|v| v as u32)
    }

    /// Worker `w`'s vertex at local index `i` ([`Placement::local`]).
    pub fn vertex(&self, w: usize, i: usize) -> u32 {
        let first = self.first(w);
        // Below the vertex count, which ids keep within a u32.
        (first + self.peers() * i) as u32
    }

    /// How many vertices worker `w` owns among `n`.
    pub fn owned_count(&self, w: usize, n: usize) -> usize {
        let first = self.first(w);
        if first >= n {
            0
        } else {
            (n - first).div_ceil(self.peers())
        }
    }
}

/// The whole graph's facts, as `manifest.json` stores them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    pub format: String,
    pub version: u32,
    pub parts: u32,
    pub nodes: u64,
    /// Stored arcs of the whole graph (both directions of undirected edges).
    pub arcs: u64,
    pub directed: bool,
    pub labels: bool,
    pub label_names: Vec<String>,
    /// The whole graph's placement hash, `0x…`.
    pub layout_hash: String,
    /// The partition, in words.
    pub partition: String,
    /// Out-arc records in each part file.
    pub part_out_records: Vec<u64>,
    /// In-arc records in each part file (0 for undirected graphs).
    pub part_in_records: Vec<u64>,
}

/// One process's part: its vertices' out-arcs and (directed graphs) in-arcs.
#[derive(Debug)]
pub struct Part {
    pub manifest: Manifest,
    /// The whole graph's vertices, label names and direction, without its
    /// arcs: what a session on the part plans and checks queries against
    /// ([`vertices_only`]).
    pub vertices: Graph,
    /// Out-arcs of the part's vertices.
    pub out: Rows,
    /// In-arcs of the part's vertices (row `v`: the sources of arcs into
    /// `v`); `None` for undirected graphs, whose in-arcs are the out-arcs.
    pub inn: Option<Rows>,
}

/// Why a shard folder could not be written or read.
#[derive(Debug, thiserror::Error)]
pub enum ShardError {
    #[error("{}: {source}. Fix: check the path and its permissions", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
    #[error("{}: {problem}. Fix: {fix}", path.display())]
    Invalid {
        path: PathBuf,
        problem: String,
        fix: String,
    },
    #[error("{}: {source}. Fix: re-split the graph with `dwell shard`", path.display())]
    Graph {
        path: PathBuf,
        #[source]
        source: dwell::graph::GraphError,
    },
}

fn io_err(path: &Path) -> impl FnOnce(io::Error) -> ShardError + '_ {
    move |source| ShardError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Is `path` a shard folder (has a manifest)?
pub fn is_shard_dir(path: &Path) -> bool {
    path.join(MANIFEST).is_file()
}

/// The file of part `index` in `dir`.
pub fn part_path(dir: &Path, index: usize) -> PathBuf {
    dir.join(format!("part-{index}.arcs"))
}

/// Every stored arc of `g` with its label (0 without labels).
fn arcs(g: &Graph) -> impl Iterator<Item = (u32, u32, u32)> + '_ {
    let csr = g.forward();
    (0..g.nodes() as u32).flat_map(move |u| {
        csr.range(u)
            .map(move |i| (u, csr.targets()[i], csr.labels().map_or(0, |l| l[i])))
    })
}

/// Split `g` into `parts` parts in `dir` (created if missing). Each part
/// is written atomically; the manifest last.
pub fn write(g: &Graph, parts: usize, dir: &Path) -> Result<Manifest, ShardError> {
    if parts == 0 || parts > 4096 {
        return Err(ShardError::Invalid {
            path: dir.to_path_buf(),
            problem: format!("{parts} parts"),
            fix: "pass --parts between 1 and 4096".into(),
        });
    }
    std::fs::create_dir_all(dir).map_err(io_err(dir))?;
    let manifest_path = dir.join(MANIFEST);
    // An older manifest must not describe the parts being rewritten.
    match std::fs::remove_file(&manifest_path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(io_err(&manifest_path)(e)),
        _ => {}
    }
    let directed = g.is_directed();
    let (mut outs, mut ins) = (vec![0u64; parts], vec![0u64; parts]);
    for (u, v, _) in arcs(g) {
        outs[u as usize % parts] += 1;
        if directed {
            ins[v as usize % parts] += 1;
        }
    }
    let hash = g.layout_hash();
    for part in 0..parts {
        let path = part_path(dir, part);
        dwell::io::atomic_write(&path, |w| {
            let mut header = Vec::with_capacity(HEADER_BYTES);
            header.extend_from_slice(MAGIC);
            header.extend_from_slice(&hash.to_le_bytes());
            header.extend_from_slice(&(parts as u32).to_le_bytes());
            header.extend_from_slice(&(part as u32).to_le_bytes());
            header.extend_from_slice(&outs[part].to_le_bytes());
            header.extend_from_slice(&ins[part].to_le_bytes());
            header.extend_from_slice(&u32::from(g.has_labels()).to_le_bytes());
            w.write_all(&header)?;
            let mut buf = Vec::with_capacity(RECORD_BYTES * 4096);
            let out_arcs = arcs(g).filter(|&(u, _, _)| u as usize % parts == part);
            let in_arcs = arcs(g).filter(|&(_, v, _)| directed && v as usize % parts == part);
            for (u, v, label) in out_arcs.chain(in_arcs) {
                buf.extend_from_slice(&u.to_le_bytes());
                buf.extend_from_slice(&v.to_le_bytes());
                buf.extend_from_slice(&label.to_le_bytes());
                if buf.len() >= RECORD_BYTES * 4096 {
                    w.write_all(&buf)?;
                    buf.clear();
                }
            }
            w.write_all(&buf)
        })
        .map_err(io_err(&path))?;
    }
    let bits_path = dir.join(OUT_ARCS);
    dwell::io::atomic_write(&bits_path, |w| {
        let csr = g.forward();
        let mut word = 0u64;
        for v in 0..g.nodes() as u32 {
            if csr.degree(v) > 0 {
                word |= 1 << (v % 64);
            }
            if v % 64 == 63 {
                w.write_all(&word.to_le_bytes())?;
                word = 0;
            }
        }
        if !g.nodes().is_multiple_of(64) {
            w.write_all(&word.to_le_bytes())?;
        }
        Ok(())
    })
    .map_err(io_err(&bits_path))?;
    let manifest = Manifest {
        format: "dwell-shards".into(),
        version: 2,
        parts: parts as u32,
        nodes: g.nodes() as u64,
        arcs: g.arcs() as u64,
        directed: g.is_directed(),
        labels: g.has_labels(),
        label_names: g.label_names().iter().map(|(n, _)| n.to_string()).collect(),
        layout_hash: format!("0x{hash:016x}"),
        partition:
            "vertex v: process v mod parts; arcs with their source's and their target's process"
                .into(),
        part_out_records: outs,
        part_in_records: ins,
    };
    let text = serde_json::to_string_pretty(&manifest).expect("a manifest serializes");
    dwell::io::atomic_write(&manifest_path, |w| writeln!(w, "{text}"))
        .map_err(io_err(&manifest_path))?;
    Ok(manifest)
}

/// Read `DIR/manifest.json`.
pub fn read_manifest(dir: &Path) -> Result<Manifest, ShardError> {
    let path = dir.join(MANIFEST);
    let text = std::fs::read_to_string(&path).map_err(io_err(&path))?;
    let m: Manifest = serde_json::from_str(&text).map_err(|e| ShardError::Invalid {
        path: path.clone(),
        problem: format!("not a dwell shard manifest ({e})"),
        fix: "split the graph again with `dwell shard FILE --parts P --out DIR`".into(),
    })?;
    if m.format != "dwell-shards"
        || m.version != 2
        || m.part_out_records.len() != m.parts as usize
        || m.part_in_records.len() != m.parts as usize
    {
        return Err(ShardError::Invalid {
            path,
            problem: format!(
                "format {:?} version {} with {} parts",
                m.format, m.version, m.parts
            ),
            fix: "split the graph again with this dwell's `dwell shard`".into(),
        });
    }
    Ok(m)
}

impl Manifest {
    /// The whole graph's placement hash.
    pub fn layout_hash(&self) -> u64 {
        u64::from_str_radix(self.layout_hash.trim_start_matches("0x"), 16).unwrap_or(0)
    }
}

/// Load part `index` of the split in `dir`: see [`Part`].
pub fn load_part(dir: &Path, index: usize) -> Result<Part, ShardError> {
    let m = read_manifest(dir)?;
    let path = part_path(dir, index);
    if index >= m.parts as usize {
        return Err(ShardError::Invalid {
            path,
            problem: format!("part {index} of a {}-part split", m.parts),
            fix: format!(
                "run {} processes (--processes {}), or split again with --parts",
                m.parts, m.parts
            ),
        });
    }
    let invalid = |problem: String| ShardError::Invalid {
        path: path.clone(),
        problem,
        fix: "split the graph again with `dwell shard`; do not mix parts of different splits"
            .into(),
    };
    let file = File::open(&path).map_err(io_err(&path))?;
    let mut r = BufReader::with_capacity(1 << 20, file);
    let (outs, ins) = read_header(&mut r, &m, index, &invalid)?;
    let mut names = LabelNames::default();
    for n in &m.label_names {
        names.bit_for(n).map_err(|e| invalid(e.to_string()))?;
    }
    let n = usize::try_from(m.nodes).map_err(|_| invalid("node count too large".into()))?;
    let vertices = vertices_only(n, m.directed, m.labels, names)
        .map_err(|e| invalid(format!("not a valid split ({e})")))?;
    let parts = m.parts as usize;
    let shape = Shape {
        index,
        parts,
        n,
        // The part's vertices: index, index + P, … below n.
        owned: if index < n {
            (n - index).div_ceil(parts)
        } else {
            0
        },
        labels: m.labels,
    };
    let out = read_rows(&mut r, &path, &shape, outs, false, &invalid)?;
    let inn = if m.directed {
        Some(read_rows(&mut r, &path, &shape, ins, true, &invalid)?)
    } else {
        None
    };
    let mut extra = [0u8; 1];
    if r.read(&mut extra).map_err(io_err(&path))? != 0 {
        return Err(invalid(format!("bytes after the {} records", outs + ins)));
    }
    Ok(Part {
        manifest: m,
        vertices,
        out,
        inn,
    })
}

/// Read part `index`'s header from `r` and check it against the manifest
/// `m`: its out-records and in-records.
fn read_header(
    r: &mut impl Read,
    m: &Manifest,
    index: usize,
    invalid: &dyn Fn(String) -> ShardError,
) -> Result<(u64, u64), ShardError> {
    let mut header = [0u8; HEADER_BYTES];
    r.read_exact(&mut header)
        .map_err(|e| invalid(format!("header unreadable ({e})")))?;
    let word = |at: usize| u32::from_le_bytes(header[at..at + 4].try_into().expect("4 bytes"));
    let long = |at: usize| u64::from_le_bytes(header[at..at + 8].try_into().expect("8 bytes"));
    if &header[..8] != MAGIC {
        return Err(invalid("not a dwell shard part (bad magic)".into()));
    }
    let (hash, parts, part) = (long(8), word(16), word(20));
    let (outs, ins, flags) = (long(24), long(32), word(40));
    if hash != m.layout_hash() || parts != m.parts || part as usize != index {
        return Err(invalid(format!(
            "part {part} of {parts} of placement 0x{hash:016x}, but the manifest is for {} parts of {}",
            m.parts, m.layout_hash
        )));
    }
    let (want_out, want_in) = (m.part_out_records[index], m.part_in_records[index]);
    if (outs, ins) != (want_out, want_in) || (flags & 1 == 1) != m.labels {
        return Err(invalid(format!(
            "{outs} + {ins} records (labels: {}), but the manifest says {want_out} + {want_in} (labels: {})",
            flags & 1 == 1,
            m.labels
        )));
    }
    Ok((outs, ins))
}

/// What a part's records must fit: part `index` of `parts` of a graph of
/// `n` vertices, `owned` of them the part's (its rows).
struct Shape {
    index: usize,
    parts: usize,
    n: usize,
    owned: usize,
    labels: bool,
}

impl Shape {
    /// Check arc `u → v`, the `next`-th record of its section (`inward`:
    /// the in-arcs), after `last`; its row and the target it codes there
    /// (`v` for an out-arc, `u` for an in-arc).
    #[inline]
    fn check(
        &self,
        (u, v): (u32, u32),
        inward: bool,
        next: usize,
        last: (u32, u32),
        invalid: &dyn Fn(String) -> ShardError,
    ) -> Result<(usize, u32), ShardError> {
        let (index, n) = (self.index, self.n);
        let (from, to) = if inward { (v, u) } else { (u, v) };
        if from as usize % self.parts != index {
            return Err(invalid(format!(
                "arc {u} → {v} is not one of part {index}'s {} arcs",
                if inward { "in" } else { "out" }
            )));
        }
        if from as usize >= n || to as usize >= n {
            return Err(invalid(format!(
                "arc {u} → {v} names a vertex beyond the split's {n}"
            )));
        }
        // Records go by source, then target, strictly (no repeats), so
        // every row (out-rows by source, in-rows by target) gets its arcs in
        // strictly increasing order.
        if next > 0 && (u, v) <= last {
            return Err(invalid(format!(
                "arc {u} → {v} is out of order (records go by source, then target)"
            )));
        }
        Ok((from as usize / self.parts, to))
    }
}

/// `invalid`'s complaint that `len` entries cannot be had.
fn no_memory(invalid: &dyn Fn(String) -> ShardError, len: usize) -> ShardError {
    invalid(format!("{len} entries do not fit this process's memory"))
}

/// Code the next `records` records of `r` (out-arcs, or in-arcs when
/// `inward`) as the part's [`Rows`].
///
/// The rows are filled straight from the records, without an edge list,
/// so loading peaks at the part's resident size. `write` emits records by
/// source, each row's targets increasing: out-rows arrive as contiguous
/// runs; in-rows (by target) are counted in a first pass and placed in a
/// second, sources increasing within each row. Every invariant `Rows`
/// relies on is checked here.
fn read_rows<R: Read + Seek>(
    r: &mut R,
    path: &Path,
    shape: &Shape,
    records: u64,
    inward: bool,
    invalid: &dyn Fn(String) -> ShardError,
) -> Result<Rows, ShardError> {
    let count = usize::try_from(records).map_err(|_| invalid("record count too large".into()))?;
    let owned = shape.owned;
    let labels = shape.labels;
    let start = r.stream_position().map_err(io_err(path))?;
    // Per row: its coded length (pass 0), then the next free byte in it
    // (pass 1), then its start.
    let mut offsets: Vec<u64> = zeroed(owned + 1).ok_or_else(|| no_memory(invalid, owned + 1))?;
    // Per row: what its next target is coded against (see `Rows`).
    let mut base: Vec<u32> = zeroed(owned).ok_or_else(|| no_memory(invalid, owned))?;
    let mut bytes: Vec<u8> = Vec::new();
    for pass in 0..2 {
        r.seek(SeekFrom::Start(start)).map_err(io_err(path))?;
        base.fill(0);
        let (mut next, mut last) = (0usize, (0u32, 0u32));
        each_record(r, count, invalid, |u, v, label| {
            let (row, to) = shape.check((u, v), inward, next, last, invalid)?;
            last = (u, v);
            next += 1;
            let code = to - base[row];
            base[row] = to.checked_add(1).ok_or_else(|| {
                invalid(format!("arc {u} → {v} names the vertex id {}", u32::MAX))
            })?;
            let len = varint_len(code) + if labels { varint_len(label) } else { 0 };
            if pass == 0 {
                offsets[row + 1] += len as u64;
            } else {
                // offsets[row] is the row's next free byte (see below).
                let at = offsets[row] as usize;
                let mut k = put_varint(&mut bytes[at..], code);
                if labels {
                    k += put_varint(&mut bytes[at + k..], label);
                }
                offsets[row] += k as u64;
            }
            Ok(())
        })?;
        if pass == 0 {
            bytes = row_starts(&mut offsets, shape, invalid)?;
        }
    }
    // Placing moved each offsets[i] to its row's end, the start of row
    // i + 1: shift them back up by one.
    offsets.copy_within(0..owned, 1);
    offsets[0] = 0;
    Ok(Rows {
        processes: Divisor::new(shape.parts),
        offsets,
        bytes,
        labels,
        arcs: count,
    })
}

/// Turn the rows' coded lengths (`offsets[i + 1]`, row `i`'s) into row
/// starts (`offsets[i + 1] += offsets[i]`), checking each row fits a
/// [`Cursor`] (a place in a row as a u32); the zeroed bytes of all rows.
fn row_starts(
    offsets: &mut [u64],
    shape: &Shape,
    invalid: &dyn Fn(String) -> ShardError,
) -> Result<Vec<u8>, ShardError> {
    let owned = shape.owned;
    for i in 0..owned {
        if offsets[i + 1] > u64::from(u32::MAX) {
            return Err(invalid(format!(
                "the row of vertex {} codes to {} bytes, more than a row may (4 GiB)",
                i * shape.parts + shape.index,
                offsets[i + 1]
            )));
        }
        offsets[i + 1] += offsets[i];
    }
    let total = usize::try_from(offsets[owned]).map_err(|_| invalid("part too large".into()))?;
    zeroed(total).ok_or_else(|| no_memory(invalid, total))
}

/// A graph of `n` vertices and no arcs, with `names` for its label bits
/// (and a label column when `labels`): the session graph of a part, which
/// plans and checks queries by the whole graph's vertex count. Its `n + 1`
/// row offsets are zeroed memory that is only ever read, which the system
/// backs with its shared zero page, so it costs address space, not
/// resident memory.
pub fn vertices_only(
    n: usize,
    directed: bool,
    labels: bool,
    names: LabelNames,
) -> Result<Graph, dwell::graph::PartsError> {
    let offsets = vec![
        0u64;
        n.checked_add(1)
            .ok_or(dwell::graph::PartsError::NoOffsets)?
    ];
    let csr = dwell::graph::Csr::from_parts(offsets, Vec::new(), labels.then(Vec::new), None)?;
    Graph::from_csr(csr, directed, names)
}

/// `len` zeros, or `None` when the memory cannot be had (never an abort).
fn zeroed<T: Clone + Default>(len: usize) -> Option<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).ok()?;
    v.resize(len, T::default());
    Some(v)
}

/// Read `count` records of part `r`, calling `f(source, target, label)`
/// on each; a short file is `invalid`.
fn each_record(
    r: &mut impl Read,
    count: usize,
    invalid: &dyn Fn(String) -> ShardError,
    mut f: impl FnMut(u32, u32, u32) -> Result<(), ShardError>,
) -> Result<(), ShardError> {
    let mut rec = vec![0u8; RECORD_BYTES * 4096];
    let mut left = count;
    while left > 0 {
        let take = left.min(4096);
        let bytes = &mut rec[..take * RECORD_BYTES];
        r.read_exact(bytes).map_err(|e| {
            invalid(format!(
                "ends after {} of {count} records ({e})",
                count - left
            ))
        })?;
        for c in bytes.chunks_exact(RECORD_BYTES) {
            let w = |at: usize| u32::from_le_bytes(c[at..at + 4].try_into().expect("4 bytes"));
            f(w(0), w(4), w(8))?;
        }
        left -= take;
    }
    Ok(())
}

/// The whole graph's vertices with an outgoing arc, in increasing order
/// (`DIR/out-arcs.bits`), for choosing random sources.
pub fn with_out_arcs(dir: &Path, m: &Manifest) -> Result<Vec<u32>, ShardError> {
    let path = dir.join(OUT_ARCS);
    let bytes = std::fs::read(&path).map_err(io_err(&path))?;
    let words = usize::try_from(m.nodes.div_ceil(64)).unwrap_or(usize::MAX);
    if bytes.len() != words.saturating_mul(8) {
        return Err(ShardError::Invalid {
            path,
            problem: format!("{} bytes for {} vertices", bytes.len(), m.nodes),
            fix: "split the graph again with `dwell shard`".into(),
        });
    }
    Ok(bytes
        .chunks_exact(8)
        .enumerate()
        .flat_map(|(i, c)| {
            let w = u64::from_le_bytes(c.try_into().expect("8 bytes"));
            (0..64u32)
                .filter(move |b| w >> b & 1 == 1)
                .map(move |b| i as u32 * 64 + b)
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::{Divisor, Placement};
    use proptest::prelude::*;

    /// `n div d` and `n mod d` against the operators.
    fn check(d: usize, n: u32) {
        let q = Divisor::new(d);
        let d = d as u32;
        assert_eq!(q.quotient(n), n / d, "{n} div {d}");
        assert_eq!(q.remainder(n), n % d, "{n} mod {d}");
    }

    #[test]
    fn divisor_is_exact_at_the_edges() {
        // Around multiples of `d` and at `u32::MAX`, where a multiplier one
        // short or one over gives a wrong quotient.
        for d in (1..=300).chain([641, 4095, 4096, 4097, 65_535, 65_536, 65_537]) {
            let top = u32::MAX / d as u32 * d as u32;
            for n in [
                0,
                1,
                d as u32 - 1,
                d as u32,
                d as u32 + 1,
                top - 1,
                top,
                u32::MAX,
            ] {
                check(d, n);
            }
        }
    }

    proptest! {
        #[test]
        fn divisor_matches_the_operators(d in 1usize..70_000, n: u32) {
            check(d, n);
        }

        #[test]
        fn placement_places_as_the_partition_says(p in 1usize..=9, w in 1usize..=9, v: u32) {
            let l = Placement::new(p, w);
            let v64 = v as usize;
            prop_assert_eq!(l.process_of(v), v64 % p);
            prop_assert_eq!(l.worker_of(v), (v64 % p) * w + (v64 / p) % w);
            prop_assert_eq!(l.local(v), v64 / (p * w));
            prop_assert_eq!(l.vertex(l.worker_of(v), l.local(v)), v);
        }
    }
}
