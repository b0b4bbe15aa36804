//! What a call of a defined function hands back, read from its body
//! alone: a pointer into what one of its arguments points to
//! (`skip_blanks(s)` returns `s`), or a fresh allocation of its own.

use crate::program::ir::{Op, Program, Value};
use crate::program::locals::{At, Locals, Origin};
use crate::program::models::Models;
use std::collections::HashSet;

/// Functions that return a pointer into what one of their parameters
/// points to: a call's result content is then the argument's, in the
/// caller's own context.
pub(super) fn passes_through(p: &Program, locals: &[Locals]) -> Vec<Option<(u32, Vec<u32>)>> {
    p.functions
        .iter()
        .zip(locals)
        .map(|(func, l)| {
            let mut found: Option<(u32, Vec<u32>)> = None;
            for ins in func.blocks.iter().flat_map(|b| &b.insts) {
                if let Op::Ret(Some(v)) = ins.op {
                    let Some(Origin::Param(k, path)) = l.origin(func, v) else {
                        return None;
                    };
                    match &found {
                        Some(prev) if *prev != (k, path.clone()) => return None,
                        _ => found = Some((k, path)),
                    }
                }
            }
            found
        })
        .collect()
}

/// Defined functions that return only fresh allocations of their own (or
/// null): each call of one gets its own contents.
pub(super) fn alloc_wrappers(
    p: &Program,
    locals: &[Locals],
    models: &Models,
    callee: &dyn Fn(u32, At) -> Option<u32>,
) -> HashSet<u32> {
    let mut out = HashSet::new();
    for (f, func) in p.functions.iter().enumerate() {
        if !func.defined {
            continue;
        }
        let mut any = false;
        let mut all = true;
        for blk in &func.blocks {
            for ins in &blk.insts {
                let Op::Ret(Some(v)) = ins.op else { continue };
                if !matches!(v, Value::Var(_)) {
                    continue;
                }
                let fresh = match locals[f].origin(func, v) {
                    Some(Origin::Call(at, path)) if path.is_empty() => callee(f as u32, at)
                        .and_then(|g| models.get(&p.functions[g as usize].name))
                        .is_some_and(|m| m.allocates),
                    _ => false,
                };
                any |= fresh;
                all &= fresh;
            }
        }
        if any && all {
            out.insert(f as u32);
        }
    }
    out
}
