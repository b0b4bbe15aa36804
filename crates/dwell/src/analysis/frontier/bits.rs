//! Bit helpers of the traversals: vertex bitsets (bit `v % 64` of word
//! `v / 64`), the `W` lane words per vertex of a sweep, and bit-sliced
//! per-lane counters ([`LaneCounter`]).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Searches per lane word: bits in a `u64`.
pub(crate) const LANES: usize = 64;

/// `u64` words in a bitset over `n` vertices.
pub(crate) fn words(n: usize) -> usize {
    n.div_ceil(64)
}

/// Is bit `v` set?
#[inline]
pub(crate) fn test(set: &[u64], v: u32) -> bool {
    set[v as usize / 64] >> (v % 64) & 1 != 0
}

/// Set bit `v`.
#[inline]
pub(crate) fn set(set: &mut [u64], v: u32) {
    set[v as usize / 64] |= 1 << (v % 64);
}

/// Is bit `v` of an atomic bitset set?
#[inline]
pub(super) fn test_atomic(set: &[AtomicU64], v: u32) -> bool {
    set[v as usize / 64].load(Relaxed) >> (v % 64) & 1 != 0
}

/// Call `f(q)` for every set bit `q` of `word`, lowest first.
#[inline]
pub(crate) fn for_each_bit(mut word: u64, mut f: impl FnMut(usize)) {
    while word != 0 {
        f(word.trailing_zeros() as usize);
        word &= word - 1;
    }
}

/// The `W` lane words of vertex `v`.
#[inline]
pub(super) fn row<const W: usize>(a: &[u64], v: u32) -> [u64; W] {
    let i = v as usize * W;
    a[i..i + W].try_into().expect("W words")
}

/// The `W` atomic lane words of vertex `v`.
#[inline]
pub(super) fn cells<const W: usize>(a: &[AtomicU64], v: u32) -> &[AtomicU64; W] {
    let i = v as usize * W;
    a[i..i + W].try_into().expect("W words")
}

#[inline]
pub(super) fn any<const W: usize>(x: &[u64; W]) -> bool {
    x.iter().fold(0, |a, &b| a | b) != 0
}

#[inline]
pub(super) fn and_not<const W: usize>(x: &[u64; W], y: &[u64; W]) -> [u64; W] {
    std::array::from_fn(|k| x[k] & !y[k])
}

/// A bitset over `values.len()` vertices with bit `v` set where
/// `keep(values[v])`.
pub(crate) fn bitset_of_where<T: Copy>(values: &[T], keep: impl Fn(T) -> bool) -> Vec<u64> {
    let mut s = vec![0u64; words(values.len())];
    for (v, &x) in values.iter().enumerate() {
        s[v / 64] |= u64::from(keep(x)) << (v % 64);
    }
    s
}

/// A bitset over `n` vertices with the bits of `vs` set.
pub(crate) fn bitset_of(n: usize, vs: &[u32], ctx: &crate::analysis::Ctx<'_>) -> Vec<u64> {
    let mut s = ctx.buffer(words(n), 0u64);
    for &v in vs {
        set(&mut s, v);
    }
    s
}

/// Per-lane counters in bit-sliced form: plane `k` holds bit `k` of every
/// lane's count, so adding a lane word costs O(1) amortized word operations
/// instead of one per set bit. 32 planes hold any count below 2^32 (ids are u32).
#[derive(Default)]
pub(super) struct LaneCounter {
    planes: [u64; 32],
}

impl LaneCounter {
    /// Add `words[0]`, `words[stride]`, `words[2·stride]`, …: blocks of 8
    /// words go through a carry-save adder tree (Harley–Seal) into weight
    /// 1, 2 and 4 accumulators with no branch; only the weight-8 carries
    /// out of each block take the carry loop.
    pub(super) fn add_strided(&mut self, words: &[u64], stride: usize) {
        #[inline(always)]
        fn csa(a: u64, b: u64, c: u64) -> (u64, u64) {
            let u = a ^ b;
            ((a & b) | (u & c), u ^ c)
        }
        let (mut ones, mut twos, mut fours) = (0u64, 0u64, 0u64);
        let mut it = words.iter().step_by(stride).copied();
        for _ in 0..it.len().div_ceil(8) {
            let x: [u64; 8] = std::array::from_fn(|_| it.next().unwrap_or(0));
            let (twos_a, o) = csa(ones, x[0], x[1]);
            let (twos_b, o) = csa(o, x[2], x[3]);
            let (fours_a, t) = csa(twos, twos_a, twos_b);
            let (twos_a, o) = csa(o, x[4], x[5]);
            let (twos_b, o) = csa(o, x[6], x[7]);
            let (fours_b, t) = csa(t, twos_a, twos_b);
            let (eights, f) = csa(fours, fours_a, fours_b);
            (ones, twos, fours) = (o, t, f);
            self.add_at(3, eights);
        }
        self.add_at(0, ones);
        self.add_at(1, twos);
        self.add_at(2, fours);
    }

    /// Add `word` at weight `2^k`.
    #[inline(always)]
    pub(super) fn add_at(&mut self, mut k: usize, word: u64) {
        let mut carry = word;
        while carry != 0 {
            let p = self.planes[k];
            self.planes[k] = p ^ carry;
            carry &= p;
            k += 1;
        }
    }

    pub(super) fn add_to(&self, counts: &mut [u64; LANES]) {
        for (k, &plane) in self.planes.iter().enumerate() {
            for_each_bit(plane, |q| counts[q] += 1 << k);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strided_lane_counts_match_bit_by_bit() {
        // Pseudo-random words, 0..40 of them, strides 1 and 3.
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for len in 0..40 {
            for stride in [1, 3] {
                let words: Vec<u64> = (0..len * stride)
                    .map(|_| {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        x
                    })
                    .collect();
                let mut c = LaneCounter::default();
                c.add_at(0, u64::MAX); // a count already there
                c.add_strided(&words, stride);
                let mut got = [0u64; LANES];
                c.add_to(&mut got);
                let mut want = [1u64; LANES];
                for w in words.iter().step_by(stride) {
                    for_each_bit(*w, |q| want[q] += 1);
                }
                assert_eq!(got, want, "len {len} stride {stride}");
            }
        }
    }
}
