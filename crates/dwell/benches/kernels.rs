//! Criterion benchmarks of the `cpu` kernels next to a peer, on the bundled
//! real graphs (email-Enron, the Bremen road network):
//!
//! ```sh
//! cargo bench -p dwell --bench kernels            # all
//! cargo bench -p dwell --bench kernels -- bremen  # one graph
//! ```
//!
//! Each group times dwell and its peer on the same graph and inputs in the
//! same run: a 64-source BFS batch (dwell: one query in a resident session;
//! petgraph: its `Bfs` walked from each source), weak components (petgraph's
//! `connected_components`), and on email-Enron taken undirected a 64-fact
//! dataflow problem (the `cpu-reference` solver). Every peer's answer is
//! checked against dwell's once before timing. `benches/peers.rs` prints
//! the same comparisons as a ratio table; this one gives criterion's
//! statistics (and its comparison with the previous run).

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use dwell::analysis::{BfsQuery, DataflowProblem, Direction, FactSets, Meet, Output, Query};
use dwell::backend::{Backend, Cpu, CpuReference};
use dwell::bench::{time_session, Harness};
use dwell::formats::{self, LoadOptions};
use dwell::graph::Graph;
use dwell::progress::Quiet;
use dwell::session::Session;
use std::path::Path;

mod common;
use common::{petgraph_bfs, petgraph_of};

fn load(rel: &str, undirected: bool) -> Graph {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(rel);
    let options = LoadOptions {
        directed: undirected.then_some(false),
        ..LoadOptions::default()
    };
    formats::load(&path, &options).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// A resident session for many runs of `q` on `backend` (as a tool running
/// many queries over one graph would hold it).
fn session<'g>(backend: &'g dyn Backend, g: &'g Graph, q: &Query) -> Session<'g> {
    Session::for_query(backend, g, q, 1 << 40, u64::MAX).expect("open")
}

/// `q`'s answer from the shared harness (a warm-up and one run, so any copy
/// of the graph a timed session would make is used here too), checked by
/// the analysis's verifier.
fn answer(backend: &dyn Backend, g: &Graph, q: &Query) -> Output {
    let h = Harness {
        runs: 1,
        ..Harness::default()
    };
    time_session(backend, g, q, &h, &Quiet)
        .expect("a verified answer")
        .output
}

fn reached(out: &Output) -> u64 {
    match out {
        Output::Bfs(r) => r.iter().map(|x| x.reached).sum(),
        _ => unreachable!("a bfs output"),
    }
}

fn traversals(c: &mut Criterion, name: &str, g: &Graph) {
    let pg = petgraph_of(g);
    let sources = dwell::sources::random(g, 64, 1).expect("enough sources");
    let bfs = Query::Bfs(BfsQuery {
        sources: sources.clone(),
        keep_levels: false,
    });
    let walk = |s: u32| petgraph_bfs(&pg, s);
    let want: u64 = sources.iter().map(|&x| walk(x)).sum();
    assert_eq!(
        reached(&answer(&Cpu, g, &bfs)),
        want,
        "{name}: bfs disagrees"
    );
    let mut s = session(&Cpu, g, &bfs);

    let mut group = c.benchmark_group(format!("{name}/bfs x64"));
    group.sample_size(20);
    group.bench_function("dwell", |b| b.iter(|| s.run(&bfs).expect("valid")));
    group.bench_function("petgraph", |b| {
        b.iter(|| sources.iter().map(|&x| walk(x)).sum::<u64>())
    });
    group.finish();

    let count = match answer(&Cpu, g, &Query::Wcc) {
        Output::Wcc(c) => c.count,
        _ => unreachable!("a wcc output"),
    };
    assert_eq!(
        count,
        petgraph::algo::connected_components(&pg) as u64,
        "{name}: wcc disagrees"
    );
    let mut s = session(&Cpu, g, &Query::Wcc);
    let mut group = c.benchmark_group(format!("{name}/wcc"));
    group.sample_size(20);
    group.bench_function("dwell", |b| b.iter(|| s.run(&Query::Wcc).expect("valid")));
    group.bench_function("petgraph", |b| {
        b.iter(|| petgraph::algo::connected_components(&pg))
    });
    group.finish();
}

fn dataflow(c: &mut Criterion) {
    let g = load("data/graphs/email-Enron.edges.xz", true);
    let n = g.nodes();
    // One gen and one kill fact per node, 64 facts, drawn from a fixed seed.
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut draw = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % 64) as u32
    };
    let mut gen_rows = Vec::with_capacity(n);
    let mut kill_rows = Vec::with_capacity(n);
    for v in 0..n as u32 {
        gen_rows.push((v, vec![draw()]));
        kill_rows.push((v, vec![draw()]));
    }
    let q = Query::Dataflow(DataflowProblem {
        direction: Direction::Forward,
        meet: Meet::Union,
        gen: FactSets::from_lists(n, 64, &gen_rows),
        kill: FactSets::from_lists(n, 64, &kill_rows),
    });
    assert_eq!(
        answer(&Cpu, &g, &q),
        answer(&CpuReference, &g, &q),
        "dataflow disagrees"
    );
    let mut fast = session(&Cpu, &g, &q);
    let mut oracle = session(&CpuReference, &g, &q);
    let mut group = c.benchmark_group("email-Enron undirected/dataflow 64 facts");
    group.sample_size(20);
    group.bench_function("dwell", |b| b.iter(|| fast.run(&q).expect("valid")));
    group.bench_function("cpu-reference", |b| {
        b.iter(|| oracle.run(&q).expect("valid"))
    });
    // A one-run session each time: what a single query costs cold.
    group.bench_function("dwell, one-run session", |b| {
        b.iter_batched(
            || q.clone(),
            |q| dwell::session::run_once(&Cpu, &g, &q).expect("valid"),
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

fn real_graphs(c: &mut Criterion) {
    // As in the `dwell` binary: this thread joins rayon's pool.
    let _ = rayon::ThreadPoolBuilder::new()
        .use_current_thread()
        .build_global();
    traversals(
        c,
        "email-Enron",
        &load("data/graphs/email-Enron.edges.xz", false),
    );
    traversals(c, "bremen", &load("data/roads/bremen_dist.gr.xz", false));
    dataflow(c);
}

criterion_group!(benches, real_graphs);
criterion_main!(benches);
