//! A function body: its names (blocks, parameters, instruction results,
//! stack slots) and its blocks, read instruction by instruction (`inst`).
//!
//! Names are declared before any instruction is read, so an operand may
//! name a value defined later (a phi's back edge). A block must end with a
//! known terminator; phi operands are used at the end of the predecessor
//! they name.

use super::super::ir::{Block, Program, VarKind};
use super::super::lex::Tok;
use super::function::RawBlock;
use super::header::Header;
use super::{GlobalKind, ParseError, Parser};
use std::collections::{HashMap, HashSet};

/// What the names of one function body mean.
#[derive(Default)]
pub(super) struct Scope<'s> {
    /// The function's name, for messages and variable names.
    pub fname: String,
    /// Block name → block index.
    pub blocks: HashMap<&'s str, u32>,
    /// Parameter and result name → variable.
    pub locals: HashMap<&'s str, u32>,
    /// The results of `alloca`: stack slots, defined by stores.
    pub slots: HashSet<&'s str>,
}

impl<'a> Parser<'a> {
    /// Read the blocks `raw` of the function with header `h`: its parameter
    /// variables and its blocks.
    pub(super) fn body(
        &mut self,
        h: &Header<'a>,
        raw: &[RawBlock<'a>],
    ) -> Result<(Vec<u32>, Vec<Block>), ParseError> {
        let fname = h.function.name.clone();
        let mut scope = Scope {
            blocks: self.block_index(&fname, raw)?,
            fname,
            locals: HashMap::new(),
            slots: HashSet::new(),
        };
        let param_vars = self.declare_values(&mut scope, h, raw)?;
        let mut blocks: Vec<Block> = raw
            .iter()
            .map(|b| Block {
                name: b.name.clone(),
                ..Default::default()
            })
            .collect();
        let mut phi_uses: Vec<(u32, u32)> = Vec::new(); // (pred block, var)
        for (b, out) in raw.iter().zip(&mut blocks) {
            self.read_block(&scope, b, out, &mut phi_uses)?;
        }
        for (pb, v) in phi_uses {
            blocks[pb as usize].end_uses.push(v);
        }
        for b in &mut blocks {
            b.end_uses.sort_unstable();
            b.end_uses.dedup();
        }
        Ok((param_vars, blocks))
    }

    /// Block name → index; a name given twice is an error.
    fn block_index<'s>(
        &self,
        fname: &str,
        raw: &'s [RawBlock<'a>],
    ) -> Result<HashMap<&'s str, u32>, ParseError> {
        let mut block_ix = HashMap::new();
        for (k, b) in raw.iter().enumerate() {
            if block_ix.insert(b.name.as_str(), k as u32).is_some() {
                return Err(self.err(
                    b.label_line,
                    format!("block %{} appears twice in @{fname}", b.name),
                    "give every block of a function its own label",
                ));
            }
        }
        Ok(block_ix)
    }

    /// Variables for the parameters (returned, in order), then for every
    /// instruction result; `alloca` results are slots.
    fn declare_values<'s>(
        &mut self,
        s: &mut Scope<'s>,
        h: &Header<'a>,
        raw: &'s [RawBlock<'a>],
    ) -> Result<Vec<u32>, ParseError>
    where
        'a: 's,
    {
        let mut param_vars = Vec::new();
        for p in h.params.iter().flatten() {
            let v = new_var(&mut self.prog, &s.fname, p, VarKind::Ssa);
            s.locals.insert(p, v);
            param_vars.push(v);
        }
        for b in raw {
            for ins in &b.insts {
                let (Some(Tok::Local(n)), Some(Tok::P(b'='))) = (ins.toks.first(), ins.toks.get(1))
                else {
                    continue;
                };
                if s.locals.contains_key(n) || s.blocks.contains_key(n) {
                    return Err(self.err(
                        ins.line,
                        format!("%{n} is defined twice in @{}", s.fname),
                        "SSA names are defined once per function",
                    ));
                }
                let slot = ins.toks.get(2).is_some_and(|t| t.is_word("alloca"));
                let kind = if slot { VarKind::Slot } else { VarKind::Ssa };
                let v = new_var(&mut self.prog, &s.fname, n, kind);
                s.locals.insert(n, v);
                if slot {
                    s.slots.insert(n);
                }
            }
        }
        Ok(param_vars)
    }

    /// Read the instructions of block `b` into `out`; the block must end
    /// with its (only) terminator.
    fn read_block(
        &mut self,
        s: &Scope<'_>,
        b: &RawBlock<'a>,
        out: &mut Block,
        phi_uses: &mut Vec<(u32, u32)>,
    ) -> Result<(), ParseError> {
        let mut terminated = false;
        for ins in &b.insts {
            if terminated {
                return Err(self.err(
                    ins.line,
                    format!("instruction after the terminator of block %{}", b.name),
                    "a terminator (br, ret, switch, …) must be the last instruction of its block; start a new block with a label",
                ));
            }
            terminated = self.instruction(s, ins, out, phi_uses)?;
        }
        if !terminated {
            let line = b.insts.last().map_or(b.label_line, |i| i.line);
            return Err(self.err(
                line,
                format!(
                    "block %{} of @{} does not end with a terminator",
                    b.name, s.fname
                ),
                "end every block with br, ret, switch, invoke, unreachable, … (an unknown opcode cannot be a terminator here)",
            ));
        }
        Ok(())
    }

    /// A token that names a variable: a local value/slot or a global variable.
    pub(super) fn value_of(&self, t: &Tok<'a>, s: &Scope<'_>) -> Option<u32> {
        match t {
            Tok::Local(n) => s.locals.get(n).copied(),
            Tok::Global(n) => match self.globals.get(n) {
                Some(GlobalKind::Variable(v)) => Some(*v),
                _ => None,
            },
            _ => None,
        }
    }
}

/// A new variable `fname:%name` of `kind`.
fn new_var(prog: &mut Program, fname: &str, name: &str, kind: VarKind) -> u32 {
    let id = prog.vars.len() as u32;
    prog.vars.push(format!("{fname}:%{name}"));
    prog.var_kinds.push(kind);
    id
}
