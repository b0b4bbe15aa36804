//! `dwell import llvm --compile-commands compile_commands.json`: every
//! translation unit of a compilation database (CMake's, Bear's, Meson's)
//! compiled to LLVM IR by clang with its own flags plus `-S -emit-llvm -g`,
//! then linked into one bundle. Its object-file and dependency-file flags
//! (`-c`, `-o`, `-M*`) are dropped: clang writes IR to a scratch folder.

use crate::error::Result;
use std::path::{Path, PathBuf};
use std::process::Command;

/// One entry: where it is compiled, the file, the compiler's arguments
/// (the compiler first).
struct Unit {
    directory: PathBuf,
    file: PathBuf,
    args: Vec<String>,
}

fn read(db: &Path) -> Result<Vec<Unit>> {
    let text = std::fs::read_to_string(db).map_err(|e| {
        format!(
            "{}: {e}. Fix: pass the compilation database your build wrote (CMake: -DCMAKE_EXPORT_COMPILE_COMMANDS=ON)",
            db.display()
        )
    })?;
    let bad = |what: String| {
        format!(
            "{}: {what}. Fix: pass a JSON array of {{\"directory\", \"file\", \"arguments\" or \"command\"}} entries",
            db.display()
        )
    };
    let entries: Vec<serde_json::Value> =
        serde_json::from_str(&text).map_err(|e| bad(e.to_string()))?;
    let mut units = Vec::with_capacity(entries.len());
    for (k, e) in entries.iter().enumerate() {
        let field = |name: &str| e[name].as_str().map(str::to_string);
        let (Some(directory), Some(file)) = (field("directory"), field("file")) else {
            return Err(bad(format!("entry {k} lacks \"directory\" or \"file\"")).into());
        };
        let args: Vec<String> = match (&e["arguments"], field("command")) {
            (serde_json::Value::Array(a), _) => a
                .iter()
                .map(|x| x.as_str().map(str::to_string))
                .collect::<Option<_>>()
                .ok_or_else(|| bad(format!("entry {k}'s arguments are not all strings")))?,
            (_, Some(c)) => shlex::split(&c)
                .ok_or_else(|| bad(format!("entry {k}'s command has unbalanced quotes")))?,
            _ => {
                return Err(bad(format!(
                    "entry {k} has neither \"arguments\" nor \"command\""
                ))
                .into())
            }
        };
        if args.is_empty() {
            return Err(bad(format!("entry {k} names no compiler")).into());
        }
        let directory = PathBuf::from(directory);
        units.push(Unit {
            file: directory.join(file),
            directory,
            args,
        });
    }
    if units.is_empty() {
        return Err(bad("no entries".into()).into());
    }
    Ok(units)
}

/// The unit's flags for clang, without its outputs.
fn flags(args: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let mut it = args.iter().skip(1);
    while let Some(a) = it.next() {
        match a.as_str() {
            "-c" | "-M" | "-MM" | "-MD" | "-MMD" | "-MP" => {}
            "-o" | "-MF" | "-MT" | "-MQ" => {
                it.next();
            }
            _ if a.starts_with("-o") => {}
            _ => out.push(a.clone()),
        }
    }
    out
}

/// Compile every unit of `db` with `clang` into `scratch`; the IR files,
/// named after their C files.
pub fn compile(db: &Path, clang: &str, scratch: &Path) -> Result<Vec<PathBuf>> {
    let units = read(db)?;
    let mut irs = Vec::with_capacity(units.len());
    for (k, u) in units.iter().enumerate() {
        let stem = u
            .file
            .file_stem()
            .map_or_else(|| format!("unit{k}"), |s| s.to_string_lossy().into_owned());
        let dir = scratch.join(k.to_string());
        std::fs::create_dir_all(&dir)?;
        let ir = dir.join(format!("{stem}.ll"));
        let out = Command::new(clang)
            .current_dir(&u.directory)
            .args(flags(&u.args))
            .args(["-S", "-emit-llvm", "-g", "-o"])
            .arg(&ir)
            .output()
            .map_err(|e| format!("cannot run {clang}: {e}. Fix: install clang (apt-get install clang) or name it with --clang PATH"))?;
        if !out.status.success() {
            let err = String::from_utf8_lossy(&out.stderr);
            return Err(format!(
                "{clang} could not compile {} (entry {k} of {}):\n{}\nFix: build the project once as the database says (headers it generates must exist), or leave that entry out",
                u.file.display(),
                db.display(),
                err.trim_end()
            )
            .into());
        }
        irs.push(ir);
    }
    Ok(irs)
}
