//! The checks a snapshot's bytes pass before they become a graph: zero
//! padding, each name section's checksum, and — together, on two threads —
//! the layout hash over the arrays and the row scan of the targets (sorted,
//! in range, an undirected graph symmetric). `Csr::from_scanned_parts`
//! then checks the offsets and takes the scan's verdict on the rows.

use super::header::{Entry, Header};
use super::{bad, Kind, REWRITE};
use crate::formats::FormatError;
use crate::graph::hash::LayoutHasher;
use crate::graph::{RowScan, Scanned};
use rayon::prelude::*;
use std::path::Path;
use xxhash_rust::xxh3::xxh3_64;

/// Targets per piece of the row scan (pieces are scanned on any thread and
/// their findings merged).
const PIECE: usize = 64 << 10;

/// Are the bytes between sections (at most 7 before each) all zero?
pub(super) fn padding(b: &[u8], header: &Header, name: &Path) -> Result<(), FormatError> {
    let mut pos = header.table_end;
    for e in &header.entries {
        if b[pos..e.bytes.start].iter().any(|&x| x != 0) {
            return Err(bad(
                name,
                format!("nonzero padding before the {} section", e.kind.name()),
                REWRITE,
            ));
        }
        pos = e.bytes.end;
    }
    Ok(())
}

/// A section's own checksum: the name sections carry XXH3-64 of their
/// bytes; the arrays carry 0 (the layout hash covers them).
pub(super) fn checksum(b: &[u8], e: &Entry, name: &Path) -> Result<(), FormatError> {
    match e.kind {
        Kind::LabelNames | Kind::VertexNames => {
            if xxh3_64(&b[e.bytes.clone()]) != e.checksum {
                return Err(bad(
                    name,
                    format!("the {} section's checksum does not match", e.kind.name()),
                    REWRITE,
                ));
            }
        }
        Kind::Offsets | Kind::Targets | Kind::Labels | Kind::WeightsU32 | Kind::Weights => {
            if e.checksum != 0 {
                return Err(bad(
                    name,
                    format!("the {} section has a checksum; arrays are covered by the layout hash and carry 0", e.kind.name()),
                    REWRITE,
                ));
            }
        }
    }
    Ok(())
}

/// What the row scan found.
pub(super) struct Rows {
    /// The lowest vertex whose row is unsorted or out of range.
    pub first_bad: Option<usize>,
    /// Were an undirected graph's rows symmetric? (`None`: directed.)
    pub symmetric: Option<bool>,
}

/// The layout hash of the stored arrays (their bytes in table order, as
/// `graph::hash` defines it) and, on the pool's other threads meanwhile,
/// the row scan of `targets` cut by `offsets` (`None` when the offsets
/// cannot cut them into rows: `Csr::from_scanned_parts` then says why).
/// The hash reads the file's pages first (on a mapping: faulting them in);
/// the scan follows on whatever pages are in.
pub(super) fn hash_and_scan(
    b: &[u8],
    header: &Header,
    offsets: &[u64],
    targets: &[u32],
) -> (u64, Option<Rows>) {
    let hash = || {
        let mut h = LayoutHasher::new(header.directed, header.nodes, header.arcs);
        for e in &header.entries {
            match e.kind {
                Kind::Labels => h.tag(b"labels"),
                Kind::Weights | Kind::WeightsU32 => h.tag(b"weights"),
                Kind::Offsets | Kind::Targets => {}
                Kind::LabelNames | Kind::VertexNames => continue,
            }
            h.update(&b[e.bytes.clone()]);
        }
        h.finish()
    };
    let scan = || {
        let scan = RowScan::new(offsets, header.arcs, header.directed)?;
        let found = scan_pieces(&scan, targets, PIECE);
        Some(Rows {
            first_bad: found.first_bad_row(),
            symmetric: scan.symmetric(&found),
        })
    };
    rayon::join(hash, scan)
}

/// The findings of `scan` over `targets`, cut into pieces of `per` scanned
/// in parallel (each given the target before it) and merged.
fn scan_pieces(scan: &RowScan<'_>, targets: &[u32], per: usize) -> Scanned {
    targets
        .par_chunks(per)
        .enumerate()
        .map(|(k, piece)| {
            // k · per < targets.len(): no overflow.
            let before = k.checked_sub(1).map(|_| targets[k * per - 1]);
            scan.scan(k * per, before, piece)
        })
        .reduce(Scanned::default, Scanned::merge)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Damage anywhere is found and named by its row, also when a row is
    /// cut between two pieces, and whatever the order the pieces merge in.
    #[test]
    fn pieces_find_the_first_bad_row_across_their_borders() {
        // 64 vertices, directed, rows of two: v → v+1 and v+2 (mod 64).
        let n = 64u64;
        let offsets: Vec<u64> = (0..=n).map(|v| 2 * v).collect();
        let good: Vec<u32> = (0..n as u32)
            .flat_map(|v| {
                let (a, b) = ((v + 1) % 64, (v + 2) % 64);
                [a.min(b), a.max(b)]
            })
            .collect();
        let scan = RowScan::new(&offsets, 2 * n, true).unwrap();
        // Pieces of 7 arcs (the last of 2) cut rows 3, 10, 17, … in two.
        assert_eq!(scan_pieces(&scan, &good, 7).first_bad_row(), None);
        for (arc, value, row) in [
            (127, 99, 63), // out of range, in the last piece
            (35, 99, 17),  // the first arc of piece 5
            (35, 10, 17),  // row 17 = [18, 10]: unsorted across pieces 4 | 5
            (33, 99, 16),  // row 16, inside piece 4
            (3, 99, 1),
        ] {
            let mut t = good.clone();
            t[arc] = value;
            for per in [1, 7, 128] {
                let got = scan_pieces(&scan, &t, per).first_bad_row();
                assert_eq!(got, Some(row), "arc {arc} = {value}, pieces of {per}");
            }
        }
    }
}
