//! What an instruction does to values and memory ([`Op`]): the operands
//! points-to and the value-flow graph read, beside the defs and uses
//! `inst` reads for the bit-vector problems.
//!
//! An operand is its part's last token (`i8* noundef %x` → `%x`); a
//! constant expression (`getelementptr (… @.str …)`, `bitcast (… @f …)`)
//! stands for the first variable or function it names, except a constant
//! `getelementptr` of a global with a struct field path: that field
//! ([`Value::Field`]). `getelementptr`
//! keeps its constant struct field path, read through the module's named
//! struct types (`%struct.S = type { … }`, pass 1) and literal ones;
//! array and vector indices select no field. Atomic operations, `va_arg`
//! and `switch` are [`Op::Other`]: no value flow is read from them.

use super::super::ir::{CallSite, Callee, Op, Value};
use super::super::lex::{self, Tok};
use super::body::Scope;
use super::words::{ARITHMETIC, CASTS, MOVES};
use super::{GlobalKind, Parser};
use std::ops::Range;

/// A call's callee and argument tokens, as `call::call_site` found them.
pub(super) struct CallParts<'s> {
    pub site: Option<&'s CallSite>,
    pub callee_at: usize,
    pub args: Range<usize>,
}

impl<'a> Parser<'a> {
    /// The op of instruction `opcode ops`.
    pub(super) fn op(
        &self,
        s: &Scope<'_>,
        opcode: &str,
        ops: &[Tok<'a>],
        call: Option<CallParts<'_>>,
    ) -> Op {
        let parts = lex::split_top(ops);
        let val = |k: usize| parts.get(k).map_or(Value::Const, |p| self.operand(p, s));
        match opcode {
            "alloca" => Op::Alloca,
            "load" => Op::Load { ptr: val(1) },
            "store" => Op::Store {
                value: val(0),
                ptr: val(1),
            },
            "getelementptr" => Op::Gep {
                base: val(1),
                path: self.gep_path(&parts),
            },
            "icmp" | "fcmp" => {
                let pred = match ops.first() {
                    Some(Tok::Word(w)) => (*w).to_string(),
                    _ => String::new(),
                };
                let rest = lex::split_top(ops.get(1..).unwrap_or(&[]));
                let side = |k: usize| rest.get(k).map_or(Value::Const, |p| self.operand(p, s));
                Op::Cmp {
                    pred,
                    lhs: side(0),
                    rhs: side(1),
                }
            }
            "ret" if ops.first().is_some_and(|t| t.is_word("void")) || ops.is_empty() => {
                Op::Ret(None)
            }
            "ret" => Op::Ret(Some(val(0))),
            "br" if ops.first().is_some_and(|t| t.is_word("i1")) => Op::Branch { cond: val(0) },
            "phi" => Op::Copy(self.phi_values(s, ops)),
            "select" => copies([val(1), val(2)]),
            "call" | "invoke" | "callbr" => match call {
                Some(c) => self.call_op(s, ops, c),
                None => Op::Other,
            },
            _ if CASTS.contains(&opcode) => {
                let to = ops
                    .iter()
                    .rposition(|t| t.is_word("to"))
                    .unwrap_or(ops.len());
                copies([self.operand(&ops[..to], s)])
            }
            _ if MOVES.contains(&opcode) => copies(parts.iter().map(|p| self.operand(p, s))),
            _ if ARITHMETIC.contains(&opcode) => {
                match copies(parts.iter().map(|p| self.operand(p, s))) {
                    Op::Copy(vals) => Op::Compute(vals),
                    other => other,
                }
            }
            _ => Op::Other,
        }
    }

    /// A call's callee value and arguments in order.
    fn call_op(&self, s: &Scope<'_>, ops: &[Tok<'a>], c: CallParts<'_>) -> Op {
        let callee = match c.site.map(|site| &site.callee) {
            Some(Callee::Direct(f) | Callee::Cast(f)) => Value::Func(*f),
            Some(Callee::Indirect { .. }) => ops
                .get(c.callee_at..=c.callee_at)
                .map_or(Value::Const, |t| self.operand(t, s)),
            Some(Callee::Asm) | None => Value::Const,
        };
        let inner = ops.get(c.args).unwrap_or(&[]);
        let args = if inner.is_empty() {
            Vec::new()
        } else {
            lex::split_top(inner)
                .iter()
                .map(|p| self.operand(p, s))
                .collect()
        };
        Op::Call { callee, args }
    }

    /// A phi's incoming values (`[ v, %bb ]`), in order.
    fn phi_values(&self, s: &Scope<'_>, ops: &[Tok<'a>]) -> Vec<Value> {
        let mut out = Vec::new();
        let mut j = 0;
        while j < ops.len() {
            if ops[j] == Tok::P(b'[') {
                let Some(close) = lex::matching(ops, j) else {
                    break;
                };
                if let Some(v) = lex::split_top(&ops[j + 1..close]).first() {
                    out.push(self.operand(v, s));
                }
                j = close;
            }
            j += 1;
        }
        out.retain(|v| v.is_tracked());
        out
    }

    /// What one operand (`<type> <attrs> <value>`) is.
    pub(super) fn operand(&self, part: &[Tok<'a>], s: &Scope<'_>) -> Value {
        match part.last() {
            Some(Tok::P(b')')) => {
                if let Some(k) = self.const_field(part) {
                    return Value::Field(k);
                }
                // A constant expression: the first name inside it.
                let open = part.iter().position(|t| *t == Tok::P(b'('));
                part[open.unwrap_or(0)..]
                    .iter()
                    .map(|t| self.name_value(t, s))
                    .find(|v| *v != Value::Const)
                    .unwrap_or(Value::Const)
            }
            Some(Tok::Word(w)) => match *w {
                "true" => Value::Int(1),
                "false" => Value::Int(0),
                _ => w.parse().map_or(Value::Const, Value::Int),
            },
            Some(t) => self.name_value(t, s),
            None => Value::Const,
        }
    }

    /// A constant `getelementptr` (outermost, or under casts) of a
    /// read-only global variable with a struct field path: that field's id
    /// ([`Parser::is_constant`] says why read-only). Other constant
    /// expressions stand for the first name inside them.
    fn const_field(&self, part: &[Tok<'a>]) -> Option<u32> {
        let at = part.iter().position(|t| t.is_word("getelementptr"))?;
        // `inrange(…)` (LLVM 19) has parentheses of its own.
        let mut open = at + 1;
        loop {
            match part.get(open)? {
                Tok::P(b'(') => break,
                t if t.is_word("inrange") && part.get(open + 1) == Some(&Tok::P(b'(')) => {
                    open = lex::matching(part, open + 1)? + 1;
                }
                _ => open += 1,
            }
        }
        let close = lex::matching(part, open)?;
        let parts = lex::split_top(&part[open + 1..close]);
        let Some(Tok::Global(name)) = parts.get(1)?.last() else {
            return None;
        };
        let Some(&GlobalKind::Variable(base)) = self.globals.get(name) else {
            return None;
        };
        if !self.is_constant(base) {
            return None;
        }
        let path = self.gep_path(&parts);
        if path.is_empty() {
            return None;
        }
        let ty = strip_words(parts[0], &["inbounds", "inrange"]).to_vec();
        Some(self.field(base, path, ty))
    }

    /// A `%x` or `@x` token as a value; anything else is a constant.
    pub(super) fn name_value(&self, t: &Tok<'a>, s: &Scope<'_>) -> Value {
        match t {
            Tok::Local(n) => s.locals.get(n).map_or(Value::Const, |&v| Value::Var(v)),
            Tok::Global(n) => match self.globals.get(n) {
                Some(GlobalKind::Function(f)) => Value::Func(*f),
                Some(GlobalKind::Variable(v)) => Value::Var(*v),
                _ => Value::Const,
            },
            _ => Value::Const,
        }
    }

    /// The struct field path of a `getelementptr`'s constant indices
    /// (`parts`: source element type, base, indices). Stops at the first
    /// non-constant index into a struct or at a type it cannot read.
    fn gep_path(&self, parts: &[&[Tok<'a>]]) -> Vec<u32> {
        let mut path = Vec::new();
        let Some(first) = parts.first() else {
            return path;
        };
        let mut ty: &[Tok<'a>] = strip_words(first, &["inbounds", "inrange"]);
        // The first index steps over whole objects: no field.
        for index in parts.iter().skip(3) {
            ty = strip_words(ty, &[]);
            let fields = match self.struct_fields(ty) {
                Some(f) => f,
                None => match element_type(ty) {
                    Some(e) => {
                        ty = e;
                        continue;
                    }
                    None => break,
                },
            };
            let Some(k) = index
                .last()
                .and_then(|t| match t {
                    Tok::Word(w) => w.parse::<u32>().ok(),
                    _ => None,
                })
                .filter(|&k| (k as usize) < fields.len())
            else {
                break;
            };
            path.push(k);
            ty = fields[k as usize];
        }
        path
    }

    /// The id of the named struct type `ty` is, or is an array of
    /// (`%struct.S`, `[4 x %struct.S]`); `None` for other and opaque types.
    pub(super) fn named_type(&mut self, mut ty: &[Tok<'a>]) -> Option<u32> {
        while let Some(e) = element_type(ty) {
            ty = e;
        }
        let [Tok::Local(name)] = ty else {
            return None;
        };
        if let Some(&id) = self.type_ids.get(name) {
            return Some(id);
        }
        let (key, body) = self.types.get_key_value(name)?;
        let key = *key;
        self.struct_fields(body)?;
        let t = &mut self.prog.struct_types;
        let id = t.names.len() as u32;
        t.names.push(key.to_string());
        t.fields.push(Vec::new());
        self.type_ids.insert(key, id);
        self.type_keys.push(key);
        Some(id)
    }

    /// The named type a `getelementptr`'s field path indexes (`ops`: the
    /// tokens after the opcode).
    pub(super) fn gep_type(&mut self, ops: &[Tok<'a>]) -> Option<u32> {
        let parts = lex::split_top(ops);
        let first = strip_words(parts.first()?, &["inbounds", "inrange"]).to_vec();
        self.named_type(&first)
    }

    /// The memory type of an `alloca`'s slot ([`Self::memory_type`]).
    pub(super) fn alloca_type(&mut self, ops: &[Tok<'a>]) -> Option<Option<u32>> {
        let parts = lex::split_top(ops);
        let first = strip_words(parts.first()?, &["inalloca"]).to_vec();
        self.memory_type(&first)
    }

    /// What object memory of type `ty` is ([`Program::object_types`](super::super::ir::Program::object_types)):
    /// `Some(Some(t))` a named struct (or array of them), `Some(None)`
    /// no struct at all (a scalar, a pointer, an array of them), `None`
    /// unknown (a literal or opaque struct).
    fn memory_type(&mut self, ty: &[Tok<'a>]) -> Option<Option<u32>> {
        if let Some(t) = self.named_type(ty) {
            return Some(Some(t));
        }
        let mut elem = ty;
        while let Some(e) = element_type(elem) {
            elem = e;
        }
        match elem {
            [Tok::Word(_)] => Some(None),
            [.., Tok::P(b'*')] => Some(None),
            _ => None,
        }
    }

    /// The named type of a global variable whose type starts `after`
    /// (the tokens after `global`/`constant`).
    pub(super) fn global_type(&mut self, after: &[Tok<'a>]) -> Option<Option<u32>> {
        let mut end = match after.first()? {
            Tok::Local(_) | Tok::Word(_) => 0,
            Tok::P(b'[') => lex::matching(after, 0)?,
            _ => return None,
        };
        // Typed pointers: `%struct.S*`, `i8**`.
        while after.get(end + 1) == Some(&Tok::P(b'*')) {
            end += 1;
        }
        self.memory_type(&after[..=end])
    }

    /// Fill in the fields of every named type given an id (a field's
    /// type may give a new one its id).
    pub(super) fn finish_struct_types(&mut self) {
        let mut t = 0;
        while t < self.type_keys.len() {
            let body = self.types[self.type_keys[t]].clone();
            let fields: Vec<Vec<Tok<'a>>> = self
                .struct_fields(&body)
                .unwrap_or_default()
                .iter()
                .map(|f| f.to_vec())
                .collect();
            let ids = fields.iter().map(|f| self.named_type(f)).collect();
            self.prog.struct_types.fields[t] = ids;
            t += 1;
        }
    }

    /// The field types of struct type `ty` (named or literal, packed or not).
    fn struct_fields<'t>(&'t self, ty: &'t [Tok<'a>]) -> Option<Vec<&'t [Tok<'a>]>> {
        let body: &'t [Tok<'a>] = match ty {
            [Tok::Local(n)] => self.types.get(n)?.as_slice(),
            _ => ty,
        };
        let (open, close) = match body {
            [Tok::P(b'{'), .., Tok::P(b'}')] => (1, body.len() - 1),
            [Tok::P(b'<'), Tok::P(b'{'), .., Tok::P(b'}'), Tok::P(b'>')] => (2, body.len() - 2),
            _ => return None,
        };
        let inner = &body[open..close];
        Some(if inner.is_empty() {
            Vec::new()
        } else {
            lex::split_top(inner)
        })
    }
}

/// `[N x T]` or `<N x T>` → `T`.
fn element_type<'t, 'a>(ty: &'t [Tok<'a>]) -> Option<&'t [Tok<'a>]> {
    match ty {
        [Tok::P(b'[' | b'<'), Tok::Word(_), x, elem @ .., Tok::P(b']' | b'>')]
            if x.is_word("x") =>
        {
            Some(elem)
        }
        _ => None,
    }
}

/// `toks` without leading words among `words`.
fn strip_words<'t, 'a>(mut toks: &'t [Tok<'a>], words: &[&str]) -> &'t [Tok<'a>] {
    while let Some((first, rest)) = toks.split_first() {
        if words.iter().any(|w| first.is_word(w)) {
            toks = rest;
        } else {
            break;
        }
    }
    toks
}

/// A copy of the variables and functions among `vals` (constants carry
/// no data anyone tracks).
fn copies(vals: impl IntoIterator<Item = Value>) -> Op {
    Op::Copy(vals.into_iter().filter(|v| v.is_tracked()).collect())
}
