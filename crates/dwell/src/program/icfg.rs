//! The inter-procedural CFG (supergraph) of a [`Program`].
//!
//! # Nodes
//! Every block of every defined function is split after each non-terminator
//! call (`call`), so a node is a *block segment* that ends at a call, at the
//! block's terminator, or both (`invoke`, `callbr`). Node ids are dense and
//! grouped: function by function (in module order), block by block, segment
//! by segment; a function's nodes are the range `first_node..end_node`, its
//! entry node is the first.
//!
//! # Arcs, by label
//! - `flow`: segment `k` → `k + 1` of a block (the call-to-return arc for a
//!   call), and a block's last segment → the first segment of each
//!   successor. With `--labels flow` the graph is the set of per-function CFGs.
//! - `call`: call-site node → entry node of each defined callee (the direct
//!   callee, or every compatible address-taken function for an indirect
//!   site; see [`Program::indirect_targets`]).
//! - `return`: every `ret` node of such a callee → the node after the call
//!   site (the next segment; for `invoke`/`callbr`, the first segment of the
//!   normal destination).
//!
//! Arcs are deduplicated per (source, target, label).
//!
//! # Def and use sets per node
//! `defs[n]`: every variable an instruction of the segment defines (the entry
//! node also defines the parameters). `uses[n]`: upward-exposed uses — used in
//! the segment before any definition in it; the phi operands of successors
//! count as used at the end of the block's last segment.

use super::ir::{Block, Callee, Function, Inst, Program, SourceLoc};

/// Arc labels, in bit order (`flow` = 1, `call` = 2, `return` = 4).
pub const LABELS: [&str; 3] = ["flow", "call", "return"];
pub const FLOW: u8 = 0;
pub const CALL: u8 = 1;
pub const RETURN: u8 = 2;

/// What a node's last instruction calls.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NodeCall {
    /// A call of function `id` (direct, or through a cast of it).
    Direct(u32),
    /// A call through a pointer or constant expression.
    Indirect,
    /// Inline assembly.
    Asm,
}

/// One ICFG node: a block segment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node {
    pub function: u32,
    pub block: u32,
    pub segment: u32,
    pub call: Option<NodeCall>,
    /// The instruction the node stands for: its call, else its first
    /// instruction with a debug location (else its first instruction).
    /// Its `!dbg` location, and its line in the IR file as the fallback.
    pub loc: Option<SourceLoc>,
    pub ir_line: u64,
}

/// The supergraph with per-node def/use sets.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Icfg {
    pub nodes: Vec<Node>,
    /// `(source, target, label index into LABELS)`, sorted, distinct.
    pub edges: Vec<(u32, u32, u8)>,
    pub defs: Vec<Vec<u32>>,
    pub uses: Vec<Vec<u32>>,
    /// Per function: `first_node..end_node` (empty for declarations).
    pub ranges: Vec<std::ops::Range<u32>>,
}

/// Why a supergraph could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the program has more than {max} ICFG nodes. Fix: import a smaller module")]
pub struct TooLarge {
    pub max: u64,
}

/// Per function, per block: the node id of each segment.
type SegNodes = Vec<Vec<Vec<u32>>>;

/// Build the supergraph of `p`: the nodes of every function in module
/// order, then the arcs between them.
pub fn build(p: &Program) -> Result<Icfg, TooLarge> {
    let mut g = Icfg::default();
    let mut seg_nodes: SegNodes = Vec::with_capacity(p.functions.len());
    // Per function: its `ret` nodes.
    let mut rets: Vec<Vec<u32>> = Vec::with_capacity(p.functions.len());
    for (fi, f) in p.functions.iter().enumerate() {
        let first = g.nodes.len() as u32;
        let mut per_block = Vec::with_capacity(f.blocks.len());
        let mut ret_nodes = Vec::new();
        for bi in 0..f.blocks.len() {
            per_block.push(block_nodes(&mut g, f, fi, bi, &mut ret_nodes)?);
        }
        g.ranges.push(first..g.nodes.len() as u32);
        seg_nodes.push(per_block);
        rets.push(ret_nodes);
    }
    for (fi, f) in p.functions.iter().enumerate() {
        for (bi, b) in f.blocks.iter().enumerate() {
            block_arcs(&mut g, p, &seg_nodes, &rets, fi, b, &seg_nodes[fi][bi]);
        }
    }
    g.edges.sort_unstable();
    g.edges.dedup();
    Ok(g)
}

/// The nodes of block `bi` of function `fi` (one per segment, with their
/// def and use sets); returns their ids, and adds its `ret` node to
/// `ret_nodes`.
fn block_nodes(
    g: &mut Icfg,
    f: &Function,
    fi: usize,
    bi: usize,
    ret_nodes: &mut Vec<u32>,
) -> Result<Vec<u32>, TooLarge> {
    let max = u64::from(crate::graph::NO_VERTEX) - 1;
    let b = &f.blocks[bi];
    let mut ids = Vec::new();
    let mut defs: Vec<u32> = Vec::new();
    let mut uses: Vec<u32> = Vec::new();
    if bi == 0 {
        defs.extend(&f.param_vars);
    }
    let n_insts = b.insts.len();
    // The segment's first instruction line and first debug location.
    let (mut first_line, mut first_loc) = (None, None);
    for (k, inst) in b.insts.iter().enumerate() {
        first_line.get_or_insert(inst.line);
        if first_loc.is_none() {
            first_loc = inst.loc;
        }
        add_uses(&mut uses, &defs, &inst.uses);
        for d in &inst.defs {
            if !defs.contains(d) {
                defs.push(*d);
            }
        }
        let last = k + 1 == n_insts;
        if !(last || inst.call.is_some()) {
            continue;
        }
        if last {
            add_uses(&mut uses, &defs, &b.end_uses);
        }
        if g.nodes.len() as u64 >= max {
            return Err(TooLarge { max });
        }
        ids.push(g.nodes.len() as u32);
        let at = (first_line.unwrap_or(inst.line), first_loc);
        g.nodes.push(node(fi, bi, ids.len() - 1, inst, at));
        (first_line, first_loc) = (None, None);
        defs.sort_unstable();
        uses.sort_unstable();
        g.defs.push(std::mem::take(&mut defs));
        g.uses.push(std::mem::take(&mut uses));
        if last && inst.is_ret {
            ret_nodes.push(*ids.last().expect("just pushed"));
        }
    }
    Ok(ids)
}

/// Upward-exposed uses: each of `more` not yet defined or used in the
/// segment.
fn add_uses(uses: &mut Vec<u32>, defs: &[u32], more: &[u32]) {
    for u in more {
        if !defs.contains(u) && !uses.contains(u) {
            uses.push(*u);
        }
    }
}

/// The node of segment `segment` ending at `inst`; `first` is the line and
/// debug location of the segment's first instruction, its place unless it
/// ends at a call (then the call's own).
fn node(
    fi: usize,
    bi: usize,
    segment: usize,
    inst: &Inst,
    first: (u64, Option<SourceLoc>),
) -> Node {
    let (loc, ir_line) = if inst.call.is_some() {
        (inst.loc, inst.line)
    } else {
        (first.1, first.0)
    };
    Node {
        function: fi as u32,
        block: bi as u32,
        segment: segment as u32,
        call: inst.call.as_ref().map(|c| match c.callee {
            Callee::Direct(f) | Callee::Cast(f) => NodeCall::Direct(f),
            Callee::Indirect { .. } => NodeCall::Indirect,
            Callee::Asm => NodeCall::Asm,
        }),
        loc,
        ir_line,
    }
}

/// The arcs out of block `b` of function `fi`, whose segments are `segs`:
/// flow between its segments and to its successors, call and return arcs
/// of its calls.
fn block_arcs(
    g: &mut Icfg,
    p: &Program,
    seg_nodes: &SegNodes,
    rets: &[Vec<u32>],
    fi: usize,
    b: &Block,
    segs: &[u32],
) {
    for w in segs.windows(2) {
        g.edges.push((w[0], w[1], FLOW));
    }
    let last = *segs.last().expect("a block has a terminator");
    for &s in &b.succs {
        g.edges.push((last, seg_nodes[fi][s as usize][0], FLOW));
    }
    // Calls: each call ends a segment, in order.
    let mut seg = 0;
    for inst in &b.insts {
        let Some(call) = &inst.call else { continue };
        let site = segs[seg];
        let ret_site = if call.terminator {
            b.succs.first().map(|&s| seg_nodes[fi][s as usize][0])
        } else {
            segs.get(seg + 1).copied()
        };
        seg += 1;
        let targets = match &call.callee {
            Callee::Direct(t) | Callee::Cast(t) => vec![*t],
            Callee::Indirect { args, ret } => p.indirect_targets(*args, ret),
            Callee::Asm => Vec::new(),
        };
        for t in targets {
            // A declared callee has no entry node: no arcs.
            let Some(&e) = seg_nodes[t as usize].first().and_then(|segs| segs.first()) else {
                continue;
            };
            g.edges.push((site, e, CALL));
            if let Some(r) = ret_site {
                for &x in &rets[t as usize] {
                    g.edges.push((x, r, RETURN));
                }
            }
        }
    }
}

impl Icfg {
    /// Human-readable node name: `function:block` or `function:block#segment`.
    pub fn node_name(&self, p: &Program, n: u32) -> String {
        let node = &self.nodes[n as usize];
        let f = &p.functions[node.function as usize];
        let b = &f.blocks[node.block as usize].name;
        if node.segment == 0 {
            format!("{}:%{}", f.name, b)
        } else {
            format!("{}:%{}#{}", f.name, b, node.segment)
        }
    }
}
