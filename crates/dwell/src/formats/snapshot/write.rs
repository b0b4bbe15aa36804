//! Writing a snapshot: the graph's arrays as little-endian sections
//! (borrowed, not copied, on little-endian machines), the name sections,
//! the header and table with their checksum; written atomically.

use super::header::{align8, FLAG_DIRECTED};
use super::sections::{label_names_bytes, vertex_names_bytes};
use super::{Kind, Word, CHUNK, ENTRY, HEADER, MAGIC, MAX_NAMES_BYTES, VERSION};
use crate::formats::FormatError;
use crate::graph::Graph;
use std::io::{self, Write};
use std::path::Path;
use xxhash_rust::xxh3::{xxh3_64, Xxh3};

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
    let weights = f
        .weights()
        .map(|w| le_bytes(w, |x| f64::from_bits(x.to_bits().to_le())));
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
            std::borrow::Cow::Owned(vertex_names_bytes(names)?),
        ));
    }
    // Kind 7, after the names: kinds ascend in the table.
    if let Some(w) = weights {
        sections.push((Kind::Weights, w));
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
