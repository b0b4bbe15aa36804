//! The program model dwell's program analyses read: a module's functions,
//! their basic blocks (instructions reduced to defs, uses and call sites;
//! CFG successors per terminator operand), its variables and the functions
//! whose address is taken, plus [`ProgramCounts`], the figures LLVM's own
//! tools report for the same module.
//!
//! Kept apart from the reader (`program/llvm/`, which fills it from textual
//! LLVM IR and states how each field is read) so that the consumers
//! (`icfg::build`, `bundle::write`) depend on the model, not on a parser.

/// Who a call site calls.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Callee {
    /// `@f` naming a function (defined, declared or intrinsic).
    Direct(u32),
    /// Anything else: a local value, a constant expression, an alias.
    Indirect {
        /// Arguments passed.
        args: usize,
        /// Return type text at the call site (`i32`, `%struct.S*`, `ptr`).
        ret: String,
    },
    /// A constant expression around function `id`
    /// (`call … bitcast (… @f to …)(…)`, typed-pointer IR when the call's type
    /// differs from the definition's): it calls `f`, but LLVM's
    /// `getCalledFunction()` is null, so it is neither a direct site in
    /// LLVM's counts nor a call through a pointer.
    Cast(u32),
    /// Inline assembly (`call void asm …`): no function is called.
    Asm,
}

/// One call site.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CallSite {
    pub callee: Callee,
    /// `invoke` / `callbr`: the call ends its block.
    pub terminator: bool,
    /// 1-based source line.
    pub line: u64,
}

/// A source file named by debug info (`DIFile`).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SourceFile {
    pub filename: String,
    /// The compilation directory (empty or `.` when not recorded).
    pub directory: String,
}

impl SourceFile {
    /// `directory/filename`, or `filename` alone when it is absolute or the
    /// directory is empty or `.`.
    pub fn path(&self) -> String {
        if self.filename.starts_with('/') || matches!(self.directory.as_str(), "" | ".") {
            self.filename.clone()
        } else {
            format!("{}/{}", self.directory.trim_end_matches('/'), self.filename)
        }
    }
}

/// A place in the C (or other) source, from debug info.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SourceLoc {
    /// Index into [`Program::files`].
    pub file: u32,
    /// 1-based; 0 when the compiler recorded none.
    pub line: u32,
    /// 1-based; 0 when the compiler recorded none.
    pub column: u32,
}

/// An operand as value flow reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Value {
    /// Variable `v` ([`Program::vars`]): an SSA value's value; for a slot
    /// (`alloca`) or a global variable, its *address*.
    Var(u32),
    /// The address of function `f` (`@f`, also inside a constant
    /// expression such as `bitcast (… @f to …)`).
    Func(u32),
    /// The address of a field of a global variable, from a constant
    /// `getelementptr (… @g, 0, k, …)` with a struct field path
    /// ([`Program::global_fields`] indexes it).
    Field(u32),
    /// An integer constant (`i32 0`, `true` = 1, `false` = 0): guards
    /// compare sanitizer verdicts with it.
    Int(i64),
    /// Any other constant (null, undef, poison, floats, inline strings,
    /// metadata): no address of a variable or function, no taint.
    Const,
}

impl Value {
    /// A variable, a function or a global field: what value flow follows
    /// (other constants carry no data anyone tracks).
    pub fn is_tracked(self) -> bool {
        matches!(self, Value::Var(_) | Value::Func(_) | Value::Field(_))
    }

    /// The global variable a place of [`Program::global_inits`] belongs
    /// to (`fields`: [`Program::global_fields`]).
    pub fn place_global(self, fields: &[GlobalField]) -> Option<u32> {
        match self {
            Value::Var(g) => Some(g),
            Value::Field(k) => fields.get(k as usize).map(|f| f.base),
            _ => None,
        }
    }
}

/// What an instruction does to values and memory: the input of points-to
/// and of the value-flow graph. Constant expressions in operands are read
/// as the first variable or function they mention
/// (`getelementptr (… @.str, i64 0, i64 0)` is `Var(@.str)`), except a
/// `getelementptr` of a global with a struct field path, which is that
/// field ([`Value::Field`]).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Op {
    /// `alloca`: [`Inst::result`] is a slot variable, its value the slot's
    /// address.
    Alloca,
    /// `load`: the result is read from memory at `ptr`.
    Load { ptr: Value },
    /// `store value, ptr`.
    Store { value: Value, ptr: Value },
    /// `getelementptr base, …`: the result points into the object `base`
    /// points to, at the struct field path `path` (the indices of the
    /// struct fields selected, in order; array indices and the leading
    /// pointer index select no field and are not in it).
    Gep { base: Value, path: Vec<u32> },
    /// The result is one of these values, moved: casts, `phi` (its
    /// incoming values), `select` (the two choices, not the condition),
    /// `freeze`, `extractvalue`/`insertvalue`, vector operations.
    Copy(Vec<Value>),
    /// The result is arithmetic on these values (`add`, `and`, `shl`,
    /// `fneg` …): data flows through it, addresses do not (points-to skips
    /// it; C reaches into objects with `getelementptr`).
    Compute(Vec<Value>),
    /// `icmp`/`fcmp` with its predicate (`eq`, `ne`, `slt` …): guards read
    /// how a sanitizer's verdict is tested.
    Cmp {
        pred: String,
        lhs: Value,
        rhs: Value,
    },
    /// `call`/`invoke`/`callbr` ([`Inst::call`] says who): `callee` is
    /// `Func(f)` for a direct or cast callee, the pointer value for an
    /// indirect one (`Const` for asm); `args` in order, varargs included.
    Call { callee: Value, args: Vec<Value> },
    /// `ret` with its value (`None` for `ret void`).
    Ret(Option<Value>),
    /// `br i1 cond, label T, label F` (the block's succs are `[T, F]`).
    Branch { cond: Value },
    /// No value flow read (unconditional `br`, `switch`, `unreachable`,
    /// fences, atomics …).
    #[default]
    Other,
}

/// One instruction's effect on the analyses.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Inst {
    /// The SSA variable `%x = …` defines, `alloca`'s slot included.
    pub result: Option<u32>,
    /// What it does to values and memory (value flow).
    pub op: Op,
    /// 1-based line in the IR file.
    pub line: u64,
    /// Its `!dbg` location, when the IR has debug info.
    pub loc: Option<SourceLoc>,
    /// Variables defined (SSA result; stored slot or global).
    pub defs: Vec<u32>,
    /// Variables used (phi operands excluded: see [`Block::end_uses`]).
    pub uses: Vec<u32>,
    /// `Some` for `call` / `invoke` / `callbr`.
    pub call: Option<CallSite>,
    /// `ret`.
    pub is_ret: bool,
}

impl Inst {
    /// Its C line from debug info, else its line in the IR file.
    pub fn source_line(&self) -> u64 {
        self.loc.map_or(self.line, |l| u64::from(l.line))
    }
}

/// A basic block.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Block {
    /// Label without `%` (`entry`, `5`).
    pub name: String,
    pub insts: Vec<Inst>,
    /// Successor block indices, one per terminator `label` operand.
    pub succs: Vec<u32>,
    /// Variables used at the end of this block by phis of its successors.
    pub end_uses: Vec<u32>,
}

/// How a function or global variable links across modules
/// (the linker): by name, or not at all.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Linkage {
    /// One definition program-wide (plain `define`, `@g = global`,
    /// `external` declarations).
    #[default]
    External,
    /// May be defined in several modules, one definition kept (`weak`,
    /// `weak_odr`, `linkonce`, `linkonce_odr`, `common`,
    /// `available_externally`, `extern_weak`).
    Weak,
    /// Local to its module (`internal`, `private`): a clash is renamed.
    Internal,
}

/// A global variable as the linker sees it.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GlobalVar {
    /// Its variable ([`Program::vars`]).
    pub var: u32,
    /// With an initializer (not `external global`).
    pub defined: bool,
    pub linkage: Linkage,
    /// Declared `constant` (read-only memory).
    pub constant: bool,
    /// The functions and global variables its initializer names, in
    /// order, each once: the order `llvm-link` creates them in.
    pub mentions: Vec<Value>,
}

/// A function, defined (with blocks) or declared.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Function {
    pub name: String,
    pub defined: bool,
    pub linkage: Linkage,
    /// The functions and global variables the body names, each once, in
    /// LLVM's operand order (a call's callee after its arguments): the
    /// order `llvm-link` creates them in, which its renaming follows.
    pub mentions: Vec<Value>,
    /// `llvm.*`.
    pub intrinsic: bool,
    /// Fixed parameters.
    pub params: usize,
    pub varargs: bool,
    /// Return type text.
    pub ret: String,
    /// Parameter variables (defined functions).
    pub param_vars: Vec<u32>,
    pub blocks: Vec<Block>,
    /// IR line of the `define`/`declare`.
    pub line: u64,
    /// Its `DISubprogram`'s file and line (column 0), when present.
    pub loc: Option<SourceLoc>,
    /// The `DISubprogram` name (the name in the source).
    pub source_name: Option<String>,
}

/// What a variable is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum VarKind {
    /// A parameter or instruction result.
    Ssa,
    /// An `alloca` (defined by stores, used by loads and other mentions).
    Slot,
    /// A global variable.
    Global,
}

impl VarKind {
    pub fn name(self) -> &'static str {
        match self {
            VarKind::Ssa => "ssa",
            VarKind::Slot => "slot",
            VarKind::Global => "global",
        }
    }

    pub fn from_name(s: &str) -> Option<VarKind> {
        match s {
            "ssa" => Some(VarKind::Ssa),
            "slot" => Some(VarKind::Slot),
            "global" => Some(VarKind::Global),
            _ => None,
        }
    }
}

/// A whole module.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Program {
    pub functions: Vec<Function>,
    /// Variable names: `@g` or `fn:%x`.
    pub vars: Vec<String>,
    /// Kind of each variable, parallel to `vars`.
    pub var_kinds: Vec<VarKind>,
    /// Function ids whose address is taken, ascending.
    pub address_taken: Vec<u32>,
    /// Source files the debug info names ([`SourceLoc::file`] indexes it).
    pub files: Vec<SourceFile>,
    /// Skipped constructs, each `file:line: what`.
    pub warnings: Vec<String>,
    /// The addresses global initializers hold, e.g. a table of function
    /// pointers: per place, its values in order. A place is `Field(k)`
    /// where the initializer's aggregate was read field by field, or
    /// `Var(g)` for a whole global whose values' fields are not known
    /// (points-to collapses it). Places without addresses are absent.
    pub global_inits: Vec<(Value, Vec<Value>)>,
    /// The global fields that [`Value::Field`] names: each `(g, path)`
    /// once.
    pub global_fields: Vec<GlobalField>,
    /// The source name of a variable, from `llvm.dbg.declare` /
    /// `llvm.dbg.value` (`DILocalVariable`) or a global's
    /// `DIGlobalVariable`; parallel to `vars`, empty without debug info.
    /// For witnesses only: no analysis reads it.
    pub source_names: Vec<Option<String>>,
    /// Every global variable's linkage and initializer mentions, in
    /// module order (the linker reads them).
    pub globals: Vec<GlobalVar>,
    /// The named struct and union types that `object_types` and
    /// `gep_types` name.
    pub struct_types: StructTypes,
    /// `(slot or global, type)`: the named struct type of a stack slot's
    /// (`alloca`) or global variable's memory, seen through arrays; `None`
    /// for memory of no struct type (scalars, pointers, strings and other
    /// arrays of them). Slots and globals of literal or opaque struct
    /// types are absent.
    pub object_types: Vec<(u32, Option<u32>)>,
    /// `(result, type)`: the named struct type a `getelementptr` with a
    /// field path indexes (its source element type, through arrays).
    pub gep_types: Vec<(u32, u32)>,
}

/// A field of a global variable's memory: `base`'s address with the
/// struct field `path` (array indices select no field, as in
/// [`Op::Gep`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct GlobalField {
    /// The global variable.
    pub base: u32,
    /// Non-empty.
    pub path: Vec<u32>,
    /// The named struct type the path indexes (the global's, through
    /// arrays), when known.
    pub ty: Option<u32>,
}

/// Named struct and union types (`%struct.S = type { … }`), for points-to's
/// type-filtered field offsets: a field path of `struct.S` applies to the
/// objects whose memory is a `struct.S` (or holds one first).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct StructTypes {
    /// `struct.S`, `union.U`, as the module names them.
    pub names: Vec<String>,
    /// Per type, per field: the named type the field holds (through
    /// arrays), if it holds one.
    pub fields: Vec<Vec<Option<u32>>>,
}

impl StructTypes {
    /// The type at field `path` of type `t` (`None` past a field of no
    /// named type).
    pub fn at(&self, mut t: u32, path: &[u32]) -> Option<u32> {
        for &k in path {
            t = (*self.fields.get(t as usize)?.get(k as usize)?)?;
        }
        Some(t)
    }

    /// How many first fields lead from type `outer` to type `inner`
    /// (0 when equal): an object of `outer` starts with an `inner`.
    pub fn first_depth(&self, mut outer: u32, inner: u32) -> Option<usize> {
        for depth in 0..=self.names.len() {
            if outer == inner {
                return Some(depth);
            }
            outer = (*self.fields.get(outer as usize)?.first()?)?;
        }
        None
    }

    /// A union's memory holds any of its members, whatever type the IR
    /// gives it.
    pub fn is_union(&self, t: u32) -> bool {
        self.names
            .get(t as usize)
            .is_some_and(|n| n.starts_with("union."))
    }
}

/// Counts that LLVM's own tools report for the same module.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ProgramCounts {
    /// Defined functions.
    pub functions: usize,
    /// Declared functions, intrinsics excluded.
    pub declared: usize,
    /// Declared intrinsics (`llvm.*`).
    pub intrinsics: usize,
    pub blocks: usize,
    /// One per terminator successor operand.
    pub cfg_edges: usize,
    /// Distinct (caller, callee) pairs over direct call sites (intrinsics
    /// excluded, as in `opt -passes=print-callgraph`).
    pub call_edges: usize,
    pub direct_call_sites: usize,
    pub indirect_call_sites: usize,
    /// Direct calls of intrinsics (`llvm.*`): LLVM 14's call graph has no
    /// edge for them, so they are in neither `call_edges` nor
    /// `direct_call_sites`.
    pub intrinsic_call_sites: usize,
    /// Calls through a constant expression of one function ([`Callee::Cast`]).
    pub cast_call_sites: usize,
    /// Inline-asm call sites.
    pub asm_call_sites: usize,
    /// Defined functions whose address is taken (the indirect-call targets).
    pub address_taken: usize,
    /// Declared functions whose address is taken (`read` stored in a table).
    pub address_taken_declared: usize,
    pub variables: usize,
    /// The function with the most blocks, and its block count.
    pub largest_function: String,
    pub largest_function_blocks: usize,
}

impl Program {
    /// Function id by name.
    pub fn function_id(&self, name: &str) -> Option<u32> {
        self.functions
            .iter()
            .position(|f| f.name == name)
            .map(|i| i as u32)
    }

    /// Counts comparable with `opt -passes=dot-cfg` / `print-callgraph`.
    pub fn counts(&self) -> ProgramCounts {
        let (defined_taken, declared_taken): (Vec<u32>, Vec<u32>) = self
            .address_taken
            .iter()
            .partition(|&&f| self.functions[f as usize].defined);
        let mut c = ProgramCounts {
            variables: self.vars.len(),
            address_taken: defined_taken.len(),
            address_taken_declared: declared_taken.len(),
            ..Default::default()
        };
        let mut pairs = std::collections::HashSet::new();
        for (fi, f) in self.functions.iter().enumerate() {
            if !f.defined {
                if f.intrinsic {
                    c.intrinsics += 1;
                } else {
                    c.declared += 1;
                }
                continue;
            }
            c.functions += 1;
            c.blocks += f.blocks.len();
            if f.blocks.len() > c.largest_function_blocks {
                c.largest_function_blocks = f.blocks.len();
                c.largest_function = f.name.clone();
            }
            for b in &f.blocks {
                c.cfg_edges += b.succs.len();
                for call in b.insts.iter().filter_map(|i| i.call.as_ref()) {
                    match call.callee {
                        Callee::Direct(g) if self.functions[g as usize].intrinsic => {
                            c.intrinsic_call_sites += 1;
                        }
                        Callee::Direct(g) => {
                            c.direct_call_sites += 1;
                            pairs.insert((fi as u32, g));
                        }
                        Callee::Indirect { .. } => c.indirect_call_sites += 1,
                        Callee::Cast(_) => c.cast_call_sites += 1,
                        Callee::Asm => c.asm_call_sites += 1,
                    }
                }
            }
        }
        c.call_edges = pairs.len();
        c
    }

    /// Defined, address-taken functions an indirect call with `args`
    /// arguments and return type `ret` may reach: same return type text,
    /// and `args` equal to the parameter count (at least it, for varargs).
    pub fn indirect_targets(&self, args: usize, ret: &str) -> Vec<u32> {
        self.address_taken
            .iter()
            .copied()
            .filter(|&f| {
                let f = &self.functions[f as usize];
                f.defined && f.accepts(args, ret)
            })
            .collect()
    }
}

impl Function {
    /// Can an indirect call with `args` arguments and return type `ret`
    /// call this function? The same return type text, and `args` equal
    /// to its parameter count (at least it, for varargs).
    pub fn accepts(&self, args: usize, ret: &str) -> bool {
        self.ret == ret && (self.params == args || (self.varargs && args >= self.params))
    }
}
