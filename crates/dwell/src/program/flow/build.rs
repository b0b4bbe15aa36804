//! Building the value-flow graph from a program, its points-to and models:
//! sites first, then each function's own arcs (with models of external
//! calls, sources and sinks), then call and return arcs per site until
//! every parameter-content node is linked to every caller.

use super::callees::{alloc_wrappers, passes_through};
use super::guards::{direct_callee, Ctx, Guards};
use super::var_functions;
use super::{Arc, Node, SinkArg, Site, Source, ValueFlow, NO_FUNCTION};
use crate::program::ir::{Function, Op, Program, Value};
use crate::program::locals::{self, At, Locals, Origin};
use crate::program::models::{FnModel, Models, Place};
use crate::program::points_to::{Loc, PointsTo};
use std::collections::{HashMap, HashSet};

/// Longest field path of a content node.
const MAX_PATH: usize = 4;

/// Junction nodes by the sorted set of locations they stand for.
type JunctionsBySet = hashbrown::HashMap<Vec<u32>, u32>;

/// Bytes an arc takes while the graph is built.
const ARC_BYTES: u64 = std::mem::size_of::<(u32, u32, Arc)>() as u64;

/// The value-flow graph of `p`; `Err(bytes)` when its arcs alone would
/// take more than `budget_bytes`. A load or store through a pointer to two
/// or more locations goes through the junction of that set (shared by
/// every access to it), a model's flow through a junction when that saves
/// arcs: coarse points-to makes every load read thousands of locations.
pub fn build(
    p: &Program,
    pts: &PointsTo,
    models: &Models,
    budget_bytes: u64,
) -> Result<ValueFlow, u64> {
    build_with(p, pts, models, budget_bytes, true)
}

/// The same graph with every arc direct, no junctions: the oracle of the
/// property tests (far larger on coarse points-to).
pub fn without_junctions(p: &Program, pts: &PointsTo, models: &Models) -> ValueFlow {
    build_with(p, pts, models, u64::MAX, false).expect("no budget")
}

fn build_with(
    p: &Program,
    pts: &PointsTo,
    models: &Models,
    budget_bytes: u64,
    junctions: bool,
) -> Result<ValueFlow, u64> {
    let locals = locals::all(p);
    let mut sites = Vec::new();
    let mut site_of = HashMap::new();
    for (f, func) in p.functions.iter().enumerate() {
        for (b, blk) in func.blocks.iter().enumerate() {
            for (i, ins) in blk.insts.iter().enumerate() {
                if matches!(ins.op, Op::Call { .. }) {
                    let at = (b as u32, i as u32);
                    site_of.insert((f as u32, at), sites.len() as u32);
                    sites.push(Site {
                        function: f as u32,
                        at,
                        callee: String::new(),
                    });
                }
            }
        }
    }
    let targets: Vec<Vec<u32>> = sites
        .iter()
        .map(|s| {
            let func = &p.functions[s.function as usize];
            match direct_callee(func, s.at) {
                Some(g) => vec![g],
                None => pts.callees(s.function, s.at.0, s.at.1).to_vec(),
            }
        })
        .collect();
    for (s, t) in sites.iter_mut().zip(&targets) {
        s.callee = match t[..] {
            [g] => p.functions[g as usize].name.clone(),
            [] => "*indirect".into(),
            _ => format!("*indirect ({} targets)", t.len()),
        };
    }
    let single = |f: u32, at: At| -> Option<u32> {
        let s = site_of.get(&(f, at))?;
        match targets[*s as usize][..] {
            [g] => Some(g),
            _ => None,
        }
    };
    let cx = Ctx {
        p,
        pts,
        locals: &locals,
        callee: &single,
    };
    let guards = Guards::new(&cx, models);
    let wrappers = alloc_wrappers(p, &locals, models, &single);
    let mut b = Builder {
        p,
        pts,
        models,
        cx: &cx,
        guards: &guards,
        wrappers: &wrappers,
        site_of: &site_of,
        targets: &targets,
        nvars: p.vars.len() as u32,
        interned: HashMap::new(),
        located: hashbrown::HashMap::new(),
        joins: junctions.then(Default::default),
        join_fn: Vec::new(),
        extra: Vec::new(),
        arcs: Vec::new(),
        rets: vec![Vec::new(); p.functions.len()],
        content_of: vec![Vec::new(); p.functions.len()],
        sources: Vec::new(),
        sinks: Vec::new(),
        unmodelled: 0,
        passes: passes_through(p, &locals),
        max_arcs: budget_bytes / ARC_BYTES,
    };
    let over = |b: &Builder| b.arcs.len() as u64 > b.max_arcs;
    for (f, func) in p.functions.iter().enumerate() {
        if func.defined {
            b.function_body(f as u32, func, &locals[f]);
            if over(&b) {
                return Err(b.arcs.len() as u64 * ARC_BYTES);
            }
        }
    }
    b.link_calls(&sites);
    if over(&b) {
        return Err(b.arcs.len() as u64 * ARC_BYTES);
    }
    Ok(b.finish(sites))
}

struct Builder<'a> {
    p: &'a Program,
    pts: &'a PointsTo,
    models: &'a Models,
    cx: &'a Ctx<'a>,
    guards: &'a Guards,
    wrappers: &'a HashSet<u32>,
    site_of: &'a HashMap<(u32, At), u32>,
    targets: &'a [Vec<u32>],
    nvars: u32,
    interned: HashMap<Node, u32>,
    /// The location nodes of a points-to set (by id) at a field path.
    located: hashbrown::HashMap<(u32, Vec<u32>), Vec<u32>>,
    /// Junctions by their locations (those written into, those read
    /// from), `None` when the graph has none; each junction's function.
    joins: Option<(JunctionsBySet, JunctionsBySet)>,
    join_fn: Vec<u32>,
    /// Nodes past variables and locations, in id order.
    extra: Vec<Node>,
    arcs: Vec<(u32, u32, Arc)>,
    /// Returned variables per function.
    rets: Vec<Vec<u32>>,
    /// Parameter- and return-content nodes per function.
    content_of: Vec<Vec<u32>>,
    sources: Vec<Source>,
    sinks: Vec<SinkArg>,
    unmodelled: usize,
    /// Per function: the parameter (and field path inside what it points
    /// to) that every return hands back, as `skip_blanks(s)` returns `s`.
    passes: Vec<Option<(u32, Vec<u32>)>>,
    /// Past this many arcs the graph is over its budget.
    max_arcs: u64,
}

impl Builder<'_> {
    fn loc_node(&self, l: Loc) -> u32 {
        self.nvars + self.pts.content_loc(l).0
    }

    /// `v`'s content nodes and, where they are memory locations, every
    /// field below them: `read(fd, &packet, …)` fills `packet.len` too.
    fn content_fields(&mut self, f: u32, v: Value) -> Vec<u32> {
        let mut out = self.content(f, v, &[]);
        let first_extra = self.nvars + self.pts.locs() as u32;
        let mut fields = Vec::new();
        for &n in &out {
            if n < self.nvars || n >= first_extra {
                continue;
            }
            let l = Loc(n - self.nvars);
            let path = self.pts.path(l);
            for &m in self.pts.locs_of_object(self.pts.object(l)) {
                if self.pts.path(m).starts_with(path) {
                    fields.push(self.loc_node(m));
                }
            }
        }
        out.extend(fields);
        out.sort_unstable();
        out.dedup();
        out
    }

    /// What the memory locations among `nodes` point to: a command
    /// vector's strings (`execv(path, argv)`), one level down.
    fn pointees(&self, nodes: &[u32]) -> Vec<u32> {
        let first_extra = self.nvars + self.pts.locs() as u32;
        let mut out = Vec::new();
        for &n in nodes {
            if n >= self.nvars && n < first_extra {
                let l = Loc(n - self.nvars);
                out.extend(self.pts.content(l).iter().map(|&m| self.loc_node(m)));
            }
        }
        out
    }

    fn intern(&mut self, n: Node) -> u32 {
        if let Some(&id) = self.interned.get(&n) {
            return id;
        }
        let id = self.nvars + self.pts.locs() as u32 + self.extra.len() as u32;
        match &n {
            Node::ParamContent { f, .. } | Node::RetContent { f, .. } => {
                self.content_of[*f as usize].push(id)
            }
            _ => {}
        }
        self.extra.push(n.clone());
        self.interned.insert(n, id);
        id
    }

    fn value_clean(&self, f: u32, b: u32, v: Value) -> bool {
        self.guards.any(f) && self.guards.clean(f, b, &self.cx.value_keys(f, v))
    }

    fn content_clean(&self, f: u32, b: u32, v: Value) -> bool {
        self.guards.any(f)
            && self
                .cx
                .content_key(v)
                .is_some_and(|k| self.guards.clean(f, b, &[k]))
    }

    /// The nodes holding what `v` points to (at `extra` further in), in
    /// function `f`.
    fn content(&mut self, f: u32, v: Value, extra: &[u32]) -> Vec<u32> {
        let func = &self.p.functions[f as usize];
        let l = Locals::default();
        let origin = if func.defined {
            self.cx.locals[f as usize].origin(func, v)
        } else {
            l.origin(func, v)
        };
        let grow = |mut path: Vec<u32>| {
            path.extend_from_slice(extra);
            path.truncate(MAX_PATH);
            path
        };
        match origin {
            Some(Origin::Param(param, path)) => {
                let n = Node::ParamContent {
                    f,
                    param,
                    path: grow(path),
                };
                return vec![self.intern(n)];
            }
            Some(Origin::Call(at, path)) => {
                let site = self.site_of[&(f, at)];
                let callee = match self.targets[site as usize][..] {
                    [g] => Some(g),
                    _ => None,
                };
                if callee.is_some_and(|g| self.wrappers.contains(&g)) {
                    let n = Node::SiteContent {
                        site,
                        path: grow(path),
                    };
                    return vec![self.intern(n)];
                }
                if let Some((k, mut inner)) =
                    callee.and_then(|g| self.passes.get(g as usize).cloned().flatten())
                {
                    let ins = &func.blocks[at.0 as usize].insts[at.1 as usize];
                    if let Op::Call { args, .. } = &ins.op {
                        if let Some(&a) = args.get(k as usize) {
                            inner.extend(path);
                            inner.extend_from_slice(extra);
                            inner.truncate(MAX_PATH);
                            return self.content(f, a, &inner);
                        }
                    }
                }
                let allocates = callee
                    .and_then(|g| self.models.get(&self.p.functions[g as usize].name))
                    .is_some_and(|m| m.allocates);
                if allocates && self.wrappers.contains(&f) {
                    let n = Node::RetContent {
                        f,
                        path: grow(path),
                    };
                    return vec![self.intern(n)];
                }
            }
            None => {}
        }
        // Many values share a set (SQLite: 2,000 locations behind each
        // of thousands of pointers): its nodes are found once per path.
        let key = match v {
            Value::Var(x) => (self.pts.set_of_var(x), extra.to_vec()),
            _ => (u32::MAX, Vec::new()),
        };
        if let Some(out) = self.located.get(&key) {
            return out.clone();
        }
        let mut out: Vec<u32> = self
            .pts
            .of_value(v)
            .into_iter()
            .map(|l| self.loc_node(self.pts.deeper(l, extra)))
            .collect();
        if !out.is_sorted() {
            out.sort_unstable();
        }
        out.dedup();
        if key.0 != u32::MAX {
            self.located.insert(key, out.clone());
        }
        out
    }

    fn arc(&mut self, from: u32, to: u32, kind: Arc) {
        if from != to || kind != Arc::Flow {
            self.arcs.push((from, to, kind));
        }
    }

    /// A new junction node in function `f` (`NO_FUNCTION`: memory).
    fn junction(&mut self, f: u32) -> u32 {
        let id = self.join_fn.len() as u32;
        self.join_fn.push(f);
        self.intern(Node::Junction { id })
    }

    /// `from` → every node of `to`, the memory locations among them
    /// through the junction that writes into exactly that set.
    fn write_into(&mut self, from: u32, to: &[u32], kind: Arc) {
        self.through_junction(true, to, |b, n| b.arc(from, n, kind));
    }

    /// Every node of `from` → `to`, as [`Self::write_into`] the other way.
    fn read_from(&mut self, from: &[u32], to: u32, kind: Arc) {
        self.through_junction(false, from, |b, n| b.arc(n, to, kind));
    }

    /// `link` each of `nodes`, but two or more memory locations among them
    /// (context-free, `NO_FUNCTION`) through their shared junction.
    fn through_junction(
        &mut self,
        writes: bool,
        nodes: &[u32],
        mut link: impl FnMut(&mut Self, u32),
    ) {
        let mut sorted = Vec::new();
        let nodes = if nodes.is_sorted() {
            nodes
        } else {
            sorted.extend_from_slice(nodes);
            sorted.sort_unstable();
            sorted.dedup();
            &sorted
        };
        // Locations are the ids nvars..first_extra: one run of a sorted list.
        let first_extra = self.nvars + self.pts.locs() as u32;
        let lo = nodes.partition_point(|&n| n < self.nvars);
        let hi = nodes.partition_point(|&n| n < first_extra);
        for &n in nodes[..lo].iter().chain(&nodes[hi..]) {
            link(self, n);
        }
        let mem = &nodes[lo..hi];
        match self.shared_junction(writes, mem) {
            Some(j) => link(self, j),
            None => mem.iter().for_each(|&n| link(self, n)),
        }
    }

    /// The junction of a set of two or more locations (made with its arcs
    /// on first use; memory, so context-free as they are).
    fn shared_junction(&mut self, writes: bool, mem: &[u32]) -> Option<u32> {
        let joins = self.joins.as_ref()?;
        if mem.len() < 2 {
            return None;
        }
        let known = if writes { &joins.0 } else { &joins.1 };
        if let Some(&j) = known.get(mem) {
            return Some(j);
        }
        let j = self.junction(NO_FUNCTION);
        for &m in mem {
            if writes {
                self.arc(j, m, Arc::Flow);
            } else {
                self.arc(m, j, Arc::Flow);
            }
        }
        if let Some(joins) = &mut self.joins {
            let known = if writes { &mut joins.0 } else { &mut joins.1 };
            known.insert(mem.to_vec(), j);
        }
        Some(j)
    }

    /// Every node of `src` → every node of `dst` (a model's flow at a call
    /// in `f`): through one junction when that saves arcs.
    fn connect(&mut self, f: u32, src: &[u32], dst: &[u32]) {
        let small = src.len().saturating_mul(dst.len()) <= src.len() + dst.len() + 1;
        if small || self.joins.is_none() {
            for &s in src {
                for &d in dst {
                    self.arc(s, d, Arc::Flow);
                }
            }
            return;
        }
        let j = self.junction(f);
        for &s in src {
            self.arc(s, j, Arc::Flow);
        }
        self.write_into(j, dst, Arc::Flow);
    }

    fn function_body(&mut self, f: u32, func: &Function, l: &Locals) {
        for (b, blk) in func.blocks.iter().enumerate() {
            let b = b as u32;
            for (i, ins) in blk.insts.iter().enumerate() {
                let at = (b, i as u32);
                let r = ins.result;
                match &ins.op {
                    Op::Load { ptr } => self.load(f, at, *ptr, r, l, func),
                    Op::Store { value, ptr } if !l.is_private(*ptr) => {
                        if let Value::Var(w) = *value {
                            if !self.value_clean(f, b, *value) {
                                let c = self.content(f, *ptr, &[]);
                                self.write_into(w, &c, Arc::Flow);
                            }
                        }
                    }
                    Op::Gep { base, .. } => self.flow_to_result(f, b, &[*base], r),
                    Op::Copy(vals) | Op::Compute(vals) => self.flow_to_result(f, b, vals, r),
                    Op::Cmp { lhs, rhs, .. } => self.flow_to_result(f, b, &[*lhs, *rhs], r),
                    Op::Call { args, .. } => self.call(f, at, args, r),
                    Op::Ret(Some(Value::Var(x))) => self.rets[f as usize].push(*x),
                    _ => {}
                }
            }
        }
    }

    fn flow_to_result(&mut self, f: u32, b: u32, vals: &[Value], r: Option<u32>) {
        let Some(r) = r else { return };
        for &v in vals {
            if let Value::Var(w) = v {
                if !self.value_clean(f, b, v) {
                    self.arc(w, r, Arc::Flow);
                }
            }
        }
    }

    fn load(&mut self, f: u32, at: At, ptr: Value, r: Option<u32>, l: &Locals, func: &Function) {
        let Some(r) = r else { return };
        if self.value_clean(f, at.0, Value::Var(r)) {
            return;
        }
        if l.is_private(ptr) {
            for &(sb, si) in l.reaching.get(&at).map(Vec::as_slice).unwrap_or(&[]) {
                if let Op::Store {
                    value: Value::Var(w),
                    ..
                } = func.blocks[sb as usize].insts[si as usize].op
                {
                    self.arc(w, r, Arc::Flow);
                }
            }
            return;
        }
        let c = self.content(f, ptr, &[]);
        self.read_from(&c, r, Arc::Flow);
        // Reading memory an attacker's pointer selects.
        if let Value::Var(q) = ptr {
            if !self.value_clean(f, at.0, ptr) {
                self.arc(q, r, Arc::Flow);
            }
        }
    }

    fn call(&mut self, f: u32, at: At, args: &[Value], r: Option<u32>) {
        let site = self.site_of[&(f, at)];
        let targets = self.targets[site as usize].clone();
        let mut modelled = false;
        for &g in &targets {
            let gf = &self.p.functions[g as usize];
            if let Some(m) = self.models.get(&gf.name) {
                modelled = true;
                let m = m.clone();
                self.apply_model(f, at, site, &m, args, r);
            }
        }
        if !modelled
            && targets
                .iter()
                .all(|&g| !self.models.runs_body(&self.p.functions[g as usize]))
        {
            self.unmodelled += 1;
        }
    }

    /// Argument positions a place covers.
    fn positions(place: Place, n: usize) -> std::ops::Range<usize> {
        match place {
            Place::Arg(i) | Place::Content(i) => i.min(n)..(i + 1).min(n),
            Place::ArgsFrom(i) | Place::ContentFrom(i) => i.min(n)..n,
            Place::Ret | Place::RetContent => 0..0,
        }
    }

    /// Nodes a place reads at a call (sanitized uses left out).
    fn read(&mut self, f: u32, b: u32, place: Place, args: &[Value], r: Option<u32>) -> Vec<u32> {
        let mut out = Vec::new();
        match place {
            Place::Ret => out.extend(r),
            Place::RetContent => {
                if let Some(r) = r {
                    out.push(r);
                    out.extend(self.content(f, Value::Var(r), &[]));
                }
            }
            _ => {
                let content = matches!(place, Place::Content(_) | Place::ContentFrom(_));
                for k in Self::positions(place, args.len()) {
                    let a = args[k];
                    if let Value::Var(x) = a {
                        if !self.value_clean(f, b, a) {
                            out.push(x);
                        }
                    }
                    if content && !self.content_clean(f, b, a) {
                        out.extend(self.content_fields(f, a));
                    }
                }
            }
        }
        out
    }

    /// Nodes a place writes at a call.
    fn write(&mut self, f: u32, place: Place, args: &[Value], r: Option<u32>) -> Vec<u32> {
        let mut out = Vec::new();
        match place {
            Place::Ret => out.extend(r),
            Place::RetContent => {
                if let Some(r) = r {
                    let c = self.content(f, Value::Var(r), &[]);
                    // Unknown contents: the pointer itself carries them.
                    if c.is_empty() {
                        out.push(r);
                    }
                    out.extend(c);
                }
            }
            Place::Content(_) | Place::ContentFrom(_) => {
                for k in Self::positions(place, args.len()) {
                    let c = self.content_fields(f, args[k]);
                    match (c.is_empty(), args[k]) {
                        (true, Value::Var(x)) => out.push(x),
                        _ => out.extend(c),
                    }
                }
            }
            Place::Arg(_) | Place::ArgsFrom(_) => {}
        }
        out
    }

    fn apply_model(
        &mut self,
        f: u32,
        at: At,
        site: u32,
        m: &FnModel,
        args: &[Value],
        r: Option<u32>,
    ) {
        for &(from, to) in &m.flows {
            let src = self.read(f, at.0, from, args, r);
            let dst = self.write(f, to, args, r);
            self.connect(f, &src, &dst);
        }
        if !m.sources.is_empty() {
            let mut nodes = Vec::new();
            for &place in &m.sources {
                nodes.extend(self.write(f, place, args, r));
            }
            nodes.sort_unstable();
            nodes.dedup();
            self.sources.push(Source { site, nodes });
        }
        for sink in &m.sinks {
            for k in Self::positions(sink.place, args.len()) {
                let place = match sink.place {
                    Place::Content(_) | Place::ContentFrom(_) => Place::Content(k),
                    _ => Place::Arg(k),
                };
                let mut nodes = self.read(f, at.0, place, args, r);
                if let Place::Content(_) = place {
                    let deeper = self.pointees(&nodes);
                    nodes.extend(deeper);
                }
                nodes.sort_unstable();
                nodes.dedup();
                if !nodes.is_empty() {
                    self.sinks.push(SinkArg {
                        site,
                        arg: k,
                        rule: sink.rule,
                        nodes,
                    });
                }
            }
        }
    }

    /// Call and return arcs at every site of a defined callee, repeated
    /// while linking creates parameter-content nodes not yet linked. A
    /// callee's content nodes only grow, so each (site, callee) keeps how
    /// many it has linked (a set of linked pairs, asked again for every
    /// pair on every pass, was most of SQLite's graph build).
    fn link_calls(&mut self, sites: &[Site]) {
        let targets = self.targets;
        let mut linked: Vec<Vec<u32>> = targets.iter().map(|t| vec![0; t.len()]).collect();
        let mut first = true;
        loop {
            let mut grew = false;
            for (s, site) in sites.iter().enumerate() {
                if self.arcs.len() as u64 > self.max_arcs {
                    return;
                }
                let func = &self.p.functions[site.function as usize];
                let ins = &func.blocks[site.at.0 as usize].insts[site.at.1 as usize];
                let Op::Call { args, .. } = &ins.op else {
                    continue;
                };
                let r = ins.result;
                for (k, &g) in targets[s].iter().enumerate() {
                    if !self.models.runs_body(&self.p.functions[g as usize])
                        || targets[s][..k].contains(&g)
                    {
                        continue;
                    }
                    if first {
                        self.link_values(site.function, site.at, s as u32, g, args, r);
                    }
                    // The nodes there now; ones this makes wait for the
                    // next pass, as every other site's do.
                    let end = self.content_of[g as usize].len();
                    for i in linked[s][k] as usize..end {
                        let node = self.content_of[g as usize][i];
                        self.link_content(site.function, site.at, s as u32, node, args, r);
                        grew = true;
                    }
                    linked[s][k] = end as u32;
                }
            }
            first = false;
            if !grew {
                return;
            }
        }
    }

    fn link_values(&mut self, f: u32, at: At, s: u32, g: u32, args: &[Value], r: Option<u32>) {
        let gf = &self.p.functions[g as usize];
        for (k, &formal) in gf.param_vars.iter().enumerate() {
            if let Some(&a @ Value::Var(x)) = args.get(k) {
                if !self.value_clean(f, at.0, a) {
                    self.arc(x, formal, Arc::Call(s));
                }
            }
        }
        // Arguments past the fixed ones go to the callee's variadic
        // object, where its `va_arg` loads read them.
        if let Some(va) = self.pts.varargs(g) {
            let va = self.loc_node(va);
            for &a in args.iter().skip(gf.param_vars.len()) {
                if let Value::Var(x) = a {
                    if !self.value_clean(f, at.0, a) {
                        self.arc(x, va, Arc::Flow);
                    }
                }
            }
        }
        if let Some(r) = r {
            for x in self.rets[g as usize].clone() {
                self.arc(x, r, Arc::Return(s));
            }
        }
    }

    fn link_content(&mut self, f: u32, at: At, s: u32, node: u32, args: &[Value], r: Option<u32>) {
        let idx = node - self.nvars - self.pts.locs() as u32;
        match self.extra[idx as usize].clone() {
            Node::ParamContent { param, path, .. } => {
                let Some(&a) = args.get(param as usize) else {
                    return;
                };
                let clean = self.content_clean(f, at.0, a);
                let c = self.content(f, a, &path);
                if !clean {
                    self.read_from(&c, node, Arc::Call(s));
                }
                self.write_into(node, &c, Arc::Return(s));
            }
            Node::RetContent { path, .. } if r.is_some() => {
                let n = self.intern(Node::SiteContent { site: s, path });
                self.arc(node, n, Arc::Return(s));
            }
            _ => {}
        }
    }

    fn finish(self, sites: Vec<Site>) -> ValueFlow {
        let nvars = self.nvars as usize;
        let nlocs = self.pts.locs();
        let total = nvars + nlocs + self.extra.len();
        let mut nodes = Vec::with_capacity(total);
        let mut function = Vec::with_capacity(total);
        let var_fn = var_functions(self.p);
        for (v, &vf) in var_fn.iter().enumerate().take(nvars) {
            nodes.push(Node::Var(v as u32));
            function.push(vf);
        }
        for l in 0..nlocs {
            nodes.push(Node::Loc(l as u32));
            function.push(NO_FUNCTION);
        }
        for n in &self.extra {
            function.push(match n {
                Node::ParamContent { f, .. } | Node::RetContent { f, .. } => *f,
                Node::SiteContent { site, .. } => sites[*site as usize].function,
                Node::Junction { id } => self.join_fn[*id as usize],
                _ => NO_FUNCTION,
            });
        }
        nodes.extend(self.extra);
        let mut arcs = self.arcs;
        arcs.sort_unstable();
        arcs.dedup();
        let mut offsets = vec![0u32; total + 1];
        for &(from, _, _) in &arcs {
            offsets[from as usize + 1] += 1;
        }
        for v in 0..total {
            offsets[v + 1] += offsets[v];
        }
        ValueFlow {
            nodes,
            function,
            offsets,
            targets: arcs.iter().map(|a| a.1).collect(),
            arcs: arcs.iter().map(|a| a.2).collect(),
            sites,
            sources: self.sources,
            sinks: self.sinks,
            unmodelled_calls: self.unmodelled,
        }
    }
}
