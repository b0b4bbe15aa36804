//! Whole-program points-to: inclusion-based (Andersen) analysis over
//! abstract objects, field-sensitive for constant struct paths.
//!
//! Objects are the program's stack slots (`alloca`), global variables,
//! functions (their addresses), heap allocation sites (calls of functions
//! whose model `allocates`: malloc, calloc, realloc, strdup …) and external
//! returns (each call site of a declared function returning a pointer, so
//! that `getenv`'s string has a location). A location is an object and a
//! field path of at most [`MAX_PATH`] constant struct indices; deeper paths
//! fold into their prefix; a function's address has no fields. Array elements are their array (no index
//! sensitivity), heap and external objects are one per site, and the
//! analysis is flow- and context-insensitive.
//!
//! Types keep apart what C's `void *` mixes (SQLite's solve did not end
//! without them): a field offset of `struct S` applies only to memory of
//! a related type (a `struct S`, a struct that starts with one, a union,
//! or memory of unknown type such as the heap), never to strings, scalars
//! or pointers; constant globals that hold no address (string literals)
//! are one object; and an indirect call binds only the functions whose
//! type fits it, as the ICFG's fan-out does.
//!
//! The constraints (`constraints`) are solved by `solve` with difference
//! propagation and lazy cycle detection (an edge whose two ends end with
//! equal sets is checked for a cycle once; a cycle's nodes are merged), and
//! indirect calls are bound on the fly as their callee's set grows, which
//! gives [`PointsTo::callees`]. `reference` solves the same constraints by
//! naive iteration to a fixpoint: the oracle of the property tests.
//!
//! A content copy (`memcpy`, struct assignment, `va_copy`) moves the
//! whole memory at each source location, its fields included, into every
//! location under each destination (fields mixed, as the value-flow graph
//! mixes them); fields made later join the copies of what they are under.
//!
//! A constant `getelementptr` of a read-only global is that field
//! (`Value::Field`), and read-only initializers are read field by field;
//! a writable global whose initializer holds addresses is one location
//! from the start, and its constant field addresses stand for its root.

mod constraints;
mod reference;
mod solve;

pub use constraints::{Constraints, ObjectKind};
pub use reference::reference;

use super::ir::{Program, Value, VarKind};
use super::models::Models;
use super::ProgramError;
use crate::progress::Stop;
use crate::session::SessionError;
use std::collections::HashMap;
use std::sync::Arc;

/// Longest field path a location keeps.
pub const MAX_PATH: usize = 4;

/// Most locations of one object: past it the object is collapsed to one
/// field-insensitive location (its root), so that type-confused pointers
/// (every `i8*` into every object) cannot multiply locations by paths.
pub const MAX_LOCS_PER_OBJECT: usize = 16;

/// A location: an object at a field path ([`PointsTo::object`],
/// [`PointsTo::path`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Loc(pub u32);

/// A field path kept inline, zero-padded, so that finding a location
/// compares fixed-size values instead of chasing and `memcmp`ing a `Vec`
/// per candidate (`Locs::at` was a fifth of SQLite's solve).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct FieldPath {
    len: u8,
    k: [u32; MAX_PATH],
}

impl FieldPath {
    /// `path` capped at [`MAX_PATH`] indices.
    fn new(path: &[u32]) -> FieldPath {
        let mut p = FieldPath::default();
        for (slot, &k) in p.k.iter_mut().zip(path) {
            *slot = k;
        }
        p.len = path.len().min(MAX_PATH) as u8;
        p
    }

    fn as_slice(&self) -> &[u32] {
        &self.k[..self.len as usize]
    }
}

/// Every location handed out: object and path, and the lookup back.
#[derive(Debug, Clone, Default)]
pub struct Locs {
    object: Vec<u32>,
    path: Vec<FieldPath>,
    /// Per object, its locations in creation order (the root first): at
    /// most [`MAX_LOCS_PER_OBJECT`], so a location is found by a scan
    /// (a hash map keyed by paths was a fifth of SQLite's solve).
    of_object: Vec<Vec<Loc>>,
    /// The paths of `of_object`'s locations, beside them: the scan reads
    /// one short array instead of one `path` entry per candidate.
    paths_of_object: Vec<Vec<FieldPath>>,
    /// Objects collapsed to their root ([`MAX_LOCS_PER_OBJECT`]).
    collapsed: Vec<bool>,
    /// Objects collapsed since the solver last asked.
    newly_collapsed: Vec<u32>,
}

impl Locs {
    /// The location of `object` at `path` (capped at [`MAX_PATH`]),
    /// created when new.
    pub fn at(&mut self, object: u32, path: &[u32]) -> Loc {
        self.at_path(object, FieldPath::new(path))
    }

    fn at_path(&mut self, object: u32, path: FieldPath) -> Loc {
        let o = object as usize;
        if let Some(ps) = self.paths_of_object.get(o) {
            if let Some(i) = ps.iter().position(|p| *p == path) {
                return self.of_object[o][i];
            }
        }
        if self.collapsed.get(o).copied().unwrap_or(false) {
            return self.of_object[o][0];
        }
        if path.len > 0 && self.of_object.get(o).map_or(0, Vec::len) >= MAX_LOCS_PER_OBJECT {
            self.collapsed
                .resize(self.collapsed.len().max(o + 1), false);
            self.collapsed[o] = true;
            self.newly_collapsed.push(object);
            return self.of_object[o][0];
        }
        let l = self.object.len() as u32;
        self.object.push(object);
        self.path.push(path);
        if self.of_object.len() <= o {
            self.of_object.resize(o + 1, Vec::new());
            self.paths_of_object.resize(o + 1, Vec::new());
        }
        self.of_object[o].push(Loc(l));
        self.paths_of_object[o].push(path);
        Loc(l)
    }

    /// `l` with `extra` appended to its path.
    pub fn field(&mut self, l: Loc, extra: &[u32]) -> Loc {
        let base = self.path[l.0 as usize];
        if extra.is_empty() || base.len as usize >= MAX_PATH {
            return l;
        }
        let mut p = base;
        for (slot, &k) in p.k[base.len as usize..].iter_mut().zip(extra) {
            *slot = k;
        }
        p.len = (base.len as usize + extra.len()).min(MAX_PATH) as u8;
        self.at_path(self.object[l.0 as usize], p)
    }

    pub fn len(&self) -> usize {
        self.object.len()
    }

    /// The location whose content `l`'s content is: its object's root
    /// when the object is collapsed, else `l`.
    pub fn content_key(&self, l: Loc) -> Loc {
        let o = self.object[l.0 as usize] as usize;
        if self.collapsed.get(o).copied().unwrap_or(false) {
            self.of_object[o][0]
        } else {
            l
        }
    }

    /// Collapse object `o` (which has its root already) from the start: a
    /// global whose initializer's values have no known field.
    pub fn collapse(&mut self, o: u32) {
        let o = o as usize;
        self.collapsed
            .resize(self.collapsed.len().max(o + 1), false);
        self.collapsed[o] = true;
    }

    /// Is object `o` collapsed to its root?
    pub fn is_collapsed(&self, o: u32) -> bool {
        self.collapsed.get(o as usize).copied().unwrap_or(false)
    }

    /// Objects collapsed since the last call.
    pub fn take_newly_collapsed(&mut self) -> Vec<u32> {
        std::mem::take(&mut self.newly_collapsed)
    }

    /// `l` and every location inside it (same object, a longer path that
    /// starts with `l`'s): the memory a copy of the object at `l` moves.
    pub fn under(&self, l: Loc) -> impl Iterator<Item = Loc> + '_ {
        let o = self.object[l.0 as usize] as usize;
        let base = self.path[l.0 as usize];
        let n = base.len as usize;
        self.paths_of_object[o]
            .iter()
            .zip(&self.of_object[o])
            .filter(move |(p, _)| p.len >= base.len && p.k[..n] == base.k[..n])
            .map(|(_, &m)| m)
    }

    /// The locations of object `o`.
    pub fn of(&self, o: u32) -> &[Loc] {
        self.of_object.get(o as usize).map_or(&[], Vec::as_slice)
    }

    pub fn object_of(&self, l: Loc) -> u32 {
        self.object[l.0 as usize]
    }

    pub fn path_of(&self, l: Loc) -> &[u32] {
        self.path[l.0 as usize].as_slice()
    }

    pub fn is_empty(&self) -> bool {
        self.object.is_empty()
    }
}

/// The solution: what every variable and every location points to, and
/// the functions each indirect call site may call.
#[derive(Debug, Clone)]
pub struct PointsTo {
    kinds: Vec<ObjectKind>,
    locs: Locs,
    /// The distinct sets, sorted; set 0 is empty. Variables and locations
    /// that hold equal sets share one: SQLite's 155,899 variables as their
    /// own lists took gigabytes, and far fewer distinct sets than solver
    /// nodes end non-empty.
    sets: Vec<Vec<Loc>>,
    /// Per variable ([`Program::vars`]), its set.
    vars: Vec<u32>,
    /// Per global field ([`Program::global_fields`]), its set.
    fields: Vec<u32>,
    /// Per location, the set of what is stored there.
    content: Vec<u32>,
    /// Per function, its object.
    function_object: Vec<u32>,
    /// Per function, the root of its variadic arguments' object.
    varargs: Vec<Option<Loc>>,
    /// Per indirect call site `(function, block, inst)`, the functions it
    /// may call, ascending.
    callees: HashMap<(u32, u32, u32), Vec<u32>>,
}

/// Work figures of a solve.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SolveStats {
    /// Constraint-graph nodes (variables, returns, constants, locations).
    pub nodes: usize,
    /// Nodes merged into another by cycle elimination.
    pub collapsed: usize,
    /// Nodes taken off the worklist.
    pub visits: usize,
}

/// Solve points-to for `p` (its calls' effects from `models`) within
/// `budget_bytes` of solver memory; `stop` is polled so that a cancelled
/// run ends early.
pub fn solve(
    p: &Program,
    models: &Models,
    budget_bytes: u64,
    stop: Stop<'_>,
) -> Result<PointsTo, ProgramError> {
    solve_with_stats(p, models, budget_bytes, stop).map(|(pts, _)| pts)
}

/// [`solve`], with the solver's work figures.
pub fn solve_with_stats(
    p: &Program,
    models: &Models,
    budget_bytes: u64,
    stop: Stop<'_>,
) -> Result<(PointsTo, SolveStats), ProgramError> {
    let c = Constraints::of(p, models);
    solve::run(p, c, budget_bytes, stop).map_err(|e| match e {
        solve::Halt::Stopped => ProgramError::Session(SessionError::Cancelled {
            runs: 0,
            planned: 1,
        }),
        solve::Halt::OverBudget { bytes, stats, largest } => ProgramError::Analysis(format!(
            "points-to needs more than its budget of {budget_bytes} bytes: after {} visits its sets took {bytes} bytes (the largest {largest} locations). Fix: allow it more memory (--budget-bytes); for taint, --mode control-flow needs no points-to",
            stats.visits
        )),
    })
}

impl PointsTo {
    /// The locations value `v` may hold.
    pub fn of_value(&self, v: Value) -> Vec<Loc> {
        match v {
            Value::Var(x) => self.of_var(x).to_vec(),
            Value::Func(f) => self
                .function_object
                .get(f as usize)
                .and_then(|&o| self.locs.of_object.get(o as usize))
                .and_then(|ls| ls.first().copied())
                .into_iter()
                .collect(),
            Value::Field(k) => {
                let set = self.fields.get(k as usize).copied().unwrap_or(0);
                self.sets[set as usize].clone()
            }
            Value::Int(_) | Value::Const => Vec::new(),
        }
    }

    /// The locations variable `v` may hold (empty for an unknown id).
    pub fn of_var(&self, v: u32) -> &[Loc] {
        &self.sets[self.set_of_var(v) as usize]
    }

    /// The set variable `v` holds, as an id: one id per distinct set, so
    /// variables hold equal sets exactly when their ids are equal; 0 is the
    /// empty set.
    pub fn set_of_var(&self, v: u32) -> u32 {
        self.vars.get(v as usize).copied().unwrap_or(0)
    }

    /// What location `l` may hold.
    pub fn content(&self, l: Loc) -> &[Loc] {
        &self.sets[self.content_set(l) as usize]
    }

    /// The set location `l` holds, as an id (see [`PointsTo::set_of_var`]).
    pub fn content_set(&self, l: Loc) -> u32 {
        let l = self.locs.content_key(l);
        self.content.get(l.0 as usize).copied().unwrap_or(0)
    }

    pub fn object(&self, l: Loc) -> u32 {
        self.locs.object[l.0 as usize]
    }

    /// The location that holds `l`'s content: `l`, or its object's root
    /// when the object is collapsed.
    pub fn content_loc(&self, l: Loc) -> Loc {
        self.locs.content_key(l)
    }

    pub fn path(&self, l: Loc) -> &[u32] {
        self.locs.path_of(l)
    }

    /// Where a variadic function's extra arguments are: every call's
    /// arguments past the fixed ones are stored there, and `va_start`
    /// points the `va_list` at it (`None`: not a defined variadic function).
    pub fn varargs(&self, f: u32) -> Option<Loc> {
        self.varargs.get(f as usize).copied().flatten()
    }

    pub fn object_kind(&self, o: u32) -> &ObjectKind {
        &self.kinds[o as usize]
    }

    /// Every location of object `o`, its root first.
    pub fn locs_of_object(&self, o: u32) -> &[Loc] {
        self.locs
            .of_object
            .get(o as usize)
            .map_or(&[], Vec::as_slice)
    }

    /// The location `extra` further into `l`, when points-to made one
    /// (else `l`): a scan of its object's inline paths.
    pub fn deeper(&self, l: Loc, extra: &[u32]) -> Loc {
        let base = self.locs.path[l.0 as usize];
        let len = base.len as usize + extra.len();
        if extra.is_empty() || len > MAX_PATH {
            return l;
        }
        let mut want = base;
        want.k[base.len as usize..len].copy_from_slice(extra);
        want.len = len as u8;
        let o = self.locs.object[l.0 as usize] as usize;
        let paths = self
            .locs
            .paths_of_object
            .get(o)
            .map_or(&[][..], Vec::as_slice);
        match paths.iter().position(|p| *p == want) {
            Some(i) => self.locs.of_object[o][i],
            None => l,
        }
    }

    /// Number of locations.
    pub fn locs(&self) -> usize {
        self.locs.len()
    }

    /// Number of objects.
    pub fn objects(&self) -> usize {
        self.kinds.len()
    }

    /// The functions indirect call site `(f, block, inst)` may call.
    pub fn callees(&self, f: u32, block: u32, inst: u32) -> &[u32] {
        self.callees
            .get(&(f, block, inst))
            .map_or(&[], Vec::as_slice)
    }

    /// Every indirect call site with its callees.
    pub fn indirect_sites(&self) -> impl Iterator<Item = ((u32, u32, u32), &[u32])> {
        self.callees.iter().map(|(k, v)| (*k, v.as_slice()))
    }

    /// A location as people read it: `cmd` or `h:%5` for a slot, `@g.1`
    /// for field 1 of a global, `malloc@f:12` for a heap site.
    pub fn loc_name(&self, p: &Program, l: Loc) -> String {
        let mut s = self.kinds[self.object(l) as usize].name(p);
        for k in self.path(l) {
            s.push_str(&format!(".{k}"));
        }
        s
    }
}

/// A pointer as its source names it, and what it may point to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedPointer {
    /// The function whose variable it is; `None` for a global.
    pub function: Option<String>,
    /// Its C name (else its IR name), with `.k` per struct field.
    pub name: String,
    /// Its targets, as [`PointsTo::loc_name`] writes them, sorted; each
    /// name is made once, and each list once per set the solver shares
    /// (SQLite: 74,950 pointers hold 99.6 million targets in 3,486 lists).
    pub targets: Arc<[Arc<str>]>,
}

impl PointsTo {
    /// Every named pointer with at least one target, by function (globals
    /// first) and name: variables kept in
    /// memory (a slot or global: what each of its fields holds) and SSA
    /// values (what the value holds). Names are C names from debug info,
    /// else IR names that are not numbers.
    pub fn named_pointers(&self, p: &Program) -> Vec<NamedPointer> {
        let mut out = Vec::new();
        // The C name, else an IR name that is not a number (`%call`, not
        // `%12`), else none.
        let named = |v: u32| {
            if p.var_kinds[v as usize] == VarKind::Global {
                // As `loc_name` writes a global target.
                return Some(p.vars[v as usize].clone());
            }
            p.source_names
                .get(v as usize)
                .cloned()
                .flatten()
                .or_else(|| {
                    let ir = &p.vars[v as usize];
                    let local = ir.rsplit_once(':').map_or(ir.as_str(), |(_, x)| x);
                    let bare = local.trim_start_matches(['%', '@']);
                    (!bare.is_empty() && !bare.bytes().all(|b| b.is_ascii_digit()))
                        .then(|| local.to_string())
                })
        };
        let function = |v: u32| match p.var_kinds[v as usize] {
            VarKind::Global => None,
            _ => p.vars[v as usize].split(':').next().map(str::to_string),
        };
        let mut lists = TargetLists::new(self, p);
        let mut push = |v: u32, name: String, set: u32| {
            let ls = &self.sets[set as usize];
            if ls.is_empty() {
                return;
            }
            let targets = lists.of(set, ls);
            out.push(NamedPointer {
                function: function(v),
                name,
                targets,
            });
        };
        for (o, kind) in self.kinds.iter().enumerate() {
            let (ObjectKind::Slot(v) | ObjectKind::Global(v)) = *kind else {
                continue;
            };
            let Some(base) = named(v) else {
                continue;
            };
            for &l in self.locs_of_object(o as u32) {
                let mut name = base.clone();
                for k in self.path(l) {
                    name.push_str(&format!(".{k}"));
                }
                push(v, name, self.content_set(l));
            }
        }
        for v in 0..p.vars.len() as u32 {
            if p.var_kinds[v as usize] == VarKind::Ssa {
                if let Some(n) = named(v) {
                    push(v, n, self.set_of_var(v));
                }
            }
        }
        // One entry per name: SSA values that debug info names alike
        // (`cmd` before and after a branch) are one C variable.
        out.sort_by(|a, b| (&a.function, &a.name).cmp(&(&b.function, &b.name)));
        let mut merged: Vec<NamedPointer> = Vec::with_capacity(out.len());
        for n in out {
            match merged.last_mut() {
                Some(m) if m.function == n.function && m.name == n.name => {
                    if m.targets != n.targets {
                        let mut union: Vec<Arc<str>> = m.targets.iter().cloned().collect();
                        union.extend(n.targets.iter().cloned());
                        union.sort();
                        union.dedup();
                        m.targets = union.into();
                    }
                }
                _ => merged.push(n),
            }
        }
        merged
    }
}

/// The target lists of `named_pointers`: each set's names in name order,
/// made once per set id and shared between sets whose names are equal
/// (distinct locations may have one name). Marked by rank in a bitset and
/// read back in order, not sorted (SQLite: thousands of sets of up to
/// ~2,000 locations).
struct TargetLists {
    /// Each location's name's place in name order (equal names, equal
    /// places).
    rank: Vec<u32>,
    /// One name per rank, in name order.
    by_rank: Vec<Arc<str>>,
    by_set: HashMap<u32, Arc<[Arc<str>]>>,
    by_bits: HashMap<Vec<u64>, Arc<[Arc<str>]>>,
}

impl TargetLists {
    fn new(pts: &PointsTo, p: &Program) -> TargetLists {
        let names: Vec<Arc<str>> = (0..pts.locs() as u32)
            .map(|l| pts.loc_name(p, Loc(l)).into())
            .collect();
        let mut by_name: Vec<u32> = (0..names.len() as u32).collect();
        by_name.sort_by(|&a, &b| names[a as usize].cmp(&names[b as usize]));
        let mut rank = vec![0u32; names.len()];
        for k in 1..by_name.len() {
            let (prev, l) = (by_name[k - 1] as usize, by_name[k] as usize);
            rank[l] = rank[prev] + u32::from(names[l] != names[prev]);
        }
        let mut by_rank: Vec<Arc<str>> = Vec::new();
        for &l in &by_name {
            if rank[l as usize] as usize == by_rank.len() {
                by_rank.push(Arc::clone(&names[l as usize]));
            }
        }
        TargetLists {
            rank,
            by_rank,
            by_set: HashMap::new(),
            by_bits: HashMap::new(),
        }
    }

    /// The sorted names of set `set`, whose locations are `ls`.
    fn of(&mut self, set: u32, ls: &[Loc]) -> Arc<[Arc<str>]> {
        let (rank, by_rank, by_bits) = (&self.rank, &self.by_rank, &mut self.by_bits);
        let list = self.by_set.entry(set).or_insert_with(|| {
            let mut bits = vec![0u64; by_rank.len().div_ceil(64)];
            for l in ls {
                let r = rank[l.0 as usize] as usize;
                bits[r / 64] |= 1 << (r % 64);
            }
            let list = by_bits.entry(bits).or_insert_with_key(|bits| {
                let mut list = Vec::new();
                for (w, &word) in bits.iter().enumerate() {
                    let mut word = word;
                    while word != 0 {
                        list.push(Arc::clone(
                            &by_rank[w * 64 + word.trailing_zeros() as usize],
                        ));
                        word &= word - 1;
                    }
                }
                list.into()
            });
            Arc::clone(list)
        });
        Arc::clone(list)
    }
}
