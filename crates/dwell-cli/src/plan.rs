//! `dwell plan`: a session plan (peak memory, uploads avoided, read-back)
//! from typed-in byte counts or derived from a graph and an analysis.

use crate::args::{AnalysisName, PlanArgs, ReadbackArg};
use crate::error::Result;
use crate::input::Input;
use crate::progress::Bar;
use crate::query;
use crate::report::{self, Budget};
use crate::report::{outln, Out};
use dwell::analysis::Query;
use dwell::formats::LoadOptions;
use dwell::session::{self, Profile, Readback};

pub fn plan(args: &PlanArgs) -> Result<()> {
    let readback = match args.readback {
        ReadbackArg::FinalOnly => Readback::FinalOnly,
        ReadbackArg::PerRun => Readback::PerRun,
    };
    let budget = Budget::from_flag(args.budget_bytes);
    let profile = match &args.graph {
        Some(path) => {
            let bar = Bar::start("plan");
            let loaded = Input::load(path, &LoadOptions::default(), &bar)?;
            bar.finish();
            let Input::Graph(g) = loaded.input else {
                return Err(format!(
                    "{} is a program bundle. Fix: plan from a graph file, e.g. {}/icfg.edges",
                    path.display(),
                    path.display()
                )
                .into());
            };
            let query =
                representative_query(args.analysis.unwrap_or(AnalysisName::Bfs), args.batch)?;
            let p = session::profile::derive(
                &dwell::backend::Cpu,
                &g,
                &query,
                args.runs,
                budget.bytes(),
            )?;
            Profile {
                readback,
                keep_all_outputs: args.keep_all_outputs,
                ..p
            }
        }
        None => Profile {
            layout_hash: parse_hash(args.layout_hash.as_deref().unwrap_or_default())?,
            graph_bytes: args.graph_bytes.unwrap_or_default(),
            runs: args.runs,
            frontier_bytes: args.frontier_bytes,
            scratch_bytes: args.scratch_bytes,
            output_bytes: args.output_bytes,
            budget_bytes: budget.bytes(),
            readback,
            keep_all_outputs: args.keep_all_outputs,
        },
    };
    let plan = session::plan(&profile)?;
    if args.json {
        let mut v = report::plan_json(&plan);
        v["profile"] = serde_json::to_value(profile)?;
        v["profile"]["layout_hash"] = format!("0x{:016x}", profile.layout_hash).into();
        v["budget"] = budget.json();
        report::print_json(&v)
    } else {
        Out::Stdout.write(&report::plan_human(&plan));
        outln!(Out::Stdout, "  budget          {}", budget.human());
        Ok(())
    }
}

/// A hash as printed by `dwell info` (`0x…`) or in decimal.
fn parse_hash(text: &str) -> Result<u64> {
    let parsed = match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => text.parse().ok(),
    };
    parsed.ok_or_else(|| format!("layout hash {text:?} is not a number. Fix: pass the layout_hash `dwell info --json` prints, e.g. 0x4c7c000923780c12").into())
}

/// A query with the footprint `dwell plan GRAPH --analysis A --batch B` asks
/// about: only the number of sources matters for sizing.
fn representative_query(analysis: AnalysisName, batch: u64) -> Result<Query> {
    const MAX_BATCH: u64 = 1 << 24;
    if batch == 0 || batch > MAX_BATCH {
        return Err(format!(
            "--batch {batch} is out of range. Fix: plan between 1 and {MAX_BATCH} queries per run"
        )
        .into());
    }
    if matches!(
        analysis,
        AnalysisName::Dataflow | AnalysisName::Liveness | AnalysisName::ReachingDefs
    ) {
        return Err("a dataflow plan depends on its fact sets. Fix: plan with --analysis bfs, reach, taint, wcc or scc, or type the byte counts in".into());
    }
    query::with_sources(analysis, vec![0u32; batch as usize])
}
