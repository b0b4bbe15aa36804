//! Independent single-source searches ([`Search::single`]): a FIFO queue,
//! a reached set in bits or bytes ([`Marks`]), and an optional [`Tally`].
//!
//! # Single searches
//!
//! A FIFO queue in BFS order; each top-down level gathers the rows of up to
//! 256 frontier vertices, then appends the new targets with no branch. The
//! reached set is a byte per vertex on graphs of at most 128K vertices and a
//! bit above ([`Marks`], in `marks.rs`). Searches are direction-optimizing too: bottom-up
//! levels test in-neighbours against the frontier's bitset, in parallel.
//! That is a 1-bit (or 1-byte) set per vertex, not a one-lane sweep's
//! 64-bit words. A search may carry a [`Tally`], which sees every vertex
//! in the level it is reached at and may supply its row bounds: BFS
//! summaries over a folded graph add each core vertex's hanging parts that
//! way (`analysis/folded.rs`).

use super::bits::{bitset_of_where, set, test, words};
use super::marks::{Marks, Pulled, Seen, BYTE_MARKS_MAX};
use super::{Lane, Search};
use crate::graph::{Csr, NO_VERTEX};

/// A single search goes back top-down once its frontier shrinks below
/// `n / BETA` vertices (GAP's β).
const BETA: usize = 18;

/// A single search goes bottom-up when the frontier's out-arcs exceed the
/// unexplored arcs over `SINGLE_ALPHA`. GAP's α is 15 (`ALPHA`, which
/// the sweeps keep); a single search's top-down level is a serial,
/// branch-free loop that costs about as much per arc as a bottom-up level
/// per vertex examined, so going bottom-up pays only later: 2 made single
/// searches 1.3-1.5x faster on email-Enron, cond-mat-2005 and
/// pgp-strong-2009 and left R-MAT 18 and Bremen alike.
const SINGLE_ALPHA: usize = 2;

/// Rows of at most this many arcs are gathered as a fixed-size copy.
const SHORT_ROW: usize = 4;

/// Rows of more than this many arcs are not copied when gathered
/// ([`Rows`]): a search reads them where they lie.
const LONG_ROW: usize = 64;

/// Vertices of a level whose rows a single search gathers at a time.
pub(crate) const GATHER_CHUNK: usize = 256;

/// A [`Tally`] accumulator takes at most this many vertices before it is
/// merged (a gather chunk or an `add_all` chunk), so it may pack sums in
/// narrow fields.
pub(crate) const TALLY_CHUNK: usize = 256;
const _: () = assert!(GATHER_CHUNK <= TALLY_CHUNK);

/// What a single search adds up besides its own vertices. Every vertex it
/// reaches is passed to `row` during the level it was reached at, which
/// returns the vertex's arc range in the CSR being searched and the
/// accumulator with the vertex counted (a plain value, so it stays in
/// registers inside the gather loop; and a tally may keep its per-vertex
/// data beside the row bounds, read by the same load). Accumulators are
/// `merge`d in, and `close` ends each level. `()` adds nothing and reads
/// the CSR's own offsets.
pub(crate) trait Tally {
    type Acc: Copy + Default;
    fn row(&self, out: &Csr, v: u32, acc: Self::Acc) -> (usize, usize, Self::Acc);
    fn merge(&mut self, acc: Self::Acc);
    fn close(&mut self, level: u32);

    /// Count all of `vertices` (rows unused), merging every
    /// [`TALLY_CHUNK`] vertices.
    fn add_all(&mut self, out: &Csr, vertices: &[u32]) {
        for chunk in vertices.chunks(TALLY_CHUNK) {
            let acc = chunk
                .iter()
                .fold(Self::Acc::default(), |acc, &v| self.row(out, v, acc).2);
            self.merge(acc);
        }
    }
}

impl Tally for () {
    type Acc = ();
    #[inline(always)]
    fn row(&self, out: &Csr, v: u32, _: ()) -> (usize, usize, ()) {
        let offsets = out.offsets();
        // Offsets never exceed `targets.len()`, a usize.
        (
            offsets[v as usize] as usize,
            offsets[v as usize + 1] as usize,
            (),
        )
    }
    #[inline(always)]
    fn merge(&mut self, _: ()) {}
    #[inline(always)]
    fn close(&mut self, _: u32) {}
}

/// Per-thread buffers of independent single-source searches: the reached
/// set and the search's queue (in BFS order; `n + 1` entries, so a target
/// can be written past the tail before it is known to be new).
pub(crate) struct SingleScratch {
    /// The reached set: a byte per vertex on graphs of at most
    /// [`BYTE_MARKS_MAX`] vertices, else a bit (see [`Marks`]).
    seen: Seen,
    queue: Vec<u32>,
    rows: Rows,
    /// A bottom-up level's frontier as a bitset, and the next level's,
    /// which a bottom-up level sets as it finds vertices; all zero between
    /// searches.
    front: Vec<u64>,
    next: Vec<u64>,
}

impl SingleScratch {
    /// Per-vertex arrays one `SingleScratch` holds (the queue and the
    /// reached set; the frontier bitset is n/64 words).
    pub(crate) const BUFFERS: u64 = 2;

    pub(crate) fn new(n: usize) -> SingleScratch {
        SingleScratch {
            seen: if n <= BYTE_MARKS_MAX {
                Seen::Bytes(vec![0; n])
            } else {
                Seen::Bits(vec![0; words(n)])
            },
            queue: vec![0; n + 1],
            rows: Rows::default(),
            front: vec![0; words(n)],
            next: vec![0; words(n)],
        }
    }

    /// Bytes of one `SingleScratch` over `n` vertices: the queue, the
    /// reached set and the two frontier bitsets (the gathered rows, a
    /// chunk's worth, are not counted).
    pub(crate) fn bytes(n: usize) -> u64 {
        let seen = if n <= BYTE_MARKS_MAX { n } else { words(n) * 8 };
        (4 * (n + 1) + seen + 2 * words(n) * 8) as u64
    }

    /// Vertices these buffers are sized for (rounded up to 64).
    pub(crate) fn capacity(&self) -> usize {
        self.front.len() * 64
    }

    /// Did the last search reach `v`?
    #[inline]
    pub(crate) fn reached(&self, v: u32) -> bool {
        self.seen.has(v)
    }

    /// The last search's reached set as a vertex bitset over `n` vertices.
    pub(crate) fn reached_set(&self, n: usize) -> Vec<u64> {
        match &self.seen {
            Seen::Bits(b) => b[..words(n)].to_vec(),
            Seen::Bytes(b) => bitset_of_where(&b[..n], |m| m != 0),
        }
    }
}

impl Search<'_> {
    /// One single-source search, direction-optimizing (GAP
    /// `bfs.cc`): top-down levels expand a FIFO queue; when the frontier's
    /// out-arcs exceed the unexplored arcs over [`SINGLE_ALPHA`], levels go
    /// bottom-up (every unreached vertex looks for an in-neighbour in the
    /// frontier's bitset, in parallel) until the frontier shrinks below
    /// `n / BETA`. Stops once `limit` vertices are reached. Returns the lane
    /// (exact when the search ran to the end) and whether it ran to the end;
    /// `s` holds the reached set afterwards.
    pub(super) fn single(
        &self,
        src: u32,
        keep_levels: bool,
        limit: usize,
        s: &mut SingleScratch,
    ) -> (Lane, bool) {
        self.single_tallied(src, keep_levels, limit, &mut (), s)
    }

    /// [`single`](Self::single), passing every reached vertex to `tally`
    /// during the level it was reached at.
    pub(crate) fn single_tallied<T: Tally>(
        &self,
        src: u32,
        keep_levels: bool,
        limit: usize,
        tally: &mut T,
        s: &mut SingleScratch,
    ) -> (Lane, bool) {
        let SingleScratch {
            seen,
            queue,
            rows,
            front,
            next,
        } = s;
        let bufs = (queue, rows, &mut front[..], &mut next[..]);
        match seen {
            Seen::Bits(b) => self.single_with(&mut b[..], src, keep_levels, limit, tally, bufs),
            Seen::Bytes(b) => self.single_with(&mut b[..], src, keep_levels, limit, tally, bufs),
        }
    }

    /// [`single`](Self::single) over one kind of reached set.
    fn single_with<M: Marks + ?Sized, T: Tally>(
        &self,
        seen: &mut M,
        src: u32,
        keep_levels: bool,
        limit: usize,
        tally: &mut T,
        (queue, rows, front, next): (&mut Vec<u32>, &mut Rows, &mut [u64], &mut [u64]),
    ) -> (Lane, bool) {
        let n = self.out.nodes();
        seen.clear(n);
        if queue.len() < n + 1 {
            queue.resize(n + 1, 0);
        }
        queue[0] = src;
        seen.mark(src);
        // No label mask and no blocked vertices: the plain loop.
        let plain = self.blocked.is_none() && (self.mask.is_none() || self.out.labels().is_none());
        // Level by level; per-vertex work is only the expansion (sums and
        // levels come from the level boundaries afterwards), which keeps the
        // loop's few live values in registers.
        let (mut level, mut level_sum) = (0u32, 0u64);
        let mut levels = keep_levels.then(|| vec![NO_VERTEX; n]);
        let mut counts = Vec::new();
        let (mut head, mut tail) = (0usize, 1usize);
        let mut unexplored = self.out.arcs();
        // After a bottom-up level: what its misses cost (they are examined
        // again by the next one), the new frontier's out-arcs, and `front`
        // already holding the new frontier.
        let (mut bottom_up, mut last_size, mut missed) = (false, 0usize, 0usize);
        let (mut next_scout, mut front_ready) = (None, false);
        let (mut front, mut next) = (front, next);
        let mut trace = crate::analysis::trace::Steps::start("bfs");
        loop {
            let end = tail;
            let size = end - head;
            if let Some(l) = levels.as_mut() {
                for &v in &queue[head..end] {
                    l[v as usize] = level;
                }
            }
            level_sum += u64::from(level) * size as u64;
            counts.push(size as u64);
            let scout;
            (bottom_up, scout) = self.single_bottom_up(
                &queue[head..end],
                (bottom_up, last_size),
                unexplored,
                missed,
                next_scout.take(),
            );
            if bottom_up {
                if !front_ready {
                    for &v in &queue[head..end] {
                        set(front, v);
                    }
                }
                tally.add_all(self.out, &queue[head..end]);
                let (found, pulled) =
                    self.bottom_up_single(seen, front, next, &mut queue[end..], plain);
                tail += found;
                (missed, next_scout) = (pulled.missed, Some(pulled.scout));
                // `next` holds the new frontier; the old one is cleared
                // whole (n / 64 words), cheaper than bit by bit.
                front.fill(0);
                std::mem::swap(&mut front, &mut next);
                front_ready = true;
            } else {
                if front_ready {
                    front.fill(0);
                    front_ready = false;
                }
                let arcs;
                (tail, arcs) = if plain {
                    expand_plain(self.out, seen, queue, rows, head, end, tally)
                } else {
                    tally.add_all(self.out, &queue[head..end]);
                    self.expand_filtered(seen, queue, head, end)
                };
                unexplored = unexplored.saturating_sub(arcs);
            }
            trace.step(|| {
                let dir = if bottom_up { "bottom-up" } else { "top-down" };
                format!(
                    "level {level}: frontier {size} (out-arcs {scout}), {dir}, found {}",
                    tail - end
                )
            });
            head = end;
            last_size = size;
            tally.close(level);
            // Between levels the buffers are as at a search's end, so a
            // stop request can end it here.
            if head == tail || tail >= limit || self.stop.requested() {
                break;
            }
            level += 1;
        }
        // Both bitsets all zero between searches.
        front.fill(0);
        let complete = head == tail;
        (
            Lane {
                reached: tail as u64,
                max_level: level,
                level_sum,
                levels,
                counts,
            },
            complete,
        )
    }

    /// Does a single search's level over `frontier` go bottom-up? Returns
    /// that and the frontier's out-arcs as far as summed (`scout_hint`, a
    /// bottom-up level's count, when given; 0 when not needed). `last` is
    /// whether the level before went bottom-up and its size; `unexplored`
    /// the arcs no top-down level has scanned; `missed` what the last
    /// bottom-up level's misses cost.
    ///
    /// Small frontiers stay top-down without summing their degrees (the
    /// high-diameter case: hundreds of tiny levels). Bottom-up needs GAP's
    /// rule and that the last bottom-up level's misses, which the next one
    /// examines again, cost less than the frontier's out-arcs: on a
    /// directed graph every vertex the source cannot reach scans all its
    /// in-arcs at every bottom-up level (pgp-strong-2009: 3x slower than
    /// top-down).
    fn single_bottom_up(
        &self,
        frontier: &[u32],
        (was_bottom_up, last_size): (bool, usize),
        unexplored: usize,
        missed: usize,
        scout_hint: Option<usize>,
    ) -> (bool, usize) {
        let (n, size) = (self.out.nodes(), frontier.len());
        if size <= GATHER_CHUNK {
            return (false, 0);
        }
        // Summed only as far as the choice needs: past both bounds the
        // answer is bottom-up whatever the rest adds.
        let bound = (unexplored / SINGLE_ALPHA).max(missed);
        let scout = scout_hint.unwrap_or_else(|| out_arcs_past(self.out, frontier, bound));
        let wide = if was_bottom_up {
            size >= last_size || size > n / BETA
        } else {
            scout > unexplored / SINGLE_ALPHA
        };
        (wide && missed <= scout, scout)
    }

    /// One bottom-up level of a single search: every unreached, unblocked
    /// vertex with an in-neighbour in `front` (over a followed arc) is marked
    /// in `seen`, set in `next` and appended to `out` (in id order); returns
    /// how many and what the level cost. Parallel over blocks of `seen`,
    /// which each task owns.
    fn bottom_up_single<M: Marks + ?Sized>(
        &self,
        seen: &mut M,
        front: &[u64],
        next: &mut [u64],
        out: &mut [u32],
        plain: bool,
    ) -> (usize, Pulled) {
        let n = self.out.nodes();
        let (offsets, sources) = (self.inc.offsets(), self.inc.targets());
        let out_offsets = self.out.offsets();
        let parts = if plain {
            // An undirected graph's in- and out-arcs are one CSR: a
            // vertex's out-degree is the in-degree already loaded.
            if std::ptr::eq(self.inc, self.out) {
                seen.pull_unmarked(n, next, |todo, found| {
                    pull_plain::<true>(offsets, sources, out_offsets, front, todo, found)
                })
            } else {
                seen.pull_unmarked(n, next, |todo, found| {
                    pull_plain::<false>(offsets, sources, out_offsets, front, todo, found)
                })
            }
        } else {
            seen.pull_unmarked(n, next, |todo, found| {
                let mut pulled = Pulled::default();
                for &w in todo {
                    let range = self.inc.range(w);
                    let len = range.len();
                    let hit = !self.blocked(w)
                        && range
                            .into_iter()
                            .any(|i| test(front, sources[i]) && self.passes(self.inc, i));
                    if hit {
                        found.push(w);
                        pulled.scout += self.out.degree(w);
                    } else {
                        pulled.missed += 1 + len;
                    }
                }
                pulled
            })
        };
        let (mut count, mut total) = (0, Pulled::default());
        for (p, c) in parts {
            out[count..count + p.len()].copy_from_slice(&p);
            count += p.len();
            total.missed += c.missed;
            total.scout += c.scout;
        }
        (count, total)
    }

    /// One level of a single search with a label mask or blocked vertices:
    /// expands `queue[head..end]`, appending new vertices; returns the new tail
    /// and the arcs scanned.
    fn expand_filtered<M: Marks + ?Sized>(
        &self,
        seen: &mut M,
        queue: &mut [u32],
        head: usize,
        end: usize,
    ) -> (usize, usize) {
        let targets = self.out.targets();
        let mut tail = end;
        let mut arcs = 0;
        for x in head..end {
            let row = self.out.range(queue[x]);
            arcs += row.len();
            for i in row {
                let w = targets[i];
                if !seen.has(w) && self.passes(self.out, i) && !self.blocked(w) {
                    seen.mark(w);
                    queue[tail] = w;
                    tail += 1;
                }
            }
        }
        (tail, arcs)
    }

    /// Levels a search from `src` needs to reach `quota` vertices, or `None`
    /// when its whole reach is smaller.
    pub(super) fn probe(&self, src: u32, quota: usize, s: &mut SingleScratch) -> Option<u32> {
        let (lane, complete) = self.single(src, false, quota, s);
        (!complete).then_some(lane.max_level)
    }
}

/// The out-arcs of `vertices` in `out`, summed a block at a time until the
/// sum exceeds `bound` (so the sum returned is exact when at most `bound`,
/// and over `bound` otherwise). A frontier after a wide top-down level is
/// thousands of scattered rows; its first blocks usually decide.
fn out_arcs_past(out: &Csr, vertices: &[u32], bound: usize) -> usize {
    let mut sum = 0;
    for block in vertices.chunks(GATHER_CHUNK) {
        sum += block.iter().map(|&v| out.degree(v)).sum::<usize>();
        if sum > bound {
            break;
        }
    }
    sum
}

/// The bottom-up test of a plain search (every arc followed, nothing
/// blocked) over in-arcs `offsets`/`sources`: which of `todo` have an
/// in-neighbour in `front` (pushed onto `found`, in order), and the costs
/// (out-arcs of the found from `out_offsets`, or, `SYMMETRIC`, the in-arcs:
/// `out_offsets` is `offsets`). The first [`SHORT_ROW`]
/// in-arcs of a vertex are tested together with no branch (slots past a
/// short row's end test arcs of the next rows, whose answers are masked
/// off), and the vertex is appended with no branch either; only a longer
/// row not decided by its first arcs loops on. A loop that stops at the
/// first hit mispredicts once per vertex, at a random arc.
fn pull_plain<const SYMMETRIC: bool>(
    offsets: &[u64],
    sources: &[u32],
    out_offsets: &[u64],
    front: &[u64],
    todo: &[u32],
    found: &mut Vec<u32>,
) -> Pulled {
    found.resize(todo.len(), 0);
    let mut len = 0usize;
    let mut pulled = Pulled::default();
    for &w in todo {
        let w_ = w as usize;
        // Offsets never exceed the arc count, a usize.
        let (a, b) = (offsets[w_] as usize, offsets[w_ + 1] as usize);
        let degree = b - a;
        let hit = match sources.get(a..a + SHORT_ROW) {
            Some(first) => first
                .iter()
                .enumerate()
                .fold(false, |h, (j, &u)| h | ((j < degree) & test(front, u))),
            None => sources[a..b].iter().any(|&u| test(front, u)),
        };
        let hit = hit
            || (degree > SHORT_ROW && sources[a + SHORT_ROW..b].iter().any(|&u| test(front, u)));
        let out_degree = if SYMMETRIC {
            degree
        } else {
            (out_offsets[w_ + 1] - out_offsets[w_]) as usize
        };
        if hit {
            pulled.scout += out_degree;
        } else {
            pulled.missed += 1 + degree;
        }
        found[len] = w;
        len += usize::from(hit);
    }
    found.truncate(len);
    pulled
}

/// One level of a plain single search: expands `queue[head..end]`, appending
/// new targets; returns the new tail and the arcs scanned. `queue` has room
/// for `n + 1` entries.
///
/// Each chunk of the level runs in two passes: first its vertices' rows are
/// gathered ([`Rows::gather`]: short rows as a fixed four-arc copy with the
/// length as the advance, so the pass has no data-dependent branch and the
/// out-of-order core overlaps the rows' cache misses), then every gathered
/// target is tested and appended, again without a branch. Expanding row by
/// row instead mispredicts each row's end, and after each misprediction the
/// next row waits for its offset and arcs in turn (measured: about half the
/// time of a single search on the Bremen road network).
fn expand_plain<M: Marks + ?Sized, T: Tally>(
    out: &Csr,
    seen: &mut M,
    queue: &mut [u32],
    rows: &mut Rows,
    head: usize,
    end: usize,
    tally: &mut T,
) -> (usize, usize) {
    let mut tail = end;
    let mut arcs = 0;
    for chunk in (head..end).step_by(GATHER_CHUNK) {
        arcs += rows.gather(out, &queue[chunk..end.min(chunk + GATHER_CHUNK)], tally);
        for targets in rows.slices(out) {
            tail = append_new(targets, seen, queue, tail);
        }
    }
    (tail, arcs)
}

/// The rows of a chunk of vertices, read a chunk at a time by the searches
/// that append every arc with no branch (single searches' top-down levels,
/// the weak-components sweep): short and middling rows copied one after
/// another into `gathered`, long rows (over [`LONG_ROW`] arcs) only noted,
/// to be read where they lie. Copying a hub's row first was the single
/// search's one `memmove`, 7% of its samples on email-Enron.
#[derive(Default)]
pub(crate) struct Rows {
    gathered: Vec<u32>,
    /// Arcs copied into `gathered` by the last [`gather`](Rows::gather).
    len: usize,
    /// Arc ranges of the last chunk's long rows.
    long: Vec<(usize, usize)>,
}

impl Rows {
    /// Gather the rows of `vertices` (bounds from `tally`, which counts
    /// each vertex); returns how many arcs they hold. Out of line for the
    /// same reason as [`append_new`].
    ///
    /// `gathered` always has room for a short-row copy of every vertex
    /// still to come, so short rows (all but a few on low-degree graphs)
    /// copy with no capacity test; only a longer row may grow it, out of
    /// line.
    #[inline(never)]
    pub(crate) fn gather<T: Tally>(&mut self, out: &Csr, vertices: &[u32], tally: &mut T) -> usize {
        let targets = out.targets();
        let Rows {
            gathered,
            len: copied,
            long,
        } = self;
        long.clear();
        let short = vertices.len() * SHORT_ROW;
        if gathered.len() < short {
            gathered.resize(short, 0);
        }
        let (mut len, mut arcs) = (0usize, 0usize);
        let mut acc = T::Acc::default();
        for (k, &v) in vertices.iter().enumerate() {
            let (a, b);
            (a, b, acc) = tally.row(out, v, acc);
            let degree = b - a;
            arcs += degree;
            match (
                gathered.get_mut(len..len + SHORT_ROW),
                targets.get(a..a + SHORT_ROW),
            ) {
                (Some(dst), Some(src)) if degree <= SHORT_ROW => dst.copy_from_slice(src),
                _ if degree > LONG_ROW => {
                    note_long(long, a, b);
                    continue;
                }
                _ => {
                    // Room for this row and short copies of the rest.
                    let room = len + degree + (vertices.len() - k) * SHORT_ROW;
                    grow(gathered, room);
                    gathered[len..len + degree].copy_from_slice(&targets[a..b]);
                }
            }
            len += degree;
        }
        tally.merge(acc);
        *copied = len;
        arcs
    }

    /// The last [`gather`](Rows::gather)'s arcs: the copied rows, then each
    /// long row of `out` (the CSR gathered from).
    pub(crate) fn slices<'a>(&'a self, out: &'a Csr) -> impl Iterator<Item = &'a [u32]> {
        let targets = out.targets();
        std::iter::once(&self.gathered[..self.len])
            .chain(self.long.iter().map(move |&(a, b)| &targets[a..b]))
    }
}

/// A long row's arc range noted by [`Rows::gather`], out of the hot loop
/// (inlined, the push's growth path cost the short-row loop registers: the
/// 1024² grid's searches, all short rows, were 1.2x slower).
#[cold]
#[inline(never)]
fn note_long(long: &mut Vec<(usize, usize)>, a: usize, b: usize) {
    long.push((a, b));
}

/// `buf` resized to at least `room` (doubling), out of the hot loop.
#[cold]
#[inline(never)]
fn grow(buf: &mut Vec<u32>, room: usize) {
    if buf.len() < room {
        buf.resize(room.max(2 * buf.len()), 0);
    }
}

/// Append the targets not yet in `seen` to `queue` from `tail` (marking
/// them), every target written and the tail advanced only for new ones;
/// returns the new tail. Kept out of line so that its few values stay in
/// registers (inlined into `single`, the tail lived on the stack: a
/// store-to-load round trip per arc).
#[inline(never)]
fn append_new<M: Marks + ?Sized>(
    targets: &[u32],
    seen: &mut M,
    queue: &mut [u32],
    mut tail: usize,
) -> usize {
    for &w in targets {
        let new = seen.mark(w);
        queue[tail] = w;
        tail += usize::from(new);
    }
    tail
}

#[cfg(test)]
mod tests {
    use super::super::tests::path;
    use super::*;
    use crate::graph::GraphBuilder;

    /// Both kinds of reached set give the same searches: R-MAT graphs
    /// (wide levels, so bottom-up runs) and a path (hundreds of levels),
    /// plain, with a label mask and with blocked vertices, to the end and
    /// stopped by a limit.
    #[test]
    fn bit_and_byte_marks_search_alike() {
        let gen = crate::gen::rmat(11, 8, 7).unwrap();
        let mut b = GraphBuilder::new(true);
        // Not a multiple of 8: byte marks end in a partial group.
        b.set_nodes(gen.nodes + 5).unwrap();
        for (i, &(u, v)) in gen.edges.iter().enumerate() {
            b.push_arc(u.into(), v.into(), Some(1 << (i % 3)), None)
                .unwrap();
        }
        let graphs = [b.build().unwrap(), gen.build().unwrap(), path(3000)];
        // Hubs' rows are read where they lie, not gathered.
        let g = &graphs[1];
        assert!((0..g.nodes() as u32).any(|v| g.forward().degree(v) > LONG_ROW));
        for g in &graphs {
            let n = g.nodes();
            let blocked: Vec<u64> = (0..words(n))
                .map(|k| 0x0100_0000_0010_0001u64.rotate_left(k as u32))
                .collect();
            for (mask, block) in [
                (None, false),
                (Some(1), false),
                (None, true),
                (Some(6), true),
            ] {
                let search = Search {
                    out: g.forward(),
                    inc: g.reverse(),
                    mask,
                    blocked: block.then_some(&blocked[..]),
                    stop: crate::progress::Stop::never(),
                };
                for src in [0u32, 1, 17, (n / 2) as u32] {
                    for limit in [usize::MAX, 100] {
                        let mut bytes = SingleScratch::new(n);
                        let mut bits = SingleScratch::new(n);
                        bits.seen = Seen::Bits(vec![0; words(n)]);
                        assert!(matches!(bytes.seen, Seen::Bytes(_)));
                        let (a, done_a) = search.single(src, true, limit, &mut bytes);
                        let (b, done_b) = search.single(src, true, limit, &mut bits);
                        assert_eq!(done_a, done_b);
                        assert_eq!(
                            (a.reached, a.max_level, a.level_sum, &a.levels),
                            (b.reached, b.max_level, b.level_sum, &b.levels),
                            "source {src}, mask {mask:?}, blocked {block}, limit {limit}"
                        );
                        assert_eq!(bytes.reached_set(n), bits.reached_set(n));
                        if mask.is_none() && !block && limit == usize::MAX {
                            assert_eq!(a.levels, Some(naive_levels(g, src)));
                        }
                    }
                }
            }
        }
    }

    /// Levels of a plain FIFO BFS from `src` (the oracle of the test above).
    fn naive_levels(g: &crate::graph::Graph, src: u32) -> Vec<u32> {
        let mut levels = vec![NO_VERTEX; g.nodes()];
        let mut queue = std::collections::VecDeque::from([src]);
        levels[src as usize] = 0;
        while let Some(v) = queue.pop_front() {
            for &w in g.forward().neighbors(v) {
                if levels[w as usize] == NO_VERTEX {
                    levels[w as usize] = levels[v as usize] + 1;
                    queue.push_back(w);
                }
            }
        }
        levels
    }
}
