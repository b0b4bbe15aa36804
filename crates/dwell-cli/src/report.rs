//! Rendering results: JSON documents (a contract other tools parse), human
//! summaries, and per-vertex output files.

use dwell::analysis::{Components, DataflowSolution, FactSets, Output};
use dwell::graph::{Graph, VertexNames, NO_VERTEX};
use serde_json::{json, Value};
use std::fmt::Write as _;
use std::io::Write;
use std::path::Path;

/// `println!` into an [`Out`]: `outln!(out, "{x}")`.
macro_rules! outln {
    ($out:expr, $($t:tt)*) => {{
        $out.write(&format!("{}\n", format_args!($($t)*)));
    }};
}
pub(crate) use outln;

/// Where a command's standard output goes: this process's stdout, or a
/// buffer (`dwell serve` answers a request with what `dwell run` would have
/// printed, produced by the same code).
pub enum Out {
    /// Stops quietly when stdout is closed (`dwell … | head`).
    Stdout,
    Buffer(String),
}

impl Out {
    pub fn write(&mut self, text: &str) {
        match self {
            Out::Stdout => {
                let _ = std::io::stdout().lock().write_all(text.as_bytes());
            }
            Out::Buffer(b) => b.push_str(text),
        }
    }

    /// `v` as one line of JSON.
    pub fn json(&mut self, v: &Value) -> crate::error::Result<()> {
        let mut text = serde_json::to_string(v)?;
        text.push('\n');
        self.write(&text);
        Ok(())
    }

    /// `v` pretty-printed; on stdout written as it is serialized, so that
    /// a report of millions of entries is never one string in memory.
    pub fn json_pretty<T: serde::Serialize>(&mut self, v: &T) -> crate::error::Result<()> {
        match self {
            Out::Stdout => {
                let mut w = std::io::BufWriter::new(std::io::stdout().lock());
                let written = serde_json::to_writer_pretty(&mut w, v)
                    .map_err(std::io::Error::from)
                    .and_then(|()| w.write_all(b"\n"))
                    .and_then(|()| w.flush());
                // Stops quietly when stdout is closed, as `write` does.
                match written {
                    Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
                    _ => Ok(()),
                }
            }
            Out::Buffer(b) => {
                b.push_str(&serde_json::to_string_pretty(v)?);
                b.push('\n');
                Ok(())
            }
        }
    }

    /// What a buffer holds (nothing for stdout).
    pub fn into_text(self) -> String {
        match self {
            Out::Stdout => String::new(),
            Out::Buffer(b) => b,
        }
    }
}

/// Facts about a loaded graph shared by every report.
pub struct GraphFacts {
    pub file: String,
    pub nodes: usize,
    pub arcs: usize,
    pub directed: bool,
    pub layout_hash: String,
}

impl GraphFacts {
    pub fn of(g: &Graph, file: &Path) -> GraphFacts {
        GraphFacts {
            file: file.display().to_string(),
            nodes: g.nodes(),
            arcs: g.arcs(),
            directed: g.is_directed(),
            layout_hash: format!("0x{:016x}", g.layout_hash()),
        }
    }

    fn json(&self) -> Value {
        json!({
            "file": self.file,
            "nodes": self.nodes,
            "arcs": self.arcs,
            "directed": self.directed,
            "layout_hash": self.layout_hash,
        })
    }
}

/// `v` as one line of JSON on stdout (for commands `dwell serve` does not
/// run; a run prints into its [`Out`]).
pub fn print_json(v: &Value) -> crate::error::Result<()> {
    Out::Stdout.json(v)
}

fn labels_json(g: &Graph) -> Value {
    let map: serde_json::Map<String, Value> = g
        .label_names()
        .iter()
        .map(|(n, bit)| (n.to_string(), json!(format!("0x{bit:x}"))))
        .collect();
    Value::Object(map)
}

fn degree_stats(g: &Graph) -> (usize, usize) {
    let f = g.forward();
    let max = (0..g.nodes() as u32)
        .map(|v| f.degree(v))
        .max()
        .unwrap_or(0);
    let isolated = (0..g.nodes() as u32)
        .filter(|&v| f.degree(v) == 0 && g.reverse().degree(v) == 0)
        .count();
    (max, isolated)
}

pub fn info_json(facts: &GraphFacts, g: &Graph, load_ms: f64) -> Value {
    let (max_out_degree, isolated) = degree_stats(g);
    let mut v = facts.json();
    let o = v.as_object_mut().expect("object");
    o.insert("labelled".into(), json!(g.has_labels()));
    o.insert("weighted".into(), json!(g.has_weights()));
    o.insert("labels".into(), labels_json(g));
    o.insert("max_out_degree".into(), json!(max_out_degree));
    o.insert("isolated_nodes".into(), json!(isolated));
    o.insert("csr_bytes".into(), json!(g.forward_bytes()));
    o.insert("names".into(), json!(g.vertex_names().is_some()));
    if let Some(names) = g.vertex_names() {
        let ex: Vec<Value> = name_examples(names)
            .into_iter()
            .map(|(id, name)| json!({ "id": id, "name": name }))
            .collect();
        o.insert("name_examples".into(), Value::Array(ex));
        o.insert("names_bytes".into(), json!(names.bytes()));
    }
    o.insert("timings".into(), json!({ "load_ms": load_ms }));
    v
}

pub fn info_human(facts: &GraphFacts, g: &Graph, load_ms: f64) -> String {
    let (max_out_degree, isolated) = degree_stats(g);
    let mut s = String::new();
    let _ = writeln!(s, "{}", facts.file);
    let _ = writeln!(
        s,
        "  {} nodes, {} arcs ({}), layout hash {}",
        facts.nodes,
        facts.arcs,
        if facts.directed {
            "directed"
        } else {
            "undirected, both directions stored"
        },
        facts.layout_hash
    );
    let _ = writeln!(
        s,
        "  max out-degree {max_out_degree}, {isolated} isolated nodes, CSR {} bytes",
        g.forward_bytes()
    );
    if let Some(names) = g.vertex_names() {
        let ex: Vec<String> = name_examples(names)
            .iter()
            .map(|(v, n)| format!("{v}={n:?}"))
            .collect();
        let _ = writeln!(
            s,
            "  named vertices ({} names, {} bytes), e.g. {}",
            names.len(),
            names.bytes(),
            ex.join(", ")
        );
    }
    if g.has_labels() {
        let _ = writeln!(s, "  edge labels: {}", g.label_names());
    }
    if g.has_weights() {
        let _ = writeln!(s, "  arcs carry weights");
    }
    let _ = writeln!(s, "  loaded in {load_ms:.1} ms");
    s
}

/// The first few `(id, name)` pairs, for `dwell info`.
fn name_examples(names: &VertexNames) -> Vec<(u32, &str)> {
    names.iter().take(5).collect()
}

/// Vertex `v` as the user knows it: its name on a named graph, else its index.
pub fn vertex(names: Option<&VertexNames>, v: u32) -> String {
    match names.and_then(|n| n.get(v)) {
        Some(n) => n.to_string(),
        None => v.to_string(),
    }
}

/// Add the names of the vertex ids in result objects: `"name"` beside
/// `"source"`, `"sinks_reached_names"`, and per finding `"sink_name"` and
/// `"path_names"`. Indices stay as they are.
fn add_names(names: &VertexNames, results: &mut Value) {
    let name = |v: &Value| -> Value {
        v.as_u64()
            .and_then(|v| u32::try_from(v).ok())
            .and_then(|v| names.get(v))
            .map_or(Value::Null, |n| json!(n))
    };
    let all = |v: &Value| -> Value {
        Value::Array(
            v.as_array()
                .map_or(Vec::new(), |a| a.iter().map(name).collect()),
        )
    };
    for r in results.as_array_mut().into_iter().flatten() {
        let Some(o) = r.as_object_mut() else { continue };
        if let Some(src) = o.get("source") {
            let n = name(src);
            o.insert("name".into(), n);
        }
        if let Some(sinks) = o.get("sinks_reached") {
            let n = all(sinks);
            o.insert("sinks_reached_names".into(), n);
        }
        for f in o
            .get_mut("findings")
            .and_then(Value::as_array_mut)
            .into_iter()
            .flatten()
        {
            let Some(f) = f.as_object_mut() else { continue };
            if let Some(sink) = f.get("sink") {
                let n = name(sink);
                f.insert("sink_name".into(), n);
            }
            if let Some(path) = f.get("path").filter(|p| p.is_array()) {
                let n = all(path);
                f.insert("path_names".into(), n);
            }
        }
    }
}

/// Everything `dwell run` reports.
/// What a backend adds to a run's report (the timely backend: its
/// processes' figures).
pub trait BackendFacts {
    /// The JSON key of [`BackendFacts::json`].
    fn key(&self) -> &'static str;
    fn json(&self) -> Value;
    /// Lines after the human summary.
    fn human(&self) -> String;
    /// Whether this process writes `--out` (one process of a run does).
    fn writes_out(&self) -> bool;
    /// The arcs this process holds, when not the session graph's (a
    /// timely part's session graph has the whole graph's vertices only).
    fn arcs_held(&self) -> Option<usize> {
        None
    }
}

pub struct RunReport<'a> {
    pub analysis: &'static str,
    pub backend: &'static str,
    pub graph: GraphFacts,
    pub load_ms: f64,
    /// Making the graph resident (session open).
    pub open_ms: f64,
    /// All timed runs plus the read-back.
    pub query_ms: f64,
    /// Runs timed in `query_ms` (`--repeat`; the session's `runs` also
    /// counts `--warmup`'s).
    pub timed_runs: u64,
    pub output: &'a Output,
    pub session: &'a dwell::session::SessionReport,
    /// The graph's vertex names, when it has them (results then name vertices).
    pub names: Option<&'a VertexNames>,
}

fn components_json(c: &Components) -> Value {
    json!([{ "components": c.count, "largest": c.largest }])
}

fn count_bits(f: &FactSets) -> u64 {
    f.bits.iter().map(|w| w.count_ones() as u64).sum()
}

fn dataflow_json(s: &DataflowSolution) -> Value {
    json!([{
        "facts": s.input.facts,
        "evaluations": s.evaluations,
        "input_facts_total": count_bits(&s.input),
        "output_facts_total": count_bits(&s.output),
    }])
}

impl RunReport<'_> {
    fn results(&self) -> Value {
        let mut v = match self.output {
            Output::Bfs(r) => json!(r),
            Output::Reach(r) => json!(r),
            Output::Taint(r) => json!(r),
            Output::Wcc(c) | Output::Scc(c) => components_json(c),
            Output::Dataflow(s) => dataflow_json(s),
            // Analyses that declare their rendering (`Analysis::render`).
            other => other.render().map_or(Value::Null, |r| r.results_json()),
        };
        if let Some(names) = self.names {
            add_names(names, &mut v);
        }
        v
    }

    pub fn json(&self) -> Value {
        json!({
            "analysis": self.analysis,
            "backend": self.backend,
            "graph": self.graph.json(),
            "timings": {
                "load_ms": self.load_ms,
                "open_ms": self.open_ms,
                "query_ms": self.query_ms,
                "per_run_ms": self.query_ms / self.timed_runs as f64,
            },
            "runs": self.session.plan.runs,
            "plan": plan_json(&self.session.plan),
            "counters": self.session.counters,
            "reuse": self.session.reuse,
            "results": self.results(),
        })
    }

    pub fn human(&self) -> String {
        const SHOWN: usize = 10;
        let mut s = String::new();
        let g = &self.graph;
        let name = |v: u32| vertex(self.names, v);
        let _ = writeln!(
            s,
            "{} on {} ({} nodes, {} arcs) with the {} backend: load {:.1} ms, query {:.1} ms",
            self.analysis, g.file, g.nodes, g.arcs, self.backend, self.load_ms, self.query_ms
        );
        let more = |s: &mut String, n: usize| {
            if n > SHOWN {
                let _ = writeln!(s, "  … {} more (use --json for all)", n - SHOWN);
            }
        };
        match self.output {
            Output::Bfs(rs) => {
                let _ = writeln!(
                    s,
                    "  {:>10} {:>10} {:>9} {:>12}",
                    "source", "reached", "max_level", "level_sum"
                );
                for r in rs.iter().take(SHOWN) {
                    let _ = writeln!(
                        s,
                        "  {:>10} {:>10} {:>9} {:>12}",
                        name(r.source),
                        r.reached,
                        r.max_level,
                        r.level_sum
                    );
                }
                more(&mut s, rs.len());
            }
            Output::Reach(rs) => {
                let _ = writeln!(
                    s,
                    "  {:>10} {:>10} {:>13}",
                    "source", "reached", "sinks_reached"
                );
                for r in rs.iter().take(SHOWN) {
                    let _ = writeln!(
                        s,
                        "  {:>10} {:>10} {:>13}",
                        name(r.source),
                        r.reached,
                        r.sinks_reached.len()
                    );
                }
                more(&mut s, rs.len());
            }
            Output::Taint(rs) => {
                for r in rs.iter().take(SHOWN) {
                    let _ = writeln!(
                        s,
                        "  source {}: {} tainted, {} sinks reached",
                        name(r.source),
                        r.tainted,
                        r.findings.len()
                    );
                    for f in r.findings.iter().take(SHOWN) {
                        match &f.path {
                            Some(p) => {
                                let hops: Vec<String> = p.iter().map(|&v| name(v)).collect();
                                let _ =
                                    writeln!(s, "    sink {}: {}", name(f.sink), hops.join(" → "));
                            }
                            None => {
                                let _ = writeln!(s, "    sink {}", name(f.sink));
                            }
                        }
                    }
                    more(&mut s, r.findings.len());
                }
                more(&mut s, rs.len());
            }
            Output::Wcc(c) | Output::Scc(c) => {
                let _ = writeln!(
                    s,
                    "  {} components, largest has {} nodes",
                    c.count, c.largest
                );
            }
            Output::Dataflow(d) => {
                let _ = writeln!(
                    s,
                    "  {} facts; fixpoint after {} node evaluations; {} facts in, {} facts out in total",
                    d.input.facts,
                    d.evaluations,
                    count_bits(&d.input),
                    count_bits(&d.output)
                );
            }
            other => {
                if let Some(r) = other.render() {
                    s.push_str(&r.human(&name));
                }
            }
        }
        s
    }
}

/// Write per-vertex results (levels, reached flags, component labels, fact
/// sets; what a declared renderer writes) to `path` atomically: a failure
/// leaves any existing file untouched.
/// On a named graph vertices are written by name, and the name is followed
/// by a tab (names may hold spaces); otherwise by index and a space.
pub fn write_per_vertex(path: &Path, g: &Graph, output: &Output) -> crate::error::Result<()> {
    let n = g.nodes();
    let names = g.vertex_names();
    let name = |v: u32| vertex(names, v);
    let sep = if names.is_some() { "\t" } else { " " };
    dwell::io::atomic_write(path, |w| {
        match output {
            Output::Bfs(rs) => {
                let sources: Vec<String> = rs.iter().map(|r| name(r.source)).collect();
                writeln!(
                    w,
                    "# dwell bfs levels: vertex, then one column per source ({}); -1 = unreached",
                    sources.join(sep)
                )?;
                let levels: Vec<&Vec<u32>> = rs.iter().filter_map(|r| r.levels.as_ref()).collect();
                for v in 0..n {
                    write!(w, "{}", name(v as u32))?;
                    for l in &levels {
                        match l[v] {
                            NO_VERTEX => write!(w, "{sep}-1")?,
                            x => write!(w, "{sep}{x}")?,
                        }
                    }
                    writeln!(w)?;
                }
            }
            Output::Reach(rs) => {
                let sources: Vec<String> = rs.iter().map(|r| name(r.source)).collect();
                writeln!(
                    w,
                    "# dwell reach flags: vertex, then 1/0 per source ({})",
                    sources.join(sep)
                )?;
                let sets: Vec<&Vec<u64>> = rs.iter().filter_map(|r| r.set.as_ref()).collect();
                for v in 0..n {
                    write!(w, "{}", name(v as u32))?;
                    for s in &sets {
                        write!(w, "{sep}{}", (s[v / 64] >> (v % 64)) & 1)?;
                    }
                    writeln!(w)?;
                }
            }
            Output::Taint(rs) => {
                writeln!(
                    w,
                    "# dwell taint findings: source sink, then the witness path"
                )?;
                for r in rs {
                    for f in &r.findings {
                        write!(w, "{}{sep}{}", name(r.source), name(f.sink))?;
                        for &v in f.path.iter().flatten() {
                            write!(w, "{sep}{}", name(v))?;
                        }
                        writeln!(w)?;
                    }
                }
            }
            Output::Wcc(c) | Output::Scc(c) => {
                writeln!(
                    w,
                    "# dwell components: vertex component ({} components)",
                    c.count
                )?;
                for (v, l) in c.labels.iter().enumerate() {
                    writeln!(w, "{}{sep}{l}", name(v as u32))?;
                }
            }
            Output::Dataflow(d) => {
                writeln!(w, "# dwell dataflow: node | input facts | output facts")?;
                for v in 0..n {
                    write!(w, "{}{sep}|", name(v as u32))?;
                    for f in d.input.iter(v as u32) {
                        write!(w, " {f}")?;
                    }
                    write!(w, " |")?;
                    for f in d.output.iter(v as u32) {
                        write!(w, " {f}")?;
                    }
                    writeln!(w)?;
                }
            }
            other => {
                if let Some(r) = other.render() {
                    r.write_per_vertex(w, &name, sep)?;
                }
            }
        }
        Ok(())
    })?;
    Ok(())
}

/// A plan as JSON, the layout hash in the `0x…` form `dwell info` prints.
pub fn plan_json(p: &dwell::session::Plan) -> Value {
    let mut v = json!(p);
    v["layout_hash"] = json!(format!("0x{:016x}", p.layout_hash));
    v
}

pub fn plan_human(p: &dwell::session::Plan) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "session plan for layout 0x{:016x}, {} runs",
        p.layout_hash, p.runs
    );
    let _ = writeln!(
        s,
        "  peak resident   {:>16} bytes (budget {})",
        p.peak_resident_bytes, p.budget_bytes
    );
    let _ = writeln!(
        s,
        "  graph upload    {:>16} bytes, once",
        p.graph_upload_bytes
    );
    let _ = writeln!(
        s,
        "  frontier        {:>16} bytes over all runs",
        p.total_frontier_refresh_bytes
    );
    let _ = writeln!(
        s,
        "  readback        {:>16} bytes, once at the end",
        p.host_readback_bytes
    );
    let _ = writeln!(
        s,
        "  avoided         {:>16} upload bytes, {} allocations, {} host fences",
        p.avoided_graph_upload_bytes, p.avoided_device_allocations, p.avoided_host_fences
    );
    s
}

/// A session's memory budget: typed in (`--budget-bytes`) or the default,
/// what the process may really use (`dwell::session::memory`).
pub enum Budget {
    Flag(u64),
    Default(dwell::session::memory::DefaultBudget),
}

impl Budget {
    /// `--budget-bytes` when given, otherwise the default read now (so, read
    /// before a large load, it covers the graph too: the plan counts it).
    pub fn from_flag(flag: Option<u64>) -> Budget {
        match flag {
            Some(b) => Budget::Flag(b),
            None => {
                Budget::Default(dwell::session::memory::MemoryLimits::detect().default_budget())
            }
        }
    }

    pub fn bytes(&self) -> u64 {
        match self {
            Budget::Flag(b) => *b,
            Budget::Default(d) => d.bytes,
        }
    }

    /// `{"bytes", "from", "free_bytes", "margin_bytes", "limits"}`; `from`
    /// is "--budget-bytes" for a typed-in budget.
    pub fn json(&self) -> Value {
        match self {
            Budget::Flag(b) => serde_json::json!({"bytes": b, "from": "--budget-bytes"}),
            Budget::Default(d) => serde_json::to_value(d).unwrap_or(Value::Null),
        }
    }

    /// One line for `dwell plan`.
    pub fn human(&self) -> String {
        match self {
            Budget::Flag(b) => format!("{b} bytes (--budget-bytes)"),
            Budget::Default(d) => d.describe(),
        }
    }
}
