//! `dwell run taint BUNDLE` in data-flow mode (the default): the bundle's
//! program model, the shipped libc models (plus `--models FILE` and the
//! `--sources-fn`/`--sinks-fn`/`--sanitizers-fn` names), points-to, the
//! value-flow graph, and findings per sink argument — as text, JSON, a
//! TSV `--out`, or a SARIF log written as a stream.

use crate::args::{FormatArg, RunArgs};
use crate::error::Result;
use crate::input::Files;
use crate::progress::Bar;
use crate::report::{outln, Out};
use dwell::program::flow::{self, findings::Finding, Resident};
use dwell::program::models::Models;
use dwell::program::Bundle;
use dwell::progress::{Progress, Stop};
use std::io::{BufRead, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

/// The models a run uses: libc's, then `--models` (read through `files`:
/// a server reads the file its client sent), then the names given on the
/// command line.
pub fn models(args: &RunArgs, files: &Files) -> Result<Models> {
    let p = &args.program;
    let mut m = Models::libc();
    if let Some(file) = &p.models {
        let mut text = String::new();
        files
            .open(file, "--models")?
            .read_to_string(&mut text)
            .map_err(|e| {
                format!(
                    "--models {}: {e}. Fix: pass a UTF-8 model file",
                    file.display()
                )
            })?;
        m.merge(Models::from_text(&text, &file.display().to_string())?);
    }
    // Names without a model only: `--sinks-fn strcpy` keeps libc's
    // argument-precise model of strcpy.
    m.add_names(&p.sources_fn, &p.sinks_fn, &p.sanitizers_fn);
    Ok(m)
}

/// A server's data-flow taint graph of one bundle (points-to, the
/// value-flow graph and its summaries: SQLite's 20 s), kept from one
/// request to the next while they ask with the same models: the shipped
/// ones with the same `--models` file and the same names without a model
/// (`--sources-fn`, `--sinks-fn`, `--sanitizers-fn`, and with `--queries`
/// the queried names). Requests with other models build a new one, which
/// replaces it.
#[derive(Default)]
pub struct Kept {
    slot: Mutex<Option<Arc<Resident<'static>>>>,
    builds: AtomicU64,
}

impl Kept {
    /// The kept graph when its models are `models`, else a new one (kept);
    /// with the ms spent reading the program (0 when kept).
    fn resident(
        &self,
        bundle: &Path,
        models: Models,
        budget_bytes: u64,
        stop: Stop<'_>,
    ) -> Result<(Arc<Resident<'static>>, f64, bool)> {
        // A panic in an earlier request's build left `None` or a whole graph.
        let mut slot = self.slot.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(r) = slot.as_ref().filter(|r| *r.models() == models) {
            return Ok((Arc::clone(r), 0.0, true));
        }
        // The old graph goes before the new one is built: one at a time.
        *slot = None;
        let t = Instant::now();
        let program = dwell::program::bundle::read_program(bundle)?;
        let read_ms = t.elapsed().as_secs_f64() * 1e3;
        let r = Arc::new(Resident::owning(program, models, budget_bytes, stop)?);
        *slot = Some(Arc::clone(&r));
        self.builds.fetch_add(1, Relaxed);
        Ok((r, read_ms, false))
    }

    /// Graphs built so far (the server's metrics).
    pub fn builds(&self) -> u64 {
        self.builds.load(Relaxed)
    }
}

/// Run data-flow taint on bundle `b` and report it; on `kept`'s graph
/// when a server passes one.
pub fn run(
    b: &Bundle,
    args: &RunArgs,
    backend: &str,
    budget_bytes: u64,
    (bar, progress): (&Bar, &dyn Progress),
    (files, stdout): (&Files, &mut Out),
    kept: Option<&Kept>,
) -> Result<()> {
    if !backend.starts_with("cpu") {
        return Err(format!("context-sensitive taint runs on host kernels, which the {backend} backend has not. Fix: drop --backend (data-flow taint runs on the CPU), or add --mode control-flow").into());
    }
    let mut models = models(args, files)?;
    let queries = match &args.program.queries {
        Some(path) => {
            let queries = read_queries(files, path)?;
            if args.format == FormatArg::Sarif || args.out.is_some() {
                return Err("--queries answers on stdout, as text or --json. Fix: drop --format sarif and --out, or run one source set per command (--sources-fn) for a SARIF log".into());
            }
            // Every name a query uses is a source of the one graph (libc's
            // sources keep their models).
            let names: Vec<String> = queries.iter().flatten().cloned().collect();
            models.add_names(&names, &[], &[]);
            Some(queries)
        }
        None => None,
    };
    bar.phase(format!("data-flow taint on {}", args.graph.graph.display()));
    let t = Instant::now();
    let stop = Stop::of(progress);
    let (program, built, shared);
    let (r, read_ms, reused): (&Resident<'_>, f64, bool) = match kept {
        Some(k) => {
            let (arc, read_ms, reused) =
                k.resident(&args.graph.graph, models, budget_bytes, stop)?;
            shared = arc;
            (&shared, read_ms, reused)
        }
        None => {
            program = dwell::program::bundle::read_program(&args.graph.graph)?;
            let read_ms = t.elapsed().as_secs_f64() * 1e3;
            built = Resident::build(&program, &models, budget_bytes, stop)?;
            (&built, read_ms, false)
        }
    };
    if let Some(queries) = queries {
        bar.finish();
        return answer_queries(args, r, &queries, (read_ms, reused), stop, stdout);
    }
    let run = r.run_all(stop)?;
    bar.finish();
    let total_ms = t.elapsed().as_secs_f64() * 1e3;
    if args.format == FormatArg::Sarif {
        return write_sarif(b, args, r.models(), &run.findings, stdout);
    }
    if let Some(out) = &args.out {
        write_tsv(out, &run.findings)?;
    }
    if args.wants_json() {
        let v = serde_json::json!({
            "analysis": "taint", "mode": "data-flow",
            "bundle": args.graph.graph.display().to_string(),
            "stats": run.stats, "read_ms": read_ms, "total_ms": total_ms,
            "graph_kept": reused, "findings": run.findings,
        });
        outln!(stdout, "{}", serde_json::to_string_pretty(&v)?);
        return Ok(());
    }
    let s = &run.stats;
    let kept_note = if reused {
        " (the server's graph, kept)"
    } else {
        ""
    };
    outln!(
        stdout,
        "taint on {} (data flow): {} source calls, {} sink arguments, {} findings, {total_ms:.1} ms{kept_note}",
        args.graph.graph.display(),
        s.sources,
        s.sink_args,
        run.findings.len()
    );
    for f in &run.findings {
        print_finding(stdout, f);
    }
    Ok(())
}

fn print_finding(stdout: &mut Out, f: &Finding) {
    outln!(stdout, "{}: {}", f.rule, f.message());
    let steps: Vec<String> = f.steps.iter().map(step_text).collect();
    outln!(stdout, "  flow: {}", steps.join(" -> "));
}

/// `--queries FILE`: one source set per line (names split by commas or
/// blanks; `#` starts a comment; blank lines skipped).
fn read_queries(files: &Files, path: &Path) -> Result<Vec<Vec<String>>> {
    let mut out = Vec::new();
    for (i, line) in files.open(path, "--queries")?.lines().enumerate() {
        let line = line.map_err(|e| {
            format!(
                "--queries {}:{}: {e}. Fix: pass a UTF-8 text file of function names",
                path.display(),
                i + 1
            )
        })?;
        let text = line.split('#').next().unwrap_or("");
        let names: Vec<String> = text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|n| !n.is_empty())
            .map(str::to_string)
            .collect();
        if !names.is_empty() {
            out.push(names);
        }
    }
    if out.is_empty() {
        return Err(format!(
            "--queries {}: no query in it. Fix: write one source set per line, e.g. `getenv,fgets`",
            path.display()
        )
        .into());
    }
    Ok(out)
}

/// One query's answer in `--queries --json` (its own keys in the order
/// `json!` wrote them before; a finding's keys in its fields' order).
#[derive(serde::Serialize)]
struct Answer<'a> {
    findings: &'a [Finding],
    ms: f64,
    query: usize,
    source_calls: usize,
    sources: &'a [String],
    unmatched: &'a [String],
}

/// Each query's findings on the one resident graph, streamed as they come
/// (1,000 queries of SQLite's 184 findings would not fit one document in
/// memory), then the per-query times.
fn answer_queries(
    args: &RunArgs,
    r: &Resident<'_>,
    queries: &[Vec<String>],
    (read_ms, reused): (f64, bool),
    stop: Stop<'_>,
    stdout: &mut Out,
) -> Result<()> {
    let json = args.wants_json();
    let bundle = args.graph.graph.display().to_string();
    if json {
        let head = serde_json::json!({
            "analysis": "taint", "mode": "data-flow", "bundle": bundle,
            "stats": r.stats, "read_ms": read_ms, "graph_kept": reused,
        })
        .to_string();
        // The same object with "queries" streamed into it.
        let open = head.strip_suffix('}').unwrap_or(&head);
        outln!(stdout, "{open},\"queries\":[");
    } else {
        let s = &r.stats;
        let kept_note = if reused { ", kept by the server" } else { "" };
        outln!(
            stdout,
            "taint on {bundle} (data flow): one graph of {} nodes and {} arcs for {} queries (points-to {:.0} ms, graph {:.0} ms, summaries {:.0} ms{kept_note})",
            s.nodes, s.arcs, queries.len(), s.points_to_ms, s.build_ms, s.summaries_ms
        );
    }
    let mut times = Vec::with_capacity(queries.len());
    for (i, names) in queries.iter().enumerate() {
        let t = Instant::now();
        let picked = r.pick(names);
        let found = r.findings(&picked.sources, stop)?;
        let ms = t.elapsed().as_secs_f64() * 1e3;
        times.push(ms);
        if json {
            // Written from the findings as they are: made into a
            // `serde_json::Value` first, SQLite's 1,000 answers (386 MB)
            // spent more time in the allocator than in the queries.
            let v = serde_json::to_string(&Answer {
                findings: &found,
                ms,
                query: i + 1,
                source_calls: picked.sources.len(),
                sources: names,
                unmatched: &picked.unmatched,
            })?;
            let sep = if i + 1 < queries.len() { "," } else { "" };
            outln!(stdout, "{v}{sep}");
            continue;
        }
        outln!(
            stdout,
            "query {} ({}): {} findings from {} source calls, {ms:.2} ms",
            i + 1,
            names.join(","),
            found.len(),
            picked.sources.len()
        );
        if !picked.unmatched.is_empty() {
            outln!(
                stdout,
                "  no source call of: {} (not called, or modelled as no source)",
                picked.unmatched.join(", ")
            );
        }
        for f in &found {
            print_finding(stdout, f);
        }
    }
    let sorted = {
        let mut t = times.clone();
        t.sort_by(f64::total_cmp);
        t
    };
    let at = |q: f64| sorted[((sorted.len() - 1) as f64 * q).round() as usize];
    let (median, p95, max) = (at(0.5), at(0.95), at(1.0));
    let total: f64 = times.iter().sum();
    if json {
        let v = serde_json::json!({
            "queries": times.len(), "median_ms": median, "p95_ms": p95,
            "max_ms": max, "total_ms": total,
        });
        outln!(stdout, "],\"per_query\":{v}}}");
    } else {
        outln!(
            stdout,
            "{} queries: median {median:.2} ms, 95th percentile {p95:.2} ms, max {max:.2} ms, {total:.0} ms in all",
            times.len()
        );
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
