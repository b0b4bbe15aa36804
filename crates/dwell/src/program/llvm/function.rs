//! One `define`: its lines grouped into blocks of logical instructions,
//! then read (`body`) into the function pass 1 named.
//!
//! A line in column 0 is a block label; an indented line starts an
//! instruction, joined with the lines after it while its brackets stay open
//! and with the continuation lines that follow it (`to`, `unwind`,
//! `cleanup`, `catch`, `filter`). An unnamed entry block is numbered after
//! the unnamed parameters, as LLVM numbers it.

use super::super::lex::{self, Tok};
use super::debug::dbg_ref;
use super::header::Header;
use super::{GlobalKind, ParseError, Parser};

/// A logical instruction: its tokens (continuation lines joined) and line.
pub(super) struct Logical<'a> {
    pub line: u64,
    pub toks: Vec<Tok<'a>>,
}

/// A block as written: its label and instructions, not yet read.
pub(super) struct RawBlock<'a> {
    pub name: String,
    pub label_line: u64,
    pub insts: Vec<Logical<'a>>,
}

/// First words of a line that continues the instruction before it: the
/// second line of `invoke`/`callbr`, and landingpad clauses.
const CONTINUATIONS: [&str; 5] = ["to", "unwind", "cleanup", "catch", "filter"];

impl<'a> Parser<'a> {
    /// Pass 2 for one `define`: body lines from `start` to the closing `}`.
    /// Returns the index of the line after the `}`.
    pub(super) fn function(
        &mut self,
        line: u64,
        header: &[Tok<'a>],
        start: usize,
    ) -> Result<usize, ParseError> {
        let h = self.header(line, header)?;
        let fid = self.collected_id(line, &h)?;
        self.mark_header_taken(header);
        let (raw, next) = self.raw_blocks(line, &h, start)?;
        if raw.is_empty() {
            return Err(self.err(
                line,
                format!("function @{} has no blocks", h.function.name),
                "a defined function needs at least one block ending in a terminator (`ret`)",
            ));
        }
        let (param_vars, blocks) = self.body(&h, &raw)?;
        let sp = dbg_ref(header).and_then(|id| self.debug.subprogram(id));
        let f = &mut self.prog.functions[fid as usize];
        if let Some((loc, name)) = sp {
            f.loc = Some(loc);
            f.source_name = name;
        }
        f.param_vars = param_vars;
        f.blocks = blocks;
        f.mentions = std::mem::take(&mut self.mentions);
        self.mentioned.clear();
        Ok(next)
    }

    /// The id pass 1 gave the function of header `h`.
    fn collected_id(&self, line: u64, h: &Header<'a>) -> Result<u32, ParseError> {
        match self.globals.get(h.key) {
            Some(GlobalKind::Function(fid)) => Ok(*fid),
            // Pass 1 collects every `define`; reaching here means the two
            // passes disagree about this line, which is a bug, not bad input.
            _ => Err(self.err(
                line,
                format!(
                    "internal error: @{} was not collected in the first pass",
                    h.key
                ),
                "report this file to the dwell developers",
            )),
        }
    }

    /// Functions mentioned in the header after the parameter list
    /// (personality, prefix) are taken.
    fn mark_header_taken(&mut self, header: &[Tok<'a>]) {
        let brace = header.iter().position(|t| *t == Tok::P(b'{')).unwrap_or(0);
        if let Some(close) = header
            .iter()
            .position(|t| matches!(t, Tok::Global(_)))
            .and_then(|at| lex::matching(header, at + 1))
        {
            if close < brace {
                self.mark_taken(&header[close..brace]);
            }
        }
    }

    /// The lines from `start` to the closing `}`, grouped into blocks;
    /// returns them and the index of the line after the `}`.
    fn raw_blocks(
        &self,
        line: u64,
        h: &Header<'a>,
        start: usize,
    ) -> Result<(Vec<RawBlock<'a>>, usize), ParseError> {
        let mut blocks: Vec<RawBlock<'a>> = Vec::new();
        let mut i = start;
        while i < self.lines.len() {
            let text = self.lines[i];
            let lineno = i as u64 + 1;
            let trimmed = text.trim_start();
            if trimmed.is_empty() || trimmed.starts_with(';') {
                i += 1;
                continue;
            }
            if text.starts_with('}') {
                return Ok((blocks, i + 1));
            }
            if !text.starts_with([' ', '\t']) {
                blocks.push(self.label(text, lineno)?);
                i += 1;
                continue;
            }
            let mut toks = self.lex(i)?;
            if toks
                .first()
                .is_some_and(|t| CONTINUATIONS.iter().any(|w| t.is_word(w)))
            {
                self.continue_last(&mut blocks, toks, lineno)?;
                i += 1;
                continue;
            }
            i = self.join_open(&mut toks, i + 1, true)?;
            if blocks.is_empty() {
                blocks.push(RawBlock {
                    name: entry_name(h),
                    label_line: lineno,
                    insts: Vec::new(),
                });
            }
            blocks
                .last_mut()
                .expect("a block exists")
                .insts
                .push(Logical { line: lineno, toks });
        }
        Err(self.err(
            line,
            format!("function @{} is not closed by `}}`", h.function.name),
            "end every function body with a `}` line",
        ))
    }

    /// A label line (column 0) starts a block.
    fn label(&self, text: &str, lineno: u64) -> Result<RawBlock<'a>, ParseError> {
        let name = label_name(text).ok_or_else(|| {
            self.err(
                lineno,
                format!("expected a block label `name:` or an indented instruction, found {:?}", clip(text)),
                "indent instructions; write labels as `name:` in column 0; close the function with `}`",
            )
        })?;
        Ok(RawBlock {
            name,
            label_line: lineno,
            insts: Vec::new(),
        })
    }

    /// A continuation line joins the last instruction read.
    fn continue_last(
        &self,
        blocks: &mut [RawBlock<'a>],
        toks: Vec<Tok<'a>>,
        lineno: u64,
    ) -> Result<(), ParseError> {
        match blocks.last_mut().and_then(|b| b.insts.last_mut()) {
            Some(prev) => {
                prev.toks.extend(toks);
                Ok(())
            }
            None => Err(self.err(
                lineno,
                "continuation line without an instruction before it",
                "join the line to its instruction",
            )),
        }
    }
}

/// The name of an unlabelled entry block: numbered after the unnamed
/// parameters.
fn entry_name(h: &Header<'_>) -> String {
    let unnamed = h
        .params
        .iter()
        .filter(|p| match p {
            Some(n) => n.bytes().all(|b| b.is_ascii_digit()),
            None => true,
        })
        .count();
    unnamed.to_string()
}

/// `name:` / `5:` / `"x y":` at the start of a label line.
fn label_name(text: &str) -> Option<String> {
    let text = text.split(';').next().unwrap_or("").trim_end();
    if let Some(rest) = text.strip_prefix('"') {
        let end = rest.find('"')?;
        return rest[end + 1..]
            .starts_with(':')
            .then(|| rest[..end].to_string());
    }
    let name = text.strip_suffix(':')?;
    (!name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'$' | b'-')))
    .then(|| name.to_string())
}

/// The start of a line, for a message.
fn clip(s: &str) -> String {
    s.chars().take(60).collect()
}
