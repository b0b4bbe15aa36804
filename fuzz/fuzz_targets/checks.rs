//! The checks the fuzz targets make, one function per target. The targets call
//! them under libFuzzer; `crates/dwell/tests/fuzz_corpus.rs` includes this same
//! file and replays the committed corpora (`fuzz/corpus/<target>/`) through
//! them on stable, so every input a campaign kept stays a regression test.

#![allow(dead_code)] // each target uses one of these

use dwell::evidence::{verify_csv, CSV_HEADER, MIN_SAMPLES};
use dwell::formats::{parse_weight, read, snapshot, Format, FormatError, IdMode, LoadOptions};
use dwell::program::models::Models;
use dwell::program::{icfg, llvm, points_to};
use dwell::progress::Stop;
use std::path::Path;

/// Arbitrary bytes through `dwell::formats::read` with the format forced must
/// give `Ok` or a `FormatError` with a line and a `Fix:` hint, never a panic.
/// The node limit keeps tiny inputs from declaring billions of isolated
/// vertices (a legitimate, but huge, allocation).
pub fn graph(data: &[u8], format: Format) {
    let opts = LoadOptions {
        format: Some(format),
        max_nodes: Some(1 << 20),
        ..Default::default()
    };
    match read(data, Path::new("fuzz.input"), &opts) {
        Ok(g) => {
            assert!(g.nodes() <= 1 << 20);
            let _ = g.layout_hash();
        }
        Err(e) => {
            let msg = e.to_string();
            assert!(msg.contains("Fix:"), "{msg}");
            if !matches!(e, FormatError::Graph { .. } | FormatError::Snapshot { .. }) {
                assert!(e.line().is_some(), "{msg}");
            }
        }
    }
}

/// Arbitrary bytes through a reader with vertex names (`--ids auto` and
/// `--ids name`): as [`graph`], and a graph's name table covers at most its
/// vertices and maps names and ids both ways.
pub fn named(data: &[u8], format: Format) {
    for ids in [IdMode::Auto, IdMode::Name] {
        let opts = LoadOptions {
            format: Some(format),
            ids,
            max_nodes: Some(1 << 20),
            ..Default::default()
        };
        match read(data, Path::new("fuzz.input"), &opts) {
            Ok(g) => {
                assert!(g.nodes() <= 1 << 20);
                if ids == IdMode::Name {
                    assert!(g.vertex_names().is_some() || g.nodes() == 0);
                }
                if let Some(names) = g.vertex_names() {
                    assert!(names.len() <= g.nodes());
                    for (v, name) in names.iter().take(256) {
                        assert_eq!(names.id_of(name), Some(v), "{name:?}");
                        assert_eq!(g.name(v), Some(name));
                    }
                }
            }
            Err(e) => {
                let msg = e.to_string();
                assert!(msg.contains("Fix:"), "{msg}");
                if !matches!(e, FormatError::Graph { .. } | FormatError::Snapshot { .. }) {
                    assert!(e.line().is_some(), "{msg}");
                }
            }
        }
    }
}

/// Arbitrary bytes as one weight token (`parse_weight`: a finite,
/// non-negative number with one bit pattern for 0, or an error), then as an
/// edge list with `--weights 3` and `4` and as TSV/CSV with `--weights 3`:
/// a graph whose every weight is finite and non-negative, or an error with
/// a line and a `Fix:` hint.
pub fn weights(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(w) = parse_weight(&text) {
        assert!(
            w.is_finite() && w >= 0.0 && w.to_bits() != (-0.0f64).to_bits(),
            "{text:?} → {w}"
        );
    }
    for (format, column) in [
        (Format::EdgeList, "3"),
        (Format::EdgeList, "4"),
        (Format::Tsv, "3"),
        (Format::Csv, "3"),
    ] {
        let opts = LoadOptions {
            format: Some(format),
            weights: Some(column.into()),
            max_nodes: Some(1 << 20),
            ..Default::default()
        };
        match read(data, Path::new("fuzz.input"), &opts) {
            Ok(g) => {
                let w = g.forward().weights();
                assert!(w.is_some() || g.arcs() == 0);
                assert!(w.unwrap_or(&[]).iter().all(|x| x.is_finite() && *x >= 0.0));
            }
            Err(e) => {
                let msg = e.to_string();
                assert!(msg.contains("Fix:"), "{msg}");
                if !matches!(e, FormatError::Graph { .. }) {
                    assert!(e.line().is_some(), "{msg}");
                }
            }
        }
    }
}

/// Arbitrary bytes through the LLVM IR reader (lossy UTF-8, as `read_llvm`
/// reads files): a `Program` whose supergraph builds, or a `ParseError` with a
/// line and a `Fix:` hint.
pub fn llvm(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    match llvm::parse(&text, "fuzz.ll") {
        Ok(p) => {
            let _ = p.counts();
            if let Ok(g) = icfg::build(&p) {
                assert_eq!(g.defs.len(), g.nodes.len());
            }
            points_to_agrees(&p);
        }
        Err(e) => {
            let msg = e.to_string();
            assert!(msg.contains("Fix:"), "{msg}");
            assert!(e.line >= 1, "{msg}");
        }
    }
}

/// The program model's value flow (operands, field paths, global fields
/// and initializers, struct types): points-to's solver gives what its
/// naive oracle gives, on programs small enough for the oracle.
fn points_to_agrees(p: &dwell::program::Program) {
    if p.vars.len() > 4096 {
        return;
    }
    let models = Models::libc();
    let Ok(fast) = points_to::solve(p, &models, 1 << 28, Stop::never()) else {
        return;
    };
    let slow = points_to::reference(p, &models);
    assert_eq!(fast.named_pointers(p), slow.named_pointers(p));
    let sites = |x: &points_to::PointsTo| {
        let mut v: Vec<_> = x.indirect_sites().map(|(s, c)| (s, c.to_vec())).collect();
        v.sort();
        v
    };
    assert_eq!(sites(&fast), sites(&slow));
}

/// Arbitrary text through the evidence CSV verifier, with and without the
/// exact header in front (the first byte sets the required speedup): a proof
/// satisfying the gate's rules, or an error with a `Fix:` hint.
pub fn evidence(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let required = f64::from(first) / 2.0;
    let text = String::from_utf8_lossy(rest);
    for input in [text.to_string(), format!("{CSV_HEADER}\n{text}")] {
        match verify_csv(&input, required) {
            Ok(p) => {
                assert!(p.sample_count >= MIN_SAMPLES);
                assert!(p.min_speedup_x >= required && p.max_speedup_x >= p.min_speedup_x);
            }
            Err(e) => assert!(e.to_string().contains("Fix:"), "{e}"),
        }
    }
}

/// Arbitrary bytes through the snapshot reader, as they are and with every
/// checksum recomputed (so the structural checks behind the checksums are
/// reached too): a graph whose snapshot is exactly these bytes (the layout
/// is canonical) and whose reverse and weak components compute, or an
/// error naming the file with a `Fix:` hint.
pub fn snapshot(data: &[u8]) {
    let opts = LoadOptions {
        max_nodes: Some(1 << 20),
        ..Default::default()
    };
    let mut sealed = data.to_vec();
    reseal(&mut sealed);
    for bytes in [data, &sealed[..]] {
        match snapshot::read(bytes, bytes.len() as u64, Path::new("fuzz.dwell"), &opts) {
            Ok(g) => {
                assert_eq!(snapshot::to_bytes(&g).unwrap(), bytes);
                assert_eq!(g.reverse().arcs(), g.arcs());
                let q = dwell::analysis::Query::Wcc;
                // An empty graph is refused with an error; nothing may panic.
                let _ = dwell::session::run_once(&dwell::backend::Cpu, &g, &q);
            }
            Err(e) => {
                let msg = e.to_string();
                assert!(msg.contains("Fix:") && msg.contains("fuzz.dwell"), "{msg}");
            }
        }
    }
}

/// Recompute a snapshot's checksums in place, as far as its table can be
/// read (docs/SNAPSHOT.md has the layout): the name sections' own,
/// the layout hash over the array sections (kinds 1–4 and 7), the header's.
pub fn reseal(b: &mut [u8]) {
    use dwell::graph::hash::LayoutHasher;
    use xxhash_rust::xxh3::{xxh3_64, Xxh3};
    let word = |b: &[u8], at: usize| -> Option<u64> {
        Some(u64::from_le_bytes(b.get(at..at + 8)?.try_into().ok()?))
    };
    let (Some(nodes), Some(arcs), Some(head)) = (word(b, 16), word(b, 24), b.get(8..44)) else {
        return;
    };
    let directed = head[4] & 1 == 1;
    let count = u32::from_le_bytes([head[32], head[33], head[34], head[35]]) as usize;
    let count = count.min(b.len().saturating_sub(56) / 32);
    let mut layout = LayoutHasher::new(directed, nodes, arcs);
    for i in 0..count {
        let e = 56 + 32 * i;
        let kind = b[e];
        let (Some(off), Some(len)) = (word(b, e + 8), word(b, e + 16)) else {
            continue;
        };
        let section = usize::try_from(off)
            .ok()
            .zip(usize::try_from(len).ok())
            .and_then(|(o, l)| b.get(o..o.checked_add(l)?));
        let Some(section) = section else {
            continue;
        };
        match kind {
            5 | 6 => {
                let sum = xxh3_64(section);
                b[e + 24..e + 32].copy_from_slice(&sum.to_le_bytes());
            }
            1..=4 | 7 => {
                match kind {
                    3 => layout.tag(b"labels"),
                    4 | 7 => layout.tag(b"weights"),
                    _ => {}
                }
                layout.update(section);
            }
            _ => {}
        }
    }
    b[32..40].copy_from_slice(&layout.finish().to_le_bytes());
    if b.len() >= 56 {
        let mut h = Xxh3::new();
        h.update(&b[..48]);
        h.update(&b[56..56 + 32 * count]);
        let d = h.digest();
        b[48..56].copy_from_slice(&d.to_le_bytes());
    }
}
