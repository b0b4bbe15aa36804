//! DIMACS shortest-path graphs (`.gr`), in two dialects:
//!
//! ```text
//! c 9th DIMACS challenge style: 1-based ids, header first
//! p sp 3 2
//! a 1 2 7
//! a 2 3 4
//! ```
//!
//! ```text
//! a 0 1 7
//! a 1 2 4
//! ```
//!
//! - With a `p sp N M` line before the first arc, ids are 1-based in `1..=N`
//!   and there must be exactly `M` arcs.
//! - Without one (the header-less files of `fast_paths` and others), ids are
//!   0-based and the graph has `max id + 1` vertices.
//! - `a u v w`: an arc with weight `w`, a non-negative integer below 2^32.
//!   `c` lines are comments; blank lines are skipped. The graph is directed
//!   (unless [`LoadOptions::directed`] says otherwise).

use super::{clip, parse_u64, FormatError, LoadOptions, ParseFile, RESERVE_CAP};
use crate::formats::lines::Lines;
use crate::graph::{Graph, GraphBuilder};
use std::io::BufRead;

const FIX_LINE: &str = "DIMACS lines are `c comment`, `p sp NODES ARCS` (once, before the arcs) or `a FROM TO WEIGHT` with non-negative integers";

pub(crate) fn parse<R: BufRead>(
    lines: &mut Lines<R>,
    parsing: &ParseFile,
    opts: &LoadOptions,
) -> Result<Graph, FormatError> {
    let mut b = GraphBuilder::new(true);
    // (line, nodes, arcs) of the `p sp` header.
    let mut header: Option<(u64, u64, u64)> = None;
    let mut arcs: u64 = 0;
    let mut first_arc_line: Option<u64> = None;

    while let Some((no, line)) = lines.next_line()? {
        let mut it = line.split_ascii_whitespace();
        let Some(kind) = it.next() else { continue };
        match kind {
            "c" => continue,
            "p" => {
                if let Some((hl, ..)) = header {
                    return Err(parsing.err(
                        no,
                        format!("a second `p` line (the first is on line {hl})"),
                        "keep one `p sp NODES ARCS` line",
                    ));
                }
                if let Some(fl) = first_arc_line {
                    return Err(parsing.err(
                        no,
                        format!("the `p` line comes after arcs (the first arc is on line {fl})"),
                        "move `p sp NODES ARCS` above the first arc, or delete it for a 0-based header-less file",
                    ));
                }
                header = Some(problem_line(line, no, parsing, &mut b)?);
            }
            "a" => {
                first_arc_line.get_or_insert(no);
                arcs = arcs
                    .checked_add(1)
                    .ok_or_else(|| parsing.err(no, "too many arcs to count", "split the file"))?;
                if let Some((hl, _, m)) = header {
                    if arcs > m {
                        return Err(parsing.err(
                            no,
                            format!(
                                "more arcs than the {m} declared on line {hl} (this is arc {arcs})"
                            ),
                            "correct the arc count in the `p sp` line, or remove the extra arcs",
                        ));
                    }
                }
                let (Some(u), Some(v), Some(w), None) =
                    (it.next(), it.next(), it.next(), it.next())
                else {
                    return Err(parsing.err(
                        no,
                        format!("`{}` is not `a FROM TO WEIGHT`", clip(line.trim())),
                        FIX_LINE,
                    ));
                };
                let (u, v, w) = arc([u, v, w], no, parsing, header)?;
                b.push_arc(u, v, None, Some(f64::from(w)))
                    .map_err(|e| parsing.push_err(no, e, FIX_LINE))?;
            }
            other => {
                return Err(parsing.err(
                    no,
                    format!("unknown line type `{}`", clip(other)),
                    FIX_LINE,
                ))
            }
        }
    }
    if let Some((hl, _, m)) = header {
        if arcs < m {
            return Err(parsing.err(
                lines.line(),
                format!("the file ends after {arcs} arcs, but the `p` line (line {hl}) declares {m}"),
                "the file is probably truncated: re-download or regenerate it, or correct the arc count",
            ));
        }
    }
    b.set_directed(opts.directed.unwrap_or(true));
    b.build().map_err(|e| parsing.graph(e))
}

/// The `p` line `line` (number `no`): declares the node count in `b` and
/// returns the header `(line, nodes, arcs)`.
fn problem_line(
    line: &str,
    no: u64,
    parsing: &ParseFile,
    b: &mut GraphBuilder,
) -> Result<(u64, u64, u64), FormatError> {
    let toks: Vec<&str> = line.split_ascii_whitespace().skip(1).take(4).collect();
    let [problem, n, m] = toks.as_slice() else {
        return Err(parsing.err(
            no,
            format!("`{}` is not `p sp NODES ARCS`", clip(line.trim())),
            FIX_LINE,
        ));
    };
    if *problem != "sp" {
        return Err(parsing.err(
            no,
            format!("problem type `{}` is not `sp`", clip(problem)),
            "dwell reads shortest-path graphs: `p sp NODES ARCS`",
        ));
    }
    let n = parse_u64(n, "node count").map_err(|p| parsing.err(no, p, FIX_LINE))?;
    let m = parse_u64(m, "arc count").map_err(|p| parsing.err(no, p, FIX_LINE))?;
    parsing.check_nodes(no, n, "the `p` line declares")?;
    b.set_nodes(n)
        .map_err(|e| parsing.push_err(no, e, FIX_LINE))?;
    b.reserve(m.min(RESERVE_CAP) as usize)
        .map_err(|e| parsing.graph(e))?;
    Ok((no, n, m))
}

/// The arc `a FROM TO WEIGHT` of line `no` from its three tokens: its
/// 0-based ends and its weight, the ids checked against `header`.
#[inline]
fn arc(
    [u, v, w]: [&str; 3],
    no: u64,
    parsing: &ParseFile,
    header: Option<(u64, u64, u64)>,
) -> Result<(u64, u64, u32), FormatError> {
    let u = parse_u64(u, "arc source").map_err(|p| parsing.err(no, p, FIX_LINE))?;
    let v = parse_u64(v, "arc target").map_err(|p| parsing.err(no, p, FIX_LINE))?;
    let w = parse_u64(w, "weight").map_err(|p| parsing.err(no, p, FIX_LINE))?;
    let w = u32::try_from(w).map_err(|_| {
        parsing.err(
            no,
            format!("weight {w} does not fit 32 bits"),
            "dwell's weights are u32; rescale the weights",
        )
    })?;
    let (u, v) = match header {
        Some((_, n, _)) => {
            for id in [u, v] {
                if id == 0 || id > n {
                    return Err(parsing.err(
                        no,
                        format!("vertex id {id} is outside 1..={n}"),
                        format!("ids in a `p sp` file are 1-based and at most the node count ({n}); if the file is 0-based, delete the `p` line"),
                    ));
                }
            }
            (u - 1, v - 1)
        }
        None => {
            let top = u.max(v);
            if top >= parsing.max_nodes {
                parsing.check_nodes(no, top.saturating_add(1), "a vertex id implies")?;
            }
            (u, v)
        }
    };
    Ok((u, v, w))
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::super::*;

    fn gr_err(data: &str) -> FormatError {
        let e = parse_err(data.as_bytes(), &LoadOptions::default());
        assert!(e.to_string().starts_with("t:"), "{e}");
        e
    }

    #[test]
    fn one_based_with_header() {
        let g = graph_of(b"c hello\np sp 4 3\nc mid\na 1 2 7\na 2 3 4\n\na 2 3 2\n");
        assert!(g.is_directed());
        assert_eq!((g.nodes(), g.arcs()), (4, 2));
        assert_eq!(g.forward().neighbors(0), &[1]);
        assert_eq!(g.forward().neighbors(1), &[2]);
        assert_eq!(g.forward().weights().unwrap(), &[7.0, 2.0]); // smallest kept
        assert_eq!(g.forward().degree(3), 0);
    }

    #[test]
    fn zero_based_without_header() {
        let g = graph_of(b"a 0 1 5\na 3 0 1\n");
        assert_eq!((g.nodes(), g.arcs()), (4, 2));
        assert_eq!(g.forward().neighbors(3), &[0]);
        assert_eq!(g.forward().weights().unwrap(), &[5.0, 1.0]);
    }

    #[test]
    fn one_based_ids_checked() {
        let e = gr_err("p sp 3 2\na 1 2 1\na 0 1 1\n");
        assert_eq!(e.line(), Some(3));
        assert!(e.to_string().contains("1-based"), "{e}");
        let e = gr_err("p sp 3 1\na -1 2 1\n");
        assert_eq!(e.line(), Some(2));
        assert!(e.to_string().contains("negative"), "{e}");
        let e = gr_err("p sp 3 1\na 1 4 1\n");
        assert_eq!(e.line(), Some(2));
        assert!(e.to_string().contains("outside 1..=3"), "{e}");
    }

    #[test]
    fn arc_count_mismatch() {
        let e = gr_err("p sp 3 3\na 1 2 1\na 2 3 1\n");
        assert_eq!(e.line(), Some(3));
        assert!(e.to_string().contains("after 2 arcs") && e.to_string().contains("declares 3"));
        let e = gr_err("p sp 3 1\na 1 2 1\na 2 3 1\n");
        assert_eq!(e.line(), Some(3));
        assert!(e.to_string().contains("more arcs than the 1"));
    }

    #[test]
    fn malformed_lines() {
        for (data, line, needle) in [
            ("p sp 3\n", 1, "not `p sp"),
            ("p max 3 1\n", 1, "not `sp`"),
            ("p sp x 1\n", 1, "node count"),
            ("p sp 3 99999999999999999999\n", 1, "too large"),
            ("p sp 9999999999 1\n", 1, "limit"),
            ("p sp 3 0\np sp 3 0\n", 2, "second"),
            ("a 0 1 1\np sp 3 1\n", 2, "after arcs"),
            ("p sp 3 1\na 0 1\n", 2, "not `a FROM"),
            ("a 0 1 2 3\n", 1, "not `a FROM"),
            ("a 0 1 -2\n", 1, "negative"),
            ("a 0 1 4294967296\n", 1, "32 bits"),
            ("a 0 -1 2\n", 1, "negative"),
            ("a 0 1 2\nx 1 2\n", 2, "unknown line type"),
            ("a 0 4294967295 1\n", 1, "limit"),
        ] {
            let e = gr_err(data);
            assert_eq!(e.line(), Some(line), "{data:?}: {e}");
            assert!(e.to_string().contains(needle), "{data:?}: {e}");
        }
    }

    #[test]
    fn forced_and_overridden() {
        let opts = LoadOptions {
            format: Some(Format::Dimacs),
            directed: Some(false),
            ..Default::default()
        };
        let g = read(&b"# not dimacs\n"[..], Path::new("t"), &opts).unwrap_err();
        assert_eq!(g.line(), Some(1));
        let g = read(&b"a 0 1 3\n"[..], Path::new("t"), &opts).unwrap();
        assert!(!g.is_directed());
        assert_eq!(g.arcs(), 2);
    }
}
