//! The program model stored in a bundle (`program.bin.gz`, version 3): read
//! back equal to a fresh parse of the IR, and every damaged or older bundle
//! an error with a `Fix:` hint, never a panic.

use dwell::program::bundle::{self, read_program, PROGRAM_MAGIC};
use dwell::program::{import_llvm, read_llvm, Program, ProgramError};
use std::io::Write;
use std::path::{Path, PathBuf};

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(rel)
}

/// Import `rel` into `tmp/name`; the bundle's path.
fn import(tmp: &Path, rel: &str, name: &str) -> PathBuf {
    let out = tmp.join(name);
    import_llvm(&data(rel), &out, &dwell::progress::Quiet).unwrap();
    out
}

fn err_text(r: Result<Program, ProgramError>) -> String {
    match r {
        Ok(_) => panic!("a damaged program model was read"),
        Err(e) => e.to_string(),
    }
}

/// `bytes` gzip-compressed into `dir/program.bin.gz`.
fn write_gz(dir: &Path, bytes: &[u8]) {
    let f = std::fs::File::create(dir.join("program.bin.gz")).unwrap();
    let mut gz = flate2::write::GzEncoder::new(f, flate2::Compression::fast());
    gz.write_all(bytes).unwrap();
    gz.finish().unwrap();
}

/// `p` as `program.bin.gz` holds it, uncompressed.
fn encode(p: &Program) -> Vec<u8> {
    use bincode::Options;
    let mut bytes = PROGRAM_MAGIC.to_vec();
    bytes.extend(bincode::DefaultOptions::new().serialize(p).unwrap());
    bytes
}

#[test]
fn program_reads_back_equal_to_the_parse() {
    let tmp = tempfile::tempdir().unwrap();
    for (i, rel) in [
        "c/taint_demo.ll",
        "c/taint_demo.g0.ll",
        "c/value_flow.O0.ll",
        "c/value_flow.O2.ll",
        "llvm/robust.ll",
        "llvm/taint.ll",
        "llvm/opaque.ll",
    ]
    .iter()
    .enumerate()
    {
        let out = import(tmp.path(), rel, &format!("b{i}"));
        assert!(out.join("program.bin.gz").is_file(), "{rel}");
        let stored = read_program(&out).unwrap();
        assert_eq!(stored, read_llvm(&data(rel)).unwrap(), "{rel}");
        // The rest of the bundle reads as before.
        let b = bundle::read(&out).unwrap();
        assert_eq!(b.meta.version, bundle::VERSION);
        assert_eq!(b.vars, stored.vars, "{rel}");
    }
    // Written in a temporary directory, renamed into place: nothing else
    // is left beside the bundles.
    let mut names: Vec<String> = std::fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["b0", "b1", "b2", "b3", "b4", "b5", "b6"]);
}

#[test]
fn reimport_replaces_the_program() {
    let tmp = tempfile::tempdir().unwrap();
    let out = import(tmp.path(), "llvm/taint.ll", "b");
    import_llvm(&data("llvm/robust.ll"), &out, &dwell::progress::Quiet).unwrap();
    let want = read_llvm(&data("llvm/robust.ll")).unwrap();
    assert_eq!(read_program(&out).unwrap(), want);
}

#[test]
fn damaged_program_is_an_error_with_a_fix() {
    let tmp = tempfile::tempdir().unwrap();
    let out = import(tmp.path(), "c/taint_demo.ll", "b");
    let path = out.join("program.bin.gz");
    let good = std::fs::read(&path).unwrap();
    let mut flipped = good.clone();
    let mid = flipped.len() / 2;
    flipped[mid] ^= 0x5a;
    let damaged: Vec<(&str, Vec<u8>)> = vec![
        ("truncated", good[..good.len() / 2].to_vec()),
        ("truncated trailer", good[..good.len() - 4].to_vec()),
        ("one byte", good[..1].to_vec()),
        ("empty", Vec::new()),
        ("flipped byte", flipped),
        ("not gzip", b"hello, world\n".repeat(40)),
    ];
    for (what, bytes) in damaged {
        std::fs::write(&path, &bytes).unwrap();
        let e = err_text(read_program(&out));
        assert!(
            e.contains("program.bin.gz") && e.contains("Fix:"),
            "{what}: {e}"
        );
    }

    // Well-formed gzip around a wrong header, a truncated or padded model.
    let p = read_llvm(&data("c/taint_demo.ll")).unwrap();
    let enc = encode(&p);
    let mut padded = enc.clone();
    padded.push(0);
    let headerless = enc[PROGRAM_MAGIC.len()..].to_vec();
    for (what, bytes) in [
        ("no header", headerless),
        ("cut model", enc[..enc.len() - 3].to_vec()),
        ("trailing byte", padded),
        ("header only", PROGRAM_MAGIC.to_vec()),
    ] {
        write_gz(&out, &bytes);
        let e = err_text(read_program(&out));
        assert!(e.contains("Fix:"), "{what}: {e}");
    }
    write_gz(&out, &enc);
    assert_eq!(read_program(&out).unwrap(), p);
}

/// A change that breaks a program's consistency.
type Damage = Box<dyn Fn(&mut Program)>;

#[test]
fn out_of_range_indices_are_an_error() {
    let tmp = tempfile::tempdir().unwrap();
    let out = import(tmp.path(), "c/taint_demo.ll", "b");
    let p = read_llvm(&data("c/taint_demo.ll")).unwrap();
    let nf = p.functions.len() as u32;
    let nv = p.vars.len() as u32;
    let damage: Vec<(&str, Damage)> = vec![
        ("address taken", Box::new(move |p| p.address_taken.push(nf))),
        (
            "var kinds",
            Box::new(|p| p.var_kinds.truncate(p.vars.len() - 1)),
        ),
        (
            "global",
            Box::new(move |p| p.globals.first_mut().unwrap().var = nv),
        ),
        (
            "block succ",
            Box::new(|p| {
                let f = p.functions.iter_mut().find(|f| f.defined).unwrap();
                let n = f.blocks.len() as u32;
                f.blocks[0].succs.push(n);
            }),
        ),
        (
            "use",
            Box::new(move |p| {
                let f = p.functions.iter_mut().find(|f| f.defined).unwrap();
                f.blocks[0].insts[0].uses.push(nv + 7);
            }),
        ),
        (
            "source file",
            Box::new(|p| {
                let n = p.files.len() as u32;
                let f = p.functions.iter_mut().find(|f| f.loc.is_some()).unwrap();
                f.loc.as_mut().unwrap().file = n;
            }),
        ),
        (
            "callee",
            Box::new(move |p| {
                let i = p
                    .functions
                    .iter_mut()
                    .flat_map(|f| f.blocks.iter_mut())
                    .flat_map(|b| b.insts.iter_mut())
                    .find(|i| i.call.is_some())
                    .unwrap();
                i.call.as_mut().unwrap().callee = dwell::program::ir::Callee::Direct(nf + 1);
            }),
        ),
        (
            "object type",
            Box::new(|p| {
                let t = p.struct_types.names.len() as u32;
                p.object_types.push((0, Some(t)));
            }),
        ),
        ("gep result", Box::new(move |p| p.gep_types.push((nv, 0)))),
        (
            "struct fields",
            Box::new(|p| p.struct_types.fields.push(Vec::new())),
        ),
        (
            "field type",
            Box::new(|p| {
                let t = p.struct_types.names.len() as u32;
                p.struct_types.names.push("struct.x".into());
                p.struct_types.fields.push(vec![Some(t + 1)]);
            }),
        ),
    ];
    for (what, f) in damage {
        let mut q = p.clone();
        f(&mut q);
        write_gz(&out, &encode(&q));
        let e = err_text(read_program(&out));
        assert!(
            e.contains("inconsistent") && e.contains("Fix:"),
            "{what}: {e}"
        );
    }
}

#[test]
fn older_bundles_hold_no_program() {
    let tmp = tempfile::tempdir().unwrap();
    let out = import(tmp.path(), "c/taint_demo.ll", "b");
    let meta = out.join("bundle.json");
    let text = std::fs::read_to_string(&meta).unwrap();
    let v3 = format!("\"version\": {}", bundle::VERSION);
    assert!(text.contains(&v3), "{text}");
    std::fs::write(&meta, text.replace(&v3, "\"version\": 2")).unwrap();
    std::fs::remove_file(out.join("program.bin.gz")).unwrap();
    let e = err_text(read_program(&out));
    assert!(
        e.contains("written before version 3")
            && e.contains("Fix:")
            && e.contains("dwell import llvm"),
        "{e}"
    );
    // The rest of a version 2 bundle still reads.
    assert_eq!(bundle::read(&out).unwrap().meta.version, 2);

    // A version 3 bundle without its program model.
    std::fs::write(&meta, &text).unwrap();
    let e = err_text(read_program(&out));
    assert!(e.contains("missing") && e.contains("Fix:"), "{e}");

    // Not a bundle at all.
    let e = err_text(read_program(&tmp.path().join("nothing")));
    assert!(e.contains("Fix:"), "{e}");
}

/// The size and read time of a large program's model, against parsing
/// its IR: `DWELL_PROGRAM_IR=FILE.ll[.xz] cargo test --release -p dwell
/// --test bundle_program -- --ignored --nocapture`. Prints; asserts no time.
#[test]
#[ignore]
fn measure_read_program() {
    let Some(ir) = std::env::var_os("DWELL_PROGRAM_IR") else {
        eprintln!("set DWELL_PROGRAM_IR to an LLVM IR file");
        return;
    };
    let ir = PathBuf::from(ir);
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("b");
    let t = std::time::Instant::now();
    import_llvm(&ir, &out, &dwell::progress::Quiet).unwrap();
    eprintln!("import: {:.3} s", t.elapsed().as_secs_f64());
    let t = std::time::Instant::now();
    let parsed = read_llvm(&ir).unwrap();
    eprintln!(
        "read_llvm (parse the IR): {:.3} s",
        t.elapsed().as_secs_f64()
    );
    for e in std::fs::read_dir(&out).unwrap() {
        let e = e.unwrap();
        let name = e.file_name();
        eprintln!(
            "{:>12} {}",
            e.metadata().unwrap().len(),
            name.to_string_lossy()
        );
    }
    for _ in 0..3 {
        let t = std::time::Instant::now();
        let p = read_program(&out).unwrap();
        eprintln!(
            "read_program: {:.3} s ({} functions, {} vars)",
            t.elapsed().as_secs_f64(),
            p.functions.len(),
            p.vars.len()
        );
        assert!(p == parsed);
    }
    let t = std::time::Instant::now();
    let b = bundle::read(&out).unwrap();
    eprintln!(
        "bundle::read (for comparison): {:.3} s, {} nodes",
        t.elapsed().as_secs_f64(),
        b.nodes.len()
    );
}
