//! Findings in program terms: one per sink argument that attacker data
//! reaches, with every source that reaches it and one witness whose steps
//! name variables and source lines.

use super::taint::{Reach, Solver, LANES};
use super::{Node, Source, ValueFlow, NO_FUNCTION};
use crate::program::ir::{Op, Program, SourceLoc, Value};
use crate::program::models::Models;
use crate::program::points_to::{Loc, PointsTo};
use crate::progress::Stop;
use rayon::prelude::*;
use std::collections::BTreeMap;

/// A place in the program: function, IR line and, with debug info, the
/// source location.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct At {
    pub function: String,
    pub ir_line: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// 1-based source line (0: none recorded).
    pub line: u32,
    pub column: u32,
}

impl At {
    /// `file.c:12`, or the function and IR line without debug info.
    pub fn place(&self) -> String {
        match &self.file {
            Some(file) if self.line > 0 => format!("{file}:{}", self.line),
            _ => format!("{} (IR line {})", self.function, self.ir_line),
        }
    }
}

/// A call that fills attacker data.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct SourceCall {
    pub callee: String,
    pub at: At,
}

/// One step of a witness: a value or memory, where it is defined.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Step {
    /// The variable (source name when debug info has one) or memory.
    pub what: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<At>,
}

/// Attacker data reaching one argument of one sink call.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Finding {
    /// Rule id (`command-injection` …).
    pub rule: String,
    pub sink: String,
    /// 0-based argument position.
    pub arg: usize,
    pub at: At,
    pub sources: Vec<SourceCall>,
    /// From the first source to the sink's argument.
    pub steps: Vec<Step>,
}

impl Finding {
    /// One sentence: which data reaches which argument of which call.
    pub fn message(&self) -> String {
        let sources: Vec<String> = self
            .sources
            .iter()
            .map(|s| format!("{} at {}", s.callee, s.at.place()))
            .collect();
        format!(
            "data from {} reaches argument {} of {} at {}",
            sources.join(", "),
            self.arg + 1,
            self.sink,
            self.at.place()
        )
    }
}

/// Where each variable is defined and the variable a value was loaded
/// from: one pass over the program, kept by a resident session so a
/// query names its findings without it.
#[derive(Debug, Clone)]
pub struct Defs {
    /// Where each variable is defined: (function, IR line, location).
    def: Vec<Option<(u32, u64, Option<SourceLoc>)>>,
    /// The slot or global a value was loaded from (`-O0` code reads a C
    /// variable that way): a witness names the variable.
    loaded_from: Vec<Option<u32>>,
}

impl Defs {
    pub fn new(p: &Program) -> Defs {
        let mut def = vec![None; p.vars.len()];
        let mut loaded_from = vec![None; p.vars.len()];
        for (f, func) in p.functions.iter().enumerate() {
            for &v in &func.param_vars {
                def[v as usize] = Some((f as u32, func.line, func.loc));
            }
            for blk in &func.blocks {
                for ins in &blk.insts {
                    if let Some(r) = ins.result {
                        def[r as usize] = Some((f as u32, ins.line, ins.loc));
                        if let Op::Load { ptr: Value::Var(s) } = ins.op {
                            loaded_from[r as usize] = Some(s);
                        }
                    }
                }
            }
        }
        Defs { def, loaded_from }
    }
}

/// Names what the graph's nodes and sites are, in program terms.
pub struct Namer<'a> {
    pub p: &'a Program,
    pub pts: &'a PointsTo,
    defs: &'a Defs,
}

impl<'a> Namer<'a> {
    pub fn new(p: &'a Program, pts: &'a PointsTo, defs: &'a Defs) -> Namer<'a> {
        Namer { p, pts, defs }
    }

    fn at(&self, f: u32, ir_line: u64, loc: Option<SourceLoc>) -> At {
        let function = &self.p.functions[f as usize];
        At {
            function: function
                .source_name
                .clone()
                .unwrap_or_else(|| function.name.clone()),
            ir_line,
            file: loc.and_then(|l| self.p.files.get(l.file as usize).map(|s| s.path())),
            line: loc.map_or(0, |l| l.line),
            column: loc.map_or(0, |l| l.column),
        }
    }

    /// The place of call site `s`.
    pub fn site(&self, vf: &ValueFlow, s: u32) -> At {
        let site = &vf.sites[s as usize];
        let ins = &self.p.functions[site.function as usize].blocks[site.at.0 as usize].insts
            [site.at.1 as usize];
        self.at(site.function, ins.line, ins.loc)
    }

    fn var_name(&self, v: u32) -> String {
        let name = |v: u32| self.p.source_names.get(v as usize).and_then(Option::as_ref);
        let from = self.defs.loaded_from[v as usize];
        match (name(v), from.and_then(name)) {
            (Some(n), _) | (None, Some(n)) => n.clone(),
            (None, None) => self.p.vars[v as usize].clone(),
        }
    }

    /// A witness step for node `n`; none for a junction (no place in the
    /// program: the steps before and after it say where data went).
    pub fn step(&self, vf: &ValueFlow, n: u32) -> Option<Step> {
        let fname = |f: u32| self.p.functions[f as usize].name.clone();
        Some(match &vf.nodes[n as usize] {
            Node::Var(v) => Step {
                what: self.var_name(*v),
                at: self.defs.def[*v as usize].map(|(f, line, loc)| self.at(f, line, loc)),
            },
            Node::Loc(l) => Step {
                what: format!("memory {}", self.pts.loc_name(self.p, Loc(*l))),
                at: None,
            },
            Node::ParamContent { f, param, path } => Step {
                what: format!(
                    "*{}{} (parameter {} of {})",
                    self.p.functions[*f as usize]
                        .param_vars
                        .get(*param as usize)
                        .map_or_else(|| format!("arg{param}"), |&v| self.var_name(v)),
                    fields(path),
                    param,
                    fname(*f)
                ),
                at: None,
            },
            Node::RetContent { f, path } => Step {
                what: format!("*result{} of {}", fields(path), fname(*f)),
                at: None,
            },
            Node::SiteContent { site, path } => Step {
                what: format!(
                    "*result{} of call to {}",
                    fields(path),
                    vf.sites[*site as usize].callee
                ),
                at: Some(self.site(vf, *site)),
            },
            Node::Junction { .. } => return None,
        })
    }
}

/// A callee as its C source names it: `llvm.memcpy.p0i8.p0i8.i64` is
/// `memcpy`, `__isoc99_scanf` is `scanf`, `__strcpy_chk` is `strcpy`.
pub fn as_written(callee: &str) -> String {
    if let Some(rest) = callee.strip_prefix("llvm.") {
        return rest.split('.').next().unwrap_or(rest).to_string();
    }
    if let Some(rest) = callee.strip_prefix("__isoc99_") {
        return rest.to_string();
    }
    match callee
        .strip_prefix("__")
        .and_then(|c| c.strip_suffix("_chk"))
    {
        Some(base) => base.to_string(),
        None => callee.to_string(),
    }
}

fn fields(path: &[u32]) -> String {
    path.iter().map(|k| format!(".{k}")).collect()
}

/// A sink argument: (site, argument, rule).
type SinkKey = (u32, usize, usize);

/// Every finding of `sources` (the graph's, or some of them). The sources are searched 64 at a
/// time, one bit each ([`Solver::reach_lanes`]), so that a finding lists
/// exactly the sources reaching it; a witness comes from one more search of
/// the first source reaching each sink (SQLite, 656 sources: 51 s and
/// 1.8 GB of per-source searches kept until the end before). `None` when
/// stopped.
pub fn findings(
    vf: &ValueFlow,
    solver: &Solver<'_>,
    namer: &Namer<'_>,
    models: &Models,
    sources: &[Source],
    stop: Stop<'_>,
) -> Option<Vec<Finding>> {
    // Per batch of sources, each sink argument's mask of them.
    let batches: Vec<Vec<u64>> = sources
        .chunks(LANES)
        .collect::<Vec<_>>()
        .par_iter()
        .map(|batch| {
            let sets: Vec<&[u32]> = batch.iter().map(|s| s.nodes.as_slice()).collect();
            let tainted = solver.search_lanes(&sets, stop)?;
            Some(
                vf.sinks
                    .iter()
                    .map(|sink| sink.nodes.iter().fold(0u64, |m, &n| m | tainted.at(n)))
                    .collect(),
            )
        })
        .collect::<Option<_>>()?;
    // Sink argument → the sources reaching it, ascending (sinks that share
    // a key add theirs).
    let mut reached: BTreeMap<SinkKey, Vec<usize>> = BTreeMap::new();
    for (b, masks) in batches.iter().enumerate() {
        for (sink, &mask) in vf.sinks.iter().zip(masks) {
            let srcs = reached.entry((sink.site, sink.arg, sink.rule)).or_default();
            let mut m = mask;
            while m != 0 {
                srcs.push(b * LANES + m.trailing_zeros() as usize);
                m &= m - 1;
            }
        }
    }
    reached.retain(|_, srcs| {
        srcs.sort_unstable();
        srcs.dedup();
        !srcs.is_empty()
    });
    // Witnesses: one search per source that comes first at some sink.
    let mut firsts: Vec<usize> = reached.values().map(|srcs| srcs[0]).collect();
    firsts.sort_unstable();
    firsts.dedup();
    let reach_of: BTreeMap<usize, Reach> = firsts
        .par_iter()
        .map(|&si| Some((si, solver.reach(&sources[si].nodes, stop)?)))
        .collect::<Option<_>>()?;
    let hit: BTreeMap<SinkKey, (Vec<usize>, Vec<u32>)> = reached
        .into_iter()
        .map(|(key, srcs)| {
            let reach = &reach_of[&srcs[0]];
            let n = vf
                .sinks
                .iter()
                .filter(|s| (s.site, s.arg, s.rule) == key)
                .flat_map(|s| &s.nodes)
                .copied()
                .find(|&n| reach.tainted[n as usize])
                .expect("the batch search and the single one agree");
            let path = reach.path(n);
            (key, (srcs, path))
        })
        .collect();
    let rule_id = |r: usize| {
        models
            .rules
            .get(r)
            .map_or_else(|| format!("rule{r}"), |r| r.id.clone())
    };
    let out = hit
        .into_iter()
        .map(|((site, arg, rule), (srcs, path))| {
            let mut sources: Vec<SourceCall> = srcs
                .iter()
                .map(|&si| {
                    let s = sources[si].site;
                    SourceCall {
                        callee: as_written(&vf.sites[s as usize].callee),
                        at: namer.site(vf, s),
                    }
                })
                .collect();
            sources.dedup();
            let mut steps: Vec<Step> = Vec::new();
            for n in path {
                let Some(step) = namer.step(vf, n) else {
                    continue;
                };
                // Memory and repeated places add nothing a reader needs twice.
                if steps.last() != Some(&step) {
                    steps.push(step);
                }
            }
            Finding {
                rule: rule_id(rule),
                sink: as_written(&vf.sites[site as usize].callee),
                arg,
                at: namer.site(vf, site),
                sources,
                steps,
            }
        })
        .collect();
    Some(out)
}

/// Is node `n` memory without a function (for statistics)?
pub fn is_memory(vf: &ValueFlow, n: u32) -> bool {
    vf.function[n as usize] == NO_FUNCTION
}
