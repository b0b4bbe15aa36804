//! `dwell run taint BUNDLE` in data-flow mode (the default): the bundle's
//! program model, the shipped libc models (plus `--models FILE` and the
//! `--sources-fn`/`--sinks-fn`/`--sanitizers-fn` names), points-to, the
//! value-flow graph, and findings per sink argument — as text, JSON, a
//! TSV `--out`, or a SARIF log written as a stream.

use crate::args::{FormatArg, RunArgs};
use crate::error::Result;
use crate::progress::Bar;
use crate::report::{outln, Out};
use dwell::program::flow::{self, findings::Finding};
use dwell::program::models::Models;
use dwell::program::Bundle;
use dwell::progress::{Progress, Stop};
use std::io::Write;
use std::time::Instant;

/// The models a run uses: libc's, then `--models`, then the names given
/// on the command line.
pub fn models(args: &RunArgs) -> Result<Models> {
    let p = &args.program;
    let mut m = Models::libc();
    if let Some(file) = &p.models {
        m.merge(Models::from_file(file)?);
    }
    // Names without a model only: `--sinks-fn strcpy` keeps libc's
    // argument-precise model of strcpy.
    m.add_names(&p.sources_fn, &p.sinks_fn, &p.sanitizers_fn);
    Ok(m)
}

/// Run data-flow taint on bundle `b` and report it.
pub fn run(
    b: &Bundle,
    args: &RunArgs,
    backend: &str,
    budget_bytes: u64,
    (bar, progress): (&Bar, &dyn Progress),
    stdout: &mut Out,
) -> Result<()> {
    if !backend.starts_with("cpu") {
        return Err(format!("context-sensitive taint runs on host kernels, which the {backend} backend has not. Fix: drop --backend (data-flow taint runs on the CPU), or add --mode control-flow").into());
    }
    let models = models(args)?;
    bar.phase(format!("data-flow taint on {}", args.graph.graph.display()));
    let t = Instant::now();
    let program = dwell::program::bundle::read_program(&args.graph.graph)?;
    let read_ms = t.elapsed().as_secs_f64() * 1e3;
    let stop = Stop::of(progress);
    let run = flow::taint(&program, &models, budget_bytes, stop)?;
    bar.finish();
    let total_ms = t.elapsed().as_secs_f64() * 1e3;
    if args.format == FormatArg::Sarif {
        return write_sarif(b, args, &models, &run.findings, stdout);
    }
    if let Some(out) = &args.out {
        write_tsv(out, &run.findings)?;
    }
    if args.wants_json() {
        let v = serde_json::json!({
            "analysis": "taint", "mode": "data-flow",
            "bundle": args.graph.graph.display().to_string(),
            "stats": run.stats, "read_ms": read_ms, "total_ms": total_ms,
            "findings": run.findings,
        });
        outln!(stdout, "{}", serde_json::to_string_pretty(&v)?);
        return Ok(());
    }
    let s = &run.stats;
    outln!(
        stdout,
        "taint on {} (data flow): {} source calls, {} sink arguments, {} findings, {total_ms:.1} ms",
        args.graph.graph.display(),
        s.sources,
        s.sink_args,
        run.findings.len()
    );
    for f in &run.findings {
        outln!(stdout, "{}: {}", f.rule, f.message());
        let steps: Vec<String> = f.steps.iter().map(step_text).collect();
        outln!(stdout, "  flow: {}", steps.join(" -> "));
    }
    Ok(())
}

fn step_text(s: &flow::findings::Step) -> String {
    match &s.at {
        Some(at) if at.line > 0 => format!("{} (line {})", s.what, at.line),
        _ => s.what.clone(),
    }
}

/// One line: which data reaches which argument.
fn write_tsv(out: &std::path::Path, found: &[Finding]) -> Result<()> {
    dwell::io::atomic_write(out, |w| {
        writeln!(w, "# dwell taint findings (data flow): rule<TAB>sink<TAB>argument<TAB>sink place<TAB>sources<TAB>flow")?;
        for f in found {
            let sources: Vec<String> = f
                .sources
                .iter()
                .map(|s| format!("{}@{}", s.callee, s.at.place()))
                .collect();
            let steps: Vec<String> = f.steps.iter().map(step_text).collect();
            writeln!(
                w,
                "{}\t{}\t{}\t{}\t{}\t{}",
                f.rule,
                f.sink,
                f.arg + 1,
                f.at.place(),
                sources.join(","),
                steps.join(" -> ")
            )?;
        }
        Ok(())
    })?;
    Ok(())
}

/// The SARIF log, streamed: one result at a time, so memory stays flat in
/// the number of findings.
fn write_sarif(
    b: &Bundle,
    args: &RunArgs,
    models: &Models,
    found: &[Finding],
    stdout: &mut Out,
) -> Result<()> {
    let write = |w: &mut dyn Write| crate::sarif::flow_log(w, b, models, found);
    match &args.out {
        Some(out) => {
            dwell::io::atomic_write(out, |w| write(w))?;
            outln!(
                stdout,
                "taint on {} (data flow): {} findings, SARIF written to {}",
                args.graph.graph.display(),
                found.len(),
                out.display()
            );
        }
        None => {
            let mut buf = Vec::new();
            write(&mut buf)?;
            outln!(stdout, "{}", String::from_utf8_lossy(&buf).trim_end());
        }
    }
    Ok(())
}
