//! Reading a bundle back, file by file, in the order the files depend on
//! each other: `bundle.json` (the node count), `icfg.edges`, `files.tsv`,
//! `functions.tsv`, `nodes.tsv`, `vars.tsv`, then `defs.txt` and
//! `uses.txt`. Every malformed line is an error naming its file and line.
//! [`read_program`] reads `program.bin.gz` (version 3) on its own, and
//! checks every index in it, so that no corrupt or foreign file can make
//! an analysis index out of bounds.

use super::super::icfg::LABELS;
use super::super::ir::{Callee, Op, Program, SourceFile, SourceLoc, Value, VarKind};
use super::super::ProgramError;
use super::{
    io_err, label_names, parse_loc, program_options, unesc, Bundle, FunctionInfo, Meta, NodeInfo,
    FORMAT, PROGRAM_MAGIC, VERSION,
};
use crate::graph::{Graph, GraphBuilder};
use bincode::Options;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

/// The most bytes `program.bin.gz` may decompress to (4 GiB).
const MAX_PROGRAM_BYTES: u64 = 4 << 30;

/// Read a bundle directory.
pub fn read(dir: &Path) -> Result<Bundle, ProgramError> {
    let meta = read_meta(dir)?;
    let graph = read_graph(dir, &meta)?;
    let n = meta.counts.icfg_nodes;
    let v2 = meta.version >= 2;
    let files = if v2 { read_files(dir)? } else { Vec::new() };
    let functions = read_functions(dir, n, v2, files.len())?;
    let nodes = read_nodes(dir, n, v2, functions.len(), files.len())?;
    let (vars, var_kinds) = read_vars(dir)?;
    let defs = read_sets(dir, "defs.txt", n, vars.len())?;
    let uses = read_sets(dir, "uses.txt", n, vars.len())?;
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

/// A malformed line `line` of `file`.
fn bad(file: &Path, line: usize, what: &str) -> ProgramError {
    ProgramError::Bundle(format!(
        "{}:{line}: {what}. Fix: re-create the bundle with `dwell import llvm`",
        file.display()
    ))
}

/// `bundle.json`, of a format and version this dwell reads.
fn read_meta(dir: &Path) -> Result<Meta, ProgramError> {
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
    Ok(meta)
}

/// `icfg.edges`: the supergraph, with the node count of `bundle.json`.
fn read_graph(dir: &Path, meta: &Meta) -> Result<Graph, ProgramError> {
    let path = dir.join("icfg.edges");
    let mut b = GraphBuilder::new(true);
    b.set_nodes(meta.counts.icfg_nodes as u64)
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
    b.build().map_err(|e| ProgramError::Bundle(e.to_string()))
}

/// `files.tsv` (version 2): the source files.
fn read_files(dir: &Path) -> Result<Vec<SourceFile>, ProgramError> {
    let path = dir.join("files.tsv");
    let mut files = Vec::new();
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
    Ok(files)
}

/// `functions.tsv`: node ranges within the `n` nodes; places (version 2)
/// within the `files` source files.
fn read_functions(
    dir: &Path,
    n: usize,
    v2: bool,
    files: usize,
) -> Result<Vec<FunctionInfo>, ProgramError> {
    let path = dir.join("functions.tsv");
    let mut functions = Vec::new();
    for_lines(&path, |i, line| {
        let c: Vec<&str> = line.split('\t').collect();
        let num = |k: usize| c.get(k).and_then(|s| s.parse::<u32>().ok());
        match (c.get(1), num(2), num(3), num(4), num(5)) {
            (Some(name), Some(d), Some(a), Some(e), Some(bl)) if a <= e && e as usize <= n => {
                let (mut loc, mut source_name, mut ir_line) = (None, None, 0);
                if v2 {
                    let place = parse_loc(c.get(9), c.get(10), Some(&"0"), files);
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
    Ok(functions)
}

/// `nodes.tsv`: exactly `n` nodes of the `functions` functions; places
/// (version 2) within the `files` source files.
fn read_nodes(
    dir: &Path,
    n: usize,
    v2: bool,
    functions: usize,
    files: usize,
) -> Result<Vec<NodeInfo>, ProgramError> {
    let path = dir.join("nodes.tsv");
    let mut nodes = Vec::with_capacity(n);
    for_lines(&path, |i, line| {
        let c: Vec<&str> = line.split('\t').collect();
        let f = c.get(1).and_then(|s| s.parse::<u32>().ok());
        let seg = c.get(3).and_then(|s| s.parse::<u32>().ok());
        match (f, c.get(2), seg, c.get(4)) {
            (Some(f), Some(block), Some(segment), Some(call)) if (f as usize) < functions => {
                let (mut loc, mut ir_line) = (None, 0);
                if v2 {
                    let place = parse_loc(c.get(5), c.get(6), c.get(7), files);
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
    Ok(nodes)
}

/// `vars.tsv`: variable names and kinds.
fn read_vars(dir: &Path) -> Result<(Vec<String>, Vec<VarKind>), ProgramError> {
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
    Ok((vars, var_kinds))
}

/// Sparse `node var var …` lines (`defs.txt`, `uses.txt`; the
/// FactSets::read format, kept sparse here: nodes × variables bits would not
/// fit for large programs), per node of `n`, sorted and distinct.
fn read_sets(dir: &Path, name: &str, n: usize, vars: usize) -> Result<Vec<Vec<u32>>, ProgramError> {
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
                .filter(|&v| (v as usize) < vars)
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

/// Read the program model of a bundle (`program.bin.gz`, version 3).
///
/// A bundle of version 1 or 2 holds none; a missing, truncated, corrupt
/// or inconsistent file is an error with a `Fix:` hint, never a panic.
pub fn read_program(dir: &Path) -> Result<Program, ProgramError> {
    let meta = read_meta(dir)?;
    if meta.version < 3 {
        return Err(ProgramError::Bundle(format!(
            "{}: this bundle was written before version 3 and holds no program model (needed by data-flow taint and points-to). Fix: re-create it with this dwell's `dwell import llvm <file.ll> --out {}`",
            dir.display(),
            dir.display()
        )));
    }
    let path = dir.join("program.bin.gz");
    let corrupt = |what: String| {
        ProgramError::Bundle(format!(
            "{}: {what}. Fix: re-create the bundle with this dwell's `dwell import llvm <file.ll> --out {}`",
            path.display(),
            dir.display()
        ))
    };
    let file = match std::fs::File::open(&path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(corrupt("missing from a version 3 bundle".into()));
        }
        r => r.map_err(io_err(&path))?,
    };
    let mut bytes = Vec::new();
    flate2::read::GzDecoder::new(BufReader::new(file))
        .take(MAX_PROGRAM_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| corrupt(format!("cannot decompress it ({e}): truncated or corrupt")))?;
    if bytes.len() as u64 > MAX_PROGRAM_BYTES {
        return Err(corrupt(format!(
            "decompresses to more than {MAX_PROGRAM_BYTES} bytes"
        )));
    }
    let Some(body) = bytes.strip_prefix(PROGRAM_MAGIC) else {
        return Err(corrupt(
            "does not start with this dwell's program-model header".into(),
        ));
    };
    let p: Program = program_options()
        .with_limit(body.len() as u64)
        .deserialize(body)
        .map_err(|e| corrupt(format!("cannot decode the program model ({e})")))?;
    check_program(&p).map_err(|what| corrupt(format!("inconsistent program model: {what}")))?;
    Ok(p)
}

/// Every index in `p` within its table: variables, functions, blocks of
/// the same function, source files.
fn check_program(p: &Program) -> Result<(), String> {
    let (nv, nf, nfiles) = (p.vars.len(), p.functions.len(), p.files.len());
    let within = |what: &str, i: u32, n: usize| -> Result<(), String> {
        if (i as usize) < n {
            Ok(())
        } else {
            Err(format!("{what} {i} of {n}"))
        }
    };
    let var = |v: u32| within("variable", v, nv);
    let func = |f: u32| within("function", f, nf);
    let nfields = p.global_fields.len();
    let value = |v: &Value| match *v {
        Value::Var(x) => var(x),
        Value::Func(f) => func(f),
        Value::Field(k) => within("global field", k, nfields),
        Value::Int(_) | Value::Const => Ok(()),
    };
    let loc = |l: &Option<SourceLoc>| l.map_or(Ok(()), |l| within("source file", l.file, nfiles));
    if p.var_kinds.len() != nv || p.source_names.len() > nv {
        return Err("variable kinds or source names not parallel to the variables".into());
    }
    p.address_taken.iter().try_for_each(|&f| func(f))?;
    for g in &p.globals {
        var(g.var)?;
        g.mentions.iter().try_for_each(value)?;
    }
    for g in &p.global_fields {
        var(g.base)?;
        g.ty.map_or(Ok(()), |t| {
            within("struct type", t, p.struct_types.names.len())
        })?;
    }
    for (v, vals) in &p.global_inits {
        value(v)?;
        vals.iter().try_for_each(value)?;
    }
    let types = &p.struct_types;
    let ty = |t: u32| within("struct type", t, types.names.len());
    if types.fields.len() != types.names.len() {
        return Err("struct type fields not parallel to their names".into());
    }
    for f in types.fields.iter().flatten().flatten() {
        ty(*f)?;
    }
    for &(v, t) in &p.object_types {
        var(v)?;
        t.map_or(Ok(()), ty)?;
    }
    for &(v, t) in &p.gep_types {
        var(v)?;
        ty(t)?;
    }
    for f in &p.functions {
        loc(&f.loc)?;
        f.param_vars.iter().try_for_each(|&v| var(v))?;
        f.mentions.iter().try_for_each(value)?;
        for b in &f.blocks {
            if let Some(&s) = b.succs.iter().find(|&&s| s as usize >= f.blocks.len()) {
                return Err(format!("block {s} of {} in {}", f.blocks.len(), f.name));
            }
            b.end_uses.iter().try_for_each(|&v| var(v))?;
            for i in &b.insts {
                loc(&i.loc)?;
                i.result.map_or(Ok(()), var)?;
                i.defs.iter().chain(&i.uses).try_for_each(|&v| var(v))?;
                if let Some(Callee::Direct(f) | Callee::Cast(f)) =
                    i.call.as_ref().map(|c| &c.callee)
                {
                    func(*f)?;
                }
                op_values(&i.op).try_for_each(value)?;
            }
        }
    }
    Ok(())
}

/// The values an instruction's operation reads.
fn op_values(op: &Op) -> Box<dyn Iterator<Item = &Value> + '_> {
    match op {
        Op::Alloca | Op::Other | Op::Ret(None) => Box::new(std::iter::empty()),
        Op::Load { ptr } => Box::new(std::iter::once(ptr)),
        Op::Store { value, ptr } => Box::new([value, ptr].into_iter()),
        Op::Gep { base, .. } => Box::new(std::iter::once(base)),
        Op::Copy(vs) | Op::Compute(vs) => Box::new(vs.iter()),
        Op::Cmp { lhs, rhs, .. } => Box::new([lhs, rhs].into_iter()),
        Op::Call { callee, args } => Box::new(std::iter::once(callee).chain(args)),
        Op::Ret(Some(v)) | Op::Branch { cond: v } => Box::new(std::iter::once(v)),
    }
}
