//! A process's arcs in compressed rows ([`Rows`]): the LEB128 varint
//! coding of each row's target gaps (and labels), and reading a row in
//! ranges of targets ([`Cursor`]). [`super::load_part`] codes them from a
//! part's records.

use super::Divisor;

/// The arcs of one process's vertices in compressed rows: vertex `v` of
/// process `v mod P` has row `v div P` ([`Rows::local`]); each row's
/// targets (whole-graph ids) increase strictly. A row is coded in bytes:
/// for each arc, `target - base` as a LEB128 varint, `base` being 0 for
/// the row's first arc and the previous target + 1 after it (the gap less
/// one), then, when the graph has labels, the arc's label mask as a varint.
/// R-MAT 20's parts code to about 2.0 bytes per arc instead of 4; rows are
/// read in order ([`Rows::scan`]), never by arc index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rows {
    pub(super) processes: Divisor,
    /// Byte offset of each row in `bytes`, and the end.
    pub(super) offsets: Vec<u64>,
    pub(super) bytes: Vec<u8>,
    pub(super) labels: bool,
    pub(super) arcs: usize,
}

/// A place in one row: the next arc's offset from the row's start (bytes
/// in a part's [`Rows`], arcs in a whole graph's CSR) and the `base` its
/// target is coded against.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Cursor {
    pub at: u32,
    pub base: u32,
}

/// Bytes of `x` as a LEB128 varint.
#[inline]
pub(super) fn varint_len(x: u32) -> usize {
    match x {
        0..0x80 => 1,
        0x80..0x4000 => 2,
        0x4000..0x20_0000 => 3,
        0x20_0000..0x1000_0000 => 4,
        _ => 5,
    }
}

/// Write `x` as a LEB128 varint at the start of `out`; its length.
#[inline]
pub(super) fn put_varint(out: &mut [u8], mut x: u32) -> usize {
    let mut k = 0;
    while x >= 0x80 {
        out[k] = (x as u8) | 0x80;
        x >>= 7;
        k += 1;
    }
    out[k] = x as u8;
    k + 1
}

/// The LEB128 varint at the start of `b` (written by [`put_varint`]) and
/// its length.
#[inline]
fn get_varint(b: &[u8]) -> (u32, usize) {
    let mut x = 0u32;
    let mut k = 0;
    loop {
        let byte = b[k];
        x |= u32::from(byte & 0x7f) << (7 * k);
        k += 1;
        if byte < 0x80 {
            return (x, k);
        }
    }
}

impl Rows {
    /// The row of `v` among its process's vertices: `v div P`.
    #[inline]
    pub fn local(&self, v: u32) -> usize {
        self.processes.quotient(v) as usize
    }

    /// Rows held (the process's vertices).
    pub fn rows(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Call `f(target, label)` for the arcs of `v` (one of the process's
    /// vertices) from `c` on whose targets are below `hi`, moving `c` past
    /// them: rows are sorted, so a caller can walk a row in ranges of
    /// targets. `label` is `None` without labels.
    #[inline]
    pub fn scan(&self, v: u32, c: &mut Cursor, hi: u32, mut f: impl FnMut(u32, Option<u32>)) {
        let i = self.local(v);
        // Offsets never exceed `bytes.len()` (made so at load): they fit.
        let row = &self.bytes[self.offsets[i] as usize..self.offsets[i + 1] as usize];
        let mut at = c.at as usize;
        while at < row.len() {
            let (code, k) = get_varint(&row[at..]);
            // Below the vertex count: checked when the row was coded.
            let t = c.base + code;
            if t >= hi {
                break;
            }
            at += k;
            let label = self.labels.then(|| {
                let (l, k) = get_varint(&row[at..]);
                at += k;
                l
            });
            c.base = t + 1;
            f(t, label);
        }
        // At most the row's length, which load keeps within a u32.
        c.at = at as u32;
    }

    /// The arcs of `v`: `(target, label)`, targets increasing.
    pub fn arcs_of(&self, v: u32) -> Vec<(u32, Option<u32>)> {
        let mut out = Vec::new();
        self.scan(v, &mut Cursor::default(), u32::MAX, |t, l| out.push((t, l)));
        out
    }

    /// Targets of `v`'s arcs, increasing.
    pub fn neighbors(&self, v: u32) -> Vec<u32> {
        self.arcs_of(v).into_iter().map(|(t, _)| t).collect()
    }

    /// Arcs held.
    pub fn arcs(&self) -> usize {
        self.arcs
    }

    /// Bytes of the rows (offsets and coded arcs).
    pub fn bytes(&self) -> Result<u64, dwell::analysis::SizeOverflow> {
        use dwell::analysis::footprint::{product, sum};
        let what = "part bytes";
        sum(
            what,
            &[
                product(what, &[self.offsets.len() as u64, 8])?,
                self.bytes.len() as u64,
            ],
        )
    }
}
