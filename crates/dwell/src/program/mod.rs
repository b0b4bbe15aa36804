//! Real programs: LLVM IR in, program analyses out.
//!
//! ```text
//! FILE.ll[.xz|.gz] ──llvm::parse──▶ ir::Program (functions, blocks, CFG, calls, def/use)
//!                  ──icfg::build──▶ Icfg (block segments; flow / call / return arcs)
//!                  ──bundle::write─▶ BUNDLE/ (icfg.edges, nodes.tsv, defs.txt, files.tsv …)
//! BUNDLE/ ──bundle::read──▶ Bundle ──liveness / reaching_defs──▶ DataflowProblem
//!                                  ──taint_query──────────────▶ TaintQuery
//!                                  ──cfl::taint (TaintQuery)──▶ realizable findings
//! ```
//! The analyses are dwell's ([`crate::session::run_once`] on any backend); this
//! module builds their inputs from a program and names their results in
//! program terms (function, block, variable). The exception is
//! context-sensitive taint ([`cfl`]), which needs the call/return structure
//! a plain labelled graph does not carry; it runs on the CPU.
//!
//! With debug info (`clang -g`) every node and function also has its place in
//! the C source (file, line, column; [`bundle::Bundle::node_place`]), else
//! its line in the IR file: findings can point where people read code.
//!
//! ```
//! let ir = "define i32 @main() {\nentry:\n  %x = call i32 @f()\n  ret i32 %x\n}\n\
//!           define i32 @f() {\n  ret i32 1\n}\n";
//! let p = dwell::program::llvm::parse(ir, "t.ll").unwrap();
//! let g = dwell::program::icfg::build(&p).unwrap();
//! assert_eq!(p.counts().call_edges, 1);
//! assert_eq!(g.nodes.len(), 3); // main: [call f] [ret]; f: [ret]
//! ```

pub mod bundle;
pub mod call_taint;
pub mod cfl;
pub mod flow;
pub mod icfg;
pub mod ir;
mod lex;
pub mod link;
pub mod llvm;
pub mod locals;
pub mod models;
pub mod points_to;
pub mod problems;

pub use bundle::{Bundle, Counts, Meta};
pub use ir::Program;
pub use llvm::ParseError;

use crate::progress::{Progress, Steps};
use std::io::Read;
use std::path::{Path, PathBuf};

/// Why a program could not be imported, stored or analysed.
#[derive(Debug, thiserror::Error)]
pub enum ProgramError {
    #[error("{file}: {source}. Fix: check the path and permissions")]
    Io {
        file: PathBuf,
        source: std::io::Error,
    },
    #[error(transparent)]
    Parse(#[from] ParseError),
    #[error("{0}")]
    Bundle(String),
    /// A request the program cannot answer (an unknown function, a scope
    /// too large), described where it is found.
    #[error("{0}")]
    Analysis(String),
    #[error(transparent)]
    Graph(#[from] crate::graph::GraphError),
    #[error(transparent)]
    TooLarge(#[from] icfg::TooLarge),
    #[error(transparent)]
    Session(#[from] crate::session::SessionError),
}

/// Read an IR file (plain, `.gz` or `.xz`, detected from content) and parse it.
pub fn read_llvm(path: &Path) -> Result<Program, ProgramError> {
    let io = |source| ProgramError::Io {
        file: path.to_path_buf(),
        source,
    };
    let mut bytes = Vec::new();
    crate::io::open(path)
        .map_err(io)?
        .read_to_end(&mut bytes)
        .map_err(io)?;
    let text = String::from_utf8_lossy(&bytes);
    Ok(llvm::parse(&text, &path.display().to_string())?)
}

/// Import `input` into a bundle at `out`; returns the bundle's metadata and
/// the warnings about skipped constructs. Reports its steps (read and parse,
/// build the supergraph, write the bundle) to `progress`.
pub fn import_llvm(
    input: &Path,
    out: &Path,
    progress: &dyn Progress,
) -> Result<(Meta, Vec<String>), ProgramError> {
    import_llvm_files(&[input.to_path_buf()], out, progress)
}

/// [`import_llvm`] of several modules (one per translation unit), linked
/// into one program first as `llvm-link` would ([`link`]).
pub fn import_llvm_files(
    inputs: &[PathBuf],
    out: &Path,
    progress: &dyn Progress,
) -> Result<(Meta, Vec<String>), ProgramError> {
    if inputs.is_empty() {
        return Err(ProgramError::Analysis(
            "no IR file to import. Fix: name one or more .ll files".into(),
        ));
    }
    let steps = Steps::new(progress, "import steps", inputs.len() as u64 + 2);
    let name = |input: &Path| {
        input.file_name().map_or_else(
            || input.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    };
    let mut modules = Vec::with_capacity(inputs.len());
    for input in inputs {
        modules.push((name(input), read_llvm(input)?));
        steps.add(1);
    }
    let source = modules
        .iter()
        .map(|(n, _)| n.as_str())
        .collect::<Vec<_>>()
        .join(" + ");
    let p = match modules.len() {
        1 => modules.pop().map(|(_, p)| p).unwrap_or_default(),
        _ => link::link(modules)?,
    };
    let g = icfg::build(&p)?;
    steps.add(1);
    let meta = bundle::write(out, &source, &p, &g)?;
    steps.add(1);
    Ok((meta, p.warnings))
}
