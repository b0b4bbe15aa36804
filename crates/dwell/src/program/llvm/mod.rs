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

//!
//! # Layout
//! One file per concern, so that reading more of an instruction has an
//! obvious home:
//! - `module`: the two passes over top-level lines (names, then
//!   statements): functions, global variables, aliases, and which functions
//!   have their address taken;
//! - `header`: `define`/`declare` headers (name, parameters, return type);
//! - `function`: one `define`'s lines grouped into blocks of logical
//!   instructions (labels, continuation lines, the unnamed entry block);
//! - `body`: a function body's names (parameters, results, slots, blocks)
//!   and its blocks, instruction by instruction;
//! - `inst`: one instruction: opcode, defs and uses, successors, phi and
//!   store operands;
//! - `call`: call sites: the callee and argument list, direct or indirect;
//! - `ops`: what an instruction does to values and memory (loads, stores,
//!   field paths, copies, calls' arguments) for points-to and value flow;
//! - `types`: type text (return types);
//! - `debug`: debug-info metadata and `!dbg` attachments;
//! - `words`: the opcodes and keywords the reader knows.

mod body;
mod call;
mod debug;
mod function;
mod header;
mod inits;
mod inst;
mod module;
mod ops;
mod types;
mod words;

use super::ir::Program;
use super::lex::{self, Tok};
use std::collections::HashMap;

/// A parse failure: where, what, and how to fix it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}: {problem}. Fix: {fix}")]
pub struct ParseError {
    pub file: String,
    pub line: u64,
    pub problem: String,
    pub fix: String,
}

/// Parse a whole module. `file` names the input in messages.
pub fn parse(text: &str, file: &str) -> Result<Program, ParseError> {
    Parser::new(text, file).run()
}

/// What a top-level `@name` is.
enum GlobalKind {
    Function(u32),
    Variable(u32),
    Alias,
}

/// The reader's state over one module; its methods live in the files named
/// in the module docs.
struct Parser<'a> {
    file: &'a str,
    lines: Vec<&'a str>,
    prog: Program,
    globals: HashMap<&'a str, GlobalKind>,
    /// Function names mentioned outside a direct-callee position.
    taken: Vec<bool>,
    debug: debug::DebugInfo,
    /// The current function's mentions of functions and global variables
    /// ([`Function::mentions`](super::ir::Function::mentions)), and which
    /// are in it already.
    mentions: Vec<super::ir::Value>,
    mentioned: std::collections::HashSet<super::ir::Value>,
    /// Named types' bodies (`%struct.S = type { … }` → `{ … }`), for
    /// `getelementptr` field paths.
    types: HashMap<&'a str, Vec<Tok<'a>>>,
    /// Named struct types given an id in [`Program::struct_types`], and
    /// each id's name.
    type_ids: HashMap<&'a str, u32>,
    type_keys: Vec<&'a str>,
    /// Global fields met in constant `getelementptr`s and initializers
    /// ([`Value::Field`](super::ir::Value::Field)): read while operands are
    /// (`&self`), their types named when the module is done.
    fields: std::cell::RefCell<FieldTable<'a>>,
}

/// Each `(global, path, type tokens)` once, in the order met.
#[derive(Default)]
struct FieldTable<'a> {
    ids: HashMap<(u32, Vec<u32>, Vec<Tok<'a>>), u32>,
    list: Vec<(u32, Vec<u32>, Vec<Tok<'a>>)>,
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
            mentions: Vec::new(),
            mentioned: std::collections::HashSet::new(),
            types: HashMap::new(),
            type_ids: HashMap::new(),
            type_keys: Vec::new(),
            fields: Default::default(),
        }
    }

    /// The id of global `base`'s field at `path` (non-empty), indexed as
    /// the type `ty` (tokens) lays it out.
    fn field(&self, base: u32, path: Vec<u32>, ty: Vec<Tok<'a>>) -> u32 {
        let mut t = self.fields.borrow_mut();
        let key = (base, path, ty);
        if let Some(&k) = t.ids.get(&key) {
            return k;
        }
        let k = t.list.len() as u32;
        t.list.push(key.clone());
        t.ids.insert(key, k);
        k
    }

    /// Is global variable `var` read-only (`constant`)? Only such a
    /// global's fields are told apart: nothing stores into them, so their
    /// initializer is all they hold. Writable globals' fields apart were
    /// tried once content copies moved every field (91a973e): SQLite's
    /// indirect calls kept 99% of their callees (its merged sets dominate)
    /// and the solve took a fifth longer.
    fn is_constant(&self, var: u32) -> bool {
        let g = &self.prog.globals;
        let at = g.partition_point(|g| g.var < var);
        g.get(at).is_some_and(|g| g.var == var && g.constant)
    }

    /// [`Program::global_fields`](super::ir::Program::global_fields), each
    /// field's type named.
    fn finish_fields(&mut self) {
        let list = std::mem::take(&mut self.fields.borrow_mut().list);
        for (base, path, ty) in list {
            let ty = self.named_type(&ty);
            self.prog
                .global_fields
                .push(super::ir::GlobalField { base, path, ty });
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

    /// Append lines from `next` on to `toks` while its brackets stay open;
    /// inside a function body (`in_body`) a `}` line ends the joining.
    /// Returns the index of the first line not joined.
    fn join_open(
        &self,
        toks: &mut Vec<Tok<'a>>,
        mut next: usize,
        in_body: bool,
    ) -> Result<usize, ParseError> {
        let mut depth = lex::depth_change(toks);
        while depth > 0
            && next < self.lines.len()
            && !(in_body && self.lines[next].starts_with('}'))
        {
            let more = self.lex(next)?;
            depth += lex::depth_change(&more);
            toks.extend(more);
            next += 1;
        }
        Ok(next)
    }
}
