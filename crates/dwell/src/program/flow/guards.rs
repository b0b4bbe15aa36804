//! Sanitizers as guards: a value is clean at a use that the accepting
//! branch of a sanitizer's verdict on that same value dominates.
//!
//! A *verdict* is a value that says whether a sanitizer accepted something:
//! a sanitizer call's result; `icmp ne|eq` of a verdict with zero (which
//! keeps or flips which result accepts); a cast, or a `phi`/`select` whose
//! inputs are all the same verdict or a zero constant (`s && check(s)`); a
//! load of a non-escaping slot every reaching store of which holds the same
//! verdict (`int ok = check(s); if (ok)`). A defined function whose every
//! `ret` returns a verdict on one of its parameters is itself a sanitizer of
//! that parameter (found to a fixpoint, so wrappers of wrappers count).
//!
//! The checked value is identified by [`Key`]s: the SSA value (followed
//! through casts, pointer steps that select no field, and slot round
//! trips, so `-O0`'s reloads of a local are the same value), a load from
//! escaping memory by the locations it reads, and a pointer's contents by
//! the locations it points to. A `br` on a verdict accepts on one edge;
//! uses in blocks that edge dominates are clean for the verdict's keys. A
//! verdict that no branch tests, or that guards the other branch, cleans
//! nothing.

use crate::program::ir::{Callee, Function, Op, Program, Value};
use crate::program::locals::{At, Locals};
use crate::program::models::{Accepts, Models};
use crate::program::points_to::PointsTo;
use std::collections::HashMap;

/// The identity of a checked value.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Key {
    /// An SSA value (a parameter, a call's result …).
    Ssa(u32),
    /// A load from escaping memory: the locations it reads.
    Load(Vec<u32>),
    /// What a pointer points to: its locations.
    Mem(Vec<u32>),
}

/// Sanitizers known by function id: the argument checked and how.
pub type Sanitizers = HashMap<u32, (usize, Accepts)>;

/// The accepting edges of one function and its dominator tree.
#[derive(Debug, Default)]
struct FnGuards {
    /// Immediate dominator per block (`u32::MAX` for unreachable blocks).
    idom: Vec<u32>,
    /// (accepting successor block, keys it accepts), for accepting edges
    /// that dominate their successor.
    edges: Vec<(u32, Vec<Key>)>,
}

/// Every function's guards.
#[derive(Debug, Default)]
pub struct Guards {
    per_fn: HashMap<u32, FnGuards>,
    pub sanitizers: Sanitizers,
}

/// What guard analysis reads.
pub struct Ctx<'a> {
    pub p: &'a Program,
    pub pts: &'a PointsTo,
    pub locals: &'a [Locals],
    /// Call targets per (function, block, inst) for defined callees.
    pub callee: &'a dyn Fn(u32, At) -> Option<u32>,
}

impl Ctx<'_> {
    /// Keys of `v` used as a value in function `f`.
    pub fn value_keys(&self, f: u32, v: Value) -> Vec<Key> {
        let func = &self.p.functions[f as usize];
        let l = &self.locals[f as usize];
        match self.normal(func, l, v, 0) {
            Some(k) => vec![k],
            None => Vec::new(),
        }
    }

    /// Key of the contents `v` points to, when points-to knows them.
    pub fn content_key(&self, v: Value) -> Option<Key> {
        let mut locs: Vec<u32> = self.pts.of_value(v).iter().map(|l| l.0).collect();
        if locs.is_empty() {
            return None;
        }
        locs.sort_unstable();
        locs.dedup();
        Some(Key::Mem(locs))
    }

    fn normal(&self, func: &Function, l: &Locals, v: Value, depth: u32) -> Option<Key> {
        let Value::Var(x) = v else { return None };
        if depth > 32 {
            return Some(Key::Ssa(x));
        }
        let Some(&(b, i)) = l.def_at.get(&x) else {
            return Some(Key::Ssa(x));
        };
        match &func.blocks[b as usize].insts[i as usize].op {
            Op::Copy(vals) if vals.len() == 1 => self.normal(func, l, vals[0], depth + 1),
            Op::Gep { base, path } if path.is_empty() => self.normal(func, l, *base, depth + 1),
            Op::Load { ptr } if l.is_private(*ptr) => {
                let stores = l.reaching.get(&(b, i))?;
                let mut found = None;
                for &(sb, si) in stores {
                    let Op::Store { value, .. } = &func.blocks[sb as usize].insts[si as usize].op
                    else {
                        return Some(Key::Ssa(x));
                    };
                    let k = self.normal(func, l, *value, depth + 1);
                    if found.is_some() && found != Some(k.clone()) {
                        return Some(Key::Ssa(x));
                    }
                    found = Some(k);
                }
                found.flatten().or(Some(Key::Ssa(x)))
            }
            Op::Load { ptr } => match self.content_key(*ptr) {
                Some(Key::Mem(locs)) => Some(Key::Load(locs)),
                _ => Some(Key::Ssa(x)),
            },
            _ => Some(Key::Ssa(x)),
        }
    }

    /// The verdict `v` carries in function `f`: which result accepts, and
    /// the keys of the checked argument (value and contents).
    fn verdict(
        &self,
        f: u32,
        sz: &Sanitizers,
        v: Value,
        depth: u32,
    ) -> Option<(Accepts, Vec<Key>)> {
        let Value::Var(x) = v else { return None };
        if depth > 32 {
            return None;
        }
        let func = &self.p.functions[f as usize];
        let l = &self.locals[f as usize];
        let &(b, i) = l.def_at.get(&x)?;
        match &func.blocks[b as usize].insts[i as usize].op {
            Op::Call { args, .. } => {
                let g = (self.callee)(f, (b, i))?;
                let &(k, acc) = sz.get(&g)?;
                let arg = *args.get(k)?;
                let mut keys = self.value_keys(f, arg);
                keys.extend(self.content_key(arg));
                Some((acc, keys))
            }
            Op::Cmp { pred, lhs, rhs } => {
                let other = match (lhs, rhs) {
                    (w, Value::Int(0) | Value::Const) | (Value::Int(0) | Value::Const, w) => *w,
                    _ => return None,
                };
                let (acc, keys) = self.verdict(f, sz, other, depth + 1)?;
                match pred.as_str() {
                    "ne" => Some((acc, keys)),
                    "eq" => Some((flip(acc), keys)),
                    _ => None,
                }
            }
            Op::Copy(vals) | Op::Compute(vals) => {
                let mut found: Option<(Accepts, Vec<Key>)> = None;
                let mut zero = false;
                for &w in vals {
                    if w == Value::Int(0) {
                        zero = true;
                        continue;
                    }
                    let got = self.verdict(f, sz, w, depth + 1)?;
                    if found.as_ref().is_some_and(|f| *f != got) {
                        return None;
                    }
                    found = Some(got);
                }
                // A zero input only ever means "not accepted" for a verdict
                // whose non-zero result accepts.
                found.filter(|(acc, _)| !zero || *acc == Accepts::NonZero)
            }
            Op::Load { ptr } if l.is_private(*ptr) => {
                let stores = l.reaching.get(&(b, i))?;
                let mut found: Option<(Accepts, Vec<Key>)> = None;
                for &(sb, si) in stores {
                    let Op::Store { value, .. } = &func.blocks[sb as usize].insts[si as usize].op
                    else {
                        return None;
                    };
                    let got = self.verdict(f, sz, *value, depth + 1)?;
                    if found.as_ref().is_some_and(|f| *f != got) {
                        return None;
                    }
                    found = Some(got);
                }
                found
            }
            _ => None,
        }
    }
}

fn flip(a: Accepts) -> Accepts {
    match a {
        Accepts::NonZero => Accepts::Zero,
        Accepts::Zero => Accepts::NonZero,
    }
}

impl Guards {
    /// Find sanitizers (modelled ones and the wrappers that return their
    /// verdicts), then every function's accepting edges.
    pub fn new(cx: &Ctx<'_>, models: &Models) -> Guards {
        let p = cx.p;
        let mut sz: Sanitizers = HashMap::new();
        for (g, f) in p.functions.iter().enumerate() {
            if let Some(m) = models.get(&f.name) {
                if let Some(s) = m.sanitizer {
                    sz.insert(g as u32, s);
                }
            }
        }
        if sz.is_empty() {
            return Guards::default();
        }
        wrappers(cx, &mut sz);
        let mut per_fn = HashMap::new();
        for (f, func) in p.functions.iter().enumerate() {
            if !func.defined {
                continue;
            }
            let g = fn_guards(cx, f as u32, func, &sz);
            if !g.edges.is_empty() {
                per_fn.insert(f as u32, g);
            }
        }
        Guards {
            per_fn,
            sanitizers: sz,
        }
    }

    /// Is a use in block `b` of function `f` clean for any of `keys`?
    pub fn clean(&self, f: u32, b: u32, keys: &[Key]) -> bool {
        let Some(g) = self.per_fn.get(&f) else {
            return false;
        };
        g.edges.iter().any(|(a, accepted)| {
            keys.iter().any(|k| accepted.contains(k)) && dominates(&g.idom, *a, b)
        })
    }

    /// Does function `f` have any accepting edge (worth computing keys)?
    pub fn any(&self, f: u32) -> bool {
        self.per_fn.contains_key(&f)
    }
}

/// Add every defined function whose returns are all verdicts on one of its
/// parameters, until no more are found.
fn wrappers(cx: &Ctx<'_>, sz: &mut Sanitizers) {
    loop {
        let mut added = false;
        for (g, func) in cx.p.functions.iter().enumerate() {
            if !func.defined || sz.contains_key(&(g as u32)) {
                continue;
            }
            if let Some(s) = wrapper_of(cx, g as u32, func, sz) {
                sz.insert(g as u32, s);
                added = true;
            }
        }
        if !added {
            return;
        }
    }
}

fn wrapper_of(cx: &Ctx<'_>, g: u32, func: &Function, sz: &Sanitizers) -> Option<(usize, Accepts)> {
    let mut found: Option<(usize, Accepts)> = None;
    for blk in &func.blocks {
        for ins in &blk.insts {
            let Op::Ret(r) = &ins.op else { continue };
            let (acc, keys) = cx.verdict(g, sz, (*r)?, 0)?;
            let k = func
                .param_vars
                .iter()
                .position(|&pv| keys.contains(&Key::Ssa(pv)))?;
            if found.is_some_and(|f| f != (k, acc)) {
                return None;
            }
            found = Some((k, acc));
        }
    }
    found
}

fn fn_guards(cx: &Ctx<'_>, f: u32, func: &Function, sz: &Sanitizers) -> FnGuards {
    let mut edges = Vec::new();
    for (b, blk) in func.blocks.iter().enumerate() {
        let Some(last) = blk.insts.last() else {
            continue;
        };
        let Op::Branch { cond } = last.op else {
            continue;
        };
        let [t, e] = blk.succs[..] else { continue };
        if t == e {
            continue;
        }
        if let Some((acc, keys)) = cx.verdict(f, sz, cond, 0) {
            let a = if acc == Accepts::NonZero { t } else { e };
            edges.push((b as u32, a, keys));
        }
    }
    if edges.is_empty() {
        return FnGuards::default();
    }
    let (idom, preds) = dominator_tree(func);
    // An edge P→A guards what A dominates only when every other way into A
    // comes from inside A's own region (a loop's back edge).
    let edges = edges
        .into_iter()
        .filter(|(pb, a, _)| {
            preds[*a as usize]
                .iter()
                .all(|&q| q == *pb || dominates(&idom, *a, q))
        })
        .map(|(_, a, keys)| (a, keys))
        .collect();
    FnGuards { idom, edges }
}

/// Immediate dominators (Cooper, Harvey, Kennedy) and predecessor lists.
fn dominator_tree(func: &Function) -> (Vec<u32>, Vec<Vec<u32>>) {
    let n = func.blocks.len();
    let mut preds = vec![Vec::new(); n];
    for (b, blk) in func.blocks.iter().enumerate() {
        for &s in &blk.succs {
            preds[s as usize].push(b as u32);
        }
    }
    // Reverse postorder from the entry.
    let mut order = Vec::with_capacity(n);
    let mut seen = vec![false; n];
    let mut stack = vec![(0u32, 0usize)];
    seen[0] = true;
    while let Some(&mut (b, ref mut k)) = stack.last_mut() {
        let succs = &func.blocks[b as usize].succs;
        if *k < succs.len() {
            let s = succs[*k];
            *k += 1;
            if !seen[s as usize] {
                seen[s as usize] = true;
                stack.push((s, 0));
            }
        } else {
            order.push(b);
            stack.pop();
        }
    }
    order.reverse();
    let mut rpo = vec![u32::MAX; n];
    for (i, &b) in order.iter().enumerate() {
        rpo[b as usize] = i as u32;
    }
    let mut idom = vec![u32::MAX; n];
    idom[0] = 0;
    let mut changed = true;
    while changed {
        changed = false;
        for &b in order.iter().skip(1) {
            let mut new = u32::MAX;
            for &q in &preds[b as usize] {
                if idom[q as usize] == u32::MAX {
                    continue;
                }
                new = if new == u32::MAX {
                    q
                } else {
                    intersect(&idom, &rpo, q, new)
                };
            }
            if new != idom[b as usize] {
                idom[b as usize] = new;
                changed = true;
            }
        }
    }
    (idom, preds)
}

fn intersect(idom: &[u32], rpo: &[u32], mut a: u32, mut b: u32) -> u32 {
    while a != b {
        while rpo[a as usize] > rpo[b as usize] {
            a = idom[a as usize];
        }
        while rpo[b as usize] > rpo[a as usize] {
            b = idom[b as usize];
        }
    }
    a
}

/// Does block `a` dominate block `d`?
fn dominates(idom: &[u32], a: u32, mut d: u32) -> bool {
    loop {
        if d == a {
            return true;
        }
        let up = idom[d as usize];
        if up == u32::MAX || up == d {
            return false;
        }
        d = up;
    }
}

/// Direct callee of a call site, when it is one function.
pub fn direct_callee(func: &Function, at: At) -> Option<u32> {
    let ins = &func.blocks[at.0 as usize].insts[at.1 as usize];
    match ins.call.as_ref()?.callee {
        Callee::Direct(g) | Callee::Cast(g) => Some(g),
        _ => None,
    }
}
