//! Global initializers as the places their addresses sit in: a read-only
//! named struct's aggregate field by field (`@posixIoMethods`'s `xRead`
//! holds `unixRead` alone, not every method of the table), array elements
//! at their array's place. A writable global, or an aggregate the reader
//! cannot lay out as the code indexes it (a literal struct or a union
//! holding addresses, as clang writes initialized unions), makes the
//! whole global one place, which points-to collapses.

use super::super::ir::Value;
use super::super::lex::{self, Tok};
use super::body::Scope;
use super::Parser;
use std::collections::HashMap;

/// What a walk over one initializer found.
struct Places {
    var: u32,
    at: HashMap<Value, usize>,
    out: Vec<(Value, Vec<Value>)>,
    /// Every address sits in a known field.
    exact: bool,
}

impl<'a> Parser<'a> {
    /// The places of global `var`'s initializer (`toks`: its whole
    /// statement) and the addresses each holds, in order.
    pub(super) fn init_places(&self, var: u32, toks: &[Tok<'a>]) -> Vec<(Value, Vec<Value>)> {
        let Some(kw) = toks
            .iter()
            .position(|t| t.is_word("global") || t.is_word("constant"))
        else {
            return Vec::new();
        };
        let parts = lex::split_top(&toks[kw + 1..]);
        let Some(first) = parts.first() else {
            return Vec::new();
        };
        let (ty, _) = split_typed(first);
        let ty = ty.to_vec();
        let scope = Scope::default();
        let mut w = Places {
            var,
            at: HashMap::new(),
            out: Vec::new(),
            // Fields apart only in read-only memory (see `is_constant`).
            exact: self.is_constant(var),
        };
        self.walk(first, &mut Vec::new(), &ty, &scope, &mut w);
        // A global holding no address has no place (nor is collapsed).
        if w.exact || w.out.is_empty() {
            return w.out;
        }
        // One place for all: every address the initializer names.
        let mut all: Vec<Value> = Vec::new();
        for (_, vals) in w.out {
            for v in vals {
                if !all.contains(&v) {
                    all.push(v);
                }
            }
        }
        vec![(Value::Var(var), all)]
    }

    /// Record the addresses in `part` (`<type> <value>`) at field `path`
    /// of the global (whose type is `gty`).
    fn walk(
        &self,
        part: &[Tok<'a>],
        path: &mut Vec<u32>,
        gty: &[Tok<'a>],
        scope: &Scope<'_>,
        w: &mut Places,
    ) {
        let (ty, val) = split_typed(part);
        match val {
            [] => {}
            [Tok::P(b'{'), inner @ .., Tok::P(b'}')] => match ty {
                [Tok::Local(n)] if !n.starts_with("union.") && self.types.contains_key(n) => {
                    let fields = if inner.is_empty() {
                        Vec::new()
                    } else {
                        lex::split_top(inner)
                    };
                    for (k, f) in fields.iter().enumerate() {
                        path.push(k as u32);
                        self.walk(f, path, gty, scope, w);
                        path.pop();
                    }
                }
                // A union or literal struct: its fields are not the ones
                // the code's `getelementptr`s index.
                _ => self.inexact(val, scope, w),
            },
            [Tok::P(b'<'), Tok::P(b'{'), ..] => self.inexact(val, scope, w),
            [Tok::P(b'[' | b'<'), inner @ .., Tok::P(b']' | b'>')] => {
                if !inner.is_empty() {
                    for e in lex::split_top(inner) {
                        self.walk(e, path, gty, scope, w);
                    }
                }
            }
            _ => {
                let v = self.operand(part, scope);
                if v.is_tracked() {
                    let place = if path.is_empty() || !w.exact {
                        Value::Var(w.var)
                    } else {
                        Value::Field(self.field(w.var, path.clone(), gty.to_vec()))
                    };
                    add(w, place, v);
                }
            }
        }
    }

    /// An aggregate of unknown layout: its addresses, at the global.
    fn inexact(&self, val: &[Tok<'a>], scope: &Scope<'_>, w: &mut Places) {
        for t in val {
            let v = self.name_value(t, scope);
            if v.is_tracked() {
                w.exact = false;
                add(w, Value::Var(w.var), v);
            }
        }
    }
}

fn add(w: &mut Places, place: Value, v: Value) {
    let k = *w.at.entry(place).or_insert_with(|| {
        w.out.push((place, Vec::new()));
        w.out.len() - 1
    });
    if !w.out[k].1.contains(&v) {
        w.out[k].1.push(v);
    }
}

/// A typed constant (`%struct.S { … }`, `[2 x ptr] [ … ]`,
/// `i32 (i8*)* @f`) split into its type and its value.
fn split_typed<'t, 'a>(part: &'t [Tok<'a>]) -> (&'t [Tok<'a>], &'t [Tok<'a>]) {
    let mut end = match part.first() {
        Some(Tok::P(b'[' | b'{' | b'<')) => match lex::matching(part, 0) {
            Some(e) => e + 1,
            None => return (part, &[]),
        },
        Some(Tok::Local(_) | Tok::Word(_)) => 1,
        _ => return (&[], part),
    };
    // `ptr addrspace(1)`
    if part.get(end).is_some_and(|t| t.is_word("addrspace")) {
        if let Some(e) = part.get(end + 1..).and_then(|r| lex::matching(r, 0)) {
            end += 2 + e;
        }
    }
    // Typed pointers: `T*`, `T (args)*`.
    loop {
        match part.get(end) {
            Some(Tok::P(b'*')) => end += 1,
            Some(Tok::P(b'(')) => match lex::matching(part, end) {
                Some(e) if part.get(e + 1) == Some(&Tok::P(b'*')) => end = e + 2,
                _ => break,
            },
            _ => break,
        }
    }
    part.split_at(end)
}
