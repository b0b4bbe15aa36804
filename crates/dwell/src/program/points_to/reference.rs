//! The oracle: the same constraints solved by naive iteration (every
//! constraint applied to every set until nothing changes), with no
//! difference propagation and no cycle elimination.

use super::constraints::{Constraints, ObjectKind};
use super::{Loc, PointsTo};
use crate::program::ir::Program;
use crate::program::models::Models;
use std::collections::{BTreeSet, HashMap};

/// Points-to of `p` by naive iteration.
pub fn reference(p: &Program, models: &Models) -> PointsTo {
    let mut c = Constraints::of(p, models);
    let mut sets: HashMap<u32, BTreeSet<u32>> = HashMap::new();
    let content_base = c.nodes;
    for &(n, l) in &c.base {
        sets.entry(n).or_default().insert(l.0);
    }
    let get = |sets: &HashMap<u32, BTreeSet<u32>>, n: u32| -> Vec<u32> {
        sets.get(&n)
            .map_or_else(Vec::new, |s| s.iter().copied().collect())
    };
    let mut callees: HashMap<(u32, u32, u32), BTreeSet<u32>> = HashMap::new();
    let mut copy = c.copy.clone();
    loop {
        let mut changed = false;
        let mut add = |sets: &mut HashMap<u32, BTreeSet<u32>>, n: u32, ls: &[u32]| {
            let s = sets.entry(n).or_default();
            for &l in ls {
                changed |= s.insert(l);
            }
        };
        for &(a, b) in &copy {
            let v = get(&sets, a);
            add(&mut sets, b, &v);
        }
        for &(ptr, dst) in &c.load {
            for l in get(&sets, ptr) {
                let k = c.locs.content_key(Loc(l)).0;
                let v = get(&sets, content_base + k);
                add(&mut sets, dst, &v);
            }
        }
        for &(src, ptr) in &c.store {
            let v = get(&sets, src);
            for l in get(&sets, ptr) {
                let k = c.locs.content_key(Loc(l)).0;
                add(&mut sets, content_base + k, &v);
            }
        }
        for (base, dst, path, ty) in c.gep.clone() {
            for l in get(&sets, base) {
                if let Some(f) = c.offset(Loc(l), &path, ty) {
                    add(&mut sets, dst, &[f.0]);
                }
            }
        }
        for (n, v) in content_copies(&c, &sets, content_base) {
            add(&mut sets, n, &v);
        }
        for call in &c.calls {
            for l in get(&sets, call.callee) {
                let ObjectKind::Function(g) = c.kinds[c.locs.object_of(Loc(l)) as usize] else {
                    continue;
                };
                if !c.locs.path_of(Loc(l)).is_empty()
                    || call.fits.binary_search(&g).is_err()
                    || !callees.entry(call.site).or_default().insert(g)
                {
                    continue;
                }
                changed = true;
                for (a, &param) in call.args.iter().zip(&c.params[g as usize]) {
                    if let Some(a) = a {
                        copy.push((*a, param));
                    }
                }
                if let Some(va) = c.varargs[g as usize] {
                    let extra = call.args.iter().skip(c.params[g as usize].len());
                    for a in extra.flatten() {
                        copy.push((*a, content_base + c.locs.content_key(va).0));
                    }
                }
                if let Some(r) = call.result {
                    copy.push((c.ret[g as usize], r));
                }
            }
        }
        if !changed {
            break;
        }
    }
    // One list per variable and location (set 0 is the empty one).
    let mut lists: Vec<Vec<Loc>> = vec![Vec::new()];
    let mut list = |n: u32| -> u32 {
        lists.push(get(&sets, n).into_iter().map(Loc).collect());
        lists.len() as u32 - 1
    };
    let vars = (0..p.vars.len() as u32).map(&mut list).collect();
    let fields = c
        .field_node
        .iter()
        .map(|n| n.map_or(0, &mut list))
        .collect();
    let content = (0..c.locs.len() as u32)
        .map(|l| list(content_base + c.locs.content_key(Loc(l)).0))
        .collect();
    PointsTo {
        kinds: std::mem::take(&mut c.kinds),
        locs: std::mem::take(&mut c.locs),
        sets: lists,
        vars,
        fields,
        content,
        function_object: c.function_object,
        varargs: c.varargs,
        callees: callees
            .into_iter()
            .map(|(k, v)| (k, v.into_iter().collect()))
            .collect(),
    }
}

/// What each content copy adds, as (content node, locations): every
/// location under a source location moves into each under a destination
/// one (fields mixed, as the value-flow graph mixes them).
fn content_copies(
    c: &Constraints,
    sets: &HashMap<u32, BTreeSet<u32>>,
    content_base: u32,
) -> Vec<(u32, Vec<u32>)> {
    let get = |n: u32| -> Vec<u32> {
        sets.get(&n)
            .map_or_else(Vec::new, |s| s.iter().copied().collect())
    };
    let content = |l: Loc| content_base + c.locs.content_key(l).0;
    let mut out = Vec::new();
    for &(src, dst) in &c.memcpy {
        for ls in get(src) {
            for ld in get(dst) {
                for xs in c.locs.under(Loc(ls)) {
                    let v = get(content(xs));
                    for xd in c.locs.under(Loc(ld)) {
                        out.push((content(xd), v.clone()));
                    }
                }
            }
        }
    }
    out
}
