//! What one function's own code says about its variables, before any
//! points-to: which slots never let their address escape (and so take
//! strong updates: a load sees only the stores that reach it along the CFG),
//! and where a pointer comes from (a parameter, a call's fresh result),
//! which is how memory reached through parameters stays attributed to the
//! calling context.

use crate::program::ir::{Function, Op, Program, Value};
use std::collections::HashMap;

/// A position in a function: (block, instruction).
pub type At = (u32, u32);

/// Where a pointer value comes from, as far as the function's own code
/// tells (copies, field offsets and loads of non-escaping slots followed).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Origin {
    /// Parameter `i`, at field path `path` inside what it points to.
    Param(u32, Vec<u32>),
    /// The result of the call at this position, at a field path.
    Call(At, Vec<u32>),
}

/// One function's slots and reaching stores.
#[derive(Debug, Default)]
pub struct Locals {
    /// Slot variable → not escaping (only ever the pointer of a load/store).
    pub private: HashMap<u32, ()>,
    /// For each load of a private slot: the stores that may reach it.
    pub reaching: HashMap<At, Vec<At>>,
    /// Variable → where it is defined in this function.
    pub def_at: HashMap<u32, At>,
    /// Parameter variable → its index.
    pub param_index: HashMap<u32, u32>,
}

/// Longest field path kept; deeper ones are cut (recursive `&p->next->…`).
const MAX_PATH: usize = 4;

impl Locals {
    /// Analyse defined function `f`.
    pub fn of(f: &Function) -> Locals {
        let mut l = Locals::default();
        for (i, &v) in f.param_vars.iter().enumerate() {
            l.param_index.insert(v, i as u32);
        }
        let mut slots = Vec::new();
        for (b, blk) in f.blocks.iter().enumerate() {
            for (i, ins) in blk.insts.iter().enumerate() {
                if let Some(r) = ins.result {
                    l.def_at.insert(r, (b as u32, i as u32));
                    if ins.op == Op::Alloca {
                        slots.push(r);
                    }
                }
            }
        }
        let mut escaping: HashMap<u32, ()> = HashMap::new();
        for blk in &f.blocks {
            for ins in &blk.insts {
                for v in escaping_mentions(&ins.op, &ins.uses) {
                    escaping.insert(v, ());
                }
            }
        }
        for s in slots {
            if !escaping.contains_key(&s) {
                l.private.insert(s, ());
            }
        }
        l.reaching = reaching_stores(f, &l.private);
        l
    }

    /// Is `v` a slot whose address never escapes?
    pub fn is_private(&self, v: Value) -> bool {
        matches!(v, Value::Var(s) if self.private.contains_key(&s))
    }

    /// Where the pointer `v` comes from, if the function's code says.
    pub fn origin(&self, f: &Function, v: Value) -> Option<Origin> {
        match self.origin_at(f, v, &mut Vec::new()) {
            Found::Known(o) => Some(o),
            Found::Cycle | Found::Unknown => None,
        }
    }

    /// `visiting` holds the variables whose origin is being worked out: a
    /// loop (`s++` stored back into `s`'s slot) meets one again, and adds
    /// nothing to what the other inputs say.
    fn origin_at(&self, f: &Function, v: Value, visiting: &mut Vec<u32>) -> Found {
        let Value::Var(x) = v else {
            return Found::Unknown;
        };
        if let Some(&i) = self.param_index.get(&x) {
            return Found::Known(Origin::Param(i, Vec::new()));
        }
        if visiting.contains(&x) {
            return Found::Cycle;
        }
        // Copy chains and slot round trips are short; the bound keeps a
        // pathological chain from running long.
        if visiting.len() > 64 {
            return Found::Unknown;
        }
        let Some(&(b, i)) = self.def_at.get(&x) else {
            return Found::Unknown;
        };
        visiting.push(x);
        let found = self.origin_of_def(f, (b, i), visiting);
        visiting.pop();
        found
    }

    fn origin_of_def(&self, f: &Function, (b, i): At, visiting: &mut Vec<u32>) -> Found {
        let ins = &f.blocks[b as usize].insts[i as usize];
        match &ins.op {
            Op::Copy(vals) => {
                // A cast of one value, or a phi/select whose variable inputs
                // all agree (constants such as null add no origin).
                let vars = vals.iter().filter(|w| matches!(w, Value::Var(_)));
                Found::agree(vars.map(|&w| self.origin_at(f, w, visiting)))
            }
            Op::Gep { base, path } => match self.origin_at(f, *base, visiting) {
                Found::Known(mut o) => {
                    let p = match &mut o {
                        Origin::Param(_, p) | Origin::Call(_, p) => p,
                    };
                    p.extend_from_slice(path);
                    p.truncate(MAX_PATH);
                    Found::Known(o)
                }
                // A loop that steps through fields (`p = p->next`) has no
                // one path.
                Found::Cycle if path.is_empty() => Found::Cycle,
                _ => Found::Unknown,
            },
            Op::Load { ptr } if self.is_private(*ptr) => {
                let Some(stores) = self.reaching.get(&(b, i)) else {
                    return Found::Unknown;
                };
                let mut values = Vec::new();
                for &(sb, si) in stores {
                    let Op::Store { value, .. } = &f.blocks[sb as usize].insts[si as usize].op
                    else {
                        return Found::Unknown;
                    };
                    if matches!(value, Value::Var(_)) {
                        values.push(*value);
                    }
                }
                Found::agree(values.into_iter().map(|w| self.origin_at(f, w, visiting)))
            }
            Op::Call { .. } => Found::Known(Origin::Call((b, i), Vec::new())),
            _ => Found::Unknown,
        }
    }
}

/// What a search for an origin found.
enum Found {
    Known(Origin),
    /// Only the variable being worked out again: no information.
    Cycle,
    Unknown,
}

impl Found {
    /// One origin when all inputs that say something agree.
    fn agree(inputs: impl Iterator<Item = Found>) -> Found {
        let mut out = Found::Cycle;
        for f in inputs {
            match (f, &out) {
                (Found::Unknown, _) => return Found::Unknown,
                (Found::Cycle, _) => {}
                (Found::Known(o), Found::Known(prev)) if o != *prev => return Found::Unknown,
                (Found::Known(o), _) => out = Found::Known(o),
            }
        }
        out
    }
}

/// The variables an instruction lets escape: every mention that is not the
/// pointer operand of a load or store.
fn escaping_mentions(op: &Op, uses: &[u32]) -> Vec<u32> {
    let var = |v: &Value| match v {
        Value::Var(x) => Some(*x),
        _ => None,
    };
    match op {
        Op::Load { .. } | Op::Alloca | Op::Branch { .. } => Vec::new(),
        Op::Store { value, .. } => var(value).into_iter().collect(),
        Op::Gep { base, .. } => var(base).into_iter().collect(),
        Op::Copy(vals) | Op::Compute(vals) => vals.iter().filter_map(var).collect(),
        Op::Cmp { lhs, rhs, .. } => [lhs, rhs].into_iter().filter_map(var).collect(),
        Op::Call { callee, args } => std::iter::once(callee)
            .chain(args)
            .filter_map(var)
            .collect(),
        Op::Ret(v) => v.iter().filter_map(var).collect(),
        // Unknown roles: every operand may escape.
        Op::Other => uses.to_vec(),
    }
}

/// For every load of a private slot, the stores to that slot that reach it
/// along the CFG (none: the slot is read uninitialised on every path).
fn reaching_stores(f: &Function, private: &HashMap<u32, ()>) -> HashMap<At, Vec<At>> {
    let mut out = HashMap::new();
    if private.is_empty() || f.blocks.is_empty() {
        return out;
    }
    let n = f.blocks.len();
    let mut preds = vec![Vec::new(); n];
    for (b, blk) in f.blocks.iter().enumerate() {
        for &s in &blk.succs {
            preds[s as usize].push(b as u32);
        }
    }
    // Per slot: the last store in each block, and loads not preceded by a
    // store of their block.
    let mut last_store: HashMap<u32, Vec<Option<At>>> = HashMap::new();
    let mut open_loads: HashMap<u32, Vec<At>> = HashMap::new();
    for (b, blk) in f.blocks.iter().enumerate() {
        let mut seen: HashMap<u32, At> = HashMap::new();
        for (i, ins) in blk.insts.iter().enumerate() {
            let at = (b as u32, i as u32);
            match ins.op {
                Op::Store {
                    ptr: Value::Var(s), ..
                } if private.contains_key(&s) => {
                    seen.insert(s, at);
                    last_store.entry(s).or_insert_with(|| vec![None; n])[b] = Some(at);
                }
                Op::Load { ptr: Value::Var(s) } if private.contains_key(&s) => match seen.get(&s) {
                    Some(&st) => {
                        out.insert(at, vec![st]);
                    }
                    None => open_loads.entry(s).or_default().push(at),
                },
                _ => {}
            }
        }
    }
    for (s, loads) in open_loads {
        let last = last_store.get(&s);
        let block_in = reach_in(n, &preds, last);
        for at in loads {
            out.insert(at, block_in[at.0 as usize].clone());
        }
    }
    out
}

/// Stores reaching each block's entry, given each block's last store.
fn reach_in(n: usize, preds: &[Vec<u32>], last: Option<&Vec<Option<At>>>) -> Vec<Vec<At>> {
    let mut block_in: Vec<Vec<At>> = vec![Vec::new(); n];
    let Some(last) = last else {
        return block_in;
    };
    let out_of = |b: usize, block_in: &Vec<Vec<At>>| -> Vec<At> {
        match last[b] {
            Some(at) => vec![at],
            None => block_in[b].clone(),
        }
    };
    let mut changed = true;
    while changed {
        changed = false;
        for b in 0..n {
            let mut set: Vec<At> = Vec::new();
            for &p in &preds[b] {
                set.extend(out_of(p as usize, &block_in));
            }
            set.sort_unstable();
            set.dedup();
            if set != block_in[b] {
                block_in[b] = set;
                changed = true;
            }
        }
    }
    block_in
}

/// Every defined function's locals, by function id (empty for declarations).
pub fn all(p: &Program) -> Vec<Locals> {
    use rayon::prelude::*;
    p.functions
        .par_iter()
        .map(|f| {
            if f.defined {
                Locals::of(f)
            } else {
                Locals::default()
            }
        })
        .collect()
}
