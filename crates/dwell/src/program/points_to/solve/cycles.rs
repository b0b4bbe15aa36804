//! Cycle elimination: strongly connected copy edges end with equal sets,
//! so their nodes are merged into one (offline sweeps; union-find in
//! `rep`).

use super::Solver;

impl Solver {
    /// Find every cycle of copy edges (Tarjan, iteratively) and merge
    /// each one's nodes into one: they end with equal sets anyway.
    pub(super) fn collapse_cycles(&mut self) {
        const NONE: u32 = u32::MAX;
        let n = self.nodes.len();
        let mut index = vec![NONE; n];
        let mut low = vec![0u32; n];
        let mut on_stack = vec![false; n];
        let mut stack: Vec<u32> = Vec::new();
        let mut next = 0u32;
        let mut sccs: Vec<Vec<u32>> = Vec::new();
        for root in 0..n as u32 {
            if self.rep[root as usize] != root || index[root as usize] != NONE {
                continue;
            }
            // (node, position in its succ list)
            let mut calls: Vec<(u32, usize)> = vec![(root, 0)];
            index[root as usize] = next;
            low[root as usize] = next;
            next += 1;
            stack.push(root);
            on_stack[root as usize] = true;
            while let Some(&mut (v, ref mut at)) = calls.last_mut() {
                if let Some(&w) = self.nodes[v as usize].succ.get(*at) {
                    *at += 1;
                    let w = self.find(w);
                    if index[w as usize] == NONE {
                        index[w as usize] = next;
                        low[w as usize] = next;
                        next += 1;
                        stack.push(w);
                        on_stack[w as usize] = true;
                        calls.push((w, 0));
                    } else if on_stack[w as usize] {
                        low[v as usize] = low[v as usize].min(index[w as usize]);
                    }
                    continue;
                }
                calls.pop();
                if let Some(&(u, _)) = calls.last() {
                    low[u as usize] = low[u as usize].min(low[v as usize]);
                }
                if low[v as usize] == index[v as usize] {
                    let mut scc = Vec::new();
                    while let Some(x) = stack.pop() {
                        on_stack[x as usize] = false;
                        scc.push(x);
                        if x == v {
                            break;
                        }
                    }
                    if scc.len() > 1 {
                        sccs.push(scc);
                    }
                }
            }
        }
        for scc in sccs {
            let keep = scc[0];
            for &other in &scc[1..] {
                self.merge(other, keep);
            }
            self.dedup_succ(keep);
            self.push(keep);
        }
    }

    /// Merge node `a` into `b`.
    #[inline(never)]
    pub(super) fn merge(&mut self, a: u32, b: u32) {
        let (a, b) = (self.find(a), self.find(b));
        if a == b {
            return;
        }
        self.stats.collapsed += 1;
        self.rep[a as usize] = b;
        let na = std::mem::take(&mut self.nodes[a as usize]);
        let nb = &mut self.nodes[b as usize];
        nb.pts.union_with(&na.pts);
        // What both handed on is done; the rest is handed on again.
        nb.done.intersect_with(&na.done);
        nb.succ
            .extend(na.succ.iter().copied().filter(|&m| m != a && m != b));
        nb.loads.extend(na.loads);
        nb.stores.extend(na.stores);
        nb.geps.extend(na.geps);
        nb.calls.extend(na.calls);
        nb.reads.extend(na.reads);
        nb.writes.extend(na.writes);
    }

    /// Drop repeated successors of `n` after merges (once per batch of
    /// merges: sorting after each made a 20,000-node cycle quadratic).
    pub(super) fn dedup_succ(&mut self, n: u32) {
        let n = self.find(n);
        let succ = &mut self.nodes[n as usize].succ;
        succ.sort_unstable();
        succ.dedup();
    }
}
