//! Brandes for 64 sources at once: one bit-parallel breadth-first sweep
//! (Then et al., "The More the Merrier", VLDB 2014) carries every lane's
//! path counts, and one backward pass over the sweep's levels every lane's
//! dependencies.
//!
//! # Encoding
//!
//! Lane `q` of a batch is its `q`-th source. Per vertex `v`:
//!
//! - `seen[v]` bit `q`: lane `q` reached `v` at a level before the current
//!   one; `next[v]`: the lanes reaching it at the next level (zero between
//!   levels);
//! - `sigma[v][q]`: σ of `v` from source `q` during the sweep; once the
//!   backward pass is done with `v` in lane `q`, the ratio
//!   `(1 + δ[v]) / σ[v]` instead (the only value later levels read);
//! - the sweep's *entries*, level after level: `(vertex, lanes)` for every
//!   vertex some lane reached at that level, the lanes those that did
//!   (`starts[d]` is level `d`'s first entry). A vertex has at most one
//!   entry per level, so at most 64 entries in all;
//! - `at[w]` during the backward pass at level `d`: the lanes for which `w`
//!   lies at level `d + 1` (its successors' entry masks).
//!
//! An arc `v → w` scanned once per level `v` is reached at serves every
//! lane that reached `v` there: that sharing is the gain over one search
//! per source. Lanes never interact, so each lane's σ and δ equal plain
//! Brandes' from that source, up to the order of the additions.

use crate::graph::Csr;

/// Sources per sweep: the bits of a `u64`.
pub(super) const LANES: usize = 64;

/// Bytes per vertex [`Lanes`] holds at most: `seen`, `next`, `at` (8
/// each), σ (8 per lane), and up to one entry (vertex 4, lanes 8) per lane.
pub(super) const BYTES_PER_VERTEX: u64 = 24 + 8 * LANES as u64 + 12 * LANES as u64;

/// One thread's sweep scratch, clean between batches.
pub(super) struct Lanes {
    seen: Vec<u64>,
    next: Vec<u64>,
    at: Vec<u64>,
    sigma: Vec<[f64; LANES]>,
    verts: Vec<u32>,
    masks: Vec<u64>,
    starts: Vec<usize>,
}

/// Call `f(q)` for each set bit `q` of `word`, lowest first.
#[inline]
fn each_bit(mut word: u64, mut f: impl FnMut(usize)) {
    while word != 0 {
        f(word.trailing_zeros() as usize);
        word &= word - 1;
    }
}

impl Lanes {
    pub(super) fn new(n: usize) -> Lanes {
        Lanes {
            seen: vec![0; n],
            next: vec![0; n],
            at: vec![0; n],
            sigma: vec![[0.0; LANES]; n],
            verts: Vec::new(),
            masks: Vec::new(),
            starts: Vec::new(),
        }
    }

    /// Brandes from each of `batch` (at most [`LANES`] distinct sources),
    /// adding the dependencies into `bc`, farthest level first and lanes in
    /// order (a fixed order: equal batches add equal bits).
    pub(super) fn run(&mut self, csr: &Csr, batch: &[u32], endpoints: bool, bc: &mut [f64]) {
        debug_assert!(batch.len() <= LANES);
        self.sweep(csr, batch);
        self.dependencies(csr, endpoints, bc);
        if endpoints {
            // Each source gains the vertices its lane reached, itself aside.
            let mut reached = [0u64; LANES];
            for &m in &self.masks {
                each_bit(m, |q| reached[q] += 1);
            }
            for (q, &s) in batch.iter().enumerate() {
                bc[s as usize] += (reached[q] - 1) as f64;
            }
        }
        self.clear();
    }

    /// The forward sweep: levels of entries and every lane's σ.
    fn sweep(&mut self, csr: &Csr, batch: &[u32]) {
        let Lanes {
            seen,
            next,
            sigma,
            verts,
            masks,
            starts,
            ..
        } = self;
        starts.push(0);
        for (q, &s) in batch.iter().enumerate() {
            seen[s as usize] |= 1 << q;
            sigma[s as usize][q] = 1.0;
            verts.push(s);
            masks.push(1 << q);
        }
        let mut level = 0..verts.len();
        while !level.is_empty() {
            let from = verts.len();
            starts.push(from);
            for i in level {
                let (v, m) = (verts[i] as usize, masks[i]);
                for &w in csr.neighbors(v as u32) {
                    let new = m & !seen[w as usize];
                    if new == 0 {
                        continue;
                    }
                    if next[w as usize] == 0 {
                        verts.push(w);
                    }
                    next[w as usize] |= new;
                    // `w != v`: `v`'s lanes `m` are in `seen[v]`. Borrowed
                    // in place: copying `σ[v]` per entry was 5% of a sweep.
                    let [sv, sw] = sigma
                        .get_disjoint_mut([v, w as usize])
                        .expect("a new target is not the vertex itself");
                    each_bit(new, |q| sw[q] += sv[q]);
                }
            }
            for &w in &verts[from..] {
                let w = w as usize;
                masks.push(next[w]);
                seen[w] |= next[w];
                next[w] = 0;
            }
            level = from..verts.len();
        }
    }

    /// The backward pass: for each level `d ≥ 1`, deepest first, every
    /// entry's dependency per lane from its successors' ratios at `d + 1`.
    fn dependencies(&mut self, csr: &Csr, endpoints: bool, bc: &mut [f64]) {
        let Lanes {
            at,
            sigma,
            verts,
            masks,
            starts,
            ..
        } = self;
        let one = if endpoints { 1.0 } else { 0.0 };
        // Zero between entries: only an entry's own lanes are written and
        // read, and only those are zeroed again (not all 64 per entry).
        let mut ratios = [0.0f64; LANES];
        // `starts` ends with the empty last level's start, = verts.len().
        for d in (1..starts.len() - 1).rev() {
            let (lo, hi) = (starts[d], starts[d + 1]);
            let deeper = hi..starts.get(d + 2).copied().unwrap_or(hi);
            for j in deeper.clone() {
                at[verts[j] as usize] = masks[j];
            }
            for i in lo..hi {
                let (v, m) = (verts[i] as usize, masks[i]);
                for &w in csr.neighbors(v as u32) {
                    let k = m & at[w as usize];
                    if k != 0 {
                        let rw = &sigma[w as usize];
                        each_bit(k, |q| ratios[q] += rw[q]);
                    }
                }
                let sv = &mut sigma[v];
                let mut add = 0.0;
                each_bit(m, |q| {
                    let dep = sv[q] * ratios[q];
                    ratios[q] = 0.0;
                    add += dep + one;
                    sv[q] = (1.0 + dep) / sv[q];
                });
                bc[v] += add;
            }
            for j in deeper {
                at[verts[j] as usize] = 0;
            }
        }
    }

    /// Reset what the batch touched.
    fn clear(&mut self) {
        // A vertex has an entry per level some lane reached it at: its σ
        // row (512 bytes) is zeroed at the first only (seen is then 0).
        for &v in &self.verts {
            let v = v as usize;
            if self.seen[v] != 0 {
                (self.seen[v], self.at[v], self.sigma[v]) = (0, 0, [0.0; LANES]);
            }
        }
        self.verts.clear();
        self.masks.clear();
        self.starts.clear();
    }
}
