//! `dwell run points-to BUNDLE`: the whole-program points-to analysis data-flow
//! taint runs on, by itself — its work figures, which functions each
//! indirect call may reach, and per named pointer what it may point to
//! (all of them, or `--function F`'s), as text, JSON or a TSV `--out`.

use crate::args::RunArgs;
use crate::error::Result;
use crate::progress::Bar;
use crate::report::{outln, Out};
use dwell::program::ir::{Callee, Program};
use dwell::program::points_to::{self, PointsTo};
use dwell::progress::{Progress, Stop};
use std::time::Instant;

/// Targets a text line shows before it says how many more there are.
const SHOWN: usize = 8;

/// Run points-to on the bundle `args` names and report it.
pub fn run(
    args: &RunArgs,
    budget_bytes: u64,
    (bar, progress): (&Bar, &dyn Progress),
    (files, stdout): (&crate::input::Files, &mut Out),
) -> Result<()> {
    let models = crate::taint_flow::models(args, files)?;
    let path = &args.graph.graph;
    bar.phase(format!("points-to on {}", path.display()));
    let program = dwell::program::bundle::read_program(path)?;
    let t = Instant::now();
    let (pts, stats) =
        points_to::solve_with_stats(&program, &models, budget_bytes, Stop::of(progress))?;
    let solve_ms = t.elapsed().as_secs_f64() * 1e3;
    bar.finish();
    let mut named = pts.named_pointers(&program);
    if let Some(f) = &args.program.function {
        if !program.functions.iter().any(|g| g.defined && &g.name == f) {
            return Err(format!("no function {f} is defined in {}. Fix: name a defined function (`dwell info {}` lists them), or drop --function", path.display(), path.display()).into());
        }
        named.retain(|n| n.function.as_deref() == Some(f.as_str()));
    }
    let calls = indirect_calls(&program, &pts);
    if let Some(out) = &args.out {
        dwell::io::atomic_write(out, |w| {
            writeln!(
                w,
                "# dwell points-to: function (empty for a global)<TAB>pointer<TAB>target"
            )?;
            for n in &named {
                for t in n.targets.iter() {
                    writeln!(
                        w,
                        "{}\t{}\t{t}",
                        n.function.as_deref().unwrap_or(""),
                        n.name
                    )?;
                }
            }
            Ok(())
        })?;
    }
    let bound = calls.iter().filter(|c| !c.callees.is_empty()).count();
    if args.wants_json() {
        let (target_sets, set_of) = shared_sets(&named);
        let doc = Report {
            analysis: "points-to",
            bundle: path.display().to_string(),
            stats: serde_json::json!({
                "objects": pts.objects(), "locations": pts.locs(), "nodes": stats.nodes,
                "collapsed": stats.collapsed, "visits": stats.visits,
                "indirect_sites": calls.len(), "indirect_sites_bound": bound,
                "solve_ms": solve_ms,
            }),
            indirect_calls: &calls,
            target_sets,
            pointers: named
                .iter()
                .zip(set_of)
                .map(|(p, set)| Pointer {
                    function: p.function.as_deref(),
                    name: &p.name,
                    target_set: set,
                    target_count: p.targets.len(),
                })
                .collect(),
        };
        return stdout.json_pretty(&doc);
    }
    outln!(
        stdout,
        "points-to on {}: {} objects, {} locations, {} nodes ({} merged in cycles), {} visits, {bound} of {} indirect call sites bound, {solve_ms:.1} ms",
        path.display(),
        pts.objects(),
        pts.locs(),
        stats.nodes,
        stats.collapsed,
        stats.visits,
        calls.len()
    );
    for c in &calls {
        outln!(
            stdout,
            "call {}:{} -> {}",
            c.function,
            c.line,
            shown(&c.callees)
        );
    }
    for n in &named {
        let owner = n
            .function
            .as_deref()
            .map_or(String::new(), |f| format!("{f}: "));
        outln!(stdout, "{owner}{} -> {}", n.name, shown(&n.targets));
    }
    Ok(())
}

/// The `--json` document. Pointers name their targets by an index into
/// `target_sets`, each distinct set written once: SQLite's 74,950 named
/// pointers hold 99.6 million targets between them, in far fewer distinct
/// sets (pointers merged in a cycle, or copied from one another, share
/// theirs), and writing every pointer's list made a 3.3 GB document.
#[derive(serde::Serialize)]
struct Report<'a> {
    analysis: &'static str,
    bundle: String,
    stats: serde_json::Value,
    indirect_calls: &'a [IndirectCall],
    target_sets: Vec<Vec<&'a str>>,
    pointers: Vec<Pointer<'a>>,
}

/// A named pointer as JSON: its set's index in `target_sets`, and the
/// set's size.
#[derive(serde::Serialize)]
struct Pointer<'a> {
    function: Option<&'a str>,
    name: &'a str,
    target_set: usize,
    target_count: usize,
}

/// The distinct target sets of `named` in order of first use, and each
/// pointer's set. `named_pointers` makes each list once and shares it, so
/// a list seen before is found by its address; a new list (a first one, or
/// two names' union) by its names' addresses, each name being made once.
fn shared_sets(named: &[points_to::NamedPointer]) -> (Vec<Vec<&str>>, Vec<usize>) {
    use std::collections::HashMap;
    let mut by_list: HashMap<*const u8, usize> = HashMap::new();
    let mut by_names: HashMap<Vec<*const u8>, usize> = HashMap::new();
    let mut sets = Vec::new();
    let set_of = named
        .iter()
        .map(|p| {
            let list = std::sync::Arc::as_ptr(&p.targets).cast::<u8>();
            *by_list.entry(list).or_insert_with(|| {
                let names = p.targets.iter().map(|t| t.as_ptr()).collect();
                *by_names.entry(names).or_insert_with(|| {
                    sets.push(p.targets.iter().map(|t| &**t).collect());
                    sets.len() - 1
                })
            })
        })
        .collect();
    (sets, set_of)
}

/// An indirect call site and the functions it may call.
#[derive(serde::Serialize)]
struct IndirectCall {
    function: String,
    line: u64,
    callees: Vec<String>,
}

/// Every call through a pointer, in program order, with what it may call
/// (nothing when points-to knows no function its pointer may hold).
fn indirect_calls(p: &Program, pts: &PointsTo) -> Vec<IndirectCall> {
    let mut calls = Vec::new();
    for (f, func) in p.functions.iter().enumerate() {
        for (b, blk) in func.blocks.iter().enumerate() {
            for (i, ins) in blk.insts.iter().enumerate() {
                let Some(cs) = &ins.call else { continue };
                if !matches!(cs.callee, Callee::Indirect { .. }) {
                    continue;
                }
                let mut callees: Vec<String> = pts
                    .callees(f as u32, b as u32, i as u32)
                    .iter()
                    .map(|&g| p.functions[g as usize].name.clone())
                    .collect();
                callees.sort();
                calls.push(IndirectCall {
                    function: func.name.clone(),
                    line: ins.source_line(),
                    callees,
                });
            }
        }
    }
    calls
}

/// At most [`SHOWN`] names, then how many more.
fn shown<T: AsRef<str>>(names: &[T]) -> String {
    if names.is_empty() {
        return "(nothing known)".into();
    }
    let first: Vec<&str> = names.iter().take(SHOWN).map(AsRef::as_ref).collect();
    let mut s = first.join(", ");
    if names.len() > SHOWN {
        s.push_str(&format!(", … ({} more)", names.len() - SHOWN));
    }
    s
}
