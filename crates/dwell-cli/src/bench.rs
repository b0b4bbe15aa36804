//! `dwell bench`: wiring only; the benchmark lives in `dwell_cuda::bench`.

use crate::args::{Analysis, BenchArgs};
use crate::cmd::{load, Result};
use dwell::session::evidence;

pub fn bench(args: &BenchArgs) -> Result<()> {
    if args.backend != "cuda" {
        return Err(format!(
            "dwell bench compares the cuda backend's two modes, not {:?}. Fix: pass --backend cuda",
            args.backend
        )
        .into());
    }
    if args.analysis != Analysis::Bfs {
        return Err("dwell bench measures bfs for now. Fix: pass --analysis bfs".into());
    }
    let cuda = dwell_cuda::Cuda::new(0, dwell_cuda::Mode::Resident)?;
    let (g, _) = load(&args.graph)?;
    let sources = dwell::sources::random(&g, args.batch, args.seed)?;
    let name = args.graph.graph.file_name().map_or_else(
        || args.graph.graph.display().to_string(),
        |f| f.to_string_lossy().into_owned(),
    );
    let f = cuda.facts();
    println!(
        "device {} ({}): {} bytes, compute capability {}.{}, {} SMs, cooperative grid {} blocks",
        f.ordinal,
        f.name,
        f.memory_bytes,
        f.compute_capability.0,
        f.compute_capability.1,
        f.sms,
        cuda.grid_blocks()
    );
    let (row, measured) = dwell_cuda::bench::bench_bfs(&cuda, &g, &name, sources, args.runs)?;
    print!("{}", dwell_cuda::bench::table(std::slice::from_ref(&row)));
    if let Some(file) = &args.evidence {
        let sample = evidence::sample(&measured)?;
        match dwell_cuda::bench::evidence_row(&sample) {
            Ok(line) => {
                dwell_cuda::bench::append_evidence(file, &line)?;
                println!("appended evidence row to {}", file.display());
            }
            Err(e) => println!("no evidence row for {name}: {e}"),
        }
    }
    Ok(())
}
