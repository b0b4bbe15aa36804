//! The `dwell` command line: argument parsing and wiring only. The work lives
//! in the `dwell` library; this crate turns flags into a `Query`, runs it
//! through `dwell::analysis::run`, and prints a report.

mod args;
mod bench;
mod cmd;
mod program_cmd;
mod progress;
mod report;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = args::Cli::parse();
    match cmd::dispatch(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
