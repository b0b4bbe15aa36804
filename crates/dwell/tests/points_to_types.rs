//! Points-to applies a struct's field offset only to memory of a related
//! type (data/c/field_types.c): five objects of different types reach
//! every pointer through one `void *` function, and each store lands in the
//! fields of the objects whose type has it; string literals are one object.
//! An indirect call binds only the functions whose type fits it. Typed and
//! opaque pointers give the same answer.

use dwell::program::models::Models;
use dwell::program::points_to::{self, PointsTo};
use dwell::program::read_llvm;
use dwell::program::Program;
use dwell::progress::Stop;
use std::collections::BTreeMap;
use std::path::PathBuf;

fn solve(file: &str) -> (Program, PointsTo) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/c")
        .join(file);
    let p = read_llvm(&path).unwrap();
    let pts = points_to::solve(&p, &Models::libc(), u64::MAX, Stop::never()).unwrap();
    let reference = points_to::reference(&p, &Models::libc());
    assert_eq!(
        pts.named_pointers(&p),
        reference.named_pointers(&p),
        "{file}: solver and oracle differ"
    );
    let sites = |x: &PointsTo| {
        let mut v: Vec<_> = x.indirect_sites().map(|(s, c)| (s, c.to_vec())).collect();
        v.sort();
        v
    };
    assert_eq!(sites(&pts), sites(&reference), "{file}: callees differ");
    (p, pts)
}

fn pointers(file: &str) -> BTreeMap<String, Vec<String>> {
    let (p, pts) = solve(file);
    pts.named_pointers(&p)
        .into_iter()
        .map(|n| {
            let f = n.function.map_or(String::new(), |f| format!("{f}:"));
            let targets = n.targets.iter().map(|t| t.to_string()).collect();
            (format!("{f}{}", n.name), targets)
        })
        .collect()
}

fn of<'a>(m: &'a BTreeMap<String, Vec<String>>, name: &str) -> Vec<&'a str> {
    m.get(name)
        .map_or_else(Vec::new, |t| t.iter().map(String::as_str).collect())
}

#[test]
fn field_offsets_apply_to_objects_of_their_type() {
    for file in ["field_types.typed.ll", "field_types.opaque.ll"] {
        let m = pointers(file);
        // Every struct pointer points to all five objects.
        assert_eq!(of(&m, "fields:pa"), ["A", "B", "D", "U", "buf"], "{file}");
        // `struct a`'s field 1 (pa->y, pd->y) is A.y; `struct b`'s field 1
        // (pu->q) is B.q: neither store reaches the other type's field.
        assert_eq!(of(&m, "fields:A.1"), ["@i1", "@i3"], "{file}");
        assert_eq!(of(&m, "fields:B.1"), ["@i4"], "{file}");
        assert_eq!(of(&m, "fields:B.2"), ["@i2"], "{file}");
        assert_eq!(of(&m, "@b_q"), ["@i4"], "{file}");
        // D starts with a `struct a`: its offsets land in D.base.
        assert_eq!(of(&m, "fields:D.0.1"), ["@i1", "@i3"], "{file}");
        assert_eq!(of(&m, "@d_y"), ["@i1", "@i3"], "{file}");
        assert!(
            of(&m, "fields:D.1").is_empty(),
            "{file}: D.z got a field of another type"
        );
        // A byte buffer holds no struct: no field of it is written.
        assert!(
            m.keys().all(|k| !k.starts_with("fields:buf.")),
            "{file}: {:?}",
            m.keys()
                .filter(|k| k.starts_with("fields:buf"))
                .collect::<Vec<_>>()
        );
        // A union holds either struct: it takes both types' offsets.
        assert_eq!(of(&m, "fields:U.1"), ["@i1", "@i3", "@i4"], "{file}");
        assert_eq!(of(&m, "fields:U.2"), ["@i2"], "{file}");
    }
}

#[test]
fn constant_pointer_free_globals_are_one_object() {
    for file in ["field_types.typed.ll", "field_types.opaque.ll"] {
        let m = pointers(file);
        assert_eq!(of(&m, "@msg_a"), ["constant data"], "{file}");
        assert_eq!(of(&m, "@msg_b"), ["constant data"], "{file}");
        assert_eq!(of(&m, "@msg_c"), ["@scratch"], "{file}");
    }
}

#[test]
fn indirect_calls_bind_only_functions_whose_type_fits() {
    for file in ["field_types.typed.ll", "field_types.opaque.ll"] {
        let (p, pts) = solve(file);
        let m = pointers(file);
        assert_eq!(of(&m, "call_one:f"), ["&one", "&two"], "{file}");
        let sites: Vec<_> = pts.indirect_sites().collect();
        assert_eq!(sites.len(), 1, "{file}");
        let names: Vec<&str> = sites[0]
            .1
            .iter()
            .map(|&g| p.functions[g as usize].name.as_str())
            .collect();
        assert_eq!(names, ["one"], "{file}");
    }
}

/// The callees of `f`'s indirect call sites, in order, for IR text `ir`
/// (solver and oracle agreeing).
fn callees_in(ir: &str, f: &str) -> Vec<Vec<String>> {
    let p = dwell::program::llvm::parse(ir, "t.ll").unwrap();
    let pts = points_to::solve(&p, &Models::libc(), u64::MAX, Stop::never()).unwrap();
    let reference = points_to::reference(&p, &Models::libc());
    let fid = p.function_id(f).unwrap();
    let sites = |x: &PointsTo| {
        let mut v: Vec<_> = x
            .indirect_sites()
            .filter(|(s, _)| s.0 == fid)
            .map(|(s, c)| {
                let names = c.iter().map(|&g| p.functions[g as usize].name.clone());
                (s, names.collect::<Vec<_>>())
            })
            .collect();
        v.sort();
        v.into_iter().map(|(_, c)| c).collect::<Vec<_>>()
    };
    assert_eq!(sites(&pts), sites(&reference), "solver and oracle differ");
    sites(&pts)
}

#[test]
fn global_tables_and_constant_field_addresses_are_field_sensitive() {
    // A read-only method table initialized field by field, read through a
    // pointer and through a constant field address. A writable global's
    // fields are one place (a whole-struct copy may fill them).
    let body = |ptr: &str| {
        format!(
            "%struct.io = type {{ i32, {fp}, {fp} }}
@m = internal constant %struct.io {{ i32 1, {fp} @a, {fp} @b }}
@cfg = internal global %struct.io zeroinitializer
define void @a() {{
  ret void
}}
define void @b() {{
  ret void
}}
define void @run({ptr} %p) {{
  %f = getelementptr inbounds %struct.io, {ptr} %p, i32 0, i32 2
  %g = load {fp}, {fp}* %f
  call void %g()
  %h = load {fp}, {fp}* getelementptr inbounds (%struct.io, {ptr} @m, i32 0, i32 1)
  call void %h()
  %w = load {fp}, {fp}* getelementptr inbounds (%struct.io, {ptr} @cfg, i32 0, i32 1)
  call void %w()
  ret void
}}
define void @main() {{
  call void @run({ptr} @m)
  store {fp} @b, {fp}* getelementptr inbounds (%struct.io, {ptr} @cfg, i32 0, i32 1)
  store {fp} @a, {fp}* getelementptr inbounds (%struct.io, {ptr} @cfg, i32 0, i32 2)
  ret void
}}
",
            fp = if ptr == "ptr" { "ptr" } else { "void ()*" },
        )
        .replace("ptr*", "ptr")
    };
    for ptr in ["%struct.io*", "ptr"] {
        let got = callees_in(&body(ptr), "run");
        assert_eq!(
            got,
            [vec!["b"], vec!["a"], vec!["a", "b"]],
            "{ptr}: m.2 holds b alone, m.1 a alone; cfg is one place"
        );
    }
}

#[test]
fn struct_copies_move_every_field() {
    // A method table built field by field in a local, copied whole into
    // another local, a heap block and a writable global, then read back
    // through a field of each copy: every copy holds the fields' functions
    // (a copy that moved only the root's content left them empty).
    let ir = "%struct.io = type { i32, ptr, ptr }
@cfg = internal global %struct.io zeroinitializer
declare ptr @malloc(i64)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
define void @a() {
  ret void
}
define void @b() {
  ret void
}
define void @run() {
  %src = alloca %struct.io
  %dst = alloca %struct.io
  %s1 = getelementptr inbounds %struct.io, ptr %src, i32 0, i32 1
  store ptr @a, ptr %s1
  %s2 = getelementptr inbounds %struct.io, ptr %src, i32 0, i32 2
  store ptr @b, ptr %s2
  call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr %src, i64 24, i1 false)
  %d2 = getelementptr inbounds %struct.io, ptr %dst, i32 0, i32 2
  %f = load ptr, ptr %d2
  call void %f()
  %heap = call ptr @malloc(i64 24)
  call void @llvm.memcpy.p0.p0.i64(ptr %heap, ptr %dst, i64 24, i1 false)
  %h1 = getelementptr inbounds %struct.io, ptr %heap, i32 0, i32 1
  %g = load ptr, ptr %h1
  call void %g()
  call void @llvm.memcpy.p0.p0.i64(ptr @cfg, ptr %heap, i64 24, i1 false)
  %c = load ptr, ptr getelementptr inbounds (%struct.io, ptr @cfg, i32 0, i32 2)
  call void %c()
  ret void
}
";
    let got = callees_in(ir, "run");
    assert_eq!(got.len(), 3, "{got:?}");
    for callees in got {
        assert!(
            callees.contains(&"a".to_string()) && callees.contains(&"b".to_string()),
            "a copy lost a field: {callees:?}"
        );
    }
}
