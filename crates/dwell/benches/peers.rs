//! dwell next to petgraph, in one process, on the same graph and sources.
//!
//! ```sh
//! cargo bench -p dwell --bench peers -- [--runs R] [--batch N] [--singles K] [--seed S] GRAPH...
//! ```
//! (relative GRAPH paths are read from the workspace root)
//!
//! For each graph (any format `dwell::formats::load` reads) this builds a
//! petgraph `DiGraph<(), ()>` holding exactly the arcs of dwell's forward CSR
//! (an undirected graph's edges both ways), then times, after one untimed
//! warm-up, `R` runs of (median reported):
//! - `bfs xN`: one dwell query with `N` sources (`sources::random`, seed `S`,
//!   default 1)
//!   versus petgraph's `Bfs` walked to the end from each of the `N` sources
//!   in turn;
//! - `bfs x1`: `K` single-source dwell queries versus `K` petgraph walks;
//! - `wcc`: dwell versus `petgraph::algo::connected_components`;
//! - `scc`: dwell versus `petgraph::algo::tarjan_scc`.
//!
//! dwell's queries run in one resident `cpu` session per row, opened once
//! before the warm-up (as a tool running many queries over one graph would);
//! each BFS row's session start (the open plus the warm-up round, which
//! makes the session's copy of the graph: degree-grouped if skewed, else
//! folded if it has hanging trees) is listed after the table. Times are per query (per source for
//! BFS); `petgraph/dwell` > 1 means dwell is faster. Each row checks that
//! both sides agree (sum of reached counts, or component count) and that
//! every round gave the same answer. The table is Markdown, ready for
//! docs/BENCHMARKS.md.

use dwell::analysis::{BfsQuery, Output, Query};
use dwell::backend::Cpu;
use dwell::formats::{self, LoadOptions};
use dwell::graph::Graph;
use dwell::session::{plan, profile::derive, Session};
use std::time::Instant;

mod common;
use common::{petgraph_bfs, petgraph_of};

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    }
}

/// Median seconds of `runs` timed calls after one warm-up; every call must
/// return the warm-up's checksum.
fn time(runs: usize, mut f: impl FnMut() -> u64) -> (f64, u64) {
    let want = f();
    let mut t = Vec::with_capacity(runs);
    for _ in 0..runs {
        let start = Instant::now();
        let got = f();
        t.push(start.elapsed().as_secs_f64());
        assert_eq!(got, want, "a run changed its answer");
    }
    (median(t), want)
}

fn bfs_query(sources: &[u32]) -> Query {
    Query::Bfs(BfsQuery {
        sources: sources.to_vec(),
        keep_levels: false,
    })
}

/// Sum of reached counts, or the component count.
fn checksum(out: &Output) -> u64 {
    match out {
        Output::Bfs(r) => r.iter().map(|x| x.reached).sum(),
        Output::Wcc(c) | Output::Scc(c) => c.count,
        _ => unreachable!("the bench runs bfs and components"),
    }
}

/// `rounds` timed rounds, after one untimed warm-up, of `queries` in one
/// resident `cpu` session that keeps every output. Returns the median
/// round's seconds, the checksum of a round (every round must agree) and
/// the seconds from opening the session to the end of the warm-up.
fn dwell_rounds(g: &Graph, queries: &[Query], rounds: usize) -> (f64, u64, f64) {
    let runs = ((rounds + 1) * queries.len()) as u64;
    let mut profile = derive(&Cpu, g, &queries[0], runs, u64::MAX).expect("sizes fit");
    profile.keep_all_outputs = true;
    let opened = Instant::now();
    let mut s = Session::open(&Cpu, g, plan(&profile).expect("plan")).expect("open");
    let mut t = Vec::with_capacity(rounds);
    let mut started = 0.0;
    for round in 0..=rounds {
        let start = Instant::now();
        for q in queries {
            s.run(q).expect("valid query");
        }
        if round > 0 {
            t.push(start.elapsed().as_secs_f64());
        } else {
            started = opened.elapsed().as_secs_f64();
        }
    }
    let outputs = s.finish().expect("read back").outputs;
    for (q, out) in queries.iter().zip(&outputs) {
        q.verify(g, out).expect("the answer passes its verifier");
    }
    let sums: Vec<u64> = outputs
        .chunks(queries.len())
        .map(|round| round.iter().map(checksum).sum())
        .collect();
    assert!(
        sums.windows(2).all(|w| w[0] == w[1]),
        "a run changed its answer"
    );
    (median(t), sums[0], started)
}

fn main() {
    // petgraph's tarjan_scc recurses once per vertex on a deep DFS: give it a
    // stack large enough for R-MAT 20 instead of aborting the whole table.
    std::thread::Builder::new()
        .stack_size(4 << 30)
        .spawn(bench_all)
        .expect("spawn the benchmark thread")
        .join()
        .expect("benchmark thread");
}

fn bench_all() {
    // As in the `dwell` binary: this thread joins rayon's pool, so dwell's
    // runs start in place.
    let _ = rayon::ThreadPoolBuilder::new()
        .use_current_thread()
        .build_global();
    let mut runs = 5usize;
    let mut batch = 64usize;
    let mut singles = 8usize;
    let mut seed = 1u64;
    let mut graphs = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut num = |name: &str| -> usize {
            args.next()
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("{name} needs a number"))
        };
        match a.as_str() {
            "--runs" => runs = num("--runs"),
            "--batch" => batch = num("--batch"),
            "--singles" => singles = num("--singles"),
            "--seed" => seed = num("--seed") as u64,
            "--bench" => {} // cargo bench passes this
            _ => graphs.push(a),
        }
    }
    if graphs.is_empty() {
        eprintln!("usage: cargo bench -p dwell --bench peers -- [--runs R] [--batch N] [--singles K] [--seed S] GRAPH...");
        return;
    }
    println!(
        "petgraph peer, {} rayon threads, {runs} timed runs (median), sources random (seed {seed})",
        rayon::current_num_threads()
    );
    println!(
        "| graph | nodes | arcs | analysis | dwell µs/query | petgraph µs/query | petgraph/dwell |"
    );
    println!("|---|---:|---:|---|---:|---:|---:|");
    let mut opens = Vec::new();
    for path in &graphs {
        // cargo bench runs in crates/dwell: read relative paths from the
        // workspace root when they are not found here.
        let mut file = std::path::PathBuf::from(path);
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        if !file.exists() && root.join(&file).exists() {
            file = root.join(&file);
        }
        let g =
            formats::load(&file, &LoadOptions::default()).unwrap_or_else(|e| panic!("{path}: {e}"));
        let pg = petgraph_of(&g);
        let name = std::path::Path::new(path)
            .file_name()
            .map_or(path.clone(), |f| f.to_string_lossy().into_owned());
        let row = |what: String, d: f64, p: f64| {
            println!(
                "| {name} | {} | {} | {what} | {:.1} | {:.1} | {:.1}× |",
                g.nodes(),
                g.arcs(),
                d * 1e6,
                p * 1e6,
                p / d
            );
        };
        let sources = dwell::sources::random(&g, batch, seed).expect("enough sources");
        let (d, dc, start) = dwell_rounds(&g, &[bfs_query(&sources)], runs);
        opens.push(format!("{name}: {:.1} ms", start * 1e3));
        let (p, pc) = time(runs, || sources.iter().map(|&s| petgraph_bfs(&pg, s)).sum());
        assert_eq!(dc, pc, "bfs: dwell and petgraph disagree on {name}");
        row(format!("bfs x{batch}"), d / batch as f64, p / batch as f64);

        if singles > 0 {
            let ones = dwell::sources::random(&g, singles, seed).expect("enough sources");
            let queries: Vec<Query> = ones.iter().map(|&s| bfs_query(&[s])).collect();
            let (d, dc, _) = dwell_rounds(&g, &queries, runs);
            let (p, pc) = time(runs, || ones.iter().map(|&s| petgraph_bfs(&pg, s)).sum());
            assert_eq!(dc, pc, "bfs x1: dwell and petgraph disagree on {name}");
            row("bfs x1".into(), d / singles as f64, p / singles as f64);
        }

        let (d, dc, _) = dwell_rounds(&g, &[Query::Wcc], runs);
        let (p, pc) = time(runs, || petgraph::algo::connected_components(&pg) as u64);
        assert_eq!(dc, pc, "wcc: dwell and petgraph disagree on {name}");
        row("wcc".into(), d, p);

        let (d, dc, _) = dwell_rounds(&g, &[Query::Scc], runs);
        let (p, pc) = time(runs, || petgraph::algo::tarjan_scc(&pg).len() as u64);
        assert_eq!(dc, pc, "scc: dwell and petgraph disagree on {name}");
        row("scc".into(), d, p);
    }
    println!();
    println!(
        "dwell bfs x{batch} session starts, open + warm-up round (untimed above): {}",
        opens.join(", ")
    );
}
