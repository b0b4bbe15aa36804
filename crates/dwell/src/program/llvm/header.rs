//! Function headers: `define`/`declare` lines, read in both passes (pass 1
//! names the function, pass 2 needs its parameter names).

use super::super::ir::{Function, Linkage};
use super::super::lex::{self, Tok};
use super::types::ret_type;
use super::{ParseError, Parser};

/// A function header read.
pub(super) struct Header<'a> {
    /// The name as written (without `@` and quotes).
    pub key: &'a str,
    /// Parameter names (`None` when unnamed).
    pub params: Vec<Option<&'a str>>,
    /// The function as far as the header describes it (no blocks).
    pub function: Function,
}

/// LLVM's intrinsics: functions named `llvm.*`.
fn is_intrinsic(name: &str) -> bool {
    name.starts_with("llvm.")
}

impl<'a> Parser<'a> {
    /// Append lines from `next` on to a `define`'s tokens until its `{`
    /// (a header may span lines); returns the index of the first line not
    /// joined.
    pub(super) fn join_header(
        &self,
        toks: &mut Vec<Tok<'a>>,
        mut next: usize,
    ) -> Result<usize, ParseError> {
        while !toks.contains(&Tok::P(b'{')) && next < self.lines.len() {
            toks.extend(self.lex(next)?);
            next += 1;
        }
        Ok(next)
    }

    /// `define`/`declare` header: name, parameters, return type.
    pub(super) fn header(&self, line: u64, toks: &[Tok<'a>]) -> Result<Header<'a>, ParseError> {
        let defined = toks[0].is_word("define");
        let at = toks.iter().position(|t| matches!(t, Tok::Global(_)));
        let (Some(at), Some(Tok::P(b'('))) = (at, at.and_then(|a| toks.get(a + 1))) else {
            return Err(self.err(
                line,
                "function header without `@name(`",
                "write `define <type> @name(<params>) {` or `declare <type> @name(<params>)`",
            ));
        };
        let Tok::Global(name) = toks[at] else {
            unreachable!()
        };
        let close = lex::matching(toks, at + 1).ok_or_else(|| {
            self.err(
                line,
                format!("parameter list of @{name} is not closed"),
                "close the parameter list with `)`",
            )
        })?;
        let (param_names, varargs) = params(&toks[at + 2..close]);
        Ok(Header {
            key: name,
            function: Function {
                name: name.to_string(),
                defined,
                intrinsic: is_intrinsic(name),
                linkage: linkage(&toks[1..at]),
                params: param_names.len(),
                varargs,
                ret: ret_type(&toks[1..at]),
                line,
                ..Default::default()
            },
            params: param_names,
        })
    }
}

/// The linkage named among `toks` (the words before a function's or
/// after a global variable's name); external when none is.
pub(super) fn linkage(toks: &[Tok<'_>]) -> Linkage {
    for t in toks {
        if let Tok::Word(w) = t {
            match *w {
                "internal" | "private" => return Linkage::Internal,
                "weak"
                | "weak_odr"
                | "linkonce"
                | "linkonce_odr"
                | "common"
                | "available_externally"
                | "extern_weak" => return Linkage::Weak,
                _ => {}
            }
        }
    }
    Linkage::External
}

/// The parameter list's contents `inner` (between the parentheses): each
/// parameter's name (`None` when unnamed), and whether it ends in `...`.
fn params<'a>(inner: &[Tok<'a>]) -> (Vec<Option<&'a str>>, bool) {
    let mut varargs = false;
    let mut names = Vec::new();
    if inner.is_empty() {
        return (names, varargs);
    }
    for p in lex::split_top(inner) {
        if p.len() == 1 && p[0].is_word("...") {
            varargs = true;
            continue;
        }
        names.push(match p.last() {
            Some(Tok::Local(n)) if p.len() >= 2 => Some(*n),
            _ => None,
        });
    }
    (names, varargs)
}
