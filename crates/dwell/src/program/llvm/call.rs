//! Call sites (`call`, `invoke`, `callbr`): where the callee and the
//! argument list are, and what the callee is.
//!
//! A callee `@f` naming a function is direct; one that is a constant
//! expression around exactly one function (`bitcast (… @f …)`) is a cast of
//! it; inline asm is asm; anything else (a local value, an alias, a global
//! variable) is indirect, kept with its argument count and return type for
//! [`Program::indirect_targets`](super::super::ir::Program::indirect_targets).

use super::super::ir::{CallSite, Callee};
use super::super::lex::{self, Tok};
use super::body::Scope;
use super::types::ret_type;
use super::words::CONSTEXPR_WORDS;
use super::{GlobalKind, ParseError, Parser};
use std::ops::Range;

/// What the callee operand is, by its form.
#[derive(Clone, Copy)]
enum Form {
    /// `@f`.
    Global,
    /// `asm "…"`.
    Asm,
    /// `%p`, a value of the function.
    Local,
    /// `bitcast (…)` and other constant expressions.
    ConstExpr,
}

impl<'a> Parser<'a> {
    /// Classify the callee of `call`/`invoke`/`callbr` operands `ops`.
    /// Returns the site (`None` for `llvm.dbg.*`: not a call graph edge in
    /// LLVM), the callee token's index in `ops` and the argument list's
    /// tokens' range (between the parentheses).
    pub(super) fn call_site(
        &self,
        line: u64,
        ops: &[Tok<'a>],
        s: &Scope<'_>,
    ) -> Result<(Option<CallSite>, usize, Range<usize>), ParseError> {
        let (callee_at, args_open, form) = self.find_callee(line, ops, s)?;
        let close = lex::matching(ops, args_open).ok_or_else(|| self.bad_call(line))?;
        let inner = &ops[args_open + 1..close];
        let args = if inner.is_empty() {
            0
        } else {
            lex::split_top(inner).len()
        };
        let Some(callee) = self.callee(line, ops, callee_at, args_open, form)? else {
            return Ok((None, callee_at, args_open + 1..close));
        };
        let callee = match callee {
            Callee::Indirect { .. } => Callee::Indirect {
                args,
                ret: indirect_ret(&ops[..callee_at]),
            },
            c => c,
        };
        Ok((
            Some(CallSite {
                callee,
                terminator: false,
                line,
            }),
            callee_at,
            args_open + 1..close,
        ))
    }

    fn bad_call(&self, line: u64) -> ParseError {
        self.err(
            line,
            "cannot find the callee and argument list of this call",
            "write calls as `call <ret type> <callee>(<args>)`",
        )
    }

    /// The callee's index, the argument list's `(` index and the callee's
    /// form. The argument list is the first depth-0 `(` right after a
    /// callee.
    fn find_callee(
        &self,
        line: u64,
        ops: &[Tok<'a>],
        s: &Scope<'_>,
    ) -> Result<(usize, usize, Form), ParseError> {
        let mut j = 0;
        let mut depth = 0i64;
        loop {
            let Some(t) = ops.get(j) else {
                return Err(self.bad_call(line));
            };
            match t {
                Tok::P(b'(') if depth == 0 && j > 0 => {
                    let prev = ops[j - 1];
                    let value_local = matches!(prev, Tok::Local(n) if s.locals.contains_key(n));
                    if let Tok::Word(w) = prev {
                        if CONSTEXPR_WORDS.contains(&w) {
                            // `bitcast (…)` callee: skip the constant, the
                            // argument list follows it.
                            let close = lex::matching(ops, j).ok_or_else(|| self.bad_call(line))?;
                            if ops.get(close + 1) == Some(&Tok::P(b'(')) {
                                return Ok((j - 1, close + 1, Form::ConstExpr));
                            }
                            j = close + 1;
                            continue;
                        }
                    }
                    match prev {
                        Tok::Global(_) => return Ok((j - 1, j, Form::Global)),
                        Tok::Str(_) => return Ok((j - 1, j, Form::Asm)),
                        _ if value_local => return Ok((j - 1, j, Form::Local)),
                        _ => {}
                    }
                    depth += 1;
                }
                Tok::P(b'(' | b'[' | b'{' | b'<') => depth += 1,
                Tok::P(b')' | b']' | b'}' | b'>') => depth -= 1,
                _ => {}
            }
            j += 1;
        }
    }

    /// The callee at `ops[callee_at]` of `form` (`None` for `llvm.dbg.*`).
    /// An indirect callee comes back without its argument count and return
    /// type, which `call_site` fills in.
    fn callee(
        &self,
        line: u64,
        ops: &[Tok<'a>],
        callee_at: usize,
        args_open: usize,
        form: Form,
    ) -> Result<Option<Callee>, ParseError> {
        let indirect = Callee::Indirect {
            args: 0,
            ret: String::new(),
        };
        Ok(Some(match (form, ops[callee_at]) {
            (Form::Global, Tok::Global(n)) => match self.globals.get(n) {
                Some(GlobalKind::Function(_)) if n.starts_with("llvm.dbg.") => return Ok(None),
                Some(GlobalKind::Function(f)) => Callee::Direct(*f),
                Some(_) => indirect,
                None => {
                    return Err(self.err(
                        line,
                        format!("call to @{n}, which is neither defined nor declared"),
                        format!("add `declare <type> @{n}(…)` to the module"),
                    ))
                }
            },
            (Form::Asm, _) => Callee::Asm,
            (Form::ConstExpr, _) => {
                // A cast of exactly one function calls that function.
                let fns: Vec<u32> = ops[callee_at..args_open]
                    .iter()
                    .filter_map(|t| match t {
                        Tok::Global(n) => match self.globals.get(n) {
                            Some(GlobalKind::Function(f)) => Some(*f),
                            _ => None,
                        },
                        _ => None,
                    })
                    .collect();
                match fns[..] {
                    [f] => Callee::Cast(f),
                    _ => indirect,
                }
            }
            _ => indirect,
        }))
    }
}

/// An indirect call's return type among `ty`, the tokens before the callee
/// (the prefix keywords and the type); a full function type `ret (params)`
/// keeps `ret`.
fn indirect_ret(ty: &[Tok<'_>]) -> String {
    let ty = match ty.iter().position(|t| *t == Tok::P(b'(')) {
        Some(p) if p > 0 && ty.last() == Some(&Tok::P(b')')) => &ty[..p],
        _ => ty,
    };
    ret_type(ty)
}
