//! Replays every committed fuzz input — the minimized corpora under
//! `fuzz/corpus/<target>/` and the hand-written seeds under `fuzz/seeds/<target>/`
//! — through the same checks the libFuzzer targets make (`fuzz/fuzz_targets/checks.rs`,
//! included below), on the stable toolchain. A corpus is what a campaign found
//! interesting; replaying it keeps every input that once reached new code a
//! regression test without needing cargo-fuzz or nightly.

#[path = "../../../fuzz/fuzz_targets/checks.rs"]
mod checks;

use dwell::formats::Format;
use std::path::{Path, PathBuf};

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

/// Every file of the target's corpus and seeds, run through `check`; returns
/// how many ran so a missing corpus fails the test instead of passing empty.
fn replay(target: &str, check: impl Fn(&[u8])) -> usize {
    let mut files = Vec::new();
    for kind in ["corpus", "seeds"] {
        let dir = fuzz_dir().join(kind).join(target);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries {
            files.push(e.unwrap().path());
        }
    }
    files.sort();
    for f in &files {
        let data = std::fs::read(f).unwrap();
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check(&data)));
        assert!(
            outcome.is_ok(),
            "fuzz input {} fails its check",
            f.display()
        );
    }
    files.len()
}

/// The corpora must be there: a checkout that lost them would pass vacuously.
fn assert_replayed(target: &str, n: usize, at_least: usize) {
    assert!(
        n >= at_least,
        "fuzz/corpus/{target} holds {n} inputs, expected at least {at_least} (committed minimized corpus)"
    );
}

#[test]
fn edgelist_corpus() {
    let n = replay("edgelist", |d| checks::graph(d, Format::EdgeList));
    assert_replayed("edgelist", n, 100);
}

#[test]
fn matrix_market_corpus() {
    let n = replay("matrix_market", |d| checks::graph(d, Format::MatrixMarket));
    assert_replayed("matrix_market", n, 100);
}

#[test]
fn dimacs_corpus() {
    let n = replay("dimacs", |d| checks::graph(d, Format::Dimacs));
    assert_replayed("dimacs", n, 100);
}

#[test]
fn llvm_corpus() {
    let n = replay("llvm", checks::llvm);
    assert_replayed("llvm", n, 100);
}

#[test]
fn evidence_corpus() {
    let n = replay("evidence", checks::evidence);
    assert_replayed("evidence", n, 50);
}

#[test]
fn snapshot_corpus() {
    let n = replay("snapshot", checks::snapshot);
    assert_replayed("snapshot", n, 100);
}

#[test]
fn names_corpus() {
    let n = replay("names", |d| checks::named(d, Format::EdgeList));
    assert_replayed("names", n, 1000);
}

#[test]
fn tsv_corpus() {
    let n = replay("tsv", |d| checks::named(d, Format::Tsv));
    assert_replayed("tsv", n, 700);
}

#[test]
fn weights_seeds() {
    let n = replay("weights", checks::weights);
    assert_replayed("weights", n, 8);
}

#[test]
fn csv_corpus() {
    let n = replay("csv", |d| checks::named(d, Format::Csv));
    assert_replayed("csv", n, 700);
}
