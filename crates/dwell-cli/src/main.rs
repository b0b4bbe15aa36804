//! The `dwell` command line: argument parsing and wiring only. The work lives
//! in the `dwell` library; this crate turns flags into a `Query`, runs it
//! through a `dwell::session::Session`, and prints a report.

#![forbid(unsafe_code)]

mod args;
mod backends;
mod bench;
mod cmd;
mod program_cmd;
mod progress;
mod report;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    // The main thread joins rayon's pool, so a session's runs (each a whole
    // run on a pool thread, see dwell's host backend) start in place instead
    // of waking a pool thread and sleeping until it is done.
    let _ = rayon::ThreadPoolBuilder::new()
        .use_current_thread()
        .build_global();
    let cli = args::Cli::parse();
    match cmd::dispatch(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
