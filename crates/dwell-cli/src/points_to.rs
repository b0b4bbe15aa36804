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
                for t in &n.targets {
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
            pointers: named.iter().map(Pointer).collect(),
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

/// The `--json` document, serialized as it is written (its pointers'
/// targets are shared names, never copied into a JSON tree).
#[derive(serde::Serialize)]
struct Report<'a> {
    analysis: &'static str,
    bundle: String,
    stats: serde_json::Value,
    indirect_calls: &'a [IndirectCall],
    pointers: Vec<Pointer<'a>>,
}

/// A named pointer as JSON: `{"function", "name", "targets"}`.
struct Pointer<'a>(&'a points_to::NamedPointer);

impl serde::Serialize for Pointer<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut m = s.serialize_struct("Pointer", 3)?;
        m.serialize_field("function", &self.0.function)?;
        m.serialize_field("name", &self.0.name)?;
        let targets: Vec<&str> = self.0.targets.iter().map(|t| &**t).collect();
        m.serialize_field("targets", &targets)?;
        m.end()
    }
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
