//! Edge lists: one arc per line, `u v [label]`, or with `--weights 3`
//! `u v weight`, with `--weights 4` `u v label weight`.
//!
//! ```text
//! # any comment
//! # nodes 4 edges 3 directed 0
//! 0 1
//! 1 2 call
//! 2 3
//! ```
//!
//! - Vertices are any non-whitespace tokens. Under `--ids auto` (the
//!   default) a file of dense 0-based integers uses them as indices, and any
//!   other file has named vertices (ids in first-seen order, the names kept
//!   with the graph); `--ids index` insists on integers, `--ids name` reads
//!   integers as names too (see `ids` below). Fields are separated by spaces
//!   or tabs; blank lines and lines starting with `#` are skipped; a field
//!   that is just `#`, or a fourth field starting with `#`, starts a trailing
//!   comment (a label may start with `#`: WordNet's `#m`).
//! - The optional header is a comment whose first word is `nodes` followed
//!   by a number: `# nodes N edges M directed D` (keys in any order, each
//!   optional, before the first edge). `nodes N` fixes the vertex count (ids
//!   must be below N, isolated vertices are kept); `edges M` is the number of
//!   edge lines, and any other number of lines is an error (that is how a
//!   truncated file is caught); `directed 0` makes the graph undirected.
//!   Without a header the graph is directed with `max id + 1` vertices.
//! - Labels are bit masks (`5`, `0x5`, `0b101`) while every label token is
//!   a number; any other token (`call`, `Depends`, `~`, `#m`,
//!   `rdfs:subClassOf`; only `all` is reserved) makes every label of the
//!   file a name, numbers included (`1` is then a name). Each distinct name
//!   gets the next free bit (at most 32 names, one per bit of the mask); see
//!   `labels.rs`. Either every line has a label or none does.
//! - Weights (`--weights 3` or `4`: the field after the vertices or after
//!   the label) are finite, non-negative numbers (`weights.rs`); every line
//!   has one. Edge lists have no header row, so the column is a position.
//!
//! `ids`: under `auto`, canonical decimal integers (no sign, no leading
//! zero) are indices while every vertex token is one; the first other token
//! makes the file named, and the integers read so far become the names they
//! were written as. An all-integer file without a `nodes` header whose id
//! range is sparse (over 65,536 ids and over twice the endpoints read) is
//! compacted the same way. Either way `--sources` takes the file's own
//! tokens.

use super::ids::{Ids, LineArc, LookupQueue};
use super::labels::Labels;
use super::weights::{self, WeightColumn};
use super::{clip, parse_u64, FormatError, LoadOptions, ParseFile, RESERVE_CAP};
use crate::formats::lines::Lines;
use crate::graph::{Graph, GraphBuilder};
use std::io::BufRead;

const FIX_LINE: &str = "edge lines are `u v [label]`: two vertex ids or names, then an optional label; comments start with `#`";
const FIX_INDEX: &str = "under `--ids index` edge lines are `u v [label]` with two non-negative integer vertex ids (0-based, below 4294967295); use `--ids auto` or `--ids name` for named vertices";
const FIX_HEADER: &str = "the header comment is `# nodes N edges M directed 0|1` (each key optional, non-negative integer values); reword the comment if it is not meant as a header";

/// What the `# nodes …` header declared, and on which line.
#[derive(Default)]
struct Header {
    line: u64,
    nodes: Option<u64>,
    edges: Option<u64>,
    directed: Option<bool>,
}

pub(crate) fn parse<R: BufRead>(
    lines: &mut Lines<R>,
    parsing: &ParseFile,
    opts: &LoadOptions,
) -> Result<Graph, FormatError> {
    let mut b = GraphBuilder::new(true);
    let mut header: Option<Header> = None;
    let mut data_lines: u64 = 0;
    let mut labels = Labels::default();
    let mut ids = Ids::new(opts.ids);
    let fix_id = match opts.ids {
        super::IdMode::Index => FIX_INDEX,
        _ => FIX_LINE,
    };

    let wcol = weight_field(opts, parsing)?;
    let mut pending = LookupQueue::new(parsing.lookups);
    // An error on a line: the arcs still pending come before it, and one of
    // them may fail first.
    macro_rules! fail {
        ($e:expr) => {{
            let e: FormatError = $e;
            pending.finish(&mut ids, &mut b, parsing, |b, a| {
                push(b, &mut labels, &header, parsing, a)
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

    while let Some((no, line)) = tri!(lines.next_line()) {
        let t = line.trim_ascii_start();
        if t.is_empty() {
            continue;
        }
        if let Some(comment) = t.strip_prefix('#') {
            if let Some(h) = tri!(header_line(
                comment, no, parsing, &header, data_lines, &mut b
            )) {
                header = Some(h);
            }
            continue;
        }

        data_lines = tri!(data_lines.checked_add(1).ok_or_else(|| parsing.err(
            no,
            "too many edge lines to count",
            "split the file"
        )));
        if let Some(Header {
            edges: Some(m),
            line: hl,
            ..
        }) = header
        {
            if data_lines > m {
                fail!(parsing.err(
                    no,
                    format!("more edge lines than the {m} edges declared by the header on line {hl} (this is edge line {data_lines})"),
                    "correct `edges` in the header, or remove the extra lines",
                ));
            }
        }

        let (u, v, label_tok, weight) = tri!(fields(t, no, parsing, wcol));
        if ids.named() {
            // Names: the arc waits for a batch of lookups.
            if pending.push(no, u, v, label_tok, weight) {
                pending.flush(&mut ids, &mut b, parsing, |b, a| {
                    push(b, &mut labels, &header, parsing, a)
                })?;
            }
            continue;
        }
        let (u, v) = ids.pair(u, v, &mut b, parsing, no, fix_id)?;
        let arc = LineArc {
            no,
            u,
            v,
            label: label_tok,
            weight,
        };
        push(&mut b, &mut labels, &header, parsing, arc)?;
    }
    pending.finish(&mut ids, &mut b, parsing, |b, a| {
        push(b, &mut labels, &header, parsing, a)
    })?;

    if let Some(Header {
        edges: Some(m),
        line: hl,
        ..
    }) = header
    {
        if data_lines < m {
            return Err(parsing.err(
                lines.line(),
                format!("the file ends after {data_lines} edge lines, but the header on line {hl} declares {m} edges"),
                "the file is probably truncated: re-download or regenerate it, or correct `edges` in the header",
            ));
        }
    }
    let directed = opts
        .directed
        .or(header.as_ref().and_then(|h| h.directed))
        .unwrap_or(true);
    b.set_directed(directed);
    ids.finish(&mut b, parsing, lines.line())?;
    labels.finish(&mut b);
    b.build().map_err(|e| parsing.graph(e))
}

/// A `#` comment on line `no` that is a header: checked against what came
/// before (an earlier header, edge lines), its node count declared in `b`.
/// `None` for a plain comment.
fn header_line(
    comment: &str,
    no: u64,
    parsing: &ParseFile,
    header: &Option<Header>,
    data_lines: u64,
    b: &mut GraphBuilder,
) -> Result<Option<Header>, FormatError> {
    let Some(h) = parse_header(comment, no, parsing)? else {
        return Ok(None);
    };
    if let Some(prev) = header {
        return Err(parsing.err(
            no,
            format!(
                "a second `# nodes …` header (the first is on line {})",
                prev.line
            ),
            "keep one header line",
        ));
    }
    if data_lines > 0 {
        return Err(parsing.err(
            no,
            "the `# nodes …` header comes after edge lines",
            "move the header above the first edge line",
        ));
    }
    if let Some(n) = h.nodes {
        parsing.check_nodes(no, n, "the header declares")?;
        b.set_nodes(n)
            .map_err(|e| parsing.push_err(no, e, FIX_HEADER))?;
    }
    if let Some(m) = h.edges {
        b.reserve(m.min(RESERVE_CAP) as usize)
            .map_err(|e| parsing.graph(e))?;
    }
    Ok(Some(h))
}

/// An edge line's source, target, label token and weight.
type Fields<'t> = (&'t str, &'t str, Option<&'t str>, Option<f64>);

/// `--weights` for an edge list: field 3 (`u v w`) or 4 (`u v label w`).
fn weight_field(opts: &LoadOptions, parsing: &ParseFile) -> Result<Option<usize>, FormatError> {
    let Some(spec) = opts.weights.as_deref() else {
        return Ok(None);
    };
    match weights::column(spec) {
        Ok(WeightColumn::Field(i @ (2 | 3))) => Ok(Some(i)),
        Ok(WeightColumn::Field(i)) => Err(parsing.err(
            1,
            format!("`--weights {}`: edge lines have their weight in field 3 (`u v w`) or 4 (`u v label w`)", i + 1),
            "pass `--weights 3` or `--weights 4`",
        )),
        Ok(WeightColumn::Name(n)) => Err(parsing.err(
            1,
            format!("`--weights {}` names a column, but edge lists have no header row", clip(&n)),
            "give the position: `--weights 3` for `u v w` lines, `--weights 4` for `u v label w`",
        )),
        Err(e) => Err(FormatError::Parse {
            file: parsing.file.to_path_buf(),
            line: 1,
            problem: e,
        }),
    }
}

/// The source, target, label and weight of the edge line `t` (number
/// `no`); the weight is field `wcol` (0-based, 2 or 3) when given.
#[inline]
fn fields<'t>(
    t: &'t str,
    no: u64,
    parsing: &ParseFile,
    wcol: Option<usize>,
) -> Result<Fields<'t>, FormatError> {
    // A lone `#` field starts a trailing comment.
    let mut it = t.split_ascii_whitespace().take_while(|f| *f != "#");
    let (Some(u), Some(v)) = (it.next(), it.next()) else {
        return Err(parsing.err(
            no,
            format!("`{}` has one field, an edge needs two vertices", clip(t)),
            FIX_LINE,
        ));
    };
    let label_tok = if wcol == Some(2) { None } else { it.next() };
    let weight = match wcol {
        None => None,
        Some(i) => {
            let Some(tok) = (if i == 3 && label_tok.is_none() {
                None
            } else {
                it.next()
            }) else {
                return Err(parsing.err(
                    no,
                    format!("`{}` has no weight (field {})", clip(t), i + 1),
                    "with `--weights 3` edge lines are `u v w`, with `--weights 4` `u v label w`; give every line its weight",
                ));
            };
            Some(weights::parse_weight(tok).map_err(|p| parsing.err(no, p, weights::FIX_WEIGHT))?)
        }
    };
    if let Some(extra) = it.next() {
        if !extra.starts_with('#') {
            return Err(parsing.err(
                no,
                match wcol {
                    None => format!("unexpected fourth field `{}`", clip(extra)),
                    Some(_) => format!("unexpected field `{}` after the weight", clip(extra)),
                },
                "edge lines are `u v [label]` (with `--weights`: `u v w` or `u v label w`); a label with spaces needs a TSV file (tab-separated fields) or a quoted CSV field",
            ));
        }
    }
    Ok((u, v, label_tok, weight))
}

/// Push the arc of a line, with its label token and weight.
fn push(
    b: &mut GraphBuilder,
    labels: &mut Labels,
    header: &Option<Header>,
    parsing: &ParseFile,
    a: LineArc,
) -> Result<(), FormatError> {
    let LineArc {
        no,
        u,
        v,
        label: label_tok,
        weight,
    } = a;
    let label = match label_tok {
        None => None,
        Some(tok) => Some(labels.mask(tok, b, parsing, no)?),
    };
    b.push_arc(u, v, label, weight).map_err(|e| {
        let fix = match header {
            Some(Header { nodes: Some(n), line: hl, .. }) => format!("ids are 0-based and must be below the `nodes {n}` declared on line {hl}; correct the header or the id"),
            _ => FIX_LINE.to_string(),
        };
        parsing.push_err(no, e, &fix)
    })
}

/// Parse a `#` comment as a header, if it is one: its first word is `nodes`,
/// `edges` or `directed`, followed by something that looks like a number.
fn parse_header(
    comment: &str,
    no: u64,
    parsing: &ParseFile,
) -> Result<Option<Header>, FormatError> {
    let toks: Vec<&str> = comment.split_ascii_whitespace().take(16).collect();
    let looks_numeric =
        |t: &str| t.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '+');
    match toks.as_slice() {
        [k, v, ..] if matches!(*k, "nodes" | "edges" | "directed") && looks_numeric(v) => {}
        _ => return Ok(None),
    }
    if !toks.chunks_exact(2).remainder().is_empty() {
        return Err(parsing.err(
            no,
            format!(
                "header `#{}` has a key without a value",
                clip(comment.trim())
            ),
            FIX_HEADER,
        ));
    }
    let mut h = Header {
        line: no,
        ..Default::default()
    };
    for pair in toks.chunks_exact(2) {
        let (key, val) = (pair[0], pair[1]);
        let n = parse_u64(val, &format!("header value for `{key}`"))
            .map_err(|p| parsing.err(no, p, FIX_HEADER))?;
        let dup = match key {
            "nodes" => h.nodes.replace(n).is_some(),
            "edges" => h.edges.replace(n).is_some(),
            "directed" => {
                let d = match n {
                    0 => false,
                    1 => true,
                    _ => {
                        return Err(parsing.err(
                            no,
                            format!("header `directed {val}` must be 0 or 1"),
                            FIX_HEADER,
                        ))
                    }
                };
                h.directed.replace(d).is_some()
            }
            _ => {
                return Err(parsing.err(
                    no,
                    format!("unknown header key `{}`", clip(key)),
                    FIX_HEADER,
                ))
            }
        };
        if dup {
            return Err(parsing.err(no, format!("header key `{key}` appears twice"), FIX_HEADER));
        }
    }
    Ok(Some(h))
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::super::*;

    fn el(data: &str) -> Graph {
        read(
            data.as_bytes(),
            Path::new("t.edges"),
            &LoadOptions::default(),
        )
        .unwrap()
    }

    fn el_err(data: &str) -> FormatError {
        let e = read(
            data.as_bytes(),
            Path::new("t.edges"),
            &LoadOptions::default(),
        )
        .unwrap_err();
        assert!(e.to_string().contains("Fix:"), "no Fix: in {e}");
        assert!(e.to_string().contains("t.edges"), "no file in {e}");
        e
    }

    #[test]
    fn plain_directed_without_header() {
        let g = el("0 1\n1\t2\n\n  2 0  \n");
        assert!(g.is_directed());
        assert_eq!((g.nodes(), g.arcs()), (3, 3));
        assert!(!g.has_labels());
    }

    #[test]
    fn header_sets_nodes_and_undirected() {
        let g = el("# source: somewhere\n# nodes 10 edges 2 directed 0\n0 1\n1 2\n");
        assert!(!g.is_directed());
        assert_eq!((g.nodes(), g.arcs()), (10, 4));
        let g = el("# directed 1 nodes 3\n0 1\n");
        assert!(g.is_directed());
        assert_eq!(g.nodes(), 3);
        // Plain comments that merely start with "nodes" are comments.
        let g = el("# nodes are people\n0 1\n");
        assert_eq!(g.nodes(), 2);
    }

    #[test]
    fn override_directedness() {
        let opts = LoadOptions {
            directed: Some(true),
            ..Default::default()
        };
        let g = read(
            &b"# nodes 3 edges 1 directed 0\n0 1\n"[..],
            Path::new("t"),
            &opts,
        )
        .unwrap();
        assert!(g.is_directed());
        assert_eq!(g.arcs(), 1);
    }

    #[test]
    fn edge_count_mismatch_names_both_numbers() {
        let e = el_err("# nodes 5 edges 3 directed 1\n0 1\n1 2\n");
        assert_eq!(e.line(), Some(3));
        let s = e.to_string();
        assert!(
            s.contains("after 2 edge lines") && s.contains("declares 3 edges"),
            "{s}"
        );
        let e = el_err("# nodes 5 edges 1 directed 1\n0 1\n# c\n1 2\n");
        assert_eq!(e.line(), Some(4));
        assert!(e.to_string().contains("1 edges"), "{e}");
        assert!(e.to_string().contains("edge line 2"), "{e}");
    }

    #[test]
    fn ids_must_be_below_declared_nodes() {
        let e = el_err("# nodes 3 edges 2\n0 1\n1 3\n");
        assert_eq!(e.line(), Some(3));
        assert!(e.to_string().contains("vertex id 3"), "{e}");
        assert!(e.to_string().contains("nodes 3"), "{e}");
    }

    fn el_index_err(data: &str) -> FormatError {
        let opts = LoadOptions {
            ids: IdMode::Index,
            ..Default::default()
        };
        let e = read(data.as_bytes(), Path::new("t.edges"), &opts).unwrap_err();
        assert!(e.to_string().contains("Fix:"), "no Fix: in {e}");
        e
    }

    #[test]
    fn bad_numbers_and_fields() {
        for (data, line, needle) in [
            ("0 1\n-1 2\n", 2, "negative"),
            ("0 x\n", 1, "not a non-negative integer"),
            ("0 1\n99999999999999999999999 1\n", 2, "too large"),
            ("0 1\n1 4294967295\n", 2, "limit"),
            ("0 1.5\n", 1, "`1.5`"),
        ] {
            let e = el_index_err(data);
            assert_eq!(e.line(), Some(line), "{data:?}: {e}");
            assert!(e.to_string().contains(needle), "{data:?}: {e}");
            assert!(e.to_string().contains("--ids"), "{data:?}: {e}");
            // The default reads the same tokens as names.
            let g = el(data);
            assert!(g.vertex_names().is_some(), "{data:?}");
        }
        for (data, line, needle) in [
            ("0\n", 1, "one field"),
            ("0 1 2 3\n", 1, "fourth field"),
            ("0 1 all\n", 1, "reserved"),
            ("0 # 1\n", 1, "one field"),
        ] {
            let e = el_err(data);
            assert_eq!(e.line(), Some(line), "{data:?}: {e}");
            assert!(e.to_string().contains(needle), "{data:?}: {e}");
        }
    }

    #[test]
    fn names_in_first_seen_order() {
        let g = el("libc6 python3.11:any\nGO:0008150 libc6\n");
        assert_eq!(g.nodes(), 3);
        let n = g.vertex_names().unwrap();
        assert_eq!(
            n.iter().map(|(_, s)| s).collect::<Vec<_>>(),
            ["libc6", "python3.11:any", "GO:0008150"]
        );
        assert_eq!(g.forward().neighbors(2), &[0]);
        assert_eq!(g.id_of("python3.11:any"), Some(1));
        assert_eq!(g.name(0), Some("libc6"));
    }

    #[test]
    fn integers_then_a_name_keep_their_spelling() {
        // 7 and 3 were read as indices, then `x` makes them names "7", "3".
        let g = el("7 3\n3 x\n");
        assert_eq!(g.nodes(), 3);
        assert_eq!(g.id_of("7"), Some(0));
        assert_eq!(g.id_of("3"), Some(1));
        assert_eq!(g.id_of("x"), Some(2));
        assert_eq!(g.forward().neighbors(0), &[1]);
        assert_eq!(g.forward().neighbors(1), &[2]);
        // Leading zeros and signs are spelling, so they are names.
        let g = el("007 7\n");
        assert_eq!(g.nodes(), 2);
        assert_eq!(g.name(0), Some("007"));
    }

    #[test]
    fn sparse_huge_ids_are_compacted() {
        let g = el("0 4294967294\n4294967294 12345678901234\n");
        assert_eq!(g.nodes(), 3);
        assert_eq!(g.id_of("4294967294"), Some(1));
        assert_eq!(g.id_of("12345678901234"), Some(2));
        assert!(g.forward_bytes() < 1000);
        // Dense integers stay indices (no names), with gaps kept as today.
        let g = el("0 1\n5 2\n");
        assert_eq!(g.nodes(), 6);
        assert!(g.vertex_names().is_none());
        // A header fixes the vertex space: its ids are indices.
        let e = el_err("# nodes 3\n0 100000\n");
        assert_eq!(e.line(), Some(2));
    }

    #[test]
    fn ids_name_reads_integers_as_names() {
        let opts = LoadOptions {
            ids: IdMode::Name,
            ..Default::default()
        };
        let g = read(&b"10 20\n20 10\n"[..], Path::new("t"), &opts).unwrap();
        assert_eq!(g.nodes(), 2);
        assert_eq!(g.name(0), Some("10"));
        assert_eq!(g.id_of("20"), Some(1));
    }

    #[test]
    fn any_token_is_a_label_name() {
        let g = el("a b ~\nb c #m\nc d %p\nd a \\\na c Pre-Depends\nc a 0x1G # comment\n");
        let names: Vec<_> = g.label_names().iter().map(|(n, _)| n).collect();
        assert_eq!(names, ["~", "#m", "%p", "\\", "Pre-Depends", "0x1G"]);
        assert_eq!(g.label_names().resolve("#m").unwrap(), 2);
    }

    #[test]
    fn bad_headers() {
        for (data, needle) in [
            ("# nodes 3 edges\n", "without a value"),
            ("# nodes 3 edgez 2\n", "unknown header key"),
            ("# nodes 3 directed 2\n", "0 or 1"),
            ("# nodes -3\n", "negative"),
            ("# nodes 3 nodes 4\n", "twice"),
            ("# nodes 99999999999999999999 edges 1\n", "too large"),
            ("# nodes 5000000000\n", "limit"),
            ("# edges 18446744073709551615\n", "ends after 0 edge lines"),
        ] {
            let e = el_err(data);
            assert_eq!(e.line(), Some(1), "{data:?}: {e}");
            assert!(e.to_string().contains(needle), "{data:?}: {e}");
        }
        let e = el_err("# nodes 3\n# nodes 3\n");
        assert_eq!(e.line(), Some(2));
        let e = el_err("0 1\n# nodes 3 edges 1\n");
        assert_eq!(e.line(), Some(2));
        assert!(e.to_string().contains("after edge lines"));
    }

    #[test]
    fn numeric_labels_in_all_bases() {
        let g = el("0 1 5\n1 2 0x2\n2 0 0b1000\n0 1 0x8\n");
        assert_eq!(g.forward().labels().unwrap(), &[5 | 8, 2, 8]);
        assert!(g.label_names().is_empty());
    }

    #[test]
    fn named_labels_get_bits() {
        let g = el("0 1 call\n1 2 isa\n2 0 Depends\n0 1 isa # trailing comment\n");
        let names = g.label_names();
        assert_eq!(names.to_string(), "call=0x1, isa=0x2, Depends=0x4");
        assert_eq!(g.forward().labels().unwrap(), &[3, 2, 4]);
        assert_eq!(names.resolve("isa").unwrap(), 2);
    }

    #[test]
    fn thirty_third_name_is_an_error() {
        let mut s = String::new();
        for i in 0..33 {
            s.push_str(&format!("0 1 kind{i}\n"));
        }
        let e = el_err(&s);
        assert_eq!(e.line(), Some(33));
        assert!(e.to_string().contains("kind32"), "{e}");
    }

    #[test]
    fn a_label_name_makes_every_label_a_name() {
        // Numbers read before the first name become names by their spelling,
        // in first-seen order; numbers after it are names too.
        let g = el("0 1 4\n1 2 0x1\n2 0 call\n0 2 4\n2 1 1\n1 0 0\n");
        let names: Vec<_> = g.label_names().iter().map(|(n, _)| n).collect();
        assert_eq!(names, ["4", "0x1", "call", "1", "0"]);
        // Arcs sorted by source: 0→1 `4`, 0→2 `4`, 1→0 `0`, 1→2 `0x1`, 2→0 `call`, 2→1 `1`.
        assert_eq!(g.forward().labels().unwrap(), &[1, 1, 16, 2, 4, 8]);
        // `--labels 1` is the label named `1`, not bit 0 (`4`).
        assert_eq!(g.label_names().resolve("1").unwrap(), 8);
        assert_eq!(g.label_names().resolve("4,call").unwrap(), 5);
        // A name first: every later number is a name.
        let g = el("a b call\nb c 2\n");
        assert_eq!(g.label_names().to_string(), "call=0x1, 2=0x2");
        assert_eq!(g.forward().labels().unwrap(), &[1, 2]);
    }

    #[test]
    fn labels_that_cannot_become_names_are_errors() {
        // One mask spelled two ways cannot become two names.
        let e = el_err("0 1 3\n1 2 0x3\n2 0 call\n");
        assert_eq!(e.line(), Some(3));
        assert!(
            e.to_string().contains("`3` (line 1) and `0x3` (line 2)"),
            "{e}"
        );
        assert!(e.to_string().contains("Fix:"), "{e}");
        // 33 distinct numbers, then a name: 34 names.
        let mut s: String = (0..32).map(|i| format!("0 1 {}\n", 1u64 << i)).collect();
        s.push_str("1 0 0\n0 1 call\n");
        let e = el_err(&s);
        assert_eq!(e.line(), Some(34), "{e}");
        assert!(e.to_string().contains("more than 32"), "{e}");
        // 32 numbers and a name: 33 names, the 33rd is the name.
        let mut s: String = (0..32).map(|i| format!("0 1 {}\n", 1u64 << i)).collect();
        s.push_str("0 1 call\n");
        let e = el_err(&s);
        assert_eq!(e.line(), Some(33), "{e}");
        assert!(e.to_string().contains("\"call\""), "{e}");
        assert!(e.to_string().contains("Fix:"), "{e}");
    }

    #[test]
    fn batched_names_keep_first_seen_order_and_first_error() {
        // Over several batches of pending arcs, with names repeated across them.
        let mut text = String::new();
        for i in 0..3000u32 {
            text.push_str(&format!("n{} n{}\n", i % 1700, (i * 7) % 2100));
        }
        let g = el(&text);
        let mut want: Vec<String> = Vec::new();
        for tok in text.split_ascii_whitespace() {
            if !want.iter().any(|w| w == tok) {
                want.push(tok.to_string());
            }
        }
        let names = g.vertex_names().unwrap();
        assert_eq!(names.len(), want.len());
        for (i, w) in want.iter().enumerate() {
            assert_eq!(names.get(i as u32), Some(w.as_str()));
        }
        // The first error in file order wins, whichever step finds it.
        let limit = LoadOptions {
            max_nodes: Some(3),
            ..Default::default()
        };
        for (data, line, needle) in [
            (&b"a b x\nb c all\nc d x\n"[..], 2, "reserved"),
            (b"a b x\nc d x\nb c all\n", 2, "more than the limit"),
            (b"a b\nb c\nc\n", 3, "one field"),
            (b"a b\nb c\n# nodes 3\n", 3, "after edge lines"),
            (b"a b\nb c 1\n", 2, "label"),
            (b"a b\nb c\nc a\xff\n", 3, "UTF-8"),
        ] {
            let e = parse_err(data, &limit);
            assert_eq!(e.line(), Some(line), "{data:?}: {e}");
            assert!(e.to_string().contains(needle), "{data:?}: {e}");
        }
    }

    #[test]
    fn label_presence_must_be_uniform() {
        let e = el_err("0 1 4\n1 2\n");
        assert_eq!(e.line(), Some(2));
        assert!(e.to_string().contains("label"), "{e}");
        let e = el_err("0 1\n\n1 2 call\n");
        assert_eq!(e.line(), Some(3));
    }

    #[test]
    fn binary_junk_and_bad_utf8() {
        let e = parse_err(b"0 1\n\x7fELF\x02\x01\x01\x00\x00", &LoadOptions::default());
        assert_eq!(e.line(), Some(2));
        assert!(e.to_string().contains("Fix:"));
        let e = parse_err(b"0 1\n1 caf\xe9\n", &LoadOptions::default());
        assert_eq!(e.line(), Some(2));
        assert!(e.to_string().contains("UTF-8"));
    }

    #[test]
    fn crlf_line_endings() {
        let g = el("# nodes 3 edges 2 directed 0\r\n0 1\r\n1\t2 \r\n");
        assert_eq!((g.nodes(), g.arcs()), (3, 4));
    }

    #[test]
    fn isolated_and_empty() {
        let g = el("");
        assert_eq!((g.nodes(), g.arcs()), (0, 0));
        let g = el("# nodes 4 edges 0 directed 0\n");
        assert_eq!((g.nodes(), g.arcs()), (4, 0));
    }

    #[test]
    fn write_then_load_round_trip() {
        let dir = tempfile::tempdir().unwrap();
        let edges = [(0u32, 1u32), (1, 2), (2, 0), (3, 3), (0, 1)];
        for directed in [true, false] {
            let p = dir.path().join(format!("rt{directed}.edges"));
            write_edge_list(&p, 6, directed, &edges).unwrap();
            let g = load(&p, &LoadOptions::default()).unwrap();
            let mut b = crate::graph::GraphBuilder::new(directed);
            b.set_nodes(6).unwrap();
            for &(u, v) in &edges {
                b.push(u.into(), v.into()).unwrap();
            }
            let want = b.build().unwrap();
            assert_eq!(g.nodes(), 6);
            assert_eq!(g.is_directed(), directed);
            assert_eq!(g.layout_hash(), want.layout_hash());
        }
        let _ = gz(b"");
    }
}
