//! Linking: several modules (one per translation unit) into one program,
//! as `llvm-link` would — so that a C program of many files is analysed
//! whole, calls and globals followed across files.
//!
//! External and weak symbols are one per name: a declaration binds to the
//! definition wherever it is, a strong definition overrides a weak one, and
//! two strong definitions of one name (function or global) are an error. Internal (`static`,
//! `private`) symbols stay apart: a name already taken gets a `.N` suffix
//! (two files' `static int check(…)` are `check` and `check.1`). Every id a
//! module holds (functions, variables, source files) is renumbered into
//! the linked program; duplicate source files (a shared header) are one.

use super::ir::{
    Block, Callee, Function, GlobalField, GlobalVar, Inst, Linkage, Op, Program, SourceFile,
    SourceLoc, StructTypes, Value, VarKind,
};
use super::ProgramError;
use std::collections::{HashMap, HashSet};

/// Link `modules` (each with the name it is reported by) into one program.
pub fn link(modules: Vec<(String, Program)>) -> Result<Program, ProgramError> {
    let mut l = Linker::default();
    for (name, m) in modules {
        l.add(&name, m)?;
    }
    Ok(l.finish())
}

/// Whose variable an output variable is, for its final name.
#[derive(Clone)]
enum Owner {
    Global(String),
    Local(u32, String),
}

#[derive(Default)]
struct Linker {
    out: Program,
    /// Where each function's definition came from (for error messages).
    defined_in: Vec<Option<String>>,
    funcs: HashMap<String, u32>,
    taken: HashSet<String>,
    globals: HashMap<String, u32>,
    global_taken: HashSet<String>,
    /// Per output variable: its owner, and its `globals` entry if any.
    owners: Vec<Owner>,
    global_entry: HashMap<u32, usize>,
    /// Where each external global's kept definition came from.
    global_defined_in: HashMap<u32, String>,
    files: HashMap<(String, String), u32>,
    /// Struct types by name: one type per name, as llvm-link merges
    /// identical ones (a same-named different type keeps the first's).
    types: HashMap<String, u32>,
    /// Global fields by what they are: one id per field of the output.
    fields: HashMap<GlobalField, u32>,
}

/// `name`, else `name.1`, `name.2` … whichever is free in `taken`.
fn unique(taken: &mut HashSet<String>, name: &str) -> String {
    let mut n = name.to_string();
    let mut k = 0;
    while taken.contains(&n) {
        k += 1;
        n = format!("{name}.{k}");
    }
    taken.insert(n.clone());
    n
}

/// How a module's function joins the output.
enum Join {
    /// A new function at this id.
    New(u32),
    /// Its body replaces the output's declaration (or weak definition).
    Define(u32),
    /// Already there; this one adds nothing.
    Same(u32),
}

impl Join {
    fn id(&self) -> u32 {
        match *self {
            Join::New(g) | Join::Define(g) | Join::Same(g) => g,
        }
    }
}

impl Linker {
    fn add(&mut self, module: &str, m: Program) -> Result<(), ProgramError> {
        let joins: Vec<Join> = m
            .functions
            .iter()
            .map(|f| self.join_function(module, f))
            .collect::<Result<_, _>>()?;
        let fmap: Vec<u32> = joins.iter().map(Join::id).collect();
        let vmap = self.join_vars(&m, &fmap);
        let files: Vec<u32> = m.files.iter().map(|f| self.file(f)).collect();
        let tmap = self.join_types(&m.struct_types);
        let kmap = self.join_fields(&m.global_fields, &vmap, &tmap);
        let r = Remap {
            f: &fmap,
            v: &vmap,
            files: &files,
            fields: &kmap,
        };
        for (f, join) in m.functions.into_iter().zip(&joins) {
            if let Join::New(g) | Join::Define(g) = *join {
                // The output's name: a renamed `static` keeps its new one.
                let name = std::mem::take(&mut self.out.functions[g as usize].name);
                self.out.functions[g as usize] = Function {
                    name,
                    ..r.function(f)
                };
            }
        }
        self.out
            .address_taken
            .extend(m.address_taken.iter().map(|&f| fmap[f as usize]));
        self.out.address_taken.sort_unstable();
        self.out.address_taken.dedup();
        // Globals whose definition this module gives: its initializer goes
        // with it (a later weak definition does not replace a strong one).
        let mut defines = HashSet::new();
        for gv in m.globals {
            let gv = GlobalVar {
                var: vmap[gv.var as usize],
                mentions: r.values(gv.mentions),
                ..gv
            };
            match self.global_entry.get(&gv.var) {
                Some(&k) => {
                    let old = &self.out.globals[k];
                    let weak = |l: Linkage| l == Linkage::Weak;
                    if gv.defined && old.defined && !weak(old.linkage) && !weak(gv.linkage) {
                        let name = match &self.owners[gv.var as usize] {
                            Owner::Global(n) | Owner::Local(_, n) => n.clone(),
                        };
                        let first = self.global_defined_in.get(&gv.var).cloned();
                        return Err(ProgramError::Analysis(format!(
                            "global {name} is defined in both {} and {module}. Fix: link one definition of it (leave one of the files out, declare it `extern` in all but one, or make one of them static)",
                            first.unwrap_or_default()
                        )));
                    }
                    let replaces =
                        gv.defined && (!old.defined || (weak(old.linkage) && !weak(gv.linkage)));
                    if replaces {
                        defines.insert(gv.var);
                        self.global_defined_in.insert(gv.var, module.to_string());
                        self.out.globals[k] = gv;
                    }
                }
                None => {
                    if gv.defined {
                        self.global_defined_in.insert(gv.var, module.to_string());
                    }
                    defines.insert(gv.var);
                    self.global_entry.insert(gv.var, self.out.globals.len());
                    self.out.globals.push(gv);
                }
            }
        }
        // A definition replaces every place of the one before it.
        let fields = &self.out.global_fields;
        let defined_here = |at: &Value| {
            at.place_global(fields)
                .is_some_and(|g| defines.contains(&g))
        };
        self.out.global_inits.retain(|(at, _)| !defined_here(at));
        for (at, vals) in m.global_inits {
            let at = r.value(at);
            if defined_here(&at) {
                self.out.global_inits.push((at, r.values(vals)));
            }
        }
        let (vm, tm) = (&vmap, &tmap);
        self.out.object_types.extend(
            m.object_types
                .into_iter()
                .map(|(v, t)| (vm[v as usize], t.map(|t| tm[t as usize]))),
        );
        self.out.gep_types.extend(
            m.gep_types
                .into_iter()
                .map(|(v, t)| (vm[v as usize], tm[t as usize])),
        );
        self.out.warnings.extend(m.warnings);
        Ok(())
    }

    /// Each of a module's global fields in the output: one per (global,
    /// path, type), as one module would have them.
    fn join_fields(&mut self, fields: &[GlobalField], vmap: &[u32], tmap: &[u32]) -> Vec<u32> {
        let mut kmap = Vec::with_capacity(fields.len());
        for g in fields {
            let g = GlobalField {
                base: vmap[g.base as usize],
                path: g.path.clone(),
                ty: g.ty.map(|t| tmap[t as usize]),
            };
            let next = self.out.global_fields.len() as u32;
            let k = *self.fields.entry(g.clone()).or_insert(next);
            if k == next {
                self.out.global_fields.push(g);
            }
            kmap.push(k);
        }
        kmap
    }

    /// Each of `t`'s struct types in the output, by name.
    fn join_types(&mut self, t: &StructTypes) -> Vec<u32> {
        let out = &mut self.out.struct_types;
        let mut new = Vec::new();
        let tmap: Vec<u32> = t
            .names
            .iter()
            .enumerate()
            .map(|(k, name)| {
                *self.types.entry(name.clone()).or_insert_with(|| {
                    out.names.push(name.clone());
                    out.fields.push(Vec::new());
                    new.push(k);
                    out.names.len() as u32 - 1
                })
            })
            .collect();
        for k in new {
            out.fields[tmap[k] as usize] = t.fields[k]
                .iter()
                .map(|f| f.map(|f| tmap[f as usize]))
                .collect();
        }
        tmap
    }

    /// A new output function named `name` (filled in by `add`).
    fn placeholder(&mut self, name: String, module: Option<&str>) -> u32 {
        self.out.functions.push(Function {
            name,
            ..Function::default()
        });
        self.defined_in.push(module.map(str::to_string));
        self.out.functions.len() as u32 - 1
    }

    fn join_function(&mut self, module: &str, f: &Function) -> Result<Join, ProgramError> {
        let from = f.defined.then_some(module);
        if f.linkage == Linkage::Internal {
            let name = unique(&mut self.taken, &f.name);
            return Ok(Join::New(self.placeholder(name, from)));
        }
        if let Some(&g) = self.funcs.get(&f.name) {
            let old = &self.out.functions[g as usize];
            let weak = |l: Linkage| l == Linkage::Weak;
            return Ok(match (old.defined, f.defined) {
                (_, false) => Join::Same(g),
                (true, true) if weak(f.linkage) => Join::Same(g),
                (true, true) if !weak(old.linkage) => {
                    let first = self.defined_in[g as usize].clone().unwrap_or_default();
                    return Err(ProgramError::Analysis(format!(
                        "{} is defined in both {first} and {module}. Fix: link one definition of it (leave one of the files out, or make one of them static)",
                        f.name
                    )));
                }
                _ => {
                    self.defined_in[g as usize] = from.map(str::to_string);
                    Join::Define(g)
                }
            });
        }
        if self.taken.contains(&f.name) {
            // A `static` function holds the name an external one needs.
            let held = self
                .out
                .functions
                .iter()
                .position(|h| h.name == f.name && h.linkage == Linkage::Internal);
            if let Some(h) = held {
                let renamed = unique(&mut self.taken, &f.name);
                self.out.functions[h].name = renamed;
            }
        }
        self.taken.insert(f.name.clone());
        let g = self.placeholder(f.name.clone(), from);
        self.funcs.insert(f.name.clone(), g);
        Ok(Join::New(g))
    }

    /// Each of `m`'s variables in the output: external globals one per
    /// name, everything else new.
    fn join_vars(&mut self, m: &Program, fmap: &[u32]) -> Vec<u32> {
        let internal: HashSet<u32> = m
            .globals
            .iter()
            .filter(|g| g.linkage == Linkage::Internal)
            .map(|g| g.var)
            .collect();
        let fid: HashMap<&str, u32> = m
            .functions
            .iter()
            .enumerate()
            .map(|(i, f)| (f.name.as_str(), i as u32))
            .collect();
        let mut vmap = Vec::with_capacity(m.vars.len());
        for (v, name) in m.vars.iter().enumerate() {
            let kind = m.var_kinds[v];
            let source = m.source_names.get(v).cloned().flatten();
            let owner = if kind == VarKind::Global {
                if internal.contains(&(v as u32)) {
                    Owner::Global(unique(&mut self.global_taken, name))
                } else if let Some(&o) = self.globals.get(name) {
                    let known = &mut self.out.source_names[o as usize];
                    *known = known.take().or(source);
                    vmap.push(o);
                    continue;
                } else {
                    self.global_taken.insert(name.clone());
                    Owner::Global(name.clone())
                }
            } else {
                let (f, local) = name.split_once(':').unwrap_or(("", name));
                match fid.get(f) {
                    Some(&f) => Owner::Local(fmap[f as usize], local.to_string()),
                    None => Owner::Global(name.clone()),
                }
            };
            let o = self.out.vars.len() as u32;
            if let (VarKind::Global, Owner::Global(n)) = (kind, &owner) {
                if !internal.contains(&(v as u32)) {
                    self.globals.insert(n.clone(), o);
                }
            }
            self.out.vars.push(String::new());
            self.out.var_kinds.push(kind);
            self.out.source_names.push(source);
            self.owners.push(owner);
            vmap.push(o);
        }
        vmap
    }

    /// The output's id of source file `f`.
    fn file(&mut self, f: &SourceFile) -> u32 {
        let key = (f.filename.clone(), f.directory.clone());
        if let Some(&id) = self.files.get(&key) {
            return id;
        }
        let id = self.out.files.len() as u32;
        self.out.files.push(f.clone());
        self.files.insert(key, id);
        id
    }

    fn finish(mut self) -> Program {
        for (v, owner) in self.owners.iter().enumerate() {
            self.out.vars[v] = match owner {
                Owner::Global(n) => n.clone(),
                Owner::Local(f, x) => format!("{}:{x}", self.out.functions[*f as usize].name),
            };
        }
        // An external global declared in several modules: its type once.
        self.out.object_types.sort_unstable();
        self.out.object_types.dedup_by_key(|&mut (v, _)| v);
        if self.out.source_names.iter().all(Option::is_none) {
            self.out.source_names.clear();
        }
        self.out
    }
}

/// Module ids → output ids.
struct Remap<'a> {
    f: &'a [u32],
    v: &'a [u32],
    files: &'a [u32],
    fields: &'a [u32],
}

impl Remap<'_> {
    fn value(&self, v: Value) -> Value {
        match v {
            Value::Var(x) => Value::Var(self.v[x as usize]),
            Value::Func(f) => Value::Func(self.f[f as usize]),
            Value::Field(k) => Value::Field(self.fields[k as usize]),
            other => other,
        }
    }

    fn values(&self, vs: Vec<Value>) -> Vec<Value> {
        vs.into_iter().map(|v| self.value(v)).collect()
    }

    fn vars(&self, vs: Vec<u32>) -> Vec<u32> {
        vs.into_iter().map(|v| self.v[v as usize]).collect()
    }

    fn loc(&self, l: Option<SourceLoc>) -> Option<SourceLoc> {
        l.map(|l| SourceLoc {
            file: self.files[l.file as usize],
            ..l
        })
    }

    fn function(&self, f: Function) -> Function {
        Function {
            mentions: self.values(f.mentions),
            param_vars: self.vars(f.param_vars),
            blocks: f.blocks.into_iter().map(|b| self.block(b)).collect(),
            loc: self.loc(f.loc),
            ..f
        }
    }

    fn block(&self, b: Block) -> Block {
        Block {
            insts: b.insts.into_iter().map(|i| self.inst(i)).collect(),
            end_uses: self.vars(b.end_uses),
            ..b
        }
    }

    fn inst(&self, i: Inst) -> Inst {
        let call = i.call.map(|mut c| {
            c.callee = match c.callee {
                Callee::Direct(g) => Callee::Direct(self.f[g as usize]),
                Callee::Cast(g) => Callee::Cast(self.f[g as usize]),
                other => other,
            };
            c
        });
        Inst {
            result: i.result.map(|r| self.v[r as usize]),
            op: self.op(i.op),
            loc: self.loc(i.loc),
            defs: self.vars(i.defs),
            uses: self.vars(i.uses),
            call,
            ..i
        }
    }

    fn op(&self, op: Op) -> Op {
        let v = |x| self.value(x);
        match op {
            Op::Load { ptr } => Op::Load { ptr: v(ptr) },
            Op::Store { value, ptr } => Op::Store {
                value: v(value),
                ptr: v(ptr),
            },
            Op::Gep { base, path } => Op::Gep {
                base: v(base),
                path,
            },
            Op::Copy(vs) => Op::Copy(self.values(vs)),
            Op::Compute(vs) => Op::Compute(self.values(vs)),
            Op::Cmp { pred, lhs, rhs } => Op::Cmp {
                pred,
                lhs: v(lhs),
                rhs: v(rhs),
            },
            Op::Call { callee, args } => Op::Call {
                callee: v(callee),
                args: self.values(args),
            },
            Op::Ret(r) => Op::Ret(r.map(v)),
            Op::Branch { cond } => Op::Branch { cond: v(cond) },
            other @ (Op::Alloca | Op::Other) => other,
        }
    }
}
