//! Taint over a program bundle: call sites of source functions to call
//! sites of sink functions, through the supergraph, never entering a call
//! site of a sanitizer function.
//!
//! A function name `f` matches a call site whose direct callee is `f`, or
//! the intrinsic `llvm.f.*` (`memcpy` matches `llvm.memcpy.p0i8.p0i8.i64`,
//! which clang emits for `memcpy` even at -O0; `memmove`, `memset` alike).
//! Findings keep the name the user gave ([`ProgramFinding::sink_fn`]) beside
//! the callee the IR names.
//! Sources, sinks and sanitizers are the ICFG nodes that end with such a
//! call. This is control-flow taint: a sink is reported when some path of
//! arcs passing the label mask leads from a source call to a sink call
//! without passing a sanitizer call; the witness is that path, named by
//! function and block.
//!
//! Two modes: [`context_sensitive`] (the default of `dwell run taint
//! BUNDLE`) follows only realizable paths, on which every return goes back
//! to the call it leaves from (see [`super::cfl`]); the generic
//! [`crate::analysis::taint`] on the bundle graph follows any path of arcs
//! (`--context-insensitive`), so a path may enter a callee from one caller
//! and return into another.

use super::{cfl, Bundle, ProgramError};
use crate::analysis::{Kernels, TaintQuery, TaintResult};
use crate::progress::{Progress, Stop};
use crate::session::SessionError;

/// Which functions are sources, sinks and sanitizers.
#[derive(Debug, Clone, Default)]
pub struct TaintSpec {
    pub sources_fn: Vec<String>,
    pub sinks_fn: Vec<String>,
    pub sanitizers_fn: Vec<String>,
    /// Arc label mask (`flow` 1, `call` 2, `return` 4).
    pub mask: u32,
}

/// Does the callee `callee` match the function name `name`?
pub fn matches(callee: &str, name: &str) -> bool {
    callee == name
        || callee
            .strip_prefix("llvm.")
            .and_then(|r| r.strip_prefix(name))
            .is_some_and(|r| r.starts_with('.'))
}

fn sites(b: &Bundle, names: &[String]) -> Vec<u32> {
    (0..b.nodes.len() as u32)
        .filter(|&n| {
            b.nodes[n as usize]
                .call
                .as_deref()
                .is_some_and(|c| names.iter().any(|name| matches(c, name)))
        })
        .collect()
}

/// The taint query for `spec` (witness paths on).
pub fn query(b: &Bundle, spec: &TaintSpec) -> Result<TaintQuery, ProgramError> {
    let sources = sites(b, &spec.sources_fn);
    if sources.is_empty() {
        return Err(ProgramError::Analysis(format!(
            "no call site of {} in the program. Fix: name functions the program calls (see nodes.tsv, last column)",
            spec.sources_fn.join(", ")
        )));
    }
    Ok(TaintQuery {
        sources,
        sinks: sites(b, &spec.sinks_fn),
        sanitizers: sites(b, &spec.sanitizers_fn),
        mask: spec.mask,
        witnesses: true,
    })
}

/// A finding in program terms.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ProgramFinding {
    pub source: String,
    /// The callee as the IR names it (`llvm.memcpy.p0i8.p0i8.i64`).
    pub source_call: String,
    /// The name given in the spec that it matched (`memcpy`).
    pub source_fn: String,
    pub sink: String,
    pub sink_call: String,
    pub sink_fn: String,
    /// Node names `function:%block[#segment]`, source first.
    pub path: Vec<String>,
    /// The same as node ids: source, sink, path.
    #[serde(skip)]
    pub nodes: (u32, u32, Vec<u32>),
}

/// Name the findings of `results` (of the query `spec` made).
pub fn findings(b: &Bundle, spec: &TaintSpec, results: &[TaintResult]) -> Vec<ProgramFinding> {
    let call = |n: u32| b.nodes[n as usize].call.clone().unwrap_or_default();
    // The first name of `names` the call at `n` matches (one always does:
    // the query chose its sources and sinks this way).
    let named = |n: u32, names: &[String]| {
        let c = call(n);
        names
            .iter()
            .find(|name| matches(&c, name))
            .cloned()
            .unwrap_or(c)
    };
    results
        .iter()
        .flat_map(|r| {
            r.findings.iter().map(move |f| {
                let path = f.path.clone().unwrap_or_default();
                ProgramFinding {
                    source: b.node_name(r.source),
                    source_call: call(r.source),
                    source_fn: named(r.source, &spec.sources_fn),
                    sink: b.node_name(f.sink),
                    sink_call: call(f.sink),
                    sink_fn: named(f.sink, &spec.sinks_fn),
                    path: path.iter().map(|&n| b.node_name(n)).collect(),
                    nodes: (r.source, f.sink, path),
                }
            })
        })
        .collect()
}

/// Context-sensitive taint of `q` on `b`: the fast kernel, or the oracle
/// with `reference` (no witnesses then). Every witness is checked
/// realizable ([`cfl::verify_path`]) before it is returned. The fast
/// kernel stops between sources when `progress` asks
/// ([`SessionError::Cancelled`]).
pub fn context_sensitive(
    b: &Bundle,
    q: &TaintQuery,
    kernels: Kernels,
    progress: &dyn Progress,
) -> Result<Vec<TaintResult>, ProgramError> {
    let sg = cfl::Supergraph::from_bundle(b)?;
    let stop = Stop::of(progress);
    let results = match kernels {
        Kernels::Reference => cfl::reference(&sg, q),
        Kernels::Fast => cfl::taint(&sg, q, stop),
    };
    if stop.requested() {
        return Err(SessionError::Cancelled {
            runs: 0,
            planned: 1,
        }
        .into());
    }
    for r in &results {
        for f in &r.findings {
            if let Some(path) = &f.path {
                cfl::verify_path(&sg, path, &q.sanitizers, q.mask).map_err(|e| {
                    ProgramError::Analysis(format!(
                        "witness {} -> {} is not realizable: {}. Fix: report this as a dwell bug; --context-insensitive still runs",
                        b.node_name(r.source),
                        b.node_name(f.sink),
                        e.message
                    ))
                })?;
            }
        }
    }
    Ok(results)
}

#[cfg(test)]
mod tests {
    use super::matches;

    #[test]
    fn user_names_match_the_intrinsics_clang_emits() {
        for (callee, name) in [
            ("memcpy", "memcpy"),
            ("llvm.memcpy.p0i8.p0i8.i64", "memcpy"),
            ("llvm.memcpy.p0.p0.i64", "memcpy"),
            ("llvm.memmove.p0i8.p0i8.i64", "memmove"),
            ("llvm.memset.p0i8.i64", "memset"),
        ] {
            assert!(matches(callee, name), "{callee} {name}");
        }
        for (callee, name) in [
            ("llvm.memcpyx.p0", "memcpy"),
            ("memcpy_s", "memcpy"),
            ("llvm.memset.p0i8.i64", "memcpy"),
        ] {
            assert!(!matches(callee, name), "{callee} {name}");
        }
    }
}
