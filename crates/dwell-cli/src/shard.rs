//! `dwell shard GRAPH --parts P --out DIR`: split a graph for `--backend
//! timely` (the partition and files are `dwell_timely::shard`'s).

use crate::args::GraphArgs;
use crate::error::Result;
use crate::input::graph_options;
use crate::report::{outln, Out};
use dwell::formats;
use std::path::Path;

pub fn shard(graph: &GraphArgs, parts: usize, out: &Path) -> Result<()> {
    let opts = graph_options(&graph.load)?;
    let g = formats::load(&graph.graph, &opts)?;
    let m = dwell_timely::shard::write(&g, parts, out)?;
    outln!(
        Out::Stdout,
        "{} split into {} parts in {} ({} nodes, {} arcs; out- and in-arcs per part: {})",
        graph.graph.display(),
        m.parts,
        out.display(),
        m.nodes,
        m.arcs,
        m.part_out_records
            .iter()
            .zip(&m.part_in_records)
            .map(|(o, i)| format!("{o}+{i}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    Ok(())
}
