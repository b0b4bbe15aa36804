//! Writers for edge lists and Matrix Market files (used by `dwell gen`).
//! Both write atomically through [`crate::io::atomic_write`]: on any error
//! the previous file, if any, is left as it was.

use super::{FormatError, MAX_NODES};
use std::io::{self, Write};
use std::path::Path;

/// Append the decimal digits of `x` to `buf`.
fn push_u64(buf: &mut Vec<u8>, mut x: u64) {
    let mut tmp = [0u8; 20];
    let mut i = tmp.len();
    loop {
        i -= 1;
        tmp[i] = b'0' + (x % 10) as u8;
        x /= 10;
        if x == 0 {
            break;
        }
    }
    buf.extend_from_slice(&tmp[i..]);
}

/// Check the vertex count and every id before anything is written.
fn check(path: &Path, nodes: u64, edges: &[(u32, u32)]) -> Result<(), FormatError> {
    let invalid = |problem: String| FormatError::Invalid {
        file: path.to_path_buf(),
        problem,
    };
    if nodes > MAX_NODES {
        return Err(invalid(format!(
            "{nodes} vertices exceed dwell's limit of {MAX_NODES}. Fix: generate a smaller graph"
        )));
    }
    if let Some((i, &(u, v))) = edges
        .iter()
        .enumerate()
        .find(|(_, &(u, v))| u64::from(u.max(v)) >= nodes)
    {
        return Err(invalid(format!(
            "edge {i} ({u}, {v}) uses a vertex id not below the {nodes} vertices. Fix: pass the right vertex count, or drop the edge"
        )));
    }
    Ok(())
}

/// Write lines produced by `line` for each edge, in buffered chunks.
fn write_edges(
    w: &mut dyn Write,
    edges: &[(u32, u32)],
    line: impl Fn(&mut Vec<u8>, u32, u32),
) -> io::Result<()> {
    let mut buf = Vec::with_capacity(1 << 16);
    for chunk in edges.chunks(4096) {
        buf.clear();
        for &(u, v) in chunk {
            line(&mut buf, u, v);
        }
        w.write_all(&buf)?;
    }
    Ok(())
}

/// Write an edge list with a `# nodes N edges M directed D` header, one
/// `u v` line per edge (0-based), in the given order.
pub fn write_edge_list(
    path: &Path,
    nodes: u64,
    directed: bool,
    edges: &[(u32, u32)],
) -> Result<(), FormatError> {
    check(path, nodes, edges)?;
    crate::io::atomic_write(path, |w| {
        writeln!(w, "# written by dwell")?;
        writeln!(
            w,
            "# nodes {nodes} edges {} directed {}",
            edges.len(),
            u8::from(directed)
        )?;
        write_edges(w, edges, |buf, u, v| {
            push_u64(buf, u.into());
            buf.push(b' ');
            push_u64(buf, v.into());
            buf.push(b'\n');
        })
    })
    .map_err(|source| FormatError::Write {
        file: path.to_path_buf(),
        source,
    })
}

/// Write a Matrix Market `coordinate pattern` file: `general` for a directed
/// graph (entry `u+1 v+1` per edge), `symmetric` for an undirected one (each
/// edge once, in the lower triangle). The matrix is `nodes × nodes`.
pub fn write_matrix_market(
    path: &Path,
    nodes: u64,
    directed: bool,
    edges: &[(u32, u32)],
) -> Result<(), FormatError> {
    check(path, nodes, edges)?;
    crate::io::atomic_write(path, |w| {
        let symmetry = if directed { "general" } else { "symmetric" };
        writeln!(w, "%%MatrixMarket matrix coordinate pattern {symmetry}")?;
        writeln!(w, "% written by dwell")?;
        writeln!(w, "{nodes} {nodes} {}", edges.len())?;
        write_edges(w, edges, |buf, u, v| {
            let (i, j) = if directed {
                (u, v)
            } else {
                (u.max(v), u.min(v))
            };
            push_u64(buf, u64::from(i) + 1);
            buf.push(b' ');
            push_u64(buf, u64::from(j) + 1);
            buf.push(b'\n');
        })
    })
    .map_err(|source| FormatError::Write {
        file: path.to_path_buf(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits() {
        let mut b = Vec::new();
        for x in [0u64, 7, 10, 4294967295, u64::MAX] {
            b.clear();
            push_u64(&mut b, x);
            assert_eq!(String::from_utf8(b.clone()).unwrap(), x.to_string());
        }
    }

    #[test]
    fn edge_list_text() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("g.edges");
        write_edge_list(&p, 3, false, &[(0, 1), (2, 1)]).unwrap();
        assert_eq!(
            std::fs::read_to_string(&p).unwrap(),
            "# written by dwell\n# nodes 3 edges 2 directed 0\n0 1\n2 1\n"
        );
    }

    #[test]
    fn bad_ids_rejected_and_old_file_kept() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("g.mtx");
        write_matrix_market(&p, 3, true, &[(0, 1)]).unwrap();
        let before = std::fs::read(&p).unwrap();
        let e = write_matrix_market(&p, 3, true, &[(0, 1), (1, 3)]).unwrap_err();
        assert!(e.to_string().contains("edge 1 (1, 3)"), "{e}");
        assert!(e.to_string().contains("Fix:"));
        assert_eq!(std::fs::read(&p).unwrap(), before);
        let e = write_edge_list(&dir.path().join("missing/g.edges"), 3, true, &[]).unwrap_err();
        assert!(matches!(e, FormatError::Write { .. }));
        assert!(e.to_string().contains("Fix:"));
    }
}
