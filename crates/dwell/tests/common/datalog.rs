//! Points-to as Datalog rules run by `datafrog`: the engine issue 31 asks
//! to measure beside the hand-written solver. The rules are the solver's
//! constraints (base, copy, load, store, field offset, content copy,
//! indirect call). Datafrog cannot make locations while it runs, so the
//! location universe, each field offset and which objects are collapsed are
//! taken from the solver's answer: a head start, not a shortcut to the
//! sets, which datafrog derives itself and which must equal the solver's.

use datafrog::{Iteration, Relation};
use dwell::program::models::Models;
use dwell::program::points_to::{Constraints, Loc, ObjectKind, PointsTo};
use dwell::program::Program;
use std::collections::{BTreeSet, HashMap, HashSet};

/// What datafrog derived: per variable its locations, per indirect call
/// site its callees, and how many `pts` tuples it ended with.
pub struct Derived {
    pub vars: Vec<BTreeSet<u32>>,
    pub callees: HashMap<(u32, u32, u32), BTreeSet<u32>>,
    pub tuples: usize,
}

/// The constraints of `p`, with the solver's final locations (`pts`).
pub fn constraints(p: &Program, models: &Models, pts: &PointsTo) -> Constraints {
    let mut c = Constraints::of(p, models);
    // Locations were made in id order; making the rest in that order gives
    // the same ids.
    for l in c.locs.len() as u32..pts.locs() as u32 {
        let made = c.locs.at(pts.object(Loc(l)), pts.path(Loc(l)));
        assert_eq!(made, Loc(l), "location {l} made again with another id");
    }
    for l in 0..pts.locs() as u32 {
        if pts.content_loc(Loc(l)) != Loc(l) {
            c.locs.collapse(pts.object(Loc(l)));
        }
    }
    c
}

/// Solve `c` (from [`constraints`]) with datafrog; `offsets_for` names,
/// per gep base node, the locations whose offsets to precompute (the
/// solver's set of that node: offsets of every location by every path
/// would be millions of lookups).
pub fn solve(mut c: Constraints, offsets_for: impl Fn(u32) -> Vec<u32>) -> Derived {
    let nlocs = c.locs.len() as u32;
    let first_content = c.nodes + c.memcpy.len() as u32;
    let content = |c: &Constraints, l: u32| first_content + c.locs.content_key(Loc(l)).0;
    // l → its content node; l → the content nodes under it (a copy moves those).
    let cont: Relation<(u32, u32)> = (0..nlocs).map(|l| (l, content(&c, l))).collect();
    let under: Relation<(u32, u32)> = (0..nlocs)
        .flat_map(|l| {
            let xs: Vec<u32> = c.locs.under(Loc(l)).map(|x| x.0).collect();
            xs.into_iter().map(move |x| (l, x))
        })
        .map(|(l, x)| (l, content(&c, x)))
        .collect();
    let copy: Relation<(u32, u32)> = c.copy.iter().copied().collect();
    let load: Relation<(u32, u32)> = c.load.iter().copied().collect();
    let store: Relation<(u32, u32)> = c.store.iter().map(|&(s, p)| (p, s)).collect();
    let mread: Relation<(u32, u32)> = (c.memcpy.iter().enumerate())
        .map(|(k, &(s, _))| (s, c.nodes + k as u32))
        .collect();
    let mwrite: Relation<(u32, u32)> = (c.memcpy.iter().enumerate())
        .map(|(k, &(_, d))| (d, c.nodes + k as u32))
        .collect();
    // Field offsets: (base, (dst, path id)) and ((l, path id), field).
    let mut ids: HashMap<(Vec<u32>, Option<u32>), u32> = HashMap::new();
    let mut geps = Vec::new();
    let mut offs = Vec::new();
    let mut done: HashSet<(u32, u32)> = HashSet::new();
    for (base, dst, path, ty) in std::mem::take(&mut c.gep) {
        let next = ids.len() as u32;
        let id = *ids.entry((path.clone(), ty)).or_insert(next);
        geps.push((base, (dst, id)));
        for l in offsets_for(base) {
            if done.insert((l, id)) {
                if let Some(f) = c.offset(Loc(l), &path, ty) {
                    assert!(f.0 < nlocs, "an offset made a location the solver did not");
                    offs.push(((l, id), f.0));
                }
            }
        }
    }
    let geps: Relation<(u32, (u32, u32))> = geps.into_iter().collect();
    let offs: Relation<((u32, u32), u32)> = offs.into_iter().collect();
    // Indirect calls: callee node → call k; function roots; what binding
    // call k to g copies.
    let callee: Relation<(u32, u32)> = (c.calls.iter().enumerate())
        .map(|(k, call)| (call.callee, k as u32))
        .collect();
    let roots: Relation<(u32, u32)> = (0..nlocs)
        .filter(|&l| c.locs.path_of(Loc(l)).is_empty())
        .filter_map(|l| match c.kinds[c.locs.object_of(Loc(l)) as usize] {
            ObjectKind::Function(g) => Some((l, g)),
            _ => None,
        })
        .collect();
    let mut fits = Vec::new();
    let mut binds = Vec::new();
    for (k, call) in c.calls.iter().enumerate() {
        for &g in &call.fits {
            let kg = (k as u32, g);
            fits.push((kg, ()));
            let params = &c.params[g as usize];
            for (a, &param) in call.args.iter().zip(params) {
                if let Some(a) = a {
                    binds.push((kg, (*a, param)));
                }
            }
            if let Some(va) = c.varargs[g as usize] {
                let va = first_content + c.locs.content_key(va).0;
                for a in call.args.iter().skip(params.len()).flatten() {
                    binds.push((kg, (*a, va)));
                }
            }
            if let Some(r) = call.result {
                binds.push((kg, (c.ret[g as usize], r)));
            }
        }
    }
    let fits: Relation<((u32, u32), ())> = fits.into_iter().collect();
    let binds: Relation<((u32, u32), (u32, u32))> = binds.into_iter().collect();

    let mut it = Iteration::new();
    let pts = it.variable::<(u32, u32)>("pts");
    let loaded = it.variable::<(u32, u32)>("loaded"); // (l, dst)
    let from = it.variable::<(u32, u32)>("from"); // (content node, dst)
    let stored = it.variable::<(u32, u32)>("stored"); // (l, src)
    let into = it.variable::<(u32, u32)>("into"); // (src, content node)
    let read = it.variable::<(u32, u32)>("read"); // (l, m)
    let written = it.variable::<(u32, u32)>("written"); // (l, m)
    let wfrom = it.variable::<(u32, u32)>("wfrom"); // (m, content node)
    let offset = it.variable::<((u32, u32), u32)>("offset"); // ((l, path), dst)
    let reached = it.variable::<(u32, u32)>("reached"); // (l, call)
    let called = it.variable::<((u32, u32), ())>("called"); // ((call, g), ())
    let bound = it.variable::<((u32, u32), ())>("bound");
    let dyncopy = it.variable::<(u32, u32)>("dyncopy"); // (a, b)
    pts.extend(c.base.iter().map(|&(n, l)| (n, l.0)));
    while it.changed() {
        pts.from_join(&pts, &copy, |_, &l, &b| (b, l));
        pts.from_join(&pts, &dyncopy, |_, &l, &b| (b, l));
        // dst ⊇ *ptr
        loaded.from_join(&pts, &load, |_, &l, &dst| (l, dst));
        from.from_join(&loaded, &cont, |_, &dst, &cl| (cl, dst));
        // memcpy read side: m ⊇ every content under each source location
        read.from_join(&pts, &mread, |_, &l, &m| (l, m));
        from.from_join(&read, &under, |_, &m, &cx| (cx, m));
        pts.from_join(&from, &pts, |_, &dst, &x| (dst, x));
        // *ptr ⊇ src
        stored.from_join(&pts, &store, |_, &l, &src| (l, src));
        into.from_join(&stored, &cont, |_, &src, &cl| (src, cl));
        // memcpy write side: every content under each destination ⊇ m
        written.from_join(&pts, &mwrite, |_, &l, &m| (l, m));
        wfrom.from_join(&written, &under, |_, &m, &cx| (m, cx));
        into.from_map(&wfrom, |&(m, cx)| (m, cx));
        pts.from_join(&into, &pts, |_, &cl, &x| (cl, x));
        // dst ⊇ base.path
        offset.from_join(&pts, &geps, |_, &l, &(dst, id)| ((l, id), dst));
        pts.from_join(&offset, &offs, |_, &dst, &f| (dst, f));
        // indirect calls
        reached.from_join(&pts, &callee, |_, &l, &k| (l, k));
        called.from_join(&reached, &roots, |_, &k, &g| ((k, g), ()));
        bound.from_join(&called, &fits, |&kg, _, _| (kg, ()));
        dyncopy.from_join(&bound, &binds, |_, _, &(a, b)| (a, b));
    }
    let tuples = pts.complete();
    let mut vars = vec![BTreeSet::new(); c.nodes as usize];
    for &(n, l) in tuples.iter() {
        if let Some(s) = vars.get_mut(n as usize) {
            s.insert(l);
        }
    }
    let mut callees: HashMap<(u32, u32, u32), BTreeSet<u32>> = HashMap::new();
    for &((k, g), ()) in bound.complete().iter() {
        callees
            .entry(c.calls[k as usize].site)
            .or_default()
            .insert(g);
    }
    Derived {
        vars,
        callees,
        tuples: tuples.len(),
    }
}

/// Variables whose sets differ, and how many of those are equal once a
/// collapsed object's locations are all read as its root (the solver keeps
/// a field location handed on before its object collapsed, where datafrog,
/// given the collapsed object from the start, has the root).
pub fn differing_vars(p: &Program, pts: &PointsTo, d: &Derived) -> (usize, usize) {
    let (mut differ, mut same_collapsed) = (0, 0);
    let root = |l: u32| pts.content_loc(dwell::program::points_to::Loc(l)).0;
    for v in 0..p.vars.len() as u32 {
        let a: BTreeSet<u32> = pts.of_var(v).iter().map(|l| l.0).collect();
        let b = &d.vars[v as usize];
        if a != *b {
            differ += 1;
            let ra: BTreeSet<u32> = a.iter().map(|&l| root(l)).collect();
            let rb: BTreeSet<u32> = b.iter().map(|&l| root(l)).collect();
            same_collapsed += usize::from(ra == rb);
        }
    }
    (differ, same_collapsed)
}

/// Indirect call sites whose callees differ.
pub fn differing_sites(pts: &PointsTo, d: &Derived) -> usize {
    let mut sites: HashSet<(u32, u32, u32)> = d.callees.keys().copied().collect();
    sites.extend(pts.indirect_sites().map(|(s, _)| s));
    sites
        .into_iter()
        .filter(|&(f, b, i)| {
            let a: BTreeSet<u32> = pts.callees(f, b, i).iter().copied().collect();
            a != d.callees.get(&(f, b, i)).cloned().unwrap_or_default()
        })
        .count()
}
