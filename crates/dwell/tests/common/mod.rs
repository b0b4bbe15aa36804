//! Random programs for the property tests of points-to and the value-flow
//! graph: a few defined functions with parameters, slots, SSA values,
//! globals (one a table of functions), direct and indirect calls, and
//! declared `malloc` and `memcpy`.

use dwell::program::ir::{
    Block, CallSite, Callee, Function, GlobalField, Inst, Op, Program, Value, VarKind,
};
use rand::{Rng, SeedableRng};

fn var(p: &mut Program, name: String, kind: VarKind) -> u32 {
    p.vars.push(name);
    p.var_kinds.push(kind);
    p.vars.len() as u32 - 1
}

/// A random program: a few defined functions with parameters, slots, SSA
/// values, globals (one a table of functions), and a declared `malloc`.
pub fn program(seed: u64) -> Program {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut p = Program::default();
    let nf = rng.gen_range(1..=4usize);
    let globals: Vec<u32> = (0..rng.gen_range(1..=3))
        .map(|g| var(&mut p, format!("@g{g}"), VarKind::Global))
        .collect();
    for f in 0..nf {
        let params = rng.gen_range(0..=2);
        let param_vars = (0..params)
            .map(|k| var(&mut p, format!("f{f}:%p{k}"), VarKind::Ssa))
            .collect();
        p.functions.push(Function {
            name: format!("f{f}"),
            defined: true,
            params,
            param_vars,
            ret: "i8*".into(),
            ..Default::default()
        });
    }
    let malloc = p.functions.len() as u32;
    p.functions.push(Function {
        name: "malloc".into(),
        params: 1,
        ret: "i8*".into(),
        ..Default::default()
    });
    let memcpy = p.functions.len() as u32;
    p.functions.push(Function {
        name: "memcpy".into(),
        params: 3,
        ret: "i8*".into(),
        ..Default::default()
    });
    let table_fns: Vec<Value> = (0..rng.gen_range(1..=nf))
        .map(|_| Value::Func(rng.gen_range(0..nf as u32)))
        .collect();
    p.global_inits
        .push((Value::Var(globals[0]), table_fns.clone()));
    for f in 0..nf {
        let mut insts = Vec::new();
        let mut vals: Vec<u32> = p.functions[f].param_vars.clone();
        vals.extend(&globals);
        for i in 0..rng.gen_range(3..=14) {
            let r = var(&mut p, format!("f{f}:%v{i}"), VarKind::Ssa);
            let (op, result, call) = random_op(&mut rng, &mut p, r, &vals, (nf, malloc, memcpy));
            if result.is_some() {
                vals.push(r);
            }
            insts.push(Inst {
                result,
                op,
                call,
                ..Default::default()
            });
        }
        let ret = Value::Var(vals[rng.gen_range(0..vals.len())]);
        insts.push(Inst {
            op: Op::Ret(Some(ret)),
            is_ret: true,
            ..Default::default()
        });
        p.functions[f].blocks = vec![Block {
            name: "entry".into(),
            insts,
            ..Default::default()
        }];
    }
    global_fields(&mut p, seed, &globals, table_fns);
    p
}

/// Fields of globals, as constant `getelementptr`s name them: a second
/// table in one, and some stores and copies of their addresses (drawn
/// apart, so that the rest of each program is what the seed gave before).
fn global_fields(p: &mut Program, seed: u64, globals: &[u32], table: Vec<Value>) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_f1e1d);
    for _ in 0..rng.gen_range(0..=2) {
        p.global_fields.push(GlobalField {
            base: globals[rng.gen_range(0..globals.len())],
            path: (0..rng.gen_range(1..=2))
                .map(|_| rng.gen_range(0..2))
                .collect(),
            ty: None,
        });
    }
    let n = p.global_fields.len() as u32;
    if n == 0 {
        return;
    }
    p.global_inits
        .push((Value::Field(rng.gen_range(0..n)), table));
    for ins in p
        .functions
        .iter_mut()
        .flat_map(|f| &mut f.blocks)
        .flat_map(|b| &mut b.insts)
    {
        let field = Value::Field(rng.gen_range(0..n));
        match &mut ins.op {
            Op::Store { ptr, .. } if rng.gen_bool(0.3) => *ptr = field,
            Op::Load { ptr } if rng.gen_bool(0.2) => *ptr = field,
            Op::Copy(vs) if rng.gen_bool(0.3) => vs.push(field),
            _ => {}
        }
    }
}

/// One random instruction defining `r` (or nothing, for a store), over the
/// values `vals` and the `nf` defined functions, `malloc` and `memcpy`.
fn random_op(
    rng: &mut rand_chacha::ChaCha8Rng,
    p: &mut Program,
    r: u32,
    vals: &[u32],
    (nf, malloc, memcpy): (usize, u32, u32),
) -> (Op, Option<u32>, Option<CallSite>) {
    let pick = |rng: &mut rand_chacha::ChaCha8Rng, vals: &[u32]| {
        Value::Var(vals[rng.gen_range(0..vals.len())])
    };
    match rng.gen_range(0..10u32) {
        0 => {
            p.var_kinds[r as usize] = VarKind::Slot;
            (Op::Alloca, Some(r), None)
        }
        1 => (
            Op::Load {
                ptr: pick(rng, vals),
            },
            Some(r),
            None,
        ),
        2 | 3 => {
            let (value, ptr) = (pick(rng, vals), pick(rng, vals));
            (Op::Store { value, ptr }, None, None)
        }
        4 => {
            let path = (0..rng.gen_range(0..=2))
                .map(|_| rng.gen_range(0..2))
                .collect();
            let base = pick(rng, vals);
            (Op::Gep { base, path }, Some(r), None)
        }
        5 => {
            let a = pick(rng, vals);
            let b = if rng.gen_bool(0.3) {
                Value::Func(rng.gen_range(0..nf as u32))
            } else {
                pick(rng, vals)
            };
            (Op::Copy(vec![a, b]), Some(r), None)
        }
        9 => {
            let args = vec![pick(rng, vals), pick(rng, vals), Value::Int(8)];
            direct_call(memcpy, args, r)
        }
        6 => direct_call(malloc, vec![pick(rng, vals)], r),
        7 => {
            let g = rng.gen_range(0..nf as u32);
            let args = (0..rng.gen_range(0..=2)).map(|_| pick(rng, vals)).collect();
            direct_call(g, args, r)
        }
        _ => {
            let callee = pick(rng, vals);
            // As many arguments as some function takes (most calls fit one),
            // or a random count: the functions whose parameters match fit.
            let n = if rng.gen_bool(0.8) {
                p.functions[rng.gen_range(0..nf)].params
            } else {
                rng.gen_range(0..=2)
            };
            let args: Vec<Value> = (0..n).map(|_| pick(rng, vals)).collect();
            let site = CallSite {
                callee: Callee::Indirect {
                    args: args.len(),
                    ret: "i8*".into(),
                },
                terminator: false,
                line: 0,
            };
            (Op::Call { callee, args }, Some(r), Some(site))
        }
    }
}

/// A call of function `g` with `args`, defining `r`.
fn direct_call(g: u32, args: Vec<Value>, r: u32) -> (Op, Option<u32>, Option<CallSite>) {
    let site = CallSite {
        callee: Callee::Direct(g),
        terminator: false,
        line: 0,
    };
    let op = Op::Call {
        callee: Value::Func(g),
        args,
    };
    (op, Some(r), Some(site))
}
