//! `dwell snapshot GRAPH --out FILE`: the normalized graph in dwell's binary
//! snapshot layout (`dwell::formats::snapshot`, docs/SNAPSHOT.md), which any
//! command then opens without parsing.

use crate::args::GraphArgs;
use crate::error::Result;
use crate::input::{graph_options, Input};
use crate::progress::Bar;
use crate::report::{outln, Out};
use dwell::formats::snapshot;
use std::path::Path;
use std::time::Instant;

pub fn snapshot(args: &GraphArgs, out: &Path, json: bool) -> Result<()> {
    let mut stdout = Out::Stdout;
    let bar = Bar::start("snapshot");
    let loaded = Input::load(&args.graph, &graph_options(&args.load)?, &bar)?;
    let Input::Graph(g) = &loaded.input else {
        return Err(format!(
            "{} is a program bundle, which `dwell snapshot` does not take (a bundle keeps more than its graph). Fix: pass a graph file; bundles are read directly by `dwell run` and `dwell info`",
            args.graph.display()
        )
        .into());
    };
    bar.phase(format!("writing {}", out.display()));
    let t = Instant::now();
    snapshot::write(out, g)?;
    let write_ms = t.elapsed().as_secs_f64() * 1e3;
    bar.finish();
    let bytes = std::fs::metadata(out).map(|m| m.len()).ok();
    if json {
        let v = serde_json::json!({
            "snapshot": out.display().to_string(),
            "source": args.graph.display().to_string(),
            "version": snapshot::VERSION,
            "nodes": g.nodes(),
            "arcs": g.arcs(),
            "directed": g.is_directed(),
            "layout_hash": format!("{:016x}", g.layout_hash()),
            "bytes": bytes,
            "timings": {"load_ms": loaded.load_ms, "write_ms": write_ms},
        });
        outln!(stdout, "{}", serde_json::to_string_pretty(&v)?);
    } else {
        eprintln!(
            "wrote {} ({} nodes, {} arcs, layout hash {:016x}{})",
            out.display(),
            g.nodes(),
            g.arcs(),
            g.layout_hash(),
            bytes.map_or(String::new(), |b| format!(", {b} bytes"))
        );
    }
    Ok(())
}
