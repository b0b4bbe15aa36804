//! The `dwell` command line: argument parsing and wiring only. The work lives
//! in the `dwell` library; each command module turns flags into library
//! calls (a `Query` run through a `Session`, a bench through the library's
//! harness) and hands the results to `report`.
//!
//! Layers, each importing only those above it: `args` (clap types) and
//! `error`, `interrupt` (SIGINT/SIGTERM); `input` (graph or bundle, decided once), `query` (flags → `Query`),
//! `backends`, `progress`, `report`, `sarif`; then the commands (`info`, `run`, `program`, `import`, `plan`,
//! `gen`, `snapshot`, `evidence`, `peer`, `bench`, `bench_cuda`, `client`, `serve`, `shard`
//! and `timely`); `main` dispatches.

#![forbid(unsafe_code)]

mod args;
mod backends;
mod bench;
mod bench_cuda;
mod client;
mod compile_db;
mod error;
mod evidence;
mod gen;
mod import;
mod info;
mod input;
mod interrupt;
mod peer;
mod plan;
mod points_to;
mod program;
mod progress;
mod query;
mod report;
mod run;
mod sarif;
mod serve;
mod shard;
mod snapshot;
mod taint_flow;
mod timely;

use args::{Cli, Command, EvidenceAction};
use backends::Runner;
use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    // The main thread joins rayon's pool, so a session's runs (each a whole
    // run on a pool thread, see dwell's host backend) start in place instead
    // of waking a pool thread and sleeping until it is done. A `run
    // --server` client computes nothing: a pool there would only start
    // threads that spin while they look for work, on the cores the server
    // is answering with.
    if !matches!(&cli.command, Command::Run(a) if a.server.is_some()) {
        let _ = rayon::ThreadPoolBuilder::new()
            .use_current_thread()
            .build_global();
    }
    // A server drains its requests on SIGTERM/SIGINT itself (serve.rs).
    if !matches!(cli.command, Command::Serve(_)) {
        interrupt::install();
    }
    let result = dispatch(cli);
    if interrupt::interrupted() {
        // The signal watcher removes temporary files, says what was
        // interrupted and exits with 130/143; an error caused by the
        // interrupt is not reported on top of that.
        loop {
            std::thread::park();
        }
    }
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn dispatch(cli: Cli) -> error::Result<()> {
    match cli.command {
        Command::Info { graph, json } => info::info(&graph, json),
        // The registry says how a backend runs; `run` and `timely` each
        // take it from there.
        Command::Run(args) => match backends::runner(&args.backend) {
            Runner::Session => run::run(&args),
            Runner::Timely => timely::run(&args),
        },
        Command::Gen { kind } => gen::gen(kind),
        Command::Plan(args) => plan::plan(&args),
        Command::Bench(args) => bench::bench(&args),
        Command::Import { kind } => import::import(kind),
        Command::Snapshot { graph, out, json } => snapshot::snapshot(&graph, &out, json),
        Command::Serve(args) => serve::serve(&args),
        Command::Shard { graph, parts, out } => shard::shard(&graph, parts, &out),
        Command::Evidence {
            action:
                EvidenceAction::Verify {
                    file,
                    required_speedup,
                    json,
                },
        } => evidence::verify(&file, required_speedup, json),
    }
}
