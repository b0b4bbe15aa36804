//! Feature `sim` only: compile the unchanged kernels (kernels/*.cu) with the
//! host C++ compiler against sim/shim.h into the simulated device, with a
//! generated table of entry points (every `extern "C" __global__` function),
//! bound by name at run time. Without the feature nothing is built.

use std::fmt::Write as _;
use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var_os("CARGO_FEATURE_SIM").is_none() {
        return;
    }
    let dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let kernels = dir.join("kernels");
    let sim = dir.join("sim");
    for f in ["shim.h", "entry.h", "runtime.cpp", "selftest.cu"] {
        println!("cargo:rerun-if-changed={}", sim.join(f).display());
    }
    let common = kernels.join("common.cu");
    println!("cargo:rerun-if-changed={}", common.display());
    let mut files: Vec<PathBuf> = std::fs::read_dir(&kernels)
        .expect("kernels/ exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "cu") && p != &common)
        .collect();
    files.sort();
    // The sim's self-test kernels (deliberately broken; never given to NVRTC).
    files.push(sim.join("selftest.cu"));
    // One namespace per program: each is common.cu + its kernel file, as
    // NVRTC compiles them, so common.cu's functions do not collide.
    let mut src = String::from("#include \"shim.h\"\n#include \"entry.h\"\n");
    let mut entries = Vec::new();
    for (i, f) in files.iter().enumerate() {
        println!("cargo:rerun-if-changed={}", f.display());
        let text = std::fs::read_to_string(f).unwrap();
        writeln!(
            src,
            "namespace dwell_p{i} {{\n#include \"{}\"\n#include \"{}\"\n}}",
            common.display(),
            f.display()
        )
        .unwrap();
        for line in text.lines() {
            let Some(rest) = line
                .trim_start()
                .strip_prefix("extern \"C\" __global__ void")
            else {
                continue;
            };
            let rest = rest.trim_start();
            let rest = match rest.strip_prefix("__launch_bounds__(") {
                Some(r) => &r[r.find(')').expect("closing parenthesis") + 1..],
                None => rest,
            };
            let name: String = rest
                .trim_start()
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            assert!(!name.is_empty(), "cannot read the kernel name in {line:?}");
            entries.push(format!("DWELL_SIM_ENTRY(dwell_p{i}, {name})"));
        }
    }
    writeln!(
        src,
        "extern \"C\" const dwell_sim_entry dwell_sim_entries[] = {{\n  {}\n}};\nextern \"C\" const size_t dwell_sim_entry_count = {};",
        entries.join(",\n  "),
        entries.len()
    )
    .unwrap();
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    let gen = out.join("dwell_sim_kernels.cpp");
    std::fs::write(&gen, src).unwrap();
    cc::Build::new()
        .cpp(true)
        .std("c++20")
        .include(&sim)
        .file(&gen)
        .file(sim.join("runtime.cpp"))
        .opt_level(2)
        .flag_if_supported("-Wno-unknown-pragmas")
        .flag_if_supported("-Wno-unused-parameter")
        .flag_if_supported("-Wno-unused-variable")
        .compile("dwell_sim");
}
