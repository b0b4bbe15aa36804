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
//! ```
//! A bundle is written into a temporary directory beside the target, then
//! renamed into place; an existing bundle at the target is replaced only
//! after the new one is complete.
//!
//! Version 1 bundles (no places) are still read, with every place unknown
//! ([`Bundle::node_place`] is `None`); analyses run as before, and what needs
//! places (SARIF) says to re-import.

use super::icfg::{Icfg, NodeCall, LABELS};
use super::ir::{Program, ProgramCounts, SourceFile, SourceLoc, VarKind};
use super::ProgramError;
use crate::graph::{Graph, GraphBuilder, LabelNames};
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};

/// Format name written to `bundle.json`.
pub const FORMAT: &str = "dwell-program-bundle";
/// Current bundle version (2: source places; 1 is still read).
pub const VERSION: u32 = 2;

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

/// Write `p`'s bundle to `out` (atomically: temp dir beside it, then rename).
pub fn write(out: &Path, source: &str, p: &Program, g: &Icfg) -> Result<Meta, ProgramError> {
    let meta = Meta {
        format: FORMAT.into(),
        version: VERSION,
        source: source.into(),
        counts: Counts::new(&p.counts(), g),
        labels: LABELS.iter().map(|s| s.to_string()).collect(),
    };
    if out.exists() && !is_bundle(out) {
        return Err(ProgramError::Bundle(format!(
            "{} exists and is not a program bundle. Fix: choose another --out directory, or remove it",
            out.display()
        )));
    }
    let parent = match out.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let werr = |e| ProgramError::Bundle(crate::io::write_error(out, e).to_string());
    std::fs::create_dir_all(&parent).map_err(werr)?;
    // `.NAME.dwell-tmp-XXXXXX` beside the target; leftovers of killed
    // imports are removed, and a signal handler may remove this one.
    let (_, prefix) = crate::io::temp_prefix(out).map_err(werr)?;
    crate::io::remove_stale(&parent, &prefix);
    let (tmp, _, pending) =
        crate::io::Pending::create(&parent, &prefix, true, out).map_err(werr)?;
    let d = &tmp.path;
    let file = |name: &str, f: &dyn Fn(&mut dyn Write) -> std::io::Result<()>| {
        let path = d.join(name);
        let mut w = BufWriter::new(std::fs::File::create(&path).map_err(werr)?);
        f(&mut w)
            .and_then(|_| w.flush())
            .and_then(|_| w.get_ref().sync_all())
            .map_err(werr)
    };
    file("bundle.json", &|w| {
        serde_json::to_writer_pretty(&mut *w, &meta).map_err(std::io::Error::other)?;
        writeln!(w)
    })?;
    file("icfg.edges", &|w| {
        writeln!(
            w,
            "# dwell program bundle: inter-procedural CFG of {source}"
        )?;
        writeln!(
            w,
            "# nodes {} edges {} directed 1",
            g.nodes.len(),
            g.edges.len()
        )?;
        for &(u, v, l) in &g.edges {
            writeln!(w, "{u} {v} {}", LABELS[l as usize])?;
        }
        Ok(())
    })?;
    file("nodes.tsv", &|w| {
        writeln!(
            w,
            "#node\tfunction\tblock\tsegment\tcall\tfile\tline\tcolumn\tir_line"
        )?;
        for (i, n) in g.nodes.iter().enumerate() {
            let f = &p.functions[n.function as usize];
            let call = match &n.call {
                None => "-".to_string(),
                Some(NodeCall::Direct(c)) => p.functions[*c as usize].name.clone(),
                Some(NodeCall::Indirect) => "*indirect".into(),
                Some(NodeCall::Asm) => "*asm".into(),
            };
            writeln!(
                w,
                "{i}\t{}\t{}\t{}\t{call}\t{}\t{}",
                n.function,
                f.blocks[n.block as usize].name,
                n.segment,
                loc_cols(n.loc),
                n.ir_line
            )?;
        }
        Ok(())
    })?;
    file("functions.tsv", &|w| {
        writeln!(
            w,
            "#id\tname\tdefined\tfirst_node\tend_node\tblocks\tparams\tvarargs\tret\tfile\tline\tsource_name\tir_line"
        )?;
        for (i, f) in p.functions.iter().enumerate() {
            let r = &g.ranges[i];
            let (file, line) = match f.loc {
                Some(l) => (l.file.to_string(), l.line),
                None => ("-".into(), 0),
            };
            writeln!(
                w,
                "{i}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{file}\t{line}\t{}\t{}",
                f.name,
                u8::from(f.defined),
                r.start,
                r.end,
                f.blocks.len(),
                f.params,
                u8::from(f.varargs),
                f.ret,
                f.source_name.as_deref().map_or_else(|| "-".into(), esc),
                f.line
            )?;
        }
        Ok(())
    })?;
    file("files.tsv", &|w| {
        writeln!(w, "#id\tfilename\tdirectory")?;
        for (i, f) in p.files.iter().enumerate() {
            writeln!(w, "{i}\t{}\t{}", esc(&f.filename), esc(&f.directory))?;
        }
        Ok(())
    })?;
    file("vars.tsv", &|w| {
        writeln!(w, "#id\tname\tkind")?;
        for (i, (v, k)) in p.vars.iter().zip(&p.var_kinds).enumerate() {
            writeln!(w, "{i}\t{v}\t{}", k.name())?;
        }
        Ok(())
    })?;
    for (name, sets) in [("defs.txt", &g.defs), ("uses.txt", &g.uses)] {
        file(name, &|w| {
            writeln!(w, "# node var var ... (variable ids: vars.tsv)")?;
            for (n, s) in sets.iter().enumerate() {
                if s.is_empty() {
                    continue;
                }
                write!(w, "{n}")?;
                for v in s {
                    write!(w, " {v}")?;
                }
                writeln!(w)?;
            }
            Ok(())
        })?;
    }
    // Swap into place: old bundle aside, new one in, old one removed.
    let backup = out.exists().then(|| {
        let mut b = out.as_os_str().to_owned();
        b.push(format!(".old-{}", std::process::id()));
        PathBuf::from(b)
    });
    pending
        .finish(|| {
            if let Some(b) = &backup {
                std::fs::rename(out, b)?;
            }
            if let Err(e) = std::fs::rename(&tmp.path, out) {
                if let Some(b) = &backup {
                    let _ = std::fs::rename(b, out);
                }
                return Err(e);
            }
            Ok(())
        })
        .map_err(werr)?;
    // Renamed into place: nothing left for the drop to remove.
    tmp.keep();
    if let Some(b) = &backup {
        let _ = std::fs::remove_dir_all(b);
    }
    Ok(meta)
}

/// Read a bundle directory.
pub fn read(dir: &Path) -> Result<Bundle, ProgramError> {
    let path = dir.join("bundle.json");
    let text = std::fs::read_to_string(&path).map_err(io_err(&path))?;
    let meta: Meta = serde_json::from_str(&text).map_err(|e| {
        ProgramError::Bundle(format!(
            "{}: {e}. Fix: re-create the bundle with `dwell import llvm`",
            path.display()
        ))
    })?;
    if meta.format != FORMAT || !(1..=VERSION).contains(&meta.version) {
        return Err(ProgramError::Bundle(format!(
            "{}: format {:?} version {} is not {FORMAT} version {VERSION}. Fix: re-create the bundle with this dwell's `dwell import llvm`",
            path.display(),
            meta.format,
            meta.version
        )));
    }
    let n = meta.counts.icfg_nodes;
    let bad = |file: &Path, line: usize, what: &str| {
        ProgramError::Bundle(format!(
            "{}:{line}: {what}. Fix: re-create the bundle with `dwell import llvm`",
            file.display()
        ))
    };
    // Graph.
    let path = dir.join("icfg.edges");
    let mut b = GraphBuilder::new(true);
    b.set_nodes(n as u64)
        .map_err(|e| ProgramError::Bundle(e.to_string()))?;
    b.set_label_names(label_names());
    b.reserve(meta.counts.icfg_edges)
        .map_err(|e| ProgramError::Bundle(e.to_string()))?;
    for_lines(&path, |i, line| {
        let mut it = line.split_whitespace();
        let (Some(u), Some(v), Some(l)) = (it.next(), it.next(), it.next()) else {
            return Err(bad(&path, i, "expected `u v label`"));
        };
        let (Ok(u), Ok(v)) = (u.parse::<u64>(), v.parse::<u64>()) else {
            return Err(bad(&path, i, "node ids are not numbers"));
        };
        let Some(bit) = LABELS.iter().position(|x| *x == l) else {
            return Err(bad(&path, i, "label is not flow, call or return"));
        };
        b.push_arc(u, v, Some(1 << bit), None)
            .map_err(|e| bad(&path, i, &e.to_string()))
    })?;
    let graph = b.build().map_err(|e| ProgramError::Bundle(e.to_string()))?;
    // Source files (version 2).
    let mut files = Vec::new();
    let v2 = meta.version >= 2;
    if v2 {
        let path = dir.join("files.tsv");
        for_lines(&path, |i, line| {
            let c: Vec<&str> = line.split('\t').collect();
            match (c.get(1), c.get(2)) {
                (Some(f), Some(d)) => {
                    files.push(SourceFile {
                        filename: unesc(f),
                        directory: unesc(d),
                    });
                    Ok(())
                }
                _ => Err(bad(&path, i, "expected id, filename, directory")),
            }
        })?;
    }
    // Functions.
    let path = dir.join("functions.tsv");
    let mut functions = Vec::new();
    for_lines(&path, |i, line| {
        let c: Vec<&str> = line.split('\t').collect();
        let num = |k: usize| c.get(k).and_then(|s| s.parse::<u32>().ok());
        match (c.get(1), num(2), num(3), num(4), num(5)) {
            (Some(name), Some(d), Some(a), Some(e), Some(bl)) if a <= e && e as usize <= n => {
                let (mut loc, mut source_name, mut ir_line) = (None, None, 0);
                if v2 {
                    let place = parse_loc(c.get(9), c.get(10), Some(&"0"), files.len());
                    let irl = c.get(12).and_then(|s| s.parse::<u64>().ok());
                    let (Ok(l), Some(sn), Some(irl)) = (place, c.get(11), irl) else {
                        return Err(bad(
                            &path,
                            i,
                            "expected …, ret, file, line, source_name, ir_line",
                        ));
                    };
                    (loc, ir_line) = (l, irl);
                    source_name = (*sn != "-").then(|| unesc(sn));
                }
                functions.push(FunctionInfo {
                    name: name.to_string(),
                    defined: d == 1,
                    nodes: a..e,
                    blocks: bl as usize,
                    loc,
                    source_name,
                    ir_line,
                });
                Ok(())
            }
            _ => Err(bad(
                &path,
                i,
                "expected id, name, defined, first_node, end_node, blocks, …",
            )),
        }
    })?;
    // Nodes.
    let path = dir.join("nodes.tsv");
    let mut nodes = Vec::with_capacity(n);
    for_lines(&path, |i, line| {
        let c: Vec<&str> = line.split('\t').collect();
        let f = c.get(1).and_then(|s| s.parse::<u32>().ok());
        let seg = c.get(3).and_then(|s| s.parse::<u32>().ok());
        match (f, c.get(2), seg, c.get(4)) {
            (Some(f), Some(block), Some(segment), Some(call)) if (f as usize) < functions.len() => {
                let (mut loc, mut ir_line) = (None, 0);
                if v2 {
                    let place = parse_loc(c.get(5), c.get(6), c.get(7), files.len());
                    let irl = c.get(8).and_then(|s| s.parse::<u64>().ok());
                    let (Ok(l), Some(irl)) = (place, irl) else {
                        return Err(bad(
                            &path,
                            i,
                            "expected …, call, file, line, column, ir_line",
                        ));
                    };
                    (loc, ir_line) = (l, irl);
                }
                nodes.push(NodeInfo {
                    function: f,
                    block: block.to_string(),
                    segment,
                    call: (*call != "-").then(|| call.to_string()),
                    loc,
                    ir_line,
                });
                Ok(())
            }
            _ => Err(bad(
                &path,
                i,
                "expected node, function, block, segment, call",
            )),
        }
    })?;
    if nodes.len() != n {
        return Err(bad(&path, 0, "node count differs from bundle.json"));
    }
    // Variables.
    let path = dir.join("vars.tsv");
    let mut vars = Vec::new();
    let mut var_kinds = Vec::new();
    for_lines(&path, |i, line| {
        let c: Vec<&str> = line.split('\t').collect();
        match (c.get(1), c.get(2).and_then(|k| VarKind::from_name(k))) {
            (Some(name), Some(kind)) => {
                vars.push(name.to_string());
                var_kinds.push(kind);
                Ok(())
            }
            _ => Err(bad(&path, i, "expected id, name, kind (ssa, slot, global)")),
        }
    })?;
    // Sparse `node var var …` lines (the FactSets::read format; kept
    // sparse here: nodes × variables bits would not fit for large programs).
    let sets = |name: &str| -> Result<Vec<Vec<u32>>, ProgramError> {
        let path = dir.join(name);
        let mut out = vec![Vec::new(); n];
        for_lines(&path, |i, line| {
            let mut it = line.split('#').next().unwrap_or("").split_whitespace();
            let Some(node) = it.next() else { return Ok(()) };
            let node: usize = node
                .parse()
                .ok()
                .filter(|&v| v < n)
                .ok_or_else(|| bad(&path, i, "node id is not a node of the bundle"))?;
            for t in it {
                let v: u32 = t
                    .parse()
                    .ok()
                    .filter(|&v| (v as usize) < vars.len())
                    .ok_or_else(|| bad(&path, i, "variable id is not in vars.tsv"))?;
                out[node].push(v);
            }
            Ok(())
        })?;
        for s in &mut out {
            s.sort_unstable();
            s.dedup();
        }
        Ok(out)
    };
    let defs = sets("defs.txt")?;
    let uses = sets("uses.txt")?;
    Ok(Bundle {
        meta,
        graph,
        nodes,
        functions,
        vars,
        var_kinds,
        defs,
        uses,
        files,
    })
}

/// Call `f(line number, line)` for each non-comment, non-blank line.
fn for_lines(
    path: &Path,
    mut f: impl FnMut(usize, &str) -> Result<(), ProgramError>,
) -> Result<(), ProgramError> {
    let file = std::fs::File::open(path).map_err(io_err(path))?;
    for (i, line) in BufReader::new(file).lines().enumerate() {
        let line = line.map_err(io_err(path))?;
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        f(i + 1, &line)?;
    }
    Ok(())
}
