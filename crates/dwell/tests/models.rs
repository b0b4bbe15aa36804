//! The function models through the public API: the shipped libc file,
//! clang's name variants, user model files and their errors, command-line
//! names and merging.

use dwell::program::models::{Accepts, FnModel, Models, Place, Sink};
use std::borrow::Cow;
use std::path::PathBuf;

fn sink_rules<'m>(m: &'m Models, f: &FnModel) -> Vec<(Place, &'m str)> {
    f.sinks
        .iter()
        .map(|s| (s.place, m.rule(s.rule).id.as_str()))
        .collect()
}

/// Writes `text` to a temp file named `models.toml`.
fn write(dir: &tempfile::TempDir, text: &str) -> PathBuf {
    let p = dir.path().join("models.toml");
    std::fs::write(&p, text).unwrap();
    p
}

fn error_of(text: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    match Models::from_file(&write(&dir, text)) {
        Ok(m) => panic!("expected an error, got {m:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn libc_has_rules_and_models() {
    let m = Models::libc();
    for id in ["command-injection", "unbounded-copy", "tainted-length"] {
        let r = m.rule(m.rule_index(id).expect(id));
        assert!(!r.name.is_empty() && r.help.contains("Fix:"), "{r:?}");
    }
    let strcpy = m.get("strcpy").unwrap();
    assert!(matches!(strcpy, Cow::Borrowed(_)));
    assert_eq!(
        sink_rules(&m, &strcpy),
        vec![(Place::Content(1), "unbounded-copy")]
    );
    assert_eq!(
        strcpy.flows,
        vec![
            (Place::Content(1), Place::Content(0)),
            (Place::Arg(0), Place::Ret)
        ]
    );
    assert_eq!(m.get("getenv").unwrap().sources, vec![Place::RetContent]);
    assert!(m.get("malloc").unwrap().allocates);
    assert!(m.get("strdup").unwrap().allocates);
    assert_eq!(
        sink_rules(&m, &m.get("execl").unwrap()),
        vec![(Place::ContentFrom(0), "command-injection")]
    );
    assert_eq!(
        sink_rules(&m, &m.get("memcpy").unwrap()),
        vec![(Place::Arg(2), "tainted-length")]
    );
    assert!(m.functions.values().all(|f| f.sanitizer.is_none()));
    assert!(m.get("no_such_function").is_none());
}

#[test]
fn clang_names_map_onto_c_names() {
    let m = Models::libc();
    let memcpy = m.get("memcpy").unwrap().into_owned();
    assert_eq!(
        m.get("llvm.memcpy.p0i8.p0i8.i64").unwrap().as_ref(),
        &memcpy
    );
    assert_eq!(
        m.get("llvm.memmove.p0.p0.i64").unwrap().as_ref(),
        m.get("memmove").unwrap().as_ref()
    );
    assert!(m.get("llvm.memset.p0.i64").is_none());
    assert!(m.get("llvm.lifetime.start.p0").is_none());
    assert_eq!(
        m.get("__isoc99_scanf").unwrap().sources,
        vec![Place::ContentFrom(1)]
    );
    assert_eq!(
        m.get("__isoc99_sscanf").unwrap().flows,
        vec![(Place::Content(0), Place::ContentFrom(2))]
    );
    // Appended arguments: same positions, the model itself.
    let chk = m.get("__memcpy_chk").unwrap();
    assert!(matches!(chk, Cow::Borrowed(_)));
    assert_eq!(chk.as_ref(), &memcpy);
    assert!(m.get("__printf_chk").is_none());
}

#[test]
fn fortified_variants_shift_argument_positions() {
    let m = Models::libc();
    // __sprintf_chk(d, flag, slen, fmt, ...): sprintf's 1.. becomes 3..
    let s = m.get("__sprintf_chk").unwrap();
    assert!(matches!(s, Cow::Owned(_)));
    assert_eq!(
        sink_rules(&m, &s),
        vec![(Place::ContentFrom(3), "unbounded-copy")]
    );
    assert_eq!(
        s.flows,
        vec![
            (Place::ContentFrom(3), Place::Content(0)),
            (Place::ArgsFrom(3), Place::Content(0)),
        ]
    );
    // __snprintf_chk(d, n, flag, slen, fmt, ...): n stays argument 1.
    let s = m.get("__snprintf_chk").unwrap();
    assert_eq!(sink_rules(&m, &s), vec![(Place::Arg(1), "tainted-length")]);
    assert!(s
        .flows
        .contains(&(Place::ContentFrom(4), Place::Content(0))));
    assert!(s.flows.contains(&(Place::ArgsFrom(4), Place::Content(0))));
    // __fgets_chk(buf, size_of_buf, n, stream); __fread_chk(ptr, ptrlen, ...).
    assert_eq!(
        m.get("__fgets_chk").unwrap().sources,
        vec![Place::Content(0), Place::RetContent]
    );
    assert_eq!(
        m.get("__fread_chk").unwrap().sources,
        vec![Place::Content(0), Place::Ret]
    );
    assert_eq!(
        m.get("__recv_chk").unwrap().sources,
        vec![Place::Content(1), Place::Ret]
    );
}

#[test]
fn from_file_overrides_and_adds() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        &dir,
        r#"
[rules.format-string]
name = "Attacker data chooses a format string"
help = "Fix: pass a constant format"

[functions.system]
sinks = [{ place = "*0", rule = "command-injection" }, { place = "0", rule = "format-string" }]

[functions.check_cmd]
sanitizer = { arg = 1, accepts = "zero" }

[functions.my_alloc]
allocates = true
flows = ["*0.. -> *ret"]
"#,
    );
    let file = Models::from_file(&path).unwrap();
    let mut m = Models::libc();
    m.merge(file);
    let system = m.get("system").unwrap();
    assert_eq!(
        sink_rules(&m, &system),
        vec![
            (Place::Content(0), "command-injection"),
            (Place::Arg(0), "format-string"),
        ]
    );
    assert_eq!(
        m.get("check_cmd").unwrap().sanitizer,
        Some((1, Accepts::Zero))
    );
    let a = m.get("my_alloc").unwrap();
    assert!(a.allocates);
    assert_eq!(a.flows, vec![(Place::ContentFrom(0), Place::RetContent)]);
    // libc's other models and rules are still there, rules not duplicated.
    assert!(m.get("strcpy").is_some());
    assert_eq!(m.rules.len(), 4);
}

#[test]
fn from_file_errors_name_the_key_and_a_fix() {
    let e = error_of("[functions.strcpy]\nflows = [\"*x -> *0\"]\n");
    assert!(e.contains("models.toml: functions.strcpy.flows[0]"), "{e}");
    assert!(
        e.contains("`*x`") && e.contains("is not a place") && e.contains("Fix:"),
        "{e}"
    );

    let e = error_of("[functions.strcpy]\nflow = [\"*1 -> *0\"]\n");
    assert!(
        e.contains("functions.strcpy.flow") && e.contains("unknown key `flow`"),
        "{e}"
    );
    assert!(e.contains("Fix: rename it to `flows`"), "{e}");

    let e = error_of("[function.strcpy]\n");
    assert!(
        e.contains("unknown key `function`") && e.contains("Fix:"),
        "{e}"
    );

    let e = error_of("[functions.f]\nsinks = [{ place = \"*0\", rule = \"no-such-rule\" }]\n");
    assert!(e.contains("functions.f.sinks[0].rule"), "{e}");
    assert!(
        e.contains("unknown rule `no-such-rule`") && e.contains("Fix:"),
        "{e}"
    );
    assert!(e.contains("command-injection"), "{e}");

    let e = error_of("[functions.f]\nsinks = [{ place = \"ret\", rule = \"tainted-length\" }]\n");
    assert!(
        e.contains("functions.f.sinks[0].place") && e.contains("Fix:"),
        "{e}"
    );

    let e = error_of("[functions.f]\nsanitizer = { arg = 0, accepts = \"yes\" }\n");
    assert!(
        e.contains("functions.f.sanitizer.accepts") && e.contains("Fix:"),
        "{e}"
    );

    let e = error_of("[functions.f\n");
    assert!(e.contains("models.toml: 1:") && e.contains("Fix:"), "{e}");

    let e = Models::from_file(std::path::Path::new("/no/such/models.toml"))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("/no/such/models.toml") && e.contains("Fix:"),
        "{e}"
    );
}

#[test]
fn add_names_only_models_unmodelled_names() {
    let mut m = Models::libc();
    let libc_strcpy = m.get("strcpy").unwrap().into_owned();
    let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    m.add_names(
        &names(&["my_source", "strcpy", "both"]),
        &names(&["my_sink", "__strcpy_chk", "both"]),
        &names(&["my_check"]),
    );
    assert_eq!(m.get("strcpy").unwrap().as_ref(), &libc_strcpy);
    assert!(!m.functions.contains_key("__strcpy_chk"));
    assert_eq!(
        m.get("my_source").unwrap().sources,
        vec![Place::Ret, Place::RetContent]
    );
    let rule = m.rule_index("tainted-data").unwrap();
    let sinks = vec![
        Sink {
            place: Place::ArgsFrom(0),
            rule,
        },
        Sink {
            place: Place::ContentFrom(0),
            rule,
        },
    ];
    assert_eq!(m.get("my_sink").unwrap().sinks, sinks);
    let both = m.get("both").unwrap();
    assert_eq!((both.sources.len(), &both.sinks), (2, &sinks));
    assert_eq!(
        m.get("my_check").unwrap().sanitizer,
        Some((0, Accepts::NonZero))
    );
    assert!(m.rule(rule).name.contains("named as a sink"));
}

#[test]
fn merge_remaps_rule_indices() {
    let dir = tempfile::tempdir().unwrap();
    // The file's rule indices (a-first 0, unbounded-copy 1, tainted-length 2)
    // all differ from the merged set's.
    let path = write(
        &dir,
        r#"
[rules.a-first]
name = "A rule only this file has"
help = "Fix: nothing"

[rules.unbounded-copy]
name = "Overridden name"
help = "Overridden help. Fix: bound it"

[functions.f]
sinks = [{ place = "*0", rule = "a-first" }, { place = "*1", rule = "unbounded-copy" }, { place = "2", rule = "tainted-length" }]
"#,
    );
    let file = Models::from_file(&path).unwrap();
    let mut m = Models::libc();
    let before = m.rules.len();
    m.merge(file);
    assert_eq!(m.rules.len(), before + 1);
    assert_eq!(
        sink_rules(&m, &m.get("f").unwrap()),
        vec![
            (Place::Content(0), "a-first"),
            (Place::Content(1), "unbounded-copy"),
            (Place::Arg(2), "tainted-length"),
        ]
    );
    let r = m.rule(m.rule_index("unbounded-copy").unwrap());
    assert_eq!(r.name, "Overridden name");
    // libc's strcpy still points at the (overridden) unbounded-copy rule.
    assert_eq!(
        sink_rules(&m, &m.get("strcpy").unwrap()),
        vec![(Place::Content(1), "unbounded-copy")]
    );
}
