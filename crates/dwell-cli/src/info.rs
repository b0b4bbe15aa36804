//! `dwell info PATH`: the facts of a graph file or a program bundle.

use crate::args::GraphArgs;
use crate::error::Result;
use crate::input::{graph_options, Input};
use crate::progress::Bar;
use crate::report::{self, outln, GraphFacts, Out};
use dwell::program::Bundle;
use std::path::Path;

pub fn info(args: &GraphArgs, json: bool) -> Result<()> {
    let bar = Bar::start("info");
    let loaded = Input::load(&args.graph, &graph_options(&args.load)?, &bar)?;
    bar.finish();
    match &loaded.input {
        Input::Graph(g) => {
            let facts = GraphFacts::of(g, &args.graph);
            if json {
                report::print_json(&report::info_json(&facts, g, loaded.load_ms))
            } else {
                Out::Stdout.write(&report::info_human(&facts, g, loaded.load_ms));
                Ok(())
            }
        }
        Input::Bundle(b) => bundle_info(b, &args.graph, json),
    }
}

fn bundle_info(b: &Bundle, path: &Path, json: bool) -> Result<()> {
    let mut stdout = Out::Stdout;
    if json {
        let mut v = serde_json::to_value(&b.meta)?;
        v["nodes"] = serde_json::json!(b.graph.nodes());
        v["arcs"] = serde_json::json!(b.graph.arcs());
        v["layout_hash"] = serde_json::json!(format!("{:016x}", b.graph.layout_hash()));
        outln!(stdout, "{}", serde_json::to_string_pretty(&v)?);
    } else {
        let c = &b.meta.counts.program;
        outln!(
            stdout,
            "program bundle {} (from {})",
            path.display(),
            b.meta.source
        );
        outln!(stdout, "nodes        {}", b.graph.nodes());
        outln!(
            stdout,
            "arcs         {} (labels {})",
            b.graph.arcs(),
            b.graph.label_names()
        );
        outln!(stdout, "layout hash  {:016x}", b.graph.layout_hash());
        outln!(
            stdout,
            "functions    {} defined, {} declared; {} blocks, {} cfg edges",
            c.functions,
            c.declared,
            c.blocks,
            c.cfg_edges
        );
        outln!(
            stdout,
            "calls        {} pairs over {} direct sites, {} indirect sites",
            c.call_edges,
            c.direct_call_sites,
            c.indirect_call_sites
        );
        outln!(stdout, "variables    {}", c.variables);
    }
    Ok(())
}
