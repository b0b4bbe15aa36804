//! One instruction: its opcode, the variables it defines and uses, and, for
//! a terminator, the blocks it branches to.
//!
//! Operands are uses unless they are something else: a phi operand is used
//! at the end of its predecessor block (not at the phi), a `label %x`
//! operand is a successor, a direct callee is no variable, and a store's
//! pointer operand that is exactly a slot or a global variable is a def.
//! `llvm.dbg.*` calls are no instruction at all.

use super::super::ir::{Block, Callee, Inst, Op, Value};
use super::super::lex::{self, Tok};
use super::body::Scope;
use super::debug::dbg_ref;
use super::function::Logical;
use super::ops::CallParts;
use super::words::{is_other_opcode, TERMINATORS};
use super::{GlobalKind, ParseError, Parser};

/// An instruction split at its opcode.
struct Parts<'t, 'a> {
    /// `%x` of `%x = …`.
    result: Option<&'a str>,
    opcode: &'a str,
    /// The tokens after the opcode.
    ops: &'t [Tok<'a>],
}

impl<'a> Parser<'a> {
    /// Read instruction `ins` into block `out` (and, for a terminator, its
    /// successors); returns whether it is a terminator.
    pub(super) fn instruction(
        &mut self,
        s: &Scope<'_>,
        ins: &Logical<'a>,
        out: &mut Block,
        phi_uses: &mut Vec<(u32, u32)>,
    ) -> Result<bool, ParseError> {
        let Parts {
            result,
            opcode,
            ops,
        } = self.parts(ins)?;
        let mut inst = Inst {
            line: ins.line,
            loc: dbg_ref(&ins.toks).and_then(|id| self.debug.location(id)),
            ..Default::default()
        };
        if let Some(r) = result {
            // A slot is defined by stores, not by its `alloca`.
            if opcode != "alloca" {
                inst.defs.push(s.locals[r]);
            }
        }
        let known_term = TERMINATORS.contains(&opcode);
        if !known_term && !is_other_opcode(opcode) {
            self.warn(
                ins.line,
                format_args!(
                    "unknown opcode `{opcode}` read as a non-terminator (defs and uses kept)"
                ),
            );
        }
        // Operands that are not plain uses.
        let mut skip = vec![false; ops.len()];
        if opcode == "phi" {
            self.phi_operands(s, ins.line, ops, &mut skip, phi_uses)?;
        }
        if known_term {
            self.branch_targets(s, ins.line, ops, &mut skip, &mut out.succs)?;
            inst.is_ret = opcode == "ret";
        }
        let mut direct_callee_at = None;
        let mut callee_pos = None;
        let mut args = 0..0;
        if matches!(opcode, "call" | "invoke" | "callbr") {
            let (site, callee_at, arg_toks) = self.call_site(ins.line, ops, s)?;
            callee_pos = Some(callee_at);
            args = arg_toks;
            if opcode == "call" && is_debug_intrinsic(ops.get(callee_at)) {
                self.note_mentions(ops, callee_pos);
                self.note_source_name(s, &ops[args]);
                // Debug intrinsics describe variables; they are no
                // instruction of the program (LLVM's passes ignore them
                // too), so `-g` IR gives the same defs, uses and supergraph
                // as `-g0` IR.
                return Ok(false);
            }
            if let Some(mut site) = site {
                if let Callee::Direct(_) = site.callee {
                    skip[callee_at] = true;
                    direct_callee_at = Some(callee_at);
                }
                site.terminator = opcode != "call";
                inst.call = Some(site);
            }
        }
        if opcode == "store" {
            self.store_target(s, ops, &mut skip, &mut inst);
        }
        self.operand_uses(s, ops, &skip, direct_callee_at, &mut inst);
        self.note_mentions(ops, callee_pos);
        inst.result = result.and_then(|r| s.locals.get(r).copied());
        let call = callee_pos.map(|callee_at| CallParts {
            site: inst.call.as_ref(),
            callee_at,
            args,
        });
        inst.op = self.op(s, opcode, ops, call);
        if let Some(r) = inst.result {
            match &inst.op {
                Op::Gep { path, .. } if !path.is_empty() => {
                    if let Some(t) = self.gep_type(ops) {
                        self.prog.gep_types.push((r, t));
                    }
                }
                Op::Alloca => {
                    if let Some(t) = self.alloca_type(ops) {
                        self.prog.object_types.push((r, t));
                    }
                }
                _ => {}
            }
        }
        out.insts.push(inst);
        Ok(known_term)
    }

    /// Split `ins` into its result, opcode (after `tail`/`musttail`/
    /// `notail`) and operands.
    fn parts<'t>(&self, ins: &'t Logical<'a>) -> Result<Parts<'t, 'a>, ParseError> {
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
        Ok(Parts {
            result,
            opcode,
            ops: &body[op_at + 1..],
        })
    }

    /// `[ value, %block ]` operands of a phi: each value is used at the end
    /// of its block (`phi_uses`), not at the phi (`skip`).
    fn phi_operands(
        &self,
        s: &Scope<'_>,
        line: u64,
        ops: &[Tok<'a>],
        skip: &mut [bool],
        phi_uses: &mut Vec<(u32, u32)>,
    ) -> Result<(), ParseError> {
        let bad_pair = || {
            self.err(
                line,
                "phi operand is not `[ value, %block ]`",
                "write phi operands as `[ value, %block ]`",
            )
        };
        let mut j = 0;
        while j < ops.len() {
            if ops[j] != Tok::P(b'[') {
                j += 1;
                continue;
            }
            let close = lex::matching(ops, j).ok_or_else(|| {
                self.err(
                    line,
                    "phi operand `[` is not closed",
                    "write phi operands as `[ value, %block ]`",
                )
            })?;
            let pair = lex::split_top(&ops[j + 1..close]);
            let (Some(val), Some(Tok::Local(pred))) =
                (pair.first(), pair.last().and_then(|p| p.last()))
            else {
                return Err(bad_pair());
            };
            let Some(&pb) = s.blocks.get(pred) else {
                return Err(self.err(
                    line,
                    format!("phi names unknown block %{pred}"),
                    "name an existing predecessor block",
                ));
            };
            for t in val.iter() {
                if let Some(v) = self.value_of(t, s) {
                    phi_uses.push((pb, v));
                }
            }
            for k in skip.iter_mut().take(close + 1).skip(j) {
                *k = true;
            }
            j = close + 1;
        }
        Ok(())
    }

    /// A terminator's `label %x` operands, in order, are its successors.
    fn branch_targets(
        &self,
        s: &Scope<'_>,
        line: u64,
        ops: &[Tok<'a>],
        skip: &mut [bool],
        succs: &mut Vec<u32>,
    ) -> Result<(), ParseError> {
        for j in 0..ops.len() {
            if !ops[j].is_word("label") {
                continue;
            }
            if let Some(Tok::Local(target)) = ops.get(j + 1) {
                let Some(&t) = s.blocks.get(target) else {
                    return Err(self.err(
                        line,
                        format!("branch to unknown block %{target} in @{}", s.fname),
                        "branch only to labels of the same function",
                    ));
                };
                succs.push(t);
                skip[j + 1] = true;
            }
        }
        Ok(())
    }

    /// A store whose pointer operand is exactly a slot or a global variable
    /// defines that variable.
    fn store_target(&self, s: &Scope<'_>, ops: &[Tok<'a>], skip: &mut [bool], inst: &mut Inst) {
        let parts = lex::split_top(ops);
        let Some(ptr) = parts.get(1).and_then(|p| p.last()) else {
            return;
        };
        let target = match ptr {
            Tok::Local(n) if s.slots.contains(n) => Some(s.locals[n]),
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

    /// Every operand not skipped that names a variable is a use; every
    /// function named other than as the direct callee has its address taken.
    fn operand_uses(
        &mut self,
        s: &Scope<'_>,
        ops: &[Tok<'a>],
        skip: &[bool],
        direct_callee_at: Option<usize>,
        inst: &mut Inst,
    ) {
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
            if let Some(v) = self.value_of(t, s) {
                inst.uses.push(v);
            }
        }
        inst.uses.sort_unstable();
        inst.uses.dedup();
    }
}

impl<'a> Parser<'a> {
    /// Add the functions and global variables `ops` names to the current
    /// function's mentions, in LLVM's operand order: a call's callee (at
    /// `callee_at`) after its arguments.
    fn note_mentions(&mut self, ops: &[Tok<'a>], callee_at: Option<usize>) {
        let order = (0..ops.len())
            .filter(|&j| Some(j) != callee_at)
            .chain(callee_at);
        for j in order {
            let Some(Tok::Global(n)) = ops.get(j) else {
                continue;
            };
            let v = match self.globals.get(n) {
                Some(GlobalKind::Function(f)) => Value::Func(*f),
                Some(GlobalKind::Variable(v)) => Value::Var(*v),
                _ => continue,
            };
            if self.mentioned.insert(v) {
                self.mentions.push(v);
            }
        }
    }
}

impl<'a> Parser<'a> {
    /// `llvm.dbg.declare`/`llvm.dbg.value(metadata <value>, metadata !var,
    /// …)` (`args`): the value's source name, the first one given.
    fn note_source_name(&mut self, s: &Scope<'_>, args: &[Tok<'a>]) {
        let parts = lex::split_top(args);
        let (Some(value), Some(var)) = (parts.first(), parts.get(1)) else {
            return;
        };
        let Some(v) = value.iter().find_map(|t| match t {
            Tok::Local(n) => s.locals.get(n).copied(),
            _ => None,
        }) else {
            return;
        };
        let Some(name) = var.iter().find_map(|t| match t {
            Tok::Meta(id) => id.parse().ok().and_then(|id| self.debug.var_name(id)),
            _ => None,
        }) else {
            return;
        };
        let names = &mut self.prog.source_names;
        if names.len() <= v as usize {
            names.resize(v as usize + 1, None);
        }
        names[v as usize].get_or_insert_with(|| name.to_string());
    }

    /// With debug info, every variable gets a slot in
    /// [`Program::source_names`](super::super::ir::Program::source_names);
    /// a global variable is named as in the IR.
    pub(super) fn finish_source_names(&mut self) {
        let p = &mut self.prog;
        if p.source_names.is_empty() && p.files.is_empty() {
            return;
        }
        p.source_names.resize(p.vars.len(), None);
        for (k, kind) in p.var_kinds.iter().enumerate() {
            if *kind == super::super::ir::VarKind::Global && p.source_names[k].is_none() {
                let name = p.vars[k].trim_start_matches('@');
                p.source_names[k] = Some(name.to_string());
            }
        }
    }
}

/// Is the callee token an `llvm.dbg.*` name?
fn is_debug_intrinsic(callee: Option<&Tok<'_>>) -> bool {
    matches!(callee, Some(Tok::Global(n)) if n.starts_with("llvm.dbg."))
}
