//! Arc weights read from text (issue 32): `--weights COLUMN` for edge
//! lists, TSV and CSV (a position or a header name; labels and weights
//! together), every bad weight refused with a line and a Fix, and
//! unweighted analyses unaffected by weights.

use dwell::analysis::{BfsQuery, Query};
use dwell::backend::Cpu;
use dwell::formats::{parse_weight, read, Format, FormatError, LoadOptions};
use dwell::graph::Graph;
use dwell::session::run_once;
use std::path::Path;

fn load(
    data: &str,
    name: &str,
    weights: Option<&str>,
    columns: Option<&str>,
) -> Result<Graph, FormatError> {
    let opts = LoadOptions {
        weights: weights.map(str::to_string),
        columns: columns.map(str::to_string),
        ..Default::default()
    };
    read(data.as_bytes(), Path::new(name), &opts)
}

fn weights(g: &Graph) -> Vec<f64> {
    g.forward().weights().expect("weights").to_vec()
}

#[test]
fn edge_lists_read_weights_after_the_vertices_or_after_the_label() {
    let g = load("0 1 2.5\n1 2 0\n0 2 1e3\n", "g.edges", Some("3"), None).unwrap();
    assert!(!g.has_labels());
    // Rows sorted by target: 0→1, 0→2, 1→2.
    assert_eq!(weights(&g), [2.5, 1000.0, 0.0]);
    let g = load("0 1 call 4\n1 2 ret 0.5\n", "g.edges", Some("4"), None).unwrap();
    assert!(g.has_labels());
    assert_eq!(weights(&g), [4.0, 0.5]);
    assert_eq!(g.label_names().resolve("ret").unwrap(), 2);
}

#[test]
fn tsv_and_csv_take_the_weight_column_by_position_or_by_name() {
    let tsv = "src\tdst\tkind\tlength\na\tb\troad\t3\nb\tc\tferry\t0.75\n";
    for spec in ["4", "length"] {
        let g = load(tsv, "g.tsv", Some(spec), None).unwrap();
        assert_eq!(weights(&g), [3.0, 0.75], "--weights {spec}");
        assert!(g.has_labels(), "the label stays in field 3");
    }
    let csv = "from,to,w\nx,y,1.5\ny,z,2\n";
    let g = load(csv, "g.csv", Some("w"), None).unwrap();
    assert_eq!(weights(&g), [1.5, 2.0]);
    assert!(!g.has_labels(), "the weight takes field 3, not a label");
    // Without a header row, a position.
    let g = load("0,1,7\n1,2,8\n", "g.csv", Some("3"), None).unwrap();
    assert_eq!(weights(&g), [7.0, 8.0]);
    // --columns and --weights together.
    let g = load(tsv, "g.tsv", Some("length"), Some("dst,src")).unwrap();
    assert_eq!(
        g.forward().neighbors(g.id_of("b").unwrap()),
        [g.id_of("a").unwrap()]
    );
    assert_eq!(weights(&g), [3.0, 0.75]); // b→a first: b was named first
}

#[test]
fn bad_weights_and_columns_are_refused_with_their_line_and_a_fix() {
    let cases: &[(&str, &str, &str, &str)] = &[
        (
            "0 1 1\n1 2 -3\n",
            "g.edges",
            "3",
            ":2: weight -3 is negative",
        ),
        ("0 1 nan\n", "g.edges", "3", "not finite"),
        ("0 1 inf\n", "g.edges", "3", "not finite"),
        ("0 1 3m\n", "g.edges", "3", "is not a number"),
        ("0 1\n", "g.edges", "3", "has no weight (field 3)"),
        ("0 1 call\n", "g.edges", "4", "has no weight (field 4)"),
        (
            "0 1 2\n",
            "g.edges",
            "length",
            "edge lists have no header row",
        ),
        ("0 1 2\n", "g.edges", "5", "field 3 (`u v w`) or 4"),
        ("0 1 2\n", "g.edges", "0", "1-based"),
        (
            "a\tb\t1\nb\tc\n",
            "g.tsv",
            "3",
            ":2: row has 2 fields, the weight is field 3",
        ),
        ("a\tb\t\n", "g.tsv", "3", "the weight (field 3) is empty"),
        ("s,d,w\na,b,-1\n", "g.csv", "w", ":2: weight -1 is negative"),
        (
            "s,d,w\na,b,1\n",
            "g.csv",
            "len",
            "names a column the header row does not have",
        ),
        ("s,d,w\na,b,1\n", "g.csv", "s", "already holds the source"),
        ("a,b,1\n", "g.csv", "w", "the header row does not have"),
    ];
    for &(data, name, spec, want) in cases {
        let e = load(data, name, Some(spec), None)
            .map(|_| ())
            .expect_err(data)
            .to_string();
        assert!(
            e.contains(want) && e.contains("Fix:"),
            "{data:?} --weights {spec}: {e}"
        );
    }
    let e = load("s,d,w\na,b,1\n", "g.csv", Some("w"), Some("s,d,w,w"))
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(e.contains("given twice") && e.contains("Fix:"), "{e}");
}

#[test]
fn dimacs_and_matrix_market_weights_are_exact_as_f64() {
    let opts = LoadOptions {
        format: Some(Format::Dimacs),
        ..Default::default()
    };
    let g = read(
        &b"p sp 2 1\na 1 2 4294967295\n"[..],
        Path::new("g.gr"),
        &opts,
    )
    .unwrap();
    assert_eq!(weights(&g), [4_294_967_295.0]);
}

#[test]
fn unweighted_analyses_answer_the_same_with_and_without_weights() {
    let plain = load("0 1\n1 2\n0 2\n2 3\n", "g.edges", None, None).unwrap();
    let heavy = load("0 1 5\n1 2 0.5\n0 2 9\n2 3 1\n", "g.edges", Some("3"), None).unwrap();
    let q = Query::Bfs(BfsQuery {
        sources: vec![0],
        keep_levels: true,
    });
    assert_eq!(
        run_once(&Cpu, &plain, &q).unwrap(),
        run_once(&Cpu, &heavy, &q).unwrap()
    );
    assert_ne!(plain.layout_hash(), heavy.layout_hash());
}

#[test]
fn the_weight_parser_takes_decimals_and_refuses_the_rest() {
    assert_eq!(parse_weight("0.125"), Ok(0.125));
    assert_eq!(parse_weight("-0").map(f64::to_bits), Ok(0));
    for bad in ["-1e-9", "NaN", "infinity", "1.5.2", " 3"] {
        assert!(parse_weight(bad).is_err(), "{bad}");
    }
}
