//! `dwell run … --backend timely`: one process of a timely run, or the
//! local convenience that starts all of them.
//!
//! - `--processes 1`: this process alone, `--workers W` threads, on the
//!   whole graph file.
//! - `--processes P --process I --hostfile FILE`: process `I` of `P`; the
//!   graph is a shard folder (`dwell shard`) and this process loads only
//!   part `I`.
//! - `--processes P` without `--process`: start `P` copies of this binary
//!   on 127.0.0.1 (free ports, a temporary hostfile; a graph file is split
//!   into a temporary shard folder first), print process 0's report, and
//!   fail with every failed process's error if any fails. On SIGINT or
//!   SIGTERM it kills its processes and removes its folders first; if it
//!   is killed outright (SIGKILL), its processes get SIGTERM from the
//!   kernel and remove its folders themselves.

use crate::args::RunArgs;
use crate::error::Result;
use crate::input::graph_options;
use crate::progress::Bar;
use crate::report::{BackendFacts, Budget};
use crate::run::OnGraph;
use dwell::formats;
use dwell_timely::shard::{self, Manifest};
use dwell_timely::{Cluster, RunFigures, Timely};
use serde_json::{json, Value};
use std::ffi::OsString;
use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What a report says about the timely run beside the common fields.
pub struct Facts<'a> {
    pub timely: &'a Timely,
    pub process: usize,
    pub manifest: Option<Manifest>,
}

fn sum(f: &RunFigures, field: fn(&dwell_timely::ProcessFigures) -> u64) -> u64 {
    f.processes.iter().map(field).sum()
}

impl BackendFacts for Facts<'_> {
    fn key(&self) -> &'static str {
        "timely"
    }

    fn writes_out(&self) -> bool {
        self.process == 0
    }

    fn arcs_held(&self) -> Option<usize> {
        self.manifest.as_ref().map(|_| self.timely.arcs_held())
    }

    fn json(&self) -> Value {
        let c = self.timely.cluster();
        let figures = self.timely.figures();
        let runs = figures.len().max(1) as f64;
        let mean = |field: fn(&dwell_timely::ProcessFigures) -> u64| {
            figures.iter().map(|f| sum(f, field)).sum::<u64>() as f64 / runs
        };
        json!({
            "processes": c.processes,
            "workers": c.workers,
            "process": self.process,
            "whole_graph": self.manifest.as_ref().map(|m| json!({
                "nodes": m.nodes, "arcs": m.arcs, "directed": m.directed,
                "layout_hash": m.layout_hash, "parts": m.parts, "partition": m.partition,
            })),
            "resident_graph_bytes": self.timely.resident_bytes().ok(),
            "per_run_mean": {
                "rounds": figures.iter().map(|f| f.rounds).sum::<u64>() as f64 / runs,
                "epochs": figures.iter().map(|f| f.epochs).sum::<u64>() as f64 / runs,
                "bytes_exchanged": mean(|p| p.bytes_sent),
                "records_exchanged": mean(|p| p.records_sent),
            },
            "last_run": figures.last(),
        })
    }

    fn human(&self) -> String {
        let c = self.timely.cluster();
        let Some(last) = self.timely.figures().pop() else {
            return String::new();
        };
        let peak = last
            .processes
            .iter()
            .map(|p| p.peak_rss_bytes)
            .max()
            .unwrap_or(0);
        format!(
            "timely: {} processes × {} workers; last run {} rounds, {} bytes and {} records exchanged, peak memory per process ≤ {:.1} MiB\n",
            c.processes,
            c.workers,
            last.rounds,
            sum(&last, |p| p.bytes_sent),
            sum(&last, |p| p.records_sent),
            peak as f64 / (1 << 20) as f64
        )
    }
}

pub fn run(args: &RunArgs) -> Result<()> {
    let t = &args.timely;
    let processes = t.processes as usize;
    if processes > 1 && t.process.is_none() {
        return launch(args, processes);
    }
    // Started by a launcher: end with it (first, before any long load).
    if let Some(parent) = dwell_timely::launch::die_with_parent()? {
        crate::interrupt::watch_launcher(parent);
    }
    let process = t.process.unwrap_or(0) as usize;
    if process >= processes {
        return Err(format!(
            "--process {process} is not below --processes {processes}. Fix: number processes 0..{processes}"
        )
        .into());
    }
    let budget = Budget::from_flag(args.budget_bytes);
    let bar = Bar::start("run");
    let path = &args.graph.graph;
    let started = Instant::now();
    let cluster = |hosts| Cluster {
        processes,
        workers: t.workers as usize,
        process,
        hosts,
        connect_timeout: Duration::from_secs(t.connect_timeout),
        peer_timeout: Duration::from_secs(t.peer_timeout_s),
    };
    let hosts = match &t.hostfile {
        Some(file) if processes > 1 => dwell_timely::net::read_hostfile(file, processes)?,
        _ => Vec::new(),
    };
    let (manifest, timely) = if shard::is_shard_dir(path) {
        let part = shard::load_part(path, process)?;
        let m = part.manifest.clone();
        if m.parts as usize != processes {
            return Err(format!(
                "{} is split into {} parts, but --processes is {processes}. Fix: pass --processes {}, or split again with `dwell shard --parts {processes}`",
                path.display(),
                m.parts,
                m.parts
            )
            .into());
        }
        (Some(m), Timely::for_part(cluster(hosts), part))
    } else if processes == 1 {
        let opts = graph_options(&args.graph.load)?;
        let g = Arc::new(formats::load(path, &opts)?);
        (None, Timely::new(cluster(hosts), g))
    } else {
        return Err(format!(
            "{} is not a shard folder, and process {process} of {processes} reads only its part. Fix: split it with `dwell shard {} --parts {processes} --out DIR` and pass DIR",
            path.display(),
            path.display()
        )
        .into());
    };
    // `random:N` as the whole graph picks them, not as this part would.
    let mut args = args.clone();
    if let (Some(spec), Some(m)) = (args.sources.as_deref(), manifest.as_ref()) {
        if let Some(n) = spec.strip_prefix("random:") {
            let count = n.trim().parse().map_err(|_| {
                format!(
                    "--sources random:{n}: not a count. Fix: pass random:N with a whole number N"
                )
            })?;
            let list = dwell::sources::choose(&shard::with_out_arcs(path, m)?, count, args.seed)?;
            args.sources = Some(
                list.iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(","),
            );
        }
    }
    // At most 2^26 (the flag's range): fits a usize.
    let timely = timely.with_window(t.window_words as usize);
    let args = &args;
    let load_ms = started.elapsed().as_secs_f64() * 1e3;
    let facts = Facts {
        timely: &timely,
        process,
        manifest,
    };
    let on = OnGraph {
        backend: &timely,
        graph: timely.graph(),
        load_ms,
        facts: Some(&facts),
    };
    let mut io = crate::input::Io::local();
    crate::run::run_graph(args, on, &bar, &budget, None, &mut io).map(drop)
}

/// The local convenience: all processes on 127.0.0.1.
fn launch(args: &RunArgs, processes: usize) -> Result<()> {
    let path = &args.graph.graph;
    // Declared first, so dropped last: a signal waits for the children to
    // be killed and the folders removed (or removes the split itself).
    let _hold;
    let split;
    // The folders this process made, for its children to remove if it dies.
    let mut made = Vec::new();
    let dir = if shard::is_shard_dir(path) {
        _hold = crate::interrupt::hold(None);
        path.clone()
    } else {
        let opts = graph_options(&args.graph.load)?;
        let g = formats::load(path, &opts)?;
        split = tempfile::tempdir()?;
        _hold = crate::interrupt::hold(Some(split.path().to_path_buf()));
        made.push(split.path().to_path_buf());
        shard::write(&g, processes, split.path())?;
        split.path().to_path_buf()
    };
    // The same command line, the graph replaced by the shard folder.
    let mut replaced = false;
    let child_args: Vec<OsString> = std::env::args_os()
        .skip(1)
        .map(|a| {
            if !replaced && a == path.as_os_str() {
                replaced = true;
                dir.clone().into_os_string()
            } else {
                a
            }
        })
        .collect();
    let exe = std::env::current_exe()?;
    let done = dwell_timely::launch::run_local_until(
        &exe,
        &child_args,
        processes,
        Duration::from_secs(10),
        None,
        &made,
        &crate::interrupt::interrupted,
    )?;
    let mut stderr = std::io::stderr().lock();
    let mut failures = Vec::new();
    for (i, f) in done.iter().enumerate() {
        let text = String::from_utf8_lossy(&f.stderr);
        let errors: Vec<&str> = text.lines().filter(|l| l.starts_with("error:")).collect();
        for line in text.lines().filter(|l| !l.starts_with("error:")) {
            writeln!(stderr, "[process {i}] {line}")?;
        }
        if !f.status.success() {
            let why = match errors.last() {
                Some(e) => e.trim_start_matches("error: ").to_string(),
                None => format!("ended with {}", f.status),
            };
            failures.push(format!("process {i}: {why}"));
        }
    }
    if !failures.is_empty() {
        return Err(format!("the timely run failed:\n  {}", failures.join("\n  ")).into());
    }
    std::io::stdout().lock().write_all(&done[0].stdout)?;
    Ok(())
}
