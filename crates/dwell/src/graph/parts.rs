//! A [`Graph`] from arrays read elsewhere (a snapshot file), trusted only
//! after checking every invariant [`GraphBuilder`](super::GraphBuilder)
//! establishes: offsets start at 0, never decrease and end at the arc count;
//! targets are below the vertex count and strictly increasing within a row
//! (sorted, no duplicates); label and weight columns are one per arc; the
//! vertex count leaves `u32::MAX` free. What these checks cannot see is
//! semantic: an undirected graph whose rows are not symmetric is a different
//! (directed-looking) graph, not an unsafe one; every index stays in bounds.

use super::{hash, Csr, Graph, LabelNames, VertexNames, Words, NO_VERTEX};
use rayon::prelude::*;
use std::sync::OnceLock;

/// Which invariant a set of CSR arrays breaks.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PartsError {
    #[error("the offsets array is empty (it needs nodes + 1 entries)")]
    NoOffsets,
    #[error("{nodes} vertices leave no id free for \"no vertex\" (at most {max})")]
    TooManyNodes { nodes: u64, max: u64 },
    #[error("offsets[0] is {value}, not 0")]
    FirstOffset { value: u64 },
    #[error("offsets[{vertex}] = {next} is below offsets[{prev_vertex}] = {prev} (offsets must never decrease)", prev_vertex = vertex - 1)]
    Decreasing { vertex: usize, prev: u64, next: u64 },
    #[error("the last offset is {last}, but there are {arcs} arcs")]
    LastOffset { last: u64, arcs: u64 },
    #[error("arc {index} (of vertex {vertex}) targets vertex {target}, out of range for {nodes} vertices")]
    TargetOutOfRange {
        vertex: usize,
        index: usize,
        target: u32,
        nodes: usize,
    },
    #[error("the row of vertex {vertex} is not strictly increasing at arc {index} (targets must be sorted, without duplicates)")]
    Unsorted { vertex: usize, index: usize },
    #[error(
        "the graph is marked undirected but its rows are not symmetric (some arc u→v has no v→u)"
    )]
    Asymmetric,
    #[error("{names} vertex names for {nodes} vertices")]
    TooManyNames { names: usize, nodes: usize },
    #[error("arc {arc} has weight {value}; weights must be finite and non-negative")]
    BadWeight { arc: usize, value: String },
    #[error("the {what} column has {len} entries for {arcs} arcs")]
    ColumnLength {
        what: &'static str,
        len: usize,
        arcs: usize,
    },
}

impl Csr {
    /// A CSR from its arrays, checked (see the module doc). Rows are checked
    /// in parallel; the first broken invariant (lowest vertex) is reported.
    pub fn from_parts(
        offsets: Vec<u64>,
        targets: Vec<u32>,
        labels: Option<Vec<u32>>,
        weights: Option<Vec<f64>>,
    ) -> Result<Csr, PartsError> {
        Csr::from_scanned_parts(
            offsets.into(),
            targets.into(),
            labels.map(Words::from),
            weights.map(Words::from),
            None,
        )
    }

    /// [`Csr::from_parts`], with the rows already checked by a [`RowScan`]
    /// over these offsets (which it checked) whose pieces tiled exactly
    /// these targets, when `scanned` is their merged
    /// [`first_bad_row`](Scanned::first_bad_row).
    pub(crate) fn from_scanned_parts(
        offsets: Words<u64>,
        targets: Words<u32>,
        labels: Option<Words<u32>>,
        weights: Option<Words<f64>>,
        scanned: Option<Option<usize>>,
    ) -> Result<Csr, PartsError> {
        let nodes = offsets.len().checked_sub(1).ok_or(PartsError::NoOffsets)?;
        if nodes as u64 >= NO_VERTEX as u64 {
            return Err(PartsError::TooManyNodes {
                nodes: nodes as u64,
                max: NO_VERTEX as u64 - 1,
            });
        }
        let arcs = targets.len();
        let lengths = [
            ("labels", labels.as_ref().map(|c| c.len())),
            ("weights", weights.as_ref().map(|c| c.len())),
        ];
        for (what, len) in lengths {
            if let Some(len) = len.filter(|&len| len != arcs) {
                return Err(PartsError::ColumnLength { what, len, arcs });
            }
        }
        if let Some(w) = &weights {
            if let Some(arc) = w.par_iter().position_first(|x| !valid_weight(*x)) {
                return Err(PartsError::BadWeight {
                    arc,
                    value: w[arc].to_string(),
                });
            }
        }
        if offsets[0] != 0 {
            return Err(PartsError::FirstOffset { value: offsets[0] });
        }
        // A RowScan exists only for offsets that never decrease: no second pass.
        let decreasing = match scanned {
            Some(_) => None,
            None => (1..=nodes).find(|&v| offsets[v] < offsets[v - 1]),
        };
        if let Some(v) = decreasing {
            return Err(PartsError::Decreasing {
                vertex: v,
                prev: offsets[v - 1],
                next: offsets[v],
            });
        }
        if offsets[nodes] != arcs as u64 {
            return Err(PartsError::LastOffset {
                last: offsets[nodes],
                arcs: arcs as u64,
            });
        }
        // Offsets are now monotone and end at `arcs`, so every row slice below
        // is in bounds.
        let bad_row = scanned.unwrap_or_else(|| {
            (0..nodes)
                .into_par_iter()
                .with_min_len(4096)
                .find_first(|&v| {
                    !row_ok(
                        &targets[offsets[v] as usize..offsets[v + 1] as usize],
                        nodes,
                    )
                })
        });
        if let Some(v) = bad_row {
            // `find_first` found an error at v, so this is Some.
            return Err(row_error(&offsets, &targets, v, nodes).unwrap_or(PartsError::NoOffsets));
        }
        Ok(Csr {
            offsets,
            targets,
            labels,
            weights,
        })
    }
}

/// Can an arc carry `w`? Finite and non-negative (`-0.0` included: it
/// compares equal to 0).
pub(crate) fn valid_weight(w: f64) -> bool {
    w.is_finite() && w >= 0.0
}

/// Is a row strictly increasing and below `nodes`? (Then only its last
/// target needs the bound check.) Branch-free over the row, so it
/// vectorizes: this is most of the time a snapshot takes to open.
fn row_ok(row: &[u32], nodes: usize) -> bool {
    row.last().is_none_or(|&t| (t as usize) < nodes) && increasing(row)
}

/// Is `row` strictly increasing? Branch-free (see [`row_ok`]).
fn increasing(row: &[u32]) -> bool {
    row.windows(2).fold(true, |ok, w| ok & (w[0] < w[1]))
}

/// What is wrong with vertex `v`'s row, if anything.
fn row_error(offsets: &[u64], targets: &[u32], v: usize, nodes: usize) -> Option<PartsError> {
    let (start, end) = (offsets[v] as usize, offsets[v + 1] as usize);
    let row = &targets[start..end];
    if let Some(i) = row.iter().position(|&t| t as usize >= nodes) {
        return Some(PartsError::TargetOutOfRange {
            vertex: v,
            index: start + i,
            target: row[i],
            nodes,
        });
    }
    row.windows(2)
        .position(|w| w[0] >= w[1])
        .map(|i| PartsError::Unsorted {
            vertex: v,
            index: start + i + 1,
        })
}

/// Is every arc u→v matched by v→u? An order-independent fingerprint: with
/// h(x) a keyed mix of vertex x, row u adds h(u)·(Σ h(v) over its targets
/// above u − Σ h(v) over those below u). Each pair {lo, hi} then counts
/// h(lo)·h(hi) once for the arc pointing up and minus once for the arc
/// pointing down, so the wrapping sum is hᵀMh for the matrix M of pairs
/// whose two directions differ: 0 when the rows are symmetric, and for any
/// other M about as likely to vanish as a product of two random 64-bit
/// words (about 64 · 2^-64 = 2^-58). The key is drawn at random per call,
/// so a crafted file cannot aim for a false match. One mix per arc, summed
/// as above or below the row's own id: a transpose would cost what a
/// snapshot saves.
fn symmetric(csr: &Csr) -> bool {
    let key = symmetry_key();
    let sum = (0..csr.nodes() as u32)
        .into_par_iter()
        .with_min_len(4096)
        .map(|u| segment(u, csr.neighbors(u), key))
        .reduce(|| 0, u64::wrapping_add);
    sum == 0
}

/// Two random key words, the second odd (so the multiply is a bijection).
fn symmetry_key() -> (u64, u64) {
    use std::hash::{BuildHasher, Hasher};
    let word = |salt: u64| {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(salt);
        h.finish()
    };
    (word(0), word(1) | 1)
}

/// h(x): the 128-bit product of the keyed id and an odd key word, its two
/// halves folded together (wyhash's mix): one scalar multiply per arc, where
/// splitmix64's finalizer took two 64-bit multiplies that baseline x86-64
/// vectorizes badly (SSE2 has no 64-bit multiply).
#[inline]
fn mix(x: u32, key: (u64, u64)) -> u64 {
    let p = u128::from(x as u64 ^ key.0) * u128::from(key.1);
    (p as u64) ^ (p >> 64) as u64
}

/// Row u's share of the fingerprint from `seg`, a run of its targets (a
/// whole row, or the part of it one piece of a file holds). One pass with
/// no branch: a running total of the mixes, copied aside while the targets
/// are below `u` and while they are at most `u` — in a sorted run those
/// copies are the sums below `u` and up to `u`, so above − below = (total −
/// up to u) − below and a self loop counts in neither. (An unsorted run
/// makes the share meaningless; its row is then refused before the share is
/// looked at.) Two conditional moves per arc, where masking each mix into a
/// sum above and a sum below took four instructions more; finding the split
/// by two binary searches cost a mispredicted branch per step, per row.
#[inline]
fn segment(u: u32, seg: &[u32], key: (u64, u64)) -> u64 {
    let (mut total, mut below, mut up_to) = (0u64, 0u64, 0u64);
    for &v in seg {
        total = total.wrapping_add(mix(v, key));
        below = if v < u { total } else { below };
        up_to = if v <= u { total } else { up_to };
    }
    mix(u, key).wrapping_mul(total.wrapping_sub(up_to).wrapping_sub(below))
}

/// The row checks of [`Csr::from_parts`] and, for an undirected graph, the
/// symmetry fingerprint of [`symmetric`], over the targets array piece by
/// piece. Each piece is scanned on its own (its first row found by a binary
/// search in the offsets, the target before it passed in), and the findings
/// of pieces merge in any order ([`Scanned::merge`]): the snapshot checks
/// scan pieces in parallel while the layout hash reads the same pages,
/// instead of following it in passes of their own.
pub(crate) struct RowScan<'a> {
    offsets: &'a [u64],
    /// The fingerprint's key; `None` for a directed graph.
    key: Option<(u64, u64)>,
}

/// What [`RowScan::scan`] found in some pieces of the targets.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Scanned {
    /// The lowest row found unsorted or out of range.
    first_bad: Option<usize>,
    /// The pieces' wrapping share of the fingerprint.
    sum: u64,
}

impl Scanned {
    /// The findings of both sets of pieces.
    pub(crate) fn merge(self, other: Scanned) -> Scanned {
        let first_bad = match (self.first_bad, other.first_bad) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Scanned {
            first_bad,
            sum: self.sum.wrapping_add(other.sum),
        }
    }

    /// The lowest vertex whose row is not strictly increasing and in range
    /// (once every piece was scanned and merged).
    pub(crate) fn first_bad_row(&self) -> Option<usize> {
        self.first_bad
    }
}

impl<'a> RowScan<'a> {
    /// A scan over rows cut by `offsets`, or `None` when they cannot cut
    /// `arcs` arcs into rows (not starting at 0, decreasing, not ending at
    /// `arcs`) or leave no id free: [`Csr::from_parts`] then says which.
    pub(crate) fn new(offsets: &'a [u64], arcs: u64, directed: bool) -> Option<RowScan<'a>> {
        // Branch-free, so it vectorizes; the answer is only wanted whole.
        let monotone = offsets.windows(2).fold(true, |ok, w| ok & (w[0] <= w[1]));
        let ok = offsets.first() == Some(&0)
            && offsets.last() == Some(&arcs)
            && offsets.len() - 1 < NO_VERTEX as usize
            && monotone;
        ok.then(|| RowScan {
            offsets,
            key: (!directed).then(symmetry_key),
        })
    }

    /// The arcs `start..start + piece.len()` of the targets array; `before`
    /// is the arc at `start - 1` (`None` when `start` is 0). Pieces that
    /// tile the array, scanned in any order and on any thread, merge into
    /// the whole array's findings. Arcs past the offsets' last (which a
    /// reader that read exactly `arcs` never passes) are not looked at.
    ///
    /// Order is checked by counting: a descent is a target not below the
    /// next one (over `before` and the piece), and every row is strictly
    /// increasing exactly when each descent is where one row ends and the
    /// next begins. So one branch-free pass counts the descents (it
    /// vectorizes), the pass over the rows counts those at row starts, and
    /// only when the counts differ are the piece's rows walked again to name
    /// the first bad one; the fingerprint's loop carries no order check.
    pub(crate) fn scan(&self, start: usize, before: Option<u32>, piece: &[u32]) -> Scanned {
        let offsets = self.offsets;
        let nodes = offsets.len() - 1;
        let arcs = offsets[nodes] as usize;
        let piece = &piece[..piece.len().min(arcs.saturating_sub(start))];
        let mut found = Scanned::default();
        let Some(&first) = piece.first() else {
            return found;
        };
        let descents = piece[..piece.len() - 1]
            .iter()
            .zip(&piece[1..])
            .fold(0usize, |n, (a, b)| n + usize::from(a >= b))
            + usize::from(before.is_some_and(|p| p >= first));
        let mut at_row_starts = 0usize;
        let mut out_of_range = None;
        self.segments(start, piece, |row, at, seg, row_starts| {
            // The target before `seg`, if any (in this row or the one before).
            let prev = if at == 0 { before } else { Some(piece[at - 1]) };
            if row_starts {
                at_row_starts += usize::from(prev.is_some_and(|p| p >= seg[0]));
            }
            // In a strictly increasing row the last target is the largest.
            if seg[seg.len() - 1] as usize >= nodes && out_of_range.is_none() {
                out_of_range = Some(row);
            }
            if let Some(key) = self.key {
                found.sum = found.sum.wrapping_add(segment(row as u32, seg, key));
            }
        });
        found.first_bad = if descents == at_row_starts {
            out_of_range
        } else {
            self.bad_row_walk(start, before, piece)
        };
        found
    }

    /// The first row of the piece that is not strictly increasing (from
    /// `before`, when its row began earlier) or has a target out of range.
    fn bad_row_walk(&self, start: usize, before: Option<u32>, piece: &[u32]) -> Option<usize> {
        let nodes = self.offsets.len() - 1;
        let mut bad = None;
        self.segments(start, piece, |row, at, seg, row_starts| {
            let prev = match at {
                _ if row_starts => None,
                0 => before,
                _ => Some(piece[at - 1]),
            };
            let ordered = increasing(seg) && prev.is_none_or(|p| p < seg[0]);
            let in_range = (seg[seg.len() - 1] as usize) < nodes;
            if !(ordered && in_range) && bad.is_none() {
                bad = Some(row);
            }
        });
        bad
    }

    /// Calls `f(row, at, seg, row_starts)` for each run `seg` =
    /// `piece[at..]` of one row's targets in the arcs `start..start +
    /// piece.len()` (which end at or before the offsets' last), in order;
    /// `row_starts` says whether the row's first arc is `seg`'s.
    fn segments(&self, start: usize, piece: &[u32], mut f: impl FnMut(usize, usize, &[u32], bool)) {
        let offsets = self.offsets;
        if piece.is_empty() {
            return;
        }
        // The row holding arc `start`: the last whose offset is at most
        // `start` (offsets start at 0, and end at `arcs` > `start`).
        let mut row = offsets.partition_point(|&o| o as usize <= start) - 1;
        let mut at = 0;
        while at < piece.len() {
            // Offsets never decrease and end above every arc of the piece,
            // so this stops at the row holding arc `start + at`.
            while offsets[row + 1] as usize <= start + at {
                row += 1;
            }
            let take = (offsets[row + 1] as usize - (start + at)).min(piece.len() - at);
            let row_starts = start + at == offsets[row] as usize;
            f(row, at, &piece[at..at + take], row_starts);
            at += take;
        }
    }

    /// Were an undirected graph's rows symmetric, by the merged findings of
    /// pieces tiling the whole targets array? `None` for a directed graph.
    /// (Meaningful once the rows are good.)
    pub(crate) fn symmetric(&self, found: &Scanned) -> Option<bool> {
        self.key.map(|_| found.sum == 0)
    }
}

impl Graph {
    /// A graph from a forward CSR checked by [`Csr::from_parts`], hashed
    /// here: for readers that build the arrays themselves (a timely part
    /// straight from its records, without an edge list in between).
    pub fn from_csr(
        forward: Csr,
        directed: bool,
        label_names: LabelNames,
    ) -> Result<Graph, PartsError> {
        let layout_hash = hash::layout_hash(&forward, directed);
        Graph::from_forward(forward, directed, label_names, None, layout_hash, None)
    }

    /// A graph from a checked forward CSR ([`Csr::from_parts`]); the reverse
    /// is built on first use as for any graph. `layout_hash` must be the
    /// hash of exactly these arrays, computed by the caller from their bytes
    /// (the snapshot checks feed a [`hash::LayoutHasher`] the mapped arrays), never
    /// a stored value taken on trust.
    /// `vertex_names` may name the first vertices or all of them, not more
    /// (more names than vertices is an error naming both counts).
    /// `symmetric_scanned` is the answer of a [`RowScan`] fed exactly these
    /// targets, or `None` to check an undirected graph here.
    pub(crate) fn from_forward(
        forward: Csr,
        directed: bool,
        label_names: LabelNames,
        vertex_names: Option<VertexNames>,
        layout_hash: u64,
        symmetric_scanned: Option<bool>,
    ) -> Result<Graph, PartsError> {
        debug_assert_eq!(layout_hash, hash::layout_hash(&forward, directed));
        // Undirected code paths rely on symmetry (the reverse *is* the
        // forward CSR; k-core peeling counts degrees down), so it is checked.
        if !directed && !symmetric_scanned.unwrap_or_else(|| symmetric(&forward)) {
            return Err(PartsError::Asymmetric);
        }
        if let Some(n) = &vertex_names {
            if n.len() > forward.nodes() {
                return Err(PartsError::TooManyNames {
                    names: n.len(),
                    nodes: forward.nodes(),
                });
            }
        }
        Ok(Graph {
            forward,
            reverse: OnceLock::new(),
            skewed: OnceLock::new(),
            foldable: OnceLock::new(),
            packed: OnceLock::new(),
            directed,
            label_names,
            vertex_names,
            layout_hash,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(offsets: &[u64], targets: &[u32]) -> Result<Csr, PartsError> {
        Csr::from_parts(offsets.to_vec(), targets.to_vec(), None, None)
    }

    #[test]
    fn accepts_what_the_builder_makes_and_hashes_the_same() {
        let mut b = super::super::GraphBuilder::new(true);
        for (u, v) in [(0, 1), (1, 2), (2, 0), (0, 2)] {
            b.push(u, v).unwrap();
        }
        let g = b.build().unwrap();
        let f = g.forward();
        let csr = Csr::from_parts(f.offsets().to_vec(), f.targets().to_vec(), None, None).unwrap();
        let hash = hash::layout_hash(&csr, true);
        let h = Graph::from_forward(csr, true, LabelNames::default(), None, hash, None).unwrap();
        assert_eq!(h.layout_hash(), g.layout_hash());
        assert_eq!(h.forward(), g.forward());
    }

    #[test]
    fn undirected_graphs_must_be_symmetric() {
        let sym = Csr::from_parts(vec![0, 1, 3, 4], vec![1, 0, 2, 1], None, None).unwrap();
        let h = hash::layout_hash(&sym, false);
        assert!(Graph::from_forward(sym, false, LabelNames::default(), None, h, None).is_ok());
        // 0→1, 1→2, 2→1: no 1→0. Same degrees per row count, different arcs.
        let asym = Csr::from_parts(vec![0, 1, 2, 3], vec![1, 2, 1], None, None).unwrap();
        let h = hash::layout_hash(&asym, false);
        assert_eq!(
            Graph::from_forward(asym.clone(), false, LabelNames::default(), None, h, None).err(),
            Some(PartsError::Asymmetric)
        );
        let h = hash::layout_hash(&asym, true);
        assert!(Graph::from_forward(asym, true, LabelNames::default(), None, h, None).is_ok());
    }

    /// `targets` scanned in pieces of `piece` arcs, the later half of the
    /// pieces first and the earlier half in reverse after them (so merging
    /// in any order is exercised), merged.
    fn scan_pieces(s: &RowScan<'_>, targets: &[u32], piece: usize) -> Scanned {
        let pieces: Vec<(usize, &[u32])> = targets
            .chunks(piece)
            .enumerate()
            .map(|(k, c)| (k * piece, c))
            .collect();
        let half = pieces.len() / 2;
        let order = pieces[half..].iter().chain(pieces[..half].iter().rev());
        order.fold(Scanned::default(), |found, &(start, c)| {
            let before = start.checked_sub(1).map(|i| targets[i]);
            found.merge(s.scan(start, before, c))
        })
    }

    /// The scan over pieces of every size gives the whole-row answer, on
    /// symmetric graphs with self loops and on each one-arc-short copy.
    #[test]
    fn symmetry_scan_in_pieces_agrees_with_rows() {
        let mut b = super::super::GraphBuilder::new(false);
        let mut x = 7u32;
        for _ in 0..60 {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            b.push((x >> 8 & 15) as u64, (x >> 16 & 15) as u64).unwrap();
        }
        b.push(3, 3).unwrap();
        let g = b.build().unwrap();
        let f = g.forward();
        let scan = |offsets: &[u64], targets: &[u32], piece: usize| {
            let s = RowScan::new(offsets, targets.len() as u64, false).unwrap();
            let found = scan_pieces(&s, targets, piece);
            assert_eq!(found.first_bad_row(), None);
            s.symmetric(&found).unwrap()
        };
        assert!(symmetric(f));
        for piece in 1..=f.targets().len() {
            assert!(scan(f.offsets(), f.targets(), piece), "piece {piece}");
        }
        // Drop arc i: offsets after its row shrink by one.
        for i in 0..f.targets().len() {
            let mut t = f.targets().to_vec();
            let gone = t.remove(i);
            let offsets: Vec<u64> = f
                .offsets()
                .iter()
                .map(|&o| o - (o > i as u64) as u64)
                .collect();
            let row = f.offsets().partition_point(|&o| o <= i as u64) - 1;
            let csr = Csr::from_parts(offsets.clone(), t.clone(), None, None).unwrap();
            // A self loop pairs with itself: dropping it keeps the graph symmetric.
            let expect = gone as usize == row;
            assert_eq!(symmetric(&csr), expect, "arc {i}");
            for piece in [1, 2, 5, t.len().max(1)] {
                assert_eq!(scan(&offsets, &t, piece), expect, "arc {i}, piece {piece}");
            }
        }
        // Offsets that cannot cut the arcs into rows: no scan.
        assert!(RowScan::new(&[0, 2, 1], 1, false).is_none());
        assert!(RowScan::new(&[], 0, false).is_none());
        assert!(RowScan::new(&[1, 1], 1, true).is_none());
    }

    /// Fed in pieces of every size, the scan finds the row `from_parts`
    /// names, including breaks that straddle two pieces.
    #[test]
    fn row_scan_in_pieces_finds_the_first_bad_row() {
        let offsets = [0u64, 3, 3, 6, 8];
        let cases: [(&[u32], Option<usize>); 6] = [
            (&[0, 1, 3, 0, 2, 3, 1, 2], None),
            (&[0, 1, 1, 0, 2, 3, 1, 2], Some(0)),
            (&[0, 1, 3, 0, 2, 2, 1, 2], Some(2)),
            (&[0, 1, 3, 2, 0, 3, 1, 2], Some(2)),
            (&[0, 1, 3, 0, 2, 3, 2, 4], Some(3)),
            (&[0, 1, 9, 0, 2, 3, 3, 1], Some(0)),
        ];
        for (targets, bad) in cases {
            let whole = Csr::from_parts(offsets.to_vec(), targets.to_vec(), None, None);
            let named = whole.err().map(|e| match e {
                PartsError::Unsorted { vertex, .. }
                | PartsError::TargetOutOfRange { vertex, .. } => vertex,
                e => panic!("{e}"),
            });
            assert_eq!(named, bad, "{targets:?}");
            for piece in 1..=targets.len() {
                for directed in [false, true] {
                    let s = RowScan::new(&offsets, 8, directed).unwrap();
                    let found = scan_pieces(&s, targets, piece);
                    assert_eq!(
                        found.first_bad_row(),
                        bad,
                        "{targets:?} in pieces of {piece}"
                    );
                    assert_eq!(s.symmetric(&found).is_some(), !directed);
                }
            }
        }
    }

    #[test]
    fn each_broken_invariant_is_named() {
        assert_eq!(parts(&[], &[]), Err(PartsError::NoOffsets));
        assert_eq!(
            parts(&[1, 1], &[0]),
            Err(PartsError::FirstOffset { value: 1 })
        );
        assert!(matches!(
            parts(&[0, 2, 1], &[0]),
            Err(PartsError::Decreasing { vertex: 2, .. })
        ));
        assert!(matches!(
            parts(&[0, 1, 1], &[0, 1]),
            Err(PartsError::LastOffset { .. })
        ));
        assert!(matches!(
            parts(&[0, 1, 2], &[1, 2]),
            Err(PartsError::TargetOutOfRange {
                vertex: 1,
                index: 1,
                target: 2,
                ..
            })
        ));
        assert!(matches!(
            parts(&[0, 2, 2], &[1, 1]),
            Err(PartsError::Unsorted {
                vertex: 0,
                index: 1
            })
        ));
        assert!(matches!(
            parts(&[0, 2, 2], &[1, 0]),
            Err(PartsError::Unsorted { .. })
        ));
        assert!(matches!(
            Csr::from_parts(vec![0, 1], vec![0], Some(vec![]), None),
            Err(PartsError::ColumnLength { what: "labels", .. })
        ));
    }
}
