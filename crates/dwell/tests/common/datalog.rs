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

/// The constraints as flat relations, for either engine.
pub struct Facts {
    base: Vec<(u32, u32)>,
    copy: Vec<(u32, u32)>,
    /// (ptr, dst): dst ⊇ *ptr.
    load: Vec<(u32, u32)>,
    /// (ptr, src): *ptr ⊇ src.
    store: Vec<(u32, u32)>,
    /// (l, content node of l).
    cont: Vec<(u32, u32)>,
    /// (l, content node of a location under l): what a content copy moves.
    under: Vec<(u32, u32)>,
    /// (source pointer, copy node), (destination pointer, copy node).
    mread: Vec<(u32, u32)>,
    mwrite: Vec<(u32, u32)>,
    /// (base, dst, path id) and (l, path id, field).
    geps: Vec<(u32, u32, u32)>,
    offs: Vec<(u32, u32, u32)>,
    /// (callee node, call k), (function root location, function),
    /// (call, function) whose type fits, and what binding them copies.
    callee: Vec<(u32, u32)>,
    roots: Vec<(u32, u32)>,
    fits: Vec<(u32, u32)>,
    binds: Vec<(u32, u32, u32, u32)>,
    nodes: u32,
    sites: Vec<(u32, u32, u32)>,
}

/// The relations of `c` (from [`constraints`]); `offsets_for` names, per
/// gep base node, the locations whose offsets to precompute (the solver's
/// set of that node: every location by every path would be millions).
pub fn facts(mut c: Constraints, offsets_for: impl Fn(u32) -> Vec<u32>) -> Facts {
    let nlocs = c.locs.len() as u32;
    let first_content = c.nodes + c.memcpy.len() as u32;
    let content = |c: &Constraints, l: u32| first_content + c.locs.content_key(Loc(l)).0;
    let cont = (0..nlocs).map(|l| (l, content(&c, l))).collect();
    let under = (0..nlocs)
        .flat_map(|l| {
            let xs: Vec<u32> = c.locs.under(Loc(l)).map(|x| x.0).collect();
            xs.into_iter().map(move |x| (l, x))
        })
        .map(|(l, x)| (l, content(&c, x)))
        .collect();
    let copy = std::mem::take(&mut c.copy);
    let load = std::mem::take(&mut c.load);
    let store = c.store.iter().map(|&(s, p)| (p, s)).collect();
    let mread = (c.memcpy.iter().enumerate())
        .map(|(k, &(s, _))| (s, c.nodes + k as u32))
        .collect();
    let mwrite = (c.memcpy.iter().enumerate())
        .map(|(k, &(_, d))| (d, c.nodes + k as u32))
        .collect();
    let mut ids: HashMap<(Vec<u32>, Option<u32>), u32> = HashMap::new();
    let mut geps = Vec::new();
    let mut offs = Vec::new();
    let mut done: HashSet<(u32, u32)> = HashSet::new();
    for (base, dst, path, ty) in std::mem::take(&mut c.gep) {
        let next = ids.len() as u32;
        let id = *ids.entry((path.clone(), ty)).or_insert(next);
        geps.push((base, dst, id));
        for l in offsets_for(base) {
            if done.insert((l, id)) {
                if let Some(f) = c.offset(Loc(l), &path, ty) {
                    assert!(f.0 < nlocs, "an offset made a location the solver did not");
                    offs.push((l, id, f.0));
                }
            }
        }
    }
    let callee = (c.calls.iter().enumerate())
        .map(|(k, call)| (call.callee, k as u32))
        .collect();
    let roots = (0..nlocs)
        .filter(|&l| c.locs.path_of(Loc(l)).is_empty())
        .filter_map(|l| match c.kinds[c.locs.object_of(Loc(l)) as usize] {
            ObjectKind::Function(g) => Some((l, g)),
            _ => None,
        })
        .collect();
    let mut fits = Vec::new();
    let mut binds = Vec::new();
    for (k, call) in c.calls.iter().enumerate() {
        let k = k as u32;
        for &g in &call.fits {
            fits.push((k, g));
            let params = &c.params[g as usize];
            for (a, &param) in call.args.iter().zip(params) {
                if let Some(a) = a {
                    binds.push((k, g, *a, param));
                }
            }
            if let Some(va) = c.varargs[g as usize] {
                let va = first_content + c.locs.content_key(va).0;
                for a in call.args.iter().skip(params.len()).flatten() {
                    binds.push((k, g, *a, va));
                }
            }
            if let Some(r) = call.result {
                binds.push((k, g, c.ret[g as usize], r));
            }
        }
    }
    Facts {
        base: c.base.iter().map(|&(n, l)| (n, l.0)).collect(),
        copy,
        load,
        store,
        cont,
        under,
        mread,
        mwrite,
        geps,
        offs,
        callee,
        roots,
        fits,
        binds,
        nodes: c.nodes,
        sites: c.calls.iter().map(|call| call.site).collect(),
    }
}

/// What an engine derived: `pts` tuples and bound `(call, function)` pairs.
fn derived(
    f: &Facts,
    pts: impl Iterator<Item = (u32, u32)>,
    bound: impl Iterator<Item = (u32, u32)>,
) -> Derived {
    let mut vars = vec![BTreeSet::new(); f.nodes as usize];
    let mut tuples = 0;
    for (n, l) in pts {
        tuples += 1;
        if let Some(s) = vars.get_mut(n as usize) {
            s.insert(l);
        }
    }
    let mut callees: HashMap<(u32, u32, u32), BTreeSet<u32>> = HashMap::new();
    for (k, g) in bound {
        callees.entry(f.sites[k as usize]).or_default().insert(g);
    }
    Derived {
        vars,
        callees,
        tuples,
    }
}

/// Solve `f` with datafrog (joins on explicitly keyed variables).
pub fn solve_datafrog(f: &Facts) -> Derived {
    let rel = |v: &[(u32, u32)]| -> Relation<(u32, u32)> { v.iter().copied().collect() };
    let (copy, load, store, cont, under) = (
        rel(&f.copy),
        rel(&f.load),
        rel(&f.store),
        rel(&f.cont),
        rel(&f.under),
    );
    let (mread, mwrite, callee, roots) =
        (rel(&f.mread), rel(&f.mwrite), rel(&f.callee), rel(&f.roots));
    let geps: Relation<(u32, (u32, u32))> = f.geps.iter().map(|&(b, d, id)| (b, (d, id))).collect();
    let offs: Relation<((u32, u32), u32)> = f.offs.iter().map(|&(l, id, x)| ((l, id), x)).collect();
    let fits: Relation<((u32, u32), ())> = f.fits.iter().map(|&kg| (kg, ())).collect();
    let binds: Relation<((u32, u32), (u32, u32))> = f
        .binds
        .iter()
        .map(|&(k, g, a, b)| ((k, g), (a, b)))
        .collect();

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
    pts.extend(f.base.iter().copied());
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
    let pts = pts.complete();
    let bound = bound.complete();
    derived(f, pts.iter().copied(), bound.iter().map(|&(kg, ())| kg))
}

ascent::ascent! {
    /// The same rules for ascent (semi-naive, indexed relations).
    struct Ascent;
    relation base(u32, u32);
    relation copy(u32, u32);
    relation load(u32, u32);
    relation store(u32, u32);
    relation cont(u32, u32);
    relation under(u32, u32);
    relation mread(u32, u32);
    relation mwrite(u32, u32);
    relation geps(u32, u32, u32);
    relation offs(u32, u32, u32);
    relation callee(u32, u32);
    relation roots(u32, u32);
    relation fits(u32, u32);
    relation binds(u32, u32, u32, u32);
    relation pts(u32, u32);
    relation bound(u32, u32);
    relation dyncopy(u32, u32);
    pts(n, l) <-- base(n, l);
    pts(b, l) <-- copy(a, b), pts(a, l);
    pts(b, l) <-- dyncopy(a, b), pts(a, l);
    pts(dst, x) <-- load(ptr, dst), pts(ptr, l), cont(l, cl), pts(cl, x);
    pts(cl, x) <-- store(ptr, src), pts(ptr, l), cont(l, cl), pts(src, x);
    pts(m, x) <-- mread(s, m), pts(s, l), under(l, cx), pts(cx, x);
    pts(cx, x) <-- mwrite(d, m), pts(d, l), under(l, cx), pts(m, x);
    pts(dst, x) <-- geps(b, dst, id), pts(b, l), offs(l, id, x);
    bound(k, g) <-- callee(n, k), pts(n, l), roots(l, g), fits(k, g);
    dyncopy(a, b) <-- bound(k, g), binds(k, g, a, b);
}

/// Solve `f` with ascent.
pub fn solve_ascent(f: &Facts) -> Derived {
    let mut a = Ascent {
        base: f.base.clone(),
        copy: f.copy.clone(),
        load: f.load.clone(),
        store: f.store.clone(),
        cont: f.cont.clone(),
        under: f.under.clone(),
        mread: f.mread.clone(),
        mwrite: f.mwrite.clone(),
        geps: f.geps.clone(),
        offs: f.offs.clone(),
        callee: f.callee.clone(),
        roots: f.roots.clone(),
        fits: f.fits.clone(),
        binds: f.binds.clone(),
        ..Default::default()
    };
    a.run();
    derived(f, a.pts.iter().copied(), a.bound.iter().copied())
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
