//! The reader's value-flow model (issue 31): per instruction its SSA result
//! and [`Op`] (loads, stores, struct field paths, copies, calls' arguments),
//! global initializers and source names, read from clang 14's IR of
//! tests/data/c/value_flow.c at -O0 and -O2.

use dwell::program::ir::{Op, Program, Value};
use dwell::program::llvm::parse;

fn read(level: &str) -> Program {
    let file = format!(
        "{}/tests/data/c/value_flow.{level}.ll",
        env!("CARGO_MANIFEST_DIR")
    );
    parse(&std::fs::read_to_string(&file).unwrap(), &file).unwrap()
}

fn var(p: &Program, name: &str) -> u32 {
    p.vars.iter().position(|v| v == name).unwrap() as u32
}

fn func(p: &Program, name: &str) -> u32 {
    p.functions.iter().position(|f| f.name == name).unwrap() as u32
}

/// Every op of function `f`, in order.
fn ops(p: &Program, f: &str) -> Vec<(Option<u32>, Op)> {
    let f = &p.functions[func(p, f) as usize];
    f.blocks
        .iter()
        .flat_map(|b| b.insts.iter().map(|i| (i.result, i.op.clone())))
        .collect()
}

#[test]
fn o2_keeps_field_paths_calls_selects_and_returns() {
    let p = read("O2");
    let h = ops(&p, "h");
    let v = |n: &str| Value::Var(var(&p, &format!("h:%{n}")));
    let getenv = Value::Func(func(&p, "getenv"));
    // %3 = getenv(@.str): the constant expression stands for @.str.
    assert!(h.contains(&(
        Some(var(&p, "h:%3")),
        Op::Call {
            callee: getenv,
            args: vec![Value::Var(var(&p, "@.str"))]
        }
    )));
    // s->p is field 1; s->buf[0] is field 2 (the array index selects no field).
    assert!(h.contains(&(
        Some(var(&p, "h:%4")),
        Op::Gep {
            base: v("0"),
            path: vec![1]
        }
    )));
    assert!(h.contains(&(
        Some(var(&p, "h:%6")),
        Op::Gep {
            base: v("0"),
            path: vec![2]
        }
    )));
    assert!(h.contains(&(
        None,
        Op::Store {
            value: v("3"),
            ptr: v("4")
        }
    )));
    // select copies its two choices, not the condition.
    assert!(h.contains(&(Some(var(&p, "h:%7")), Op::Copy(vec![v("6"), v("3")]))));
    assert!(h.contains(&(
        Some(var(&p, "h:%5")),
        Op::Cmp {
            pred: "sgt".into(),
            lhs: v("1"),
            rhs: Value::Int(2)
        }
    )));
    assert!(h.contains(&(None, Op::Ret(Some(v("9"))))));
    // Debug intrinsics are no instruction, but name values.
    assert!(!h
        .iter()
        .any(|(_, op)| matches!(op, Op::Call { callee: Value::Func(f), .. } if p.functions[*f as usize].name.starts_with("llvm.dbg"))));
    assert_eq!(
        p.source_names[var(&p, "h:%3") as usize].as_deref(),
        Some("cmd")
    );
    assert_eq!(
        p.source_names[var(&p, "h:%0") as usize].as_deref(),
        Some("s")
    );
    assert_eq!(p.source_names[var(&p, "@g") as usize].as_deref(), Some("g"));
}

#[test]
fn function_tables_and_indirect_calls() {
    for level in ["O0", "O2"] {
        let p = read(level);
        let tbl = var(&p, "@tbl");
        let init = p
            .global_inits
            .iter()
            .find(|(g, _)| *g == Value::Var(tbl))
            .unwrap();
        // A global holding no address has no place (a place collapses it).
        assert!(p.global_inits.iter().all(|(_, v)| !v.is_empty()), "{level}");
        assert_eq!(
            p.global_inits.len(),
            1,
            "{level}: only @tbl holds addresses"
        );
        assert_eq!(
            init.1,
            vec![Value::Func(func(&p, "use")), Value::Func(func(&p, "keep"))],
            "{level}"
        );
        // run calls through a loaded table entry: the callee is that value.
        let run = ops(&p, "run");
        let indirect = run.iter().find_map(|(_, op)| match op {
            Op::Call {
                callee: Value::Var(c),
                args,
            } => Some((*c, args.clone())),
            _ => None,
        });
        let (c, args) = indirect.unwrap_or_else(|| panic!("{level}: no indirect call"));
        assert!(p.vars[c as usize].starts_with("run:%"), "{level}");
        assert_eq!(args.len(), 1, "{level}");
        let loaded = run
            .iter()
            .any(|(r, op)| *r == Some(c) && matches!(op, Op::Load { .. }));
        assert!(loaded, "{level}: the callee is a loaded table entry");
    }
}

#[test]
fn o0_slots_loads_and_stores() {
    let p = read("O0");
    let h = ops(&p, "h");
    let v = |n: &str| Value::Var(var(&p, &format!("h:%{n}")));
    assert!(h.contains(&(Some(var(&p, "h:%5")), Op::Alloca)));
    assert!(h.contains(&(
        None,
        Op::Store {
            value: v("6"),
            ptr: v("5")
        }
    )));
    assert!(h.contains(&(Some(var(&p, "h:%7")), Op::Load { ptr: v("5") })));
    // &s->buf then &buf[0]: field 2, then an array step with no field.
    assert!(h.contains(&(
        Some(var(&p, "h:%14")),
        Op::Gep {
            base: v("13"),
            path: vec![2]
        }
    )));
    assert!(h.contains(&(
        Some(var(&p, "h:%15")),
        Op::Gep {
            base: v("14"),
            path: vec![]
        }
    )));
    assert!(h
        .iter()
        .any(|(_, op)| matches!(op, Op::Branch { cond } if *cond == v("11"))));
    assert_eq!(
        p.source_names[var(&p, "h:%5") as usize].as_deref(),
        Some("cmd")
    );
}

#[test]
fn without_debug_info_there_are_no_source_names() {
    let text = "define i32 @f(i32 %a) {\n  %b = add i32 %a, 1\n  ret i32 %b\n}\n";
    let p = parse(text, "t.ll").unwrap();
    assert!(p.source_names.is_empty());
    let f = &p.functions[0].blocks[0].insts;
    assert_eq!(f[0].op, Op::Compute(vec![Value::Var(0)]));
    assert_eq!(f[0].result, Some(1));
    assert_eq!(f[1].op, Op::Ret(Some(Value::Var(1))));
}
