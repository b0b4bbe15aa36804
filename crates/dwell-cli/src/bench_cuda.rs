//! `dwell bench --backend cuda`: the device's own benchmark.

use crate::args::{AnalysisName, BenchArgs};
use crate::error::Result;
use crate::input::{load_options, short_name, Input};
use crate::progress::Bar;
use crate::report::{outln, Out};
use dwell_cuda::Cuda;

/// `--backend cuda`: per graph, BFS over the same sources in three modes
/// (host-orchestrated, resident graph with host-driven levels, resident),
/// each checked against the CPU (the benchmark itself lives in
/// `dwell_cuda::bench`); optionally one evidence row per graph.
pub fn bench(cuda: &Cuda, args: &BenchArgs) -> Result<()> {
    if args.analysis.iter().any(|&a| a != AnalysisName::Bfs) {
        return Err("the cuda benchmark measures bfs for now. Fix: pass --analysis bfs".into());
    }
    if args.runs < 2 {
        return Err("the cuda benchmark compares repeated runs. Fix: pass --runs 2 or more".into());
    }
    let f = cuda.facts();
    outln!(
        Out::Stdout,
        "device {} ({}): {} bytes, compute capability {}.{}, {} SMs, cooperative grid {} blocks",
        f.ordinal,
        f.name,
        f.memory_bytes,
        f.compute_capability.0,
        f.compute_capability.1,
        f.sms,
        cuda.grid_blocks()
    );
    let bar = Bar::start("bench");
    let mut rows = Vec::new();
    for path in &args.graphs {
        let loaded = Input::load(path, &load_options(args.directed, args.undirected), &bar)?;
        let Input::Graph(g) = loaded.input else {
            return Err(format!("{} is a program bundle; the cuda benchmark times bfs on graphs. Fix: bench bundles with --backend cpu", path.display()).into());
        };
        let sources = dwell::sources::parse_spec(&g, &args.sources, args.seed)?;
        let name = short_name(path);
        // The device benchmark reports no counts: the bar shows elapsed time.
        bar.phase(format!("{name} bfs (cuda, three modes)"));
        let (row, measured) =
            dwell_cuda::bench::bench_bfs(cuda, &g, &name, sources, args.runs as u64)?;
        bar.line(&format!(
            "  {name} bfs: resident {:.3} µs/query, resident-host-levels {:.3}, host-orchestrated {:.3}: residency {:.1}x, convergence {:.1}x, {:.1}x",
            row.resident_us_per_query(),
            row.stepped_us_per_query(),
            row.host_us_per_query(),
            row.residency(),
            row.convergence(),
            row.speedup()
        ));
        if let Some(file) = &args.evidence {
            let sample = dwell::evidence::sample(&measured)?;
            match dwell_cuda::bench::evidence_row(&sample) {
                Ok(line) => {
                    dwell_cuda::bench::append_evidence(file, &line)?;
                    outln!(
                        Out::Stdout,
                        "appended evidence row for {name} to {}",
                        file.display()
                    );
                }
                Err(e) => outln!(Out::Stdout, "no evidence row for {name}: {e}"),
            }
        }
        rows.push(row);
    }
    bar.finish();
    Out::Stdout.write(&dwell_cuda::bench::table(&rows));
    Ok(())
}
