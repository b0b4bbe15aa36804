//! The header and section table: every length checked against the file
//! before any section is looked at.

use super::{bad, le_u32, le_u64, Kind, ENTRY, HEADER, MAGIC, MAX_NAMES_BYTES, REWRITE, VERSION};
use crate::formats::{FormatError, LoadOptions, MAX_NODES};
use crate::graph::NO_VERTEX;
use std::ops::Range;
use std::path::Path;
use xxhash_rust::xxh3::Xxh3;

/// Most sections a table may list.
const MAX_SECTIONS: u32 = 16;
pub(super) const FLAG_DIRECTED: u32 = 1;

/// What the header and section table say, checked.
pub(super) struct Header {
    pub directed: bool,
    pub nodes: u64,
    pub arcs: u64,
    pub layout_hash: u64,
    /// Where the table ends (the first section starts at the next multiple of 8).
    pub table_end: usize,
    pub entries: Vec<Entry>,
}

/// One section table entry, its range within the file checked.
pub(super) struct Entry {
    pub kind: Kind,
    pub bytes: Range<usize>,
    pub checksum: u64,
}

/// The header and table of the `file`-sized snapshot `b`: magic, version,
/// flags, checksum, the limits of `opts`, and every section where the
/// layout puts it with the length `nodes` and `arcs` give it.
pub(super) fn parse(b: &[u8], name: &Path, opts: &LoadOptions) -> Result<Header, FormatError> {
    let len = b.len() as u64;
    if b.len() < HEADER {
        return Err(bad(
            name,
            format!("{len} bytes is shorter than a snapshot header ({HEADER} bytes)"),
            REWRITE,
        ));
    }
    if !b.starts_with(&MAGIC) {
        return Err(bad(
            name,
            "the file does not start with the snapshot magic",
            REWRITE,
        ));
    }
    let version = le_u32(b, 8);
    if version != VERSION {
        return Err(bad(
            name,
            format!("snapshot format version {version}; this dwell reads version {VERSION}"),
            "open it with the dwell that wrote it, or write the snapshot again from its source with this dwell",
        ));
    }
    let flags = le_u32(b, 12);
    if flags & !FLAG_DIRECTED != 0 {
        return Err(bad(
            name,
            format!("unknown header flags 0x{flags:x}"),
            REWRITE,
        ));
    }
    let directed = flags & FLAG_DIRECTED != 0;
    let (nodes, arcs, layout_hash) = (le_u64(b, 16), le_u64(b, 24), le_u64(b, 32));
    let count = le_u32(b, 40);
    if !(1..=MAX_SECTIONS).contains(&count) || le_u32(b, 44) != 0 {
        return Err(bad(
            name,
            format!("the header declares {count} sections (1 to {MAX_SECTIONS} are valid) or a nonzero reserved field"),
            REWRITE,
        ));
    }
    // count ≤ 16: no overflow.
    let table_end = HEADER + count as usize * ENTRY;
    if table_end as u64 > len {
        return Err(bad(
            name,
            format!(
                "the section table ends at byte {table_end}, past the end of the {len}-byte file"
            ),
            REWRITE,
        ));
    }
    let mut h = Xxh3::new();
    h.update(&b[..48]);
    h.update(&b[HEADER..table_end]);
    if h.digest() != le_u64(b, 48) {
        return Err(bad(name, "the header checksum does not match", REWRITE));
    }
    check_limits(name, opts, directed, nodes)?;
    let entries = entries(&b[HEADER..table_end], name, len, nodes, arcs)?;
    Ok(Header {
        directed,
        nodes,
        arcs,
        layout_hash,
        table_end,
        entries,
    })
}

/// The node limit and a `--directed`/`--undirected` the snapshot contradicts.
fn check_limits(
    name: &Path,
    opts: &LoadOptions,
    directed: bool,
    nodes: u64,
) -> Result<(), FormatError> {
    if nodes >= NO_VERTEX as u64 || nodes > opts.node_limit() {
        return Err(bad(
            name,
            format!(
                "{nodes} vertices, more than the limit of {}",
                opts.node_limit().min(NO_VERTEX as u64 - 1)
            ),
            if opts.max_nodes.is_some_and(|m| m < MAX_NODES) {
                "check that this is the intended file, or raise the caller's node limit (`LoadOptions::max_nodes`)"
            } else {
                // No option raises dwell's own limit: no snapshot dwell
                // wrote has more vertices than u32 ids allow.
                "dwell's u32 vertex ids allow no more, so dwell did not write this snapshot as it is (damaged or forged); make it again from the source graph with `dwell snapshot`"
            },
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
    Ok(())
}

/// The section table's entries: kinds known, ascending and unrepeated, each
/// section at the first multiple of 8 after the one before, with its exact
/// length, the last ending where the file does, offsets and targets first.
fn entries(
    table: &[u8],
    name: &Path,
    len: u64,
    nodes: u64,
    arcs: u64,
) -> Result<Vec<Entry>, FormatError> {
    let too_big = || bad(name, "section sizes overflow", REWRITE);
    let offsets_len = nodes
        .checked_add(1)
        .and_then(|n| n.checked_mul(8))
        .ok_or_else(too_big)?;
    let arcs_len = arcs.checked_mul(4).ok_or_else(too_big)?;
    let weights_len = arcs.checked_mul(8).ok_or_else(too_big)?;
    let count = table.len() / ENTRY;
    let mut entries = Vec::with_capacity(count);
    let mut cursor = align8(HEADER as u64 + table.len() as u64).ok_or_else(too_big)?;
    let mut last_kind = 0u32;
    for (i, e) in table.chunks_exact(ENTRY).enumerate() {
        let raw_kind = le_u32(e, 0);
        let Some(kind) = Kind::from_u32(raw_kind) else {
            return Err(bad(
                name,
                format!("section {i} has kind {raw_kind}, which this dwell does not know"),
                "open it with a newer dwell, or write the snapshot again with this one",
            ));
        };
        if kind == Kind::WeightsU32 {
            return Err(bad(
                name,
                "the snapshot stores u32 weights (written by a dwell before weights became f64)",
                "make it again from the source graph with `dwell snapshot SOURCE --out FILE`",
            ));
        }
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
            Kind::Targets | Kind::Labels | Kind::WeightsU32 => Some(arcs_len),
            Kind::Weights => Some(weights_len),
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
        cursor = if i + 1 == count {
            end
        } else {
            align8(end).ok_or_else(too_big)?
        };
        // end ≤ len, the length of bytes in memory: both fit in usize.
        entries.push(Entry {
            kind,
            bytes: offset as usize..end as usize,
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
    Ok(entries)
}

/// `x` rounded up to a multiple of 8.
pub(super) fn align8(x: u64) -> Option<u64> {
    x.checked_add(7).map(|y| y & !7)
}
