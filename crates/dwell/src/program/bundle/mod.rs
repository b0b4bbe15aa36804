//! Program bundles: a directory that `dwell info` / `dwell run` read.
//!
//! ```text
//! BUNDLE/
//!   bundle.json     format, version, source file, counts, label names
//!   icfg.edges      the supergraph: `# nodes N edges M directed 1` header,
//!                   then `u v flow|call|return` lines (dwell's edge-list format)
//!   nodes.tsv       node, function id, block name, segment, call (callee name,
//!                   `*indirect`, `*asm` or `-`); since version 2 also the
//!                   place of the instruction it stands for (see icfg::Node):
//!                   source file id, line, column (`-` `0` `0` without debug
//!                   info), line in the IR file
//!   functions.tsv   id, name, defined (0/1), first node, end node (exclusive),
//!                   blocks, parameters, varargs (0/1), return type; since
//!                   version 2 also source file id, line, source name (`-`
//!                   without debug info), line in the IR file
//!   files.tsv       (version 2) id, filename, directory: the debug info's
//!                   DIFile records (`\t`, `\n`, `\\` escaped)
//!   vars.tsv        variable id, name (`@g`, `fn:%x`), kind (ssa, slot, global)
//!   defs.txt        `node var var …` (FactSets::read format): defined variables
//!   uses.txt        `node var var …`: upward-exposed uses
//!   program.bin.gz  (version 3) the whole program model
//!                   ([`Program`](super::Program), what the value-flow
//!                   analyses read): [`PROGRAM_MAGIC`], then its bincode
//!                   encoding (varint integers), gzip-compressed; read back
//!                   by [`read_program`]
//! ```
//! A bundle is written into a temporary directory beside the target, then
//! renamed into place; an existing bundle at the target is replaced only
//! after the new one is complete.
//!
//! Version 1 bundles (no places) are still read, with every place unknown
//! ([`Bundle::node_place`] is `None`); analyses run as before, and what needs
//! places (SARIF) says to re-import. Version 1 and 2 bundles hold no
//! `program.bin.gz`: [`read`] reads them, [`read_program`] says to re-import.
//!
//! `write.rs` writes a bundle, `read.rs` reads one back, file by file; this
//! file holds what both share: the types, the escaping of TSV fields and
//! the place columns.

mod read;
mod write;

pub use read::{read, read_program};
pub use write::write;

use super::icfg::{Icfg, LABELS};
use super::ir::{ProgramCounts, SourceFile, SourceLoc, VarKind};
use super::ProgramError;
use crate::graph::{Graph, LabelNames};
use std::path::Path;

/// Format name written to `bundle.json`.
pub const FORMAT: &str = "dwell-program-bundle";
/// Current bundle version (3: `program.bin.gz`; 2: source places; 1 and 2
/// are still read).
pub const VERSION: u32 = 3;

/// First bytes of `program.bin.gz`, once decompressed (model 5: global
/// fields; an older model is refused with a Fix to re-import).
pub const PROGRAM_MAGIC: &[u8] = b"dwell program model 5\n";

/// The bincode options of `program.bin.gz`: little endian, varint
/// integers, trailing bytes rejected (a reader adds a byte limit).
fn program_options() -> impl bincode::Options + Copy {
    bincode::DefaultOptions::new()
}

/// What `bundle.json` holds.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize, PartialEq, Eq)]
pub struct Meta {
    pub format: String,
    pub version: u32,
    pub source: String,
    pub counts: Counts,
    pub labels: Vec<String>,
}

/// Counts printed by `dwell import llvm --json` and kept in `bundle.json`:
/// the program's own (flattened into the same JSON object) and the
/// supergraph's.
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize, PartialEq, Eq)]
pub struct Counts {
    #[serde(flatten)]
    pub program: ProgramCounts,
    pub icfg_nodes: usize,
    pub icfg_edges: usize,
}

impl Counts {
    pub fn new(c: &ProgramCounts, g: &Icfg) -> Counts {
        Counts {
            program: c.clone(),
            icfg_nodes: g.nodes.len(),
            icfg_edges: g.edges.len(),
        }
    }
}

/// One row of `functions.tsv`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FunctionInfo {
    pub name: String,
    pub defined: bool,
    pub nodes: std::ops::Range<u32>,
    pub blocks: usize,
    /// Source file and line (column 0) of its `DISubprogram`.
    pub loc: Option<SourceLoc>,
    /// The name in the source, from debug info.
    pub source_name: Option<String>,
    /// Line of its `define`/`declare` in the IR file (0: version 1 bundle).
    pub ir_line: u64,
}

/// One row of `nodes.tsv`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeInfo {
    pub function: u32,
    pub block: String,
    pub segment: u32,
    /// Direct callee name, `*indirect`, `*asm`, or `None`.
    pub call: Option<String>,
    /// Debug location of the instruction the node stands for.
    pub loc: Option<SourceLoc>,
    /// Its line in the IR file (0: version 1 bundle).
    pub ir_line: u64,
}

/// Where a node or function is, for people: a source file and line from
/// debug info, else the IR file and line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    pub file: String,
    pub line: u64,
    /// 1-based; 0 when unknown.
    pub column: u32,
    /// From debug info (else the IR file's own line).
    pub debug: bool,
}

/// A bundle read back: everything the program analyses need.
#[derive(Debug)]
pub struct Bundle {
    pub meta: Meta,
    /// The supergraph, labels `flow` = 1, `call` = 2, `return` = 4.
    pub graph: Graph,
    pub nodes: Vec<NodeInfo>,
    pub functions: Vec<FunctionInfo>,
    pub vars: Vec<String>,
    pub var_kinds: Vec<VarKind>,
    /// Per node: defined variables (sorted).
    pub defs: Vec<Vec<u32>>,
    /// Per node: upward-exposed used variables (sorted).
    pub uses: Vec<Vec<u32>>,
    /// Source files ([`SourceLoc::file`] indexes it).
    pub files: Vec<SourceFile>,
}

impl Bundle {
    /// `function:%block` or `function:%block#segment`.
    pub fn node_name(&self, n: u32) -> String {
        let node = &self.nodes[n as usize];
        let f = &self.functions[node.function as usize].name;
        if node.segment == 0 {
            format!("{f}:%{}", node.block)
        } else {
            format!("{f}:%{}#{}", node.block, node.segment)
        }
    }

    /// Function id by name.
    pub fn function_id(&self, name: &str) -> Option<u32> {
        self.functions
            .iter()
            .position(|f| f.name == name)
            .map(|i| i as u32)
    }

    fn place(&self, loc: Option<SourceLoc>, ir_line: u64) -> Option<Place> {
        match loc.and_then(|l| Some((self.files.get(l.file as usize)?, l))) {
            Some((f, l)) => Some(Place {
                file: f.path(),
                line: u64::from(l.line),
                column: l.column,
                debug: true,
            }),
            None if ir_line > 0 => Some(Place {
                file: self.meta.source.clone(),
                line: ir_line,
                column: 0,
                debug: false,
            }),
            None => None,
        }
    }

    /// Where node `n` is (`None` in a version 1 bundle).
    pub fn node_place(&self, n: u32) -> Option<Place> {
        let node = &self.nodes[n as usize];
        self.place(node.loc, node.ir_line)
    }

    /// Where function `f` is defined or declared (`None` in a version 1
    /// bundle).
    pub fn function_place(&self, f: u32) -> Option<Place> {
        let info = &self.functions[f as usize];
        self.place(info.loc, info.ir_line)
    }
}

/// Escape a TSV field (tab, newline, backslash).
fn esc(s: &str) -> String {
    s.replace('\\', "\\\\")
        .replace('\t', "\\t")
        .replace('\n', "\\n")
        .replace('\r', "\\r")
}

/// Undo [`esc`].
fn unesc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut it = s.chars();
    while let Some(c) = it.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match it.next() {
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some(o) => out.push(o),
            None => out.push('\\'),
        }
    }
    out
}

/// `file line column` columns of a place (`-` file when none).
fn loc_cols(loc: Option<SourceLoc>) -> String {
    match loc {
        Some(l) => format!("{}\t{}\t{}", l.file, l.line, l.column),
        None => "-\t0\t0".into(),
    }
}

/// Parse [`loc_cols`] back; `Err` for malformed or out-of-range fields.
fn parse_loc(
    file: Option<&&str>,
    line: Option<&&str>,
    col: Option<&&str>,
    files: usize,
) -> Result<Option<SourceLoc>, ()> {
    match (file, line, col) {
        (Some(&"-"), _, _) => Ok(None),
        (Some(f), Some(l), Some(c)) => {
            let (Ok(file), Ok(line), Ok(column)) = (f.parse::<u32>(), l.parse(), c.parse()) else {
                return Err(());
            };
            if file as usize >= files {
                return Err(());
            }
            Ok(Some(SourceLoc { file, line, column }))
        }
        _ => Err(()),
    }
}

/// Is `dir` a program bundle (a directory with `bundle.json`)?
pub fn is_bundle(dir: &Path) -> bool {
    dir.is_dir() && dir.join("bundle.json").is_file()
}

/// A read error of `path`, named.
fn io_err(path: &Path) -> impl Fn(std::io::Error) -> ProgramError + '_ {
    move |source| ProgramError::Io {
        file: path.to_path_buf(),
        source,
    }
}

/// The label names of every bundle graph, in bit order.
pub fn label_names() -> LabelNames {
    let mut names = LabelNames::default();
    for l in LABELS {
        names.bit_for(l).expect("three names fit");
    }
    names
}
