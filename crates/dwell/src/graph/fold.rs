//! Hanging parts folded out of a graph, for single-source search summaries.
//!
//! Road networks and many sparse real graphs are full of dead ends: trees,
//! and cul-de-sac loops, joined to the rest through one vertex. Taken
//! undirected, each connected component has a largest biconnected block;
//! the *core* is those blocks (three vertices or more), and every other
//! vertex lies in a part that hangs from exactly one core vertex, its
//! *root* (the block-cut tree hangs it from an articulation vertex of the
//! block), or in a component that is a tree. On the Bremen road network
//! 45% of the vertices are outside the core (39% outside its 2-core).
//!
//! A search from outside a root's parts enters them only through the root,
//! so their vertices are reached at the root's level plus their distance
//! from it inside the part (following the parts' own arcs, which may be
//! one-way). What the parts add to a search's summary (vertices reached, sum
//! of levels, deepest level) is therefore fixed per root: [`Hang`]. A search
//! then walks only the core ([`Folded::core`]) and adds each reached root's
//! [`Hang`]; a search from a vertex outside the core first walks its region
//! (the root's parts, and the root), then the core from the root. Bremen: a
//! 64-source BFS batch 1.6x faster per query.

use super::build::filled;
use super::{Csr, Graph, GraphError, NO_VERTEX};
use std::sync::OnceLock;

/// Fold only when at least `1 / MIN_FOLDED_FRACTION` of the vertices leave
/// the core; below that the core search saves less than its bookkeeping.
const MIN_FOLDED_FRACTION: usize = 8;

/// A root's parts are folded only when the root reaches at most this many
/// of their vertices, none deeper than this; larger regions stay in the
/// core. Their [`Hang`] then packs into 32 bits (count and height 8 bits
/// each, the depth sum, at most `255 × 255`, 16), stored beside the core's
/// row offsets, so a search reads both with one load.
pub const MAX_HANG: u32 = 255;

/// What the parts hanging from one core vertex hold, seen from it: how
/// many of their vertices it reaches inside them, the sum of those
/// vertices' distances from it, and the largest.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Hang {
    pub count: u32,
    pub height: u32,
    pub depth_sum: u32,
}

/// How many packed words [`Hang::summable`] values may be summed: counts
/// of at most 255 each stay below 2^16 in their field.
pub const HANG_SUMS: usize = 256;

/// The packed form (the high half of a [`Folded::rows`] word): count in
/// bits 0–7, height in bits 8–15, depth sum in bits 16–31.
impl Hang {
    /// Fits [`MAX_HANG`] (so the depth sum fits 16 bits).
    fn fits(&self) -> bool {
        self.count <= MAX_HANG && self.height <= MAX_HANG
    }

    fn pack(&self) -> u64 {
        u64::from(self.count) | u64::from(self.height) << 8 | u64::from(self.depth_sum) << 16
    }

    /// The inverse of packing (see the impl docs).
    pub fn unpack(word: u32) -> Hang {
        Hang {
            count: word & 0xff,
            height: Hang::height(word),
            depth_sum: word >> 16,
        }
    }

    /// The height of a packed word.
    #[inline(always)]
    pub fn height(word: u32) -> u32 {
        (word >> 8) & 0xff
    }

    /// A packed word with its height cleared: up to [`HANG_SUMS`] of these
    /// add up, in one `u64`, to the counts' sum (bits 0–15) and the depth
    /// sums' (bits 16 and up), which [`sums`](Self::sums) separates.
    #[inline(always)]
    pub fn summable(word: u32) -> u64 {
        u64::from(word & 0xffff_00ff)
    }

    /// (count sum, depth sum) of a sum of [`summable`](Self::summable) words.
    pub fn sums(sum: u64) -> (u64, u64) {
        (sum & 0xffff, sum >> 16)
    }
}

/// A graph's core with its hanging parts summarized (see the module docs).
#[derive(Debug)]
pub struct Folded {
    /// The core: core vertices renumbered `0..` in breadth-first order
    /// (Bremen: searches 2.5% faster than in the input's order), with the
    /// arcs between them (no labels or weights: only plain searches run
    /// on it).
    pub core: Graph,
    /// `core_id[v]`: the core id of vertex `v`, [`NO_VERTEX`] outside the core.
    pub core_id: Vec<u32>,
    /// `region[v]`: `v` itself for a core vertex; for a vertex in a hanging
    /// part, its root; for a vertex of a tree component, the component's
    /// smallest vertex (never a core vertex).
    pub region: Vec<u32>,
    /// Per core id `c`, and one more entry: the low 32 bits are the core's
    /// row offset of `c` (the core CSR's offsets, which fit: the fold is
    /// made only then), the high 32 bits `c`'s [`Hang`], packed.
    pub rows: Vec<u64>,
}

impl Folded {
    /// The fold of `g`, or `None` when too few vertices leave the core (or
    /// none stay in it) for folding to pay.
    pub fn build(g: &Graph) -> Result<Option<Folded>, GraphError> {
        let n = g.nodes();
        let mut in_core = core_vertices(g)?;
        if !worth_folding(n, in_core.iter().filter(|&&c| c).count()) {
            return Ok(None);
        }
        let mut region = regions(g, &in_core)?;
        let (hang, kept) = hangs(g, &in_core, &region)?;
        // Regions too large to pack stay in the core.
        for v in 0..n {
            let r = region[v] as usize;
            if !in_core[v] && kept[r] {
                in_core[v] = true;
                region[v] = v as u32;
            }
        }
        let core_nodes = in_core.iter().filter(|&&c| c).count();
        if !worth_folding(n, core_nodes) {
            return Ok(None);
        }
        let (core_id, order) = core_order(g, &in_core, core_nodes)?;
        let Some(CoreRows {
            offsets,
            targets,
            rows,
        }) = core_rows(g, &in_core, &core_id, &order, &hang)?
        else {
            return Ok(None); // the rows could not hold the offsets
        };
        Ok(Some(Folded {
            core: Graph {
                forward: Csr {
                    offsets: offsets.into(),
                    targets: targets.into(),
                    labels: None,
                    weights: None,
                },
                reverse: OnceLock::new(),
                skewed: OnceLock::new(),
                foldable: OnceLock::new(),
                packed: OnceLock::new(),
                directed: g.is_directed(),
                label_names: Default::default(),
                // Internal copies are in their own ids; answers are mapped
                // back to the original's, which keeps the names.
                vertex_names: None,
                layout_hash: g.layout_hash(),
            },
            core_id,
            region,
            rows,
        }))
    }

    /// The parts hanging from core vertex `c`.
    pub fn hang(&self, c: u32) -> Hang {
        Hang::unpack((self.rows[c as usize] >> 32) as u32)
    }

    /// Most bytes a fold of `g` can hold besides `g`: a core as large as
    /// the graph (both directions when directed) and per-vertex arrays
    /// (`core_id`, `region`, `rows`: 16 bytes).
    pub fn extra_bytes(g: &Graph) -> Option<u64> {
        let copies = if g.is_directed() { 2 } else { 1 };
        g.forward_bytes()
            .checked_mul(copies)?
            .checked_add((g.nodes() as u64).checked_mul(16)?)
    }

    /// Bytes this fold holds (its core in both directions once built).
    pub fn bytes(&self) -> u64 {
        let copies = if self.core.is_directed() { 2 } else { 1 };
        let per_vertex = (self.core_id.len() as u64) * 8 + (self.rows.len() as u64) * 8;
        self.core.forward_bytes() * copies + per_vertex
    }
}

/// Regions: every vertex outside the core reachable (undirected) from a
/// core vertex without crossing another is in that root's region; the rest
/// form tree components, named by their smallest vertex.
fn regions(g: &Graph, in_core: &[bool]) -> Result<Vec<u32>, GraphError> {
    let n = g.nodes();
    let mut region = filled(n, NO_VERTEX)?;
    let mut stack = Vec::new();
    let mut claim = |start: u32, region: &mut [u32]| {
        region[start as usize] = start;
        stack.push(start);
        while let Some(v) = stack.pop() {
            for_each_neighbor(g, v, |w| {
                if !in_core[w as usize] && region[w as usize] == NO_VERTEX {
                    region[w as usize] = start;
                    stack.push(w);
                }
            });
        }
    };
    for v in 0..n as u32 {
        if in_core[v as usize] {
            claim(v, &mut region);
        }
    }
    for v in 0..n as u32 {
        if region[v as usize] == NO_VERTEX {
            claim(v, &mut region);
        }
    }
    Ok(region)
}

/// Per root: a BFS over its region along the arcs' own directions, giving
/// its [`Hang`]; `kept[r]` marks a root whose region is too large to pack.
fn hangs(
    g: &Graph,
    in_core: &[bool],
    region: &[u32],
) -> Result<(Vec<Hang>, Vec<bool>), GraphError> {
    let n = g.nodes();
    let out = g.forward();
    let mut hang = filled(n, Hang::default())?;
    let mut kept = filled(n, false)?;
    let mut depth = filled(n, NO_VERTEX)?;
    let mut queue = Vec::new();
    for r in 0..n as u32 {
        if !in_core[r as usize] {
            continue;
        }
        depth[r as usize] = 0;
        queue.clear();
        queue.push(r);
        let mut h = Hang::default();
        let mut head = 0;
        while head < queue.len() {
            let v = queue[head];
            head += 1;
            let d = depth[v as usize] + 1;
            for &w in out.neighbors(v) {
                if region[w as usize] == r && w != r && depth[w as usize] == NO_VERTEX {
                    depth[w as usize] = d;
                    h.count += 1;
                    h.height = d;
                    h.depth_sum = h.depth_sum.saturating_add(d);
                    queue.push(w);
                }
            }
        }
        if h.fits() {
            hang[r as usize] = h;
        } else {
            kept[r as usize] = true;
        }
        for &v in &queue {
            depth[v as usize] = NO_VERTEX;
        }
    }
    Ok((hang, kept))
}

/// Core ids in breadth-first order (arcs both ways), so a search's
/// frontier sits in nearby rows: `core_id` per vertex, and `order`, the
/// vertex of each core id.
fn core_order(
    g: &Graph,
    in_core: &[bool],
    core_nodes: usize,
) -> Result<(Vec<u32>, Vec<u32>), GraphError> {
    let mut core_id = filled(g.nodes(), NO_VERTEX)?;
    let mut order = Vec::with_capacity(core_nodes);
    for start in 0..g.nodes() as u32 {
        if !in_core[start as usize] || core_id[start as usize] != NO_VERTEX {
            continue;
        }
        core_id[start as usize] = order.len() as u32;
        order.push(start);
        let mut head = order.len() - 1;
        while head < order.len() {
            let v = order[head];
            head += 1;
            for_each_neighbor(g, v, |w| {
                if in_core[w as usize] && core_id[w as usize] == NO_VERTEX {
                    core_id[w as usize] = order.len() as u32;
                    order.push(w);
                }
            });
        }
    }
    Ok((core_id, order))
}

/// The core's CSR (targets in core ids, rows sorted) and its
/// [`Folded::rows`] words.
struct CoreRows {
    offsets: Vec<u64>,
    targets: Vec<u32>,
    rows: Vec<u64>,
}

/// The core's rows; `None` when its offsets do not fit 32 bits.
fn core_rows(
    g: &Graph,
    in_core: &[bool],
    core_id: &[u32],
    order: &[u32],
    hang: &[Hang],
) -> Result<Option<CoreRows>, GraphError> {
    let out = g.forward();
    let core_nodes = order.len();
    let mut offsets = filled(core_nodes + 1, 0u64)?;
    for (c, &v) in order.iter().enumerate() {
        let kept = out.neighbors(v).iter().filter(|&&w| in_core[w as usize]);
        offsets[c + 1] = offsets[c] + kept.count() as u64;
    }
    if offsets[core_nodes] > u64::from(u32::MAX) {
        return Ok(None);
    }
    // At most the graph's arc count, a usize.
    let mut targets = filled(offsets[core_nodes] as usize, 0u32)?;
    let mut rows = filled(core_nodes + 1, 0u64)?;
    for (c, &v) in order.iter().enumerate() {
        rows[c] = offsets[c] | hang[v as usize].pack() << 32;
        let row = &mut targets[offsets[c] as usize..offsets[c + 1] as usize];
        let kept = out.neighbors(v).iter().filter(|&&w| in_core[w as usize]);
        for (slot, &w) in row.iter_mut().zip(kept) {
            *slot = core_id[w as usize];
        }
        row.sort_unstable();
    }
    rows[core_nodes] = offsets[core_nodes];
    Ok(Some(CoreRows {
        offsets,
        targets,
        rows,
    }))
}

/// Do enough vertices lie outside `g`'s 2-core (and some inside) for a
/// [`Folded`] copy to be worth making? A session's memory plan counts one
/// only then. The 2-core (peeling, a degree per vertex) is a cheap stand-in
/// for the core [`Folded::build`] computes, which contains no more vertices
/// (a graph whose dead ends are mostly cycles hanging by one vertex is not
/// folded); `build` may still decline: regions too large to fold stay in
/// the core. Computed once per graph.
pub fn foldable(g: &Graph) -> bool {
    *g.foldable.get_or_init(|| {
        let Ok(in_core) = two_core(g) else {
            return false;
        };
        let core = in_core.iter().filter(|&&c| c).count();
        worth_folding(g.nodes(), core)
    })
}

/// `n - core` vertices leave the core, and some stay.
fn worth_folding(n: usize, core: usize) -> bool {
    core > 0 && (n - core) * MIN_FOLDED_FRACTION >= n
}

/// Call `f` once for each distinct neighbour of `v` other than itself,
/// arcs taken in both directions. Rows are sorted and duplicate-free (a
/// graph invariant), so a merge of the out- and in-row finds them.
fn for_each_neighbor(g: &Graph, v: u32, mut f: impl FnMut(u32)) {
    let outs = g.forward().neighbors(v);
    if !g.is_directed() {
        outs.iter().filter(|&&w| w != v).for_each(|&w| f(w));
        return;
    }
    let ins = g.reverse().neighbors(v);
    let (mut i, mut j) = (0, 0);
    while i < outs.len() || j < ins.len() {
        let w = match (outs.get(i), ins.get(j)) {
            (Some(&a), Some(&b)) if a == b => {
                i += 1;
                j += 1;
                a
            }
            (Some(&a), Some(&b)) if a < b => {
                i += 1;
                a
            }
            (Some(_), Some(&b)) | (None, Some(&b)) => {
                j += 1;
                b
            }
            (Some(&a), None) => {
                i += 1;
                a
            }
            (None, None) => unreachable!("the loop condition"),
        };
        if w != v {
            f(w);
        }
    }
}

/// Which vertices are in the 2-core: repeatedly remove vertices with fewer
/// than two distinct remaining neighbours.
fn two_core(g: &Graph) -> Result<Vec<bool>, GraphError> {
    let n = g.nodes();
    let mut degree = filled(n, 0u32)?;
    let mut stack = Vec::new();
    for v in 0..n as u32 {
        let mut d = 0u32;
        for_each_neighbor(g, v, |_| d += 1);
        degree[v as usize] = d;
        if d < 2 {
            stack.push(v);
        }
    }
    let mut in_core = filled(n, true)?;
    while let Some(v) = stack.pop() {
        if !in_core[v as usize] {
            continue;
        }
        in_core[v as usize] = false;
        for_each_neighbor(g, v, |w| {
            if in_core[w as usize] {
                degree[w as usize] -= 1;
                if degree[w as usize] == 1 {
                    stack.push(w);
                }
            }
        });
    }
    Ok(in_core)
}

/// Which vertices form the core: in each connected component (arcs taken
/// both ways), its largest biconnected block, if that has three vertices
/// or more (a smaller one is a bridge: the component is a tree). Every
/// other vertex of the component lies in a part that the block-cut tree
/// hangs from one articulation vertex of that block, which is what folding
/// needs; a 2-core would keep cycles hanging from one vertex (Bremen: core
/// 22.1K vertices, against the 2-core's 24.8K).
///
/// Tarjan's biconnected components (Hopcroft and Tarjan, CACM 1973) with a
/// vertex stack, iterative: when a depth-first child `v` of `u` finishes and
/// its low point does not reach above `u`, the vertices stacked since `v`,
/// and `u`, form a block. Memory: a few words per vertex (no edge stack).
fn core_vertices(g: &Graph) -> Result<Vec<bool>, GraphError> {
    let n = g.nodes();
    // Undirected simple adjacency, so the search can resume a row.
    let mut offsets = filled(n + 1, 0usize)?;
    for v in 0..n as u32 {
        let mut d = 0;
        for_each_neighbor(g, v, |_| d += 1);
        offsets[v as usize + 1] = offsets[v as usize] + d;
    }
    let mut targets = filled(offsets[n], 0u32)?;
    for v in 0..n as u32 {
        let mut at = offsets[v as usize];
        for_each_neighbor(g, v, |w| {
            targets[at] = w;
            at += 1;
        });
    }
    let mut disc = filled(n, NO_VERTEX)?;
    let mut low = filled(n, 0u32)?;
    let mut in_core = filled(n, false)?;
    let mut stack: Vec<u32> = Vec::new();
    let mut frames: Vec<(u32, usize)> = Vec::new();
    // The component's blocks, one after another (each: its popped
    // vertices, then its articulation vertex).
    let mut arena: Vec<u32> = Vec::new();
    let mut clock = 0u32;
    for root in 0..n as u32 {
        if disc[root as usize] != NO_VERTEX {
            continue;
        }
        arena.clear();
        let mut best = 0..0;
        disc[root as usize] = clock;
        low[root as usize] = clock;
        clock += 1;
        stack.push(root);
        frames.push((root, offsets[root as usize]));
        while let Some(&mut (v, ref mut i)) = frames.last_mut() {
            let vi = v as usize;
            if *i < offsets[vi + 1] {
                let w = targets[*i];
                *i += 1;
                let wi = w as usize;
                if disc[wi] == NO_VERTEX {
                    disc[wi] = clock;
                    low[wi] = clock;
                    clock += 1;
                    stack.push(w);
                    frames.push((w, offsets[wi]));
                } else {
                    // A back edge, or the tree edge to the parent, which
                    // cannot lower `v`'s low point below the parent's
                    // discovery: the block test below is unchanged by it.
                    low[vi] = low[vi].min(disc[wi]);
                }
                continue;
            }
            frames.pop();
            let Some(&(u, _)) = frames.last() else { break };
            let ui = u as usize;
            low[ui] = low[ui].min(low[vi]);
            if low[vi] >= disc[ui] {
                let start = arena.len();
                while let Some(x) = stack.pop() {
                    arena.push(x);
                    if x == v {
                        break;
                    }
                }
                arena.push(u);
                if arena.len() - start > best.len() {
                    best = start..arena.len();
                }
            }
        }
        stack.clear();
        if best.len() >= 3 {
            for &x in &arena[best] {
                in_core[x as usize] = true;
            }
        }
    }
    Ok(in_core)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::GraphBuilder;

    fn directed(nodes: u64, arcs: &[(u64, u64)]) -> Graph {
        let mut b = GraphBuilder::new(true);
        b.set_nodes(nodes).unwrap();
        for &(u, v) in arcs {
            b.push(u, v).unwrap();
        }
        b.build().unwrap()
    }

    #[test]
    fn trees_hang_from_their_roots_along_their_own_arcs() {
        // Core: 0, 1, 2 in a two-way ring. From 1 hang 3 (arc 1 → 3 only),
        // 4 (arc 4 → 3 only: 1 cannot reach it) and 5 (3 ↔ 5). A tree
        // component 6 ↔ 7, and an isolated 8.
        let g = directed(
            9,
            &[
                (0, 1),
                (1, 0),
                (1, 2),
                (2, 1),
                (2, 0),
                (0, 2),
                (1, 3),
                (4, 3),
                (3, 5),
                (5, 3),
                (6, 7),
                (7, 6),
            ],
        );
        assert!(foldable(&g));
        let f = Folded::build(&g).unwrap().expect("folds");
        assert_eq!(f.core.nodes(), 3);
        assert_eq!(f.core.arcs(), 6);
        assert_eq!(&f.core_id[..4], &[0, 1, 2, NO_VERTEX]);
        assert_eq!(f.region, vec![0, 1, 2, 1, 1, 1, 6, 6, 8]);
        let two = Hang {
            count: 2,
            height: 2,
            depth_sum: 3,
        };
        assert_eq!(f.hang(1), two);
        assert_eq!(f.hang(0), Hang::default());
        assert_eq!(Hang::unpack((two.pack()) as u32), two);
        // Rows hold the core's offsets.
        let offsets: Vec<u64> = f.rows.iter().map(|&r| r & 0xffff_ffff).collect();
        assert_eq!(offsets, f.core.forward().offsets());
    }

    #[test]
    fn cycles_hanging_from_one_vertex_fold_too() {
        // Core: the 6-cycle 0..5. From 0 hang a triangle 6-7-8 behind the
        // bridge 0-6, and a triangle 0-9-10 sharing vertex 0 (a block of
        // its own, so outside a largest-block core though inside a 2-core).
        // Everything two-way.
        let mut edges: Vec<(u64, u64)> = (0..6).map(|v| (v, (v + 1) % 6)).collect();
        edges.extend([(0, 6), (6, 7), (7, 8), (8, 6), (0, 9), (9, 10), (10, 0)]);
        let both: Vec<_> = edges.iter().flat_map(|&(u, v)| [(u, v), (v, u)]).collect();
        let g = directed(11, &both);
        let f = Folded::build(&g).unwrap().expect("folds");
        assert_eq!(f.core.nodes(), 6);
        assert_eq!(&f.region[6..], &[0; 5]);
        let h = f.hang(f.core_id[0]);
        // Distances from 0: 6, 9, 10 at 1; 7, 8 at 2.
        assert_eq!((h.count, h.height, h.depth_sum), (5, 2, 7));
    }

    #[test]
    fn regions_too_large_to_pack_stay_in_the_core() {
        // Ring 0, 1, 2; a 300-vertex path from 0 (too deep to fold); 100
        // leaves on 1 (folded).
        let mut arcs = vec![(0, 1), (1, 2), (2, 0)];
        let mut last = 0;
        for v in 3..303 {
            arcs.push((last, v));
            last = v;
        }
        arcs.extend((303..403).map(|v| (1, v)));
        let both: Vec<_> = arcs.iter().flat_map(|&(u, v)| [(u, v), (v, u)]).collect();
        let g = directed(403, &both);
        let f = Folded::build(&g).unwrap().expect("folds");
        assert_eq!(f.core.nodes(), 303);
        assert_eq!(f.region[302], 302);
        assert_ne!(f.core_id[302], NO_VERTEX);
        assert_eq!(f.region[350], 1);
        let leaves = f.hang(f.core_id[1]);
        assert_eq!(
            (leaves.count, leaves.height, leaves.depth_sum),
            (100, 1, 100)
        );
        assert_eq!(f.hang(f.core_id[0]), Hang::default());
    }

    #[test]
    fn forests_and_cores_without_trees_do_not_fold() {
        let path = directed(4, &[(0, 1), (1, 2), (2, 3)]);
        assert!(!foldable(&path));
        assert!(Folded::build(&path).unwrap().is_none());
        let ring = directed(3, &[(0, 1), (1, 2), (2, 0)]);
        assert!(!foldable(&ring));
        assert!(Folded::build(&ring).unwrap().is_none());
    }
}
