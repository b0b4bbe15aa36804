//! Constraints of a program: its objects, base facts (`x ∋ &o`), copies
//! (`x ⊇ y`), loads (`x ⊇ *y`), stores (`*x ⊇ y`), field offsets
//! (`x ⊇ y.path`), content copies (`*x ⊇ *y`, memcpy) and the indirect
//! calls to bind while solving. Loads of slots whose address never
//! escapes read the stores that reach them (`program::locals`), not the
//! slot's flow-insensitive content.

use super::{Loc, Locs, MAX_PATH};
use crate::program::ir::{Callee, Function, GlobalField, Op, Program, StructTypes, Value, VarKind};
use crate::program::locals::{At, Locals};
use crate::program::models::{FnModel, Models, Place};
use std::collections::HashMap;

/// What an abstract object is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ObjectKind {
    /// A stack slot (`alloca`), by its variable.
    Slot(u32),
    /// A global variable, by its variable.
    Global(u32),
    /// A function's code (its address).
    Function(u32),
    /// What an allocating call returns, per call site
    /// `(function, block, inst)` and callee name.
    Heap {
        site: (u32, u32, u32),
        callee: String,
    },
    /// What a declared function returns a pointer to, per call site.
    External {
        site: (u32, u32, u32),
        callee: String,
    },
    /// A variadic function's extra arguments, all call sites' together.
    VarArgs(u32),
    /// Every constant global of no struct type that holds no address
    /// (string literals, tables of numbers): one object, as nothing can
    /// be stored in them nor loaded from them but numbers. SQLite's 1,700
    /// strings otherwise fill every `char *` set.
    Constants,
}

impl ObjectKind {
    /// A short name: a slot's source name (else its IR name), `@g`,
    /// `&f`, `malloc@f:line`.
    pub fn name(&self, p: &Program) -> String {
        let var = |v: u32| match p.source_names.get(v as usize) {
            Some(Some(n)) if p.var_kinds[v as usize] != VarKind::Global => n.clone(),
            _ => p.vars[v as usize].clone(),
        };
        match self {
            ObjectKind::Slot(v) | ObjectKind::Global(v) => var(*v),
            ObjectKind::Function(f) => format!("&{}", p.functions[*f as usize].name),
            ObjectKind::Constants => "constant data".to_string(),
            ObjectKind::VarArgs(f) => format!("...@{}", p.functions[*f as usize].name),
            ObjectKind::Heap { site, callee } | ObjectKind::External { site, callee } => {
                let f = &p.functions[site.0 as usize];
                let ins = &f.blocks[site.1 as usize].insts[site.2 as usize];
                let line = ins.source_line();
                format!("{callee}@{}:{line}", f.name)
            }
        }
    }
}

/// An indirect call to bind when its callee's set grows.
#[derive(Debug, Clone)]
pub struct IndirectCall {
    pub site: (u32, u32, u32),
    pub callee: u32,
    /// A node per argument (`None`: a constant without an address).
    pub args: Vec<Option<u32>>,
    pub result: Option<u32>,
    /// The functions whose type fits the call ([`Function::accepts`]),
    /// ascending: a function address that reaches the callee through
    /// `void *` containers but takes other arguments or returns another
    /// type is not called (SQLite: every indirect site would call 630).
    pub fits: Vec<u32>,
}

/// The constraint system of a program. Nodes: variables first
/// (`0..vars`), one return node per function, then constant-address nodes.
#[derive(Debug, Clone, Default)]
pub struct Constraints {
    pub nodes: u32,
    pub kinds: Vec<ObjectKind>,
    pub locs: Locs,
    pub function_object: Vec<u32>,
    pub base: Vec<(u32, Loc)>,
    pub copy: Vec<(u32, u32)>,
    /// `(ptr, dst)`: `dst ⊇ *ptr`.
    pub load: Vec<(u32, u32)>,
    /// `(src, ptr)`: `*ptr ⊇ src`.
    pub store: Vec<(u32, u32)>,
    /// `(base, dst, path, type)`: `dst ⊇ base.path` for the locations
    /// of `base` whose memory is of a type related to `type` ([`Self::offset`]).
    pub gep: Vec<(u32, u32, Vec<u32>, Option<u32>)>,
    /// `(src_ptr, dst_ptr)`: `*dst ⊇ *src`.
    pub memcpy: Vec<(u32, u32)>,
    pub calls: Vec<IndirectCall>,
    /// Per function: its parameter variables and return node.
    pub params: Vec<Vec<u32>>,
    pub ret: Vec<u32>,
    /// Per function: the root of its variadic arguments' object (defined
    /// variadic functions), and a node holding its address.
    pub varargs: Vec<Option<Loc>>,
    varargs_node: Vec<Option<u32>>,
    /// `struct.__va_list_tag` (x86-64's `va_list`), if the program has it.
    va_list_tag: Option<u32>,
    /// The program's struct types, and per object the named type of its
    /// memory (slots and globals whose type the IR names).
    pub types: StructTypes,
    /// (`None`: unknown; `Some(None)`: memory of no struct type.)
    pub object_type: Vec<Option<Option<u32>>>,
    /// Per gep result variable, the named type its field path indexes.
    gep_type: HashMap<u32, u32>,
    slot_type: HashMap<u32, Option<u32>>,
    /// The program's global fields, and each one's node once made.
    global_fields: Vec<GlobalField>,
    pub field_node: Vec<Option<u32>>,
}

/// Does a return type text name a pointer?
fn returns_pointer(ret: &str) -> bool {
    ret == "ptr" || ret.ends_with('*') || ret.starts_with("ptr ")
}

impl Constraints {
    /// The constraints of `p`, calls of declared functions read through
    /// `models`.
    pub fn of(p: &Program, models: &Models) -> Constraints {
        let nvars = p.vars.len() as u32;
        let mut c = Constraints {
            types: p.struct_types.clone(),
            gep_type: p.gep_types.iter().copied().collect(),
            slot_type: p.object_types.iter().copied().collect(),
            nodes: nvars + p.functions.len() as u32,
            ret: (0..p.functions.len() as u32).map(|f| nvars + f).collect(),
            params: p.functions.iter().map(|f| f.param_vars.clone()).collect(),
            global_fields: p.global_fields.clone(),
            field_node: vec![None; p.global_fields.len()],
            ..Default::default()
        };
        let with_addresses: std::collections::HashSet<u32> = p
            .global_inits
            .iter()
            .filter_map(|(at, _)| at.place_global(&p.global_fields))
            .collect();
        let pointer_free: std::collections::HashSet<u32> = p
            .globals
            .iter()
            .filter(|g| g.constant && !with_addresses.contains(&g.var))
            .filter(|g| c.slot_type.get(&g.var) == Some(&None))
            .map(|g| g.var)
            .collect();
        let mut constants = None;
        for (v, kind) in p.var_kinds.iter().enumerate() {
            if *kind == VarKind::Global {
                let o = if pointer_free.contains(&(v as u32)) {
                    *constants.get_or_insert_with(|| c.object(ObjectKind::Constants))
                } else {
                    c.object(ObjectKind::Global(v as u32))
                };
                let root = c.locs.at(o, &[]);
                c.base.push((v as u32, root));
            }
        }
        for f in 0..p.functions.len() as u32 {
            let o = c.object(ObjectKind::Function(f));
            c.locs.at(o, &[]);
            // Code has no fields: an offset from a function's address
            // (a type-confused pointer) is the function.
            c.locs.collapse(o);
            c.function_object.push(o);
        }
        c.va_list_tag = p
            .struct_types
            .names
            .iter()
            .position(|n| n == "struct.__va_list_tag")
            .map(|t| t as u32);
        for (f, func) in p.functions.iter().enumerate() {
            let (mut loc, mut node) = (None, None);
            if func.defined && func.varargs {
                let o = c.object(ObjectKind::VarArgs(f as u32));
                let root = c.locs.at(o, &[]);
                (loc, node) = (Some(root), Some(c.address_node(root)));
            }
            c.varargs.push(loc);
            c.varargs_node.push(node);
        }
        for (at, vals) in &p.global_inits {
            let Some(gl) = c.value_node(*at) else {
                continue;
            };
            // Values whose fields are not known: the whole global is one.
            // A field's values sit at the root as well, so a load of the
            // root (a pointer to the global read as its first field) sees
            // them; a copy of the whole object reads every field anyway.
            let root = match *at {
                Value::Var(g) => {
                    if let Some(&(_, root)) = c.base.iter().find(|(n, _)| *n == g) {
                        c.locs.collapse(c.locs.object_of(root));
                    }
                    None
                }
                Value::Field(k) => p.global_fields.get(k as usize).map(|f| f.base),
                _ => None,
            };
            for v in vals {
                if let Some(n) = c.value_node(*v) {
                    c.store.push((n, gl));
                    if let Some(g) = root {
                        c.store.push((n, g));
                    }
                }
            }
        }
        for (f, func) in p.functions.iter().enumerate() {
            let locals = Locals::of(func);
            for (b, blk) in func.blocks.iter().enumerate() {
                for (i, ins) in blk.insts.iter().enumerate() {
                    let site = (f as u32, b as u32, i as u32);
                    if let (Op::Load { ptr }, Some(r)) = (&ins.op, ins.result) {
                        if locals.is_private(*ptr) {
                            c.private_load(func, &locals, (b as u32, i as u32), r);
                            continue;
                        }
                    }
                    c.inst(p, models, site, ins.result, &ins.op);
                }
            }
        }
        c
    }

    /// A load of a slot whose address never escapes sees only the stores
    /// that reach it along the CFG (a strong update: `cmd = "date"` after
    /// `cmd = getenv(…)` leaves `system(cmd)` one string to point to).
    fn private_load(&mut self, f: &Function, locals: &Locals, at: At, r: u32) {
        for &(b, i) in locals.reaching.get(&at).into_iter().flatten() {
            if let Op::Store { value, .. } = f.blocks[b as usize].insts[i as usize].op {
                if let Some(n) = self.value_node(value) {
                    self.copy.push((n, r));
                }
            }
        }
    }

    fn object(&mut self, kind: ObjectKind) -> u32 {
        let ty = match kind {
            ObjectKind::Slot(v) | ObjectKind::Global(v) => self.slot_type.get(&v).copied(),
            ObjectKind::Constants => Some(None),
            _ => None,
        };
        self.object_type.push(ty);
        self.kinds.push(kind);
        self.kinds.len() as u32 - 1
    }

    /// A fresh node holding exactly `l`.
    fn address_node(&mut self, l: Loc) -> u32 {
        let n = self.nodes;
        self.nodes += 1;
        self.base.push((n, l));
        n
    }

    /// The node whose set is value `v`'s (`None` for constants).
    fn value_node(&mut self, v: Value) -> Option<u32> {
        match v {
            Value::Var(x) => Some(x),
            Value::Func(f) => {
                let o = self.function_object[f as usize];
                let root = self.locs.at(o, &[]);
                Some(self.address_node(root))
            }
            Value::Field(k) => {
                let k = k as usize;
                if let Some(n) = self.field_node[k] {
                    return Some(n);
                }
                let g = &self.global_fields[k];
                let n = self.nodes;
                self.nodes += 1;
                self.gep.push((g.base, n, g.path.clone(), g.ty));
                self.field_node[k] = Some(n);
                Some(n)
            }
            Value::Int(_) | Value::Const => None,
        }
    }

    fn inst(
        &mut self,
        p: &Program,
        models: &Models,
        site: (u32, u32, u32),
        result: Option<u32>,
        op: &Op,
    ) {
        match op {
            Op::Alloca => {
                if let Some(r) = result {
                    let o = self.object(ObjectKind::Slot(r));
                    let root = self.locs.at(o, &[]);
                    self.base.push((r, root));
                }
            }
            Op::Load { ptr } => {
                if let (Some(r), Some(ptr)) = (result, self.value_node(*ptr)) {
                    self.load.push((ptr, r));
                }
            }
            Op::Store { value, ptr } => {
                if let (Some(v), Some(ptr)) = (self.value_node(*value), self.value_node(*ptr)) {
                    self.store.push((v, ptr));
                }
            }
            Op::Gep { base, path } => {
                if let (Some(r), Some(b)) = (result, self.value_node(*base)) {
                    if path.is_empty() {
                        self.copy.push((b, r));
                    } else {
                        let ty = self.gep_type.get(&r).copied();
                        self.gep.push((b, r, path.clone(), ty));
                    }
                }
            }
            Op::Copy(vals) => {
                if let Some(r) = result {
                    for v in vals {
                        if let Some(n) = self.value_node(*v) {
                            self.copy.push((n, r));
                        }
                    }
                }
            }
            Op::Ret(Some(v)) => {
                if let Some(n) = self.value_node(*v) {
                    self.copy.push((n, self.ret[site.0 as usize]));
                }
            }
            Op::Call { callee, args } => self.call(p, models, site, result, *callee, args),
            // Arithmetic makes numbers, not addresses.
            Op::Compute(_) | Op::Ret(None) | Op::Cmp { .. } | Op::Branch { .. } | Op::Other => {}
        }
    }

    fn call(
        &mut self,
        p: &Program,
        models: &Models,
        site: (u32, u32, u32),
        result: Option<u32>,
        callee: Value,
        args: &[Value],
    ) {
        let nodes: Vec<Option<u32>> = args.iter().map(|a| self.value_node(*a)).collect();
        let cs = &p.functions[site.0 as usize].blocks[site.1 as usize].insts[site.2 as usize].call;
        let callee_kind = cs.as_ref().map(|cs| &cs.callee);
        match callee_kind {
            Some(&(Callee::Direct(g) | Callee::Cast(g)))
                if models.runs_body(&p.functions[g as usize]) =>
            {
                self.bind(g, &nodes, result);
                // A model of a defined function adds its flows to the body's.
                if let Some(m) = models.get(&p.functions[g as usize].name) {
                    self.model_flows(&m, &nodes, result);
                }
            }
            Some(&(Callee::Direct(g) | Callee::Cast(g))) => {
                self.external(p, models, site, g, &nodes, result)
            }
            _ => {
                let fits = match callee_kind {
                    Some(Callee::Indirect { args, ret }) => (0..p.functions.len() as u32)
                        .filter(|&g| p.functions[g as usize].accepts(*args, ret))
                        .collect(),
                    _ => Vec::new(),
                };
                if let Some(cn) = self.value_node(callee) {
                    self.calls.push(IndirectCall {
                        site,
                        callee: cn,
                        args: nodes,
                        result,
                        fits,
                    });
                }
            }
        }
    }

    /// `llvm.va_start(ap)` in function `f`: the `va_list` points to `f`'s
    /// variadic arguments, at its root (a `char *` `va_list`) and in
    /// x86-64's `overflow_arg_area` and `reg_save_area` fields, which
    /// `va_arg`'s inline code reads.
    fn va_start(&mut self, f: u32, ap: Option<u32>) {
        let (Some(ap), Some(va)) = (ap, self.varargs_node[f as usize]) else {
            return;
        };
        self.store.push((va, ap));
        for at in self.va_list_fields(ap) {
            self.store.push((va, at));
        }
    }

    /// Nodes for `ap`'s two fields that `va_start` fills (x86-64's
    /// `overflow_arg_area` and `reg_save_area`).
    fn va_list_fields(&mut self, ap: u32) -> [u32; 2] {
        [2, 3].map(|field| {
            let at = self.nodes;
            self.nodes += 1;
            self.gep.push((ap, at, vec![field], self.va_list_tag));
            at
        })
    }

    /// `llvm.va_copy(dst, src)`: a content copy, which moves the two
    /// fields `va_start` fills with the root.
    fn va_copy(&mut self, dst: Option<u32>, src: Option<u32>) {
        if let (Some(d), Some(s)) = (dst, src) {
            self.memcpy.push((s, d));
        }
    }

    /// The location field offset `path` (of a struct of type `ty`)
    /// reaches from `l`; `None` when `l` holds a struct of an unrelated
    /// type. A `Walker *` that points to every walker object (its callbacks
    /// are called with each) reads `pWalker->u.pNC` as a `NameContext *`
    /// pointing to every object any walker carries; without the filter its
    /// `NameContext` offsets would give each of them `NameContext`'s fields
    /// and mix their contents. Memory of no known type (heap, external,
    /// collapsed objects, unions, fields without a named type) takes every
    /// offset, memory of no struct type (strings, scalars, pointers) none; a struct that starts with a `ty` (`struct Derived { struct
    /// Base base; … }`) takes it at its first field, and a `ty` that starts
    /// with the location's type takes it too.
    pub fn offset(&mut self, l: Loc, path: &[u32], ty: Option<u32>) -> Option<Loc> {
        let depth = match ty {
            Some(t) => self.type_depth(l, t)?,
            None => 0,
        };
        if depth == 0 {
            return Some(self.locs.field(l, path));
        }
        let mut full = vec![0; depth];
        full.extend_from_slice(path);
        Some(self.locs.field(l, &full))
    }

    /// How many first fields lead from `l`'s type to `t` (0: equal, or
    /// `l`'s type is unknown or a prefix of `t`); `None`: unrelated.
    fn type_depth(&self, l: Loc, t: u32) -> Option<usize> {
        let o = self.locs.object_of(l);
        let path = self.locs.path_of(l);
        if self.locs.is_collapsed(o) {
            return Some(0);
        }
        let known = match self.object_type[o as usize] {
            None => None,
            // A string, a scalar or a pointer holds no struct.
            Some(None) => return None,
            Some(Some(ot)) => Some(ot),
        };
        let known = known
            .filter(|_| path.len() < MAX_PATH)
            .and_then(|ot| self.types.at(ot, path))
            .filter(|&v| !self.types.is_union(v));
        let Some(v) = known else {
            return Some(0);
        };
        if let Some(d) = self.types.first_depth(v, t) {
            return Some(d);
        }
        self.types.first_depth(t, v).map(|_| 0)
    }

    /// Arguments into `g`'s parameters, its return into `result`.
    pub fn bind(&mut self, g: u32, args: &[Option<u32>], result: Option<u32>) {
        for (a, &param) in args.iter().zip(&self.params[g as usize]) {
            if let Some(a) = a {
                self.copy.push((*a, param));
            }
        }
        if let Some(va) = self.varargs_node[g as usize] {
            for a in args.iter().skip(self.params[g as usize].len()).flatten() {
                self.store.push((*a, va));
            }
        }
        if let Some(r) = result {
            self.copy.push((self.ret[g as usize], r));
        }
    }

    /// A call of declared function `g`: a heap or external object for a
    /// pointer result, and its model's pointer flows.
    fn external(
        &mut self,
        p: &Program,
        models: &Models,
        site: (u32, u32, u32),
        g: u32,
        args: &[Option<u32>],
        result: Option<u32>,
    ) {
        let gf = &p.functions[g as usize];
        if gf.name.starts_with("llvm.va_start") {
            self.va_start(site.0, args.first().copied().flatten());
            return;
        }
        if gf.name.starts_with("llvm.va_copy") {
            let arg = |i: usize| args.get(i).copied().flatten();
            self.va_copy(arg(0), arg(1));
            return;
        }
        let model = models.get(&gf.name);
        if let Some(r) = result {
            let allocates = model.as_ref().is_some_and(|m| m.allocates);
            if allocates || returns_pointer(&gf.ret) {
                let callee = gf.name.clone();
                let kind = if allocates {
                    ObjectKind::Heap { site, callee }
                } else {
                    ObjectKind::External { site, callee }
                };
                let o = self.object(kind);
                let root = self.locs.at(o, &[]);
                self.base.push((r, root));
            }
        }
        if let Some(m) = model {
            self.model_flows(&m, args, result);
        }
    }

    /// The pointer flows of model `m` at a call.
    fn model_flows(&mut self, m: &FnModel, args: &[Option<u32>], result: Option<u32>) {
        let arg = |i: usize| args.get(i).copied().flatten();
        for &(from, to) in &m.flows {
            match (from, to) {
                (Place::Arg(i), Place::Ret) => {
                    if let (Some(a), Some(r)) = (arg(i), result) {
                        self.copy.push((a, r));
                    }
                }
                (Place::Content(i), Place::Content(j)) => {
                    if let (Some(s), Some(d)) = (arg(i), arg(j)) {
                        self.memcpy.push((s, d));
                    }
                }
                _ => {}
            }
        }
    }
}
