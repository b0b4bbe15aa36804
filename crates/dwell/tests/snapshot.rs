//! Snapshots (`formats::snapshot`): the round trip is property-tested on
//! random graphs (labels, names, weights, both directions); real graphs open
//! from their snapshot with the same layout hash and the same BFS answers;
//! every kind of damage — truncation at any length, any flipped byte, forged
//! headers and forged arrays with a matching checksum — is an error naming
//! the file and ending in `Fix:`, never a panic.

use dwell::analysis::{BfsQuery, Output, Query};
use dwell::backend::Cpu;
use dwell::formats::{self, snapshot, FormatError, LoadOptions};
use dwell::graph::{Graph, GraphBuilder, LabelNames, VertexNames};
use proptest::prelude::*;

/// `checks::reseal` recomputes every checksum of a forged file, so that only
/// the structural checks stand between it and the graph.
#[path = "../../../fuzz/fuzz_targets/checks.rs"]
mod checks;
use checks::reseal;
use std::path::{Path, PathBuf};

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data")
        .join(rel)
}

fn open(bytes: &[u8]) -> Result<Graph, FormatError> {
    snapshot::read(
        bytes,
        bytes.len() as u64,
        Path::new("t.dwell"),
        &LoadOptions::default(),
    )
}

fn same(a: &Graph, b: &Graph) {
    assert_eq!(a.forward(), b.forward());
    assert_eq!(a.is_directed(), b.is_directed());
    assert_eq!(a.label_names(), b.label_names());
    assert_eq!(a.vertex_names(), b.vertex_names());
    assert_eq!(a.layout_hash(), b.layout_hash());
    assert_eq!(a.reverse(), b.reverse());
}

fn assert_fix(e: &FormatError) {
    let msg = e.to_string();
    assert!(msg.contains("Fix:"), "{msg}");
    assert!(msg.contains("t.dwell"), "{msg}");
}

type Arc = (u32, u32, Option<u32>, Option<f64>);

fn build(directed: bool, nodes: u64, arcs: &[Arc], names: usize) -> Graph {
    build_named(directed, nodes, arcs, names, None)
}

/// `vertex_names`: names for the first vertices (`v{i}·ü`, vertex 0 `""`:
/// the API may name a vertex with the empty string, and its snapshot keeps it).
fn build_named(
    directed: bool,
    nodes: u64,
    arcs: &[Arc],
    names: usize,
    vertex_names: Option<u64>,
) -> Graph {
    let mut b = GraphBuilder::new(directed);
    b.set_nodes(nodes).unwrap();
    if let Some(k) = vertex_names {
        let names: Vec<String> = (0..k.min(nodes))
            .map(|i| {
                if i == 0 {
                    String::new()
                } else {
                    format!("v{i}·ü")
                }
            })
            .collect();
        b.set_vertex_names(VertexNames::from_ordered(names.iter().map(String::as_str)).unwrap());
    }
    let mut ln = LabelNames::default();
    for i in 0..names {
        ln.bit_for(&format!("kind-{i}·é")).unwrap();
    }
    b.set_label_names(ln);
    for &(u, v, l, w) in arcs {
        b.push_arc(u.into(), v.into(), l, w).unwrap();
    }
    b.build().unwrap()
}

fn arb_graph() -> impl Strategy<Value = Graph> {
    (
        1u64..40,
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        0usize..4,
        proptest::option::of(0u64..45),
    )
        .prop_flat_map(|(n, directed, labels, weights, names, vnames)| {
            let arc = (
                0..n as u32,
                0..n as u32,
                any::<u32>().prop_map(move |l| labels.then_some(l)),
                any::<u32>().prop_map(move |w| weights.then_some(f64::from(w) / 7.0)),
            );
            proptest::collection::vec(arc, 0..120)
                .prop_map(move |arcs| build_named(directed, n, &arcs, names, vnames))
        })
}

proptest! {
    #[test]
    fn round_trip(g in arb_graph()) {
        let bytes = snapshot::to_bytes(&g).unwrap();
        prop_assert!(snapshot::is_snapshot(&bytes));
        let h = open(&bytes).unwrap();
        same(&g, &h);
        // The bytes are canonical: writing the read graph gives them again.
        prop_assert_eq!(snapshot::to_bytes(&h).unwrap(), bytes);
    }

    #[test]
    fn any_flipped_byte_is_an_error(g in arb_graph(), at in any::<prop::sample::Index>(), bit in 0u8..8) {
        let mut bytes = snapshot::to_bytes(&g).unwrap();
        let i = at.index(bytes.len());
        bytes[i] ^= 1 << bit;
        let e = open(&bytes).unwrap_err();
        assert_fix(&e);
    }
}

#[test]
fn every_truncation_is_an_error() {
    let g = build(
        true,
        9,
        &[
            (0, 1, Some(1), Some(4.0)),
            (3, 8, Some(2), Some(1.5)),
            (8, 0, Some(3), Some(0.0)),
        ],
        2,
    );
    let bytes = snapshot::to_bytes(&g).unwrap();
    for len in 0..bytes.len() {
        let e = open(&bytes[..len]).unwrap_err();
        assert_fix(&e);
    }
    // A stream shorter than the length it is said to have.
    let e = snapshot::read(
        &bytes[..bytes.len() - 3],
        bytes.len() as u64,
        Path::new("t.dwell"),
        &LoadOptions::default(),
    )
    .unwrap_err();
    assert_fix(&e);
    assert!(e.to_string().contains("ended before"), "{e}");
}

#[test]
fn forged_files_with_valid_checksums_are_refused() {
    // 0→1, 0→2, 1→2: offsets [0,2,3,3] at the first section, targets after.
    let g = build(
        true,
        3,
        &[(0, 1, None, None), (0, 2, None, None), (1, 2, None, None)],
        0,
    );
    let good = snapshot::to_bytes(&g).unwrap();
    let offsets_at = u64::from_le_bytes(good[56 + 8..56 + 16].try_into().unwrap()) as usize;
    let targets_at = u64::from_le_bytes(good[88 + 8..88 + 16].try_into().unwrap()) as usize;
    type Forge = Box<dyn Fn(&mut Vec<u8>)>;
    let cases: Vec<(&str, Forge)> = vec![
        ("target out of range", Box::new(move |b| b[targets_at] = 7)),
        (
            "unsorted row",
            Box::new(move |b| b.swap(targets_at, targets_at + 4)),
        ),
        (
            "decreasing offsets",
            Box::new(move |b| b[offsets_at + 8] = 9),
        ),
        ("first offset", Box::new(move |b| b[offsets_at] = 1)),
        (
            "huge node count",
            Box::new(|b| b[16..24].copy_from_slice(&(1u64 << 40).to_le_bytes())),
        ),
        (
            "huge arc count",
            Box::new(|b| b[24..32].copy_from_slice(&u64::MAX.to_le_bytes())),
        ),
        ("section count", Box::new(|b| b[40] = 200)),
        ("unknown kind", Box::new(|b| b[56 + 32] = 9)),
        ("array checksum", Box::new(|b| b[56 + 24] = 1)),
        ("unknown flag", Box::new(|b| b[13] = 1)),
        ("asymmetric rows marked undirected", Box::new(|b| b[12] = 0)),
        ("version", Box::new(|b| b[8] = 2)),
        ("overlapping section", Box::new(|b| b[88 + 8] -= 8)),
        ("trailing bytes", Box::new(|b| b.extend_from_slice(&[0; 8]))),
    ];
    for (what, forge) in cases {
        let mut b = good.clone();
        forge(&mut b);
        reseal(&mut b);
        let e = open(&b).expect_err(what);
        assert_fix(&e);
        eprintln!("{what}: {e}");
    }
    // A header hash that is not the arrays' (reseal would repair it).
    let mut b = good.clone();
    b[32] ^= 1;
    let mut h = xxhash_rust::xxh3::Xxh3::new();
    h.update(&b[..48]);
    h.update(&b[56..56 + 64]);
    let d = h.digest();
    b[48..56].copy_from_slice(&d.to_le_bytes());
    assert!(open(&b).unwrap_err().to_string().contains("layout hash"));
    // The unforged bytes still open (the cases above really are the damage).
    let mut b = good.clone();
    reseal(&mut b);
    same(&g, &open(&b).unwrap());
}

#[test]
fn directedness_cannot_be_overridden_and_the_node_limit_applies() {
    let g = build(false, 3, &[(0, 1, None, None)], 0);
    let bytes = snapshot::to_bytes(&g).unwrap();
    let name = Path::new("t.dwell");
    let opts = LoadOptions {
        directed: Some(true),
        ..Default::default()
    };
    let e = snapshot::read(&bytes[..], bytes.len() as u64, name, &opts).unwrap_err();
    assert!(e.to_string().contains("--directed"), "{e}");
    let opts = LoadOptions {
        directed: Some(false),
        ..Default::default()
    };
    snapshot::read(&bytes[..], bytes.len() as u64, name, &opts).unwrap();
    let opts = LoadOptions {
        max_nodes: Some(2),
        ..Default::default()
    };
    let e = snapshot::read(&bytes[..], bytes.len() as u64, name, &opts).unwrap_err();
    assert_fix(&e);
}

/// Real graphs through a file: `formats::load` detects the snapshot by its
/// magic (not its name), maps it, and BFS answers are those of the parsed
/// graph.
#[test]
fn real_graphs_open_by_magic_with_identical_answers() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["karate", "email-Enron", "pgp-strong-2009", "celegansneural"] {
        let src = data(&format!("graphs/{name}.edges.xz"));
        let g = formats::load(&src, &LoadOptions::default()).unwrap();
        let snap = dir.path().join(format!("{name}.anything"));
        snapshot::write(&snap, &g).unwrap();
        assert!(snapshot::is_snapshot_file(&snap));
        let h = formats::load(&snap, &LoadOptions::default()).unwrap();
        same(&g, &h);
        // Opened from a file, the arrays are views of its mapping.
        assert!(
            h.forward().is_mapped() && !g.forward().is_mapped(),
            "{name}"
        );
        // A compressed snapshot opens too (through the decompressing reader).
        let raw = std::fs::read(&snap).unwrap();
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        std::io::Write::write_all(&mut gz, &raw).unwrap();
        let gz_path = dir.path().join(format!("{name}.dwell.gz"));
        std::fs::write(&gz_path, gz.finish().unwrap()).unwrap();
        same(
            &g,
            &formats::load(&gz_path, &LoadOptions::default()).unwrap(),
        );
        let sources: Vec<u32> = (0..g.nodes() as u32)
            .step_by(g.nodes().div_ceil(16))
            .collect();
        let q = Query::Bfs(BfsQuery {
            sources,
            keep_levels: true,
        });
        let a = dwell::session::run_once(&Cpu, &g, &q).unwrap();
        let b = dwell::session::run_once(&Cpu, &h, &q).unwrap();
        assert!(matches!(a, Output::Bfs(_)));
        assert_eq!(a, b, "{name}");
    }
}

#[test]
fn named_labels_from_an_edge_list_round_trip() {
    let text = b"0 1 call\n1 2 flow\n2 0 return\n0 2 call\n";
    let g = formats::read(&text[..], Path::new("x.edges"), &LoadOptions::default()).unwrap();
    assert_eq!(
        g.label_names().to_string(),
        "call=0x1, flow=0x2, return=0x4"
    );
    let h = open(&snapshot::to_bytes(&g).unwrap()).unwrap();
    same(&g, &h);
    assert_eq!(h.label_names().resolve("return").unwrap(), 4);
}

#[test]
fn named_vertices_from_an_edge_list_round_trip() {
    let text = b"libc6 python3 dep\npython3 pip dep\npip libc6 suggests\n";
    let g = formats::read(&text[..], Path::new("x.edges"), &LoadOptions::default()).unwrap();
    assert_eq!(g.vertex_names().map(VertexNames::len), Some(3));
    let h = open(&snapshot::to_bytes(&g).unwrap()).unwrap();
    same(&g, &h);
    assert_eq!(h.id_of("pip"), Some(2));
}

#[test]
fn forged_vertex_names_are_refused() {
    let g = build_named(true, 3, &[(0, 1, None, None)], 0, Some(3));
    let good = snapshot::to_bytes(&g).unwrap();
    let count = u32::from_le_bytes(good[40..44].try_into().unwrap()) as usize;
    let e = 56 + 32 * (count - 1);
    assert_eq!(good[e], 6, "the names section is last");
    let at = u64::from_le_bytes(good[e + 8..e + 16].try_into().unwrap()) as usize;
    type Forge = Box<dyn Fn(&mut Vec<u8>)>;
    let cases: Vec<(&str, Forge)> = vec![
        ("more names than vertices", Box::new(move |b| b[at] = 4)),
        (
            "offset inside a character",
            Box::new(move |b| b[at + 16] = 3),
        ),
        ("offsets out of order", Box::new(move |b| b[at + 16] = 200)),
        // "v2·ü" → "v1·ü": the digit sits 5 bytes before the end.
        (
            "a repeated name",
            Box::new(move |b| {
                let n = b.len();
                b[n - 5] = b'1';
            }),
        ),
    ];
    for (what, forge) in cases {
        let mut b = good.clone();
        forge(&mut b);
        reseal(&mut b);
        let err = open(&b).expect_err(what);
        assert_fix(&err);
        eprintln!("{what}: {err}");
    }
}

/// Names no graph file can give are refused even with valid checksums: a
/// label called `all` would shadow the selection of every label, labels
/// with spaces around or control characters could never be selected, and a
/// control character in a vertex name would break a report's lines.
#[test]
fn forged_names_no_file_can_give_are_refused() {
    let mut b = GraphBuilder::new(true);
    b.set_nodes(3).unwrap();
    let mut ln = LabelNames::default();
    ln.bit_for("abc").unwrap();
    b.set_label_names(ln);
    b.set_vertex_names(VertexNames::from_ordered(["p", "q", "rst"]).unwrap());
    b.push_arc(0, 1, Some(1), None).unwrap();
    let g = b.build().unwrap();
    let good = snapshot::to_bytes(&g).unwrap();
    same(&g, &open(&good).unwrap());
    let find = |what: &[u8]| good.windows(what.len()).position(|w| w == what).unwrap();
    let label = find(b"abc");
    let vertex = find(b"pqrst");
    for (what, at, bytes) in [
        ("a label called all", label, &b"all"[..]),
        ("a label with a leading space", label, b" bc"),
        ("a label with a tab", label, b"a\tc"),
        ("a vertex name with a newline", vertex + 3, b"\n"),
        ("a vertex name with a NUL", vertex, b"\0"),
    ] {
        let mut b = good.clone();
        b[at..at + bytes.len()].copy_from_slice(bytes);
        reseal(&mut b);
        let err = open(&b).expect_err(what);
        assert_fix(&err);
        eprintln!("{what}: {err}");
    }
}

/// Files of many scan pieces have their rows and symmetry checked piece by
/// piece, in parallel with the layout hash: damage far into the file is
/// refused, naming the row, and the undamaged file opens.
#[test]
fn damage_past_the_first_piece_is_found_by_the_parallel_checks() {
    // Arcs v → v+1 and v → v+7 (mod n): 300,000 directed arcs, 600,000
    // undirected (rows of four), 2.4 MB of targets: ten 64 Ki-arc pieces.
    let n = 150_000u32;
    let arcs: Vec<Arc> = (0..n)
        .flat_map(|v| [(v, (v + 1) % n, None, None), (v, (v + 7) % n, None, None)])
        .collect();
    let undirected = build(false, n as u64, &arcs, 0);
    let good = snapshot::to_bytes(&undirected).unwrap();
    same(&undirected, &open(&good).unwrap());
    let targets_at = u64::from_le_bytes(good[88 + 8..88 + 16].try_into().unwrap()) as usize;
    // Arc 500,000 starts row 125,000: [124993, 124999, 125001, 125007].
    let arc = move |i: usize| targets_at + 4 * i;
    let set = move |b: &mut Vec<u8>, i: usize, v: u32| {
        b[arc(i)..arc(i) + 4].copy_from_slice(&v.to_le_bytes())
    };
    type Forge = Box<dyn Fn(&mut Vec<u8>)>;
    let cases: Vec<(&str, &str, Forge)> = vec![
        (
            "unsorted row",
            "row of vertex 125000",
            Box::new(move |b| set(b, 500_001, 124_990)),
        ),
        (
            "target out of range",
            "targets vertex 150000",
            Box::new(move |b| set(b, 500_003, n)),
        ),
        // The last piece, shorter than the others.
        (
            "target out of range at the end",
            "targets vertex 150000",
            Box::new(move |b| set(b, 599_999, n)),
        ),
        // Still sorted and in range, but 125000 → 125008 has no way back.
        (
            "one arc moved",
            "not symmetric",
            Box::new(move |b| set(b, 500_003, 125_008)),
        ),
    ];
    for (what, says, forge) in cases {
        let mut b = good.clone();
        forge(&mut b);
        reseal(&mut b);
        let Err(e) = open(&b) else {
            panic!("{what}: the damaged file opened")
        };
        assert_fix(&e);
        assert!(e.to_string().contains(says), "{what}: {e}");
    }
    // The same arcs stored directed, then marked undirected.
    let mut b = snapshot::to_bytes(&build(true, n as u64, &arcs, 0)).unwrap();
    b[12] = 0;
    reseal(&mut b);
    assert!(open(&b).unwrap_err().to_string().contains("not symmetric"));
}

/// Weights are f64 since issue 32 (section kind 7); a snapshot whose table
/// lists the old u32 weights (kind 4) is refused with the way out, before
/// any section is read.
#[test]
fn weights_round_trip_and_old_u32_weights_are_refused_with_a_fix() {
    let mut b = GraphBuilder::new(true);
    b.push_arc(0, 1, None, Some(0.25)).unwrap();
    b.push_arc(1, 2, None, Some(3.0)).unwrap();
    let g = b.build().unwrap();
    let bytes = snapshot::to_bytes(&g).unwrap();
    let h = open(&bytes).unwrap();
    assert_eq!(h.forward().weights().unwrap(), &[0.25, 3.0]);
    assert_eq!(h.layout_hash(), g.layout_hash());
    // The table: 56-byte header, then 32-byte entries (kind u32 first).
    let count = u32::from_le_bytes(bytes[40..44].try_into().unwrap()) as usize;
    let mut old = bytes.clone();
    let entry = (0..count)
        .map(|i| 56 + 32 * i)
        .find(|&at| u32::from_le_bytes(old[at..at + 4].try_into().unwrap()) == 7)
        .expect("a weights section");
    old[entry..entry + 4].copy_from_slice(&4u32.to_le_bytes());
    let mut h = xxhash_rust::xxh3::Xxh3::new();
    h.update(&old[..48]);
    h.update(&old[56..56 + 32 * count]);
    old[48..56].copy_from_slice(&h.digest().to_le_bytes());
    let e = open(&old).unwrap_err().to_string();
    assert!(e.contains("u32 weights") && e.contains("Fix:"), "{e}");
}
