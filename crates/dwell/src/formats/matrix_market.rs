//! Matrix Market coordinate files as graphs.
//!
//! ```text
//! %%MatrixMarket matrix coordinate pattern symmetric
//! % comments
//! 4 4 3
//! 2 1
//! 3 2
//! 4 3
//! ```
//!
//! - Banner `%%MatrixMarket matrix coordinate FIELD SYMMETRY` (case-insensitive)
//!   with FIELD `pattern`, `integer` or `real` and SYMMETRY `general` (directed
//!   graph) or `symmetric` (undirected graph). `array` matrices, `complex`
//!   fields and `skew-symmetric` / `hermitian` symmetry are rejected: they do
//!   not describe a plain graph.
//! - Size line `rows cols nnz`; a non-square matrix gets `max(rows, cols)`
//!   vertices. Entry `i j [value]` (1-based) is the arc `i-1 → j-1`.
//! - `integer` values become arc weights; they must be non-negative and fit
//!   u32. `real` values are checked to be numbers and then **ignored**: the
//!   graph is the pattern (dwell weights are integers). Explicit zero entries
//!   are arcs like any other.
//! - A number of entries other than `nnz` is an error.

use super::{clip, parse_u64, FormatError, LoadOptions, ParseFile, RESERVE_CAP};
use crate::formats::lines::Lines;
use crate::graph::{Graph, GraphBuilder};
use std::io::BufRead;

const FIX_BANNER: &str =
    "dwell reads `%%MatrixMarket matrix coordinate pattern|integer|real general|symmetric`";
const FIX_SIZE: &str =
    "after the banner and `%` comments comes the size line `rows cols nnz` (non-negative integers)";

#[derive(Clone, Copy, PartialEq, Eq)]
enum Field {
    Pattern,
    Integer,
    Real,
}

/// What the size line `rows cols nnz` declared, and on which line.
struct Size {
    line: u64,
    rows: u64,
    cols: u64,
    nnz: u64,
}

pub(crate) fn parse<R: BufRead>(
    lines: &mut Lines<R>,
    parsing: &ParseFile,
    opts: &LoadOptions,
) -> Result<Graph, FormatError> {
    let (field, symmetric) = banner(lines, parsing)?;
    let size = size_line(lines, parsing)?;
    let (size_no, rows, cols, nnz) = (size.line, size.rows, size.cols, size.nnz);
    if symmetric && rows != cols {
        return Err(parsing.err(
            size_no,
            format!("a symmetric matrix of {rows} × {cols} is not square"),
            "a symmetric matrix must be square; fix the size line or use `general`",
        ));
    }
    let nodes = rows.max(cols);
    parsing.check_nodes(size_no, nodes, "the size line implies")?;
    let mut b = GraphBuilder::new(!symmetric);
    b.set_nodes(nodes)
        .map_err(|e| parsing.push_err(size_no, e, FIX_SIZE))?;
    b.reserve(nnz.min(RESERVE_CAP) as usize)
        .map_err(|e| parsing.graph(e))?;
    entries(lines, parsing, &mut b, field, &size)?;
    if let Some(d) = opts.directed {
        b.set_directed(d);
    }
    b.build().map_err(|e| parsing.graph(e))
}

/// Read the banner line: the field, and whether the matrix is symmetric.
fn banner<R: BufRead>(
    lines: &mut Lines<R>,
    parsing: &ParseFile,
) -> Result<(Field, bool), FormatError> {
    let Some((no, banner)) = lines.next_line()? else {
        return Err(parsing.err(1, "empty file: no `%%MatrixMarket` banner", FIX_BANNER));
    };
    let toks: Vec<String> = banner
        .split_ascii_whitespace()
        .take(6)
        .map(str::to_ascii_lowercase)
        .collect();
    if toks.first().map(String::as_str) != Some("%%matrixmarket") {
        return Err(parsing.err(
            no,
            format!("`{}` is not a `%%MatrixMarket` banner", clip(banner)),
            "a Matrix Market file starts with `%%MatrixMarket matrix coordinate pattern general`; if this is an edge list or DIMACS file, pass the format explicitly",
        ));
    }
    let [_, object, format, field, symmetry] = toks.as_slice() else {
        return Err(parsing.err(
            no,
            format!("the banner has {} words, expected 5", toks.len()),
            FIX_BANNER,
        ));
    };
    if object != "matrix" {
        return Err(parsing.err(
            no,
            format!("object `{}` is not `matrix`", clip(object)),
            FIX_BANNER,
        ));
    }
    match format.as_str() {
        "coordinate" => {}
        "array" => {
            return Err(parsing.err(
                no,
                "`array` (dense) matrices are not graphs dwell reads",
                "convert it to `coordinate` format (e.g. scipy.io.mmwrite of a sparse matrix)",
            ))
        }
        other => {
            return Err(parsing.err(no, format!("unknown format `{}`", clip(other)), FIX_BANNER))
        }
    }
    Ok((
        banner_field(field, no, parsing)?,
        banner_symmetry(symmetry, no, parsing)?,
    ))
}

/// The banner's FIELD word (lower case) on line `no`.
fn banner_field(field: &str, no: u64, parsing: &ParseFile) -> Result<Field, FormatError> {
    match field {
        "pattern" => Ok(Field::Pattern),
        "integer" => Ok(Field::Integer),
        "real" | "double" => Ok(Field::Real),
        "complex" => Err(parsing.err(
            no,
            "`complex` matrices are not supported",
            "write the matrix as `pattern` (structure only) or `integer` (weights)",
        )),
        other => Err(parsing.err(no, format!("unknown field `{}`", clip(other)), FIX_BANNER)),
    }
}

/// The banner's SYMMETRY word (lower case) on line `no`: true if symmetric.
fn banner_symmetry(symmetry: &str, no: u64, parsing: &ParseFile) -> Result<bool, FormatError> {
    match symmetry {
        "general" => Ok(false),
        "symmetric" => Ok(true),
        "skew-symmetric" | "hermitian" => Err(parsing.err(
            no,
            format!("`{symmetry}` matrices are not plain graphs"),
            "write the matrix as `general` (directed) or `symmetric` (undirected) with a `pattern` or `integer` field",
        )),
        other => Err(parsing.err(
            no,
            format!("unknown symmetry `{}`", clip(other)),
            FIX_BANNER,
        )),
    }
}

/// Read the size line, skipping blank lines and `%` comments before it.
fn size_line<R: BufRead>(lines: &mut Lines<R>, parsing: &ParseFile) -> Result<Size, FormatError> {
    loop {
        let Some((no, line)) = lines.next_line()? else {
            return Err(parsing.err(lines.line(), "the file ends before the size line", FIX_SIZE));
        };
        let t = line.trim_ascii_start();
        if t.is_empty() || t.starts_with('%') {
            continue;
        }
        let toks: Vec<&str> = t.split_ascii_whitespace().take(4).collect();
        let [r, c, z] = toks.as_slice() else {
            return Err(parsing.err(
                no,
                format!("size line `{}` does not have 3 fields", clip(t)),
                FIX_SIZE,
            ));
        };
        let num =
            |tok: &str, what: &str| parse_u64(tok, what).map_err(|p| parsing.err(no, p, FIX_SIZE));
        return Ok(Size {
            line: no,
            rows: num(r, "row count")?,
            cols: num(c, "column count")?,
            nnz: num(z, "entry count")?,
        });
    }
}

/// Read the entries into `b`: exactly the size line's count of them.
fn entries<R: BufRead>(
    lines: &mut Lines<R>,
    parsing: &ParseFile,
    b: &mut GraphBuilder,
    field: Field,
    size: &Size,
) -> Result<(), FormatError> {
    let (size_no, nnz) = (size.line, size.nnz);
    let fix_entry = match field {
        Field::Pattern => "entries of a `pattern` matrix are `i j` with 1-based indices",
        Field::Integer => "entries of an `integer` matrix are `i j value` with 1-based indices and a non-negative integer value below 2^32 (dwell's weights are u32)",
        Field::Real => "entries of a `real` matrix are `i j value` with 1-based indices and a real value",
    };
    let mut seen: u64 = 0;
    while let Some((no, line)) = lines.next_line()? {
        let t = line.trim_ascii_start();
        if t.is_empty() || t.starts_with('%') {
            continue;
        }
        seen = seen
            .checked_add(1)
            .ok_or_else(|| parsing.err(no, "too many entries to count", "split the file"))?;
        if seen > nnz {
            return Err(parsing.err(
                no,
                format!(
                    "more entries than the {nnz} declared on line {size_no} (this is entry {seen})"
                ),
                "correct the entry count on the size line, or remove the extra lines",
            ));
        }
        let (i, j, weight) = entry(t, no, parsing, field, size, fix_entry)?;
        b.push_arc(i, j, None, weight.map(f64::from))
            .map_err(|e| parsing.push_err(no, e, fix_entry))?;
    }
    if seen < nnz {
        return Err(parsing.err(
            lines.line(),
            format!("the file ends after {seen} entries, but the size line (line {size_no}) declares {nnz}"),
            "the file is probably truncated: re-download or regenerate it, or correct the entry count",
        ));
    }
    Ok(())
}

/// Parse the entry `t` of line `no`: the arc's 0-based ends and its weight.
#[inline]
fn entry(
    t: &str,
    no: u64,
    parsing: &ParseFile,
    field: Field,
    size: &Size,
    fix_entry: &str,
) -> Result<(u64, u64, Option<u32>), FormatError> {
    let (rows, cols) = (size.rows, size.cols);
    let want = if field == Field::Pattern { 2 } else { 3 };
    let mut it = t.split_ascii_whitespace();
    let mut toks = [""; 3];
    let mut n = 0;
    for tok in it.by_ref().take(want) {
        toks[n] = tok;
        n += 1;
    }
    if n < want || it.next().is_some() {
        return Err(parsing.err(
            no,
            format!("entry `{}` does not have {want} fields", clip(t)),
            fix_entry,
        ));
    }
    let index = |tok: &str, what: &str, limit: u64| -> Result<u64, FormatError> {
        let i = parse_u64(tok, what).map_err(|p| parsing.err(no, p, fix_entry))?;
        if i == 0 || i > limit {
            return Err(parsing.err(
                no,
                format!("{what} {i} is outside 1..={limit}"),
                format!("Matrix Market indices are 1-based and at most the size line's {what} limit ({rows} rows, {cols} columns)"),
            ));
        }
        Ok(i - 1)
    };
    let i = index(toks[0], "row index", rows)?;
    let j = index(toks[1], "column index", cols)?;
    let weight = match field {
        Field::Pattern => None,
        Field::Integer => {
            let w = parse_u64(toks[2], "value").map_err(|p| parsing.err(no, p, fix_entry))?;
            let w = u32::try_from(w).map_err(|_| {
                parsing.err(
                    no,
                    format!("value {w} does not fit a u32 weight"),
                    fix_entry,
                )
            })?;
            Some(w)
        }
        Field::Real => {
            if toks[2].parse::<f64>().is_err() {
                return Err(parsing.err(
                    no,
                    format!("value `{}` is not a real number", clip(toks[2])),
                    fix_entry,
                ));
            }
            None
        }
    };
    Ok((i, j, weight))
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::super::*;

    const GEN: &str = "%%MatrixMarket matrix coordinate pattern general\n";
    const SYM: &str = "%%MatrixMarket matrix coordinate pattern symmetric\n";

    fn mm(data: &str) -> Graph {
        graph_of(data.as_bytes())
    }

    fn mm_err(data: &str) -> FormatError {
        let e = parse_err(data.as_bytes(), &LoadOptions::default());
        assert!(e.to_string().starts_with("t:"), "{e}");
        e
    }

    #[test]
    fn general_is_directed_symmetric_is_undirected() {
        let body = "% comment\n\n3 3 2\n2 1\n3 2\n";
        let g = mm(&format!("{GEN}{body}"));
        assert!(g.is_directed());
        assert_eq!((g.nodes(), g.arcs()), (3, 2));
        assert_eq!(g.forward().neighbors(1), &[0]);
        let g = mm(&format!("{SYM}{body}"));
        assert!(!g.is_directed());
        assert_eq!((g.nodes(), g.arcs()), (3, 4));
        assert_eq!(g.forward().neighbors(1), &[0, 2]);
        // Directedness override.
        let opts = LoadOptions {
            directed: Some(true),
            ..Default::default()
        };
        let g = read(format!("{SYM}{body}").as_bytes(), Path::new("t"), &opts).unwrap();
        assert!(g.is_directed());
        assert_eq!(g.arcs(), 2);
    }

    #[test]
    fn integer_values_are_weights_real_values_ignored() {
        let g = mm("%%MatrixMarket matrix coordinate integer general\n2 2 2\n1 2 7\n2 1 0\n");
        assert_eq!(g.forward().weights().unwrap(), &[7.0, 0.0]);
        let g = mm("%%MATRIXMARKET Matrix Coordinate Real General\n2 2 2\n1 2 -7.5e3\n2 1 1\n");
        assert!(!g.has_weights());
        assert_eq!(g.arcs(), 2);
    }

    #[test]
    fn non_square_uses_max_dimension() {
        let g = mm(&format!("{GEN}2 5 1\n2 5\n"));
        assert_eq!(g.nodes(), 5);
        assert_eq!(g.forward().neighbors(1), &[4]);
    }

    #[test]
    fn rejected_kinds_have_fix_hints() {
        for (banner, needle) in [
            ("%%MatrixMarket matrix array real general", "array"),
            (
                "%%MatrixMarket matrix coordinate complex general",
                "complex",
            ),
            (
                "%%MatrixMarket matrix coordinate real skew-symmetric",
                "skew-symmetric",
            ),
            (
                "%%MatrixMarket matrix coordinate pattern hermitian",
                "hermitian",
            ),
            ("%%MatrixMarket vector coordinate pattern general", "object"),
            ("%%MatrixMarket matrix coordinate pattern", "words"),
            ("%%MatrixMarket matrix coordinate bogus general", "field"),
        ] {
            let e = mm_err(&format!("{banner}\n2 2 0\n"));
            assert_eq!(e.line(), Some(1), "{banner}");
            assert!(e.to_string().contains(needle), "{e}");
        }
        let e = parse_err(
            b"0 1\n",
            &LoadOptions {
                format: Some(Format::MatrixMarket),
                ..Default::default()
            },
        );
        assert_eq!(e.line(), Some(1));
        assert!(e.to_string().contains("banner"));
    }

    #[test]
    fn size_line_and_entries_checked() {
        for (body, line, needle) in [
            ("", 1, "before the size line"),
            ("% only comments\n", 2, "before the size line"),
            ("3 3\n", 2, "3 fields"),
            ("3 x 1\n", 2, "column count"),
            ("3 3 1\n0 1\n", 3, "outside 1..=3"),
            ("3 3 1\n1 4\n", 3, "outside 1..=3"),
            ("3 3 1\n1 -2\n", 3, "negative"),
            ("3 3 1\n1 2 3\n", 3, "2 fields"),
            ("3 3 1\n1\n", 3, "2 fields"),
            ("3 3 2\n1 2\n", 3, "ends after 1 entries"),
            ("3 3 1\n1 2\n2 3\n", 4, "more entries than the 1"),
            ("3 3 99999999999999999999\n", 2, "too large"),
            ("5000000000 1 0\n", 2, "limit"),
        ] {
            let e = mm_err(&format!("{GEN}{body}"));
            assert_eq!(e.line(), Some(line), "{body:?}: {e}");
            assert!(e.to_string().contains(needle), "{body:?}: {e}");
        }
        let e = mm_err(&format!("{SYM}2 3 0\n"));
        assert!(e.to_string().contains("not square"));
        for (entry, needle) in [
            ("1 2 -1", "negative"),
            ("1 2 4294967296", "u32"),
            ("1 2 x", "not a non-negative"),
        ] {
            let e = mm_err(&format!(
                "%%MatrixMarket matrix coordinate integer general\n2 2 1\n{entry}\n"
            ));
            assert_eq!(e.line(), Some(3));
            assert!(e.to_string().contains(needle), "{e}");
        }
        let e = mm_err("%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 abc\n");
        assert!(e.to_string().contains("real number"));
    }

    #[test]
    fn write_then_load_round_trip() {
        let dir = tempfile::tempdir().unwrap();
        let edges = [(0u32, 1u32), (1, 2), (2, 0), (3, 3), (4, 1), (1, 4)];
        for directed in [true, false] {
            let p = dir.path().join(format!("rt{directed}.mtx"));
            write_matrix_market(&p, 7, directed, &edges).unwrap();
            let text = std::fs::read_to_string(&p).unwrap();
            assert!(text.starts_with(if directed { GEN } else { SYM }), "{text}");
            let g = load(&p, &LoadOptions::default()).unwrap();
            let mut b = crate::graph::GraphBuilder::new(directed);
            b.set_nodes(7).unwrap();
            for &(u, v) in &edges {
                b.push(u.into(), v.into()).unwrap();
            }
            assert_eq!(g.nodes(), 7);
            assert_eq!(g.is_directed(), directed);
            assert_eq!(g.layout_hash(), b.build().unwrap().layout_hash());
        }
        // Compressed copies load too.
        let p = dir.path().join("rtfalse.mtx");
        let gzp = dir.path().join("copy.mtx.gz");
        std::fs::write(&gzp, gz(&std::fs::read(&p).unwrap())).unwrap();
        assert_eq!(
            load(&gzp, &LoadOptions::default()).unwrap().layout_hash(),
            load(&p, &LoadOptions::default()).unwrap().layout_hash()
        );
    }
}
