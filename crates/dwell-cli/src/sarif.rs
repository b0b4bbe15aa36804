//! Taint findings as a SARIF 2.1.0 log (OASIS), the format code-scanning
//! tools and editors read.
//!
//! One run; `tool.driver` is dwell with one rule per (source function, sink
//! function) pair the findings use, named by the functions the user wrote
//! (`memcpy`, not `llvm.memcpy.p0i8.p0i8.i64`). One result per finding:
//! - `locations`: the sink call; `relatedLocations`: the source call;
//! - `codeFlows[0].threadFlows[0].locations`: the witness, one step per ICFG
//!   node (a call or a block segment), each with its place, a message and
//!   its call depth (`nestingLevel`);
//! - `partialFingerprints["dwellTaint/v1"]`: a hash of the rule and of the
//!   source and sink as (function, callee, k-th such call in the function),
//!   which survives edits elsewhere, unlike line numbers or IR value numbers;
//! - `properties.contextSensitive`: realizable paths only, or any path (also
//!   on the run, and in the rule's description).
//!
//! Places come from debug info (the C file and line), else the IR file and
//! line; a version 1 bundle has neither and is refused.

use dwell::program::bundle::Place;
use dwell::program::call_taint::ProgramFinding;
use dwell::program::Bundle;
use serde_json::{json, Value};

/// The schema the log declares (the OASIS 2.1.0 errata 01 schema).
pub const SCHEMA: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

/// The SARIF log of `found` on bundle `b`.
pub fn taint_log(
    b: &Bundle,
    found: &[ProgramFinding],
    context_sensitive: bool,
) -> Result<Value, String> {
    if !b.nodes.is_empty() && b.node_place(0).is_none() {
        return Err(format!(
            "the bundle is version {} and has no source places. Fix: re-create it with `dwell import llvm FILE.ll --out BUNDLE`",
            b.meta.version
        ));
    }
    let mut rules: Vec<(String, String)> = Vec::new();
    let mut results = Vec::new();
    for f in found {
        let pair = (f.source_fn.clone(), f.sink_fn.clone());
        let index = match rules.iter().position(|r| *r == pair) {
            Some(i) => i,
            None => {
                rules.push(pair);
                rules.len() - 1
            }
        };
        results.push(result(b, f, index, context_sensitive));
    }
    let mode = if context_sensitive {
        "along a realizable path (every return goes back to its call)"
    } else {
        "along some path of the supergraph (context-insensitive: a path may return to another caller)"
    };
    let rules: Vec<Value> = rules
        .iter()
        .map(|(src, sink)| {
            json!({
                "id": rule_id(src, sink),
                "name": format!("TaintFrom{}To{}", camel(src), camel(sink)),
                "shortDescription": {"text": format!("Data from {src} may reach {sink}")},
                "fullDescription": {"text": format!(
                    "A call of {sink} is reachable from a call of {src} {mode}, passing no sanitizer call."
                )},
                "defaultConfiguration": {"level": "warning"},
                "properties": {"tags": ["security", "taint"], "source": src, "sink": sink},
            })
        })
        .collect();
    Ok(json!({
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "dwell",
                "version": env!("CARGO_PKG_VERSION"),
                "rules": rules,
            }},
            "results": results,
            "properties": {"contextSensitive": context_sensitive, "bundleSource": b.meta.source},
        }],
    }))
}

fn rule_id(src: &str, sink: &str) -> String {
    format!("taint/{src}-to-{sink}")
}

fn camel(s: &str) -> String {
    s.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}

fn result(b: &Bundle, f: &ProgramFinding, rule: usize, context_sensitive: bool) -> Value {
    let (src, sink, path) = (f.nodes.0, f.nodes.1, &f.nodes.2);
    let place = |n: u32| b.node_place(n);
    let at = |p: &Option<Place>| {
        p.as_ref()
            .map(|p| format!(" ({}:{})", p.file, p.line))
            .unwrap_or_default()
    };
    let (src_place, sink_place) = (place(src), place(sink));
    let message = format!(
        "{} here is reached by data from the {} call in {}{}.",
        f.sink_fn,
        f.source_fn,
        function_name(b, src),
        at(&src_place)
    );
    let levels = nesting(b, path);
    let steps: Vec<Value> = path
        .iter()
        .enumerate()
        .map(|(i, &n)| {
            let text = if i == 0 {
                format!("source: {} is called (untrusted data enters)", f.source_fn)
            } else if i + 1 == path.len() {
                format!("sink: {} is called", f.sink_fn)
            } else {
                match b.nodes[n as usize].call.as_deref() {
                    Some(c) if !c.starts_with('*') => format!("{}: calls {c}", b.node_name(n)),
                    Some(_) => format!("{}: indirect call", b.node_name(n)),
                    None => b.node_name(n),
                }
            };
            json!({
                "location": location(b, n, &place(n), Some(&text)),
                "nestingLevel": levels[i],
            })
        })
        .collect();
    let mut related = location(
        b,
        src,
        &src_place,
        Some(&format!("source: the {} call", f.source_fn)),
    );
    related["id"] = json!(1);
    let mut r = json!({
        "ruleId": rule_id(&f.source_fn, &f.sink_fn),
        "ruleIndex": rule,
        "level": "warning",
        "message": {"text": message},
        "locations": [location(b, sink, &sink_place, None)],
        "relatedLocations": [related],
        "partialFingerprints": {"dwellTaint/v1": fingerprint(b, f)},
        "properties": {
            "contextSensitive": context_sensitive,
            "sourceNode": f.source, "sinkNode": f.sink,
            "sourceCall": f.source_call, "sinkCall": f.sink_call,
        },
    });
    if !steps.is_empty() {
        r["codeFlows"] = json!([{"threadFlows": [{"locations": steps}]}]);
    }
    r
}

/// Call depth of each step: +1 into a callee's entry, −1 back to a caller;
/// shifted so the shallowest step is 0 (a witness may first return out of
/// the source's function).
fn nesting(b: &Bundle, path: &[u32]) -> Vec<u64> {
    let mut depth = vec![0i64; path.len()];
    for i in 1..path.len() {
        let (u, v) = (&b.nodes[path[i - 1] as usize], path[i]);
        let fv = b.nodes[v as usize].function;
        depth[i] = depth[i - 1]
            + match (u.function == fv, b.functions[fv as usize].nodes.start == v) {
                (true, _) => 0,
                (false, true) => 1,
                (false, false) => -1,
            };
    }
    let min = depth.iter().copied().min().unwrap_or(0);
    depth.iter().map(|d| (d - min) as u64).collect()
}

fn function_name(b: &Bundle, n: u32) -> String {
    let f = &b.functions[b.nodes[n as usize].function as usize];
    f.source_name.clone().unwrap_or_else(|| f.name.clone())
}

/// A SARIF `location` of node `n`: its place and its function.
fn location(b: &Bundle, n: u32, p: &Option<Place>, message: Option<&str>) -> Value {
    let mut loc = json!({
        "logicalLocations": [{"name": function_name(b, n), "kind": "function"}],
    });
    if let Some(p) = p {
        let mut region = serde_json::Map::new();
        // SARIF lines and columns are 1-based: a 0 (unknown) is left out.
        if p.line > 0 {
            region.insert("startLine".into(), json!(p.line));
            if p.column > 0 {
                region.insert("startColumn".into(), json!(p.column));
            }
        }
        let mut phys = json!({"artifactLocation": {"uri": uri(&p.file)}});
        if !region.is_empty() {
            phys["region"] = Value::Object(region);
        }
        loc["physicalLocation"] = phys;
    }
    if let Some(m) = message {
        loc["message"] = json!({"text": m});
    }
    loc
}

/// A URI reference for a path: `file://` for an absolute one, relative
/// otherwise; bytes outside RFC 3986's unreserved set and `/` are
/// percent-encoded.
fn uri(path: &str) -> String {
    let mut out = String::from(if path.starts_with('/') { "file://" } else { "" });
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'/') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The k-th call of the same callee in the same function, for the
/// fingerprint: stable when unrelated code changes.
fn call_key(b: &Bundle, n: u32) -> String {
    let node = &b.nodes[n as usize];
    let f = &b.functions[node.function as usize];
    let k = (f.nodes.start..n)
        .filter(|&m| b.nodes[m as usize].call == node.call)
        .count();
    format!("{}|{}|{k}", f.name, node.call.as_deref().unwrap_or("-"))
}

/// FNV-1a (64 bits): fixed, so the same finding hashes the same in every
/// dwell build (std's hasher makes no such promise).
fn fingerprint(b: &Bundle, f: &ProgramFinding) -> String {
    let text = format!(
        "{}|{}|{}",
        rule_id(&f.source_fn, &f.sink_fn),
        call_key(b, f.nodes.0),
        call_key(b, f.nodes.1)
    );
    fnv(&text)
}

/// The data-flow taint log (`--mode data-flow`), written as a stream: the
/// header with one rule per model rule used, then each result in turn. A
/// result is one sink argument: `locations` the sink call,
/// `relatedLocations` every source call reaching it, one code flow whose
/// steps name the variables and memory the data passes through.
pub fn flow_log(
    w: &mut dyn std::io::Write,
    b: &Bundle,
    models: &dwell::program::models::Models,
    found: &[dwell::program::flow::findings::Finding],
) -> std::io::Result<()> {
    let mut used: Vec<&str> = found.iter().map(|f| f.rule.as_str()).collect();
    used.sort_unstable();
    used.dedup();
    let rules: Vec<Value> = used
        .iter()
        .map(|id| {
            let r = models.rules.iter().find(|r| r.id == *id);
            let name = r.map_or(*id, |r| r.name.as_str());
            let help = r.map_or("", |r| r.help.as_str());
            json!({
                "id": id,
                "name": camel(id),
                "shortDescription": {"text": name},
                "fullDescription": {"text": format!("{name}: untrusted data (from a modelled source) reaches this argument along values, memory and calls.")},
                "help": {"text": help},
                "defaultConfiguration": {"level": "warning"},
                "properties": {"tags": ["security", "taint"]},
            })
        })
        .collect();
    let head = json!({
        "tool": {"driver": {"name": "dwell", "version": env!("CARGO_PKG_VERSION"), "rules": rules}},
        "properties": {"mode": "data-flow", "bundleSource": b.meta.source},
    });
    let head = serde_json::to_string(&head)?;
    // The run object without its closing brace, then the results array.
    write!(
        w,
        "{{\"$schema\":{},\"version\":\"2.1.0\",\"runs\":[{},\"results\":[",
        serde_json::to_string(SCHEMA)?,
        &head[..head.len() - 1]
    )?;
    for (i, f) in found.iter().enumerate() {
        if i > 0 {
            w.write_all(b",\n")?;
        }
        let rule = used.iter().position(|id| *id == f.rule).unwrap_or(0);
        serde_json::to_writer(&mut *w, &flow_result(f, rule))?;
    }
    writeln!(w, "]}}]}}")
}

fn flow_location(at: &dwell::program::flow::findings::At, message: Option<&str>) -> Value {
    let mut loc = json!({"logicalLocations": [{"name": at.function, "kind": "function"}]});
    if let (Some(file), true) = (&at.file, at.line > 0) {
        let mut region = json!({"startLine": at.line});
        if at.column > 0 {
            region["startColumn"] = json!(at.column);
        }
        loc["physicalLocation"] = json!({"artifactLocation": {"uri": uri(file)}, "region": region});
    }
    if let Some(m) = message {
        loc["message"] = json!({"text": m});
    }
    loc
}

fn flow_result(f: &dwell::program::flow::findings::Finding, rule: usize) -> Value {
    let related: Vec<Value> = f
        .sources
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let mut l = flow_location(
                &s.at,
                Some(&format!("source: {} returns untrusted data", s.callee)),
            );
            l["id"] = json!(i + 1);
            l
        })
        .collect();
    // The witness starts at its source's call; steps without a place
    // (memory, a parameter's content) have no line to show.
    let first = f.sources.first().map(|s| {
        let what = format!("source: {} returns untrusted data", s.callee);
        json!({"location": flow_location(&s.at, Some(&what))})
    });
    let steps: Vec<Value> = first
        .into_iter()
        .chain(f.steps.iter().filter_map(|s| {
            let at = s.at.as_ref()?;
            Some(json!({"location": flow_location(at, Some(&s.what))}))
        }))
        .chain(std::iter::once(json!({"location": flow_location(&f.at, Some(&format!("sink: argument {} of {}", f.arg + 1, f.sink)))})))
        .collect();
    let key = format!(
        "{}|{}|{}|{}|{}",
        f.rule,
        f.at.function,
        f.sink,
        f.arg,
        f.sources
            .iter()
            .map(|s| format!("{}/{}", s.at.function, s.callee))
            .collect::<Vec<_>>()
            .join(",")
    );
    json!({
        "ruleId": f.rule,
        "ruleIndex": rule,
        "level": "warning",
        "message": {"text": f.message()},
        "locations": [flow_location(&f.at, None)],
        "relatedLocations": related,
        "codeFlows": [{"threadFlows": [{"locations": steps}]}],
        "partialFingerprints": {"dwellTaintFlow/v1": fnv(&key)},
        "properties": {"argument": f.arg + 1, "sink": f.sink},
    })
}

/// FNV-1a (64 bits) of `text`, as 16 hex digits.
fn fnv(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        h ^= u64::from(byte);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris_and_names() {
        assert_eq!(uri("src/a b.c"), "src/a%20b.c");
        assert_eq!(uri("/usr/include/x.h"), "file:///usr/include/x.h");
        assert_eq!(camel("llvm.memcpy"), "LlvmMemcpy");
        assert_eq!(rule_id("getenv", "system"), "taint/getenv-to-system");
    }
}
