//! Points-to by the hand-written solver and by datafrog (a Datalog engine
//! made for this kind of analysis), in one process on the same program.
//!
//! ```sh
//! cargo bench -p dwell --bench points_to_datalog -- [--runs R] [--skip ENGINE] PROGRAM.ll[.xz]...
//! ```
//!
//! For each program: the solver's time (constraints included; median of R
//! runs), then ascent's and datafrog's on the same constraints
//! (tests/common/datalog.rs), once each, their relations built beforehand.
//! Neither engine can make locations while it runs, so they are handed the
//! solver's final locations and field offsets (a head start); their sets
//! must equal the solver's, and each row says how many variables and call
//! sites differ. Peak memory is the process's, so run one program at a time for
//! memory figures.

#[path = "../tests/common/datalog.rs"]
mod datalog;

use dwell::program::models::Models;
use dwell::program::{points_to, read_llvm};
use dwell::progress::Stop;
use std::path::PathBuf;
use std::time::Instant;

/// An engine: the facts in, what it derived out.
type Engine = fn(&datalog::Facts) -> datalog::Derived;

fn main() {
    let mut runs = 3usize;
    let mut files = Vec::new();
    let mut skip: Vec<String> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--runs" => runs = args.next().and_then(|r| r.parse().ok()).unwrap_or(3).max(1),
            "--skip" => skip.extend(args.next()),
            "--bench" => {}
            _ => files.push(PathBuf::from(a)),
        }
    }
    println!("| program | engine | solver s | engine s | engine / solver | pts tuples | differing vars | differing sites |");
    println!("|---|---|---:|---:|---:|---:|---:|---:|");
    for f in files {
        let p = read_llvm(&f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let models = Models::libc();
        let mut times = Vec::new();
        let mut pts = None;
        for _ in 0..runs {
            let t = Instant::now();
            pts = Some(points_to::solve(&p, &models, u64::MAX, Stop::never()).unwrap());
            times.push(t.elapsed().as_secs_f64());
        }
        times.sort_by(f64::total_cmp);
        let solver = times[times.len() / 2];
        let pts = pts.unwrap();
        let nvars = p.vars.len() as u32;
        let nlocs = pts.locs() as u32;
        let c = datalog::constraints(&p, &models, &pts);
        let facts = datalog::facts(c, |n| {
            if n < nvars {
                pts.of_var(n).iter().map(|l| l.0).collect()
            } else {
                (0..nlocs).collect()
            }
        });
        let name = f
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned());
        let engines: [(&str, Engine); 2] = [
            ("ascent", datalog::solve_ascent),
            ("datafrog", datalog::solve_datafrog),
        ];
        for (engine, solve) in engines {
            if skip.contains(&engine.to_string()) {
                continue;
            }
            let t = Instant::now();
            let d = solve(&facts);
            let secs = t.elapsed().as_secs_f64();
            let (vars, same_collapsed) = datalog::differing_vars(&p, &pts, &d);
            let sites = datalog::differing_sites(&pts, &d);
            println!(
                "| {name} | {engine} | {solver:.2} | {secs:.2} | {:.1}× | {} | {vars} ({same_collapsed} equal with collapsed objects read whole) | {sites} |",
                secs / solver,
                d.tuples
            );
        }
    }
}
