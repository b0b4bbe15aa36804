//! Program bundles: a directory that `dwell info` / `dwell run` read.
//!
//! ```text
//! BUNDLE/
//!   bundle.json     format, version, source file, counts, label names
//!   icfg.edges      the supergraph: `# nodes N edges M directed 1` header,
//!                   then `u v flow|call|return` lines (dwell's edge-list format)
//!   nodes.tsv       node, function id, block name, segment, call (callee name,
//!                   `*indirect`, `*asm` or `-`)
//!   functions.tsv   id, name, defined (0/1), first node, end node (exclusive),
//!                   blocks, parameters, varargs (0/1), return type
//!   vars.tsv        variable id, name (`@g`, `fn:%x`), kind (ssa, slot, global)
//!   defs.txt        `node var var …` (FactSets::read format): defined variables
//!   uses.txt        `node var var …`: upward-exposed uses
//! ```
//! A bundle is written into a temporary directory beside the target, then
//! renamed into place; an existing bundle at the target is replaced only
//! after the new one is complete.

use super::icfg::{Icfg, NodeCall, LABELS};
use super::ir::{Program, ProgramCounts, VarKind};
use super::ProgramError;
use crate::graph::{Graph, GraphBuilder, LabelNames};
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};

/// Format name written to `bundle.json`.
pub const FORMAT: &str = "dwell-program-bundle";
/// Current bundle version.
pub const VERSION: u32 = 1;

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
}

/// One row of `nodes.tsv`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeInfo {
    pub function: u32,
    pub block: String,
    pub segment: u32,
    /// Direct callee name, `*indirect`, `*asm`, or `None`.
    pub call: Option<String>,
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
    let (tmp, _) = crate::io::Temp::create(&parent, &prefix, true).map_err(werr)?;
    let pending =
        crate::io::Pending::register(tmp.path.clone(), out.to_path_buf(), true).map_err(werr)?;
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
        writeln!(w, "#node\tfunction\tblock\tsegment\tcall")?;
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
                "{i}\t{}\t{}\t{}\t{call}",
                n.function, f.blocks[n.block as usize].name, n.segment
            )?;
        }
        Ok(())
    })?;
    file("functions.tsv", &|w| {
        writeln!(
            w,
            "#id\tname\tdefined\tfirst_node\tend_node\tblocks\tparams\tvarargs\tret"
        )?;
        for (i, f) in p.functions.iter().enumerate() {
            let r = &g.ranges[i];
            writeln!(
                w,
                "{i}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
                f.name,
                u8::from(f.defined),
                r.start,
                r.end,
                f.blocks.len(),
                f.params,
                u8::from(f.varargs),
                f.ret
            )?;
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
    if meta.format != FORMAT || meta.version != VERSION {
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
    // Functions.
    let path = dir.join("functions.tsv");
    let mut functions = Vec::new();
    for_lines(&path, |i, line| {
        let c: Vec<&str> = line.split('\t').collect();
        let num = |k: usize| c.get(k).and_then(|s| s.parse::<u32>().ok());
        match (c.get(1), num(2), num(3), num(4), num(5)) {
            (Some(name), Some(d), Some(a), Some(e), Some(bl)) if a <= e && e as usize <= n => {
                functions.push(FunctionInfo {
                    name: name.to_string(),
                    defined: d == 1,
                    nodes: a..e,
                    blocks: bl as usize,
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
                nodes.push(NodeInfo {
                    function: f,
                    block: block.to_string(),
                    segment,
                    call: (*call != "-").then(|| call.to_string()),
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
