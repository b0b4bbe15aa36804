//! The name sections: label names and vertex names, parsed from and
//! encoded to their bytes (each section carries its own checksum).

use super::{le_u32, le_u64, MAX_NAME};
use crate::graph::{LabelNames, VertexNames, MAX_LABEL_NAMES};

/// The label-names section: a u32 count, then length-prefixed UTF-8 names.
pub(super) fn parse_label_names(b: &[u8]) -> Result<LabelNames, String> {
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
        // The label error's own Fix (rename, merge) is for files being read
        // from text; a snapshot's is to write it again.
        let bit = names.bit_for(s).map_err(|e| {
            let e = e.to_string();
            e.split(". Fix:").next().unwrap_or(&e).to_string()
        })?;
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
pub(super) fn parse_vertex_names(b: &[u8], nodes: u64) -> Result<VertexNames, String> {
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
    if let Some(c) = arena.chars().find(|c| c.is_control()) {
        return Err(format!(
            "a vertex name holds the control character {c:?}, which no graph file can give"
        ));
    }
    let names = (0..n).map(|i| &arena[starts[i] as usize..starts[i + 1] as usize]);
    VertexNames::from_ordered(names).map_err(|(_, why)| why)
}

/// The bytes of the vertex-names section. Names with control characters
/// (which no graph file can give, and which would break a report's lines)
/// are refused, as reading refuses them.
pub(super) fn vertex_names_bytes(names: &VertexNames) -> Result<Vec<u8>, String> {
    if let Some((v, name)) = names.iter().find(|(_, n)| n.chars().any(char::is_control)) {
        return Err(format!(
            "vertex {v}'s name {name:?} holds a control character, which a snapshot does not carry"
        ));
    }
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
    Ok(out)
}

/// The bytes of the label-names section.
pub(super) fn label_names_bytes(names: &LabelNames) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(&(names.iter().count() as u32).to_le_bytes());
    for (n, _) in names.iter() {
        out.extend_from_slice(&(n.len() as u32).to_le_bytes());
        out.extend_from_slice(n.as_bytes());
    }
    out
}
