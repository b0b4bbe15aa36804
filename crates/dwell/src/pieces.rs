//! A mutable slice cut into consecutive disjoint pieces of given lengths,
//! so parallel tasks each own one (rows of a CSR array, blocks of rows,
//! chunks of a round) without `unsafe`.

/// The pieces of `xs` with lengths `lens`, in order; what the lengths do not
/// cover is left out. Panics if they add up to more than `xs.len()` (the
/// callers' lengths come from offsets into `xs`).
pub(crate) fn pieces<'a, T, I>(xs: &'a mut [T], lens: I) -> Pieces<'a, T, I::IntoIter>
where
    I: IntoIterator<Item = usize>,
{
    Pieces {
        rest: xs,
        lens: lens.into_iter(),
    }
}

/// The pieces of `xs` between consecutive `bounds` (indices into `xs`,
/// non-decreasing, the first one 0), one per task of a parallel loop.
pub(crate) fn pieces_at<'a, T>(xs: &'a mut [T], bounds: &[usize]) -> Vec<&'a mut [T]> {
    debug_assert_eq!(bounds.first().copied().unwrap_or(0), 0);
    pieces(xs, bounds.windows(2).map(|w| w[1] - w[0])).collect()
}

pub(crate) struct Pieces<'a, T, I> {
    rest: &'a mut [T],
    lens: I,
}

impl<'a, T, I: Iterator<Item = usize>> Iterator for Pieces<'a, T, I> {
    type Item = &'a mut [T];

    fn next(&mut self) -> Option<&'a mut [T]> {
        let len = self.lens.next()?;
        let (piece, rest) = std::mem::take(&mut self.rest).split_at_mut(len);
        self.rest = rest;
        Some(piece)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.lens.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_cover_the_lengths_in_order() {
        let mut xs: Vec<u32> = (0..10).collect();
        let got: Vec<Vec<u32>> = pieces(&mut xs, [3, 0, 4]).map(|p| p.to_vec()).collect();
        assert_eq!(got, [vec![0, 1, 2], vec![], vec![3, 4, 5, 6]]);
        let bounds = [0, 2, 2, 10];
        let lens: Vec<usize> = pieces_at(&mut xs, &bounds)
            .iter()
            .map(|p| p.len())
            .collect();
        assert_eq!(lens, [2, 0, 8]);
        for p in pieces(&mut xs, [5, 5]) {
            p[0] = 99;
        }
        assert_eq!((xs[0], xs[5], xs[4]), (99, 99, 4));
    }

    #[test]
    #[should_panic]
    fn lengths_past_the_end_panic() {
        let mut xs = [0u8; 3];
        pieces(&mut xs, [2, 2]).for_each(drop);
    }
}
