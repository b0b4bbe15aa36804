//! The hub of a value-flow graph: the largest strong component of its
//! search states, and everything that component reaches.
//!
//! A taint search is plain reachability over states — node `v` ascending
//! (`2v`) or descending (`2v + 1`) — whose moves do not depend on how a
//! state was reached ([`Solver::reach`]). So every search that enters a
//! strong component of states goes on to taint the same closure. Coarse
//! points-to makes one such component span most of a large program's
//! memory (SQLite: most of its 303,000 nodes, which every source reaches):
//! found once per graph, a search stops where it enters it and takes the
//! closure as a whole, so a query costs the path to the hub instead of the
//! hub again.
//!
//! Witnesses through the hub: from the state where the search entered,
//! along a path inside the component to its root, then down the root's
//! breadth-first tree to the node shown.

use super::taint::Solver;
use super::NO_FUNCTION;
use crate::analysis::components::scc_parallel;
use crate::analysis::{Ctx, Workspace};
use crate::counters::Counters;
use crate::graph::{Csr, Graph, LabelNames};
use crate::progress::Stop;
use std::collections::VecDeque;

/// Components smaller than this are searched through like any state: the
/// hub pays off when it saves a search most of the graph.
pub const MIN_STATES: usize = 4_096;

/// No state.
const NONE: u32 = u32::MAX;

#[derive(Debug, Clone, Default)]
pub struct Hub {
    /// Per state: in the component.
    pub member: Vec<bool>,
    /// Per node: tainted by every search that enters the component.
    pub closure: Vec<bool>,
    /// Per state: reached from the component (a search that has entered
    /// it need not go on from these).
    pub downstream: Vec<bool>,
    /// The component's root state.
    root: u32,
    /// Per member state: the next state on a path to the root.
    toward_root: Vec<u32>,
    /// Per node of the closure: the node before it on a shortest path of
    /// states from the root (`NONE` for the root's node and outside).
    from_root: Vec<u32>,
}

/// Where a search may go from state `s`.
fn moves<'a>(solver: &'a Solver<'_>, s: u32) -> Box<dyn Iterator<Item = u32> + 'a> {
    let v = s / 2;
    if s.is_multiple_of(2) {
        Box::new(std::iter::once(2 * v + 1).chain(solver.ascent(v).map(|t| 2 * t)))
    } else {
        let function = &solver.graph().function;
        Box::new(solver.descent(v).map(move |t| {
            if function[t as usize] == NO_FUNCTION {
                2 * t
            } else {
                2 * t + 1
            }
        }))
    }
}

impl Hub {
    /// The hub of `solver`'s graph, or `None` when no component of states
    /// has `min_states` (at least 2; [`MIN_STATES`] outside tests), when
    /// the state graph both ways would pass `budget_bytes`, when the states
    /// overflow `u32`, or when stopped. A hub only saves work: without one
    /// every search goes on through the component, to the same answer.
    pub fn find(
        solver: &Solver<'_>,
        min_states: usize,
        budget_bytes: u64,
        stop: Stop<'_>,
    ) -> Option<Hub> {
        let n = solver.graph().nodes.len();
        let states = u32::try_from(n.checked_mul(2)?).ok()?;
        let mut offsets = Vec::with_capacity(states as usize + 1);
        let mut targets = Vec::new();
        offsets.push(0u64);
        // Forward and reverse CSR, and the searches' per-state arrays:
        // counted as the rows are made, so a graph over the budget stops
        // making them as soon as it passes it.
        let bytes = |targets: usize| {
            (targets as u64 * 4 + (u64::from(states) + 1) * 8) * 2 + u64::from(states) * 16
        };
        let mut row = Vec::new();
        for s in 0..states {
            // A CSR row is sorted and without repeats.
            row.clear();
            row.extend(moves(solver, s));
            row.sort_unstable();
            row.dedup();
            targets.extend_from_slice(&row);
            offsets.push(targets.len() as u64);
            if bytes(targets.len()) > budget_bytes {
                return None;
            }
        }
        let csr = Csr::from_parts(offsets, targets, None, None).ok()?;
        let g = Graph::from_csr(csr, true, LabelNames::default()).ok()?;
        let (counters, workspace) = (Counters::default(), Workspace::default());
        let comps = scc_parallel(&g, &Ctx::new(&counters, &workspace));
        if stop.requested() || (comps.largest as usize) < min_states.max(2) {
            return None;
        }
        let mut size = vec![0u32; comps.count as usize];
        for &c in &comps.labels {
            size[c as usize] += 1;
        }
        let big = (0..size.len()).max_by_key(|&c| size[c])? as u32;
        let member: Vec<bool> = comps.labels.iter().map(|&c| c == big).collect();
        // The member with the most moves out: witnesses detour through the
        // root, and a well-connected one keeps that detour short.
        let csr = g.forward();
        let root = (0..states)
            .filter(|&s| member[s as usize])
            .max_by_key(|&s| (csr.neighbors(s).len(), std::cmp::Reverse(s)))?;
        // The root's breadth-first tree over its closure, by node: a node's
        // parent is met one state nearer the root than the node's nearer
        // state, so following parents always ends at the root.
        let mut from_root = vec![NONE; n];
        let mut seen = vec![false; states as usize];
        let mut closure = vec![false; n];
        let mut queue = VecDeque::from([root]);
        seen[root as usize] = true;
        closure[(root / 2) as usize] = true;
        while let Some(s) = queue.pop_front() {
            for &t in csr.neighbors(s) {
                if !seen[t as usize] {
                    seen[t as usize] = true;
                    let v = (t / 2) as usize;
                    if !closure[v] {
                        closure[v] = true;
                        from_root[v] = s / 2;
                    }
                    queue.push_back(t);
                }
            }
        }
        let rev = g.reverse();
        let mut toward_root = vec![NONE; states as usize];
        let mut queue = VecDeque::from([root]);
        let mut met = vec![false; states as usize];
        met[root as usize] = true;
        while let Some(s) = queue.pop_front() {
            for &t in rev.neighbors(s) {
                if member[t as usize] && !met[t as usize] {
                    met[t as usize] = true;
                    toward_root[t as usize] = s;
                    queue.push_back(t);
                }
            }
        }
        Some(Hub {
            member,
            closure,
            downstream: seen,
            root,
            toward_root,
            from_root,
        })
    }

    /// States in the component.
    pub fn states(&self) -> usize {
        self.member.iter().filter(|&&m| m).count()
    }

    /// Nodes every search that enters it taints.
    pub fn reach(&self) -> usize {
        self.closure.iter().filter(|&&c| c).count()
    }

    /// Taints the closure after a search that entered the component at
    /// state `entry` (the search's own nodes tainted, with their parents):
    /// each node added gets a parent along the component's path from
    /// `entry` to the root, then the root's tree.
    pub fn taint(&self, entry: u32, tainted: &mut [bool], parent: &mut [u32]) {
        let mut prev = entry / 2;
        let mut s = entry;
        while s != self.root {
            s = self.toward_root[s as usize];
            let v = s / 2;
            if !tainted[v as usize] {
                tainted[v as usize] = true;
                parent[v as usize] = prev;
            }
            prev = v;
        }
        for (v, &c) in self.closure.iter().enumerate() {
            if c && !tainted[v] {
                tainted[v] = true;
                parent[v] = self.from_root[v];
            }
        }
    }
}
