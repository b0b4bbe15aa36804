//! A single search's reached set ([`Marks`]): a bit or a byte per vertex
//! ([`Seen`] holds one or the other), and the bottom-up level's walk over
//! the unmarked vertices of each block ([`Marks::pull_unmarked`]).

use super::bits::{test, words};
use super::BOTTOM_UP_CHUNK;
use rayon::prelude::*;

/// Single searches on graphs of at most this many vertices mark reached
/// vertices in bytes, larger ones in bits (see [`Marks`]): a byte array up
/// to 128 KiB stays in L2 next to the graph (R-MAT 18 and 20 single sources
/// were 10–30% slower with bytes).
pub(super) const BYTE_MARKS_MAX: usize = 1 << 17;

/// Storage of a single search's reached set.
pub(super) enum Seen {
    Bits(Vec<u64>),
    Bytes(Vec<u8>),
}

impl Seen {
    #[inline]
    pub(super) fn has(&self, v: u32) -> bool {
        match self {
            Seen::Bits(b) => b[..].has(v),
            Seen::Bytes(b) => b[..].has(v),
        }
    }
}

/// A single search's reached set. Bits keep a large graph's set in cache;
/// on a small graph (it fits in cache either way) bytes win: marking one is
/// a plain store, where setting a bit is a read-modify-write of a word that
/// the next targets, often nearby ids, must wait for (Bremen: a search 1.3x
/// faster). Marks are 0 or 1.
pub(super) trait Marks: Send {
    /// Unmark the first `n` vertices.
    fn clear(&mut self, n: usize);
    fn has(&self, v: u32) -> bool;
    /// Mark `v`; was it unmarked? (No branch.)
    fn mark(&mut self, v: u32) -> bool;
    /// In parallel blocks of [`BOTTOM_UP_CHUNK`] vertices below `n`: the
    /// block's unmarked vertices (ascending) go to `pull`, which pushes
    /// those it finds onto its second argument (ascending) and returns its
    /// [`Pulled`] costs; they are marked, and set in the bitset `next`
    /// (all zero before). Returns each block's found vertices and costs.
    fn pull_unmarked<F>(&mut self, n: usize, next: &mut [u64], pull: F) -> Vec<(Vec<u32>, Pulled)>
    where
        F: Fn(&[u32], &mut Vec<u32>) -> Pulled + Sync;
}

/// What a bottom-up block cost, for the next level's choice of direction.
#[derive(Clone, Copy, Default)]
pub(super) struct Pulled {
    /// Vertices examined and not found, plus the in-arcs they scanned: they
    /// are examined again by the next bottom-up level.
    pub(super) missed: usize,
    /// Out-arcs of the vertices found (the next frontier's top-down cost).
    pub(super) scout: usize,
}

impl Marks for [u64] {
    fn clear(&mut self, n: usize) {
        self[..words(n)].fill(0);
    }
    #[inline]
    fn has(&self, v: u32) -> bool {
        test(self, v)
    }
    #[inline]
    fn mark(&mut self, v: u32) -> bool {
        let (k, bit) = (v as usize / 64, 1u64 << (v % 64));
        let old = self[k];
        self[k] = old | bit;
        old & bit == 0
    }
    fn pull_unmarked<F>(&mut self, n: usize, next: &mut [u64], pull: F) -> Vec<(Vec<u32>, Pulled)>
    where
        F: Fn(&[u32], &mut Vec<u32>) -> Pulled + Sync,
    {
        let block = BOTTOM_UP_CHUNK / 64;
        self[..words(n)]
            .par_chunks_mut(block)
            .zip(next[..words(n)].par_chunks_mut(block))
            .enumerate()
            .map(|(c, (words, next))| {
                let base = c * BOTTOM_UP_CHUNK;
                let mut todo = Vec::with_capacity(BOTTOM_UP_CHUNK);
                for (j, word) in words.iter().enumerate() {
                    let at = base + j * 64;
                    let mut open = !*word;
                    if n - at < 64 {
                        open &= (1u64 << (n - at)) - 1;
                    }
                    while open != 0 {
                        // `at + bit < n`, a u32 id.
                        todo.push((at + open.trailing_zeros() as usize) as u32);
                        open &= open - 1;
                    }
                }
                let mut found = Vec::new();
                let cost = pull(&todo, &mut found);
                for &w in &found {
                    let k = (w as usize - base) / 64;
                    words[k] |= 1 << (w % 64);
                    next[k] |= 1 << (w % 64);
                }
                (found, cost)
            })
            .collect()
    }
}

/// Eight byte marks, all set, read as one little-endian word.
const ALL_MARKED: u64 = 0x0101_0101_0101_0101;

impl Marks for [u8] {
    fn clear(&mut self, n: usize) {
        self[..n].fill(0);
    }
    #[inline]
    fn has(&self, v: u32) -> bool {
        self[v as usize] != 0
    }
    #[inline]
    fn mark(&mut self, v: u32) -> bool {
        let old = self[v as usize];
        self[v as usize] = 1;
        old == 0
    }
    fn pull_unmarked<F>(&mut self, n: usize, next: &mut [u64], pull: F) -> Vec<(Vec<u32>, Pulled)>
    where
        F: Fn(&[u32], &mut Vec<u32>) -> Pulled + Sync,
    {
        self[..n]
            .par_chunks_mut(BOTTOM_UP_CHUNK)
            .zip(next[..words(n)].par_chunks_mut(BOTTOM_UP_CHUNK / 64))
            .enumerate()
            .map(|(c, (marks, next))| {
                let base = c * BOTTOM_UP_CHUNK;
                // Every vertex written, the length advanced for unmarked
                // ones only: no branch on a mark (half of them are set in a
                // wide level, so a branch would mispredict often).
                let mut todo = vec![0u32; marks.len()];
                let mut len = 0;
                let mut eights = marks.chunks_exact(8);
                for (e, eight) in eights.by_ref().enumerate() {
                    // Eight marks read as one word (marks are 0 or 1, so a
                    // byte's low bit is its mark); eight reached vertices
                    // are skipped by one test. Byte by byte this loop was
                    // a tenth of a search's samples on email-Enron.
                    let word = u64::from_le_bytes(eight.try_into().expect("8 marks"));
                    if word == ALL_MARKED {
                        continue;
                    }
                    for j in 0..8 {
                        // `base + 8 e + j < n`, a u32 id.
                        todo[len] = (base + 8 * e + j) as u32;
                        len += ((word >> (8 * j)) & 1 ^ 1) as usize;
                    }
                }
                let tail = marks.len() - eights.remainder().len();
                for (j, &m) in eights.remainder().iter().enumerate() {
                    todo[len] = (base + tail + j) as u32;
                    len += usize::from(m == 0);
                }
                let mut found = Vec::new();
                let cost = pull(&todo[..len], &mut found);
                for &w in &found {
                    marks[w as usize - base] = 1;
                    next[(w as usize - base) / 64] |= 1 << (w % 64);
                }
                (found, cost)
            })
            .collect()
    }
}
