//! Tabular edge lists: TSV (tab-separated, no quoting) and CSV (RFC 4180
//! quoting: `"part of"`, `"a,b"`, `""` for a quote), read with the `csv` crate.
//!
//! ```text
//! child<TAB>parent<TAB>relationship
//! GO:0000001<TAB>GO:0048308<TAB>is a
//! GO:0000001<TAB>GO:0048311<TAB>part of
//! ```
//!
//! - A whole field is a vertex name or a label, spaces included; fields are
//!   never trimmed. Lines starting with `#` are comments; rows may have more
//!   fields than the ones used (the rest is ignored, not an error).
//! - Columns ([`LoadOptions::columns`], `--columns src,dst[,label][,weight]`):
//!   each entry is a 1-based position or a header name (a header row is then
//!   required). Without it: source = field 1, target = field 2, and field 3
//!   is the label when the first data row has one.
//! - A header row is the first row when `--columns` names fields, or when
//!   its source and target fields are both usual header words (`source`,
//!   `src`, `from`, `subject`, `child`, `node1`, `u` … / `target`, `dst`,
//!   `to`, `object`, `parent`, `node2`, `v` …, any case); otherwise every row
//!   is data.
//! - Vertex tokens follow `--ids` like edge lists; labels are masks or names
//!   as in edge lists (one field that is not a number makes them all names);
//!   a weight is a finite, non-negative number (`weights.rs`).
//! - Weights (`--weights COLUMN`, or the fourth `--columns` entry): a
//!   1-based position or a header name. With `--weights` and no
//!   `--columns`, the label is field 3 when the first data row has one and
//!   the weight is not there.
//! - Always directed unless `--undirected`.

use super::ids::{Ids, LineArc, LookupQueue};
use super::labels::Labels;
use super::weights::{self, WeightColumn};
use super::{clip, FormatError, LoadOptions, ParseFile, MAX_LINE};
use crate::graph::{Graph, GraphBuilder};
use std::io::Read;

const SOURCE_WORDS: &[&str] = &[
    "source", "src", "from", "subject", "child", "node1", "id1", "u", "head", "start",
];
const TARGET_WORDS: &[&str] = &[
    "target", "dst", "dest", "to", "object", "parent", "node2", "id2", "v", "tail", "end",
];

/// The fields of one data row that make its arc.
struct Row<'r> {
    u: &'r str,
    v: &'r str,
    label: Option<&'r str>,
    weight: Option<f64>,
}

/// Which field (0-based) holds what.
struct Cols {
    src: usize,
    dst: usize,
    label: Option<usize>,
    weight: Option<usize>,
}

pub(crate) fn parse<R: Read>(
    reader: R,
    delimiter: u8,
    parsing: &ParseFile,
    opts: &LoadOptions,
) -> Result<Graph, FormatError> {
    let kind = if delimiter == b'\t' { "TSV" } else { "CSV" };
    let fix_row = format!(
        "{kind} edge rows are `source{d}target[{d}label]` (choose fields with `--columns src,dst[,label][,weight]`, by header name or 1-based position)",
        d = if delimiter == b'\t' { "<TAB>" } else { "," }
    );
    let mut rdr = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .has_headers(false)
        .flexible(true)
        .quoting(delimiter != b'\t')
        .comment(Some(b'#'))
        .from_reader(reader);
    let (spec, named_cols) = column_spec(opts, parsing)?;
    let wspec = weight_spec(opts, parsing, spec.as_deref())?;
    let named_cols = named_cols || matches!(wspec, Some(WeightColumn::Name(_)));

    let mut b = GraphBuilder::new(true);
    let mut ids = Ids::new(opts.ids);
    let mut labels = Labels::default();
    let mut cols: Option<Cols> = None;
    let mut rec = csv::StringRecord::new();
    let mut last_line = 0u64;
    let mut pending = LookupQueue::new(parsing.lookups);
    // An error on a row: the arcs still pending come before it, and one of
    // them may fail first.
    macro_rules! fail {
        ($e:expr) => {{
            let e: FormatError = $e;
            pending.finish(&mut ids, &mut b, parsing, |b, a| {
                push(b, &mut labels, parsing, &fix_row, a)
            })?;
            return Err(e);
        }};
    }
    macro_rules! tri {
        ($e:expr) => {
            match $e {
                Ok(x) => x,
                Err(e) => fail!(e),
            }
        };
    }
    loop {
        let more = tri!(rdr
            .read_record(&mut rec)
            .map_err(|e| csv_err(parsing, &e, last_line)));
        if !more {
            break;
        }
        let no = rec.position().map_or(last_line + 1, |p| p.line());
        last_line = no;
        tri!(check_row(&rec, no, parsing));
        if rec.len() == 1 && rec[0].is_empty() {
            continue; // blank line
        }
        let c = match &cols {
            Some(c) => c,
            None => {
                let (c, header) = tri!(choose_columns(
                    &rec,
                    spec.as_deref(),
                    named_cols,
                    parsing,
                    no
                ));
                let w = wspec.as_ref().map(|w| (w, spec.is_none()));
                let c = tri!(with_weights(c, header, &rec, w, parsing, no));
                cols = Some(c);
                if header {
                    continue;
                }
                cols.as_ref().expect("just set")
            }
        };
        let Row {
            u,
            v,
            label,
            weight,
        } = tri!(row_fields(&rec, c, no, parsing, &fix_row));
        if ids.named() {
            // Names: the arc waits for a batch of lookups.
            if pending.push(no, u, v, label, weight) {
                pending.flush(&mut ids, &mut b, parsing, |b, a| {
                    push(b, &mut labels, parsing, &fix_row, a)
                })?;
            }
            continue;
        }
        let (u, v) = ids.pair(u, v, &mut b, parsing, no, &fix_row)?;
        let arc = LineArc {
            no,
            u,
            v,
            label,
            weight,
        };
        push(&mut b, &mut labels, parsing, &fix_row, arc)?;
    }
    pending.finish(&mut ids, &mut b, parsing, |b, a| {
        push(b, &mut labels, parsing, &fix_row, a)
    })?;
    if cols.is_none() && named_cols {
        return Err(parsing.err(
            1,
            "`--columns` names header fields, but the file has no header row",
            "give positions instead (`--columns 1,2,3`), or add a header row",
        ));
    }
    b.set_directed(opts.directed.unwrap_or(true));
    ids.finish(&mut b, parsing, last_line)?;
    labels.finish(&mut b);
    b.build().map_err(|e| parsing.graph(e))
}

/// The `--columns` entries, checked (2 to 4, none empty), and whether any
/// of them is a header name rather than a position.
fn column_spec<'o>(
    opts: &'o LoadOptions,
    parsing: &ParseFile,
) -> Result<(Option<Vec<&'o str>>, bool), FormatError> {
    let spec: Option<Vec<&str>> = opts
        .columns
        .as_deref()
        .map(|c| c.split(',').map(str::trim).collect());
    if let Some(s) = &spec {
        if !(2..=4).contains(&s.len()) || s.iter().any(|c| c.is_empty()) {
            return Err(parsing.err(
                1,
                format!("`--columns {}` needs 2 to 4 entries", opts.columns.as_deref().unwrap_or("")),
                "write `--columns src,dst[,label][,weight]`: header names or 1-based positions, e.g. `--columns 1,2,3` or `--columns child,parent,relationship`",
            ));
        }
    }
    let named_cols = spec
        .as_ref()
        .is_some_and(|s| s.iter().any(|c| c.parse::<usize>().is_err()));
    Ok((spec, named_cols))
}

/// Reject a row no text edge list has: over-long, a line break inside a
/// field (an unbalanced quote), a NUL byte.
#[inline]
fn check_row(rec: &csv::StringRecord, no: u64, parsing: &ParseFile) -> Result<(), FormatError> {
    if rec.as_slice().len() > MAX_LINE {
        return Err(parsing.err(
            no,
            format!("a row longer than {MAX_LINE} bytes"),
            "check for an unbalanced `\"` quote (it runs to the next quote, across lines), or split the row",
        ));
    }
    if rec.iter().any(|f| f.contains(['\n', '\r'])) {
        return Err(parsing.err(
            no,
            "a field holds a line break",
            "vertex names and labels are one line each; this is usually an unbalanced `\"` quote: close it, or double a quote inside a quoted field (`\"\"`)",
        ));
    }
    if rec.iter().any(|f| f.contains('\0')) {
        return Err(parsing.err(
            no,
            "binary data (a NUL byte)",
            "this is not a text graph file; decompress it first if it is compressed with something other than gzip or xz",
        ));
    }
    Ok(())
}

/// The source, target, label and weight of row `no`, from columns `c`.
#[inline]
fn row_fields<'r>(
    rec: &'r csv::StringRecord,
    c: &Cols,
    no: u64,
    parsing: &ParseFile,
    fix_row: &str,
) -> Result<Row<'r>, FormatError> {
    let field = |i: usize, what: &str| -> Result<&str, FormatError> {
        match rec.get(i) {
            None => Err(parsing.err(
                no,
                format!("row has {} fields, the {what} is field {}", rec.len(), i + 1),
                fix_row,
            )),
            Some("") => Err(parsing.err(
                no,
                format!("the {what} (field {}) is empty", i + 1),
                "give every row a non-empty source, target (and label, when labels are used); remove or complete this row",
            )),
            Some(f) => Ok(f),
        }
    };
    let (u, v) = (field(c.src, "source")?, field(c.dst, "target")?);
    let label = match c.label {
        None => None,
        Some(i) => Some(field(i, "label")?),
    };
    let weight = match c.weight {
        None => None,
        Some(i) => {
            let w = field(i, "weight")?;
            Some(weights::parse_weight(w).map_err(|p| parsing.err(no, p, weights::FIX_WEIGHT))?)
        }
    };
    Ok(Row {
        u,
        v,
        label,
        weight,
    })
}

/// Push the arc of a row, its label token made a mask.
fn push(
    b: &mut GraphBuilder,
    labels: &mut Labels,
    parsing: &ParseFile,
    fix_row: &str,
    a: LineArc,
) -> Result<(), FormatError> {
    let label = match a.label {
        None => None,
        Some(tok) => Some(labels.mask(tok, b, parsing, a.no)?),
    };
    b.push_arc(a.u, a.v, label, a.weight)
        .map_err(|e| parsing.push_err(a.no, e, fix_row))
}

/// Columns from `--columns` (and whether the first row is a header).
fn choose_columns(
    first: &csv::StringRecord,
    spec: Option<&[&str]>,
    named: bool,
    parsing: &ParseFile,
    no: u64,
) -> Result<(Cols, bool), FormatError> {
    let header = named || {
        let is = |i: usize, words: &[&str]| {
            first
                .get(i)
                .is_some_and(|f| words.iter().any(|w| f.trim().eq_ignore_ascii_case(w)))
        };
        let (s, d) = match spec {
            Some(s) => (
                s[0].parse::<usize>().unwrap_or(1).saturating_sub(1),
                s[1].parse::<usize>().unwrap_or(2).saturating_sub(1),
            ),
            None => (0, 1),
        };
        is(s, SOURCE_WORDS) && is(d, TARGET_WORDS)
    };
    let Some(spec) = spec else {
        // Default: 1, 2 and the label in 3 when the first data row has one.
        let width = if header { None } else { Some(first.len()) };
        let label = match width {
            Some(w) => (w >= 3).then_some(2),
            None => (first.len() >= 3).then_some(2),
        };
        return Ok((
            Cols {
                src: 0,
                dst: 1,
                label,
                weight: None,
            },
            header,
        ));
    };
    let mut idx = Vec::with_capacity(spec.len());
    for (k, entry) in spec.iter().enumerate() {
        let i = match entry.parse::<usize>() {
            Ok(0) => {
                return Err(parsing.err(
                    no,
                    "`--columns` position 0",
                    "positions are 1-based: the first field is 1",
                ))
            }
            Ok(p) => p - 1,
            Err(_) => match first.iter().position(|f| f.trim() == *entry) {
                Some(i) => i,
                None => {
                    let have: Vec<String> =
                        first.iter().map(|f| format!("{:?}", clip(f))).collect();
                    return Err(parsing.err(
                        no,
                        format!("`--columns` names {:?}, which the header row does not have (it has {})", entry, have.join(", ")),
                        "use one of the header's names (exact spelling and case) or a 1-based position",
                    ));
                }
            },
        };
        if idx.contains(&i) {
            return Err(parsing.err(
                no,
                format!("`--columns` uses field {} twice (entry {})", i + 1, k + 1),
                "give the source, target, label and weight columns as different fields",
            ));
        }
        idx.push(i);
    }
    Ok((
        Cols {
            src: idx[0],
            dst: idx[1],
            label: idx.get(2).copied(),
            weight: idx.get(3).copied(),
        },
        header,
    ))
}

/// `--weights`, checked against `--columns` (one weight column at most).
fn weight_spec(
    opts: &LoadOptions,
    parsing: &ParseFile,
    spec: Option<&[&str]>,
) -> Result<Option<WeightColumn>, FormatError> {
    let Some(w) = opts.weights.as_deref() else {
        return Ok(None);
    };
    let w = weights::column(w).map_err(|problem| FormatError::Parse {
        file: parsing.file.to_path_buf(),
        line: 1,
        problem,
    })?;
    if spec.is_some_and(|s| s.len() == 4) {
        return Err(parsing.err(
            1,
            "the weight column is given twice: by `--weights` and as the fourth `--columns` entry",
            "drop one of them",
        ));
    }
    Ok(Some(w))
}

/// `c` with the `--weights` column, resolved against the first row (the
/// header's names when `header`); a default label (no `--columns`) in the
/// same field gives way to the weight.
fn with_weights(
    mut c: Cols,
    header: bool,
    first: &csv::StringRecord,
    w: Option<(&WeightColumn, bool)>,
    parsing: &ParseFile,
    no: u64,
) -> Result<Cols, FormatError> {
    let Some((w, default_cols)) = w else {
        return Ok(c);
    };
    let i = match w {
        WeightColumn::Field(i) => *i,
        WeightColumn::Name(n) => {
            match first.iter().position(|f| f.trim() == n) {
                Some(i) if header => i,
                _ => {
                    let have: Vec<String> =
                        first.iter().map(|f| format!("{:?}", clip(f))).collect();
                    return Err(parsing.err(
                    no,
                    format!("`--weights {:?}` names a column the header row does not have (it has {})", clip(n), have.join(", ")),
                    "use one of the header's names (exact spelling and case) or a 1-based position",
                ));
                }
            }
        }
    };
    if c.label == Some(i) && default_cols {
        c.label = None;
    }
    if [Some(c.src), Some(c.dst), c.label].contains(&Some(i)) {
        return Err(parsing.err(
            no,
            format!(
                "`--weights` names field {}, which already holds the source, target or label",
                i + 1
            ),
            "point `--weights` at the weight column",
        ));
    }
    c.weight = Some(i);
    Ok(c)
}

/// A `csv` error as a line-numbered [`FormatError`].
fn csv_err(parsing: &ParseFile, e: &csv::Error, last: u64) -> FormatError {
    let line = e.position().map_or(last + 1, |p| p.line());
    match e.kind() {
        csv::ErrorKind::Utf8 { .. } => parsing.err(
            line,
            "invalid UTF-8 in a field",
            "graph files are UTF-8 text; convert the file (e.g. `iconv -t UTF-8`) or check that it is not binary",
        ),
        csv::ErrorKind::Io(io) => FormatError::Read {
            file: parsing.file.to_path_buf(),
            line,
            source: std::io::Error::new(io.kind(), io.to_string()),
        },
        _ => parsing.err(line, format!("malformed row: {e}"), "check the quoting of this row (RFC 4180: a field with a comma or quote is quoted, a quote inside is doubled)"),
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::super::*;

    fn load_as(data: &[u8], name: &str, columns: Option<&str>) -> Result<Graph, FormatError> {
        let opts = LoadOptions {
            columns: columns.map(str::to_string),
            ..Default::default()
        };
        read(data, Path::new(name), &opts)
    }

    #[test]
    fn tsv_with_header_and_spaced_labels() {
        let data = b"child\tparent\trelationship\nGO:2\tGO:1\tis a\nGO:3\tGO:1\tpart of\n";
        // Detected from content (a field with a space), whatever the name.
        let g = load_as(data, "go.txt", None).unwrap();
        assert_eq!(g.nodes(), 3);
        assert_eq!(g.id_of("GO:1"), Some(1));
        assert_eq!(g.label_names().resolve("part of").unwrap(), 2);
        assert!(g.id_of("child").is_none(), "the header row is no edge");
        let gz = load_as(&gz(data), "go.tsv.gz", None).unwrap();
        let xz = load_as(&xz(data), "go", None).unwrap();
        assert_eq!(gz.layout_hash(), g.layout_hash());
        assert_eq!(xz.vertex_names(), g.vertex_names());
    }

    #[test]
    fn a_label_field_that_is_no_number_makes_all_names() {
        let data = b"a\tb\t1\nb\tc\tpart of\nc\ta\t1\n";
        let g = load_as(data, "t.tsv", None).unwrap();
        assert_eq!(g.label_names().to_string(), "1=0x1, part of=0x2");
        assert_eq!(g.forward().labels().unwrap(), &[1, 2, 1]);
        assert_eq!(g.label_names().resolve("1").unwrap(), 1);
    }

    #[test]
    fn csv_quoting_columns_and_weights() {
        let data = b"id,src,dst,kind,w,extra\n1,\"a,1\",b,\"x \"\"y\"\"\",3,z\n2,b,c,z,4,\n";
        let g = load_as(data, "t.csv", Some("src,dst,kind,w")).unwrap();
        assert_eq!(g.name(0), Some("a,1"));
        assert_eq!(g.label_names().resolve("x \"y\"").unwrap(), 1);
        assert_eq!(g.forward().weights().unwrap(), &[3.0, 4.0]);
        // The same by position: `src`/`dst` still mark the first row a header.
        let p = load_as(data, "t.csv", Some("2,3,4,5")).unwrap();
        assert_eq!(p.vertex_names(), g.vertex_names());
        let h = load_as(&data[23..], "t.csv", Some("2,3,4,5")).unwrap();
        assert_eq!(h.vertex_names(), g.vertex_names());
    }

    #[test]
    fn default_columns_and_integer_ids() {
        let g = load_as(b"0\t1\n1\t2\n", "t.tsv", None).unwrap();
        assert!(g.vertex_names().is_none());
        assert_eq!((g.nodes(), g.arcs()), (3, 2));
        let g = load_as(b"source,target\n5,7\n", "t.csv", None).unwrap();
        assert_eq!(g.nodes(), 8);
    }

    #[test]
    fn malformed_rows_name_their_line() {
        for (data, name, cols, line, needle) in [
            (&b"a\tb\tc\nd\n"[..], "t.tsv", None, 2, "row has 1 fields"),
            (b"a,b\n,c\n", "t.csv", None, 2, "source (field 1) is empty"),
            (b"a,\"b\nc,d\n", "t.csv", None, 1, "unbalanced"),
            (b"a\tb\tx\nc\td\tall\n", "t.tsv", None, 2, "reserved"),
            (
                b"a,b,1\nc,d,0x1\ne,f,is a\n",
                "t.csv",
                None,
                3,
                "`1` (line 1) and `0x1` (line 2)",
            ),
            (b"a,b,x\n", "t.csv", Some("1,2,3,3"), 1, "twice"),
            (b"a,b,x\n", "t.csv", Some("0,2"), 1, "1-based"),
            (b"a,b,x\n", "t.csv", Some("1"), 1, "2 to 4"),
            (b"a,b,x\n", "t.csv", Some("1,2,3,3,4"), 1, "2 to 4"),
            (b"a,b,x\n", "t.csv", Some("1,2,,3"), 1, "2 to 4"),
            (b"a,b,x\n", "t.csv", Some("1,2,3,nope"), 1, "does not have"),
            (b"a,b,x\n", "t.csv", Some("1,2,3,3x"), 1, "does not have"),
            (b"s,d,w\na,b,x\n", "t.csv", Some("s,d,w,w"), 1, "twice"),
            (b"a,b,1.5\n", "t.csv", Some("1,2,3,3"), 1, "twice"),
            (
                b"a,b,c,-1\n",
                "t.csv",
                Some("1,2,3,4"),
                1,
                "weight -1 is negative",
            ),
            (b"a,b\xff,c\n", "t.csv", None, 1, "UTF-8"),
            (b"a,b\0,c\n", "t.csv", None, 1, "NUL"),
            (
                b"a\tb\n",
                "t.edges",
                Some("1,2"),
                1,
                "applies to TSV and CSV",
            ),
        ] {
            let e = load_as(data, name, cols).unwrap_err();
            let s = e.to_string();
            assert_eq!(e.line(), Some(line), "{data:?}: {s}");
            assert!(s.contains(needle) && s.contains("Fix:"), "{data:?}: {s}");
        }
    }
}
