//! `dwell gen rmat|grid`: synthetic graphs written as edge lists or Matrix Market.

use crate::args::GenKind;
use crate::error::Result;
use dwell::formats;

pub fn gen(kind: GenKind) -> Result<()> {
    let (generated, out) = match kind {
        GenKind::Rmat {
            scale,
            edge_factor,
            seed,
            out,
        } => (dwell::gen::rmat(scale, edge_factor.into(), seed)?, out),
        GenKind::Grid {
            rows,
            cols,
            keep,
            seed,
            out,
        } => (dwell::gen::grid(rows.into(), cols.into(), keep, seed)?, out),
    };
    let is_mtx = out.extension().is_some_and(|e| e == "mtx");
    let write = if is_mtx {
        formats::write_matrix_market
    } else {
        formats::write_edge_list
    };
    write(&out, generated.nodes, generated.directed, &generated.edges)?;
    eprintln!(
        "wrote {} ({} nodes, {} generated edges, {})",
        out.display(),
        generated.nodes,
        generated.edges.len(),
        if generated.directed {
            "directed"
        } else {
            "undirected"
        }
    );
    Ok(())
}
