//! Type text. The reader needs no pointee types (typed and opaque pointers
//! read alike); a type is kept as its text, as far as comparing function
//! types needs (an indirect call's return type against a function's).

use super::super::lex::{self, Tok};
use super::words::PREFIX_WORDS;

/// The return type text among `toks` (what precedes `@name`): keywords,
/// attribute groups and attribute arguments dropped, tokens joined.
pub(super) fn ret_type(toks: &[Tok<'_>]) -> String {
    let mut out = String::new();
    let mut j = 0;
    while j < toks.len() {
        let t = toks[j];
        match t {
            Tok::Word(w) if PREFIX_WORDS.contains(&w) || w.starts_with('#') => {
                // Attribute arguments: `align 8`, `dereferenceable(8)`, `addrspace(1)`.
                if toks.get(j + 1) == Some(&Tok::P(b'(')) {
                    j = lex::matching(toks, j + 1).map_or(toks.len(), |c| c + 1);
                    continue;
                }
                if matches!(w, "align" | "cc") {
                    j += 2;
                    continue;
                }
            }
            Tok::Word(w) => push_tok(&mut out, w),
            Tok::Local(n) => {
                push_tok(&mut out, "%");
                out.push_str(n);
            }
            Tok::P(p) => push_tok(&mut out, &(p as char).to_string()),
            Tok::Global(_) | Tok::Meta(_) | Tok::Str(_) => {}
        }
        j += 1;
    }
    out
}

/// Append one token's text, spaced as LLVM prints types: no space before
/// a closer, `*` or `,`, none after an opener.
fn push_tok(out: &mut String, s: &str) {
    let glue =
        matches!(s, "*" | ")" | "]" | "}" | ">" | ",") || out.ends_with(['(', '[', '{', '<']);
    if !out.is_empty() && !glue {
        out.push(' ');
    }
    out.push_str(s);
}
