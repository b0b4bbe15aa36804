//! Flags → [`Query`]: the one place the CLI's analysis names become
//! library queries.

use crate::args::{AnalysisName, DirectionArg, MeetArg, RunArgs, StopArg, UpdateArg};
use crate::error::Result;
use crate::input::Files;
use clap::ValueEnum;
use dwell::analysis::{self, Direction, Meet, Query};
use dwell::graph::Graph;
use std::path::Path;

/// The name of `analysis` on the command line, which is the registry's
/// name for the analyses the library registers (`Query::NAMES`).
pub fn name(analysis: AnalysisName) -> String {
    analysis
        .to_possible_value()
        .map_or_else(|| format!("{analysis:?}"), |v| v.get_name().to_string())
}

/// The query for `analysis` from `sources` alone, every other parameter at
/// its default (`dwell plan`, `dwell bench`, and `dwell run` for analyses
/// without flags of their own), as the analysis declares it
/// (`Analysis::default_query`). Dataflow and the program analyses need
/// more than sources.
pub fn with_sources(analysis: AnalysisName, sources: Vec<u32>) -> Result<Query> {
    let name = name(analysis);
    Query::with_defaults(&name, sources).ok_or_else(|| {
        format!(
            "{name} needs more than sources. Fix: run it with `dwell run`, which takes its inputs"
        )
        .into()
    })
}

/// The query `dwell run` asks for, from its flags; the files they name are
/// read from `files`.
pub fn from_flags(args: &RunArgs, g: &Graph, files: &Files) -> Result<Query> {
    let mask = g.label_names().resolve(&args.labels)?;
    let direction = match args.direction {
        DirectionArg::Forward => Direction::Forward,
        DirectionArg::Backward => Direction::Backward,
    };
    let keep = args.out.is_some();
    Ok(match args.analysis {
        AnalysisName::Bfs => Query::Bfs(analysis::BfsQuery {
            sources: sources(args, g, files)?,
            keep_levels: keep,
        }),
        AnalysisName::Reach => Query::Reach(analysis::ReachQuery {
            sources: sources(args, g, files)?,
            direction,
            mask,
            sinks: id_list(g, args.sinks.as_deref(), "--sinks", files)?,
            keep_sets: keep,
        }),
        AnalysisName::Taint => Query::Taint(analysis::TaintQuery {
            sources: sources(args, g, files)?,
            sinks: id_list(g, args.sinks.as_deref(), "--sinks", files)?,
            sanitizers: id_list(g, args.sanitizers.as_deref(), "--sanitizers", files)?,
            mask,
            witnesses: !args.no_witness,
        }),
        AnalysisName::Pagerank => Query::PageRank(pagerank(args, g, files)?),
        AnalysisName::Bc => Query::Betweenness(analysis::BetweennessQuery {
            // No --sources: every vertex (exact); a list or random:K: a sample.
            sources: Some(sources(args, g, files)?).filter(|s| !s.is_empty()),
            normalized: !args.raw,
            endpoints: args.endpoints,
            weighted: args.weighted,
        }),
        AnalysisName::EdgeBc => Query::EdgeBetweenness(analysis::EdgeBetweennessQuery {
            sources: Some(sources(args, g, files)?).filter(|s| !s.is_empty()),
            normalized: !args.raw,
            weighted: args.weighted,
        }),
        AnalysisName::Sssp => Query::Sssp(analysis::SsspQuery {
            sources: sources(args, g, files)?,
            delta: args.delta,
            parents: args.parents,
        }),
        AnalysisName::Liveness | AnalysisName::ReachingDefs | AnalysisName::PointsTo => {
            let name = match args.analysis {
                AnalysisName::Liveness => "liveness",
                AnalysisName::ReachingDefs => "reaching-defs",
                _ => "points-to",
            };
            return Err(format!("{name} runs on a program bundle, not a graph file. Fix: `dwell import llvm FILE.ll --out BUNDLE`, then `dwell run {name} BUNDLE`").into());
        }
        AnalysisName::Dataflow => {
            let (Some(gen), Some(kill)) = (&args.gen, &args.kill) else {
                return Err("dataflow needs gen and kill sets. Fix: pass --gen FILE --kill FILE (lines `node fact fact …`)".into());
            };
            let meet = match args.meet {
                MeetArg::Union => Meet::Union,
                MeetArg::Intersection => Meet::Intersection,
            };
            // Each file's sets are checked against the budget before they
            // are allocated; the plan checks the whole problem after.
            let budget = crate::report::Budget::from_flag(args.budget_bytes).bytes();
            let gen = read_facts(files, gen, g, "--gen", budget)?;
            let kill = read_facts(files, kill, g, "--kill", budget)?;
            Query::Dataflow(analysis::DataflowProblem::new(direction, meet, gen, kill))
        }
        // Analyses without flags of their own: as the registry declares them.
        other => with_sources(other, Vec::new())?,
    })
}

/// `--damping`, `--tol`, `--max-iter`, `--stop` and `--personalization`
/// (the tolerance and round cap default to the stopping rule's own).
fn pagerank(args: &RunArgs, g: &Graph, files: &Files) -> Result<analysis::PageRankQuery> {
    let stop = match args.stop {
        StopArg::Networkx => analysis::StopRule::Networkx,
        StopArg::Gapbs => analysis::StopRule::Gapbs,
    };
    let mut q = analysis::PageRankQuery::with_rule(stop);
    q.damping = args.damping;
    q.tolerance = args.tol.unwrap_or(q.tolerance);
    q.max_iterations = args.max_iter.unwrap_or(q.max_iterations);
    q.update = match args.update {
        UpdateArg::Jacobi => analysis::Update::Jacobi,
        UpdateArg::GaussSeidel => analysis::Update::GaussSeidel,
    };
    if let Some(path) = &args.personalization {
        q.personalization = Some(read_weights(files, path, g)?);
    }
    Ok(q)
}

/// A `--personalization` file: lines `vertex weight` (`#` comments; on a
/// named graph the vertex is its name); vertices not listed weigh 0.
fn read_weights(files: &Files, path: &Path, g: &Graph) -> Result<Vec<f64>> {
    use std::io::BufRead;
    let name = path.display();
    let mut weights = vec![0.0; g.nodes()];
    for (i, line) in files.open(path, "--personalization")?.lines().enumerate() {
        let line = line?;
        let text = line.split('#').next().unwrap_or("").trim();
        if text.is_empty() {
            continue;
        }
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [vertex, weight] = fields[..] else {
            return Err(format!("{name}:{}: expected `vertex weight`, got {text:?}. Fix: write one vertex and its weight per line", i + 1).into());
        };
        let v = dwell::sources::vertex(g, vertex, "--personalization")?;
        weights[v as usize] = weight.parse().map_err(|_| {
            format!("{name}:{}: weight {weight:?} is not a number. Fix: write a decimal weight such as 0.5", i + 1)
        })?;
    }
    Ok(weights)
}

fn sources(args: &RunArgs, g: &Graph, files: &Files) -> Result<Vec<u32>> {
    Ok(match (&args.sources, &args.sources_file) {
        (Some(spec), _) => dwell::sources::parse_spec(g, spec, args.seed)?,
        (None, Some(file)) => {
            let reader = files.open(file, "--sources-file")?;
            dwell::sources::read_list(g, reader, &file.display().to_string())?
        }
        (None, None) => Vec::new(), // validation reports the missing sources with a Fix hint
    })
}

/// `3,7,9` (names on a named graph) or the path of a file of them.
fn id_list(g: &Graph, value: Option<&str>, flag: &str, files: &Files) -> Result<Vec<u32>> {
    let Some(value) = value else {
        return Ok(Vec::new());
    };
    let path = Path::new(value);
    if files.names_file(path) && g.id_of(value).is_none() {
        let reader = files.open(path, flag)?;
        Ok(dwell::sources::read_list(g, reader, value)?)
    } else {
        Ok(dwell::sources::parse_list(g, value, flag)?)
    }
}

/// A gen/kill file, its sets at most `budget` bytes; on a named graph its
/// lines start with vertex names.
fn read_facts(
    files: &Files,
    path: &Path,
    g: &Graph,
    flag: &str,
    budget: u64,
) -> Result<analysis::FactSets> {
    let name = path.display().to_string();
    let reader = files.open(path, flag)?;
    let n = g.nodes();
    Ok(match g.vertex_names() {
        Some(_) => analysis::FactSets::read_named_within(reader, &name, n, budget, |tok| {
            dwell::sources::vertex(g, tok, flag).map_err(|e| e.to_string())
        })?,
        None => analysis::FactSets::read_within(reader, &name, n, budget)?,
    })
}
