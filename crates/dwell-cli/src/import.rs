//! `dwell import llvm FILE… --out BUNDLE`: textual LLVM IR → program bundle
//! (several modules linked into one program).

use crate::args::ImportKind;
use crate::error::Result;
use crate::progress::Bar;
use crate::report::{outln, Out};
use std::time::Instant;

pub fn import(kind: ImportKind) -> Result<()> {
    let mut stdout = Out::Stdout;
    let ImportKind::Llvm {
        mut files,
        compile_commands,
        clang,
        out,
        json,
    } = kind;
    if out.as_os_str() == "-" {
        // `-` means stdout for files; a bundle is a folder of several files.
        return Err("a bundle is a folder and cannot go to stdout (--out -). Fix: pass a folder path, e.g. --out lua.bundle".into());
    }
    // IR compiled from a database lives until the bundle is written.
    let mut scratch = None;
    if let Some(db) = &compile_commands {
        let dir = scratch.insert(tempfile::tempdir()?);
        let bar = Bar::start(format!("compiling {} with {clang}", db.display()));
        files = crate::compile_db::compile(db, &clang, dir.path())?;
        bar.finish();
    }
    let what = match files.as_slice() {
        [one] => one.display().to_string(),
        many => format!("{} modules", many.len()),
    };
    let bar = Bar::start(format!("importing {what}"));
    let t = Instant::now();
    let (meta, warnings) = dwell::program::import_llvm_files(&files, &out, &bar)?;
    let secs = t.elapsed().as_secs_f64();
    bar.finish();
    for w in &warnings {
        eprintln!("warning: {w}");
    }
    if json {
        let mut v = serde_json::to_value(&meta.counts)?;
        v["bundle"] = serde_json::json!(out.display().to_string());
        v["source"] = serde_json::json!(meta.source);
        v["warnings"] = serde_json::json!(warnings.len());
        v["import_seconds"] = serde_json::json!(secs);
        outln!(stdout, "{}", serde_json::to_string_pretty(&v)?);
    } else {
        let c = &meta.counts.program;
        outln!(stdout, "bundle     {}", out.display());
        outln!(
            stdout,
            "functions  {} defined, {} declared (+{} intrinsics)",
            c.functions,
            c.declared,
            c.intrinsics
        );
        outln!(stdout, "blocks     {}  cfg edges {}", c.blocks, c.cfg_edges);
        outln!(stdout,
            "calls      {} direct sites, {} (caller, callee) pairs, {} indirect, {} through casts, {} intrinsic",
            c.direct_call_sites, c.call_edges, c.indirect_call_sites, c.cast_call_sites, c.intrinsic_call_sites
        );
        outln!(
            stdout,
            "addr-taken {} defined functions (+{} declared)",
            c.address_taken,
            c.address_taken_declared
        );
        outln!(
            stdout,
            "icfg       {} nodes, {} edges; {} variables",
            meta.counts.icfg_nodes,
            meta.counts.icfg_edges,
            c.variables
        );
        outln!(
            stdout,
            "largest    {} ({} blocks)",
            c.largest_function,
            c.largest_function_blocks
        );
        outln!(
            stdout,
            "time       {secs:.2} s, {} warnings",
            warnings.len()
        );
    }
    Ok(())
}
