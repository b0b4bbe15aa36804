//! Textual LLVM IR (`clang -S -emit-llvm`, `llvm-dis`) → [`Program`].
//!
//! # What is read
//! Typed-pointer (LLVM ≤ 14) and opaque-pointer (`ptr`) syntax alike: the
//! reader never needs pointee types. Two passes over the text:
//! 1. names: every `define`/`declare` (functions) and `@x = …` line
//!    (global variables, aliases, ifuncs), so that a use before the
//!    definition resolves;
//! 2. everything else. Top-level lines other than functions (types,
//!    attribute groups, metadata, comdats, `target`, `source_filename`,
//!    `module asm`, `uselistorder`) carry no control flow and are skipped;
//!    a top-level line of an unknown form is skipped *with a warning*
//!    (file:line), because it cannot add blocks, arcs or calls.
//!
//! Inside a function body, a line in column 0 is a block label (`name:`,
//! `5:`, `"x y":`); an indented line starts an instruction. Continuations
//! are joined: an open `[`/`(`/`{` (multi-line `switch`), and lines that
//! start with `to`, `unwind` (the second line of `invoke`/`callbr`),
//! `cleanup`, `catch`, `filter` (landingpad clauses). An unnamed entry block
//! is numbered after the unnamed parameters, as LLVM numbers it.
//!
//! # Control flow
//! The successors of a block are the `label %x` operands of its terminator,
//! one per operand, in order — a `switch` with three cases to one block has
//! three arcs to it, as `opt -passes=dot-cfg` draws them. `ret`,
//! `unreachable` and `resume` have none. An unknown opcode is reported with
//! file:line and read as a non-terminator; a block that then lacks a
//! terminator is an error (its successors are unknowable).
//!
//! # Calls
//! A call site is a `call`, `invoke` or `callbr`. It is *direct* when the
//! callee operand is `@f` naming a function — exactly LLVM's
//! `CallBase::getCalledFunction() != null`. `opt-14 -passes=print-callgraph`
//! gives such a site an edge only when the callee is not an intrinsic (LLVM
//! 14 skips leaf intrinsics such as `llvm.memcpy.*` entirely), so the counts
//! keep intrinsic sites apart ([`ProgramCounts::intrinsic_call_sites`](super::ir::ProgramCounts::intrinsic_call_sites));
//! they are still call sites of the supergraph (a taint sink may be
//! `llvm.memcpy`). `llvm.dbg.*` calls are not instructions at all (no call site, no
//! defs or uses: `-g` and `-g0` IR import alike). A callee that is a constant expression (`bitcast (… @f …)`),
//! an alias, a local value or inline asm is *indirect*. Indirect sites are
//! resolved conservatively (see [`Program::indirect_targets`]) to
//! address-taken defined functions of a compatible type: same number of
//! parameters as the site passes arguments (at most that many fixed ones for
//! a varargs function) and the same return type text. A function is
//! address-taken when `@f` appears anywhere except as the callee operand of
//! a direct call: in global initializers, aliases, stored or passed values,
//! constant expressions (so a call through `bitcast (@f)` takes `f`'s address).
//!
//! # Variables, defs and uses
//! Variables are SSA values (`fn:%x`, parameters and instruction results),
//! stack slots (`alloca` results, also `fn:%x`) and global variables (`@g`).
//! An instruction *defines* its SSA result (not for `alloca`: a slot is
//! defined by stores), and a `store` whose pointer operand is exactly a
//! slot or a global variable defines that variable. Every other mention of a
//! value, slot or global is a *use*. Phi operands are used at the end of the
//! matching predecessor block, not at the phi. Parameters are defined at the
//! function entry. A `%name` that is neither a parameter, a result nor a
//! block is a type name (`%struct.S`) and ignored.

mod debug;
mod words;

use super::ir::{Block, CallSite, Callee, Function, Inst, Program, VarKind};
use super::lex::{self, Tok};
use std::collections::HashMap;
use words::{CONSTEXPR_WORDS, OTHER_OPCODES, PREFIX_WORDS, TERMINATORS};

/// A parse failure: where, what, and how to fix it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}: {problem}. Fix: {fix}")]
pub struct ParseError {
    pub file: String,
    pub line: u64,
    pub problem: String,
    pub fix: String,
}

/// A logical instruction: its tokens (continuation lines joined) and line.
struct Logical<'a> {
    line: u64,
    toks: Vec<Tok<'a>>,
}

struct RawBlock<'a> {
    name: String,
    label_line: u64,
    insts: Vec<Logical<'a>>,
}

/// Parse a whole module. `file` names the input in messages.
pub fn parse(text: &str, file: &str) -> Result<Program, ParseError> {
    Parser::new(text, file).run()
}

enum GlobalKind {
    Function(u32),
    Variable(u32),
    Alias,
}

struct Parser<'a> {
    file: &'a str,
    lines: Vec<&'a str>,
    prog: Program,
    globals: HashMap<&'a str, GlobalKind>,
    /// Function names mentioned outside a direct-callee position.
    taken: Vec<bool>,
    debug: debug::DebugInfo,
}

fn is_intrinsic(name: &str) -> bool {
    name.starts_with("llvm.")
}

impl<'a> Parser<'a> {
    fn new(text: &'a str, file: &'a str) -> Self {
        Parser {
            file,
            lines: text.lines().collect(),
            prog: Program::default(),
            globals: HashMap::new(),
            taken: Vec::new(),
            debug: debug::DebugInfo::default(),
        }
    }

    fn err(&self, line: u64, problem: impl Into<String>, fix: impl Into<String>) -> ParseError {
        ParseError {
            file: self.file.to_string(),
            line,
            problem: problem.into(),
            fix: fix.into(),
        }
    }

    fn lex(&self, i: usize) -> Result<Vec<Tok<'a>>, ParseError> {
        lex::lex(self.lines[i]).map_err(|m| {
            self.err(
                i as u64 + 1,
                m,
                "quote names with odd characters (`@\"a b\"`) and close every string",
            )
        })
    }

    fn warn(&mut self, line: u64, what: impl std::fmt::Display) {
        self.prog
            .warnings
            .push(format!("{}:{}: {}", self.file, line, what));
    }

    fn run(mut self) -> Result<Program, ParseError> {
        self.collect_names()?;
        let mut i = 0;
        while i < self.lines.len() {
            let line = self.lines[i];
            let lineno = i as u64 + 1;
            let first = line.as_bytes().first().copied();
            // Metadata (`!N = …`, one line each) was read in pass 1.
            if matches!(first, None | Some(b';' | b'!')) || line.trim().is_empty() {
                i += 1;
                continue;
            }
            // Join a top-level statement whose brackets stay open.
            let (mut toks, mut next) = (self.lex(i)?, i + 1);
            if toks.first().is_some_and(|t| t.is_word("define")) {
                while !toks.contains(&Tok::P(b'{')) && next < self.lines.len() {
                    toks.extend(self.lex(next)?);
                    next += 1;
                }
                i = self.function(lineno, &toks, next)?;
                continue;
            }
            let mut depth = lex::depth_change(&toks);
            while depth > 0 && next < self.lines.len() {
                let more = self.lex(next)?;
                depth += lex::depth_change(&more);
                toks.extend(more);
                next += 1;
            }
            i = next;
            match toks.first() {
                None => {}
                Some(Tok::Word("declare")) => {} // read in collect_names
                Some(Tok::Global(_)) if toks.get(1) == Some(&Tok::P(b'=')) => {
                    // Global variable, alias or ifunc: every function it
                    // mentions (after the name) has its address taken.
                    self.mark_taken(&toks[2..]);
                }
                Some(Tok::Local(_)) if toks.get(1) == Some(&Tok::P(b'=')) => {} // type
                Some(Tok::Meta(_)) | Some(Tok::P(b'^')) => {}                   // metadata, summary
                Some(Tok::Word(w))
                    if w.starts_with('$')
                        || matches!(
                            *w,
                            "source_filename"
                                | "target"
                                | "attributes"
                                | "module"
                                | "uselistorder"
                                | "uselistorder_bb"
                                | "deplibs"
                        ) => {}
                Some(_) => {
                    self.warn(
                        lineno,
                        "unknown top-level statement skipped (it cannot contain functions or blocks)",
                    );
                }
            }
        }
        self.prog.files = std::mem::take(&mut self.debug.files);
        self.prog.address_taken = (0..self.taken.len() as u32)
            .filter(|&f| self.taken[f as usize])
            .collect();
        Ok(self.prog)
    }

    /// Pass 1: functions and global variables by name.
    fn collect_names(&mut self) -> Result<(), ParseError> {
        for i in 0..self.lines.len() {
            // Leading blanks (spaces, tabs, a stray CR) are allowed before a
            // top-level keyword, as pass 2's lexer allows them.
            if self.lines[i].starts_with('!') {
                self.debug.read_line(self.lines[i]);
                continue;
            }
            let line = self.lines[i].trim_start();
            let is_fn = line.starts_with("define") || line.starts_with("declare");
            if !(is_fn || line.starts_with('@')) {
                continue;
            }
            let lineno = i as u64 + 1;
            let mut toks = self.lex(i)?;
            if is_fn && line.starts_with("define") {
                let mut next = i + 1;
                while !toks.contains(&Tok::P(b'{')) && next < self.lines.len() {
                    toks.extend(self.lex(next)?);
                    next += 1;
                }
            }
            if is_fn {
                let f = self.header(lineno, &toks)?;
                if self.globals.contains_key(f.name_str()) {
                    return Err(self.err(
                        lineno,
                        format!("function @{} is defined or declared twice", f.key),
                        "a module names each function once; link modules with llvm-link",
                    ));
                }
                let id = self.prog.functions.len() as u32;
                self.globals.insert(f.key, GlobalKind::Function(id));
                self.prog.functions.push(f.function);
                self.taken.push(false);
            } else if let (Some(Tok::Global(name)), Some(Tok::P(b'='))) =
                (toks.first(), toks.get(1))
            {
                let is_alias = toks
                    .iter()
                    .any(|t| t.is_word("alias") || t.is_word("ifunc"));
                if is_alias {
                    self.globals.insert(name, GlobalKind::Alias);
                } else {
                    let id = self.prog.vars.len() as u32;
                    self.prog.vars.push(format!("@{name}"));
                    self.prog.var_kinds.push(VarKind::Global);
                    self.globals.insert(name, GlobalKind::Variable(id));
                }
            }
        }
        Ok(())
    }

    /// `define`/`declare` header: name, parameters, return type.
    fn header(&self, line: u64, toks: &[Tok<'a>]) -> Result<Header<'a>, ParseError> {
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
        let inner = &toks[at + 2..close];
        let mut params = 0;
        let mut varargs = false;
        let mut param_names = Vec::new();
        if !inner.is_empty() {
            for p in lex::split_top(inner) {
                if p.len() == 1 && p[0].is_word("...") {
                    varargs = true;
                    continue;
                }
                params += 1;
                param_names.push(match p.last() {
                    Some(Tok::Local(n)) if p.len() >= 2 => Some(*n),
                    _ => None,
                });
            }
        }
        Ok(Header {
            key: name,
            params: param_names,
            function: Function {
                name: name.to_string(),
                defined,
                intrinsic: is_intrinsic(name),
                params,
                varargs,
                ret: ret_type(&toks[1..at]),
                line,
                ..Default::default()
            },
        })
    }

    fn mark_taken(&mut self, toks: &[Tok<'a>]) {
        for t in toks {
            if let Tok::Global(n) = t {
                if let Some(GlobalKind::Function(f)) = self.globals.get(n) {
                    self.taken[*f as usize] = true;
                }
            }
        }
    }

    /// Pass 2 for one `define`: body lines from `start` to the closing `}`.
    /// Returns the index of the line after the `}`.
    fn function(
        &mut self,
        line: u64,
        header: &[Tok<'a>],
        start: usize,
    ) -> Result<usize, ParseError> {
        let h = self.header(line, header)?;
        let Some(GlobalKind::Function(fid)) = self.globals.get(h.key) else {
            // Pass 1 collects every `define`; reaching here means the two
            // passes disagree about this line, which is a bug, not bad input.
            return Err(self.err(
                line,
                format!(
                    "internal error: @{} was not collected in the first pass",
                    h.key
                ),
                "report this file to the dwell developers",
            ));
        };
        let fid = *fid;
        // Functions mentioned in the header (personality, prefix) are taken.
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
        // Collect raw blocks.
        let mut blocks: Vec<RawBlock<'a>> = Vec::new();
        let mut i = start;
        let mut closed = false;
        while i < self.lines.len() {
            let text = self.lines[i];
            let lineno = i as u64 + 1;
            let trimmed = text.trim_start();
            if trimmed.is_empty() || trimmed.starts_with(';') {
                i += 1;
                continue;
            }
            if text.starts_with('}') {
                closed = true;
                i += 1;
                break;
            }
            if !text.starts_with([' ', '\t']) {
                // A label line.
                let name = label_name(text).ok_or_else(|| {
                    self.err(
                        lineno,
                        format!("expected a block label `name:` or an indented instruction, found {:?}", clip(text)),
                        "indent instructions; write labels as `name:` in column 0; close the function with `}`",
                    )
                })?;
                blocks.push(RawBlock {
                    name,
                    label_line: lineno,
                    insts: Vec::new(),
                });
                i += 1;
                continue;
            }
            let toks = self.lex(i)?;
            let cont = toks.first().is_some_and(|t| {
                ["to", "unwind", "cleanup", "catch", "filter"]
                    .iter()
                    .any(|w| t.is_word(w))
            });
            if cont {
                match blocks.last_mut().and_then(|b| b.insts.last_mut()) {
                    Some(prev) => prev.toks.extend(toks),
                    None => {
                        return Err(self.err(
                            lineno,
                            "continuation line without an instruction before it",
                            "join the line to its instruction",
                        ))
                    }
                }
                i += 1;
                continue;
            }
            let mut toks = toks;
            let mut depth = lex::depth_change(&toks);
            i += 1;
            while depth > 0 && i < self.lines.len() && !self.lines[i].starts_with('}') {
                let more = self.lex(i)?;
                depth += lex::depth_change(&more);
                toks.extend(more);
                i += 1;
            }
            if blocks.is_empty() {
                // Unnamed entry block: numbered after the unnamed parameters.
                let unnamed = h
                    .params
                    .iter()
                    .filter(|p| match p {
                        Some(n) => n.bytes().all(|b| b.is_ascii_digit()),
                        None => true,
                    })
                    .count();
                blocks.push(RawBlock {
                    name: unnamed.to_string(),
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
        if !closed {
            return Err(self.err(
                line,
                format!("function @{} is not closed by `}}`", h.function.name),
                "end every function body with a `}` line",
            ));
        }
        if blocks.is_empty() {
            return Err(self.err(
                line,
                format!("function @{} has no blocks", h.function.name),
                "a defined function needs at least one block ending in a terminator (`ret`)",
            ));
        }
        let body = self.body(fid, &h, &blocks)?;
        let sp = dbg_ref(header).and_then(|id| self.debug.subprogram(id));
        let f = &mut self.prog.functions[fid as usize];
        if let Some((loc, name)) = sp {
            f.loc = Some(loc);
            f.source_name = name;
        }
        f.param_vars = body.0;
        f.blocks = body.1;
        Ok(i)
    }

    #[allow(clippy::type_complexity)]
    fn body(
        &mut self,
        fid: u32,
        h: &Header<'a>,
        raw: &[RawBlock<'a>],
    ) -> Result<(Vec<u32>, Vec<Block>), ParseError> {
        let fname = h.function.name.clone();
        let mut block_ix: HashMap<&str, u32> = HashMap::new();
        for (k, b) in raw.iter().enumerate() {
            if block_ix.insert(b.name.as_str(), k as u32).is_some() {
                return Err(self.err(
                    b.label_line,
                    format!("block %{} appears twice in @{fname}", b.name),
                    "give every block of a function its own label",
                ));
            }
        }
        // Values: parameters, then instruction results; allocas are slots.
        let mut locals: HashMap<&str, u32> = HashMap::new();
        let mut slots: HashMap<&str, ()> = HashMap::new();
        let new_var = |prog: &mut Program, name: &str, kind: VarKind| {
            let id = prog.vars.len() as u32;
            prog.vars.push(format!("{fname}:%{name}"));
            prog.var_kinds.push(kind);
            id
        };
        let mut param_vars = Vec::new();
        for p in h.params.iter().flatten() {
            let v = new_var(&mut self.prog, p, VarKind::Ssa);
            locals.insert(p, v);
            param_vars.push(v);
        }
        for b in raw {
            for ins in &b.insts {
                if let (Some(Tok::Local(n)), Some(Tok::P(b'='))) =
                    (ins.toks.first(), ins.toks.get(1))
                {
                    if locals.contains_key(n) || block_ix.contains_key(n) {
                        return Err(self.err(
                            ins.line,
                            format!("%{n} is defined twice in @{fname}"),
                            "SSA names are defined once per function",
                        ));
                    }
                    let slot = ins.toks.get(2).is_some_and(|t| t.is_word("alloca"));
                    let kind = if slot { VarKind::Slot } else { VarKind::Ssa };
                    let v = new_var(&mut self.prog, n, kind);
                    locals.insert(n, v);
                    if slot {
                        slots.insert(n, ());
                    }
                }
            }
        }
        let mut blocks: Vec<Block> = raw
            .iter()
            .map(|b| Block {
                name: b.name.clone(),
                ..Default::default()
            })
            .collect();
        let mut phi_uses: Vec<(u32, u32)> = Vec::new(); // (pred block, var)
        for (k, b) in raw.iter().enumerate() {
            let mut terminated = false;
            for ins in &b.insts {
                if terminated {
                    return Err(self.err(
                        ins.line,
                        format!("instruction after the terminator of block %{}", b.name),
                        "a terminator (br, ret, switch, …) must be the last instruction of its block; start a new block with a label",
                    ));
                }
                let toks = &ins.toks;
                let (result, body) = match (toks.first(), toks.get(1)) {
                    (Some(Tok::Local(n)), Some(Tok::P(b'='))) => (Some(*n), &toks[2..]),
                    _ => (None, &toks[..]),
                };
                let mut op_at = 0;
                while body
                    .get(op_at)
                    .is_some_and(|t| ["tail", "musttail", "notail"].iter().any(|w| t.is_word(w)))
                {
                    op_at += 1;
                }
                let opcode = match body.get(op_at) {
                    Some(Tok::Word(w)) => *w,
                    _ => {
                        return Err(self.err(
                            ins.line,
                            "instruction without an opcode",
                            "write `%x = <opcode> …` or `<opcode> …`",
                        ))
                    }
                };
                let ops = &body[op_at + 1..];
                let mut inst = Inst {
                    line: ins.line,
                    loc: dbg_ref(toks).and_then(|id| self.debug.location(id)),
                    ..Default::default()
                };
                if let Some(r) = result {
                    if opcode != "alloca" {
                        inst.defs.push(locals[r]);
                    }
                }
                let known_term = TERMINATORS.contains(&opcode);
                if !known_term && !OTHER_OPCODES.contains(&opcode) {
                    self.warn(
                        ins.line,
                        format_args!("unknown opcode `{opcode}` read as a non-terminator (defs and uses kept)"),
                    );
                }
                // Operands that are not plain uses.
                let mut skip = vec![false; ops.len()];
                if opcode == "phi" {
                    let mut j = 0;
                    while j < ops.len() {
                        if ops[j] == Tok::P(b'[') {
                            let close = lex::matching(ops, j).ok_or_else(|| {
                                self.err(
                                    ins.line,
                                    "phi operand `[` is not closed",
                                    "write phi operands as `[ value, %block ]`",
                                )
                            })?;
                            let pair = lex::split_top(&ops[j + 1..close]);
                            let (Some(val), Some(Tok::Local(pred))) =
                                (pair.first(), pair.last().and_then(|p| p.last()))
                            else {
                                return Err(self.err(
                                    ins.line,
                                    "phi operand is not `[ value, %block ]`",
                                    "write phi operands as `[ value, %block ]`",
                                ));
                            };
                            let Some(&pb) = block_ix.get(pred) else {
                                return Err(self.err(
                                    ins.line,
                                    format!("phi names unknown block %{pred}"),
                                    "name an existing predecessor block",
                                ));
                            };
                            for t in val.iter() {
                                if let Some(v) = self.value_of(t, &locals) {
                                    phi_uses.push((pb, v));
                                }
                            }
                            for s in skip.iter_mut().take(close + 1).skip(j) {
                                *s = true;
                            }
                            j = close + 1;
                        } else {
                            j += 1;
                        }
                    }
                }
                if known_term {
                    terminated = true;
                    for j in 0..ops.len() {
                        if ops[j].is_word("label") {
                            if let Some(Tok::Local(target)) = ops.get(j + 1) {
                                let Some(&t) = block_ix.get(target) else {
                                    return Err(self.err(
                                        ins.line,
                                        format!("branch to unknown block %{target} in @{fname}"),
                                        "branch only to labels of the same function",
                                    ));
                                };
                                blocks[k].succs.push(t);
                                skip[j + 1] = true;
                            }
                        }
                    }
                    inst.is_ret = opcode == "ret";
                }
                let mut direct_callee_at = None;
                if matches!(opcode, "call" | "invoke" | "callbr") {
                    let found = self.call_site(ins.line, ops, &locals)?;
                    if let Some(Tok::Global(n)) = body.get(op_at + 1 + found.1) {
                        if n.starts_with("llvm.dbg.") && opcode == "call" {
                            // Debug intrinsics describe variables; they are no
                            // instruction of the program (LLVM's passes ignore
                            // them too), so `-g` IR gives the same defs, uses
                            // and supergraph as `-g0` IR.
                            continue;
                        }
                    }
                    if let (Some(site), callee_at) = found {
                        if let Callee::Direct(_) = site.callee {
                            skip[callee_at] = true;
                            direct_callee_at = Some(callee_at);
                        }
                        let mut site = site;
                        site.terminator = opcode != "call";
                        inst.call = Some(site);
                    }
                }
                if opcode == "store" {
                    let parts = lex::split_top(ops);
                    if let Some(ptr) = parts.get(1).and_then(|p| p.last()) {
                        let target = match ptr {
                            Tok::Local(n) if slots.contains_key(n) => Some(locals[n]),
                            Tok::Global(n) => match self.globals.get(n) {
                                Some(GlobalKind::Variable(v)) => Some(*v),
                                _ => None,
                            },
                            _ => None,
                        };
                        if let Some(v) = target {
                            inst.defs.push(v);
                            // The pointer operand's position in `ops`.
                            let at = parts[0].len() + 1 + parts[1].len() - 1;
                            skip[at] = true;
                        }
                    }
                }
                for (j, t) in ops.iter().enumerate() {
                    if let Tok::Global(n) = t {
                        if let Some(GlobalKind::Function(f)) = self.globals.get(n) {
                            if Some(j) != direct_callee_at {
                                self.taken[*f as usize] = true;
                            }
                        }
                    }
                    if skip[j] {
                        continue;
                    }
                    if let Some(v) = self.value_of(t, &locals) {
                        inst.uses.push(v);
                    }
                }
                inst.uses.sort_unstable();
                inst.uses.dedup();
                blocks[k].insts.push(inst);
            }
            if !terminated {
                let line = b.insts.last().map_or(b.label_line, |i| i.line);
                return Err(self.err(
                    line,
                    format!("block %{} of @{fname} does not end with a terminator", b.name),
                    "end every block with br, ret, switch, invoke, unreachable, … (an unknown opcode cannot be a terminator here)",
                ));
            }
        }
        for (pb, v) in phi_uses {
            blocks[pb as usize].end_uses.push(v);
        }
        for b in &mut blocks {
            b.end_uses.sort_unstable();
            b.end_uses.dedup();
        }
        let _ = fid;
        Ok((param_vars, blocks))
    }

    /// A token that names a variable: a local value/slot or a global variable.
    fn value_of(&self, t: &Tok<'a>, locals: &HashMap<&str, u32>) -> Option<u32> {
        match t {
            Tok::Local(n) => locals.get(n).copied(),
            Tok::Global(n) => match self.globals.get(n) {
                Some(GlobalKind::Variable(v)) => Some(*v),
                _ => None,
            },
            _ => None,
        }
    }

    /// Classify the callee of `call`/`invoke`/`callbr` operands `ops`.
    /// Returns the site and the callee token's index in `ops`; `None` for
    /// `llvm.dbg.*` (not a call graph edge in LLVM).
    fn call_site(
        &self,
        line: u64,
        ops: &[Tok<'a>],
        locals: &HashMap<&str, u32>,
    ) -> Result<(Option<CallSite>, usize), ParseError> {
        let bad = || {
            self.err(
                line,
                "cannot find the callee and argument list of this call",
                "write calls as `call <ret type> <callee>(<args>)`",
            )
        };
        let mut j = 0;
        let mut depth = 0i64;
        // The argument list is the first depth-0 `(` right after a callee.
        let (callee_at, args_open, kind) = loop {
            let Some(t) = ops.get(j) else {
                return Err(bad());
            };
            match t {
                Tok::P(b'(') if depth == 0 && j > 0 => {
                    let prev = ops[j - 1];
                    let value_local = matches!(prev, Tok::Local(n) if locals.contains_key(n));
                    if let Tok::Word(w) = prev {
                        if CONSTEXPR_WORDS.contains(&w) {
                            // `bitcast (…)` callee: skip the constant, the
                            // argument list follows it.
                            let close = lex::matching(ops, j).ok_or_else(bad)?;
                            if ops.get(close + 1) == Some(&Tok::P(b'(')) {
                                break (j - 1, close + 1, 'c');
                            }
                            j = close + 1;
                            continue;
                        }
                    }
                    match prev {
                        Tok::Global(_) => break (j - 1, j, 'g'),
                        Tok::Str(_) => break (j - 1, j, 'a'),
                        _ if value_local => break (j - 1, j, 'l'),
                        _ => {}
                    }
                    depth += 1;
                }
                Tok::P(b'(' | b'[' | b'{' | b'<') => depth += 1,
                Tok::P(b')' | b']' | b'}' | b'>') => depth -= 1,
                _ => {}
            }
            j += 1;
        };
        let close = lex::matching(ops, args_open).ok_or_else(bad)?;
        let inner = &ops[args_open + 1..close];
        let args = if inner.is_empty() {
            0
        } else {
            lex::split_top(inner).len()
        };
        let callee = match (kind, ops[callee_at]) {
            ('g', Tok::Global(n)) => match self.globals.get(n) {
                Some(GlobalKind::Function(f)) => {
                    if n.starts_with("llvm.dbg.") {
                        return Ok((None, callee_at));
                    }
                    Callee::Direct(*f)
                }
                Some(_) => Callee::Indirect {
                    args,
                    ret: String::new(),
                },
                None => {
                    return Err(self.err(
                        line,
                        format!("call to @{n}, which is neither defined nor declared"),
                        format!("add `declare <type> @{n}(…)` to the module"),
                    ))
                }
            },
            ('a', _) => Callee::Asm,
            ('c', _) => {
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
                    _ => Callee::Indirect {
                        args,
                        ret: String::new(),
                    },
                }
            }
            _ => Callee::Indirect {
                args,
                ret: String::new(),
            },
        };
        let callee = match callee {
            Callee::Indirect { args, .. } => {
                // Return type: the tokens between the prefix keywords and the
                // callee; a full function type `ret (params)` keeps `ret`.
                let ty = &ops[..callee_at];
                let ty = match ty.iter().position(|t| *t == Tok::P(b'(')) {
                    Some(p) if p > 0 && ty.last() == Some(&Tok::P(b')')) => &ty[..p],
                    _ => ty,
                };
                Callee::Indirect {
                    args,
                    ret: ret_type(ty),
                }
            }
            c => c,
        };
        Ok((
            Some(CallSite {
                callee,
                terminator: false,
                line,
            }),
            callee_at,
        ))
    }
}

struct Header<'a> {
    key: &'a str,
    /// Parameter names (`None` when unnamed).
    params: Vec<Option<&'a str>>,
    function: Function,
}

impl Header<'_> {
    fn name_str(&self) -> &str {
        self.key
    }
}

/// The return type text among `toks` (what precedes `@name`): keywords,
/// attribute groups and attribute arguments dropped, tokens joined.
fn ret_type(toks: &[Tok<'_>]) -> String {
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

fn push_tok(out: &mut String, s: &str) {
    let glue =
        matches!(s, "*" | ")" | "]" | "}" | ">" | ",") || out.ends_with(['(', '[', '{', '<']);
    if !out.is_empty() && !glue {
        out.push(' ');
    }
    out.push_str(s);
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

/// The `N` of a `!dbg !N` attachment among `toks` (the last one: attachments
/// follow the operands).
fn dbg_ref(toks: &[Tok<'_>]) -> Option<u32> {
    let at = toks.iter().rposition(|t| *t == Tok::Meta("dbg"))?;
    match toks.get(at + 1) {
        Some(Tok::Meta(n)) => n.parse().ok(),
        _ => None,
    }
}

fn clip(s: &str) -> String {
    s.chars().take(60).collect()
}
